package datasource

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/analytics-agent/service/netguard"
)

const pgFixture = `
CREATE TABLE regions (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE customers (
	id bigserial PRIMARY KEY,
	name varchar(100) NOT NULL,
	country text,
	segment text NOT NULL,
	notes text,
	region_id int REFERENCES regions(id),
	signup_date date,
	active boolean,
	credit numeric(12,2),
	score double precision,
	created_at timestamptz,
	meta jsonb,
	tiny smallint
);
CREATE TABLE order_lines (
	order_id int NOT NULL,
	line_no int NOT NULL,
	sku text,
	PRIMARY KEY (order_id, line_no)
);
CREATE SCHEMA sales;
CREATE TABLE sales.targets (id int PRIMARY KEY, customer_id bigint REFERENCES customers(id), amount numeric(12,2));
CREATE VIEW customer_countries AS SELECT country, count(*) AS n FROM customers GROUP BY country;
INSERT INTO regions (name) VALUES ('Europe'), ('Latin America');
INSERT INTO customers (name, country, segment, notes, region_id, signup_date, active, credit, score, created_at, meta, tiny)
SELECT 'Customer ' || i, (ARRAY['Brazil', 'Germany', 'France'])[i % 3 + 1], 'SMB', repeat('x', i), 1 + i % 2,
	date '2024-01-01' + (i % 28), i % 2 = 0, i + 0.10, 0.5, timestamptz '2024-03-01 12:30:00+02', '{"a": [1, 2]}', 7
FROM generate_series(1, 120) i;
`

// newPostgresSource creates a uniquely named database on TEST_DATABASE_URL's server, loads
// setup into it and drops it when the test ends.
func newPostgresSource(t testing.TB, setup string) (*Manager, Config) {
	t.Helper()
	url := os.Getenv("TEST_DATABASE_URL")
	if url == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	admin, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	adminDB := stdlib.OpenDB(*admin)
	t.Cleanup(func() { adminDB.Close() })
	name := fmt.Sprintf("ds_test_%d_%08x", os.Getpid(), rand.Uint32())
	if _, err := adminDB.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := adminDB.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)"); err != nil {
			t.Errorf("dropping %s: %v", name, err)
		}
	})
	cfg := Config{
		Type: Postgres, Host: admin.Host, Port: int(admin.Port), Database: name,
		Username: admin.User, Password: admin.Password, SSLMode: "disable",
	}
	if setup != "" {
		owner := *admin
		owner.Database = name
		db := stdlib.OpenDB(owner)
		defer db.Close()
		if _, err := db.Exec(setup); err != nil {
			t.Fatal(err)
		}
	}
	m := NewManager(ManagerOptions{Guard: netguard.New(true)})
	t.Cleanup(m.CloseAll)
	return m, cfg
}

func TestPostgresTest(t *testing.T) {
	m, cfg := newPostgresSource(t, "")
	ctx := context.Background()
	ok := m.Test(ctx, cfg)
	if !ok.Success || !strings.HasPrefix(ok.ServerVersion, "PostgreSQL") {
		t.Fatalf("Test() = %+v", ok)
	}
	tests := []struct {
		name   string
		mutate func(*Config)
		reason string
	}{
		// This server trusts local users, so a wrong password cannot be tested; an unknown role
		// fails authentication the same way (SQLSTATE 28000).
		{"unknown user", func(c *Config) { c.Username, c.Password = "no_such_user_x", "s3cret-pw" }, ReasonAuthFailed},
		{"unknown database", func(c *Config) { c.Database = "no_such_db_x" }, ReasonUnknownDatabase},
		{"refused", func(c *Config) { c.Port = closedPort(t) }, ReasonConnectionRefused},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := cfg
			tt.mutate(&c)
			res := m.Test(ctx, c)
			if res.Success || res.Reason != tt.reason || strings.Contains(res.Error, "s3cret-pw") {
				t.Errorf("Test() = %+v, want reason %s", res, tt.reason)
			}
		})
	}
}

func TestPostgresIntrospect(t *testing.T) {
	m, cfg := newPostgresSource(t, pgFixture)
	s, err := m.Introspect(context.Background(), "ds_pg", cfg)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tb := range s.Tables {
		names = append(names, tb.Name+":"+tb.Kind)
	}
	want := []string{"customer_countries:view", "customers:table", "order_lines:table", "regions:table", "sales.targets:table"}
	if !slices.Equal(names, want) {
		t.Fatalf("tables = %v, want %v", names, want)
	}
	cust := s.Table("customers")
	if cust.RowCount != 120 || !slices.Equal(cust.PrimaryKey, []string{"id"}) {
		t.Errorf("customers: rows %d, pk %v", cust.RowCount, cust.PrimaryKey)
	}
	if !fkEqual(cust.ForeignKeys, []ForeignKey{{Columns: []string{"region_id"}, RefTable: "regions", RefColumns: []string{"id"}}}) {
		t.Errorf("customers FKs = %+v", cust.ForeignKeys)
	}
	cols := []struct {
		name, typ string
		nullable  bool
		sample    []string
	}{
		{"id", "bigint", false, nil},
		{"name", "character varying(100)", false, nil},
		{"country", "text", true, []string{"Brazil", "France", "Germany"}},
		{"segment", "text", false, []string{"SMB"}},
		{"notes", "text", true, nil},
		{"credit", "numeric(12,2)", true, nil},
		{"created_at", "timestamp with time zone", true, nil},
	}
	for _, c := range cols {
		got := cust.Column(c.name)
		if got == nil || got.Type != c.typ || got.Nullable != c.nullable || !slices.Equal(got.SampleValues, c.sample) {
			t.Errorf("column %s = %+v, want %+v", c.name, got, c)
		}
	}
	checkCustomerProfile(t, s)
	targets := s.Table("sales.targets")
	if targets.Schema != "sales" || !fkEqual(targets.ForeignKeys, []ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}}}) {
		t.Errorf("sales.targets = %+v", targets)
	}
	if pk := s.Table("order_lines").PrimaryKey; !slices.Equal(pk, []string{"order_id", "line_no"}) {
		t.Errorf("order_lines pk = %v", pk)
	}
	if v := s.Table("customer_countries"); v.RowCount != -1 || len(v.Columns) != 2 {
		t.Errorf("view = %+v", v)
	}
}

func TestPostgresQuery(t *testing.T) {
	m, cfg := newPostgresSource(t, pgFixture)
	ctx := context.Background()
	res, err := m.Query(ctx, "ds_pg", cfg, `
		SELECT id, name, signup_date, active, credit, score, created_at, meta, tiny, NULL::text AS missing,
			credit * 3 AS tripled, 'NaN'::numeric AS nan, '2024-01-02 03:04:05'::timestamp AS naive
		FROM customers WHERE id = $1`, []any{2}, QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	row := res.Rows[0]
	want := map[string]any{
		"id":          int64(2),
		"name":        "Customer 2",
		"signup_date": "2024-01-03",
		"active":      true,
		"credit":      json.Number("2.10"),
		"score":       0.5,
		"created_at":  "2024-03-01T10:30:00Z",
		"tiny":        int64(7),
		"missing":     nil,
		"tripled":     json.Number("6.30"),
		"nan":         "NaN",
		"naive":       "2024-01-02T03:04:05Z",
	}
	for k, w := range want {
		if got := row[k]; got != w {
			t.Errorf("%s = %#v (%T), want %#v", k, got, got, w)
		}
	}
	if b, _ := json.Marshal(row["meta"]); string(b) != `{"a":[1,2]}` {
		t.Errorf("meta = %s", b)
	}
	if _, err := json.Marshal(res); err != nil {
		t.Errorf("marshal: %v", err)
	}
}

func TestPostgresQueryGuards(t *testing.T) {
	m, cfg := newPostgresSource(t, pgFixture)
	ctx := context.Background()
	// Writes that pass the keyword check are stopped by the read-only transaction.
	for _, q := range []string{
		"WITH x AS (INSERT INTO regions (name) VALUES ('Nowhere') RETURNING id) SELECT * FROM x",
		"SELECT nextval('regions_id_seq')",
		"SELECT * INTO copy_of_regions FROM regions",
		"INSERT INTO regions (name) VALUES ('Nowhere')",
		"SELECT 1; DELETE FROM regions",
	} {
		if _, err := m.Query(ctx, "ds_pg", cfg, q, nil, QueryOptions{}); err == nil {
			t.Errorf("%q succeeded", q)
		}
	}
	res, err := m.Query(ctx, "ds_pg", cfg, "SELECT count(*) AS n FROM regions", nil, QueryOptions{})
	if err != nil || res.Rows[0]["n"] != int64(2) {
		t.Fatalf("regions changed: %v %v", res, err)
	}

	start := time.Now()
	_, err = m.Query(ctx, "ds_pg", cfg, "SELECT pg_sleep(5)", nil, QueryOptions{Timeout: 300 * time.Millisecond})
	if !errors.Is(err, ErrTimeout) || time.Since(start) > 2*time.Second {
		t.Errorf("sleep: %v after %s, want ErrTimeout quickly", err, time.Since(start))
	}

	res, err = m.Query(ctx, "ds_pg", cfg, "SELECT i FROM generate_series(1, 50) i", nil, QueryOptions{MaxRows: 10})
	if err != nil || res.RowCount != 10 || !res.Truncated || res.Rows[9]["i"] != int64(10) {
		t.Errorf("row cap: %+v %v", res, err)
	}
	res, err = m.Query(ctx, "ds_pg", cfg, "SELECT i FROM generate_series(1, 10) i", nil, QueryOptions{MaxRows: 10})
	if err != nil || res.RowCount != 10 || res.Truncated {
		t.Errorf("exact cap: %+v %v", res, err)
	}
}
