package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	_ "github.com/glebarez/go-sqlite" // the driver the store used before: files it wrote must still read
)

func openCachingDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	c, err := newSQLiteConnector(sqliteDSN(path))
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(c)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func TestTimesWrittenByThePreviousDriverAndByThisOneReadBackAndCompare(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	old, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 23, 20, 1, 2, 123456789, time.UTC)
	if _, err := old.Exec(`CREATE TABLE t (id TEXT PRIMARY KEY, at DATETIME NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	if _, err := old.Exec(`INSERT INTO t VALUES ('old', ?)`, at); err != nil {
		t.Fatal(err)
	}
	_ = old.Close()

	db := openCachingDB(t, path)
	if _, err := db.Exec(`INSERT INTO t VALUES (?, ?)`, "new", at.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	// gorm passes optional times as pointers.
	later := at.Add(2 * time.Second)
	if _, err := db.Exec(`INSERT INTO t VALUES (?, ?)`, "pointer", &later); err != nil {
		t.Fatal(err)
	}
	var stored string
	if err := db.QueryRow(`SELECT CAST(at AS TEXT) FROM t WHERE id = ?`, "new").Scan(&stored); err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]time.Time{"new": at.Add(time.Second), "pointer": later} {
		if err := db.QueryRow(`SELECT CAST(at AS TEXT) FROM t WHERE id = ?`, id).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if stored != want.Format(sqliteTimeLayout) {
			t.Errorf("%s: stored %q, want the store's layout %q", id, stored, want.Format(sqliteTimeLayout))
		}
	}
	for id, want := range map[string]time.Time{"old": at, "new": at.Add(time.Second), "pointer": later} {
		var got time.Time
		if err := db.QueryRow(`SELECT at FROM t WHERE id = ?`, id).Scan(&got); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if !got.Equal(want) {
			t.Errorf("%s: read %v, want %v", id, got, want)
		}
	}
	// Comparisons in SQL are on the text: both rows' times must order and match as times do.
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM t WHERE at >= ?`, at).Scan(&n); err != nil || n != 3 {
		t.Errorf("rows at or after the first time = %d (%v), want 3", n, err)
	}
}

type role string

func TestStatementsAreReusedAndAStatementWhoseRowsAreOpenRunsAgain(t *testing.T) {
	db := openCachingDB(t, filepath.Join(t.TempDir(), "t.db"))
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	if _, err := db.Exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, r TEXT)`); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := db.Exec(`INSERT INTO t (id, r) VALUES (?, ?)`, i, role(fmt.Sprint("r", i))); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	const q = `SELECT id, r FROM t WHERE id >= ? ORDER BY id`
	outer, err := tx.Query(q, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for outer.Next() {
		var id int
		var r string
		if err := outer.Scan(&id, &r); err != nil {
			t.Fatal(err)
		}
		// The same text while the outer rows still step: it must not reset them.
		var inner int
		var ir string
		if err := tx.QueryRow(q, id).Scan(&inner, &ir); err != nil || inner != id {
			t.Fatalf("inner query for %d = %d, %v", id, inner, err)
		}
		if r != fmt.Sprint("r", id) {
			t.Errorf("row %d has r %q", id, r)
		}
		seen++
	}
	if err := outer.Close(); err != nil || seen != 3 {
		t.Fatalf("outer rows: %d seen, %v", seen, err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.Raw(func(c any) error {
		if s := c.(*cachingConn).stmts[q]; s == nil || s.busy {
			t.Errorf("the query is not cached idle after its rows closed: %+v", s)
		}
		return nil
	})
}

func TestTheStatementCacheStaysBoundedAndEvictedStatementsRunAgain(t *testing.T) {
	db := openCachingDB(t, filepath.Join(t.TempDir(), "t.db"))
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	for i := range stmtCacheSize + 40 {
		var n int
		if err := db.QueryRow(fmt.Sprintf(`SELECT ? + %d`, i), 1).Scan(&n); err != nil || n != i+1 {
			t.Fatalf("statement %d: %d, %v", i, n, err)
		}
	}
	var n int
	if err := db.QueryRow(`SELECT ? + 0`, 5).Scan(&n); err != nil || n != 5 {
		t.Fatalf("evicted statement again: %d, %v", n, err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.Raw(func(c any) error {
		cc := c.(*cachingConn)
		if len(cc.stmts) > stmtCacheSize {
			t.Errorf("%d statements cached, bound %d", len(cc.stmts), stmtCacheSize)
		}
		for q, s := range cc.stmts {
			if s.busy {
				t.Errorf("statement %q left busy after its rows closed", q)
			}
		}
		return nil
	})
}
