// Package query is the worker that answers questions: it consumes query commands and runs the
// pipeline (generate, guard, execute, chart, store, events).
package query

import (
	"context"
	"encoding/json"
	"fmt"
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
}

// Start consumes query commands until the returned stop is called.
func Start(ctx context.Context, js jetstream.JetStream, r runner, log *slog.Logger, o Options) (func(), error) {
	if o.Concurrency <= 0 {
		o.Concurrency = 16
	}
	c, err := events.Consume(ctx, js, events.ConsumerOptions{
		Stream: events.CommandsStream, Durable: "query-runner",
		FilterSubjects: []string{events.CommandSubjectPrefix + queries.RunCommand},
		// Longer than the longest statement timeout plus generation: a query still running is
		// not handed to a second worker.
		AckWait: 6 * time.Minute, MaxDeliver: 5, Concurrency: o.Concurrency,
	}, log, func(ctx context.Context, msg jetstream.Msg) error {
		var cmd events.Command
		if err := json.Unmarshal(msg.Data(), &cmd); err != nil {
			return events.Permanent(fmt.Errorf("decode command: %w", err))
		}
		var req queries.RunRequest
		if err := json.Unmarshal(cmd.Data, &req); err != nil {
			return events.Permanent(fmt.Errorf("decode run request: %w", err))
		}
		return r.Run(ctx, cmd.OrganizationID, req.QueryID)
	})
	if err != nil {
		return nil, err
	}
	return c.Stop, nil
}
