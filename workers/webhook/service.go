// Package webhook delivers events to customer webhooks and manages their registrations. It joins
// the domain package webhooks (signing, safe client, retry schedule) with the store and
// JetStream:
//
//   - fan-out: a durable consumer on EVENTS turns each event into one delivery row per enabled,
//     subscribed webhook and, in the same transaction, one commands.webhook.deliver command per
//     new row (outbox);
//   - attempts: a durable consumer on COMMANDS makes the HTTP attempt and, on failure, asks
//     JetStream to redeliver the command after the next delay of the schedule (NakWithDelay), so
//     retries survive restarts of every process;
//   - management: create, update, rotate, test, retry, replay, delivery log and stats, used by
//     the API and the CLI.
package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/netguard"
	"github.com/analytics-agent/service/secretbox"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/webhooks"
)

// AllEvents subscribes a webhook to every event type.
const AllEvents = "*"

// DeliverCommand is the name of the attempt command (subject commands.webhook.deliver).
const DeliverCommand = "webhook.deliver"

// Options wire a Service.
type Options struct {
	Store *store.Store
	Keys  *secretbox.Keys
	JS    jetstream.JetStream
	// NC, when set, carries cache invalidations between processes: a change made by an API
	// process reaches the workers' caches at once instead of after CacheTTL.
	NC  *nats.Conn
	Log *slog.Logger
	// RetryDelays is ANALYTICS_WEBHOOK_RETRY_DELAYS ("1m,5m,15m,1h"); Delays, when set, wins.
	RetryDelays string
	Delays      []time.Duration
	// Timeout is the per-attempt deadline (ANALYTICS_WEBHOOK_TIMEOUT); it also sizes AckWait.
	Timeout time.Duration
	// AllowPrivate accepts http and private targets (ANALYTICS_WEBHOOK_ALLOW_PRIVATE).
	AllowPrivate bool
	// Reserved are the service's own store and broker, never a delivery target.
	Reserved []netguard.Endpoint
	// Client, when nil, is webhooks.NewClient with the options above.
	Client *webhooks.Client
	// CacheTTL bounds how stale a process's view of a webhook may be (default 3 s).
	CacheTTL time.Duration
	// Concurrency is the number of attempts (and fan-outs) in flight per process (default 256).
	Concurrency int
	// Observe, when set, hears every attempt's outcome and latency (metrics): succeeded,
	// retrying, failed, test_succeeded or test_failed.
	Observe func(outcome string, latency time.Duration)
}

// Service manages webhooks and runs their delivery.
type Service struct {
	o     Options
	log   *slog.Logger
	cache *cache
}

// New builds a Service.
func New(o Options) (*Service, error) {
	if o.CacheTTL <= 0 {
		o.CacheTTL = 3 * time.Second
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 256
	}
	if len(o.Delays) == 0 {
		o.Delays = webhooks.DefaultDelays()
		if o.RetryDelays != "" {
			d, err := webhooks.ParseDelays(o.RetryDelays)
			if err != nil {
				return nil, fmt.Errorf("ANALYTICS_WEBHOOK_RETRY_DELAYS: %w", err)
			}
			o.Delays = d
		}
	}
	if o.Timeout <= 0 {
		o.Timeout = webhooks.DefaultTimeout
	}
	if o.Client == nil {
		o.Client = webhooks.NewClient(webhooks.ClientOptions{Timeout: o.Timeout, AllowPrivate: o.AllowPrivate,
			MaxIdleConnsPerHost: o.Concurrency, Reserved: o.Reserved})
	}
	return &Service{o: o, log: o.Log.With("component", "webhooks"), cache: newCache(o.Store, o.Keys, o.CacheTTL)}, nil
}

// invalidateSubject carries the organization ids whose webhooks changed (core NATS, best effort:
// a lost message costs at most CacheTTL of staleness).
const invalidateSubject = "internal.webhooks.changed"

// ValidateURL checks a target URL as registrations need it (https and public unless allowed).
func (s *Service) ValidateURL(raw string) error { return webhooks.ValidateURL(raw, s.o.AllowPrivate) }

// Invalidate drops the cached webhooks of an organization (called for changes made elsewhere).
func (s *Service) Invalidate(orgID string) { s.cache.invalidate(orgID) }

func (s *Service) changed(orgID string) {
	s.cache.invalidate(orgID)
	if s.o.NC != nil {
		if err := s.o.NC.Publish(invalidateSubject, []byte(orgID)); err != nil {
			s.log.Warn("broadcast webhook change", "organization_id", orgID, "err", err)
		}
	}
}

// CreateInput is a new registration; the API has validated it.
type CreateInput struct {
	URL         string
	Events      []string
	Description string
}

// Create registers a webhook and returns it with its secret, which is shown this once.
func (s *Service) Create(ctx context.Context, orgID string, in CreateInput) (*store.Webhook, string, error) {
	secret, err := webhooks.NewSecret()
	if err != nil {
		return nil, "", err
	}
	enc, err := s.o.Keys.Encrypt(secret)
	if err != nil {
		return nil, "", fmt.Errorf("create webhook: %w", err)
	}
	now := time.Now().UTC()
	w := &store.Webhook{ID: ids.New(ids.Webhook), OrganizationID: orgID, URL: in.URL, Events: store.EncodeEventTypes(in.Events),
		Description: in.Description, Enabled: true, SecretEnc: enc, CreatedAt: now, UpdatedAt: now}
	if err := s.o.Store.CreateWebhook(ctx, w); err != nil {
		return nil, "", fmt.Errorf("create webhook: %w", err)
	}
	s.changed(orgID)
	return w, secret, nil
}

// List returns the organization's webhooks.
func (s *Service) List(ctx context.Context, orgID string) ([]store.Webhook, error) {
	return s.o.Store.Webhooks(ctx, orgID)
}

// Get returns one webhook of the organization.
func (s *Service) Get(ctx context.Context, orgID, id string) (*store.Webhook, error) {
	return s.o.Store.Webhook(ctx, orgID, id)
}

// UpdateInput holds the fields a PATCH sets (nil = unchanged).
type UpdateInput struct {
	URL         *string
	Events      []string
	Description *string
	Enabled     *bool
}

// Update changes a webhook. Enabling resets consecutive_failures and disabled_reason, so a
// webhook disabled for failing gets a fresh count.
func (s *Service) Update(ctx context.Context, orgID, id string, in UpdateInput) (*store.Webhook, error) {
	fields := map[string]any{}
	if in.URL != nil {
		fields["url"] = *in.URL
	}
	if in.Events != nil {
		fields["events"] = store.EncodeEventTypes(in.Events)
	}
	if in.Description != nil {
		fields["description"] = *in.Description
	}
	if in.Enabled != nil {
		fields["enabled"] = *in.Enabled
		if *in.Enabled {
			fields["consecutive_failures"] = 0
			fields["disabled_reason"] = ""
		} else {
			fields["disabled_reason"] = "disabled by an administrator"
		}
	}
	if err := s.o.Store.UpdateWebhook(ctx, orgID, id, fields); err != nil {
		return nil, err
	}
	s.changed(orgID)
	return s.o.Store.Webhook(ctx, orgID, id)
}

// Delete removes a webhook and its delivery log. Attempts already scheduled find no webhook and
// are dropped.
func (s *Service) Delete(ctx context.Context, orgID, id string) error {
	if err := s.o.Store.DeleteWebhook(ctx, orgID, id); err != nil {
		return err
	}
	s.changed(orgID)
	return nil
}

// RotateSecret replaces the secret. The previous one keeps signing (beside the new one) for
// webhooks.RotationWindow so receivers can switch without losing deliveries.
func (s *Service) RotateSecret(ctx context.Context, orgID, id string) (string, time.Time, error) {
	w, err := s.o.Store.Webhook(ctx, orgID, id)
	if err != nil {
		return "", time.Time{}, err
	}
	secret, err := webhooks.NewSecret()
	if err != nil {
		return "", time.Time{}, err
	}
	enc, err := s.o.Keys.Encrypt(secret)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("rotate webhook secret: %w", err)
	}
	until := time.Now().UTC().Add(webhooks.RotationWindow)
	if err := s.o.Store.UpdateWebhook(ctx, orgID, id, map[string]any{
		"secret_enc": enc, "previous_secret_enc": w.SecretEnc, "previous_secret_expires_at": until}); err != nil {
		return "", time.Time{}, err
	}
	s.changed(orgID)
	return secret, until, nil
}

// TestResult is the outcome of a test delivery.
type TestResult struct {
	DeliveryID string
	EventID    string
	Attempt    webhooks.Attempt
}

// testData is the data of a webhook.test event.
type testData struct {
	WebhookID string `json:"webhook_id"`
	Message   string `json:"message"`
}

// Test sends a webhook.test event through the delivery client, waits for the outcome and logs it
// like any attempt. It works on disabled webhooks (to check a fix before re-enabling), is not
// retried and does not move the consecutive-failure counter.
func (s *Service) Test(ctx context.Context, orgID, id string) (*TestResult, error) {
	w, err := s.o.Store.Webhook(ctx, orgID, id)
	if err != nil {
		return nil, err
	}
	h, err := toHook(s.o.Keys, w)
	if err != nil {
		return nil, err
	}
	data, _ := json.Marshal(testData{WebhookID: id, Message: "This is a test event from the Analytics Agent Service."})
	now := time.Now().UTC()
	env := events.Envelope{ID: ids.New(ids.Event), Type: events.WebhookTest, CreatedAt: now.Truncate(time.Millisecond), Data: data}
	body, err := json.Marshal(env)
	if err != nil {
		return nil, fmt.Errorf("test webhook: %w", err)
	}
	d := store.WebhookDelivery{ID: ids.New(ids.Delivery), WebhookID: id, OrganizationID: orgID, EventID: env.ID,
		EventType: env.Type, Payload: string(body), Status: store.DeliveryPending, CreatedAt: now, UpdatedAt: now}
	if _, err := s.o.Store.CreateDeliveries(ctx, []store.WebhookDelivery{d}); err != nil {
		return nil, fmt.Errorf("test webhook: %w", err)
	}
	a := s.o.Client.Deliver(ctx, webhooks.Target{URL: h.URL, Secrets: h.secrets(time.Now())}, webhooks.Message{ID: env.ID, Body: body})
	if s.o.Observe != nil {
		s.o.Observe(map[bool]string{true: "test_succeeded", false: "test_failed"}[a.Success], a.Duration)
	}
	status := store.DeliverySucceeded
	if !a.Success {
		status = store.DeliveryFailed
	}
	rec := store.AttemptRecord{Attempt: attemptRow(&d, 1, 0, a), Status: status}
	if _, err := s.o.Store.RecordAttempts(context.WithoutCancel(ctx), []store.AttemptRecord{rec}, webhooks.DisableAfter, ""); err != nil {
		return nil, fmt.Errorf("test webhook: %w", err)
	}
	return &TestResult{DeliveryID: d.ID, EventID: env.ID, Attempt: a}, nil
}

// attemptRow builds the log row of an attempt.
func attemptRow(d *store.WebhookDelivery, attempt, retry int, a webhooks.Attempt) store.WebhookAttempt {
	return store.WebhookAttempt{
		ID: ids.New("att"), DeliveryID: d.ID, WebhookID: d.WebhookID, OrganizationID: d.OrganizationID,
		EventID: d.EventID, EventType: d.EventType, Attempt: attempt, Retry: retry, Success: a.Success,
		StatusCode: a.StatusCode, ResponseTimeMS: int(a.Duration.Milliseconds()), ResponseExcerpt: a.ResponseExcerpt,
		Error: a.Err, CreatedAt: time.Now().UTC(),
	}
}

// RetryDelivery schedules a finished delivery again, with the whole retry schedule, through the
// same command path. A pending delivery is store.ErrConflict (an attempt is already scheduled).
func (s *Service) RetryDelivery(ctx context.Context, orgID, webhookID, deliveryID string) (*store.WebhookDelivery, error) {
	if _, err := s.o.Store.Webhook(ctx, orgID, webhookID); err != nil {
		return nil, err
	}
	d, err := s.o.Store.WebhookDeliveryOf(ctx, orgID, webhookID, deliveryID)
	if err != nil {
		return nil, err
	}
	err = s.o.Store.Tx(ctx, func(tx *store.Store) error {
		if err := tx.RestartDelivery(ctx, orgID, d.ID); err != nil {
			return err
		}
		cmd, err := deliverCommand(d, d.Attempts+1)
		if err != nil {
			return err
		}
		return tx.Emit(ctx, cmd)
	})
	if err != nil {
		return nil, err
	}
	return s.o.Store.WebhookDeliveryOf(ctx, orgID, webhookID, deliveryID)
}

// deliverData is the payload of a commands.webhook.deliver command. Besides the delivery id it
// carries what the attempt needs (webhook, event id and type, the body), so an attempt reads
// nothing from the database; the body travels as a JSON string, which round-trips byte for byte.
type deliverData struct {
	DeliveryID   string `json:"delivery_id"`
	WebhookID    string `json:"webhook_id"`
	EventID      string `json:"event_id"`
	EventType    string `json:"event_type"`
	FirstAttempt int    `json:"first_attempt,omitempty"`
	Body         string `json:"body"`
}

// deliverCommand is the outbox row that schedules the attempts of a delivery.
func deliverCommand(d *store.WebhookDelivery, firstAttempt int) (store.OutboxMessage, error) {
	return events.NewCommand(d.OrganizationID, DeliverCommand, deliverData{
		DeliveryID: d.ID, WebhookID: d.WebhookID, EventID: d.EventID, EventType: d.EventType,
		FirstAttempt: firstAttempt, Body: d.Payload})
}

// DeliveryLog is a page of the delivery log with each delivery's attempts.
type DeliveryLog struct {
	Deliveries []store.WebhookDelivery
	Attempts   map[string][]store.WebhookAttempt
	Total      int64
}

// Deliveries pages the delivery log of a webhook.
func (s *Service) Deliveries(ctx context.Context, orgID, id string, f store.DeliveryFilter) (*DeliveryLog, error) {
	if _, err := s.o.Store.Webhook(ctx, orgID, id); err != nil {
		return nil, err
	}
	ds, total, err := s.o.Store.WebhookDeliveries(ctx, orgID, id, f)
	if err != nil {
		return nil, err
	}
	idsOf := make([]string, 0, len(ds))
	for _, d := range ds {
		idsOf = append(idsOf, d.ID)
	}
	atts, err := s.o.Store.WebhookAttemptsOf(ctx, orgID, idsOf)
	if err != nil {
		return nil, err
	}
	log := &DeliveryLog{Deliveries: ds, Total: total, Attempts: map[string][]store.WebhookAttempt{}}
	for _, a := range atts {
		log.Attempts[a.DeliveryID] = append(log.Attempts[a.DeliveryID], a)
	}
	return log, nil
}

// Stats computes the dashboard figures of a webhook over the window before now.
func (s *Service) Stats(ctx context.Context, orgID, id string, window time.Duration) (*store.WebhookStats, error) {
	if _, err := s.o.Store.Webhook(ctx, orgID, id); err != nil {
		return nil, err
	}
	return s.o.Store.WebhookStatsSince(ctx, orgID, id, time.Now().UTC().Add(-window), 10)
}

// ReplayInput selects the stored events to send again.
type ReplayInput struct {
	Since, Until time.Time
	// Types narrows the replay; empty means every type the webhook is subscribed to.
	Types []string
}

// Replay re-delivers the organization's stored events of the range to one webhook.
func (s *Service) Replay(ctx context.Context, orgID, id string, in ReplayInput) (int, error) {
	w, err := s.o.Store.Webhook(ctx, orgID, id)
	if err != nil {
		return 0, err
	}
	return Replay(ctx, s.o.Store, s.o.JS, w, in)
}

// replayBatch is how many deliveries one replay transaction creates.
const replayBatch = 500

// Replay reads the webhook's organization's events of [Since, Until] from the EVENTS stream and
// queues a new delivery of each to the webhook, with the original event id and body. Only types
// the webhook is subscribed to are sent. Each replay has its own id, so replaying twice sends
// twice, while a crash half-way and a second run of the same replay never would. It is shared
// by the API and `analytics events replay --to-webhook`.
func Replay(ctx context.Context, st *store.Store, js jetstream.JetStream, w *store.Webhook, in ReplayInput) (int, error) {
	subscribed := w.EventTypes()
	types := in.Types
	if len(types) == 0 {
		types = subscribed
	} else if !slices.Contains(subscribed, AllEvents) {
		types = slices.DeleteFunc(slices.Clone(types), func(t string) bool { return !slices.Contains(subscribed, t) })
		if len(types) == 0 {
			return 0, nil
		}
	}
	if slices.Contains(types, AllEvents) {
		types = nil
	}
	replayID := ids.New("rpl")
	queued := 0
	var pending []store.WebhookDelivery
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		err := st.Tx(ctx, func(tx *store.Store) error {
			created, err := tx.CreateDeliveries(ctx, pending)
			if err != nil {
				return err
			}
			msgs := make([]store.OutboxMessage, 0, len(created))
			for i := range created {
				m, err := deliverCommand(&created[i], 1)
				if err != nil {
					return err
				}
				msgs = append(msgs, m)
			}
			queued += len(created)
			return tx.Emit(ctx, msgs...)
		})
		pending = pending[:0]
		return err
	}
	err := events.Replay(ctx, js, events.ReadOptions{Since: in.Since, Until: in.Until, OrgID: w.OrganizationID, Types: types},
		func(ev events.StoredEvent) error {
			now := time.Now().UTC()
			pending = append(pending, store.WebhookDelivery{ID: ids.New(ids.Delivery), WebhookID: w.ID,
				OrganizationID: w.OrganizationID, EventID: ev.Envelope.ID, EventType: ev.Envelope.Type, ReplayID: replayID,
				Payload: string(ev.Raw), Status: store.DeliveryPending, CreatedAt: now, UpdatedAt: now})
			if len(pending) >= replayBatch {
				return flush()
			}
			return nil
		})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return queued, fmt.Errorf("replay to %s: %w", w.ID, err)
	}
	return queued, nil
}
