package webhookstest_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/webhooks"
	"github.com/analytics-agent/service/webhooks/webhookstest"
)

func setup(t *testing.T) (*webhookstest.Receiver, func(id string) webhooks.Attempt) {
	t.Helper()
	secret, err := webhooks.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	rcv := webhookstest.NewReceiver(t, secret)
	client := webhooks.NewClient(webhooks.ClientOptions{Timeout: time.Second, AllowPrivate: true})
	send := func(id string) webhooks.Attempt {
		return client.Deliver(context.Background(), webhooks.Target{URL: rcv.URL(), Secrets: []string{secret}},
			webhooks.Message{ID: id, Timestamp: time.Now(), Body: []byte(`{"id":"` + id + `","type":"user.login","data":{}}`)})
	}
	return rcv, send
}

func TestDedupAndRecording(t *testing.T) {
	rcv, send := setup(t)
	for _, id := range []string{"evt_a", "evt_b", "evt_a"} {
		if a := send(id); !a.Success {
			t.Fatalf("%s: %+v", id, a)
		}
	}
	if n := len(rcv.Requests()); n != 3 {
		t.Errorf("Requests = %d, want 3", n)
	}
	if n := len(rcv.Accepted()); n != 3 {
		t.Errorf("Accepted = %d, want 3", n)
	}
	ev := rcv.Events()
	if len(ev) != 2 || ev[0].ID != "evt_a" || ev[1].ID != "evt_b" || ev[0].Type != "user.login" {
		t.Errorf("Events = %+v", ev)
	}
	env, err := ev[1].Envelope()
	if err != nil || env.ID != "evt_b" {
		t.Errorf("Envelope = %+v, %v", env, err)
	}
	rcv.Reset()
	if n := len(rcv.Requests()); n != 0 {
		t.Errorf("after Reset: %d requests", n)
	}
}

func TestRejectsForgery(t *testing.T) {
	rcv, _ := setup(t)
	other, _ := webhooks.NewSecret()
	body := []byte(`{"id":"evt_x"}`)
	h, err := webhooks.Sign(body, "evt_x", time.Now(), []string{other})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, rcv.URL(), bytes.NewReader(body))
	req.Header = h
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("status = %d, want 401", resp.StatusCode)
	}
	got := rcv.Requests()
	if len(got) != 1 || got[0].Verified || got[0].VerifyErr == "" || len(rcv.Events()) != 0 {
		t.Errorf("requests = %+v", got)
	}
}

func TestFailModes(t *testing.T) {
	rcv, send := setup(t)

	rcv.FailNext(2, http.StatusServiceUnavailable)
	for i, want := range []int{503, 503, 200} {
		if a := send("evt_n"); a.StatusCode != want {
			t.Errorf("attempt %d: status %d, want %d", i+1, a.StatusCode, want)
		}
	}

	rcv.FailWith(500)
	if a := send("evt_w"); a.StatusCode != 500 {
		t.Errorf("FailWith: %+v", a)
	}
	rcv.FailWith(0)
	if a := send("evt_w"); !a.Success {
		t.Errorf("after FailWith(0): %+v", a)
	}

	rcv.SetDelay(2 * time.Second)
	if a := send("evt_slow"); a.Success || !strings.Contains(a.Err, "timeout") {
		t.Errorf("slow: %+v", a)
	}
	rcv.SetDelay(0)

	ev := rcv.Events()
	if len(ev) != 2 || ev[0].ID != "evt_n" || ev[1].ID != "evt_w" {
		t.Errorf("events = %+v", ev)
	}
}

func TestDownUpSamePort(t *testing.T) {
	rcv, send := setup(t)
	url := rcv.URL()
	if a := send("evt_1"); !a.Success {
		t.Fatalf("up: %+v", a)
	}
	rcv.Down()
	rcv.Down() // idempotent
	if a := send("evt_2"); a.Success || !strings.Contains(a.Err, "connection failed") {
		t.Fatalf("down: %+v", a)
	}
	if err := rcv.Up(); err != nil {
		t.Fatal(err)
	}
	if rcv.URL() != url {
		t.Fatalf("URL changed from %s to %s", url, rcv.URL())
	}
	if a := send("evt_2"); !a.Success {
		t.Fatalf("up again: %+v", a)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	ev, err := rcv.WaitEvents(ctx, 2)
	if err != nil || len(ev) != 2 {
		t.Fatalf("WaitEvents = %d, %v", len(ev), err)
	}
}

func TestDownWhileSlowRequestInFlight(t *testing.T) {
	rcv, send := setup(t)
	rcv.SetDelay(10 * time.Second)
	done := make(chan webhooks.Attempt)
	go func() { done <- send("evt_inflight") }()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// Wait until the request is being handled, then pull the plug.
	for {
		time.Sleep(20 * time.Millisecond)
		if ctx.Err() != nil {
			t.Fatal("request never arrived")
		}
		if rcv.InFlight() == 1 {
			break
		}
	}
	start := time.Now()
	rcv.Down()
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Down blocked %s on an in-flight request", d)
	}
	if a := <-done; a.Success {
		t.Errorf("attempt succeeded: %+v", a)
	}
}

func TestWaitTimesOut(t *testing.T) {
	rcv, _ := setup(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := rcv.WaitEvents(ctx, 1); err == nil {
		t.Fatal("WaitEvents returned without events")
	}
}
