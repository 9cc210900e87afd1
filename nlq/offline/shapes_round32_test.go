package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// collegesDDL keeps colleges as a government survey does (NCES IPEDS): UPPER_CASE
// abbreviations (APPLCN, ADMSSN; quoted, as PostgreSQL keeps them), yes/no items coded 1 = yes, 2 = no with negative codes for
// "not applicable", numeric codes decoded by lookup tables, tables of one row per institution
// keyed by the directory's id, and award counts kept per institution and award level.
var collegesDDL = []string{
	`CREATE TABLE control_types (code INTEGER PRIMARY KEY, control VARCHAR(30) NOT NULL)`,
	`CREATE TABLE award_levels (code INTEGER PRIMARY KEY, award_level VARCHAR(40) NOT NULL)`,
	`CREATE TABLE directory2021 ("UNITID" INTEGER PRIMARY KEY, "INSTITUTION" VARCHAR(60) NOT NULL, "CITY" VARCHAR(30), "STATE" CHAR(2) NOT NULL,
		"INT_CONTROL" INTEGER REFERENCES control_types (code), "HOSPITAL" INTEGER, "HBCU" INTEGER)`,
	`CREATE TABLE adm2021 ("UNITID" INTEGER PRIMARY KEY REFERENCES directory2021 ("UNITID"), "APPLCN" INTEGER, "ADMSSN" INTEGER)`,
	`CREATE TABLE complete2021 ("UNITID" INTEGER NOT NULL REFERENCES directory2021 ("UNITID"), "AWARD_LVL" INTEGER NOT NULL REFERENCES award_levels (code),
		"TOTAL" INTEGER, PRIMARY KEY ("UNITID", "AWARD_LVL"))`,
	`CREATE TABLE offerings2021 ("UNITID" INTEGER PRIMARY KEY REFERENCES directory2021 ("UNITID"), "ROTC_NAVY" INTEGER, "ROTC_ARMY" INTEGER, "GRAD_OFFER" INTEGER, "UG_OFFER" INTEGER)`,
}

var collegesRows = []string{
	`INSERT INTO control_types VALUES (1,'Public'),(2,'Private not-for-profit'),(3,'Private for-profit')`,
	`INSERT INTO award_levels VALUES (3,'Associate''s degree'),(5,'Bachelor''s degree'),(7,'Master''s degree')`,
	`INSERT INTO directory2021 VALUES (1,'Casper College','Casper','WY',1,-2,2),(2,'University of Wyoming','Laramie','WY',1,1,2),
		(3,'Grace Christian University','Wyoming','MI',2,-2,2),(4,'Spelman College','Atlanta','GA',2,-2,1),(5,'Morehouse College','Atlanta','GA',2,-2,1),
		(6,'Georgia State University','Atlanta','GA',1,2,2),(7,'Howard University','Washington','DC',2,1,1),(8,'Beauty Academy of Cheyenne','Cheyenne','WY',3,-1,2)`,
	`INSERT INTO adm2021 VALUES (1,900,880),(2,6000,5600),(4,11000,5800),(5,9500,7000),(6,15000,9000),(7,29000,11000)`,
	`INSERT INTO complete2021 VALUES (1,3,400),(2,5,2100),(2,7,600),(3,5,150),(4,5,500),(5,5,450),(6,5,5200),(6,7,1300),(7,5,1500),(7,7,700)`,
	`INSERT INTO offerings2021 VALUES (1,-2,-2,2,1),(2,0,1,1,1),(3,0,0,2,1),(4,1,0,2,1),(5,1,1,2,1),(6,0,1,1,1),(7,1,1,1,1),(8,-2,-2,2,2)`,
}

var collegesAnswers = []answer{
	{"How many institutions have their own hospital?", []string{"2"}},
	{"How many historically Black colleges and universities are in the directory?", []string{"3"}},
	{"Which HBCUs are in Georgia?", []string{"Morehouse College", "Spelman College"}},
	{"Which HBCUs had more than 10,000 applicants?", []string{"Spelman College", "Howard University"}},
	{"How many schools offer Navy ROTC?", []string{"3"}},
	{"List the names of all the institutions located in Wyoming.", []string{"Casper College", "University of Wyoming", "Beauty Academy of Cheyenne"}},
	{"Which states have more than 2 institutions?", []string{"GA", "WY"}},
	{"Which two institutions awarded the most bachelor's degrees in 2020-21?", []string{"Georgia State University", "University of Wyoming"}},
	{"How many master's degrees were awarded in Georgia?", []string{"1300"}},
	{"What percentage of institutions are public? Round to one decimal place.", []string{"37.5"}},
	{"Which institution has the lowest acceptance rate?", []string{"Howard University"}},
	{"What were the average applications across HBCUs?", []string{"16500"}},
	{"What was Howard University's acceptance rate, as a percentage rounded to one decimal?", []string{"37.9"}},
	{"How many institutions are there of each type of control (public, private not-for-profit, private for-profit)?", []string{"Public", "Private not-for-profit", "Private for-profit"}},
	{"Which states have more private not-for-profit institutions than public ones?", []string{"GA", "MI", "DC"}},
	{"Which states have fewer private not-for-profit institutions than public ones?", []string{"WY"}},
}

// TestASurveysCodesAbbreviationsAndAcademicYearsAreRead: IPEDS-style data is read as its
// users speak of it. A 1 = yes, 2 = no item with "not applicable" codes is a flag (hospital,
// HBCU); an acronym column is found by the words it stands for, and its plural names the rows
// that have it ("which HBCUs"); "2020-21" is an academic year the undated survey was counted
// in; "the most bachelor's degrees" adds up the counts kept per award level; "institutions"
// are the rows the INSTITUTION column names; the state of Wyoming is not the town of Wyoming,
// Michigan; a verb after its subject ("schools offer") is not the last word of GRAD_OFFER;
// "the acceptance rate" is 100 × admissions / applications of each row, and "as a
// percentage" after a rate only says how to show it; the groups listed in brackets after a
// grouping are examples; "more private not-for-profit institutions than public ones" counts
// the rows of each value per group and compares the two counts.
func TestASurveysCodesAbbreviationsAndAcademicYearsAreRead(t *testing.T) {
	lite, s := sqliteSchema(t, "colleges", collegesDDL, collegesRows)
	checkAnswers(t, lite, s, collegesAnswers)
	g, err := generate(t, s, datasource.SQLite, "How many institutions have their own hospital?")
	if err != nil || !strings.Contains(g.SQL, `"HOSPITAL" = 1`) {
		t.Errorf("a survey's yes is its code 1, written bare: %v\n%s", err, g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "Which five institutions awarded the most bachelor's degrees in 2020-21?")
	if err != nil || !strings.Contains(g.Explanation, "not checked for 2020-21") {
		t.Errorf("an academic year of undated data is said, not filtered: %v\n%s", err, g.Explanation)
	}
	g, err = generate(t, s, datasource.Postgres, "What percentage of institutions are public? Round to one decimal place.")
	if err != nil || !strings.Contains(g.SQL, "ROUND(CAST(") || !strings.Contains(g.Explanation, "rounded to 1 decimal") {
		t.Errorf("PostgreSQL rounds a numeric, and the explanation says so: %v\n%s\n%s", err, g.SQL, g.Explanation)
	}
}

// warehouseDDL keeps a data warehouse as AdventureWorksDW does: Dim*/Fact* tables in
// PascalCase, one-letter codes (MaritalStatus 'S'/'M'), flags kept as '0'/'1' text, a number
// of things kept as a column (NumberEmployees), rates that do not add up, and a country named
// in three tables.
var warehouseDDL = []string{
	`CREATE TABLE DimGeography (GeographyKey INTEGER PRIMARY KEY, City VARCHAR(30) NOT NULL, EnglishCountryRegionName VARCHAR(30) NOT NULL)`,
	`CREATE TABLE DimOrganization (OrganizationKey INTEGER PRIMARY KEY, OrganizationName VARCHAR(40) NOT NULL)`,
	`CREATE TABLE DimReseller (ResellerKey INTEGER PRIMARY KEY, GeographyKey INTEGER REFERENCES DimGeography (GeographyKey), ResellerName VARCHAR(50) NOT NULL,
		BusinessType VARCHAR(20) NOT NULL, NumberEmployees INTEGER, YearOpened INTEGER)`,
	`CREATE TABLE ProspectiveBuyer (ProspectiveBuyerKey INTEGER PRIMARY KEY, FirstName VARCHAR(30), LastName VARCHAR(30), MaritalStatus CHAR(1), HouseOwnerFlag CHAR(1))`,
	`CREATE TABLE DimCurrency (CurrencyKey INTEGER PRIMARY KEY, CurrencyAlternateKey CHAR(3) NOT NULL, CurrencyName VARCHAR(30) NOT NULL)`,
	`CREATE TABLE FactCurrencyRate (CurrencyKey INTEGER NOT NULL REFERENCES DimCurrency (CurrencyKey), DateKey INTEGER NOT NULL, AverageRate REAL, EndOfDayRate REAL,
		Date DATE NOT NULL, PRIMARY KEY (CurrencyKey, DateKey))`,
	`CREATE TABLE FactCallCenter (FactCallCenterID INTEGER PRIMARY KEY, Shift VARCHAR(20), Calls INTEGER, Date DATE NOT NULL)`,
}

var warehouseRows = []string{
	`INSERT INTO DimGeography VALUES (1,'Berlin','Germany'),(2,'Hamburg','Germany'),(3,'Paris','France'),(4,'Berlin','Germany'),(5,'Seattle','United States')`,
	`INSERT INTO DimOrganization VALUES (1,'AdventureWorks Cycle'),(2,'Germany'),(3,'France')`,
	`INSERT INTO DimReseller VALUES (1,1,'Bike Boutique','Specialty Bike Shop',5,2000),(2,3,'Cycles de Paris','Warehouse',80,1995),
		(3,5,'Seattle Wheels','Value Added Reseller',20,2000),(4,2,'Hamburg Rad','Warehouse',100,2003)`,
	`INSERT INTO ProspectiveBuyer VALUES (1,'Ann','Lee','S','1'),(2,'Bo','Chen','M','1'),(3,'Cy','Diaz','S','0'),(4,'Di','Ford','M','0'),(5,'Ed','Gray','S','1')`,
	`INSERT INTO DimCurrency VALUES (1,'EUR','EURO'),(2,'GBP','United Kingdom Pound'),(3,'JPY','Yen')`,
	`INSERT INTO FactCurrencyRate VALUES (1,20130627,0.91,0.92,'2013-06-27'),(1,20130628,0.90,0.89,'2013-06-28'),(2,20130628,0.65,0.66,'2013-06-28'),(3,20130628,98.5,99.1,'2013-06-28')`,
	`INSERT INTO FactCallCenter VALUES (1,'AM',300,'2014-05-09'),(2,'AM',320,'2014-05-10'),(3,'PM',280,'2014-05-15'),(4,'AM',310,'2014-05-20'),(5,'PM',500,'2014-05-21'),
		(6,'AM',250,'2014-06-02'),(7,'AM',200,'2014-07-01')`,
}

var warehouseAnswers = []answer{
	{"How many prospective buyers are single?", []string{"3"}},
	{"How many prospective buyers are homeowners?", []string{"3"}},
	{"What was the end-of-day exchange rate of the euro on June 28, 2013?", []string{"0.89"}},
	{"How many calls did the call center take in total between May 10 and May 20, 2014?", []string{"910"}},
	{"How many different German cities are in our geography list?", []string{"2"}},
	{"What is the largest number of employees that any one reseller has?", []string{"100"}},
	{"What is the average number of employees for each reseller business type? Show the type and the average.", []string{"Warehouse", "Value Added Reseller", "Specialty Bike Shop"}},
	{"How many resellers opened for business in 2000?", []string{"2"}},
	{"In which month of 2014 did the call center take the most calls? Give the month name.", []string{"May"}},
	{"List the names of all the resellers located in Germany.", []string{"Bike Boutique", "Hamburg Rad"}},
	{"What share of all resellers does each business type (Warehouse, Specialty Bike Shop, Value Added Reseller) account for?", []string{"Warehouse", "Specialty Bike Shop", "Value Added Reseller"}},
}

// TestAWarehousesCodesRatesAndLayoutSentencesAreRead: a one-letter code is the word for it
// after "are" ("buyers who are single"); "homeowners" is the house-owner flag; a rate is not
// added up; a day said without its year takes the year said after the range; a value found in
// three tables is the one in the table the question names; "the number of employees" is a
// column; a closing "Show the type and the average." restates what was asked; "give the
// month name" names the month; "does each type account for" asks a share, of no account.
func TestAWarehousesCodesRatesAndLayoutSentencesAreRead(t *testing.T) {
	lite, s := sqliteSchema(t, "warehouse", warehouseDDL, warehouseRows)
	checkAnswers(t, lite, s, warehouseAnswers)
	g, err := generate(t, s, datasource.SQLite, "What was the end-of-day exchange rate of the euro on June 28, 2013?")
	if err != nil || strings.Contains(g.SQL, "SUM(") {
		t.Errorf("a rate is never added up: %v\n%s", err, g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "total calls by month in 2014. Give the month name.")
	if err != nil || !strings.Contains(g.SQL, "'January'") || !strings.Contains(g.SQL, "ORDER BY MIN(") {
		t.Errorf("named months read in the calendar's order: %v\n%s", err, g.SQL)
	}
}

// TestRound32ShapesAnswerAlikeInEveryDialect runs round 32's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound32ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "colleges", ddl: collegesDDL, rows: collegesRows, answers: collegesAnswers},
		{name: "warehouse", ddl: warehouseDDL, rows: warehouseRows, answers: warehouseAnswers},
	})
}

// TestAskedRoundingIsTakenOutOfTheQuestion: the words that ask for rounding leave the
// question and become the number of decimals; other "to" phrases stay.
func TestAskedRoundingIsTakenOutOfTheQuestion(t *testing.T) {
	for _, tc := range []struct {
		q, rest string
		digits  int
	}{
		{"What percentage of all institutions are private for-profit? Round to one decimal place.", "What percentage of all institutions are private for-profit?", 1},
		{"What was Harvard's acceptance rate, as a percentage rounded to two decimals?", "What was Harvard's acceptance rate, as a percentage?", 2},
		{"average price per category, rounded to the nearest whole number", "average price per category", 0},
		{"sales from March to June", "sales from March to June", -1},
		{"how many orders went to two customers", "how many orders went to two customers", -1},
	} {
		rest, digits := roundingAsked(tc.q)
		if rest != tc.rest || digits != tc.digits {
			t.Errorf("%q: got %q, %d; want %q, %d", tc.q, rest, digits, tc.rest, tc.digits)
		}
	}
}

// TestAClosingShowSentenceIsDroppedOnlyWhenItRestatesTheQuestion: "Show the type and the
// average." after a question that asked for both goes; a sentence naming anything new stays.
func TestAClosingShowSentenceIsDroppedOnlyWhenItRestatesTheQuestion(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"What is the average number of employees for each reseller business type? Show the type and the average.", "What is the average number of employees for each reseller business type?"},
		{"How many resellers do we have in each country? Give the country name and the count.", "How many resellers do we have in each country?"},
		{"Which customers ordered in 2024? Show their name and city.", "Which customers ordered in 2024? Show their name and city."},
		{"How many orders per status? Show the status and the total revenue.", "How many orders per status? Show the status and the total revenue."},
		{"List the products. Show the price.", "List the products. Show the price."},
	} {
		if got := dropRestatedTrailer(tc.q); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.q, got, tc.want)
		}
	}
}
