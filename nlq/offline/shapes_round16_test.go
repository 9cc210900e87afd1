package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// speciesRecords keeps every display name apart from its row, as veekun's and PokéAPI's
// schema does: species and abilities have a lower-case slug (identifier) and their English
// names sit in creature_species_names and ability_names, one row per row and language; a
// creature (one form of a species) points to its species and has only a slug. The profile
// shows one name per species.
func speciesRecords() *datasource.Schema {
	key := func(t, c string, rows int64) datasource.ColumnProfile {
		return datasource.ColumnProfile{Table: t, Column: c, Rows: rows, NonNull: rows, Distinct: rows}
	}
	slug := func(t string, rows int64, min, max string) datasource.ColumnProfile {
		return datasource.ColumnProfile{Table: t, Column: "identifier", Rows: rows, NonNull: rows, Distinct: rows, Min: min, Max: max}
	}
	return &datasource.Schema{
		Tables: []datasource.Table{
			{Name: "languages", PrimaryKey: []string{"id"}, Columns: []datasource.Column{{Name: "id", Type: "integer"}, {Name: "identifier", Type: "text"}}},
			{Name: "creature_species", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
				{Name: "id", Type: "integer"}, {Name: "identifier", Type: "text"},
				{Name: "is_legendary", Type: "integer"}, {Name: "is_mythical", Type: "integer"}, {Name: "capture_rate", Type: "integer"}}},
			{Name: "creature_species_names", PrimaryKey: []string{"creature_species_id", "local_language_id"}, Columns: []datasource.Column{
				{Name: "creature_species_id", Type: "integer"}, {Name: "local_language_id", Type: "integer"},
				{Name: "name", Type: "text", SampleValues: []string{"Bulbasaur", "Gastly", "Mr. Mime"}},
				{Name: "genus", Type: "text", SampleValues: []string{"Seed Creature", "Legendary Creature"}}},
				ForeignKeys: []datasource.ForeignKey{
					{Columns: []string{"creature_species_id"}, RefTable: "creature_species", RefColumns: []string{"id"}},
					{Columns: []string{"local_language_id"}, RefTable: "languages", RefColumns: []string{"id"}}}},
			{Name: "creatures", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
				{Name: "id", Type: "integer"}, {Name: "identifier", Type: "text"}, {Name: "species_id", Type: "integer", Nullable: true},
				{Name: "weight", Type: "integer"}},
				ForeignKeys: []datasource.ForeignKey{{Columns: []string{"species_id"}, RefTable: "creature_species", RefColumns: []string{"id"}}}},
			{Name: "abilities", PrimaryKey: []string{"id"}, Columns: []datasource.Column{{Name: "id", Type: "integer"}, {Name: "identifier", Type: "text"}}},
			{Name: "ability_names", PrimaryKey: []string{"ability_id", "local_language_id"}, Columns: []datasource.Column{
				{Name: "ability_id", Type: "integer"}, {Name: "local_language_id", Type: "integer"},
				{Name: "name", Type: "text", SampleValues: []string{"Levitate", "Overgrow"}}},
				ForeignKeys: []datasource.ForeignKey{
					{Columns: []string{"ability_id"}, RefTable: "abilities", RefColumns: []string{"id"}},
					{Columns: []string{"local_language_id"}, RefTable: "languages", RefColumns: []string{"id"}}}},
			{Name: "creature_abilities", PrimaryKey: []string{"creature_id", "ability_id"}, Columns: []datasource.Column{
				{Name: "creature_id", Type: "integer"}, {Name: "ability_id", Type: "integer"}},
				ForeignKeys: []datasource.ForeignKey{
					{Columns: []string{"creature_id"}, RefTable: "creatures", RefColumns: []string{"id"}},
					{Columns: []string{"ability_id"}, RefTable: "abilities", RefColumns: []string{"id"}}}},
		},
		Profile: []datasource.ColumnProfile{
			key("creature_species_names", "creature_species_id", 1025), key("ability_names", "ability_id", 373), key("creatures", "species_id", 1351),
			slug("creature_species", 1025, "abomasnow", "zygarde"), slug("creatures", 1351, "abomasnow", "zygarde-complete"), slug("abilities", 373, "adaptability", "zen-mode"),
		},
	}
}

// TestNamesKeptInANamesTableNameTheirRows: the name in species_names is the species' own
// label, read through its key, and a form with only a slug is named by its species.
func TestNamesKeptInANamesTableNameTheirRows(t *testing.T) {
	s := speciesRecords()
	g := wantSQL(t, s, "Which creatures can have the ability Levitate?",
		`(SELECT creature_species_names.name FROM creature_species_names WHERE creature_species_names.creature_species_id = creatures.species_id)`)
	if !strings.Contains(g.SQL, `(SELECT ability_names.name FROM ability_names WHERE ability_names.ability_id = abilities.id) = 'Levitate'`) {
		t.Errorf("the ability is not found by its name:\n%s", g.SQL)
	}
	if strings.Contains(g.Explanation, "SELECT") {
		t.Errorf("the explanation shows the subquery: %s", g.Explanation)
	}
	wantSQL(t, s, "How many creature species are legendary?", "FROM creature_species\nWHERE creature_species.is_legendary = 1")
}

// TestFormsAreCountedAsTheThingsTheyAreFormsOf: creatures are forms of species (they borrow
// its name), so "how many legendary creatures" counts species, each once, and the genus
// 'Legendary Creature' only restates the flag and the noun.
func TestFormsAreCountedAsTheThingsTheyAreFormsOf(t *testing.T) {
	g := wantSQL(t, speciesRecords(), "How many legendary creatures are there?", "COUNT(DISTINCT creatures.species_id)")
	if !strings.Contains(g.SQL, "creature_species.is_legendary = 1") || strings.Contains(g.SQL, "genus") {
		t.Errorf("not the legendary flag:\n%s", g.SQL)
	}
}

// TestANamesTableOfManyLanguagesIsLeftAlone: where the profile shows several names per row
// (one per language), no one of them is the row's name.
func TestANamesTableOfManyLanguagesIsLeftAlone(t *testing.T) {
	s := speciesRecords()
	s.Profile[0].Distinct = 100 // 1025 rows, 100 species: names in ten languages
	g, err := generatePG(s, "How many creature species names are there?")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(g.SQL, "FROM creature_species_names") {
		t.Errorf("the names table is gone:\n%s", g.SQL)
	}
}

// TestTwoFlagsJoinedByOrAreAlternatives: "legendary or mythical" is either flag, never both.
func TestTwoFlagsJoinedByOrAreAlternatives(t *testing.T) {
	wantSQL(t, speciesRecords(), "How many creature species are legendary or mythical?", "(creature_species.is_legendary = 1 OR creature_species.is_mythical = 1)")
}

// transitTimetable is a GTFS feed: stops, routes, trips and the stop times that link them;
// a trip's direction_id is 0 or 1 and names no table.
func transitTimetable() *datasource.Schema {
	return &datasource.Schema{Profile: []datasource.ColumnProfile{
		{Table: "trips", Column: "direction_id", Rows: 1339, NonNull: 1339, Distinct: 2, Min: "0", Max: "1"},
	}, Tables: []datasource.Table{
		{Name: "routes", PrimaryKey: []string{"route_id"}, Columns: []datasource.Column{
			{Name: "route_id", Type: "text"}, {Name: "route_short_name", Type: "text"}, {Name: "route_long_name", Type: "text"},
			{Name: "route_color", Type: "text"}, {Name: "route_text_color", Type: "text"}}},
		{Name: "stops", PrimaryKey: []string{"stop_id"}, Columns: []datasource.Column{
			{Name: "stop_id", Type: "text"}, {Name: "stop_name", Type: "text"}, {Name: "stop_lat", Type: "real"}, {Name: "stop_lon", Type: "real"}}},
		{Name: "trips", PrimaryKey: []string{"trip_id"}, Columns: []datasource.Column{
			{Name: "trip_id", Type: "text"}, {Name: "route_id", Type: "text"}, {Name: "trip_headsign", Type: "text"},
			{Name: "direction_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"route_id"}, RefTable: "routes", RefColumns: []string{"route_id"}}}},
		{Name: "stop_times", PrimaryKey: []string{"trip_id", "stop_sequence"}, Columns: []datasource.Column{
			{Name: "trip_id", Type: "text"}, {Name: "stop_sequence", Type: "integer"}, {Name: "stop_id", Type: "text"},
			{Name: "departure_time", Type: "text"}},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"trip_id"}, RefTable: "trips", RefColumns: []string{"trip_id"}},
				{Columns: []string{"stop_id"}, RefTable: "stops", RefColumns: []string{"stop_id"}}}},
	}}
}

// TestServedByTheMostRanksByACount: "served by the most trips" counts the trips, it groups
// by nothing said after "by".
func TestServedByTheMostRanksByACount(t *testing.T) {
	g := wantSQL(t, transitTimetable(), "Which stop is served by the most trips?", "COUNT(DISTINCT trips.trip_id)")
	if !strings.Contains(g.SQL, "GROUP BY stops.stop_id") || !strings.Contains(g.SQL, "LIMIT 1") {
		t.Errorf("not the one stop with the most trips:\n%s", g.SQL)
	}
}

// TestCompassPointsRankByLatitudeAndLongitude: furthest north is the highest latitude, west
// the lowest longitude.
func TestCompassPointsRankByLatitudeAndLongitude(t *testing.T) {
	s := transitTimetable()
	wantSQL(t, s, "Which stop is the furthest north?", "ORDER BY stops.stop_lat DESC")
	wantSQL(t, s, "Which stop is furthest west?", "ORDER BY stops.stop_lon ASC")
}

// TestWhichValueThenAnotherTableListsThatTable: "which <value> <rows>" lists the rows; the
// value, stored in a lookup table they point to, only says which.
func TestWhichValueThenAnotherTableListsThatTable(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "damage_classes", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "identifier", Type: "text", SampleValues: []string{"physical", "special", "status"}}}},
		{Name: "moves", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "name", Type: "text"}, {Name: "power", Type: "integer"}, {Name: "damage_class_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"damage_class_id"}, RefTable: "damage_classes", RefColumns: []string{"id"}}}},
	}}
	g := wantSQL(t, s, "Which physical moves have a power above 100?", "damage_classes.identifier = 'physical'")
	if !strings.Contains(g.SQL, "moves.name") {
		t.Errorf("the moves are not listed:\n%s", g.SQL)
	}
}

// TestABoundAfterItsNumberIsABound: "10 or more routes", "30 stops or more" and "10 or more
// different routes" are at least 10 (or 30), as "at least" says it before the number; "have
// only one route" is exactly one.
func TestABoundAfterItsNumberIsABound(t *testing.T) {
	s := transitTimetable()
	wantSQL(t, s, "Which stops have 10 or more routes?", "HAVING COUNT(DISTINCT routes.route_id) >= 10")
	wantSQL(t, s, "Which stops are served by 10 or more different routes?", "HAVING COUNT(DISTINCT routes.route_id) >= 10")
	wantSQL(t, s, "Which stops are served by more than 10 different routes?", "HAVING COUNT(DISTINCT routes.route_id) > 10")
	wantSQL(t, s, "How many trips have 30 stops or more?", ">= 30")
	wantSQL(t, s, "How many routes have 60 trips or fewer?", "<= 60")
	wantSQL(t, s, "Which stops have only one route?", "HAVING COUNT(DISTINCT routes.route_id) = 1")
}

// TestAColumnOfANumberHoldsIt: "a power of 100" and "100% accuracy" are the rows whose
// column holds the number.
func TestAColumnOfANumberHoldsIt(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "moves", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "name", Type: "text"}, {Name: "power", Type: "integer"}, {Name: "accuracy", Type: "integer"}}},
	}}
	wantSQL(t, s, "Which moves have a power of 100?", "WHERE moves.power = 100")
	wantSQL(t, s, "Which moves have power of 100?", "WHERE moves.power = 100")
	g := wantSQL(t, s, "Which moves have 100% accuracy and a power of at least 120?", "moves.accuracy = 100")
	if !strings.Contains(g.SQL, "moves.power >= 120") {
		t.Errorf("the power bound is lost:\n%s", g.SQL)
	}
	wantSQL(t, s, "How many moves have a power of 100?", "COUNT(*)")
	v := &datasource.Schema{Tables: []datasource.Table{
		{Name: "suppliers", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "name", Type: "text"}, {Name: "credit_rating", Type: "integer"}}},
	}}
	// The suppliers are listed as rows, their rating shown beside them.
	g = wantSQL(t, v, "Which suppliers have a credit rating of 5?", "WHERE suppliers.credit_rating = 5")
	if strings.Contains(g.SQL, "GROUP BY") || !strings.Contains(g.SQL, "suppliers.credit_rating\nFROM") {
		t.Errorf("the suppliers are not listed with their rating:\n%s", g.SQL)
	}
}

// TestThePlainerColumnWinsATie: "colour" names route_color and route_text_color alike; the
// one without the extra word is meant.
func TestThePlainerColumnWinsATie(t *testing.T) {
	g := wantSQL(t, transitTimetable(), "What colour are the routes?", "routes.route_color")
	if strings.Contains(g.SQL, "route_text_color") {
		t.Errorf("the text colour is shown:\n%s", g.SQL)
	}
}

// TestAnIDThatNamesNoTableIsACode: direction_id holds 0 and 1 and no table holds directions,
// so "in each direction" groups by it.
func TestAnIDThatNamesNoTableIsACode(t *testing.T) {
	wantSQL(t, transitTimetable(), "How many trips are there in each direction?", "GROUP BY trips.direction_id")
}

// TestEverydayWordsOfSchedulesAndGames: a route "runs" trips (has them); a catch rate is a
// capture rate.
func TestEverydayWordsOfSchedulesAndGames(t *testing.T) {
	wantSQL(t, transitTimetable(), "Which route runs the most trips?", "COUNT(*) AS trip_count")
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "species", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "name", Type: "text"}, {Name: "capture_rate", Type: "integer"}}},
	}}
	wantSQL(t, s, "What is the average catch rate of all species?", "AVG(species.capture_rate)")
}

// TestWhichFlagThenRowsAsksForTheRows: in "which legendary creatures" the flag qualifies the
// rows asked for; it does not group by the flag.
func TestWhichFlagThenRowsAsksForTheRows(t *testing.T) {
	g := wantSQL(t, speciesRecords(), "Which legendary creatures have the highest weight?", "creature_species.is_legendary = 1")
	if strings.Contains(g.SQL, "GROUP BY creature_species.is_legendary") || !strings.Contains(g.SQL, "ORDER BY") {
		t.Errorf("not the legendary creatures ranked by weight:\n%s", g.SQL)
	}
}

// TestAShortNameIsListedWithItsLongName: a route is said by its short name ('110') and
// listed with what it stands for.
func TestAShortNameIsListedWithItsLongName(t *testing.T) {
	wantSQL(t, transitTimetable(), "Which routes have no trips?", "routes.route_short_name, routes.route_long_name")
}

// TestARowsPluralValuesAreListed: "Ann Lee's ratings" are her rating per skill, each named
// by the skill, not their sum.
func TestARowsPluralValuesAreListed(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "players", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "name", Type: "text", SampleValues: []string{"Ann Lee", "Bo Chan"}}}},
		{Name: "skills", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "name", Type: "text", SampleValues: []string{"passing", "tackling"}}}},
		{Name: "player_skills", PrimaryKey: []string{"player_id", "skill_id"}, Columns: []datasource.Column{
			{Name: "player_id", Type: "integer"}, {Name: "skill_id", Type: "integer"}, {Name: "rating", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"player_id"}, RefTable: "players", RefColumns: []string{"id"}},
				{Columns: []string{"skill_id"}, RefTable: "skills", RefColumns: []string{"id"}}}},
	}}
	g := wantSQL(t, s, "What are Ann Lee's ratings?", "skills.name, player_skills.rating")
	if strings.Contains(g.SQL, "SUM(") {
		t.Errorf("the ratings are added up:\n%s", g.SQL)
	}
}
