// Package schedule is the worker that turns due schedule ticks into template runs. Any number
// of processes may run it: each tick is claimed atomically in the database and its run command
// is deduplicated by schedule id and due time.
package schedule

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// ticker is what the worker needs of templates.Scheduler.
type ticker interface {
	Tick(ctx context.Context) (int, error)
}

// Options tune the worker.
type Options struct {
	// Interval between looks at the schedule table when nothing was due (default 1 s).
	Interval time.Duration
}

// Start polls for due schedules until the returned stop is called. A full batch is followed
// at once by the next, so a burst of due schedules drains at database speed.
func Start(ctx context.Context, s ticker, log *slog.Logger, o Options) (func(), error) {
	if o.Interval <= 0 {
		o.Interval = time.Second
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(o.Interval)
		defer t.Stop()
		for {
			for ctx.Err() == nil {
				n, err := s.Tick(ctx)
				if err != nil {
					if ctx.Err() == nil {
						log.Warn("schedule tick", "err", err)
					}
					break
				}
				if n == 0 {
					break
				}
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() { cancel(); wg.Wait() }, nil
}
