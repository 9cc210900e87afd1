package api_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
)

// errorField is details.field of an error body.
func errorField(r *apptest.Response) string {
	e, _ := r.Body["error"].(map[string]any)
	d, _ := e["details"].(map[string]any)
	f, _ := d["field"].(string)
	return f
}

// hangingServer accepts TCP connections and never answers, like a firewall letting the SYN
// through to a hung process.
func hangingServer(t *testing.T) int {
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

func TestDataSourcesOnInternalAddressesAreRefusedByDefault(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) { c.DataSourceAllowPrivate = false }})
	admin := s.Register(t)
	for _, typ := range []string{"postgres", "mysql"} {
		for _, host := range []string{"127.0.0.1", "localhost", "127.0.0.2", "::1", "::ffff:127.0.0.1", "10.0.0.5", "192.168.1.10",
			"172.16.0.1", "100.64.1.1", "169.254.169.254", "fd00:ec2::254", "0.0.0.0", "224.0.0.1"} {
			body := map[string]any{"name": "x", "type": typ, "host": host, "port": 5432, "database": "test", "username": "postgres"}
			r := s.Do("POST", "/v1/data-sources", admin.Token, body).Expect(t, 400)
			if r.ErrorCode() != "invalid_request" || errorField(r) != "host" {
				t.Errorf("%s on %s: %s", typ, host, r.Raw)
			}
		}
	}

	// A name that passed validation and later resolves to an internal address (DNS
	// rebinding), simulated by editing the stored row: the dialer still refuses it.
	port := hangingServer(t)
	ds := s.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "public", "type": "postgres", "host": "93.184.216.34",
		"port": 5432, "database": "x", "username": "u"}).Expect(t, 201)
	// The refresh that creating it started dials the public address; where the network lets
	// that connection hang, its late failure would be read as the answer to the refresh below.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		cur := s.Do("GET", "/v1/data-sources/"+ds.String("id"), admin.Token, nil).Expect(t, 200)
		if cur.String("schema_status") != "pending" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the first refresh never finished: %s", cur.Raw)
		}
	}
	if err := s.App.Store.UpdateDataSource(context.Background(), admin.OrgID, ds.String("id"),
		map[string]any{"host": "localhost", "port": port}); err != nil {
		t.Fatal(err)
	}
	r := s.Do("POST", "/v1/data-sources/"+ds.String("id")+"/test", admin.Token, nil).Expect(t, 200)
	if r.Body["success"] != false || r.String("reason") != "address_not_allowed" {
		t.Errorf("test after rebinding: %s", r.Raw)
	}
	r = s.Do("POST", "/v1/data-sources/"+ds.String("id")+"/refresh-schema", admin.Token, nil).Expect(t, 400)
	if d := r.Body["error"].(map[string]any)["details"].(map[string]any); d["reason"] != "address_not_allowed" {
		t.Errorf("refresh after rebinding: %s", r.Raw)
	}
}

func TestTheServicesOwnDatabaseAndBrokerAreNeverADataSource(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	s := apptest.Start(t, apptest.Options{Database: "postgres"}) // allow-private is on in apptest
	admin := s.Register(t)
	u, err := url.Parse(s.Cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	storePort, _ := strconv.Atoi(u.Port())
	if storePort == 0 {
		storePort = 5432
	}
	storeDB := strings.TrimPrefix(u.Path, "/")
	nats, err := url.Parse(s.App.NATSURL)
	if err != nil {
		t.Fatal(err)
	}
	natsPort, _ := strconv.Atoi(nats.Port())
	cases := []map[string]any{
		{"type": "postgres", "host": u.Hostname(), "port": storePort, "database": storeDB},
		{"type": "postgres", "host": "localhost", "port": storePort, "database": storeDB},
		{"type": "postgres", "host": "127.0.0.2", "port": storePort, "database": strings.ToUpper(storeDB)},
		{"type": "postgres", "host": "::ffff:127.0.0.1", "port": storePort, "database": storeDB},
		{"type": "mysql", "host": "127.0.0.1", "port": natsPort, "database": "x"},
		{"type": "postgres", "host": "localhost", "port": natsPort, "database": "x"},
	}
	for _, c := range cases {
		c["name"], c["username"], c["password"], c["ssl_mode"] = "own store", "postgres", "x", "disable"
		r := s.Do("POST", "/v1/data-sources", admin.Token, c).Expect(t, 400)
		if errorField(r) != "host" || !strings.Contains(string(r.Raw), "not an allowed destination") {
			t.Errorf("%v: %s", c, r.Raw)
		}
	}
	// Another database on the same server stays usable once private addresses are allowed.
	shop := s.Do("POST", "/v1/data-sources", admin.Token, shopSource(t, s, admin.Token, "postgres")).Expect(t, 201)
	if r := s.Do("POST", "/v1/data-sources/"+shop.String("id")+"/test", admin.Token, nil).Expect(t, 200); r.Body["success"] != true {
		t.Fatalf("shop database: %s", r.Raw)
	}
	// Retargeting that source at the store by update is refused too.
	r := s.Do("PATCH", "/v1/data-sources/"+shop.String("id"), admin.Token, map[string]any{"database": storeDB}).Expect(t, 400)
	if errorField(r) != "host" {
		t.Errorf("update to the store: %s", r.Raw)
	}
}

func TestConnectionTestsNeverEchoTheRemoteServer(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			fmt.Fprintf(c, "SSH-2.0-OpenSSH_9.6 build-host-internal.corp 10.1.2.3\r\n")
			time.Sleep(20 * time.Millisecond)
			c.Close()
		}
	}()
	port := l.Addr().(*net.TCPAddr).Port
	for _, typ := range []string{"postgres", "mysql"} {
		ds := s.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "probe", "type": typ, "host": "127.0.0.1",
			"port": port, "database": "x", "username": "u", "ssl_mode": "disable"}).Expect(t, 201)
		r := s.Do("POST", "/v1/data-sources/"+ds.String("id")+"/test", admin.Token, nil).Expect(t, 200)
		if r.Body["success"] != false || r.String("reason") == "" || strings.Contains(string(r.Raw), "SSH") || strings.Contains(string(r.Raw), "corp") {
			t.Errorf("%s test: %s", typ, r.Raw)
		}
		r = s.Do("POST", "/v1/data-sources/"+ds.String("id")+"/refresh-schema", admin.Token, nil).Expect(t, 400)
		if strings.Contains(string(r.Raw), "SSH") || strings.Contains(string(r.Raw), "corp") {
			t.Errorf("%s refresh: %s", typ, r.Raw)
		}
		got := s.Do("GET", "/v1/data-sources/"+ds.String("id"), admin.Token, nil).Expect(t, 200)
		if strings.Contains(string(got.Raw), "SSH") || strings.Contains(string(got.Raw), "corp") {
			t.Errorf("%s stored errors: %s", typ, got.Raw)
		}
	}
}

func TestOneOrganizationCannotNameAnothersSQLiteFile(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	if err := s.App.SeedDemo(context.Background(), io.Discard); err != nil {
		t.Fatal(err)
	}
	demoOrg, err := s.App.Store.UserByEmail(context.Background(), app.DemoEmail)
	if err != nil {
		t.Fatal(err)
	}
	demoFile := filepath.Join(s.Cfg.SQLiteDir, demoOrg.OrganizationID, "demo.db")
	if _, err := os.Stat(demoFile); err != nil {
		t.Fatalf("demo database is not in the demo organization's folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(s.Cfg.SQLiteDir, "demo", "demo.db")); err == nil {
		t.Fatal("demo database still in the shared folder")
	}

	attacker := s.Register(t)
	own := apptest.SeedSQLiteShop(t, s.SQLiteDirOf(t, attacker.Token), "shop.db")
	ownDir := s.SQLiteDirOf(t, attacker.Token)
	if err := os.Symlink(demoFile, filepath.Join(ownDir, "link.db")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Dir(demoFile), filepath.Join(ownDir, "other")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(s.Cfg.SQLitePath(), filepath.Join(ownDir, "store.db")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{
		"demo.db", "demo/demo.db", "../demo/demo.db", "../" + demoOrg.OrganizationID + "/demo.db",
		demoOrg.OrganizationID + "/demo.db", "./../" + demoOrg.OrganizationID + "/demo.db", demoFile,
		"..\\" + demoOrg.OrganizationID + "\\demo.db", "link.db", "other/demo.db", "store.db", "../../analytics.db",
		"x/../../" + demoOrg.OrganizationID + "/demo.db", "%2e%2e/" + demoOrg.OrganizationID + "/demo.db",
	} {
		r := s.Do("POST", "/v1/data-sources", attacker.Token, map[string]any{"name": "steal", "type": "sqlite", "path": p}).Expect(t, 400)
		if errorField(r) != "path" {
			t.Errorf("path %q: %s", p, r.Raw)
		}
	}
	// The attacker's own file works, and cannot be retargeted at the demo's by update.
	ds := s.Do("POST", "/v1/data-sources", attacker.Token, map[string]any{"name": "mine", "type": "sqlite", "path": own}).Expect(t, 201)
	s.Do("PATCH", "/v1/data-sources/"+ds.String("id"), attacker.Token, map[string]any{"path": "../" + demoOrg.OrganizationID + "/demo.db"}).Expect(t, 400)
}

func TestAHungDataSourceFailsItsRefreshInsteadOfPinningAWorker(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) {
		c.SchemaRefreshTimeout = 2 * time.Second
	}})
	admin := s.Register(t)
	port := hangingServer(t)
	for _, typ := range []string{"postgres", "mysql"} {
		ds := s.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "hung " + typ, "type": typ, "host": "127.0.0.1",
			"port": port, "database": "x", "username": "u", "ssl_mode": "disable"}).Expect(t, 201)
		r := s.Do("POST", "/v1/data-sources/"+ds.String("id")+"/test", admin.Token, nil).Expect(t, 200)
		if r.String("reason") != "timeout" {
			t.Errorf("%s test: %s", typ, r.Raw)
		}
		r = s.Do("POST", "/v1/data-sources/"+ds.String("id")+"/refresh-schema", admin.Token, nil).Expect(t, 400)
		if d := r.Body["error"].(map[string]any)["details"].(map[string]any); d["reason"] != "timeout" {
			t.Errorf("%s refresh: %s", typ, r.Raw)
		}
		got := s.Do("GET", "/v1/data-sources/"+ds.String("id"), admin.Token, nil).Expect(t, 200)
		if got.String("schema_status") != "failed" {
			t.Errorf("%s: schema_status %s, want failed", typ, got.String("schema_status"))
		}
	}
	// The workers are free again: a healthy source of the same organization refreshes.
	readySource(t, s, admin.Token, "sqlite")
}

func TestShutdownDoesNotWaitForHungRefreshes(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) {
		c.SchemaRefreshTimeout = time.Hour
		c.ShutdownTimeout = 3 * time.Second
	}})
	admin := s.Register(t)
	port := hangingServer(t)
	for i := 0; i < 4; i++ {
		s.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": fmt.Sprint("hung ", i), "type": "mysql", "host": "127.0.0.1",
			"port": port, "database": "x", "username": "u", "ssl_mode": "disable"}).Expect(t, 201)
	}
	time.Sleep(500 * time.Millisecond) // let the workers pick the refreshes up
	done := make(chan struct{})
	go func() { s.Stop(); close(done) }()
	select {
	case <-done:
	case <-time.After(s.Cfg.ShutdownTimeout + 5*time.Second):
		t.Fatal("shutdown waited on hung refreshes beyond its timeout")
	}
}

func TestRefreshSlotsAreCappedPerOrganizationAtomically(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		admin := s.Register(t)
		other := s.Register(t)
		dir := s.SQLiteDirOf(t, admin.Token)
		var ids []string
		for i := 0; i < 12; i++ {
			name := apptest.SeedSQLiteShop(t, dir, fmt.Sprintf("s%d.db", i))
			ids = append(ids, s.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": name, "type": "sqlite", "path": name}).
				Expect(t, 201).String("id"))
		}
		// Let the creation refreshes finish and release their slots.
		for _, id := range ids {
			waitSchema(t, s, admin.Token, id)
		}
		ctx := context.Background()
		now := time.Now().UTC()
		var won atomic.Int32
		var wg sync.WaitGroup
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := s.App.Store.ClaimSchemaRefresh(ctx, admin.OrgID, id, 2, now, now.Add(time.Minute))
				if err != nil {
					t.Error(err)
				}
				if ok {
					won.Add(1)
				}
			}()
		}
		wg.Wait()
		if won.Load() != 2 {
			t.Fatalf("%d concurrent claims won, want 2", won.Load())
		}
		// Another organization is not affected, and a released slot is free again.
		otherDir := s.SQLiteDirOf(t, other.Token)
		name := apptest.SeedSQLiteShop(t, otherDir, "o.db")
		oid := s.Do("POST", "/v1/data-sources", other.Token, map[string]any{"name": name, "type": "sqlite", "path": name}).Expect(t, 201).String("id")
		waitSchema(t, s, other.Token, oid)
		if ok, err := s.App.Store.ClaimSchemaRefresh(ctx, other.OrgID, oid, 2, now, now.Add(time.Minute)); err != nil || !ok {
			t.Fatalf("other organization: %v %v", ok, err)
		}
		for _, id := range ids {
			if err := s.App.Store.ReleaseSchemaRefresh(ctx, admin.OrgID, id, now.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		claim := func(id string, until time.Time) bool {
			t.Helper()
			ok, err := s.App.Store.ClaimSchemaRefresh(ctx, admin.OrgID, id, 2, now, until)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		first, second := now.Add(time.Minute), now.Add(time.Minute+time.Second)
		if !claim(ids[0], first) || !claim(ids[1], first) {
			t.Fatal("after release: the slots are not free again")
		}
		// A second refresh of ids[0] takes over its lease; the first one finishing must not free
		// the slot the second still uses.
		if !claim(ids[0], second) {
			t.Fatal("a second refresh of a data source holding a slot was refused")
		}
		if err := s.App.Store.ReleaseSchemaRefresh(ctx, admin.OrgID, ids[0], first); err != nil {
			t.Fatal(err)
		}
		if claim(ids[2], first) {
			t.Fatal("the first refresh's release freed the slot the second refresh of the same data source holds")
		}
		if err := s.App.Store.ReleaseSchemaRefresh(ctx, admin.OrgID, ids[0], second); err != nil {
			t.Fatal(err)
		}
		if !claim(ids[2], first) {
			t.Fatal("the second refresh's release did not free its slot")
		}
	})
}

// waitSchema waits until a data source's schema refresh is no longer pending.
func waitSchema(t *testing.T, s *apptest.Service, token, id string) {
	t.Helper()
	for i := 0; i < 200; i++ {
		if s.Do("GET", "/v1/data-sources/"+id, token, nil).Expect(t, 200).String("schema_status") != "pending" {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("schema of %s still pending", id)
}
