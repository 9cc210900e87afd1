package auth_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/secretbox"
	"github.com/analytics-agent/service/store"
)

// newService is the real account service over a fresh database of each kind.
func newService(t *testing.T, db string, policy auth.BruteForcePolicy) *auth.Service {
	t.Helper()
	ctx := context.Background()
	url := ""
	if db == "postgres" {
		url = apptest.NewPostgresDatabase(t)
	}
	st, err := store.Open(ctx, url, filepath.Join(t.TempDir(), "auth.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(ctx, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	keys, err := secretbox.New("test-secret-key-test-secret-key-0123456789")
	if err != nil {
		t.Fatal(err)
	}
	return auth.NewService(st, keys, auth.Options{BruteForce: policy})
}

func TestLoginThrottlingPolicy(t *testing.T) {
	policy := auth.BruteForcePolicy{Window: time.Hour, SlowAfter: 3, Tarpit: time.Millisecond, MaxTarpit: 2 * time.Millisecond,
		AccountLimit: 3, AddressLimit: 5}
	const pw = "Correct-horse-42"
	type attempt struct {
		email, password, address string
		want                     string // "ok", "invalid", "limited"
	}
	cases := []struct {
		name     string
		attempts []attempt
	}{
		{"the attacker's address is refused even with the right password", []attempt{
			{"a@example.com", "wrong-Pass-1", "10.0.0.1", "invalid"},
			{"a@example.com", "wrong-Pass-1", "10.0.0.1", "invalid"},
			{"a@example.com", "wrong-Pass-1", "10.0.0.1", "invalid"},
			{"a@example.com", pw, "10.0.0.1", "limited"},
		}},
		{"the owner at another address still logs in", []attempt{
			{"a@example.com", "wrong-Pass-1", "10.0.0.1", "invalid"},
			{"a@example.com", "wrong-Pass-1", "10.0.0.1", "invalid"},
			{"a@example.com", "wrong-Pass-1", "10.0.0.1", "invalid"},
			{"a@example.com", pw, "10.0.0.2", "ok"},
			{"a@example.com", "wrong-Pass-1", "10.0.0.1", "limited"},
		}},
		{"an address guessing over many accounts hits the address ceiling", []attempt{
			{"a@example.com", "wrong-Pass-1", "10.0.0.9", "invalid"},
			{"b@example.com", "wrong-Pass-1", "10.0.0.9", "invalid"},
			{"c@example.com", "wrong-Pass-1", "10.0.0.9", "invalid"},
			{"d@example.com", "wrong-Pass-1", "10.0.0.9", "invalid"},
			{"e@example.com", "wrong-Pass-1", "10.0.0.9", "invalid"},
			{"a@example.com", pw, "10.0.0.9", "limited"},
			{"a@example.com", pw, "10.0.0.8", "ok"},
		}},
		{"successes do not use up the address ceiling", []attempt{
			{"a@example.com", pw, "10.0.0.7", "ok"}, {"a@example.com", pw, "10.0.0.7", "ok"},
			{"a@example.com", pw, "10.0.0.7", "ok"}, {"a@example.com", pw, "10.0.0.7", "ok"},
			{"a@example.com", pw, "10.0.0.7", "ok"}, {"a@example.com", pw, "10.0.0.7", "ok"},
		}},
	}
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				p := policy
				p.Clock = apptest.WindowStartClock(p.Window)
				svc := newService(t, db, p)
				ctx := context.Background()
				if _, err := svc.Register(ctx, auth.RegisterInput{Email: "a@example.com", Password: pw, FullName: "A"}); err != nil {
					t.Fatal(err)
				}
				for i, a := range c.attempts {
					_, err := svc.Login(ctx, a.email, a.password, a.address)
					var rl *auth.RateLimitedError
					got := "ok"
					switch {
					case errors.As(err, &rl):
						got = "limited"
					case errors.Is(err, auth.ErrInvalidCredentials):
						got = "invalid"
					case err != nil:
						t.Fatalf("attempt %d: %v", i, err)
					}
					if got != a.want {
						t.Fatalf("attempt %d (%s from %s): %s, want %s", i, a.email, a.address, got, a.want)
					}
				}
			})
		}
	})
}
