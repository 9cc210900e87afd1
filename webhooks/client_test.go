package webhooks_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/analytics-agent/service/webhooks"
	"github.com/analytics-agent/service/webhooks/webhookstest"
)

func message(id string) webhooks.Message {
	return webhooks.Message{
		ID:        id,
		Timestamp: time.Now(),
		Body:      []byte(`{"id":"` + id + `","type":"query.completed","created_at":"2026-01-02T03:04:05Z","data":{}}`),
	}
}

func devClient(timeout time.Duration) *webhooks.Client {
	return webhooks.NewClient(webhooks.ClientOptions{Timeout: timeout, AllowPrivate: true})
}

func TestDeliverSuccess(t *testing.T) {
	secret := mustSecret(t)
	rcv := webhookstest.NewReceiver(t, secret)
	msg := message("evt_ok")

	a := devClient(0).Deliver(context.Background(), webhooks.Target{URL: rcv.URL() + "/hooks", Secrets: []string{secret}}, msg)
	if !a.Success || a.StatusCode != 200 || a.Err != "" {
		t.Fatalf("attempt = %+v, want success", a)
	}
	if a.Duration <= 0 || a.ResponseExcerpt == "" {
		t.Errorf("attempt lacks duration or excerpt: %+v", a)
	}
	got := rcv.Events()
	if len(got) != 1 {
		t.Fatalf("receiver got %d events, want 1: %+v", len(got), rcv.Requests())
	}
	r := got[0]
	if r.ID != "evt_ok" || r.Type != "query.completed" || string(r.Body) != string(msg.Body) {
		t.Errorf("received %+v", r)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	if ua := r.Header.Get("User-Agent"); ua != webhooks.DefaultUserAgent {
		t.Errorf("User-Agent = %q", ua)
	}
	if r.Timestamp.Unix() != msg.Timestamp.Unix() {
		t.Errorf("webhook-timestamp = %v, want %v", r.Timestamp, msg.Timestamp)
	}
}

func TestDeliverRotation(t *testing.T) {
	oldSecret, newSecret := mustSecret(t), mustSecret(t)
	for _, tc := range []struct {
		name  string
		knows string
	}{{"receiver still on old secret", oldSecret}, {"receiver already on new secret", newSecret}} {
		t.Run(tc.name, func(t *testing.T) {
			rcv := webhookstest.NewReceiver(t, tc.knows)
			a := devClient(0).Deliver(context.Background(),
				webhooks.Target{URL: rcv.URL(), Secrets: []string{newSecret, oldSecret}}, message("evt_rot"))
			if !a.Success {
				t.Fatalf("attempt = %+v; receiver saw %+v", a, rcv.Requests())
			}
		})
	}
	t.Run("old secret expired", func(t *testing.T) {
		rcv := webhookstest.NewReceiver(t, oldSecret)
		a := devClient(0).Deliver(context.Background(),
			webhooks.Target{URL: rcv.URL(), Secrets: []string{newSecret}}, message("evt_rot"))
		if a.Success || a.StatusCode != http.StatusUnauthorized {
			t.Fatalf("attempt = %+v, want 401 from the receiver", a)
		}
	})
}

func TestDeliverFailures(t *testing.T) {
	secret := mustSecret(t)

	tests := []struct {
		name       string
		setup      func(t *testing.T, r *webhookstest.Receiver) string // returns the URL
		timeout    time.Duration
		wantStatus int
		wantErr    string
	}{
		{
			name:       "server error",
			setup:      func(_ *testing.T, r *webhookstest.Receiver) string { r.FailWith(500); return r.URL() },
			wantStatus: 500, wantErr: "receiver answered 500",
		},
		{
			name:       "201 is not 200",
			setup:      func(_ *testing.T, r *webhookstest.Receiver) string { r.FailWith(201); return r.URL() },
			wantStatus: 201, wantErr: "want 200",
		},
		{
			name:       "gone",
			setup:      func(_ *testing.T, r *webhookstest.Receiver) string { r.FailWith(410); return r.URL() },
			wantStatus: 410, wantErr: "receiver answered 410",
		},
		{
			name: "timeout",
			setup: func(_ *testing.T, r *webhookstest.Receiver) string {
				r.SetDelay(3 * time.Second)
				return r.URL()
			},
			timeout: 200 * time.Millisecond,
			wantErr: "timeout",
		},
		{
			name:    "connection refused",
			setup:   func(_ *testing.T, r *webhookstest.Receiver) string { r.Down(); return r.URL() },
			wantErr: "connection failed",
		},
		{
			name:    "invalid url",
			setup:   func(*testing.T, *webhookstest.Receiver) string { return "ftp://example.com/" },
			wantErr: "invalid webhook url",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rcv := webhookstest.NewReceiver(t, secret)
			url := tc.setup(t, rcv)
			start := time.Now()
			a := devClient(tc.timeout).Deliver(context.Background(), webhooks.Target{URL: url, Secrets: []string{secret}}, message("evt_f"))
			if a.Success || a.StatusCode != tc.wantStatus || !strings.Contains(a.Err, tc.wantErr) {
				t.Fatalf("attempt = %+v, want status %d and Err containing %q", a, tc.wantStatus, tc.wantErr)
			}
			if tc.timeout > 0 && time.Since(start) > tc.timeout+time.Second {
				t.Errorf("attempt took %s with a %s timeout", time.Since(start), tc.timeout)
			}
		})
	}
}

func TestDeliverRedirectIsFailure(t *testing.T) {
	secret := mustSecret(t)
	var hit atomic.Int32
	final := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { hit.Add(1) }))
	defer final.Close()
	for _, code := range []int{301, 302, 307, 308} {
		redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, final.URL, code)
		}))
		a := devClient(0).Deliver(context.Background(), webhooks.Target{URL: redirector.URL, Secrets: []string{secret}}, message("evt_r"))
		redirector.Close()
		if a.Success || a.StatusCode != code || !strings.Contains(a.Err, "redirect not followed") || !strings.Contains(a.Err, final.URL) {
			t.Errorf("%d: attempt = %+v, want a redirect failure naming the location", code, a)
		}
	}
	if n := hit.Load(); n != 0 {
		t.Errorf("redirect target was requested %d times", n)
	}
}

func TestDeliverExcerptBounded(t *testing.T) {
	secret := mustSecret(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(500)
		// 1 byte then 3-byte runes, so the 1 KiB limit falls inside a rune; then a lot more.
		w.Write([]byte("x" + strings.Repeat("€", 2<<20)))
	}))
	defer srv.Close()
	a := devClient(0).Deliver(context.Background(), webhooks.Target{URL: srv.URL, Secrets: []string{secret}}, message("evt_big"))
	if a.Success || a.StatusCode != 500 {
		t.Fatalf("attempt = %+v", a)
	}
	if n := len(a.ResponseExcerpt); n > webhooks.MaxExcerpt || n < webhooks.MaxExcerpt-3 {
		t.Errorf("excerpt is %d bytes, want about %d", n, webhooks.MaxExcerpt)
	}
	if !utf8.ValidString(a.ResponseExcerpt) || strings.ContainsRune(a.ResponseExcerpt, utf8.RuneError) {
		t.Errorf("excerpt is not clean UTF-8: ...%q", a.ResponseExcerpt[len(a.ResponseExcerpt)-8:])
	}
}

func TestDeliverRefusesPrivateTargets(t *testing.T) {
	secret := mustSecret(t)
	rcv := webhookstest.NewReceiver(t, secret)
	strict := webhooks.NewClient(webhooks.ClientOptions{})
	for _, url := range []string{
		rcv.URL(), // http and loopback
		"https://" + rcv.Addr() + "/",
		"https://localhost/",
		"https://10.0.0.1/",
		"https://[::1]/",
		"https://169.254.169.254/latest/meta-data/",
	} {
		a := strict.Deliver(context.Background(), webhooks.Target{URL: url, Secrets: []string{secret}}, message("evt_p"))
		if a.Success || a.Err == "" {
			t.Errorf("%s: attempt = %+v, want refusal", url, a)
		}
	}
	if n := len(rcv.Requests()); n != 0 {
		t.Errorf("receiver got %d requests", n)
	}
}

func TestDeliverParentContextCanceled(t *testing.T) {
	secret := mustSecret(t)
	rcv := webhookstest.NewReceiver(t, secret)
	rcv.SetDelay(3 * time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	a := devClient(5*time.Second).Deliver(ctx, webhooks.Target{URL: rcv.URL(), Secrets: []string{secret}}, message("evt_c"))
	if a.Success || !strings.Contains(a.Err, "aborted") || a.Duration > 2*time.Second {
		t.Fatalf("attempt = %+v", a)
	}
}
