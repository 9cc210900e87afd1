// Package querybench measures the question pipeline the same way on any deployment: the embedded
// default (make bench-queries) and the production topology (make bench-queries-cluster). It
// reports guard p50, everything-except-execution p50 at 1 client, and the throughput at many
// clients against the execution-bound limit (cores ÷ mean execution time).
package querybench

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// Answer is what one POST /v1/queries returned.
type Answer struct {
	Status int
	// Execution is the query's execution_time (the database's share of the request).
	Execution time.Duration
	// Guard is the SQL guard's time (timings.guard).
	Guard time.Duration
}

// FromBody reads an Answer's timings from a POST /v1/queries response body.
func FromBody(status int, body map[string]any) Answer {
	a := Answer{Status: status}
	if t, ok := body["timings"].(map[string]any); ok {
		a.Execution = seconds(t["execution"])
		a.Guard = seconds(t["guard"])
	}
	return a
}

func seconds(v any) time.Duration {
	f, _ := v.(float64)
	return time.Duration(f * float64(time.Second))
}

// Ask sends one question and waits for its answer.
type Ask func(ctx context.Context, question string) Answer

// Phase is one run at a fixed number of concurrent clients.
type Phase struct {
	Clients, Requests int
	Elapsed           time.Duration
	Latency           []time.Duration // per request, sorted
	NonExecution      []time.Duration // latency minus execution, sorted
	Execution         []time.Duration
	Guard             []time.Duration
	Failures          int
}

// Run sends n questions (round-robin over questions) from clients concurrent clients.
func Run(ctx context.Context, ask Ask, questions []string, clients, n int) Phase {
	p := Phase{Clients: clients, Requests: n, Latency: make([]time.Duration, n), NonExecution: make([]time.Duration, n), Execution: make([]time.Duration, n), Guard: make([]time.Duration, n)}
	var next atomic.Int64
	var failures atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < clients; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				t0 := time.Now()
				a := ask(ctx, questions[i%len(questions)])
				p.Latency[i] = time.Since(t0)
				p.Execution[i] = a.Execution
				p.Guard[i] = a.Guard
				p.NonExecution[i] = p.Latency[i] - a.Execution
				if a.Status != 200 {
					failures.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	p.Elapsed = time.Since(start)
	p.Failures = int(failures.Load())
	for _, s := range [][]time.Duration{p.Latency, p.NonExecution, p.Execution, p.Guard} {
		sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	}
	return p
}

// Pct is the p-th quantile of sorted durations.
func Pct(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(int(p*float64(len(sorted))), len(sorted)-1)]
}

// Mean of durations.
func Mean(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

// Throughput is requests per second.
func (p Phase) Throughput() float64 { return float64(p.Requests) / p.Elapsed.Seconds() }

// Report prints the table of the goals.
func Report(w io.Writer, title string, one, many Phase) {
	cores := runtime.NumCPU()
	// Execution time measured at 1 client: at 16 clients on a few cores it includes waiting for
	// a CPU, which would inflate the limit's denominator.
	meanExec := Mean(one.Execution)
	limit := 0.0
	if meanExec > 0 {
		limit = float64(cores) / meanExec.Seconds()
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d.Microseconds())/1000) }
	fmt.Fprintf(w, "\n%s\n\n", title)
	fmt.Fprintf(w, "| clients | requests | queries/s | p50 ms | p99 ms | mean ms | mean execution ms | p50 except execution ms | failed |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, p := range []Phase{one, many} {
		fmt.Fprintf(w, "| %d | %d | %.1f | %s | %s | %s | %s | %s | %d |\n", p.Clients, p.Requests, p.Throughput(),
			ms(Pct(p.Latency, .5)), ms(Pct(p.Latency, .99)), ms(Mean(p.Latency)), ms(Mean(p.Execution)), ms(Pct(p.NonExecution, .5)), p.Failures)
	}
	fmt.Fprintf(w, "\n| goal | measured | target |\n|---|---|---|\n")
	// A question asked again is answered from the planner's answer cache without generation
	// or guard (timings.guard 0); the guard's figure is over the answers it checked.
	guarded := func(p Phase) string {
		var g []time.Duration
		for _, d := range p.Guard {
			if d > 0 {
				g = append(g, d)
			}
		}
		if len(g) == 0 {
			return fmt.Sprintf("none guarded (%d of %d from the answer cache)", p.Requests, p.Requests)
		}
		return fmt.Sprintf("%s ms (%d of %d from the answer cache)", ms(Pct(g, .5)), p.Requests-len(g), p.Requests)
	}
	fmt.Fprintf(w, "| guard p50 (1 client; %d clients) | %s; %s | ≤ 0.5 ms |\n", many.Clients, guarded(one), guarded(many))
	fmt.Fprintf(w, "| everything except execution, p50 at 1 client | %s ms | ≤ 2 ms |\n", ms(Pct(one.NonExecution, .5)))
	if limit > 0 {
		fmt.Fprintf(w, "| throughput at %d clients vs execution-bound limit (%d cores ÷ %s ms mean execution at 1 client) | %.1f of %.1f queries/s = %.0f%% | ≥ 70%% |\n",
			many.Clients, cores, ms(meanExec), many.Throughput(), limit, 100*many.Throughput()/limit)
	}
	fmt.Fprintf(w, "| throughput at %d clients vs 1 client | %.1f vs %.1f queries/s | not lower |\n\n", many.Clients, many.Throughput(), one.Throughput())
}
