package demo

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/analytics-agent/service/datasource"
)

// write generates the demo database into a fresh folder and opens it read-only.
func write(t *testing.T) (string, *sql.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sub", "demo.db")
	start := time.Now()
	if err := WriteSQLite(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	t.Logf("generated in %s", time.Since(start))
	return path, open(t, path)
}

func open(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// sharedPath is one generated database the read-only tests share, so the suite generates
// three times instead of once per test.
var sharedPath string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "demo-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sharedPath = filepath.Join(dir, "sub", "demo.db")
	if err := WriteSQLite(context.Background(), sharedPath); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func shared(t *testing.T) (string, *sql.DB) {
	t.Helper()
	return sharedPath, open(t, sharedPath)
}

func TestWriteSQLiteRowCounts(t *testing.T) {
	path, db := shared(t)
	tests := []struct {
		table    string
		min, max int
	}{
		{"regions", 6, 6},
		{"countries", 27, 27},
		{"sales_reps", 24, 24},
		{"customers", 2000, 2000},
		{"product_categories", 10, 10},
		{"products", 150, 150},
		{"orders", 19000, 21000},
		{"order_lines", 45000, 55000},
		{"campaigns", 25, 25},
		{"campaign_daily_stats", 700, 900},
	}
	var names []string
	for _, tt := range tests {
		names = append(names, tt.table)
		var n int
		if err := db.QueryRow("SELECT count(*) FROM " + tt.table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n < tt.min || n > tt.max {
			t.Errorf("%s has %d rows, want %d-%d", tt.table, n, tt.min, tt.max)
		}
	}
	var documented []string
	for _, ti := range Tables() {
		documented = append(documented, ti.Name)
	}
	if !slices.Equal(names, documented) {
		t.Errorf("Tables() = %v, want %v", documented, names)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the database", len(entries))
	}
}

func TestWriteSQLiteConsistency(t *testing.T) {
	_, db := shared(t)
	checks := []struct {
		name, query string
	}{
		{"order total is the sum of its lines", `SELECT count(*) FROM orders o
			WHERE abs(o.total_amount - (SELECT sum(l.line_total) FROM order_lines l WHERE l.order_id = o.id)) > 0.005`},
		{"every order has lines", `SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`},
		{"orders after signup", `SELECT count(*) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.order_date < c.signup_date`},
		{"orders in range", `SELECT count(*) FROM orders WHERE order_date NOT BETWEEN '2022-01-01' AND '2025-12-31'`},
		{"order rep is the customer's", `SELECT count(*) FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.sales_rep_id <> c.sales_rep_id`},
		{"rep in the customer's region", `SELECT count(*) FROM customers c JOIN countries k ON k.name = c.country
			JOIN sales_reps r ON r.id = c.sales_rep_id WHERE r.region_id <> k.region_id`},
		{"cost below price", `SELECT count(*) FROM products WHERE cost >= unit_price`},
		{"stats inside the campaign", `SELECT count(*) FROM campaign_daily_stats s JOIN campaigns c ON c.id = s.campaign_id
			WHERE s.date NOT BETWEEN c.start_date AND c.end_date`},
		{"funnel", `SELECT count(*) FROM campaign_daily_stats WHERE clicks > impressions OR conversions > clicks`},
		{"dates are YYYY-MM-DD", `SELECT count(*) FROM orders WHERE order_date NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`},
		{"foreign keys", `SELECT count(*) FROM pragma_foreign_key_check`},
	}
	for _, c := range checks {
		var n int
		if err := db.QueryRow(c.query).Scan(&n); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if n != 0 {
			t.Errorf("%s: %d violations", c.name, n)
		}
	}
	// Every status, segment and channel occurs.
	for _, q := range []struct {
		query string
		want  []string
	}{
		{"SELECT DISTINCT status FROM orders ORDER BY 1", []string{"cancelled", "completed", "returned", "shipped"}},
		{"SELECT DISTINCT segment FROM customers ORDER BY 1", []string{"Consumer", "Enterprise", "SMB"}},
		{"SELECT DISTINCT channel FROM campaigns ORDER BY 1", []string{"display", "email", "search", "social"}},
	} {
		if got := column(t, db, q.query); !slices.Equal(got, q.want) {
			t.Errorf("%s = %v, want %v", q.query, got, q.want)
		}
	}
	names := column(t, db, "SELECT name FROM campaigns WHERE name IN ('Black Friday 2024', 'Spring Sale 2023', 'Summer Launch 2025')")
	if len(names) != 3 {
		t.Errorf("campaign names: %v", names)
	}
}

func column(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// aggregates condenses the generated data into one checksum.
func aggregates(t *testing.T, db *sql.DB) string {
	t.Helper()
	h := sha256.New()
	for _, q := range []string{
		"SELECT count(*), printf('%.2f', sum(total_amount)), min(order_date), max(order_date) FROM orders",
		"SELECT count(*), sum(quantity), printf('%.2f', sum(line_total)) FROM order_lines",
		"SELECT group_concat(name || '|' || email || '|' || signup_date, ';') FROM (SELECT * FROM customers ORDER BY id)",
		"SELECT group_concat(status || count, ';') FROM (SELECT status, count(*) AS count FROM orders GROUP BY status ORDER BY status)",
		"SELECT printf('%.2f', sum(spend)), sum(impressions), sum(clicks), sum(conversions), printf('%.2f', sum(revenue)) FROM campaign_daily_stats",
		"SELECT group_concat(name || unit_price || cost, ';') FROM (SELECT * FROM products ORDER BY id)",
	} {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(h, "%v\n", vals)
		}
		rows.Close()
	}
	return hex.EncodeToString(h.Sum(nil))
}

func TestWriteSQLiteDeterministic(t *testing.T) {
	_, a := shared(t)
	_, b := write(t)
	if x, y := aggregates(t, a), aggregates(t, b); x != y {
		t.Errorf("two runs differ: %s vs %s", x, y)
	}
}

func TestWriteSQLiteIdempotent(t *testing.T) {
	path, _ := shared(t)
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteSQLite(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(path)
	if !after.ModTime().Equal(before.ModTime()) || after.Size() != before.Size() {
		t.Error("existing file was rewritten")
	}
	// Whatever sits at the path is left alone, even if it is not a demo database.
	other := filepath.Join(t.TempDir(), "mine.db")
	if err := os.WriteFile(other, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteSQLite(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(other); string(b) != "keep me" {
		t.Error("foreign file overwritten")
	}
}

func TestWriteSQLiteCanceled(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := WriteSQLite(ctx, filepath.Join(dir, "demo.db")); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left %d files behind", len(entries))
	}
}

// TestDemoThroughDatasource checks what the language engines will see: keys and the sample
// values that let "in Brazil" or "completed orders" become filters.
func TestDemoThroughDatasource(t *testing.T) {
	path, _ := shared(t)
	m := datasource.NewManager(datasource.ManagerOptions{SQLiteDir: filepath.Dir(path)})
	defer m.CloseAll()
	s, err := m.Introspect(context.Background(), "ds_demo", datasource.Config{Type: datasource.SQLite, Path: filepath.Base(path)})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tables) != len(Tables()) {
		t.Fatalf("%d tables", len(s.Tables))
	}
	if c := s.Table("customers").Column("country"); !slices.Contains(c.SampleValues, "Brazil") {
		t.Errorf("customers.country samples = %v", c.SampleValues)
	}
	if c := s.Table("orders").Column("status"); len(c.SampleValues) != 4 || c.Type != "text" {
		t.Errorf("orders.status = %+v", c)
	}
	if c := s.Table("orders").Column("total_amount"); c.Type != "decimal(12,2)" || c.Nullable {
		t.Errorf("orders.total_amount = %+v", c)
	}
	if fks := s.Table("order_lines").ForeignKeys; len(fks) != 2 {
		t.Errorf("order_lines FKs = %+v", fks)
	}
	res, err := m.Query(context.Background(), "ds_demo", datasource.Config{Type: datasource.SQLite, Path: filepath.Base(path)},
		`SELECT r.name AS region, sum(o.total_amount) AS revenue
		 FROM orders o JOIN customers c ON c.id = o.customer_id
		 JOIN countries k ON k.name = c.country JOIN regions r ON r.id = k.region_id
		 WHERE o.status = 'completed' GROUP BY r.name ORDER BY revenue DESC`, nil, datasource.QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.RowCount != 6 {
		t.Errorf("revenue by region = %v", res.Rows)
	}
	for _, row := range res.Rows {
		if v, ok := row["revenue"].(float64); !ok || v <= 0 {
			t.Errorf("revenue of %v = %#v", row["region"], row["revenue"])
		}
	}
}
