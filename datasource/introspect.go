package datasource

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// Sampling limits: the language engine wants the values of low-cardinality text columns
// ("Brazil", "Enterprise") to resolve words to filters, but never the contents of big or
// free-text columns.
const (
	MaxSampleValues    = 50        // more distinct values than this: not low-cardinality, no sample
	MaxSampleValueLen  = 100       // longer values (in characters) are left out of a sample
	MaxSampledTableRow = 1_000_000 // tables estimated larger are not sampled
	// countBelowBytes: a table whose row estimate is missing is counted exactly when its data
	// is smaller than this, so a fresh, never-analyzed table still gets a true count cheaply.
	countBelowBytes = 64 << 20
	// perTableQueryTimeout bounds each count or sample query, so one slow table cannot stall
	// a refresh.
	perTableQueryTimeout = 3 * time.Second
)

// introTable is a table being introspected plus what the count and sample pass needs.
type introTable struct {
	Table
	ref      string // quoted, schema-qualified name for SQL
	estimate int64  // engine's row estimate, -1 when unknown
	size     int64  // bytes of data; -1 when unknown (counted), math.MaxInt64 to never count
	text     []int  // indexes of columns whose values may be sampled
	profile  []ColumnProfile
	index    map[int][]string   // value index by column, before the budget
	keyed    map[int]keyedIndex // names reached through a key into a shared lookup, by column
}

// Introspect reads the structure of data source id: tables and views with their columns
// (lower-case types, nullability), primary and foreign keys, approximate row counts
// (RowCount -1 when unknown, as for views) and, for low-cardinality text columns, up to
// MaxSampleValues distinct values. Catalog reads are a handful of batched queries whatever the
// number of tables; counts and samples are per table but bounded in time and size.
//
// Postgres: every schema the user can see except the system ones; tables outside "public" are
// named "schema.table" and carry Schema. MySQL: the configured database. SQLite: the main file.
func (m *Manager) Introspect(ctx context.Context, id string, cfg Config) (*Schema, error) {
	p, err := m.acquire(id, cfg)
	if err != nil {
		return nil, connectError(ctx, cfg, err)
	}
	defer m.release(p)

	conn, err := p.db.Conn(ctx)
	if err != nil {
		return nil, connectError(ctx, cfg, err)
	}
	var (
		tables []*introTable
		dl     dialect
	)
	switch cfg.Type {
	case Postgres:
		tables, err = pgCatalog(ctx, conn)
		dl = pgDialect{}
	case MySQL:
		var maria bool
		if maria, err = p.isMariaDB(ctx, conn); err == nil {
			tables, err = mysqlCatalog(ctx, conn)
			dl = mysqlDialect{maria: maria}
		}
	case SQLite:
		tables, err = sqliteCatalog(ctx, conn)
		dl = sqliteDialect{}
	}
	// The catalog pass is done; give the connection back so the workers can use it.
	conn.Close()
	if err != nil {
		return nil, fmt.Errorf("reading catalog: %w", queryError(ctx, ctx, err))
	}

	// One order for every engine (collations disagree about "_"), so refreshes diff cleanly.
	slices.SortStableFunc(tables, func(a, b *introTable) int { return strings.Compare(a.Name, b.Name) })
	m.countAndSample(ctx, p.db, dl, tables)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("introspection: %w", err)
	}
	applyIndexBudget(tables)
	keyedLabels(ctx, p.db, dl, tables)
	s := &Schema{Tables: make([]Table, len(tables)), RefreshedAt: time.Now().UTC()}
	for i, t := range tables {
		s.Tables[i] = t.Table
		s.Profile = append(s.Profile, t.profiles()...)
	}
	return s, nil
}

// dialect holds what counting and sampling need to know about the SQL flavour.
type dialect interface {
	// bounded wraps a SELECT so the server stops it after perTableQueryTimeout.
	bounded(selectSQL string) string
	// asText renders a quoted column so its values scan as text.
	asText(col string) string
	quote(name string) string
	// watch arms whatever stops a statement on conn when ctx ends; call the result when done.
	watch(ctx context.Context, conn *sql.Conn) (stop func())
}

type pgDialect struct{}

func (pgDialect) bounded(q string) string                 { return q } // the context cancels it server side
func (pgDialect) asText(col string) string                { return col + "::text" }
func (pgDialect) quote(name string) string                { return QuoteIdent(Postgres, name) }
func (pgDialect) watch(context.Context, *sql.Conn) func() { return func() {} }

type sqliteDialect struct{}

func (sqliteDialect) bounded(q string) string  { return q } // in-process: the context interrupts it
func (sqliteDialect) asText(col string) string { return "CAST(" + col + " AS TEXT)" }
func (sqliteDialect) quote(name string) string { return QuoteIdent(SQLite, name) }
func (sqliteDialect) watch(ctx context.Context, conn *sql.Conn) func() {
	return watchSQLite(ctx, conn)
}

// mysqlDialect needs server-side limits: the driver "cancels" by dropping the connection,
// which leaves the statement running on the server.
type mysqlDialect struct{ maria bool }

func (d mysqlDialect) bounded(q string) string {
	secs := int(perTableQueryTimeout / time.Second)
	if d.maria {
		return fmt.Sprintf("SET STATEMENT max_statement_time=%d FOR %s", secs, q)
	}
	return strings.Replace(q, "SELECT ", fmt.Sprintf("SELECT /*+ MAX_EXECUTION_TIME(%d) */ ", secs*1000), 1)
}
func (mysqlDialect) asText(col string) string                { return col }
func (mysqlDialect) quote(name string) string                { return QuoteIdent(MySQL, name) }
func (mysqlDialect) watch(context.Context, *sql.Conn) func() { return func() {} }

// countAndSample fills row counts and sample values with a few workers: enough to overlap round
// trips, few enough to leave the pool (and a small customer database) room for queries.
func (m *Manager) countAndSample(ctx context.Context, db *sql.DB, dl dialect, tables []*introTable) {
	work := make(chan *introTable)
	var wg sync.WaitGroup
	var collected atomic.Int64 // index values collected so far, to bound memory before the budget
	for range min(m.opts.MaxOpenConns, 4) {
		wg.Go(func() {
			for t := range work {
				countTable(ctx, db, dl, t)
				profileTable(ctx, db, dl, t)
				sampleTable(ctx, db, dl, t, &collected)
			}
		})
	}
	for _, t := range tables {
		if ctx.Err() != nil {
			break
		}
		work <- t
	}
	close(work)
	wg.Wait()
}

// countTable sets RowCount from the estimate, or counts exactly when the estimate is missing
// and the table is small enough (or of unknown size, as in sqlite) for count(*) to be cheap.
func countTable(ctx context.Context, db *sql.DB, dl dialect, t *introTable) {
	t.RowCount = t.estimate
	if t.Kind != "table" || t.estimate > 0 || t.size >= countBelowBytes {
		return
	}
	var n int64
	err := boundedQuery(ctx, db, dl, "SELECT count(*) FROM "+t.ref, func(rows *sql.Rows) error {
		return rows.Scan(&n)
	})
	if err == nil {
		t.RowCount = n
	}
	// On failure (timeout, no privilege) the estimate stands: a count is a hint, not a promise.
}

// sampleTable collects distinct values of the table's text columns: a sample when they have at
// most MaxSampleValues, else, for a label-like column (names, titles), the value index when they
// have at most MaxIndexValuesPerCol of mostly short values. Failures leave the column without.
func sampleTable(ctx context.Context, db *sql.DB, dl dialect, t *introTable, collected *atomic.Int64) {
	if t.Kind != "table" || t.RowCount <= 0 || t.RowCount > MaxSampledTableRow {
		return
	}
	for _, i := range t.text {
		if ctx.Err() != nil {
			return
		}
		limit := MaxSampleValues
		label, described := labelLike(t.Columns[i].Name), describedName(t.Columns[i].Name)
		index := (label || described) && collected.Load() < maxCollectedIndexVals
		if i < len(t.profile) && t.profile[i].Distinct > MaxIndexValuesPerCol {
			index = false // the profile already saw too many
		}
		if index {
			limit = MaxIndexValuesPerCol
		}
		col := dl.quote(t.Columns[i].Name)
		q := fmt.Sprintf("SELECT DISTINCT %s FROM %s WHERE %s IS NOT NULL LIMIT %d",
			dl.asText(col), t.ref, col, limit+1)
		var vals []string
		n, chars := 0, 0
		err := boundedQuery(ctx, db, dl, q, func(rows *sql.Rows) error {
			var v string
			if err := rows.Scan(&v); err != nil {
				return err
			}
			n++
			if l := utf8.RuneCountInString(v); l <= MaxSampleValueLen && strings.TrimSpace(v) != "" {
				vals = append(vals, v)
				chars += l
			}
			return nil
		})
		// Too many distinct values: a partial list would mislead more than help.
		if err != nil || n > limit {
			continue
		}
		slices.Sort(vals)
		if n <= MaxSampleValues {
			t.Columns[i].SampleValues = vals
			continue
		}
		maxAvg := maxIndexAvgLen
		if calledName(t.Columns[i].Name) {
			maxAvg = maxNameAvgLen
		}
		if len(vals) > 0 && (label && chars/len(vals) <= maxAvg || described && chars/len(vals) <= maxDescribedAvgLen) {
			if t.index == nil {
				t.index = map[int][]string{}
			}
			t.index[i] = vals
			collected.Add(int64(len(vals)))
		}
	}
}

// boundedQuery runs one catalog-side query under perTableQueryTimeout and calls each per row.
func boundedQuery(ctx context.Context, db *sql.DB, dl dialect, q string, each func(*sql.Rows) error) error {
	qctx, cancel := context.WithTimeout(ctx, perTableQueryTimeout)
	defer cancel()
	conn, err := db.Conn(qctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	stop := dl.watch(qctx, conn)
	defer stop()
	rows, err := conn.QueryContext(qctx, dl.bounded(q))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
