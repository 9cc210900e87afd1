package webhook_test

import (
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/webhooks/webhookstest"
)

// checkOnlySent fails when the receiver accepted an event id that was never sent; duplicates of
// sent ids are allowed (at-least-once), and every sent id must be there.
func checkOnlySent(t *testing.T, rcv *webhookstest.Receiver, sent []string) {
	t.Helper()
	want := idSet(sent)
	for _, q := range rcv.Accepted() {
		if !want[q.ID] {
			t.Fatalf("received unknown event %s", q.ID)
		}
	}
	if n := len(rcv.Events()); n != len(sent) {
		t.Fatalf("%d distinct events, want %d", n, len(sent))
	}
}

func TestWorkerStoppedMidFlightAnotherInstanceFinishes(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		broker := apptest.StartBroker(t)
		a := apptest.Start(t, apptest.Options{Database: db, NATSURL: broker.URL})
		acct := a.Register(t)
		rcv := webhookstest.NewReceiver(t)
		register(t, a, acct, rcv, events.QueryStarted)
		rcv.SetDelay(100 * time.Millisecond)
		rcv.FailNext(20, 503) // some deliveries are waiting for a retry when the instance stops
		sent := emit(t, a, acct.OrgID, events.QueryStarted, 300)
		eventually(t, 20*time.Second, "deliveries under way", func() bool { return len(rcv.Events()) >= 30 })
		a.Stop()
		stoppedWith := len(rcv.Events())

		b := apptest.Start(t, apptest.Options{DataDir: a.Cfg.DataDir, DatabaseURL: a.Cfg.DatabaseURL, NATSURL: broker.URL})
		waitEvents(t, rcv, len(sent), 60*time.Second)
		checkOnlySent(t, rcv, sent)
		if stoppedWith >= len(sent) {
			t.Logf("all events were delivered before the stop; the test did not exercise a takeover")
		}
		eventually(t, 20*time.Second, "every delivery logged as succeeded", func() bool {
			r := b.Do("GET", "/api/webhooks", acct.Token, nil)
			id := r.Body["webhooks"].([]any)[0].(map[string]any)["id"].(string)
			st := b.Do("GET", "/api/webhooks/"+id+"/stats", acct.Token, nil).Body
			return st["successful"] == float64(len(sent)) && st["total_deliveries"] == float64(len(sent))
		})
	})
}

func TestBrokerRestartLosesNothing(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		broker := apptest.StartBroker(t)
		s := apptest.Start(t, apptest.Options{Database: db, NATSURL: broker.URL})
		acct := s.Register(t)
		rcv := webhookstest.NewReceiver(t)
		register(t, s, acct, rcv, events.DataSourceFailed)
		rcv.FailNext(5, 500) // first attempts fail: their retries wait in the broker across the restart
		sent := emit(t, s, acct.OrgID, events.DataSourceFailed, 5)
		eventually(t, 15*time.Second, "first attempts", func() bool { return len(rcv.Requests()) >= 5 })

		broker.Stop()
		sent = append(sent, emit(t, s, acct.OrgID, events.DataSourceFailed, 5)...) // wait in the outbox
		time.Sleep(500 * time.Millisecond)
		broker.Start()

		waitEvents(t, rcv, len(sent), 40*time.Second)
		checkOnlySent(t, rcv, sent)
	})
}
