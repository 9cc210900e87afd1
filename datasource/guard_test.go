package datasource

import (
	"context"
	"database/sql"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/netguard"
)

// bannerServer answers every connection with text and closes it, like an SSH or SMTP server
// on a port a tenant probes.
func bannerServer(t *testing.T, banner string) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			_, _ = c.Write([]byte(banner))
			time.Sleep(50 * time.Millisecond)
			c.Close()
		}
	}()
	return l.Addr().(*net.TCPAddr).Port
}

func TestInternalAddressesAreRefusedAtDialTime(t *testing.T) {
	strict := NewManager(ManagerOptions{})
	defer strict.CloseAll()
	port := bannerServer(t, "SSH-2.0-OpenSSH_9.6 internal-build\r\n")
	for _, typ := range []Type{Postgres, MySQL} {
		for _, host := range []string{"127.0.0.1", "localhost", "::ffff:127.0.0.1", "10.0.0.1", "100.64.0.1", "169.254.169.254", "fd00:ec2::254", "0.0.0.0"} {
			cfg := Config{Type: typ, Host: host, Port: port, Database: "x", Username: "u", SSLMode: "disable"}
			res := strict.Test(context.Background(), cfg)
			if res.Success || res.Reason != ReasonAddressNotAllowed {
				t.Errorf("%s %s: Test() = %+v, want reason %s", typ, host, res, ReasonAddressNotAllowed)
			}
			if _, err := strict.Introspect(context.Background(), "ds_"+string(typ)+host, cfg); Reason(err) != ReasonAddressNotAllowed {
				t.Errorf("%s %s: Introspect() = %v, want reason %s", typ, host, err, ReasonAddressNotAllowed)
			}
		}
	}
	// Cloud metadata stays refused when the operator allows private addresses.
	open := NewManager(ManagerOptions{Guard: netguard.New(true)})
	defer open.CloseAll()
	res := open.Test(context.Background(), Config{Type: Postgres, Host: "169.254.169.254", Database: "x", Username: "u"})
	if res.Reason != ReasonAddressNotAllowed {
		t.Errorf("metadata with allow-private: %+v", res)
	}
}

func TestTheServicesOwnStoreIsRefusedEvenWhenPrivateIsAllowed(t *testing.T) {
	port := bannerServer(t, "")
	m := NewManager(ManagerOptions{Guard: netguard.New(true,
		netguard.Endpoint{Host: "127.0.0.1", Port: port, Database: "analytics"},
		netguard.Endpoint{Host: "0.0.0.0", Port: 4250})})
	defer m.CloseAll()
	for _, host := range []string{"127.0.0.1", "localhost", "127.0.0.2", "::1"} {
		for _, db := range []string{"analytics", "ANALYTICS"} {
			res := m.Test(context.Background(), Config{Type: Postgres, Host: host, Port: port, Database: db, Username: "postgres", SSLMode: "disable"})
			if res.Reason != ReasonAddressNotAllowed {
				t.Errorf("store via %s/%s: Test() = %+v, want %s", host, db, res, ReasonAddressNotAllowed)
			}
		}
	}
	res := m.Test(context.Background(), Config{Type: MySQL, Host: "127.0.0.1", Port: 4250, Database: "x", Username: "u", SSLMode: "disable"})
	if res.Reason != ReasonAddressNotAllowed {
		t.Errorf("broker port: Test() = %+v, want %s", res, ReasonAddressNotAllowed)
	}
}

func TestConnectionErrorsNeverEchoTheRemoteServer(t *testing.T) {
	const banner = "SSH-2.0-OpenSSH_9.6 secret-internal-host-42"
	port := bannerServer(t, banner+"\r\n")
	m := NewManager(ManagerOptions{Guard: netguard.New(true)})
	defer m.CloseAll()
	for _, typ := range []Type{Postgres, MySQL} {
		cfg := Config{Type: typ, Host: "127.0.0.1", Port: port, Database: "x", Username: "u", Password: "pw", SSLMode: "disable"}
		res := m.Test(context.Background(), cfg)
		if res.Success || strings.Contains(res.Error, "secret-internal") || strings.Contains(res.Error, "SSH") {
			t.Errorf("%s: Test() = %+v echoes the remote side", typ, res)
		}
		_, err := m.Introspect(context.Background(), "ds_banner_"+string(typ), cfg)
		if err == nil || strings.Contains(err.Error(), "secret-internal") || strings.Contains(err.Error(), "SSH") {
			t.Errorf("%s: Introspect() = %v echoes the remote side", typ, err)
		}
	}
}

// TestHandshakeIsBoundedWithoutACallerDeadline: database/sql opens connections for queued
// requests in the background with no caller context; a server that accepts and never answers
// must still release the slot after ConnectTimeout.
func TestHandshakeIsBoundedWithoutACallerDeadline(t *testing.T) {
	t.Parallel()
	m := NewManager(ManagerOptions{Guard: netguard.New(true)})
	port := silentServer(t)
	for _, typ := range []Type{Postgres, MySQL} {
		t.Run(string(typ), func(t *testing.T) {
			t.Parallel()
			db, err := m.open(Config{Type: typ, Host: "127.0.0.1", Port: port, Database: "x", Username: "u", SSLMode: "disable"})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			done := make(chan error, 1)
			go func() { done <- db.PingContext(context.Background()) }()
			select {
			case err := <-done:
				if err == nil {
					t.Fatal("ping of a silent server succeeded")
				}
			case <-time.After(ConnectTimeout + 3*time.Second):
				t.Fatal("handshake with a silent server is not bounded")
			}
		})
	}
}

func TestSQLiteSourcesStayInTheirOrganizationsFolder(t *testing.T) {
	base := t.TempDir()
	for _, org := range []string{"org_a", "org_b"} {
		if err := os.MkdirAll(filepath.Join(base, org), 0o700); err != nil {
			t.Fatal(err)
		}
		seedSQLite(t, filepath.Join(base, org, "data.db"))
	}
	store := filepath.Join(base, "analytics.db")
	seedSQLite(t, store)
	if err := os.Symlink(filepath.Join(base, "org_a", "data.db"), filepath.Join(base, "org_b", "link.db")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(store, filepath.Join(base, "org_b", "store.db")); err != nil {
		t.Fatal(err)
	}
	m := NewManager(ManagerOptions{SQLiteDir: base, ReservedFiles: []string{store}})
	defer m.CloseAll()
	if res := m.Test(context.Background(), Config{Type: SQLite, Path: "data.db", OrganizationID: "org_b"}); !res.Success {
		t.Fatalf("own file: %+v", res)
	}
	for _, p := range []string{"../org_a/data.db", "/" + filepath.Join(base, "org_a", "data.db"), "link.db", "store.db",
		"../analytics.db", "./../org_a/data.db", "..\\org_a\\data.db", "sub/../../org_a/data.db"} {
		res := m.Test(context.Background(), Config{Type: SQLite, Path: p, OrganizationID: "org_b"})
		if res.Success || res.Reason != ReasonInvalidConfig {
			t.Errorf("org_b naming %q: %+v, want %s", p, res, ReasonInvalidConfig)
		}
	}
	for _, org := range []string{"..", "../org_a", "org_a/..", "."} {
		if _, err := m.ResolveSQLite(Config{Type: SQLite, Path: "data.db", OrganizationID: org}); err == nil {
			t.Errorf("organization id %q accepted as a folder", org)
		}
	}
	// Reserved even when reachable without any link, as when the sqlite folder is the data dir.
	m2 := NewManager(ManagerOptions{SQLiteDir: base, ReservedFiles: []string{store}})
	defer m2.CloseAll()
	if res := m2.Test(context.Background(), Config{Type: SQLite, Path: "analytics.db"}); res.Success {
		t.Errorf("service store opened: %+v", res)
	}
}

func seedSQLite(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE TABLE t (id INTEGER PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
}
