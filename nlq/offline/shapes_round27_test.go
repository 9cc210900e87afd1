package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// pizzeriaDDL keeps a pizza shop's sales as the well-known "Pizza Place Sales" layout does:
// pizza types on the menu, each pizza in its sizes with the price, orders with the day and
// the time of day apart, and order lines that say how many of a pizza but not at what price.
var pizzeriaDDL = []string{
	`CREATE TABLE pizza_types (pizza_type_id VARCHAR(20) PRIMARY KEY, name VARCHAR(60), category VARCHAR(20), ingredients VARCHAR(200))`,
	`CREATE TABLE pizzas (pizza_id VARCHAR(20) PRIMARY KEY, pizza_type_id VARCHAR(20) REFERENCES pizza_types (pizza_type_id),
		size VARCHAR(3), price DOUBLE PRECISION)`,
	`CREATE TABLE orders (order_id INTEGER PRIMARY KEY, date DATE, time VARCHAR(8))`,
	`CREATE TABLE order_details (order_details_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders (order_id),
		pizza_id VARCHAR(20) REFERENCES pizzas (pizza_id), quantity INTEGER)`,
}

// pizzeriaRows are four orders of 2015, ten years before the day the questions are asked.
var pizzeriaRows = []string{
	`INSERT INTO pizza_types VALUES ('hawaiian','The Hawaiian Pizza','classic','Sliced Ham, Pineapple, Mozzarella Cheese'),
		('bbq_ckn','The Barbecue Chicken Pizza','chicken','Barbecued Chicken, Red Peppers, Mozzarella Cheese'),
		('greek','The Greek Pizza','classic','Kalamata Olives, Feta Cheese, Tomatoes, Red Peppers'),
		('veggie','The Vegetables Pizza','veggie','Mushrooms, Tomatoes, Red Peppers, Mozzarella Cheese'),
		('big_meat','The Big Meat Pizza','classic','Bacon, Pepperoni, Mozzarella Cheese')`,
	`INSERT INTO pizzas VALUES ('hawaiian_s','hawaiian','S',10.5),('hawaiian_m','hawaiian','M',13.25),('hawaiian_l','hawaiian','L',16.5),
		('bbq_ckn_s','bbq_ckn','S',12.75),('bbq_ckn_m','bbq_ckn','M',16.75),('bbq_ckn_l','bbq_ckn','L',20.75),
		('greek_s','greek','S',12.0),('greek_m','greek','M',16.0),('greek_l','greek','L',20.25),('greek_xl','greek','XL',25.5),
		('big_meat_s','big_meat','S',12.0)`,
	`INSERT INTO orders VALUES (1,'2015-03-02','12:05:00'),(2,'2015-03-15','18:30:00'),(3,'2015-12-24','12:45:00'),(4,'2015-07-01','19:10:00')`,
	`INSERT INTO order_details VALUES (1,1,'hawaiian_l',2),(2,1,'bbq_ckn_m',1),(3,2,'hawaiian_s',1),(4,3,'greek_xl',3),
		(5,4,'bbq_ckn_l',1),(6,4,'hawaiian_l',1)`,
}

var pizzeriaAnswers = []answer{
	{"How many pizzas were sold in March?", []string{"4"}},
	{"How many pizzas did we sell in December?", []string{"3"}},
	{"How many large pizzas did we sell?", []string{"4"}},
	{"How much does a large Hawaiian pizza cost?", []string{"16.5"}},
	{"What are our two best-selling pizzas?", []string{"The Hawaiian Pizza", "The Greek Pizza"}},
	{"What are our two best-selling pizzas by number of pizzas sold?", []string{"The Hawaiian Pizza", "The Greek Pizza"}},
	{"Which pizza brought in the most money?", []string{"The Greek Pizza"}},
	{"Which month brought in the most revenue?", []string{"2015-12"}},
	{"How many orders do we get in each hour of the day?", []string{"12", "18", "19"}},
	{"What is the average menu price for each pizza size?", []string{"S", "M", "L", "XL"}},
	{"How many pizzas did we sell in each category?", []string{"classic", "chicken"}},
	{"How many orders came in on March 15?", []string{"1"}},
	{"Which pizzas have pineapple on them?", []string{"The Hawaiian Pizza"}},
	{"Which pizzas come in only one size?", []string{"The Big Meat Pizza"}},
	{"In how many sizes is the Greek pizza sold?", []string{"1"}},
	{"On average, how many pizzas are in an order?", []string{"2.25"}},
	{"Which two pizzas sold the least?", []string{"The Barbecue Chicken Pizza", "The Greek Pizza"}},
	{"Is the Hawaiian a classic, chicken or veggie pizza?", []string{"classic"}},
	{"What's the cheapest pizza, and in what size?", []string{"The Hawaiian Pizza"}},
	{"How much revenue did each pizza category bring in?", []string{"classic", "chicken"}},
	{"How many pizza types have mushrooms?", []string{"1"}},
	{"What time did the first order come in on Christmas Eve?", []string{"12:45:00"}},
}

// TestAPizzeriasSalesAreCountedInPizzasAndPricedFromTheMenu: order lines that keep a
// quantity and reference a priced pizza make the revenue (quantity × the pizza's price);
// "pizzas sold" adds up the quantities; a pizza in several sizes is one pizza when ranked;
// "large" is the size kept as 'L'; 'The Hawaiian Pizza' is also "a large Hawaiian pizza"; a
// month or a day ("on March 15", "on Christmas Eve") said without a year is in the data's
// year, not today's; the hour of the day is read from the time kept beside the date, and
// "the first order" of a day is the first by that time; an ingredient is an item of the
// lists a column keeps, though most items appear in one list only; "pizzas that come in only
// one size" counts each pizza's sizes, "in how many sizes is it sold" the sizes its lines sold; "how many pizzas are in an order" and "the pizzas that
// sold the least" read the lines' quantities; 'The Hawaiian Pizza' is also "the Hawaiian",
// and asked whether it is one of several categories, the answer names its category; the
// cheapest pizza is named beside its size; "the pizza category" is the column.
func TestAPizzeriasSalesAreCountedInPizzasAndPricedFromTheMenu(t *testing.T) {
	lite, s := sqliteSchema(t, "pizzeria", pizzeriaDDL, pizzeriaRows)
	checkAnswers(t, lite, s, pizzeriaAnswers)
	g, err := generate(t, s, datasource.SQLite, "What was our total revenue for the year?")
	if err != nil || !strings.Contains(g.SQL, "SUM(pizzas.price * order_details.quantity)") {
		t.Errorf("revenue is the lines' quantity times their pizza's price: %v\n%s", err, g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "How many pizzas were sold in March?")
	if err != nil || !strings.Contains(g.SQL, "'2015-03-01'") {
		t.Errorf("March of data that ends in 2015 is March 2015: %v\n%s", err, g.SQL)
	}
	// Refused rather than answered wrong: each order's share instead of the share of orders,
	// a size that may restrict the pizzas or their missing sales, an answer that only repeats
	// the name asked about, sizes ranked by their prices added up.
	wantRefusal(t, s, "What percentage of orders had more than one pizza?", "orders")
	wantRefusal(t, s, "Which pizzas were never sold as a small?", "size")
	wantRefusal(t, s, "What goes on the Hawaiian pizza?", "The Hawaiian Pizza")
	wantRefusal(t, s, "What is the most expensive pizza, in which size, and what does it cost?", "price")
	wantRefusal(t, s, "Which pizzas did nobody order on Christmas Eve?", "pizzas")
}

// weatherExpoDDL keeps the ASA Data Expo's shapes (lon for its long, a word MySQL reserves): monthly readings by grid cell with the
// month and year as numbers, the cells' elevations in a table named for them, storms as
// six-hourly reports under the storm's name with no key, and glaciers with their area.
var weatherExpoDDL = []string{
	`CREATE TABLE elev (lon DOUBLE PRECISION NOT NULL, lat DOUBLE PRECISION NOT NULL, elev DOUBLE PRECISION, PRIMARY KEY (lon, lat))`,
	`CREATE TABLE atmos (lat DOUBLE PRECISION NOT NULL, lon DOUBLE PRECISION NOT NULL, year INTEGER NOT NULL, month INTEGER NOT NULL,
		surftemp DOUBLE PRECISION, cloudhigh DOUBLE PRECISION, cloudmid DOUBLE PRECISION, PRIMARY KEY (lat, lon, year, month))`,
	`CREATE TABLE storms (name VARCHAR(20), year INTEGER, month INTEGER, day INTEGER, hour INTEGER, wind INTEGER, type VARCHAR(20), category INTEGER)`,
	`CREATE TABLE glaciers (id VARCHAR(12) PRIMARY KEY, name VARCHAR(30), country VARCHAR(2), area DOUBLE PRECISION)`,
}

var weatherExpoRows = []string{
	`INSERT INTO elev VALUES (-80.0,10.0,0),(-75.0,5.0,3100.5)`,
	`INSERT INTO atmos VALUES (10.0,-80.0,1997,8,299.5,9.0,4.0),(5.0,-75.0,1997,8,290.5,11.0,5.0),(10.0,-80.0,1997,9,298.0,14.0,6.0),
		(5.0,-75.0,1997,9,289.0,16.0,7.0),(10.0,-80.0,1998,8,298.5,8.0,3.0),(5.0,-75.0,1998,8,289.5,10.0,2.0)`,
	`INSERT INTO storms VALUES ('Allison',1995,6,3,0,30,'Tropical Depression',-1),('Allison',1995,6,3,6,50,'Tropical Storm',0),
		('Allison',1995,6,4,0,65,'Hurricane',1),('Allison',1995,6,5,0,40,'Tropical Storm',0),
		('Mitch',1998,10,22,0,35,'Tropical Depression',-1),('Mitch',1998,10,26,0,155,'Hurricane',5),
		('Mitch',1998,10,27,0,130,'Hurricane',4),('Mitch',1998,11,1,0,30,'Tropical Depression',-1),
		('Bret',1999,8,19,0,45,'Tropical Storm',0),('Bret',1999,8,20,0,60,'Tropical Storm',0),('Bret',1999,8,21,0,55,'Tropical Storm',0)`,
	`INSERT INTO glaciers VALUES ('CO1','RITACUBA BLANCO','CO',2.5),('CO2',NULL,'CO',0.4),('PE1','YERUPAJA','PE',9.36),('PE2','HUASCARAN','PE',1.2)`,
}

var weatherExpoAnswers = []answer{
	{"How many storms were there in 1998?", []string{"1"}},
	{"How many storms became hurricanes?", []string{"2"}},
	{"How many named storms were there in 1999?", []string{"1"}},
	{"How many storm reports were there in 1999?", []string{"3"}},
	{"Which year had the most hurricanes?", []string{"1995"}},
	{"What is the highest elevation?", []string{"3100.5"}},
	{"How big is the Yerupaja glacier?", []string{"9.36"}},
	{"Which glaciers in Colombia are larger than one square kilometre?", []string{"RITACUBA BLANCO"}},
	{"Which month of the year has the most high cloud on average?", []string{"09"}},
	{"What was the average surface temperature in each month of 1997?", []string{"08", "09"}},
	{"What is the average wind speed for each kind of storm?", []string{"Hurricane", "Tropical Storm", "Tropical Depression"}},
	{"Which two storms had the strongest winds?", []string{"Mitch", "Allison"}},
	{"What is the largest glacier in each country?", []string{"RITACUBA BLANCO", "YERUPAJA"}},
	{"Rank the storms by their strongest wind.", []string{"Mitch", "Allison", "Bret"}},
	{"What is the average glacier size in each country?", []string{"CO", "PE"}},
	{"What is the biggest glacier in Peru?", []string{"YERUPAJA"}},
	{"Which storms had winds above 100 knots at some point?", []string{"Mitch"}},
	{"Which month had the highest average surface temperature?", []string{"1997"}},
	{"What is the average mid-level cloud cover in 1998?", []string{"2.5"}},
	{"What was the hottest monthly surface temperature?", []string{"299.5"}},
}

// TestReadingsKeptByMonthAndStormsKeptAsReports: a keyless table of dated reports under
// fewer names counts the names ("how many storms", "named storms" where every one has
// its name; "reports" counts the rows) and ranks each name once by its
// strongest report ("the two storms with the strongest winds"); readings kept by year and month make a
// date of their own; surftemp is the surface temperature, cloudhigh the high cloud said
// adjective first, elev the elevation its table is named for; "how big" and "larger than" a
// thing with no money measure read its area, and "the largest glacier in each country" is
// the one row of the largest area within each country; "each kind of storm" is the storms' type; a
// month of readings kept by month is shown as its year and month, and "monthly" groups
// nothing there.
func TestReadingsKeptByMonthAndStormsKeptAsReports(t *testing.T) {
	lite, s := sqliteSchema(t, "weatherexpo", weatherExpoDDL, weatherExpoRows)
	checkAnswers(t, lite, s, weatherExpoAnswers)
	m := newModel(s)
	if c := m.byName["storms"].sightings; c == nil || c.name != "name" {
		t.Errorf("storms' reports are counted by the storm's name, got %v", c)
	}
	if c := m.byName["atmos"].col("cloudmid"); c == nil || strings.Join(c.words, " ") != "cloud mid" {
		t.Errorf("cloudmid is the mid-level cloud, not a cloudm key: %v", c)
	}
}

// TestRound27ShapesAnswerAlikeInEveryDialect runs round 27's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound27ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "pizzeria", ddl: pizzeriaDDL, rows: pizzeriaRows, answers: pizzeriaAnswers},
		{name: "weatherexpo", ddl: weatherExpoDDL, rows: weatherExpoRows, answers: weatherExpoAnswers},
	})
}
