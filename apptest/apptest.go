// Package apptest boots the real service for integration tests: the real router and workers
// against a real database (SQLite always, PostgreSQL too when TEST_DATABASE_URL is set) and a real
// in-process nats-server, behind a real HTTP listener.
package apptest

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx" for creating test databases

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/store"
)

// Databases returns the databases integration tests run against: "sqlite" always, and
// "postgres" with a fresh database when TEST_DATABASE_URL is set.
func Databases(t testing.TB) []string {
	dbs := []string{"sqlite"}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		dbs = append(dbs, "postgres")
	}
	return dbs
}

// ForEachDatabase runs fn as a subtest per database of Databases.
func ForEachDatabase(t *testing.T, fn func(t *testing.T, db string)) {
	for _, db := range Databases(t) {
		t.Run(db, func(t *testing.T) { fn(t, db) })
	}
}

// NewPostgresDatabase creates an empty database on the TEST_DATABASE_URL server, dropped when
// the test ends, and returns its URL.
func NewPostgresDatabase(t testing.TB) string {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	name := "t_" + strings.ToLower(ids.Random(16))
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		_ = admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return u.String()
}

// OpenStore opens a migrated store on db ("sqlite": a file in the test's temporary folder;
// "postgres": a fresh database), closed when the test ends.
func OpenStore(t testing.TB, db string) *store.Store {
	t.Helper()
	ctx := context.Background()
	u := ""
	if db == "postgres" {
		u = NewPostgresDatabase(t)
	}
	st, err := store.Open(ctx, u, filepath.Join(t.TempDir(), "store.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(ctx, slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	return st
}

// Options tune a test service.
type Options struct {
	// Database is "sqlite" or "postgres"; DatabaseURL, when set, is used as is (shared between
	// several services in one test).
	Database    string
	DatabaseURL string
	// NATSURL, when set, connects to that server instead of starting an embedded one.
	NATSURL string
	// DataDir, when set, is shared (for a restart of the same embedded service).
	DataDir   string
	Configure func(*app.Config)
	Role      *app.Role
	// LogWriter, when set, also receives the service's log lines (at debug level).
	LogWriter io.Writer
}

// Service is a running service under test.
type Service struct {
	App  *app.App
	URL  string
	Cfg  app.Config
	t    testing.TB
	stop context.CancelFunc
	done chan error
}

// FastBruteForce keeps the production thresholds but no waiting, so tests run fast.
var FastBruteForce = auth.BruteForcePolicy{Window: 15 * time.Minute, SlowAfter: 3, Tarpit: time.Millisecond,
	MaxTarpit: 5 * time.Millisecond, AccountLimit: 10, AddressLimit: 50}

// WindowStartClock is a clock that runs at the wall clock's pace but reads the start of a
// counting window when it is made, so a test has a whole window before any boundary resets the
// counts it checks.
func WindowStartClock(window time.Duration) func() time.Time {
	now := time.Now()
	offset := now.Sub(now.Truncate(window))
	return func() time.Time { return time.Now().Add(-offset) }
}

// Start boots the service; it stops when the test ends.
func Start(t testing.TB, o Options) *Service {
	t.Helper()
	dataDir := o.DataDir
	if dataDir == "" {
		dataDir = t.TempDir()
	}
	cfg := app.Config{
		Addr: "127.0.0.1:0", DataDir: dataDir, NATSURL: o.NATSURL, NATSListen: "127.0.0.1:0",
		SecretKey: "test-secret-key-test-secret-key-0123456789",
		// Tests of other areas run on the top plan with limits far away; billing tests set
		// DefaultPlan and the enterprise rates they exercise.
		DefaultPlan: "scale", EnterpriseRatePerMinute: 1_000_000, EnterpriseRatePerDay: 100_000_000, PaymentProvider: "test",
		EventsMaxAge: time.Hour, StreamReplicas: 1, LogLevel: "warn", SQLiteDir: filepath.Join(dataDir, "files"),
		WebhookAllowPrivate: true, WebhookRetryDelays: "1s,2s,3s,4s", WebhookTimeout: 2 * time.Second,
		// Tests connect data sources to the local PostgreSQL and MariaDB and the fake model
		// server on loopback; the service's own store and broker stay refused.
		DataSourceAllowPrivate: true, LLMAllowPrivate: true, SchemaRefreshTimeout: 30 * time.Second, SchemaRefreshPerOrg: 2,
		LLMProvider: "none", MailFrom: "analytics@test.local", ShutdownTimeout: 10 * time.Second,
	}
	switch {
	case o.DatabaseURL != "":
		cfg.DatabaseURL = o.DatabaseURL
	case o.Database == "postgres":
		cfg.DatabaseURL = NewPostgresDatabase(t)
	}
	if o.Configure != nil {
		o.Configure(&cfg)
	}
	role := app.Role{API: true, Workers: true, Migrate: true}
	if o.Role != nil {
		role = *o.Role
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	var logOut io.Writer = testWriter{t}
	level := slog.LevelWarn
	if o.LogWriter != nil {
		logOut, level = io.MultiWriter(testWriter{t}, o.LogWriter), slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(logOut, &slog.HandlerOptions{Level: level}))
	fast := FastBruteForce
	fast.Clock = WindowStartClock(fast.Window)
	a, err := app.New(context.Background(), cfg, log, role, app.Options{BruteForce: &fast, Listener: ln})
	if err != nil {
		t.Fatalf("start service: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Service{App: a, URL: "http://" + ln.Addr().String(), Cfg: cfg, t: t, stop: cancel, done: make(chan error, 1)}
	go func() { s.done <- a.Run(ctx) }()
	t.Cleanup(s.Stop)
	if role.API {
		s.waitHealthy()
	}
	return s
}

// Stop shuts the service down (idempotent).
func (s *Service) Stop() {
	if s.stop == nil {
		return
	}
	s.stop()
	s.stop = nil
	select {
	case err := <-s.done:
		if err != nil {
			s.t.Errorf("service stopped with error: %v", err)
		}
	case <-time.After(30 * time.Second):
		s.t.Errorf("service did not stop within 30s")
	}
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Response is a decoded HTTP answer.
type Response struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    []byte
}

// Do sends a JSON request; token may be empty. body may be nil, a string (sent raw) or a value
// (marshalled).
func (s *Service) Do(method, path, token string, body any) *Response {
	s.t.Helper()
	return s.DoWith(method, path, token, body, nil)
}

// DoWith is Do with extra request headers.
func (s *Service) DoWith(method, path, token string, body any, headers map[string]string) *Response {
	s.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			s.t.Fatalf("marshal body: %v", err)
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, s.URL+path, r)
	if err != nil {
		s.t.Fatalf("request: %v", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	out := &Response{Status: resp.StatusCode, Header: resp.Header, Raw: raw}
	if len(raw) > 0 && raw[0] == '{' {
		if err := json.Unmarshal(raw, &out.Body); err != nil {
			s.t.Fatalf("%s %s: answer is not JSON: %s", method, path, raw)
		}
	}
	return out
}

// ErrorCode is error.code of an error answer ("" if none).
func (r *Response) ErrorCode() string {
	e, _ := r.Body["error"].(map[string]any)
	code, _ := e["code"].(string)
	return code
}

// String is the field of the body as a string.
func (r *Response) String(field string) string {
	v, _ := r.Body[field].(string)
	return v
}

// Expect fails the test unless the status is want.
func (r *Response) Expect(t testing.TB, want int) *Response {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d; body: %s", r.Status, want, r.Raw)
	}
	return r
}

// Account is a registered user with a token.
type Account struct {
	UserID, OrgID, Email, Password, Token string
}

// Register creates a new organization and its admin and logs in.
func (s *Service) Register(t testing.TB) Account {
	t.Helper()
	email := fmt.Sprintf("%s@example.com", strings.ToLower(ids.Random(10)))
	pw := "Correct-horse-42"
	r := s.Do("POST", "/v1/auth/register", "", map[string]string{
		"email": email, "password": pw, "full_name": "Test Admin", "organization_name": "Test Org"}).Expect(t, http.StatusCreated)
	a := Account{UserID: r.String("id"), OrgID: r.String("organization_id"), Email: email, Password: pw}
	a.Token = s.Login(t, email, pw)
	return a
}

// Login returns an access token.
func (s *Service) Login(t testing.TB, email, password string) string {
	t.Helper()
	r := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": email, "password": password}).Expect(t, http.StatusOK)
	return r.String("access_token")
}

// waitHealthy waits until the HTTP API answers, failing the test if Run returned instead.
func (s *Service) waitHealthy() {
	s.t.Helper()
	client := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-s.done:
			s.stop = nil
			s.t.Fatalf("service stopped while starting: %v", err)
		default:
		}
		resp, err := client.Get(s.URL + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
	}
	s.t.Fatalf("service did not answer /healthz within 20s")
}

// Ask asks a question and returns the finished query (GET /v1/queries/{id} once it is completed
// or failed). A busy machine may answer 202 where the wait budget ran out; the test still sees
// the answer instead of depending on the machine's speed.
func (s *Service) Ask(t testing.TB, token, agentID, question string) *Response {
	t.Helper()
	r := s.Do("POST", "/v1/queries", token, map[string]any{"question": question, "agent_id": agentID})
	if r.Status != 200 && r.Status != 202 {
		t.Fatalf("ask %q: %d %s", question, r.Status, r.Raw)
	}
	id := r.String("id")
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		q := s.Do("GET", "/v1/queries/"+id, token, nil).Expect(t, 200)
		if st := q.String("status"); st != "pending" && st != "running" {
			return q
		}
	}
	t.Fatalf("query %s did not finish", id)
	return nil
}
