package offline

import (
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// depotSchema is a small snake_case warehouse, unlike the demo and the evaluation databases:
// depots hold products (stock_levels.qty_on_hand), deliveries leave depots, staff report to
// staff, recordings have a price but no length.
func depotSchema() *datasource.Schema {
	fk := func(col, table, ref string) datasource.ForeignKey {
		return datasource.ForeignKey{Columns: []string{col}, RefTable: table, RefColumns: []string{ref}}
	}
	return &datasource.Schema{Tables: []datasource.Table{
		{Name: "depots", PrimaryKey: []string{"depot_id"}, Columns: []datasource.Column{
			{Name: "depot_id", Type: "integer"}, {Name: "depot_name", Type: "text", SampleValues: []string{"Leeds", "Porto", "Graz"}},
			{Name: "country", Type: "text", SampleValues: []string{"United Kingdom", "Portugal", "Austria"}},
			{Name: "region", Type: "text", SampleValues: []string{"North", "South"}}}},
		{Name: "products", PrimaryKey: []string{"product_id"}, Columns: []datasource.Column{
			{Name: "product_id", Type: "integer"}, {Name: "product_name", Type: "text", SampleValues: []string{"Bolt", "Nut", "Hinge"}},
			{Name: "list_price", Type: "numeric"}, {Name: "units_on_order", Type: "integer"}}},
		{Name: "stock_levels", PrimaryKey: []string{"stock_level_id"}, Columns: []datasource.Column{
			{Name: "stock_level_id", Type: "integer"}, {Name: "depot_id", Type: "integer"}, {Name: "product_id", Type: "integer"},
			{Name: "qty_on_hand", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{fk("depot_id", "depots", "depot_id"), fk("product_id", "products", "product_id")}},
		{Name: "orders", PrimaryKey: []string{"order_id"}, Columns: []datasource.Column{
			{Name: "order_id", Type: "integer"}, {Name: "depot_id", Type: "integer"}, {Name: "ordered_on", Type: "date"}},
			ForeignKeys: []datasource.ForeignKey{fk("depot_id", "depots", "depot_id")}},
		{Name: "order_lines", PrimaryKey: []string{"order_line_id"}, Columns: []datasource.Column{
			{Name: "order_line_id", Type: "integer"}, {Name: "order_id", Type: "integer"}, {Name: "product_id", Type: "integer"},
			{Name: "quantity", Type: "integer"}, {Name: "unit_price", Type: "numeric"}},
			ForeignKeys: []datasource.ForeignKey{fk("order_id", "orders", "order_id"), fk("product_id", "products", "product_id")}},
		{Name: "deliveries", PrimaryKey: []string{"delivery_id"}, Columns: []datasource.Column{
			{Name: "delivery_id", Type: "integer"}, {Name: "depot_id", Type: "integer"},
			{Name: "delivery_address", Type: "text", SampleValues: []string{"1 High St, Leeds", "2 Rua Nova, Porto", "3 Hauptplatz, Graz"}},
			{Name: "delivery_status", Type: "text", SampleValues: []string{"PENDING", "SHIPPED", "DELIVERED"}},
			{Name: "shipped_on", Type: "date"}},
			ForeignKeys: []datasource.ForeignKey{fk("depot_id", "depots", "depot_id")}},
		{Name: "staff", PrimaryKey: []string{"staff_id"}, Columns: []datasource.Column{
			{Name: "staff_id", Type: "integer"}, {Name: "first_name", Type: "text", SampleValues: []string{"Ada", "Ben"}},
			{Name: "last_name", Type: "text", SampleValues: []string{"Moss", "Hale"}}, {Name: "manager_id", Type: "integer"}},
			ForeignKeys: []datasource.ForeignKey{fk("manager_id", "staff", "staff_id")}},
		{Name: "recordings", PrimaryKey: []string{"recording_id"}, Columns: []datasource.Column{
			{Name: "recording_id", Type: "integer"}, {Name: "title", Type: "text", SampleValues: []string{"Blue", "Red"}},
			{Name: "genre", Type: "text", SampleValues: []string{"Jazz", "Folk"}}, {Name: "price", Type: "numeric"}}},
	}}
}

// TestRound5Refusals: a plan that drops, weakly matches or contradicts what the question said
// is refused, naming the word, instead of answering another question (confidence.go,
// checkPlaced; scan.go, properStop and nounStop).
func TestRound5Refusals(t *testing.T) {
	s := depotSchema()
	tests := []struct{ q, word string }{
		// A superlative of length with no length column: not the price.
		{"Which genres have the longest recordings on average?", "longest"},
		// A capitalised code that is also a stop word names something.
		{"How many depots are there in each US region?", "US"},
		// A column the question spells out beats a sum from another table.
		{"How many units are there on order?", "unit on order"},
		// "nobody <relation> them": the others point to these rows.
		{"Which staff have nobody reporting to them?", "nobody"},
		// "items" counts pieces as well as kinds, and nothing says whose units.
		{"How many items are there?", "items"},
		// A verb that is a noun after a preposition must be placed.
		{"How many units of stock does each depot keep?", "stock"},
		// An average of per-order totals said per depot: the outer average would drop the depot.
		{"Average order value per depot", "depots"},
		// A noun after a superlative is not the verb "stock".
		{"Which 3 products have the lowest stock at the Leeds depot?", "stock"},
		// Ranking by a count of the one depot the question named.
		{"Which 3 products are stocked least at the Leeds depot?", "depots"},
		// "who" answered with rows that have no name.
		{"Who ordered Bolt?", "who"},
		// A word read as a column and then left out of the answer.
		{"In which month did we ship the most deliveries?", "ship"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			wantRefusal(t, s, tt.q, tt.word)
		})
	}
}

// TestRound5Kept: the round 5 checks leave alone readings that use what was said through a
// derived measure, a counted table's label, an anti-join's parents or a verb form.
func TestRound5Kept(t *testing.T) {
	s := depotSchema()
	tests := []struct{ q, want string }{
		{"Deliveries by delivery status", "GROUP BY deliveries.delivery_status"},
		{"Which products has nobody ever ordered?", "NOT EXISTS (SELECT 1 FROM order_lines"},
		{"How many staff have no manager?", "staff.manager_id IS NULL"},
		{"units on order per product", "SUM(products.units_on_order)"},
		// A table named as a modifier that the joins pass through ("order" between lines and depots).
		{"Total quantity per order depot", "GROUP BY depots.depot_id"},
		// "items" with a quantity table tied to the rest of the question: its units.
		{"How many items does the Leeds depot hold?", "SUM(stock_levels.qty_on_hand)"},
		{"Which 2 depots ordered the most items?", "SUM(order_lines.quantity)"},
		// A column's name with an auxiliary inside it is that column, not a sum of lines.
		{"How many units are on order in total?", "SUM(products.units_on_order)"},
		// A country code is the country's stored name.
		{"How many UK depots are there?", "depots.country = 'United Kingdom'"},
		{"How many deliveries were shipped to Leeds?", "FROM deliveries"},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			wantSQL(t, s, tt.q, tt.want)
		})
	}
}
