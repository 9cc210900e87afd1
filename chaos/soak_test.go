//go:build chaos

package chaos

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"
)

// sample is one minute of the soak run.
type sample struct {
	at          time.Duration
	requests    int
	rss, heap   map[string]uint64
	goroutines  map[string]int
	outbox      int
	pending     uint64
	latencyLine string
}

// TestSoak runs steady mixed load for SOAK_DURATION (make soak DURATION=30m) and prints, every
// SOAK_INTERVAL (1m): throughput, p50/p99 per endpoint, memory and goroutines per process, the
// outbox backlog and the consumers' pending messages. It fails on a leak trend (heap or
// goroutines of a process growing through the last half of the run) or a growing backlog.
func TestSoak(t *testing.T) {
	duration := envDuration("SOAK_DURATION", 5*time.Minute)
	interval := envDuration("SOAK_INTERVAL", time.Minute)
	e := startEnv(t, "soak", 200)
	ctx := context.Background()
	loadCtx, stop := context.WithCancel(ctx)
	clients, rate := envInt("CHAOS_CLIENTS", 8), envInt("CHAOS_RATE", 20)
	wg := e.runLoad(loadCtx, clients, float64(rate))
	fmt.Printf("\nSoak: %s of mixed load, %d clients, %d requests/s offered, through the load balancer\n\n", duration, clients, rate)
	fmt.Println("| minute | requests/s | p50 / p99 per endpoint (ms) | RSS MiB (api-1, api-2, worker-1, worker-2) | heap MiB | goroutines | outbox backlog | consumer pending |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	start := time.Now()
	var samples []sample
	e.stats.window()
	for time.Since(start) < duration {
		time.Sleep(interval)
		win := e.stats.window()
		s := sample{at: time.Since(start), rss: map[string]uint64{}, heap: map[string]uint64{}, goroutines: map[string]int{}}
		var names []string
		for name := range win {
			names = append(names, name)
		}
		sort.Strings(names)
		var parts []string
		for _, name := range names {
			ds := win[name]
			s.requests += len(ds)
			parts = append(parts, fmt.Sprintf("%s %d/%d", shortName(name), percentile(ds, .5).Milliseconds(), percentile(ds, .99).Milliseconds()))
		}
		s.latencyLine = strings.Join(parts, ", ")
		res := e.resources(ctx) // no forced GC: RSS and heap as they run
		for name, r := range res {
			s.rss[name], s.heap[name], s.goroutines[name] = r.RSS, r.HeapInuse, r.Goroutines
		}
		_ = e.db.QueryRowContext(ctx, "SELECT COUNT(*) FROM outbox WHERE published_at IS NULL").Scan(&s.outbox)
		s.pending = e.consumerPending(ctx)
		samples = append(samples, s)
		procs := []string{"api-1", "api-2", "worker-1", "worker-2"}
		fmt.Printf("| %d | %.1f | %s | %s | %s | %s | %d | %d |\n", int(s.at.Round(time.Minute)/time.Minute),
			float64(s.requests)/interval.Seconds(), s.latencyLine,
			join(procs, func(p string) string { return fmt.Sprint(s.rss[p] >> 20) }),
			join(procs, func(p string) string { return fmt.Sprint(s.heap[p] >> 20) }),
			join(procs, func(p string) string { return fmt.Sprint(s.goroutines[p]) }),
			s.outbox, s.pending)
	}
	stop()
	wg.Wait()
	if v, err := e.waitInvariants(ctx, 3*time.Minute, nil); err != nil {
		t.Errorf("after the soak: %v", err)
	} else {
		fmt.Printf("\nafter the load: %d queries and %d template runs, all completed or failed; %d events, none missing or duplicated in EVENTS; %d webhook events missing; usage: 0 metered events missing, 0 counted twice\n",
			v.Queries, v.Executions, v.OutboxEvents, v.WebhookMissing)
	}
	for _, p := range leaks(samples) {
		t.Error(p)
	}
}

func shortName(s string) string {
	s = strings.ReplaceAll(s, "/v1/", "")
	return s
}

func join(ps []string, f func(string) string) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = f(p)
	}
	return strings.Join(out, ", ")
}

// leaks compares the second half of the run with the first: a process whose goroutines or heap
// keep rising (every sample of the last half above the first half's maximum, and the last one
// the highest) leaks; so does an outbox or consumer backlog that grows in each of the last three
// samples.
func leaks(s []sample) []string {
	var problems []string
	if len(s) < 4 {
		return nil
	}
	half := len(s) / 2
	for _, p := range []string{"api-1", "api-2", "worker-1", "worker-2"} {
		for _, m := range []struct {
			name string
			get  func(sample) float64
			min  float64
		}{
			{"goroutines", func(x sample) float64 { return float64(x.goroutines[p]) }, 20},
			{"heap", func(x sample) float64 { return float64(x.heap[p]) }, 16 << 20},
		} {
			firstMax := 0.0
			for _, x := range s[:half] {
				firstMax = max(firstMax, m.get(x))
			}
			rising := true
			for i, x := range s[half:] {
				if m.get(x) <= firstMax+m.min || (i > 0 && m.get(x) < m.get(s[half+i-1])) {
					rising = false
				}
			}
			if rising {
				problems = append(problems, fmt.Sprintf("%s %s rises through the second half of the run (first half max %.0f, last %.0f)", p, m.name, firstMax, m.get(s[len(s)-1])))
			}
		}
	}
	n := len(s)
	if s[n-1].outbox > s[n-2].outbox && s[n-2].outbox > s[n-3].outbox && s[n-1].outbox > 100 {
		problems = append(problems, fmt.Sprintf("outbox backlog grows: %d, %d, %d", s[n-3].outbox, s[n-2].outbox, s[n-1].outbox))
	}
	if s[n-1].pending > s[n-2].pending && s[n-2].pending > s[n-3].pending && s[n-1].pending > 100 {
		problems = append(problems, fmt.Sprintf("consumer pending grows: %d, %d, %d", s[n-3].pending, s[n-2].pending, s[n-1].pending))
	}
	return problems
}

// consumerPending sums unprocessed and unacknowledged messages over the COMMANDS consumers.
func (e *env) consumerPending(ctx context.Context) uint64 {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	st, err := e.js.Stream(ctx, "COMMANDS")
	if err != nil {
		return 0
	}
	var total uint64
	l := st.ListConsumers(ctx)
	for info := range l.Info() {
		total += info.NumPending + uint64(info.NumAckPending)
	}
	return total
}
