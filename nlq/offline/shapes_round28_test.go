package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// colonyDDL keeps a field study of birds as the Palmer penguins data does once normalised:
// islands and species (a short name beside the long one), seasons, nests with the day the
// first egg was laid, the birds keyed by a penguin_id in a table called individuals, and
// each bird's measurements one to one, in grams and millimetres.
var colonyDDL = []string{
	`CREATE TABLE islands (island_id INTEGER PRIMARY KEY, island VARCHAR(20))`,
	`CREATE TABLE species (species_id INTEGER PRIMARY KEY, species VARCHAR(20), species_name VARCHAR(60))`,
	`CREATE TABLE studies (study_name VARCHAR(10) PRIMARY KEY, year INTEGER)`,
	`CREATE TABLE nests (nest_id INTEGER PRIMARY KEY, study_name VARCHAR(10) REFERENCES studies (study_name),
		species_id INTEGER REFERENCES species (species_id), island_id INTEGER REFERENCES islands (island_id), date_egg DATE, clutch_completion VARCHAR(3))`,
	`CREATE TABLE individuals (penguin_id INTEGER PRIMARY KEY, nest_id INTEGER REFERENCES nests (nest_id), sex VARCHAR(6))`,
	`CREATE TABLE measurements (penguin_id INTEGER PRIMARY KEY REFERENCES individuals (penguin_id), body_mass_g INTEGER, flipper_length_mm INTEGER,
		bill_length_mm DOUBLE PRECISION, bill_depth_mm DOUBLE PRECISION)`,
}

var colonyRows = []string{
	`INSERT INTO islands VALUES (1,'Biscoe'),(2,'Dream')`,
	`INSERT INTO species VALUES (1,'Adelie','Adelie Penguin (Pygoscelis adeliae)'),(2,'Gentoo','Gentoo penguin (Pygoscelis papua)')`,
	`INSERT INTO studies VALUES ('PAL0708',2007),('PAL0809',2008)`,
	`INSERT INTO nests VALUES (1,'PAL0708',1,1,'2007-11-10','Yes'),(2,'PAL0708',2,1,'2007-12-02','No'),(3,'PAL0809',1,2,'2008-12-01','Yes'),(4,'PAL0809',2,1,'2008-11-20','No')`,
	`INSERT INTO individuals VALUES (1,1,'male'),(2,1,'female'),(3,2,'male'),(4,2,'female'),(5,3,'male'),(6,4,'female'),(7,4,'male')`,
	`INSERT INTO measurements VALUES (1,3800,190,39.1,18.7),(2,3400,185,39.5,17.4),(3,5600,225,46.1,13.2),(4,4700,212,50.0,16.3),(5,3900,195,40.3,18.0),(6,4800,215,47.6,14.5)`,
}

var colonyAnswers = []answer{
	{"How many penguins were sampled?", []string{"7"}},
	{"How many Gentoo penguins were sampled in 2008?", []string{"2"}},
	{"How many penguins weighed more than 4.5 kg?", []string{"3"}},
	{"How many penguins were heavier than 5 kilograms?", []string{"1"}},
	{"How many penguins have flippers longer than 21 cm?", []string{"3"}},
	{"What is the average body mass of each species?", []string{"Adelie", "Gentoo"}},
	{"What is the average flipper length on each island?", []string{"Biscoe", "Dream"}},
	{"How many nests got their first egg in December each year?", []string{"2007", "2008"}},
	{"What are the minimum and maximum flipper lengths?", []string{"185"}},
	{"Which species have flippers longer than 200 mm on average?", []string{"Gentoo"}},
	{"Which penguin has the deepest bill?", []string{"1"}},
	{"For each island, what percentage of nests never reached a full clutch?", []string{"Biscoe", "Dream"}},
	{"How many nests failed to reach a full clutch?", []string{"2"}},
	{"Which penguin is the heaviest?", []string{"3"}},
	{"Which penguin was the heaviest on each island?", []string{"Biscoe", "Dream"}},
}

// TestABirdStudyIsReadByItsKeysUnitsAndShortNames: individuals keyed by penguin_id are the
// "penguins"; "Gentoo penguins" are birds of the species 'Gentoo', not the species named
// 'Gentoo penguin (...)'; a number said in kilograms or centimetres is compared in the
// column's grams or millimetres, one bird's own measurements row without adding up; the
// species' short name and the island's name label them; a month without a year, asked of
// each year, is that month of every year; both aggregates of one column are kept; "on
// average" after a comparison compares the groups' average; "the deepest bill" is the
// column of depth; a flag's share per group and "failed to reach" a state; "the heaviest
// penguin" (on each island) is ranked by its measurements row's mass.
func TestABirdStudyIsReadByItsKeysUnitsAndShortNames(t *testing.T) {
	lite, s := sqliteSchema(t, "colony", colonyDDL, colonyRows)
	checkAnswers(t, lite, s, colonyAnswers)
	g, err := generate(t, s, datasource.SQLite, "How many penguins weighed more than 4.5 kg?")
	if err != nil || !strings.Contains(g.SQL, "> 4500") {
		t.Errorf("4.5 kg is 4500 of body_mass_g: %v\n%s", err, g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "What are the shortest and the longest flipper lengths measured?")
	if err != nil || !strings.Contains(g.SQL, "MIN(measurements.flipper_length_mm)") || !strings.Contains(g.SQL, "MAX(measurements.flipper_length_mm)") {
		t.Errorf("the shortest and the longest are both kept: %v\n%s", err, g.SQL)
	}
	// A unit said for a column whose name says none could be any: refused, not compared.
	_, expo := sqliteSchema(t, "weatherexpo", weatherExpoDDL, weatherExpoRows)
	wantRefusal(t, expo, "How many glaciers have an area above 2 kg?", "kg")
	// Two rankings in opposite directions cannot be one answer row.
	wantRefusal(t, s, "Which species has the shortest and the longest flippers?", "shortest")
}

// codeHostDDL keeps GitHub's API as tables, as the repurrrsive package has it: users known
// by their login, with a type every row shares; repositories whose short name two share
// and whose full name is unique; and, in the same database, a register of characters with
// a flag for those alive.
var codeHostDDL = []string{
	`CREATE TABLE gh_users (id INTEGER PRIMARY KEY, login VARCHAR(30), name VARCHAR(40), type VARCHAR(10), followers INTEGER)`,
	`CREATE TABLE gh_repos (id INTEGER PRIMARY KEY, name VARCHAR(40), full_name VARCHAR(80), owner_id INTEGER REFERENCES gh_users (id),
		stargazers_count INTEGER, created_at TIMESTAMP, fork INTEGER)`,
	`CREATE TABLE characters (id INTEGER PRIMARY KEY, name VARCHAR(40), alive INTEGER)`,
	`CREATE TABLE character_tv_series (character_id INTEGER REFERENCES characters (id), tv_series VARCHAR(10), season INTEGER)`,
}

var codeHostRows = []string{
	`INSERT INTO gh_users VALUES (1,'jennybc','Jenny Bryan','User',780),(2,'jtleek','Jeff L.','User',3958),(3,'leeper','Thomas J. Leeper','User',213)`,
	`INSERT INTO gh_repos VALUES (1,'devtools','jennybc/devtools',1,0,'2016-02-01 10:00:00',1),(2,'devtools','leeper/devtools',3,2,'2015-05-01 10:00:00',1),
		(3,'datasharing','jtleek/datasharing',2,3558,'2013-06-24 10:00:00',0),(4,'googlesheets','jennybc/googlesheets',1,600,'2016-03-01 12:00:00',0),
		(5,'rio','leeper/rio',3,250,'2016-04-01 08:00:00',0)`,
	`INSERT INTO characters VALUES (1,'Arya Stark',1),(2,'Eddard Stark',0),(3,'Catelyn Stark',0),(4,'Tyrion Lannister',1),(5,'Jon Snow',1)`,
	`INSERT INTO character_tv_series VALUES (1,'Season 1',1),(1,'Season 2',2),(1,'Season 3',3),(2,'Season 1',1),(3,'Season 1',1),(3,'Season 2',2),
		(4,'Season 1',1),(4,'Season 2',2),(4,'Season 3',3),(5,'Season 1',1),(5,'Season 2',2),(5,'Season 3',3)`,
}

var codeHostAnswers = []answer{
	{"What are the two most-starred repositories?", []string{"jtleek/datasharing", "jennybc/googlesheets"}},
	{"How many repositories were created by each user in 2016?", []string{"jennybc", "leeper"}},
	{"How many stars does each GitHub user have altogether?", []string{"jennybc", "jtleek", "leeper"}},
	{"How many characters are dead?", []string{"2"}},
	{"How many characters are still alive?", []string{"3"}},
	{"What is each GitHub user's most-starred repository?", []string{"jennybc/googlesheets", "jtleek/datasharing", "leeper/rio"}},
	{"How many repositories does each owner have?", []string{"jennybc", "jtleek", "leeper"}},
	{"Whose repositories have the most stars in total?", []string{"jtleek"}},
	{"Which owner has the most stars in total?", []string{"jtleek"}},
	{"Which characters appear in every season?", []string{"Arya Stark", "Tyrion Lannister", "Jon Snow"}},
	{"Which characters are in all three seasons?", []string{"Arya Stark", "Tyrion Lannister", "Jon Snow"}},
}

// TestRepositoriesAreNamedUniquelyAndUsersByTheirLogin: a name two rows share gives way to
// the unique full name, a user's label is the login, gh_ names GitHub ("repositories" are
// gh_repos before the users' public_repos count), a type every user has keeps nothing, the
// stars are the stargazers, "dead" is a flag named alive unset, and "each user's most-starred
// repository" is the one repository of each user ranked first by its own stars; owner_id
// names the user's role, "each owner", "which owner" (one of them), "whose repositories";
// "characters in every season" have as many distinct seasons as any character has.
func TestRepositoriesAreNamedUniquelyAndUsersByTheirLogin(t *testing.T) {
	lite, s := sqliteSchema(t, "codehost", codeHostDDL, codeHostRows)
	checkAnswers(t, lite, s, codeHostAnswers)
	m := newModel(s)
	if l := m.byName["gh_repos"].label; l == nil || l.name != "full_name" {
		t.Errorf("repositories are labelled by their unique full name, got %v", l)
	}
	if l := m.byName["gh_users"].label; l == nil || l.name != "login" {
		t.Errorf("users are labelled by their login, got %v", l)
	}
}

// groupAverageAnswers compare each group's total with the average of the groups' totals.
var groupAverageAnswers = []answer{
	{"Which months had more orders than the average month?", []string{"2015-03"}},
	{"Which pizzas sold more than the average pizza?", []string{"The Hawaiian Pizza"}},
}

// TestGroupsAreComparedWithTheAverageGroup: "months with more orders than the average month"
// counts each month against the average of the monthly counts; "pizzas that sold more than
// the average pizza" adds up each pizza's units sold against the average of those totals.
func TestGroupsAreComparedWithTheAverageGroup(t *testing.T) {
	lite, s := sqliteSchema(t, "pizzeria", pizzeriaDDL, pizzeriaRows)
	checkAnswers(t, lite, s, groupAverageAnswers)
}

// TestRound28ShapesAnswerAlikeInEveryDialect runs round 28's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound28ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "colony", ddl: colonyDDL, rows: colonyRows, answers: colonyAnswers},
		{name: "codehost", ddl: codeHostDDL, rows: codeHostRows, answers: codeHostAnswers},
		{name: "pizzeria", ddl: pizzeriaDDL, rows: pizzeriaRows, answers: groupAverageAnswers},
	})
}
