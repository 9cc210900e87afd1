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
