package offline

import (
	"slices"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// panelDDL keeps figures per country and year as open-data packages do: a country list keyed
// by its ISO code, with names in several languages, groups a country belongs to, and ticks
// ('x' or nothing) in columns named by a phrase and its abbreviation; and one table per
// figure (population) with the country's code, its name copied, the year and a generic value.
var panelDDL = []string{
	`CREATE TABLE country_codes (iso3166_1_alpha_3 VARCHAR(3) PRIMARY KEY, official_name_en VARCHAR(60), official_name_fr VARCHAR(60), region_name VARCHAR(30), iso4217_currency_name VARCHAR(30), least_developed_countries_ldc VARCHAR(1), land_locked_developing_countries_lldc VARCHAR(1), marc VARCHAR(3), region_code INTEGER, continent VARCHAR(2), is_independent VARCHAR(20))`,
	`CREATE TABLE population (country_name VARCHAR(60) NOT NULL, country_code VARCHAR(3) NOT NULL REFERENCES country_codes(iso3166_1_alpha_3), year INTEGER NOT NULL, value BIGINT, PRIMARY KEY (country_code, year))`,
}

var panelRows = []string{
	`INSERT INTO country_codes VALUES ('IND','India','Inde','Asia','Indian Rupee',NULL,NULL,'ii',142,'AS','Yes'),('CHN','China','Chine','Asia','Yuan Renminbi',NULL,NULL,'cc',142,'AS','Yes'),
		('NPL','Nepal','Népal','Asia','Nepalese Rupee','x','x','np',142,'AS','Yes'),('MLI','Mali','Mali','Africa','CFA Franc BCEAO','x','x','ml',2,'AF','Yes'),('SEN','Senegal','Sénégal','Africa','CFA Franc BCEAO','x',NULL,'sg',2,'AF','Yes'),
		('FRA','France','France','Europe','Euro',NULL,NULL,'fr',150,'EU','Yes'),('DEU','Germany','Allemagne','Europe','Euro',NULL,NULL,'gw',150,'EU','Yes'),('USA','United States of America','États-Unis','Americas','US Dollar',NULL,NULL,'un',19,'NA','Yes'),
		('GUM','Guam','Guam','Oceania','US Dollar',NULL,NULL,'gu',9,'OC','Territory of US')`,
	`INSERT INTO population VALUES ('India','IND',2023,1428627663),('India','IND',2024,1450935791),('China','CHN',2023,1410710000),('China','CHN',2024,1408975000),
		('Nepal','NPL',2023,30896590),('Nepal','NPL',2024,31240000),('Mali','MLI',2023,23293698),('Mali','MLI',2024,24000000),('Senegal','SEN',2023,17763163),('Senegal','SEN',2024,18200000),
		('France','FRA',2023,68170000),('France','FRA',2024,68500000),('Germany','DEU',2023,84480000),('Germany','DEU',2024,83500000),('United States','USA',2023,335000000),('United States','USA',2024,340110988)`,
}

// panelAnswers are questions over panel and what their answers hold.
var panelAnswers = []answer{
	{"How many countries are there?", []string{"9"}},
	{"How many countries are not independent?", []string{"1"}},
	{"How many countries are classed as least developed?", []string{"3"}},
	{"How many landlocked developing countries are there?", []string{"2"}},
	{"How many people lived in the least developed countries in 2024?", []string{"73440000"}},
	{"What were the three most populous countries in 2024?", []string{"India", "China", "United States"}},
	{"What was India's population in 2024?", []string{"1450935791"}},
	{"Which countries use the euro?", []string{"France", "Germany"}},
	{"Which currency does Nepal use?", []string{"Nepalese Rupee"}},
	{"What percentage of the 2024 population of all countries came from India?", []string{"42.36"}},
	{"How many African countries are there?", []string{"2"}},
	{"What is the latest year covered by the population figures?", []string{"2024"}},
	{"From which year on do we have population figures for Nepal?", []string{"2023"}},
	{"What was the combined population of the North American countries in 2024?", []string{"340110988"}},
	{"What was the average population per country in each region in 2024?", []string{"Asia", "Africa", "Europe", "Americas"}},
	{"Which countries had more than a billion inhabitants in 2024?", []string{"India", "China"}},
	{"What was the total population of each region in 2024?", []string{"Asia", "Africa", "Europe", "Americas"}},
}

// TestAFigureKeptPerCountryAndYearIsNamedByItsTable: a table of dated figures under a generic
// "value" is named by its own name and its synonyms ("population", "people", "populous") and
// grouped by its own copy of its parent's name; "of all countries" is all of them together; a
// list's row is named by its unique name, not a group's, and a "<thing> name" column is what
// "<thing>" asks for ("which currency"); a currency word is a currency column's value ("use
// the euro"); a column named by a phrase and its abbreviation is said either way, and a tick
// in it is a flag; a word in capitals is not a code stored in lower case; a continent is said
// as an adjective ("African", "North American": 'AF', 'NA'); a number named as a code is
// never added up; "the average population per country in each region" averages the countries;
// "the latest year covered by", "from which year on" are the latest or first year of the rows;
// an "is_" column answered 'Yes' or otherwise is a flag set on 'Yes'.
func TestAFigureKeptPerCountryAndYearIsNamedByItsTable(t *testing.T) {
	lite, s := sqliteSchema(t, "panel", panelDDL, panelRows)
	checkAnswers(t, lite, s, panelAnswers)
	g := wantSQL(t, s, "What were the three most populous countries in 2024?", "SUM(population.value)")
	if strings.Contains(g.SQL, "iso4217_currency_name") || strings.Contains(g.SQL, "JOIN") {
		t.Errorf("countries not named by the figure table's own copy of their names:\n%s", g.SQL)
	}
	if g := wantSQL(t, s, "What percentage of the 2024 population of all countries came from India?", "SUM(population.value)"); strings.Contains(g.SQL, "GROUP BY") {
		t.Errorf("\"of all countries\" grouped by country:\n%s", g.SQL)
	}
	wantSQL(t, s, "How many least developed countries are there?", "least_developed_countries_ldc = 'x'")
	if g := wantSQL(t, s, "What was the average population per country in each region in 2024?", "AVG(population.value)"); strings.Contains(g.SQL, "SUM(") || strings.Contains(g.SQL, "country_name") {
		t.Errorf("a region code added up, or the countries averaged over grouped by:\n%s", g.SQL)
	}
	if g, err := generate(t, s, datasource.SQLite, "What was the total population of each UN region in 2024?"); err == nil && strings.Contains(g.SQL, "marc") {
		t.Errorf("UN read as the lower-case code 'un':\n%s", g.SQL)
	}
}

// museumDDL is a collection's catalogue as Tate publishes it (in snake_case here, so that the
// same DDL makes the same columns on every server): artworks of a classification, made in one
// year and acquired in another, artists, and the contributors linking them with a role
// ('artist', 'after').
var museumDDL = []string{
	`CREATE TABLE artworks (id INTEGER PRIMARY KEY, title VARCHAR(100), classification VARCHAR(30), acquisition_year INTEGER, start_year INTEGER, thumbnail_copyright VARCHAR(60))`,
	`CREATE TABLE artists (id INTEGER PRIMARY KEY, name VARCHAR(100), gender VARCHAR(10), year_of_birth INTEGER, year_of_death INTEGER, place_of_birth VARCHAR(60), place_of_death VARCHAR(60))`,
	`CREATE TABLE contributors (artwork_id INTEGER NOT NULL REFERENCES artworks(id), artist_id INTEGER NOT NULL REFERENCES artists(id), role VARCHAR(20), PRIMARY KEY (artwork_id, artist_id))`,
}

var museumRows = []string{
	`INSERT INTO artworks VALUES (1,'Dawn','painting',1997,1990,'© Tate'),(2,'Dusk','painting',1997,1995,NULL),(3,'Figure','sculpture',1997,1950,NULL),(4,'Torso','sculpture',2001,1960,'© Tate'),
		(5,'Head','sculpture',2001,1930,NULL),(6,'Room','installation',2010,2009,NULL),(7,'Sea','painting',1856,1840,NULL),(8,'Form','sculpture',1962,1961,NULL),(9,'Rome','relief',1950,1820,NULL)`,
	`INSERT INTO artists VALUES (1,'Hepworth, Barbara','Female',1903,1975,'Wakefield, United Kingdom','St Ives, United Kingdom'),(2,'Turner, Joseph Mallord William','Male',1775,1851,'London','London'),
		(3,'Gabo, Naum','Male',1890,1977,'Bryansk, Rossiya','Waterbury, United States'),(4,'Kapoor, Anish','Male',1954,NULL,'Mumbai, Bharat',NULL),(5,'Blake, William','Male',1757,1827,'London, United Kingdom','London, United Kingdom')`,
	`INSERT INTO contributors VALUES (1,2,'artist'),(2,1,'artist'),(2,2,'after'),(3,1,'artist'),(4,1,'artist'),(5,3,'artist'),(6,4,'artist'),(7,2,'artist'),(8,1,'artist'),(9,5,'artist')`,
}

// museumAnswers are questions over museum and what their answers hold.
var museumAnswers = []answer{
	{"How many paintings are in the collection?", []string{"3"}},
	{"How many installations does the collection hold?", []string{"1"}},
	{"How many artworks were acquired in 1997?", []string{"3"}},
	{"Which two artists have the most sculptures?", []string{"Hepworth, Barbara", "Gabo, Naum"}},
	{"How many paintings by women artists are there?", []string{"1"}},
	{"How many artworks were acquired each year?", []string{"1856", "1950", "1962", "1997", "2001", "2010"}},
	{"How many artists died before 1850?", []string{"1"}},
	{"Which artists were born in Mumbai?", []string{"Kapoor, Anish"}},
	{"How many artworks were acquired in each decade?", []string{"1850", "1950", "1960", "1990", "2000", "2010"}},
	{"How many artists were born in the 20th century?", []string{"2"}},
	{"How many artists were born in the 1950s?", []string{"1"}},
}

// ledgerDDL keeps sales by day, over several decades, and styles of named eras.
var ledgerDDL = []string{
	`CREATE TABLE sales (id INTEGER PRIMARY KEY, sold_on DATE, amount NUMERIC(10,2))`,
	`CREATE TABLE eras (id INTEGER PRIMARY KEY, name VARCHAR(30))`,
	`CREATE TABLE styles (id INTEGER PRIMARY KEY, name VARCHAR(30), era_id INTEGER REFERENCES eras(id))`,
}

var ledgerRows = []string{
	`INSERT INTO sales VALUES (1,'1968-03-01',10),(2,'1971-05-02',20),(3,'1979-12-31',30),(4,'1980-01-01',40),(5,'1999-07-04',50),(6,'2003-02-02',60)`,
	`INSERT INTO eras VALUES (1,'19th century'),(2,'20th century'),(3,'21st century')`,
	`INSERT INTO styles VALUES (1,'Impressionism',1),(2,'Cubism',2),(3,'Pop Art',2),(4,'Digital art',3)`,
}

// ledgerAnswers bucket dates into decades.
var ledgerAnswers = []answer{
	{"What was the total amount per decade?", []string{"1960", "1970", "1980", "1990", "2000"}},
	{"How many sales were there in the 1970s?", []string{"2"}},
	{"Which styles belong to the 21st century?", []string{"Digital art"}},
}

// TestACategoryValueSaidInThePluralCountsItsRows: "paintings" are the artworks of that
// classification, counted, or counted per artist; "artists"
// are the artists, not a contributor's role 'artist'; a copyright line names no owner; a verb
// names its noun's year ("acquired each year": acquisition_year, not the year made); a year
// before 1900 is a year right after "before"; "born in Mumbai" is the place of birth
// 'Mumbai, Bharat'.
func TestACategoryValueSaidInThePluralCountsItsRows(t *testing.T) {
	lite, s := sqliteSchema(t, "museum", museumDDL, museumRows)
	checkAnswers(t, lite, s, museumAnswers)
	g := wantSQL(t, s, "Which two artists have the most sculptures?", "artists.name")
	if strings.Contains(g.SQL, "role") {
		t.Errorf("artists read as the role 'artist':\n%s", g.SQL)
	}
	if g, err := generate(t, s, datasource.SQLite, "How many artworks did the Tate acquire in 1997?"); err == nil && strings.Contains(g.SQL, "copyright") {
		t.Errorf("the museum read as its copyright line:\n%s", g.SQL)
	}
	// A place said after "died in" is a place of death or nothing: never the artwork called
	// 'Rome'; and "London" is not one place where both 'London' and 'London, United Kingdom'
	// are.
	for _, q := range []string{"Which artists died in Rome?", "Which artists were born in London?"} {
		if g, err := generate(t, s, datasource.SQLite, q); err == nil {
			t.Errorf("%q answered:\n%s", q, g.SQL)
		}
	}
}

// TestADecadeIsABucketAndARange: "per decade" buckets dates by the decade's first year, "the
// 1970s" and "the 20th century" are ranges of years, unless the data names that period (an
// era '21st century').
func TestADecadeIsABucketAndARange(t *testing.T) {
	lite, s := sqliteSchema(t, "ledger", ledgerDDL, ledgerRows)
	checkAnswers(t, lite, s, ledgerAnswers)
}

// TestTheBusinessNamedInAQuestionIsAllOfItsData: a question that names the business asking
// it (its organization or data source) asks about all of its data ("the year Tate acquired the
// most sculptures": the sculptures, counted per year); the name is not a word to place, a
// value spelled like it is still that value, and a longer name it begins ("Tate Modern") is
// not the business.
func TestTheBusinessNamedInAQuestionIsAllOfItsData(t *testing.T) {
	_, s := sqliteSchema(t, "museum", museumDDL, museumRows)
	owners := func(names ...string) func(*nlq.Request) {
		return func(r *nlq.Request) { r.OwnerNames = names }
	}
	if _, err := generate(t, s, datasource.SQLite, "How many paintings does Tate hold?"); err == nil {
		t.Error("an unknown name was dropped without being the business's")
	}
	g, err := generate(t, s, datasource.SQLite, "How many paintings does Tate hold?", owners("Tate Ltd", "collection db"))
	if err != nil || !strings.Contains(g.SQL, "'painting'") || strings.Contains(g.SQL, "Tate") {
		t.Errorf("the business's name read as a condition: %v\n%s", err, g.SQL)
	}
	if g, err := generate(t, s, datasource.SQLite, "How many paintings does Tate Gallery hold?", owners("Acme", "Tate Gallery Ltd")); err != nil || strings.Contains(g.SQL, "Tate") {
		t.Errorf("a two-word name of the business, said without its legal suffix, not dropped: %v", err)
	}
	if g, err := generate(t, s, datasource.SQLite, "How many paintings does Tate Company hold?", owners("Tate Company")); err != nil || strings.Contains(g.SQL, "Tate") {
		t.Errorf("a name whose legal suffix reads as a word for the business not dropped: %v", err)
	}
	g, err = generate(t, s, datasource.SQLite, "In which year did Tate acquire the most sculptures?", owners("Tate"))
	if err != nil || !strings.Contains(g.SQL, "GROUP BY artworks.acquisition_year") || !strings.Contains(g.SQL, "COUNT(*)") {
		t.Errorf("the year of the most sculptures acquired: %v\n%s", err, g.SQL)
	}
	if g, err := generate(t, s, datasource.SQLite, "How many paintings does Tate Modern hold?", owners("Tate")); err == nil {
		t.Errorf("part of a longer name dropped as the business's:\n%s", g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "How many Sculpture artworks are there?", owners("Sculpture"))
	if err != nil || !strings.Contains(g.SQL, "'sculpture'") {
		t.Errorf("a value called like the business lost: %v\n%s", err, g.SQL)
	}
}

// TestRound19ShapesAnswerAlikeInEveryDialect runs round 19's questions on PostgreSQL and
// MySQL/MariaDB and compares their rows with SQLite's.
func TestRound19ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "panel", ddl: panelDDL, rows: panelRows, answers: panelAnswers},
		{name: "museum", ddl: museumDDL, rows: museumRows, answers: museumAnswers},
		{name: "ledger", ddl: ledgerDDL, rows: ledgerRows, answers: ledgerAnswers},
	})
}

// TestANameEndingInItsAbbreviationIsSaidBothWays lists the phrases a column named by words
// and their initials is said by.
func TestANameEndingInItsAbbreviationIsSaidBothWays(t *testing.T) {
	for _, tc := range []struct {
		words []string
		long  []string
		ok    bool
	}{
		{[]string{"least", "developed", "country", "ldc"}, []string{"least", "developed", "country"}, true},
		{[]string{"land", "locked", "developing", "country", "lldc"}, []string{"land", "locked", "developing", "country"}, true},
		{[]string{"unit", "price", "usd"}, nil, false},
		{[]string{"order", "id"}, nil, false},
	} {
		long, ok := spelledAcronym(tc.words)
		if ok != tc.ok || !slices.Equal(long, tc.long) {
			t.Errorf("spelledAcronym(%v) = %v, %v; want %v, %v", tc.words, long, ok, tc.long, tc.ok)
		}
	}
	if got := compounds([]string{"land", "locked", "developing"}); !slices.ContainsFunc(got, func(p []string) bool { return strings.Join(p, " ") == "landlocked developing" }) {
		t.Errorf("compounds: %v lacks \"landlocked developing\"", got)
	}
}
