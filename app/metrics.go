package app

import (
	"context"
	"errors"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/metrics"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/tracing"
)

// newMetrics builds the process's registry with the gauges read at scrape time: the outbox
// backlog from the database and the durable consumers' counts from the broker.
func (a *App) newMetrics() *metrics.Metrics {
	m := metrics.New()
	m.WatchState(a.Store.OutboxBacklog, consumersState(a.JS), a.Log.With("component", "metrics"))
	return m
}

// observeQuestion adapts the query runner's report to the registry.
func (a *App) observeQuestion(f queries.Finished) {
	a.Metrics.QuestionFinished(metrics.Question{Engine: f.Engine, Outcome: f.Outcome,
		Generation: f.Generation, Guard: f.Guard, Execution: f.Execution, Total: f.Total})
}

// consumersState lists every durable consumer of the service's streams.
func consumersState(js jetstream.JetStream) metrics.ConsumersState {
	return func(ctx context.Context) ([]metrics.ConsumerState, error) {
		var out []metrics.ConsumerState
		var errs []error
		for _, name := range []string{events.EventsStream, events.CommandsStream} {
			st, err := js.Stream(ctx, name)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			l := st.ListConsumers(ctx)
			for info := range l.Info() {
				if info.Config.Durable == "" {
					continue // ordered consumers of replays and tails come and go
				}
				out = append(out, metrics.ConsumerState{Stream: name, Consumer: info.Name, Pending: info.NumPending,
					AckPending: uint64(info.NumAckPending), Redelivered: uint64(info.NumRedelivered)})
			}
			if err := l.Err(); err != nil {
				errs = append(errs, err)
			}
		}
		return out, errors.Join(errs...)
	}
}

// setupTracing exports spans by OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise spans
// are not recorded, but an incoming trace context is still carried to the workers.
func (a *App) setupTracing(ctx context.Context) error {
	if a.Cfg.OTLPEndpoint == "" {
		return nil
	}
	stop, err := tracing.Setup(ctx, a.Cfg.OTLPEndpoint, "analytics")
	if err != nil {
		return err
	}
	a.stopTracing = stop
	a.Log.Info("exporting traces", "endpoint", a.Cfg.OTLPEndpoint)
	return nil
}
