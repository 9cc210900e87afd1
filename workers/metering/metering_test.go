package metering_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/webhooks/webhookstest"
	"github.com/analytics-agent/service/workers/metering"
)

func emit(t *testing.T, st *store.Store, orgID, typ string, n int) []store.OutboxMessage {
	t.Helper()
	var out []store.OutboxMessage
	for i := 0; i < n; i++ {
		ev, err := events.NewEvent(orgID, typ, map[string]any{"n": i})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ev)
	}
	if err := st.Tx(context.Background(), func(tx *store.Store) error { return tx.Emit(context.Background(), out...) }); err != nil {
		t.Fatal(err)
	}
	return out
}

func waitMetered(t *testing.T, svc *billing.Service, orgID string, completed, failed, templates int64) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		u, err := svc.Usage(context.Background(), orgID)
		if err != nil {
			t.Fatal(err)
		}
		if u.QueriesMetered == completed && u.FailedMetered == failed && u.TemplatesMetered == templates {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("metered %d completed, %d failed, %d templates; want %d, %d, %d", u.QueriesMetered, u.FailedMetered, u.TemplatesMetered, completed, failed, templates)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// drained waits until the metering consumer has nothing pending or unacknowledged.
func drained(t *testing.T, js jetstream.JetStream) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := js.Consumer(context.Background(), events.EventsStream, metering.Durable)
		if err == nil {
			info, err := c.Info(context.Background())
			if err == nil && info.NumPending == 0 && info.NumAckPending == 0 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("the metering consumer did not drain")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestRedeliveredAndReplayedEventsAreCountedOnce(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		owner := s.Register(t)
		st, js := s.App.Store, s.App.JS
		completed := emit(t, st, owner.OrgID, events.QueryCompleted, 5)
		emit(t, st, owner.OrgID, events.QueryFailed, 2)
		emit(t, st, owner.OrgID, events.TemplateExecuted, 1)
		emit(t, st, owner.OrgID, events.UserLogin, 3) // not metered
		waitMetered(t, s.App.Billing, owner.OrgID, 5, 2, 1)

		// Redelivery: the same envelopes published again under new message ids (past the
		// stream's duplicate window), as a replay or a relay crash would.
		for _, m := range completed {
			msg := nats.NewMsg(m.Subject)
			msg.Data = []byte(m.Payload)
			msg.Header.Set(events.HeaderOrganization, owner.OrgID)
			msg.Header.Set(nats.MsgIdHdr, "again-"+m.ID)
			if _, err := js.PublishMsg(context.Background(), msg); err != nil {
				t.Fatal(err)
			}
		}
		// Replay: the consumer is deleted and recreated from the start of EVENTS, and a second
		// worker shares it.
		if err := js.DeleteConsumer(context.Background(), events.EventsStream, metering.Durable); err != nil {
			t.Fatal(err)
		}
		log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		for i := 0; i < 2; i++ {
			stop, err := metering.Start(context.Background(), js, st, log, metering.Options{Batch: 3})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(stop)
		}
		drained(t, js)
		waitMetered(t, s.App.Billing, owner.OrgID, 5, 2, 1)
	})
}

func TestUsageLimitReachedIsDeliveredOnceToAWebhook(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) { c.DefaultPlan = "growth" }})
	owner := s.Register(t)
	rcv := webhookstest.NewReceiver(t)
	created := s.Do("POST", "/api/webhooks", owner.Token, map[string]any{"url": rcv.URL() + "/hook", "events": []string{events.UsageLimitReached}}).Expect(t, 201)
	rcv.SetSecrets(created.String("secret"))
	limit := int64(2)
	ctx := context.Background()
	if _, err := s.App.Billing.SetLimits(ctx, owner.OrgID, nil, nil, &limit); err != nil {
		t.Fatal(err)
	}
	refused := 0
	for i := 0; i < 6; i++ {
		if err := s.App.Billing.ReserveQuery(ctx, owner.OrgID); err != nil {
			refused++
		}
	}
	if refused != 4 {
		t.Fatalf("refused %d of 6 with a quota of 2", refused)
	}
	wctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	got, err := rcv.WaitEvents(wctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond) // a second delivery would arrive by now
	if n := len(rcv.Events()); n != 1 {
		t.Fatalf("usage.limit_reached delivered %d times, want once", n)
	}
	env, err := got[0].Envelope()
	if err != nil || env.Type != events.UsageLimitReached {
		t.Fatalf("event: %+v %v", env, err)
	}
	var data map[string]any
	_ = json.Unmarshal(env.Data, &data)
	if data["quota"] != "monthly_queries" || data["limit"] != float64(2) || data["used"] != float64(2) || data["period_start"] == nil || data["period_end"] == nil {
		t.Fatalf("data: %s", env.Data)
	}
}

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
