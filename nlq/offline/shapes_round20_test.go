package offline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// majorsDDL keeps survey figures per college major as FiveThirtyEight publishes them: a list
// of majors, and one table per population keyed by the major's code, each repeating the
// major's name and category, with a head count under a generic "total", counts of men and
// women, a share of women as a fraction of one, a median and a 75th percentile of earnings
// and an unemployment rate.
var majorsDDL = []string{
	`CREATE TABLE major_categories (major_category VARCHAR(40) PRIMARY KEY)`,
	`CREATE TABLE majors_list (fod1p INTEGER PRIMARY KEY, major VARCHAR(80), major_category VARCHAR(40) REFERENCES major_categories(major_category))`,
	`CREATE TABLE recent_grads (major_code INTEGER PRIMARY KEY REFERENCES majors_list(fod1p), major VARCHAR(80), major_category VARCHAR(40) REFERENCES major_categories(major_category), total INTEGER, men INTEGER, women INTEGER, share_women REAL, median INTEGER, p75th INTEGER, unemployment_rate REAL)`,
	`CREATE TABLE all_ages (major_code INTEGER PRIMARY KEY REFERENCES majors_list(fod1p), major VARCHAR(80), major_category VARCHAR(40) REFERENCES major_categories(major_category), total INTEGER, median INTEGER, unemployment_rate REAL)`,
}

// majorsRows names 60 majors in capitals, as the survey does: more than a sample of values,
// so the names are found through the value index. NURSING and ELEMENTARY EDUCATION are
// mostly women; PETROLEUM ENGINEERING pays best.
func majorsRows() []string {
	cats := []string{"Engineering", "Health", "Education", "Arts"}
	named := []string{"PETROLEUM ENGINEERING", "NURSING", "ELEMENTARY EDUCATION", "DRAMA AND THEATER ARTS"}
	var list, recent, all []string
	for i := range 60 {
		name, cat := "STUDY "+spelled(i), cats[i%4]
		if i == 59 {
			cat = "Engineering"
		}
		if i < 4 {
			name = named[i]
		}
		total, women := 1000+i*10, 300+i*5
		median, p75 := 30000+i*100, 40000+i*100
		switch i {
		case 0:
			median, p75, women = 110000, 125000, 100
		case 1, 2:
			women = total * 95 / 100
		default:
			if cat == "Health" || cat == "Education" {
				women = total * 6 / 10
			}
		}
		list = append(list, fmt.Sprintf("(%d,'%s','%s')", 1000+i, name, cat))
		recent = append(recent, fmt.Sprintf("(%d,'%s','%s',%d,%d,%d,%.4f,%d,%d,%.3f)", 1000+i, name, cat, total, total-women, women, float64(women)/float64(total), median, p75, float64(i%7)/100))
		all = append(all, fmt.Sprintf("(%d,'%s','%s',%d,%d,%.3f)", 1000+i, name, cat, total*5, median+5000, float64(i%5)/100))
	}
	return []string{
		`INSERT INTO major_categories VALUES ('Engineering'),('Health'),('Education'),('Arts'),('Law & Public Policy')`,
		"INSERT INTO majors_list VALUES " + strings.Join(list, ","),
		"INSERT INTO recent_grads VALUES " + strings.Join(recent, ","),
		"INSERT INTO all_ages VALUES " + strings.Join(all, ","),
	}
}

// spelled writes a number below 100 in words, so that generated names read as names.
func spelled(n int) string {
	ones := strings.Fields("ZERO ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN ELEVEN TWELVE THIRTEEN FOURTEEN FIFTEEN SIXTEEN SEVENTEEN EIGHTEEN NINETEEN")
	tens := strings.Fields("- - TWENTY THIRTY FORTY FIFTY SIXTY SEVENTY EIGHTY NINETY")
	switch {
	case n < 20:
		return ones[n]
	case n%10 == 0:
		return tens[n/10]
	}
	return tens[n/10] + " " + ones[n%10]
}

// majorsAnswers are questions over majors and what their answers hold.
var majorsAnswers = []answer{
	{"How many majors are in the list?", []string{"60"}},
	{"How many engineering majors are there?", []string{"16"}},
	{"What is the median salary for nursing among recent graduates?", []string{"30100"}},
	{"How many recent graduates are there in each major category?", []string{"Engineering", "Health", "Education", "Arts"}},
	{"Which three majors have the most recent graduates?", []string{"STUDY FIFTY NINE", "STUDY FIFTY EIGHT", "STUDY FIFTY SEVEN"}},
	{"Which majors have a 75th percentile salary above $100,000 for recent graduates?", []string{"PETROLEUM ENGINEERING"}},
	{"In which majors are more than 90% of recent graduates women?", []string{"NURSING", "ELEMENTARY EDUCATION"}},
	{"What is the average unemployment rate of the majors in each category, for all ages?", []string{"Engineering", "Health", "Education", "Arts"}},
	{"Which major categories have an average recent-graduate median salary above $33,500?", []string{"Engineering"}},
	{"How many men and how many women recent graduates are there in each major category?", []string{"Engineering", "Health", "Education", "Arts"}},
	{"Which major categories have more women than men among their recent graduates?", []string{"Health", "Education"}},
	{"Which major category contains the most majors?", []string{"Engineering"}},
}

// TestFiguresPerMajorAreReadAsTheirPopulation: a table keyed by another table's key, with a
// head count under "total", is that population ("recent graduates" are recent_grads.total,
// added up), and its name said beside another of its figures only says whose figure it is;
// the major's name copied into every table is the list's own ("how many majors", "engineering
// majors"); a lower-case word is a name stored in capitals ("nursing"); "salary" after a
// median or percentile says what it measures; "90%" compared with a count is the share column
// beside it, as a fraction, and a percentage is never compared with a count; an average over
// the rows "of the majors" does not group by them; "categories with more women than men"
// compares their totals; "the category that contains the most majors" counts the majors.
func TestFiguresPerMajorAreReadAsTheirPopulation(t *testing.T) {
	lite, s := sqliteSchema(t, "majors", majorsDDL, majorsRows())
	checkAnswers(t, lite, s, majorsAnswers)
	wantSQL(t, s, "How many recent graduates are there in each major category?", "SUM(recent_grads.total)")
	if g := wantSQL(t, s, "Which majors have a 75th percentile salary above $100,000 for recent graduates?", "recent_grads.p75th > 100000"); strings.Contains(g.SQL, "SUM(") {
		t.Errorf("the table named as the scope added up as a figure:\n%s", g.SQL)
	}
	wantSQL(t, s, "In which majors are more than 90% of recent graduates women?", "recent_grads.share_women > 0.9")
	if g, err := generate(t, s, datasource.SQLite, "Which majors have more than 90% men among recent graduates?"); err == nil {
		t.Errorf("a percentage compared with a count of men:\n%s", g.SQL)
	}
}

// legislatureDDL keeps members of a legislature as the @unitedstates project does: people,
// their terms of type 'sen' or 'rep' with a state code, committees with subcommittees under a
// parent committee, seats on committees, and leadership posts held from a start to an end
// date (none while held).
var legislatureDDL = []string{
	`CREATE TABLE legislators (bioguide_id VARCHAR(10) PRIMARY KEY, first_name VARCHAR(30), last_name VARCHAR(30), full_name VARCHAR(60), gender VARCHAR(1))`,
	`CREATE TABLE terms (bioguide VARCHAR(10) NOT NULL REFERENCES legislators(bioguide_id), type VARCHAR(3), start_date DATE, end_date DATE, state VARCHAR(2), PRIMARY KEY (bioguide, start_date))`,
	`CREATE TABLE committees (committee_id VARCHAR(10) PRIMARY KEY, parent_committee_id VARCHAR(10) REFERENCES committees(committee_id), type VARCHAR(10), name VARCHAR(80), senate_committee_id VARCHAR(10))`,
	`CREATE TABLE committee_membership (bioguide VARCHAR(10) NOT NULL REFERENCES legislators(bioguide_id), name VARCHAR(60), committee_id VARCHAR(10) NOT NULL REFERENCES committees(committee_id), title VARCHAR(20), PRIMARY KEY (committee_id, bioguide))`,
	`CREATE TABLE leadership_roles (id INTEGER PRIMARY KEY, bioguide VARCHAR(10) NOT NULL REFERENCES legislators(bioguide_id), title VARCHAR(60), chamber VARCHAR(10), start_date DATE, end_date DATE)`,
	`CREATE TABLE executive_terms (id INTEGER PRIMARY KEY, person VARCHAR(40), type VARCHAR(10), how VARCHAR(20), party VARCHAR(20))`,
}

var legislatureRows = []string{
	`INSERT INTO legislators VALUES ('S1','Lisa','Murkowski','Lisa Murkowski','F'),('S2','Dan','Sullivan','Dan Sullivan','M'),('S3','Ted','Cruz','Ted Cruz','M'),('S4','John','Cornyn','John Cornyn','M'),
		('R1','Mary','Peltola','Mary Sattler Peltola','F'),('R2','Lizzie','Fletcher','Lizzie Fletcher','F'),('R3','Chip','Roy','Chip Roy','M'),('R4','Ted','Stevens',NULL,'M')`,
	`INSERT INTO terms VALUES ('S1','sen','2023-01-03','2029-01-03','AK'),('S2','sen','2021-01-03','2027-01-03','AK'),('S3','sen','2025-01-03','2031-01-03','TX'),('S4','sen','2021-01-03','2027-01-03','TX'),
		('R1','rep','2023-01-03','2025-01-03','AK'),('R2','rep','2025-01-03','2027-01-03','TX'),('R3','rep','2025-01-03','2027-01-03','TX'),('R4','sen','1969-01-03','2009-01-03','AK')`,
	`INSERT INTO committees VALUES ('HSAG',NULL,'house','House Committee on Agriculture',NULL),('HSAG15','HSAG',NULL,'Forestry',NULL),('HSAG22','HSAG',NULL,'Rural Development',NULL),
		('SSAS',NULL,'senate','Senate Committee on Armed Services','SSAS'),('SSAS13','SSAS',NULL,'Cybersecurity',NULL),('SSFR',NULL,'senate','Senate Committee on Foreign Relations','SSFR'),
		('JSEC',NULL,'joint','Joint Economic Committee',NULL),('HSBU',NULL,'house','House Committee on the Budget',NULL)`,
	`INSERT INTO committee_membership VALUES ('S1','Lisa Murkowski','SSAS','Chairwoman'),('S2','Dan Sullivan','SSAS',NULL),('S3','Ted Cruz','SSAS',NULL),('S4','John Cornyn','SSFR','Chairman'),
		('S1','Lisa Murkowski','SSAS13',NULL),('R2','Lizzie Fletcher','HSAG',NULL),('R3','Chip Roy','HSAG','Chair'),('R2','Lizzie Fletcher','HSAG15',NULL),('S3','Ted Cruz','JSEC',NULL)`,
	`INSERT INTO leadership_roles VALUES (1,'S4','Senate Majority Whip','senate','2019-01-03','2023-01-03'),(2,'S4','Senate Republican Conference Chair','senate','2023-01-03',NULL),
		(3,'S1','Senate Republican Conference Vice Chair','senate','2025-01-03',NULL),(4,'R3','House Freedom Caucus Chair','house','2025-01-03',NULL),(5,'R2','House Democratic Whip','house','2021-01-03','2023-01-03')`,
	`INSERT INTO executive_terms VALUES (1,'Tyler','prez','succession','Whig'),(2,'Fillmore','prez','succession','Whig'),(3,'Lincoln','prez','election','Republican'),(4,'Ford','prez','succession','Republican'),(5,'Ford','viceprez','appointment','Republican')`,
}

// legislatureAnswers are questions over legislature and what their answers hold.
var legislatureAnswers = []answer{
	{"How many subcommittees are there?", []string{"3"}},
	{"Which committees have no subcommittees?", []string{"Senate Committee on Foreign Relations", "Joint Economic Committee", "House Committee on the Budget"}},
	{"What are the subcommittees of the House Committee on Agriculture?", []string{"Forestry", "Rural Development"}},
	{"Which full committees (not subcommittees) have more than 2 members?", []string{"Senate Committee on Armed Services"}},
	{"How many leadership posts are currently held in each chamber?", []string{"senate", "house"}},
	{"List the senators who have represented Alaska.", []string{"Murkowski", "Sullivan", "Stevens"}},
	{"How many Senate terms began in 2025?", []string{"1"}},
	{"How many terms in Texas began in 2025?", []string{"3"}},
	{"How many members sit on each Senate committee?", []string{"Senate Committee on Armed Services", "Senate Committee on Foreign Relations"}},
	{"How many presidents came into office through succession rather than election?", []string{"3"}},
	{"How many presidential terms has each party held?", []string{"Whig", "Republican"}},
	{"What percentage of committee seats are held by women?", []string{"44.44"}},
	{"How many terms started in each year from 2021 on?", []string{"2021", "2023", "2025"}},
	{"Who chairs the Senate Armed Services Committee?", []string{"Lisa Murkowski"}},
	{"Who holds the Senate leadership posts right now?", []string{"John Cornyn", "Lisa Murkowski"}},
	{"How many committee assignments carry the title Chair?", []string{"3"}},
}

// TestALegislatureIsReadInItsOwnWords: 'sen' and 'rep' are senators and representatives, and
// 'prez' presidents ("presidential terms"); a state's name is its postal code, whatever the
// plural rules make of "Texas"; "subcommittees" are the committees under another (of a named
// one: under it), "full committees" those under none, and "committees with no subcommittees"
// the full committees nothing is under; "currently held" keeps the posts whose period covers
// today; "Senate committee" is a committee of type 'senate', not its senate_committee_id;
// "committee seats" and "leadership posts" name the tables of seats and roles; "rather than
// election" sets election aside; "from 2021 on" is every year since; 'Senate Committee on
// Armed Services' is the "Senate Armed Services Committee"; "chairs" and "Chair" are also
// 'Chairman' and 'Chairwoman'; committee assignments are its seats; "who holds" the posts
// names their holders; two values of one column said apart are not one choice
// between them.
func TestALegislatureIsReadInItsOwnWords(t *testing.T) {
	lite, s := sqliteSchema(t, "legislature", legislatureDDL, legislatureRows)
	checkAnswers(t, lite, s, legislatureAnswers)
	if g := wantSQL(t, s, "How many members sit on each Senate committee?", "committees.type = 'senate'"); strings.Contains(g.SQL, "senate_committee_id") {
		t.Errorf("a Senate committee read as its Senate id:\n%s", g.SQL)
	}
	if g, err := generate(t, s, datasource.SQLite, "Which committees are joint committees of the House and Senate?"); err == nil {
		t.Errorf("a type said apart from another read as either:\n%s", g.SQL)
	}
	wantSQL(t, s, "List house and senate committees", "IN ('house', 'senate')")
}

// TestRound20ShapesAnswerAlikeInEveryDialect runs round 20's questions on PostgreSQL and
// MySQL/MariaDB and compares their rows with SQLite's.
func TestRound20ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "majors", ddl: majorsDDL, rows: majorsRows(), answers: majorsAnswers},
		{name: "legislature", ddl: legislatureDDL, rows: legislatureRows, answers: legislatureAnswers},
	})
}
