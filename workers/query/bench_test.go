package query_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/store"
)

// benchQuestions are questions of the kinds the offline engine answers, over the demo dataset.
var benchQuestions = []string{
	"how many orders are there",
	"total amount of orders by status",
	"number of customers by segment",
	"top 5 products by quantity",
	"average total amount of orders in 2024",
	"how many customers in Brazil",
	"total spend by channel",
	"monthly total amount of orders in 2025",
}

// TestBenchQueries drives POST /v1/queries concurrently against the embedded default (SQLite,
// embedded NATS, demo data) and prints queries per second, latency percentiles and where the time
// goes. Run it with `make bench-queries` (BENCH_QUERIES=1; N and C tune the load).
func TestBenchQueries(t *testing.T) {
	if os.Getenv("BENCH_QUERIES") == "" {
		t.Skip("set BENCH_QUERIES=1 (make bench-queries) to run the query benchmark")
	}
	n := envInt("N", 2000)
	conc := envInt("C", 16)
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) { c.LogLevel = "error" }})
	if err := s.App.SeedDemo(context.Background(), io.Discard); err != nil {
		t.Fatal(err)
	}
	pw, err := os.ReadFile(s.Cfg.DataDir + "/demo-credentials.txt")
	if err != nil {
		t.Fatal(err)
	}
	token := s.Login(t, app.DemoEmail, string(trim(pw)))
	agents := s.Do("GET", "/v1/agents", token, nil).Expect(t, 200).Body["agents"].([]any)
	byType := map[string]string{}
	for _, a := range agents {
		m := a.(map[string]any)
		byType[m["agent_type"].(string)] = m["id"].(string)
	}
	agentID := byType["general_data"]

	// Warm up pools and caches.
	for _, q := range benchQuestions {
		s.Do("POST", "/v1/queries", token, map[string]any{"question": q, "agent_id": agentID})
	}

	latencies := make([]time.Duration, n)
	var failures int
	var mu sync.Mutex
	var next int
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= n {
					return
				}
				t0 := time.Now()
				r := s.Do("POST", "/v1/queries", token, map[string]any{"question": benchQuestions[i%len(benchQuestions)], "agent_id": agentID, "include_chart": true})
				latencies[i] = time.Since(t0)
				if r.Status != 200 {
					mu.Lock()
					failures++
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	pct := func(p float64) time.Duration { return latencies[min(int(p*float64(n)), n-1)] }
	var sum time.Duration
	for _, l := range latencies {
		sum += l
	}
	avg := sum / time.Duration(n)

	var gen, grd, exe float64
	var rows []store.Query
	if err := s.App.Store.SQL().QueryRow(`SELECT AVG(generation_ms), AVG(guard_ms), AVG(execution_ms) FROM queries WHERE status = 'completed'`).Scan(&gen, &grd, &exe); err != nil {
		t.Fatal(err)
	}
	_ = rows
	avgMS := float64(avg.Microseconds()) / 1000
	messaging := avgMS - gen - grd - exe
	share := func(v float64) string { return fmt.Sprintf("%5.1f%%", 100*v/avgMS) }

	fmt.Printf("\nPOST /v1/queries, embedded default (SQLite + embedded NATS), demo data, %d requests, %d concurrent clients\n", n, conc)
	fmt.Printf("| queries/s | p50 | p99 | mean | failed |\n|---|---|---|---|---|\n")
	fmt.Printf("| %.1f | %s | %s | %s | %d |\n", float64(n)/elapsed.Seconds(), pct(0.50).Round(100*time.Microsecond),
		pct(0.99).Round(100*time.Microsecond), avg.Round(100*time.Microsecond), failures)
	fmt.Printf("\n| step | mean ms | share of request |\n|---|---|---|\n")
	fmt.Printf("| generation | %.2f | %s |\n| guard | %.2f | %s |\n| execution | %.2f | %s |\n| messaging, storage, HTTP | %.2f | %s |\n\n",
		gen, share(gen), grd, share(grd), exe, share(exe), messaging, share(messaging))
	if failures > 0 {
		t.Errorf("%d requests failed", failures)
	}
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func trim(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == ' ') {
		b = b[:len(b)-1]
	}
	return b
}
