package queries

import (
	"container/list"
	"context"
	"errors"
	"sync"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
	"github.com/analytics-agent/service/nlq/guard"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
)

// DefaultSchemaCacheSize is how many data sources' decoded schemas a planner keeps.
const DefaultSchemaCacheSize = 256

// versionCache keeps decoded values per id and version, least recently used first out.
// Decoding a stored schema with its value index costs milliseconds (a large source's JSON is
// over 100 KB), which a question must not pay; an entry is valid only for the schema version it
// was decoded from, and the planner reads the current version on every question, so a refresh
// is seen by the very next one. The schemas are shared: nobody may modify them (the planner
// hands engines a filtered deep copy). The same holds for agents' semantic layers.
type versionCache[T any] struct {
	mu      sync.Mutex
	max     int
	order   *list.List // of *versionEntry[T], most recently used at the front
	entries map[string]*list.Element
}

type versionEntry[T any] struct {
	id      string
	version int64
	value   T
}

func newVersionCache[T any](max int) *versionCache[T] {
	return &versionCache[T]{max: max, order: list.New(), entries: map[string]*list.Element{}}
}

// get returns the cached value of id if it was decoded from version.
func (c *versionCache[T]) get(id string, version int64) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[id]
	if !ok || el.Value.(*versionEntry[T]).version != version {
		var zero T
		return zero, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*versionEntry[T]).value, true
}

// put remembers the value of id at version, unless a newer version is already kept.
func (c *versionCache[T]) put(id string, version int64, value T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[id]; ok {
		e := el.Value.(*versionEntry[T])
		if e.version <= version {
			e.version, e.value = version, value
		}
		c.order.MoveToFront(el)
		return
	}
	c.entries[id] = c.order.PushFront(&versionEntry[T]{id: id, version: version, value: value})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.entries, last.Value.(*versionEntry[T]).id)
	}
}

// storedSchema returns the decoded schema of ds (read without its schema text, see
// store.PlanningHead), from the cache when ds's schema version is the cached one.
func (p *Planner) storedSchema(ctx context.Context, ds *store.DataSource) (*datasource.Schema, error) {
	if sc, ok := p.schemas.get(ds.ID, ds.SchemaVersion); ok {
		return sc, nil
	}
	raw, version, err := p.st.DataSourceSchema(ctx, ds.OrganizationID, ds.ID)
	if err != nil {
		return nil, err
	}
	// The text may be newer than ds if a refresh committed in between: it is then the one to
	// use, and it is kept under its own version.
	sc, err := sources.Schema(&store.DataSource{SchemaJSON: raw})
	if err != nil {
		return nil, err
	}
	p.schemas.put(ds.ID, version, sc)
	return sc, nil
}

// agentSemantics is LoadSemantics through the planner's cache: the layer's version comes with
// the planning head of every question, its definition is read only when the cached copy is of
// another version. The result is shared and read-only.
func (p *Planner) agentSemantics(ctx context.Context, a *store.Agent, head *store.PlanningHead) (*StoredSemantics, error) {
	if !head.HasSemantics {
		return &StoredSemantics{Semantics: &nlq.Semantics{}}, nil
	}
	if sem, ok := p.semantics.get(a.ID, head.SemanticsVersion); ok {
		return sem, nil
	}
	row, err := p.st.AgentSemantics(ctx, a.OrganizationID, a.ID)
	if errors.Is(err, store.ErrNotFound) {
		return &StoredSemantics{Semantics: &nlq.Semantics{}}, nil
	}
	if err != nil {
		return nil, err
	}
	sem, err := storedSemantics(row)
	if err != nil {
		return nil, err
	}
	p.semantics.put(a.ID, row.Version, sem)
	return sem, nil
}

// agentView is what an agent may see of its data source's schema: its guard permissions and the
// schema filtered by them. Filtering walks every table and column, which on a wide schema costs
// more than answering, so the view is kept until the schema or the agent's permissions change.
type agentView struct {
	schema        *datasource.Schema // the cached schema it was filtered from (one per version)
	tables, perms string             // the agent's stored allowed_tables and column_permissions
	guard         guard.Permissions
	permitted     *datasource.Schema
	// answers are the offline engine's guarded answers over this view.
	answers answerCache
}

func (p *Planner) agentView(a *store.Agent, ds *store.DataSource, schema *datasource.Schema, tables []string, perms agents.ColumnPermissions) *agentView {
	if v, ok := p.views.get(a.ID, ds.SchemaVersion); ok && v.schema == schema && v.tables == a.AllowedTables && v.perms == a.ColumnPermissions {
		return v
	}
	gp := agents.GuardPermissions(tables, perms)
	v := &agentView{schema: schema, tables: a.AllowedTables, perms: a.ColumnPermissions, guard: gp, permitted: gp.FilterSchema(schema)}
	p.views.put(a.ID, ds.SchemaVersion, v)
	return v
}

// answerKey is what, besides the agent's view of the schema, decides the offline engine's SQL:
// the question, the dialect, the semantic layer's version (-1 without one) and the day that
// relative dates are read against.
type answerKey struct {
	question, dialect, day string
	semantics              int64
}

// cachedAnswer is a generated answer that passed the guard.
type cachedAnswer struct {
	sql, explanation string
	tables, columns  []string
}

// maxAnswersPerView bounds the answers one view keeps; past it the view starts over.
const maxAnswersPerView = 512

// answerCache keeps the offline engine's guarded answers of one agent view. The engine is
// deterministic given the view and the key, so a question asked again (a dashboard refreshed,
// the same question from several people) skips generation and the guard, and only executes.
// It lives in the view, so a new schema version or a change of the agent's tables or column
// rules starts from nothing. Refusals are not kept: they are cheap and carry suggestions.
type answerCache struct {
	mu sync.Mutex
	m  map[answerKey]cachedAnswer
}

func (c *answerCache) get(k answerKey) (cachedAnswer, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	a, ok := c.m[k]
	return a, ok
}

func (c *answerCache) put(k answerKey, a cachedAnswer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxAnswersPerView {
		c.m = map[answerKey]cachedAnswer{}
	}
	c.m[k] = a
}
