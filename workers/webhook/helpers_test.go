package webhook_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/webhooks/webhookstest"
)

// register creates a webhook for the account pointing at rcv and teaches rcv its secret.
func register(t *testing.T, s *apptest.Service, acct apptest.Account, rcv *webhookstest.Receiver, types ...string) string {
	t.Helper()
	r := s.Do("POST", "/api/webhooks", acct.Token, map[string]any{"url": rcv.URL() + "/hook", "events": types, "description": "test"}).Expect(t, 201)
	rcv.SetSecrets(r.String("secret"))
	return r.String("id")
}

// emit stores events of the organization through the outbox, as services do.
func emit(t *testing.T, s *apptest.Service, orgID, typ string, n int) []string {
	t.Helper()
	var ids []string
	for i := 0; i < n; i++ {
		ev, err := events.NewEvent(orgID, typ, map[string]any{"n": i})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.App.Store.Emit(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ev.ID)
	}
	return ids
}

func waitEvents(t *testing.T, rcv *webhookstest.Receiver, n int, within time.Duration) []webhookstest.Request {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	got, err := rcv.WaitEvents(ctx, n)
	if err != nil {
		t.Fatalf("%v; requests: %d", err, len(rcv.Requests()))
	}
	return got
}

func deliveries(t *testing.T, s *apptest.Service, token, id, query string) []map[string]any {
	t.Helper()
	r := s.Do("GET", "/api/webhooks/"+id+"/deliveries"+query, token, nil).Expect(t, 200)
	var out []map[string]any
	raw, _ := json.Marshal(r.Body["deliveries"])
	_ = json.Unmarshal(raw, &out)
	return out
}

// eventually polls cond until it holds or the time is up.
func eventually(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", within, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// attemptsOf reads the attempt log of a webhook's deliveries from the store (full time precision).
func attemptsOf(t *testing.T, s *apptest.Service, orgID, webhookID string) []store.WebhookAttempt {
	t.Helper()
	ds, _, err := s.App.Store.WebhookDeliveries(context.Background(), orgID, webhookID, store.DeliveryFilter{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, d := range ds {
		ids = append(ids, d.ID)
	}
	atts, err := s.App.Store.WebhookAttemptsOf(context.Background(), orgID, ids)
	if err != nil {
		t.Fatal(err)
	}
	return atts
}

func retryDelays(spec string) func(*app.Config) {
	return func(c *app.Config) { c.WebhookRetryDelays = spec }
}

func idSet(ids []string) map[string]bool {
	m := map[string]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m
}
