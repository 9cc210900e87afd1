package queries

import (
	"sync"

	"github.com/nats-io/nats.go"
)

// Watcher tells a waiting API request that its query finished, over core NATS. Missing a
// notification is harmless: the request also re-reads the query when its wait ends.
type Watcher struct{ nc *nats.Conn }

// NewWatcher builds a watcher on a NATS connection.
func NewWatcher(nc *nats.Conn) *Watcher { return &Watcher{nc: nc} }

// Watch returns a channel closed when the query is announced done; call stop when finished.
func (w *Watcher) Watch(queryID string) (<-chan struct{}, func(), error) {
	ch := make(chan struct{})
	var once sync.Once
	sub, err := w.nc.Subscribe(DoneSubject(queryID), func(*nats.Msg) { once.Do(func() { close(ch) }) })
	if err != nil {
		return nil, nil, err
	}
	return ch, func() { _ = sub.Unsubscribe() }, nil
}

// Notify announces a finished query.
func (w *Watcher) Notify(queryID string) { _ = w.nc.Publish(DoneSubject(queryID), nil) }
