package api_test

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
)

// schemaTables lists the table names of a data source's stored schema.
func schemaTables(t *testing.T, s *apptest.Service, token, id string) []string {
	t.Helper()
	r := s.Do("GET", "/v1/data-sources/"+id+"/schema", token, nil).Expect(t, 200)
	var names []string
	for _, tb := range r.Body["tables"].([]any) {
		names = append(names, tb.(map[string]any)["name"].(string))
	}
	return names
}

func TestASlowRefreshOfTheOldSettingsDoesNotOverwriteTheRefreshTheirChangeStarted(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		var logs bytes.Buffer
		var mu sync.Mutex
		s := apptest.Start(t, apptest.Options{Database: db, LogWriter: lockedWriter{&mu, &logs}})
		admin := s.Register(t)
		dir := s.SQLiteDirOf(t, admin.Token)
		oldName := apptest.SeedSQLiteShop(t, dir, "old.db") // regions, customers, orders
		newDB, err := sql.Open("sqlite", filepath.Join(dir, "new.db"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := newDB.Exec("CREATE TABLE inventory (id INTEGER PRIMARY KEY, sku VARCHAR(20))"); err != nil {
			t.Fatal(err)
		}
		newDB.Close()

		id := s.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "shop", "type": "sqlite", "path": oldName}).
			Expect(t, 201).String("id")
		waitSchema(t, s, admin.Token, id)

		// Hold old.db's write lock: the next refresh reads the old settings and then waits on the
		// file (the data source's busy timeout is 5 s) until the lock goes.
		ctx := context.Background()
		oldDB, err := sql.Open("sqlite", filepath.Join(dir, oldName))
		if err != nil {
			t.Fatal(err)
		}
		defer oldDB.Close()
		lock, err := oldDB.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer lock.Close()
		if _, err := lock.ExecContext(ctx, "BEGIN EXCLUSIVE"); err != nil {
			t.Fatal(err)
		}
		locked := true
		unlock := func() {
			if locked {
				locked = false
				if _, err := lock.ExecContext(ctx, "ROLLBACK"); err != nil {
					t.Fatal(err)
				}
			}
		}
		defer unlock()
		s.DoWith("POST", "/v1/data-sources/"+id+"/refresh-schema", admin.Token, nil, map[string]string{"Prefer": "respond-async"}).Expect(t, 202)
		// The old refresh has read the data source once it holds the refresh lease.
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			var leases int
			if err := s.App.Store.SQL().QueryRow("SELECT COUNT(*) FROM data_sources WHERE schema_refresh_lease_until IS NOT NULL").Scan(&leases); err != nil {
				t.Fatal(err)
			}
			if leases > 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the first refresh never started")
			}
		}

		// Point the source at the new database: that change queues the newer refresh, which
		// finishes while the old one still waits.
		s.Do("PATCH", "/v1/data-sources/"+id, admin.Token, map[string]any{"path": "new.db"}).Expect(t, 200)
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			cur := s.Do("GET", "/v1/data-sources/"+id, admin.Token, nil).Expect(t, 200)
			if cur.String("schema_status") == "ready" && cur.Body["table_count"] == float64(1) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the newer refresh never finished: %s", cur.Raw)
			}
		}

		// Now the old refresh finishes, last, with the old database's schema: it is dropped.
		unlock()
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			mu.Lock()
			dropped := strings.Contains(logs.String(), `msg="superseded schema refresh dropped"`) &&
				strings.Contains(logs.String(), "data_source_id="+id)
			mu.Unlock()
			if dropped || time.Now().After(deadline) {
				break
			}
		}
		cur := s.Do("GET", "/v1/data-sources/"+id, admin.Token, nil).Expect(t, 200)
		if cur.String("schema_status") != "ready" || cur.Body["table_count"] != float64(1) || cur.String("schema_error") != "" {
			t.Errorf("after the old refresh finished: %s", cur.Raw)
		}
		if got := schemaTables(t, s, admin.Token, id); len(got) != 1 || got[0] != "inventory" {
			t.Errorf("stored schema has tables %v, want the new database's [inventory]", got)
		}
		mu.Lock()
		defer mu.Unlock()
		if !strings.Contains(logs.String(), `msg="superseded schema refresh dropped"`) {
			t.Error("the superseded refresh was not logged")
		}
	})
}
