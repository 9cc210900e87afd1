package query_test

import (
	"context"
	"fmt"
	"github.com/analytics-agent/service/nlq/guard"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/workers/query/querybench"
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
// goes. Run it with `make bench-queries` (BENCH_QUERIES=1; N and C tune the load;
// BENCH_STORE=postgres runs the same process on PostgreSQL and an external NATS).
func TestBenchQueries(t *testing.T) {
	if os.Getenv("BENCH_QUERIES") == "" {
		t.Skip("set BENCH_QUERIES=1 (make bench-queries) to run the query benchmark")
	}
	n := envInt("N", 2000)
	conc := envInt("C", 16)
	o := apptest.Options{Database: "sqlite", Configure: func(c *app.Config) {
		c.LogLevel = "error"
		// Growth's rate limit would answer most of the load 429; load tests use scale.
		c.DemoPlan = "scale"
	}}
	setup := "embedded default (SQLite + embedded NATS)"
	if os.Getenv("BENCH_STORE") == "postgres" {
		// One process with API and workers, on PostgreSQL (TEST_DATABASE_URL's server) and a
		// NATS server it reaches over TCP as NATS_URL.
		o.Database, o.NATSURL = "postgres", apptest.StartBroker(t).URL
		setup = "one process on PostgreSQL + external NATS"
	}
	s := apptest.Start(t, o)
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

	// Warm up pools and caches, and compile the guard's parsers now (the service compiles them in
	// the background at start, which would otherwise land in the measured 1-client phase).
	guard.Warm()
	for _, q := range benchQuestions {
		s.Do("POST", "/v1/queries", token, map[string]any{"question": q, "agent_id": agentID})
	}
	ask := func(_ context.Context, q string) querybench.Answer {
		r := s.Do("POST", "/v1/queries", token, map[string]any{"question": q, "agent_id": agentID, "include_chart": true})
		return querybench.FromBody(r.Status, r.Body)
	}
	ctx := context.Background()
	c0 := processCPU()
	stopProfile1 := profileCPU(t, os.Getenv("BENCH_CPUPROFILE1"))
	one := querybench.Run(ctx, ask, benchQuestions, 1, envInt("N1", 300))
	stopProfile1()
	c1 := processCPU()
	stopProfile := profileCPU(t, os.Getenv("BENCH_CPUPROFILE"))
	many := querybench.Run(ctx, ask, benchQuestions, conc, n)
	stopProfile()
	c2 := processCPU()
	querybench.Report(os.Stdout, fmt.Sprintf("POST /v1/queries, %s, demo data, %d requests at 1 client, %d at %d clients", setup, one.Requests, n, conc), one, many)
	// The whole service and the client run in this process, so its CPU time per question is
	// the pipeline's cost, which other load on a shared machine inflates far less than latency.
	perQ := func(d time.Duration, n int) string { return fmt.Sprintf("%.2f", d.Seconds()*1000/float64(n)) }
	fmt.Printf("process CPU per question (service + client): 1 client %s ms, %d clients %s ms\n\n", perQ(c1-c0, one.Requests), conc, perQ(c2-c1, n))
	if one.Failures+many.Failures > 0 {
		t.Errorf("%d requests failed", one.Failures+many.Failures)
	}
}

// profileCPU writes a CPU profile of one phase (BENCH_CPUPROFILE1=path the 1-client phase,
// BENCH_CPUPROFILE=path the concurrent one), so start-up work (parser compilation, seeding)
// does not hide the steady state.
func profileCPU(t *testing.T, path string) (stop func()) {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		t.Fatal(err)
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
}

// processCPU is the CPU time (user + system) this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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
