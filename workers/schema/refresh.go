// Package schema is the worker that refreshes data source schemas: introspection can take long
// on large databases, so the API queues it on COMMANDS and answers at once.
package schema

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
)

// refresher is what the worker needs of the data source service.
type refresher interface {
	Refresh(ctx context.Context, orgID, dsID string) error
	FailRefresh(ctx context.Context, orgID string, req sources.RefreshRequest, reason, msg string) error
	RefreshTimeout() time.Duration
}

// Delivery limits. A refresh that waits for its organization's slot is retried every
// busyDelay; after maxDeliver deliveries (waits, crashes or store errors) the refresh is
// recorded as failed and the command acknowledged, so nothing stays pending or is redelivered
// forever.
const (
	maxDeliver  = 20
	busyDelay   = 15 * time.Second
	concurrency = 2
)

// Start consumes refresh commands until the returned stop is called. Each refresh runs within
// the service's refresh timeout; stop cancels refreshes in flight (they are redelivered to
// another process), so a shutdown never waits on a hung data source.
func Start(ctx context.Context, js jetstream.JetStream, svc refresher, log *slog.Logger) (func(), error) {
	stopCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	c, err := events.Consume(ctx, js, events.ConsumerOptions{
		Stream: events.CommandsStream, Durable: "schema-refresh",
		FilterSubjects: []string{events.CommandSubjectPrefix + sources.RefreshCommand},
		// In-progress heartbeats keep a running refresh on its worker (the refresh timeout
		// bounds it); a dead worker's refresh resumes elsewhere after AckWait.
		AckWait: 30 * time.Second, MaxDeliver: maxDeliver, Concurrency: concurrency,
		// A buffered command gets no heartbeat: take one only when a slot is free, or a long
		// refresh ahead of it would let it be handed to a second worker.
		PullWhenIdle: true,
		// Commands waiting for their organization's slot must not starve other organizations'.
		MaxAckPending: concurrency * 32,
	}, log, func(hctx context.Context, msg jetstream.Msg) error {
		cmd, req, err := events.DecodeCommand[sources.RefreshRequest](msg.Data())
		if err != nil {
			return err
		}
		rctx, done := context.WithCancel(hctx)
		defer done()
		stopWatch := context.AfterFunc(stopCtx, done)
		defer stopWatch()

		err = svc.Refresh(rctx, cmd.OrganizationID, req.DataSourceID)
		switch {
		case err == nil, errors.Is(err, store.ErrNotFound):
			return nil // done, or deleted meanwhile
		case stopCtx.Err() != nil:
			return err // shutting down: another process takes it
		}
		if md, mdErr := msg.Metadata(); mdErr == nil && md.NumDelivered >= maxDeliver {
			reason, text := sources.ReasonBusy, ""
			if !errors.Is(err, sources.ErrRefreshBusy) {
				reason, text = "other", "schema refresh failed repeatedly"
			}
			log.Warn("schema refresh given up", "organization_id", cmd.OrganizationID, "data_source_id", req.DataSourceID, "err", err)
			if ferr := svc.FailRefresh(hctx, cmd.OrganizationID, req, reason, text); ferr != nil && !errors.Is(ferr, store.ErrNotFound) {
				return ferr
			}
			return nil
		}
		if errors.Is(err, sources.ErrRefreshBusy) {
			return &events.RetryError{Delay: busyDelay, Err: err}
		}
		return err
	})
	if err != nil {
		cancel()
		return nil, err
	}
	return func() { cancel(); c.Stop() }, nil
}
