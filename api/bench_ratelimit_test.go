//go:build bench

package api_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestBenchRateLimit measures what the organization rate limiter adds to a request (the
// billing.Service.Allow call the middleware makes: one upsert of two window rows in PostgreSQL)
// and checks exactness with two API processes sharing one database. It prints figures and
// asserts only the exact count.
func TestBenchRateLimit(t *testing.T) {
	n := 5000
	if v, err := strconv.Atoi(os.Getenv("N")); err == nil && v > 0 {
		n = v
	}
	a, b := twoProcesses(t, "scale")
	ctx := context.Background()
	owner := a.Register(t)

	percentile := func(d []time.Duration, p float64) time.Duration {
		slices.Sort(d)
		return d[int(float64(len(d)-1)*p)]
	}
	costs := make([]time.Duration, 0, n)
	for i := 0; i < n; i++ {
		start := time.Now()
		if _, err := a.App.Billing.Allow(ctx, owner.OrgID); err != nil {
			t.Fatal(err)
		}
		costs = append(costs, time.Since(start))
	}
	requests := make([]time.Duration, 0, 500)
	for i := 0; i < 500; i++ {
		start := time.Now()
		a.Do("GET", "/v1/auth/me", owner.Token, nil).Expect(t, 200)
		requests = append(requests, time.Since(start))
	}

	// Exactness: a day limit of half the requests, sent 32 at a time to both processes.
	other := a.Register(t)
	perMinute, perDay := int64(1_000_000), int64(n/2)
	if _, err := a.App.Billing.SetLimits(ctx, other.OrgID, &perMinute, &perDay, nil); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	statuses := map[int]int{}
	sem := make(chan struct{}, 32)
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < n; i++ {
		s := a
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			r := s.Do("GET", "/v1/auth/me", other.Token, nil)
			mu.Lock()
			statuses[r.Status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	fmt.Printf("| measure | p50 | p99 | n |\n|---|---|---|---|\n")
	fmt.Printf("| limiter cost per request (Allow: upsert of minute+day windows) | %s | %s | %d |\n", percentile(costs, .5), percentile(costs, .99), n)
	fmt.Printf("| whole authenticated request GET /v1/auth/me, for scale | %s | %s | %d |\n", percentile(requests, .5), percentile(requests, .99), len(requests))
	fmt.Printf("| two processes, limit %d/day, %d requests, 32 concurrent | accepted %d | refused %d | %.0f req/s |\n",
		perDay, n, statuses[200], statuses[429], float64(n)/elapsed.Seconds())
	if int64(statuses[200]) != perDay || statuses[429] != n-int(perDay) {
		t.Fatalf("statuses %v, want exactly %d accepted", statuses, perDay)
	}
}
