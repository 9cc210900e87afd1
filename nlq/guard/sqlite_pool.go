package guard

import (
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/ncruces/go-sqlite3"
)

// maxIdleMirrors bounds the checker connections kept between checks. Each holds a SQLite
// WebAssembly instance (a few MB); a handful covers the schemas a process checks against at once.
const maxIdleMirrors = 8

// mirrorPool keeps idle in-memory SQLite connections that already hold a schema mirror, so a
// check pays neither a new WebAssembly instance nor the CREATE TABLE statements (together most
// of a check's cost). A connection is only ever used to prepare statements, never to run them,
// and every statement is refused by the authorizer unless it reads, so a used connection holds
// exactly the mirror it was built with.
type mirrorPool struct {
	mu   sync.Mutex
	idle []mirrorConn // oldest first
}

type mirrorConn struct {
	key  [sha256.Size]byte
	conn *sqlite3.Conn
}

// sqliteMirrors is the process's pool. Like pgParserMu it guards no data of ours: it only caches
// connections derived from their schema text.
var sqliteMirrors mirrorPool

// get returns a connection holding the mirror ddl describes, reused or new.
func (p *mirrorPool) get(ddl string) (mirrorConn, error) {
	key := sha256.Sum256([]byte(ddl))
	p.mu.Lock()
	for i := len(p.idle) - 1; i >= 0; i-- {
		if p.idle[i].key == key {
			mc := p.idle[i]
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			p.mu.Unlock()
			return mc, nil
		}
	}
	p.mu.Unlock()
	conn, err := sqlite3.Open(":memory:")
	if err != nil {
		return mirrorConn{}, fmt.Errorf("guard: opening sqlite checker: %w", err)
	}
	if err := conn.Exec(ddl); err != nil {
		conn.Close()
		return mirrorConn{}, fmt.Errorf("guard: building sqlite schema mirror: %w", err)
	}
	return mirrorConn{key: key, conn: conn}, nil
}

// put returns a connection for reuse, closing the oldest idle one when the pool is full.
func (p *mirrorPool) put(mc mirrorConn) {
	// The authorizer closes over the finished check's state; drop it before the next user.
	if err := mc.conn.SetAuthorizer(nil); err != nil {
		mc.conn.Close()
		return
	}
	p.mu.Lock()
	var evicted *sqlite3.Conn
	if len(p.idle) >= maxIdleMirrors {
		evicted = p.idle[0].conn
		p.idle = p.idle[1:]
	}
	p.idle = append(p.idle, mc)
	p.mu.Unlock()
	if evicted != nil {
		evicted.Close()
	}
}
