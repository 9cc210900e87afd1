// Package netguard decides which network destinations the service may dial on a tenant's behalf
// (webhook receivers, data sources, language model servers). The check runs in the dialer,
// after DNS resolution and once per address actually dialled, so a host name that resolves (or
// is re-pointed, DNS rebinding) to an internal address is caught; checks made when a
// configuration is saved are only a courtesy for a fast, clear error.
package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ErrBlocked reports a destination the service refuses to dial. Messages wrapping it name the
// address the caller gave; they never contain anything the remote side sent.
var ErrBlocked = errors.New("destination address not allowed")

// CheckAddr is a net.Dialer Control guard: address is the literal "ip:port" about to be
// dialled. Only TCP is allowed.
func CheckAddr(network, address string, allowPrivate bool) error {
	if !strings.HasPrefix(network, "tcp") {
		return fmt.Errorf("%w: network %s", ErrBlocked, network)
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: cannot parse %q: %v", ErrBlocked, address, err)
	}
	if reason := BlockedReason(ap.Addr(), allowPrivate); reason != "" {
		return fmt.Errorf("%w: %s is %s", ErrBlocked, ap.Addr(), reason)
	}
	return nil
}

// Endpoint is a destination that is never allowed, whatever AllowPrivate says: the service's
// own store and its broker. Host may be a name (resolved when checked) or an address.
type Endpoint struct {
	Host string
	Port int
	// Database, when set, narrows the rule to connections naming that database
	// (case-insensitive), so tenants may still use other databases of a shared server
	// when private addresses are allowed. Empty refuses the port whatever the database.
	Database string
}

// Guard checks destinations against the address rule and the reserved endpoints. It is safe
// for concurrent use.
type Guard struct {
	allowPrivate bool
	reserved     []Endpoint
	resolver     *net.Resolver

	mu       sync.Mutex
	resolved map[string][]netip.Addr // reserved host -> addresses, refreshed every cacheTTL
	locals   []netip.Addr            // this machine's interface addresses
	at       time.Time
}

// cacheTTL bounds how stale the resolved reserved hosts and local addresses may be.
const cacheTTL = 30 * time.Second

// New returns a Guard. allowPrivate permits loopback, private, link-local, unique-local and
// CGNAT addresses (development and private deployments); cloud metadata addresses and the
// reserved endpoints stay refused regardless.
func New(allowPrivate bool, reserved ...Endpoint) *Guard {
	return &Guard{allowPrivate: allowPrivate, reserved: reserved, resolver: net.DefaultResolver}
}

// AllowPrivate reports whether private addresses are allowed.
func (g *Guard) AllowPrivate() bool { return g.allowPrivate }

// DialFunc returns a dialer for connections that name database (empty when the protocol has
// none). Every address it dials is checked after resolution; timeout bounds the TCP connect.
func (g *Guard) DialFunc(timeout time.Duration, database string) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		g.refresh(ctx)
		d := &net.Dialer{
			Timeout:   timeout,
			KeepAlive: 30 * time.Second,
			Control: func(network, address string, _ syscall.RawConn) error {
				return g.check(network, address, database)
			},
		}
		return d.DialContext(ctx, network, addr)
	}
}

// CheckHost resolves host and checks every address it has, for validation when a
// configuration is saved. A name that does not resolve is not an error here (the connection
// test reports it); the dialer checks again at connect time.
func (g *Guard) CheckHost(ctx context.Context, host string, port int, database string) error {
	g.refresh(ctx)
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	var addrs []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{ip}
	} else {
		if !g.allowPrivate && (host == "localhost" || strings.HasSuffix(host, ".localhost")) {
			return fmt.Errorf("%w: host %s is not public", ErrBlocked, host)
		}
		ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		addrs, _ = g.resolver.LookupNetIP(ctx, "ip", host)
	}
	for _, ip := range addrs {
		if err := g.check("tcp", netip.AddrPortFrom(ip, uint16(port)).String(), database); err != nil {
			return err
		}
	}
	return nil
}

// check is the dial-time rule for one literal "ip:port".
func (g *Guard) check(network, address, database string) error {
	if err := CheckAddr(network, address, g.allowPrivate); err != nil {
		return err
	}
	ap, _ := netip.ParseAddrPort(address) // parsed by CheckAddr
	if g.isReserved(ap, database) {
		return fmt.Errorf("%w: %s is reserved for the service itself", ErrBlocked, address)
	}
	return nil
}

// isReserved reports whether ap reaches one of the reserved endpoints. A reserved endpoint on
// this machine (loopback or one of its interface addresses) is reachable through every local
// address, so any of them with that port counts.
func (g *Guard) isReserved(ap netip.AddrPort, database string) bool {
	ip := ap.Addr().Unmap().WithZone("")
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, ep := range g.reserved {
		if int(ap.Port()) != ep.Port {
			continue
		}
		// A protocol that names no database (HTTP from webhooks and model servers) reaches
		// the server whatever database the endpoint narrows to, so the port is refused.
		if ep.Database != "" && database != "" && !strings.EqualFold(ep.Database, database) {
			continue
		}
		for _, rip := range g.resolved[ep.Host] {
			if rip == ip || (g.isLocal(rip) && g.isLocal(ip)) {
				return true
			}
		}
	}
	return false
}

// isLocal reports whether ip is this machine. The caller holds g.mu.
func (g *Guard) isLocal(ip netip.Addr) bool {
	if ip.IsLoopback() || ip.IsUnspecified() {
		return true
	}
	for _, l := range g.locals {
		if l == ip {
			return true
		}
	}
	return false
}

// refresh re-resolves the reserved hosts and local addresses when the cache is stale. A host
// that fails to resolve keeps its previous addresses: refusing too much is the safe side.
func (g *Guard) refresh(ctx context.Context) {
	g.mu.Lock()
	fresh := !g.at.IsZero() && time.Since(g.at) < cacheTTL
	g.mu.Unlock()
	if fresh || len(g.reserved) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	resolved := map[string][]netip.Addr{}
	for _, ep := range g.reserved {
		if _, done := resolved[ep.Host]; done {
			continue
		}
		host := strings.Trim(ep.Host, "[]")
		if ip, err := netip.ParseAddr(host); err == nil {
			resolved[ep.Host] = []netip.Addr{ip.Unmap().WithZone("")}
			continue
		}
		addrs, err := g.resolver.LookupNetIP(ctx, "ip", host)
		if err != nil {
			continue
		}
		for i := range addrs {
			addrs[i] = addrs[i].Unmap().WithZone("")
		}
		resolved[ep.Host] = addrs
	}
	var locals []netip.Addr
	if ifAddrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range ifAddrs {
			if p, err := netip.ParsePrefix(a.String()); err == nil {
				locals = append(locals, p.Addr().Unmap().WithZone(""))
			}
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.resolved == nil {
		g.resolved = map[string][]netip.Addr{}
	}
	for h, addrs := range resolved {
		g.resolved[h] = addrs
	}
	g.locals = locals
	g.at = time.Now()
}

// ParseHostPort splits "host:port" into an Endpoint with the given database; defPort is used
// when the port is missing.
func ParseHostPort(hostport string, defPort int, database string) (Endpoint, error) {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = hostport, strconv.Itoa(defPort)
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return Endpoint{}, fmt.Errorf("bad port in %q", hostport)
	}
	if host == "" {
		host = "0.0.0.0"
	}
	return Endpoint{Host: host, Port: n, Database: database}, nil
}
