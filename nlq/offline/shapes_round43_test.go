package offline

import "testing"

// pipelineDDL is a sales pipeline as Maven's CRM sample keeps it: the deals are the rows of
// sales_pipeline, named only by their deal_stage column, and a deal has an engage date (the
// table's first) and a close date.
var pipelineDDL = []string{
	`CREATE TABLE accounts (account VARCHAR(30) PRIMARY KEY, sector VARCHAR(20), employees INTEGER, office_location VARCHAR(20))`,
	`CREATE TABLE products (product VARCHAR(20) PRIMARY KEY, series VARCHAR(5) NOT NULL)`,
	`CREATE TABLE sales_pipeline (opportunity_id VARCHAR(8) PRIMARY KEY, sales_agent VARCHAR(30), product VARCHAR(20) REFERENCES products (product),
		account VARCHAR(30) REFERENCES accounts (account), deal_stage VARCHAR(12) NOT NULL, engage_date DATE, close_date DATE, close_value INTEGER)`,
}

var pipelineRows = []string{
	`INSERT INTO accounts VALUES ('Acme','retail',120,'United States'),('Betatech','medical',4000,'Belgium'),('Cancity','retail',300,'United States')`,
	`INSERT INTO products VALUES ('GTX Basic','GTX'),('MG Special','MG')`,
	`INSERT INTO sales_pipeline VALUES ('O1','Ann Lee','GTX Basic','Acme','Won','2017-01-20','2017-03-02',500),
		('O2','Ann Lee','MG Special','Betatech','Won','2017-02-10','2017-03-15',60),
		('O3','Bo Kim','GTX Basic','Cancity','Won','2017-03-01','2017-04-05',550),
		('O4','Bo Kim','GTX Basic','Acme','Lost','2017-03-10','2017-04-20',0),
		('O5','Ann Lee','MG Special','Acme','Lost','2017-02-01','2017-03-30',0),
		('O6','Bo Kim','MG Special','Betatech','Engaging','2017-04-01',NULL,NULL),
		('O7','Cy Ray','GTX Basic','Cancity','Prospecting',NULL,NULL,NULL)`,
}

// TestDealsAreThePipelinesRowsAndTheirCloseDateIsNamed: "deals" are the rows whose stage is
// deal_stage, counted as rows, not as different stages; "with a close date in March 2017" and
// "by close date" say which of the two dates the period is of; "sales opportunities" are the
// rows of sales_pipeline, the first word being its own name's; "show each account with its
// total" after a top five says the five again, not a top five within each account; a
// business's own words are the schema's: a closing value is the close value, a customer
// account the account, an industry its sector, headquarters its office location, and
// "outside" a place is anywhere but there; "and how many does it have" after "the most
// employees" is the number ranked.
func TestDealsAreThePipelinesRowsAndTheirCloseDateIsNamed(t *testing.T) {
	lite, s := sqliteSchema(t, "pipeline", pipelineDDL, pipelineRows)
	checkAnswers(t, lite, s, pipelineAnswers)
}

var pipelineAnswers = []answer{
	{"How many deals were lost?", []string{"2"}},
	{"How many deals were won with a close date in March 2017?", []string{"2"}},
	{"How many deals were won in each month of 2017, by close date?", []string{"03", "04"}},
	{"For each product series, how many deals were won?", []string{"GTX", "MG"}},
	{"How many sales opportunities are at the Engaging stage?", []string{"1"}},
	{"Which two accounts generated the most won deal value? Show each account with its total.", []string{"Cancity", "Acme"}},
	{"What is the average closing value of the won deals?", []string{"370"}},
	{"How many customer accounts are in the retail sector?", []string{"2"}},
	{"Which industry sector's accounts brought in the most won deal value?", []string{"retail"}},
	{"Which customer accounts have their headquarters outside the United States?", []string{"Betatech"}},
	{"What is the total won deal value from accounts headquartered outside the United States?", []string{"60"}},
	{"Which customer account has the most employees, and how many does it have?", []string{"Betatech"}},
}

// wholesaleDDL is an importer's orders as Wide World Importers keeps them: an order's lines
// carry their own picking date, and two people are named on each order, the salesperson and
// the picker.
var wholesaleDDL = []string{
	`CREATE TABLE people (person_id INTEGER PRIMARY KEY, full_name VARCHAR(30) NOT NULL)`,
	`CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, supplier_name VARCHAR(30) NOT NULL, bank_account_name VARCHAR(30), phone_number VARCHAR(20))`,
	`CREATE TABLE stock_items (stock_item_id INTEGER PRIMARY KEY, stock_item_name VARCHAR(60) NOT NULL, supplier_id INTEGER NOT NULL REFERENCES suppliers (supplier_id))`,
	`CREATE TABLE orders (order_id INTEGER PRIMARY KEY, salesperson_person_id INTEGER NOT NULL REFERENCES people (person_id),
		picked_by_person_id INTEGER REFERENCES people (person_id), order_date DATE NOT NULL)`,
	`CREATE TABLE order_lines (order_line_id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders (order_id), quantity INTEGER NOT NULL,
		unit_price DECIMAL(8,2) NOT NULL, picking_completed_when TIMESTAMP)`,
}

var wholesaleRows = []string{
	`INSERT INTO people VALUES (1,'Kayla Woodcock'),(2,'Hudson Onslow'),(3,'Amy Trefl')`,
	`INSERT INTO suppliers VALUES (1,'Litware, Inc.','Litware Inc','(209) 555-0108'),(2,'The Phone Company','The Phone Company','(909) 555-0100'),
		(3,'Fabrikam, Inc.','Fabrikam Inc','(203) 555-0104')`,
	`INSERT INTO stock_items VALUES (1,'Clear packaging tape 48mmx75m',1),(2,'Shipping carton (Brown) 500x310x310mm',1),(3,'USB rocket launcher',3)`,
	`INSERT INTO orders VALUES (10,1,2,'2015-12-30'),(11,2,1,'2015-06-01'),(12,1,1,'2016-01-05'),(13,3,2,'2016-02-01')`,
	`INSERT INTO order_lines VALUES (100,10,2,10.00,'2016-01-02 10:00:00'),(101,10,1,5.00,'2016-01-02 10:00:00'),(102,10,4,1.00,'2016-01-02 10:00:00'),
		(103,11,3,2.00,'2015-06-02 09:00:00'),(104,12,1,100.00,'2016-01-06 09:00:00'),(105,13,5,3.00,'2016-02-02 09:00:00')`,
}

// TestAnOrderPlacedInAYearIsDatedByItsOrderDate: "an order placed in 2015" is dated by the
// order, named right before the verb, not by its lines' picking date; "how much did Kayla
// Woodcock sell" is her orders as their salesperson, not those she picked; "the supplier
// Litware, Inc." is the supplier of that name, not the one whose bank account is in the name
// 'Litware Inc'; "the phone number" is no supplier 'The Phone Company' cut short.
func TestAnOrderPlacedInAYearIsDatedByItsOrderDate(t *testing.T) {
	lite, s := sqliteSchema(t, "wholesale", wholesaleDDL, wholesaleRows)
	checkAnswers(t, lite, s, wholesaleAnswers)
}

var wholesaleAnswers = []answer{
	{"On average, how many lines does an order placed in 2015 have?", []string{"2"}},
	{"How much did Kayla Woodcock sell in total (quantity times unit price)?", []string{"129"}},
	{"How much did Hudson Onslow sell in total (quantity times unit price)?", []string{"6"}},
	{"How many different stock items does the supplier Litware, Inc. provide?", []string{"2"}},
	{"What is the phone number of the supplier Fabrikam, Inc.?", []string{"(203) 555-0104"}},
}

// cricketDDL is a league's matches as Cricsheet keeps them: dates as 'YYYY/MM/DD' text and a
// season named by its year, or by two when it ran over the new year ('2020/21').
var cricketDDL = []string{
	`CREATE TABLE matches (match_id INTEGER PRIMARY KEY, season VARCHAR(7) NOT NULL, date VARCHAR(10) NOT NULL, venue VARCHAR(30) NOT NULL)`,
	`CREATE TABLE match_players (match_id INTEGER NOT NULL REFERENCES matches (match_id), player VARCHAR(30) NOT NULL, PRIMARY KEY (match_id, player))`,
}

var cricketRows = []string{
	`INSERT INTO matches VALUES (1,'2019','2019/04/02','Eden Gardens'),(2,'2019','2019/04/20','Wankhede Stadium'),(3,'2019','2019/05/01','Eden Gardens'),
		(4,'2020/21','2020/11/10','Dubai'),(5,'2020/21','2021/01/04','Dubai'),(6,'2021','2021/04/09','Chepauk'),(7,'2021','2021/09/20','Dubai'),
		(8,'2021','2021/09/25','Dubai')`,
	`INSERT INTO match_players VALUES (1,'V Kohli'),(1,'MS Dhoni'),(2,'V Kohli'),(6,'V Kohli'),(7,'MS Dhoni')`,
}

// TestASeasonIsItsOwnValueAndSlashedDatesAreDates: "the 2021 IPL season" is the season
// '2021', not the calendar year (which holds a '2020/21' match too); "matches were played" says
// nothing of the players; dates kept as '2019/04/02' are filtered and grouped as dates.
func TestASeasonIsItsOwnValueAndSlashedDatesAreDates(t *testing.T) {
	lite, s := sqliteSchema(t, "cricket", cricketDDL, cricketRows)
	checkAnswers(t, lite, s, cricketAnswers)
}

var cricketAnswers = []answer{
	{"How many matches were played in the 2021 IPL season?", []string{"3"}},
	{"How many matches of the 2021 season were played in each calendar month?", []string{"04", "09"}},
	{"How many matches were played in April 2019?", []string{"2"}},
	{"How many matches were played in 2021?", []string{"4"}},
}

// TestRound43ShapesAnswerAlikeInEveryDialect runs round 43's questions on PostgreSQL and
// MariaDB and compares the rows with SQLite's.
func TestRound43ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "pipeline", ddl: pipelineDDL, rows: pipelineRows, answers: pipelineAnswers},
		{name: "wholesale", ddl: wholesaleDDL, rows: wholesaleRows, answers: wholesaleAnswers},
		{name: "cricket", ddl: cricketDDL, rows: cricketRows, answers: cricketAnswers},
	})
}

// TestACompoundsPluralIsItsHeadsPlural: "salespeople" is the plural of salesperson as
// "people" is of person, and "chairwomen" of chairwoman.
func TestACompoundsPluralIsItsHeadsPlural(t *testing.T) {
	for in, want := range map[string]string{"salespeople": "salesperson", "people": "person", "chairwomen": "chairwoman", "orders": "order"} {
		if got := singular(in); got != want {
			t.Errorf("singular(%q) = %q, want %q", in, got, want)
		}
	}
}
