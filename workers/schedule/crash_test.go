package schedule_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/templates"
)

// A worker that took a run and died (the command is delivered, the execution marked running, no
// ack) is replaced after the ack wait by another process, and the run completes once.
func TestRunOfAWorkerKilledMidRunCompletesOnce(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	dbURL := apptest.NewPostgresDatabase(t)
	broker := apptest.StartBroker(t)
	files := filepath.Join(t.TempDir(), "files")
	a := apptest.Start(t, apptest.Options{DatabaseURL: dbURL, NATSURL: broker.URL, Configure: func(c *app.Config) {
		c.SQLiteDir = files
		c.OnlyWorkers = []string{"query", "schema", "webhook"}
	}})
	admin := a.Register(t)
	apptest.SeedSQLiteShop(t, filepath.Join(files, admin.OrgID), "shop.db")
	ds := a.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "shop", "type": "sqlite", "path": "shop.db"}).Expect(t, 201).String("id")
	a.Do("POST", "/v1/data-sources/"+ds+"/refresh-schema", admin.Token, nil).Expect(t, 200)
	agent := a.Do("POST", "/v1/agents", admin.Token, map[string]any{"name": "Shop", "agent_type": "sales_performance", "data_source_id": ds,
		"allowed_tables": []string{"orders"}}).Expect(t, 201).String("id")
	tpl := a.Do("POST", "/v1/templates", admin.Token, map[string]any{"name": "Count", "agent_id": agent, "sql": "SELECT COUNT(*) AS n FROM orders"}).Expect(t, 201).String("id")

	// The dying worker: the same durable consumer, a short ack wait.
	ctx := context.Background()
	cons, err := a.App.JS.CreateOrUpdateConsumer(ctx, events.CommandsStream, jetstream.ConsumerConfig{Durable: "template-runner",
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: 2 * time.Second, MaxDeliver: -1, MaxAckPending: 16 * 64,
		FilterSubject: events.CommandSubjectPrefix + templates.RunCommand})
	if err != nil {
		t.Fatal(err)
	}
	t0, err := a.App.Templates.Get(ctx, admin.OrgID, tpl)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.App.Templates.Execute(ctx, t0, admin.UserID, map[string]any{}); err != nil {
		t.Fatal(err)
	}
	batch, err := cons.Fetch(1, jetstream.FetchMaxWait(10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var execID string
	for msg := range batch.Messages() {
		var cmd events.Command
		_ = json.Unmarshal(msg.Data(), &cmd)
		var req templates.RunRequest
		_ = json.Unmarshal(cmd.Data, &req)
		execID = req.ExecutionID
		// Mid-run: marked running, never finished, never acknowledged.
		if _, err := a.App.Store.UpdateExecution(ctx, admin.OrgID, execID, map[string]any{"status": store.QueryRunning, "started_at": time.Now().UTC()}, store.QueryPending); err != nil {
			t.Fatal(err)
		}
	}
	if execID == "" {
		t.Fatal("no run command was delivered")
	}
	apptest.Start(t, apptest.Options{DatabaseURL: dbURL, NATSURL: broker.URL, Configure: func(c *app.Config) {
		c.SQLiteDir = files
		c.OnlyWorkers = []string{"template"}
		c.TemplateAckWait = 2 * time.Second
	}})
	var e *store.TemplateExecution
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if e, err = a.App.Store.Execution(ctx, admin.OrgID, execID); err == nil && e.Status == store.QueryCompleted {
			break
		}
	}
	if e == nil || e.Status != store.QueryCompleted || e.RowCount != 1 {
		t.Fatalf("execution after the crash: %+v", e)
	}
	time.Sleep(2 * time.Second)
	n := 0
	_ = events.Replay(ctx, a.App.JS, events.ReadOptions{OrgID: admin.OrgID, Type: events.TemplateExecuted}, func(ev events.StoredEvent) error {
		n++
		return nil
	})
	if n != 1 {
		t.Fatalf("%d template.executed events for one run", n)
	}
}
