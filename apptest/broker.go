package apptest

import (
	"net"
	"path/filepath"
	"testing"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/analytics-agent/service/events"
)

// Broker is a real JetStream nats-server owned by a test (requiring the credential its URL carries), which it can stop and start again on
// the same address and storage to simulate an outage.
type Broker struct {
	URL      string
	t        testing.TB
	addr     string
	storeDir string
	password string // kept across restarts, so connected clients can reconnect
	srv      *server.Server
}

// StartBroker starts a broker on a free local port; it stops when the test ends.
func StartBroker(t testing.TB) *Broker {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	b := &Broker{t: t, addr: addr, storeDir: filepath.Join(t.TempDir(), "nats"), password: "broker-test-password-0123456789"}
	b.Start()
	t.Cleanup(b.Stop)
	return b
}

// Start (re)starts the broker on its address and storage.
func (b *Broker) Start() {
	b.t.Helper()
	srv, url, err := events.StartEmbedded(events.EmbeddedOptions{StoreDir: b.storeDir, Listen: b.addr, Password: b.password})
	if err != nil {
		b.t.Fatalf("start broker: %v", err)
	}
	b.srv, b.URL = srv, url
}

// Stop shuts the broker down (idempotent).
func (b *Broker) Stop() {
	if b.srv == nil {
		return
	}
	b.srv.Shutdown()
	b.srv.WaitForShutdown()
	b.srv = nil
}
