package events

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/tracing"
)

// outbox is what the relay needs of the store.
type outbox interface {
	OutboxBatch(ctx context.Context, limit int, publish func([]store.OutboxMessage) ([]string, map[string]string)) (int, error)
	PruneOutbox(ctx context.Context, before time.Time) error
}

// keepPublished is how long published rows stay in the outbox (for operators' inspection);
// JetStream keeps the events themselves.
const keepPublished = time.Hour

// Relay publishes outbox rows to JetStream with Nats-Msg-Id = the row id, so a row published twice
// (a relay crash between publish and mark) is dropped by the stream's duplicate window.
//
// Watermill's forwarder does the same job, but its SQL pub/sub has no SQLite adapter (our embedded
// default) and needs one publisher per *sql.Tx; a 100-line relay over the outbox table we already
// write through gorm is simpler to reason about.
type Relay struct {
	store    outbox
	js       jetstream.JetStream
	nc       *nats.Conn
	log      *slog.Logger
	wake     chan struct{}
	interval time.Duration
	batch    int
	// ackTimeout bounds the wait for one batch's acks (PublishAckTimeout; tests shorten it).
	ackTimeout time.Duration
}

// NewRelay builds a relay; call Run in a goroutine and Notify after commits.
func NewRelay(st outbox, nc *nats.Conn, js jetstream.JetStream, log *slog.Logger) *Relay {
	return &Relay{store: st, js: js, nc: nc, log: log, wake: make(chan struct{}, 1), interval: 500 * time.Millisecond, batch: 256, ackTimeout: PublishAckTimeout}
}

// Notify asks the relay to look at the outbox now. It never blocks.
func (r *Relay) Notify() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// Run relays until ctx is done. Before returning it makes one last pass so messages committed
// during shutdown are not left waiting for the next start.
func (r *Relay) Run(ctx context.Context) {
	t := time.NewTicker(r.interval)
	defer t.Stop()
	prune := time.NewTicker(10 * time.Minute)
	defer prune.Stop()
	for {
		for r.nc.IsConnected() {
			n, err := r.store.OutboxBatch(context.WithoutCancel(ctx), r.batch, r.publish)
			if err != nil {
				r.log.Warn("outbox relay", "err", err)
				break
			}
			if n < r.batch {
				break
			}
		}
		select {
		case <-ctx.Done():
			flushCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 3*time.Second)
			_, _ = r.store.OutboxBatch(flushCtx, r.batch, r.publish)
			cancel()
			return
		case <-t.C:
		case <-r.wake:
		case <-prune.C:
			if err := r.store.PruneOutbox(ctx, time.Now().UTC().Add(-keepPublished)); err != nil {
				r.log.Warn("outbox prune", "err", err)
			}
		}
	}
}

// publish sends the batch asynchronously and waits for every ack, keeping order within the batch
// irrelevant: consumers never rely on cross-message order.
func (r *Relay) publish(batch []store.OutboxMessage) ([]string, map[string]string) {
	type pending struct {
		id  string
		ack jetstream.PubAckFuture
	}
	futures := make([]pending, 0, len(batch))
	failed := map[string]string{}
	for _, m := range batch {
		msg := &nats.Msg{Subject: m.Subject, Data: []byte(m.Payload), Header: nats.Header{}}
		msg.Header.Set(HeaderOrganization, m.OrganizationID)
		if tp := traceparentOf(m.Payload); tp != "" {
			tracing.InjectNATS(tracing.WithTraceparent(context.Background(), tp), msg.Header)
		}
		f, err := r.js.PublishMsgAsync(msg, jetstream.WithMsgID(m.ID))
		if err != nil {
			failed[m.ID] = err.Error()
			continue
		}
		futures = append(futures, pending{m.ID, f})
	}
	sent := make([]string, 0, len(futures))
	// One deadline for the whole batch that stays expired: a time.After channel fires once, so
	// with two acks lost (a stream leader cut off mid-publish) the second wait never ended, and
	// the relay held its rows locked (FOR UPDATE) for ever — no other relay could send them.
	deadline, cancel := context.WithTimeout(context.Background(), r.ackTimeout)
	defer cancel()
	for _, p := range futures {
		select {
		case <-p.ack.Ok():
			sent = append(sent, p.id)
		case err := <-p.ack.Err():
			failed[p.id] = err.Error()
		case <-deadline.Done():
			failed[p.id] = "publish ack timeout"
		}
	}
	return sent, failed
}

// PublishAckTimeout bounds how long the relay waits for the acks of one batch. The JetStream
// context should also be built with jetstream.WithPublishAsyncTimeout so abandoned futures are
// released by the client instead of counting against its pending limit.
const PublishAckTimeout = 10 * time.Second
