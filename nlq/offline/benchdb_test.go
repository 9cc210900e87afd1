package offline

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/demo"
	"github.com/analytics-agent/service/nlq/guard"
)

// benchNow pins "today" for the question set: Tuesday 15 July 2025, inside the demo data
// (orders run 2022-01-01 to 2025-12-31), so "last month" and "this year" have rows.
var benchNow = time.Date(2025, 7, 15, 9, 0, 0, 0, time.UTC)

// benchPermissions are the demo "General Data" agent's: every table, without personal contact
// details. The engine sees the schema filtered by them, as queries/planner.go passes it.
var benchPermissions = guard.Permissions{
	AllowedTables: []string{"*"},
	Columns: map[string]guard.ColumnRule{
		"customers":  {Allowed: []string{"*"}, Denied: []string{"email", "phone"}},
		"sales_reps": {Allowed: []string{"*"}, Denied: []string{"email"}},
	},
}

// demoDB is the demo database, written once per test binary (a few seconds) into demoDir.
var demoDB struct {
	once sync.Once
	dir  string
	err  error
}

// demoFile is the demo database's file name inside demoDB.dir.
const demoFile = "demo.db"

// TestMain removes the demo database after the tests. NLQ_DEMO_DIR keeps it in (and reuses
// it from) a directory instead, to iterate on the grammar without regenerating it.
func TestMain(m *testing.M) {
	code := m.Run()
	if demoDB.dir != "" && os.Getenv("NLQ_DEMO_DIR") == "" {
		os.RemoveAll(demoDB.dir)
	}
	os.Exit(code)
}

func demoDir(t testing.TB) string {
	t.Helper()
	demoDB.once.Do(func() {
		dir := os.Getenv("NLQ_DEMO_DIR")
		if dir == "" {
			dir, demoDB.err = os.MkdirTemp("", "nlq-demo-")
			if demoDB.err != nil {
				return
			}
		}
		demoDB.dir = dir
		demoDB.err = demo.WriteSQLite(context.Background(), filepath.Join(dir, demoFile))
	})
	if demoDB.err != nil {
		t.Fatalf("demo database: %v", demoDB.err)
	}
	return demoDB.dir
}

// benchDatabase returns the demo database, the schema the engine sees (introspected with
// sampled values through datasource.Manager, then filtered by benchPermissions) and a
// description for the report.
func benchDatabase(t testing.TB) (*sql.DB, *datasource.Schema, string) {
	t.Helper()
	db, s := openSQLite(t, demoDir(t), demoFile)
	return db, benchPermissions.FilterSchema(s), "the demo data source (demo.WriteSQLite), General Data permissions"
}
