package offline

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// stormDDL is a weather service's register of storm events as NOAA keeps it: tables named
// after the file they came from (StormEvents_details, lower-cased here as PostgreSQL folds
// it), the events keyed by EVENT_ID, deaths
// recorded one row per person, and the damage both as written ('10.00K') and as a number.
var stormDDL = []string{
	`CREATE TABLE stormevents_details (event_id INTEGER PRIMARY KEY, state VARCHAR(20), event_type VARCHAR(20), cz_name VARCHAR(20),
		begin_date_time TIMESTAMP, flood_cause VARCHAR(20), damage_property VARCHAR(10), damage_property_num INTEGER)`,
	`CREATE TABLE stormevents_fatalities (fatality_id INTEGER PRIMARY KEY, event_id INTEGER NOT NULL REFERENCES stormevents_details (event_id),
		fatality_age INTEGER, fatality_sex VARCHAR(1))`,
}

var stormRows = []string{
	`INSERT INTO stormevents_details VALUES (1,'TEXAS','Tornado','DALLAS','2019-01-10 10:00:00',NULL,'10.00K',10000),
		(2,'TEXAS','Flash Flood','TRAVIS','2019-02-03 11:00:00','Heavy Rain','1.50M',1500000),
		(3,'NORTH CAROLINA','Flash Flood','PERSON','2019-02-20 12:00:00','Heavy Rain','2.00K',2000),
		(4,'NORTH CAROLINA','Flash Flood','WAKE','2019-03-01 13:00:00','Heavy Rain','0.00K',0),
		(5,'IOWA','Blizzard','POLK','2019-02-11 14:00:00',NULL,NULL,NULL)`,
	`INSERT INTO stormevents_fatalities VALUES (1,1,40,'M'),(2,1,60,'F'),(3,2,30,'M'),(4,5,NULL,'M')`,
}

// TestEventsAreTheDetailsKeyedByThemAndPeopleWhoDiedAreTheFatalities: a table keyed by
// EVENT_ID whose name says only "details" has "events" for rows, though its columns
// (EVENT_TYPE) and its children's say the word too; "people who died" (or "were killed")
// are the rows that record each death where no one's death is dated, and "people" is no
// county stored as 'PERSON'; a number kept beside its text (DAMAGE_PROPERTY_NUM beside
// '10.00K') is the figure "property damage" means, and floods compared with "the average
// flash flood" are compared with the average of the flash floods; "states with more than one
// flash flood event" count each state's events of that type; an age recorded is one given.
func TestEventsAreTheDetailsKeyedByThemAndPeopleWhoDiedAreTheFatalities(t *testing.T) {
	lite, s := sqliteSchema(t, "storms", stormDDL, stormRows)
	checkAnswers(t, lite, s, stormAnswers)
}

var stormAnswers = []answer{
	{"How many events began in February 2019?", []string{"3"}},
	{"How many events were there in each state?", []string{"TEXAS", "IOWA", "NORTH CAROLINA"}},
	{"How many people died in tornadoes?", []string{"2"}},
	{"What was the average age of the people who died?", []string{"43.33"}},
	{"In which state did the most people die?", []string{"TEXAS"}},
	{"How many men and how many women were killed?", []string{"3", "1"}},
	{"What was the total property damage in Texas?", []string{"1510000"}},
	{"How many flash floods caused more property damage than the average flash flood?", []string{"1"}},
	{"Which states had more than one flash flood event?", []string{"NORTH CAROLINA"}},
	{"How many people who died had their age recorded?", []string{"3"}},
	{"What was the average age of the people who died, where the age is known?", []string{"43.33"}},
}

// rentalDDL is a short-term rental marketplace as Inside Airbnb exports it: prices written
// with their currency sign and thousands separators, rates with a percent sign or 'N/A',
// flags as 't'/'f', and a city's wards as its neighbourhoods.
var rentalDDL = []string{
	`CREATE TABLE hosts (host_id INTEGER PRIMARY KEY, host_name VARCHAR(20), host_since DATE, host_response_rate VARCHAR(5), host_is_superhost VARCHAR(1))`,
	`CREATE TABLE neighbourhoods (neighbourhood VARCHAR(20) PRIMARY KEY)`,
	`CREATE TABLE listings (id INTEGER PRIMARY KEY, name VARCHAR(40), host_id INTEGER REFERENCES hosts (host_id),
		neighbourhood_cleansed VARCHAR(20) REFERENCES neighbourhoods (neighbourhood), room_type VARCHAR(20), price VARCHAR(12), bedrooms INTEGER,
		review_scores_rating REAL)`,
	`CREATE TABLE reviews (id INTEGER PRIMARY KEY, listing_id INTEGER REFERENCES listings (id), date DATE, reviewer_name VARCHAR(20))`,
}

var rentalRows = []string{
	`INSERT INTO hosts VALUES (1,'Diana','2015-03-01','100%','t'),(2,'Omar','2020-06-01','N/A','f'),(3,'Lena','2018-01-01','80%','t')`,
	`INSERT INTO neighbourhoods VALUES ('FIRST WARD'),('SECOND WARD')`,
	`INSERT INTO listings VALUES (1,'Loft by the park',1,'FIRST WARD','Entire home/apt','$1,250.00',3,4.9),
		(2,'Quiet room',2,'FIRST WARD','Private room','$60.00',1,4.5),(3,'Garden flat',3,'SECOND WARD','Entire home/apt','$140.00',2,NULL),
		(4,'Attic room',3,'SECOND WARD','Private room','$45.00',1,4.0)`,
	`INSERT INTO reviews VALUES (1,1,'2023-02-01','Ann'),(2,1,'2023-05-01','Bo'),(3,3,'2024-01-01','Cy'),(4,2,'2022-07-01','Di')`,
}

// TestPricesWrittenWithTheirSignAreNumbers: '$1,250.00' and '97%' are read as the numbers
// they write, so the dearest listing is the $1,250 one, not the one that sorts last as text;
// "charges the highest price" ranks by the price the verb also names, and "more per night
// than the average listing" compares the price; "superhost status" is the flag; guests'
// reviews are the reviews and a ward is a neighbourhood; the average overall rating is the
// average of the rating, nothing summed.
func TestPricesWrittenWithTheirSignAreNumbers(t *testing.T) {
	lite, s := sqliteSchema(t, "rentals", rentalDDL, rentalRows)
	checkAnswers(t, lite, s, rentalAnswers)
}

var rentalAnswers = []answer{
	{"Which listing charges the highest price?", []string{"Loft by the park"}},
	{"What is the average price for each room type?", []string{"695", "52.5"}},
	{"How many listings charge more per night than the average listing?", []string{"1"}},
	{"What is the average host response rate?", []string{"90"}},
	{"How many hosts have superhost status?", []string{"2"}},
	{"How many guest reviews were written in 2023?", []string{"2"}},
	{"How many listings received no reviews in 2023?", []string{"3"}},
	{"How many listings are there in each ward?", []string{"FIRST WARD", "SECOND WARD"}},
	{"What is the average overall guest rating of the listings?", []string{"4.47"}},
}

// shelterDDL is an animal shelter's intakes and outcomes: an animal may come in more than
// once, and the outcomes keep the days spent in the shelter.
var shelterDDL = []string{
	`CREATE TABLE animals (animal_id VARCHAR(8) PRIMARY KEY, type VARCHAR(10) NOT NULL, primary_breed VARCHAR(30) NOT NULL, sex VARCHAR(10), date_of_birth DATE)`,
	`CREATE TABLE intakes (id INTEGER PRIMARY KEY, animal_id VARCHAR(8) NOT NULL REFERENCES animals (animal_id), source_date TIMESTAMP NOT NULL, source_name VARCHAR(20))`,
	`CREATE TABLE outcomes (id INTEGER PRIMARY KEY, animal_id VARCHAR(8) NOT NULL REFERENCES animals (animal_id), outcome_date TIMESTAMP NOT NULL,
		outcome_status VARCHAR(20), days_in_shelter INTEGER)`,
}

var shelterRows = []string{
	`INSERT INTO animals VALUES ('A1','Dog','Labrador Retriever','Male','2020-01-01'),('A2','Dog','Labrador Retriever','Female',NULL),
		('A3','Cat','Domestic Shorthair','Unknown',NULL),('A4','Dog','Beagle','Male','2019-05-05')`,
	`INSERT INTO intakes VALUES (1,'A1','2025-12-02 10:00:00','Stray'),(2,'A2','2025-12-15 10:00:00','Owner Surrender'),(3,'A3','2026-01-03 10:00:00','Stray'),
		(4,'A1','2026-02-01 10:00:00','Stray'),(5,'A4','2026-02-02 10:00:00','Stray')`,
	`INSERT INTO outcomes VALUES (1,'A1','2025-12-20 10:00:00','Adopted',18),(2,'A3','2026-01-30 10:00:00','Adopted',27),(3,'A2','2026-01-31 10:00:00','Transfer',47)`,
}

// TestTheShelterIsTheBusinessAndArrivalsAreIntakes: where the data source is the animal
// shelter, "the shelter" is the business, not the days_in_shelter column that says the word
// among others; animals that arrived or came in are those of the intakes, and those that
// leave are the outcomes'; "came in more than once" counts each animal's intakes; a birth
// date that is unknown is one not given, not another column's 'Unknown'.
func TestTheShelterIsTheBusinessAndArrivalsAreIntakes(t *testing.T) {
	lite, s := sqliteSchema(t, "shelter", shelterDDL, shelterRows)
	owner := func(r *nlq.Request) { r.OwnerNames = []string{"animal_shelter"} }
	checkAnswers(t, lite, s, []answer{
		{"Which breed is the most common among all the animals the shelter has handled?", []string{"Labrador Retriever"}},
		{"How many animals arrived at the shelter in December 2025?", []string{"2"}},
		{"How many animals came in during February 2026?", []string{"2"}},
		{"For how many animals is the birth date unknown?", []string{"2"}},
	}, owner)
	g, err := generate(t, s, datasource.SQLite, "How many animals came into the shelter more than once?", owner)
	if err != nil {
		t.Fatal(err)
	}
	if res, err := query(context.Background(), lite, g.SQL); err != nil || len(res.rows) != 1 || res.rows[0] != "1" || strings.Contains(g.SQL, "days_in_shelter") {
		t.Errorf("animals that came in more than once: %v %v\n%s", err, res, g.SQL)
	}
}

// TestAPeriodAfterTheRowsCountedIsTheirs: "customers who placed at least one order in
// December 2015" are counted by their orders of that month, not by when their accounts were
// opened.
func TestAPeriodAfterTheRowsCountedIsTheirs(t *testing.T) {
	lite, s := sqliteSchema(t, "accounts", []string{
		`CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, customer_name VARCHAR(20), account_opened_date DATE)`,
		`CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers (customer_id), order_date DATE)`,
	}, []string{
		`INSERT INTO customers VALUES (1,'Tailspin','2015-12-05'),(2,'Wingtip','2013-01-01'),(3,'Adatum','2014-01-01')`,
		`INSERT INTO orders VALUES (1,2,'2015-12-10'),(2,2,'2015-12-11'),(3,3,'2015-12-20'),(4,1,'2016-01-02')`,
	})
	checkAnswers(t, lite, s, []answer{
		{"How many customers placed at least one order in December 2015?", []string{"2"}},
		{"Which customers placed more than one order in December 2015?", []string{"Wingtip"}},
	})
}

// TestRound44ShapesAnswerAlikeInEveryDialect runs round 44's questions on PostgreSQL and
// MariaDB too.
func TestRound44ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "storms", ddl: stormDDL, rows: stormRows, answers: stormAnswers},
		{name: "rentals", ddl: rentalDDL, rows: rentalRows, answers: rentalAnswers},
	})
}

// TestMarkedNumbersAreReadWithoutTheirSign: a column of amounts written with a currency sign
// or shares with a percent sign is a number column; a mix of signs, or words, is not.
func TestMarkedNumbersAreReadWithoutTheirSign(t *testing.T) {
	for _, tc := range []struct {
		samples []string
		want    string
	}{
		{[]string{"$1,250.00", "$60.00", "$45.00"}, "$"},
		{[]string{"100%", "80%", "N/A"}, "%"},
		{[]string{"£12", "-£3.50", "£0"}, "£"},
		{[]string{"$12", "€3", "$4"}, ""},
		{[]string{"within an hour", "a few days", "N/A"}, ""},
		{[]string{"12", "13", "14"}, ""},
	} {
		c := &column{samples: tc.samples}
		if got := markedNumbers(c); got != tc.want {
			t.Errorf("markedNumbers(%q) = %q, want %q", tc.samples, got, tc.want)
		}
	}
}

// TestAStateIsNotACountyOfItsName: 'TEXAS' is a state among a few dozen and also one of
// thousands of counties and zones named; "events in Texas" are the state's. A column that
// holds one value (Inside Airbnb's neighbourhood, 'Neighborhood highlights' or nothing) is
// not what its name says where a table says it too, and a kind of event is its event_type.
func TestAStateIsNotACountyOfItsName(t *testing.T) {
	rows := []string{`INSERT INTO regions VALUES ('FIRST WARD'),('SECOND WARD')`}
	for i := 1; i <= 600; i++ {
		state, zone, ward, note := "IOWA", fmt.Sprintf("ZONE %d", i), "FIRST WARD", "'Neighborhood highlights'"
		switch {
		case i%3 == 0:
			state, ward = "TEXAS", "SECOND WARD"
		case i%3 == 1:
			note = "NULL"
		}
		if i == 7 {
			zone = "TEXAS"
		}
		kind := map[bool]string{true: "Hail", false: "Tornado"}[i%4 == 0]
		rows = append(rows, fmt.Sprintf(`INSERT INTO events VALUES (%d,'%s','%s','%s','%s',%s)`, i, state, zone, kind, ward, note))
	}
	lite, s := sqliteSchema(t, "zones", []string{
		`CREATE TABLE regions (region VARCHAR(20) PRIMARY KEY)`,
		`CREATE TABLE events (event_id INTEGER PRIMARY KEY, state VARCHAR(20), cz_name VARCHAR(20), event_type VARCHAR(20),
			region_cleansed VARCHAR(20) REFERENCES regions (region), region VARCHAR(30))`,
	}, rows)
	checkAnswers(t, lite, s, []answer{
		{"How many events were reported in Texas?", []string{"200"}},
		{"Which kind of event was reported most often?", []string{"Tornado"}},
		{"How many events were there in each region?", []string{"FIRST WARD", "SECOND WARD"}},
	})
}

// TestAVerbNamesWhoseDateAMonthIs: "in which month did the most animals leave" buckets by the
// outcomes' date, the rows "leave" names, though the animals' intakes are dated too; hosts
// who joined are dated by when they became hosts.
func TestAVerbNamesWhoseDateAMonthIs(t *testing.T) {
	lite, s := sqliteSchema(t, "shelter", shelterDDL, shelterRows)
	checkAnswers(t, lite, s, []answer{
		{"In which month did the most animals leave?", []string{"2026-01"}},
	})
	lite, s = sqliteSchema(t, "rentals", rentalDDL, rentalRows)
	checkAnswers(t, lite, s, []answer{
		{"How many hosts joined in 2020 or later?", []string{"1"}},
		{"How many listings are there in each neighbourhood?", []string{"FIRST WARD", "SECOND WARD"}},
	})
}

// TestAValueWithStraySpacesIsTheSameName: 'Unknown ' beside 'Unknown' in one column is no
// second name to choose between; a value of another column stays a reading.
func TestAValueWithStraySpacesIsTheSameName(t *testing.T) {
	name, sex := &column{name: "name"}, &column{name: "sex"}
	it := &item{kind: itEntity, cands: []cand{
		{kind: candValue, col: name, value: "Unknown "}, {kind: candValue, col: name, value: "Unknown"}, {kind: candValue, col: sex, value: "Unknown "},
	}}
	preferTrimmed(it)
	var got []string
	for _, c := range it.cands {
		got = append(got, c.col.name+"="+c.value)
	}
	if want := []string{"name=Unknown", "sex=Unknown "}; !slices.Equal(got, want) {
		t.Errorf("preferTrimmed kept %q, want %q", got, want)
	}
}

// TestAWideRowRankedIsShownByItsNameAndFigure: the top rows of a table of many columns (an
// export's listings) are shown by their name and the figure ranked, and "the most expensive"
// ranks by the price, not by another money-like figure (review_scores_value).
func TestAWideRowRankedIsShownByItsNameAndFigure(t *testing.T) {
	cols := []string{"id INTEGER PRIMARY KEY", "name VARCHAR(40)", "price VARCHAR(12)", "review_scores_value REAL", "bedrooms INTEGER"}
	for i := 1; i <= 10; i++ {
		cols = append(cols, fmt.Sprintf("extra_%d VARCHAR(5)", i))
	}
	lite, s := sqliteSchema(t, "wide", []string{`CREATE TABLE listings (` + strings.Join(cols, ", ") + `)`}, []string{
		`INSERT INTO listings (id, name, price, review_scores_value, bedrooms) VALUES (1,'Loft','$1,250.00',4.1,3),(2,'Room','$60.00',5.0,1),(3,'Flat','$140.00',4.5,2)`,
	})
	for q, want := range map[string]string{
		"Which listing has the most bedrooms?":      "3 | Loft",
		"What are the two most expensive listings?": "1250 | Loft",
	} {
		g, err := generate(t, s, datasource.SQLite, q)
		if err != nil {
			t.Errorf("%q: %v", q, err)
			continue
		}
		res, err := query(context.Background(), lite, g.SQL)
		if err != nil || len(res.rows) == 0 || res.rows[0] != want {
			t.Errorf("%q: %v, want first row %q in %v\n%s", q, err, want, res, g.SQL)
		}
	}
}

// TestAPeriodAfterMissingRowsIsTheirs: "received no reviews in 2023" dates the missing
// reviews; where a verb before named another date ("listings that have been reviewed", the
// first review's), that date is not taken for the period, and the verb, read as nothing
// else, is reported rather than left out of the answer.
func TestAPeriodAfterMissingRowsIsTheirs(t *testing.T) {
	_, s := sqliteSchema(t, "reviewed", []string{
		`CREATE TABLE listings (id INTEGER PRIMARY KEY, name VARCHAR(20), first_review DATE, last_review DATE)`,
		`CREATE TABLE reviews (id INTEGER PRIMARY KEY, listing_id INTEGER REFERENCES listings (id), date DATE)`,
	}, []string{
		`INSERT INTO listings VALUES (1,'Loft','2022-01-01','2023-05-01'),(2,'Room','2022-07-01','2022-07-01'),(3,'Flat',NULL,NULL)`,
		`INSERT INTO reviews VALUES (1,1,'2022-01-01'),(2,1,'2023-05-01'),(3,2,'2022-07-01')`,
	})
	g, err := generate(t, s, datasource.SQLite, "How many listings that have been reviewed received no reviews in 2023?")
	if err == nil && strings.Contains(g.SQL, "first_review >=") {
		t.Errorf("the missing reviews dated by the first review:\n%s", g.SQL)
	}
}

// TestAKindIsNoNumberColumn: "what kind of place" asks for a category's values, never for a
// number column called CATEGORY (a hurricane's category); with no such category the
// question is refused rather than grouped by the number.
func TestAKindIsNoNumberColumn(t *testing.T) {
	_, s := sqliteSchema(t, "kinds", []string{
		`CREATE TABLE events (event_id INTEGER PRIMARY KEY, state VARCHAR(20), category INTEGER)`,
	}, []string{`INSERT INTO events VALUES (1,'TEXAS',1),(2,'IOWA',NULL),(3,'TEXAS',3)`})
	if g, err := generate(t, s, datasource.SQLite, "What kind of event was most common?"); err == nil && strings.Contains(g.SQL, "category") {
		t.Errorf("a kind read as the number column CATEGORY:\n%s", g.SQL)
	}
}

// TestMissingRowsDateNothingTheSubjectWasSeenBy: "patients seen in 2023 but with no wellness
// visit that year" names the visits only as missing; they do not say which of the patients'
// dated records "seen in 2023" is of, so the question is refused rather than answered as
// the patients with no wellness visit.
func TestMissingRowsDateNothingTheSubjectWasSeenBy(t *testing.T) {
	_, s := sqliteSchema(t, "clinic", []string{
		`CREATE TABLE patients (id INTEGER PRIMARY KEY, first_name VARCHAR(20))`,
		`CREATE TABLE encounters (id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patients (id), start_date DATE, encounter_class VARCHAR(20))`,
		`CREATE TABLE conditions (id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patients (id), onset_date DATE, description VARCHAR(30))`,
	}, []string{
		`INSERT INTO patients VALUES (1,'Ann'),(2,'Bo')`,
		`INSERT INTO encounters VALUES (1,1,'2023-02-01','wellness'),(2,2,'2023-03-01','ambulatory')`,
		`INSERT INTO conditions VALUES (1,2,'2023-03-01','Sinusitis')`,
	})
	if g, err := generate(t, s, datasource.SQLite, "Which patients were seen in 2023 but did not have a wellness visit that year?"); err == nil {
		t.Errorf("answered with the year only inside the missing visits:\n%s", g.SQL)
	}
}
