package localcluster

import (
	"io"
	"net"
	"sync"
)

// Link is a loopback TCP proxy that a test can sever and heal: the way to cut a NATS route
// without touching the machine's firewall.
type Link struct {
	ln     net.Listener
	target string

	mu     sync.Mutex
	cut    bool
	conns  map[net.Conn]struct{}
	closed bool
}

// NewLink listens on 127.0.0.1 (a free port) and forwards to target.
func NewLink(target string) (*Link, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	l := &Link{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	go l.accept()
	return l, nil
}

// Addr is the proxy's host:port.
func (l *Link) Addr() string { return l.ln.Addr().String() }

func (l *Link) accept() {
	for {
		c, err := l.ln.Accept()
		if err != nil {
			return
		}
		l.mu.Lock()
		if l.cut || l.closed {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.mu.Unlock()
		go l.forward(c)
	}
}

func (l *Link) forward(c net.Conn) {
	up, err := net.Dial("tcp", l.target)
	if err != nil {
		c.Close()
		return
	}
	l.mu.Lock()
	if l.cut || l.closed {
		l.mu.Unlock()
		c.Close()
		up.Close()
		return
	}
	l.conns[c], l.conns[up] = struct{}{}, struct{}{}
	l.mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(2)
	pipe := func(dst, src net.Conn) {
		defer wg.Done()
		_, _ = io.Copy(dst, src)
		dst.Close()
		src.Close()
	}
	go pipe(up, c)
	go pipe(c, up)
	wg.Wait()
	l.mu.Lock()
	delete(l.conns, c)
	delete(l.conns, up)
	l.mu.Unlock()
}

// Sever closes every open connection and refuses new ones until Heal.
func (l *Link) Sever() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cut = true
	for c := range l.conns {
		c.Close()
	}
}

// Heal lets connections through again.
func (l *Link) Heal() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.cut = false
}

// Close stops the proxy.
func (l *Link) Close() {
	l.mu.Lock()
	l.closed = true
	for c := range l.conns {
		c.Close()
	}
	l.mu.Unlock()
	l.ln.Close()
}
