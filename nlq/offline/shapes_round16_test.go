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

// transitTimetable is a GTFS feed: stops, routes, trips and the stop times that link them.
func transitTimetable() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "routes", PrimaryKey: []string{"route_id"}, Columns: []datasource.Column{
			{Name: "route_id", Type: "text"}, {Name: "route_short_name", Type: "text"}, {Name: "route_long_name", Type: "text"}}},
		{Name: "stops", PrimaryKey: []string{"stop_id"}, Columns: []datasource.Column{
			{Name: "stop_id", Type: "text"}, {Name: "stop_name", Type: "text"}, {Name: "stop_lat", Type: "real"}, {Name: "stop_lon", Type: "real"}}},
		{Name: "trips", PrimaryKey: []string{"trip_id"}, Columns: []datasource.Column{
			{Name: "trip_id", Type: "text"}, {Name: "route_id", Type: "text"}, {Name: "trip_headsign", Type: "text"}},
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
