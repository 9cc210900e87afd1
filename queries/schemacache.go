package queries

import (
	"container/list"
	"context"
	"sync"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
)

// DefaultSchemaCacheSize is how many data sources' decoded schemas a planner keeps.
const DefaultSchemaCacheSize = 256

// schemaCache keeps decoded stored schemas per data source, least recently used first out.
// Decoding a stored schema with its value index costs milliseconds (a large source's JSON is
// over 100 KB), which a question must not pay; an entry is valid only for the schema version it
// was decoded from, and the planner reads the current version on every question, so a refresh
// is seen by the very next one. The schemas are shared: nobody may modify them (the planner
// hands engines a filtered deep copy).
type schemaCache struct {
	mu      sync.Mutex
	max     int
	order   *list.List // of *schemaEntry, most recently used at the front
	entries map[string]*list.Element
}

type schemaEntry struct {
	id      string
	version int64
	schema  *datasource.Schema // nil: the source has no stored schema
}

func newSchemaCache(max int) *schemaCache {
	return &schemaCache{max: max, order: list.New(), entries: map[string]*list.Element{}}
}

// get returns the cached schema of a data source if it was decoded from version.
func (c *schemaCache) get(id string, version int64) (*datasource.Schema, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[id]
	if !ok || el.Value.(*schemaEntry).version != version {
		return nil, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*schemaEntry).schema, true
}

// put remembers a data source's schema of version, unless a newer version is already kept.
func (c *schemaCache) put(id string, version int64, schema *datasource.Schema) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[id]; ok {
		e := el.Value.(*schemaEntry)
		if e.version <= version {
			e.version, e.schema = version, schema
		}
		c.order.MoveToFront(el)
		return
	}
	c.entries[id] = c.order.PushFront(&schemaEntry{id: id, version: version, schema: schema})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.entries, last.Value.(*schemaEntry).id)
	}
}

// storedSchema returns the decoded schema of ds (read without its schema text, see
// store.DataSourceHead), from the cache when ds's schema version is the cached one.
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
