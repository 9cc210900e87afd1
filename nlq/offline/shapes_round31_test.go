package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// TestANumberedPlaceIsOneOfItsValues: a number said with the name of a column that numbers
// places in a series ("arrondissement 20", "the 11th arrondissement", in figures or words) keeps
// the rows of that number; it is neither a figure added up nor a count of rows to show.
func TestANumberedPlaceIsOneOfItsValues(t *testing.T) {
	lite, s := sqliteSchema(t, "underground", undergroundDDL, undergroundRows)
	checkAnswers(t, lite, s, []answer{
		{"How many stations are in the 11th arrondissement?", []string{"2"}},
		{"Which station in arrondissement 20 had the most entries?", []string{"Nation"}},
		{"Which station in the 20th arrondissement had the most entries?", []string{"Nation"}},
		{"Which stations are in the tenth arrondissement?", []string{"Chapelle", "Nord"}},
	})
}

// bikeShopDDL keeps a bicycle wholesaler as AdventureWorksLT does: PascalCase names with
// <Table>ID keys, a category tree (products sit in subcategories only), customers with the
// login of their sales rep, order headers with a ship-to and a bill-to address and order
// details with the lines.
var bikeShopDDL = []string{
	`CREATE TABLE ProductCategory (ProductCategoryID INTEGER PRIMARY KEY, ParentProductCategoryID INTEGER REFERENCES ProductCategory (ProductCategoryID), Name VARCHAR(40) NOT NULL UNIQUE)`,
	`CREATE TABLE Product (ProductID INTEGER PRIMARY KEY, Name VARCHAR(50) NOT NULL UNIQUE, Color VARCHAR(15), ListPrice DECIMAL(10,2) NOT NULL,
		ProductCategoryID INTEGER REFERENCES ProductCategory (ProductCategoryID), SellStartDate DATE NOT NULL, SellEndDate DATE)`,
	`CREATE TABLE Customer (CustomerID INTEGER PRIMARY KEY, FirstName VARCHAR(30) NOT NULL, LastName VARCHAR(30) NOT NULL, CompanyName VARCHAR(60), SalesPerson VARCHAR(60),
		EmailAddress VARCHAR(60))`,
	`CREATE TABLE Address (AddressID INTEGER PRIMARY KEY, City VARCHAR(30) NOT NULL, StateProvince VARCHAR(30) NOT NULL, CountryRegion VARCHAR(30) NOT NULL)`,
	`CREATE TABLE SalesOrderHeader (SalesOrderID INTEGER PRIMARY KEY, OrderDate DATE NOT NULL, ShipDate DATE, SalesOrderNumber VARCHAR(20) NOT NULL UNIQUE,
		CustomerID INTEGER NOT NULL REFERENCES Customer (CustomerID), ShipToAddressID INTEGER REFERENCES Address (AddressID),
		BillToAddressID INTEGER REFERENCES Address (AddressID), TotalDue DECIMAL(12,2) NOT NULL)`,
	`CREATE TABLE SalesOrderDetail (SalesOrderID INTEGER NOT NULL REFERENCES SalesOrderHeader (SalesOrderID), SalesOrderDetailID INTEGER NOT NULL,
		OrderQty INTEGER NOT NULL, ProductID INTEGER NOT NULL REFERENCES Product (ProductID), LineTotal DECIMAL(12,2) NOT NULL, PRIMARY KEY (SalesOrderID, SalesOrderDetailID))`,
}

var bikeShopRows = []string{
	`INSERT INTO ProductCategory VALUES (1,NULL,'Bikes'),(2,NULL,'Clothing'),(3,1,'Mountain Bikes'),(4,1,'Road Bikes'),(5,2,'Caps'),(6,2,'Jerseys')`,
	`INSERT INTO Product VALUES (1,'Mountain-100 Silver, 38','Silver',3399.99,3,'2005-07-01','2006-06-30'),(2,'Road-150 Red, 62','Red',3578.27,4,'2005-07-01',NULL),
		(3,'AWC Logo Cap','Red',8.99,5,'2007-07-01',NULL),(4,'Long-Sleeve Logo Jersey, M',NULL,49.99,6,'2007-07-01',NULL),(5,'Mountain-200 Black, 42','Black',2294.99,3,'2007-07-01',NULL)`,
	`INSERT INTO Customer VALUES (1,'Orlando','Gee','A Bike Store','adventure-works\pamela0','orlando0@adventure-works.com'),
		(2,'Keith','Harris','Progressive Sports','adventure-works\david8','keith0@adventure-works.com'),
		(3,'Donna','Carreras','Advanced Bike Components','adventure-works\pamela0','donna0@adventure-works.com'),
		(4,'Orlando','Gee','A Bike Store','adventure-works\pamela0','orlando0@adventure-works.com')`,
	`INSERT INTO Address VALUES (1,'Toronto','Ontario','Canada'),(2,'London','England','United Kingdom'),(3,'Ontario','California','United States')`,
	`INSERT INTO SalesOrderHeader VALUES (10,'2008-06-01','2008-06-08','SO10',1,2,1,5000.00),(11,'2008-06-01','2008-06-08','SO11',2,1,2,120.00),(12,'2008-06-01','2008-06-08','SO12',3,3,2,3700.00)`,
	`INSERT INTO SalesOrderDetail VALUES (10,1,1,1,3399.99),(10,2,2,3,17.98),(10,3,1,5,2294.99),(11,1,2,4,99.98),(12,1,1,2,3578.27),(12,2,3,3,26.97)`,
}

var bikeShopAnswers = []answer{
	{"What percentage of our sales revenue came from bikes?", []string{"98.46"}},
	{"How many products are in the Bikes category?", []string{"3"}},
	{"What subcategories fall under Clothing?", []string{"Caps", "Jerseys"}},
	{"How much sales revenue did each product subcategory bring in?", []string{"Mountain Bikes", "Road Bikes", "Caps", "Jerseys"}},
	{"Which sales orders have more than 2 line items?", []string{"SO10"}},
	{"How many orders were shipped to addresses in the United Kingdom?", []string{"1"}},
	{"Which companies had orders shipped to California?", []string{"Advanced Bike Components"}},
	{"What is Orlando Gee's email address?", []string{"orlando0@adventure-works.com"}},
	{"Which cities in California do we have addresses in?", []string{"Ontario"}},
	{"Which sales rep looks after the most customer accounts?", []string{"adventure-works\\pamela0"}},
	{"How many products do we no longer sell?", []string{"1"}},
	{"What does the Mountain-100 Silver, 38 sell for?", []string{"3399.99"}},
	{"In which year did the most products go on sale?", []string{"2007"}},
	{"Which companies placed an order whose total due was above the average order's?", []string{"A Bike Store", "Advanced Bike Components"}},
	{"How many products do we carry in each top-level category?", []string{"Bikes", "Clothing"}},
}

// TestABikeShopIsReadByItsDocumentsAndItsCategoryTree: an order header's rows are the orders
// and are named by their number, its detail rows the line items; a category's name said of
// the products or their sales is that category or any under it (products sit in
// subcategories only); "subcategories" are the categories under another, listed or grouped,
// and "each top-level category" groups the rows by the category theirs is under;
// a key of a role is the one whose verb is said ("shipped to", also before a value: "orders
// shipped to California"); what is asked of a person kept twice is said once; "which cities in
// California" does not read California as a city; a sales rep kept as a login groups; "no
// longer sell" is an ended sale, "sell for" a price, "go on sale" the day a sale started; a
// figure compared with its average is shown beside the rows listed.
func TestABikeShopIsReadByItsDocumentsAndItsCategoryTree(t *testing.T) {
	lite, s := sqliteSchema(t, "bikeshop", bikeShopDDL, bikeShopRows)
	checkAnswers(t, lite, s, bikeShopAnswers)
	g, err := generate(t, s, datasource.SQLite, "How many products are in the Bikes category?")
	if err != nil || !strings.Contains(g.Explanation, "or under it") {
		t.Errorf("a category and those under it, said in words: %v\n%s", err, g.Explanation)
	}
	// The tree's own rows keep the one row named.
	g, err = generate(t, s, datasource.SQLite, "How many orders were billed to addresses in Ontario?")
	if err == nil && !strings.Contains(g.SQL, "BillToAddressID") {
		t.Errorf("billed to is the bill-to address:\n%s", g.SQL)
	}
}

// catalogueDDL keeps planets as the Open Exoplanet Catalogue does: lower-case names run
// together (discoverymethod, discoveryyear, spectraltype), systems with a distance and a
// constellation, stars with a temperature, and planets with a mass and an orbital period.
var catalogueDDL = []string{
	`CREATE TABLE systems (system_id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, distance DOUBLE PRECISION, constellation VARCHAR(30))`,
	`CREATE TABLE stars (star_id INTEGER PRIMARY KEY, system_id INTEGER NOT NULL REFERENCES systems (system_id), name VARCHAR(40), temperature DOUBLE PRECISION,
		spectraltype VARCHAR(10), magK DOUBLE PRECISION)`,
	`CREATE TABLE planets (planet_id INTEGER PRIMARY KEY, system_id INTEGER NOT NULL REFERENCES systems (system_id), star_id INTEGER REFERENCES stars (star_id),
		name VARCHAR(40) NOT NULL, mass DOUBLE PRECISION, period DOUBLE PRECISION, discoverymethod VARCHAR(20), discoveryyear INTEGER)`,
}

var catalogueRows = []string{
	`INSERT INTO systems VALUES (1,'Alpha Centauri',1.295,'Centaurus'),(2,'TRAPPIST-1',12.43,'Aquarius'),(3,'HAT-P-4',310,'Boötes'),(4,'KELT-9',206,'Cygnus')`,
	`INSERT INTO stars VALUES (1,1,'Proxima Centauri',3042,'M5.5V',4.38),(2,2,'TRAPPIST-1',2566,'M8V',10.3),(3,3,'HAT-P-4',5860,'G',9.4),(4,4,'KELT-9',10170,'A0',7.5)`,
	`INSERT INTO planets VALUES (1,1,1,'Proxima Centauri b',0.25,11.186,'RV',2016),(2,2,2,'TRAPPIST-1 b',0.0027,1.51,'transit',2016),
		(3,2,2,'TRAPPIST-1 c',0.0041,2.42,'transit',2016),(4,3,3,'HAT-P-4 b',0.68,3.056,'transit',2007),(5,4,4,'KELT-9 b',2.88,1.48,'transit',2017),
		(6,1,1,'Proxima Centauri d',NULL,5.12,'RV',2022)`,
}

var catalogueAnswers = []answer{
	{"How many planets were discovered in 2016?", []string{"3"}},
	{"How many planets were found with the transit method?", []string{"4"}},
	{"In which year were the most planets discovered?", []string{"2016"}},
	{"What is the most massive planet in the catalogue?", []string{"KELT-9 b"}},
	{"What are the 2 nearest planetary systems?", []string{"Alpha Centauri", "TRAPPIST-1"}},
	{"Which planet has the longest orbital period?", []string{"Proxima Centauri b"}},
	{"List the systems in the constellation Boötes.", []string{"HAT-P-4"}},
	{"Which stars have spectral type M8V?", []string{"TRAPPIST-1"}},
	{"Which planets orbit stars hotter than 10,000 K?", []string{"KELT-9 b"}},
	{"How far away is TRAPPIST-1, in parsecs?", []string{"12.43"}},
	{"What is the average mass, in Jupiter masses, of planets discovered by radial velocity?", []string{"0.25"}},
}

// TestAPlanetCatalogueIsReadThroughNamesRunTogether: lower-case names run together are
// split into their words ("discovery method"); "discovered" (and "found") is the discovery,
// its year when said with one, its method when said "by" or "with" one; "the most massive",
// "the nearest", "how far" rank or read by mass and distance; a column named right before
// one of its values only says which column the value is of; a letter right after a
// temperature is its unit, not a value or a column ("10,000 K", beside a magK column); so is
// a unit named after a thing ("in Jupiter masses"); two long words are the code their
// initials spell ("radial velocity", 'RV').
func TestAPlanetCatalogueIsReadThroughNamesRunTogether(t *testing.T) {
	lite, s := sqliteSchema(t, "catalogue", catalogueDDL, catalogueRows)
	checkAnswers(t, lite, s, catalogueAnswers)
	g, err := generate(t, s, datasource.SQLite, "Which planets orbit stars hotter than 10,000 K?")
	if err != nil || strings.Contains(g.SQL, "magK") || strings.Contains(g.SQL, "'K'") {
		t.Errorf("a temperature's unit is no column or value: %v\n%s", err, g.SQL)
	}
}

// TestRound31ShapesAnswerAlikeInEveryDialect runs round 31's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound31ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "bikeshop", ddl: bikeShopDDL, rows: bikeShopRows, answers: bikeShopAnswers},
		{name: "catalogue", ddl: catalogueDDL, rows: catalogueRows, answers: catalogueAnswers},
	})
}

// TestATreeWhoseRowsAreReferredToOnEveryLevelKeepsTheRowNamed: members sit on committees and
// on their subcommittees alike, so "the chair of the Finance Committee" is that committee's
// chair only; a category's name covers the ones under it only where rows sit in leaves.
func TestATreeWhoseRowsAreReferredToOnEveryLevelKeepsTheRowNamed(t *testing.T) {
	lite, s := sqliteSchema(t, "panels", []string{
		`CREATE TABLE committees (committee_id INTEGER PRIMARY KEY, parent_committee_id INTEGER REFERENCES committees (committee_id), name VARCHAR(60) UNIQUE)`,
		`CREATE TABLE members (member_id INTEGER PRIMARY KEY, full_name VARCHAR(60))`,
		`CREATE TABLE seats (member_id INTEGER REFERENCES members (member_id), committee_id INTEGER REFERENCES committees (committee_id), title VARCHAR(20),
			PRIMARY KEY (member_id, committee_id))`,
	}, []string{
		`INSERT INTO committees VALUES (1,NULL,'Finance Committee'),(2,1,'Subcommittee on Taxation'),(3,NULL,'Budget Committee')`,
		`INSERT INTO members VALUES (1,'Ann Reed'),(2,'Bo Lane'),(3,'Cy Diaz')`,
		`INSERT INTO seats VALUES (1,1,'Chair'),(2,2,'Chair'),(3,3,'Chair'),(2,1,'Member')`,
	})
	checkAnswers(t, lite, s, []answer{{"Who chairs the Finance Committee?", []string{"Ann Reed"}}})
}
