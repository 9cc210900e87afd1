package app_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/queries"
)

// Passwords as the deploy notes ask for them: letters and digits.
const (
	servicePassword = "svc0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d"
	readerPassword  = "rdr0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d"
	systemPassword  = "sys0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d"
	routePassword   = "rte0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d"
)

// startFromNATSConf loads the repository's nats.conf with the nats-server of go.mod, as a
// production node would (environment included), then runs it as a single local node: client port
// on loopback port 0, no monitoring port, no routes (there are no other nodes here).
func startFromNATSConf(t *testing.T) (addr string) {
	t.Helper()
	t.Setenv("NATS_SERVER_NAME", "nats-test")
	t.Setenv("NATS_SERVICE_PASSWORD", servicePassword)
	t.Setenv("NATS_READER_PASSWORD", readerPassword)
	t.Setenv("NATS_SYSTEM_PASSWORD", systemPassword)
	t.Setenv("NATS_ROUTE_PASSWORD", routePassword)
	var routes []string
	for _, n := range []string{"nats-1", "nats-2", "nats-3"} {
		routes = append(routes, "nats-route://route:"+routePassword+"@"+n+":6222")
	}
	t.Setenv("NATS_ROUTES", "["+strings.Join(routes, ", ")+"]")

	opts, err := server.ProcessConfigFile("../nats.conf")
	if err != nil {
		t.Fatalf("nats.conf does not load: %v", err)
	}
	// What production gets from the file.
	if opts.ServerName != "nats-test" || opts.MaxPayload != 8<<20 || !opts.JetStream {
		t.Fatalf("server name %q, max payload %d, jetstream %v", opts.ServerName, opts.MaxPayload, opts.JetStream)
	}
	if opts.SystemAccount != "SYS" || opts.NoAuthUser != "" || len(opts.Users) != 3 {
		t.Fatalf("system account %q, no_auth_user %q, %d users: every client must authenticate", opts.SystemAccount, opts.NoAuthUser, len(opts.Users))
	}
	if opts.Cluster.Username != "route" || opts.Cluster.Password != routePassword || len(opts.Routes) != 3 {
		t.Fatalf("cluster routes must require a credential: user %q, %d routes", opts.Cluster.Username, len(opts.Routes))
	}
	for _, r := range opts.Routes {
		if p, _ := r.User.Password(); r.User.Username() != "route" || p != routePassword {
			t.Fatalf("route %s lacks the route credential", r.Redacted())
		}
	}

	opts.Host, opts.Port = "127.0.0.1", server.RANDOM_PORT
	opts.HTTPHost, opts.HTTPPort = "", 0
	opts.Cluster = server.ClusterOpts{}
	opts.Routes = nil
	opts.StoreDir = t.TempDir()
	opts.NoLog, opts.NoSigs = true, true
	s, err := server.NewServer(opts)
	if err != nil {
		t.Fatalf("nats.conf is refused by the server: %v", err)
	}
	s.Start()
	if !s.ReadyForConnections(15 * time.Second) {
		t.Fatal("server from nats.conf did not become ready")
	}
	t.Cleanup(func() { s.Shutdown(); s.WaitForShutdown() })
	u, _ := url.Parse(s.ClientURL())
	return u.Host
}

// connectAs connects a user and collects the errors the server sends back asynchronously
// (permission violations).
func connectAs(t *testing.T, addr, user, password string) (*nats.Conn, chan error, error) {
	t.Helper()
	errs := make(chan error, 16)
	u := "nats://" + addr
	if user != "" {
		u = "nats://" + user + ":" + password + "@" + addr
	}
	nc, err := nats.Connect(u, nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
		select {
		case errs <- err:
		default:
		}
	}))
	if err == nil {
		t.Cleanup(nc.Close)
	}
	return nc, errs, err
}

func expectViolation(t *testing.T, errs chan error, what string) {
	t.Helper()
	select {
	case err := <-errs:
		if !errors.Is(err, nats.ErrPermissionViolation) && !strings.Contains(err.Error(), "Permissions Violation") {
			t.Fatalf("%s: %v, want a permissions violation", what, err)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("%s was allowed", what)
	}
}

func TestNATSConfRefusesStrangersAndLetsTheServiceWork(t *testing.T) {
	addr := startFromNATSConf(t)

	for _, c := range []struct{ user, password string }{{"", ""}, {"analytics", "guessed"}, {"route", routePassword}} {
		if nc, _, err := connectAs(t, addr, c.user, c.password); !errors.Is(err, nats.ErrAuthorization) {
			if nc != nil {
				nc.Close()
			}
			t.Fatalf("connect as %q: %v, want an authorization violation", c.user, err)
		}
	}

	// The whole service runs as the service user: API, outbox relay, every worker.
	s := apptest.Start(t, apptest.Options{Database: "sqlite", NATSURL: "nats://analytics:" + servicePassword + "@" + addr})
	admin := s.Register(t)
	path := apptest.SeedSQLiteShop(t, s.Cfg.SQLiteDir, "shop.db")
	ds := s.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "shop", "type": "sqlite", "path": path}).Expect(t, 201)
	s.Do("POST", "/v1/data-sources/"+ds.String("id")+"/refresh-schema", admin.Token, nil).Expect(t, 200)
	agent := s.Do("POST", "/v1/agents", admin.Token, map[string]any{"name": "a", "agent_type": "general_data",
		"data_source_id": ds.String("id"), "allowed_tables": []string{"orders"}}).Expect(t, 201)
	r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agent.String("id")}).Expect(t, 200)
	if r.Body["row_count"] != float64(1) {
		t.Fatalf("answer through the authorized broker: %s", r.Raw)
	}

	// Every core subject the service uses outside JetStream is within its permissions.
	svc, svcErrs, err := connectAs(t, addr, "analytics", servicePassword)
	if err != nil {
		t.Fatal(err)
	}
	for _, subj := range []string{"internal.webhooks.changed", queries.DoneSubject("qry_x")} {
		if _, err := svc.SubscribeSync(subj); err != nil {
			t.Fatal(err)
		}
		if err := svc.Publish(subj, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.Flush(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-svcErrs:
		t.Fatalf("the service user was refused: %v", err)
	case <-time.After(300 * time.Millisecond):
	}

	// The reader replays events (what `analytics events` does) but can publish nothing.
	rd, rdErrs, err := connectAs(t, addr, "reader", readerPassword)
	if err != nil {
		t.Fatal(err)
	}
	js, err := jetstream.New(rd)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	seen := 0
	deadline := time.Now().Add(15 * time.Second)
	for seen == 0 && time.Now().Before(deadline) {
		err = events.Replay(ctx, js, events.ReadOptions{Since: time.Now().Add(-time.Hour), OrgID: admin.OrgID}, func(events.StoredEvent) error { seen++; return nil })
		if err != nil {
			t.Fatalf("the reader cannot replay: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if seen == 0 {
		t.Fatal("the reader saw no event of the organization")
	}
	for _, subj := range []string{events.EventSubject(admin.OrgID, events.UserLogin), events.CommandSubjectPrefix + queries.RunCommand, "$JS.API.STREAM.DELETE.EVENTS"} {
		if err := rd.Publish(subj, []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
		expectViolation(t, rdErrs, fmt.Sprintf("reader publish to %s", subj))
	}

	// The system account is another account: the service's streams are not there.
	sys, _, err := connectAs(t, addr, "system", systemPassword)
	if err != nil {
		t.Fatalf("system user: %v", err)
	}
	sysJS, _ := jetstream.New(sys)
	if _, err := sysJS.Stream(ctx, events.EventsStream); err == nil {
		t.Fatal("the system account sees the EVENTS stream")
	}
}
