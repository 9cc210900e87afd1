package datasource

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// TestTimeout bounds a whole connection test: dial, login and the version query.
const TestTimeout = 5 * time.Second

// TestResult is the outcome of a connection test, shaped for POST /data-sources/{id}/test.
type TestResult struct {
	Success       bool   `json:"success"`
	LatencyMS     int64  `json:"latency_ms"`
	ServerVersion string `json:"server_version,omitempty"`
	// Error is a message for people; it never contains the password.
	Error string `json:"error,omitempty"`
	// Reason is one of the Reason* constants when Success is false.
	Reason string `json:"reason,omitempty"`
}

// Test connects to cfg with a fresh connection (not the pool: a test must prove the config
// works now, not that an old connection is still alive), asks for the server version and
// classifies any failure. It never takes longer than TestTimeout.
func (m *Manager) Test(ctx context.Context, cfg Config) TestResult {
	ctx, cancel := context.WithTimeout(ctx, TestTimeout)
	defer cancel()
	fail := func(err error) TestResult {
		reason, msg := classifyConnect(ctx, cfg, err)
		return TestResult{Reason: reason, Error: msg}
	}
	if err := cfg.Validate(); err != nil {
		return fail(err)
	}
	db, err := m.open(cfg)
	if err != nil {
		return fail(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	start := time.Now()
	conn, err := db.Conn(ctx)
	if err != nil {
		return fail(err)
	}
	defer conn.Close()
	version, err := serverVersion(ctx, conn, cfg.Type)
	if err != nil {
		return fail(err)
	}
	// Connect plus one round trip: what a first query of a fresh pool costs.
	latency := time.Since(start)
	return TestResult{Success: true, LatencyMS: max(latency.Milliseconds(), 0), ServerVersion: version}
}

// serverVersion asks the server who it is.
func serverVersion(ctx context.Context, conn *sql.Conn, t Type) (string, error) {
	q := "SELECT version()"
	switch t {
	case MySQL:
		q = "SELECT VERSION()"
	case SQLite:
		q = "SELECT sqlite_version()"
	}
	var v string
	if err := conn.QueryRowContext(ctx, q).Scan(&v); err != nil {
		return "", err
	}
	if t == SQLite {
		v = "SQLite " + v
	}
	return strings.TrimSpace(v), nil
}
