package offline

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	_ "github.com/glebarez/go-sqlite" // registers the "sqlite" driver

	"github.com/analytics-agent/service/datasource"
)

// fixtureNow pins "today" for every test: Sunday 15 June 2025.
var fixtureNow = time.Date(2025, 6, 15, 10, 30, 0, 0, time.UTC)

// fixtureDDL is a small business database with the same kinds of tables as the demo data set.
// Unit tests that pin exact SQL use it; the question set runs on the demo database itself.
var fixtureDDL = []string{
	`CREATE TABLE regions (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`,
	`CREATE TABLE countries (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT NOT NULL, region_id INTEGER NOT NULL REFERENCES regions(id))`,
	`CREATE TABLE sales_reps (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, region_id INTEGER NOT NULL REFERENCES regions(id), hire_date TEXT NOT NULL)`,
	`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, phone TEXT, country_id INTEGER NOT NULL REFERENCES countries(id), city TEXT NOT NULL, segment TEXT NOT NULL, signup_date TEXT NOT NULL, sales_rep_id INTEGER REFERENCES sales_reps(id))`,
	`CREATE TABLE categories (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`,
	`CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category_id INTEGER NOT NULL REFERENCES categories(id), price NUMERIC NOT NULL)`,
	`CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), order_date TEXT NOT NULL, status TEXT NOT NULL, total_amount NUMERIC NOT NULL)`,
	`CREATE TABLE order_lines (id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id), product_id INTEGER NOT NULL REFERENCES products(id), quantity INTEGER NOT NULL, unit_price NUMERIC NOT NULL, line_total NUMERIC NOT NULL)`,
	`CREATE TABLE campaigns (id INTEGER PRIMARY KEY, name TEXT NOT NULL, channel TEXT NOT NULL, budget NUMERIC NOT NULL, start_date TEXT NOT NULL, end_date TEXT NOT NULL)`,
	`CREATE TABLE campaign_daily_stats (id INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL REFERENCES campaigns(id), date TEXT NOT NULL, spend NUMERIC NOT NULL, impressions INTEGER NOT NULL, clicks INTEGER NOT NULL, conversions INTEGER NOT NULL, revenue NUMERIC NOT NULL)`,
}

// lcg is a tiny deterministic generator so the fixture is the same on every run.
type lcg uint64

func (r *lcg) intn(n int) int {
	*r = *r*6364136223846793005 + 1442695040888963407
	return int((uint64(*r) >> 33) % uint64(n))
}

// writeFixture creates the fixture database at path.
func writeFixture(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return fmt.Errorf("open fixture: %w", err)
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback()
	for _, s := range fixtureDDL {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("ddl %q: %w", s, err)
		}
	}
	exec := func(q string, args ...any) {
		if err == nil {
			_, err = tx.ExecContext(ctx, q, args...)
		}
	}
	regions := []string{"North America", "Europe", "Latin America", "Asia Pacific"}
	for i, r := range regions {
		exec(`INSERT INTO regions VALUES (?, ?)`, i+1, r)
	}
	countries := []struct {
		name, code string
		region     int
	}{{"United States", "US", 1}, {"Canada", "CA", 1}, {"Germany", "DE", 2}, {"France", "FR", 2}, {"United Kingdom", "GB", 2},
		{"Brazil", "BR", 3}, {"Mexico", "MX", 3}, {"Japan", "JP", 4}, {"Australia", "AU", 4}}
	for i, c := range countries {
		exec(`INSERT INTO countries VALUES (?, ?, ?, ?)`, i+1, c.name, c.code, c.region)
	}
	reps := []string{"Alice Moreau", "Bob Tanaka", "Carla Souza", "Dan O'Brien", "Eve Schmidt", "Frank Li"}
	for i, n := range reps {
		exec(`INSERT INTO sales_reps VALUES (?, ?, ?, ?, ?)`, i+1, n, strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(n, " ", "."), "'", ""))+"@example.com", i%4+1, fmt.Sprintf("202%d-0%d-01", i%3, i%9+1))
	}
	cities := [][]string{{"New York", "Chicago"}, {"Toronto"}, {"Berlin", "Munich"}, {"Paris"}, {"London"}, {"Sao Paulo", "Rio de Janeiro"}, {"Mexico City"}, {"Tokyo"}, {"Sydney"}}
	segments := []string{"Enterprise", "SMB", "Consumer"}
	r := lcg(42)
	start := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	const nCustomers = 120
	for i := 1; i <= nCustomers; i++ {
		c := r.intn(len(countries))
		city := cities[c][r.intn(len(cities[c]))]
		signup := start.AddDate(0, 0, r.intn(880))
		exec(`INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, i, fmt.Sprintf("Customer %03d", i), fmt.Sprintf("customer%03d@example.com", i),
			fmt.Sprintf("+1-555-%04d", i), c+1, city, segments[r.intn(3)], signup.Format("2006-01-02"), r.intn(len(reps))+1)
	}
	categories := []string{"Electronics", "Furniture", "Office Supplies", "Software"}
	for i, c := range categories {
		exec(`INSERT INTO categories VALUES (?, ?)`, i+1, c)
	}
	products := []struct {
		name  string
		cat   int
		price float64
	}{{"Laptop", 1, 1200}, {"Monitor", 1, 300}, {"Headphones", 1, 150}, {"Desk", 2, 450}, {"Office Chair", 2, 250},
		{"Bookshelf", 2, 180}, {"Notebook", 3, 5}, {"Pen Set", 3, 12}, {"Stapler", 3, 20}, {"Antivirus", 4, 60}, {"Office Suite", 4, 99}}
	for i, p := range products {
		exec(`INSERT INTO products VALUES (?, ?, ?, ?)`, i+1, p.name, p.cat, p.price)
	}
	statuses := []string{"completed", "completed", "completed", "shipped", "pending", "cancelled"}
	lineID := 1
	const nOrders = 900
	for i := 1; i <= nOrders; i++ {
		cust := r.intn(nCustomers) + 1
		date := start.AddDate(0, 0, r.intn(896)) // up to 2025-06-14
		n := r.intn(3) + 1
		total := 0.0
		for k := 0; k < n; k++ {
			p := r.intn(len(products))
			q := r.intn(4) + 1
			lt := products[p].price * float64(q)
			total += lt
			exec(`INSERT INTO order_lines VALUES (?, ?, ?, ?, ?, ?)`, lineID, i, p+1, q, products[p].price, lt)
			lineID++
		}
		exec(`INSERT INTO orders VALUES (?, ?, ?, ?, ?)`, i, cust, date.Format("2006-01-02"), statuses[r.intn(len(statuses))], total)
	}
	campaigns := []struct {
		name, channel string
		budget        float64
		start, end    string
	}{{"Spring Sale", "email", 5000, "2024-03-01", "2024-05-31"}, {"Summer Promo", "social", 8000, "2024-06-01", "2024-08-31"},
		{"Black Friday", "search", 15000, "2024-11-20", "2024-11-30"}, {"Holiday Special", "display", 10000, "2024-12-01", "2024-12-31"},
		{"New Year Kickoff", "email", 4000, "2025-01-01", "2025-01-31"}, {"Spring Sale 2025", "social", 6000, "2025-03-01", "2025-06-14"}}
	statID := 1
	for i, c := range campaigns {
		exec(`INSERT INTO campaigns VALUES (?, ?, ?, ?, ?, ?)`, i+1, c.name, c.channel, c.budget, c.start, c.end)
		s, _ := time.Parse("2006-01-02", c.start)
		e, _ := time.Parse("2006-01-02", c.end)
		for d := s; !d.After(e); d = d.AddDate(0, 0, 1) {
			imp := 1000 + r.intn(9000)
			clicks := imp / (20 + r.intn(30))
			conv := clicks / (5 + r.intn(10))
			spend := float64(50+r.intn(200)) + float64(r.intn(100))/100
			exec(`INSERT INTO campaign_daily_stats VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, statID, i+1, d.Format("2006-01-02"), spend, imp, clicks, conv, float64(conv*(40+r.intn(60))))
			statID++
		}
	}
	if err != nil {
		return fmt.Errorf("insert fixture: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit fixture: %w", err)
	}
	return nil
}

// openFixture builds the fixture in a temporary directory and returns it with its schema,
// read by datasource's own introspection (with sampled values) as the service would.
func openFixture(t testing.TB) (*sql.DB, *datasource.Schema) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "fixture.db")
	if err := writeFixture(ctx, path); err != nil {
		t.Fatal(err)
	}
	return openSQLite(t, dir, "fixture.db")
}

// openSQLite opens a SQLite file of dir and introspects it through datasource.Manager.
func openSQLite(t testing.TB, dir, file string) (*sql.DB, *datasource.Schema) {
	t.Helper()
	m := datasource.NewManager(datasource.ManagerOptions{SQLiteDir: dir})
	t.Cleanup(m.CloseAll)
	s, err := m.Introspect(context.Background(), "ds_bench", datasource.Config{Type: datasource.SQLite, Path: file})
	if err != nil {
		t.Fatalf("introspect %s: %v", file, err)
	}
	db, err := sql.Open("sqlite", filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, s
}

// result is a query result reduced to comparable text: one string per row, each row's values
// formatted (numbers rounded to 2 decimals) and sorted, so column order and aliases do not
// matter but every value does.
type result struct {
	cols int
	rows []string
}

func query(ctx context.Context, db *sql.DB, q string) (result, error) {
	rows, err := db.QueryContext(ctx, q)
	if err != nil {
		return result{}, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return result{}, err
	}
	res := result{cols: len(cols)}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return result{}, err
		}
		cells := make([]string, len(vals))
		for i, v := range vals {
			cells[i] = cell(v)
		}
		sort.Strings(cells)
		res.rows = append(res.rows, strings.Join(cells, " | "))
	}
	return res, rows.Err()
}

func cell(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			return strconv.FormatInt(int64(x), 10)
		}
		return strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
	case []byte:
		return cell(string(x))
	case string:
		if f, err := strconv.ParseFloat(x, 64); err == nil && strings.ContainsAny(x, ".") {
			return cell(f)
		}
		return x
	case time.Time:
		return x.Format("2006-01-02")
	}
	return fmt.Sprint(v)
}

// sameResult compares results; ordered compares row order too.
func sameResult(got, want result, ordered bool) bool {
	if got.cols != want.cols || len(got.rows) != len(want.rows) {
		return false
	}
	g, w := append([]string(nil), got.rows...), append([]string(nil), want.rows...)
	if !ordered {
		sort.Strings(g)
		sort.Strings(w)
	}
	for i := range g {
		if g[i] != w[i] {
			return false
		}
	}
	return true
}
