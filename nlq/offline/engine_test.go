package offline

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

func TestDateParser(t *testing.T) {
	dp := newDateParser(fixtureNow) // Sunday 2025-06-15
	tests := []struct {
		text     string
		from, to string // "" for an open bound
		n        int    // tokens used
	}{
		{"in 2024", "2024-01-01", "2025-01-01", 2},
		{"last month", "2025-05-01", "2025-06-01", 2},
		{"this month", "2025-06-01", "2025-07-01", 2},
		{"this year", "2025-01-01", "2026-01-01", 2},
		{"last year", "2024-01-01", "2025-01-01", 2},
		{"last week", "2025-06-02", "2025-06-09", 2},
		{"this week", "2025-06-09", "2025-06-16", 2},
		{"last quarter", "2025-01-01", "2025-04-01", 2},
		{"yesterday", "2025-06-14", "2025-06-15", 1},
		{"today", "2025-06-15", "2025-06-16", 1},
		{"last 30 days", "2025-05-16", "2025-06-15", 3},
		{"in the past 3 months", "2025-03-15", "2025-06-15", 5},
		{"last 2 weeks", "2025-06-01", "2025-06-15", 3},
		{"in March 2024", "2024-03-01", "2024-04-01", 3},
		{"in march", "2025-03-01", "2025-04-01", 2},
		{"between March and June 2024", "2024-03-01", "2024-07-01", 5},
		{"from 2024-02-10 to 2024-02-20", "2024-02-10", "2024-02-21", 4},
		{"in Q3 2024", "2024-07-01", "2024-10-01", 3},
		{"during the first quarter of 2025", "2025-01-01", "2025-04-01", 6},
		{"since 2025-05-01", "2025-05-01", "", 2},
		{"before 2024", "", "2024-01-01", 2},
		{"after March 2024", "2024-04-01", "", 3},
		{"year to date", "2025-01-01", "2025-06-16", 3},
		{"on 2024-12-25", "2024-12-25", "2024-12-26", 2},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			toks := tokenize(tt.text)
			r, n, ok := dp.parse(toks, 0, false)
			if !ok {
				t.Fatalf("not parsed")
			}
			if n != tt.n {
				t.Errorf("used %d tokens, want %d", n, tt.n)
			}
			if got := bound(r.from); got != tt.from {
				t.Errorf("from = %s, want %s", got, tt.from)
			}
			if got := bound(r.to); got != tt.to {
				t.Errorf("to = %s, want %s", got, tt.to)
			}
		})
	}
	for _, text := range []string{"in Brazil", "may I", "over 2000", "last order", "between 10 and 20"} {
		t.Run("not a date: "+text, func(t *testing.T) {
			toks := tokenize(text)
			if r, _, ok := dp.parse(toks, 0, false); ok {
				t.Errorf("parsed as %v", r)
			}
		})
	}
}

func bound(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return day(t)
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want []string // norm forms; numbers as written
	}{
		{"Top 5 products by revenue", []string{"top", "5", "product", "by", "revenue"}},
		{"orders over $1,000.50", []string{"order", "over", "1,000.50"}},
		{"customer's e-mail", []string{"customer", "email"}},
		{"sales in 2024-03-15", []string{"sale", "in", "2024-03-15"}},
		{`customers named "Acme, Inc."`, []string{"customer", "named", "acme inc"}},
		{"year-over-year growth", []string{"year", "over", "year", "growth"}},
		{"categories and cities", []string{"category", "and", "city"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got []string
			for _, tk := range tokenize(tt.in) {
				got = append(got, tk.norm)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("tokens = %q, want %q", got, tt.want)
			}
		})
	}
	if tk := tokenize("$1,000.50")[0]; !tk.isNum || tk.num != 1000.5 {
		t.Errorf("number = %+v", tk)
	}
	if tk := tokenize("five")[0]; !tk.isNum || tk.num != 5 {
		t.Errorf("spelled number = %+v", tk)
	}
}

// generate runs the engine on the fixture schema.
func generate(t *testing.T, s *datasource.Schema, d datasource.Type, q string, mod ...func(*nlq.Request)) (nlq.Generation, error) {
	t.Helper()
	req := nlq.Request{Question: q, Dialect: d, Schema: s, Now: fixtureNow}
	for _, f := range mod {
		f(&req)
	}
	return New().Generate(context.Background(), req)
}

func TestGenerateDialects(t *testing.T) {
	_, s := openFixture(t)
	tests := []struct {
		q       string
		dialect datasource.Type
		want    string
	}{
		{"monthly order count in 2024", datasource.Postgres, `SELECT to_char(date_trunc('month', CAST(orders.order_date AS timestamp)), 'YYYY-MM') AS month, COUNT(*) AS order_count
FROM orders
WHERE orders.order_date >= '2024-01-01'
  AND orders.order_date < '2025-01-01'
GROUP BY to_char(date_trunc('month', CAST(orders.order_date AS timestamp)), 'YYYY-MM')
ORDER BY month ASC`},
		{"monthly order count in 2024", datasource.MySQL, `SELECT DATE_FORMAT(orders.order_date, '%Y-%m') AS month, COUNT(*) AS order_count
FROM orders
WHERE orders.order_date >= '2024-01-01'
  AND orders.order_date < '2025-01-01'
GROUP BY DATE_FORMAT(orders.order_date, '%Y-%m')
ORDER BY month ASC`},
		{"order count by quarter", datasource.Postgres, `SELECT to_char(date_trunc('quarter', CAST(orders.order_date AS timestamp)), 'YYYY-"Q"Q') AS quarter, COUNT(*) AS order_count
FROM orders
GROUP BY to_char(date_trunc('quarter', CAST(orders.order_date AS timestamp)), 'YYYY-"Q"Q')
ORDER BY quarter ASC`},
		{"order count by quarter", datasource.MySQL, "SELECT CONCAT(YEAR(orders.order_date), '-Q', QUARTER(orders.order_date)) AS quarter, COUNT(*) AS order_count\nFROM orders\nGROUP BY CONCAT(YEAR(orders.order_date), '-Q', QUARTER(orders.order_date))\nORDER BY quarter ASC"},
		{"weekly orders", datasource.SQLite, "SELECT date(orders.order_date, 'weekday 0', '-6 days') AS week, COUNT(*) AS order_count\nFROM orders\nGROUP BY date(orders.order_date, 'weekday 0', '-6 days')\nORDER BY week ASC"},
		{"top 5 products by revenue", datasource.Postgres, `SELECT products.name AS product, SUM(order_lines.line_total) AS total_line_total
FROM order_lines
JOIN products ON order_lines.product_id = products.id
GROUP BY products.id, products.name
ORDER BY total_line_total DESC, product ASC
LIMIT 5`},
		{"number of customers of Dan O'Brien", datasource.MySQL, "SELECT COUNT(*) AS customer_count\nFROM customers\nJOIN sales_reps ON customers.sales_rep_id = sales_reps.id\nWHERE sales_reps.name = 'Dan O''Brien'"},
		{"how many customers have more than 10 orders", datasource.SQLite, `SELECT COUNT(*) AS customer_count
FROM (
  SELECT customers.id
  FROM customers
  JOIN orders ON orders.customer_id = customers.id
  GROUP BY customers.id
  HAVING COUNT(DISTINCT orders.id) > 10
) AS customers`},
	}
	for _, tt := range tests {
		t.Run(string(tt.dialect)+" "+tt.q, func(t *testing.T) {
			g, err := generate(t, s, tt.dialect, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			if g.SQL != tt.want {
				t.Errorf("SQL:\n%s\nwant:\n%s", g.SQL, tt.want)
			}
			if g.Explanation == "" {
				t.Error("no explanation")
			}
		})
	}
}

func TestNotUnderstood(t *testing.T) {
	_, s := openFixture(t)
	tests := []struct {
		q     string
		words []string // words the error must name; nil when the problem is structural
	}{
		{"what is the weather in Paris tomorrow", []string{"weather", "tomorrow"}},
		{"total profit margin by warehouse", []string{"profit", "margin", "warehouse"}},
		{"how many orders over", []string{"over"}},
		{"top 5 customers", nil},
		{"drop table customers", []string{"drop"}},
		{"customers without", []string{"without"}}, // "customers without orders" is an anti-join since issue 11
		{"what share of sales comes from Enterprise customers in Germany", []string{"share of"}}, // one condition is a share since round 6; two are not
		{"on average how many customers", []string{"average"}},                                   // an average of one count: nothing to average
		{"", nil},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			g, err := generate(t, s, datasource.SQLite, tt.q)
			nu, ok := nlq.IsNotUnderstood(err)
			if !ok {
				t.Fatalf("got %v / %q, want NotUnderstoodError", err, g.SQL)
			}
			if nu.Code() != "question_not_understood" {
				t.Errorf("code = %q", nu.Code())
			}
			for _, w := range tt.words {
				if !slices.Contains(nu.Words, w) {
					t.Errorf("words = %q, want %q among them", nu.Words, w)
				}
			}
		})
	}
}

func TestSynonymsAndExamples(t *testing.T) {
	_, s := openFixture(t)
	// Without a synonym "revenue" is the column of that name; the organisation can point it
	// at order amounts instead.
	g, err := generate(t, s, datasource.SQLite, "total revenue in 2024", func(r *nlq.Request) {
		r.Synonyms = map[string]string{"revenue": "orders.total_amount", "patrons": "customers", "turnover": "total_amount"}
	})
	if err != nil || !strings.Contains(g.SQL, "SUM(orders.total_amount)") {
		t.Errorf("synonym to column: %v\n%s", err, g.SQL)
	}
	g, err = generate(t, s, datasource.SQLite, "how many patrons", func(r *nlq.Request) {
		r.Synonyms = map[string]string{"patrons": "customers"}
	})
	if err != nil || !strings.Contains(g.SQL, "FROM customers") {
		t.Errorf("synonym to table: %v\n%s", err, g.SQL)
	}
	ex := nlq.Example{Question: "What is our churn rate?", SQL: "SELECT 0.1 AS churn_rate"}
	g, err = generate(t, s, datasource.SQLite, "what's our churn rate", func(r *nlq.Request) { r.Examples = []nlq.Example{ex} })
	if err != nil || g.SQL != ex.SQL {
		t.Errorf("example: %v %q", err, g.SQL)
	}
	_, err = generate(t, s, datasource.SQLite, "what's our churn rate in 2024", func(r *nlq.Request) { r.Examples = []nlq.Example{ex} })
	if _, ok := nlq.IsNotUnderstood(err); !ok {
		t.Errorf("a different question must not reuse the example: %v", err)
	}
}

func TestGenerateInputs(t *testing.T) {
	_, s := openFixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New().Generate(ctx, nlq.Request{Question: "how many orders", Schema: s}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
	if _, err := New().Generate(context.Background(), nlq.Request{Question: "how many orders", Schema: s, Dialect: "oracle"}); err == nil {
		t.Error("unknown dialect accepted")
	}
	if _, err := New().Generate(context.Background(), nlq.Request{Question: "how many orders"}); err == nil {
		t.Error("nil schema accepted")
	}
}

func TestQuoting(t *testing.T) {
	tests := []struct {
		d          datasource.Type
		ident, lit string
		wantI      string
		wantL      string
	}{
		{datasource.Postgres, "order", `it's`, `"order"`, `'it''s'`},
		{datasource.MySQL, "Order Lines", `a\b'c`, "`Order Lines`", `'a\\b''c'`},
		{datasource.SQLite, "total_amount", `x`, "total_amount", `'x'`},
	}
	pg := dialect{typ: datasource.Postgres}
	if got := pg.table(&table{name: "sales.Orders"}); got != `sales."Orders"` {
		t.Errorf("schema-qualified table = %s", got)
	}
	for _, tt := range tests {
		d := dialect{typ: tt.d}
		if got := d.ident(tt.ident); got != tt.wantI {
			t.Errorf("%s ident(%q) = %s, want %s", tt.d, tt.ident, got, tt.wantI)
		}
		if got := d.str(tt.lit); got != tt.wantL {
			t.Errorf("%s str(%q) = %s, want %s", tt.d, tt.lit, got, tt.wantL)
		}
	}
}
