package events

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	neturl "net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// startBroker runs an embedded broker on a free loopback port for one test.
func startBroker(t *testing.T, password string) string {
	t.Helper()
	srv, url, err := StartEmbedded(EmbeddedOptions{StoreDir: filepath.Join(t.TempDir(), "nats"), Listen: "127.0.0.1:0", Password: password})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Shutdown(); srv.WaitForShutdown() })
	return url
}

func withoutCredential(t *testing.T, url string) string {
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	u.User = nil
	return u.String()
}

func TestTheEmbeddedBrokerRefusesClientsWithoutItsCredential(t *testing.T) {
	url := startBroker(t, "")
	if !strings.Contains(url, EmbeddedUser+":") {
		t.Fatalf("the URL handed to the service carries no credential: %s", RedactURL(url))
	}
	bare := withoutCredential(t, url)
	if nc, err := nats.Connect(bare); !errors.Is(err, nats.ErrAuthorization) {
		if nc != nil {
			nc.Close()
		}
		t.Fatalf("connect without credential: %v, want an authorization violation", err)
	}
	wrong := strings.Replace(bare, "nats://", "nats://"+EmbeddedUser+":guessed-password@", 1)
	if nc, err := nats.Connect(wrong); !errors.Is(err, nats.ErrAuthorization) {
		if nc != nil {
			nc.Close()
		}
		t.Fatalf("connect with a guessed password: %v, want an authorization violation", err)
	}

	// With the credential, a client publishes into the streams as the service does.
	nc, err := Connect(url, "test", discardLog())
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := EnsureStreams(ctx, js, StreamOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := js.Publish(ctx, EventSubject("org_1", UserLogin), []byte(`{}`)); err != nil {
		t.Fatalf("publish with the credential: %v", err)
	}
}

func TestTheEmbeddedBrokerListensOnLoopbackOnly(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "[::]:0", "192.0.2.10:0"} {
		if _, _, err := StartEmbedded(EmbeddedOptions{StoreDir: t.TempDir(), Listen: addr}); err == nil || !strings.Contains(err.Error(), "loopback") {
			t.Errorf("listen on %s: %v, want a refusal naming loopback", addr, err)
		}
	}
}

func TestATakenPortIsNamedInTheError(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	start := time.Now()
	_, _, err = StartEmbedded(EmbeddedOptions{StoreDir: t.TempDir(), Listen: addr})
	var le *ListenError
	if !errors.As(err, &le) || le.Addr != addr || !strings.Contains(err.Error(), addr) {
		t.Fatalf("start on a taken port: %v, want a ListenError naming %s", err, addr)
	}
	if time.Since(start) > 5*time.Second {
		t.Fatal("a taken port must be reported at once, not after the readiness wait")
	}
}

func TestTheEmbeddedPasswordIsGeneratedOnceAndReadableByTheOwnerOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if _, err := ReadEmbeddedPassword(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("read before generation: %v, want not-exist", err)
	}
	pw, err := EnsureEmbeddedPassword(dir)
	if err != nil {
		t.Fatal(err)
	}
	again, err := EnsureEmbeddedPassword(dir)
	if err != nil || again != pw || len(pw) < 32 {
		t.Fatalf("second call %q (%v), first %q: the password must be generated once", again, err, pw)
	}
	read, err := ReadEmbeddedPassword(dir)
	if err != nil || read != pw {
		t.Fatalf("read %q (%v), want %q", read, err, pw)
	}
	st, err := os.Stat(filepath.Join(dir, EmbeddedPasswordFile))
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("password file mode %v, want 0600", st.Mode().Perm())
	}
}

func TestURLCredentialsAreRedactedForLogs(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"nats://nats:4222", "nats://nats:4222"},
		{"nats://svc:s3cret@nats-1:4222,nats://svc:s3cret@nats-2:4222", "nats://svc:redacted@nats-1:4222,nats://svc:redacted@nats-2:4222"},
		{"tls://tok3n@nats:4222", "tls://redacted@nats:4222"},
	}
	for _, c := range cases {
		if got := RedactURL(c.in); got != c.want {
			t.Errorf("RedactURL(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func discardLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
