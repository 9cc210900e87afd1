package offline

import (
	"fmt"
	"strings"
	"testing"
)

// weatherDDL keeps a station's daily weather as Weather Underground's history pages do: what
// was measured that day (actual_*), the normal for the calendar day (average_*) and its
// record (record_*), each of the low, the high and, for the actual temperature, the mean;
// precipitation in inches. One row per station and day.
var weatherDDL = []string{
	`CREATE TABLE stations (station VARCHAR(8) PRIMARY KEY, station_name VARCHAR(60), city VARCHAR(40), state VARCHAR(2))`,
	`CREATE TABLE daily_weather (station VARCHAR(8) REFERENCES stations(station), date DATE, actual_mean_temp INTEGER, actual_min_temp INTEGER, actual_max_temp INTEGER,
		average_min_temp INTEGER, average_max_temp INTEGER, record_min_temp INTEGER, record_max_temp INTEGER,
		actual_precipitation REAL, average_precipitation REAL, record_precipitation REAL, PRIMARY KEY (station, date))`,
}

// weatherRows are 40 days (2014-12-10 to 2015-01-18) of three stations: Miami warm, Denver
// and Boston freezing at night; a record high tied now and then; rain on some days.
func weatherRows() []string {
	stations := [][4]string{{"KDEN", "Denver International Airport", "Denver", "CO"}, {"KMIA", "Miami International Airport", "Miami", "FL"}, {"KBOS", "Logan International Airport", "Boston", "MA"}}
	base := []int{30, 75, 35}
	var st, days []string
	for s, x := range stations {
		st = append(st, fmt.Sprintf("('%s','%s','%s','%s')", x[0], x[1], x[2], x[3]))
		for d := range 40 {
			hi := base[s] + (d*7)%11
			lo := hi - 12 - 2*s
			rec := hi + 3 + d%4
			if d%13 == 5 {
				rec = hi
			}
			rain := 0.0
			if (d*5+s*3)%7 == 0 {
				rain = 0.5 + 0.25*float64(s) + 0.01*float64(d)
			}
			date := fmt.Sprintf("'%s'", dateOf(2014, 12, 10+d))
			days = append(days, fmt.Sprintf("('%s',%s,%d,%d,%d,%d,%d,%d,%d,%.2f,%.2f,%.2f)", x[0], date, (hi+lo)/2, lo, hi, base[s]-10, base[s]+4, lo-8, rec, rain, 0.1, 2.0))
		}
	}
	return []string{"INSERT INTO stations VALUES " + strings.Join(st, ","), "INSERT INTO daily_weather VALUES " + strings.Join(days, ",")}
}

// dateOf writes the day d of month m of year y (d may run past the month's end) as
// YYYY-MM-DD.
func dateOf(y, m, d int) string {
	return ymd(y, 1, 1).AddDate(0, m-1, d-1).Format("2006-01-02")
}

// weatherAnswers are questions over a station's daily weather and what their answers hold.
var weatherAnswers = []answer{
	{"What was the hottest temperature recorded in Miami?", []string{"85"}},
	{"What was the coldest temperature in Denver?", []string{"18"}},
	{"On how many days did the temperature in Denver drop below 20?", []string{"7"}},
	{"Which day was the wettest in Miami?", []string{"2015-01-12"}},
	{"Which month was the wettest in Denver?", []string{"2014-12"}},
	{"Which cities had nights with a low below 20 degrees, and how many such nights did each have?", []string{"Boston", "Denver"}},
	{"What were the high and the low in Boston on Christmas Day 2014?", []string{"41"}},
	{"What was the low in Boston on Christmas Day 2014?", []string{"25"}},
	{"On how many days did Miami reach 85 degrees or more?", []string{"4"}},
	{"What was the record high in Denver on December 15, 2014?", []string{"32"}},
	{"How many days had a low below 20 in Denver?", []string{"7"}},
	{"Which city was the coolest on average?", []string{"Denver"}},
	{"Which city was the driest?", []string{"Denver"}},
	{"How many dry days did Miami have?", []string{"35"}},
	{"On how many days did Denver set or tie its record high?", []string{"3"}},
}

// racingDDL keeps race results as motor-racing databases do: a finishing position per driver
// and race with the points it scored, and a qualifying session's positions beside them.
var racingDDL = []string{
	`CREATE TABLE countries (id VARCHAR(20) PRIMARY KEY, name VARCHAR(40), demonym VARCHAR(40))`,
	`CREATE TABLE drivers (id INTEGER PRIMARY KEY, first_name VARCHAR(20), last_name VARCHAR(20), nationality_country_id VARCHAR(20) REFERENCES countries(id), country_of_birth_country_id VARCHAR(20) REFERENCES countries(id))`,
	`CREATE TABLE teams (id INTEGER PRIMARY KEY, name VARCHAR(40), country_id VARCHAR(20) REFERENCES countries(id), year_from INTEGER)`,
	`CREATE TABLE races (id INTEGER PRIMARY KEY, year INTEGER, date DATE, name VARCHAR(40))`,
	`CREATE TABLE race_results (race_id INTEGER REFERENCES races(id), driver_id INTEGER REFERENCES drivers(id), position_number INTEGER, position_text VARCHAR(4), reason_retired VARCHAR(20), points REAL, PRIMARY KEY (race_id, driver_id))`,
	`CREATE TABLE qualifying_results (race_id INTEGER REFERENCES races(id), driver_id INTEGER REFERENCES drivers(id), position_number INTEGER, PRIMARY KEY (race_id, driver_id))`,
}

// racingRows: Ann Lee won the first two races of 2023, Bo Kim the third, Cy Diaz all three of
// 2024; Bo Kim took every pole. The last of the second and fifth races did not finish ('DNF').
// Ann Lee is Finnish but born in Sweden.
var racingRows = func() []string {
	winners := []int{1, 1, 2, 3, 3, 3}
	var races, results, quali []string
	for r, w := range winners {
		year := 2023 + r/3
		races = append(races, fmt.Sprintf("(%d,%d,'%d-0%d-15','Race %s')", r+1, year, year, 3+r%3, spelled(r+1)))
		pos := 2
		for d := 1; d <= 3; d++ {
			p := 1
			if d != w {
				p, pos = pos, pos+1
			}
			text, why := fmt.Sprint(p), "NULL"
			if p == 3 && (r == 1 || r == 4) {
				text, why = "DNF", "'Engine'"
			}
			results = append(results, fmt.Sprintf("(%d,%d,%d,'%s',%s,%d)", r+1, d, p, text, why, []int{25, 18, 15}[p-1]))
			q := map[bool]int{true: 1, false: 2 + d%2}[d == 2]
			quali = append(quali, fmt.Sprintf("(%d,%d,%d)", r+1, d, q))
		}
	}
	return []string{
		`INSERT INTO countries VALUES ('finland','Finland','Finnish'),('sweden','Sweden','Swedish'),('spain','Spain','Spanish')`,
		`INSERT INTO teams VALUES (1,'Nordic Racing','finland',1990),(2,'Iberia GP','spain',2001)`,
		`INSERT INTO drivers VALUES (1,'Ann','Lee','finland','sweden'),(2,'Bo','Kim','finland','finland'),(3,'Cy','Diaz','spain','spain')`,
		"INSERT INTO races VALUES " + strings.Join(races, ","),
		"INSERT INTO race_results VALUES " + strings.Join(results, ","),
		"INSERT INTO qualifying_results VALUES " + strings.Join(quali, ","),
	}
}()

// racingAnswers are questions over race results and what their answers hold.
var racingAnswers = []answer{
	{"How many wins does Ann Lee have?", []string{"2"}},
	{"How many race wins does Cy Diaz have?", []string{"3"}},
	{"Which driver won the most races in 2023?", []string{"Lee"}},
	{"How many podium finishes does Bo Kim have?", []string{"6"}},
	{"Who won Race Three?", []string{"Kim"}},
	{"How many drivers are Finnish?", []string{"2"}},
	{"Which drivers did not finish a race in 2024?", []string{"Kim"}},
	{"How many different winners were there in 2024?", []string{"1"}},
	{"How many teams are from Finland?", []string{"1"}},
	{"What is the most common reason retired?", []string{"Engine"}},
}

// TestWinsAreFirstPlaces: a win is a first place in the results that award points, not a pole
// in qualifying; "race wins" count the wins.
func TestWinsAreFirstPlaces(t *testing.T) {
	lite, s := sqliteSchema(t, "racing", racingDDL, racingRows)
	checkAnswers(t, lite, s, racingAnswers)
}

// TestADayIsNotReadOnTheStartOfAPeriod: trips run on the days their service calendar covers,
// which a condition on the calendar's start date does not say.
func TestADayIsNotReadOnTheStartOfAPeriod(t *testing.T) {
	_, s := sqliteSchema(t, "timetable", []string{
		`CREATE TABLE calendar (service_id VARCHAR(10) PRIMARY KEY, start_date DATE, end_date DATE)`,
		`CREATE TABLE trips (trip_id VARCHAR(10) PRIMARY KEY, service_id VARCHAR(10) REFERENCES calendar(service_id))`,
	}, []string{
		`INSERT INTO calendar VALUES ('WK','2014-12-01','2015-03-01'),('HOL','2014-12-25','2014-12-26')`,
		`INSERT INTO trips VALUES ('t1','WK'),('t2','WK'),('t3','HOL')`,
	})
	wantRefusal(t, s, "How many trips ran on December 25, 2014?", "on December 25 2014")
}

// TestRound21ShapesAnswerAlikeInEveryDialect runs round 21's questions on PostgreSQL and
// MariaDB and compares their rows with SQLite's.
func TestRound21ShapesAnswerAlikeInEveryDialect(t *testing.T) {
	sameAnswersInEveryDialect(t, []shapeSchema{
		{name: "weather", ddl: weatherDDL, rows: weatherRows(), answers: weatherAnswers},
		{name: "racing", ddl: racingDDL, rows: racingRows, answers: racingAnswers},
	})
}

// TestWeatherIsReadInItsOwnWords: a day's high and low, normals and records, rain, "days".
func TestWeatherIsReadInItsOwnWords(t *testing.T) {
	lite, s := sqliteSchema(t, "weather", weatherDDL, weatherRows())
	checkAnswers(t, lite, s, weatherAnswers)
}
