package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// contestDDL keeps a song contest as a scraped JSON file flattens it: one edition a year,
// keyed by the year; an entry keyed by its year and a number that restarts every year, which
// the tables under it carry as a pair; placings in one table, the points they earned in
// another, kept apart by kind ('total', 'jury', 'online').
var contestDDL = []string{
	`CREATE TABLE countries (code VARCHAR(2) PRIMARY KEY, name VARCHAR(40) NOT NULL)`,
	`CREATE TABLE contests (year INTEGER PRIMARY KEY, arena VARCHAR(60), city VARCHAR(40), country VARCHAR(2) REFERENCES countries (code), slogan VARCHAR(40))`,
	`CREATE TABLE contestants (year INTEGER NOT NULL REFERENCES contests (year), id INTEGER NOT NULL, country VARCHAR(2) REFERENCES countries (code),
		artist VARCHAR(60), song VARCHAR(60), PRIMARY KEY (year, id))`,
	`CREATE TABLE writers (year INTEGER NOT NULL, contestantId INTEGER NOT NULL, name VARCHAR(60) NOT NULL,
		FOREIGN KEY (year, contestantId) REFERENCES contestants (year, id))`,
	`CREATE TABLE lyrics (year INTEGER NOT NULL, contestantId INTEGER NOT NULL, position INTEGER NOT NULL, title VARCHAR(60),
		PRIMARY KEY (year, contestantId, position), FOREIGN KEY (year, contestantId) REFERENCES contestants (year, id))`,
	`CREATE TABLE performances (year INTEGER NOT NULL, round VARCHAR(10) NOT NULL, contestantId INTEGER NOT NULL, running INTEGER, place INTEGER,
		PRIMARY KEY (year, round, contestantId), FOREIGN KEY (year, contestantId) REFERENCES contestants (year, id))`,
	`CREATE TABLE scores (year INTEGER NOT NULL, round VARCHAR(10) NOT NULL, contestantId INTEGER NOT NULL, name VARCHAR(20) NOT NULL, points INTEGER,
		PRIMARY KEY (year, round, contestantId, name), FOREIGN KEY (year, round, contestantId) REFERENCES performances (year, round, contestantId))`,
}

var contestRows = []string{
	`INSERT INTO countries VALUES ('NL','Netherlands'),('MT','Malta'),('GE','Georgia'),('AU','Australia'),('FR','France'),('CY','Cyprus'),
		('BY','Belarus'),('PL','Poland')`,
	`INSERT INTO contests VALUES (2009,'Spyros Kyprianou Athletic Centre','Limassol','CY',NULL),(2016,'Mediterranean Conference Centre','Valletta','MT',NULL),
		(2018,'Minsk Arena','Minsk','BY','#LightUp'),(2019,'Gliwice Arena','Gliwice','PL','Share The Joy')`,
	// An act called '2U' sorts first: the artists still read as names. Ralf Mackenbach also
	// wrote his own song, so his name is a writer's too.
	`INSERT INTO contestants VALUES (2009,0,'NL','Ralf Mackenbach','Click Clack'),(2009,1,'MT','Francesca & Mikaela','Double Trouble'),
		(2016,0,'GE','Mariam Mamadashvili','Mzeo'),(2016,1,'AU','Alexa Curtis','We Are'),(2016,2,'MT','Christina Magrin','Parachute'),
		(2018,0,'FR','Angelina','Jamais sans toi'),(2018,1,'AU','Jael Wena','Champion'),(2018,2,'NL','Max & Anne','Samen'),
		(2019,0,'FR','Carla','Bim bam toi'),(2019,1,'AU','Jordan Anthony','We Will Rise'),(2019,2,'NL','Matheu','Dans met jou'),(2019,3,'GE','2U','Oxygen')`,
	`INSERT INTO writers VALUES (2009,0,'Ralf Mackenbach'),(2009,0,'Jan Beekman'),(2016,0,'Giga Kukhianidze'),(2018,0,'Angelina')`,
	`INSERT INTO lyrics VALUES (2009,0,0,'Click Clack'),(2009,0,1,'Click Clack (English)'),(2016,0,0,'Mzeo'),(2018,0,0,'Jamais sans toi'),(2019,0,0,'Bim bam toi')`,
	`INSERT INTO performances VALUES (2009,'final',0,3,1),(2009,'final',1,5,2),(2016,'final',0,4,1),(2016,'final',1,2,3),(2016,'final',2,1,2),
		(2018,'final',0,1,2),(2018,'final',1,2,3),(2018,'final',2,3,1),(2019,'final',0,1,2),(2019,'final',1,2,4),(2019,'final',2,3,1),(2019,'final',3,4,3)`,
	`INSERT INTO scores VALUES (2009,'final',0,'total',121),(2009,'final',1,'total',116),(2016,'final',0,'total',239),(2016,'final',1,'total',202),
		(2016,'final',2,'total',209),(2018,'final',0,'total',203),(2018,'final',0,'jury',80),(2018,'final',0,'online',123),
		(2018,'final',1,'total',201),(2018,'final',1,'jury',110),(2018,'final',1,'online',91),(2018,'final',2,'total',215),
		(2018,'final',2,'jury',90),(2018,'final',2,'online',125)`,
}

var contestAnswers = []answer{
	{"What song did Ralf Mackenbach perform?", []string{"Click Clack"}},
	{"Which city hosted the 2016 contest?", []string{"Valletta"}},
	{"Which country has won the most times?", []string{"Netherlands"}},
	{"How many acts competed in 2018?", []string{"3"}},
	{"How many entries has the Netherlands sent?", []string{"3"}},
	{"How many editions are there?", []string{"4"}},
	{"In which years did Australia take part?", []string{"2016", "2018", "2019"}},
	{"How many points did Angelina get from the online vote?", []string{"123"}},
	{"Which venues have hosted the contest?", []string{"Spyros Kyprianou Athletic Centre", "Mediterranean Conference Centre", "Minsk Arena", "Gliwice Arena"}},
	{"List the editions that had an official slogan, together with the slogan.", []string{"2018", "2019"}},
	{"How many points did Angelina score altogether?", []string{"203"}},
	{"What is the highest score ever received?", []string{"239"}},
}

// TestAContestsEntriesAreKeyedByYearAndPlacedByTheirFinish: a year that keys the editions is
// still a year ("the 2016 contest"); an act's name is the entry's label though one sorts
// with a figure ('2U'), so the act Ralf Mackenbach is read there before the writer of that
// name; a win is a first place where the points are kept in a table of their own (not the
// first lyrics of a song, a position inside a key); entries, acts, editions and venues are a
// contest's words, a country's entries those it sent or took part with, and "the online
// vote" the score of that kind; editions are named by their year, and those "that had a
// slogan" are those whose slogan is set, shown "together with" it; the points an act scored
// altogether are its total, not its total and the jury's and the online vote's parts added
// to it; and the highest score is the most points of a total.
func TestAContestsEntriesAreKeyedByYearAndPlacedByTheirFinish(t *testing.T) {
	lite, s := sqliteSchema(t, "contest", contestDDL, contestRows)
	checkAnswers(t, lite, s, contestAnswers)
	// "Countries that have taken part but never won" are countries none of whose entries
	// won; a test on each entry would keep Georgia (one winning entry, one other).
	if g, err := generate(t, s, datasource.SQLite, "Which countries have taken part but never won?"); err == nil {
		t.Errorf("a country's entries tested one by one for never winning:\n%s", g.SQL)
	}
	// Came last: the worst finish, which no reading says yet; never the latest entry.
	if g, err := generate(t, s, datasource.SQLite, "Who came last in 2019?"); err == nil {
		t.Errorf("\"came last\" read as something else:\n%s", g.SQL)
	}
	if g, err := generate(t, s, datasource.SQLite, "Which countries have entries that never won?"); err != nil {
		t.Errorf("entries named by their noun are the rows tested: %v", err)
	} else if !strings.Contains(g.SQL, "NOT EXISTS") {
		t.Errorf("entries that never won: no anti-join\n%s", g.SQL)
	}
}

// courtDDL keeps federal judges as a historian's R package ships the court's directory: the
// people and their appointments in tables named after the judges, names split as
// name_first/name_last, birth and death years in integer columns named _date, and the
// appointment's dates as 'MM/DD/YYYY' text.
var courtDDL = []string{
	`CREATE TABLE judges_people (judge_id INTEGER PRIMARY KEY, name_first VARCHAR(30), name_last VARCHAR(30), birth_date INTEGER, death_date INTEGER,
		birthplace_state VARCHAR(20), death_state VARCHAR(20), gender CHAR(1))`,
	`CREATE TABLE judges_appointments (judge_id INTEGER NOT NULL REFERENCES judges_people (judge_id), court_type VARCHAR(10), president_name VARCHAR(40),
		nomination_date VARCHAR(10), commission_date VARCHAR(10), termination_reason VARCHAR(40))`,
}

var courtRows = []string{
	`INSERT INTO judges_people VALUES (1,'John','Jay',1745,1829,'NY','NY','M'),(2,'Sandra','Day O''Connor',1930,NULL,'TX','AZ','F'),
		(3,'Sonia','Sotomayor',1954,NULL,'NY',NULL,'F'),(4,'Jose','Cabranes',1940,NULL,'Puerto Rico',NULL,'M'),(5,'Hugo','Black',1886,1971,'AL','MD','M'),
		(6,'Lyndon','Hughes',1935,2001,'NM','TX','M'),(7,'Anne','Clark',1951,NULL,'TX',NULL,'F'),
		(8,'Ronald','Lew',1941,NULL,'CA',NULL,'M'),(9,'Michael','Reagan',1942,NULL,'MI',NULL,'M')`,
	// Read as text, '12/20/1937' would sort after '01/05/1995'.
	`INSERT INTO judges_appointments VALUES (1,'USSC','George Washington','09/24/1789','09/26/1789','Resignation'),
		(2,'USSC','Ronald Reagan','08/19/1981','09/25/1981','Retirement'),(3,'USDC','George H.W. Bush','11/27/1991','10/30/1992',NULL),
		(3,'USCA','William J. Clinton','06/25/1997','10/07/1998',NULL),(4,'USDC','Jimmy Carter','09/25/1979','11/02/1979',NULL),
		(4,'USCA','William J. Clinton','05/24/1994','08/10/1994',NULL),(5,'USSC','Franklin D. Roosevelt','08/12/1937','08/19/1937','Death'),
		(6,'USDC','Jimmy Carter','06/05/1979','07/19/1979','Death'),(7,'USDC','William J. Clinton','01/05/1995','03/15/1995',NULL),
		(8,'USDC','William J. Clinton','03/24/1996','06/30/1996',NULL),(9,'USDC','Ronald Reagan','09/09/1985','10/04/1985',NULL)`,
}

var courtAnswers = []answer{
	{"How many federal judges were born in Texas?", []string{"2"}},
	{"What is the earliest birth year of any judge in the directory?", []string{"1745"}},
	{"How many judges in the directory have no recorded year of death?", []string{"6"}},
	{"Which judges were born in Puerto Rico? Give their first and last names.", []string{"Cabranes"}},
	{"How many judicial commissions were issued in 1994?", []string{"1"}},
	{"How many commissions were issued during the 1990s (1990 through 1999)?", []string{"5"}},
	{"Which year had the most commissions?", []string{"1979"}},
	{"What is the latest commission date?", []string{"1998-10-07"}},
	{"How many judicial appointments ended with the death of the judge?", []string{"2"}},
	{"How many appointments have been made to the courts of appeals?", []string{"2"}},
	{"How many women did William J. Clinton appoint?", []string{"2"}},
	{"What percentage of William J. Clinton's appointments went to women?", []string{"50"}},
	{"Which presidents made more appointments than the average president?", []string{"William J. Clinton", "Jimmy Carter", "Ronald Reagan"}},
	{"How many judges did Ronald Reagan appoint?", []string{"2"}},
	{"Which three birth states were the most common among the appointments, and how many appointments each?", []string{"NY", "Puerto Rico", "TX"}},
}

// TestAJudgesDirectoryReadsItsDatesAndNamesAsSaid: "judges" are the people of judges_people,
// "federal" and "judicial" name the whole directory; "born in Texas" is the birthplace, not
// the state of death; a year kept in birth_date is the birth year; name_first is the first
// name; dates kept as 'MM/DD/YYYY' compare and sort as dates; a year in parentheses that
// restates the decade is no second condition; "the most commissions" counts commissions
// per year rather than taking the latest commission date; "the courts of appeals" is the
// code 'USCA' the national register spells with its initials; "did Clinton appoint" names
// the appointments; the share of a president's appointments that went to women counts the
// appointments kept by the president; "more than the average president" compares each
// president's count with the average count; and "how many appointments each", after the
// three states ranked, is the count beside each. "Ronald Reagan" is the president stored under
// that name, not a judge whose first name is Ronald and another whose last name is Reagan.
//
// "Which district court has the most appointments", where a court is no row of its own, is
// refused: grouping by rows with neither a key nor a name showed nothing.
func TestAJudgesDirectoryReadsItsDatesAndNamesAsSaid(t *testing.T) {
	lite, s := sqliteSchema(t, "court", courtDDL, courtRows)
	checkAnswers(t, lite, s, courtAnswers)
	if g, err := generate(t, s, datasource.SQLite, "Which district court has had the most appointments?"); err == nil {
		t.Errorf("appointments grouped by themselves, with nothing to name them:\n%s", g.SQL)
	}
}

// TestEventsNamedByTheirDateAreCountedNotTheLatestDate: "the year with the most hires" and
// "how many hires in 2005" count the rows hire_date dates; MAX(hire_date) per year answered
// the first without warning.
func TestEventsNamedByTheirDateAreCountedNotTheLatestDate(t *testing.T) {
	_, s := sqliteSchema(t, "hires", []string{
		`CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, last_name VARCHAR(30) NOT NULL, hire_date DATE NOT NULL)`,
	}, []string{
		`INSERT INTO employees VALUES (1,'King','2003-06-17'),(2,'Kochhar','2005-09-21'),(3,'De Haan','2005-01-13'),(4,'Hunold','2006-01-03')`,
	})
	for q, want := range map[string]string{
		"Which year had the most hires?":     "COUNT(*)",
		"How many hires were there in 2005?": "COUNT(*)",
	} {
		g, err := generate(t, s, datasource.SQLite, q)
		if err != nil || !strings.Contains(g.SQL, want) || strings.Contains(g.SQL, "MAX(") {
			t.Errorf("%q: %v\n%s", q, err, g.SQL)
		}
	}
}

// TestRound38ShapesAnswerAlikeInEveryDialect runs round 38's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's: the dates kept as 'MM/DD/YYYY' text are
// rewritten the same way on each.
func TestRound38ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "contest", ddl: contestDDL, rows: contestRows, answers: contestAnswers},
		{name: "court", ddl: courtDDL, rows: courtRows, answers: courtAnswers},
	})
}

// TestNationalCodesAreMostOfAColumn: a column of court codes ('USDC', 'USCA', ...) is a national
// register's; one source key 'USDP' among others is not ("Dutch parliamentary" read as it).
func TestNationalCodesAreMostOfAColumn(t *testing.T) {
	for _, c := range []struct {
		samples []string
		want    bool
	}{
		{[]string{"USDC", "USCA", "USSC", "USCC", "Court of Claims", "Other", "U. S. Customs Court"}, true},
		{[]string{"USDP", "afp", "reuters", "cne", "ipu", "wikipedia"}, false},
		{[]string{"USDC", "USCA"}, false},
	} {
		if got := nationalCodes(&column{samples: c.samples}); got != c.want {
			t.Errorf("%v: %v, want %v", c.samples, got, c.want)
		}
	}
}
