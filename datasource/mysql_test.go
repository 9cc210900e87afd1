package datasource

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/analytics-agent/service/netguard"
)

var mysqlFixture = []string{
	`CREATE TABLE regions (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(50) NOT NULL) ENGINE=InnoDB`,
	`CREATE TABLE customers (
		id BIGINT AUTO_INCREMENT PRIMARY KEY,
		name VARCHAR(100) NOT NULL,
		country VARCHAR(50),
		segment ENUM('Enterprise', 'SMB', 'Consumer') NOT NULL,
		notes TEXT,
		region_id INT,
		signup_date DATE,
		active TINYINT(1),
		credit DECIMAL(12,2),
		score DOUBLE,
		created_at DATETIME,
		big BIGINT UNSIGNED,
		CONSTRAINT fk_region FOREIGN KEY (region_id) REFERENCES regions(id)
	) ENGINE=InnoDB`,
	`CREATE TABLE order_lines (
		order_id INT NOT NULL, line_no INT NOT NULL, customer_id BIGINT, sku VARCHAR(20),
		PRIMARY KEY (order_id, line_no),
		CONSTRAINT fk_customer FOREIGN KEY (customer_id) REFERENCES customers(id)
	) ENGINE=InnoDB`,
	`CREATE VIEW customer_countries AS SELECT country, count(*) AS n FROM customers GROUP BY country`,
	`CREATE SEQUENCE order_numbers`,
	`INSERT INTO regions (name) VALUES ('Europe'), ('Latin America')`,
	`INSERT INTO customers (name, country, segment, notes, region_id, signup_date, active, credit, score, created_at, big)
	 SELECT CONCAT('Customer ', seq), ELT(seq % 3 + 1, 'Brazil', 'Germany', 'France'), 'SMB', REPEAT('x', seq),
		1 + seq % 2, DATE_ADD('2024-01-01', INTERVAL seq % 28 DAY), seq % 2 = 0, seq + 0.10, 0.5,
		'2024-03-01 12:30:00', 18446744073709551615
	 FROM seq_1_to_120`,
}

// newMySQLSource creates a uniquely named database on TEST_MYSQL_DSN's server (MariaDB here),
// loads setup into it and drops it when the test ends.
func newMySQLSource(t testing.TB, setup []string) (*Manager, Config) {
	t.Helper()
	dsn := os.Getenv("TEST_MYSQL_DSN")
	if dsn == "" {
		t.Skip("TEST_MYSQL_DSN not set")
	}
	admin, err := mysql.ParseDSN(dsn)
	if err != nil {
		t.Fatal(err)
	}
	adminDB, err := sql.Open("mysql", admin.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { adminDB.Close() })
	name := fmt.Sprintf("ds_test_%d_%08x", os.Getpid(), rand.Uint32())
	if _, err := adminDB.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := adminDB.Exec("DROP DATABASE IF EXISTS " + name); err != nil {
			t.Errorf("dropping %s: %v", name, err)
		}
	})
	host, portStr, err := net.SplitHostPort(admin.Addr)
	if err != nil {
		t.Fatal(err)
	}
	port, _ := strconv.Atoi(portStr)
	cfg := Config{Type: MySQL, Host: host, Port: port, Database: name, Username: admin.User, Password: admin.Passwd, SSLMode: "disable"}
	if len(setup) > 0 {
		owner := admin.Clone()
		owner.DBName = name
		db, err := sql.Open("mysql", owner.FormatDSN())
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		db.SetMaxOpenConns(1)
		for _, q := range setup {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	m := NewManager(ManagerOptions{Guard: netguard.New(true)})
	t.Cleanup(m.CloseAll)
	return m, cfg
}

func TestMySQLTest(t *testing.T) {
	m, cfg := newMySQLSource(t, nil)
	ctx := context.Background()
	if ok := m.Test(ctx, cfg); !ok.Success || ok.ServerVersion == "" {
		t.Fatalf("Test() = %+v", ok)
	}
	// The default ssl_mode (prefer) falls back to plain text on a server without TLS.
	preferred := cfg
	preferred.SSLMode = ""
	if res := m.Test(ctx, preferred); !res.Success {
		t.Errorf("Test(ssl_mode prefer) = %+v", res)
	}
	tests := []struct {
		name   string
		mutate func(*Config)
		reason string
	}{
		{"wrong user", func(c *Config) { c.Username, c.Password = "no_such_user_x", "s3cret-pw" }, ReasonAuthFailed},
		{"wrong password", func(c *Config) { c.Password = "s3cret-pw" }, ReasonAuthFailed},
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

func TestMySQLIntrospect(t *testing.T) {
	m, cfg := newMySQLSource(t, mysqlFixture)
	s, err := m.Introspect(context.Background(), "ds_my", cfg)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tb := range s.Tables {
		names = append(names, tb.Name+":"+tb.Kind) // not the sequence

	}
	want := []string{"customer_countries:view", "customers:table", "order_lines:table", "regions:table"}
	if !slices.Equal(names, want) {
		t.Fatalf("tables = %v, want %v", names, want)
	}
	cust := s.Table("customers")
	if cust.RowCount < 100 || !slices.Equal(cust.PrimaryKey, []string{"id"}) {
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
		{"name", "varchar(100)", false, nil},
		{"country", "varchar(50)", true, []string{"Brazil", "France", "Germany"}},
		{"segment", "enum('enterprise','smb','consumer')", false, []string{"SMB"}},
		{"notes", "text", true, nil},
		{"credit", "decimal(12,2)", true, nil},
	}
	for _, c := range cols {
		got := cust.Column(c.name)
		if got == nil || got.Type != c.typ || got.Nullable != c.nullable || !slices.Equal(got.SampleValues, c.sample) {
			t.Errorf("column %s = %+v, want %+v", c.name, got, c)
		}
	}
	checkCustomerProfile(t, s)
	lines := s.Table("order_lines")
	if !slices.Equal(lines.PrimaryKey, []string{"order_id", "line_no"}) ||
		!fkEqual(lines.ForeignKeys, []ForeignKey{{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}}}) {
		t.Errorf("order_lines = %+v", lines)
	}
	if v := s.Table("customer_countries"); v.RowCount != -1 || len(v.Columns) != 2 {
		t.Errorf("view = %+v", v)
	}
}

func TestMySQLQuery(t *testing.T) {
	m, cfg := newMySQLSource(t, mysqlFixture)
	ctx := context.Background()
	// With and without arguments: the driver uses the binary and the text protocol.
	for _, args := range [][]any{{2}, nil} {
		q := `SELECT id, name, signup_date, active, credit, score, created_at, big, NULL AS missing, credit * 3 AS tripled
			FROM customers WHERE id = ?`
		if args == nil {
			q = strings.Replace(q, "?", "2", 1)
		}
		res, err := m.Query(ctx, "ds_my", cfg, q, args, QueryOptions{})
		if err != nil {
			t.Fatal(err)
		}
		row := res.Rows[0]
		want := map[string]any{
			"id":          int64(2),
			"name":        "Customer 2",
			"signup_date": "2024-01-03",
			"active":      int64(1),
			"credit":      json.Number("2.10"),
			"score":       0.5,
			"created_at":  "2024-03-01T12:30:00Z",
			"big":         json.Number("18446744073709551615"),
			"missing":     nil,
			"tripled":     json.Number("6.30"),
		}
		for k, w := range want {
			if got := row[k]; got != w {
				t.Errorf("args %v: %s = %#v (%T), want %#v", args, k, got, got, w)
			}
		}
	}
}

func TestMySQLQueryGuards(t *testing.T) {
	m, cfg := newMySQLSource(t, mysqlFixture)
	ctx := context.Background()
	for _, q := range []string{
		"SELECT NEXTVAL(order_numbers)", // a write disguised as a SELECT: the read-only transaction stops it
		"INSERT INTO regions (name) VALUES ('Nowhere')",
		"SELECT 1; DELETE FROM regions",
	} {
		if _, err := m.Query(ctx, "ds_my", cfg, q, nil, QueryOptions{}); err == nil {
			t.Errorf("%q succeeded", q)
		}
	}

	start := time.Now()
	_, err := m.Query(ctx, "ds_my", cfg, "SELECT SLEEP(5)", nil, QueryOptions{Timeout: 500 * time.Millisecond})
	if !errors.Is(err, ErrTimeout) || time.Since(start) > 3*time.Second {
		t.Errorf("sleep: %v after %s, want ErrTimeout quickly", err, time.Since(start))
	}
	// The session timeout was reset: a slower statement with a larger budget still runs.
	if _, err := m.Query(ctx, "ds_my", cfg, "SELECT SLEEP(1)", nil, QueryOptions{Timeout: 5 * time.Second}); err != nil {
		t.Errorf("after timeout: %v", err)
	}

	res, err := m.Query(ctx, "ds_my", cfg, "SELECT seq FROM seq_1_to_50", nil, QueryOptions{MaxRows: 10})
	if err != nil || res.RowCount != 10 || !res.Truncated {
		t.Errorf("row cap: %+v %v", res, err)
	}
}
