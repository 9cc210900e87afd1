package datasource

import (
	"context"
	"database/sql"
	"reflect"
	"sync"

	"modernc.org/libc"
	// The C library the glebarez driver is built on (already linked through it), used only to
	// call sqlite3_interrupt. It is not the modernc.org/sqlite driver package and registers no
	// database/sql driver.
	sqlite3 "modernc.org/sqlite/lib"
)

// watchSQLite makes ctx's end interrupt the statement running on conn, and returns a function
// that disarms the watch; call it before using conn for anything else (such as the rollback).
//
// Why: github.com/glebarez/go-sqlite honours the context while a query is prepared but not in
// Rows.Next, where sqlite does the work, so a runaway query ("WITH RECURSIVE ... count(*)")
// would spin forever holding a pooled connection. sqlite3_interrupt is documented as safe to
// call from any thread while the connection is in use. The driver keeps the sqlite3* handle in
// an unexported field; if a driver version ever renames it, watchSQLite degrades to the
// driver's own (partial) context handling.
func watchSQLite(ctx context.Context, conn *sql.Conn) (stop func()) {
	var handle uintptr
	conn.Raw(func(dc any) error {
		v := reflect.ValueOf(dc)
		if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
			return nil
		}
		if f := v.Elem().FieldByName("db"); f.IsValid() && f.Kind() == reflect.Uintptr {
			handle = uintptr(f.Uint())
		}
		return nil
	})
	if handle == 0 {
		return func() {}
	}
	var running sync.WaitGroup
	running.Add(1)
	disarm := context.AfterFunc(ctx, func() {
		defer running.Done()
		tls := libc.NewTLS()
		defer tls.Close()
		sqlite3.Xsqlite3_interrupt(tls, handle)
	})
	return func() {
		if !disarm() {
			// The interrupt started: let it finish so it cannot hit the next statement.
			running.Wait()
		}
	}
}
