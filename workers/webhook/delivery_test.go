package webhook_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/webhooks/webhookstest"
)

func TestRealEventsReachSubscribedWebhooksOnly(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		logins := webhookstest.NewReceiver(t)
		users := webhookstest.NewReceiver(t)
		other := webhookstest.NewReceiver(t)
		register(t, s, acct, logins, events.UserLogin)
		register(t, s, acct, users, events.UserCreated)
		register(t, s, acct, other, events.QueryCompleted)

		s.Login(t, acct.Email, acct.Password)
		s.Do("POST", "/v1/users", acct.Token, map[string]any{"email": "new-" + acct.Email, "full_name": "New", "role": "viewer"}).Expect(t, 201)

		got := waitEvents(t, logins, 1, 15*time.Second)
		if got[0].Type != events.UserLogin {
			t.Fatalf("login webhook got %s", got[0].Type)
		}
		created := waitEvents(t, users, 1, 15*time.Second)
		env, err := created[0].Envelope()
		if err != nil || env.Type != events.UserCreated || env.ID != created[0].ID || !strings.Contains(string(env.Data), "new-") {
			t.Fatalf("user.created delivery: %+v %v", env, err)
		}
		if ct := created[0].Header.Get("Content-Type"); ct != "application/json" || created[0].Header.Get("X-Service-Signature") == "" {
			t.Fatalf("headers: %v", created[0].Header)
		}
		time.Sleep(time.Second)
		if n := len(other.Requests()); n != 0 {
			t.Fatalf("unsubscribed webhook got %d requests", n)
		}
		if n := len(logins.Requests()); n != 1 {
			t.Fatalf("login webhook got %d requests, want 1", n)
		}
		d := deliveries(t, s, acct.Token, register(t, s, acct, webhookstest.NewReceiver(t), "*"), "")
		if len(d) != 0 {
			t.Fatalf("a new webhook must not inherit earlier events: %v", d)
		}
	})
}

func TestReceiverDownThenUpGetsEveryEventOnTheRetrySchedule(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		// The second retry waits 6 s so that bringing the receiver back up after the second
		// failed attempt cannot race the third attempt, however slow the machine is.
		s := apptest.Start(t, apptest.Options{Database: db, Configure: func(c *app.Config) { c.WebhookRetryDelays = "1s,6s,3s,4s" }})
		acct := s.Register(t)
		rcv := webhookstest.NewReceiver(t)
		id := register(t, s, acct, rcv, "*")
		rcv.Down()
		sent := emit(t, s, acct.OrgID, events.QueryCompleted, 3)
		eventually(t, 20*time.Second, "two failed attempts per event", func() bool { return len(attemptsOf(t, s, acct.OrgID, id)) >= 6 })
		if err := rcv.Up(); err != nil {
			t.Fatal(err)
		}
		got := waitEvents(t, rcv, 3, 30*time.Second)
		want := idSet(sent)
		for _, r := range got {
			if !want[r.ID] {
				t.Fatalf("unexpected event %s", r.ID)
			}
		}
		eventually(t, 10*time.Second, "the attempt log", func() bool { return len(attemptsOf(t, s, acct.OrgID, id)) >= 9 })
		byEvent := map[string][]time.Time{}
		for _, a := range attemptsOf(t, s, acct.OrgID, id) {
			byEvent[a.EventID] = append(byEvent[a.EventID], a.CreatedAt)
			if a.Retry != a.Attempt-1 || (a.Attempt < 3) == a.Success || (a.Attempt < 3 && a.Error == "") {
				t.Errorf("attempt %+v", a)
			}
		}
		for ev, times := range byEvent {
			if len(times) != 3 {
				t.Fatalf("event %s has %d attempts, want 3", ev, len(times))
			}
			if g := times[1].Sub(times[0]); g < 900*time.Millisecond || g > 4*time.Second {
				t.Errorf("first retry after %s, want about 1s", g)
			}
			if g := times[2].Sub(times[1]); g < 5900*time.Millisecond || g > 9*time.Second {
				t.Errorf("second retry after %s, want about 6s", g)
			}
		}
		log := deliveries(t, s, acct.Token, id, "?status=succeeded")
		if len(log) != 3 || log[0]["attempts"] != float64(3) || len(log[0]["attempt_log"].([]any)) != 3 {
			t.Fatalf("delivery log: %v", log)
		}
		st := s.Do("GET", "/api/webhooks/"+id+"/stats", acct.Token, nil).Expect(t, 200)
		if st.Body["total_deliveries"] != float64(3) || st.Body["successful"] != float64(3) || st.Body["success_rate"] != float64(100) ||
			len(st.Body["recent_failures"].([]any)) != 6 {
			t.Fatalf("stats: %s", st.Raw)
		}
		wh := s.Do("GET", "/api/webhooks/"+id, acct.Token, nil).Expect(t, 200)
		if wh.Body["enabled"] != true || wh.Body["consecutive_failures"] != float64(0) {
			t.Fatalf("retried then delivered events must not count as failures: %s", wh.Raw)
		}
	})
}

func TestSlowReceiverTimesOutAndCountsAsFailure(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) {
		c.WebhookTimeout = 500 * time.Millisecond
		c.WebhookRetryDelays = "1s"
	}})
	acct := s.Register(t)
	rcv := webhookstest.NewReceiver(t)
	id := register(t, s, acct, rcv, events.QueryFailed)
	rcv.SetDelay(2 * time.Second)
	emit(t, s, acct.OrgID, events.QueryFailed, 1)
	eventually(t, 20*time.Second, "a failed delivery", func() bool {
		d := deliveries(t, s, acct.Token, id, "?status=failed")
		return len(d) == 1
	})
	for _, a := range attemptsOf(t, s, acct.OrgID, id) {
		if a.Success || !strings.Contains(a.Error, "timeout") || a.ResponseTimeMS < 400 || a.ResponseTimeMS > 1500 {
			t.Fatalf("attempt: %+v", a)
		}
	}
	wh := s.Do("GET", "/api/webhooks/"+id, acct.Token, nil).Expect(t, 200)
	if wh.Body["consecutive_failures"] != float64(1) {
		t.Fatalf("a delivery that exhausted its retries counts once: %s", wh.Raw)
	}
	rcv.SetDelay(0)
	res := s.Do("POST", "/api/webhooks/"+id+"/test", acct.Token, nil).Expect(t, 200)
	if res.Body["success"] != true || res.Body["status_code"] != float64(200) {
		t.Fatalf("test after recovery: %s", res.Raw)
	}
}

func TestFiveFailedDeliveriesDisableAndPatchReEnables(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db, Configure: retryDelays("500ms,500ms")})
		acct := s.Register(t)
		rcv := webhookstest.NewReceiver(t)
		id := register(t, s, acct, rcv, events.AgentCreated)
		rcv.FailWith(http.StatusInternalServerError)
		emit(t, s, acct.OrgID, events.AgentCreated, 4)
		eventually(t, 20*time.Second, "four failed deliveries", func() bool { return len(deliveries(t, s, acct.Token, id, "?status=failed")) == 4 })
		wh := s.Do("GET", "/api/webhooks/"+id, acct.Token, nil).Expect(t, 200)
		if wh.Body["enabled"] != true || wh.Body["consecutive_failures"] != float64(4) {
			t.Fatalf("after 4 failures: %s", wh.Raw)
		}
		// A test send neither disables nor resets.
		res := s.Do("POST", "/api/webhooks/"+id+"/test", acct.Token, nil).Expect(t, 200)
		if res.Body["success"] != false || res.Body["status_code"] != float64(500) || res.String("error") == "" {
			t.Fatalf("test answer: %s", res.Raw)
		}
		emit(t, s, acct.OrgID, events.AgentCreated, 1)
		eventually(t, 20*time.Second, "the webhook disabled", func() bool {
			return s.Do("GET", "/api/webhooks/"+id, acct.Token, nil).Body["enabled"] == false
		})
		wh = s.Do("GET", "/api/webhooks/"+id, acct.Token, nil).Expect(t, 200)
		if wh.Body["consecutive_failures"] != float64(5) || !strings.Contains(wh.String("disabled_reason"), "5 consecutive") {
			t.Fatalf("disabled webhook: %s", wh.Raw)
		}
		before := len(rcv.Requests())
		emit(t, s, acct.OrgID, events.AgentCreated, 1)
		time.Sleep(1500 * time.Millisecond)
		if n := len(rcv.Requests()); n != before {
			t.Fatalf("a disabled webhook got %d new requests", n-before)
		}

		rcv.FailWith(0)
		again := s.Do("PATCH", "/api/webhooks/"+id, acct.Token, map[string]any{"enabled": true}).Expect(t, 200)
		if again.Body["enabled"] != true || again.Body["consecutive_failures"] != float64(0) || again.Body["disabled_reason"] != nil {
			t.Fatalf("re-enabled: %s", again.Raw)
		}
		sent := emit(t, s, acct.OrgID, events.AgentCreated, 1)
		got := waitEvents(t, rcv, 1, 15*time.Second)
		if got[0].ID != sent[0] {
			t.Fatalf("got %s want %s", got[0].ID, sent[0])
		}

		// A failed delivery can be retried by hand, with the same event id and body.
		failed := deliveries(t, s, acct.Token, id, "?status=failed&event_type=agent.created")
		if len(failed) == 0 {
			t.Fatal("no failed delivery to retry")
		}
		did := failed[0]["id"].(string)
		s.Do("POST", "/api/webhooks/"+id+"/deliveries/"+did+"/retry", acct.Token, nil).Expect(t, 202)
		s.Do("POST", "/api/webhooks/"+id+"/deliveries/dlv_nope/retry", acct.Token, nil).Expect(t, 404)
		waitEvents(t, rcv, 2, 15*time.Second)
		eventually(t, 10*time.Second, "the retried delivery succeeded", func() bool {
			for _, d := range deliveries(t, s, acct.Token, id, "?status=succeeded") {
				if d["id"] == did {
					return true
				}
			}
			return false
		})
	})
}

func TestRotatedSecretSignsWithBothSecrets(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	acct := s.Register(t)
	rcv := webhookstest.NewReceiver(t)
	id := register(t, s, acct, rcv, events.TemplateCreated)
	r := s.Do("POST", "/api/webhooks/"+id+"/rotate-secret", acct.Token, nil).Expect(t, 200)
	newSecret := r.String("secret")

	emit(t, s, acct.OrgID, events.TemplateCreated, 1) // receiver still knows only the old secret
	got := waitEvents(t, rcv, 1, 15*time.Second)
	if sig := got[0].Header.Get("X-Service-Signature"); strings.Count(sig, "sha256=") != 2 {
		t.Fatalf("X-Service-Signature during rotation: %q", sig)
	}
	if sig := got[0].Header.Get("webhook-signature"); strings.Count(sig, "v1,") != 2 {
		t.Fatalf("webhook-signature during rotation: %q", sig)
	}
	rcv.SetSecrets(newSecret) // and now only the new one
	emit(t, s, acct.OrgID, events.TemplateCreated, 1)
	waitEvents(t, rcv, 2, 15*time.Second)
	for _, q := range rcv.Requests() {
		if !q.Verified {
			t.Fatalf("unverified request: %s", q.VerifyErr)
		}
	}
}

func TestReplayRedeliversTheSameEventIDs(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		rcv := webhookstest.NewReceiver(t)
		id := register(t, s, acct, rcv, events.QueryCompleted)
		since := time.Now().Add(-time.Second).UTC()
		sent := emit(t, s, acct.OrgID, events.QueryCompleted, 3)
		emit(t, s, acct.OrgID, events.QueryFailed, 2) // not subscribed: never replayed
		first := waitEvents(t, rcv, 3, 15*time.Second)

		r := s.Do("POST", "/v1/api/webhooks/"+id+"/replay", acct.Token, map[string]any{"since": since.Format(time.RFC3339)}).Expect(t, 202)
		if r.Body["queued"] != float64(3) {
			t.Fatalf("replay answer: %s", r.Raw)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		for len(rcv.Accepted()) < 6 && ctx.Err() == nil {
			time.Sleep(50 * time.Millisecond)
		}
		acc := rcv.Accepted()
		if len(acc) != 6 {
			t.Fatalf("accepted %d requests, want 6", len(acc))
		}
		want := idSet(sent)
		bodies := map[string]string{}
		for _, q := range first {
			bodies[q.ID] = string(q.Body)
		}
		for _, q := range acc {
			if !want[q.ID] || bodies[q.ID] != string(q.Body) {
				t.Fatalf("replayed %s with a different id or body", q.ID)
			}
		}
		if n := len(rcv.Events()); n != 3 {
			t.Fatalf("%d distinct events, want 3", n)
		}
	})
}
