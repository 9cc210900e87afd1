package webhook

import (
	"context"
	"sync"
	"time"
)

// batcher is a group commit: handlers submit items and wait, one flusher writes everything that
// queued up in one transaction. Under light load a batch is one item and waits for nothing; under
// heavy load items pile up while the previous flush runs, so batches grow with the load and the
// number of database round trips per item falls. Handlers acknowledge their message only after
// their flush committed, so batching never weakens at-least-once delivery.
type batcher[T any] struct {
	in      chan batchItem[T]
	max     int
	flush   func(ctx context.Context, items []T) error
	wg      sync.WaitGroup
	closeMu sync.Once
}

type batchItem[T any] struct {
	v    T
	done chan error
}

// newBatcher starts flushers goroutines flushing at most max items at a time.
func newBatcher[T any](max, flushers int, flush func(ctx context.Context, items []T) error) *batcher[T] {
	b := &batcher[T]{in: make(chan batchItem[T], max*flushers), max: max, flush: flush}
	for range flushers {
		b.wg.Add(1)
		go b.run()
	}
	return b
}

// submit queues v and waits until it is written (or failed).
func (b *batcher[T]) submit(v T) error {
	done := make(chan error, 1)
	b.in <- batchItem[T]{v: v, done: done}
	return <-done
}

// close stops the flushers after the queued items are written. No submit may follow.
func (b *batcher[T]) close() {
	b.closeMu.Do(func() { close(b.in) })
	b.wg.Wait()
}

func (b *batcher[T]) run() {
	defer b.wg.Done()
	items := make([]T, 0, b.max)
	waiting := make([]chan error, 0, b.max)
	for first := range b.in {
		items, waiting = append(items[:0], first.v), append(waiting[:0], first.done)
	collect:
		for len(items) < b.max {
			select {
			case it, ok := <-b.in:
				if !ok {
					break collect
				}
				items, waiting = append(items, it.v), append(waiting, it.done)
			default:
				break collect
			}
		}
		err := b.flushWithRetry(items)
		for _, w := range waiting {
			w <- err
		}
	}
}

// flushWithRetry retries a failed flush a few times: a deadlock or serialization failure between
// processes is transient, and failing the whole batch would redo every HTTP attempt in it.
func (b *batcher[T]) flushWithRetry(items []T) error {
	var err error
	for try := range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err = b.flush(ctx, items)
		cancel()
		if err == nil {
			return nil
		}
		time.Sleep(time.Duration(try+1) * 50 * time.Millisecond)
	}
	return err
}
