package offline

import (
	"context"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/demo"
	"github.com/analytics-agent/service/nlq"
)

// TestSalesAgentRevenueFollowsItsDefinition runs revenue questions with the sales agent's
// semantic layer over the demo data: cancelled and returned orders never count, whether the
// amount comes from orders or, per product, from order lines.
func TestSalesAgentRevenueFollowsItsDefinition(t *testing.T) {
	ctx := context.Background()
	db, schema, _ := benchDatabase(t)
	sem := demo.Semantics("sales_performance")
	const ok = "o.status IN ('completed', 'shipped')"
	tests := []struct {
		question, want, explains string
	}{
		{"What is our total revenue?", "SELECT SUM(o.total_amount) FROM orders o WHERE " + ok, "completed and shipped"},
		{"Total sales last year", "SELECT SUM(o.total_amount) FROM orders o WHERE " + ok + " AND o.order_date >= '2024-01-01' AND o.order_date < '2025-01-01'", "last year"},
		{"Top 5 products by revenue", "SELECT p.name, SUM(l.line_total) AS r FROM order_lines l JOIN orders o ON l.order_id = o.id JOIN products p ON l.product_id = p.id WHERE " + ok + " GROUP BY p.id, p.name ORDER BY r DESC, p.name LIMIT 5", "top 5"},
		{"Revenue by month in 2024", "SELECT strftime('%Y-%m', o.order_date) AS m, SUM(o.total_amount) FROM orders o WHERE " + ok + " AND o.order_date >= '2024-01-01' AND o.order_date < '2025-01-01' GROUP BY m ORDER BY m", "month"},
		{"Sales reps with revenue over 2000000", "SELECT r.name, SUM(o.total_amount) AS t FROM orders o JOIN sales_reps r ON o.sales_rep_id = r.id WHERE " + ok + " GROUP BY r.id, r.name HAVING SUM(o.total_amount) > 2000000 ORDER BY t DESC, r.name", "above 2000000"},
		{"Revenue by product category", "SELECT p.category, SUM(l.line_total) AS r FROM order_lines l JOIN orders o ON l.order_id = o.id JOIN products p ON l.product_id = p.id WHERE " + ok + " GROUP BY p.category ORDER BY r DESC", "by product_categories.name"},
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			g, err := New().Generate(ctx, nlq.Request{Question: tt.question, Dialect: datasource.SQLite, Schema: schema, Now: benchNow, Semantics: sem})
			if err != nil {
				t.Fatal(err)
			}
			got, err := query(ctx, db, g.SQL)
			if err != nil {
				t.Fatalf("%v\n%s", err, g.SQL)
			}
			want, err := query(ctx, db, tt.want)
			if err != nil {
				t.Fatal(err)
			}
			if !sameResult(got, want, true) {
				t.Errorf("rows differ: got %v, want %v\n%s", first(got.rows), first(want.rows), g.SQL)
			}
			if !strings.Contains(g.Explanation, tt.explains) {
				t.Errorf("explanation %q lacks %q", g.Explanation, tt.explains)
			}
		})
	}
}

func TestSemanticLayerValueSynonymsAndDefaultFilters(t *testing.T) {
	sem := &nlq.Semantics{
		Synonyms:       []nlq.Synonym{{Phrase: "big accounts", Target: "customers.segment=Enterprise"}},
		DefaultFilters: []nlq.Filter{{Table: "orders", Condition: "orders.status <> 'cancelled'"}},
	}
	_, schema := openFixture(t)
	g, err := New().Generate(context.Background(), nlq.Request{Question: "number of orders of big accounts", Dialect: datasource.Postgres,
		Schema: schema, Now: fixtureNow, Semantics: sem})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"customers.segment = 'Enterprise'", "(orders.status <> 'cancelled')"} {
		if !strings.Contains(g.SQL, w) {
			t.Errorf("SQL lacks %q:\n%s", w, g.SQL)
		}
	}
}

func TestMetricIsNeverUsedAsAPlainColumn(t *testing.T) {
	sem := &nlq.Semantics{Metrics: []nlq.Metric{{Name: "revenue", Expression: "SUM(orders.total_amount)"}}}
	_, schema := openFixture(t)
	_, err := New().Generate(context.Background(), nlq.Request{Question: "average revenue", Dialect: datasource.SQLite,
		Schema: schema, Now: fixtureNow, Semantics: sem})
	if _, ok := nlq.IsNotUnderstood(err); !ok {
		t.Fatalf("want a refusal, got %v", err)
	}
}
