package agents

import (
	"context"
	"sync"
	"time"

	"github.com/analytics-agent/service/store"
)

// CacheTTL bounds the age of a Cache's copy whatever the access epoch says: it only matters when
// the write of an epoch failed with the database.
const CacheTTL = 5 * time.Second

// cacheSize bounds each map; past it the map starts over.
const cacheSize = 10000

// Cache reads agents and assignments for the question path, where every question read the agent
// and, for analysts, the assignment again. A copy is used only by a request that read the same
// organization access epoch (store.AccessEpoch; the API reads it with the rate limit) as the
// request that made the copy, so a change through any process (an agent deactivated, a table or
// column taken away, an assignment removed) reaches the next question. Handlers that show or
// change an agent read the store.
type Cache struct {
	st       *store.Store
	now      func() time.Time
	mu       sync.Mutex
	agents   map[agentKey]cachedAgent
	assigned map[assignmentKey]cachedAssignment
}

type agentKey struct{ org, id string }

type assignmentKey struct{ org, agent, user string }

type cachedAgent struct {
	a     store.Agent
	epoch int64
	until time.Time
}

type cachedAssignment struct {
	ok    bool
	epoch int64
	until time.Time
}

// NewCache builds a cache over st.
func NewCache(st *store.Store) *Cache {
	return &Cache{st: st, now: time.Now, agents: map[agentKey]cachedAgent{}, assigned: map[assignmentKey]cachedAssignment{}}
}

// Epoch is a Cache seen by a request that read the organization's access epoch before reading
// anything through it.
type Epoch struct {
	c     *Cache
	epoch int64
}

// At returns the cache for a request that read access epoch epoch.
func (c *Cache) At(epoch int64) Epoch { return Epoch{c, epoch} }

// Agent returns a copy of the organization's agent id (store.ErrNotFound when it does not exist
// there).
func (e Epoch) Agent(ctx context.Context, orgID, id string) (*store.Agent, error) {
	c, now, k := e.c, e.c.now(), agentKey{orgID, id}
	c.mu.Lock()
	got, ok := c.agents[k]
	c.mu.Unlock()
	if ok && got.epoch == e.epoch && now.Before(got.until) {
		a := got.a
		return &a, nil
	}
	a, err := c.st.Agent(ctx, orgID, id)
	if err != nil {
		return nil, err
	}
	// Stamped with the epoch read before this read: a change committed in between makes the
	// copy stale for the next request instead of passing unseen.
	c.mu.Lock()
	if len(c.agents) >= cacheSize {
		clear(c.agents)
	}
	c.agents[k] = cachedAgent{a: *a, epoch: e.epoch, until: now.Add(CacheTTL)}
	c.mu.Unlock()
	return a, nil
}

// IsAssigned reports whether the user is assigned to the agent.
func (e Epoch) IsAssigned(ctx context.Context, orgID, agentID, userID string) (bool, error) {
	c, now, k := e.c, e.c.now(), assignmentKey{orgID, agentID, userID}
	c.mu.Lock()
	got, ok := c.assigned[k]
	c.mu.Unlock()
	if ok && got.epoch == e.epoch && now.Before(got.until) {
		return got.ok, nil
	}
	yes, err := c.st.IsAssigned(ctx, orgID, agentID, userID)
	if err != nil {
		return false, err
	}
	c.mu.Lock()
	if len(c.assigned) >= cacheSize {
		clear(c.assigned)
	}
	c.assigned[k] = cachedAssignment{ok: yes, epoch: e.epoch, until: now.Add(CacheTTL)}
	c.mu.Unlock()
	return yes, nil
}
