package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// garageDDL keeps fuel economy records as the EPA's data does once normalised: makes, their
// models, and one row per model year's configuration with the EPA's abbreviated names (hwy
// and cty in miles per gallon, cyl, displ, trans), categories written in families ('Manual
// 5-spd', 'Manual 6-spd'; 'Small Pickup Trucks 4WD', 'Standard Pickup Trucks 2WD') and the
// fuel of an electric car stored as 'Electricity', of a flex-fuel one as 'Gasoline or E85'.
var garageDDL = []string{
	`CREATE TABLE makes (make_id INTEGER PRIMARY KEY, make VARCHAR(40))`,
	`CREATE TABLE models (model_id INTEGER PRIMARY KEY, make_id INTEGER REFERENCES makes (make_id), model VARCHAR(60))`,
	`CREATE TABLE vehicles (id INTEGER PRIMARY KEY, model_id INTEGER REFERENCES models (model_id), year INTEGER, class VARCHAR(40),
		trans VARCHAR(30), drive VARCHAR(30), cyl INTEGER, displ DOUBLE PRECISION, fuel VARCHAR(30), hwy INTEGER, cty INTEGER)`,
}

var garageRows = []string{
	`INSERT INTO makes VALUES (1,'Ford'),(2,'Toyota'),(3,'Tesla')`,
	`INSERT INTO models VALUES (1,1,'F150 Pickup 2WD'),(2,1,'Mustang'),(3,2,'Prius'),(4,3,'Model S')`,
	`INSERT INTO vehicles VALUES
		(1,1,2014,'Standard Pickup Trucks 2WD','Automatic 6-spd','Rear-Wheel Drive',6,3.5,'Regular',23,17),
		(2,2,2014,'Subcompact Cars','Manual 6-spd','Rear-Wheel Drive',8,5.0,'Premium',25,15),
		(3,2,2013,'Subcompact Cars','Automatic 6-spd','Rear-Wheel Drive',6,3.7,'Regular',31,19),
		(4,3,2014,'Midsize Cars','Automatic (AV)','Front-Wheel Drive',4,1.8,'Regular',48,51),
		(5,4,2014,'Large Cars','Automatic (A1)','Rear-Wheel Drive',NULL,NULL,'Electricity',97,94),
		(6,1,2013,'Small Pickup Trucks 4WD','Manual 5-spd','4-Wheel Drive',4,2.5,'Regular',21,16),
		(7,3,2012,'Midsize Cars','Automatic (AV)','Front-Wheel Drive',4,1.8,'Gasoline or E85',30,22),
		(8,2,2012,'Subcompact Cars','Automatic 6-spd','Rear-Wheel Drive',6,3.7,'Gasoline or natural gas',26,18)`,
}

var garageAnswers = []answer{
	{"How many different car manufacturers are there?", []string{"3"}},
	{"How many vehicles come with a manual gearbox?", []string{"2"}},
	{"How many pickups are there?", []string{"2"}},
	{"How many of the vehicles are fully electric?", []string{"1"}},
	{"Which manufacturers have made an electric vehicle?", []string{"Tesla"}},
	{"What is the average highway mileage of four-, six- and eight-cylinder vehicles?", []string{"4", "6", "8"}},
	{"How many vehicles have a twelve-cylinder engine?", []string{"0"}},
	{"How many vehicles are there for each drive train?", []string{"Rear-Wheel Drive", "Front-Wheel Drive", "4-Wheel Drive"}},
	{"What is the average city mpg for each fuel type?", []string{"Regular", "Premium", "Electricity", "Gasoline or E85", "Gasoline or natural gas"}},
	{"What is the best highway fuel economy of a 2014 vehicle?", []string{"97"}},
	{"Which manufacturers never made a vehicle with more than four cylinders?", []string{"Toyota", "Tesla"}},
	{"Which manufacturers had vehicles in 2014 but none in 2013?", []string{"Toyota", "Tesla"}},
	{"How many vehicles need premium gasoline?", []string{"1"}},
}

// TestCarRecordsAreReadByTheirTradeWords: manufacturers are makes ("car manufacturers" are
// the makes, not the cars), a gearbox the transmission, "manual" every manual transmission,
// "pickups" every pickup class, "electric" the fuel 'Electricity'; mileage, mpg and fuel
// economy are the kind of measure hwy and cty hold; "four-, six- and eight-cylinder" are three
// counts of cylinders, each answered; a drive train is the drive, a fuel type the fuel; "premium
// gasoline" is the fuel 'Premium', not also the family 'Gasoline or ...'; "never
// made a vehicle with more than four cylinders" compares the missing rows, not a total; "had
// vehicles in 2014 but none in 2013" is an EXISTS of one year beside a NOT EXISTS of the other.
func TestCarRecordsAreReadByTheirTradeWords(t *testing.T) {
	lite, s := sqliteSchema(t, "garage", garageDDL, garageRows)
	checkAnswers(t, lite, s, garageAnswers)
	g, err := generate(t, s, datasource.SQLite, "How many vehicles come with a manual gearbox?")
	if err != nil || !strings.Contains(g.SQL, "LIKE 'Manual%'") {
		t.Errorf("a manual gearbox is every 'Manual ...' transmission: %v\n%s", err, g.SQL)
	}
	// Without a column it is said beside, a kind of measure is no measure.
	if g, err := generatePG(s, "Which vehicle has the best fuel economy?"); err == nil {
		t.Errorf("fuel economy alone is neither hwy nor cty, answered:\n%s", g.SQL)
	}
}

// censusDDL keeps census populations as gt's towny data does once normalised: divisions,
// municipalities with a type of their own (csd_type), and one population row per
// municipality and census year in a table named after the number it holds.
var censusDDL = []string{
	`CREATE TABLE census_divisions (census_div_id INTEGER PRIMARY KEY, census_div VARCHAR(40) UNIQUE)`,
	`CREATE TABLE municipalities (muni_id INTEGER PRIMARY KEY, name VARCHAR(60), status VARCHAR(20), csd_type VARCHAR(20),
		census_div_id INTEGER REFERENCES census_divisions (census_div_id), land_area_km2 DOUBLE PRECISION)`,
	`CREATE TABLE populations (muni_id INTEGER REFERENCES municipalities (muni_id), census_year INTEGER, population INTEGER,
		density DOUBLE PRECISION, PRIMARY KEY (muni_id, census_year))`,
}

var censusRows = []string{
	`INSERT INTO census_divisions VALUES (1,'Simcoe'),(2,'York'),(3,'Dufferin'),(4,'Peel'),(5,'Durham'),(6,'Halton')`,
	`INSERT INTO municipalities VALUES (1,'Barrie','single-tier','city',1,99.0),(2,'Innisfil','lower-tier','town',1,262.7),
		(3,'Oro-Medonte','lower-tier','township',1,586.7),(4,'Markham','lower-tier','city',2,210.9),(5,'King','lower-tier','township',2,333.0),
		(6,'Orangeville','lower-tier','town',3,15.6),(7,'Caledon','lower-tier','town',4,688.2),
		(8,'Simcoe','lower-tier','town',4,12.0)`,
	`INSERT INTO populations VALUES (1,2016,141434,1428.6),(2,2016,36566,139.2),(3,2016,21036,35.9),(4,2016,328966,1559.8),(5,2016,24512,73.6),(6,2016,28900,1852.6),(7,2016,66502,96.6),
		(1,2021,147829,1493.2),(2,2021,43326,164.9),(3,2021,23017,39.2),(4,2021,338503,1605.0),(5,2021,27333,82.1),(6,2021,30167,1933.8),(7,2021,76581,111.3)`,
}

var censusAnswers = []answer{
	{"What was the combined population of all municipalities in the 2021 census?", []string{"686756"}},
	{"Which municipality had the fewest residents in 2021?", []string{"Oro-Medonte"}},
	{"What were the two most populous municipalities in 2021?", []string{"Markham", "Barrie"}},
	{"Which census division had the largest total population in 2021?", []string{"York"}},
	{"How many municipalities are there of each type?", []string{"city", "town", "township"}},
	{"List the municipalities in Simcoe with their 2021 populations, largest first.", []string{"Barrie", "Innisfil", "Oro-Medonte"}},
	{"What was the most populous municipality in each census division in 2021?", []string{"Barrie", "Markham", "Orangeville", "Caledon"}},
	{"What percentage of the 2021 municipal population lived in Barrie?", []string{"21.53"}},
	{"For each kind of municipality, how many are there and what was their average population in 2021?", []string{"city", "town", "township"}},
	{"Which townships in Simcoe had fewer than 25,000 residents in 2021?", []string{"Oro-Medonte"}},
	{"Which towns have a land area larger than the average city?", []string{"Innisfil", "Caledon"}},
	{"List the towns in Simcoe and their 2021 populations.", []string{"Innisfil"}},
	{"What were the two most densely populated municipalities in 2021, and which census division is each in?", []string{"Orangeville", "Markham"}},
	{"For each kind of municipality (city, town, township and so on), what was their average population in 2021?", []string{"city", "town", "township"}},
}

// TestAPopulationTableIsReadByTheNumberItHolds: "population" and "residents" are the
// population column of the populations table, summed or ranked, never a count of its rows;
// a table's one type column is its kind ("each kind of municipality"), and examples in
// brackets keep nothing; "the most populous municipality in each division" is a row per
// group; "with their 2021 populations, largest first" lists each row's figure in that order;
// "municipal" is of the municipalities; "how many are there and what was their average" keeps
// both; "townships in Simcoe" are in the division, not in the town of that name; "above the
// average in 2021" is above that year's average; densities are ranked per municipality and
// year, never added up into a division's, and "which census division is each in" is shown
// beside each; "and their 2021 populations" lists them as "with their" does; "made up only
// of" is refused.
func TestAPopulationTableIsReadByTheNumberItHolds(t *testing.T) {
	lite, s := sqliteSchema(t, "census", censusDDL, censusRows)
	checkAnswers(t, lite, s, censusAnswers)
	// "Made up only of" asks of every municipality of a division, which no reading answers:
	// refused, not answered for some.
	wantRefusal(t, s, "Which census divisions are made up only of single-tier municipalities?", "exclusively")
	// Densities of municipalities do not add up to a division's.
	if g, err := generatePG(s, "Which census divisions were the most densely populated in 2021?"); err == nil {
		t.Errorf("a division's density is no sum of its municipalities', answered:\n%s", g.SQL)
	}
	// The average compared with is of the year asked, not of every census.
	g, err := generate(t, s, datasource.SQLite, "Which municipalities had a population above the average in 2021?")
	if err != nil || !strings.Contains(g.SQL, "FROM populations WHERE populations.census_year >= 2021") {
		t.Errorf("the average of 2021's populations: %v\n%s", err, g.SQL)
	}
}

// averageOfAValueAnswers compare rows with the average of the rows of another value, said as
// "the average <value> <rows>".
var averageOfAValueAnswers = []answer{
	{"How many Adelie penguins are lighter than the average Gentoo penguin?", []string{"3"}},
	{"How many Adelie penguins have a longer bill than the average Gentoo?", []string{"0"}},
}

// TestRowsAreComparedWithTheAverageOfAnotherValue: "lighter than the average Gentoo penguin"
// is the average of the Gentoo penguins, reached from the measurements through the birds and
// their nests, not of the penguins compared (the Adelie ones) nor of all of them.
func TestRowsAreComparedWithTheAverageOfAnotherValue(t *testing.T) {
	lite, s := sqliteSchema(t, "colony", colonyDDL, colonyRows)
	checkAnswers(t, lite, s, averageOfAValueAnswers)
	g, err := generate(t, s, datasource.SQLite, "How many Adelie penguins are lighter than the average Gentoo penguin?")
	if err != nil || !strings.Contains(g.SQL, "WHERE species.species = 'Gentoo')") {
		t.Errorf("the average of the Gentoo penguins: %v\n%s", err, g.SQL)
	}
}

// TestRound29ShapesAnswerAlikeInEveryDialect runs round 29's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound29ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "garage", ddl: garageDDL, rows: garageRows, answers: garageAnswers},
		{name: "census", ddl: censusDDL, rows: censusRows, answers: censusAnswers},
		{name: "colony", ddl: colonyDDL, rows: colonyRows, answers: averageOfAValueAnswers},
	})
}
