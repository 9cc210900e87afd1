package offline

import (
	"slices"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// erpDocuments is a trading company's records the way ERP systems name them: master data
// prefixed MD_, purchase and sales orders as PO_/SO_ header and item tables whose amounts are
// named alike (GROSSAMOUNT, NETAMOUNT, TAXAMOUNT run together in capitals), and a currency
// stored as its ISO code.
func erpDocuments() *datasource.Schema {
	money := func(extra ...datasource.Column) []datasource.Column {
		return append(extra, datasource.Column{Name: "CURRENCY", Type: "text", SampleValues: []string{"EUR", "USD", "GBP"}},
			datasource.Column{Name: "GROSSAMOUNT", Type: "numeric"}, datasource.Column{Name: "NETAMOUNT", Type: "numeric"},
			datasource.Column{Name: "TAXAMOUNT", Type: "numeric"})
	}
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "MD_BusinessPartner", PrimaryKey: []string{"PARTNERID"}, Columns: []datasource.Column{
			{Name: "PARTNERID", Type: "text"}, {Name: "COMPANYNAME", Type: "text"},
			{Name: "CURRENCY", Type: "text", SampleValues: []string{"EUR", "USD", "GBP"}}}},
		{Name: "MD_Employees", PrimaryKey: []string{"EMPLOYEEID"}, Columns: []datasource.Column{
			{Name: "EMPLOYEEID", Type: "text"}, {Name: "FULLNAME", Type: "text"}, {Name: "SALARYAMOUNT", Type: "numeric"},
			{Name: "BANKID", Type: "text"}, {Name: "BANKNAME", Type: "text", SampleValues: []string{"Deutsches Geldinstitut", "Bank of the West"}}}},
		{Name: "MD_Products", PrimaryKey: []string{"PRODUCTID"}, Columns: []datasource.Column{
			{Name: "PRODUCTID", Type: "text"}, {Name: "CATEGORY", Type: "text", SampleValues: []string{"Notebooks", "Flat screens"}},
			{Name: "PRICE", Type: "numeric"}, {Name: "CURRENCY", Type: "text", SampleValues: []string{"EUR", "USD"}}}},
		{Name: "PO_Header", PrimaryKey: []string{"PURCHASEORDERID"}, Columns: money(
			datasource.Column{Name: "PURCHASEORDERID", Type: "text"}, datasource.Column{Name: "HISTORY_CREATEDAT", Type: "date"},
			datasource.Column{Name: "PARTNER_PARTNERID", Type: "text"}),
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"PARTNER_PARTNERID"}, RefTable: "MD_BusinessPartner", RefColumns: []string{"PARTNERID"}}}},
		{Name: "SO_Header", PrimaryKey: []string{"SALESORDERID"}, Columns: money(
			datasource.Column{Name: "SALESORDERID", Type: "text"}, datasource.Column{Name: "HISTORY_CREATEDAT", Type: "date"},
			datasource.Column{Name: "PARTNER_PARTNERID", Type: "text"}, datasource.Column{Name: "BILLINGSTATUS", Type: "text", SampleValues: []string{"P", "I"}}),
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"PARTNER_PARTNERID"}, RefTable: "MD_BusinessPartner", RefColumns: []string{"PARTNERID"}}}},
		{Name: "SO_Item", Columns: money(
			datasource.Column{Name: "SALESORDERID", Type: "text"}, datasource.Column{Name: "PRODUCT_PRODUCTID", Type: "text"},
			datasource.Column{Name: "QUANTITY", Type: "numeric"}),
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"SALESORDERID"}, RefTable: "SO_Header", RefColumns: []string{"SALESORDERID"}},
				{Columns: []string{"PRODUCT_PRODUCTID"}, RefTable: "MD_Products", RefColumns: []string{"PRODUCTID"}}}},
	}}
}

// TestDocumentPrefixesNameTheDocuments: SO_ is a sales order, PO_ a purchase order and MD_
// says nothing, so "sales orders" are SO_Header's rows and "products" MD_Products'.
func TestDocumentPrefixesNameTheDocuments(t *testing.T) {
	s := erpDocuments()
	wantSQL(t, s, "How many sales orders were created in 2015?", `FROM "SO_Header"`)
	wantSQL(t, s, "How many purchase orders are there?", `FROM "PO_Header"`)
	wantSQL(t, s, "How many products are there?", `FROM "MD_Products"`)
	wantSQL(t, s, "Which business partners have placed the most sales orders?", `"MD_BusinessPartner"."COMPANYNAME"`)
}

// TestSalesAreTheAmountsOfTheTableNamedForThem: "sales" in a schema with sales and purchase
// orders (and salaries) is the sales orders' amount; with nothing at the line level asked, the
// header's, and with a product category, the lines'.
func TestSalesAreTheAmountsOfTheTableNamedForThem(t *testing.T) {
	s := erpDocuments()
	wantSQL(t, s, "Show the monthly sales totals for 2015", `SUM("SO_Header"."GROSSAMOUNT")`)
	wantSQL(t, s, "Which three product categories bring in the most sales revenue?", `SUM("SO_Item"."GROSSAMOUNT")`)
}

// TestTaxIncludedOrNotPicksTheGrossOrNetAmount: "tax included" is the gross amount, "before
// tax" the net one, and neither adds up the tax; an amount with no such pair beside it is
// refused, since nothing says whether it includes tax.
func TestTaxIncludedOrNotPicksTheGrossOrNetAmount(t *testing.T) {
	s := erpDocuments()
	g := wantSQL(t, s, "Show the monthly sales totals for 2015, tax included.", `SUM("SO_Header"."GROSSAMOUNT")`)
	if strings.Contains(g.SQL, "TAXAMOUNT") {
		t.Errorf("the tax is no second measure:\n%s", g.SQL)
	}
	wantSQL(t, s, "Which three product categories bring in the most sales revenue before tax?", `SUM("SO_Item"."NETAMOUNT")`)
	wantSQL(t, s, "total sales excluding tax in 2015", `SUM("SO_Header"."NETAMOUNT")`)
	wantRefusal(t, s, "total price of products before tax", "tax")
}

// TestACurrencyNameIsItsCode: "euros" and "US dollars" are the codes a currency column stores;
// a number's unit stays a unit ("over 50 dollars").
func TestACurrencyNameIsItsCode(t *testing.T) {
	s := erpDocuments()
	wantSQL(t, s, "How many of our business partners work in euros?", `"MD_BusinessPartner"."CURRENCY" = 'EUR'`)
	wantSQL(t, s, "How many products are priced in US dollars?", `"MD_Products"."CURRENCY" = 'USD'`)
	g := wantSQL(t, s, "products with a price over 50 dollars", `"MD_Products"."PRICE" > 50`)
	if strings.Contains(g.SQL, `"CURRENCY" =`) {
		t.Errorf("a number's unit is no currency condition:\n%s", g.SQL)
	}
}

// TestAColumnSaidAgainByItsValueListsTheRows: "employees who bank with Deutsches Geldinstitut"
// are employees, the bank being said again by its name.
func TestAColumnSaidAgainByItsValueListsTheRows(t *testing.T) {
	g := wantSQL(t, erpDocuments(), "Which employees bank with Deutsches Geldinstitut?", `"MD_Employees"."BANKNAME" = 'Deutsches Geldinstitut'`)
	if !strings.Contains(g.SQL, `"MD_Employees"."FULLNAME"`) {
		t.Errorf("want the employees named:\n%s", g.SQL)
	}
}

// TestRunTogetherCapitalsSplitIntoTheirWords: the split whose unknown part is shorter found a
// word ("billing" + "status", not "bill" + "ingstatus"), and a known noun's key is the noun
// and "id" even where another column's name made the whole known.
func TestRunTogetherCapitalsSplitIntoTheirWords(t *testing.T) {
	s := erpDocuments()
	s.Tables[0].Columns = append(s.Tables[0].Columns, datasource.Column{Name: "ADDRESSES_ADDRESSID", Type: "text"},
		datasource.Column{Name: "HISTORY_CREATEDBY_EMPLOYEEID", Type: "text"})
	s.Tables = append(s.Tables, datasource.Table{Name: "MD_Addresses", Columns: []datasource.Column{{Name: "ADDRESSID", Type: "text"}}})
	g := newSegmenter(s)
	for name, want := range map[string][]string{
		"BILLINGSTATUS": {"billing", "status"}, "ADDRESSID": {"address", "id"}, "GROSSAMOUNT": {"gross", "amount"},
		"NETAMOUNT": {"net", "amount"}, "HISTORY_CREATEDAT": {"history", "created", "at"}, "PARTNERID": {"partner", "id"},
		"SO_Item": {"sale", "order", "item"}, "MD_Products": {"product"},
	} {
		if got := g.words(name); !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}
}

// cupHistory is a football competition's record: tournaments whose every name carries the
// same words ("FIFA ... World Cup"), some of them a women's edition, with matches, the goals
// scored in them by players (a given and a family name), and a group table whose count of
// games "played" is a plain number.
func cupHistory() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "tournaments", PrimaryKey: []string{"tournament_id"}, Columns: []datasource.Column{
			{Name: "tournament_id", Type: "text"}, {Name: "tournament_name", Type: "text", SampleValues: []string{
				"1930 FIFA Men's World Cup", "1934 FIFA Men's World Cup", "1991 FIFA Women's World Cup", "1995 FIFA Women's World Cup", "2022 FIFA Men's World Cup"}},
			{Name: "year", Type: "integer"}, {Name: "start_date", Type: "date"}}},
		{Name: "players", PrimaryKey: []string{"player_id"}, Columns: []datasource.Column{
			{Name: "player_id", Type: "text"}, {Name: "family_name", Type: "text"}, {Name: "given_name", Type: "text"}}},
		{Name: "teams", PrimaryKey: []string{"team_id"}, Columns: []datasource.Column{
			{Name: "team_id", Type: "text"}, {Name: "team_name", Type: "text"}}},
		{Name: "matches", PrimaryKey: []string{"match_id"}, Columns: []datasource.Column{
			{Name: "match_id", Type: "text"}, {Name: "tournament_id", Type: "text"}, {Name: "match_date", Type: "date"},
			{Name: "score", Type: "text"}, {Name: "home_team_score", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"tournament_id"}, RefTable: "tournaments", RefColumns: []string{"tournament_id"}}}},
		{Name: "goals", PrimaryKey: []string{"goal_id"}, Columns: []datasource.Column{
			{Name: "goal_id", Type: "text"}, {Name: "tournament_id", Type: "text"}, {Name: "match_id", Type: "text"},
			{Name: "team_id", Type: "text"}, {Name: "player_id", Type: "text"}},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"tournament_id"}, RefTable: "tournaments", RefColumns: []string{"tournament_id"}},
				{Columns: []string{"match_id"}, RefTable: "matches", RefColumns: []string{"match_id"}},
				{Columns: []string{"team_id"}, RefTable: "teams", RefColumns: []string{"team_id"}},
				{Columns: []string{"player_id"}, RefTable: "players", RefColumns: []string{"player_id"}}}},
		{Name: "group_standings", Columns: []datasource.Column{
			{Name: "tournament_id", Type: "text"}, {Name: "team_id", Type: "text"}, {Name: "played", Type: "integer"}}},
	}}
}

// TestWordsEveryNameCarriesNameTheRows: "World Cup" is in every tournament's name, so it is a
// tournament ("World Cup matches" are matches, with no condition); "women's World Cup", in
// some names only, picks those rows by a pattern on the name, counted or grouped.
func TestWordsEveryNameCarriesNameTheRows(t *testing.T) {
	s := cupHistory()
	g := wantSQL(t, s, "How many World Cup matches were played in June 2018?", `COUNT(*)`)
	if !strings.Contains(g.SQL, "FROM matches") || strings.Contains(g.SQL, "LIKE") || strings.Contains(g.SQL, "played") {
		t.Errorf("want the matches of June 2018:\n%s", g.SQL)
	}
	wantSQL(t, s, "How many women's World Cups have there been?", `tournaments.tournament_name LIKE '%Women''s World Cup%'`)
	g = wantSQL(t, s, "How many goals were scored at each women's World Cup?", `GROUP BY tournaments.tournament_id`)
	if !strings.Contains(g.SQL, "LIKE '%Women''s World Cup%'") || strings.Contains(g.SQL, "score") {
		t.Errorf("want the goals per women's tournament:\n%s", g.SQL)
	}
	if got := wantSQL(t, s, "How many FIFA tournaments are there?", "COUNT(*)"); !strings.Contains(got.SQL, "FROM tournaments") {
		t.Errorf("an acronym in every name names the rows too:\n%s", got.SQL)
	}
	// "at a World Cup" says where, and every tournament is one: nothing to join.
	if got := wantSQL(t, s, "How many players took part in a World Cup?", "COUNT(*)"); strings.Contains(got.SQL, "tournaments") {
		t.Errorf("a name every row carries restricts nothing:\n%s", got.SQL)
	}
	wantSQL(t, s, "How many World Cups have there been?", "FROM tournaments")
}

// TestWhoDidTheMostIsThePersonTheRowsPointTo: "who scored the most goals" counts goals per the
// one table of people goals refer to (teams are not people), named by both names; "scored" is
// the act, not the match's score.
func TestWhoDidTheMostIsThePersonTheRowsPointTo(t *testing.T) {
	g := wantSQL(t, cupHistory(), "Who scored the most goals?", `GROUP BY players.player_id`)
	if !strings.Contains(g.SQL, "players.given_name") || strings.Contains(g.SQL, "score") || !strings.Contains(g.SQL, "LIMIT 1") {
		t.Errorf("want the one player with both names:\n%s", g.SQL)
	}
	g = wantSQL(t, cupHistory(), "How many goals have teams from each team scored in total?", `COUNT(*)`)
	if strings.Contains(g.SQL, "score") {
		t.Errorf("a past tense after its auxiliary is no column:\n%s", g.SQL)
	}
}

// TestAFlagNamedForASexIsSetForThatSex: a female flag is set for "women" and "female" rows and
// not set for "men"; "female" finds a sex column's 'F' too.
func TestAFlagNamedForASexIsSetForThatSex(t *testing.T) {
	s := cupHistory()
	s.Tables[1].Columns = append(s.Tables[1].Columns, datasource.Column{Name: "female", Type: "boolean"})
	wantSQL(t, s, "How many women players are there?", `players.female = TRUE`)
	wantSQL(t, s, "How many male players are there?", `players.female = FALSE`)
	e := erpDocuments()
	e.Tables[1].Columns = append(e.Tables[1].Columns, datasource.Column{Name: "SEX", Type: "text", SampleValues: []string{"F", "M"}})
	wantSQL(t, e, "List our female employees.", `"MD_Employees"."SEX" = 'F'`)
}

// TestSpendingIsTheGrossAmount: what was spent on a purchase order is its gross amount (tax
// included), not the net one beside it.
func TestSpendingIsTheGrossAmount(t *testing.T) {
	wantSQL(t, erpDocuments(), "Which three partners did we spend the most with on purchase orders?", `SUM("PO_Header"."GROSSAMOUNT")`)
}

// TestCountryNamesAreTheirCodesAndAPaidStateIsNoAmount: "Germany" is 'DE' where a country
// column stores codes; "how many sales orders have been paid" asks for a state the schema
// does not hold, and is refused rather than answered with a sum of amounts.
func TestCountryNamesAreTheirCodesAndAPaidStateIsNoAmount(t *testing.T) {
	s := erpDocuments()
	s.Tables[0].Columns = append(s.Tables[0].Columns, datasource.Column{Name: "COUNTRY", Type: "text", SampleValues: []string{"DE", "US", "AR"}})
	wantSQL(t, s, "How many business partners are in Germany?", `"MD_BusinessPartner"."COUNTRY" = 'DE'`)
	wantRefusal(t, s, "How many sales orders have been paid?", "paid")
}

// TestFlagsFillersAndNamesOfTheCup covers the smaller words of the World Cup set: a flag whose
// name ends with its rows' noun counts those rows ("own goals"); "World Cup match" is a match;
// "decided by" and "taken part in" say nothing; "finish" is an end date; "Wembley" finds
// 'Wembley Stadium'.
func TestFlagsFillersAndNamesOfTheCup(t *testing.T) {
	s := cupHistory()
	s.Tables[4].Columns = append(s.Tables[4].Columns, datasource.Column{Name: "own_goal", Type: "boolean"})
	s.Tables[3].Columns = append(s.Tables[3].Columns, datasource.Column{Name: "penalty_shootout", Type: "boolean"},
		datasource.Column{Name: "stadium_id", Type: "text"})
	s.Tables[3].ForeignKeys = append(s.Tables[3].ForeignKeys, datasource.ForeignKey{Columns: []string{"stadium_id"}, RefTable: "stadiums", RefColumns: []string{"stadium_id"}})
	s.Tables[0].Columns = append(s.Tables[0].Columns, datasource.Column{Name: "end_date", Type: "date"})
	s.Tables = append(s.Tables, datasource.Table{Name: "stadiums", PrimaryKey: []string{"stadium_id"}, Columns: []datasource.Column{
		{Name: "stadium_id", Type: "text"}, {Name: "stadium_name", Type: "text", SampleValues: []string{"Wembley Stadium", "Estadio Azteca"}}}})
	g := wantSQL(t, s, "How many own goals are on record?", `goals.own_goal = TRUE`)
	if !strings.Contains(g.SQL, "COUNT(*)") {
		t.Errorf("want the own goals counted:\n%s", g.SQL)
	}
	g = wantSQL(t, s, "Which World Cup match had the most goals in it?", `GROUP BY matches.match_id`)
	if strings.Contains(g.SQL, "tournaments") {
		t.Errorf("a World Cup match is a match:\n%s", g.SQL)
	}
	wantSQL(t, s, "How many World Cup matches have been decided by a penalty shootout?", `matches.penalty_shootout = TRUE`)
	wantSQL(t, s, "When did the 1966 World Cup start and finish?", `tournaments.end_date`)
	wantSQL(t, s, "How many matches were played at Wembley?", `stadiums.stadium_name = 'Wembley Stadium'`)
}

// TestHeldOut13LeftoversReadAsTheyAreMeant covers the general readings the thirteenth held-out
// batch showed after it was scored: "the year 2000 or later" is an open period, bounded below
// the words a text date column keeps for missing dates; "top 3" keeps three rows even where an
// id '3' is stored; "still new" is a condition, refused when no column of the rows holds it; a
// word that is both a flag and a value of a table is the flag; a game is a match; a verb
// followed by a period is its date; "French" is 'FR' where countries are codes.
func TestHeldOut13LeftoversReadAsTheyAreMeant(t *testing.T) {
	s := cupHistory()
	s.Tables[1].Columns = append(s.Tables[1].Columns, datasource.Column{Name: "birth_date", Type: "date"})
	s.Profile = append(s.Profile, datasource.ColumnProfile{Table: "players", Column: "birth_date", Rows: 10, NonNull: 10, Distinct: 9, Min: "1930-01-01", Max: "not available"})
	g := wantSQL(t, s, "How many players were born in the year 2000 or later?", `players.birth_date >= '2000-01-01'`)
	if !strings.Contains(g.SQL, `players.birth_date < '9999-12-31'`) {
		t.Errorf("want 'not available' kept out of an open period:\n%s", g.SQL)
	}
	s.Tables[3].Columns = append(s.Tables[3].Columns, datasource.Column{Name: "draw", Type: "boolean"},
		datasource.Column{Name: "result", Type: "text", SampleValues: []string{"home team win", "away team win", "draw"}})
	wantSQL(t, s, "How many matches ended in a draw?", `matches.draw = TRUE`)
	wantSQL(t, s, "How many games were played in June 2018?", `FROM matches`)

	e := erpDocuments()
	e.Tables[4].Columns = append(e.Tables[4].Columns, datasource.Column{Name: "HISTORY_CREATEDBY_EMPLOYEEID", Type: "text", SampleValues: []string{"1", "2", "3"}},
		datasource.Column{Name: "LIFECYCLESTATUS", Type: "text", SampleValues: []string{"N", "C", "X"}})
	e.Tables[4].ForeignKeys = append(e.Tables[4].ForeignKeys, datasource.ForeignKey{Columns: []string{"HISTORY_CREATEDBY_EMPLOYEEID"}, RefTable: "MD_Employees", RefColumns: []string{"EMPLOYEEID"}})
	e.Tables = append(e.Tables, datasource.Table{Name: "Util_Constants", Columns: []datasource.Column{{Name: "DESCRIPTION", Type: "text", SampleValues: []string{"New", "Closed"}}}})
	wantSQL(t, e, "What are our top 3 partners by sales?", "LIMIT 3")
	wantRefusal(t, e, "How many sales orders are still new?", "new")
	wantSQL(t, e, "How much tax was on the sales orders created in 2015?", `"SO_Header"."HISTORY_CREATEDAT" >= '2015-01-01'`)
	e.Tables[0].Columns = append(e.Tables[0].Columns, datasource.Column{Name: "COUNTRY", Type: "text", SampleValues: []string{"DE", "FR", "US"}})
	wantSQL(t, e, "How many French business partners are there?", `"MD_BusinessPartner"."COUNTRY" = 'FR'`)
}

// TestTenthsCompareAShareToOnePlace: the evaluation gives a column of numbers kept to two
// decimals a copy rounded to one, so a key that rounds a share to one place (16.8) matches an
// answer that keeps two (16.83); columns without two decimals get no copy.
func TestTenthsCompareAShareToOnePlace(t *testing.T) {
	got := tenths([][]string{{"16.83", "2.5"}, {"Brazil", "Chile"}, {"3", "4"}})
	if len(got) != 4 || strings.Join(got[3], ",") != "16.8,2.5" {
		t.Errorf("tenths = %v, want one extra column 16.8,2.5", got)
	}
}

// TestARoleWordSaidPicksItsKey: two keys from purchase orders to employees (who created and
// who changed them) are told apart by the role word the question says ("created"), not
// refused as a tie.
func TestARoleWordSaidPicksItsKey(t *testing.T) {
	e := erpDocuments()
	e.Tables[3].Columns = append(e.Tables[3].Columns, datasource.Column{Name: "HISTORY_CREATEDBY_EMPLOYEEID", Type: "text"},
		datasource.Column{Name: "HISTORY_CHANGEDBY_EMPLOYEEID", Type: "text"})
	e.Tables[3].ForeignKeys = append(e.Tables[3].ForeignKeys,
		datasource.ForeignKey{Columns: []string{"HISTORY_CREATEDBY_EMPLOYEEID"}, RefTable: "MD_Employees", RefColumns: []string{"EMPLOYEEID"}},
		datasource.ForeignKey{Columns: []string{"HISTORY_CHANGEDBY_EMPLOYEEID"}, RefTable: "MD_Employees", RefColumns: []string{"EMPLOYEEID"}})
	wantSQL(t, e, "Which employee has created the most purchase orders?", `"PO_Header"."HISTORY_CREATEDBY_EMPLOYEEID" = "MD_Employees"."EMPLOYEEID"`)
}

// TestAFlagSaidAsAPluralNounCountsItsRows: "the most yellow cards" counts the bookings whose
// yellow_card flag is set, per team; "picked up" says nothing more.
func TestAFlagSaidAsAPluralNounCountsItsRows(t *testing.T) {
	s := cupHistory()
	s.Tables = append(s.Tables, datasource.Table{Name: "bookings", PrimaryKey: []string{"booking_id"}, Columns: []datasource.Column{
		{Name: "booking_id", Type: "text"}, {Name: "team_id", Type: "text"}, {Name: "yellow_card", Type: "boolean"}, {Name: "red_card", Type: "boolean"}},
		ForeignKeys: []datasource.ForeignKey{{Columns: []string{"team_id"}, RefTable: "teams", RefColumns: []string{"team_id"}}}})
	g := wantSQL(t, s, "Which team picked up the most yellow cards?", `bookings.yellow_card = TRUE`)
	if !strings.Contains(g.SQL, "COUNT(*)") || !strings.Contains(g.SQL, "GROUP BY teams.team_id") {
		t.Errorf("want the yellow cards counted per team:\n%s", g.SQL)
	}
}

// TestOnceAndTwiceAreNumbersOfTimes: "more than once" compares a count of times with 1, as
// "more than 1 times" would.
func TestOnceAndTwiceAreNumbersOfTimes(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "members", PrimaryKey: []string{"memid"}, Columns: []datasource.Column{
			{Name: "memid", Type: "integer"}, {Name: "surname", Type: "text"}, {Name: "firstname", Type: "text"}}},
		{Name: "bookings", PrimaryKey: []string{"bookid"}, Columns: []datasource.Column{
			{Name: "bookid", Type: "integer"}, {Name: "memid", Type: "integer"}, {Name: "starttime", Type: "timestamp"}},
			ForeignKeys: []datasource.ForeignKey{sameKey("memid", "members")}},
	}}
	wantSQL(t, s, "Which members have booked more than once?", "HAVING COUNT(*) > 1")
	wantSQL(t, s, "Which members have booked more than twice?", "HAVING COUNT(*) > 2")
}

// TestAListingWithColumnsShowsThem: "list every match played at Wembley, with dates and
// scores" lists the matches (every one, no grouping; "played" describes them) with their date
// and score beside their name.
func TestAListingWithColumnsShowsThem(t *testing.T) {
	s := cupHistory()
	s.Tables[3].Columns = append(s.Tables[3].Columns, datasource.Column{Name: "match_name", Type: "text"}, datasource.Column{Name: "stadium_id", Type: "text"})
	s.Tables[3].ForeignKeys = append(s.Tables[3].ForeignKeys, datasource.ForeignKey{Columns: []string{"stadium_id"}, RefTable: "stadiums", RefColumns: []string{"stadium_id"}})
	s.Tables = append(s.Tables, datasource.Table{Name: "stadiums", PrimaryKey: []string{"stadium_id"}, Columns: []datasource.Column{
		{Name: "stadium_id", Type: "text"}, {Name: "stadium_name", Type: "text", SampleValues: []string{"Wembley Stadium", "Estadio Azteca"}}}})
	g := wantSQL(t, s, "List every match played at Wembley, with dates and scores.", `SELECT matches.match_name, matches.match_date, matches.score`)
	if strings.Contains(g.SQL, "GROUP BY") || strings.Contains(g.SQL, "played") {
		t.Errorf("want the matches listed:\n%s", g.SQL)
	}
}
