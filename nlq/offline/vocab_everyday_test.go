package offline

import (
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// TestUSStateNamesFindStoredCodes: "in California" is state = 'CA' where addresses store the
// code, and a state the data does not hold is not invented.
func TestUSStateNamesFindStoredCodes(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "authors", PrimaryKey: []string{"au_id"}, Columns: []datasource.Column{
			{Name: "au_id", Type: "text"}, {Name: "au_lname", Type: "text", SampleValues: []string{"White", "Green"}},
			{Name: "city", Type: "text", SampleValues: []string{"Oakland", "Berkeley", "Salt Lake City"}},
			{Name: "state", Type: "text", SampleValues: []string{"CA", "UT", "IN", "OR"}}}},
	}}
	wantSQL(t, s, "How many authors live in California?", "authors.state = 'CA'")
	wantSQL(t, s, "Authors in Utah", "authors.state = 'UT'")
	lx := newLexicon(newModel(s), nil)
	for _, c := range lx.entries["texas"] {
		if c.kind == candValue {
			t.Errorf("\"texas\" reaches %q, a state the data does not hold", c.value)
		}
	}
	for _, c := range lx.entries["oregon"] {
		if c.kind == candValue && c.value != "OR" {
			t.Errorf("\"oregon\" reaches %q, want OR", c.value)
		}
	}
}

// TestCategoryFindsABareTypeColumn: a column called just "type" is too vague for the word
// "type" alone to rank high, but it is what "category" and "genre" mean when nothing else in
// the schema is called that.
func TestCategoryFindsABareTypeColumn(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "titles", PrimaryKey: []string{"title_id"}, Columns: []datasource.Column{
			{Name: "title_id", Type: "text"}, {Name: "title", Type: "text", SampleValues: []string{"Sushi, Anyone?", "Net Etiquette"}},
			{Name: "type", Type: "text", SampleValues: []string{"business", "psychology", "mod_cook"}},
			{Name: "price", Type: "numeric"}}},
	}}
	wantSQL(t, s, "How many books are there in each category?", "GROUP BY titles.type")
	wantSQL(t, s, "Average price per genre", "titles.type")
}

// TestATableNameBeatsAValueOfAnotherTable: "publishers" names the publishers table before it
// names the job 'Publisher' of the jobs table; the two used to tie and the question was refused.
func TestATableNameBeatsAValueOfAnotherTable(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "publishers", PrimaryKey: []string{"pub_id"}, Columns: []datasource.Column{
			{Name: "pub_id", Type: "text"}, {Name: "pub_name", Type: "text", SampleValues: []string{"New Moon Books", "Binnet & Hardley"}},
			{Name: "city", Type: "text", SampleValues: []string{"Boston", "Washington"}}}},
		{Name: "jobs", PrimaryKey: []string{"job_id"}, Columns: []datasource.Column{
			{Name: "job_id", Type: "integer"}, {Name: "job_desc", Type: "text", SampleValues: []string{"Editor", "Publisher", "Designer"}}}},
	}}
	wantSQL(t, s, "How many publishers are there?", "FROM publishers")
}
