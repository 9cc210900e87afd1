package offline

import (
	"strings"
	"testing"
)

// clinicDDL is a schema in the OMOP common data model's conventions: patients are persons,
// every coded fact keys one lookup many tables share (concept) by a key named for its role
// (condition_concept_id, visit_concept_id, cause_concept_id), each kind of record is a table
// named "<kind>_occurrence", and eras are spans derived from the occurrences.
var clinicDDL = []string{
	`CREATE TABLE concept (concept_id INTEGER PRIMARY KEY, concept_name VARCHAR(255), domain_id VARCHAR(20), vocabulary_id VARCHAR(20), concept_class_id VARCHAR(20), concept_code VARCHAR(50))`,
	`CREATE TABLE person (person_id INTEGER PRIMARY KEY, gender_source_value VARCHAR(10), year_of_birth INTEGER, ethnicity_concept_id INTEGER REFERENCES concept(concept_id))`,
	`CREATE TABLE provider (provider_id INTEGER PRIMARY KEY, provider_name VARCHAR(100))`,
	`CREATE TABLE visit_occurrence (visit_occurrence_id INTEGER PRIMARY KEY, person_id INTEGER NOT NULL REFERENCES person(person_id), visit_concept_id INTEGER NOT NULL REFERENCES concept(concept_id), visit_start_date DATE, provider_id INTEGER REFERENCES provider(provider_id))`,
	`CREATE TABLE condition_occurrence (condition_occurrence_id INTEGER PRIMARY KEY, person_id INTEGER NOT NULL REFERENCES person(person_id), condition_concept_id INTEGER NOT NULL REFERENCES concept(concept_id), condition_start_date DATE, condition_source_concept_id INTEGER REFERENCES concept(concept_id))`,
	`CREATE TABLE condition_era (condition_era_id INTEGER PRIMARY KEY, person_id INTEGER NOT NULL REFERENCES person(person_id), condition_concept_id INTEGER NOT NULL REFERENCES concept(concept_id), condition_era_start_date DATE)`,
	`CREATE TABLE drug_exposure (drug_exposure_id INTEGER PRIMARY KEY, person_id INTEGER NOT NULL REFERENCES person(person_id), drug_concept_id INTEGER NOT NULL REFERENCES concept(concept_id), drug_exposure_start_date DATE)`,
	`CREATE TABLE death (person_id INTEGER PRIMARY KEY REFERENCES person(person_id), death_date DATE, cause_concept_id INTEGER REFERENCES concept(concept_id))`,
}

var clinicRows = []string{
	`INSERT INTO concept VALUES (1,'Hispanic or Latino','Ethnicity','Ethnicity','Ethnicity','Hispanic'),(2,'Not Hispanic or Latino','Ethnicity','Ethnicity','Ethnicity','Not Hispanic'),
		(9201,'Inpatient Visit','Visit','Visit','Visit','IP'),(9202,'Outpatient Visit','Visit','Visit','Visit','OP'),(9203,'Emergency Room Visit','Visit','Visit','Visit','ER'),
		(320128,'Essential hypertension','Condition','SNOMED','Clinical Finding','59621000'),(37311061,'COVID-19','Condition','SNOMED','Clinical Finding','840539006'),
		(40481087,'Viral sinusitis','Condition','SNOMED','Clinical Finding','444814009'),(4329847,'Myocardial infarction','Condition','SNOMED','Clinical Finding','22298006'),
		(201826,'Type 2 diabetes mellitus','Condition','SNOMED','Clinical Finding','44054006'),
		(1112807,'aspirin 81 MG Oral Tablet','Drug','RxNorm','Clinical Drug','243670'),(1713332,'amoxicillin 250 MG Oral Capsule','Drug','RxNorm','Clinical Drug','308182')`,
	`INSERT INTO drug_exposure VALUES (1,1,1112807,'2021-01-01'),(2,2,1112807,'2021-02-01'),(3,3,1713332,'2021-03-01'),(4,1,1112807,'2021-04-01')`,
	`INSERT INTO person VALUES (1,'F',1950,1),(2,'M',1962,2),(3,'F',1971,2),(4,'M',1980,2),(5,'F',1990,1)`,
	`INSERT INTO provider VALUES (1,'Dr. Ada Moss'),(2,'Dr. Ben Holt')`,
	`INSERT INTO visit_occurrence VALUES (1,1,9202,'2021-02-01',1),(2,1,9203,'2021-03-05',1),(3,2,9202,'2021-04-01',2),(4,3,9201,'2020-06-01',1),(5,4,9202,'2022-01-10',1),(6,5,9203,'2022-02-11',2),(7,2,9202,'2022-05-01',1)`,
	`INSERT INTO condition_occurrence VALUES (1,1,320128,'2019-01-01',320128),(2,2,320128,'2020-01-01',320128),(3,3,37311061,'2020-12-01',37311061),(4,4,40481087,'2021-01-01',40481087),(5,1,40481087,'2021-06-01',40481087),(6,5,40481087,'2021-07-01',40481087),(7,2,201826,'2021-08-01',201826)`,
	`INSERT INTO condition_era VALUES (1,1,320128,'2019-01-01'),(2,2,320128,'2020-01-01'),(3,3,37311061,'2020-12-01'),(4,4,40481087,'2021-01-01'),(5,1,40481087,'2021-06-01'),(6,5,40481087,'2021-07-01'),(7,2,201826,'2021-08-01')`,
	`INSERT INTO death VALUES (2,'2022-09-01',4329847)`,
}

// clinicAnswers are questions over clinic and what their answers hold.
var clinicAnswers = []answer{
	{"How many patients are there?", []string{"5"}},
	{"How many patients have had COVID-19?", []string{"1"}},
	{"How many patients have been diagnosed with essential hypertension?", []string{"2"}},
	{"What are the two most common conditions?", []string{"Viral sinusitis", "Essential hypertension"}},
	{"How many visits were there of each visit type?", []string{"Outpatient Visit", "Emergency Room Visit", "Inpatient Visit"}},
	{"Which provider had the most visits?", []string{"Dr. Ada Moss"}},
	{"How many visits began in 2021?", []string{"3"}},
	{"How many patients have died?", []string{"1"}},
	{"Which drug was given to the most patients?", []string{"aspirin 81 MG Oral Tablet"}},
	{"Which patients have never been given any drug?", []string{"4", "5"}},
	{"When does the earliest visit begin?", []string{"2020-06-01"}},
	{"How many emergency room visits were there?", []string{"2"}},
	{"When did the most recent death occur?", []string{"2022-09-01"}},
	{"What percentage of patients have had viral sinusitis?", []string{"60"}},
	{"Which patients have never been to the emergency room?", []string{"2", "3", "4"}},
	{"How many outpatient visits were there per year?", []string{"2021", "2022"}},
}

// TestASharedLookupIsReadThroughTheRoleOfEachKey: a name kept in a lookup many tables share
// is found in the key that holds it (a condition, not a patient's ethnicity), a record of a
// kind is named by its kind's name, and an era derived from the occurrences is read after
// them.
func TestASharedLookupIsReadThroughTheRoleOfEachKey(t *testing.T) {
	lite, s := sqliteSchema(t, "clinic", clinicDDL, clinicRows)
	checkAnswers(t, lite, s, clinicAnswers)
	g := wantSQL(t, s, "How many patients have had COVID-19?", "condition_occurrence.condition_concept_id")
	if strings.Contains(g.SQL, "ethnicity_concept_id") || strings.Contains(g.SQL, "condition_era") {
		t.Errorf("COVID-19 read through another key:\n%s", g.SQL)
	}
	wantSQL(t, s, "What is the most common cause of death?", "death.cause_concept_id")
}

// martDDL is a data warehouse's star schema as FoodMart keeps one: a fact table of one year
// (sales_fact_1997) with no date of its own, only a key to a calendar table, beside
// dimensions that have dates of their own (a customer's account opening).
var martDDL = []string{
	`CREATE TABLE time_by_day (time_id INTEGER PRIMARY KEY, the_date VARCHAR(30), the_day VARCHAR(10), the_month VARCHAR(10), the_year INTEGER, month_of_year INTEGER, quarter VARCHAR(2))`,
	`CREATE TABLE store (store_id INTEGER PRIMARY KEY, store_name VARCHAR(30), store_type VARCHAR(30), store_sqft INTEGER, grocery_sqft INTEGER, first_opened_date VARCHAR(30), coffee_bar SMALLINT)`,
	`CREATE TABLE customer (customer_id INTEGER PRIMARY KEY, fullname VARCHAR(60), member_card VARCHAR(20), date_accnt_opened DATE, total_children INTEGER, gender VARCHAR(1))`,
	`CREATE TABLE promotion (promotion_id INTEGER PRIMARY KEY, promotion_name VARCHAR(30))`,
	`CREATE TABLE employee (employee_id INTEGER PRIMARY KEY, full_name VARCHAR(60), gender VARCHAR(1), store_id INTEGER REFERENCES store(store_id))`,
	`CREATE TABLE returns (return_id INTEGER PRIMARY KEY, store_id INTEGER NOT NULL REFERENCES store(store_id), customer_id INTEGER NOT NULL REFERENCES customer(customer_id), units_returned INTEGER)`,
	`CREATE TABLE sales_fact_1997 (time_id INTEGER NOT NULL REFERENCES time_by_day(time_id), store_id INTEGER NOT NULL REFERENCES store(store_id), customer_id INTEGER NOT NULL REFERENCES customer(customer_id), promotion_id INTEGER NOT NULL REFERENCES promotion(promotion_id), store_sales DECIMAL(10,4), store_cost DECIMAL(10,4), unit_sales DECIMAL(10,4))`,
}

var martRows = []string{
	`INSERT INTO time_by_day VALUES (1,'1997-01-01 00:00:00','Wednesday','January',1997,1,'Q1'),(2,'1997-01-02 00:00:00','Thursday','January',1997,1,'Q1'),(3,'1997-02-01 00:00:00','Saturday','February',1997,2,'Q1'),(4,'1997-07-04 00:00:00','Friday','July',1997,7,'Q3'),(5,'1998-01-03 00:00:00','Saturday','January',1998,1,'Q1')`,
	`INSERT INTO store VALUES (1,'Store 1','Supermarket',23593,17475,'1982-01-09 00:00:00',1),(2,'Store 2','Small Grocery',28206,22271,'1970-04-02 00:00:00',0),(3,'Store 3','Deluxe Supermarket',39696,24390,'1959-06-14 00:00:00',1)`,
	`INSERT INTO customer VALUES (1,'Sheri Nowmer','Bronze','1991-06-20',4,'F'),(2,'Derrick Whelply','Golden','1997-03-04',1,'M'),(3,'Jeanne Derry','Bronze','1997-11-01',5,'F')`,
	`INSERT INTO returns VALUES (1,1,2,3),(2,3,3,1)`,
	`INSERT INTO employee VALUES (1,'Sheri Nowmer','F',1),(2,'Michael Spence','M',1),(3,'Maya Gutierrez','F',3),(4,'Roberta Damstra','F',2)`,
	`INSERT INTO promotion VALUES (0,'No Promotion'),(1,'Cash Register Lottery'),(2,'Saving Days'),(3,'Price Winners')`,
	`INSERT INTO sales_fact_1997 VALUES (1,1,1,0,10.5,4.2,3),(2,1,2,1,20,8,5),(3,2,3,2,5,2,1),(4,3,1,0,40,15,9),(5,3,2,0,100,40,20)`,
}

// martAnswers are questions over mart and what their answers hold.
var martAnswers = []answer{
	{"What were our total store sales in 1997?", []string{"75.5"}},
	{"Which store sold the most units in 1997?", []string{"Store 3"}},
	{"How many units were sold in January 1997?", []string{"8"}},
	{"Which store has the largest store sqft?", []string{"Store 3"}},
	{"How many customers hold a Golden membership card?", []string{"1"}},
	{"How many stores have a coffee bar?", []string{"2"}},
	{"Which customer spent the most in 1997?", []string{"Sheri Nowmer"}},
	{"How many customers spent more than $30 in 1997?", []string{"1"}},
	{"Which promotion brought in the most sales?", []string{"Cash Register Lottery"}},
	{"Which customers never bought anything on promotion?", []string{"Sheri Nowmer"}},
	{"What are the two most profitable stores?", []string{"Store 3", "Store 1"}},
	{"Which day of the week brings in the most sales?", []string{"Saturday"}},
	{"Which store opened first?", []string{"Store 3"}},
	{"How many women work for us?", []string{"3"}},
	{"What were the store sales per month in 1997?", []string{"1997-01", "1997-02", "1997-07"}},
	{"How many units were sold on each day of the week?", []string{"Wednesday", "Thursday", "Friday", "Saturday"}},
}

// TestAFactTableIsDatedByItsCalendar: a fact table without a date of its own is dated by the
// calendar table it keys, never by a dimension's date (a customer's account opening); its
// units sold and a customer's total_children are counts, not money; a store that has a
// coffee bar has the flag set; customers who spent more than an amount spent it in all; a
// table without a calendar, between two dated parents, is not dated by either; profit is
// sales less cost; the day of the week is a bucket of its own; the
// dimension row that stands for none ('No Promotion') is no promotion to rank or to buy on.
func TestAFactTableIsDatedByItsCalendar(t *testing.T) {
	lite, s := sqliteSchema(t, "mart", martDDL, martRows)
	checkAnswers(t, lite, s, martAnswers)
	g := wantSQL(t, s, "What were our total store sales in 1997?", "time_by_day.the_date")
	if strings.Contains(g.SQL, "date_accnt_opened") {
		t.Errorf("the sales dated by the customer's account:\n%s", g.SQL)
	}
	wantSQL(t, s, "Which store sold the most units in 1997?", "SUM(sales_fact_1997.unit_sales)")
	// A return has no date, and its store's opening and its customer's account are two
	// dates of two unrelated rows: which one "in 1997" means, nothing says.
	wantRefusal(t, s, "How many units were returned in 1997?", "in 1997")
}

// TestRound18ShapesExecuteInEveryDialect runs round 18's questions on PostgreSQL and MariaDB
// copies of their schemas and compares the rows with SQLite's.
func TestRound18ShapesExecuteInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{{"clinic", clinicDDL, clinicRows, clinicAnswers}, {"mart", martDDL, martRows, martAnswers}})
}

// TestAPlaceholderRowIsNamedAsNoneOfItsTable: one label 'No <the table's noun>' in a keyed
// table stands for none; two such labels, or a "no" about something else, do not.
func TestAPlaceholderRowIsNamedAsNoneOfItsTable(t *testing.T) {
	cases := []struct {
		table  string
		labels []string
		want   string
	}{
		{"promotion", []string{"Cash Register Lottery", "No Promotion", "Saving Days"}, "No Promotion"},
		{"promotions", []string{"Big Sale", "No promotions"}, "No promotions"},
		{"promotion", []string{"No Promotion", "No Promotion Yet"}, ""},
		{"store", []string{"No Frills Market", "Store 1"}, ""},
		{"promotion", []string{"Cash Register Lottery", "Saving Days"}, ""},
	}
	for _, c := range cases {
		tb := &table{name: c.table, words: []string{singular(c.table)}}
		tb.pk = &column{name: "id", table: tb, class: classKey}
		tb.label = &column{name: "name", table: tb, class: classText, samples: c.labels}
		if got := placeholderRow(tb); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.table, c.labels, got, c.want)
		}
	}
}
