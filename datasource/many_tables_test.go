package datasource

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// manyTables returns statements creating n tables chained by foreign keys, every tenth with
// two rows, in a dialect-neutral subset of SQL.
func manyTables(n int) []string {
	stmts := []string{"CREATE TABLE t0000 (id INT PRIMARY KEY, name VARCHAR(20), status VARCHAR(20))"}
	for i := 1; i < n; i++ {
		stmts = append(stmts, fmt.Sprintf(
			"CREATE TABLE t%04d (id INT PRIMARY KEY, name VARCHAR(20), status VARCHAR(20), parent_id INT, FOREIGN KEY (parent_id) REFERENCES t%04d(id))", i, i-1))
	}
	for i := 0; i < n; i += 10 {
		stmts = append(stmts, fmt.Sprintf("INSERT INTO t%04d (id, name, status) VALUES (1, 'a', 'open'), (2, 'b', 'closed')", i))
	}
	return stmts
}

// newManySQLite writes n tables into a fresh sqlite file.
func newManySQLite(t testing.TB, n int) (*Manager, Config) {
	t.Helper()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, "many.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range manyTables(n) {
		if _, err := tx.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	m := NewManager(ManagerOptions{SQLiteDir: dir})
	t.Cleanup(m.CloseAll)
	return m, Config{Type: SQLite, Path: "many.db"}
}

// checkMany verifies a 1,000-table introspection and its duration.
func checkMany(t *testing.T, m *Manager, cfg Config, limit time.Duration) {
	t.Helper()
	start := time.Now()
	s, err := m.Introspect(context.Background(), "ds_many", cfg)
	if err != nil {
		t.Fatal(err)
	}
	d := time.Since(start)
	t.Logf("%s: introspected %d tables in %s", cfg.Type, len(s.Tables), d)
	if len(s.Tables) != 1000 || d > limit {
		t.Errorf("%d tables in %s (limit %s)", len(s.Tables), d, limit)
	}
	tb := s.Table("t0010")
	if tb == nil || tb.RowCount != 2 || !slices.Equal(tb.Column("status").SampleValues, []string{"closed", "open"}) ||
		!fkEqual(tb.ForeignKeys, []ForeignKey{{Columns: []string{"parent_id"}, RefTable: "t0009", RefColumns: []string{"id"}}}) {
		t.Errorf("t0010 = %+v", tb)
	}
}

func TestSQLiteIntrospect1000Tables(t *testing.T) {
	m, cfg := newManySQLite(t, 1000)
	checkMany(t, m, cfg, 20*time.Second)
}

func TestMySQLIntrospect1000Tables(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: creates 1,000 tables")
	}
	m, cfg := newMySQLSource(t, manyTables(1000))
	checkMany(t, m, cfg, 30*time.Second)
}

func TestPostgresIntrospect1000Tables(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: creates 1,000 tables")
	}
	m, cfg := newPostgresSource(t, strings.Join(manyTables(1000), ";\n"))
	checkMany(t, m, cfg, 30*time.Second)
}

// BenchmarkIntrospect1000Tables measures a full refresh of a 1,000-table schema:
//
//	go test ./datasource -run '^$' -bench Introspect1000 -benchtime 3x
//
// (with TEST_DATABASE_URL / TEST_MYSQL_DSN set for the server variants).
func BenchmarkIntrospect1000Tables(b *testing.B) {
	run := func(b *testing.B, m *Manager, cfg Config) {
		for b.Loop() {
			if _, err := m.Introspect(context.Background(), "ds_many", cfg); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("sqlite", func(b *testing.B) {
		m, cfg := newManySQLite(b, 1000)
		run(b, m, cfg)
	})
	b.Run("postgres", func(b *testing.B) {
		m, cfg := newPostgresSource(b, strings.Join(manyTables(1000), ";\n"))
		run(b, m, cfg)
	})
	b.Run("mysql", func(b *testing.B) {
		m, cfg := newMySQLSource(b, manyTables(1000))
		run(b, m, cfg)
	})
}
