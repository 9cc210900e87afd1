// Package metering is the worker that counts billable usage from EVENTS: finished questions
// (query.completed, query.failed) and template runs (template.executed), per organization and
// billing period, exactly once per event id. It reads in batches and counts a batch in one
// transaction (the new ids and the counter increments commit together), so redelivery, replay
// and several workers never count an event twice.
package metering

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/store"
)

// Durable is the consumer name shared by every process running the worker.
const Durable = "metering"

// kinds maps counted event types to their usage column.
var kinds = map[string]string{
	events.QueryCompleted:   "query",
	events.QueryFailed:      "failed",
	events.TemplateExecuted: "template",
}

// Options tune the worker.
type Options struct {
	// Batch is how many messages one transaction counts (default 1000).
	Batch int
	// Fetchers is how many batches are counted at once (default 2).
	Fetchers int
	// DeliverPolicy of a newly created consumer (default all: everything EVENTS still holds).
	DeliverPolicy jetstream.DeliverPolicy
}

// Start runs the worker until the returned stop is called; stop waits for the batch in hand.
func Start(ctx context.Context, js jetstream.JetStream, st *store.Store, log *slog.Logger, o Options) (func(), error) {
	if o.Batch <= 0 {
		o.Batch = 1000
	}
	if o.Fetchers <= 0 {
		o.Fetchers = 2
	}
	filters := make([]string, 0, len(kinds))
	for t := range kinds {
		filters = append(filters, events.EventFilter("", t))
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, events.EventsStream, jetstream.ConsumerConfig{
		Durable: Durable, AckPolicy: jetstream.AckExplicitPolicy, AckWait: 60 * time.Second,
		MaxDeliver: -1, MaxAckPending: o.Batch * (o.Fetchers + 2) * 2, DeliverPolicy: o.DeliverPolicy,
		FilterSubjects: filters,
	})
	if err != nil {
		return nil, err
	}
	// Consume keeps messages flowing (pipelined pulls); batchers gather what has arrived, up to
	// Batch or 20 ms, and count it in one transaction.
	msgs := make(chan jetstream.Msg, o.Batch*2)
	cc, err := cons.Consume(func(m jetstream.Msg) { msgs <- m }, jetstream.PullMaxMessages(o.Batch*2))
	if err != nil {
		return nil, err
	}
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	for i := 0; i < o.Fetchers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			batcher(runCtx, msgs, st, log, o.Batch)
		}()
	}
	return func() { cc.Stop(); cancel(); wg.Wait() }, nil
}

func batcher(ctx context.Context, in <-chan jetstream.Msg, st *store.Store, log *slog.Logger, size int) {
	for {
		var batch []jetstream.Msg
		select {
		case <-ctx.Done():
			return
		case m := <-in:
			batch = append(batch, m)
		}
		timeout := time.NewTimer(20 * time.Millisecond)
	gather:
		for len(batch) < size {
			select {
			case m := <-in:
				batch = append(batch, m)
			case <-timeout.C:
				break gather
			}
		}
		timeout.Stop()
		// The batch is counted even if a stop arrives meanwhile: its messages are in hand.
		count(context.WithoutCancel(ctx), st, log, batch)
	}
}

// count records one batch and acknowledges it; on a database error it asks for redelivery.
func count(ctx context.Context, st *store.Store, log *slog.Logger, msgs []jetstream.Msg) {
	evs := make([]store.MeteredEvent, 0, len(msgs))
	for _, m := range msgs {
		ev, ok := decode(m)
		if !ok {
			log.Error("metering: undecodable event terminated", "subject", m.Subject())
			_ = m.Term()
			continue
		}
		evs = append(evs, ev)
	}
	if _, err := st.RecordMeteredEvents(ctx, evs); err != nil {
		log.Warn("metering batch failed, will retry", "events", len(evs), "err", err)
		for _, m := range msgs {
			_ = m.NakWithDelay(2 * time.Second)
		}
		return
	}
	for _, m := range msgs {
		if err := m.Ack(); err != nil && !errors.Is(err, jetstream.ErrMsgAlreadyAckd) {
			log.Warn("metering ack failed", "err", err) // redelivered later; counted once anyway
		}
	}
}

// decode reads what metering needs of an event: its id, organization, kind and time.
func decode(m jetstream.Msg) (store.MeteredEvent, bool) {
	org, typ, ok := events.ParseEventSubject(m.Subject())
	if !ok {
		return store.MeteredEvent{}, false
	}
	kind, ok := kinds[typ]
	if !ok {
		return store.MeteredEvent{}, false
	}
	var env struct {
		ID        string    `json:"id"`
		CreatedAt time.Time `json:"created_at"`
	}
	if err := json.Unmarshal(m.Data(), &env); err != nil || env.ID == "" || len(env.ID) > 40 {
		return store.MeteredEvent{}, false
	}
	return store.MeteredEvent{ID: env.ID, OrganizationID: org, Kind: kind, At: env.CreatedAt.UTC()}, true
}
