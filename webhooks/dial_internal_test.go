package webhooks

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

func TestBlockedReason(t *testing.T) {
	tests := []struct {
		ip                  string
		blocked, blockedDev bool // AllowPrivate false / true
	}{
		{"93.184.216.34", false, false},
		{"8.8.8.8", false, false},
		{"2606:2800:220:1::1", false, false},
		{"64:ff9b::808:808", false, false}, // NAT64 of 8.8.8.8
		{"0.0.0.0", true, false},
		{"10.0.0.1", true, false},
		{"10.255.255.255", true, false},
		{"100.64.0.1", true, false},
		{"100.127.255.254", true, false},
		{"127.0.0.1", true, false},
		{"127.1.2.3", true, false},
		{"169.254.1.1", true, false},
		{"172.16.0.1", true, false},
		{"172.31.255.255", true, false},
		{"172.32.0.1", false, false},
		{"192.168.0.1", true, false},
		{"224.0.0.1", true, false},
		{"255.255.255.255", true, false},
		{"::", true, false},
		{"::1", true, false},
		{"::ffff:127.0.0.1", true, false},
		{"::ffff:8.8.8.8", false, false},
		{"64:ff9b::a00:1", true, false}, // NAT64 of 10.0.0.1
		{"fc00::1", true, false},
		{"fd12:3456::1", true, false},
		{"fe80::1", true, false},
		{"fe80::1%eth0", true, false},
		{"ff02::1", true, false},
		{"2001:db8::1", true, false},
		{"2002:7f00:1::", true, false},
		// metadata endpoints: refused even in development mode
		{"169.254.169.254", true, true},
		{"::ffff:169.254.169.254", true, true},
		{"64:ff9b::a9fe:a9fe", true, true},
		{"169.254.170.2", true, true},
		{"100.100.100.200", true, true},
		{"fd00:ec2::254", true, true},
	}
	for _, tc := range tests {
		ip := netip.MustParseAddr(tc.ip)
		if got := blockedReason(ip, false) != ""; got != tc.blocked {
			t.Errorf("blockedReason(%s, false) blocked=%v, want %v", tc.ip, got, tc.blocked)
		}
		if got := blockedReason(ip, true) != ""; got != tc.blockedDev {
			t.Errorf("blockedReason(%s, true) blocked=%v, want %v", tc.ip, got, tc.blockedDev)
		}
	}
}

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
