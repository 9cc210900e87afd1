// Package store owns the service's database: gorm models, versioned migrations for PostgreSQL and
// SQLite, and repositories. Every tenant-owned read and write goes through a method that takes
// the organization id, so tenant scoping happens here, once.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Dialect names the database behind a Store.
type Dialect string

// Supported dialects.
const (
	Postgres Dialect = "postgres"
	SQLite   Dialect = "sqlite"
)

// Sentinel errors that the API maps to its error body.
var (
	ErrNotFound = errors.New("not found")
	ErrConflict = errors.New("conflict")
)

// Store is the gateway to the database.
type Store struct {
	db      *gorm.DB
	dialect Dialect
	// afterCommit is called after a transaction that wrote outbox rows commits, so the relay
	// publishes at once instead of at its next poll.
	afterCommit func()
	// writes admits one SQLite write at a time (nil on PostgreSQL); inTx marks a Store bound to
	// a transaction, which holds the gate already.
	writes writeGate
	inTx   bool
}

// writeGate queues this process's SQLite writers in Go. SQLite allows one writer anyway; without
// the gate, writers that collide wait in SQLite's busy handler, which sleeps 1, 2, 5, 10 ... ms
// between attempts while the lock is held for a fraction of a millisecond, so under load most of
// a question's time went to those sleeps. Other processes on the same file (CLI commands) are
// still serialized by SQLite's own lock and busy timeout.
type writeGate chan struct{}

// gateWait bounds the wait for the gate; past it the writer goes on ungated and SQLite's busy
// timeout decides, as it would without the gate (so a transaction that, by mistake, writes
// through the parent Store does not hang forever).
const gateWait = 10 * time.Second

// lockWrites takes the write gate for a write outside a transaction (or for a transaction) and
// returns its release. It is a no-op on PostgreSQL and inside a transaction.
func (s *Store) lockWrites(ctx context.Context) func() {
	if s.writes == nil || s.inTx {
		return func() {}
	}
	select {
	case s.writes <- struct{}{}:
		return func() { <-s.writes }
	default:
	}
	t := time.NewTimer(gateWait)
	defer t.Stop()
	select {
	case s.writes <- struct{}{}:
		return func() { <-s.writes }
	case <-ctx.Done():
	case <-t.C:
	}
	return func() {}
}

// Open connects to databaseURL (postgres://...) or, when it is empty, to the SQLite file
// sqlitePath, creating its folder.
func Open(ctx context.Context, databaseURL, sqlitePath string) (*Store, error) {
	cfg := &gorm.Config{
		Logger:                                   logger.Discard,
		NowFunc:                                  func() time.Time { return time.Now().UTC() },
		DisableForeignKeyConstraintWhenMigrating: true,
		TranslateError:                           true,
	}
	var (
		db      *gorm.DB
		err     error
		dialect Dialect
	)
	switch {
	case databaseURL != "":
		if !strings.HasPrefix(databaseURL, "postgres://") && !strings.HasPrefix(databaseURL, "postgresql://") {
			return nil, fmt.Errorf("DATABASE_URL must start with postgres:// or postgresql://")
		}
		dialect = Postgres
		db, err = gorm.Open(postgres.Open(databaseURL), cfg)
	default:
		if err := os.MkdirAll(filepath.Dir(sqlitePath), 0o700); err != nil {
			return nil, fmt.Errorf("create data dir: %w", err)
		}
		dialect = SQLite
		connector, cerr := newSQLiteConnector(sqliteDSN(sqlitePath))
		if cerr != nil {
			return nil, fmt.Errorf("open %s database: %w", dialect, cerr)
		}
		// glebarez's dialector only writes SQLite's SQL; the connections are ours (sqlite_conn.go).
		db, err = gorm.Open(sqlite.Dialector{Conn: sql.OpenDB(connector)}, cfg)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s database: %w", dialect, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("open %s database: %w", dialect, err)
	}
	if dialect == SQLite {
		// One writer at a time is what SQLite allows anyway; a small pool avoids lock churn.
		sqlDB.SetMaxOpenConns(4)
	} else {
		sqlDB.SetMaxOpenConns(20)
		sqlDB.SetMaxIdleConns(10)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := sqlDB.PingContext(pingCtx); err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("connect to %s database: %w", dialect, err)
	}
	st := &Store{db: db, dialect: dialect}
	if dialect == SQLite {
		st.writes = make(writeGate, 1)
	}
	return st, nil
}

// Dialect reports which database is behind the store.
func (s *Store) Dialect() Dialect { return s.dialect }

// SQL returns the underlying *sql.DB (for migrations and health checks).
func (s *Store) SQL() *sql.DB {
	d, _ := s.db.DB()
	return d
}

// Ping checks the database answers.
func (s *Store) Ping(ctx context.Context) error {
	return s.SQL().PingContext(ctx)
}

// Close closes the connection pool.
func (s *Store) Close() error { return s.SQL().Close() }

// OnOutboxCommit registers fn to be called after every commit that wrote outbox rows.
func (s *Store) OnOutboxCommit(fn func()) { s.afterCommit = fn }

// Tx runs fn in one database transaction; events emitted through the tx store commit with it.
func (s *Store) Tx(ctx context.Context, fn func(tx *Store) error) error {
	wrote := false
	// The gate is taken before a connection, so a writer never holds a pooled connection while
	// it queues.
	unlock := s.lockWrites(ctx)
	defer unlock()
	err := s.db.WithContext(ctx).Transaction(func(gtx *gorm.DB) error {
		tx := &Store{db: gtx, dialect: s.dialect, writes: s.writes, inTx: true}
		tx.afterCommit = func() { wrote = true }
		return fn(tx)
	})
	if err == nil && wrote && s.afterCommit != nil {
		s.afterCommit()
	}
	return err
}

func (s *Store) ctx(ctx context.Context) *gorm.DB { return s.db.WithContext(ctx) }

// translate maps gorm errors to the store's sentinels.
func translate(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return ErrNotFound
	case errors.Is(err, gorm.ErrDuplicatedKey), isUniqueViolation(err):
		return fmt.Errorf("%w: %v", ErrConflict, err)
	}
	return err
}

func isUniqueViolation(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE constraint failed") || strings.Contains(msg, "SQLSTATE 23505")
}
