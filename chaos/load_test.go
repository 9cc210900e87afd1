//go:build chaos

package chaos

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/deploy/localcluster"
	"github.com/analytics-agent/service/webhooks/webhookstest"
)

// webhookTypes are the events the test's webhook subscribes to.
var webhookTypes = []string{"query.completed", "query.failed", "agent.updated", "template.executed"}

// meteredTypes are the events the metering worker counts (workers/metering).
var meteredTypes = []string{"query.completed", "query.failed", "template.executed"}

// templateStatuses are the values the load's template runs pick from.
var templateStatuses = []string{"completed", "shipped", "cancelled", "returned", "pending"}

var questions = []string{
	"how many orders are there",
	"total amount of orders by status",
	"number of customers by segment",
	"top 5 products by quantity",
	"how many customers in Brazil",
	"total spend by channel",
}

// env is a running cluster with the demo organization logged in, a webhook receiver subscribed,
// and direct access to the database and the EVENTS stream for the checks.
type env struct {
	t       testing.TB
	c       *localcluster.Cluster
	base    string
	client  *http.Client
	token   string
	orgID   string
	askID   string // agent the questions go to
	editID  string // agent the agent changes go to
	tplID   string // template the template runs execute
	rcv     *webhookstest.Receiver
	db      *sql.DB
	nc      *nats.Conn
	js      jetstream.JetStream
	stats   *stats
	baseRes map[string]app.RuntimeStats
	// baseMetered is the organization's metered counters and metered event rows before any load.
	baseMetered meteredState
}

// startEnv starts a cluster of its own: a private PostgreSQL (restartable), route proxies (for
// the partition), short webhook retry delays, and ports offset from `make cluster`'s.
func startEnv(t testing.TB, name string, portOffset int) *env {
	cfg, err := localcluster.ConfigFromEnv()
	if err != nil {
		t.Fatal(err)
	}
	off := envInt("CHAOS_PORT_OFFSET", portOffset)
	cfg.Dir = filepath.Join(cfg.Root, "data", name)
	cfg.NATSPort += off
	cfg.RoutePort += off
	cfg.MonitorPort += off
	cfg.APIPort += off
	cfg.LBPort += off
	cfg.DebugPort += off
	cfg.PGPort += off
	cfg.PGMode = "private"
	cfg.RouteProxies = true
	cfg.AppEnv["ANALYTICS_WEBHOOK_RETRY_DELAYS"] = envStr("CHAOS_WEBHOOK_RETRY_DELAYS", "1s,2s,4s,8s,15s,30s,60s")
	cfg.AppEnv["ANALYTICS_WEBHOOK_TIMEOUT"] = "3s"
	ctx := context.Background()
	if os.Getenv("CLUSTER_SKIP_BUILD") == "" {
		if err := localcluster.Build(ctx, cfg.Root); err != nil {
			t.Fatal(err)
		}
	}
	logf := func(f string, a ...any) { t.Logf("cluster: "+f, a...) }
	c, err := localcluster.Up(ctx, cfg, logf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Down(logf) })
	e := &env{t: t, c: c, base: c.State.URL, client: &http.Client{Timeout: 60 * time.Second}, stats: newStats()}
	pw, err := os.ReadFile(filepath.Join(c.State.DataDir, "demo-credentials.txt"))
	if err != nil {
		t.Fatal(err)
	}
	st, body := e.do(ctx, "POST", "/v1/auth/login", map[string]string{"email": app.DemoEmail, "password": strings.TrimSpace(string(pw))}, nil)
	if st != 200 {
		t.Fatalf("login: %d %s", st, body)
	}
	e.token = str(body, "access_token")
	_, me := e.do(ctx, "GET", "/v1/auth/me", nil, nil)
	e.orgID = str(me, "organization_id")
	_, list := e.do(ctx, "GET", "/v1/agents", nil, nil)
	for _, a := range list["agents"].([]any) {
		m := a.(map[string]any)
		switch m["agent_type"] {
		case "general_data":
			e.askID = m["id"].(string)
		case "marketing_campaign":
			e.editID = m["id"].(string)
		}
	}
	st, tpl := e.do(ctx, "POST", "/v1/templates", map[string]any{
		"name": "Orders of one status", "agent_id": e.askID,
		"sql":        "SELECT status, COUNT(*) AS orders, SUM(total_amount) AS amount FROM orders WHERE status = :status GROUP BY status",
		"parameters": []map[string]any{{"name": "status", "type": "string", "required": true, "allowed_values": templateStatuses}},
	}, nil)
	if st != 201 {
		t.Fatalf("create template: %d %v", st, tpl)
	}
	e.tplID = str(tpl, "id")
	e.rcv = webhookstest.NewReceiver(t)
	st, wh := e.do(ctx, "POST", "/v1/api/webhooks", map[string]any{"url": e.rcv.URL() + "/hook", "events": webhookTypes, "description": "chaos receiver"}, nil)
	if st != 201 {
		t.Fatalf("create webhook: %d %v", st, wh)
	}
	e.rcv.SetSecrets(str(wh, "secret"))
	if e.db, err = sql.Open("pgx", c.State.DatabaseURL); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.db.Close() })
	if e.nc, err = nats.Connect(c.State.NATSURL, nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond), nats.RetryOnFailedConnect(true)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.nc.Close)
	e.js, _ = jetstream.New(e.nc)
	if e.baseMetered, err = e.metered(ctx); err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *env) do(ctx context.Context, method, path string, body any, header map[string]string) (int, map[string]any) {
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, e.base+path, rd)
	if err != nil {
		return 0, nil
	}
	req.Header.Set("Content-Type", "application/json")
	if e.token != "" {
		req.Header.Set("Authorization", "Bearer "+e.token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	return resp.StatusCode, m
}

func str(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}

// op is one kind of request of the load mix. To extend the mix (template runs, billing reads),
// append an op with its weight in loadOps.
type op struct {
	name   string
	weight int
	run    func(ctx context.Context, e *env) (status int, accepted bool)
}

func loadOps() []op {
	return []op{
		{"POST /v1/queries (sync)", 30, func(ctx context.Context, e *env) (int, bool) {
			st, b := e.do(ctx, "POST", "/v1/queries", map[string]any{"question": questions[rand.IntN(len(questions))], "agent_id": e.askID},
				map[string]string{"Prefer": "wait=10"})
			return st, e.acceptQuery(st, b)
		}},
		{"POST /v1/queries (async)", 25, func(ctx context.Context, e *env) (int, bool) {
			st, b := e.do(ctx, "POST", "/v1/queries", map[string]any{"question": questions[rand.IntN(len(questions))], "agent_id": e.askID},
				map[string]string{"Prefer": "respond-async"})
			return st, e.acceptQuery(st, b)
		}},
		{"POST /v1/templates/{id}/execute (sync)", 8, func(ctx context.Context, e *env) (int, bool) {
			return e.runTemplate(ctx, "wait=10")
		}},
		{"POST /v1/templates/{id}/execute (async)", 6, func(ctx context.Context, e *env) (int, bool) {
			return e.runTemplate(ctx, "respond-async")
		}},
		{"PATCH /v1/agents/{id}", 15, func(ctx context.Context, e *env) (int, bool) {
			st, _ := e.do(ctx, "PATCH", "/v1/agents/"+e.editID, map[string]any{"description": fmt.Sprintf("chaos edit %d", time.Now().UnixNano())}, nil)
			if st == 200 {
				e.stats.agentChanges.Add(1)
			}
			return st, st == 200
		}},
		{"GET /v1/queries", 10, func(ctx context.Context, e *env) (int, bool) {
			st, _ := e.do(ctx, "GET", "/v1/queries?limit=20", nil, nil)
			return st, st == 200
		}},
		{"GET /api/billing/usage", 4, func(ctx context.Context, e *env) (int, bool) {
			st, _ := e.do(ctx, "GET", "/api/billing/usage", nil, nil)
			return st, st == 200
		}},
		{"GET /api/billing/subscription", 2, func(ctx context.Context, e *env) (int, bool) {
			st, _ := e.do(ctx, "GET", "/api/billing/subscription", nil, nil)
			return st, st == 200
		}},
	}
}

// runTemplate executes the load's template with a random status; an execution the API accepted
// (answered with its id, also inside a failure's details) must end completed or failed.
func (e *env) runTemplate(ctx context.Context, prefer string) (int, bool) {
	st, b := e.do(ctx, "POST", "/v1/templates/"+e.tplID+"/execute",
		map[string]any{"parameters": map[string]any{"status": templateStatuses[rand.IntN(len(templateStatuses))]}},
		map[string]string{"Prefer": prefer})
	id := str(b, "execution_id")
	if errObj, ok := b["error"].(map[string]any); ok && id == "" {
		if d, ok := errObj["details"].(map[string]any); ok {
			id = str(d, "execution_id")
		}
	}
	if id == "" || st >= 500 || st == 0 {
		return st, false
	}
	e.stats.addExecution(id)
	return st, true
}

// acceptQuery records a query the API accepted (it answered with its id): it must end completed
// or failed.
func (e *env) acceptQuery(status int, b map[string]any) bool {
	id := str(b, "id")
	if id == "" {
		if errObj, ok := b["error"].(map[string]any); ok {
			// A query that ran and failed is answered with an error body naming the query.
			if d, ok := errObj["details"].(map[string]any); ok {
				id = str(d, "query_id")
			}
		}
	}
	if id == "" || status >= 500 || status == 0 {
		return false
	}
	e.stats.addQuery(id)
	return true
}

// stats collects what the load did.
type stats struct {
	mu           sync.Mutex
	queries      []string
	executions   []string
	lat          map[string][]time.Duration
	codes        map[string]map[int]int
	agentChanges atomic.Int64
	accepted     atomic.Int64
	rejected     atomic.Int64
}

func newStats() *stats {
	return &stats{lat: map[string][]time.Duration{}, codes: map[string]map[int]int{}}
}

func (s *stats) addQuery(id string) {
	s.mu.Lock()
	s.queries = append(s.queries, id)
	s.mu.Unlock()
}

func (s *stats) addExecution(id string) {
	s.mu.Lock()
	s.executions = append(s.executions, id)
	s.mu.Unlock()
}

func (s *stats) record(name string, st int, d time.Duration, accepted bool) {
	s.mu.Lock()
	s.lat[name] = append(s.lat[name], d)
	if s.codes[name] == nil {
		s.codes[name] = map[int]int{}
	}
	s.codes[name][st]++
	s.mu.Unlock()
	if accepted {
		s.accepted.Add(1)
	} else {
		s.rejected.Add(1)
	}
}

// window returns and resets the latencies per endpoint.
func (s *stats) window() map[string][]time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.lat
	s.lat = map[string][]time.Duration{}
	return out
}

func (s *stats) queryIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.queries...)
}

func (s *stats) executionIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.executions...)
}

// runLoad sends the mix with `clients` concurrent clients at about rate requests/s in total until
// ctx is done.
func (e *env) runLoad(ctx context.Context, clients int, rate float64) *sync.WaitGroup {
	ops := loadOps()
	total := 0
	for _, o := range ops {
		total += o.weight
	}
	var wg sync.WaitGroup
	interval := time.Duration(float64(time.Second) * float64(clients) / rate)
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			tick := time.NewTicker(interval)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
				n := rand.IntN(total)
				o := ops[0]
				for _, cand := range ops {
					if n < cand.weight {
						o = cand
						break
					}
					n -= cand.weight
				}
				t0 := time.Now()
				st, acc := o.run(context.WithoutCancel(ctx), e)
				e.stats.record(o.name, st, time.Since(t0), acc)
			}
		}()
	}
	return &wg
}

// verdict is the state of the invariants at one moment.
type verdict struct {
	Queries, Completed, Stuck                    int
	Executions, ExecutionsEnded, ExecutionsStuck int
	// MeteredMissing: metered-kind events in the outbox the metering worker has not recorded;
	// MeteredTwice: usage counted beyond the events recorded since the start (goal 0).
	MeteredMissing, MeteredTwice int
	OutboxEvents, Unpublished    int
	EventsMissing, EventsDup     int
	AgentEvents                  int
	WebhookMissing, WebhookDup   int
	// missingWebhook lists (some of) the event ids never received, for the diagnosis.
	missingWebhook []string
}

func (v verdict) ok(agentChanges int64) bool {
	return v.Stuck == 0 && v.ExecutionsStuck == 0 && v.MeteredMissing == 0 && v.MeteredTwice == 0 && v.Unpublished == 0 && v.EventsMissing == 0 && v.EventsDup == 0 &&
		v.WebhookMissing == 0 && int64(v.AgentEvents) >= agentChanges
}

// check measures the invariants: every accepted query ended, every committed event is in the
// EVENTS stream exactly once, every subscribed event reached the receiver.
func (e *env) check(ctx context.Context) (verdict, error) {
	var v verdict
	var err error
	if v.Queries, v.Completed, v.Stuck, err = e.ended(ctx, "queries", e.stats.queryIDs()); err != nil {
		return v, err
	}
	if v.Executions, v.ExecutionsEnded, v.ExecutionsStuck, err = e.ended(ctx, "template_executions", e.stats.executionIDs()); err != nil {
		return v, err
	}
	outbox := map[string]string{} // event id -> type
	rows, err := e.db.QueryContext(ctx, "SELECT id, subject, published_at IS NULL FROM outbox WHERE subject LIKE $1", "events."+e.orgID+".%")
	if err != nil {
		return v, err
	}
	for rows.Next() {
		var id, subj string
		var unpublished bool
		_ = rows.Scan(&id, &subj, &unpublished)
		outbox[id] = strings.TrimPrefix(subj, "events."+e.orgID+".")
		if unpublished {
			v.Unpublished++
		}
		if outbox[id] == "agent.updated" {
			v.AgentEvents++
		}
	}
	rows.Close()
	v.OutboxEvents = len(outbox)
	if err := e.checkMetering(ctx, outbox, &v); err != nil {
		return v, err
	}
	inStream, err := e.streamIDs(ctx)
	if err != nil {
		return v, err
	}
	for id := range outbox {
		if inStream[id] == 0 {
			v.EventsMissing++
		}
	}
	for _, n := range inStream {
		if n > 1 {
			v.EventsDup++
		}
	}
	got := map[string]int{}
	for _, r := range e.rcv.Accepted() {
		got[r.ID]++
	}
	for id, typ := range outbox {
		subscribed := false
		for _, w := range webhookTypes {
			subscribed = subscribed || w == typ
		}
		if subscribed && got[id] == 0 {
			v.WebhookMissing++
			if len(v.missingWebhook) < 20 {
				v.missingWebhook = append(v.missingWebhook, id)
			}
		}
	}
	for _, n := range got {
		if n > 1 {
			v.WebhookDup += n - 1
		}
	}
	return v, nil
}

// ended counts how many of ids (rows of table) are completed or failed, and how many are not.
func (e *env) ended(ctx context.Context, table string, ids []string) (total, done, stuck int, err error) {
	status := map[string]string{}
	for i := 0; i < len(ids); i += 500 {
		chunk := ids[i:min(i+500, len(ids))]
		rows, err := e.db.QueryContext(ctx, "SELECT id, status FROM "+table+" WHERE id = ANY($1)", chunk)
		if err != nil {
			return 0, 0, 0, err
		}
		for rows.Next() {
			var id, s string
			_ = rows.Scan(&id, &s)
			status[id] = s
		}
		rows.Close()
	}
	for _, id := range ids {
		switch status[id] {
		case "completed", "failed":
			done++
		default:
			stuck++
		}
	}
	return len(ids), done, stuck, nil
}

// meteredState is what metering recorded for the organization: the sum of its usage counters and
// the number of event ids it counted.
type meteredState struct{ counters, events int64 }

func (e *env) metered(ctx context.Context) (meteredState, error) {
	var m meteredState
	err := e.db.QueryRowContext(ctx, `SELECT
		(SELECT COALESCE(SUM(queries_metered + templates_metered + failed_metered), 0) FROM billing_usage WHERE organization_id = $1),
		(SELECT COUNT(*) FROM metered_events WHERE organization_id = $1)`, e.orgID).Scan(&m.counters, &m.events)
	return m, err
}

// checkMetering: every metered-kind event of the outbox was recorded by metering, and the usage
// counters grew by exactly the number of events recorded (never counted twice).
func (e *env) checkMetering(ctx context.Context, outbox map[string]string, v *verdict) error {
	now, err := e.metered(ctx)
	if err != nil {
		return err
	}
	v.MeteredTwice = int((now.counters - e.baseMetered.counters) - (now.events - e.baseMetered.events))
	rows, err := e.db.QueryContext(ctx, "SELECT event_id FROM metered_events WHERE organization_id = $1", e.orgID)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for rows.Next() {
		var id string
		_ = rows.Scan(&id)
		seen[id] = true
	}
	rows.Close()
	for id, typ := range outbox {
		if slices.Contains(meteredTypes, typ) && !seen[id] {
			v.MeteredMissing++
		}
	}
	return nil
}

// streamIDs counts the organization's messages in EVENTS by Nats-Msg-Id.
func (e *env) streamIDs(ctx context.Context) (map[string]int, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cons, err := e.js.OrderedConsumer(ctx, "EVENTS", jetstream.OrderedConsumerConfig{FilterSubjects: []string{"events." + e.orgID + ".>"}})
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for {
		batch, err := cons.Fetch(500, jetstream.FetchMaxWait(2*time.Second))
		if err != nil {
			return nil, err
		}
		n := 0
		var pending uint64
		for m := range batch.Messages() {
			n++
			out[m.Headers().Get(jetstream.MsgIDHeader)]++
			if md, err := m.Metadata(); err == nil {
				pending = md.NumPending
			}
		}
		if batch.Error() != nil {
			return nil, batch.Error()
		}
		if n == 0 || pending == 0 {
			return out, nil
		}
	}
}

// resources reads goroutines and heap (after a GC) of every analytics process.
func (e *env) resources(ctx context.Context) map[string]app.RuntimeStats {
	out := map[string]app.RuntimeStats{}
	procs := append(append([]*localcluster.Process{}, e.c.APIs...), e.c.Workers...)
	client := &http.Client{Timeout: 10 * time.Second}
	for i, p := range procs {
		req, _ := http.NewRequestWithContext(ctx, "GET", e.c.DebugURL(i)+"/debug/runtime?gc=1", nil)
		resp, err := client.Do(req)
		if err != nil {
			continue
		}
		var rs app.RuntimeStats
		_ = json.NewDecoder(resp.Body).Decode(&rs)
		resp.Body.Close()
		out[p.Name] = rs
	}
	return out
}

// natsStreams reads, per node, the EVENTS and COMMANDS stream state as that node sees it.
func (e *env) natsStreams(ctx context.Context, node int) (map[string]uint64, error) {
	client := &http.Client{Timeout: 5 * time.Second}
	req, _ := http.NewRequestWithContext(ctx, "GET", e.c.MonitorURL(node)+"/jsz?accounts=true&streams=true", nil)
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var d struct {
		Accounts []struct {
			Streams []struct {
				Name  string `json:"name"`
				State struct {
					LastSeq uint64 `json:"last_seq"`
				} `json:"state"`
			} `json:"stream_detail"`
		} `json:"account_details"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&d); err != nil {
		return nil, err
	}
	out := map[string]uint64{}
	for _, a := range d.Accounts {
		for _, s := range a.Streams {
			out[s.Name] = s.State.LastSeq
		}
	}
	return out, nil
}

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(int(p*float64(len(s))), len(s)-1)]
}

func envInt(name string, def int) int {
	var n int
	if _, err := fmt.Sscan(os.Getenv(name), &n); err == nil && n > 0 {
		return n
	}
	return def
}

func envStr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil && d > 0 {
		return d
	}
	return def
}

func getJSON(ctx context.Context, url string, v any) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}

// explainMissing says, for events the receiver never got, what the service recorded about their
// deliveries.
func (e *env) explainMissing(ctx context.Context, ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	rows, err := e.db.QueryContext(ctx, `SELECT event_id, id, status, attempts, last_status_code, created_at, COALESCE(next_attempt_at, created_at)
		FROM webhook_deliveries WHERE event_id = ANY($1)`, ids)
	if err != nil {
		return err.Error()
	}
	defer rows.Close()
	var out []string
	found := map[string]bool{}
	for rows.Next() {
		var ev, id, st string
		var attempts, code int
		var created, next time.Time
		_ = rows.Scan(&ev, &id, &st, &attempts, &code, &created, &next)
		found[ev] = true
		out = append(out, fmt.Sprintf("%s: delivery %s %s, %d attempts, last status %d, created %s, next %s", ev, id, st, attempts, code,
			created.Format("15:04:05.000"), next.Format("15:04:05.000")))
	}
	for _, id := range ids {
		if !found[id] {
			out = append(out, id+": no delivery row (the fan-out never ran for it)")
		}
	}
	return strings.Join(out, "\n")
}
