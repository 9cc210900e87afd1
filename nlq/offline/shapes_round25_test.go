package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// filingsDDL keeps an election register as the FEC's files do: lower-case abbreviations
// (cand_nm, cmte_nm, tres_nm, ttl_receipts, cand_pty_affiliation), people's names written
// surname first in capitals, parties as three-letter codes; the results name the candidate
// by an id no key declares, beside one declared key to the states; a campaign's summary is
// keyed by the candidate's id as the candidate is.
var filingsDDL = []string{
	`CREATE TABLE candidates (cand_id VARCHAR(9) PRIMARY KEY, cand_name VARCHAR(90), cand_pty_affiliation VARCHAR(3), cand_office VARCHAR(1), cand_office_st VARCHAR(2))`,
	`CREATE TABLE campaigns (cand_id VARCHAR(9) PRIMARY KEY, cand_name VARCHAR(90), ttl_receipts DOUBLE PRECISION, coh_cop DOUBLE PRECISION)`,
	`CREATE TABLE committees (cmte_id VARCHAR(9) PRIMARY KEY, cmte_nm VARCHAR(90), tres_nm VARCHAR(90), cmte_tp VARCHAR(1), cmte_city VARCHAR(30))`,
	`CREATE TABLE states (state VARCHAR(2) PRIMARY KEY, state_name VARCHAR(30))`,
	`CREATE TABLE results_senate (state VARCHAR(2) REFERENCES states (state), cand_id VARCHAR(9), party VARCHAR(3), general_votes INTEGER, won INTEGER)`,
	`CREATE TABLE individuals (cmte_id VARCHAR(9) REFERENCES committees (cmte_id), name VARCHAR(90), city VARCHAR(30), employer VARCHAR(60), transaction_amt INTEGER)`,
}

var filingsRows = []string{
	`INSERT INTO candidates VALUES ('S6CA00584','HARRIS, KAMALA D','DEM','S','CA'),('S6CA00345','SANCHEZ, LORETTA','DEM','S','CA'),
		('S6FL00459','RUBIO, MARCO','REP','S','FL'),('S6FL00277','MURPHY, PATRICK E','DEM','S','FL'),('H8WI01024','RYAN, PAUL D.','REP','H','WI'),
		('S6FL00400','STANTON, PAUL','LIB','S','FL'),('P60007168','SANDERS, BERNARD','DEM','P','US'),('P60007671','JOHNSON, GARY / WILLIAM WELD','LIB','P','US'),('H6WI01123','NELSON, RYAN','DEM','H','WI')`,
	`INSERT INTO campaigns VALUES ('S6CA00584','HARRIS, KAMALA D',14343541.83,1312043.5),('S6FL00459','RUBIO, MARCO',24360331.1,402151.0),
		('H8WI01024','RYAN, PAUL D.',19914813.0,10064010.12),('S6FL00277','MURPHY, PATRICK E',19210125.5,75012.0),
		('P60007168','SANDERS, BERNARD',228164501.0,2580524.0)`,
	`INSERT INTO committees VALUES ('C00000935','DEMOCRATIC CONGRESSIONAL CAMPAIGN COMMITTEE','KELLY WARD','Y','WASHINGTON'),
		('C00003418','REPUBLICAN NATIONAL COMMITTEE','RONALD KAUFMAN','Y','WASHINGTON'),('C00495861','PRIORITIES USA ACTION','JESSICA TRAVIS','O','NEW YORK')`,
	`INSERT INTO states VALUES ('CA','California'),('FL','Florida'),('WI','Wisconsin')`,
	`INSERT INTO results_senate VALUES ('CA','S6CA00584','DEM',7542753,1),('CA','S6CA00345','DEM',4701417,0),('FL','S6FL00459','REP',4835191,1),
		('FL','S6FL00277','DEM',4122088,0),('FL','S6FL00400','LIB',196956,0)`,
	`INSERT INTO individuals VALUES ('C00495861','SMITH, JOHN','DALLAS','ACME CORP',2700),('C00495861','JONES, MARY','AUSTIN','SELF-EMPLOYED',500),
		('C00003418','BROWN, ANN','DALLAS','ACME CORP',1000),('C00000935','DAVIS, TOM','MIAMI','RETIRED',250),
		('C00003418','REPUBLICAN NATIONAL COMMITTEE','ALEXANDRIA',NULL,5)`,
}

// filingsAnswers are questions over the register and what their answers hold.
var filingsAnswers = []answer{
	{"How many votes did Kamala Harris get?", []string{"7542753"}},
	{"Who is the treasurer of the Republican National Committee?", []string{"RONALD KAUFMAN"}},
	{"How many candidates registered as Libertarians?", []string{"2"}},
	{"What were the total receipts of Paul Ryan's campaign?", []string{"19914813"}},
	{"What were the total receipts of Marco Rubio's campaign?", []string{"24360331.1"}},
	{"How many candidates are Republicans?", []string{"2"}},
	{"How much did each employer give?", []string{"ACME CORP", "SELF-EMPLOYED", "RETIRED", "NULL"}},
	{"How many Senate winners are there?", []string{"2"}},
	{"How much money did Bernie Sanders' campaign raise?", []string{"228164501"}},
	{"What was the largest single transaction amount, and who was it from?", []string{"SMITH, JOHN"}},
}

// TestRegistersOfAbbreviationsAndSurnamesFirstAreRead: FEC-style abbreviations are spelled out
// (tres_nm is the treasurer's name, not a plural "tre"; employer is no "emp" + "loyer"); a
// name written 'HARRIS, KAMALA D' is found as "Kamala Harris"; a result's candidate id joins
// the candidates though no key is declared, and a campaign keyed by the same id is the
// candidate's; a party said in full ("Libertarians") is its three-letter code; a flag named
// won is asked for as "winners"; a campaign raises its receipts; "Bernie" is a Bernard; "the
// largest single amount, and who gave it" is the row, named; a committee's name is the
// committee's, not a donor's of the same name on rows keyed by nothing.
func TestRegistersOfAbbreviationsAndSurnamesFirstAreRead(t *testing.T) {
	lite, s := sqliteSchema(t, "filings", filingsDDL, filingsRows)
	checkAnswers(t, lite, s, filingsAnswers)
	m := newModel(s)
	for _, c := range []struct{ table, col, words string }{
		{"committees", "tres_nm", "treasurer name"},
		{"individuals", "employer", "employer"},
		{"campaigns", "ttl_receipts", "total receipt"},
		{"committees", "cmte_tp", "committee type"},
	} {
		if got := strings.Join(m.byName[c.table].col(c.col).words, " "); got != c.words {
			t.Errorf("%s.%s reads as %q, want %q", c.table, c.col, got, c.words)
		}
	}
	g, err := generate(t, s, datasource.SQLite, "How many votes did Kamala Harris get?")
	if err != nil || !strings.Contains(g.SQL, "JOIN candidates ON results_senate.cand_id = candidates.cand_id") {
		t.Errorf("a result's candidate id joins the candidates: %v\n%s", err, g.SQL)
	}
	wantRefusal(t, s, "How many votes did Bernard Kaine get?", "Kaine")
}

// discographyDDL keeps an artist's records as the taylor package does: two tables named for
// the artist, albums keyed by their name (some one word: 'Midnights', 'folklore'), songs
// repeating the album's name and release date; the tour's surprise songs apart.
var discographyDDL = []string{
	`CREATE TABLE taylor_albums (album_name VARCHAR(60) PRIMARY KEY, ep INTEGER, album_release DATE, metacritic_score INTEGER)`,
	`CREATE TABLE taylor_all_songs (album_name VARCHAR(60) REFERENCES taylor_albums (album_name), album_release DATE, track_name VARCHAR(80), danceability DOUBLE PRECISION, explicit INTEGER, single_release DATE, key_mode VARCHAR(10), mode_name VARCHAR(5), bonus_track INTEGER, track_release DATE)`,
	`CREATE TABLE eras_tour_surprise (date DATE, city VARCHAR(40), instrument VARCHAR(10), song VARCHAR(80), PRIMARY KEY (date, song))`,
}

var discographyRows = []string{
	`INSERT INTO taylor_albums VALUES ('Fearless',0,'2008-11-11',73),('Midnights',0,'2022-10-21',85),('folklore',0,'2020-07-24',88),
		('evermore',0,'2020-12-11',85),('Beautiful Eyes',1,'2008-07-15',NULL),('The Taylor Swift Holiday Collection',1,'2007-10-14',NULL)`,
	`INSERT INTO taylor_all_songs VALUES ('Fearless','2008-11-11','Love Story',0.618,0,'2008-09-12','D major','major',0,'2008-09-12'),('Fearless','2008-11-11','Fifteen',0.559,0,'2009-08-31','G major','major',0,'2009-08-31'),
		('Midnights','2022-10-21','Anti-Hero',0.637,1,'2022-10-21','E major','major',0,'2022-10-21'),('Midnights','2022-10-21','Lavender Haze',0.733,1,'2022-11-29','A major','major',0,'2022-11-29'),
		('Midnights','2022-10-21','Maroon',0.637,1,NULL,'G major','major',0,'2022-10-21'),('Midnights','2022-10-21','Snow On The Beach',0.659,0,NULL,'A minor','minor',1,'2022-10-21'),
		('folklore','2020-07-24','cardigan',0.613,0,'2020-07-24','C minor','minor',0,'2020-07-24'),('folklore','2020-07-24','exile',0.298,0,NULL,'A minor','minor',0,'2020-07-24'),
		('evermore','2020-12-11','willow',0.392,0,'2020-12-11','E minor','minor',0,'2020-12-11'),('Beautiful Eyes','2008-07-15','Beautiful Eyes',0.48,0,NULL,'D major','major',0,'2008-07-15')`,
	`INSERT INTO eras_tour_surprise VALUES ('2023-03-17','Glendale, Arizona','guitar','mirrorball'),('2023-03-17','Glendale, Arizona','piano','Tim McGraw'),
		('2023-03-18','Glendale, Arizona','guitar','Our Song'),('2023-03-18','Glendale, Arizona','piano','Snow On The Beach'),
		('2024-06-21','London, England','guitar','Hits Different'),('2024-06-21','London, England','piano','Haunted'),
		('2024-06-22','London, England','piano','mirrorball')`,
}

// discographyAnswers are questions over the records and what their answers hold.
var discographyAnswers = []answer{
	{"When was Midnights released?", []string{"2022-10-21"}},
	{"What was the Metacritic score of folklore?", []string{"88"}},
	{"Which song is the most danceable?", []string{"Lavender Haze"}},
	{"How many albums are EPs?", []string{"2"}},
	{"What percentage of the songs on Midnights are explicit?", []string{"75"}},
	{"How many surprise songs did Taylor do on each instrument?", []string{"guitar", "piano"}},
	{"How many surprise songs were there in London?", []string{"3"}},
	{"Which studio album got the best Metacritic score?", []string{"folklore"}},
	{"How many studio albums are there?", []string{"4"}},
	{"How many songs are in a minor mode?", []string{"4"}},
	{"How many songs are in A minor?", []string{"2"}},
	{"How many songs were released as singles?", []string{"6"}},
	{"How many songs are on Midnights, counting the bonus tracks?", []string{"4"}},
	{"What is the most recent album?", []string{"Midnights"}},
	{"When was Love Story released?", []string{"2008-09-12"}},
	{"Which albums had no song released as an official single?", []string{"Beautiful Eyes", "The Taylor Swift Holiday Collection"}},
}

// TestAnArtistsRecordsAreReadAsTheArtistsOwn: the artist's name before two of three tables
// names none of them, and said in a question names the whole database; an album keyed by its
// name is the row its songs repeat ("when was Midnights released": the album's date, once);
// "danceable" is the danceability, "EPs" the EP flag; a share of rows in a state is taken
// within the rows another condition keeps; a studio album is no EP, and "the best Metacritic score" the highest; "a minor key" is a
// minor one, not the key 'A minor'; taylor_all_songs are the songs; "released as a single" is
// a song whose single_release is set; "counting the bonus tracks" keeps the others; "the most
// recent album" is the album, not its date; a song's own release is its track_release.
func TestAnArtistsRecordsAreReadAsTheArtistsOwn(t *testing.T) {
	lite, s := sqliteSchema(t, "discography", discographyDDL, discographyRows)
	checkAnswers(t, lite, s, discographyAnswers)
	m := newModel(s)
	if got := strings.Join(m.byName["eras_tour_surprise"].col("instrument").words, " "); got != "instrument" {
		t.Errorf("instrument reads as %q: \"ins\" is no plural of \"in\"", got)
	}
	g, err := generate(t, s, datasource.SQLite, "When was Midnights released?")
	if err != nil || strings.Contains(g.SQL, "taylor_all_songs") {
		t.Errorf("an album's release date is the album's own: %v\n%s", err, g.SQL)
	}
}

// TestRound25ShapesAnswerAlikeInEveryDialect runs round 25's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound25ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "filings", ddl: filingsDDL, rows: filingsRows, answers: filingsAnswers},
		{name: "discography", ddl: discographyDDL, rows: discographyRows, answers: discographyAnswers},
	})
}

// TestANameWrittenSurnameFirstIsSaidGivenNameFirst lists the phrases a register's name is
// found by, and the columns and values that are no such names.
func TestANameWrittenSurnameFirstIsSaidGivenNameFirst(t *testing.T) {
	register := []string{"HARRIS, KAMALA D", "RYAN, PAUL D.", "SANDERS, BERNARD", "REPUBLICAN NATIONAL COMMITTEE"}
	name := &column{words: []string{"candidate", "name"}, samples: register}
	city := &column{words: []string{"city", "name"}, samples: []string{"Paris, France", "Lyon, France"}}
	subject := &column{words: []string{"name"}, samples: []string{"Hepworth, Barbara", "sculpture", "nature", "animals"}}
	for _, c := range []struct {
		col  *column
		v    string
		want []string
	}{
		{name, "HARRIS, KAMALA D", []string{"kamala harris"}},
		{name, "RYAN, PAUL D.", []string{"paul ryan"}},
		{name, "CLINTON, HILLARY RODHAM / TIMOTHY MICHAEL KAINE", []string{"hillary clinton", "hillary rodham clinton", "rodham clinton"}},
		{name, `CRUZ, RAFAEL EDWARD "TED"`, []string{"rafael cruz", "rafael edward ted cruz", "edward cruz", "ted cruz"}},
		{name, "SANDERS, BERNARD", []string{"bernard sander", "bernie sander"}}, // normalised as questions are
		{name, "DE LA FUENTE, ROQUE JR", []string{}},
		{name, "REPUBLICAN NATIONAL COMMITTEE", []string{}},
		{name, "SMITH, JOHN, III", []string{}},
		{city, "Paris, France", []string{}},
		{subject, "Hepworth, Barbara", []string{}},
	} {
		got := surnameFirst(c.v, surnamesFirst(c.col))
		if len(got) != len(c.want) || len(got) > 0 && strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("surnameFirst(%q) = %q, want %q", c.v, got, c.want)
		}
	}
}
