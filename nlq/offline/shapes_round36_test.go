package offline

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// boardDDL keeps questions and answers in one Posts table told apart by a type list, with a
// count of each question's answers kept on the question (AnswerCount), as the Stack Exchange
// dump does, and badges awarded to users.
var boardDDL = []string{
	`CREATE TABLE PostTypes (Id INTEGER PRIMARY KEY, Name VARCHAR(20) NOT NULL)`,
	`CREATE TABLE Users (Id INTEGER PRIMARY KEY, DisplayName VARCHAR(40) NOT NULL)`,
	`CREATE TABLE Posts (Id INTEGER PRIMARY KEY, PostTypeId INTEGER NOT NULL REFERENCES PostTypes (Id), ParentId INTEGER,
		OwnerUserId INTEGER REFERENCES Users (Id), Title VARCHAR(80), Score INTEGER NOT NULL, AnswerCount INTEGER, CreationDate DATE NOT NULL)`,
	`CREATE TABLE Badges (Id INTEGER PRIMARY KEY, UserId INTEGER NOT NULL REFERENCES Users (Id), Name VARCHAR(40) NOT NULL, BadgeDate DATE NOT NULL)`,
}

var boardRows = []string{
	`INSERT INTO PostTypes VALUES (1,'Question'),(2,'Answer')`,
	`INSERT INTO Users VALUES (1,'Ada'),(2,'Noah'),(3,'Mia')`,
	// Mia asks the questions, which draw 9 answers between them; Ada writes 3 answers, Noah 2.
	`INSERT INTO Posts VALUES (1,1,NULL,3,'What is a qubit?',5,4,'2018-04-02'),(2,1,NULL,3,'Why is decoherence hard?',2,5,'2018-05-20'),
		(3,1,NULL,1,'Which SDK should I use?',1,0,'2018-05-03'),(4,2,1,1,NULL,9,NULL,'2018-04-03'),(5,2,1,2,NULL,4,NULL,'2018-04-05'),
		(6,2,2,1,NULL,3,NULL,'2018-05-21'),(7,2,2,1,NULL,1,NULL,'2018-05-22'),(8,2,2,2,NULL,2,NULL,'2018-05-23')`,
	`INSERT INTO Badges VALUES (1,1,'Teacher','2018-04-04'),(2,2,'Teacher','2018-04-06'),(3,3,'Student','2018-04-03'),(4,1,'Editor','2018-05-01')`,
}

var boardAnswers = []answer{
	{"How many questions were asked in each month?", []string{"2018-04", "2018-05"}},
	{"How many answers per month?", []string{"2018-04", "2018-05"}},
	{"Who are the top 2 users by number of answers posted, and how many answers did each post?", []string{"Ada", "Noah"}},
	{"Which users have written at least 3 answers?", []string{"Ada"}},
	{"How many badges have been awarded?", []string{"4"}},
	{"How many times has the Teacher badge been awarded?", []string{"2"}},
}

// TestRowsOfATypeListCountedPerPeriodAndPerUser: "questions" are the posts of type 'Question',
// counted per month like any dated rows; a user's "number of answers" counts the posts of type
// 'Answer' they own, not the answers their questions received (AnswerCount added up: Mia, who
// wrote none, would lead); "how many answers did each post" after a top 5 is about the users
// ranked, not a top row within each. Badges are awarded: the verb only says they exist.
func TestRowsOfATypeListCountedPerPeriodAndPerUser(t *testing.T) {
	lite, s := sqliteSchema(t, "board", boardDDL, boardRows)
	checkAnswers(t, lite, s, boardAnswers)
	g, err := generate(t, s, datasource.SQLite, "Which users have written at least 3 answers?")
	if err != nil || strings.Contains(g.SQL, "AnswerCount") {
		t.Errorf("answers written are counted, not AnswerCount added up: %v\n%s", err, g.SQL)
	}
}

// brewDDL keeps a beer catalogue as a small PHP application does: strength (abv) and
// bitterness (ibu) written as 0 when unknown, breweries with a spelled-out country, a city
// left empty on some, and an address that happens to read 'The Brewery'.
var brewDDL = []string{
	`CREATE TABLE categories (id INTEGER PRIMARY KEY, cat_name VARCHAR(40) NOT NULL)`,
	`CREATE TABLE breweries (id INTEGER PRIMARY KEY, name VARCHAR(60) NOT NULL, address1 VARCHAR(60), city VARCHAR(40), country VARCHAR(40))`,
	`CREATE TABLE beers (id INTEGER PRIMARY KEY, brewery_id INTEGER NOT NULL REFERENCES breweries (id), name VARCHAR(60) NOT NULL,
		cat_id INTEGER NOT NULL REFERENCES categories (id), abv NUMERIC(4,1) NOT NULL, ibu NUMERIC(4,1) NOT NULL, descript TEXT)`,
}

var brewRows = []string{
	`INSERT INTO categories VALUES (1,'British Ale'),(2,'North American Lager')`,
	`INSERT INTO breweries VALUES (1,'Rogue Ales','2320 OSU Drive','Portland','United States'),(2,'Bridgeport','The Brewery','Portland','United States'),
		(3,'Fuller''s','Chiswick Lane','London','United Kingdom'),(4,'Unnamed Cellar',NULL,NULL,'United States'),(5,'Hidden Cellar',NULL,NULL,'Canada'),
		(6,'Lost Cellar',NULL,NULL,'Canada')`,
	`INSERT INTO beers VALUES (1,1,'Dead Guy Ale',1,6.5,40,'A Maibock.'),(2,1,'Old Crustacean',1,11.5,0,NULL),(3,2,'India Pale Ale',1,0,0,NULL),
		(4,3,'London Pride',1,4.7,0,'A bitter.'),(5,3,'ESB',1,5.9,0,NULL),(6,2,'Blue Heron',2,0,0,NULL),(7,4,'Cellar Lager',2,5,0,NULL),(8,1,'Double Dead Guy',1,9,60,NULL)`,
}

var brewAnswers = []answer{
	{"How many US breweries are there?", []string{"3"}},
	{"Which city has the most breweries?", []string{"Portland"}},
	{"How many beers are stronger than 8% ABV?", []string{"2"}},
	{"How many beers have a bitterness (IBU) value recorded?", []string{"2"}},
	{"What is the average ABV per category, counting only beers with a known ABV?", []string{"British Ale", "North American Lager"}},
	{"List the names of the breweries in Portland, alphabetically.", []string{"Bridgeport", "Rogue Ales"}},
	{"Which 2 breweries have the most beers? Break ties by brewery name.", []string{"Rogue Ales", "Bridgeport"}},
	{"Which beers are stronger than the average known ABV?", []string{"Old Crustacean", "Double Dead Guy"}},
	{"Which 2 countries have the most beers from their breweries?", []string{"United States", "United Kingdom"}},
	{"What is the average ABV of beers from US breweries, ignoring beers without a known ABV?", []string{"8"}},
	{"List the Rogue Ales beers that are stronger than 8% ABV, strongest first.", []string{"Old Crustacean", "Double Dead Guy"}},
	{"Which beers have a bitterness (IBU) value recorded, and what is it?", []string{"Dead Guy Ale", "Double Dead Guy"}},
	{"Which categories have an average known ABV above 7%?", []string{"British Ale"}},
	{"How many beers of known ABV are there?", []string{"6"}},
	{"List the beers stronger than 8% ABV with their brewery and the brewery's country.", []string{"Old Crustacean", "Double Dead Guy"}},
	{"Which categories have an average ABV above the average ABV?", []string{"British Ale"}},
	{"How many breweries are there in each country? Show countries with at least 2.", []string{"United States", "Canada"}},
	{"How many beers have a description?", []string{"2"}},
	{"For each category, what percentage of its beers come from US breweries?", []string{"British Ale", "North American Lager"}},
	{"For each category other than British Ale, what percentage of its beers come from US breweries?", []string{"100"}},
}

// TestACataloguesZeroForUnknownAndItsEverydayWords: "US" in capitals is the country
// 'United States' (a stop word only in lower case); the city with the most breweries is a city,
// not the empty one; "stronger than 8% ABV" compares the alcohol by volume, itself a
// percentage; a name in parentheses ("bitterness (IBU)") is what the words before it gloss; a
// number every row holds with 0 for none ("a known ABV", "an IBU value recorded") is known
// where it is not 0, also in the average compared with; "the breweries" is the table, not the
// address 'The Brewery'; "alphabetically" and "break ties by name" ask for the order names are
// listed in anyway; "countries with the most beers from their breweries" are the breweries'
// countries, not a grouping by brewery too; "ignoring beers without a known ABV" keeps those
// with one; "strongest first" lists the rows by their strength. "Known" also keeps the rows of
// an average compared in HAVING, and "beers of known ABV" are those with one; "what is it"
// after a value recorded shows it; "with their brewery" in a listing shows the brewery's name,
// and "the brewery's country" in lower case is the table's column, not the address 'The
// Brewery'; "an average ABV above the average ABV" compares each group's average with the
// average over all rows, not each row. "Show countries with at least 2" after a count per
// country keeps the countries that count as many; a "descript" column is the description.
// "For each category, what percentage of its beers come from US breweries" is the share
// within each category, a condition on the categories ("other than British Ale") kept apart.
func TestACataloguesZeroForUnknownAndItsEverydayWords(t *testing.T) {
	lite, s := sqliteSchema(t, "brew", brewDDL, brewRows)
	checkAnswers(t, lite, s, brewAnswers)
	for q, want := range map[string][]string{
		"Which beers have a bitterness (IBU) value recorded, and what is it?":               {"beers.ibu <> 0", "beers.ibu"},
		"List the beers stronger than 8% ABV with their brewery and the brewery's country.": {"breweries.name", "breweries.country", "beers.abv > 8"},
		"List the beers with their brewery.":                                                {"beers.name, breweries.name"},
		"Which categories have an average ABV above the average ABV?":                       {"HAVING AVG(beers.abv) > (", "SELECT AVG(beers.abv)"},
		"Which categories have an average known ABV above the average of all known ABVs?":   {"WHERE beers.abv <> 0", "HAVING AVG(beers.abv) > (", "  WHERE beers.abv <> 0"},
	} {
		g, err := generate(t, s, datasource.SQLite, q)
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		for _, w := range want {
			if !strings.Contains(g.SQL, w) {
				t.Errorf("%q: want %q in\n%s", q, w, g.SQL)
			}
		}
		if strings.Contains(g.SQL, "The Brewery") {
			t.Errorf("%q: the brewery is the table, not the address\n%s", q, g.SQL)
		}
	}
	g, err := generate(t, s, datasource.SQLite, "What is the average ABV per category, counting only beers with a known ABV?")
	if err != nil || !strings.Contains(g.SQL, "beers.abv <> 0") || strings.Contains(g.SQL, "SUM(") {
		t.Errorf("average of the known strengths only: %v\n%s", err, g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "List the Rogue Ales beers that are stronger than 8% ABV, strongest first.")
	if err != nil || !strings.Contains(g.SQL, "ORDER BY beers.abv DESC") {
		t.Errorf("strongest first orders by the strength: %v\n%s", err, g.SQL)
	}
}

// fieldDDL keeps a monitoring protocol's visits to its sites as events, as the National Park
// Service's exports do.
var fieldDDL = []string{
	`CREATE TABLE sites (site_code VARCHAR(8) PRIMARY KEY, site_name VARCHAR(40) NOT NULL)`,
	`CREATE TABLE qs_a114_Event_metadata (Event_ID INTEGER PRIMARY KEY, site_code VARCHAR(8) NOT NULL REFERENCES sites (site_code),
		Start_date DATE NOT NULL, Hours_spent NUMERIC(4,1))`,
	`CREATE TABLE qs_a124_Event_observers (Event_ID INTEGER NOT NULL REFERENCES qs_a114_Event_metadata (Event_ID), Contact_ID VARCHAR(40) NOT NULL,
		PRIMARY KEY (Event_ID, Contact_ID))`,
}

var fieldRows = []string{
	`INSERT INTO sites VALUES ('AC.1','Mount Finlayson'),('AC.2','Pickett''s Lane')`,
	`INSERT INTO qs_a114_Event_metadata VALUES (1,'AC.1','2013-05-02',3.5),(2,'AC.2','2013-05-04',2),(3,'AC.1','2014-05-03',4),(4,'AC.2','2014-05-09',2.5),
		(5,'AC.1','2015-05-01',3)`,
	`INSERT INTO qs_a124_Event_observers VALUES (1,'Rochefort_Regina'),(2,'Rochefort_Regina'),(3,'Huff_Mark'),(4,'Huff_Mark'),(5,'Huff_Mark')`,
}

var fieldAnswers = []answer{
	{"How many sampling events were carried out each year?", []string{"2013", "2014", "2015"}},
	{"How many surveys took place in 2014?", []string{"2"}},
}

// TestAMonitoringProtocolsVisitsAreItsSurveysAndSamplingEvents: a survey, a sampling event and
// a survey event are the events a monitoring protocol records; "carried out" only says they
// happened. "How many different observers" of a table keyed by event and person together has
// nothing that tells one observer from another (counting its rows counts each person once per
// event): refused.
func TestAMonitoringProtocolsVisitsAreItsSurveysAndSamplingEvents(t *testing.T) {
	lite, s := sqliteSchema(t, "field", fieldDDL, fieldRows)
	checkAnswers(t, lite, s, fieldAnswers)
	wantRefusal(t, s, "How many different observers took part in the surveys each year?", "observers")
}

// edgarDDL keeps filings as the SEC's financial statement data sets do: a table named sub (for
// submissions), an industry as its SIC code, units of measure that include currencies.
var edgarDDL = []string{
	`CREATE TABLE sub (adsh VARCHAR(20) PRIMARY KEY, cik INTEGER NOT NULL, name VARCHAR(60) NOT NULL, sic INTEGER, form VARCHAR(10) NOT NULL,
		period INTEGER NOT NULL, filed INTEGER NOT NULL, accepted VARCHAR(24) NOT NULL)`,
	`CREATE TABLE num (adsh VARCHAR(20) NOT NULL REFERENCES sub (adsh), tag VARCHAR(60) NOT NULL, ddate INTEGER NOT NULL, uom VARCHAR(10) NOT NULL,
		value NUMERIC(16,2))`,
}

var edgarRows = []string{
	// Accepted after hours, a filing is accepted the next day (0002, 0004): the day it was
	// filed is the filing's date, kept as the number YYYYMMDD.
	`INSERT INTO sub VALUES ('0001','50863','INTEL CORP',3674,'10-Q',20090630,20090715,'2009-07-15 16:02:00'),
		('0002','789019','MICROSOFT CORP',7372,'10-Q',20090630,20090731,'2009-08-01 09:00:00'),
		('0003','34088','EXXON MOBIL CORP',2911,'10-Q',20090630,20090803,'2009-08-03 12:00:00'),
		('0004','49071','IMPERIAL OIL LTD',2911,'10-Q',20090630,20090630,'2009-07-01 08:00:00'),
		('0005','50863','INTEL CORP',3674,'10-K',20091231,20100225,'2010-02-25 17:30:00')`,
	`INSERT INTO num VALUES ('0001','Assets',20090630,'USD',5000),('0002','Assets',20090630,'USD',7000),('0004','Assets',20090630,'CAD',3000),
		('0004','Revenues',20090630,'CAD',900),('0003','Assets',20090630,'USD',9000),('0001','CommonStockSharesOutstanding',20090710,'shares',100)`,
}

var edgarAnswers = []answer{
	{"How many filings come from semiconductor companies (SIC code 3674)?", []string{"2"}},
	{"How many filings are from SIC 2911?", []string{"2"}},
	{"How many values are in Canadian dollars?", []string{"2"}},
	{"How many filings were submitted in July 2009?", []string{"2"}},
	{"Which company made the most recent filing, and on what date?", []string{"INTEL CORP"}},
	{"Which SIC codes have at least 2 filings?", []string{"3674", "2911"}},
	{"How many values are there in each filing?", []string{"IMPERIAL OIL LTD", "INTEL CORP", "EXXON MOBIL CORP", "MICROSOFT CORP"}},
	{"How many filings were submitted in each month?", []string{"200906", "200907", "200908", "201002"}},
}

// TestARegulatorsFilingsIndustriesAndCurrencies: filings are submissions (the SEC's "sub"); a
// number after a code column said as a code ("SIC code 3674", "SIC 2911") is the code, not a
// figure to add up, and the words in front of the parentheses gloss it; a unit column that
// keeps ISO currency codes among its units is where "Canadian dollars" are. A column named by
// what happened to the row ("filed") that holds days as the number YYYYMMDD is a date, and the
// filing's own: filings submitted in a month are those filed in it, not those accepted or
// those whose period ends in it; and where no column is called a date, "on what date" asks
// for it. "Which SIC codes have at least 2 filings" counts each code's filings; it compared the
// code itself with 2 and listed every filing.
func TestARegulatorsFilingsIndustriesAndCurrencies(t *testing.T) {
	lite, s := sqliteSchema(t, "edgar", edgarDDL, edgarRows)
	checkAnswers(t, lite, s, edgarAnswers)
	g, err := generate(t, s, datasource.SQLite, "How many values are there in each filing?")
	if err != nil || !strings.Contains(g.SQL, "COUNT(*)") || strings.Contains(g.SQL, "SUM(") {
		t.Errorf("values said as values are counted, not added up: %v\n%s", err, g.SQL)
	}
}

// TestRound36ShapesAnswerAlikeInEveryDialect runs round 36's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound36ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "board", ddl: boardDDL, rows: boardRows, answers: boardAnswers},
		{name: "brew", ddl: brewDDL, rows: brewRows, answers: brewAnswers},
		{name: "field", ddl: fieldDDL, rows: fieldRows, answers: fieldAnswers},
		{name: "edgar", ddl: edgarDDL, rows: edgarRows, answers: edgarAnswers},
		{name: "tap", ddl: tapDDL, rows: tapRows, answers: tapAnswers},
	})
}

// geoDDL keeps one geocode per brewery, but for one brewery geocoded twice: the join is read as
// one to one (its key is distinct on 99% of rows or more), which it nearly is.
var geoDDL = []string{
	`CREATE TABLE breweries (id INTEGER PRIMARY KEY, name VARCHAR(60) NOT NULL, country VARCHAR(40) NOT NULL)`,
	`CREATE TABLE breweries_geocode (id INTEGER PRIMARY KEY, brewery_id INTEGER NOT NULL REFERENCES breweries (id), accuracy VARCHAR(20) NOT NULL)`,
}

// geoRows are 120 breweries, 40 in each of three countries, geocoded to the rooftop but for every
// fourth; brewery 1 has a second rooftop geocode.
func geoRows() []string {
	var bs, gs []string
	countries := []string{"United States", "Germany", "Belgium"}
	for i := 1; i <= 120; i++ {
		bs = append(bs, fmt.Sprintf("(%d,'Brewery %d','%s')", i, i, countries[i%3]))
		acc := "ROOFTOP"
		if i%4 == 0 {
			acc = "APPROXIMATE"
		}
		gs = append(gs, fmt.Sprintf("(%d,%d,'%s')", i, i, acc))
	}
	gs = append(gs, "(121,1,'ROOFTOP')")
	return []string{"INSERT INTO breweries VALUES " + strings.Join(bs, ","), "INSERT INTO breweries_geocode VALUES " + strings.Join(gs, ",")}
}

// TestABreweryGeocodedTwiceIsCountedOnce: counting breweries through their geocodes counts
// each brewery once even where the join is taken as one to one, and "Show countries with at
// least 30" after a count per country keeps the countries that count as many.
func TestABreweryGeocodedTwiceIsCountedOnce(t *testing.T) {
	lite, s := sqliteSchema(t, "geo", geoDDL, geoRows())
	q := "How many breweries in each country were geocoded with rooftop accuracy? Show countries with at least 30."
	g, err := generate(t, s, datasource.SQLite, q)
	if err != nil {
		t.Fatalf("%q: %v", q, err)
	}
	res, err := query(context.Background(), lite, g.SQL)
	if err != nil {
		t.Fatalf("%v\n%s", err, g.SQL)
	}
	// Brewery 1 (Germany) is geocoded twice: 30 once each, not 31.
	if want := []string{"30 | Belgium", "30 | Germany", "30 | United States"}; !slices.Equal(slices.Sorted(slices.Values(res.rows)), want) {
		t.Errorf("got %v, want %v\n%s", res.rows, want, g.SQL)
	}
}

// tapDDL names a placeholder 'Unknown' in two lists, categories and styles, as the Open Beer
// Database does.
var tapDDL = []string{
	`CREATE TABLE categories (id INTEGER PRIMARY KEY, cat_name VARCHAR(40) NOT NULL)`,
	`CREATE TABLE styles (id INTEGER PRIMARY KEY, cat_id INTEGER NOT NULL REFERENCES categories (id), style_name VARCHAR(40) NOT NULL)`,
	`CREATE TABLE breweries (id INTEGER PRIMARY KEY, name VARCHAR(60) NOT NULL)`,
	`CREATE TABLE beers (id INTEGER PRIMARY KEY, brewery_id INTEGER NOT NULL REFERENCES breweries (id), name VARCHAR(60) NOT NULL,
		style_id INTEGER NOT NULL REFERENCES styles (id))`,
}

var tapRows = []string{
	`INSERT INTO categories VALUES (-1,'Unknown'),(1,'German Lager'),(2,'British Ale')`,
	`INSERT INTO styles VALUES (-1,-1,'Unknown'),(1,1,'Pilsner'),(2,1,'Bock'),(3,2,'Bitter')`,
	`INSERT INTO breweries VALUES (1,'Anheuser-Busch'),(2,'Fuller''s')`,
	`INSERT INTO beers VALUES (1,1,'Budweiser',1),(2,1,'Michelob Bock',2),(3,1,'Bud Mystery',-1),(4,2,'London Pride',3),(5,1,'Bud Light',1)`,
}

var tapAnswers = []answer{
	{"How many beer styles are defined, not counting the Unknown placeholder?", []string{"3"}},
	{"How many different beer styles does Anheuser-Busch brew, not counting Unknown?", []string{"2"}},
}

// TestWhatIsNotCountedIsOneOfTheRowsCounted: "styles, not counting Unknown" leaves out the
// style of that name, not the category spelled the same; breweries brew what they make, and a
// placeholder is the row the value names.
func TestWhatIsNotCountedIsOneOfTheRowsCounted(t *testing.T) {
	lite, s := sqliteSchema(t, "tap", tapDDL, tapRows)
	checkAnswers(t, lite, s, tapAnswers)
}

// TestRowsListedWithTheRowTheyReferToShowItsName: "list orders with their depot" shows each
// order beside its depot's name (round 5 refused it as a table joined and not shown), also
// after a condition on the rows ("list the beers stronger than 8% ABV with their brewery");
// "each" before the rows still groups them, with the name beside each group.
func TestRowsListedWithTheRowTheyReferToShowItsName(t *testing.T) {
	g, err := generate(t, depotSchema(), datasource.SQLite, "List orders with their depot")
	if err != nil || !strings.Contains(g.SQL, "depots.depot_name") {
		t.Errorf("the depot's name beside each order: %v\n%s", err, g.SQL)
	}
	_, s := sqliteSchema(t, "brew", brewDDL, brewRows)
	g, err = generate(t, s, datasource.SQLite, "List the beers stronger than 8% ABV with their brewery")
	if err != nil || !strings.Contains(g.SQL, "SELECT beers.name, breweries.name") || !strings.Contains(g.SQL, "beers.abv > 8") {
		t.Errorf("the brewery's name beside each strong beer: %v\n%s", err, g.SQL)
	}
}

// coverDDL keeps a survey's observations with a cover class and an origin code, as the prairie
// monitoring does: "category" names neither, but the built-in words chain to the class
// ("category" is a "type", a "type" is a "class").
var coverDDL = []string{
	`CREATE TABLE tlu_Origin_Code (Origin_code VARCHAR(4) PRIMARY KEY, Origin_desc VARCHAR(80) NOT NULL)`,
	`CREATE TABLE qs_a144_Transect_obs (Obs_ID INTEGER PRIMARY KEY, Origin VARCHAR(4) REFERENCES tlu_Origin_Code (Origin_code),
		Cover_class VARCHAR(10), Start_date DATE NOT NULL)`,
}

var coverRows = []string{
	`INSERT INTO tlu_Origin_Code VALUES ('E','Exotic vegetation, native species cover is below 50%'),('N','Native vegetation, native species cover is at least 50%')`,
	`INSERT INTO qs_a144_Transect_obs VALUES (1,'E','0-10%','2013-05-02'),(2,'N','11-49%','2013-05-02'),(3,'N','0-10%','2013-05-03'),(4,'E','50-100%','2014-05-03')`,
}

// TestTheSameSchemaIsReadTheSameWayEveryTime: the built-in words were applied in map order, each
// reading what the ones before it had added, so "category" reached Cover_class in about half
// of the engines built (and "each origin category" was answered by origin and cover class,
// wrongly, or refused). Twenty engines built afresh answer alike.
func TestTheSameSchemaIsReadTheSameWayEveryTime(t *testing.T) {
	_, s := sqliteSchema(t, "cover", coverDDL, coverRows)
	for _, q := range []string{"In 2013, how many segments were there in each origin category?", "How many observations per category?"} {
		var first string
		for i := range 20 {
			g, err := generate(t, s, datasource.SQLite, q)
			got := g.SQL
			if err != nil {
				got = "refused: " + err.Error()
			}
			if i == 0 {
				first = got
			} else if got != first {
				t.Fatalf("%q read two ways:\n%s\n---\n%s", q, first, got)
			}
		}
	}
}
