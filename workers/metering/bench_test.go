//go:build bench

package metering_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/workers/metering"
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// TestBenchMetering publishes N query.completed events of ORGS organizations to a real JetStream
// stream, has the metering worker count them into PostgreSQL, then publishes the same N again
// (same event ids under new message ids: a redelivery or replay) and checks the count stays N.
// It prints events/s of both passes; it asserts only the count, never a speed.
func TestBenchMetering(t *testing.T) {
	n, orgs := envInt("N", 100000), envInt("ORGS", 100)
	ctx := context.Background()
	url := apptest.NewPostgresDatabase(t)
	st, err := store.Open(ctx, url, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx, discard()); err != nil {
		t.Fatal(err)
	}
	svc, err := billing.New(billing.Options{Store: st, Log: discard()})
	if err != nil {
		t.Fatal(err)
	}
	orgIDs := make([]string, orgs)
	for i := range orgIDs {
		org := &store.Organization{ID: ids.New(ids.Org), Name: "bench", Plan: "scale", OwnerUserID: "user_x", CreatedAt: time.Now(), UpdatedAt: time.Now()}
		if err := st.Tx(ctx, func(tx *store.Store) error {
			if err := tx.CreateOrganization(ctx, org); err != nil {
				return err
			}
			return svc.OnRegister(ctx, tx, org)
		}); err != nil {
			t.Fatal(err)
		}
		orgIDs[i] = org.ID
	}
	broker := apptest.StartBroker(t)
	nc, err := nats.Connect(broker.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	if err := events.EnsureStreams(ctx, js, events.StreamOptions{EventsMaxAge: time.Hour, Replicas: 1}); err != nil {
		t.Fatal(err)
	}
	type ev struct{ subject, payload, id string }
	evs := make([]ev, n)
	now := time.Now().UTC()
	for i := range evs {
		id := ids.New(ids.Event)
		org := orgIDs[i%orgs]
		raw, _ := json.Marshal(map[string]any{"id": id, "type": events.QueryCompleted, "created_at": now,
			"data": map[string]any{"query_id": "query_x", "status": "success", "row_count": 1, "execution_time": 0.01}})
		evs[i] = ev{events.EventSubject(org, events.QueryCompleted), string(raw), id}
	}
	publish := func(prefix string) time.Duration {
		start := time.Now()
		var futures []jetstream.PubAckFuture
		for i, e := range evs {
			m := nats.NewMsg(e.subject)
			m.Data = []byte(e.payload)
			m.Header.Set(nats.MsgIdHdr, prefix+e.id)
			f, err := js.PublishMsgAsync(m)
			if err != nil {
				t.Fatal(err)
			}
			futures = append(futures, f)
			if i%2000 == 1999 {
				<-js.PublishAsyncComplete()
			}
		}
		<-js.PublishAsyncComplete()
		for _, f := range futures {
			select {
			case <-f.Ok():
			case err := <-f.Err():
				t.Fatal(err)
			}
		}
		return time.Since(start)
	}
	total := func() int64 {
		var v int64
		_ = st.SQL().QueryRow("SELECT COALESCE(SUM(queries_metered), 0) FROM billing_usage").Scan(&v)
		return v
	}
	waitDrained := func() time.Duration {
		start := time.Now()
		for {
			c, err := js.Consumer(ctx, events.EventsStream, metering.Durable)
			if err == nil {
				info, err := c.Info(ctx)
				if err == nil && info.NumPending == 0 && info.NumAckPending == 0 {
					return time.Since(start)
				}
			}
			if time.Since(start) > 10*time.Minute {
				t.Fatal("metering did not drain in 10 minutes")
			}
			time.Sleep(20 * time.Millisecond)
		}
	}

	pub1 := publish("")
	stop, err := metering.Start(ctx, js, st, benchLog(), metering.Options{Batch: envInt("BATCH", 1000), Fetchers: envInt("FETCHERS", 2)})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	first := waitDrained()
	count1 := total()
	pub2 := publish("again-")
	second := waitDrained()
	count2 := total()

	rate := func(d time.Duration) string { return fmt.Sprintf("%.0f", float64(n)/d.Seconds()) }
	fmt.Printf("| pass | events | published in | counted in | events/s | count after |\n|---|---|---|---|---|---|\n")
	fmt.Printf("| first delivery | %d | %s | %s | %s | %d |\n", n, pub1.Round(time.Millisecond), first.Round(time.Millisecond), rate(first), count1)
	fmt.Printf("| redelivered (same ids) | %d | %s | %s | %s | %d |\n", n, pub2.Round(time.Millisecond), second.Round(time.Millisecond), rate(second), count2)
	if count1 != int64(n) || count2 != int64(n) {
		t.Fatalf("counts %d then %d, want exactly %d", count1, count2, n)
	}
}

func benchLog() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}
