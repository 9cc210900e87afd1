package localcluster

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"syscall"
	"time"
)

// maxBufferedBody bounds the request body the balancer keeps to retry on another API; the API's
// own body limit is smaller.
const maxBufferedBody = 4 << 20

// Balancer is a round-robin reverse proxy over the APIs, like the load balancer in front of the
// compose or Kubernetes deployment: it sends traffic to APIs whose /readyz answers 200; when none
// is ready (e.g. the broker is down everywhere) it fails open to the live ones (/healthz), because
// an API without its broker still accepts work into the outbox. A request that could not be
// connected to one API is retried on the next; one that reached an API is never retried.
type Balancer struct {
	backends  []*backend
	next      atomic.Uint64
	transport *http.Transport
	log       *slog.Logger
}

type backend struct {
	url         *url.URL
	ready, live atomic.Bool
}

// NewBalancer balances over the given base URLs (http://127.0.0.1:18081, ...).
func NewBalancer(targets []string, log *slog.Logger) (*Balancer, error) {
	b := &Balancer{log: log, transport: &http.Transport{
		DialContext:         (&net.Dialer{Timeout: 2 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second,
	}}
	for _, t := range targets {
		u, err := url.Parse(t)
		if err != nil {
			return nil, err
		}
		be := &backend{url: u}
		be.live.Store(true)
		b.backends = append(b.backends, be)
	}
	return b, nil
}

// Run checks the APIs' health every interval until ctx is done.
func (b *Balancer) Run(ctx context.Context, interval time.Duration) {
	client := &http.Client{Timeout: 2 * time.Second, Transport: b.transport}
	probe := func(be *backend, path string) bool {
		resp, err := client.Get(be.url.String() + path)
		if err != nil {
			return false
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}
	for {
		for _, be := range b.backends {
			ready := probe(be, "/readyz")
			live := ready || probe(be, "/healthz")
			if be.ready.Swap(ready) != ready {
				b.log.Info("backend readiness changed", "backend", be.url.String(), "ready", ready)
			}
			be.live.Store(live)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(interval):
		}
	}
}

// order is the backends to try for one request: ready ones first (round-robin), then live ones,
// then the rest.
func (b *Balancer) order() []*backend {
	n := len(b.backends)
	start := int(b.next.Add(1)) % n
	var ready, live, rest []*backend
	for i := 0; i < n; i++ {
		be := b.backends[(start+i)%n]
		switch {
		case be.ready.Load():
			ready = append(ready, be)
		case be.live.Load():
			live = append(live, be)
		default:
			rest = append(rest, be)
		}
	}
	return append(append(ready, live...), rest...)
}

func (b *Balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBufferedBody+1))
	if err != nil || len(body) > maxBufferedBody {
		writeError(w, http.StatusRequestEntityTooLarge, "payload_too_large", "request body too large for the load balancer")
		return
	}
	order := b.order()
	for i, be := range order {
		retry := false
		last := i == len(order)-1
		p := &httputil.ReverseProxy{
			Rewrite:   func(pr *httputil.ProxyRequest) { pr.SetURL(be.url); pr.SetXForwarded() },
			Transport: b.transport,
			ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
				if notConnected(err) && !last {
					retry = true
					return
				}
				b.log.Warn("backend error", "backend", be.url.String(), "err", err)
				writeError(w, http.StatusBadGateway, "bad_gateway", "no API instance answered")
			},
		}
		req := r.Clone(r.Context())
		req.Body = io.NopCloser(bytes.NewReader(body))
		req.ContentLength = int64(len(body))
		p.ServeHTTP(w, req)
		if !retry {
			return
		}
		be.live.Store(false)
		be.ready.Store(false)
	}
}

// notConnected reports an error that happened before the request reached the API, so sending it
// to another one cannot run it twice.
func notConnected(err error) bool {
	var op *net.OpError
	return errors.Is(err, syscall.ECONNREFUSED) || (errors.As(err, &op) && op.Op == "dial")
}

func writeError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"code": code, "message": msg, "details": map[string]any{}}})
}
