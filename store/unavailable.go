package store

import (
	"database/sql/driver"
	"errors"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err means the store could not be reached or went away (a
// restart, a failover, a dropped connection) rather than that the request was wrong. The API
// answers such errors 503 with Retry-After, so clients retry instead of treating them as bugs.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown,
		// cannot connect now (the server is starting or stopping).
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	var connectErr *pgconn.ConnectError
	var opErr *net.OpError
	return errors.As(err, &connectErr) || errors.As(err, &opErr) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET)
}
