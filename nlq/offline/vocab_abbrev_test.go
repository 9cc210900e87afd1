package offline

import (
	"slices"
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// abbrevSchema is a small warehouse whose names are abbreviated the way older schemas are:
// cust, whse, prod, qty, amt, ord_dt, dept, mgr.
func abbrevSchema() *datasource.Schema {
	fk := func(col, table, ref string) datasource.ForeignKey {
		return datasource.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{ref}}
	}
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "cust", PrimaryKey: []string{"cust_id"}, Columns: []datasource.Column{
			{Name: "cust_id", Type: "integer"}, {Name: "cust_fname", Type: "text", SampleValues: []string{"Ana", "Rui"}},
			{Name: "cust_lname", Type: "text", SampleValues: []string{"Silva", "Costa"}},
			{Name: "cust_addr", Type: "text", SampleValues: []string{"1 Main St", "2 High St"}}}},
		{Name: "whse", PrimaryKey: []string{"whse_id"}, Columns: []datasource.Column{
			{Name: "whse_id", Type: "integer"}, {Name: "whse_name", Type: "text", SampleValues: []string{"North", "South"}}}},
		{Name: "prod", PrimaryKey: []string{"prod_id"}, Columns: []datasource.Column{
			{Name: "prod_id", Type: "integer"}, {Name: "prod_desc", Type: "text", SampleValues: []string{"Hammer", "Saw"}},
			{Name: "unit_prc", Type: "numeric"}}},
		{Name: "ord_hdr", PrimaryKey: []string{"ord_no"}, Columns: []datasource.Column{
			{Name: "ord_no", Type: "integer"}, {Name: "cust_id", Type: "integer"}, {Name: "whse_id", Type: "integer"},
			{Name: "ord_dt", Type: "date"}, {Name: "tot_amt", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{fk("cust_id", "cust", "cust_id"), fk("whse_id", "whse", "whse_id")}},
		{Name: "ord_ln", PrimaryKey: []string{"ord_no", "prod_id"}, Columns: []datasource.Column{
			{Name: "ord_no", Type: "integer"}, {Name: "prod_id", Type: "integer"}, {Name: "qty", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{fk("ord_no", "ord_hdr", "ord_no"), fk("prod_id", "prod", "prod_id")}},
	}}
}

// TestSchemaWordsSpellOutAbbreviations: identifier parts are matched by their full words.
func TestSchemaWordsSpellOutAbbreviations(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"au_lname", []string{"author", "last", "name"}},
		{"stor_id", []string{"store", "id"}},
		{"job_lvl", []string{"job", "level"}},
		{"ytd_sales", []string{"year", "to", "date", "sale"}},
		{"OrdDt", []string{"order", "date"}},
		{"qty", []string{"quantity"}},
		// Words that are not abbreviations are left alone.
		{"notes", []string{"note"}},
		{"order_id", []string{"order", "id"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := schemaWords(tt.name); !slices.Equal(got, tt.want) {
				t.Errorf("schemaWords(%q) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}

// TestAbbreviatedSchemaAnswered: questions in full words reach abbreviated names.
func TestAbbreviatedSchemaAnswered(t *testing.T) {
	s := abbrevSchema()
	tests := []struct{ q, want string }{
		{"How many customers are there?", "FROM cust"},
		{"Total quantity of each product", "SUM(ord_ln.qty)"},
		{"Customers with last name Silva", "cust.cust_lname = 'Silva'"},
		{"Total amount per warehouse", "whse.whse_name"},
		{"Product descriptions with a unit price above 10", "prod.unit_prc > 10"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			wantSQL(t, s, tt.q, tt.want)
		})
	}
}

// TestBookNamesTitlesTableOnly: "book" reaches a table of titles, never a title column of
// another table (an employee's job title).
func TestBookNamesTitlesTableOnly(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "titles", PrimaryKey: []string{"title_id"}, Columns: []datasource.Column{
			{Name: "title_id", Type: "text"}, {Name: "title", Type: "text", SampleValues: []string{"Sushi, Anyone?", "Net Etiquette"}},
			{Name: "price", Type: "numeric"}}},
		{Name: "staff", PrimaryKey: []string{"staff_id"}, Columns: []datasource.Column{
			{Name: "staff_id", Type: "integer"}, {Name: "job_title", Type: "text", SampleValues: []string{"Editor", "Clerk"}}}},
	}}
	wantSQL(t, s, "How many books cost more than 10?", "FROM titles")
	lx := newLexicon(newModel(s), nil)
	for _, c := range lx.entries["book"] {
		if c.kind != candTable {
			t.Errorf("\"book\" reaches a non-table reading (kind %v) of %s, want only the titles table", c.kind, c.table.name)
		}
	}
}
