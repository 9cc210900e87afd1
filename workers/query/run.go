// Package query is the worker that answers questions: it consumes query commands and runs the
// pipeline (generate, guard, execute, chart, store, events).
package query

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/queries"
)

// runner is what the worker needs of the pipeline.
type runner interface {
	Run(ctx context.Context, orgID, queryID string) error
}

// Options sizes the worker.
type Options struct {
	// Concurrency bounds queries run at once by this process (default 16).
	Concurrency int
	// AckWait is how long the queries of a worker that died wait before another worker re-runs
	// them (default 30 s).
	AckWait time.Duration
}

// Start consumes query commands until the returned stop is called.
func Start(ctx context.Context, js jetstream.JetStream, r runner, log *slog.Logger, o Options) (func(), error) {
	if o.Concurrency <= 0 {
		o.Concurrency = 16
	}
	if o.AckWait <= 0 {
		o.AckWait = 30 * time.Second
	}
	c, err := events.Consume(ctx, js, events.ConsumerOptions{
		Stream: events.CommandsStream, Durable: "query-runner",
		FilterSubjects: []string{events.CommandSubjectPrefix + queries.RunCommand},
		// A query still running is kept by in-progress heartbeats (events.Consume), however
		// long it takes; AckWait is how soon the query of a worker that died runs elsewhere.
		// Queries are pulled only when a slot is free: a prefetched one would wait for a slot
		// unheartbeated and, after AckWait, run twice.
		AckWait: o.AckWait, MaxDeliver: 5, Concurrency: o.Concurrency, PullWhenIdle: true,
	}, log, func(ctx context.Context, msg jetstream.Msg) error {
		cmd, req, err := events.DecodeCommand[queries.RunRequest](msg.Data())
		if err != nil {
			return err
		}
		return r.Run(ctx, cmd.OrganizationID, req.QueryID)
	})
	if err != nil {
		return nil, err
	}
	return c.Stop, nil
}
