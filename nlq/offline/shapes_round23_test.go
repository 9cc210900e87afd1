package offline

import (
	"context"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// modelsDDL is a scale-model retailer kept as Derby keeps BIRT's Classic Models: upper-case
// names with no separators (PRODUCTLINES, QUANTITYINSTOCK, SALESREPEMPLOYEENUMBER) and no
// declared foreign key, the joins only implied by the names.
var modelsDDL = []string{
	`CREATE TABLE OFFICES (OFFICECODE VARCHAR(10) PRIMARY KEY, CITY VARCHAR(50), COUNTRY VARCHAR(50))`,
	`CREATE TABLE EMPLOYEES (EMPLOYEENUMBER INTEGER PRIMARY KEY, LASTNAME VARCHAR(50), FIRSTNAME VARCHAR(50), OFFICECODE VARCHAR(10), REPORTSTO INTEGER, JOBTITLE VARCHAR(50))`,
	`CREATE TABLE CUSTOMERS (CUSTOMERNUMBER INTEGER PRIMARY KEY, CUSTOMERNAME VARCHAR(50), COUNTRY VARCHAR(50), SALESREPEMPLOYEENUMBER INTEGER, CREDITLIMIT DOUBLE PRECISION)`,
	`CREATE TABLE PRODUCTLINES (PRODUCTLINE VARCHAR(50) PRIMARY KEY, TEXTDESCRIPTION VARCHAR(200))`,
	`CREATE TABLE PRODUCTS (PRODUCTCODE VARCHAR(15) PRIMARY KEY, PRODUCTNAME VARCHAR(70), PRODUCTLINE VARCHAR(50), QUANTITYINSTOCK INTEGER, BUYPRICE DOUBLE PRECISION, MSRP DOUBLE PRECISION)`,
	`CREATE TABLE ORDERS (ORDERNUMBER INTEGER PRIMARY KEY, ORDERDATE DATE, SHIPPEDDATE DATE, STATUS VARCHAR(15), CUSTOMERNUMBER INTEGER)`,
	`CREATE TABLE ORDERDETAILS (ORDERNUMBER INTEGER, PRODUCTCODE VARCHAR(15), QUANTITYORDERED INTEGER, PRICEEACH DOUBLE PRECISION, PRIMARY KEY (ORDERNUMBER, PRODUCTCODE))`,
	`CREATE TABLE PAYMENTS (CUSTOMERNUMBER INTEGER, CHECKNUMBER VARCHAR(50), PAYMENTDATE DATE, AMOUNT DOUBLE PRECISION, PRIMARY KEY (CUSTOMERNUMBER, CHECKNUMBER))`,
}

var modelsRows = []string{
	`INSERT INTO OFFICES VALUES ('1','San Francisco','USA'),('4','Paris','France')`,
	`INSERT INTO EMPLOYEES VALUES (1002,'Murphy','Diane','1',NULL,'President'),(1370,'Hernandez','Gerard','4',1002,'Sales Rep'),
		(1401,'Castillo','Pamela','4',1002,'Sales Rep'),(1165,'Jennings','Leslie','1',1002,'Sales Rep')`,
	`INSERT INTO CUSTOMERS VALUES (103,'Atelier graphique','France',1370,21000),(112,'Signal Gift Stores','USA',1165,71800),
		(141,'Euro+ Shopping Channel','Spain',1370,227600),(125,'Havel & Zbyszek Co','Poland',NULL,0)`,
	`INSERT INTO PRODUCTLINES VALUES ('Motorcycles','Our motorcycles'),('Classic Cars','Our cars')`,
	`INSERT INTO PRODUCTS VALUES ('S10_1678','1969 Harley Davidson Ultimate Chopper','Motorcycles',7933,48.81,95.7),
		('S10_1949','1952 Alpine Renault 1300','Classic Cars',7305,98.58,214.3),('S12_1099','1968 Ford Mustang','Classic Cars',68,95.34,194.57),
		('S18_3140','1985 Toyota Supra','Classic Cars',7733,57.01,107.57)`,
	`INSERT INTO ORDERS VALUES (10100,'2012-01-06','2012-01-10','Shipped',141),(10101,'2012-01-09','2012-01-11','Shipped',103),(10102,'2013-01-10',NULL,'On Hold',112)`,
	`INSERT INTO ORDERDETAILS VALUES (10100,'S10_1678',30,90.0),(10100,'S10_1949',50,200.0),(10101,'S12_1099',20,190.0),(10102,'S10_1678',10,95.0)`,
	`INSERT INTO PAYMENTS VALUES (141,'HQ336336','2012-02-01',5000),(103,'JM555205','2012-02-10',3800)`,
}

// modelsAnswers are questions over the retailer and what their answers hold.
var modelsAnswers = []answer{
	{"Which customers have never placed an order?", []string{"Havel & Zbyszek Co"}},
	{"Which five customers have paid us the most money in total, biggest first?", []string{"Euro+ Shopping Channel", "Atelier graphique"}},
	{"How many units of the 1969 Harley Davidson Ultimate Chopper do we have in stock?", []string{"7933"}},
	{"Which sales reps work out of the Paris office?", []string{"Hernandez", "Castillo"}},
	{"What is the highest credit limit we have given any customer?", []string{"227600"}},
	{"What is the total order value in each product line?", []string{"Motorcycles", "Classic Cars"}},
	{"How many orders did Euro+ Shopping Channel place in each year?", []string{"2012"}},
	{"When did order 10100 ship?", []string{"2012-01-10"}},
	{"When was order 10101 shipped?", []string{"2012-01-11"}},
	{"Which model has the highest manufacturer's suggested retail price?", []string{"1952 Alpine Renault 1300"}},
	{"How much money did we collect in payments in each year?", []string{"2012"}},
	{"Which products have never been ordered?", []string{"1985 Toyota Supra"}},
	{"What was the average value of an order placed in 2012?", []string{"8250"}},
}

// TestJoinsAreReadFromNamesWhenNoKeyIsDeclared: a schema that declares no foreign key is
// joined by its names (ORDERS.CUSTOMERNUMBER is the customer's key, SALESREPEMPLOYEENUMBER
// a sales rep's EMPLOYEENUMBER); names run together in capitals are split into words
// (PRODUCTLINES, PRICEEACH, BUYPRICE); a product's name that begins with a year is the
// name; a buy price times the stock on hand is no revenue, the lines' price times quantity is;
// "when did order 10100 ship" is the date the verb names, not a product line 'Ships'.
func TestJoinsAreReadFromNamesWhenNoKeyIsDeclared(t *testing.T) {
	lite, s := sqliteSchema(t, "models", modelsDDL, modelsRows)
	checkAnswers(t, lite, s, modelsAnswers)
	g, err := generate(t, s, datasource.SQLite, "What is the total order value in each product line?")
	if err != nil || !strings.Contains(g.SQL, `"PRICEEACH" * "ORDERDETAILS"."QUANTITYORDERED"`) {
		t.Errorf("order value is not the lines' price times quantity: %v\n%s", err, g.SQL)
	}
}

// TestImpliedKeysNeedADistinctName: an implied key needs a key named for its table, a column
// of the same type, and one table only of that key's name; a schema that declares any key is
// taken as declared.
func TestImpliedKeysNeedADistinctName(t *testing.T) {
	col := func(name, typ string) datasource.Column { return datasource.Column{Name: name, Type: typ} }
	tests := []struct {
		name   string
		schema datasource.Schema
		want   []string // "TABLE.COL->REF.COL"
	}{
		{"same name as a table's key", datasource.Schema{Tables: []datasource.Table{
			{Name: "CUSTOMERS", PrimaryKey: []string{"CUSTOMERNUMBER"}, Columns: []datasource.Column{col("CUSTOMERNUMBER", "integer")}},
			{Name: "ORDERS", PrimaryKey: []string{"ORDERNUMBER"}, Columns: []datasource.Column{col("ORDERNUMBER", "integer"), col("CUSTOMERNUMBER", "integer")}},
		}}, []string{"ORDERS.CUSTOMERNUMBER->CUSTOMERS.CUSTOMERNUMBER"}},
		{"a role before the key's name, and the manager", datasource.Schema{Tables: []datasource.Table{
			{Name: "EMPLOYEES", PrimaryKey: []string{"EMPLOYEENUMBER"}, Columns: []datasource.Column{col("EMPLOYEENUMBER", "integer"), col("REPORTSTO", "integer")}},
			{Name: "CUSTOMERS", PrimaryKey: []string{"CUSTOMERNUMBER"}, Columns: []datasource.Column{col("CUSTOMERNUMBER", "integer"), col("SALESREPEMPLOYEENUMBER", "integer")}},
		}}, []string{"EMPLOYEES.REPORTSTO->EMPLOYEES.EMPLOYEENUMBER", "CUSTOMERS.SALESREPEMPLOYEENUMBER->EMPLOYEES.EMPLOYEENUMBER"}},
		{"a key named id says nothing", datasource.Schema{Tables: []datasource.Table{
			{Name: "a", PrimaryKey: []string{"id"}, Columns: []datasource.Column{col("id", "integer")}},
			{Name: "b", PrimaryKey: []string{"bid"}, Columns: []datasource.Column{col("bid", "integer"), col("id", "integer")}},
		}}, nil},
		{"another type is another thing", datasource.Schema{Tables: []datasource.Table{
			{Name: "offices", PrimaryKey: []string{"office_code"}, Columns: []datasource.Column{col("office_code", "varchar(10)")}},
			{Name: "rooms", PrimaryKey: []string{"room_no"}, Columns: []datasource.Column{col("room_no", "integer"), col("office_code", "integer")}},
		}}, nil},
		{"a declared key anywhere keeps the schema as it is", datasource.Schema{Tables: []datasource.Table{
			{Name: "CUSTOMERS", PrimaryKey: []string{"CUSTOMERNUMBER"}, Columns: []datasource.Column{col("CUSTOMERNUMBER", "integer")}},
			{Name: "ORDERS", PrimaryKey: []string{"ORDERNUMBER"}, Columns: []datasource.Column{col("ORDERNUMBER", "integer"), col("CUSTOMERNUMBER", "integer")}},
			{Name: "LINES", Columns: []datasource.Column{col("ORDERNUMBER", "integer")}, ForeignKeys: []datasource.ForeignKey{{Columns: []string{"ORDERNUMBER"}, RefTable: "ORDERS", RefColumns: []string{"ORDERNUMBER"}}}},
		}}, []string{"LINES.ORDERNUMBER->ORDERS.ORDERNUMBER"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, tb := range withImpliedKeys(&tt.schema).Tables {
				for _, f := range tb.ForeignKeys {
					got = append(got, tb.Name+"."+f.Columns[0]+"->"+f.RefTable+"."+f.RefColumns[0])
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("implied keys %v, want %v", got, tt.want)
			}
		})
	}
}

// nobelDDL keeps prizes as the Nobel Prize API does (its camelCase bornCountry written
// born_country, so that PostgreSQL and MariaDB copies keep the names): place columns beside
// the dates of birth and death, a prize keyed by its year and category, laureates linked to prizes, and
// affiliations keyed to a laureate's prize by three columns.
var nobelDDL = []string{
	`CREATE TABLE laureates (id INTEGER PRIMARY KEY, firstname VARCHAR(60), surname VARCHAR(60), born VARCHAR(10), died VARCHAR(10),
		born_country VARCHAR(60), born_city VARCHAR(60), died_country VARCHAR(60), died_city VARCHAR(60), gender VARCHAR(10))`,
	`CREATE TABLE prizes (year INTEGER, category VARCHAR(20), PRIMARY KEY (year, category))`,
	`CREATE TABLE laureate_prizes (laureate_id INTEGER REFERENCES laureates(id), year INTEGER, category VARCHAR(20), share INTEGER, motivation VARCHAR(300),
		PRIMARY KEY (laureate_id, year, category), FOREIGN KEY (year, category) REFERENCES prizes(year, category))`,
	`CREATE TABLE affiliations (affiliation_id INTEGER PRIMARY KEY, laureate_id INTEGER, year INTEGER, category VARCHAR(20), name VARCHAR(100), city VARCHAR(60), country VARCHAR(60),
		FOREIGN KEY (laureate_id, year, category) REFERENCES laureate_prizes(laureate_id, year, category))`,
}

var nobelRows = []string{
	`INSERT INTO laureates VALUES (1,'Marie','Curie','1867-11-07','1934-07-04','Russian Empire (now Poland)','Warsaw','France','Sallanches','female'),
		(2,'Pierre','Curie','1859-05-15','1906-04-19','France','Paris','France','Paris','male'),
		(3,'Selma','Lagerlöf','1858-11-20','1940-03-16','Sweden','Mårbacka','Sweden','Mårbacka','female'),
		(4,'Hjalmar','Branting','1860-11-23','1925-02-24','Sweden','Stockholm','Sweden','Stockholm','male'),
		(5,'Tomas','Lindahl','1938-01-28',NULL,'Sweden','Stockholm',NULL,NULL,'male'),
		(6,'Shuji','Nakamura','1954-05-22',NULL,'Japan','Ikata',NULL,NULL,'male'),
		(7,'Carolyn','Bertozzi','1966-10-10',NULL,'USA','Boston, MA',NULL,NULL,'female'),
		(8,'International Committee of the Red Cross',NULL,'1863-00-00',NULL,NULL,NULL,NULL,NULL,'org')`,
	`INSERT INTO prizes VALUES (1903,'physics'),(1911,'chemistry'),(1909,'literature'),(1921,'peace'),(2015,'chemistry'),(2014,'physics'),(2022,'chemistry'),(1916,'peace')`,
	`INSERT INTO laureate_prizes VALUES (1,1903,'physics',4,'x'),(2,1903,'physics',4,'x'),(1,1911,'chemistry',1,'y'),(3,1909,'literature',1,'z'),
		(4,1921,'peace',2,'p'),(8,1916,'peace',1,'r'),(5,2015,'chemistry',3,'c'),(6,2014,'physics',3,'l'),(7,2022,'chemistry',3,'b')`,
	`INSERT INTO affiliations VALUES (1,1,1911,'chemistry','Sorbonne University','Paris','France'),(2,6,2014,'physics','University of California','Santa Barbara, CA','USA'),
		(3,7,2022,'chemistry','Stanford University','Stanford, CA','USA'),(4,5,2015,'chemistry','Francis Crick Institute','Hertfordshire','United Kingdom'),
		(5,6,2014,'physics','Nichia Corporation','Tokushima','Japan')`,
}

// nobelAnswers are questions over the prizes and what their answers hold.
var nobelAnswers = []answer{
	{"Which laureates were born in Stockholm?", []string{"Branting", "Lindahl"}},
	{"How many laureates were born in Japan?", []string{"1"}},
	{"In which country were the most laureates born?", []string{"Sweden"}},
	{"How many laureates are still alive?", []string{"4"}},
	{"How many laureates, not counting organisations, are still alive?", []string{"3"}},
	{"How many laureates are organisations rather than individuals?", []string{"1"}},
	{"How many women have been awarded a prize?", []string{"3"}},
	{"Which laureates were awarded the prize in literature?", []string{"Lagerlöf"}},
	{"Who won the prize in literature in 1909?", []string{"Lagerlöf"}},
	{"Who received the prize in physics in 2014?", []string{"Nakamura"}},
	{"Which laureates have received a prize more than once?", []string{"Curie"}},
	{"Where was Hjalmar Branting born?", []string{"Stockholm"}},
	{"Which country hosted the most laureates' institutions?", []string{"USA"}},
	{"How many times has the physics prize gone to a woman?", []string{"1"}},
	{"In which year were the most laureates honoured across all categories?", []string{"1903"}},
	{"How many laureates were working at a Japanese institution when they won?", []string{"1"}},
	{"How many laureates were working at an American institution?", []string{"2"}},
}

// TestAPrizeIsWonAndAPlaceIsWhereTheEventWas: "born in Stockholm" is the place column of the
// verb's event that holds the name, "in which country were they born" the birth country, not
// the country of death, "where was he born" the places beside the date of birth; "won",
// "awarded" and "honoured" only say a prize was given; "still alive" is no date of death;
// "how many women" counts the women, not their prizes; and a key of three columns is joined
// by the narrowest key it implies.
func TestAPrizeIsWonAndAPlaceIsWhereTheEventWas(t *testing.T) {
	lite, s := sqliteSchema(t, "nobel", nobelDDL, nobelRows)
	checkAnswers(t, lite, s, nobelAnswers)
	g, err := generate(t, s, datasource.SQLite, "In which year were the most laureates honoured across all categories?")
	if err != nil || strings.Contains(g.SQL, "died") || strings.Contains(g.SQL, "GROUP BY laureate_prizes.year, ") {
		t.Errorf("the year of the prize, every category at once: %v\n%s", err, g.SQL)
	}
}

// TestTheBusinessNameBeforeItsOwnNounsIsDropped: the data source's name said before a table's
// noun ("the Nobel Prize", "each Nobel category", "Marie Curie's Nobel Prize") is the
// business's own, while a value right after it keeps it a longer name of its own.
func TestTheBusinessNameBeforeItsOwnNounsIsDropped(t *testing.T) {
	lite, s := sqliteSchema(t, "nobel", nobelDDL, nobelRows)
	owner := func(r *nlq.Request) { r.OwnerNames = []string{"nobel"} }
	for q, want := range map[string]string{
		"Which laureates won the Nobel Prize in Literature?":                  "Lagerlöf",
		"How many women have been awarded a Nobel Prize?":                     "3",
		"What was the motivation for Marie Curie's Nobel Prize in Chemistry?": "y",
		"How many Nobel laureates were born in Sweden?":                       "3",
		"Which Nobel laureates died in Stockholm?":                            "Branting",
	} {
		g, err := generate(t, s, datasource.SQLite, q, owner)
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		res, err := query(context.Background(), lite, g.SQL)
		if err != nil || !strings.Contains(strings.Join(res.rows, "\n"), want) {
			t.Errorf("%q: %v, want %s in %v\n%s", q, err, want, res, g.SQL)
		}
	}
	if _, err := generate(t, s, datasource.SQLite, "Which laureates won the Nobel Prize in Literature?"); err == nil {
		t.Error("an unknown name was dropped without being the business's")
	}
}

// TestAWinVerbBeforeACountIsWhatIsCounted: "won more games" is a team's wins, never a prize
// given, so the verb is not dropped there (refused where no wins column reads it).
func TestAWinVerbBeforeACountIsWhatIsCounted(t *testing.T) {
	_, s := sqliteSchema(t, "nobel", nobelDDL, nobelRows)
	wantRefusal(t, s, "Which laureates won more than 1 prize?", "won")
}

// TestRound23ShapesAnswerAlikeInEveryDialect runs round 23's prize questions on PostgreSQL
// and MariaDB and compares their rows with SQLite's (the upper-case retailer stays SQLite's:
// PostgreSQL folds its unquoted names to lower case).
func TestRound23ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "nobel", ddl: nobelDDL, rows: nobelRows, answers: nobelAnswers},
	})
}
