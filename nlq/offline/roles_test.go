package offline

import (
	"context"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// rolesSchema has columns whose names do not say what they hold; their data does.
func rolesSchema() *datasource.Schema {
	prof := func(table, col string, distinct int64, min, max string) datasource.ColumnProfile {
		return datasource.ColumnProfile{Table: table, Column: col, Rows: 100, NonNull: 100, Distinct: distinct, Min: min, Max: max}
	}
	return &datasource.Schema{
		Tables: []datasource.Table{
			{Name: "Products", PrimaryKey: []string{"ProductID"}, Columns: []datasource.Column{
				{Name: "ProductID", Type: "integer"}, {Name: "ProductName", Type: "text"},
				{Name: "Retired", Type: "text", SampleValues: []string{"0", "1"}},
				{Name: "Featured", Type: "varchar(1)", SampleValues: []string{"N", "Y"}},
				{Name: "Returnable", Type: "integer"},
				{Name: "UnitsSold", Type: "integer"},
				{Name: "Weight", Type: "numeric"},
				{Name: "Launched", Type: "text"},
				{Name: "Remarks", Type: "text"},
				{Name: "Active", Type: "integer"},
			}},
			{Name: "Venues", PrimaryKey: []string{"VenueID"}, Columns: []datasource.Column{
				{Name: "VenueID", Type: "integer"}, {Name: "Ref", Type: "text"}, {Name: "Headline", Type: "text"},
				{Name: "City", Type: "text", SampleValues: []string{"Paris", "Oslo"}},
			}},
		},
		Profile: []datasource.ColumnProfile{
			prof("Venues", "Ref", 100, "BN-0001", "VV-0099"),
			prof("Venues", "Headline", 98, "Blue Note", "Village Vanguard"),
			prof("Venues", "City", 2, "Oslo", "Paris"),
			prof("Products", "Returnable", 2, "0", "1"),
			prof("Products", "UnitsSold", 2, "0", "1"),
			prof("Products", "Weight", 40, "0.5", "12"),
			prof("Products", "Launched", 90, "2019-02-01", "2024-11-30 10:00:00"),
			prof("Products", "Remarks", 90, "2019-02-01 was the day", "zzz"),
		},
	}
}

// TestRolesFromData checks the roles read from the values of columns whose names say nothing
// of them: 0/1 and Y/N flags, dates kept as text, and what stays a measure or text.
func TestRolesFromData(t *testing.T) {
	m := newModel(rolesSchema())
	p := m.byName["products"]
	cases := []struct {
		col      string
		class    colClass
		on       string
		textDate bool
	}{
		{"Retired", classBool, "1", false},
		{"Featured", classBool, "Y", false},
		{"Returnable", classBool, "", false},
		{"UnitsSold", classNumber, "", false}, // counts units, even if only 0 and 1 so far
		{"Weight", classNumber, "", false},
		{"Launched", classDate, "", true},
		{"Remarks", classText, "", false}, // starts like a date, is not one
		{"ProductName", classText, "", false},
	}
	if v := m.byName["venues"]; v.label == nil || v.label.name != "Headline" {
		t.Errorf("Venues' label should be Headline (one value per row, words not codes), got %+v", v.label)
	}
	for _, c := range cases {
		col := p.col(c.col)
		if col.class != c.class || col.flagOn != c.on || col.textDate != c.textDate {
			t.Errorf("%s: class %d on %q textDate %v, want %d %q %v", c.col, col.class, col.flagOn, col.textDate, c.class, c.on, c.textDate)
		}
	}
}

// TestRolesFromDataInQuestions asks questions that need those roles, in every dialect's SQL.
func TestRolesFromDataInQuestions(t *testing.T) {
	cases := []struct {
		question string
		dialect  datasource.Type
		want     string
	}{
		{"how many products are retired", datasource.SQLite, `"Products"."Retired" = '1'`},
		{"how many products are featured", datasource.MySQL, "`Products`.`Featured` = 'Y'"},
		{"how many products are not featured", datasource.Postgres, `"Products"."Featured" = 'N'`},
		{"how many products are returnable", datasource.Postgres, `"Products"."Returnable" = 1`},
		{"how many products are inactive", datasource.Postgres, `"Products"."Active" = 0`},
		{"how many products are unfeatured", datasource.SQLite, `"Products"."Featured" = 'N'`},
		{"number of products per month", datasource.Postgres, `date_trunc('month', CAST("Products"."Launched" AS timestamp))`},
		{"number of products per month", datasource.SQLite, `strftime('%Y-%m', "Products"."Launched")`},
		{"products launched in 2024", datasource.MySQL, "`Products`.`Launched` >= '2024-01-01'"},
	}
	for _, c := range cases {
		g, err := New().Generate(context.Background(), nlq.Request{Question: c.question, Dialect: c.dialect, Schema: rolesSchema(), Now: benchNow})
		if err != nil {
			t.Errorf("%q (%s): %v", c.question, c.dialect, err)
			continue
		}
		if !strings.Contains(g.SQL, c.want) {
			t.Errorf("%q (%s): SQL lacks %s:\n%s", c.question, c.dialect, c.want, g.SQL)
		}
	}
}

// TestTablesBeforeViews: a view repeating a table's column (Northwind's "Invoices" next to
// Orders) does not make the column ambiguous; naming the view still reads it.
func TestTablesBeforeViews(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "Invoices", Kind: "view", Columns: []datasource.Column{{Name: "OrderID", Type: "integer"}, {Name: "Freight", Type: "numeric"}}},
		{Name: "Orders", Kind: "table", PrimaryKey: []string{"OrderID"}, Columns: []datasource.Column{{Name: "OrderID", Type: "integer"}, {Name: "Freight", Type: "numeric"}}},
	}}
	for q, want := range map[string]string{"total freight": `FROM "Orders"`, "total freight of invoices": `FROM "Invoices"`} {
		g, err := New().Generate(context.Background(), nlq.Request{Question: q, Dialect: datasource.Postgres, Schema: s})
		if err != nil || !strings.Contains(g.SQL, want) {
			t.Errorf("%q: want %s, got %v\n%s", q, want, err, g.SQL)
		}
	}
}

// TestMeasureWordAnchorsAGrouping: with nothing else named, the measure's table decides which
// of two equally named columns a grouping means (the customers' country is one join from the
// invoices, the employees' two), and a true tie is still refused.
func TestMeasureWordAnchorsAGrouping(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "Employee", PrimaryKey: []string{"EmployeeId"}, Columns: []datasource.Column{{Name: "EmployeeId", Type: "integer"}, {Name: "LastName", Type: "text"}, {Name: "Country", Type: "text"}}},
		{Name: "Customer", PrimaryKey: []string{"CustomerId"}, Columns: []datasource.Column{{Name: "CustomerId", Type: "integer"}, {Name: "LastName", Type: "text"}, {Name: "Country", Type: "text"}, {Name: "SupportRepId", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"SupportRepId"}, RefTable: "Employee", RefColumns: []string{"EmployeeId"}}}},
		{Name: "Invoice", PrimaryKey: []string{"InvoiceId"}, Columns: []datasource.Column{{Name: "InvoiceId", Type: "integer"}, {Name: "CustomerId", Type: "integer"}, {Name: "Total", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{{Columns: []string{"CustomerId"}, RefTable: "Customer", RefColumns: []string{"CustomerId"}}}},
	}}
	g, err := New().Generate(context.Background(), nlq.Request{Question: "Total sales by country", Dialect: datasource.Postgres, Schema: s})
	if err != nil || !strings.Contains(g.SQL, `GROUP BY "Customer"."Country"`) {
		t.Errorf("want the customers' country: %v\n%s", err, g.SQL)
	}
	// Both one join away: refused, naming both.
	s.Tables[2].Columns = append(s.Tables[2].Columns, datasource.Column{Name: "EmployeeId", Type: "integer"})
	s.Tables[2].ForeignKeys = append(s.Tables[2].ForeignKeys, datasource.ForeignKey{Columns: []string{"EmployeeId"}, RefTable: "Employee", RefColumns: []string{"EmployeeId"}})
	if _, err := New().Generate(context.Background(), nlq.Request{Question: "Total sales by country", Dialect: datasource.Postgres, Schema: s}); err == nil ||
		!strings.Contains(err.Error(), "Customer.Country or Employee.Country") {
		t.Errorf("a tie must be refused naming both columns, got %v", err)
	}
}
