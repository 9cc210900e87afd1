package queries

import (
	"context"
	"sync"
	"time"

	"github.com/analytics-agent/service/store"
)

// Why copies: the planning head (store.PlanningHead: the agent's data source, its semantic
// layer's version, the organization's engine settings, its template count) was the one store
// read left on a question's path, about 0.25 ms of the 2 ms the service adds to a statement at
// 1 client on SQLite. A question that comes with its request's access epoch (store.
// AccessEpochOf; every change to what the head holds moves the epoch) uses a copy read under
// that same epoch; anything else (a question through the broker, a template run) reads the
// store as before.

// headTTL bounds a copy's age whatever the epoch says, as auth's principal copies do: it only
// matters when the write of an epoch failed with the database.
const headTTL = 5 * time.Second

// headCopiesSize bounds the copies; past it they start over.
const headCopiesSize = 10000

type headCopy struct {
	head         store.PlanningHead
	dataSourceID string
	epoch        int64
	until        time.Time
}

// headCopies holds planning heads by agent id.
type headCopies struct {
	mu sync.Mutex
	m  map[string]headCopy
}

func newHeadCopies() *headCopies { return &headCopies{m: map[string]headCopy{}} }

// read returns the planning head of agent a: a copy when ctx carries the organization's access
// epoch and the copy was read under it, else the store's (kept as the copy for that epoch).
func (h *headCopies) read(ctx context.Context, st *store.Store, a *store.Agent) (*store.PlanningHead, error) {
	epoch, ok := store.AccessEpochOf(ctx, a.OrganizationID)
	now := time.Now()
	if ok {
		h.mu.Lock()
		c, found := h.m[a.ID]
		h.mu.Unlock()
		if found && c.epoch == epoch && c.dataSourceID == a.DataSourceID && now.Before(c.until) {
			return c.head.Clone(), nil
		}
	}
	head, err := st.PlanningHead(ctx, a.OrganizationID, a.ID, a.DataSourceID)
	if err != nil || !ok {
		return head, err
	}
	// Read after the request's epoch: if a change came in between, the copy holds the change
	// under the older epoch, and the change's own epoch makes the next request read again.
	h.mu.Lock()
	if len(h.m) >= headCopiesSize {
		clear(h.m)
	}
	h.m[a.ID] = headCopy{head: *head.Clone(), dataSourceID: a.DataSourceID, epoch: epoch, until: now.Add(headTTL)}
	h.mu.Unlock()
	return head, nil
}
