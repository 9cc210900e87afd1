package offline

import "testing"

// comicsDDL keeps characters as FiveThirtyEight's comic-book data does: categories written as
// '<Word> Characters' ('Bad Characters', 'Female Characters'), the debut both as a month kept
// as 'YYYY-MM' text and as a year, the year filled in where the month is not known.
var comicsDDL = []string{
	`CREATE TABLE publishers (publisher_id INTEGER PRIMARY KEY, name VARCHAR(20))`,
	`CREATE TABLE characters (publisher_id INTEGER REFERENCES publishers(publisher_id), page_id INTEGER, name VARCHAR(60), align VARCHAR(30), sex VARCHAR(30),
		alive VARCHAR(30), hair VARCHAR(20), appearances INTEGER, first_appearance VARCHAR(7), year INTEGER, gsm VARCHAR(30), PRIMARY KEY (publisher_id, page_id))`,
}

var comicsRows = []string{
	`INSERT INTO publishers VALUES (1,'DC'),(2,'Marvel')`,
	`INSERT INTO characters VALUES
		(1,1,'Batman (Bruce Wayne)','Good Characters','Male Characters','Living Characters','Black Hair',3000,'1939-05',1939,NULL),
		(1,2,'Joker (New Earth)','Bad Characters','Male Characters','Living Characters','Green Hair',600,'1940-06',1940,NULL),
		(1,3,'Harley Quinn (New Earth)','Bad Characters','Female Characters','Living Characters','Blond Hair',300,'1993-09',1993,'Bisexual Characters'),
		(1,4,'Catwoman (Selina Kyle)','Neutral Characters','Female Characters','Living Characters','Black Hair',600,'1940-06',1940,NULL),
		(1,5,'Ra''s al Ghul (New Earth)','Bad Characters','Male Characters','Deceased Characters',NULL,300,NULL,1971,NULL),
		(1,6,'Barbara Gordon (New Earth)','Good Characters','Female Characters','Living Characters','Red Hair',600,'1967-01',1967,NULL),
		(2,1,'Spider-Man (Peter Parker)','Good Characters','Male Characters','Living Characters','Brown Hair',4000,'1962-08',1962,NULL),
		(2,2,'Green Goblin (Norman Osborn)','Bad Characters','Male Characters','Deceased Characters',NULL,400,'1964-07',1964,NULL),
		(2,3,'Jean Grey (Earth-616)','Good Characters','Female Characters','Deceased Characters','Red Hair',1000,'1963-09',1963,NULL),
		(2,4,'Mystique (Raven Darkholme)','Bad Characters','Female Characters','Living Characters',NULL,500,'1978-04',1978,'Bisexual Characters'),
		(2,5,'Magneto (Max Eisenhardt)','Neutral Characters','Male Characters','Living Characters',NULL,1500,'1963-09',1963,NULL),
		(2,6,'Wasp (Janet van Dyne)','Good Characters','Female Characters','Living Characters','Brown Hair',NULL,'1963-06',1963,NULL),
		(2,7,'Kingpin (Wilson Fisk)','Bad Characters','Male Characters','Living Characters','No Hair',300,NULL,1967,NULL),
		(1,7,'Mystery Man (New Earth)',NULL,NULL,'Living Characters',NULL,NULL,NULL,NULL,NULL)`,
}

// comicsAnswers are questions over the characters and what their answers hold.
var comicsAnswers = []answer{
	{"How many villains does each publisher have?", []string{"DC", "Marvel"}},
	{"Which DC villain has the most appearances?", []string{"Joker (New Earth)"}},
	{"How many male and how many female characters does DC have?", []string{"Male Characters", "Female Characters"}},
	{"What is the average number of appearances of good, bad and neutral characters?", []string{"Good Characters", "Bad Characters", "Neutral Characters"}},
	{"In which years did Marvel introduce more than 1 new character?", []string{"1963"}},
	{"On average, how many appearances does a DC character have?", []string{"900"}},
	{"What percentage of each publisher's characters are female?", []string{"DC", "Marvel"}},
	{"How many DC characters have more appearances than the average DC character?", []string{"1"}},
	{"In what year did Spider-Man (Peter Parker) first appear?", []string{"1962"}},
	{"What is the most common hair colour among Marvel characters?", []string{"Brown Hair"}},
	{"How many characters made their first appearance in 1963?", []string{"3"}},
	{"How many characters are dead?", []string{"3"}},
	{"Which decade saw the most new characters debut?", []string{"1960"}},
	{"How many characters debuted in each month of 1963?", []string{"09", "06"}},
	{"Of the Marvel characters, how many are alive and how many are dead?", []string{"Living Characters", "Deceased Characters"}},
	{"How many gender or sexual minority characters does each publisher have?", []string{"DC", "Marvel"}},
	{"Which DC heroes have more than 500 appearances?", []string{"Batman (Bruce Wayne)", "Barbara Gordon (New Earth)"}},
	{"Which publisher has more deceased characters?", []string{"Marvel"}},
	{"What is the highest number of appearances of any DC character?", []string{"3000"}},
	{"How many characters did DC introduce in each decade?", []string{"1930", "1940", "1960", "1970", "1990"}},
	{"How many characters are there in total, DC and Marvel together?", []string{"14"}},
	{"Break down DC's characters by alignment, leaving out those with no alignment.", []string{"Good Characters", "Bad Characters", "Neutral Characters"}},
	{"How many DC characters are there for each hair colour, leaving out those whose hair is unknown?", []string{"Black Hair", "Green Hair", "Blond Hair", "Red Hair"}},
	{"Which character has appeared in the most comics?", []string{"Spider-Man (Peter Parker)"}},
	{"Which characters have appeared in more comics than Joker (New Earth)?", []string{"Batman (Bruce Wayne)", "Spider-Man (Peter Parker)", "Jean Grey (Earth-616)", "Magneto (Max Eisenhardt)"}},
	{"Which characters have more appearances than Joker (New Earth)?", []string{"Batman (Bruce Wayne)", "Spider-Man (Peter Parker)", "Jean Grey (Earth-616)", "Magneto (Max Eisenhardt)"}},
}

// TestCategoriesAreSaidWithoutTheirOwnNoun: 'Bad Characters' is what "villains" and "bad"
// characters are, 'Female Characters' the "female" ones; a month kept as 'YYYY-MM' text is a
// date, and a question by year reads the year where the month is unknown.
func TestCategoriesAreSaidWithoutTheirOwnNoun(t *testing.T) {
	lite, s := sqliteSchema(t, "comics", comicsDDL, comicsRows)
	checkAnswers(t, lite, s, comicsAnswers)
	wantRefusal(t, s, "How many characters debuted on each day of 1963?", "day")
}

// leaguesDDL keeps football matches under a league named with its country ('English Premier
// League') and a season named by its two years ('2017/18').
var leaguesDDL = []string{
	`CREATE TABLE leagues (code VARCHAR(8) PRIMARY KEY, name VARCHAR(40))`,
	`CREATE TABLE seasons (season VARCHAR(8) PRIMARY KEY)`,
	`CREATE TABLE matches (match_id INTEGER PRIMARY KEY, league_code VARCHAR(8) REFERENCES leagues(code), season VARCHAR(8) REFERENCES seasons(season), date DATE, ft1 INTEGER, ft2 INTEGER)`,
}

var leaguesRows = []string{
	`INSERT INTO leagues VALUES ('en.1','English Premier League'),('de.1','Deutsche Bundesliga')`,
	`INSERT INTO seasons VALUES ('2016/17'),('2017/18')`,
	`INSERT INTO matches VALUES (1,'en.1','2016/17','2016-08-13',1,0),(2,'en.1','2016/17','2016-08-14',2,2),(3,'en.1','2017/18','2017-08-11',4,3),
		(4,'en.1','2017/18','2017-08-12',0,0),(5,'en.1','2017/18','2017-08-12',1,2),(6,'de.1','2017/18','2017-08-18',3,1)`,
}

var leaguesAnswers = []answer{
	{"How many Premier League matches were there in 2017/18?", []string{"3"}},
	{"How many Premier League matches were there in the 2017-18 season?", []string{"3"}},
	{"How many Bundesliga matches were there in 2017/18?", []string{"1"}},
}

// TestALeagueAndASeasonAreSaidShort: a competition without the country it is of, a season
// written with a slash or a dash.
func TestALeagueAndASeasonAreSaidShort(t *testing.T) {
	lite, s := sqliteSchema(t, "leagues", leaguesDDL, leaguesRows)
	checkAnswers(t, lite, s, leaguesAnswers)
}

// championshipDDL keeps race results and, beside them, each season's standings: a driver is
// linked to a season both ways.
var championshipDDL = []string{
	`CREATE TABLE seasons (year INTEGER PRIMARY KEY)`,
	`CREATE TABLE drivers (id INTEGER PRIMARY KEY, first_name VARCHAR(20), last_name VARCHAR(20))`,
	`CREATE TABLE races (id INTEGER PRIMARY KEY, year INTEGER REFERENCES seasons(year), name VARCHAR(40))`,
	`CREATE TABLE race_results (race_id INTEGER REFERENCES races(id), driver_id INTEGER REFERENCES drivers(id), position_number INTEGER, points REAL, PRIMARY KEY (race_id, driver_id))`,
	`CREATE TABLE season_driver_standings (year INTEGER REFERENCES seasons(year), driver_id INTEGER REFERENCES drivers(id), position_number INTEGER, points REAL, PRIMARY KEY (year, driver_id))`,
}

// championshipRows: Ann won all three races of 2022; Ann, Bo and Cy one each in 2023. All
// three stand in both seasons' standings.
var championshipRows = []string{
	`INSERT INTO seasons VALUES (2022),(2023)`,
	`INSERT INTO drivers VALUES (1,'Ann','Lee'),(2,'Bo','Kim'),(3,'Cy','Diaz')`,
	`INSERT INTO races VALUES (1,2022,'Alpha'),(2,2022,'Beta'),(3,2022,'Gamma'),(4,2023,'Alpha'),(5,2023,'Beta'),(6,2023,'Gamma')`,
	`INSERT INTO race_results VALUES (1,1,1,25),(1,2,2,18),(1,3,3,15),(2,1,1,25),(2,2,2,18),(2,3,3,15),(3,1,1,25),(3,2,2,18),(3,3,3,15),
		(4,1,1,25),(4,2,2,18),(4,3,3,15),(5,2,1,25),(5,1,2,18),(5,3,3,15),(6,3,1,25),(6,1,2,18),(6,2,3,15)`,
	`INSERT INTO season_driver_standings VALUES (2022,1,1,75),(2022,2,2,54),(2022,3,3,45),(2023,1,1,61),(2023,2,2,58),(2023,3,3,55)`,
}

var championshipAnswers = []answer{
	{"Which season had the most different race winners?", []string{"2023"}},
}

// TestAWinnersSeasonIsTheSeasonOfTheRaceWon: counted through the results a condition keeps,
// not through the standings that also link a driver to a season.
func TestAWinnersSeasonIsTheSeasonOfTheRaceWon(t *testing.T) {
	lite, s := sqliteSchema(t, "championship", championshipDDL, championshipRows)
	checkAnswers(t, lite, s, championshipAnswers)
}

// TestRound22ShapesAnswerAlikeInEveryDialect runs round 22's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's: a month kept as text is bucketed and
// compared the same way everywhere.
func TestRound22ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "comics", ddl: comicsDDL, rows: comicsRows, answers: comicsAnswers},
		{name: "leagues", ddl: leaguesDDL, rows: leaguesRows, answers: leaguesAnswers},
		{name: "championship", ddl: championshipDDL, rows: championshipRows, answers: championshipAnswers},
	})
}

// TestTheAverageOfPeersKeepsTheirKind: "the average House committee" is averaged over the
// House's committees, as the committees compared are.
func TestTheAverageOfPeersKeepsTheirKind(t *testing.T) {
	lite, s := sqliteSchema(t, "committees", []string{
		`CREATE TABLE committees (committee_id VARCHAR(8) PRIMARY KEY, name VARCHAR(60), type VARCHAR(10))`,
		`CREATE TABLE legislators (bioguide_id VARCHAR(8) PRIMARY KEY, first_name VARCHAR(20), last_name VARCHAR(20))`,
		`CREATE TABLE committee_membership (committee_id VARCHAR(8) REFERENCES committees(committee_id), bioguide VARCHAR(8) REFERENCES legislators(bioguide_id), PRIMARY KEY (committee_id, bioguide))`,
	}, []string{
		`INSERT INTO committees VALUES ('H1','House Committee on Agriculture','house'),('H2','House Committee on Ethics','house'),('S1','Senate Committee on Finance','senate')`,
		`INSERT INTO legislators VALUES ('A','Ann','Lee'),('B','Bo','Kim'),('C','Cy','Diaz'),('D','Di','Park'),('E','Ed','Fox'),('F','Flo','Ruiz'),('G','Gus','Hill')`,
		// House committees have 3 and 1 members (average 2); the Senate's 7 would lift an
		// average over all committees to 3.67, above both.
		`INSERT INTO committee_membership VALUES ('H1','A'),('H1','B'),('H1','C'),('H2','D'),('S1','A'),('S1','B'),('S1','C'),('S1','D'),('S1','E'),('S1','F'),('S1','G')`,
	})
	checkAnswers(t, lite, s, []answer{{"Which House committees have more members than the average House committee?", []string{"House Committee on Agriculture"}}})
}
