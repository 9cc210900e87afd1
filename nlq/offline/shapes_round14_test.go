package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// touring is a promoter's record in a snake_case of its own: a tour_summary table whose rows
// are the tours (opened on a date, with the opening night's attendance beside it), concerts
// with a title, a length and an audience, and a promotion's cost beside a costs table that
// points to the promotions.
func touring() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "tour_summary", PrimaryKey: []string{"tour_id"}, Columns: []datasource.Column{
			{Name: "tour_id", Type: "integer"}, {Name: "tour_name", Type: "text", SampleValues: []string{"Northern Lights", "Coastline"}},
			{Name: "opened", Type: "date"}, {Name: "attendance_opening", Type: "integer"}}},
		{Name: "concerts", PrimaryKey: []string{"concert_id"}, Columns: []datasource.Column{
			{Name: "concert_id", Type: "integer"}, {Name: "tour_id", Type: "integer"}, {Name: "concert_title", Type: "text"},
			{Name: "concert_length", Type: "integer"}, {Name: "audience", Type: "integer"}, {Name: "concert_date", Type: "date"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"tour_id"}, RefTable: "tour_summary", RefColumns: []string{"tour_id"}}}},
		{Name: "promotions", PrimaryKey: []string{"promo_id"}, Columns: []datasource.Column{
			{Name: "promo_id", Type: "integer"}, {Name: "promo_name", Type: "text"},
			{Name: "promo_category", Type: "text", SampleValues: []string{"magazine", "radio", "internet"}}, {Name: "promo_cost", Type: "numeric"}}},
		{Name: "costs", Columns: []datasource.Column{
			{Name: "promo_id", Type: "integer"}, {Name: "unit_cost", Type: "numeric"}, {Name: "unit_price", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"promo_id"}, RefTable: "promotions", RefColumns: []string{"promo_id"}}}},
	}}
}

// TestAPluralNounBeforeAColumnWordIsTheRowsCounted: nouns modify nouns in the singular, so
// "tours opened" are tours that opened, counted by the date, and "the most tours open" counts
// tours per year of that date, not the opening night's attendance.
func TestAPluralNounBeforeAColumnWordIsTheRowsCounted(t *testing.T) {
	s := touring()
	g := wantSQL(t, s, "How many tours opened in 2019?", `COUNT(*)`)
	if !strings.Contains(g.SQL, `tour_summary.opened >= '2019-01-01'`) {
		t.Errorf("want the tours whose opening date is in 2019:\n%s", g.SQL)
	}
	g = wantSQL(t, s, "Which year saw the most tours open?", `COUNT(*)`)
	if !strings.Contains(g.SQL, `tour_summary.opened`) || strings.Contains(g.SQL, "attendance_opening") {
		t.Errorf("want tours counted per year they opened:\n%s", g.SQL)
	}
}

// TestAMeasureOfANamedRowIsThatRowsColumn: "the average cost of a magazine promotion" is the
// promotions' own cost, not the costs table that points to them.
func TestAMeasureOfANamedRowIsThatRowsColumn(t *testing.T) {
	g := wantSQL(t, touring(), "What's the average cost of a magazine promotion?", `AVG(promotions.promo_cost)`)
	if strings.Contains(g.SQL, `costs`) {
		t.Errorf("want the promotions alone:\n%s", g.SQL)
	}
}

// TestHowLongAfterTheLongestKeepsTheRow: "what is the longest concert and how long does it
// run" is the concert (whose row shows its length), not a bare maximum; the concerts are named
// by their concert_title.
func TestHowLongAfterTheLongestKeepsTheRow(t *testing.T) {
	s := touring()
	g := wantSQL(t, s, "What is the longest concert and how long does it run?", `ORDER BY concerts.concert_length DESC`)
	if strings.Contains(g.SQL, "MAX(") || !strings.Contains(g.SQL, "LIMIT 1") {
		t.Errorf("want the one longest concert:\n%s", g.SQL)
	}
	g = wantSQL(t, s, "Which concert is the longest?", `concerts.concert_title`)
	if !strings.Contains(g.SQL, `concerts.concert_length`) {
		t.Errorf("want the title and the length:\n%s", g.SQL)
	}
}

// TestAnAveragePerRowOfItsOwnTableIsTakenAcrossThem: every concert has one audience, so "the
// average audience per concert" is one average across the concerts, not one per title.
func TestAnAveragePerRowOfItsOwnTableIsTakenAcrossThem(t *testing.T) {
	g := wantSQL(t, touring(), "What is the average audience per concert?", `AVG(concerts.audience)`)
	if strings.Contains(g.SQL, "GROUP BY") {
		t.Errorf("want one average across the concerts:\n%s", g.SQL)
	}
}

// careRecords is a clinic's record in Synthea's style: lower-case tables, UPPERCASE columns
// run together (BIRTHDATE, TOTALCOST), a person's name in FIRST and LAST, and coded rows with
// a CODE and its DESCRIPTION.
func careRecords() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "patients", PrimaryKey: []string{"Id"}, Columns: []datasource.Column{
			{Name: "Id", Type: "text"}, {Name: "BIRTHDATE", Type: "date"}, {Name: "DEATHDATE", Type: "date", Nullable: true},
			{Name: "FIRST", Type: "text"}, {Name: "LAST", Type: "text"}, {Name: "CITY", Type: "text"}}},
		{Name: "encounters", PrimaryKey: []string{"Id"}, Columns: []datasource.Column{
			{Name: "Id", Type: "text"}, {Name: "START", Type: "timestamp"}, {Name: "PATIENT", Type: "text"},
			{Name: "ENCOUNTERCLASS", Type: "text", SampleValues: []string{"wellness", "emergency"}}, {Name: "TOTAL_CLAIM_COST", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"PATIENT"}, RefTable: "patients", RefColumns: []string{"Id"}}}},
		{Name: "medications", Columns: []datasource.Column{
			{Name: "START", Type: "timestamp"}, {Name: "PATIENT", Type: "text"}, {Name: "CODE", Type: "text"},
			{Name: "DESCRIPTION", Type: "text"}, {Name: "TOTALCOST", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"PATIENT"}, RefTable: "patients", RefColumns: []string{"Id"}}}},
		{Name: "immunizations", Columns: []datasource.Column{
			{Name: "DATE", Type: "timestamp"}, {Name: "PATIENT", Type: "text"}, {Name: "BASE_COST", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"PATIENT"}, RefTable: "patients", RefColumns: []string{"Id"}}}},
	}}
}

// TestFirstAndLastAreANamesParts: columns called FIRST and LAST side by side are a person's
// first and last name, so patients are named by them (not by their city), and listed names
// read in alphabetical order, last name first.
func TestFirstAndLastAreANamesParts(t *testing.T) {
	s := careRecords()
	g := wantSQL(t, s, "total medication cost per patient", `patients."LAST"`)
	if strings.Contains(g.SQL, "CITY") {
		t.Errorf("want patients named by their names:\n%s", g.SQL)
	}
	wantSQL(t, s, "Which patients have never had an emergency visit?", `ORDER BY patients."LAST" ASC, patients."FIRST" ASC`)
}

// TestAWordRunTogetherWithDateIsADate: BIRTHDATE is a birth date and DEATHDATE a death date,
// so "which patients have died, and on what date" lists the patients whose death date is
// set, not every patient, nor an immunization's DATE.
func TestAWordRunTogetherWithDateIsADate(t *testing.T) {
	s := careRecords()
	wantSQL(t, s, "list the birth date of each patient", `patients."BIRTHDATE"`)
	g := wantSQL(t, s, "Which patients have died, and on what date?", `patients."DEATHDATE" IS NOT NULL`)
	if strings.Contains(g.SQL, "immunizations") || strings.Contains(g.SQL, "GROUP BY") {
		t.Errorf("want the dead patients' rows:\n%s", g.SQL)
	}
}

// TestACodesDescriptionNamesIt: rows coded with a CODE and its DESCRIPTION are named by the
// description; a drug is a medication, a visit an encounter, a shot an immunization.
func TestACodesDescriptionNamesIt(t *testing.T) {
	s := careRecords()
	wantSQL(t, s, "how many prescriptions of each drug", `medications."DESCRIPTION"`)
	wantSQL(t, s, "how many visits were there in 2023", `FROM encounters`)
	wantSQL(t, s, "average cost of a shot", `AVG(immunizations."BASE_COST")`)
}

// departures is a flight log in nycflights13's style: flights reference their origin airport
// by a declared key and keep the destination's code in dest with no key; airlines and
// airports carry names with their kind ('JetBlue Airways', 'Newark Intl', 'La
// Guardia'), and a city is stored as said.
func departures() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "airlines", PrimaryKey: []string{"carrier"}, Columns: []datasource.Column{
			{Name: "carrier", Type: "text"}, {Name: "name", Type: "text", SampleValues: []string{"JetBlue Airways", "Alaska Airlines Inc."}}}},
		{Name: "airports", PrimaryKey: []string{"faa"}, Columns: []datasource.Column{
			{Name: "faa", Type: "text"}, {Name: "name", Type: "text", SampleValues: []string{"Newark Intl", "La Guardia", "San Francisco Intl", "London Airport"}},
			{Name: "city", Type: "text", SampleValues: []string{"London", "Paris"}}}},
		{Name: "flights", PrimaryKey: []string{"flight_id"}, Columns: []datasource.Column{
			{Name: "flight_id", Type: "integer"}, {Name: "carrier", Type: "text"}, {Name: "origin", Type: "text"}, {Name: "dest", Type: "text"},
			{Name: "dep_delay", Type: "integer"}, {Name: "diverted", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"carrier"}, RefTable: "airlines", RefColumns: []string{"carrier"}},
				{Columns: []string{"origin"}, RefTable: "airports", RefColumns: []string{"faa"}}}},
	}, Profile: []datasource.ColumnProfile{
		{Table: "flights", Column: "diverted", Rows: 100, NonNull: 100, Distinct: 2, Min: "0", Max: "1"},
	}}
}

// TestANameIsFoundWithoutItsKind: "JetBlue" is 'JetBlue Airways' and "LaGuardia" 'La
// Guardia'; but where a value is stored exactly as said ("London", a city), it wins over a
// name that needs its suffix ('London Airport').
func TestANameIsFoundWithoutItsKind(t *testing.T) {
	s := departures()
	wantSQL(t, s, "how many JetBlue flights", `airlines.name = 'JetBlue Airways'`)
	wantSQL(t, s, "how many flights from LaGuardia", `.name = 'La Guardia'`)
	g := wantSQL(t, s, "how many flights to London", `.city = 'London'`)
	if strings.Contains(g.SQL, "London Airport") {
		t.Errorf("want the city stored as said:\n%s", g.SQL)
	}
}

// TestTheOtherEndOfAMovementJoinsLikeTheDeclaredOne: flights.origin references airports, so
// dest, its other end, holds airport codes too: "to San Francisco" joins the airport by dest
// and "out of Newark" by origin.
func TestTheOtherEndOfAMovementJoinsLikeTheDeclaredOne(t *testing.T) {
	s := departures()
	g := wantSQL(t, s, "how many flights out of Newark to San Francisco", `ON flights.dest = dest.faa`)
	if !strings.Contains(g.SQL, "ON flights.origin = origin.faa") || !strings.Contains(g.SQL, "origin.name = 'Newark Intl'") ||
		!strings.Contains(g.SQL, "dest.name = 'San Francisco Intl'") {
		t.Errorf("want Newark as the origin and San Francisco as the destination:\n%s", g.SQL)
	}
	wantSQL(t, s, "average departure delay of flights from Newark", `AVG(flights.dep_delay)`)
}

// TestAFlagSaidIncludedIsNoCondition: "diverted flights included" keeps every flight; the flag
// says they are not left out, not that only they count.
func TestAFlagSaidIncludedIsNoCondition(t *testing.T) {
	g := wantSQL(t, departures(), "how many flights from Newark, diverted flights included", `COUNT(*)`)
	if strings.Contains(g.SQL, "diverted") {
		t.Errorf("want no condition on the flag:\n%s", g.SQL)
	}
}

// clinic is careRecords with two more dated tables of a patient's (conditions and
// allergies), a DATE column on immunizations, and an encounter's DESCRIPTION.
func clinic() *datasource.Schema {
	s := careRecords()
	s.Tables[1].Columns = append(s.Tables[1].Columns, datasource.Column{Name: "DESCRIPTION", Type: "text"})
	s.Tables = append(s.Tables,
		datasource.Table{Name: "conditions", Columns: []datasource.Column{
			{Name: "START", Type: "date"}, {Name: "PATIENT", Type: "text"}, {Name: "DESCRIPTION", Type: "text", SampleValues: []string{"Hypertension"}}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"PATIENT"}, RefTable: "patients", RefColumns: []string{"Id"}}}},
		datasource.Table{Name: "allergies", Columns: []datasource.Column{
			{Name: "START", Type: "date"}, {Name: "PATIENT", Type: "text"}, {Name: "SEVERITY", Type: "text"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"PATIENT"}, RefTable: "patients", RefColumns: []string{"Id"}}}})
	return s
}

// TestABirthDateIsNoPeriodOfTheRows: "patients seen in 2023" is not a filter on their birth
// dates, and with several dated tables of theirs (encounters, conditions, allergies...) the
// engine says it cannot tell which; "born in 1990" still reads the birth date, and "the
// oldest patient" ranks by it.
func TestABirthDateIsNoPeriodOfTheRows(t *testing.T) {
	s := clinic()
	wantRefusal(t, s, "which patients were seen in 2023", "in 2023")
	wantSQL(t, s, "how many patients were born in 1990", `patients."BIRTHDATE" >= '1990-01-01'`)
	wantSQL(t, s, "Who is the oldest patient?", `ORDER BY patients."BIRTHDATE" ASC`)
}

// TestAnOwnersNounBeforeItsRowsOnlyQualifiesThem: "patient visits" are visits; "each
// patient's visits" still groups by patient.
func TestAnOwnersNounBeforeItsRowsOnlyQualifiesThem(t *testing.T) {
	s := clinic()
	g := wantSQL(t, s, "How many patient visits took place in 2023?", `FROM encounters`)
	if strings.Contains(g.SQL, "JOIN patients") || strings.Contains(g.SQL, "GROUP BY") {
		t.Errorf("want the visits of 2023 counted:\n%s", g.SQL)
	}
	wantSQL(t, s, "How many visits per patient?", `GROUP BY`)
}

// TestAKeyNamedForItsTableLeadsToItsRows: conditions.PATIENT points to the patients, so
// "which patients have been diagnosed with hypertension" is not ambiguous between the two.
func TestAKeyNamedForItsTableLeadsToItsRows(t *testing.T) {
	wantSQL(t, clinic(), "Which patients have been diagnosed with hypertension?", `conditions."DESCRIPTION" = 'Hypertension'`)
}

// TestMostOftenCountsTheRows: "the drugs we prescribe most often" are ranked by how many
// prescriptions; "in which month do visits most often happen" is a month of the year.
func TestMostOftenCountsTheRows(t *testing.T) {
	s := clinic()
	wantSQL(t, s, "Which drug is prescribed most often?", `ORDER BY medication_count DESC`)
}

// TestColumnsGivenAfterARowAreShownBesideIt: "the most expensive encounter by total claim cost?
// Give its description, date and cost" is that encounter with the three columns; "date" is the
// encounter's own START, not the immunizations' DATE, and "total claim cost" names no TOTALCOST.
func TestColumnsGivenAfterARowAreShownBesideIt(t *testing.T) {
	g := wantSQL(t, clinic(), "What was the single most expensive encounter by total claim cost? Give its description, date and cost.",
		`encounters."DESCRIPTION", encounters."START", encounters."TOTAL_CLAIM_COST"`)
	if !strings.Contains(g.SQL, "LIMIT 1") || strings.Contains(g.SQL, "GROUP BY") {
		t.Errorf("want the one encounter:\n%s", g.SQL)
	}
}

// TestHottestRanksByATemperature: "the hottest temperature" is its maximum.
func TestHottestRanksByATemperature(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{{Name: "weather", Columns: []datasource.Column{
		{Name: "origin", Type: "text", SampleValues: []string{"JFK", "LGA"}}, {Name: "temp", Type: "numeric"}, {Name: "time_hour", Type: "timestamp"}}}}}
	wantSQL(t, s, "What was the hottest temperature recorded at JFK?", `MAX(weather.temp)`)
	wantSQL(t, s, "What was the coldest temperature at LGA?", `MIN(weather.temp)`)
}

// TestAColumnSaidAgainByItsValueIsTheValue: "payers headquartered in CT" names the state
// column twice, by a word and by its value; "aircraft manufacturers" is the planes'
// manufacturer column, with "aircraft" only saying whose.
func TestAColumnSaidAgainByItsValueIsTheValue(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "payers", PrimaryKey: []string{"Id"}, Columns: []datasource.Column{
			{Name: "Id", Type: "text"}, {Name: "NAME", Type: "text"}, {Name: "STATE_HEADQUARTERED", Type: "text", SampleValues: []string{"CT", "MA"}}}},
		{Name: "planes", PrimaryKey: []string{"tailnum"}, Columns: []datasource.Column{
			{Name: "tailnum", Type: "text"}, {Name: "manufacturer", Type: "text", SampleValues: []string{"BOEING", "AIRBUS"}}, {Name: "seats", Type: "integer"}}},
		{Name: "airlines", PrimaryKey: []string{"carrier"}, Columns: []datasource.Column{
			{Name: "carrier", Type: "text"}, {Name: "name", Type: "text", SampleValues: []string{"JetBlue Airways"}}, {Name: "alliance", Type: "text", SampleValues: []string{"OW", "ST"}}}},
	}}
	wantSQL(t, s, "Which insurers are headquartered in MA?", `payers."STATE_HEADQUARTERED" = 'MA'`)
	g := wantSQL(t, s, "Which aircraft manufacturers have more than 100 planes?", `GROUP BY planes.manufacturer`)
	if !strings.Contains(g.SQL, "HAVING COUNT(*) > 100") {
		t.Errorf("want manufacturers with more than 100 planes:\n%s", g.SQL)
	}
	wantSQL(t, s, "What alliance code does JetBlue use?", `airlines.alliance`)
}

// TestRankTheRowsByAMeasure: "rank the airlines by their average delay" is the delay per
// airline, ordered.
func TestRankTheRowsByAMeasure(t *testing.T) {
	g := wantSQL(t, departures(), "Rank the airlines by their average departure delay, worst first.", `GROUP BY airlines.carrier, airlines.name`)
	if !strings.Contains(g.SQL, "ORDER BY avg_dep_delay DESC") {
		t.Errorf("want the airlines ordered by their average delay:\n%s", g.SQL)
	}
}

// TestAnArticleIsNeverAValue: "the cost of a visit" where a units column stores 'a' (a year,
// in UCUM): the article is no filter.
func TestAnArticleIsNeverAValue(t *testing.T) {
	s := clinic()
	s.Tables = append(s.Tables, datasource.Table{Name: "observations", Columns: []datasource.Column{
		{Name: "ENCOUNTER", Type: "text"}, {Name: "UNITS", Type: "text", SampleValues: []string{"a", "kg"}}},
		ForeignKeys: []datasource.ForeignKey{{Columns: []string{"ENCOUNTER"}, RefTable: "encounters", RefColumns: []string{"Id"}}}})
	g := wantSQL(t, s, "What is the average total claim cost of a visit for each encounter class?", `AVG(encounters."TOTAL_CLAIM_COST")`)
	if strings.Contains(g.SQL, "UNITS") {
		t.Errorf("want no condition on the units:\n%s", g.SQL)
	}
}

// TestGroupsByAKeyAreSingleRowsOfItsTable: grouped by flights.dest, which holds an airport's
// key, a count of airports is one per group: "the five busiest destination airports" read that
// way is refused, not ranked by a column of ones.
func TestGroupsByAKeyAreSingleRowsOfItsTable(t *testing.T) {
	wantRefusal(t, departures(), "What were the five busiest destination airports?", "airports")
}

// TestFromMostToLeastIsAnOrder: "break down encounters by type of visit, from most to least
// common" lists every class, most first; it is no "least common" superlative. A type is a
// class where the rows have no type.
func TestFromMostToLeastIsAnOrder(t *testing.T) {
	s := careRecords()
	g := wantSQL(t, s, "Break down all encounters by type of visit, from most to least common.", `GROUP BY encounters."ENCOUNTERCLASS"`)
	if !strings.Contains(g.SQL, "encounter_count DESC") || strings.Contains(g.SQL, "LIMIT") {
		t.Errorf("want every class, most first:\n%s", g.SQL)
	}
}

// TestAWordOnlyPartOfOtherNamesDescribesTheRows: "the healthcare organizations located in
// Boston" where "healthcare" is only a part of claim and coverage column names elsewhere: the
// organizations in Boston, listed by name.
func TestAWordOnlyPartOfOtherNamesDescribesTheRows(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "organizations", PrimaryKey: []string{"Id"}, Columns: []datasource.Column{
			{Name: "Id", Type: "text"}, {Name: "NAME", Type: "text"}, {Name: "CITY", Type: "text", SampleValues: []string{"BOSTON", "SALEM"}}}},
		{Name: "claims", PrimaryKey: []string{"Id"}, Columns: []datasource.Column{
			{Name: "Id", Type: "text"}, {Name: "HEALTHCARECLAIMTYPEID1", Type: "integer"}, {Name: "HEALTHCARECLAIMTYPEID2", Type: "integer"}}},
		{Name: "patients", PrimaryKey: []string{"Id"}, Columns: []datasource.Column{
			{Name: "Id", Type: "text"}, {Name: "HEALTHCARE_EXPENSES", Type: "numeric"}, {Name: "HEALTHCARE_COVERAGE", Type: "numeric"}}},
	}}
	g := wantSQL(t, s, "List the healthcare organizations located in Boston.", `organizations."CITY" = 'BOSTON'`)
	if !strings.Contains(g.SQL, `ORDER BY organizations."NAME" ASC`) || strings.Contains(g.SQL, "claims") {
		t.Errorf("want the organizations in Boston by name:\n%s", g.SQL)
	}
}

// TestADecadeIsTenYears: "born in the 2010s" is 2010 to 2019.
func TestADecadeIsTenYears(t *testing.T) {
	g := wantSQL(t, careRecords(), "How many patients were born in the 2010s?", `patients."BIRTHDATE" >= '2010-01-01'`)
	if !strings.Contains(g.SQL, `patients."BIRTHDATE" < '2020-01-01'`) {
		t.Errorf("want the ten years:\n%s", g.SQL)
	}
}

// TestColumnsGivenAfterTheBiggestRowNameIt: "what was the biggest order? give its date and
// total amount" is the order ranked by its own measure, shown by its key with the two columns;
// the order's date, not a DATE column of another table.
func TestColumnsGivenAfterTheBiggestRowNameIt(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "orders", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "order_date", Type: "date"}, {Name: "status", Type: "text", SampleValues: []string{"completed", "shipped"}},
			{Name: "total_amount", Type: "numeric"}}},
		{Name: "campaign_daily_stats", Columns: []datasource.Column{{Name: "date", Type: "date"}, {Name: "clicks", Type: "integer"}}},
	}}
	for _, s := range []*datasource.Schema{s, {Tables: s.Tables[:1]}} { // with and without another table's DATE column
		g := wantSQL(t, s, "what was the biggest order? give its date and total amount", `SELECT orders.id, orders.order_date, orders.total_amount`)
		if !strings.Contains(g.SQL, "ORDER BY orders.total_amount DESC") || !strings.Contains(g.SQL, "LIMIT 1") {
			t.Errorf("want the biggest order:\n%s", g.SQL)
		}
	}
}
