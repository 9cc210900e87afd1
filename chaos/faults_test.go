//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
)

// fault is one failure injected while the load runs. inject breaks something and returns when
// the fault is over (the broken part is back); ready, if set, is an extra condition of recovery.
type fault struct {
	name   string
	inject func(ctx context.Context, t *testing.T, e *env)
	ready  func(ctx context.Context, e *env) error
}

// result is one row of the table docs/operations.md shows.
type result struct {
	name                         string
	requests, rejected           int64
	queries, completed, lost     int
	runs, runsEnded, runsLost    int // template executions
	meteredMissing, meteredTwice int
	eventsMissing, eventsDup     int
	webhookMissing, webhookDup   int
	// serving: from the end of the fault until a synchronous question answered 200 again;
	// settled: from the end of the load until every invariant held again (backlog drained).
	serving, settled time.Duration
	resources        string
	pass             bool
}

// TestFaults runs the six faults one after another on one cluster, each under the mixed load,
// and checks after each that nothing was lost. CHAOS_NATS_OUTAGE (60s) sets how long all NATS
// nodes stay down; CHAOS_RATE (20 requests/s) and CHAOS_CLIENTS (8) the load.
func TestFaults(t *testing.T) {
	started := time.Now()
	e := startEnv(t, "chaos", 100)
	ctx := context.Background()
	outage := envDuration("CHAOS_NATS_OUTAGE", 60*time.Second)
	hold := envDuration("CHAOS_HOLD", 15*time.Second)

	// Baseline: warm every process up with load, let it settle, then read goroutines and heap.
	warm, stopWarm := context.WithCancel(ctx)
	wg := e.runLoad(warm, envInt("CHAOS_CLIENTS", 8), float64(envInt("CHAOS_RATE", 20)))
	time.Sleep(20 * time.Second)
	stopWarm()
	wg.Wait()
	if _, err := e.waitInvariants(ctx, 2*time.Minute, nil); err != nil {
		t.Fatalf("invariants do not hold before any fault: %v", err)
	}
	time.Sleep(5 * time.Second)
	e.baseRes = e.resources(ctx)
	t.Logf("baseline: %s", describe(e.baseRes))

	faults := []fault{
		{name: "1 SIGKILL one worker, restart after " + hold.String(), inject: func(ctx context.Context, t *testing.T, e *env) {
			must(t, e.c.Workers[0].Kill())
			time.Sleep(hold)
			must(t, e.c.Workers[0].Start())
		}},
		{name: "2 kill one NATS node (SIGKILL), back after " + hold.String(), inject: func(ctx context.Context, t *testing.T, e *env) {
			must(t, e.c.NATS[1].Kill())
			time.Sleep(hold)
			must(t, e.c.NATS[1].Start())
		}, ready: e.replicasCaughtUp},
		{name: "3 all NATS nodes down for " + outage.String(), inject: func(ctx context.Context, t *testing.T, e *env) {
			for _, n := range e.c.NATS {
				must(t, n.Stop(30*time.Second))
			}
			time.Sleep(outage)
			for _, n := range e.c.NATS {
				must(t, n.Start())
			}
		}, ready: e.replicasCaughtUp},
		{name: "4 restart PostgreSQL", inject: func(ctx context.Context, t *testing.T, e *env) {
			must(t, e.c.RestartPostgres(ctx))
		}},
		{name: "5 partition one NATS node for " + hold.String() + ", heal", inject: func(ctx context.Context, t *testing.T, e *env) {
			must(t, e.c.Partition(2))
			time.Sleep(hold)
			e.c.Heal(2)
		}, ready: func(ctx context.Context, e *env) error {
			if err := e.routesUp(ctx); err != nil {
				return err
			}
			return e.replicasCaughtUp(ctx, e)
		}},
		{name: "6 webhook receiver answers 503 for " + hold.String(), inject: func(ctx context.Context, t *testing.T, e *env) {
			e.rcv.FailWith(http.StatusServiceUnavailable)
			time.Sleep(hold)
			e.rcv.FailWith(0)
		}},
	}
	if only := envStr("CHAOS_ONLY", ""); only != "" {
		var keep []fault
		for _, f := range faults {
			if strings.Contains(only, f.name[:1]) {
				keep = append(keep, f)
			}
		}
		faults = keep
	}
	var results []result
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			r := e.runFault(ctx, t, f)
			results = append(results, r)
			if !r.pass {
				t.Errorf("fault %q: %+v", f.name, r)
			}
		})
	}
	fmt.Printf("\nFault tests, %s (load: %d clients, %d requests/s through the load balancer)\n\n", time.Since(started).Round(time.Second),
		envInt("CHAOS_CLIENTS", 8), envInt("CHAOS_RATE", 20))
	fmt.Println("| fault | requests accepted | not accepted (5xx/refused) | queries accepted | completed or failed | lost | template runs accepted | ended | lost | usage missing | usage counted twice | events missing | events duplicated in stream | webhook events missing | duplicate deliveries (same id) | serving again after fault | settled after load | goroutines / heap vs baseline | verdict |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range results {
		verdict := "pass"
		if !r.pass {
			verdict = "FAIL"
		}
		fmt.Printf("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %s | %s | %s | %s |\n", r.name, r.requests, r.rejected, r.queries, r.completed, r.lost,
			r.runs, r.runsEnded, r.runsLost, r.meteredMissing, r.meteredTwice,
			r.eventsMissing, r.eventsDup, r.webhookMissing, r.webhookDup, r.serving.Round(100*time.Millisecond), r.settled.Round(100*time.Millisecond), r.resources, verdict)
	}
	fmt.Println()
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// runFault: load for a while, inject, load a while after the fault, stop the load, then wait
// for the invariants and the resources to come back.
func (e *env) runFault(ctx context.Context, t *testing.T, f fault) result {
	r := result{name: f.name}
	before, _ := e.check(ctx)
	acc0, rej0 := e.stats.accepted.Load(), e.stats.rejected.Load()
	loadCtx, stop := context.WithCancel(ctx)
	wg := e.runLoad(loadCtx, envInt("CHAOS_CLIENTS", 8), float64(envInt("CHAOS_RATE", 20)))
	time.Sleep(10 * time.Second)
	t.Logf("inject")
	f.inject(ctx, t, e)
	ended := time.Now()
	t.Logf("fault over; load continues 10s")
	serving := make(chan time.Duration, 1)
	go func() {
		for {
			st, _ := e.do(ctx, "POST", "/v1/queries", map[string]any{"question": questions[0], "agent_id": e.askID}, map[string]string{"Prefer": "wait=30"})
			if st == http.StatusOK || time.Since(ended) > 3*time.Minute {
				serving <- time.Since(ended)
				return
			}
			time.Sleep(250 * time.Millisecond)
		}
	}()
	time.Sleep(10 * time.Second)
	stop()
	wg.Wait()
	loadEnded := time.Now()
	r.requests, r.rejected = e.stats.accepted.Load()-acc0, e.stats.rejected.Load()-rej0
	v, err := e.waitInvariants(ctx, envDuration("CHAOS_RECOVERY_TIMEOUT", 4*time.Minute), f.ready)
	r.settled = time.Since(loadEnded)
	r.serving = <-serving
	if err != nil {
		t.Errorf("not recovered: %v", err)
		if why := e.explainMissing(ctx, v.missingWebhook); why != "" {
			t.Errorf("webhook events never received:\n%s", why)
		}
	}
	r.queries, r.completed = v.Queries-before.Queries, v.Completed-before.Completed
	r.lost = v.Stuck
	r.runs, r.runsEnded, r.runsLost = v.Executions-before.Executions, v.ExecutionsEnded-before.ExecutionsEnded, v.ExecutionsStuck
	r.meteredMissing, r.meteredTwice = v.MeteredMissing, v.MeteredTwice
	r.eventsMissing, r.eventsDup = v.EventsMissing, v.EventsDup
	r.webhookMissing, r.webhookDup = v.WebhookMissing, v.WebhookDup-before.WebhookDup
	// Longer than the 90 s idle timeout of HTTP keep-alive connections: the webhook client's idle
	// connections (2 goroutines each) after a burst are not a leak.
	resOK, desc := e.waitResources(ctx, envDuration("CHAOS_RESOURCE_WAIT", 150*time.Second))
	r.resources = desc
	r.pass = err == nil && resOK
	t.Logf("%+v", r)
	return r
}

// waitInvariants polls check until every invariant holds (and ready, if set), or timeout.
func (e *env) waitInvariants(ctx context.Context, timeout time.Duration, ready func(context.Context, *env) error) (verdict, error) {
	deadline := time.Now().Add(timeout)
	var v verdict
	var err error
	for {
		v, err = e.check(ctx)
		if err == nil && v.ok(e.stats.agentChanges.Load()) {
			if ready == nil {
				return v, nil
			}
			if err = ready(ctx, e); err == nil {
				return v, nil
			}
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = fmt.Errorf("invariants still broken after %s: %+v (agent changes accepted: %d)", timeout, v, e.stats.agentChanges.Load())
			}
			return v, err
		}
		time.Sleep(time.Second)
	}
}

// replicasCaughtUp: every node holds the same last sequence of EVENTS and COMMANDS.
func (e *env) replicasCaughtUp(ctx context.Context, _ *env) error {
	var first map[string]uint64
	for i := range e.c.NATS {
		s, err := e.natsStreams(ctx, i)
		if err != nil {
			return fmt.Errorf("nats-%d: %w", i+1, err)
		}
		if first == nil {
			first = s
			continue
		}
		for _, name := range []string{"EVENTS", "COMMANDS"} {
			if s[name] != first[name] {
				return fmt.Errorf("%s on nats-%d at %d, on nats-1 at %d", name, i+1, s[name], first[name])
			}
		}
	}
	return nil
}

// routesUp: every node has routes to both others again.
func (e *env) routesUp(ctx context.Context) error {
	for i := range e.c.NATS {
		var rz struct {
			Routes []struct {
				RemoteName string `json:"remote_name"`
			} `json:"routes"`
		}
		if err := getJSON(ctx, e.c.MonitorURL(i)+"/routez", &rz); err != nil {
			return err
		}
		peers := map[string]bool{}
		for _, r := range rz.Routes {
			peers[r.RemoteName] = true
		}
		if len(peers) < len(e.c.NATS)-1 {
			return fmt.Errorf("nats-%d has routes to %d peers", i+1, len(peers))
		}
	}
	return nil
}

// waitResources waits until every process's goroutines and heap are back near the baseline:
// goroutines within 25 + 20%, heap within 1.5x + 32 MiB (a restarted process starts lower).
func (e *env) waitResources(ctx context.Context, timeout time.Duration) (bool, string) {
	deadline := time.Now().Add(timeout)
	for {
		cur := e.resources(ctx)
		ok := len(cur) == len(e.baseRes)
		var parts []string
		for name, b := range e.baseRes {
			c, found := cur[name]
			if !found {
				ok = false
				parts = append(parts, name+": no answer")
				continue
			}
			if c.Goroutines > b.Goroutines+25+b.Goroutines/5 || c.HeapInuse > b.HeapInuse*3/2+32<<20 {
				ok = false
			}
			parts = append(parts, fmt.Sprintf("%s %d/%d, %d/%d MiB", name, c.Goroutines, b.Goroutines, c.HeapInuse>>20, b.HeapInuse>>20))
		}
		if ok || time.Now().After(deadline) {
			return ok, strings.Join(parts, "; ")
		}
		time.Sleep(2 * time.Second)
	}
}

func describe(rs map[string]app.RuntimeStats) string {
	var parts []string
	for name, r := range rs {
		parts = append(parts, fmt.Sprintf("%s: %d goroutines, heap %d MiB, rss %d MiB", name, r.Goroutines, r.HeapInuse>>20, r.RSS>>20))
	}
	return strings.Join(parts, "; ")
}
