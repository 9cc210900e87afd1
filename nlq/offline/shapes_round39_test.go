package offline

import (
	"slices"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// showsDDL keeps two television shows of the same shape side by side, as a fan package
// scrapes them: each show's tables share its name as a prefix ("drwho" run together for
// Doctor Who), episodes keyed by a story number with their directors and writers in credit
// tables keyed by the story and the person's name; a series number stored as a real and
// empty for specials between series; viewers copied from Wikipedia as text, some with a
// footnote mark.
var showsDDL = []string{
	`CREATE TABLE drwho_episodes (story_number VARCHAR(10) PRIMARY KEY, serial_title VARCHAR(60), episode_title VARCHAR(60), type VARCHAR(10), season_number REAL,
		first_aired DATE, uk_viewers VARCHAR(20), duration INTEGER)`,
	`CREATE TABLE drwho_directors (story_number VARCHAR(10) NOT NULL REFERENCES drwho_episodes (story_number), director VARCHAR(60) NOT NULL,
		PRIMARY KEY (story_number, director))`,
	`CREATE TABLE drwho_writers (story_number VARCHAR(10) NOT NULL REFERENCES drwho_episodes (story_number), writer VARCHAR(60) NOT NULL,
		PRIMARY KEY (story_number, writer))`,
	`CREATE TABLE torchwood_episodes (story_number INTEGER PRIMARY KEY, episode_title VARCHAR(60), season_number REAL, first_aired DATE,
		uk_viewers REAL, duration INTEGER)`,
	`CREATE TABLE torchwood_directors (story_number INTEGER NOT NULL REFERENCES torchwood_episodes (story_number), director VARCHAR(60) NOT NULL,
		PRIMARY KEY (story_number, director))`,
	`CREATE TABLE torchwood_writers (story_number INTEGER NOT NULL REFERENCES torchwood_episodes (story_number), writer VARCHAR(60) NOT NULL,
		PRIMARY KEY (story_number, writer))`,
}

var showsRows = []string{
	`INSERT INTO drwho_episodes VALUES ('157',NULL,'Rose','episode',1.0,'2005-03-26','10.81',45),('158',NULL,'The End of the World','episode',1.0,'2005-04-02','7.97',44),
		('159',NULL,'The Unquiet Dead','episode',1.0,'2005-04-09','8.86[3]',44),('160',NULL,'The Christmas Invasion','special',NULL,'2005-12-25','9.84[13]',60),
		('161','Series Two','New Earth','episode',2.0,'2006-04-15','8.62',45),('162','Series Two','Tooth and Claw','episode',2.0,'2006-04-22','9.24',45),
		('186',NULL,'Blink','episode',3.0,'2007-06-09','6.62',45),('200',NULL,'Voyage of the Damned','special',NULL,'2007-12-25','13.31',72)`,
	`INSERT INTO drwho_directors VALUES ('157','Keith Boak'),('158','Euros Lyn'),('159','Euros Lyn'),('160','James Hawes'),('161','James Hawes'),
		('162','Euros Lyn'),('186','Hettie MacDonald'),('200','James Strong')`,
	`INSERT INTO drwho_writers VALUES ('157','Russell T Davies'),('158','Russell T Davies'),('159','Mark Gatiss'),('160','Russell T Davies'),
		('161','Russell T Davies'),('162','Russell T Davies'),('186','Steven Moffat'),('200','Russell T Davies')`,
	`INSERT INTO torchwood_episodes VALUES (1,'Everything Changes',1.0,'2006-10-22',2.38,50),(2,'Day One',1.0,'2006-10-22',2.38,49),
		(3,'Ghost Machine',1.0,'2006-10-29',1.71,50),(14,'Kiss Kiss, Bang Bang',2.0,'2008-01-16',4.22,50),(15,'Sleeper',2.0,'2008-01-23',3.62,47)`,
	`INSERT INTO torchwood_directors VALUES (1,'Brian Kelly'),(2,'Brian Kelly'),(3,'Colin Teague'),(14,'Ashley Way'),(15,'Colin Teague')`,
	`INSERT INTO torchwood_writers VALUES (1,'Russell T Davies'),(2,'Chris Chibnall'),(3,'Helen Raynor'),(14,'Chris Chibnall'),(15,'James Moran')`,
}

var showsAnswers = []answer{
	{"How many Doctor Who episodes, specials included, are there?", []string{"8"}},
	{"How many Doctor Who specials are there?", []string{"2"}},
	{"Who directed the Doctor Who episode 'Blink'?", []string{"Hettie MacDonald"}},
	{"How many episodes are in Doctor Who series 1?", []string{"3"}},
	{"How many episodes did each numbered Doctor Who series have?", []string{"1", "2", "3"}},
	{"What was the average UK audience, in millions, of Torchwood series 2?", []string{"3.92"}},
	{"Which Torchwood writers wrote more than one episode, and how many did each write?", []string{"Chris Chibnall"}},
	{"Who are the top 2 Doctor Who directors by number of episodes directed, and how many did each direct?", []string{"Euros Lyn", "James Hawes"}},
	{"What is the longest Doctor Who episode and how many minutes does it run?", []string{"Voyage of the Damned"}},
	{"Which Doctor Who episode had the largest UK audience?", []string{"Voyage of the Damned"}},
	{"List the titles of the Doctor Who episodes of series 2.", []string{"New Earth", "Tooth and Claw"}},
	{"How many Torchwood episodes first aired in 2008?", []string{"2"}},
	{"In which year were the most Torchwood episodes first broadcast, and how many?", []string{"2006"}},
}

// TestTwoShowsOfOneShapeAreKeptApartByTheirNames: tables named by a shared first word are a
// family, not one namespace to strip, and the family's name said once ("Doctor Who", spelled
// out from "drwho") keeps "episodes" and "series" to its tables; a credit table's person is
// what names its rows; a series number stored as a real is matched by "series 1", and
// "numbered" series leave out the specials between them; "specials included" counts them
// without filtering; figures kept in millions are answered "in millions" as they are, text
// with footnote marks ('9.84[13]') is read as numbers, and an episode's duration of 45 is in
// minutes; "how many did each write" after a condition on the count shows that count; and
// "the titles" of episodes that keep a serial's title too are the episodes' own; "episodes
// first aired in 2008" are episodes and their date, not one date column's phrase; and "the
// year the most episodes were first broadcast" counts them per year, not their latest date.
func TestTwoShowsOfOneShapeAreKeptApartByTheirNames(t *testing.T) {
	lite, s := sqliteSchema(t, "shows", showsDDL, showsRows)
	checkAnswers(t, lite, s, showsAnswers)
}

// inventoryDDL is a slice of a Django inventory application: Django's own table beside the
// apps' tables named <app>_<model> with the model's class name run together, keys <field>_id,
// companies flagged as suppliers and customers that orders point at by role, a part number
// kept as an empty text on some parts and NULL on others.
var inventoryDDL = []string{
	`CREATE TABLE django_content_type (id INTEGER PRIMARY KEY, app_label VARCHAR(100), model VARCHAR(100))`,
	`CREATE TABLE company_company (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, contact VARCHAR(100), is_supplier BOOLEAN, is_customer BOOLEAN)`,
	`CREATE TABLE company_contact (id INTEGER PRIMARY KEY, company_id INTEGER REFERENCES company_company (id), name VARCHAR(100) NOT NULL)`,
	`CREATE TABLE part_partcategory (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL)`,
	`CREATE TABLE part_part (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, "IPN" VARCHAR(100), category_id INTEGER REFERENCES part_partcategory (id))`,
	`CREATE TABLE stock_stocklocation (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL)`,
	`CREATE TABLE stock_stockitem (id INTEGER PRIMARY KEY, part_id INTEGER REFERENCES part_part (id), location_id INTEGER REFERENCES stock_stocklocation (id), quantity REAL)`,
	`CREATE TABLE order_purchaseorder (id INTEGER PRIMARY KEY, reference VARCHAR(20), supplier_id INTEGER REFERENCES company_company (id))`,
	`CREATE TABLE order_salesorder (id INTEGER PRIMARY KEY, reference VARCHAR(20), customer_id INTEGER REFERENCES company_company (id))`,
	`CREATE TABLE order_salesorderlineitem (id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES order_salesorder (id), part_id INTEGER REFERENCES part_part (id), quantity REAL)`,
}

var inventoryRows = []string{
	`INSERT INTO django_content_type VALUES (1,'auth','group'),(2,'auth','user')`,
	`INSERT INTO company_company VALUES (1,'Paint by Numbers','Pat Doe',1,0),(2,'DigiKey','Ravi Rao',1,0),(3,'Customer A',NULL,0,1),(4,'Customer B','Kim Lee',0,1)`,
	`INSERT INTO company_contact VALUES (1,2,'Ravi Rao'),(2,2,'Jo Kim'),(3,2,'Al Wu'),(4,1,'Pat Doe')`,
	`INSERT INTO part_partcategory VALUES (1,'Resistors'),(2,'Paint')`,
	`INSERT INTO part_part VALUES (1,'R_10K','',1),(2,'R_4K7',NULL,1),(3,'Red Paint','P-001',2),(4,'Blue Paint','P-002',2),(5,'R_1K','',1)`,
	`INSERT INTO stock_stocklocation VALUES (1,'Reel Storage'),(2,'Paint Shelf')`,
	`INSERT INTO stock_stockitem VALUES (1,1,1,500),(2,2,1,250),(3,5,1,100),(4,3,2,4),(5,4,2,6)`,
	`INSERT INTO order_purchaseorder VALUES (1,'PO0001',2),(2,'PO0002',1),(3,'PO0003',1)`,
	`INSERT INTO order_salesorder VALUES (1,'SO0001',3),(2,'SO0002',4),(3,'SO0003',4)`,
	`INSERT INTO order_salesorderlineitem VALUES (1,1,3,1),(2,2,4,2),(3,3,3,1)`,
}

var inventoryAnswers = []answer{
	{"How many stock items are kept in Reel Storage?", []string{"3"}},
	{"How many purchase orders have been raised with the supplier Paint by Numbers?", []string{"2"}},
	{"List the references of all sales orders for Customer B.", []string{"SO0002", "SO0003"}},
	{"How many parts have an IPN?", []string{"2"}},
	{"How many parts have no IPN?", []string{"3"}},
	{"How many sales orders does each customer have?", []string{"Customer A", "Customer B"}},
	{"How many sales order line items are there?", []string{"3"}},
	{"How many contacts does DigiKey have?", []string{"3"}},
	{"How many sales order line items does each part have, including parts with none?", []string{"R_10K", "R_4K7", "R_1K", "Red Paint", "Blue Paint"}},
}

// TestGroupsWithNoneAreKeptWhenAsked: "including parts with none" outer-joins the rows counted
// to the rows grouped, so a part without lines counts 0; a grouping by a role (the customer
// an order names) or through a link table is refused rather than answered without them.
func TestGroupsWithNoneAreKeptWhenAsked(t *testing.T) {
	lite, s := sqliteSchema(t, "inventory", inventoryDDL, inventoryRows)
	checkAnswers(t, lite, s, []answer{
		{"How many sales order line items does each part have, including parts with none?", []string{"R_10K", "R_4K7", "R_1K", "Red Paint", "Blue Paint"}},
		{"How many stock items does each stock location have? Include locations that have none.", []string{"Reel Storage", "Paint Shelf"}},
	})
	g, err := generate(t, s, datasource.SQLite, "How many sales order line items does each part have, including parts with none?")
	if err != nil || !strings.Contains(g.SQL, "LEFT JOIN") || !strings.Contains(g.Explanation, "with none counted as 0") {
		t.Errorf("want an outer join explained: %v\n%s\n%s", err, g.SQL, g.Explanation)
	}
	wantRefusal(t, s, "How many sales orders does each customer have, including customers with none?", "none")
}

// TestADjangoAppsModelsAreNamedByTheirClassNames: stock_stockitem is "stock items" and
// order_salesorderlineitem "sales order line items" (the app label dropped where the model's
// name does not begin with it, the class name split into words); "the supplier Paint by
// Numbers" is the purchase order's supplier, not the companies' is_supplier flag; the words of
// a name as stored (Customer B) name no column (customer_reference); an empty text is no
// value ("have an IPN"); "how many contacts does DigiKey have" counts the contacts table's
// rows, not the company's one contact column.
func TestADjangoAppsModelsAreNamedByTheirClassNames(t *testing.T) {
	lite, s := sqliteSchema(t, "inventory", inventoryDDL, inventoryRows)
	checkAnswers(t, lite, s, inventoryAnswers)
}

// finalsDDL adds to the contest its finals, one per edition, which keep the day the edition's
// own key (its year) does not.
var finalsDDL = append(append([]string(nil), contestDDL...),
	`CREATE TABLE rounds (year INTEGER NOT NULL UNIQUE REFERENCES contests (year), name VARCHAR(10) NOT NULL, date DATE, PRIMARY KEY (year, name))`)

var finalsRows = append(append([]string(nil), contestRows...),
	`INSERT INTO rounds VALUES (2009,'final','2009-11-21'),(2016,'final','2016-11-20'),(2018,'final','2018-11-25'),(2019,'final','2019-11-24')`)

var finalsAnswers = []answer{
	{"Which editions took place in November? Give the year and the host city.", []string{"Limassol", "Valletta", "Minsk", "Gliwice"}},
	{"How many editions were held in November 2018?", []string{"1"}},
	{"Which editions took place after 2015? Give the year and the host city.", []string{"Valletta", "Minsk", "Gliwice"}},
}

// TestAMonthOfYearKeyedRowsIsFoundWhereTheDayIsKept: editions keyed by their year are held "in
// November" when their one final is, and "give the year and the host city" after the
// question shows both beside each edition.
func TestAMonthOfYearKeyedRowsIsFoundWhereTheDayIsKept(t *testing.T) {
	lite, s := sqliteSchema(t, "finals", finalsDDL, finalsRows)
	checkAnswers(t, lite, s, finalsAnswers)
	// "Give the party's English name" is the party's, not a column of the rows listed.
	if got := showTheNext.MatchString("Which party won the most seats? Give the party's English name."); !got {
		t.Errorf("the rewrite pattern should match the sentence; the possessive check keeps it")
	}
	if possessiveNext.MatchString("year and the host city") || !possessiveNext.MatchString("party's English name") {
		t.Errorf("possessiveNext reads a noun with its owner's 's only")
	}
}

// TestRound39ShapesAnswerAlikeInEveryDialect runs round 39's questions on PostgreSQL and
// MariaDB and compares the rows with SQLite's.
func TestRound39ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "shows", ddl: showsDDL, rows: showsRows, answers: showsAnswers},
		{name: "inventory", ddl: inventoryDDL, rows: inventoryRows, answers: inventoryAnswers},
		{name: "finals", ddl: finalsDDL, rows: finalsRows, answers: finalsAnswers},
	})
}

// TestDjangoClassNamesSplitIntoWords: a model's class name run together is split by the
// longest known word at each step, a plural only where a word follows it.
func TestDjangoClassNamesSplitIntoWords(t *testing.T) {
	g := &segmenter{known: map[string]bool{}}
	for _, w := range []string{"part", "sell", "price", "break", "sale", "order", "line", "item", "bom", "substitute", "stock"} {
		g.known[w] = true
	}
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"partsellpricebreak", []string{"part", "sell", "price", "break"}},
		{"salesorderlineitem", []string{"sales", "order", "line", "item"}},
		{"bomitemsubstitute", []string{"bom", "item", "substitute"}},
		{"stockitem", []string{"stock", "item"}},
		{"widget", nil},
	} {
		if got := g.greedyWords(c.in); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.in, got, c.want)
		}
	}
}

// TestTwoValuesAskedOneCountEachAnswerSideBySide: "made by Democratic presidents and how many
// by Republican presidents" is one count per party, the noun after each value restating whose
// value it is, not a count per president.
func TestTwoValuesAskedOneCountEachAnswerSideBySide(t *testing.T) {
	lite, s := sqliteSchema(t, "bench", []string{
		`CREATE TABLE appointments (id INTEGER PRIMARY KEY, judge VARCHAR(60), president_name VARCHAR(60), president_party VARCHAR(20), court VARCHAR(60))`,
	}, []string{
		`INSERT INTO appointments VALUES (1,'Ann Hale','Barack Obama','Democratic','D. Mass.'),(2,'Bo Reyes','Barack Obama','Democratic','D. Ariz.'),
			(3,'Cy Dunn','George W. Bush','Republican','D. Mass.'),(4,'Di Park','Ronald Reagan','Republican','D. Nev.'),
			(5,'Ed Moss','Ronald Reagan','Republican','D. Ariz.'),(6,'Flo Kent','Woodrow Wilson','Democratic','D. Nev.'),(7,'Gus Hay','William Taft','Whig','D. Nev.')`,
	})
	checkAnswers(t, lite, s, []answer{
		{"How many appointments were made by Democratic presidents and how many by Republican presidents?", []string{"Democratic", "Republican"}},
		{"How many appointments were made by Democratic presidents and by Republican presidents?", []string{"Democratic", "Republican"}},
	})
}
