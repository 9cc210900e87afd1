package offline

import (
	"context"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// TestEverydayVocabularyOnOtherSchemas pins the general thesaurus on evaluation databases
// that are not the demo: business verbs that only mean "have" or "sell" are filler, and
// everyday names (people, charge) find what the schema calls the thing.
func TestEverydayVocabularyOnOtherSchemas(t *testing.T) {
	schemas := map[string]*datasource.Schema{}
	for _, e := range evalDBs {
		_, dir := openEvalDB(t, e)
		_, schemas[e.name] = openSQLite(t, dir, e.name+".db")
	}
	tests := []struct{ db, q, want string }{
		{"rentals", "How many films do we carry?", "SELECT COUNT(*) AS film_count\nFROM film"},
		{"traders", "Which suppliers offer more than 3 products?", "HAVING COUNT(*) > 3"},
		{"traders", "How many suppliers do we work with?", `FROM "Suppliers"`},
		{"traders", "What's the average freight charge on an order?", `AVG("Orders"."Freight")`},
		{"traders", "How many people report to each manager?", `"Employees"."ReportsTo"`},
		{"traders", "How many orders were issued each year?", `"Orders"."OrderDate"`},
		{"traders", "How many products are we still selling?", `WHERE "Products"."Discontinued" = 0`},
		{"fieldservice", "How many parts are still in use?", "WHERE parts.is_obsolete = FALSE"},
		{"rentals", "How many customers are still active?", "WHERE customer.active = 1"},
		{"traders", "Product count by category", "COUNT(*) AS product_count"},
		{"rentals", "Film count by category", "COUNT(DISTINCT film.film_id) AS film_count"},
		{"traders", "Which sales representative handled the most orders?", "WHERE \"Employees\".\"Title\" = 'Sales Representative'\nGROUP BY \"Employees\".\"EmployeeID\""},
		{"fieldservice", "Which senior technician did the most visits?", "GROUP BY technicians.id, technicians.full_name\nORDER BY visit_count DESC, technician ASC\nLIMIT 1"},
		{"rentals", "Customers without rentals in 2024", "NOT EXISTS (SELECT 1 FROM rental WHERE rental.customer_id = customer.customer_id AND rental.rental_date >= '2024-01-01' AND rental.rental_date < '2025-01-01')"},
		{"rentals", "Which films were never rented?", "WHERE NOT EXISTS (SELECT 1 FROM rental JOIN inventory ON rental.inventory_id = inventory.inventory_id WHERE inventory.film_id = film.film_id)"},
		{"rentals", "Which films were never rented in 2024?", "WHERE inventory.film_id = film.film_id AND rental.rental_date >= '2024-01-01' AND rental.rental_date < '2025-01-01')"},
		{"rentals", "Which films are not stocked at any store?", "WHERE NOT EXISTS (SELECT 1 FROM inventory WHERE inventory.film_id = film.film_id)"},
		{"fieldservice", "Which clients did not get any visits?", "NOT EXISTS"},
		{"traders", "Which customers did not order anything in 2024?", `NOT EXISTS (SELECT 1 FROM "Orders" WHERE "Orders"."CustomerID" = "Customers"."CustomerID" AND "Orders"."OrderDate" >= '2024-01-01'`},
		{"traders", "What was our busiest month of 2024?", "ORDER BY order_count DESC"},
		{"fieldservice", "Which was the quietest month in 2024?", "COUNT(*) AS work_order_count"},
		{"traders", "Which supplier's products have the most orders?", "GROUP BY \"Suppliers\".\"SupplierID\", \"Suppliers\".\"CompanyName\""},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			wantSQL(t, schemas[tt.db], tt.q, tt.want)
		})
	}
}

// TestNameOfEntityBeatsItsCopy: a clinic's name copied onto each appointment (BillName) is
// the clinic, not an appointment's own name; two entities' own names stay ambiguous.
func TestNameOfEntityBeatsItsCopy(t *testing.T) {
	names := []string{"Harbour Clinic", "Oak Street Practice", "Westside Care"}
	prof := func(table, col string) datasource.ColumnProfile {
		return datasource.ColumnProfile{Table: table, Column: col, Rows: 300, NonNull: 300, Distinct: 300, Min: names[0], Max: names[2], Values: names}
	}
	s := &datasource.Schema{
		Tables: []datasource.Table{
			{Name: "Clinics", PrimaryKey: []string{"ClinicID"}, Columns: []datasource.Column{
				{Name: "ClinicID", Type: "integer"}, {Name: "ClinicName", Type: "text"},
			}},
			{Name: "Appointments", PrimaryKey: []string{"AppointmentID"}, Columns: []datasource.Column{
				{Name: "AppointmentID", Type: "integer"}, {Name: "ClinicID", Type: "integer"},
				{Name: "BillName", Type: "text"}, {Name: "Fee", Type: "numeric"}, {Name: "BookedAt", Type: "timestamp"},
			}, ForeignKeys: []datasource.ForeignKey{{Columns: []string{"ClinicID"}, RefTable: "Clinics", RefColumns: []string{"ClinicID"}}}},
		},
		Profile: []datasource.ColumnProfile{prof("Clinics", "ClinicName"), prof("Appointments", "BillName")},
	}
	g, err := New().Generate(context.Background(), nlq.Request{Question: "How many appointments did Harbour Clinic have?", Dialect: datasource.Postgres, Schema: s, Now: benchNow})
	if err != nil {
		t.Fatal(err)
	}
	if want := `WHERE "Clinics"."ClinicName" = 'Harbour Clinic'`; !strings.Contains(g.SQL, want) {
		t.Errorf("SQL lacks %s:\n%s", want, g.SQL)
	}
}
