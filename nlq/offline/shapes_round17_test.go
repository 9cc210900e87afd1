package offline

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// holonetDDL is a schema as Django writes one (SWAPI's): every table named with the app's
// prefix, a many-to-many field as a link table named for its role (holonet_film_characters
// links films to people), multi-table inheritance (a starship's name and length live in
// holonet_craft, its own table keyed by craft_ptr_id), and numbers kept as text with words
// for the unknown ('1,358', 'unknown').
var holonetDDL = []string{
	`CREATE TABLE holonet_planet (id INTEGER PRIMARY KEY, name VARCHAR(100), population VARCHAR(40), surface_water VARCHAR(40))`,
	`CREATE TABLE holonet_person (id INTEGER PRIMARY KEY, name VARCHAR(100), height VARCHAR(40), mass VARCHAR(40), homeworld_id INTEGER REFERENCES holonet_planet(id), gender VARCHAR(20))`,
	`CREATE TABLE holonet_film (id INTEGER PRIMARY KEY, title VARCHAR(100), release_date DATE, created VARCHAR(40))`,
	`CREATE TABLE holonet_film_characters (id INTEGER PRIMARY KEY, film_id INTEGER REFERENCES holonet_film(id), person_id INTEGER REFERENCES holonet_person(id))`,
	`CREATE TABLE holonet_craft (id INTEGER PRIMARY KEY, name VARCHAR(100), length VARCHAR(40), cost_in_credits VARCHAR(40))`,
	`CREATE TABLE holonet_starship (craft_ptr_id INTEGER PRIMARY KEY REFERENCES holonet_craft(id), starship_class VARCHAR(100))`,
	`CREATE TABLE holonet_vehicle (craft_ptr_id INTEGER PRIMARY KEY REFERENCES holonet_craft(id), vehicle_class VARCHAR(100))`,
	`CREATE TABLE holonet_starship_pilots (id INTEGER PRIMARY KEY, starship_id INTEGER REFERENCES holonet_starship(craft_ptr_id), person_id INTEGER REFERENCES holonet_person(id))`,
	`CREATE TABLE holonet_vehicle_pilots (id INTEGER PRIMARY KEY, vehicle_id INTEGER REFERENCES holonet_vehicle(craft_ptr_id), person_id INTEGER REFERENCES holonet_person(id))`,
}

var holonetRows = []string{
	`INSERT INTO holonet_planet VALUES (1,'Tatooine','200000','1'),(2,'Bespin','6000000','0'),(3,'Hoth','unknown','100'),(4,'Coruscant','1000000000000','unknown'),(5,'Mustafar','20000','0')`,
	`INSERT INTO holonet_person VALUES (1,'Luke Skywalker','172','77',1,'male'),(2,'Jabba Desilijic Tiure','175','1,358',1,'hermaphrodite'),(3,'Yoda','66','17',NULL,'male'),(4,'Chewbacca','228','112',NULL,'male'),(5,'R4-P17','96','unknown',NULL,'female'),(6,'Lando Calrissian','177','79',2,'male'),(7,'Arvel Crynyd','unknown','unknown',NULL,'male'),(8,'Shmi Skywalker','163','unknown',1,'female')`,
	`INSERT INTO holonet_film VALUES (1,'A New Hope','1977-05-25','2014-12-10 14:23:31.880'),(2,'The Empire Strikes Back','1980-05-17','2014-12-12 11:26:24.656'),(3,'Return of the Jedi','1983-05-25','2014-12-18 10:39:33.255')`,
	`INSERT INTO holonet_film_characters VALUES (1,1,1),(2,1,2),(3,1,4),(4,2,1),(5,2,3),(6,2,4),(7,2,6),(8,3,1),(9,3,2),(10,3,3),(11,3,4),(12,3,6)`,
	`INSERT INTO holonet_craft VALUES (2,'CR90 corvette','150','3500000'),(3,'Star Destroyer','1,600','150000000'),(9,'Death Star','120000','1000000000000'),(12,'X-wing','12.5','149999'),(14,'Snowspeeder','4.5','unknown'),(18,'AT-AT','20','unknown'),(19,'Millennium Falcon','34.37','100000'),(20,'Speeder bike','3','8000')`,
	`INSERT INTO holonet_starship VALUES (2,'corvette'),(3,'Star Destroyer'),(9,'Deep Space Mobile Battlestation'),(12,'Starfighter'),(19,'Light freighter')`,
	`INSERT INTO holonet_vehicle VALUES (14,'airspeeder'),(18,'assault walker'),(20,'speeder')`,
	`INSERT INTO holonet_starship_pilots VALUES (1,12,1),(2,19,4),(3,19,6)`,
	`INSERT INTO holonet_vehicle_pilots VALUES (1,14,1),(2,20,6)`,
}

// sqliteSchema builds a schema in a SQLite file and introspects it as a data source refresh
// does (profile and samples included).
func sqliteSchema(t *testing.T, name string, ddl, rows []string) (*sql.DB, *datasource.Schema) {
	t.Helper()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, name+".db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append(append([]string(nil), ddl...), rows...) {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	db.Close()
	return openSQLite(t, dir, name+".db")
}

// answer is a question and the names its answer lists.
type answer struct {
	q    string
	want []string
}

// checkAnswers runs each question's SQLite SQL on lite and fails t unless the rows are as
// many as the names wanted and each name is in one of them; mod adjusts each request (the
// business's own names).
func checkAnswers(t *testing.T, lite *sql.DB, s *datasource.Schema, answers []answer, mod ...func(*nlq.Request)) {
	t.Helper()
	for _, a := range answers {
		req := nlq.Request{Question: a.q, Dialect: datasource.SQLite, Schema: s, Now: benchNow}
		for _, f := range mod {
			f(&req)
		}
		g, err := New().Generate(context.Background(), req)
		if err != nil {
			t.Errorf("%q: %v", a.q, err)
			continue
		}
		res, err := query(context.Background(), lite, g.SQL)
		if err != nil {
			t.Errorf("%q: %v\n%s", a.q, err, g.SQL)
			continue
		}
		if len(res.rows) != len(a.want) {
			t.Errorf("%q: %d rows, want %v\n%s\n%v", a.q, len(res.rows), a.want, g.SQL, res.rows)
			continue
		}
		for _, w := range a.want {
			if !slices.ContainsFunc(res.rows, func(r string) bool { return slices.Contains(strings.Split(r, " | "), w) }) {
				t.Errorf("%q: %s missing from %v\n%s", a.q, w, res.rows, g.SQL)
			}
		}
	}
}

// holonetAnswers are questions over holonet and the names their answers list.
var holonetAnswers = []answer{
	{"How many characters appear in The Empire Strikes Back?", []string{"4"}},
	{"Who is the heaviest person?", []string{"Jabba Desilijic Tiure"}},
	{"Who is the tallest person?", []string{"Chewbacca"}},
	{"Which planets have an unknown population?", []string{"Hoth"}},
	{"Which planets have no surface water?", []string{"Bespin", "Mustafar"}},
	{"What are the three longest starships?", []string{"Death Star", "Star Destroyer", "CR90 corvette"}},
	{"Which starships has Luke Skywalker piloted?", []string{"X-wing"}},
	{"Which films came out in the 1980s?", []string{"The Empire Strikes Back", "Return of the Jedi"}},
	{"Which crafts cost more than 100 million credits?", []string{"Star Destroyer", "Death Star"}},
	{"Which characters appear in every film?", []string{"Luke Skywalker", "Chewbacca"}},
}

// TestADjangoSchemaIsReadAsItsRowsAreNamed: the app prefix names nothing, a link table's
// role is the people it links, a subtype reads its parent's name and length, and numbers
// kept as text compare and rank as numbers, their words for none as NULL.
func TestADjangoSchemaIsReadAsItsRowsAreNamed(t *testing.T) {
	lite, s := sqliteSchema(t, "holonet", holonetDDL, holonetRows)
	checkAnswers(t, lite, s, holonetAnswers)
	g := wantSQL(t, s, "How many films are there?", "FROM holonet_film")
	if strings.Contains(g.SQL, "film_characters") {
		t.Errorf("films read as the link table:\n%s", g.SQL)
	}
	if g := wantSQL(t, s, "Who is the heaviest person?", "~ '^-?[0-9]+([.][0-9]+)?$'"); strings.Contains(g.Explanation, "CASE") {
		t.Errorf("the explanation shows the cast: %s", g.Explanation)
	}
}

// TestNumbersKeptAsTextNeedWordsForNone: a text column of digits alone (a ZIP code) stays
// text; digits beside 'unknown' or written with thousands separators are numbers.
func TestNumbersKeptAsTextNeedWordsForNone(t *testing.T) {
	cases := []struct {
		name    string
		samples []string
		want    bool
	}{
		{"mass", []string{"77", "1,358", "unknown", "112"}, true},
		{"crew", []string{"1", "5", "30-165", "n/a", "47,060"}, true},
		{"zip", []string{"02134", "90210", "10001", "unknown"}, false},
		{"population", []string{"200000", "6000000", "1000000000000"}, false},
		{"color", []string{"red", "unknown", "blue"}, false},
	}
	for _, c := range cases {
		col := &column{name: c.name, words: []string{c.name}, samples: c.samples}
		if got := numericText(col); got != c.want {
			t.Errorf("%s %v: numericText = %v, want %v", c.name, c.samples, got, c.want)
		}
	}
}

// TestRound17ShapesExecuteInEveryDialect runs holonet's and pantry's questions on PostgreSQL
// and MySQL/MariaDB copies: each dialect reads text as a number its own way (PostgreSQL's
// cast fails on 'unknown'), and the attributes' subqueries run everywhere.
func TestRound17ShapesExecuteInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{{"holonet", holonetDDL, holonetRows, holonetAnswers}, {"pantry", pantryDDL, pantryRows, pantryAnswers}})
}

// shapeSchema is a test schema, built in SQLite, and the questions asked of it.
type shapeSchema struct {
	name      string
	ddl, rows []string
	answers   []answer
}

// sameAnswersInEveryDialect copies each schema into every test server (PostgreSQL,
// MySQL/MariaDB) and compares each question's rows there with SQLite's.
func sameAnswersInEveryDialect(t *testing.T, schemas []shapeSchema) {
	t.Helper()
	if testing.Short() {
		t.Skip("needs database servers")
	}
	for _, x := range schemas {
		lite, s := sqliteSchema(t, x.name, x.ddl, x.rows)
		for _, d := range testServers() {
			t.Run(x.name+"/"+string(d.typ), func(t *testing.T) {
				db := copyTables(t, lite, d.typ, d.driver, d.dsn, x.ddl)
				for _, a := range x.answers {
					sameRowsAsSQLite(t, lite, db, s, d.typ, a.q, benchNow)
				}
			})
		}
	}
}

// pantryDDL keeps nutrients as rows, as USDA's SR does (nut_data between food_des and
// nutr_def): a food's protein is the amount of its row for the nutrient 'Protein'. Energy is
// named twice, in kcal and in kJ.
var pantryDDL = []string{
	`CREATE TABLE foods (id INTEGER PRIMARY KEY, description VARCHAR(100))`,
	`CREATE TABLE nutrients (id INTEGER PRIMARY KEY, tagname VARCHAR(20), name VARCHAR(100), unit VARCHAR(10))`,
	`CREATE TABLE food_nutrients (food_id INTEGER REFERENCES foods(id), nutrient_id INTEGER REFERENCES nutrients(id), amount NUMERIC(10,3), std_error NUMERIC(10,3), PRIMARY KEY (food_id, nutrient_id))`,
}

var pantryRows = []string{
	`INSERT INTO foods VALUES (1,'Almonds, raw'),(2,'Milk, whole'),(3,'Coffee, brewed'),(4,'Apples, raw'),(5,'Oats, rolled'),(6,'Spinach, raw'),(7,'Cheese, cheddar'),(8,'Tea, black'),(9,'Lentils, boiled'),(10,'Honey'),(11,'Food 11'), (12,'Food 12'), (13,'Food 13'), (14,'Food 14'), (15,'Food 15'), (16,'Food 16'), (17,'Food 17'), (18,'Food 18'), (19,'Food 19'), (20,'Food 20'), (21,'Food 21'), (22,'Food 22'), (23,'Food 23'), (24,'Food 24')`,
	`INSERT INTO nutrients VALUES (1,'PROCNT','Protein','g'),(2,'FE','Iron, Fe','mg'),(3,'CAFFN','Caffeine','mg'),(4,'ENERC_KCAL','Energy','kcal'),(5,'ENERC_KJ','Energy','kJ'),(6,'FIBTG','Fiber, total dietary','g')`,
	`INSERT INTO food_nutrients VALUES (1,1,21.2,0.2),(1,2,3.7,0.1),(1,4,579,1),(1,5,2423,4),(2,1,3.3,0.1),(2,2,0.03,0),(2,4,61,1),(2,5,255,2),
		(3,1,0.1,0),(3,3,40,2),(3,4,1,0),(3,5,4,0),(4,1,0.3,0),(4,2,0.1,0),(5,1,13.2,0.3),(5,2,4.3,0.2),(6,1,2.9,0.1),(6,2,2.7,0.1),
		(7,1,24.9,0.3),(8,3,20,1),(9,1,9,0.1),(9,2,3.3,0.1),(10,1,0.3,0),(1,6,12.5,0),(5,6,10.1,0),(9,6,7.9,0),
		(11,1,1,0),(12,1,1,0),(13,1,1,0),(14,1,1,0),(15,1,1,0),(16,1,1,0),(17,1,1,0),(18,1,1,0),(19,1,1,0),(20,1,1,0),(21,1,1,0),(22,1,1,0),(23,1,1,0),(24,1,1,0)`,
}

// pantryAnswers are questions over pantry and the names their answers list.
var pantryAnswers = []answer{
	{"Which two foods have the most protein?", []string{"Cheese, cheddar", "Almonds, raw"}},
	{"Which foods have more than 3.5 mg of iron?", []string{"Almonds, raw", "Oats, rolled"}},
	{"Which food has the highest caffeine content?", []string{"Coffee, brewed"}},
	{"Which food has the most total dietary fiber?", []string{"Almonds, raw"}},
	{"Which nutrients are measured in milligrams?", []string{"Iron, Fe", "Caffeine"}},
}

// TestAttributesKeptAsRowsAreColumnsOfTheirRows: a table of values keyed by a row and an
// attribute gives each attribute named once as a number of the rows, read by a subquery, and
// said in either order ("total dietary fiber"); a name two attributes share (Energy) is read
// only where it finds one. The nutrients are named by their words, not their tag codes, and
// a unit is said in words ("milligrams").
func TestAttributesKeptAsRowsAreColumnsOfTheirRows(t *testing.T) {
	lite, s := sqliteSchema(t, "pantry", pantryDDL, pantryRows)
	checkAnswers(t, lite, s, pantryAnswers)
	wantSQL(t, s, "Which food has the most energy?", "CASE WHEN COUNT(*) = 1 THEN MAX(food_nutrients.amount) END")
	if g := wantSQL(t, s, "Which two foods have the most protein?", "nutrients.name = 'Protein'"); strings.Contains(g.Explanation, "SELECT") {
		t.Errorf("the explanation shows the subquery: %s", g.Explanation)
	}
	if g := wantSQL(t, s, "List all foods", "FROM foods"); strings.Contains(g.SQL, "food_nutrients") {
		t.Errorf("a listing reads every attribute:\n%s", g.SQL)
	}
}

// TestRowsInEveryOneOfAnotherTable: "which characters appear in every film" is a relational
// division, each character whose distinct films are as many as there are films; it used to
// list every character of any film. With a condition on the films it is refused, and "list
// all people" and "how many characters are in each film" are unaffected.
func TestRowsInEveryOneOfAnotherTable(t *testing.T) {
	lite, s := sqliteSchema(t, "holonet", holonetDDL, holonetRows)
	checkAnswers(t, lite, s, []answer{
		{"Which characters appear in every film?", []string{"Luke Skywalker", "Chewbacca"}},
		{"Which characters appear in all three films?", []string{"Luke Skywalker", "Chewbacca"}},
	})
	g := wantSQL(t, s, "Which characters appear in every film?", "HAVING COUNT(DISTINCT holonet_film.id) = (")
	if !strings.Contains(g.Explanation, "all of them") {
		t.Errorf("the explanation does not say all: %s", g.Explanation)
	}
	wantRefusal(t, s, "Which characters appear in every film released before 1983?", "film")
	wantSQL(t, s, "List all people", "FROM holonet_person")
	wantSQL(t, s, "How many characters are in each film?", "GROUP BY")
}

// TestAShareSaidOfTheRowsIsTakenWithinEachGroup: "what percentage of people are female on each
// planet" is, per planet, the share of its people who are; "what percentage of female people
// come from each planet" is each planet's part of them.
func TestAShareSaidOfTheRowsIsTakenWithinEachGroup(t *testing.T) {
	_, s := sqliteSchema(t, "holonet", holonetDDL, holonetRows)
	g := wantSQL(t, s, "What percentage of people are female on each planet?", "100.0 * SUM(CASE WHEN holonet_person.gender = 'female' THEN 1 ELSE 0 END) / COUNT(*)")
	if strings.Contains(g.SQL, "OVER ()") || !strings.Contains(g.SQL, "GROUP BY holonet_planet.id") {
		t.Errorf("not a share within each planet:\n%s", g.SQL)
	}
	wantSQL(t, s, "What percentage of female people come from each planet?", "SUM(COUNT(*)) OVER ()")
}

// TestAShareOfFormsCountsWhatTheyAreFormsOf: the share of creatures (forms of species) that
// are legendary or mythical counts species, each once, and reads both flags.
func TestAShareOfFormsCountsWhatTheyAreFormsOf(t *testing.T) {
	g := wantSQL(t, speciesRecords(), "What percentage of creatures are legendary or mythical?", "COUNT(DISTINCT creatures.species_id)")
	if !strings.Contains(g.SQL, "creature_species.is_legendary = 1 OR creature_species.is_mythical = 1") {
		t.Errorf("not either flag:\n%s", g.SQL)
	}
}
