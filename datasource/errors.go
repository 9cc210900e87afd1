package datasource

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"strings"
	"syscall"

	sqlite "github.com/glebarez/go-sqlite"
	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/analytics-agent/service/netguard"
)

// Sentinels for query failures, to be tested with errors.Is. Other failures are the driver's
// error, wrapped.
var (
	// ErrTimeout means the statement ran past its timeout (statement_timeout,
	// max_execution_time, or the context deadline).
	ErrTimeout = errors.New("query timed out")
	// ErrUnreachable means no connection could be made: refused, unresolvable, no answer,
	// authentication or database gone.
	ErrUnreachable = errors.New("data source unreachable")
)

// Reasons a connection test fails, in TestResult.Reason.
const (
	ReasonConnectionRefused = "connection_refused"
	ReasonAuthFailed        = "auth_failed"
	ReasonUnknownDatabase   = "unknown_database"
	ReasonTimeout           = "timeout"
	ReasonInvalidConfig     = "invalid_config"
	ReasonAddressNotAllowed = "address_not_allowed"
	ReasonOther             = "other"
)

// MySQL and MariaDB server error numbers this package tells apart.
const (
	myAccessDeniedDB     = 1044 // access denied for user to database
	myAccessDenied       = 1045 // access denied for user (bad password)
	myBadDB              = 1049 // unknown database
	myAccessDeniedNoPass = 1698 // access denied (auth plugin such as unix_socket)
	myNotSupportedAuth   = 1251 // client does not support authentication protocol
	myQueryInterrupted   = 1317 // query execution was interrupted
	myStatementTimeout   = 1969 // MariaDB: max_statement_time exceeded
	myQueryTimeout       = 3024 // MySQL: max_execution_time exceeded
)

// sqlite result codes (primary, low byte).
const (
	sqliteInterrupt = 9
	sqliteCantOpen  = 14
	sqliteNotADB    = 26
)

// classifyConnect turns a failure to connect into a reason and a short message meant for
// people. Messages are fixed sentences around what the tenant configured (host, port, user,
// database, path): they never quote the remote server or the driver, whose text would turn the
// connection test into a port scanner's banner grabber and could carry internal details.
func classifyConnect(ctx context.Context, cfg Config, err error) (reason, msg string) {
	where := fmt.Sprintf("%s:%d", cfg.Host, cfg.port())
	if cfg.Type == SQLite {
		where = fmt.Sprintf("sqlite file %q", cfg.Path)
	}
	var (
		pgErr  *pgconn.PgError
		myErr  *mysql.MySQLError
		sqErr  *sqlite.Error
		dnsErr *net.DNSError
		netErr net.Error
	)
	switch {
	case errors.Is(err, netguard.ErrBlocked):
		return ReasonAddressNotAllowed, fmt.Sprintf("%s is not an allowed destination: loopback, private, link-local and internal addresses are refused", where)
	case errors.Is(err, ErrInvalidConfig), errors.Is(err, ErrPathOutsideDir):
		return ReasonInvalidConfig, err.Error()
	case cfg.Type == SQLite && errors.Is(err, fs.ErrNotExist):
		return ReasonUnknownDatabase, fmt.Sprintf("%s does not exist", where)
	case errors.As(err, &pgErr):
		switch pgErr.Code {
		case "28P01", "28000":
			return ReasonAuthFailed, fmt.Sprintf("authentication failed for user %q on %s", cfg.Username, where)
		case "3D000":
			return ReasonUnknownDatabase, fmt.Sprintf("database %q does not exist on %s", cfg.Database, where)
		}
		return ReasonOther, fmt.Sprintf("%s refused the connection", where)
	case errors.As(err, &myErr):
		switch myErr.Number {
		case myAccessDenied, myAccessDeniedNoPass, myNotSupportedAuth:
			return ReasonAuthFailed, fmt.Sprintf("authentication failed for user %q on %s", cfg.Username, where)
		case myAccessDeniedDB:
			return ReasonAuthFailed, fmt.Sprintf("user %q may not use database %q on %s", cfg.Username, cfg.Database, where)
		case myBadDB:
			return ReasonUnknownDatabase, fmt.Sprintf("database %q does not exist on %s", cfg.Database, where)
		}
		return ReasonOther, fmt.Sprintf("%s refused the connection", where)
	case errors.Is(err, mysql.ErrNativePassword), errors.Is(err, mysql.ErrCleartextPassword), errors.Is(err, mysql.ErrOldPassword):
		return ReasonAuthFailed, fmt.Sprintf("authentication failed for user %q on %s: the server asks for an authentication method this service does not use", cfg.Username, where)
	case errors.As(err, &sqErr):
		switch sqErr.Code() & 0xff {
		case sqliteCantOpen:
			return ReasonUnknownDatabase, fmt.Sprintf("%s cannot be opened", where)
		case sqliteNotADB:
			return ReasonOther, fmt.Sprintf("%s is not a sqlite database", where)
		}
		return ReasonOther, fmt.Sprintf("%s could not be read as a sqlite database", where)
	case errors.Is(err, syscall.ECONNREFUSED):
		return ReasonConnectionRefused, fmt.Sprintf("connection refused by %s: is the server running and accepting TCP connections on that port?", where)
	case errors.As(err, &dnsErr):
		// Not literally refused, but the remedy is the same: check the host.
		return ReasonConnectionRefused, fmt.Sprintf("host %q could not be resolved", cfg.Host)
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return ReasonConnectionRefused, fmt.Sprintf("%s is unreachable from this network", where)
	case isTimeout(ctx, err), errors.As(err, &netErr) && netErr.Timeout():
		return ReasonTimeout, fmt.Sprintf("%s did not answer within %s", where, ConnectTimeout)
	}
	return ReasonOther, fmt.Sprintf("could not connect to %s: the server did not complete a %s login", where, cfg.Type)
}

// Reason returns the Reason* constant of an error from Introspect, Test's classification or
// a query: why a data source operation failed, for callers that record it.
func Reason(err error) string {
	var ce *ConnectError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ce):
		return ce.Reason
	case errors.Is(err, ErrTimeout):
		return ReasonTimeout
	case errors.Is(err, ErrInvalidConfig), errors.Is(err, ErrPathOutsideDir):
		return ReasonInvalidConfig
	}
	return ReasonOther
}

// ConnectError is a failure to get a connection, classified. It matches ErrUnreachable with
// errors.Is; its message is the fixed sentence of classifyConnect.
type ConnectError struct {
	Reason  string
	Message string
}

func (e *ConnectError) Error() string        { return e.Message }
func (e *ConnectError) Is(target error) bool { return target == ErrUnreachable }

// isTimeout reports whether err (or the context it ran under) is a deadline being reached.
func isTimeout(ctx context.Context, err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) ||
		errors.Is(ctx.Err(), context.DeadlineExceeded) ||
		// pgconn reports a connect deadline as "timeout: context deadline exceeded" without
		// always wrapping the context error.
		strings.Contains(err.Error(), "context deadline exceeded")
}

// connectError wraps a failure to get a connection so callers can use errors.Is(err,
// ErrUnreachable) and still read the human message.
func connectError(ctx context.Context, cfg Config, err error) error {
	if errors.Is(ctx.Err(), context.Canceled) {
		return fmt.Errorf("connecting: %w", ctx.Err())
	}
	if errors.Is(err, ErrInvalidConfig) || errors.Is(err, ErrPathOutsideDir) {
		return err
	}
	reason, msg := classifyConnect(ctx, cfg, err)
	return &ConnectError{Reason: reason, Message: ErrUnreachable.Error() + ": " + msg}
}

// queryError classifies a failure of a running statement. parent is the caller's context (whose
// cancellation is not a timeout), ctx the one carrying the query timeout.
func queryError(parent, ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(parent.Err(), context.Canceled) {
		return fmt.Errorf("query canceled: %w", parent.Err())
	}
	var (
		pgErr *pgconn.PgError
		myErr *mysql.MySQLError
		sqErr *sqlite.Error
	)
	switch {
	case errors.As(err, &pgErr) && pgErr.Code == "57014": // query_canceled: statement_timeout
		return fmt.Errorf("%w: %s", ErrTimeout, pgErr.Message)
	case errors.As(err, &myErr) && (myErr.Number == myQueryTimeout || myErr.Number == myStatementTimeout ||
		myErr.Number == myQueryInterrupted):
		return fmt.Errorf("%w: %s", ErrTimeout, myErr.Message)
	case errors.As(err, &sqErr) && sqErr.Code()&0xff == sqliteInterrupt:
		return fmt.Errorf("%w: statement interrupted", ErrTimeout)
	case errors.Is(err, context.DeadlineExceeded), errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Errorf("%w: %w", ErrTimeout, err)
	}
	return fmt.Errorf("query failed: %w", err)
}
