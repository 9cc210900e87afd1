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

// pubsAuthors is pubs' authors and titles with the link table between them.
func pubsAuthors() *datasource.Schema {
	fk := func(col, table, ref string) datasource.ForeignKey {
		return datasource.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{ref}}
	}
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "authors", PrimaryKey: []string{"au_id"}, Columns: []datasource.Column{
			{Name: "au_id", Type: "text"}, {Name: "au_lname", Type: "text", SampleValues: []string{"White", "Green"}},
			{Name: "au_fname", Type: "text", SampleValues: []string{"Johnson", "Marjorie"}}}},
		{Name: "titles", PrimaryKey: []string{"title_id"}, Columns: []datasource.Column{
			{Name: "title_id", Type: "text"}, {Name: "title", Type: "text", SampleValues: []string{"The Busy Executive's Database Guide", "Sushi, Anyone?"}}}},
		{Name: "titleauthor", PrimaryKey: []string{"au_id", "title_id"}, Columns: []datasource.Column{
			{Name: "au_id", Type: "text"}, {Name: "title_id", Type: "text"}},
			ForeignKeys: []datasource.ForeignKey{fk("au_id", "authors", "au_id"), fk("title_id", "titles", "title_id")}},
	}}
}

// TestAPersonIsLabelledByBothNamesWhenTheyCarryTheTablesWord: au_lname and au_fname spell out
// as "author last name" and "author first name"; an author is labelled by both.
func TestAPersonIsLabelledByBothNamesWhenTheyCarryTheTablesWord(t *testing.T) {
	m := newModel(pubsAuthors())
	a := m.byName["authors"]
	if a.label == nil || a.label.name != "au_lname" || a.label2 == nil || a.label2.name != "au_fname" {
		t.Fatalf("authors labelled by %v and %v, want au_lname and au_fname", a.label, a.label2)
	}
}

// TestWroteNamesTheAuthor: "who wrote" a title is its authors.
func TestWroteNamesTheAuthor(t *testing.T) {
	wantSQL(t, pubsAuthors(), "Who wrote Sushi, Anyone?", "authors.au_fname")
}

// TestUnderBeforeAWordIsAPreposition: "under" compares only with a number after it; "not under
// contract" is a flag.
func TestUnderBeforeAWordIsAPreposition(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "authors", PrimaryKey: []string{"au_id"}, Columns: []datasource.Column{
			{Name: "au_id", Type: "text"}, {Name: "au_lname", Type: "text", SampleValues: []string{"White", "Green"}},
			{Name: "contract", Type: "boolean"}, {Name: "royalty", Type: "integer"}}},
	}}
	wantSQL(t, s, "Which authors are not under contract?", "authors.contract")
	wantSQL(t, s, "Authors with a royalty under 20", "authors.royalty < 20")
}

// TestOrderLinesAndPhrasalFillers: "order lines" are an order_items table; "over all" adds
// the rows up rather than comparing, and a publisher "brings out" its books.
func TestOrderLinesAndPhrasalFillers(t *testing.T) {
	fk := func(col, table, ref string) datasource.ForeignKey {
		return datasource.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{ref}}
	}
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "orders", PrimaryKey: []string{"order_id"}, Columns: []datasource.Column{
			{Name: "order_id", Type: "integer"}, {Name: "order_tms", Type: "timestamp"}}},
		{Name: "order_items", PrimaryKey: []string{"order_id", "line_item_id"}, Columns: []datasource.Column{
			{Name: "order_id", Type: "integer"}, {Name: "line_item_id", Type: "integer"},
			{Name: "unit_price", Type: "numeric"}, {Name: "quantity", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{fk("order_id", "orders", "order_id")}},
	}}
	wantSQL(t, s, "How many order lines are there?", "FROM order_items")
	wantSQL(t, s, "Total quantity over all order lines", "SUM(order_items.quantity)")

	pubs := &datasource.Schema{Tables: []datasource.Table{
		{Name: "publishers", PrimaryKey: []string{"pub_id"}, Columns: []datasource.Column{
			{Name: "pub_id", Type: "text"}, {Name: "pub_name", Type: "text", SampleValues: []string{"New Moon Books", "Algodata Infosystems"}}}},
		{Name: "titles", PrimaryKey: []string{"title_id"}, Columns: []datasource.Column{
			{Name: "title_id", Type: "text"}, {Name: "title", Type: "text", SampleValues: []string{"Sushi, Anyone?", "Net Etiquette"}},
			{Name: "pub_id", Type: "text"}, {Name: "pubdate", Type: "date"}},
			ForeignKeys: []datasource.ForeignKey{fk("pub_id", "publishers", "pub_id")}},
	}}
	wantSQL(t, pubs, "How many books did each publisher bring out?", "publishers.pub_name")
}

// TestEverydayVerbsAndFillers: words that only say the rows exist ("something", "we own",
// "we buy from", "provide", "among", "went out") are not left unplaced, and "reports
// directly to" is the same role as "reports to".
func TestEverydayVerbsAndFillers(t *testing.T) {
	fk := func(col, table, ref string) datasource.ForeignKey {
		return datasource.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{ref}}
	}
	hr := &datasource.Schema{Tables: []datasource.Table{
		{Name: "employees", PrimaryKey: []string{"employee_id"}, Columns: []datasource.Column{
			{Name: "employee_id", Type: "integer"}, {Name: "first_name", Type: "text", SampleValues: []string{"Steven", "Neena"}},
			{Name: "last_name", Type: "text", SampleValues: []string{"King", "Yang"}}, {Name: "manager_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{fk("manager_id", "employees", "employee_id")}},
	}}
	direct := wantSQL(t, hr, "Who reports directly to Steven King?", "manager_id")
	plain := wantSQL(t, hr, "Who reports to Steven King?", "manager_id")
	if direct.SQL != plain.SQL {
		t.Errorf("\"reports directly to\" differs from \"reports to\":\n%s\n%s", direct.SQL, plain.SQL)
	}

	shop := &datasource.Schema{Tables: []datasource.Table{
		{Name: "suppliers", PrimaryKey: []string{"supplier_id"}, Columns: []datasource.Column{
			{Name: "supplier_id", Type: "integer"}, {Name: "company_name", Type: "text", SampleValues: []string{"Tokyo Traders", "Exotic Liquids"}},
			{Name: "address", Type: "text", SampleValues: []string{"9-8 Sekimai", "49 Gilbert St."}}}},
		{Name: "products", PrimaryKey: []string{"product_id"}, Columns: []datasource.Column{
			{Name: "product_id", Type: "integer"}, {Name: "product_name", Type: "text", SampleValues: []string{"Chang", "Ikura"}},
			{Name: "supplier_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{fk("supplier_id", "suppliers", "supplier_id")}},
		{Name: "invoices", PrimaryKey: []string{"invoice_id"}, Columns: []datasource.Column{
			{Name: "invoice_id", Type: "integer"}, {Name: "invoice_date", Type: "date"}, {Name: "total", Type: "numeric"}}},
	}}
	wantSQL(t, shop, "How many products do we buy from Tokyo Traders?", "suppliers.company_name = 'Tokyo Traders'")
	wantSQL(t, shop, "How many products does each supplier provide?", "COUNT")
	wantSQL(t, shop, "What is the street address of Exotic Liquids?", "suppliers.address")
	wantSQL(t, shop, "How many invoices went out in March 2024?", "invoices.invoice_date >= '2024-03-01'")
}

// TestWhatPeopleEarnIsTheirSalary: "best paid" and "earn" reach a salary column; "paid" alone
// stays a payment (it turned "the lowest salary a clerk can be paid" into a grouping).
func TestWhatPeopleEarnIsTheirSalary(t *testing.T) {
	s := &datasource.Schema{Tables: []datasource.Table{
		{Name: "employees", PrimaryKey: []string{"employee_id"}, Columns: []datasource.Column{
			{Name: "employee_id", Type: "integer"}, {Name: "first_name", Type: "text", SampleValues: []string{"Steven", "Neena"}},
			{Name: "last_name", Type: "text", SampleValues: []string{"King", "Yang"}}, {Name: "salary", Type: "numeric"}}},
	}}
	wantSQL(t, s, "Top 3 best paid employees", "ORDER BY employees.salary DESC")
	wantSQL(t, s, "Which employees earn more than 10000?", "employees.salary > 10000")
}
