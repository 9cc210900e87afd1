package localcluster

import (
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

func TestNodeConfigKeepsNATSConfSettingsAndReplacesAddresses(t *testing.T) {
	root, err := FindRoot()
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{}
	b, err := NodeConfig(filepath.Join(root, "nats.conf"), "nats-2", 14223, 18223, 16223, "/tmp/x/nats-2",
		[]string{"nats-route://127.0.0.1:16222", "nats-route://127.0.0.1:16224"}, vars)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "n.conf")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	opts, err := server.ProcessConfigFile(path)
	if err != nil {
		t.Fatalf("nats-server rejects the generated config: %v\n%s", err, b)
	}
	if opts.ServerName != "nats-2" || opts.Host != "127.0.0.1" || opts.Port != 14223 || opts.HTTPPort != 18223 {
		t.Errorf("identity/addresses not replaced: %s %s:%d http %d", opts.ServerName, opts.Host, opts.Port, opts.HTTPPort)
	}
	if opts.Cluster.Port != 16223 || len(opts.Routes) != 2 || opts.Cluster.Name != "analytics" {
		t.Errorf("cluster: port %d, %d routes, name %q", opts.Cluster.Port, len(opts.Routes), opts.Cluster.Name)
	}
	if opts.MaxPayload != 8<<20 || opts.LameDuckDuration != 30*time.Second || opts.JetStreamMaxStore != 20<<30 || opts.StoreDir != "/tmp/x/nats-2" {
		t.Errorf("nats.conf settings not kept: payload %d, lame duck %s, max store %d, store %s", opts.MaxPayload, opts.LameDuckDuration, opts.JetStreamMaxStore, opts.StoreDir)
	}
}

func TestNodeConfigGeneratesUndefinedVariables(t *testing.T) {
	conf := filepath.Join(t.TempDir(), "nats.conf")
	body := "server_name: $NATS_SERVER_NAME\nauthorization { user: app, password: $CHAOS_TEST_NATS_PW }\ncluster { name: c, routes: [nats-route://ru:rp@nats-1:6222] }\n"
	if err := os.WriteFile(conf, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{}
	b, err := NodeConfig(conf, "nats-1", 1, 2, 3, "/tmp/s", []string{"nats-route://127.0.0.1:16222"}, vars)
	if err != nil {
		t.Fatal(err)
	}
	if len(vars["CHAOS_TEST_NATS_PW"]) < 16 || !strings.Contains(string(b), vars["CHAOS_TEST_NATS_PW"]) {
		t.Errorf("password variable not generated into the config: %v\n%s", vars, b)
	}
	if !strings.Contains(string(b), "nats-route://ru:rp@127.0.0.1:16222") {
		t.Errorf("route credentials not carried over:\n%s", b)
	}
}

func TestLinkSeversAndHeals(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { _, _ = io.Copy(c, c) }()
		}
	}()
	l, err := NewLink(ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	echo := func() error {
		c, err := net.DialTimeout("tcp", l.Addr(), time.Second)
		if err != nil {
			return err
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(time.Second))
		if _, err := c.Write([]byte("x")); err != nil {
			return err
		}
		_, err = c.Read(make([]byte, 1))
		return err
	}
	if err := echo(); err != nil {
		t.Fatalf("through the link: %v", err)
	}
	l.Sever()
	if err := echo(); err == nil {
		t.Fatal("a severed link carried data")
	}
	l.Heal()
	if err := echo(); err != nil {
		t.Fatalf("after heal: %v", err)
	}
}

func TestBalancerSkipsADownAPIAndAnswersInTheErrorFormat(t *testing.T) {
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		_, _ = w.Write(append([]byte("up:"), b...))
	}))
	defer up.Close()
	dead, _ := net.Listen("tcp", "127.0.0.1:0")
	deadURL := "http://" + dead.Addr().String()
	dead.Close()
	b, err := NewBalancer([]string{deadURL, up.URL}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	lb := httptest.NewServer(b)
	defer lb.Close()
	for i := 0; i < 4; i++ { // both round-robin starting points
		resp, err := http.Post(lb.URL+"/v1/queries", "application/json", strings.NewReader("body"))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(got) != "up:body" {
			t.Fatalf("request %d: %d %q", i, resp.StatusCode, got)
		}
	}
	none, _ := NewBalancer([]string{deadURL}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	rec := httptest.NewRecorder()
	none.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/agents", nil))
	var body struct {
		Error struct{ Code string } `json:"error"`
	}
	if rec.Code != http.StatusBadGateway || json.Unmarshal(rec.Body.Bytes(), &body) != nil || body.Error.Code != "bad_gateway" {
		t.Fatalf("no API: %d %s", rec.Code, rec.Body)
	}
}

// testdata/nats-with-authorization.conf is nats.conf with accounts, users and route
// authorization (as issue 8 made it): the cluster must pass credentials without editing.
func TestNodeConfigWithAuthorizationGivesRoutesAndAppsTheirCredentials(t *testing.T) {
	vars := map[string]string{}
	b, err := NodeConfig("testdata/nats-with-authorization.conf", "nats-1", 14222, 18222, 16222, "/tmp/s",
		[]string{"nats-route://127.0.0.1:16223", "nats-route://127.0.0.1:16224"}, vars)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "n.conf")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	opts, err := server.ProcessConfigFile(path)
	if err != nil {
		t.Fatalf("nats-server rejects the generated config: %v", err)
	}
	routePW := vars["NATS_ROUTE_PASSWORD"]
	if routePW == "" || len(opts.Routes) != 2 || opts.Routes[0].User.String() != "route:"+routePW {
		t.Errorf("routes do not carry the route credentials: %v (vars %v)", opts.Routes, vars)
	}
	pw, ok := ClientUser(b, "analytics")
	if !ok || pw == "" || pw != vars["NATS_SERVICE_PASSWORD"] {
		t.Errorf("app user's password not found: %q %v", pw, ok)
	}
	if _, ok := ClientUser(b, "nobody"); ok {
		t.Error("found a user that does not exist")
	}
}
