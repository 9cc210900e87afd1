// Package template is the worker that runs template executions (on demand and scheduled) and
// delivers scheduled results: it consumes template.run commands.
package template

import (
	"context"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/templates"
)

// runner is what the worker needs of the templates package.
type runner interface {
	Run(ctx context.Context, orgID, executionID string) error
}

// Options sizes the worker.
type Options struct {
	// Concurrency bounds executions run at once by this process (default 32: most of a run is
	// waiting on the data source and the database).
	Concurrency int
	// AckWait is how long JetStream waits for a sign of life from a run before it hands the run
	// to another process (default 30 s). A running handler sends in-progress heartbeats
	// (events.Consume), so a long run is never taken over while its process lives; a killed
	// worker's runs come back after AckWait instead of after the longest query timeout.
	AckWait time.Duration
}

// Start consumes template run commands until the returned stop is called.
func Start(ctx context.Context, js jetstream.JetStream, r runner, log *slog.Logger, o Options) (func(), error) {
	if o.Concurrency <= 0 {
		o.Concurrency = 32
	}
	if o.AckWait <= 0 {
		o.AckWait = 30 * time.Second
	}
	c, err := events.Consume(ctx, js, events.ConsumerOptions{
		Stream: events.CommandsStream, Durable: "template-runner",
		FilterSubjects: []string{events.CommandSubjectPrefix + templates.RunCommand},
		// Delivery retries wait through NakWithDelay: room for them beside fresh runs. Pull only
		// when a handler is free: a buffered run nobody heartbeats would be redelivered after
		// AckWait and run twice.
		AckWait: o.AckWait, Concurrency: o.Concurrency, MaxAckPending: o.Concurrency * 64, PullWhenIdle: true,
	}, log, func(ctx context.Context, msg jetstream.Msg) error {
		cmd, req, err := events.DecodeCommand[templates.RunRequest](msg.Data())
		if err != nil {
			return err
		}
		return r.Run(ctx, cmd.OrganizationID, req.ExecutionID)
	})
	if err != nil {
		return nil, err
	}
	return c.Stop, nil
}
