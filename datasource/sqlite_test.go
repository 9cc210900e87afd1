package datasource

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// sqliteFixture is the schema the sqlite tests introspect and query: keys, a composite key, a
// view, an implicit foreign key target, every value type the conversion handles.
const sqliteFixture = `
CREATE TABLE regions (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE customers (
	id INTEGER PRIMARY KEY,
	name VARCHAR(100) NOT NULL,
	country TEXT,
	segment TEXT NOT NULL,
	notes TEXT,
	region_id INTEGER REFERENCES regions(id),
	signup_date DATE,
	active BOOLEAN,
	credit DECIMAL(12,2),
	score REAL,
	created_at DATETIME,
	avatar BLOB
);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers, total DECIMAL(12,2));
CREATE TABLE order_lines (
	order_id INTEGER NOT NULL,
	line_no INTEGER NOT NULL,
	sku TEXT,
	PRIMARY KEY (order_id, line_no),
	FOREIGN KEY (order_id) REFERENCES orders(id)
);
CREATE VIEW customer_countries AS SELECT country, count(*) AS n FROM customers GROUP BY country;
INSERT INTO regions VALUES (1, 'Europe'), (2, 'Latin America');
`

// newSQLiteSource writes the fixture into a fresh folder and returns a manager rooted there
// and the config of the fixture file.
func newSQLiteSource(t testing.TB) (*Manager, Config) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "shop.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(sqliteFixture); err != nil {
		t.Fatal(err)
	}
	countries := []string{"Brazil", "Germany", "France"}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 120; i++ {
		notes := strings.Repeat("x", i) // 120 distinct values: high cardinality, never sampled
		_, err := tx.Exec(`INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			i, fmt.Sprintf("Customer %d", i), countries[i%3], "SMB", notes, 1+i%2,
			fmt.Sprintf("2024-01-%02d", 1+i%28), i%2 == 0, fmt.Sprintf("%d.10", i), 0.5, "2024-03-01 12:30:00", []byte{0xff, 0x00})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	m := NewManager(ManagerOptions{SQLiteDir: dir})
	t.Cleanup(m.CloseAll)
	return m, Config{Type: SQLite, Path: "shop.db"}
}

func TestSQLiteIntrospect(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	s, err := m.Introspect(context.Background(), "ds_1", cfg)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tb := range s.Tables {
		names = append(names, tb.Name+":"+tb.Kind)
	}
	want := []string{"customer_countries:view", "customers:table", "order_lines:table", "orders:table", "regions:table"}
	if !slices.Equal(names, want) {
		t.Fatalf("tables = %v, want %v", names, want)
	}
	cust := s.Table("customers")
	if cust.RowCount != 120 {
		t.Errorf("customers.RowCount = %d, want 120", cust.RowCount)
	}
	if !slices.Equal(cust.PrimaryKey, []string{"id"}) {
		t.Errorf("customers PK = %v", cust.PrimaryKey)
	}
	wantFK := []ForeignKey{{Columns: []string{"region_id"}, RefTable: "regions", RefColumns: []string{"id"}}}
	if !fkEqual(cust.ForeignKeys, wantFK) {
		t.Errorf("customers FKs = %+v, want %+v", cust.ForeignKeys, wantFK)
	}
	cols := []struct {
		name     string
		typ      string
		nullable bool
		sample   []string
	}{
		{"id", "integer", false, nil},
		{"name", "varchar(100)", false, nil}, // 120 distinct names
		{"country", "text", true, []string{"Brazil", "France", "Germany"}},
		{"segment", "text", false, []string{"SMB"}},
		{"notes", "text", true, nil},
		{"signup_date", "date", true, nil}, // not text: never sampled
		{"credit", "decimal(12,2)", true, nil},
	}
	for _, c := range cols {
		got := cust.Column(c.name)
		if got == nil {
			t.Errorf("column %s missing", c.name)
			continue
		}
		if got.Type != c.typ || got.Nullable != c.nullable || !slices.Equal(got.SampleValues, c.sample) {
			t.Errorf("column %s = {%s nullable=%v samples=%v}, want {%s %v %v}",
				c.name, got.Type, got.Nullable, got.SampleValues, c.typ, c.nullable, c.sample)
		}
	}
	lines := s.Table("order_lines")
	if !slices.Equal(lines.PrimaryKey, []string{"order_id", "line_no"}) {
		t.Errorf("order_lines PK = %v", lines.PrimaryKey)
	}
	if lines.RowCount != 0 || lines.Column("sku").SampleValues != nil {
		t.Errorf("empty table: count %d, samples %v", lines.RowCount, lines.Column("sku").SampleValues)
	}
	// "REFERENCES customers" without a column list targets the primary key.
	orders := s.Table("orders")
	wantFK = []ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}}}
	if !fkEqual(orders.ForeignKeys, wantFK) {
		t.Errorf("orders FKs = %+v, want %+v", orders.ForeignKeys, wantFK)
	}
	view := s.Table("customer_countries")
	if view.RowCount != -1 || len(view.Columns) != 2 || view.Columns[0].Name != "country" {
		t.Errorf("view = %+v", view)
	}
	if s.RefreshedAt.IsZero() {
		t.Error("RefreshedAt not set")
	}
}

func TestSQLiteIntrospectProfilesColumnsAndIndexesLabels(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	s, err := m.Introspect(context.Background(), "ds_1", cfg)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		column           string
		distinct, nonNul int64
		min, max         string
		values           int // length of the value index
	}{
		{"name", 120, 120, "Customer 1", "Customer 99", 120},  // a label with many values: indexed
		{"notes", 120, 120, "x", strings.Repeat("x", 100), 0}, // prose: never indexed
		{"country", 3, 120, "Brazil", "Germany", 0},           // sampled, not indexed
		{"active", 2, 120, "0", "1", 0},                       // a 0/1 flag by its data
		{"signup_date", 28, 120, "2024-01-01", "2024-01-28", 0},
	}
	for _, c := range cases {
		p := s.ProfileOf("customers", c.column)
		if p == nil {
			t.Errorf("%s: no profile", c.column)
			continue
		}
		if p.Rows != 120 || p.Distinct != c.distinct || p.NonNull != c.nonNul || p.Min != c.min || p.Max != c.max || len(p.Values) != c.values {
			t.Errorf("%s: profile = {rows %d distinct %d non-null %d min %q max %q values %d}, want {120 %d %d %q %q %d}",
				c.column, p.Rows, p.Distinct, p.NonNull, p.Min, p.Max, len(p.Values), c.distinct, c.nonNul, c.min, c.max, c.values)
		}
	}
	if p := s.ProfileOf("order_lines", "sku"); p != nil {
		t.Errorf("an empty table is not profiled: %+v", p)
	}
	// Stored and read back, the schema keeps its profile; the public tables do not carry it.
	raw, _ := json.Marshal(s)
	var back Schema
	if err := json.Unmarshal(raw, &back); err != nil || len(back.Profile) != len(s.Profile) {
		t.Fatalf("round trip: %v, %d profiles", err, len(back.Profile))
	}
	if tb, _ := json.Marshal(s.Tables); strings.Contains(string(tb), "Customer 77") {
		t.Error("the value index leaked into the tables")
	}
}

// checkCustomerProfile checks what every engine's introspection learns from the customers
// fixture's data: 120 distinct names in the value index, 3 countries, a two-valued flag.
func checkCustomerProfile(t *testing.T, s *Schema) {
	t.Helper()
	want := map[string][2]int64{"name": {120, 120}, "country": {3, 0}, "active": {2, 0}, "notes": {120, 0}}
	for col, w := range want {
		p := s.ProfileOf("customers", col)
		if p == nil || p.Rows != 120 || p.Distinct != w[0] || int64(len(p.Values)) != w[1] {
			t.Errorf("customers.%s profile = %+v, want 120 rows, %d distinct, %d indexed", col, p, w[0], w[1])
		}
	}
}

func TestIndexBudgetLeavesOutHugeTablesAndLongValuesFirst(t *testing.T) {
	vals := func(n, length int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%0*d", length, i)
		}
		return out
	}
	small := &introTable{Table: Table{Name: "small", RowCount: 100}, index: map[int][]string{0: vals(100, 10)}}
	huge := &introTable{Table: Table{Name: "huge", RowCount: 900_000}, index: map[int][]string{0: vals(MaxIndexValues-50, 5)}}
	long := &introTable{Table: Table{Name: "long", RowCount: 100}, index: map[int][]string{0: vals(60, 5), 1: vals(50_000, 90), 2: vals(50_000, 91)}}
	applyIndexBudget([]*introTable{huge, small, long})
	if small.index[0] == nil || long.index[0] == nil {
		t.Error("the short values of small tables must be kept")
	}
	if long.index[1] == nil || long.index[2] != nil {
		t.Error("4.5 MB of long values fit the byte budget once, not twice; the longest are left out")
	}
	if huge.index[0] != nil {
		t.Error("the huge table's column should be left out: it does not fit after the small ones")
	}
}

func TestSQLiteQueryConversion(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	res, err := m.Query(context.Background(), "ds_1", cfg,
		`SELECT id, name, signup_date, active, credit, score, created_at, avatar, NULL AS missing,
			credit * 2 AS doubled, count(*) OVER () AS n
		 FROM customers WHERE id = ?`, []any{2}, QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.RowCount != 1 || res.Truncated || len(res.Rows) != 1 {
		t.Fatalf("result = %+v", res)
	}
	row := res.Rows[0]
	want := map[string]any{
		"id":          int64(2),
		"name":        "Customer 2",
		"signup_date": "2024-01-03",
		"active":      true,
		"credit":      json.Number("2.1"),
		"score":       0.5,
		"created_at":  "2024-03-01T12:30:00Z",
		"avatar":      "/wA=", // binary: base64
		"missing":     nil,
		"doubled":     4.2,
		"n":           int64(1),
	}
	for k, w := range want {
		if got := row[k]; got != w {
			t.Errorf("%s = %#v (%T), want %#v (%T)", k, got, got, w, w)
		}
	}
	types := map[string]string{}
	for _, c := range res.Columns {
		types[c.Name] = c.Type
	}
	if types["credit"] != "decimal" || types["signup_date"] != "date" || types["doubled"] != "real" {
		t.Errorf("column types = %v", types)
	}
	if _, err := json.Marshal(res); err != nil {
		t.Errorf("result does not marshal: %v", err)
	}
}

func TestSQLiteQueryDuplicateColumns(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	res, err := m.Query(context.Background(), "ds_1", cfg,
		`SELECT c.id, r.id, r.id AS id_2 FROM customers c JOIN regions r ON r.id = c.region_id WHERE c.id = 1`, nil, QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range res.Columns {
		names = append(names, c.Name)
	}
	if !slices.Equal(names, []string{"id", "id_3", "id_2"}) && !slices.Equal(names, []string{"id", "id_2", "id_2_2"}) {
		t.Errorf("column names = %v, want unique names", names)
	}
	if len(res.Rows[0]) != 3 {
		t.Errorf("row lost a value: %v", res.Rows[0])
	}
}

func TestSQLiteQueryReadOnly(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	ctx := context.Background()
	for _, q := range []string{
		"INSERT INTO regions VALUES (9, 'Nowhere')",
		"UPDATE regions SET name = 'X'",
		"DELETE FROM regions",
		"CREATE TABLE evil (x)",
		"SELECT 1; DELETE FROM regions",
		"COMMIT; ATTACH 'other.db' AS o; SELECT 1",
	} {
		if _, err := m.Query(ctx, "ds_1", cfg, q, nil, QueryOptions{}); err == nil {
			t.Errorf("%q succeeded, want an error", q)
		}
	}
	for _, q := range []string{"ATTACH 'other.db' AS o", "VACUUM INTO 'other.db'", "PRAGMA query_only = 0", "/* x */ ATTACH 'other.db' AS o"} {
		if _, err := m.Query(ctx, "ds_1", cfg, q, nil, QueryOptions{}); !errors.Is(err, ErrNotReadStatement) {
			t.Errorf("%q: %v, want ErrNotReadStatement", q, err)
		}
	}
	res, err := m.Query(ctx, "ds_1", cfg, "SELECT count(*) AS n FROM regions", nil, QueryOptions{})
	if err != nil || res.Rows[0]["n"] != int64(2) {
		t.Fatalf("regions changed: %v %v", res, err)
	}
	if _, err := os.Stat(filepath.Join(m.opts.SQLiteDir, "other.db")); err == nil {
		t.Error("a query created a file")
	}
}

func TestSQLiteQueryRowCap(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	tests := []struct {
		max       int
		wantRows  int
		truncated bool
	}{
		{10, 10, true},
		{120, 120, false},
		{500, 120, false},
	}
	for _, tt := range tests {
		res, err := m.Query(context.Background(), "ds_1", cfg, "SELECT id FROM customers ORDER BY id", nil, QueryOptions{MaxRows: tt.max})
		if err != nil {
			t.Fatal(err)
		}
		if res.RowCount != tt.wantRows || len(res.Rows) != tt.wantRows || res.Truncated != tt.truncated {
			t.Errorf("MaxRows %d: rows %d (len %d), truncated %v; want %d, %v",
				tt.max, res.RowCount, len(res.Rows), res.Truncated, tt.wantRows, tt.truncated)
		}
	}
}

func TestSQLiteQueryTimeout(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	start := time.Now()
	_, err := m.Query(context.Background(), "ds_1", cfg,
		`WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r`,
		nil, QueryOptions{Timeout: 200 * time.Millisecond})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("timeout took %s", d)
	}
	// The pool still works afterwards.
	if _, err := m.Query(context.Background(), "ds_1", cfg, "SELECT 1", nil, QueryOptions{}); err != nil {
		t.Errorf("query after timeout: %v", err)
	}
}

func TestSQLiteTest(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	ctx := context.Background()
	if err := os.WriteFile(filepath.Join(m.opts.SQLiteDir, "junk.db"), []byte(strings.Repeat("not a database ", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	ok := m.Test(ctx, cfg)
	if !ok.Success || !strings.HasPrefix(ok.ServerVersion, "SQLite 3.") || ok.Reason != "" {
		t.Errorf("Test(fixture) = %+v", ok)
	}
	tests := []struct {
		path   string
		reason string
	}{
		{"missing.db", ReasonUnknownDatabase},
		{"../shop.db", ReasonInvalidConfig},
		{"/etc/hosts", ReasonInvalidConfig},
		{"junk.db", ReasonOther},
	}
	for _, tt := range tests {
		res := m.Test(ctx, Config{Type: SQLite, Path: tt.path})
		if res.Success || res.Reason != tt.reason || res.Error == "" {
			t.Errorf("Test(%q) = %+v, want reason %s", tt.path, res, tt.reason)
		}
	}
	if _, err := os.Stat(filepath.Join(m.opts.SQLiteDir, "missing.db")); err == nil {
		t.Error("Test created the missing file")
	}
	// Errors from Query and Introspect on a missing file say unreachable.
	if _, err := m.Query(ctx, "ds_2", Config{Type: SQLite, Path: "missing.db"}, "SELECT 1", nil, QueryOptions{}); !errors.Is(err, ErrUnreachable) {
		t.Errorf("query on missing file: %v, want ErrUnreachable", err)
	}
	if _, err := m.Introspect(ctx, "ds_2", Config{Type: SQLite, Path: "../x.db"}); !errors.Is(err, ErrPathOutsideDir) {
		t.Errorf("introspect outside: %v, want ErrPathOutsideDir", err)
	}
}

func TestManagerPools(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	ctx := context.Background()
	if _, err := m.Query(ctx, "ds_1", cfg, "SELECT 1", nil, QueryOptions{}); err != nil {
		t.Fatal(err)
	}
	first := m.pools["ds_1"]
	if _, err := m.Query(ctx, "ds_1", cfg, "SELECT 1", nil, QueryOptions{}); err != nil {
		t.Fatal(err)
	}
	if m.pools["ds_1"] != first {
		t.Error("same config reopened the pool")
	}

	// A changed config (another file) replaces the pool and closes the old one.
	src, _ := os.ReadFile(filepath.Join(m.opts.SQLiteDir, "shop.db"))
	if err := os.WriteFile(filepath.Join(m.opts.SQLiteDir, "copy.db"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	moved := Config{Type: SQLite, Path: "copy.db"}
	if _, err := m.Query(ctx, "ds_1", moved, "SELECT 1", nil, QueryOptions{}); err != nil {
		t.Fatal(err)
	}
	if m.pools["ds_1"] == first {
		t.Error("changed config kept the old pool")
	}
	if err := first.db.Ping(); err == nil {
		t.Error("old pool still open")
	}

	m.Close("ds_1")
	if _, ok := m.pools["ds_1"]; ok {
		t.Error("Close kept the pool")
	}
	if _, err := m.Query(ctx, "ds_1", moved, "SELECT 1", nil, QueryOptions{}); err != nil {
		t.Errorf("query after Close: %v", err)
	}
}

// TestManagerPoolInUseSurvivesReplace checks that replacing a pool mid-query does not break the
// query that holds it.
func TestManagerPoolInUseSurvivesReplace(t *testing.T) {
	m, cfg := newSQLiteSource(t)
	p, err := m.acquire("ds_1", cfg)
	if err != nil {
		t.Fatal(err)
	}
	m.Close("ds_1")
	if err := p.db.Ping(); err != nil {
		t.Fatalf("pool closed while in use: %v", err)
	}
	m.release(p)
	if err := p.db.Ping(); err == nil {
		t.Error("retired pool not closed after release")
	}
}

func fkEqual(a, b []ForeignKey) bool {
	return slices.EqualFunc(a, b, func(x, y ForeignKey) bool {
		return x.RefTable == y.RefTable && slices.Equal(x.Columns, y.Columns) && slices.Equal(x.RefColumns, y.RefColumns)
	})
}

// TestSQLiteIntrospectSpansDatesOverTheWholeTable: the profile reads the first MaxProfileRows
// rows, but a date's and a year's first and last values come from every row, so a month
// said without a year falls in the years the data really covers.
func TestSQLiteIntrospectSpansDatesOverTheWholeTable(t *testing.T) {
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, "sales.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, sold_on TEXT, year INTEGER, note TEXT)`); err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= MaxProfileRows+500; i++ {
		day, year := "2015-01-05", 2015
		if i > MaxProfileRows {
			day, year = "2016-11-30", 2016 // only past the rows the profile reads
		}
		if _, err := tx.Exec(`INSERT INTO sales VALUES (?, ?, ?, ?)`, i, day, year, "n"); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	m := NewManager(ManagerOptions{SQLiteDir: dir})
	t.Cleanup(m.CloseAll)
	s, err := m.Introspect(context.Background(), "ds_1", Config{Type: SQLite, Path: "sales.db"})
	if err != nil {
		t.Fatal(err)
	}
	for col, want := range map[string][2]string{"sold_on": {"2015-01-05", "2016-11-30"}, "year": {"2015", "2016"}, "note": {"n", "n"}} {
		p := s.ProfileOf("sales", col)
		if p == nil || p.Min != want[0] || p.Max != want[1] {
			t.Errorf("%s: profile %+v, want min %s max %s", col, p, want[0], want[1])
		}
	}
}
