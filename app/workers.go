package app

import (
	"context"
	"slices"
	"time"

	"github.com/analytics-agent/service/workers/query"
	"github.com/analytics-agent/service/workers/schema"
)

// worker is one consumer package started by `serve` and `worker`. start returns a function that
// stops it after its in-flight messages.
type worker struct {
	name  string
	start func(ctx context.Context) (stop func(), err error)
}

// WorkerNames are the workers a process can run (`analytics worker --only ...`).
var WorkerNames = []string{"query", "schema", "webhook", "template", "schedule", "metering", "billing"}

// workers lists the workers of this process (all, or those of Config.OnlyWorkers), wired with
// their dependencies explicitly.
func (a *App) workers() []worker {
	all := []worker{
		{"query", func(ctx context.Context) (func(), error) {
			return query.Start(ctx, a.JS, a.Runner, a.Log.With("worker", "query"), query.Options{})
		}},
		{"webhook", a.Webhooks.Start},
		{"schema", func(ctx context.Context) (func(), error) {
			return schema.Start(ctx, a.JS, a.Sources, a.Log.With("worker", "schema"))
		}},
		{"template", a.startTemplateWorker},
		{"schedule", a.startScheduleWorker},
	}
	all = append(all, a.billingWorkers()...)
	if len(a.Cfg.OnlyWorkers) == 0 {
		return all
	}
	var out []worker
	for _, w := range all {
		if slices.Contains(a.Cfg.OnlyWorkers, w.name) {
			out = append(out, w)
		}
	}
	return out
}

// runsWorker reports whether this process runs the named worker.
func (a *App) runsWorker(name string) bool {
	return a.role.Workers && (len(a.Cfg.OnlyWorkers) == 0 || slices.Contains(a.Cfg.OnlyWorkers, name))
}

// runWorkers starts every worker, retrying each until it starts: a broker that is down when the
// process starts (or restarting) delays the workers instead of failing the process. It returns
// when all are started or ctx is done.
func (a *App) runWorkers(ctx context.Context) {
	for _, w := range a.workers() {
		for attempt := 0; ; attempt++ {
			stop, err := w.start(ctx)
			if err == nil {
				a.Log.Info("worker started", "worker", w.name)
				a.mu.Lock()
				a.stoppers = append(a.stoppers, stop)
				a.mu.Unlock()
				break
			}
			if attempt%10 == 0 {
				a.Log.Warn("worker not started yet, retrying", "worker", w.name, "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
		}
	}
}

// stopWorkers stops the started workers, newest first, each after its in-flight messages.
func (a *App) stopWorkers() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for i := len(a.stoppers) - 1; i >= 0; i-- {
		a.stoppers[i]()
	}
	a.stoppers = nil
}
