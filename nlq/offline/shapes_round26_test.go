package offline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// sitcomDDL keeps a television series as a transcript does: episodes keyed by their season
// and number within it, lines keyed by the episode, the scene and their number within it;
// who directed or wrote an episode in columns named "<participle>_by", the audience in
// millions, speakers by their full names.
var sitcomDDL = []string{
	`CREATE TABLE episodes (season INTEGER NOT NULL, episode INTEGER NOT NULL, title VARCHAR(80), directed_by VARCHAR(60),
		written_by VARCHAR(60), air_date DATE, us_views_millions DOUBLE PRECISION, PRIMARY KEY (season, episode))`,
	`CREATE TABLE transcript (season INTEGER NOT NULL, episode INTEGER NOT NULL, scene INTEGER NOT NULL, utterance INTEGER NOT NULL,
		speaker VARCHAR(60), PRIMARY KEY (season, episode, scene, utterance), FOREIGN KEY (season, episode) REFERENCES episodes (season, episode))`,
}

// sitcomSpeakers are the full names lines are said by: six regulars, and enough others that
// the column reads as people's names.
var sitcomSpeakers = []string{"Rachel Green", "Ross Geller", "Monica Geller", "Chandler Bing", "Joey Tribbiani", "Phoebe Buffay",
	"Gunther", "Janice Goralnik", "Richard Burke", "Mike Hannigan", "Carol Willick", "Susan Bunch", "Emily Waltham",
	"Frank Buffay", "Jack Geller", "Judy Geller", "Barry Farber", "Paolo Rossi", "Tag Jones", "Kathy Stone", "Woman", "Scene Directions"}

// sitcomRows are four episodes over two seasons; in each, the speakers in turn, Rachel
// twice as often.
func sitcomRows() []string {
	var lines []string
	for _, ep := range [][2]int{{1, 1}, {1, 2}, {2, 1}, {2, 2}} {
		u := 0
		for k, sp := range append([]string{"Rachel Green"}, sitcomSpeakers...) {
			u++
			lines = append(lines, fmt.Sprintf("(%d,%d,%d,%d,'%s')", ep[0], ep[1], 1+k/10, u, sp))
		}
	}
	return []string{
		`INSERT INTO episodes VALUES (1,1,'The Pilot','James Burrows','David Crane & Marta Kauffman','1994-09-22',21.5),
			(1,2,'The One with the Sonogram at the End','James Burrows','David Crane & Marta Kauffman','1994-09-29',20.2),
			(2,1,'The One with Ross''s New Girlfriend','Michael Lembeck','Jeffrey Astrof & Mike Sikowitz','1995-09-21',31.1),
			(2,2,'The One with the Breast Milk','David Schwimmer','Adam Chase & Ira Ungerleider','1995-09-28',33.6)`,
		`INSERT INTO transcript VALUES ` + strings.Join(lines, ","),
	}
}

// sitcomAnswers are questions over the series and what their answers hold.
var sitcomAnswers = []answer{
	{"How many episodes aired in 1995?", []string{"2"}},
	{"How many episodes did James Burrows direct?", []string{"2"}},
	{"Who wrote The Pilot?", []string{"David Crane & Marta Kauffman"}},
	{"Who directed The Pilot?", []string{"James Burrows"}},
	{"Who directed the most episodes?", []string{"James Burrows"}},
	{"Who talks the most, and how many lines do they have?", []string{"Rachel Green"}},
	{"What was the most watched episode of season 2?", []string{"The One with the Breast Milk"}},
	{"How many season 1 episodes did James Burrows direct?", []string{"2"}},
	{"How many lines does Rachel have?", []string{"8"}},
	{"How many lines does Rachel say in season 2?", []string{"4"}},
	{"How many lines are there in season 1?", []string{"46"}},
	{"How many lines does Gunther have in the whole series?", []string{"4"}},
	{"What was the average US audience in each season?", []string{"1", "2"}},
	{"What was the average US audience per episode in each season?", []string{"1", "2"}},
	{"Which episode had the smallest audience?", []string{"The One with the Sonogram at the End"}},
	{"Which director directed the most episodes, and how many each?", []string{"James Burrows"}},
	{"In which month of the year did the most episodes air?", []string{"09"}},
	{"How many episodes aired in each calendar year?", []string{"1994", "1995"}},
	{"How many episodes first aired more than 30 years ago?", []string{"2"}},
	{"What is the title of the second episode of season 2?", []string{"The One with the Breast Milk"}},
	{"When did the first episode of season 2 air?", []string{"1995-09-21"}},
	{"List the episodes directed by James Burrows in the order they aired.", []string{"The Pilot", "The One with the Sonogram at the End"}},
}

// TestASeriesIsReadByItsEpisodesLinesAndCredits: a table keyed by a season and a number
// within it keeps "episodes" (counted, not their numbers added up), a transcript's rows are
// its "lines", "season 2" keeps that season's rows, "directed_by" is who directed, the
// views kept in millions are the audience, "Rachel" is the one speaker of that given name, a
// trailing "each" groups nothing, "the month of the year" is the month that recurs, and
// "more than 30 years ago" is before that day; "the second episode of season 2" is episode 2;
// "the most watched episode" is the row, named; "season 1 episodes" are that season's.
func TestASeriesIsReadByItsEpisodesLinesAndCredits(t *testing.T) {
	lite, s := sqliteSchema(t, "sitcom", sitcomDDL, sitcomRows())
	checkAnswers(t, lite, s, sitcomAnswers)
	m := newModel(s)
	if o := m.byName["episodes"].ordinal; o == nil || o.name != "episode" {
		t.Errorf("episodes keyed by (season, episode) number their rows by episode, got %v", o)
	}
	if o := m.byName["transcript"].ordinal; o == nil || o.name != "utterance" {
		t.Errorf("a transcript keyed by (season, episode, scene, utterance) number their rows by utterance, got %v", o)
	}
}

// recordsDDL keeps songs with a length in milliseconds and a key both as a pitch-class number
// and by its name.
var recordsDDL = []string{
	`CREATE TABLE albums (album_name VARCHAR(60) PRIMARY KEY, album_release DATE)`,
	`CREATE TABLE songs (album_name VARCHAR(60) REFERENCES albums (album_name), track_name VARCHAR(80), duration_ms INTEGER,
		tempo DOUBLE PRECISION, song_key INTEGER, song_key_name VARCHAR(2))`,
}

var recordsRows = []string{
	`INSERT INTO albums VALUES ('Red','2012-10-22'),('1989','2014-10-27'),('folklore','2020-07-24')`,
	`INSERT INTO songs VALUES ('Red','All Too Well',600000,93.0,0,'C'),('Red','22',232120,104.0,7,'G'),
		('1989','Style',231000,95.0,2,'D'),('1989','Shake It Off',219200,160.0,7,'G'),('1989','Blank Space',231827,96.0,5,'F'),
		('folklore','cardigan',239560,130.0,0,'C'),('folklore','exile',285640,75.0,6,'F#'),('Red','Cruel Summer',178427,170.0,9,'A')`,
}

var recordsAnswers = []answer{
	{"What is the longest song in minutes?", []string{"All Too Well"}},
	{"What is the longest song, and how many minutes does it last?", []string{"All Too Well"}},
	{"Which albums have songs that average more than four minutes?", []string{"Red", "folklore"}},
	{"What key is Cruel Summer in?", []string{"A"}},
	{"What is the fastest song?", []string{"Cruel Summer"}},
	{"What is the average tempo of the songs on each album, fastest first?", []string{"Red", "1989", "folklore"}},
	{"What is the average song length in minutes?", []string{"4.62"}},
}

// TestDurationsAreAnsweredInTheUnitAsked: a length kept in milliseconds is shown in minutes
// when asked "in minutes" or "how many minutes", compared in them after "average", and
// explained so; a number column with a name beside it (song_key, song_key_name) is answered by the
// name; "fastest" ranks by the tempo.
func TestDurationsAreAnsweredInTheUnitAsked(t *testing.T) {
	lite, s := sqliteSchema(t, "records", recordsDDL, recordsRows)
	checkAnswers(t, lite, s, recordsAnswers)
	g, err := generate(t, s, datasource.SQLite, "Which albums have songs that average more than four minutes?")
	if err != nil || !strings.Contains(g.SQL, "/ 60000.0 > 4") || !strings.Contains(g.Explanation, "in minutes is above 4") {
		t.Errorf("the average is compared and explained in minutes: %v\n%s\n%s", err, g.SQL, g.Explanation)
	}
}

// fieldStudyDDL keeps a field study's captures, one row per animal caught, dated by three
// number columns.
var fieldStudyDDL = []string{
	`CREATE TABLE plots (plot_id INTEGER PRIMARY KEY, plot_type VARCHAR(40))`,
	`CREATE TABLE species (species_id VARCHAR(2) PRIMARY KEY, genus VARCHAR(40), species VARCHAR(40), taxa VARCHAR(20))`,
	`CREATE TABLE surveys (record_id INTEGER PRIMARY KEY, month INTEGER, day INTEGER, year INTEGER, plot_id INTEGER REFERENCES plots (plot_id),
		species_id VARCHAR(2) REFERENCES species (species_id), sex VARCHAR(1), weight DOUBLE PRECISION)`,
}

var fieldStudyRows = []string{
	`INSERT INTO plots VALUES (1,'Control'),(2,'Rodent Exclosure')`,
	`INSERT INTO species VALUES ('DM','Dipodomys','merriami','Rodent'),('PP','Chaetodipus','penicillatus','Rodent'),('AB','Amphispiza','bilineata','Bird'),('SB','Spizella','breweri','Bird')`,
	`INSERT INTO surveys VALUES (1,7,16,1977,1,'DM','M',40),(2,7,16,1977,2,'PP','F',NULL),(3,3,5,1995,1,'DM','F',45),
		(4,3,5,1995,1,'AB',NULL,NULL),(5,8,1,1995,2,'DM','M',41),(6,1,9,1996,1,'PP','F',17),(7,3,5,1995,2,'AB',NULL,NULL)`,
}

var fieldStudyAnswers = []answer{
	{"How many animals were caught in 1995?", []string{"4"}},
	{"How many captures have no weight recorded?", []string{"3"}},
	{"How many females were caught on plot 1?", []string{"2"}},
	{"What was the heaviest weight ever recorded, and on what date was that animal caught?", []string{"45"}},
	{"Which species was caught most often, and how many times?", []string{"3"}},
	{"How many bird species are on the species list?", []string{"2"}},
	{"Which species were never caught?", []string{"SB"}},
	{"What kind of plot is plot 2?", []string{"Rodent Exclosure"}},
	{"In what year was Chaetodipus penicillatus first caught?", []string{"1977"}},
	{"How many birds were recorded each year?", []string{"2"}},
	{"How many species were caught each year?", []string{"1977", "1995", "1996"}},
	{"What is the average weight of males and of females?", []string{"M", "F"}},
}

// TestAFieldStudysCapturesAreItsAnimals: "animals" and "captures" are the rows of a study's
// surveys, and "caught" says nothing more; "the heaviest weight, and on what date" is the row
// with its date in the three columns it is kept in; species caught "most often" count the
// captures that refer to them, named by genus and epithet; "how many species" counts the
// species, not their epithets; "of males and of females" is one figure each; species "never
// caught" have no capture (the one table that refers to them); "kind" is a type; the year a
// species named was first caught is the first year of the captures that refer to it; "how
// many birds were recorded each year" counts captures of birds, "how many species" species.
func TestAFieldStudysCapturesAreItsAnimals(t *testing.T) {
	lite, s := sqliteSchema(t, "fieldstudy", fieldStudyDDL, fieldStudyRows)
	checkAnswers(t, lite, s, fieldStudyAnswers)
}

// TestRound26ShapesAnswerAlikeInEveryDialect runs round 26's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound26ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "sitcom", ddl: sitcomDDL, rows: sitcomRows(), answers: sitcomAnswers},
		{name: "records", ddl: recordsDDL, rows: recordsRows, answers: recordsAnswers},
		{name: "fieldstudy", ddl: fieldStudyDDL, rows: fieldStudyRows, answers: fieldStudyAnswers},
	})
}
