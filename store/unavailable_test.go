package store

import (
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

func TestUnavailableTellsAnUnreachableStoreFromAWrongRequest(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"not found", ErrNotFound, false},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"admin shutdown", fmt.Errorf("load token: %w", &pgconn.PgError{Code: "57P01"}), true},
		{"cannot connect now", &pgconn.PgError{Code: "57P03"}, true},
		{"connection failure", &pgconn.PgError{Code: "08006"}, true},
		{"refused", fmt.Errorf("query: %w", &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}), true},
		{"reset", fmt.Errorf("query: %w", syscall.ECONNRESET), true},
		{"bad connection", driver.ErrBadConn, true},
		// Too common outside the store to mean it is down.
		{"unexpected EOF", fmt.Errorf("scan: %w", io.ErrUnexpectedEOF), false},
		{"anything else", errors.New("boom"), false},
	}
	for _, c := range cases {
		if got := Unavailable(c.err); got != c.want {
			t.Errorf("%s: Unavailable(%v) = %v, want %v", c.name, c.err, got, c.want)
		}
	}
}
