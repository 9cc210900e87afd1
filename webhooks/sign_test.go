package webhooks_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/analytics-agent/service/webhooks"
	"github.com/analytics-agent/service/webhooks/webhookstest"
)

func mustSecret(t *testing.T) string {
	t.Helper()
	s, err := webhooks.NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestNewSecret(t *testing.T) {
	a, b := mustSecret(t), mustSecret(t)
	if a == b {
		t.Fatal("two secrets are equal")
	}
	for _, s := range []string{a, b} {
		enc, ok := strings.CutPrefix(s, "whsec_")
		if !ok {
			t.Fatalf("%q lacks whsec_ prefix", s)
		}
		raw, err := base64.StdEncoding.DecodeString(enc)
		if err != nil || len(raw) != 32 {
			t.Fatalf("%q: decoded %d bytes, err %v; want 32 bytes", s, len(raw), err)
		}
		if err := webhooks.ValidateSecret(s); err != nil {
			t.Fatal(err)
		}
	}
}

func TestValidateSecret(t *testing.T) {
	for _, s := range []string{"", "abc", "whsec_!!!", "whsec_" + base64.StdEncoding.EncodeToString(make([]byte, 8))} {
		if err := webhooks.ValidateSecret(s); !errors.Is(err, webhooks.ErrInvalidSecret) {
			t.Errorf("ValidateSecret(%q) = %v, want ErrInvalidSecret", s, err)
		}
	}
}

// The example of the Standard Webhooks specification / Svix documentation.
func TestSignKnownVector(t *testing.T) {
	h, err := webhooks.Sign([]byte(`{"test": 2432232314}`), "msg_p5jXN8AQM9LWM0D4loKWxJek",
		time.Unix(1614265330, 0), []string{"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := h.Get("webhook-signature"), "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; got != want {
		t.Errorf("webhook-signature = %q, want %q", got, want)
	}
	if got := h.Get("webhook-timestamp"); got != "1614265330" {
		t.Errorf("webhook-timestamp = %q", got)
	}
}

func TestSignBothSchemes(t *testing.T) {
	current, previous := mustSecret(t), mustSecret(t)
	body := []byte(`{"id":"evt_1","type":"query.completed","created_at":"2026-01-02T03:04:05Z","data":{"row_count":3}}`)
	now := time.Now()

	tests := []struct {
		name    string
		signed  []string // secrets the sender signs with
		checked string   // the secret one receiver knows
	}{
		{"single secret", []string{current}, current},
		{"rotation, receiver updated", []string{current, previous}, current},
		{"rotation, receiver not yet updated", []string{current, previous}, previous},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, err := webhooks.Sign(body, "evt_1", now, tc.signed)
			if err != nil {
				t.Fatal(err)
			}

			// Standard Webhooks, checked by the official Go library.
			wh, err := standardwebhooks.NewWebhook(tc.checked)
			if err != nil {
				t.Fatal(err)
			}
			if err := wh.Verify(body, h); err != nil {
				t.Errorf("official library: %v (header %q)", err, h.Get("webhook-signature"))
			}
			if n := len(strings.Fields(h.Get("webhook-signature"))); n != len(tc.signed) {
				t.Errorf("webhook-signature has %d entries, want %d", n, len(tc.signed))
			}

			// X-Service-Signature, checked as the interface documents it.
			m := hmac.New(sha256.New, []byte(tc.checked))
			m.Write(body)
			want := "sha256=" + hex.EncodeToString(m.Sum(nil))
			entries := strings.Split(h.Get("X-Service-Signature"), ",")
			if len(entries) != len(tc.signed) {
				t.Errorf("X-Service-Signature has %d entries, want %d", len(entries), len(tc.signed))
			}
			found := false
			for _, e := range entries {
				found = found || e == want
			}
			if !found {
				t.Errorf("X-Service-Signature %q lacks %q", h.Get("X-Service-Signature"), want)
			}
			if len(tc.signed) == 1 && h.Get("X-Service-Signature") != want {
				t.Errorf("single secret: header %q, want exactly %q", h.Get("X-Service-Signature"), want)
			}

			// And by the test receiver's independent implementation.
			if err := webhookstest.Verify(body, h, []string{tc.checked}, time.Minute, now); err != nil {
				t.Errorf("webhookstest.Verify: %v", err)
			}
		})
	}
}

func TestSignatureRejections(t *testing.T) {
	secret, other := mustSecret(t), mustSecret(t)
	body := []byte(`{"id":"evt_2"}`)
	now := time.Now()
	h, err := webhooks.Sign(body, "evt_2", now, []string{secret})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		body    []byte
		header  func() http.Header
		secrets []string
		at      time.Time
	}{
		{"wrong secret", body, h.Clone, []string{other}, now},
		{"body changed", []byte(`{"id":"evt_3"}`), h.Clone, []string{secret}, now},
		{"too old", body, h.Clone, []string{secret}, now.Add(10 * time.Minute)},
		{"too new", body, h.Clone, []string{secret}, now.Add(-10 * time.Minute)},
		{"id changed", body, func() http.Header { c := h.Clone(); c.Set("webhook-id", "evt_9"); return c }, []string{secret}, now},
		{"service header missing", body, func() http.Header { c := h.Clone(); c.Del("X-Service-Signature"); return c }, []string{secret}, now},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := webhookstest.Verify(tc.body, tc.header(), tc.secrets, 5*time.Minute, tc.at); err == nil {
				t.Error("verified, want rejection")
			}
		})
	}
	// The official library agrees on the Standard Webhooks part.
	wh, _ := standardwebhooks.NewWebhook(other)
	if err := wh.Verify(body, h); err == nil {
		t.Error("official library verified with the wrong secret")
	}
}

func TestSignErrors(t *testing.T) {
	s := mustSecret(t)
	tests := []struct {
		name    string
		id      string
		secrets []string
	}{
		{"no id", "", []string{s}},
		{"id with dot", "evt.1", []string{s}},
		{"id with space", "evt 1", []string{s}},
		{"no secrets", "evt_1", nil},
		{"malformed secret", "evt_1", []string{s, "not-a-secret"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := webhooks.Sign([]byte(`{}`), tc.id, time.Now(), tc.secrets); err == nil {
				t.Error("no error")
			}
		})
	}
}
