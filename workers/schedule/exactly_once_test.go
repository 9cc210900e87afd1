package schedule_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/store"
)

// runManySchedules starts two worker processes on one PostgreSQL database and one broker, makes
// n schedules due at the same instant, waits for every run, and reports runs, duplicates and
// lateness (finish time after the due time).
func runManySchedules(t *testing.T, n int) (ran, dups int, p50, p99 time.Duration) {
	dbURL := apptest.NewPostgresDatabase(t)
	broker := apptest.StartBroker(t)
	files := filepath.Join(t.TempDir(), "files")
	configure := func(c *app.Config) { c.SQLiteDir = files }
	a := apptest.Start(t, apptest.Options{DatabaseURL: dbURL, NATSURL: broker.URL, Configure: configure})
	b := apptest.Start(t, apptest.Options{DatabaseURL: dbURL, NATSURL: broker.URL, Configure: configure})
	admin := a.Register(t)
	apptest.SeedSQLiteShop(t, filepath.Join(files, admin.OrgID), "shop.db")
	ds := a.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "shop", "type": "sqlite", "path": "shop.db"}).Expect(t, 201).String("id")
	a.Do("POST", "/v1/data-sources/"+ds+"/refresh-schema", admin.Token, nil).Expect(t, 200)
	agent := a.Do("POST", "/v1/agents", admin.Token, map[string]any{"name": "Shop", "agent_type": "sales_performance", "data_source_id": ds,
		"allowed_tables": []string{"orders"}}).Expect(t, 201).String("id")
	tpl := a.Do("POST", "/v1/templates", admin.Token, map[string]any{"name": "Orders of a status", "agent_id": agent,
		"sql": "SELECT COUNT(*) AS n FROM orders WHERE status = :status", "parameters": []map[string]any{{"name": "status", "type": "string", "required": true}}}).Expect(t, 201).String("id")

	ctx := context.Background()
	st := a.App.Store
	spec, _ := json.Marshal(map[string]any{"type": "daily", "time": "00:00", "timezone": "UTC"})
	later := time.Now().UTC().Add(24 * time.Hour).Truncate(time.Hour)
	err := st.Tx(ctx, func(tx *store.Store) error {
		for i := 0; i < n; i++ {
			if err := tx.CreateSchedule(ctx, &store.TemplateSchedule{ID: ids.New(ids.Schedule), OrganizationID: admin.OrgID, TemplateID: tpl,
				Spec: string(spec), Recipients: `["r@example.com"]`, Format: "csv", Parameters: `{"status":"completed"}`, Enabled: true,
				NextRunAt: later, CreatedBy: admin.UserID, CreatedAt: time.Now().UTC(), UpdatedAt: time.Now().UTC()}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// All due at the same instant, a few seconds from now (a daily schedule: one tick each).
	db := st.SQL()
	due := time.Now().UTC().Add(3 * time.Second).Truncate(time.Second)
	if _, err := db.Exec(`UPDATE template_schedules SET next_run_at = $1`, due); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Duration(n/20+120) * time.Second)
	for {
		var done int
		if err := db.QueryRow(`SELECT COUNT(*) FROM schedule_runs WHERE due_at = $1 AND status IN ('completed','failed')`, due).Scan(&done); err != nil {
			t.Fatal(err)
		}
		if done >= n {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d runs finished", done, n)
		}
		time.Sleep(500 * time.Millisecond)
	}
	rows, err := db.Query(`SELECT due_at, finished_at FROM schedule_runs WHERE due_at = $1`, due)
	if err != nil {
		t.Fatal(err)
	}
	var late []time.Duration
	for rows.Next() {
		var d, f time.Time
		if err := rows.Scan(&d, &f); err != nil {
			t.Fatal(err)
		}
		late = append(late, f.Sub(d))
	}
	rows.Close()
	sort.Slice(late, func(i, j int) bool { return late[i] < late[j] })
	var failed int
	_ = db.QueryRow(`SELECT COUNT(*) FROM schedule_runs WHERE status = 'failed'`).Scan(&failed)
	if failed > 0 {
		t.Errorf("%d runs failed", failed)
	}
	// Duplicates are counted where they would show: completion events per schedule.
	perSchedule := map[string]int{}
	time.Sleep(2 * time.Second) // let the relays publish the last events
	err = events.Replay(ctx, a.App.JS, events.ReadOptions{OrgID: admin.OrgID, Type: events.TemplateScheduled}, func(ev events.StoredEvent) error {
		var d struct {
			ScheduleID string `json:"schedule_id"`
		}
		_ = json.Unmarshal(ev.Envelope.Data, &d)
		perSchedule[d.ScheduleID]++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range perSchedule {
		if c > 1 {
			dups += c - 1
		}
	}
	_ = b
	return len(late), dups, late[len(late)/2], late[min(len(late)-1, len(late)*99/100)]
}

func TestTwoWorkerProcessesRunEachDueTickOnce(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	ran, dups, _, _ := runManySchedules(t, 200)
	if ran != 200 || dups != 0 {
		t.Fatalf("ran %d of 200, %d duplicates", ran, dups)
	}
}

// TestBenchSchedules is `make bench-schedules`: BENCH_SCHEDULES schedules due in the same
// minute, two worker processes, PostgreSQL.
func TestBenchSchedules(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("BENCH_SCHEDULES"))
	if n == 0 || os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("set BENCH_SCHEDULES and TEST_DATABASE_URL (make bench-schedules)")
	}
	ran, dups, p50, p99 := runManySchedules(t, n)
	fmt.Printf("bench-schedules: %d schedules due at once, 2 worker processes, PostgreSQL\n  ran %d, duplicates %d, lateness p50 %s, p99 %s\n",
		n, ran, dups, p50.Round(time.Millisecond), p99.Round(time.Millisecond))
}
