package offline

import (
	"slices"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// cityRecords is a city's register in the style of the SQL Murder Mystery: dates kept as the
// numbers YYYYMMDD, tables named by several words (crime_scene_report, drivers_license,
// get_fit_now_check_in) and a gym member's name copied from the person it points to.
func cityRecords() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "drivers_license", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "age", Type: "integer"},
			{Name: "hair_color", Type: "text", SampleValues: []string{"red", "blonde", "black"}},
			{Name: "eye_color", Type: "text", SampleValues: []string{"green", "blue", "brown"}},
			{Name: "car_make", Type: "text", SampleValues: []string{"Tesla", "Ford"}},
			{Name: "car_model", Type: "text", SampleValues: []string{"Model S", "Focus"}}}},
		{Name: "person", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "name", Type: "text", SampleValues: []string{"Kourtney Calderwood", "Everette Koepke"}},
			{Name: "license_id", Type: "integer"}, {Name: "address_number", Type: "integer"},
			{Name: "address_street_name", Type: "text", SampleValues: []string{"Gustavus Blvd", "Franklin Ave"}}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"license_id"}, RefTable: "drivers_license", RefColumns: []string{"id"}}}},
		{Name: "crime_scene_report", Columns: []datasource.Column{
			{Name: "date", Type: "integer"}, {Name: "type", Type: "text", SampleValues: []string{"murder", "fraud", "theft"}},
			{Name: "city", Type: "text", SampleValues: []string{"SQL City", "Jersey City"}}}},
		{Name: "get_fit_now_member", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "text"}, {Name: "person_id", Type: "integer"},
			{Name: "name", Type: "text", SampleValues: []string{"Everette Koepke"}},
			{Name: "membership_start_date", Type: "integer"},
			{Name: "membership_status", Type: "text", SampleValues: []string{"gold", "silver", "regular"}}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"person_id"}, RefTable: "person", RefColumns: []string{"id"}}}},
		{Name: "get_fit_now_check_in", Columns: []datasource.Column{
			{Name: "membership_id", Type: "text"}, {Name: "check_in_date", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"membership_id"}, RefTable: "get_fit_now_member", RefColumns: []string{"id"}}}},
	}, Profile: []datasource.ColumnProfile{
		{Table: "crime_scene_report", Column: "date", Rows: 1228, NonNull: 1228, Distinct: 400, Min: "20170101", Max: "20180501"},
		{Table: "get_fit_now_check_in", Column: "check_in_date", Rows: 2703, NonNull: 2703, Distinct: 300, Min: "20170101", Max: "20180501"},
		{Table: "get_fit_now_member", Column: "membership_start_date", Rows: 184, NonNull: 184, Distinct: 180, Min: "20160101", Max: "20180428"},
	}}
}

// TestADateKeptAsYYYYMMDDIsComparedAndBucketedAsANumber: a number column named like a date
// whose values are YYYYMMDD days is a date: a period becomes a numeric range and a month
// bucket is arithmetic, labelled as the database writes it.
func TestADateKeptAsYYYYMMDDIsComparedAndBucketedAsANumber(t *testing.T) {
	s := cityRecords()
	wantSQL(t, s, "How many crime scene reports in 2018?", "crime_scene_report.date >= 20180101")
	wantSQL(t, s, "How many check ins were there in March 2018?", "get_fit_now_check_in.check_in_date < 20180401")
	wantSQL(t, s, "Which month of 2017 had the most check ins?", "(get_fit_now_check_in.check_in_date / 100)")
	wantSQL(t, s, "When did the most recent membership start?", "MAX(get_fit_now_member.membership_start_date)")
}

// TestIntegerDateBucketsOnEveryDialect: the arithmetic divides without a remainder on each
// dialect (MySQL's "/" keeps the fraction) and the week, which arithmetic cannot find, goes
// through the dialect's date.
func TestIntegerDateBucketsOnEveryDialect(t *testing.T) {
	c := &column{name: "d", table: &table{name: "t"}, intDate: true}
	for _, tc := range []struct {
		typ   datasource.Type
		g     grain
		want  string
		month string
	}{
		{datasource.SQLite, grainMonth, "(t.d / 100)", "(t.d / 100) % 100"},
		{datasource.Postgres, grainYear, "(t.d / 10000)", "(t.d / 100) % 100"},
		{datasource.MySQL, grainMonth, "(t.d DIV 100)", "(t.d DIV 100) % 100"},
		{datasource.MySQL, grainWeek, "STR_TO_DATE(t.d, '%Y%m%d')", ""},
		{datasource.Postgres, grainWeek, "to_date(CAST(t.d AS text), 'YYYYMMDD')", ""},
		{datasource.SQLite, grainDay, "t.d", ""},
	} {
		d := dialect{typ: tc.typ}
		if got := d.bucket(c, tc.g); !strings.Contains(got, tc.want) {
			t.Errorf("%v %v: bucket %q, want %q in it", tc.typ, tc.g, got, tc.want)
		}
		if tc.month != "" && d.monthOfYear(c) != tc.month {
			t.Errorf("%v: month of year %q, want %q", tc.typ, d.monthOfYear(c), tc.month)
		}
	}
}

// TestATableIsNamedByItsShorterNames: "crime reports" (first word and head), "drivers" (a
// word no other table is called), "licensed" (a form of the head), "drive" (the agent noun's
// verb) and "check-ins" (a verb and its particle) name their tables; "colour" is the color
// column; "filed" and "logged" name nothing.
func TestATableIsNamedByItsShorterNames(t *testing.T) {
	s := cityRecords()
	wantSQL(t, s, "How many crime reports came in from Jersey City?", "FROM crime_scene_report")
	wantSQL(t, s, "What's the average age of our licensed drivers?", "AVG(drivers_license.age)")
	wantSQL(t, s, "How many licensed drivers drive a Tesla?", "drivers_license.car_make = 'Tesla'")
	wantSQL(t, s, "How many check-ins were logged in 2018?", "FROM get_fit_now_check_in")
	wantSQL(t, s, "How many drivers per hair colour?", "drivers_license.hair_color")
	wantSQL(t, s, "How many drivers have green eyes and red hair?", "drivers_license.eye_color = 'green'")
	wantSQL(t, s, "How many fraud crime reports were filed in 2018?", "crime_scene_report.type = 'fraud'")
}

// TestANameCopiedFromTheRowItPointsToIsReadWhereTheQuestionIs: a gym member's name repeats
// the person's it points to; "checked in" is about the member, so the member's copy is read
// rather than refusing the name as ambiguous.
func TestANameCopiedFromTheRowItPointsToIsReadWhereTheQuestionIs(t *testing.T) {
	s := cityRecords()
	wantSQL(t, s, "How many times has Everette Koepke checked in?", "get_fit_now_member.name = 'Everette Koepke'")
	wantSQL(t, s, "What membership level does Everette Koepke have?", "get_fit_now_member.membership_status")
}

// TestAWordBeginningSeveralColumnsReadsThemAll: "car" is the car's make and model.
func TestAWordBeginningSeveralColumnsReadsThemAll(t *testing.T) {
	g := wantSQL(t, cityRecords(), "What car does Kourtney Calderwood drive?", "drivers_license.car_make, drivers_license.car_model")
	if strings.Contains(g.SQL, "SUM(") {
		t.Fatalf("a lookup adds nothing up:\n%s", g.SQL)
	}
}

// TestANumberThatIdentifiesIsNeverAddedUp: an address number tells houses apart.
func TestANumberThatIdentifiesIsNeverAddedUp(t *testing.T) {
	m := newModel(cityRecords())
	if c := m.byName["person"].col("address_number"); c.class != classText {
		t.Fatalf("address_number is class %v, want text", c.class)
	}
}

// clubSchema is pgexercises' country club: names written as one lower-case word.
func clubSchema() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "members", PrimaryKey: []string{"memid"}, Columns: []datasource.Column{
			{Name: "memid", Type: "integer"}, {Name: "surname", Type: "text", SampleValues: []string{"GUEST", "Smith", "Rownam"}},
			{Name: "firstname", Type: "text", SampleValues: []string{"GUEST", "Darren", "Tim"}}, {Name: "telephone", Type: "text"},
			{Name: "recommendedby", Type: "integer", Nullable: true}, {Name: "joindate", Type: "timestamp"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"recommendedby"}, RefTable: "members", RefColumns: []string{"memid"}}}},
		{Name: "facilities", PrimaryKey: []string{"facid"}, Columns: []datasource.Column{
			{Name: "facid", Type: "integer"}, {Name: "name", Type: "text", SampleValues: []string{"Tennis Court 1", "Squash Court"}},
			{Name: "membercost", Type: "numeric"}, {Name: "guestcost", Type: "numeric"},
			{Name: "initialoutlay", Type: "numeric"}, {Name: "monthlymaintenance", Type: "numeric"}}},
		{Name: "bookings", PrimaryKey: []string{"bookid"}, Columns: []datasource.Column{
			{Name: "bookid", Type: "integer"}, {Name: "facid", Type: "integer"}, {Name: "memid", Type: "integer"},
			{Name: "starttime", Type: "timestamp"}, {Name: "slots", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("facid", "facilities"), sameKey("memid", "members")}},
	}}
}

// TestNamesWrittenAsOneLowerCaseWordAreSplit: the segmenter finds the words of squashed names
// from the schema's own words and a vocabulary, and leaves real words whole.
func TestNamesWrittenAsOneLowerCaseWordAreSplit(t *testing.T) {
	g := newSegmenter(clubSchema())
	for w, want := range map[string]string{
		"membercost": "member cost", "guestcost": "guest cost", "initialoutlay": "initial outlay",
		"monthlymaintenance": "monthly maintenance", "recommendedby": "recommended by", "joindate": "join date",
		"starttime": "start time", "memid": "mem id", "customerid": "customer id", "reportsto": "reports to",
		"unitsinstock": "units in stock", "quantityperunit": "quantity per unit", "checkin": "check in",
		// Real words stay whole.
		"shipment": "shipment", "shipper": "shipper", "payment": "payment", "discount": "discount", "password": "password",
		"extension": "extension", "telephone": "telephone", "surname": "surname", "holidays": "holidays", "commission": "commission",
	} {
		if got := strings.Join(g.split(w), " "); got != want {
			t.Errorf("split(%q) = %q, want %q", w, got, want)
		}
	}
	m := newModel(clubSchema())
	if got := m.byName["members"].col("joindate").words; !slices.Equal(got, []string{"join", "date"}) {
		t.Errorf("joindate words %v", got)
	}
}

// TestTheClubsSquashedNamesAreAnswered: the split names are found by the words people say.
func TestTheClubsSquashedNamesAreAnswered(t *testing.T) {
	s := clubSchema()
	wantSQL(t, s, "List the members who joined in August 2012.", "members.joindate >= '2012-08-01'")
	wantSQL(t, s, "What is the total monthly maintenance across all facilities?", "SUM(facilities.monthlymaintenance)")
	wantSQL(t, s, "What is Tim Rownam's phone number?", "members.telephone")
	wantSQL(t, s, "How many members does the club have?", "COUNT(*)")
	// GUEST is both parts of one row's name: the surname reads it.
	wantSQL(t, s, "How many guest bookings did each facility get?", "members.surname = 'GUEST'")
}

// TestATotalWithNothingToAddUpIsRefused: "what did guests pay in total" with no money column
// would list bookings; rows are not the total asked for.
func TestATotalWithNothingToAddUpIsRefused(t *testing.T) {
	_, err := generatePG(clubSchema(), "What did guests pay us in total in August 2012?")
	if err == nil || !strings.Contains(err.Error(), "in total") {
		t.Fatalf("want a refusal naming \"in total\", got %v", err)
	}
}

// jaffleShop is dbt's classic example shop: a status value that is also a verb ('placed'),
// amounts kept as integer cents, a customer's name in two parts.
func jaffleShop() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "customers", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "INTEGER"}, {Name: "first_name", Type: "TEXT", SampleValues: []string{"Rose", "Howard"}},
			{Name: "last_name", Type: "TEXT", SampleValues: []string{"M.", "R."}}}},
		{Name: "orders", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "INTEGER"}, {Name: "user_id", Type: "INTEGER"}, {Name: "order_date", Type: "DATE"},
			{Name: "status", Type: "TEXT", SampleValues: []string{"completed", "placed", "shipped", "returned", "return_pending"}}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"user_id"}, RefTable: "customers", RefColumns: []string{"id"}}}},
		{Name: "payments", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "INTEGER"}, {Name: "order_id", Type: "INTEGER"},
			{Name: "payment_method", Type: "TEXT", SampleValues: []string{"credit_card", "coupon", "bank_transfer", "gift_card"}},
			{Name: "amount", Type: "INTEGER"}},
			ForeignKeys: []datasource.ForeignKey{sameKeyTo("order_id", "orders", "id")}},
	}}
}

func sameKeyTo(col, ref, refCol string) datasource.ForeignKey {
	return datasource.ForeignKey{Columns: []string{col}, RefTable: ref, RefColumns: []string{refCol}}
}

// TestAStatusSaidAsAVerbIsTheAct: "have placed", "placed an order", "has Rose M. placed?" are
// the act of ordering; "placed orders" and "orders that have been placed" are the state.
func TestAStatusSaidAsAVerbIsTheAct(t *testing.T) {
	s := jaffleShop()
	for _, q := range []string{
		"List the customers who have placed more than two orders.",
		"How many orders has Rose M. placed?",
		"Which customers have never placed an order?",
	} {
		g, err := generatePG(s, q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if strings.Contains(g.SQL, "'placed'") {
			t.Errorf("%s: the verb is read as the status:\n%s", q, g.SQL)
		}
	}
	wantSQL(t, s, "How many placed orders are there?", "orders.status = 'placed'")
	wantSQL(t, s, "How many orders have been placed?", "orders.status = 'placed'")
}

// TestAnAmountAskedInDollarsFromIntegerMoneyIsRefused: integer money may be cents; nothing in
// the schema says which, so "in dollars" is refused rather than answered a hundred times off.
func TestAnAmountAskedInDollarsFromIntegerMoneyIsRefused(t *testing.T) {
	s := jaffleShop()
	_, err := generatePG(s, "What is the average payment in dollars?")
	if err == nil || !strings.Contains(err.Error(), "cents") {
		t.Fatalf("want a refusal about cents, got %v", err)
	}
	wantSQL(t, s, "What is the average payment?", "AVG(payments.amount)")
	s.Tables[2].Columns[3].Type = "NUMERIC(10,2)"
	wantSQL(t, s, "What is the average payment in dollars?", "AVG(payments.amount)")
}

// personIncome keeps incomes in a table of their own, referenced by each person's ssn.
func personIncome() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "income", PrimaryKey: []string{"ssn"}, Columns: []datasource.Column{{Name: "ssn", Type: "integer"}, {Name: "annual_income", Type: "integer"}}},
		{Name: "person", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "name", Type: "text", SampleValues: []string{"Ann Lee"}}, {Name: "ssn", Type: "integer"},
			{Name: "city", Type: "text", SampleValues: []string{"Boston", "Reading"}}},
			ForeignKeys: []datasource.ForeignKey{sameKey("ssn", "income")}},
	}, Profile: []datasource.ColumnProfile{
		{Table: "person", Column: "ssn", Rows: 10000, NonNull: 10000, Distinct: 9999},
	}}
}

// TestAnAttributeKeptOneToOneIsNotCountedTwice: each person's ssn is (nearly) unique, so an
// income joined to its person is one row per person and averaging it per city is fine; were
// many people to share an ssn, the answer would be refused as counting incomes twice.
func TestAnAttributeKeptOneToOneIsNotCountedTwice(t *testing.T) {
	s := personIncome()
	wantSQL(t, s, "What is the average annual income per city?", "AVG(income.annual_income)")
	s.Profile[0].Distinct = 4000
	if _, err := generatePG(s, "What is the average annual income per city?"); err == nil || !strings.Contains(err.Error(), "more than once") {
		t.Fatalf("shared ssns must be refused, got %v", err)
	}
}

// flights is a route table linking airlines and two roles of airports, with flags stored as
// 'Y'/'N' (and a stray 'n').
func flights() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "airlines", PrimaryKey: []string{"airline_id"}, Columns: []datasource.Column{
			{Name: "airline_id", Type: "integer"}, {Name: "name", Type: "text", SampleValues: []string{"Ryanair", "Lufthansa"}},
			{Name: "country", Type: "text", SampleValues: []string{"Ireland", "Germany"}},
			{Name: "active", Type: "text", SampleValues: []string{"Y", "N", "n"}}}},
		{Name: "airports", PrimaryKey: []string{"airport_id"}, Columns: []datasource.Column{
			{Name: "airport_id", Type: "integer"}, {Name: "name", Type: "text", SampleValues: []string{"Dublin Airport"}},
			{Name: "country", Type: "text", SampleValues: []string{"Ireland", "Germany"}}, {Name: "altitude", Type: "integer"}}},
		{Name: "routes", PrimaryKey: []string{"route_id"}, Columns: []datasource.Column{
			{Name: "route_id", Type: "integer"}, {Name: "airline_id", Type: "integer"},
			{Name: "source_airport_id", Type: "integer"}, {Name: "destination_airport_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("airline_id", "airlines"),
				sameKeyTo("source_airport_id", "airports", "airport_id"), sameKeyTo("destination_airport_id", "airports", "airport_id")}},
	}}
}

// TestARelationVerbIsReadWhenItsTableIsNamed: "operate" and "fly" only say routes exist when
// the question names the routes; a flag kept as 'Y'/'N'/'n' is still a flag; "airports in
// Germany" is the airports' own country; "elevation" is the altitude.
func TestARelationVerbIsReadWhenItsTableIsNamed(t *testing.T) {
	s := flights()
	wantSQL(t, s, "How many routes does Ryanair operate?", "airlines.name = 'Ryanair'")
	wantSQL(t, s, "How many airlines are currently active?", "airlines.active = 'Y'")
	wantSQL(t, s, "How many airports are there in Germany?", "airports.country = 'Germany'")
	wantSQL(t, s, "Which airport has the highest elevation?", "airports.altitude")
	if _, err := generatePG(s, "Which airlines fly from Germany?"); err == nil {
		t.Fatal("without the routes named, \"fly\" is not read")
	}
}

// TestALevelIsAStatusOnlyWithItsName: "membership level" is membership_status, but a bare
// "tier" is not some other table's status.
func TestALevelIsAStatusOnlyWithItsName(t *testing.T) {
	wantSQL(t, cityRecords(), "How many members per membership level?", "get_fit_now_member.membership_status")
	if g, err := generatePG(jaffleShop(), "number of customers by tier"); err == nil {
		t.Fatalf("\"tier\" read as %s", g.SQL)
	}
}

// TestANationalityBeforeATableIsItsCountry: "Irish airlines" are airlines of Ireland, not
// those whose callsign is 'IRISH'; and "each one" refers back to them, it groups nothing new.
func TestANationalityBeforeATableIsItsCountry(t *testing.T) {
	s := flights()
	s.Tables[0].Columns = append(s.Tables[0].Columns, datasource.Column{Name: "callsign", Type: "text", SampleValues: []string{"IRISH", "LUFTHANSA"}})
	g := wantSQL(t, s, "Which Irish airlines operate routes, and how many routes does each one fly?", "airlines.country = 'Ireland'")
	if !strings.Contains(g.SQL, "COUNT(") {
		t.Fatalf("want routes counted per airline:\n%s", g.SQL)
	}
}

// TestAPatternIsSaidAboutTheColumnNamedBeforeIt: "starting with", "ending in", "containing"
// match the column just named (or the label of the table just named) with LIKE.
func TestAPatternIsSaidAboutTheColumnNamedBeforeIt(t *testing.T) {
	s := jaffleShop()
	wantSQL(t, s, "Which customers have a last name starting with E?", "customers.last_name LIKE 'E%'")
	wantSQL(t, s, "How many customers have a first name ending in y?", "customers.first_name LIKE '%y'")
	wantSQL(t, flights(), "airports containing International", "airports.name LIKE '%International%'")
}

// TestAStateOfSeveralColumnsIsTheOneTheQuestionNames: "free for members" is membercost = 0,
// not guestcost, and "members" then names nothing more; "cost ... to set up" is the set-up
// cost alone.
func TestAStateOfSeveralColumnsIsTheOneTheQuestionNames(t *testing.T) {
	s := clubSchema()
	g := wantSQL(t, s, "Which facilities are free for members to use?", "facilities.membercost = 0")
	if strings.Contains(g.SQL, "JOIN") {
		t.Fatalf("\"members\" only said whose cost:\n%s", g.SQL)
	}
	g = wantSQL(t, s, "Which facilities cost more than 5000 to set up?", "facilities.initialoutlay > 5000")
	if strings.Contains(g.SQL, "membercost >") {
		t.Fatalf("\"cost\" is the verb of the set-up cost:\n%s", g.SQL)
	}
}

// TestRepeatedValuesOfAnAttributeAreListedOnce: car models repeat across licences, so "which
// Tesla models" lists each once; a unique e-mail of a named person needs no DISTINCT.
func TestRepeatedValuesOfAnAttributeAreListedOnce(t *testing.T) {
	s := cityRecords()
	s.Profile = append(s.Profile, datasource.ColumnProfile{Table: "drivers_license", Column: "car_model", Rows: 10000, NonNull: 10000, Distinct: 719})
	s.Tables[0].Columns[5].SampleValues = nil
	wantSQL(t, s, "Which Tesla models do licensed drivers have?", "SELECT DISTINCT drivers_license.car_model")
}

// TestEverydayWordsForGenderAndAcronyms: "women" is the stored 'female'; "social security
// number" is the ssn column.
func TestEverydayWordsForGenderAndAcronyms(t *testing.T) {
	s := cityRecords()
	s.Tables[0].Columns = append(s.Tables[0].Columns, datasource.Column{Name: "gender", Type: "text", SampleValues: []string{"female", "male"}})
	s.Tables[1].Columns = append(s.Tables[1].Columns, datasource.Column{Name: "ssn", Type: "integer"})
	wantSQL(t, s, "How many drivers are women?", "drivers_license.gender = 'female'")
	wantSQL(t, s, "What is Kourtney Calderwood's social security number?", "person.ssn")
}

// TestTwoWordsNamingSeveralTablesAgreeOnTheOneTheyShare: "gym visits" is the gym's check-ins,
// not the event check-ins; "event check-ins" is the event table's.
func TestTwoWordsNamingSeveralTablesAgreeOnTheOneTheyShare(t *testing.T) {
	s := cityRecords()
	s.Tables = append(s.Tables, datasource.Table{Name: "facebook_event_checkin", Columns: []datasource.Column{
		{Name: "person_id", Type: "integer"}, {Name: "event_name", Type: "text"}, {Name: "date", Type: "integer"}},
		ForeignKeys: []datasource.ForeignKey{{Columns: []string{"person_id"}, RefTable: "person", RefColumns: []string{"id"}}}})
	wantSQL(t, s, "How many gym visits were logged in 2018?", "FROM get_fit_now_check_in")
	wantSQL(t, s, "How many event check-ins are there?", "FROM facebook_event_checkin")
}

// TestMissingRowsThatAreAlsoJoinedAreRefused: "which facilities has Henrietta Rumney never
// booked" must not join her bookings and test that she has none at once.
func TestMissingRowsThatAreAlsoJoinedAreRefused(t *testing.T) {
	s := clubSchema()
	s.Tables[0].Columns[1].SampleValues = append(s.Tables[0].Columns[1].SampleValues, "Rumney")
	s.Tables[0].Columns[2].SampleValues = append(s.Tables[0].Columns[2].SampleValues, "Henrietta")
	g, err := generatePG(s, "Which facilities has Henrietta Rumney never booked?")
	if err == nil && strings.Contains(g.SQL, "JOIN bookings") && strings.Contains(g.SQL, "NOT EXISTS (SELECT 1 FROM bookings WHERE bookings.memid = members.memid)") {
		t.Fatalf("joined and excluded at once:\n%s", g.SQL)
	}
}

// TestAFlagKeptAsYOrEmptyIsAFlag: OpenFlights' codeshare holds 'Y' or an empty string (never sampled), and
// is still named as written although the segmenter splits it ("code share").
func TestAFlagKeptAsYOrEmptyIsAFlag(t *testing.T) {
	s := flights()
	s.Tables[2].Columns = append(s.Tables[2].Columns, datasource.Column{Name: "codeshare", Type: "text", SampleValues: []string{"Y"}})
	s.Profile = append(s.Profile, datasource.ColumnProfile{Table: "routes", Column: "codeshare", Rows: 67663, NonNull: 67663, Distinct: 2})
	wantSQL(t, s, "How many of our routes are codeshares?", "WHERE routes.codeshare = 'Y'")
	wantSQL(t, s, "How many routes are not codeshares?", "(routes.codeshare <> 'Y' OR routes.codeshare IS NULL)")
	wantSQL(t, s, "What percentage of all routes are codeshares?", "SUM(CASE WHEN routes.codeshare = 'Y' THEN 1 ELSE 0 END)")
}

// TestAPayingVerbAfterTheMoneyIsNotASecondMeasure: "revenue ... paid by credit card" is one
// sum, its share by payment method.
func TestAPayingVerbAfterTheMoneyIsNotASecondMeasure(t *testing.T) {
	wantSQL(t, jaffleShop(), "What percentage of our total revenue was paid by credit card?",
		"SUM(CASE WHEN payments.payment_method = 'credit_card' THEN payments.amount ELSE 0 END) / SUM(payments.amount)")
}

// TestRowsWithoutTheRowTheyPointToAreFound: each person points to an income by ssn, so "people
// with no income" are those whose ssn no income row holds.
func TestRowsWithoutTheRowTheyPointToAreFound(t *testing.T) {
	wantSQL(t, personIncome(), "How many people have no income on file?", "NOT EXISTS (SELECT 1 FROM income WHERE income.ssn = person.ssn)")
}

// TestTheLastTwoWordsOfALongNameNameIt: "start date" is membership_start_date, so "joined"
// (a start date) finds it.
func TestTheLastTwoWordsOfALongNameNameIt(t *testing.T) {
	wantSQL(t, cityRecords(), "How many gym members joined in 2018?", "get_fit_now_member.membership_start_date >= 20180101")
}

// TestTheHourOfTheDayIsABucket: "at what hour of the day do the most bookings start" counts
// bookings per hour (a number 0..23 on every dialect) and ranks them; "start" only says which
// date is bucketed.
func TestTheHourOfTheDayIsABucket(t *testing.T) {
	wantSQL(t, clubSchema(), "At what hour of the day do the most bookings start?",
		"CAST(EXTRACT(HOUR FROM bookings.starttime) AS integer) AS hour, COUNT(*) AS booking_count")
	c := &column{name: "starttime", table: &table{name: "bookings"}}
	for typ, want := range map[datasource.Type]string{
		datasource.SQLite: "CAST(strftime('%H', bookings.starttime) AS INTEGER)", datasource.MySQL: "HOUR(bookings.starttime)",
	} {
		if got := (dialect{typ: typ}).bucket(c, grainHour); got != want {
			t.Errorf("%v: %s, want %s", typ, got, want)
		}
	}
}

// TestAStreetAddressIsTheNumberAndTheStreet: the two columns an address is kept in, in the
// table's order, for a named person.
func TestAStreetAddressIsTheNumberAndTheStreet(t *testing.T) {
	wantSQL(t, cityRecords(), "What is Kourtney Calderwood's street address?", "SELECT person.address_number, person.address_street_name")
}

// TestTheTopGroupsAreOneRanking: "per country ... for the 5 countries with the most" ranks the
// countries once (one grouping, top 5), not a top row within each country.
func TestTheTopGroupsAreOneRanking(t *testing.T) {
	g := wantSQL(t, flights(), "Show the number of active airlines per country for the 5 countries with the most.", "LIMIT 5")
	if strings.Count(g.SQL, "airlines.country") != 2 { // once selected, once grouped
		t.Fatalf("want one grouping by country:\n%s", g.SQL)
	}
}

// coStores is oracle_co's stores: the online store has no physical address.
func coStores() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "stores", PrimaryKey: []string{"store_id"}, Columns: []datasource.Column{
			{Name: "store_id", Type: "integer"}, {Name: "store_name", Type: "text", SampleValues: []string{"Online", "Napa", "Sydney"}},
			{Name: "physical_address", Type: "text", Nullable: true}}},
	}, Profile: []datasource.ColumnProfile{
		{Table: "stores", Column: "physical_address", Rows: 23, NonNull: 22, Distinct: 22},
	}}
}

// TestAWordInsideAnOptionalColumnBeforeItsTableIsAState: "physical stores" are the stores with
// a physical address, counted or ranked as stores; "leaving out Online" excludes a row.
func TestAWordInsideAnOptionalColumnBeforeItsTableIsAState(t *testing.T) {
	s := coStores()
	wantSQL(t, s, "How many physical stores do we have?", "WHERE stores.physical_address IS NOT NULL")
	g := wantSQL(t, s, "List the physical stores, leaving out Online.", "stores.store_name <> 'Online'")
	if !strings.Contains(g.SQL, "physical_address IS NOT NULL") {
		t.Fatalf("want the state kept:\n%s", g.SQL)
	}
}

// TestTheMostActiveAreRankedByWhatFollows: "the five most active members by number of
// bookings" needs no "active" column; "the guest account" is the guest row.
func TestTheMostActiveAreRankedByWhatFollows(t *testing.T) {
	wantSQL(t, clubSchema(), "How many members does the club have, not counting the guest account?", "members.surname <> 'GUEST'")
}

// TestAnAmountComparedInDollarsWithIntegerMoneyIsRefused: "$50" against integer money that
// may be cents is refused like "in dollars".
func TestAnAmountComparedInDollarsWithIntegerMoneyIsRefused(t *testing.T) {
	if _, err := generatePG(jaffleShop(), "Which customers have spent more than $50 in total?"); err == nil || !strings.Contains(err.Error(), "cents") {
		t.Fatalf("want a refusal about cents, got %v", err)
	}
}

// TestMoreThanOneValueOfAColumnIsADistinctCount: "orders paid with more than one payment
// method" keeps the orders whose payments hold two methods or more.
func TestMoreThanOneValueOfAColumnIsADistinctCount(t *testing.T) {
	wantSQL(t, jaffleShop(), "Which orders were paid with more than one payment method?", "HAVING COUNT(DISTINCT payments.payment_method) > 1")
}

// TestHowManyGroupsBeatTheAverageCountsTheGroups: "how many customers have more orders than
// the average customer" is one number, not a count of one per customer.
func TestHowManyGroupsBeatTheAverageCountsTheGroups(t *testing.T) {
	g := wantSQL(t, jaffleShop(), "How many customers have more orders than the average customer?", "SELECT COUNT(*) AS customer_count")
	if !strings.Contains(g.SQL, "AVG(per_group.order_count)") {
		t.Fatalf("want the comparison with the average kept:\n%s", g.SQL)
	}
}

// TestATableBeatsAColumnNamedLikeItThatPointsToIt: routes.airline is a code of the airline the
// route also points to by key; "which airline" is the airlines table, by name. A CamelCase
// name among many ('FlyNonstop') is not read as everyday words.
func TestATableBeatsAColumnNamedLikeItThatPointsToIt(t *testing.T) {
	s := flights()
	s.Tables[2].Columns = append(s.Tables[2].Columns, datasource.Column{Name: "airline", Type: "text", SampleValues: []string{"FR", "LH"}})
	wantSQL(t, s, "Which airline has the most routes?", "airlines.name AS airline")
	s.Tables[0].Columns = append(s.Tables[0].Columns, datasource.Column{Name: "alias", Type: "text"})
	s.Profile = append(s.Profile, datasource.ColumnProfile{Table: "airlines", Column: "alias", Rows: 6000, NonNull: 1000, Distinct: 900, Values: []string{"FlyNonstop", "Skyways"}})
	if g, err := generatePG(s, "Which routes does Ryanair fly nonstop?"); err == nil && strings.Contains(g.SQL, "FlyNonstop") {
		t.Fatalf("a CamelCase alias read from everyday words:\n%s", g.SQL)
	}
}

// TestACompassSuperlativeRanksByTheCoordinate: "the northernmost airport in Norway" is the
// Norwegian airport with the highest latitude; "registered in Mexico" is the airlines' own
// country.
func TestACompassSuperlativeRanksByTheCoordinate(t *testing.T) {
	s := flights()
	s.Tables[1].Columns = append(s.Tables[1].Columns, datasource.Column{Name: "latitude", Type: "real"})
	g := wantSQL(t, s, "Which is the northernmost airport in Germany?", "ORDER BY airports.latitude DESC")
	if !strings.Contains(g.SQL, "airports.country = 'Germany'") || !strings.Contains(g.SQL, "LIMIT 1") {
		t.Fatalf("want the one German airport furthest north:\n%s", g.SQL)
	}
	wantSQL(t, s, "How many airlines are registered in Germany?", "airlines.country = 'Germany'")
}

// TestTensAndZeroAreNumbers: "more than forty" compares with 40.
func TestTensAndZeroAreNumbers(t *testing.T) {
	for w, want := range map[string]float64{"zero": 0, "forty": 40, "ninety": 90, "thousand": 1000} {
		if toks := tokenize(w); len(toks) != 1 || !toks[0].isNum || toks[0].num != want {
			t.Errorf("%q read as %+v, want the number %v", w, toks, want)
		}
	}
}

// TestAPatternNeedsTheColumnItNames: where customers keep one whole name, "a last name starting
// with M" is refused, not read as the name or another table's; "whose name starts with Li" is
// the customers' own name.
func TestAPatternNeedsTheColumnItNames(t *testing.T) {
	s := flights()
	if g, err := generatePG(s, "Which airlines have a last name starting with M?"); err == nil {
		t.Fatalf("no column is a last name:\n%s", g.SQL)
	}
	wantSQL(t, s, "airlines whose name starts with Ry", "airlines.name LIKE 'Ry%'")
}

// TestAnHourNeedsATime: a column of days has no hour of the day.
func TestAnHourNeedsATime(t *testing.T) {
	s := jaffleShop()
	if _, err := generatePG(s, "How many orders by hour of the day?"); err == nil || !strings.Contains(err.Error(), "holds days") {
		t.Fatalf("want a refusal: order_date holds days, got %v", err)
	}
}
