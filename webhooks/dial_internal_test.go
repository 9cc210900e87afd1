package webhooks

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// listen starts a plain server on addr ("127.0.0.1:0" or "[::1]:0"); it skips when the
// address family is unavailable.
func listen(t *testing.T, addr string) *httptest.Server {
	t.Helper()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {}))
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// TestDialerChecksResolvedAddresses goes below Deliver (which would reject these URLs before
// dialling) to show that the dialer itself refuses blocked addresses, including those reached
// through a host name resolved by DNS, which is what defeats DNS rebinding.
func TestDialerChecksResolvedAddresses(t *testing.T) {
	v4 := listen(t, "127.0.0.1:0")
	_, port, _ := net.SplitHostPort(v4.Listener.Addr().String())

	tests := []struct {
		name     string
		url      string
		allowed  bool // with AllowPrivate
		ipv6Only bool
	}{
		{"loopback literal", "http://127.0.0.1:" + port + "/", true, false},
		{"loopback by name", "http://localhost:" + port + "/", true, false},
		{"private", "http://10.0.0.1:9/", false, false}, // allowed, but nothing listens: not dialled in the test
		{"metadata", "http://169.254.169.254/latest/meta-data/", false, false},
		{"metadata v6", "http://[fd00:ec2::254]/", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			strict := NewClient(ClientOptions{Timeout: time.Second})
			_, err := strict.http.Post(tc.url, "application/json", strings.NewReader("{}"))
			if !errors.Is(err, ErrBlockedAddress) {
				t.Errorf("strict client: err = %v, want ErrBlockedAddress", err)
			}
			if !tc.allowed {
				return
			}
			dev := NewClient(ClientOptions{Timeout: time.Second, AllowPrivate: true})
			resp, err := dev.http.Post(tc.url, "application/json", strings.NewReader("{}"))
			if err != nil {
				t.Fatalf("AllowPrivate client: %v", err)
			}
			resp.Body.Close()
		})
	}

	t.Run("metadata refused even with AllowPrivate", func(t *testing.T) {
		dev := NewClient(ClientOptions{Timeout: time.Second, AllowPrivate: true})
		_, err := dev.http.Get("http://169.254.169.254/")
		if !errors.Is(err, ErrBlockedAddress) {
			t.Errorf("err = %v, want ErrBlockedAddress", err)
		}
	})

	t.Run("ipv6 loopback", func(t *testing.T) {
		v6 := listen(t, "[::1]:0")
		u := "http://" + v6.Listener.Addr().String() + "/"
		_, err := NewClient(ClientOptions{}).http.Get(u)
		if !errors.Is(err, ErrBlockedAddress) {
			t.Errorf("strict client: err = %v, want ErrBlockedAddress", err)
		}
		resp, err := NewClient(ClientOptions{AllowPrivate: true}).http.Get(u)
		if err != nil {
			t.Fatalf("AllowPrivate client: %v", err)
		}
		resp.Body.Close()
	})
}

func TestCleanExcerpt(t *testing.T) {
	euro := "€" // 3 bytes
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"plain", []byte("ok"), "ok"},
		{"nul removed", []byte("a\x00b"), "ab"},
		{"cut rune dropped", []byte("ab" + euro[:2]), "ab"},
		{"invalid replaced", []byte("a\xffb"), "a\uFFFDb"},
	}
	for _, tc := range tests {
		if got := cleanExcerpt(tc.in); got != tc.want {
			t.Errorf("%s: cleanExcerpt(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
	long := []byte(strings.Repeat("\xff", MaxExcerpt))
	if got := cleanExcerpt(long); len(got) > MaxExcerpt {
		t.Errorf("invalid bytes grew the excerpt to %d bytes", len(got))
	}
}
