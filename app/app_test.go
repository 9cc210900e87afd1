package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
)

func TestLogoutOnOneAPIInstanceRevokesTheTokenOnAnother(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		a := apptest.Start(t, apptest.Options{Database: db})
		b := apptest.Start(t, apptest.Options{DataDir: a.Cfg.DataDir, DatabaseURL: a.Cfg.DatabaseURL, NATSURL: a.App.NATSURL})
		acct := a.Register(t)
		b.Do("GET", "/v1/auth/me", acct.Token, nil).Expect(t, 200)
		a.Do("POST", "/v1/auth/logout", acct.Token, nil).Expect(t, 200)
		b.Do("GET", "/v1/auth/me", acct.Token, nil).Expect(t, 401)

		// A password change on b revokes the other tokens on a, but not b's own.
		t1 := b.Login(t, acct.Email, acct.Password)
		t2 := a.Login(t, acct.Email, acct.Password)
		b.Do("POST", "/v1/auth/change-password", t1, map[string]string{"current_password": acct.Password, "new_password": "Fresh-pass-2025"}).Expect(t, 200)
		a.Do("GET", "/v1/auth/me", t2, nil).Expect(t, 401)
		a.Do("GET", "/v1/auth/me", t1, nil).Expect(t, 200)
	})
}

func TestOutboxHoldsEventsWhileTheBrokerIsDownAndDeliversThemOnce(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		broker := apptest.StartBroker(t)
		s := apptest.Start(t, apptest.Options{Database: db, NATSURL: broker.URL})

		broker.Stop()
		// The API keeps working while the broker is away; the event waits in the outbox.
		r := s.Do("POST", "/v1/auth/register", "", map[string]string{
			"email": "outage@example.com", "password": "Outage-pass-99", "full_name": "Outage"}).Expect(t, 201)
		userID := r.String("id")
		s.Do("GET", "/readyz", "", nil).Expect(t, 503)
		if n, _ := s.App.Store.OutboxPending(context.Background()); n == 0 {
			t.Fatal("the event should wait in the outbox while the broker is down")
		}

		broker.Start()

		deadline := time.Now().Add(20 * time.Second)
		for {
			n, _ := s.App.Store.OutboxPending(context.Background())
			if n == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("outbox still holds %d messages after the broker came back", n)
			}
			time.Sleep(100 * time.Millisecond)
		}
		js, err := jetstream.New(s.App.NC)
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		err = events.Replay(context.Background(), js, events.ReadOptions{Since: time.Now().Add(-time.Hour), Type: events.UserCreated}, func(ev events.StoredEvent) error {
			if string(ev.Envelope.Data) != "" && containsUser(ev, userID) {
				seen++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if seen != 1 {
			t.Fatalf("user.created for %s stored %d times, want exactly once", userID, seen)
		}
	})
}

func containsUser(ev events.StoredEvent, userID string) bool {
	return len(ev.Envelope.Data) > 0 && jsonHas(ev.Envelope.Data, "user_id", userID)
}

func TestAPIAndWorkerProcessesRunSeparately(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		apiOnly := app.Role{API: true, Migrate: true}
		workerOnly := app.Role{Workers: true}
		api := apptest.Start(t, apptest.Options{Database: db, Role: &apiOnly})
		apptest.Start(t, apptest.Options{DataDir: api.Cfg.DataDir, DatabaseURL: api.Cfg.DatabaseURL, NATSURL: api.App.NATSURL, Role: &workerOnly})
		admin := api.Register(t)
		path := apptest.SeedSQLiteShop(t, api.SQLiteDirOf(t, admin.Token), "shop.db")
		ds := api.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "shop", "type": "sqlite", "path": path}).Expect(t, 201)
		// The schema refresh and the question run on the worker process.
		api.Do("POST", "/v1/data-sources/"+ds.String("id")+"/refresh-schema", admin.Token, nil).Expect(t, 200)
		agent := api.Do("POST", "/v1/agents", admin.Token, map[string]any{"name": "a", "agent_type": "general_data",
			"data_source_id": ds.String("id"), "allowed_tables": []string{"orders"}}).Expect(t, 201)
		r := api.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agent.String("id")}).Expect(t, 200)
		if r.Body["row_count"] != float64(1) {
			t.Fatalf("answer from the worker process: %s", r.Raw)
		}
	})
}
