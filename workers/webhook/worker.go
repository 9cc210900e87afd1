package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.opentelemetry.io/otel/attribute"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/tracing"
	"github.com/analytics-agent/service/webhooks"
)

// Durable consumer names. Every process running the worker shares them.
const (
	FanoutConsumer  = "webhook-fanout"
	DeliverConsumer = "webhook-deliver"
)

// batchMax bounds one group commit.
const batchMax = 256

// Start runs the fan-out and attempt consumers until the returned stop is called; stop waits for
// in-flight attempts and their log writes.
func (s *Service) Start(ctx context.Context) (func(), error) {
	var sub *nats.Subscription
	if s.o.NC != nil {
		var err error
		if sub, err = s.o.NC.Subscribe(invalidateSubject, func(m *nats.Msg) { s.cache.invalidate(string(m.Data)) }); err != nil {
			return nil, fmt.Errorf("subscribe to webhook changes: %w", err)
		}
	}
	fanout := newBatcher(batchMax, 2, s.flushFanout)
	results := newBatcher(batchMax, 2, s.flushResults)
	w := &worker{s: s, fanout: fanout, results: results}
	// AckWait must outlast an attempt (its timeout) plus the wait for its group commit;
	// a crashed process's messages come back after it.
	ackWait := 2*s.o.Timeout + 10*time.Second
	deliver, err := events.Consume(ctx, s.o.JS, events.ConsumerOptions{
		Stream: events.CommandsStream, Durable: DeliverConsumer,
		FilterSubjects: []string{events.CommandSubjectPrefix + "webhook.>"},
		AckWait:        ackWait, Concurrency: s.o.Concurrency,
		// Deliveries waiting out a retry delay stay pending; a large window keeps a few dead
		// endpoints from holding back fresh deliveries.
		MaxAckPending: 20000,
	}, s.log, w.deliver)
	if err != nil {
		cleanup(sub, fanout, results)
		return nil, err
	}
	fan, err := events.Consume(ctx, s.o.JS, events.ConsumerOptions{
		Stream: events.EventsStream, Durable: FanoutConsumer,
		FilterSubjects: []string{events.EventSubjectPrefix + ">"},
		AckWait:        30 * time.Second, Concurrency: s.o.Concurrency,
		DeliverPolicy: jetstream.DeliverAllPolicy,
	}, s.log, w.fanoutEvent)
	if err != nil {
		deliver.Stop()
		cleanup(sub, fanout, results)
		return nil, err
	}
	return func() {
		if sub != nil {
			_ = sub.Unsubscribe()
		}
		fan.Stop()
		deliver.Stop()
		fanout.close()
		results.close()
		s.o.Client.CloseIdleConnections()
	}, nil
}

func cleanup(sub *nats.Subscription, fanout *batcher[fanoutJob], results *batcher[resultJob]) {
	if sub != nil {
		_ = sub.Unsubscribe()
	}
	fanout.close()
	results.close()
}

type worker struct {
	s       *Service
	fanout  *batcher[fanoutJob]
	results *batcher[resultJob]
}

// fanoutJob is one event with the webhooks it goes to.
type fanoutJob struct {
	orgID, eventID, eventType string
	raw                       []byte
	hooks                     []*hook
	redelivered               bool // JetStream delivered the event before: its commands may be unsent
}

// fanoutEvent turns an event into deliveries. Webhooks receive the events that occurred after
// they were created: a new webhook does not inherit the stream's history (replay is there for
// that).
func (w *worker) fanoutEvent(ctx context.Context, msg jetstream.Msg) error {
	orgID, eventType, ok := events.ParseEventSubject(msg.Subject())
	if !ok {
		return nil
	}
	hooks, err := w.s.cache.hooks(ctx, orgID)
	if err != nil {
		return err
	}
	if len(hooks) == 0 {
		return nil
	}
	md, err := msg.Metadata()
	if err != nil {
		return fmt.Errorf("event metadata: %w", err)
	}
	// The stream time is the publish time, which lags the event's own time while the outbox
	// waits; only for webhooks created around then is the envelope's created_at worth decoding.
	occurred := md.Timestamp
	var env *events.Envelope
	for _, h := range hooks {
		if h.Enabled && h.subscribed(eventType) && occurred.Sub(h.CreatedAt) < time.Hour {
			env = &events.Envelope{}
			if err := json.Unmarshal(msg.Data(), env); err == nil && !env.CreatedAt.IsZero() {
				occurred = env.CreatedAt
			}
			break
		}
	}
	var targets []*hook
	for _, h := range hooks {
		if h.Enabled && h.subscribed(eventType) && !occurred.Before(h.CreatedAt.Truncate(time.Millisecond)) {
			targets = append(targets, h)
		}
	}
	if len(targets) == 0 {
		return nil
	}
	eventID := msg.Headers().Get("Nats-Msg-Id")
	if eventID == "" && env != nil {
		eventID = env.ID
	}
	if eventID == "" {
		var e events.Envelope
		if err := json.Unmarshal(msg.Data(), &e); err != nil || e.ID == "" {
			return events.Permanent(fmt.Errorf("event without id on %s: %v", msg.Subject(), err))
		}
		eventID = e.ID
	}
	return w.fanout.submit(fanoutJob{orgID: orgID, eventID: eventID, eventType: eventType, raw: msg.Data(), hooks: targets,
		redelivered: md.NumDelivered > 1})
}

// flushFanout creates the deliveries of a batch of events, then publishes one attempt command
// per new delivery straight to JetStream (Nats-Msg-Id = delivery id) and waits for the acks.
//
// The event message plays the outbox's part here: it is acknowledged only after the commands
// are stored, so a crash in between redelivers the event, and the redelivered event publishes
// again the deliveries that exist but were never attempted. Going around the outbox table keeps
// the relay's work (and the database's) to one row per event instead of one per delivery.
func (s *Service) flushFanout(ctx context.Context, jobs []fanoutJob) error {
	now := time.Now().UTC()
	var rows []store.WebhookDelivery
	var redelivered []string
	for _, j := range jobs {
		if j.redelivered {
			redelivered = append(redelivered, j.eventID)
		}
		for _, h := range j.hooks {
			rows = append(rows, store.WebhookDelivery{ID: ids.New(ids.Delivery), WebhookID: h.ID, OrganizationID: j.orgID,
				EventID: j.eventID, EventType: j.eventType, Payload: string(j.raw), Status: store.DeliveryPending,
				CreatedAt: now, UpdatedAt: now})
		}
	}
	created, err := s.o.Store.CreateDeliveries(ctx, rows)
	if err != nil {
		return err
	}
	if len(created) < len(rows) {
		// Some deliveries existed already: this flush is a retry (flushWithRetry after a failed
		// publish, or a redelivered event) and the ones created by the failed try were never
		// published. Without this, the retry published nothing, succeeded, acked the event and
		// left those deliveries pending for ever (make test-chaos, faults 3 and 5).
		redelivered = redelivered[:0]
		for _, j := range jobs {
			redelivered = append(redelivered, j.eventID)
		}
	}
	if len(redelivered) > 0 {
		unsent, err := s.o.Store.UnsentLiveDeliveries(ctx, redelivered)
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, d := range created {
			seen[d.ID] = true
		}
		for _, d := range unsent {
			if !seen[d.ID] {
				created = append(created, d)
			}
		}
	}
	return s.publishCommands(ctx, created)
}

// publishCommands publishes the first attempt command of each delivery and waits for the acks.
func (s *Service) publishCommands(ctx context.Context, ds []store.WebhookDelivery) error {
	futures := make([]jetstream.PubAckFuture, 0, len(ds))
	for i := range ds {
		m, err := deliverCommand(&ds[i], 1)
		if err != nil {
			return err
		}
		msg := &nats.Msg{Subject: m.Subject, Data: []byte(m.Payload), Header: nats.Header{}}
		msg.Header.Set(events.HeaderOrganization, m.OrganizationID)
		f, err := s.o.JS.PublishMsgAsync(msg, jetstream.WithMsgID(ds[i].ID))
		if err != nil {
			return fmt.Errorf("publish webhook command: %w", err)
		}
		futures = append(futures, f)
	}
	timeout := time.After(10 * time.Second)
	for _, f := range futures {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			return fmt.Errorf("publish webhook command: %w", err)
		case <-timeout:
			return errors.New("publish webhook command: no ack within 10s")
		case <-ctx.Done():
			return fmt.Errorf("publish webhook command: %w", ctx.Err())
		}
	}
	return nil
}

// resultJob is the outcome of one attempt waiting to be logged.
type resultJob struct {
	rec store.AttemptRecord
}

// deliver makes one attempt of a delivery. Attempt n of a command is its n-th delivery by
// JetStream; a failure with retries left returns a RetryError carrying the next delay, which the
// consumer turns into NakWithDelay, so the schedule lives in the broker, not in this process.
func (w *worker) deliver(ctx context.Context, msg jetstream.Msg) error {
	cmd, d, err := events.DecodeCommand[deliverData](msg.Data())
	if err != nil {
		return err
	}
	if cmd.Name != DeliverCommand {
		return events.Permanent(fmt.Errorf("unknown webhook command %q", cmd.Name))
	}
	md, err := msg.Metadata()
	if err != nil {
		return fmt.Errorf("command metadata: %w", err)
	}
	n := max(int(md.NumDelivered), 1) // 1 for the first attempt of this command
	first := max(d.FirstAttempt, 1)
	delivery := &store.WebhookDelivery{ID: d.DeliveryID, WebhookID: d.WebhookID, OrganizationID: cmd.OrganizationID,
		EventID: d.EventID, EventType: d.EventType}
	log := w.s.log.With("organization_id", cmd.OrganizationID, "webhook_id", d.WebhookID, "delivery_id", d.DeliveryID,
		"event_id", d.EventID, "event_type", d.EventType, "attempt", first+n-1)

	h, err := w.s.cache.hook(ctx, cmd.OrganizationID, d.WebhookID)
	if err != nil {
		return err
	}
	if h == nil {
		log.Info("webhook deleted; delivery dropped")
		return nil
	}
	if !h.Enabled {
		// Deliveries queued before the webhook was disabled end here; replay sends them later.
		rec := store.AttemptRecord{Attempt: store.WebhookAttempt{DeliveryID: d.DeliveryID, WebhookID: d.WebhookID,
			Attempt: first + n - 2, Error: "webhook disabled"}, Status: store.DeliveryFailed, Skipped: true}
		return w.results.submit(resultJob{rec: rec})
	}

	dctx, span := tracing.Start(ctx, "webhook.deliver")
	span.SetAttributes(attribute.String("webhook_id", d.WebhookID), attribute.String("event_type", d.EventType), attribute.Int("attempt", first+n-1))
	a := w.s.o.Client.Deliver(dctx, webhooks.Target{URL: h.URL, Secrets: h.secrets(time.Now())},
		webhooks.Message{ID: d.EventID, Body: []byte(d.Body)})
	span.SetAttributes(attribute.Bool("success", a.Success), attribute.Int("http.response.status_code", a.StatusCode))
	span.End()
	rec := store.AttemptRecord{Attempt: attemptRow(delivery, first+n-1, n-1, a), Counts: true}
	delay, retry := webhooks.NextDelay(w.s.o.Delays, n)
	switch {
	case a.Success:
		rec.Status = store.DeliverySucceeded
	case retry:
		rec.Status = store.DeliveryPending
		next := time.Now().UTC().Add(delay)
		rec.NextAttemptAt = &next
	default:
		rec.Status = store.DeliveryFailed
	}
	if err := w.results.submit(resultJob{rec: rec}); err != nil {
		return err
	}
	if w.s.o.Observe != nil {
		w.s.o.Observe(map[string]string{store.DeliverySucceeded: "succeeded", store.DeliveryPending: "retrying", store.DeliveryFailed: "failed"}[rec.Status], a.Duration)
	}
	switch rec.Status {
	case store.DeliveryPending:
		log.Info("webhook attempt failed; retry scheduled", "status_code", a.StatusCode, "err", a.Err, "delay", delay)
		return &events.RetryError{Delay: delay, Err: errors.New(a.Err)}
	case store.DeliveryFailed:
		log.Warn("webhook delivery failed; retries exhausted", "status_code", a.StatusCode, "err", a.Err)
	}
	return nil
}

// disabledReason is written on webhooks disabled for failing.
var disabledReason = fmt.Sprintf("disabled automatically after %d consecutive failed deliveries", webhooks.DisableAfter)

// flushResults logs a batch of attempts and applies the disable rule.
func (s *Service) flushResults(ctx context.Context, jobs []resultJob) error {
	recs := make([]store.AttemptRecord, len(jobs))
	for i, j := range jobs {
		recs[i] = j.rec
	}
	disabled, err := s.o.Store.RecordAttempts(ctx, recs, webhooks.DisableAfter, disabledReason)
	if err != nil {
		return err
	}
	for _, w := range disabled {
		s.log.Warn("webhook disabled", "organization_id", w.OrganizationID, "webhook_id", w.ID,
			"consecutive_failures", w.ConsecutiveFailures)
		s.changed(w.OrganizationID)
	}
	return nil
}
