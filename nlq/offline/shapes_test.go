package offline

import (
	"testing"

	"github.com/analytics-agent/service/datasource"
)

// TestShapesOnOtherConventions pins the SQL of issue-11 shapes on the evaluation databases,
// in PostgreSQL, so quoting of CamelCase names and boolean flags are covered too.
func TestShapesOnOtherConventions(t *testing.T) {
	schemas := map[string]*datasource.Schema{}
	for _, e := range evalDBs {
		_, dir := openEvalDB(t, e)
		_, schemas[e.name] = openSQLite(t, dir, e.name+".db")
	}
	tests := []struct{ db, q, want string }{
		{"fieldservice", "How many obsolete parts are there?", "WHERE parts.is_obsolete = TRUE"},
		{"traders", "How many products are not discontinued?", `WHERE "Products"."Discontinued" = 0`},
		{"traders", "How many products are out of stock?", `WHERE "Products"."UnitsInStock" = 0`},
		{"traders", "How many customers are in Germany?", `WHERE "Customers"."Country" = 'Germany'`},
		{"traders", "Number of employees reporting to each manager", `JOIN "Employees" AS reports_to ON "Employees"."ReportsTo" = reports_to."EmployeeID"`},
		{"traders", "Total revenue per category", `SUM("OrderDetails"."UnitPrice" * "OrderDetails"."Quantity" * (1 - "OrderDetails"."Discount"))`},
		{"fieldservice", "Clients without work orders", "NOT EXISTS (SELECT 1 FROM work_orders WHERE work_orders.client_id = clients.id)"},
		{"rentals", "Actors who appear in no film", "NOT EXISTS (SELECT 1 FROM film_actor WHERE film_actor.actor_id = actor.actor_id)"},
		{"rentals", "How many rentals have not been returned?", "rental.return_date IS NULL"},
		{"rentals", "Which films have never been rented?", "NOT EXISTS (SELECT 1 FROM rental JOIN inventory ON rental.inventory_id = inventory.inventory_id WHERE inventory.film_id = film.film_id)"},
		{"rentals", "Top 3 film categories by revenue", "JOIN category ON film_category.category_id = category.category_id\nGROUP BY category.category_id, category.name"},
		{"rentals", "How many rentals are still out?", "WHERE rental.return_date IS NULL"},
		{"rentals", "Number of rentals not back yet", "WHERE rental.return_date IS NULL"},
		{"traders", "What percentage of products is discontinued?", `100.0 * SUM(CASE WHEN "Products"."Discontinued" = 1 THEN 1 ELSE 0 END) / COUNT(*)`},
		{"rentals", "Share of rentals still out", "100.0 * SUM(CASE WHEN rental.return_date IS NULL THEN 1 ELSE 0 END) / COUNT(*)"},
		{"fieldservice", "Percentage of parts that are obsolete", "100.0 * SUM(CASE WHEN parts.is_obsolete = TRUE THEN 1 ELSE 0 END) / COUNT(*)"},
		{"traders", "Categories whose average unit price is above 130", `HAVING AVG("Products"."UnitPrice") > 130`},
		{"traders", "Products more expensive than the average product", `"Products"."UnitPrice" > (SELECT AVG("Products"."UnitPrice") FROM "Products")`},
		{"traders", "Share of orders per ship country", "SUM(COUNT(*)) OVER ()"},
		{"rentals", "Average total payments per customer", "SELECT AVG(per_group.total_amount)"},
		{"fieldservice", "What is the average visit length?", "AVG(visits.duration_minutes)"},
		{"traders", "Which categories have more than 5 products?", `HAVING COUNT(*) > 5`},
		{"traders", "Which categories have an average unit price above 130?", `HAVING AVG("Products"."UnitPrice") > 130`},
		{"fieldservice", "How many parts have more than 20 units on hand?", "WHERE parts.qty_on_hand > 20"},
		{"traders", "What is the average order value?", `SELECT AVG(per_group.revenue)`},
		{"rentals", "Average film length per category", "JOIN film_category ON film_category.film_id = film.film_id"},
		{"rentals", "Which categories have an average rental rate above 2.5?", "HAVING AVG(film.rental_rate) > 2.5"},
		{"rentals", "How many customers does store 2 have?", "WHERE store.store_id = 2"},
		{"rentals", "How much has Mia Dubois spent?", "SUM(payment.amount)"},
		{"rentals", "How many customers are inactive?", "WHERE customer.active = 0"},
		{"traders", "Which products cost more than the average product?", `WHERE "Products"."UnitPrice" > (SELECT AVG("Products"."UnitPrice") FROM "Products")`},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			g := wantSQL(t, schemas[tt.db], tt.q, tt.want)
			if g.Explanation == "" {
				t.Error("no explanation")
			}
		})
	}
}
