package offline

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// purchasing is a buyer's side of a business in AdventureWorks' style: PascalCase names, a
// document split into a header and a detail table, flags named ...Flag, and amounts
// abbreviated (TaxAmt) beside a TotalDue.
func purchasing() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "Vendor", PrimaryKey: []string{"BusinessEntityID"}, Columns: []datasource.Column{
			{Name: "BusinessEntityID", Type: "integer"}, {Name: "Name", Type: "text", SampleValues: []string{"Mountain Works", "Allenson Cycles"}},
			{Name: "CreditRating", Type: "integer"}, {Name: "ActiveFlag", Type: "integer"}}},
		{Name: "Product", PrimaryKey: []string{"ProductID"}, Columns: []datasource.Column{
			{Name: "ProductID", Type: "integer"}, {Name: "Name", Type: "text", SampleValues: []string{"Hex Nut 5", "Chainring"}},
			{Name: "ListPrice", Type: "numeric"}}},
		{Name: "ProductVendor", PrimaryKey: []string{"ProductID", "BusinessEntityID"}, Columns: []datasource.Column{
			{Name: "ProductID", Type: "integer"}, {Name: "BusinessEntityID", Type: "integer"}, {Name: "StandardPrice", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"ProductID"}, RefTable: "Product", RefColumns: []string{"ProductID"}},
				{Columns: []string{"BusinessEntityID"}, RefTable: "Vendor", RefColumns: []string{"BusinessEntityID"}}}},
		{Name: "PurchaseOrderHeader", PrimaryKey: []string{"PurchaseOrderID"}, Columns: []datasource.Column{
			{Name: "PurchaseOrderID", Type: "integer"}, {Name: "VendorID", Type: "integer"}, {Name: "OrderDate", Type: "date"},
			{Name: "SubTotal", Type: "numeric"}, {Name: "TaxAmt", Type: "numeric"}, {Name: "Freight", Type: "numeric"}, {Name: "TotalDue", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"VendorID"}, RefTable: "Vendor", RefColumns: []string{"BusinessEntityID"}}}},
		{Name: "PurchaseOrderDetail", PrimaryKey: []string{"PurchaseOrderDetailID"}, Columns: []datasource.Column{
			{Name: "PurchaseOrderDetailID", Type: "integer"}, {Name: "PurchaseOrderID", Type: "integer"}, {Name: "ProductID", Type: "integer"},
			{Name: "OrderQty", Type: "integer"}, {Name: "UnitPrice", Type: "numeric"}, {Name: "RejectedQty", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"PurchaseOrderID"}, RefTable: "PurchaseOrderHeader", RefColumns: []string{"PurchaseOrderID"}},
				{Columns: []string{"ProductID"}, RefTable: "Product", RefColumns: []string{"ProductID"}}}},
	}, Profile: []datasource.ColumnProfile{
		{Table: "Vendor", Column: "ActiveFlag", Rows: 104, NonNull: 104, Distinct: 2, Min: "0", Max: "1"},
	}}
}

// TestAHeaderTableIsTheDocumentAndADetailTableItsLines: PurchaseOrderHeader is what people
// call a purchase order, PurchaseOrderDetail its lines (or items, or details).
func TestAHeaderTableIsTheDocumentAndADetailTableItsLines(t *testing.T) {
	s := purchasing()
	wantSQL(t, s, "How many purchase orders were placed in 2024?", `FROM "PurchaseOrderHeader"`)
	wantSQL(t, s, "How many purchase order lines are there?", `FROM "PurchaseOrderDetail"`)
	wantSQL(t, s, "How many purchase order items are there?", `FROM "PurchaseOrderDetail"`)
}

// TestAFlagNamedWithFlagIsReadByItsWord: ActiveFlag is "active", so "inactive" and "marked
// inactive" are the flag unset.
func TestAFlagNamedWithFlagIsReadByItsWord(t *testing.T) {
	s := purchasing()
	wantSQL(t, s, "List the vendors that are marked inactive.", `"Vendor"."ActiveFlag" = 0`)
	wantSQL(t, s, "Which suppliers are active?", `"Vendor"."ActiveFlag" = 1`)
}

// TestACountBeforeASuperlativeOfSizeKeepsThatManyRows: "the 3 biggest purchase orders by
// total amount due" ranks the orders by TotalDue and keeps three, as "top 3" does; "amount"
// put into a money column's name still names it.
func TestACountBeforeASuperlativeOfSizeKeepsThatManyRows(t *testing.T) {
	g := wantSQL(t, purchasing(), "What are the 3 biggest purchase orders by total amount due?", `ORDER BY "PurchaseOrderHeader"."TotalDue" DESC`)
	if !strings.Contains(g.SQL, "LIMIT 3") || strings.Contains(g.SQL, "TaxAmt\" DESC") {
		t.Errorf("want the three orders with the highest TotalDue:\n%s", g.SQL)
	}
}

// TestAStateOnlyAQuantityColumnNamesIsRefused: "how many purchase orders were rejected" where
// only the lines' RejectedQty says the word: refused, not counted as every order.
func TestAStateOnlyAQuantityColumnNamesIsRefused(t *testing.T) {
	wantRefusal(t, purchasing(), "How many purchase orders were rejected?", "rejected")
}

// TestListedRowsShowTheColumnsSaidWithTheir: "list the products X supplies, with their
// standard price" lists each product with the price, it does not add the prices up.
func TestListedRowsShowTheColumnsSaidWithTheir(t *testing.T) {
	g := wantSQL(t, purchasing(), "List the products Mountain Works supplies, with their standard price.", `"ProductVendor"."StandardPrice"`)
	if strings.Contains(g.SQL, "SUM(") || !strings.Contains(g.SQL, `"Product"."Name"`) {
		t.Errorf("want each product's name and price:\n%s", g.SQL)
	}
}

// teamSeasons is a sports history in the Lahman database's style: a season kept as an
// integer yearID inside composite keys, statistics named by their abbreviations (W, L, HR),
// a Y/N/NA flag, and people with a birth and a death country.
func teamSeasons() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "TeamsFranchises", PrimaryKey: []string{"franchID"}, Columns: []datasource.Column{
			{Name: "franchID", Type: "text"}, {Name: "franchName", Type: "text", SampleValues: []string{"Boston Red Stockings", "Chicago Cubs"}},
			{Name: "active", Type: "text", SampleValues: []string{"Y", "N", "NA"}}}},
		{Name: "Teams", PrimaryKey: []string{"yearID", "teamID"}, Columns: []datasource.Column{
			{Name: "yearID", Type: "integer"}, {Name: "teamID", Type: "text"}, {Name: "franchID", Type: "text"},
			{Name: "name", Type: "text", SampleValues: []string{"Boston Red Sox", "Chicago Cubs"}},
			{Name: "W", Type: "integer"}, {Name: "L", Type: "integer"}, {Name: "HR", Type: "integer"}, {Name: "attendance", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"franchID"}, RefTable: "TeamsFranchises", RefColumns: []string{"franchID"}}}},
		{Name: "People", PrimaryKey: []string{"playerID"}, Columns: []datasource.Column{
			{Name: "playerID", Type: "text"}, {Name: "nameLast", Type: "text"},
			{Name: "birthCountry", Type: "text", SampleValues: []string{"USA", "D.R.", "Venezuela"}},
			{Name: "deathCountry", Type: "text", SampleValues: []string{"USA", "Cuba"}}}},
		{Name: "HallOfFame", PrimaryKey: []string{"playerID", "yearID"}, Columns: []datasource.Column{
			{Name: "playerID", Type: "text"}, {Name: "yearID", Type: "integer"},
			{Name: "category", Type: "text", SampleValues: []string{"Player", "Manager"}},
			{Name: "inducted", Type: "text", SampleValues: []string{"Y", "N"}}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"playerID"}, RefTable: "People", RefColumns: []string{"playerID"}}}},
	}, Profile: []datasource.ColumnProfile{
		{Table: "Teams", Column: "yearID", Rows: 2955, NonNull: 2955, Distinct: 150, Min: "1871", Max: "2020"},
		{Table: "HallOfFame", Column: "yearID", Rows: 4191, NonNull: 4191, Distinct: 80, Min: "1936", Max: "2018"},
	}}
}

// TestAYearKeptAsANumberIsComparedAsWholeYears: yearID is a year, even inside a key: "in 2019"
// compares numbers, "per season" groups by it, and a month of it is refused.
func TestAYearKeptAsANumberIsComparedAsWholeYears(t *testing.T) {
	s := teamSeasons()
	wantSQL(t, s, "What was the total attendance of teams in 2019?", `"Teams"."yearID" >= 2019`)
	wantSQL(t, s, "number of teams per season", `GROUP BY "Teams"."yearID"`)
	wantSQL(t, s, "How many people were inducted into the Hall of Fame in 2014?", `"HallOfFame"."yearID" < 2015`)
	wantRefusal(t, s, "total attendance by month in 2019", "month")
	wantRefusal(t, s, "total attendance in March 2019", "in March 2019")
}

// TestStatisticsAbbreviationsNameTheirColumnsInAResultsTable: W, L and HR side by side are
// wins, losses and home runs.
func TestStatisticsAbbreviationsNameTheirColumnsInAResultsTable(t *testing.T) {
	s := teamSeasons()
	wantSQL(t, s, "How many wins did the Boston Red Sox have in 2004?", `SUM("Teams"."W")`)
	wantSQL(t, s, "Which team had the most home runs in 2001?", `ORDER BY "Teams"."HR" DESC`)
}

// TestAYesNoFlagWithAnUnknownMarkIsStillAFlag: Y, N and NA are a flag and "not known".
func TestAYesNoFlagWithAnUnknownMarkIsStillAFlag(t *testing.T) {
	wantSQL(t, teamSeasons(), "How many franchises are still active?", `"TeamsFranchises".active = 'Y'`)
}

// TestAValueIsReadInTheColumnTheQuestionNames: the USA is both a birth and a death country;
// "birth countries" says which.
func TestAValueIsReadInTheColumnTheQuestionNames(t *testing.T) {
	wantSQL(t, teamSeasons(), "Apart from the USA, what are the five most common birth countries?", `"People"."birthCountry" <> 'USA'`)
}

// TestAPluralValueOfARowBelowIsRefused: "players" matches the category of the people's Hall
// of Fame rows; it names the people grouped, not the few with such a row.
func TestAPluralValueOfARowBelowIsRefused(t *testing.T) {
	wantRefusal(t, teamSeasons(), "What are the five most common birth countries of players?", "players")
}

// TestTheOldestRowIsListedWithItsNameAndDate: "which employee was hired first", "who is the
// oldest pet", "the oldest castaway by date of birth": the row with the earliest date, by its
// name and that date; not every date, nor the earliest date per name.
func TestTheOldestRowIsListedWithItsNameAndDate(t *testing.T) {
	g := wantSQL(t, vetSchema(), "Who is the oldest pet?", "ORDER BY pets.birth_date ASC")
	if !strings.Contains(g.SQL, "pets.pet_name") || !strings.Contains(g.SQL, "LIMIT 1") {
		t.Errorf("want the pet's name, its birth date and one row:\n%s", g.SQL)
	}
	s := teamSeasons()
	s.Tables = append(s.Tables, datasource.Table{Name: "castaway_details", PrimaryKey: []string{"castaway_id"}, Columns: []datasource.Column{
		{Name: "castaway_id", Type: "text"}, {Name: "full_name", Type: "text"}, {Name: "castaway", Type: "text"},
		{Name: "date_of_birth", Type: "date"}}})
	g = wantSQL(t, s, "Who is the oldest castaway by date of birth?", `ORDER BY castaway_details.date_of_birth ASC`)
	if strings.Contains(g.SQL, "GROUP BY") {
		t.Errorf("by a date after a superlative says which date, it does not group:\n%s", g.SQL)
	}
}

// TestATwoColumnKeyJoinsOnBothColumns: a manager's season points to the team's season by
// (yearID, teamID); the join holds both.
func TestATwoColumnKeyJoinsOnBothColumns(t *testing.T) {
	s := teamSeasons()
	s.Tables = append(s.Tables, datasource.Table{Name: "Managers", PrimaryKey: []string{"yearID", "teamID", "inseason"}, Columns: []datasource.Column{
		{Name: "playerID", Type: "text"}, {Name: "yearID", Type: "integer"}, {Name: "teamID", Type: "text"}, {Name: "inseason", Type: "integer"},
		{Name: "W", Type: "integer"}, {Name: "L", Type: "integer"}, {Name: "G", Type: "integer"}},
		ForeignKeys: []datasource.ForeignKey{
			{Columns: []string{"playerID"}, RefTable: "People", RefColumns: []string{"playerID"}},
			{Columns: []string{"yearID", "teamID"}, RefTable: "Teams", RefColumns: []string{"yearID", "teamID"}}}})
	s.Profile = append(s.Profile, datasource.ColumnProfile{Table: "Managers", Column: "yearID", Rows: 3600, NonNull: 3600, Distinct: 150, Min: "1871", Max: "2020"})
	wantSQL(t, s, "How many managers did the Boston Red Sox have?", `"Managers"."teamID" = "Teams"."teamID" AND "Managers"."yearID" = "Teams"."yearID"`)
}

// routeNetwork is a route table pointing to the same airports table twice, by role.
func routeNetwork() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "airports", PrimaryKey: []string{"airport_id"}, Columns: []datasource.Column{
			{Name: "airport_id", Type: "integer"}, {Name: "name", Type: "text", SampleValues: []string{"Keflavik International Airport", "London Heathrow Airport"}},
			{Name: "country", Type: "text", SampleValues: []string{"Iceland", "United Kingdom"}}}},
		{Name: "routes", PrimaryKey: []string{"route_id"}, Columns: []datasource.Column{
			{Name: "route_id", Type: "integer"}, {Name: "source_airport_id", Type: "integer"}, {Name: "destination_airport_id", Type: "integer"},
			{Name: "stops", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"source_airport_id"}, RefTable: "airports", RefColumns: []string{"airport_id"}},
				{Columns: []string{"destination_airport_id"}, RefTable: "airports", RefColumns: []string{"airport_id"}}}},
	}}
}

// TestFromAndToChooseTheEndOfARoute: "from X" is the airport a route leaves, "to Y" the one it
// reaches, each joined under its role's name; "departing routes" group by the source.
func TestFromAndToChooseTheEndOfARoute(t *testing.T) {
	s := routeNetwork()
	g := wantSQL(t, s, "How many routes go from Keflavik International Airport to London Heathrow Airport?", "source_airport.name = 'Keflavik International Airport'")
	if !strings.Contains(g.SQL, "destination_airport.name = 'London Heathrow Airport'") {
		t.Errorf("want the destination under its own name:\n%s", g.SQL)
	}
	wantSQL(t, s, "How many routes arrive at Keflavik International Airport?", "routes.destination_airport_id = destination_airport.airport_id")
	wantSQL(t, s, "Which 10 airports have the most departing routes?", "JOIN airports ON routes.source_airport_id = airports.airport_id")
}

// TestVotesAreTheRowsWhoseVoteFlagIsSet: jury_votes holds a row per juror and finalist, with
// vote 1 when the vote was cast: "how many jury votes" counts those.
func TestVotesAreTheRowsWhoseVoteFlagIsSet(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "jury_votes", Columns: []datasource.Column{
			{Name: "juror", Type: "text"}, {Name: "finalist", Type: "text", SampleValues: []string{"Sandra", "Parvati"}}, {Name: "vote", Type: "integer"}}},
	}, Profile: []datasource.ColumnProfile{{Table: "jury_votes", Column: "vote", Rows: 1652, NonNull: 1652, Distinct: 2, Min: "0", Max: "1"}}}
	wantSQL(t, s, "How many jury votes did each finalist get?", "jury_votes.vote = 1")
}

// TestOrdinalsSummariesAndDateKeys: a season's number is never added up; season_summary's
// rows are the seasons; a DATE key to a calendar table is the row's day; "shipping method"
// is ShipMethod; "freight charge" is the freight once.
func TestOrdinalsSummariesAndDateKeys(t *testing.T) {
	shows := &datasource.Schema{Tables: []datasource.Table{
		{Name: "season_summary", PrimaryKey: []string{"version_season"}, Columns: []datasource.Column{
			{Name: "version_season", Type: "text"}, {Name: "season_name", Type: "text"}, {Name: "season", Type: "integer"},
			{Name: "premiered", Type: "date"}}},
	}}
	g := wantSQL(t, shows, "Show me the seasons that premiered in 2024.", "FROM season_summary")
	if strings.Contains(g.SQL, "SUM(") {
		t.Errorf("a season's number is not added up:\n%s", g.SQL)
	}
	prices := &datasource.Schema{Tables: []datasource.Table{
		{Name: "times", PrimaryKey: []string{"time_id"}, Columns: []datasource.Column{
			{Name: "time_id", Type: "date"}, {Name: "calendar_year", Type: "integer"}}},
		{Name: "costs", Columns: []datasource.Column{
			{Name: "time_id", Type: "date"}, {Name: "unit_price", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"time_id"}, RefTable: "times", RefColumns: []string{"time_id"}}}},
	}}
	wantSQL(t, prices, "How many cost entries were recorded in 2021?", "costs.time_id >= '2021-01-01'")
	s := purchasing()
	s.Tables = append(s.Tables, datasource.Table{Name: "ShipMethod", PrimaryKey: []string{"ShipMethodID"}, Columns: []datasource.Column{
		{Name: "ShipMethodID", Type: "integer"}, {Name: "Name", Type: "text"}}})
	s.Tables[3].Columns = append(s.Tables[3].Columns, datasource.Column{Name: "ShipMethodID", Type: "integer"})
	s.Tables[3].ForeignKeys = append(s.Tables[3].ForeignKeys, datasource.ForeignKey{Columns: []string{"ShipMethodID"}, RefTable: "ShipMethod", RefColumns: []string{"ShipMethodID"}})
	g = wantSQL(t, s, "What is the average freight charge for each shipping method?", `GROUP BY "ShipMethod"."ShipMethodID"`)
	if strings.Contains(g.SQL, "SUM(") {
		t.Errorf("freight charge is the freight once:\n%s", g.SQL)
	}
}

// showSeasons is a reality show's record in survivoR's style: a season_summary table whose
// rows are the seasons, a winner's full_name beside the season_name, episodes numbered by an
// episode column, castaways with a date of death, and a category kept with its description.
func showSeasons() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "season_summary", PrimaryKey: []string{"version_season"}, Columns: []datasource.Column{
			{Name: "version_season", Type: "text"}, {Name: "season_name", Type: "text", SampleValues: []string{"Survivor: Cagayan"}},
			{Name: "full_name", Type: "text"}, {Name: "premiered", Type: "date"}}},
		{Name: "episodes", PrimaryKey: []string{"version_season", "episode"}, Columns: []datasource.Column{
			{Name: "version_season", Type: "text"}, {Name: "episode", Type: "integer"}, {Name: "episode_title", Type: "text"},
			{Name: "episode_date", Type: "date"}, {Name: "viewers", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"version_season"}, RefTable: "season_summary", RefColumns: []string{"version_season"}}}},
		{Name: "castaway_details", PrimaryKey: []string{"castaway_id"}, Columns: []datasource.Column{
			{Name: "castaway_id", Type: "text"}, {Name: "full_name", Type: "text"}, {Name: "date_of_death", Type: "date", Nullable: true},
			{Name: "category", Type: "text", SampleValues: []string{"Cricket", "Tennis"}},
			{Name: "category_desc", Type: "text", SampleValues: []string{"Cricket", "Tennis"}}}},
	}}
}

// TestASummaryTableIsNamedByItsSeasonName: season_summary's rows are named by season_name,
// not by the winner's full_name beside it; "episodes" are the episodes table, not its
// episode number.
func TestASummaryTableIsNamedByItsSeasonName(t *testing.T) {
	s := showSeasons()
	wantSQL(t, s, "How many episodes did each season have?", "season_summary.season_name")
	wantSQL(t, s, "How many episodes aired in 2010?", "FROM episodes")
}

// TestAHappenedEventIsItsDateFilledIn: "how many castaways have passed away" counts those
// with a date of death; the five most watched episodes are listed by their viewers.
func TestAHappenedEventIsItsDateFilledIn(t *testing.T) {
	s := showSeasons()
	wantSQL(t, s, "How many castaways have passed away?", "castaway_details.date_of_death IS NOT NULL")
	g := wantSQL(t, s, "What were the five most watched episodes ever?", "ORDER BY episodes.viewers DESC")
	if !strings.Contains(g.SQL, "LIMIT 5") || strings.Contains(g.SQL, "MAX(") {
		t.Errorf("want five episodes ranked by viewers:\n%s", g.SQL)
	}
}

// TestAValueInAColumnAndItsDescriptionIsOneReading: Cricket in category and category_desc
// names the same rows.
func TestAValueInAColumnAndItsDescriptionIsOneReading(t *testing.T) {
	wantSQL(t, showSeasons(), "How many castaways are in the Cricket category?", "castaway_details.category = 'Cricket'")
}

// priceList is a price list in Oracle Sales History's style: a cost row per product and day
// with a unit price and a unit cost, and promotions with a cost of their own.
func priceList() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "channels", PrimaryKey: []string{"channel_id"}, Columns: []datasource.Column{
			{Name: "channel_id", Type: "integer"}, {Name: "channel_desc", Type: "text", SampleValues: []string{"Internet", "Partners"}}}},
		{Name: "promotions", PrimaryKey: []string{"promo_id"}, Columns: []datasource.Column{
			{Name: "promo_id", Type: "integer"}, {Name: "promo_name", Type: "text"},
			{Name: "promo_category", Type: "text", SampleValues: []string{"radio", "TV"}}, {Name: "promo_cost", Type: "numeric"}}},
		{Name: "costs", Columns: []datasource.Column{
			{Name: "channel_id", Type: "integer"}, {Name: "promo_id", Type: "integer"}, {Name: "time_id", Type: "date"},
			{Name: "unit_cost", Type: "numeric"}, {Name: "unit_price", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"channel_id"}, RefTable: "channels", RefColumns: []string{"channel_id"}},
				{Columns: []string{"promo_id"}, RefTable: "promotions", RefColumns: []string{"promo_id"}}}},
	}}
}

// TestAMarginIsThePriceLessTheCostBesideIt: unit_price and unit_cost of one row make a
// margin per unit, which can be averaged and grouped.
func TestAMarginIsThePriceLessTheCostBesideIt(t *testing.T) {
	wantSQL(t, priceList(), "What's the average margin per unit by sales channel?", "AVG((costs.unit_price - costs.unit_cost))")
}

// TestAVerbComparedWithANumberIsTheRowsNumber: "promotions that cost more than 80,000" compare
// the promotions' cost, not the table of costs; "unit cost" is unit_cost, not unit_price.
func TestAVerbComparedWithANumberIsTheRowsNumber(t *testing.T) {
	s := priceList()
	wantSQL(t, s, "List the radio promotions that cost more than 80,000.", "promotions.promo_cost > 80000")
	wantSQL(t, s, "What is the highest unit cost ever recorded?", "MAX(costs.unit_cost)")
}

// TestAKindSaidInThePluralCountsItsRows: "hidden immunity idols" are advantages of that
// type: counted per season, and compared with a number per season.
func TestAKindSaidInThePluralCountsItsRows(t *testing.T) {
	s := showSeasons()
	s.Tables = append(s.Tables, datasource.Table{Name: "advantage_details", Columns: []datasource.Column{
		{Name: "version_season", Type: "text"}, {Name: "advantage_id", Type: "integer"},
		{Name: "advantage_type", Type: "text", SampleValues: []string{"Hidden Immunity Idol", "Extra Vote"}}},
		ForeignKeys: []datasource.ForeignKey{{Columns: []string{"version_season"}, RefTable: "season_summary", RefColumns: []string{"version_season"}}}})
	wantSQL(t, s, "How many hidden immunity idols were there in each season?", "advantage_details.advantage_type = 'Hidden Immunity Idol'")
	wantSQL(t, s, "Which seasons had more than 10 hidden immunity idols?", "HAVING COUNT(*) > 10")
}

// TestAnAgeNeedsABirthDate: "oldest" and "youngest" rank by a birth date; on a hire date they
// are refused, while "hired first" and "most recently" rank by it.
func TestAnAgeNeedsABirthDate(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "employees", PrimaryKey: []string{"employee_id"}, Columns: []datasource.Column{
			{Name: "employee_id", Type: "integer"}, {Name: "first_name", Type: "text"}, {Name: "last_name", Type: "text"},
			{Name: "hire_date", Type: "date"}, {Name: "salary", Type: "numeric"}}},
	}}
	wantRefusal(t, s, "Who is the youngest employee?", "youngest")
	wantRefusal(t, s, "What is the salary of the youngest employee?", "youngest")
	wantSQL(t, s, "Which employee was hired most recently?", "ORDER BY employees.hire_date DESC")
	wantSQL(t, s, "Which employee was hired first?", "ORDER BY employees.hire_date ASC")
}

// TestATotalAcrossEveryGroupIsOneTotal: "in total across every version" counts them all once;
// a column named like another table ("episode" of an event) leaves the word to the table.
func TestATotalAcrossEveryGroupIsOneTotal(t *testing.T) {
	s := showSeasons()
	s.Tables = append(s.Tables, datasource.Table{Name: "advantage_movement", Columns: []datasource.Column{
		{Name: "version_season", Type: "text"}, {Name: "episode", Type: "integer"}, {Name: "version", Type: "text"}}})
	s.Tables[1].Columns = append(s.Tables[1].Columns, datasource.Column{Name: "version", Type: "text", SampleValues: []string{"US", "AU"}})
	g := wantSQL(t, s, "How many episodes are there in total across every version?", "FROM episodes")
	if strings.Contains(g.SQL, "GROUP BY") {
		t.Errorf("in total across every version is one number:\n%s", g.SQL)
	}
}

// TestTwoValuesJoinedByAndAreAnsweredEach: "men and women" get one answer each, unless the
// question takes them together; a table whose rows carry a count of what the table is named
// for (confessional_count) is counted by adding it up.
func TestTwoValuesJoinedByAndAreAnsweredEach(t *testing.T) {
	s := showSeasons()
	s.Tables[2].Columns = append(s.Tables[2].Columns, datasource.Column{Name: "gender", Type: "text", SampleValues: []string{"Male", "Female"}})
	s.Tables = append(s.Tables, datasource.Table{Name: "confessionals", Columns: []datasource.Column{
		{Name: "castaway_id", Type: "text"}, {Name: "episode", Type: "integer"}, {Name: "confessional_count", Type: "integer"}},
		ForeignKeys: []datasource.ForeignKey{{Columns: []string{"castaway_id"}, RefTable: "castaway_details", RefColumns: []string{"castaway_id"}}}})
	g := wantSQL(t, s, "How many confessionals did men and women get?", "GROUP BY castaway_details.gender")
	if !strings.Contains(g.SQL, "SUM(confessionals.confessional_count)") {
		t.Errorf("the confessionals are their counts added up:\n%s", g.SQL)
	}
	g = wantSQL(t, s, "How many confessionals did men and women get combined?", "SUM(confessionals.confessional_count)")
	if strings.Contains(g.SQL, "GROUP BY") {
		t.Errorf("combined is one total:\n%s", g.SQL)
	}
}

// TestFirstSaidLastIsRefusedWithoutItsDate: "which customer placed an order first" listed
// every customer who ordered; "first" said last is the point of the question.
func TestFirstSaidLastIsRefusedWithoutItsDate(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "customers", PrimaryKey: []string{"id"}, Columns: []datasource.Column{{Name: "id", Type: "integer"}, {Name: "name", Type: "text"}}},
		{Name: "orders", PrimaryKey: []string{"id"}, Columns: []datasource.Column{
			{Name: "id", Type: "integer"}, {Name: "customer_id", Type: "integer"}, {Name: "order_date", Type: "date"},
			{Name: "status", Type: "text", SampleValues: []string{"placed", "shipped"}}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}}}},
	}}
	wantRefusal(t, s, "Which customer placed an order first?", "first")
}
