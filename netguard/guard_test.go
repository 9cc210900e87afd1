package netguard_test

import (
	"context"
	"errors"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/analytics-agent/service/netguard"
)

// listener accepts connections on a loopback port and closes them.
func listener(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port
}

func TestGuardDialRefusesInternalAddressesUnlessAllowed(t *testing.T) {
	port := strconv.Itoa(listener(t))
	ctx := context.Background()
	for _, addr := range []string{"127.0.0.1:" + port, "localhost:" + port, "[::ffff:127.0.0.1]:" + port} {
		_, err := netguard.New(false).DialFunc(time.Second, "db")(ctx, "tcp", addr)
		if !errors.Is(err, netguard.ErrBlocked) {
			t.Errorf("strict dial %s: err = %v, want ErrBlocked", addr, err)
		}
	}
	c, err := netguard.New(true).DialFunc(time.Second, "db")(ctx, "tcp", "127.0.0.1:"+port)
	if err != nil {
		t.Fatalf("allow-private dial: %v", err)
	}
	c.Close()
	for _, addr := range []string{"169.254.169.254:5432", "[fd00:ec2::254]:5432", "[::ffff:169.254.169.254]:80"} {
		_, err := netguard.New(true).DialFunc(time.Second, "")(ctx, "tcp", addr)
		if !errors.Is(err, netguard.ErrBlocked) {
			t.Errorf("allow-private dial of metadata %s: err = %v, want ErrBlocked", addr, err)
		}
	}
}

func TestGuardRefusesReservedEndpointsEvenWhenPrivateIsAllowed(t *testing.T) {
	port := listener(t)
	p := strconv.Itoa(port)
	ctx := context.Background()
	g := netguard.New(true,
		netguard.Endpoint{Host: "localhost", Port: port, Database: "store"},
	)
	for _, addr := range []string{"127.0.0.1:" + p, "127.0.0.2:" + p, "localhost:" + p, "[::ffff:127.0.0.1]:" + p} {
		_, err := g.DialFunc(time.Second, "STORE")(ctx, "tcp", addr)
		if !errors.Is(err, netguard.ErrBlocked) {
			t.Errorf("dial %s for the store database: err = %v, want ErrBlocked", addr, err)
		}
	}
	if err := g.CheckHost(ctx, "127.0.0.1", port, "store"); !errors.Is(err, netguard.ErrBlocked) {
		t.Errorf("CheckHost: err = %v, want ErrBlocked", err)
	}
	// Another database on the same server is the operator's business once private is allowed.
	c, err := g.DialFunc(time.Second, "tenant_db")(ctx, "tcp", "127.0.0.1:"+p)
	if err != nil {
		t.Fatalf("other database: %v", err)
	}
	c.Close()

	// A broker port is refused whatever the database.
	broker := netguard.New(true, netguard.Endpoint{Host: "0.0.0.0", Port: port})
	if _, err := broker.DialFunc(time.Second, "anything")(ctx, "tcp", "127.0.0.1:"+p); !errors.Is(err, netguard.ErrBlocked) {
		t.Errorf("broker port: err = %v, want ErrBlocked", err)
	}
}

func TestCheckHostRefusesLiteralsAndLocalhost(t *testing.T) {
	g := netguard.New(false)
	for _, h := range []string{"127.0.0.1", "10.1.2.3", "100.64.0.1", "169.254.169.254", "::1", "[::1]", "fd00:ec2::254",
		"::ffff:10.0.0.1", "0.0.0.0", "224.0.0.1", "localhost", "db.localhost"} {
		if err := g.CheckHost(context.Background(), h, 5432, "x"); !errors.Is(err, netguard.ErrBlocked) {
			t.Errorf("CheckHost(%q) = %v, want ErrBlocked", h, err)
		}
	}
	if err := g.CheckHost(context.Background(), "93.184.216.34", 5432, "x"); err != nil {
		t.Errorf("public address refused: %v", err)
	}
}
