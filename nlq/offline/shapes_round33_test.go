package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// financeStarDDL keeps a finance star as AdventureWorksDW does: a date dimension whose month names
// are kept in three languages, organizations, currencies and their daily rates, and amounts
// dated by a key into the date dimension and by a date of their own.
var financeStarDDL = []string{
	`CREATE TABLE DimDate (DateKey INTEGER PRIMARY KEY, FullDateAlternateKey DATE NOT NULL, EnglishMonthName VARCHAR(10) NOT NULL,
		SpanishMonthName VARCHAR(10) NOT NULL, FrenchMonthName VARCHAR(10) NOT NULL, CalendarYear INTEGER NOT NULL)`,
	`CREATE TABLE DimOrganization (OrganizationKey INTEGER PRIMARY KEY, OrganizationName VARCHAR(40) NOT NULL)`,
	`CREATE TABLE DimCurrency (CurrencyKey INTEGER PRIMARY KEY, CurrencyAlternateKey CHAR(3) NOT NULL, CurrencyName VARCHAR(30) NOT NULL)`,
	`CREATE TABLE FactCurrencyRate (CurrencyKey INTEGER NOT NULL REFERENCES DimCurrency (CurrencyKey), DateKey INTEGER NOT NULL REFERENCES DimDate (DateKey),
		AverageRate REAL, Date DATE NOT NULL, PRIMARY KEY (CurrencyKey, DateKey))`,
	`CREATE TABLE FactFinance (FinanceKey INTEGER PRIMARY KEY, OrganizationKey INTEGER NOT NULL REFERENCES DimOrganization (OrganizationKey),
		DateKey INTEGER NOT NULL REFERENCES DimDate (DateKey), Amount REAL NOT NULL, Date DATE NOT NULL)`,
}

var financeStarRows = []string{
	`INSERT INTO DimDate VALUES (20120115,'2012-01-15','January','Enero','Janvier',2012),(20120215,'2012-02-15','February','Febrero','Février',2012),
		(20130115,'2013-01-15','January','Enero','Janvier',2013),(20130215,'2013-02-15','February','Febrero','Février',2013)`,
	`INSERT INTO DimOrganization VALUES (1,'Canadian Division'),(2,'Northeast Division'),(3,'Central Division')`,
	`INSERT INTO DimCurrency VALUES (1,'EUR','EURO'),(2,'GBP','United Kingdom Pound'),(3,'JPY','Yen')`,
	`INSERT INTO FactCurrencyRate VALUES (1,20120115,1.30,'2012-01-15'),(1,20120215,1.32,'2012-02-15'),(1,20130115,1.35,'2013-01-15'),(1,20130215,1.33,'2013-02-15'),
		(2,20120115,1.60,'2012-01-15'),(2,20130115,1.55,'2013-01-15'),(3,20120115,0.013,'2012-01-15'),(3,20130115,0.011,'2013-01-15')`,
	`INSERT INTO FactFinance VALUES (1,1,20120115,100,'2012-01-15'),(2,1,20130115,80,'2013-01-15'),(3,2,20120215,50,'2012-02-15'),(4,2,20130215,70,'2013-02-15'),
		(5,3,20120115,40,'2012-01-15'),(6,1,20120215,30,'2012-02-15')`,
}

var financeStarAnswers = []answer{
	{"Which currencies had a higher average rate in 2013 than in 2012?", []string{"EURO"}},
	{"Which currencies had a lower average rate in 2013 than in 2012?", []string{"United Kingdom Pound", "Yen"}},
	{"Which organizations had lower amounts in 2013 than in 2012?", []string{"Canadian Division", "Central Division"}},
	{"Give the total amount for each month of 2012, with the month name.", []string{"January", "February"}},
	{"Which organizations have more than 2 finance entries?", []string{"Canadian Division"}},
}

// shopPeriodsDDL is a snake_case shop whose orders are dated, for figures of two years
// compared per customer.
var shopPeriodsDDL = []string{
	`CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL)`,
	`CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers (id), total_amount REAL NOT NULL, ordered_at DATE NOT NULL)`,
}

var shopPeriodsRows = []string{
	`INSERT INTO customers VALUES (1,'Mia Dubois'),(2,'Noah Berg'),(3,'Ada Stone')`,
	`INSERT INTO orders VALUES (1,1,100,'2023-03-01'),(2,1,300,'2024-03-01'),(3,2,500,'2023-05-01'),(4,2,50,'2024-05-01'),(5,2,60,'2024-06-01'),
		(6,3,80,'2024-01-10')`,
}

var shopPeriodsAnswers = []answer{
	{"Which customers spent more in 2024 than in 2023?", []string{"Mia Dubois", "Ada Stone"}},
	{"Which customers placed more orders in 2024 than in 2023?", []string{"Noah Berg", "Ada Stone"}},
	{"Which customers spent less in 2024 than in 2023?", []string{"Noah Berg"}},
}

// callCenterDDL keeps a call centre's shifts, one row per shift and day, with an average
// already taken per row (AverageTimePerIssue).
var callCenterDDL = []string{
	`CREATE TABLE FactCallCenter (FactCallCenterID INTEGER PRIMARY KEY, Shift VARCHAR(20) NOT NULL, Calls INTEGER NOT NULL,
		AverageTimePerIssue INTEGER NOT NULL, Date DATE NOT NULL)`,
}

var callCenterRows = []string{
	`INSERT INTO FactCallCenter VALUES (1,'AM',300,50,'2014-05-09'),(2,'AM',320,60,'2014-05-10'),(3,'PM',280,44,'2014-05-09'),(4,'PM',500,100,'2014-05-10')`,
}

var callCenterAnswers = []answer{
	{"What was the shortest average time per issue the call center ever recorded on a shift?", []string{"44"}},
	{"What was the longest average time per issue recorded on a shift?", []string{"100"}},
	{"Which shift had the shortest average time per issue?", []string{"AM"}},
}

// TestAnExtremeOnAShiftIsOneRowsNotAGroupsAverage: "the shortest average time per issue
// recorded on a shift" is the lowest of the averages each row keeps, not the shift whose
// rows average lowest; "which shift had" still groups.
func TestAnExtremeOnAShiftIsOneRowsNotAGroupsAverage(t *testing.T) {
	lite, s := sqliteSchema(t, "call_center", callCenterDDL, callCenterRows)
	checkAnswers(t, lite, s, callCenterAnswers)
}

// geographyDDL keeps a geography at the level of postal codes: a province is named again on
// every row of it.
var geographyDDL = []string{
	`CREATE TABLE DimGeography (GeographyKey INTEGER PRIMARY KEY, StateProvinceName VARCHAR(30) NOT NULL, CountryRegionCode CHAR(2) NOT NULL, PostalCode VARCHAR(10) NOT NULL)`,
}

var geographyRows = []string{
	`INSERT INTO DimGeography VALUES (1,'Ontario','CA','K1A'),(2,'Ontario','CA','K2B'),(3,'Ontario','CA','M5V'),(4,'Quebec','CA','H2X'),(5,'Quebec','CA','G1R'),
		(6,'Quebec','CA','H3B'),(7,'Alberta','CA','T2P'),(8,'Alberta','CA','T5J'),(9,'Bavaria','DE','80331'),(10,'Bavaria','DE','90402'),(11,'Bavaria','DE','86150'),
		(12,'Hesse','DE','60311')`,
}

var geographyAnswers = []answer{
	{"How many provinces are there?", []string{"5"}},
	{"How many different provinces are in country CA?", []string{"3"}},
}

// TestHowManyOfANameThatRepeatsCountsItsValues: a label named again on many rows (a
// province on each of its postal codes) is counted by its values, not by the rows.
func TestHowManyOfANameThatRepeatsCountsItsValues(t *testing.T) {
	lite, s := sqliteSchema(t, "geography", geographyDDL, geographyRows)
	checkAnswers(t, lite, s, geographyAnswers)
}

// retailFactsDDL keeps two facts named by year, as FoodMart does: sales and inventory, each
// with a column of sales.
var retailFactsDDL = []string{
	`CREATE TABLE product (product_id INTEGER PRIMARY KEY, product_name VARCHAR(30) NOT NULL, product_family VARCHAR(20) NOT NULL)`,
	`CREATE TABLE sales_fact_2024 (product_id INTEGER NOT NULL REFERENCES product (product_id), store_sales REAL NOT NULL, unit_sales INTEGER NOT NULL)`,
	`CREATE TABLE inventory_fact_2024 (product_id INTEGER NOT NULL REFERENCES product (product_id), warehouse_sales REAL NOT NULL, units_shipped INTEGER NOT NULL)`,
}

var retailFactsRows = []string{
	`INSERT INTO product VALUES (1,'Bread','Food'),(2,'Soap','Non-Consumable'),(3,'Milk','Drink'),(4,'Cheese','Food')`,
	`INSERT INTO sales_fact_2024 VALUES (1,60,6),(2,20,2),(3,10,1),(4,10,1)`,
	`INSERT INTO inventory_fact_2024 VALUES (1,5,50),(2,500,20),(3,5,10)`,
}

var retailFactsAnswers = []answer{
	{"What percentage of 2024 sales did each product family account for?", []string{"70", "20", "10"}},
}

// TestAPhraseWhoseLastWordNamesATableReadsThatTable: "2024 sales" between
// sales_fact_2024.store_sales and inventory_fact_2024.warehouse_sales is the sales fact's.
func TestAPhraseWhoseLastWordNamesATableReadsThatTable(t *testing.T) {
	lite, s := sqliteSchema(t, "retail_facts", retailFactsDDL, retailFactsRows)
	checkAnswers(t, lite, s, retailFactsAnswers)
}

// seasonsDDL keeps football seasons as text ('2019/20') beside each match's date, and a
// station's daily weather with the normal amount expected for each day.
var seasonsDDL = []string{
	`CREATE TABLE matches (id INTEGER PRIMARY KEY, season VARCHAR(7) NOT NULL, match_date DATE NOT NULL, home_team VARCHAR(30) NOT NULL)`,
	`CREATE TABLE daily_weather (day DATE PRIMARY KEY, actual_precipitation REAL NOT NULL, average_precipitation REAL NOT NULL)`,
}

var seasonsRows = []string{
	`INSERT INTO matches VALUES (1,'2019/20','2019-08-10','Arsenal'),(2,'2019/20','2020-07-15','Chelsea'),(3,'2020/21','2020-09-12','Everton'),
		(4,'2018/19','2019-05-12','Fulham')`,
	`INSERT INTO daily_weather VALUES ('2024-01-01',0.5,0.25),('2024-01-02',0,0.25),('2024-01-03',1.25,0.5)`,
}

var seasonsAnswers = []answer{
	{"How many matches were there in the 2019/20 season?", []string{"2"}},
	{"How much precipitation fell, compared with the normal amount for those days?", []string{"1.75"}},
}

// TestASeasonStoredAsTextIsThatValue: "the 2019/20 season", where the data keeps seasons as
// '2019/20', is the matches of that season (July 2020 included), not July 1 to June 30; a
// day's normal amount, named as an average, adds up over days like the actual amount.
func TestASeasonStoredAsTextIsThatValue(t *testing.T) {
	lite, s := sqliteSchema(t, "seasons", seasonsDDL, seasonsRows)
	checkAnswers(t, lite, s, seasonsAnswers)
	g, err := generate(t, s, datasource.SQLite, "How much precipitation fell, compared with the normal amount for those days?")
	if err != nil || !strings.Contains(g.SQL, "SUM(daily_weather.average_precipitation)") {
		t.Errorf("the days' normal amounts add up: %v\n%s", err, g.SQL)
	}
}

// chartDDL keeps a chart of accounts as a tree: each account refers to the one it sits under.
var chartDDL = []string{
	`CREATE TABLE accounts (account_id INTEGER PRIMARY KEY, account_name VARCHAR(40) NOT NULL, parent_id INTEGER REFERENCES accounts (account_id))`,
}

var chartRows = []string{
	`INSERT INTO accounts VALUES (1,'Expenses',NULL),(2,'Travel Expenses',1),(3,'Meals',2),(4,'Lodging',2),(5,'Salaries',1),(6,'Hotel Taxes',4)`,
}

var chartAnswers = []answer{
	{"Which accounts sit directly under Travel Expenses?", []string{"Meals", "Lodging"}},
	{"List the accounts immediately under Expenses.", []string{"Travel Expenses", "Salaries"}},
}

// TestRowsDirectlyUnderARowOfATreeAreItsChildren: "accounts directly under Travel Expenses"
// are those whose parent is Travel Expenses (not its grandchildren, not itself).
func TestRowsDirectlyUnderARowOfATreeAreItsChildren(t *testing.T) {
	lite, s := sqliteSchema(t, "chart", chartDDL, chartRows)
	checkAnswers(t, lite, s, chartAnswers)
}

// TestTwoPeriodsAreComparedPerGroup: "which currencies had a higher average rate in 2013
// than in 2012" is each group's figure in each year, both shown, the groups kept where the
// first is above the second; a group without rows in a year made nothing in it (a sum or a
// count of 0), while its average there is unknown. A figure not named is the dated rows'
// own amount ("lower amounts"), or their number ("more orders"). On the same star, "more
// than 2 finance entries" counts the rows of the table named.
func TestTwoPeriodsAreComparedPerGroup(t *testing.T) {
	lite, s := sqliteSchema(t, "finance_star", financeStarDDL, financeStarRows)
	checkAnswers(t, lite, s, financeStarAnswers)
	g, err := generate(t, s, datasource.SQLite, "Which currencies had a higher average rate in 2013 than in 2012?")
	if err != nil || !strings.Contains(g.SQL, "HAVING AVG(CASE WHEN") || strings.Contains(g.SQL, "WHERE") || !strings.Contains(g.Explanation, "is above their average") {
		t.Errorf("two periods are two figures compared in a HAVING, not two filters: %v\n%s\n%s", err, g.SQL, g.Explanation)
	}
	lite, s = sqliteSchema(t, "shop_periods", shopPeriodsDDL, shopPeriodsRows)
	checkAnswers(t, lite, s, shopPeriodsAnswers)
	if _, err := generate(t, s, datasource.SQLite, "Which customers spent more than 100 in 2024?"); err != nil {
		t.Errorf("a number after the comparison is still a threshold: %v", err)
	}
}

// TestANameKeptInSeveralLanguagesIsReadInEnglish: of EnglishMonthName, SpanishMonthName and
// FrenchMonthName, "the month name" is the English one, and a month grouped by the date
// is named once.
func TestANameKeptInSeveralLanguagesIsReadInEnglish(t *testing.T) {
	_, s := sqliteSchema(t, "finance_star", financeStarDDL, financeStarRows)
	g, err := generate(t, s, datasource.SQLite, "List the month names.")
	if err != nil || !strings.Contains(g.SQL, "EnglishMonthName") || strings.Contains(g.SQL, "FrenchMonthName") {
		t.Errorf("the English copy: %v\n%s", err, g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "Give the total amount for each month of 2012, with the month name.")
	if err != nil || strings.Contains(g.SQL, "MonthName") {
		t.Errorf("the month named once, from the date grouped by: %v\n%s", err, g.SQL)
	}
}

// TestRound33ShapesAnswerAlikeInEveryDialect runs round 33's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound33ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "finance_star", ddl: financeStarDDL, rows: financeStarRows, answers: financeStarAnswers},
		{name: "shop_periods", ddl: shopPeriodsDDL, rows: shopPeriodsRows, answers: shopPeriodsAnswers},
		{name: "call_center", ddl: callCenterDDL, rows: callCenterRows, answers: callCenterAnswers},
		{name: "geography", ddl: geographyDDL, rows: geographyRows, answers: geographyAnswers},
		{name: "retail_facts", ddl: retailFactsDDL, rows: retailFactsRows, answers: retailFactsAnswers},
		{name: "seasons", ddl: seasonsDDL, rows: seasonsRows, answers: seasonsAnswers},
		{name: "chart", ddl: chartDDL, rows: chartRows, answers: chartAnswers},
	})
}
