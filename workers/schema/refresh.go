// Package schema is the worker that refreshes data source schemas: introspection can take long
// on large databases, so the API queues it on COMMANDS and answers at once.
package schema

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
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
}

// Start consumes refresh commands until the returned stop is called.
func Start(ctx context.Context, js jetstream.JetStream, svc refresher, log *slog.Logger) (func(), error) {
	c, err := events.Consume(ctx, js, events.ConsumerOptions{
		Stream: events.CommandsStream, Durable: "schema-refresh",
		FilterSubjects: []string{events.CommandSubjectPrefix + sources.RefreshCommand},
		// In-progress heartbeats keep a long refresh on its worker; a dead worker's refresh
		// resumes elsewhere after AckWait.
		AckWait: 30 * time.Second, MaxDeliver: 5, Concurrency: 2,
	}, log, func(ctx context.Context, msg jetstream.Msg) error {
		var cmd events.Command
		if err := json.Unmarshal(msg.Data(), &cmd); err != nil {
			return events.Permanent(fmt.Errorf("decode command: %w", err))
		}
		var req sources.RefreshRequest
		if err := json.Unmarshal(cmd.Data, &req); err != nil {
			return events.Permanent(fmt.Errorf("decode refresh request: %w", err))
		}
		err := svc.Refresh(ctx, cmd.OrganizationID, req.DataSourceID)
		if errors.Is(err, store.ErrNotFound) {
			return nil // deleted meanwhile
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return c.Stop, nil
}
