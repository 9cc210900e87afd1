package datasource

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/netguard"
)

// closedPort returns a loopback port nobody listens on.
func closedPort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return port
}

// silentServer accepts connections and never says a word, like a firewall that lets the SYN
// through to a hung process.
func silentServer(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex
		conns []net.Conn
	)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return l.Addr().(*net.TCPAddr).Port
}

// TestTestNetworkFailures needs no database server: refused and silent ports behave the same
// for both network types.
func TestTestNetworkFailures(t *testing.T) {
	t.Parallel() // mostly waiting out timeouts
	m := NewManager(ManagerOptions{Guard: netguard.New(true)})
	defer m.CloseAll()
	refused, silent := closedPort(t), silentServer(t)
	for _, typ := range []Type{Postgres, MySQL} {
		tests := []struct {
			name   string
			cfg    Config
			reason string
			maxDur time.Duration
		}{
			{"refused", Config{Type: typ, Host: "127.0.0.1", Port: refused, Database: "x", Username: "u", Password: "hunter22", SSLMode: "disable"}, ReasonConnectionRefused, 2 * time.Second},
			{"timeout", Config{Type: typ, Host: "127.0.0.1", Port: silent, Database: "x", Username: "u", Password: "hunter22", SSLMode: "disable"}, ReasonTimeout, TestTimeout + 2*time.Second},
			{"no such host", Config{Type: typ, Host: "no-such-host.invalid", Database: "x", Username: "u", Password: "hunter22"}, ReasonConnectionRefused, TestTimeout + time.Second},
			{"invalid", Config{Type: typ, Host: "127.0.0.1", Username: "u"}, ReasonInvalidConfig, time.Second},
		}
		for _, tt := range tests {
			t.Run(string(typ)+"/"+tt.name, func(t *testing.T) {
				t.Parallel()
				start := time.Now()
				res := m.Test(context.Background(), tt.cfg)
				if res.Success || res.Reason != tt.reason {
					t.Fatalf("Test() = %+v, want reason %s", res, tt.reason)
				}
				if res.Error == "" || strings.Contains(res.Error, "hunter22") {
					t.Errorf("message %q is empty or leaks the password", res.Error)
				}
				if d := time.Since(start); d > tt.maxDur {
					t.Errorf("took %s, want under %s", d, tt.maxDur)
				}
			})
		}
	}
}

// TestUnreachableDoesNotBlockOthers: a query against a hung server must not hold up queries to
// other sources.
func TestUnreachableDoesNotBlockOthers(t *testing.T) {
	t.Parallel() // mostly waiting out the connect timeout
	m, cfg := newSQLiteSource(t)
	hung := Config{Type: Postgres, Host: "127.0.0.1", Port: silentServer(t), Database: "x", Username: "u", SSLMode: "disable"}
	done := make(chan error, 1)
	go func() {
		_, err := m.Query(context.Background(), "ds_hung", hung, "SELECT 1", nil, QueryOptions{Timeout: 10 * time.Second})
		done <- err
	}()
	time.Sleep(100 * time.Millisecond) // let it start dialing
	start := time.Now()
	if _, err := m.Query(context.Background(), "ds_ok", cfg, "SELECT 1", nil, QueryOptions{}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("healthy source waited %s behind a hung one", d)
	}
	select {
	case err := <-done:
		if !errors.Is(err, ErrUnreachable) {
			t.Errorf("hung source: %v, want ErrUnreachable", err)
		}
	case <-time.After(ConnectTimeout + 3*time.Second):
		t.Error("hung source query did not give up after the connect timeout")
	}
}
