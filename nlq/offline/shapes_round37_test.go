package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// parliamentDDL keeps parties, elections and cabinets as a political-science database does:
// PascalCase singular tables, keys named after what they point to without an _id suffix, a
// country's accession to the EU and the OECD as dates (empty when it never joined), a party's
// short and English names beside its own, vote shares stored per result, and cabinets linked
// to their parties by a link table.
var parliamentDDL = []string{
	`CREATE TABLE Country (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, name_short CHAR(3) NOT NULL, oecd_accession_date DATE, eu_accession_date DATE)`,
	`CREATE TABLE Party (id INTEGER PRIMARY KEY, country INTEGER NOT NULL REFERENCES Country (id), name_short VARCHAR(10) NOT NULL,
		name_english VARCHAR(60) NOT NULL, name VARCHAR(60) NOT NULL, foundation_date DATE)`,
	`CREATE TABLE Election (id INTEGER PRIMARY KEY, country INTEGER NOT NULL REFERENCES Country (id), date DATE NOT NULL, seats_total INTEGER NOT NULL,
		electorate INTEGER, votes_cast INTEGER)`,
	`CREATE TABLE ElectionResult (id INTEGER PRIMARY KEY, election INTEGER NOT NULL REFERENCES Election (id), party INTEGER NOT NULL REFERENCES Party (id),
		seats INTEGER NOT NULL, vote_share NUMERIC(5,2) NOT NULL)`,
	`CREATE TABLE Cabinet (id INTEGER PRIMARY KEY, country INTEGER NOT NULL REFERENCES Country (id), name VARCHAR(40) NOT NULL, start_date DATE NOT NULL,
		caretaker INTEGER NOT NULL, data_source VARCHAR(20) NOT NULL)`,
	`CREATE TABLE CabinetParty (id INTEGER PRIMARY KEY, cabinet INTEGER NOT NULL REFERENCES Cabinet (id), party INTEGER NOT NULL REFERENCES Party (id), pm INTEGER NOT NULL)`,
	`CREATE TABLE PartyNameChange (id INTEGER PRIMARY KEY, party INTEGER NOT NULL REFERENCES Party (id), date DATE NOT NULL, party_change INTEGER NOT NULL,
		name_english VARCHAR(60) NOT NULL)`,
}

var parliamentRows = []string{
	`INSERT INTO Country VALUES (1,'Netherlands','NLD','1961-11-13','1958-01-01'),(2,'Germany','DEU','1961-09-27','1958-01-01'),
		(3,'Switzerland','CHE','1961-09-28',NULL),(4,'Japan','JPN','1964-04-28',NULL),(5,'Finland','FIN','1969-01-28','1995-01-01'),
		(6,'Israel','ISR','2010-09-07',NULL),(7,'Estonia','EST','2010-12-09','2004-05-01'),(8,'Cyprus','CYP',NULL,'2004-05-01')`,
	// '+EU' is a party's short name; 'The PARTY' a party whose name starts with the article.
	`INSERT INTO Party VALUES (1,1,'PVV','Party for Freedom','Partij voor de Vrijheid','2006-02-22'),
		(2,1,'VVD','People''s Party for Freedom and Democracy','Volkspartij voor Vrijheid en Democratie','1948-01-24'),
		(3,2,'+EU','Pro Europe','Pro Europa','2010-07-01'),(4,2,'SPD','Social Democratic Party','Sozialdemokratische Partei Deutschlands','1875-05-27'),
		(5,2,'PARTEI','The PARTY','Die PARTEI','2004-08-02'),(6,5,'KESK','Centre Party','Keskusta','1906-08-14'),
		(7,5,'SDP','Social Democrats','Suomen Sosialidemokraattinen Puolue','1899-07-01'),(8,3,'SVP','Swiss People''s Party','Schweizerische Volkspartei','1971-09-22'),
		(9,6,'Likud','Likud','Likud','1973-09-13'),(10,5,'VAS','Left Alliance','Vasemmistoliitto','1990-04-29')`,
	// 2021 has three elections, 2017 and 2019 two each.
	`INSERT INTO Election VALUES (1,1,'2021-03-17',150,13293186,10462677),(2,1,'2017-03-15',150,12893466,10563456),(3,2,'2021-09-26',736,61181072,46854508),
		(4,5,'2019-04-14',200,4255466,3108209),(5,2,'2017-09-24',709,61688485,46976341),(6,5,'2023-04-02',200,4241603,3058638),
		(7,3,'2019-10-20',200,5457917,2465498),(8,4,'2021-10-31',465,NULL,NULL)`,
	`INSERT INTO ElectionResult VALUES (1,1,1,17,10.79),(2,1,2,34,21.87),(3,2,1,20,13.06),(4,3,4,206,25.70),(5,3,5,0,1.00),(6,3,3,0,0.10),
		(7,4,7,40,17.70),(8,4,6,31,13.80),(9,5,4,153,20.50)`,
	// One Swiss cabinet; a German one whose source key happens to be 'swiss'; two Israeli
	// caretaker cabinets.
	`INSERT INTO Cabinet VALUES (1,1,'Rutte III','2017-10-26',0,'parlgov'),(2,2,'Merkel IV','2018-03-14',0,'parlgov'),(3,2,'Scholz','2021-12-08',0,'parlgov'),
		(4,5,'Marin','2019-12-10',0,'parlgov'),(5,5,'Rinne','2019-06-06',0,'parlgov'),(6,5,'Sipila','2015-05-29',0,'parlgov'),
		(7,3,'Bundesrat 2019','2019-12-11',0,'swiss'),(8,6,'Bennett','2021-06-13',0,'parlgov'),(9,6,'Netanyahu V','2020-05-17',1,'parlgov'),
		(10,6,'Netanyahu IV','2019-01-01',1,'parlgov'),(11,2,'Merkel III','2013-12-17',0,'swiss')`,
	// The Social Democrats sat in all three Finnish cabinets, the Centre Party in two, the Left
	// Alliance in none.
	`INSERT INTO CabinetParty VALUES (1,1,2,1),(2,2,4,0),(3,3,4,1),(4,4,7,1),(5,4,6,0),(6,5,7,1),(7,5,6,0),(8,6,7,1),(9,7,8,0),(10,8,9,0),(11,9,9,1)`,
	`INSERT INTO PartyNameChange VALUES (1,1,'2005-09-02',0,'Group Wilders'),(2,7,'1990-06-01',1,'Finnish Social Democrats'),(3,4,'1890-10-12',0,'Socialist Workers')`,
}

var parliamentAnswers = []answer{
	{"How many Dutch parties are there?", []string{"2"}},
	{"How many Swiss cabinets are there?", []string{"1"}},
	{"What share of the vote did the Party for Freedom (PVV) get in the 2021 election?", []string{"10.79"}},
	{"How many seats did the SPD get in the 2021 election?", []string{"206"}},
	{"Which countries joined the EU on 1 May 2004?", []string{"Estonia", "Cyprus"}},
	{"Which countries have never joined the European Union? List the country names.", []string{"Switzerland", "Japan", "Israel"}},
	{"On what date did Japan join the OECD?", []string{"1964-04-28"}},
	{"What is the OECD accession date of Finland?", []string{"1969-01-28"}},
	{"Which year saw the most elections across all countries?", []string{"2021"}},
	{"How many countries does the database cover?", []string{"8"}},
	{"Which party has been in the most cabinets?", []string{"Suomen Sosialidemokraattinen Puolue"}},
	{"How many Israeli cabinets were caretaker governments?", []string{"2"}},
	{"What is the short name of the Centre Party?", []string{"KESK"}},
	{"How many party name changes are on record in total?", []string{"3"}},
	{"Which party won the most seats in the 2021 election? Give the party's English name.", []string{"Social Democratic Party"}},
	{"Which parties have provided Finland's prime minister? Give their English names.", []string{"Social Democrats"}},
	{"What was the turnout in the 2021 Dutch election, i.e. votes cast as a percentage of the registered electorate, rounded to one decimal?", []string{"78.7"}},
	{"Which countries have had more than 1 caretaker cabinets?", []string{"Israel"}},
}

// TestAParliamentsCountriesPartiesAndCabinetsAreReadAsSaid: "Dutch" is the Netherlands, which
// is stored as 'Netherlands' but looked up as questions are read; "Swiss cabinets" are those
// of Switzerland, not those whose source key is 'swiss'; "the Party for Freedom (PVV)" is one
// party named twice, not 'The PARTY'; a share of the vote is the stored share; "the 2021
// election" dates the election, not the party's founding; "joined the EU" is the EU's
// accession date, and "the European Union" its initials; "on what date" reads the named row's
// date; "across all countries" counts every election once; a party's cabinets are those the
// link table names, not every cabinet of its country; "party name changes" names the table,
// not its party_change flag; "more than 1 caretaker cabinets" counts the caretaker ones; the
// turnout is votes cast over the electorate (one word, not "electo rate"), and what "i.e."
// restates is read as said already; "won the most seats" ranks by the seats won, "the
// party's English name" is its name_english, and a prime minister is the pm flag.
func TestAParliamentsCountriesPartiesAndCabinetsAreReadAsSaid(t *testing.T) {
	lite, s := sqliteSchema(t, "parliament", parliamentDDL, parliamentRows)
	checkAnswers(t, lite, s, parliamentAnswers)
	g, err := generate(t, s, datasource.SQLite, "Which party has been in the most cabinets?")
	if err != nil || !strings.Contains(g.SQL, "CabinetParty") {
		t.Errorf("a party's cabinets are joined through CabinetParty: %v\n%s", err, g.SQL)
	}
	// With the cabinets filtered by country, the parties are still those of the link rows
	// (here refused: the country could be the cabinets' or the parties'), never every party
	// of the country joined through it.
	if g, err := generate(t, s, datasource.SQLite, "Which party has been in the most Finnish cabinets?"); err == nil && !strings.Contains(g.SQL, "CabinetParty") {
		t.Errorf("a party's Finnish cabinets were joined through the country:\n%s", g.SQL)
	}
}

// codeListDDL decodes every code of a political-science database through one shared code
// list (Code, told apart by table_variable): a party's main family is a key on the party, its
// further families rows of PartyFamily.
var codeListDDL = []string{
	`CREATE TABLE Code (id INTEGER PRIMARY KEY, table_variable VARCHAR(30) NOT NULL, short VARCHAR(20) NOT NULL, name VARCHAR(40) NOT NULL)`,
	`CREATE TABLE Party (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, family INTEGER NOT NULL REFERENCES Code (id))`,
	`CREATE TABLE PartyFamily (id INTEGER PRIMARY KEY, party INTEGER NOT NULL REFERENCES Party (id), family INTEGER NOT NULL REFERENCES Code (id))`,
	`CREATE TABLE Election (id INTEGER PRIMARY KEY, type INTEGER NOT NULL REFERENCES Code (id), date DATE NOT NULL)`,
	`CREATE TABLE Cabinet (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, termination INTEGER REFERENCES Code (id))`,
}

var codeListRows = []string{
	`INSERT INTO Code VALUES (1,'party_family','eco','Green/Ecologist'),(2,'party_family','soc','Social democracy'),(3,'party_family','lib','Liberal'),
		(4,'party_family','pop','Populist'),(5,'election_type','parliament','Parliamentary election'),(6,'election_type','ep','European Parliament'),
		(7,'cabinet_termination','confidence-vote','losing confidence vote'),(8,'cabinet_termination','election-regular','regular election')`,
	`INSERT INTO Party VALUES (1,'Greens',1),(2,'GroenLinks',1),(3,'SPD',2),(4,'Labour',2),(5,'PvdA',2),(6,'VVD',3)`,
	// The SPD counts Green/Ecologist among its further families, not as its main one.
	`INSERT INTO PartyFamily VALUES (1,6,4),(2,3,1),(3,1,4)`,
	`INSERT INTO Election VALUES (1,5,'2021-03-17'),(2,6,'2019-05-23'),(3,5,'2017-03-15')`,
	`INSERT INTO Cabinet VALUES (1,'Rutte III',8),(2,'Rutte II',7),(3,'Scholz',NULL)`,
}

var codeListAnswers = []answer{
	{"How many parties have Green/Ecologist as their main party family?", []string{"2"}},
	{"Which main party families include more than 2 parties? Show the family name and its number of parties.", []string{"Social democracy"}},
}

// TestAMainFamilyIsThePartysOwnCode: "main" before a name that a table (PartyFamily) and a key
// of another table (Party.family) both carry is the key; "the family name" is the name the
// shared code list gives it.
func TestAMainFamilyIsThePartysOwnCode(t *testing.T) {
	lite, s := sqliteSchema(t, "codelist", codeListDDL, codeListRows)
	checkAnswers(t, lite, s, codeListAnswers)
}

// inspectionDDL keeps a city's restaurant inspections with its own terse names: a restaurant
// is a camis trading as a dba in a boro; a score counts penalty points, so the worst is the
// highest; violations are cited one row each.
var inspectionDDL = []string{
	`CREATE TABLE Cuisines (cuisine_code INTEGER PRIMARY KEY, cuisine_description VARCHAR(40) NOT NULL)`,
	`CREATE TABLE ViolationCodes (violation_code VARCHAR(3) PRIMARY KEY, violation_description VARCHAR(120) NOT NULL)`,
	`CREATE TABLE Restaurants (camis INTEGER PRIMARY KEY, dba VARCHAR(60), boro VARCHAR(20) NOT NULL, zipcode INTEGER,
		cuisine_code INTEGER NOT NULL REFERENCES Cuisines (cuisine_code))`,
	`CREATE TABLE Inspections (inspection_id INTEGER PRIMARY KEY, camis INTEGER NOT NULL REFERENCES Restaurants (camis), inspection_date DATE NOT NULL,
		score INTEGER, grade VARCHAR(2))`,
	`CREATE TABLE Violations (violation_id INTEGER PRIMARY KEY, inspection_id INTEGER NOT NULL REFERENCES Inspections (inspection_id),
		violation_code VARCHAR(3) NOT NULL REFERENCES ViolationCodes (violation_code))`,
}

var inspectionRows = []string{
	`INSERT INTO Cuisines VALUES (1,'Chinese'),(2,'Sandwiches'),(3,'Pizza'),(4,'Mexican')`,
	`INSERT INTO ViolationCodes VALUES ('02B','Hot food item not held at or above 140F.'),('04L','Evidence of mice or live mice present.'),
		('04N','Filth flies present.'),('10F','Non-food contact surface improperly constructed.')`,
	`INSERT INTO Restaurants VALUES (1,'GOLDEN DRAGON','BRONX',10458,1),(2,'SUBWAY','QUEENS',11354,2),(3,'PIZZA PALACE','QUEENS',11355,3),
		(4,'TACO TIME','STATEN ISLAND',10301,4),(5,'CORNER DELI','Missing',11249,2),(6,'JADE GARDEN','QUEENS',11354,1),
		(7,'THE PIZZA PLACE','BRONX',10458,4)`,
	`INSERT INTO Inspections VALUES (1,1,'2015-01-05',12,'A'),(2,1,'2015-06-01',30,'C'),(3,2,'2015-02-01',7,'A'),(4,3,'2015-03-01',45,'C'),
		(5,4,'2015-04-01',-1,NULL),(6,2,'2015-07-01',0,'A')`,
	`INSERT INTO Violations VALUES (1,1,'04L'),(2,1,'10F'),(3,2,'04L'),(4,2,'02B'),(5,2,'10F'),(6,3,'10F'),(7,4,'04L'),(8,4,'02B'),(9,4,'04N'),(10,4,'10F')`,
}

var inspectionAnswers = []answer{
	{"What is the worst (highest) score any inspection received?", []string{"45"}},
	{"How many violations were cited at Bronx restaurants?", []string{"5"}},
	{"How many restaurants are there in each borough?", []string{"QUEENS", "BRONX", "STATEN ISLAND", "Missing"}},
	{"How many restaurants are there in each borough? Leave out the ones whose borough is missing.", []string{"QUEENS", "BRONX", "STATEN ISLAND"}},
	{"How many restaurants are in the zip code 11354?", []string{"2"}},
	{"What does violation code 04L mean?", []string{"Evidence of mice or live mice present."}},
	{"How many restaurants serve Chinese food?", []string{"2"}},
	{"List the names and zip codes of the restaurants whose borough is recorded as missing.", []string{"CORNER DELI"}},
	{"How many inspections received an A grade?", []string{"3"}},
	{"How many restaurants are pizza places (cuisine listed as Pizza)?", []string{"1"}},
	{"Which restaurant was cited for the most violations? Give its name.", []string{"GOLDEN DRAGON"}},
}

// TestACitysInspectionsInItsOwnAbbreviations: "borough" is boro, a business's name its dba
// (doing business as), violations "cited" are violations, "the worst (highest) score" takes
// its direction from the word in parentheses, a borough "missing" is the city's stored
// 'Missing', a zip code is compared as the code it is, "what does code 04L mean" asks for the
// code's description, "Chinese food" is the Chinese cuisine, "an A grade" is the grade 'A'
// (not the article), and "pizza places (cuisine listed as Pizza)" is what the gloss says, not
// the restaurant called 'THE PIZZA PLACE'.
func TestACitysInspectionsInItsOwnAbbreviations(t *testing.T) {
	lite, s := sqliteSchema(t, "inspection", inspectionDDL, inspectionRows)
	checkAnswers(t, lite, s, inspectionAnswers)
}

// TestRound37ShapesAnswerAlikeInEveryDialect runs round 37's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound37ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "parliament", ddl: parliamentDDL, rows: parliamentRows, answers: parliamentAnswers},
		{name: "inspection", ddl: inspectionDDL, rows: inspectionRows, answers: inspectionAnswers},
		{name: "codelist", ddl: codeListDDL, rows: codeListRows, answers: codeListAnswers},
	})
}
