package main

import (
	"bytes"
	"context"
	"io"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
)

// syncBuffer is written by the tail goroutine and read by the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// embeddedAddr is the host:port of a test service's embedded broker, without its credential.
func embeddedAddr(t *testing.T, s *apptest.Service) string {
	u, err := url.Parse(s.App.NATSURL)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

func TestEventsTailKeepsWaitingThroughQuietSecondsAndReadsTheBrokerCredentialFromTheDataDir(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut syncBuffer
	done := make(chan error, 1)
	// No --nats-url: like an operator on the machine of 'analytics serve', the tail finds the
	// embedded broker on its listen address and its password in the data dir.
	go func() {
		done <- runContext(ctx, []string{"events", "tail", "--type", "user.created",
			"--nats-listen", embeddedAddr(t, s), "--data-dir", s.Cfg.DataDir}, &out, &errOut)
	}()

	// Longer than one fetch wait with nothing to read: the tail must still be running.
	select {
	case err := <-done:
		t.Fatalf("tail ended after a quiet second: %v (%s)", err, errOut.String())
	case <-time.After(2500 * time.Millisecond):
	}

	// A tail reads events published after its consumer exists, which on a loaded machine can
	// be later than the quiet seconds above: register again until one is printed.
	var orgs []string
	printed := func() bool {
		for _, org := range orgs {
			if strings.Contains(out.String(), org) {
				return true
			}
		}
		return false
	}
	deadline := time.Now().Add(20 * time.Second)
	for next := time.Now(); !printed(); {
		if time.Now().After(deadline) {
			t.Fatalf("no event published after the quiet seconds was printed: %q (%s)", out.String(), errOut.String())
		}
		if time.Now().After(next) {
			orgs = append(orgs, s.Register(t).OrgID)
			next = time.Now().Add(3 * time.Second)
		}
		select {
		case err := <-done:
			t.Fatalf("tail ended: %v (%s)", err, errOut.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	if !strings.Contains(out.String(), `"type":"user.created"`) {
		t.Fatalf("printed: %s", out.String())
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("tail stopped with %v, want a clean end on cancel", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("tail did not stop after cancel")
	}
}

func TestEventsRefusesToReadARunningBrokerWithoutItsCredential(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// Another data dir holds no password for this broker.
	err := runContext(ctx, []string{"events", "replay", "--since", "1h",
		"--nats-listen", embeddedAddr(t, s), "--data-dir", t.TempDir()}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "credential") {
		t.Fatalf("replay without the broker's credential: %v", err)
	}
	// A URL without the credential is refused by the broker itself.
	err = runContext(ctx, []string{"events", "replay", "--since", "1h", "--nats-url", "nats://" + embeddedAddr(t, s)}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "authorization") {
		t.Fatalf("replay with a URL lacking the credential: %v", err)
	}
}
