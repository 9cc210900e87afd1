package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"net/url"
	"reflect"
	"time"

	ncdriver "github.com/ncruces/go-sqlite3/driver"
	_ "github.com/ncruces/go-sqlite3/embed" // the SQLite build the driver runs
)

// Why a driver of our own around SQLite: gorm sends every statement as text, and the
// database/sql driver compiled it anew each time (sqlite3_prepare), which cost about as much as
// running it: 0.76 ms of a question's 8 ms of CPU went to parsing the same dozen statements.
// Each connection here keeps its compiled statements by text and only binds and steps them.
// gorm's own PrepareStmt cache is not used because it prepares on the pool, not on the
// connection of a running transaction, and so waits for a second connection (a deadlock on a
// small pool under load).

// sqliteTimeLayout is how times are written: the layout this store has always written
// (sortable text, so comparisons and ORDER BY in SQL stay right on existing files).
const sqliteTimeLayout = "2006-01-02 15:04:05.999999999-07:00"

// stmtCacheSize bounds the compiled statements kept per connection; the service's hot path
// uses a few dozen distinct texts, gorm's IN lists of varying length add more.
const stmtCacheSize = 256

// sqliteDSN is the connection string for the SQLite file at path with the store's settings.
func sqliteDSN(path string) string {
	q := url.Values{}
	// WAL lets readers run while the single writer commits; busy_timeout makes concurrent
	// writers wait instead of failing with SQLITE_BUSY; IMMEDIATE transactions take the write
	// lock at BEGIN, so two writers never deadlock upgrading a read lock.
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	// Read times in any of SQLite's formats; writes are formatted in CheckNamedValue.
	q.Set("_timefmt", "sqlite")
	return (&url.URL{Scheme: "file", OmitHost: true, Path: path, RawQuery: q.Encode()}).String()
}

// newSQLiteConnector opens connections to dsn that keep their compiled statements.
func newSQLiteConnector(dsn string) (driver.Connector, error) {
	c, err := (&ncdriver.SQLite{}).OpenConnector(dsn)
	if err != nil {
		return nil, err
	}
	return stmtCachingConnector{Connector: c}, nil
}

type stmtCachingConnector struct{ driver.Connector }

func (c stmtCachingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	inner, ok := conn.(sqliteDriverConn)
	if !ok {
		_ = conn.Close()
		return nil, errors.New("sqlite driver connection lacks context methods")
	}
	return &cachingConn{sqliteDriverConn: inner, stmts: map[string]*cachedStmt{}}, nil
}

// sqliteDriverConn is what the wrapped connection must offer.
type sqliteDriverConn interface {
	driver.Conn
	driver.ConnPrepareContext
	driver.ConnBeginTx
	driver.ExecerContext
}

// cachingConn is one SQLite connection with its compiled statements. database/sql uses a
// connection from one goroutine at a time, so it needs no lock.
type cachingConn struct {
	sqliteDriverConn
	stmts map[string]*cachedStmt
	tick  uint64
}

type cachedStmt struct {
	stmt    driver.Stmt
	busy    bool // rows of it are open
	lastUse uint64
}

// CheckNamedValue converts arguments as database/sql would, and writes every time (also one
// reached through a pointer) in the store's layout: the driver's own format would drop the
// fraction and the zone, and comparisons in SQL are on the text.
func (c *cachingConn) CheckNamedValue(nv *driver.NamedValue) error {
	v := nv.Value
	switch v.(type) {
	case bool, int, int64, float64, string, []byte, nil:
		return nil
	case time.Time:
	default:
		cv, err := driver.DefaultParameterConverter.ConvertValue(v)
		if err != nil {
			return err
		}
		v = cv
	}
	if t, ok := v.(time.Time); ok {
		v = t.Format(sqliteTimeLayout)
	}
	nv.Value = v
	return nil
}

// statement returns the compiled statement for query and whether it is cached (an uncached one
// is the caller's to close: the cached one is in use by open rows).
func (c *cachingConn) statement(ctx context.Context, query string) (*cachedStmt, bool, error) {
	c.tick++
	if s, ok := c.stmts[query]; ok && !s.busy {
		s.lastUse = c.tick
		return s, true, nil
	}
	st, err := c.PrepareContext(ctx, query)
	if err != nil {
		return nil, false, err
	}
	s := &cachedStmt{stmt: st, lastUse: c.tick}
	if _, taken := c.stmts[query]; taken {
		return s, false, nil
	}
	if len(c.stmts) >= stmtCacheSize {
		c.evict()
	}
	c.stmts[query] = s
	return s, true, nil
}

// evict closes the least recently used statement that no rows hold.
func (c *cachingConn) evict() {
	var oldest string
	var found *cachedStmt
	for q, s := range c.stmts {
		if !s.busy && (found == nil || s.lastUse < found.lastUse) {
			oldest, found = q, s
		}
	}
	if found != nil {
		delete(c.stmts, oldest)
		_ = found.stmt.Close()
	}
}

// ExecContext runs a statement with arguments from the cache; one without arguments (a script,
// a pragma, BEGIN) goes to the driver as text.
func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if len(args) == 0 {
		return c.sqliteDriverConn.ExecContext(ctx, query, args)
	}
	s, cached, err := c.statement(ctx, query)
	if err != nil {
		return nil, err
	}
	if !cached {
		defer s.stmt.Close()
	}
	return s.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
}

// QueryContext runs a query from the cache; the statement stays busy until its rows close.
func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, cached, err := c.statement(ctx, query)
	if err != nil {
		return nil, err
	}
	rows, err := s.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		if !cached {
			_ = s.stmt.Close()
		}
		return nil, err
	}
	s.busy = true
	return &cachedRows{Rows: rows, s: s, owned: !cached}, nil
}

// Close finalizes the cached statements, then the connection.
func (c *cachingConn) Close() error {
	for q, s := range c.stmts {
		_ = s.stmt.Close()
		delete(c.stmts, q)
	}
	return c.sqliteDriverConn.Close()
}

type cachedRows struct {
	driver.Rows
	s     *cachedStmt
	owned bool
}

func (r *cachedRows) Close() error {
	err := r.Rows.Close()
	r.s.busy = false
	if r.owned {
		err = errors.Join(err, r.s.stmt.Close())
	}
	return err
}

// The column-type methods pass through: gorm reads them when it scans into maps.

func (r *cachedRows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

func (r *cachedRows) ColumnTypeNullable(i int) (nullable, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeNullable); ok {
		return t.ColumnTypeNullable(i)
	}
	return false, false
}

func (r *cachedRows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeFor[any]()
}
