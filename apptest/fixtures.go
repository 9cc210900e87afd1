package apptest

import (
	"database/sql"
	"fmt"
	neturl "net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/glebarez/go-sqlite"  // database/sql driver "sqlite"
	_ "github.com/go-sql-driver/mysql" // database/sql driver "mysql"

	"github.com/analytics-agent/service/ids"
)

// shopDDL is a small shop schema, portable across the three databases.
var shopDDL = []string{
	`CREATE TABLE regions (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL)`,
	`CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, email VARCHAR(200), phone VARCHAR(50),
		country VARCHAR(100) NOT NULL, region_id INTEGER REFERENCES regions(id))`,
	`CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id),
		order_date DATE NOT NULL, status VARCHAR(20) NOT NULL, total_amount DECIMAL(12,2) NOT NULL)`,
}

var shopRows = []string{
	`INSERT INTO regions (id, name) VALUES (1, 'Europe'), (2, 'Latin America'), (3, 'North America')`,
	`INSERT INTO customers (id, name, email, phone, country, region_id) VALUES
		(1, 'Ana', 'ana@example.com', '+55 1', 'Brazil', 2),
		(2, 'Ben', 'ben@example.com', '+49 2', 'Germany', 1),
		(3, 'Cleo', 'cleo@example.com', '+1 3', 'United States', 3),
		(4, 'Dev', 'dev@example.com', '+55 4', 'Brazil', 2)`,
	`INSERT INTO orders (id, customer_id, order_date, status, total_amount) VALUES
		(1, 1, '2024-01-15', 'completed', 120.50),
		(2, 1, '2024-02-20', 'completed', 80.00),
		(3, 2, '2024-03-05', 'cancelled', 45.25),
		(4, 3, '2024-03-18', 'completed', 300.00),
		(5, 4, '2024-04-01', 'shipped', 99.99)`,
}

// SeedSQLiteShop writes the shop fixture to dir/name and returns name (the data source path).
func SeedSQLiteShop(t testing.TB, dir, name string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	execAll(t, db, shopDDL, shopRows)
	return name
}

// PostgresShop creates a fresh Postgres database with the shop fixture and returns its name.
func PostgresShop(t testing.TB) string {
	t.Helper()
	url := NewPostgresDatabase(t)
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	execAll(t, db, shopDDL, shopRows)
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(u.Path, "/")
}

// MySQLShop creates a fresh MariaDB/MySQL database with the shop fixture (TEST_MYSQL_DSN) and
// returns its name.
func MySQLShop(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("TEST_MYSQL_DSN")
	if dsn == "" {
		t.Skip("TEST_MYSQL_DSN is not set")
	}
	admin, err := sql.Open("mysql", dsn)
	if err != nil {
		t.Fatal(err)
	}
	name := "t_" + strings.ToLower(randomName())
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create mysql database: %v", err)
	}
	t.Cleanup(func() { _, _ = admin.Exec("DROP DATABASE IF EXISTS " + name); _ = admin.Close() })
	db, err := sql.Open("mysql", strings.TrimSuffix(dsn, "/")+"/"+name)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	execAll(t, db, shopDDL, shopRows)
	return name
}

func execAll(t testing.TB, db *sql.DB, lists ...[]string) {
	t.Helper()
	for _, list := range lists {
		for _, q := range list {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("fixture: %v\n%s", err, q)
			}
		}
	}
}

func randomName() string { return fmt.Sprintf("%d_%s", os.Getpid(), ids.Random(10)) }

// SQLiteDirOf is the sqlite folder of the organization the token belongs to: sqlite data
// source paths are relative to it.
func (s *Service) SQLiteDirOf(t testing.TB, token string) string {
	t.Helper()
	org := s.Do("GET", "/v1/auth/me", token, nil).Expect(t, 200).String("organization_id")
	if org == "" {
		t.Fatal("GET /v1/auth/me has no organization_id")
	}
	return filepath.Join(s.Cfg.SQLiteDir, org)
}
