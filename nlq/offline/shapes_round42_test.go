package offline

import (
	"context"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// hrDDL is a staff history kept as MySQL's employees sample keeps it: each row of a
// department membership, a manager's term, a title or a salary is a period (from_date,
// to_date), and the rows that still hold end on '9999-01-01'. dept_emp links employees to
// departments as members; dept_manager links the same two tables as their managers.
var hrDDL = []string{
	`CREATE TABLE employees (emp_no INTEGER PRIMARY KEY, first_name VARCHAR(14) NOT NULL, last_name VARCHAR(16) NOT NULL, gender CHAR(1) NOT NULL, hire_date DATE NOT NULL)`,
	`CREATE TABLE departments (dept_no CHAR(4) PRIMARY KEY, dept_name VARCHAR(40) NOT NULL UNIQUE)`,
	`CREATE TABLE dept_manager (emp_no INTEGER NOT NULL REFERENCES employees (emp_no), dept_no CHAR(4) NOT NULL REFERENCES departments (dept_no),
		from_date DATE NOT NULL, to_date DATE NOT NULL, PRIMARY KEY (emp_no, dept_no))`,
	`CREATE TABLE dept_emp (emp_no INTEGER NOT NULL REFERENCES employees (emp_no), dept_no CHAR(4) NOT NULL REFERENCES departments (dept_no),
		from_date DATE NOT NULL, to_date DATE NOT NULL, PRIMARY KEY (emp_no, dept_no))`,
	`CREATE TABLE titles (emp_no INTEGER NOT NULL REFERENCES employees (emp_no), title VARCHAR(50) NOT NULL, from_date DATE NOT NULL, to_date DATE,
		PRIMARY KEY (emp_no, title, from_date))`,
	`CREATE TABLE salaries (emp_no INTEGER NOT NULL REFERENCES employees (emp_no), salary INTEGER NOT NULL, from_date DATE NOT NULL, to_date DATE NOT NULL,
		PRIMARY KEY (emp_no, from_date))`,
}

var hrRows = []string{
	`INSERT INTO employees VALUES (1,'Ann','Archer','F','1990-01-10'),(2,'Ben','Baker','M','1991-03-01'),(3,'Cleo','Cole','F','1992-06-15'),
		(4,'Dan','Dunn','M','1993-09-01'),(5,'Eve','Ellis','F','1994-02-01')`,
	`INSERT INTO departments VALUES ('d001','Research'),('d002','Sales')`,
	`INSERT INTO dept_manager VALUES (1,'d002','1995-01-01','2000-01-01'),(4,'d002','2000-01-01','9999-01-01'),(2,'d001','1995-01-01','9999-01-01')`,
	`INSERT INTO dept_emp VALUES (1,'d001','1990-01-10','9999-01-01'),(2,'d001','1991-03-01','1998-01-01'),(2,'d002','1998-01-01','9999-01-01'),
		(3,'d001','1992-06-15','9999-01-01'),(4,'d002','1993-09-01','9999-01-01'),(5,'d001','1994-02-01','1999-01-01')`,
	`INSERT INTO titles VALUES (1,'Engineer','1990-01-10','9999-01-01'),(2,'Staff','1991-03-01','9999-01-01'),(3,'Engineer','1992-06-15','1996-01-01'),
		(3,'Senior Engineer','1996-01-01','9999-01-01'),(4,'Staff','1993-09-01','9999-01-01'),(5,'Engineer','1994-02-01','1999-01-01'),
		(1,'Staff','1988-01-01','1990-01-10'),(2,'Engineer','1989-01-01','1991-03-01'),(4,'Engineer','1990-01-01','1993-09-01'),(5,'Staff','1990-01-01','1994-02-01')`,
	`INSERT INTO salaries VALUES (1,60000,'1990-01-10','1995-01-01'),(1,70000,'1995-01-01','9999-01-01'),(2,50000,'1991-03-01','1996-01-01'),
		(2,55000,'1996-01-01','9999-01-01'),(3,90000,'1992-06-15','1997-01-01'),(3,110000,'1997-01-01','9999-01-01'),(4,80000,'1993-09-01','9999-01-01'),
		(5,120000,'1994-02-01','1999-01-01')`,
}

// TestAStaffHistoryIsReadAsItStandsToday: "currently" keeps today's rows of every table of
// periods the answer joins (the department memberships on the way to the department, the
// salaries compared), so a salary is compared as it is now, not added up over the years; a
// member of a department is reached through dept_emp, named by what it links, not through the
// managers' terms; "who is the manager" lists the person a manager's term points to; "which
// job titles exist" lists each title once, though the history holds each many times.
func TestAStaffHistoryIsReadAsItStandsToday(t *testing.T) {
	lite, s := sqliteSchema(t, "hr", hrDDL, hrRows)
	checkAnswers(t, lite, s, hrAnswers)
}

var hrAnswers = []answer{
	{"How many women currently work in the Research department?", []string{"2"}},
	{"How many employees are currently paid more than 100,000?", []string{"1"}},
	{"Who is the current manager of the Sales department?", []string{"Dunn"}},
	{"How many employees have worked in more than one department?", []string{"1"}},
	{"What is the highest salary the company has ever paid anyone?", []string{"120000"}},
	{"Which department has the highest average current salary?", []string{"Research"}},
	{"What is the average current salary for each title?", []string{"Engineer", "Senior Engineer", "Staff"}},
	{"Which job titles exist in the company?", []string{"Engineer", "Senior Engineer", "Staff"}},
}

// retailDDL is a shop's sales kept in one flat table, as the UCI Online Retail data is: an
// invoice is the lines that share an InvoiceNo; customers exist only as the CustomerID of
// their lines, missing on some.
var retailDDL = []string{
	`CREATE TABLE online_retail (InvoiceNo VARCHAR(10) NOT NULL, StockCode VARCHAR(10) NOT NULL, Description VARCHAR(40), Quantity INTEGER NOT NULL,
		InvoiceDate TIMESTAMP NOT NULL, UnitPrice DECIMAL(8,2) NOT NULL, CustomerID INTEGER, Country VARCHAR(20) NOT NULL)`,
}

var retailRows = []string{
	`INSERT INTO online_retail VALUES ('536365','85123A','WHITE HANGING HEART',6,'2010-12-01 08:26:00',2.55,17850,'United Kingdom'),
		('536365','71053','WHITE METAL LANTERN',6,'2010-12-01 08:26:00',3.39,17850,'United Kingdom'),
		('536366','22633','HAND WARMER UNION JACK',6,'2010-12-01 08:28:00',1.85,17850,'United Kingdom'),
		('536367','84879','ASSORTED BIRD ORNAMENT',32,'2010-12-01 08:34:00',1.69,13047,'United Kingdom'),
		('536370','22728','ALARM CLOCK PINK',24,'2010-12-01 08:45:00',3.75,12583,'France'),
		('536371','22086','PAPER CHAIN KIT',80,'2010-12-01 09:00:00',2.55,12583,'France'),
		('536372','22632','HAND WARMER RED',6,'2010-12-01 09:01:00',1.85,12662,'Germany'),
		('536373','21730','GLASS STAR LANTERN',600,'2010-12-01 09:02:00',4.25,NULL,'United Kingdom'),
		('536374','21258','VICTORIAN SEWING BOX',32,'2010-12-01 09:09:00',10.95,15100,'United Kingdom')`,
}

// TestAFlatSalesTableCountsItsCustomersAndInvoices: with no customers table, "customers" are
// the different CustomerIDs and "invoices" the different InvoiceNos; "the most customers" ranks
// by how many different ones each group has; "which customer spent the most" ranks the
// customers, not the lines that have none; "the countries the customers come from" are the
// lines' countries, the customers only restating whose lines they are; "invoices issued on"
// a day are the different invoice numbers of that day's lines.
func TestAFlatSalesTableCountsItsCustomersAndInvoices(t *testing.T) {
	lite, s := sqliteSchema(t, "retail", retailDDL, retailRows)
	checkAnswers(t, lite, s, retailAnswers)
}

var retailAnswers = []answer{
	{"How many customers are there?", []string{"5"}},
	{"How many customers does each country have?", []string{"United Kingdom", "France", "Germany"}},
	{"Which country has the most different customers?", []string{"United Kingdom"}},
	{"Which country has the most invoices?", []string{"United Kingdom"}},
	{"Which customer has spent the most?", []string{"15100"}},
	{"How many different countries do the customers come from?", []string{"3"}},
	{"How many invoices were issued on 1 December 2010?", []string{"8"}},
}

// chessDDL is a chess site's games as lichess's export keeps them: when a game started is a
// Unix time in milliseconds, and whether it was rated is spelled 'TRUE', 'True', 'FALSE' or
// 'False', the two halves of the file having gone through different tools.
var chessDDL = []string{
	`CREATE TABLE players (id VARCHAR(20) PRIMARY KEY)`,
	`CREATE TABLE games (id VARCHAR(8) PRIMARY KEY, rated VARCHAR(5) NOT NULL, created_at DOUBLE PRECISION NOT NULL, turns INTEGER NOT NULL,
		winner VARCHAR(5) NOT NULL, white_id VARCHAR(20) NOT NULL REFERENCES players (id), black_id VARCHAR(20) NOT NULL REFERENCES players (id))`,
}

var chessRows = []string{
	`INSERT INTO players VALUES ('anna'),('boris'),('carl')`,
	// 1451606400000 is 2016-01-01 00:00 UTC; the games sit days away from the year's ends.
	`INSERT INTO games VALUES ('g1','TRUE',1435708800000,40,'white','anna','boris'),('g2','True',1458000000000,61,'black','boris','carl'),
		('g3','FALSE',1460000000000,23,'draw','carl','anna'),('g4','False',1470000000000,88,'white','anna','carl'),
		('g5','TRUE',1491500000000,35,'black','boris','anna'),('g6','True',1492000000000,52,'white','carl','boris')`,
}

// TestAGamesExportReadsUnixTimesAndCaseVariantsAsTheyMean: created_at in milliseconds since
// 1970 is the day a game started, filtered and grouped by year and month like any date; a
// rated game is one whose flag says so in either spelling; "what percentage of games did White
// win in each year" is White's wins among each year's games.
func TestAGamesExportReadsUnixTimesAndCaseVariantsAsTheyMean(t *testing.T) {
	lite, s := sqliteSchema(t, "chess", chessDDL, chessRows)
	checkAnswers(t, lite, s, chessAnswers)
}

var chessAnswers = []answer{
	{"How many of the games were rated games?", []string{"4"}},
	{"How many games were not rated?", []string{"2"}},
	{"How many games were started in 2016?", []string{"3"}},
	{"How many games were started in each year?", []string{"2015", "2016", "2017"}},
	{"In which month were the most games started?", []string{"2017-04"}},
	{"What percentage of games did White win in each year?", []string{"2015", "2016", "50"}},
}

// TestRound42ShapesAnswerAlikeInEveryDialect runs round 42's questions on PostgreSQL and
// MariaDB and compares the rows with SQLite's.
func TestRound42ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "hr", ddl: hrDDL, rows: hrRows, answers: hrAnswers},
		{name: "retail", ddl: retailDDL, rows: retailRows, answers: retailAnswers},
		{name: "chess", ddl: chessDDL, rows: chessRows, answers: chessAnswers},
	})
}

// TestAKeyedTablesBareIdIsNoThingOfItsOwn: customers.region_id whose regions table the agent
// may not see (its schema has no such table, nor the key to it) is not the regions: "customers
// per region" is refused, so the API can say which table the agent is not allowed to read.
func TestAKeyedTablesBareIdIsNoThingOfItsOwn(t *testing.T) {
	_, s := sqliteSchema(t, "keyed", []string{
		`CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL, region_id INTEGER)`,
	}, []string{`INSERT INTO customers VALUES (1,'Ann',1),(2,'Bo',2),(3,'Cy',2)`})
	if g, err := New().Generate(context.Background(), nlq.Request{Question: "number of customers per region", Dialect: datasource.SQLite, Schema: s, Now: benchNow}); err == nil {
		t.Errorf("answered with\n%s", g.SQL)
	}
}
