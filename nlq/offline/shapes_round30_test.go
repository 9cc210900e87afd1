package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// undergroundDDL keeps a rail network as gt's Paris Métro data does once normalised: routes
// called by short names with figures ('1', '3bis', 'A'), a type of service, stations with
// the people who entered them in one year and no date anywhere, the routes each station is
// on, the trains it connects to and the districts it sits in (an arrondissement number, none
// outside Paris).
var undergroundDDL = []string{
	`CREATE TABLE routes (route_id INTEGER PRIMARY KEY, route VARCHAR(10) UNIQUE, service_type VARCHAR(20))`,
	`CREATE TABLE stations (station_id INTEGER PRIMARY KEY, name VARCHAR(60) UNIQUE, passengers INTEGER, latitude DOUBLE PRECISION, longitude DOUBLE PRECISION)`,
	`CREATE TABLE station_routes (station_id INTEGER REFERENCES stations (station_id), route_id INTEGER REFERENCES routes (route_id),
		PRIMARY KEY (station_id, route_id))`,
	`CREATE TABLE station_links (station_id INTEGER REFERENCES stations (station_id), connection VARCHAR(20), PRIMARY KEY (station_id, connection))`,
	`CREATE TABLE districts (district_id INTEGER PRIMARY KEY, district VARCHAR(30) UNIQUE, arrondissement INTEGER)`,
	`CREATE TABLE station_districts (station_id INTEGER REFERENCES stations (station_id), district_id INTEGER REFERENCES districts (district_id),
		PRIMARY KEY (station_id, district_id))`,
}

var undergroundRows = []string{
	`INSERT INTO routes VALUES (1,'1','Metro'),(2,'2','Metro'),(3,'3bis','Metro'),(4,'A','RER'),(5,'T3','Tramway')`,
	`INSERT INTO stations VALUES (1,'Nord',34503097,48.88,2.35),(2,'Chapelle',4855531,48.88,2.36),(3,'Bastille',9000000,48.85,2.37),
		(4,'Gambetta',5200000,48.86,2.40),(5,'Pelleport',229524,48.87,2.40),(6,'Barbara',NULL,48.81,2.32),(7,'Nation',12000000,48.85,2.39)`,
	`INSERT INTO station_routes VALUES (1,1),(1,2),(1,4),(2,2),(3,1),(4,3),(5,3),(6,1),(7,1),(7,2),(7,4),(7,5)`,
	`INSERT INTO station_links VALUES (1,'Eurostar'),(1,'TGV'),(2,'Eurostar'),(7,'TER')`,
	`INSERT INTO districts VALUES (1,'Paris 10th',10),(2,'Paris 11th',11),(3,'Paris 20th',20),(4,'Montrouge',NULL)`,
	`INSERT INTO station_districts VALUES (1,1),(2,1),(3,2),(4,3),(5,3),(6,4),(7,2),(7,3)`,
}

var undergroundAnswers = []answer{
	{"Which metro stations let you catch a Eurostar?", []string{"Chapelle", "Nord"}},
	{"Which station had the most entries?", []string{"Nord"}},
	{"What are the three busiest stations?", []string{"Nord", "Nation", "Bastille"}},
	{"Show the two quietest stations, quietest first.", []string{"Pelleport", "Chapelle"}},
	{"Which stations are missing passenger numbers?", []string{"Barbara"}},
	{"Which stations on route 1 are missing passenger numbers?", []string{"Barbara"}},
	{"How many stations does each metro route serve?", []string{"1", "2", "3bis"}},
	{"Which station had the most entries in 2021?", []string{"Nord"}},
	{"Where exactly is Nord station?", []string{"Nord"}},
	{"Show me the stations that had more than 10 million entries in 2021.", []string{"Nord", "Nation"}},
	{"What was the total number of entries at the metro stations?", []string{"65788152"}},
	{"How many entries did the RER stations record in total?", []string{"46503097"}},
	{"Which stations are served by two or more metro routes?", []string{"Nord", "Nation"}},
	{"How many stations does each arrondissement have?", []string{"10", "11", "20"}},
	{"How many metro stations connect to each RER route?", []string{"2"}},
	{"How many people entered Nord station?", []string{"34503097"}},
	{"Which stations connect to both the RER and a Tramway route?", []string{"Nation"}},
}

// TestAStationNetworkIsReadByItsRidersAndRoutes: a route's short name with figures ('3bis')
// is its name; "metro stations" are stations on a route of that type, listed once each even
// when two of their routes qualify; "entries", "busiest", "quietest" and the people who
// entered are the passengers counted, "quietest first" an order; "missing passenger numbers"
// an empty column of the stations named, even after a route; a year said of data that keeps no date at all is not
// checked, and the explanation says so; "where exactly" asks for the row, not a number; the
// entries of stations picked by their routes are added once per station; "two or more metro
// routes" counts the routes of that type; "each arrondissement", a number of another table,
// groups, and the stations with none (outside Paris) are in no group; "metro stations" per
// "RER route", and stations on "both the RER and a Tramway route", are stations with a row of
// each kind in the link table.
func TestAStationNetworkIsReadByItsRidersAndRoutes(t *testing.T) {
	lite, s := sqliteSchema(t, "underground", undergroundDDL, undergroundRows)
	checkAnswers(t, lite, s, undergroundAnswers)
	g, err := generate(t, s, datasource.SQLite, "Which station had the most entries in 2021?")
	if err != nil || !strings.Contains(g.Explanation, "not checked for 2021") {
		t.Errorf("the year of undated figures is said to be unchecked: %v\n%s", err, g.Explanation)
	}
	// A route a station is on only picks the stations: each station's entries are added once
	// (an EXISTS), however many of its routes qualify, and the explanation says so in words.
	g, err = generate(t, s, datasource.SQLite, "What was the total number of entries at the metro stations?")
	if err != nil || !strings.Contains(g.SQL, "EXISTS") || !strings.Contains(g.Explanation, "having station_routes rows, through routes") {
		t.Errorf("a sum over stations picked by their routes: %v\n%s\n%s", err, g.SQL, g.Explanation)
	}
	// Two values of one column said apart, behind a link table, are two rows of the link: a
	// metro station (one route) that connects to an RER route (another).
	g, err = generate(t, s, datasource.SQLite, "How many metro stations connect to each RER route?")
	if err != nil || !strings.Contains(g.SQL, "EXISTS") || !strings.Contains(g.SQL, "'RER'") {
		t.Errorf("metro stations per RER route: %v\n%s", err, g.SQL)
	}
	// Rows counted in a year the data cannot tell apart are refused.
	if g, err := generatePG(s, "How many stations opened in 2021?"); err == nil {
		t.Errorf("stations opened in 2021 counted without a date:\n%s", g.SQL)
	}
}

// indicatorsDDL keeps country indicators as the gapminder package does: continents,
// countries, and one row per country and survey year with camelCase abbreviations (lifeExp,
// gdpPercap, pop), the GDP kept per head beside the population.
var indicatorsDDL = []string{
	`CREATE TABLE continents (continent_id INTEGER PRIMARY KEY, continent VARCHAR(20) UNIQUE)`,
	`CREATE TABLE countries (country_id INTEGER PRIMARY KEY, country VARCHAR(40) UNIQUE, continent_id INTEGER REFERENCES continents (continent_id))`,
	`CREATE TABLE indicators (country_id INTEGER REFERENCES countries (country_id), year INTEGER, lifeExp DOUBLE PRECISION, pop BIGINT,
		gdpPercap DOUBLE PRECISION, PRIMARY KEY (country_id, year))`,
}

var indicatorsRows = []string{
	`INSERT INTO continents VALUES (1,'Africa'),(2,'Asia'),(3,'Europe')`,
	`INSERT INTO countries VALUES (1,'Japan',2),(2,'China',2),(3,'India',2),(4,'Norway',3),(5,'Ireland',3),(6,'Kenya',1),(7,'Swaziland',1),(8,'Italy',3)`,
	`INSERT INTO indicators VALUES (1,2002,82.0,127065841,28604.59),(1,2007,82.603,127467972,31656.07),
		(2,2002,72.028,1280400000,3119.28),(2,2007,72.961,1318683096,4959.11),(3,2002,62.879,1034172547,1746.77),(3,2007,64.698,1110396331,2452.21),
		(4,2002,79.05,4535591,44683.98),(4,2007,80.196,4627926,49357.19),(5,2002,77.783,3879155,34077.05),(5,2007,78.885,4109086,40676.0),
		(6,2002,50.992,31386842,1287.51),(6,2007,54.11,35610177,1463.25),(7,2002,43.869,1130269,4128.12),(7,2007,39.613,1133066,4513.48),
		(8,2002,80.24,57926999,27968.10),(8,2007,80.546,58147733,28569.72)`,
}

var indicatorsAnswers = []answer{
	{"Which Asian country had the highest life expectancy in 2007?", []string{"Japan"}},
	{"Which Asian country had the longest life expectancy in 2002?", []string{"Japan"}},
	{"What were the two countries with the highest population in 2007?", []string{"China", "India"}},
	{"What were the two richest European countries by GDP per capita in 2007?", []string{"Norway", "Ireland"}},
	{"Which country was the poorest in 2007 by GDP per capita?", []string{"Kenya"}},
	{"How many African countries had a life expectancy under 50 years in 2007?", []string{"1"}},
	{"How has GDP per capita in Japan changed over the years? Show it year by year.", []string{"2002", "2007"}},
	{"Which African countries had a life expectancy below the average of all countries in 2007?", []string{"Kenya", "Swaziland"}},
	{"By how many people did China's population grow from 2002 to 2007?", []string{"38283096"}},
	{"Which country gained the most years of life expectancy between 2002 and 2007?", []string{"Kenya"}},
	{"Which country lost the most years of life expectancy between 2002 and 2007?", []string{"Swaziland"}},
	{"Which countries had an income per person above 40000 in 2007?", []string{"Norway", "Ireland"}},
	{"Show Japan's life expectancy over time.", []string{"2002", "2007"}},
	{"What was each continent's life expectancy in 2007 when weighted by population?", []string{"Europe", "Asia", "Africa"}},
	{"What is the highest life expectancy in the data, and for which country and year?", []string{"Japan"}},
}

// TestCountryIndicatorsAreReadByTheirAbbreviations: lifeExp is a life expectancy and
// gdpPercap the GDP per capita; "the richest" and "the poorest" rank by it; "the total GDP"
// is the GDP per head times the population, added up, and a sum of the per-head figures
// alone is refused; "which Asian country" asks for a country, ranked, not for the highest
// figure alone, and "the longest life expectancy" ranks by the column said; "the two
// countries with the highest population" keeps two; "under 50 years" compares the number;
// a country's figure "year by year" is its series, said twice or not; "below the average of
// all countries" is the average of the figure said; a figure that grew, was gained or lost
// between two years is the later year's minus the earlier one's, "lost the most" the
// largest fall; an income per person is the GDP per capita, shown beside each country
// compared on it in one year; "over time" of a year column is by year; "and where was it"
// beside one figure is refused, as is "both" of two values one row cannot hold; life
// expectancies are averaged, weighted by population when asked, never added up (a group of
// one country and one year is one row, read as it is).
func TestCountryIndicatorsAreReadByTheirAbbreviations(t *testing.T) {
	lite, s := sqliteSchema(t, "indicators", indicatorsDDL, indicatorsRows)
	checkAnswers(t, lite, s, indicatorsAnswers)
	g, err := generate(t, s, datasource.SQLite, "What was the total GDP of all countries combined in 2007?")
	if err != nil || !strings.Contains(g.SQL, `"gdpPercap" * indicators.pop`) {
		t.Errorf("the total GDP is the GDP per head times the population: %v\n%s", err, g.SQL)
	}
	if g, err := generatePG(s, "What was the total GDP per capita of all countries combined in 2007?"); err == nil {
		t.Errorf("figures per head do not add up, answered:\n%s", g.SQL)
	}
	// A change needs two years and a figure: one year, or none, is refused.
	for _, q := range []string{"Which country grew the most in 2007?", "Which country's population grew the most?"} {
		if g, err := generatePG(s, q); err == nil {
			t.Errorf("%q: a change needs two years, answered:\n%s", q, g.SQL)
		}
	}
	// A weighted average weighs each row by a number of the same row; life expectancies are
	// never added up, and a weight that is not a number of those rows is refused.
	g, err = generate(t, s, datasource.SQLite, "What was the average life expectancy of each continent in 2007, weighted by population?")
	if err != nil || !strings.Contains(g.SQL, `SUM(indicators."lifeExp" * indicators.pop)`) || !strings.Contains(g.Explanation, "weighted by indicators.pop") {
		t.Errorf("a life expectancy weighted by population: %v\n%s\n%s", err, g.SQL, g.Explanation)
	}
	for _, q := range []string{"What was each continent's life expectancy in 2007?", "What was the average life expectancy weighted by continent?"} {
		if g, err := generatePG(s, q); err == nil {
			t.Errorf("%q: answered:\n%s", q, g.SQL)
		}
	}
	// One row cannot hold two values of its own column: "both" is refused there.
	if g, err := generatePG(s, "Which countries are in both Asia and Europe?"); err == nil {
		t.Errorf("a country in both continents answered:\n%s", g.SQL)
	}
	// "Where" asked beside one figure wants the row's place: the figure alone is refused.
	for _, q := range []string{"What is the lowest life expectancy ever recorded, and where and when was it?", "When and where was the lowest life expectancy recorded?"} {
		if g, err := generatePG(s, q); err == nil {
			t.Errorf("%q: where it was is not one figure, answered:\n%s", q, g.SQL)
		}
	}
}

// TestRound30ShapesAnswerAlikeInEveryDialect runs round 30's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound30ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "underground", ddl: undergroundDDL, rows: undergroundRows, answers: undergroundAnswers},
		{name: "indicators", ddl: indicatorsDDL, rows: indicatorsRows, answers: indicatorsAnswers},
	})
}
