//go:build bench

package webhook_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/nlq/guard"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/webhooks/webhookstest"
)

// benchReceiver records the first arrival of each event id. Unlike webhookstest.Receiver it
// keeps no bodies, so it stays cheap at 100,000 events; it verifies every 100th signature so the
// bench still proves deliveries are signed.
type benchReceiver struct {
	mu       sync.Mutex
	secret   string
	arrived  map[string]time.Time
	want     int
	done     chan struct{}
	requests int
	badSigs  int
}

func (b *benchReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	now := time.Now()
	id := r.Header.Get("webhook-id")
	b.mu.Lock()
	b.requests++
	if b.requests%100 == 1 {
		if err := webhookstest.Verify(body, r.Header, []string{b.secret}, time.Minute, now); err != nil {
			b.badSigs++
		}
	}
	if _, dup := b.arrived[id]; !dup {
		b.arrived[id] = now
		if len(b.arrived) == b.want {
			close(b.done)
		}
	}
	b.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v >= 0 {
		return v
	}
	return def
}

// TestBenchWebhooks publishes N events (through the outbox, as services do) for one webhook and
// measures deliveries per second and event-to-receipt latency with PostgreSQL as the store.
// RATE=events/s offers a steady load (0, the default, publishes as fast as possible).
//
//	N=10000 make bench-webhooks
func TestBenchWebhooks(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Setenv("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test?sslmode=disable")
	}
	n, rate := envInt("N", 1000), envInt("RATE", 0)
	s := apptest.Start(t, apptest.Options{Database: "postgres", Configure: func(c *app.Config) {
		c.WebhookRetryDelays = "1s,5s,15s"
	}})
	// The service compiles its SQL parsers in the background at start (seconds of CPU); wait for
	// that so it does not count against webhooks.
	guard.Warm()
	acct := s.Register(t)
	rcv := &benchReceiver{arrived: make(map[string]time.Time, n), want: n, done: make(chan struct{})}
	srv := httptest.NewServer(rcv)
	defer srv.Close()
	r := s.Do("POST", "/api/webhooks", acct.Token, map[string]any{"url": srv.URL + "/bench", "events": []string{"*"}}).Expect(t, 201)
	rcv.mu.Lock()
	rcv.secret = r.String("secret")
	rcv.mu.Unlock()
	time.Sleep(200 * time.Millisecond) // the webhook must predate the first event

	ctx := context.Background()
	emitted := make(map[string]time.Time, n)
	batch := 500
	tick := time.Duration(0)
	if rate > 0 {
		batch = max(1, rate/100)
		tick = time.Second * time.Duration(batch) / time.Duration(rate)
	}
	start := time.Now()
	if os.Getenv("BENCH_DEBUG") != "" {
		stopDebug := make(chan struct{})
		defer close(stopDebug)
		go func() {
			db := s.App.Store.SQL()
			for {
				select {
				case <-stopDebug:
					return
				case <-time.After(time.Second):
				}
				var pending, dl, ok int
				_ = db.QueryRow("SELECT count(*) FROM outbox WHERE published_at IS NULL").Scan(&pending)
				_ = db.QueryRow("SELECT count(*), count(*) FILTER (WHERE status = 'succeeded') FROM webhook_deliveries").Scan(&dl, &ok)
				rcv.mu.Lock()
				got := len(rcv.arrived)
				rcv.mu.Unlock()
				fmt.Printf("| debug %5.1fs | outbox pending %d | deliveries %d | succeeded %d | received %d |\n",
					time.Since(start).Seconds(), pending, dl, ok, got)
			}
		}()
	}
	next := start
	for sent := 0; sent < n; {
		k := min(batch, n-sent)
		msgs := make([]store.OutboxMessage, 0, k)
		for i := 0; i < k; i++ {
			ev, err := events.NewEvent(acct.OrgID, events.QueryCompleted, map[string]any{"query_id": fmt.Sprintf("q%d", sent+i), "row_count": i})
			if err != nil {
				t.Fatal(err)
			}
			msgs = append(msgs, ev)
		}
		now := time.Now()
		if err := s.App.Store.Emit(ctx, msgs...); err != nil {
			t.Fatal(err)
		}
		for _, m := range msgs {
			emitted[m.ID] = now
		}
		sent += k
		if tick > 0 {
			next = next.Add(tick)
			time.Sleep(time.Until(next))
		}
	}
	publishedIn := time.Since(start)

	select {
	case <-rcv.done:
	case <-time.After(max(2*time.Minute, time.Duration(n)*5*time.Millisecond)):
		rcv.mu.Lock()
		got := len(rcv.arrived)
		rcv.mu.Unlock()
		t.Fatalf("only %d of %d events arrived", got, n)
	}
	rcv.mu.Lock()
	defer rcv.mu.Unlock()
	var last time.Time
	lat := make([]time.Duration, 0, n)
	for id, at := range rcv.arrived {
		e, ok := emitted[id]
		if !ok {
			t.Fatalf("unknown event %s arrived", id)
		}
		lat = append(lat, at.Sub(e))
		if at.After(last) {
			last = at
		}
	}
	slices.Sort(lat)
	q := func(p float64) time.Duration {
		return lat[min(len(lat)-1, int(float64(len(lat))*p))].Round(time.Millisecond)
	}
	elapsed := last.Sub(start)
	offered := "max"
	if rate > 0 {
		offered = strconv.Itoa(rate) + "/s"
	}
	if rcv.badSigs > 0 {
		t.Errorf("%d sampled signatures did not verify", rcv.badSigs)
	}
	fmt.Printf("\n| N | offered | published in | deliveries/s | p50 latency | p99 latency | requests | store |\n")
	fmt.Printf("|---|---|---|---|---|---|---|---|\n")
	fmt.Printf("| %d | %s | %s | %.0f | %s | %s | %d | postgres |\n\n", n, offered, publishedIn.Round(time.Millisecond),
		float64(n)/elapsed.Seconds(), q(0.50), q(0.99), rcv.requests)
}
