package app

import (
	"context"
	"fmt"

	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/workers/query"
	"github.com/analytics-agent/service/workers/schema"
)

// worker is one consumer package started by `serve` and `worker`. start returns a function that
// stops it after its in-flight messages.
type worker struct {
	name  string
	start func(ctx context.Context) (stop func(), err error)
}

// workers lists the workers of this process, wired with their dependencies explicitly.
func (a *App) workers() []worker {
	return []worker{
		{"query", func(ctx context.Context) (func(), error) {
			r := queries.NewRunner(a.Store, a.Planner, a.Sources, a.Watcher.Notify)
			return query.Start(ctx, a.JS, r, a.Log.With("worker", "query"), query.Options{})
		}},
		{"webhook", a.Webhooks.Start},
		{"schema", func(ctx context.Context) (func(), error) {
			return schema.Start(ctx, a.JS, a.Sources, a.Log.With("worker", "schema"))
		}},
	}
}

// startWorkers starts every worker; a failure stops the ones already started.
func (a *App) startWorkers(ctx context.Context) error {
	for _, w := range a.workers() {
		stop, err := w.start(ctx)
		if err != nil {
			for i := len(a.stoppers) - 1; i >= 0; i-- {
				a.stoppers[i]()
			}
			return fmt.Errorf("start %s worker: %w", w.name, err)
		}
		a.Log.Info("worker started", "worker", w.name)
		a.stoppers = append(a.stoppers, stop)
	}
	return nil
}
