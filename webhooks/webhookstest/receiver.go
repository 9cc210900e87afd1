// Package webhookstest provides a webhook receiver for tests: an httptest server that verifies
// signatures the way a customer would (independently of the webhooks package's signer), records
// what it receives, and can be told to fail, to be slow, or to go down and come back on the same
// address.
package webhookstest

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// DefaultTolerance is the accepted clock skew of webhook-timestamp, as in the Standard Webhooks
// reference libraries.
const DefaultTolerance = 5 * time.Minute

// maxBody bounds what the receiver reads; the service's events are far smaller.
const maxBody = 1 << 20

// Request is one request the receiver saw, whether or not it was accepted.
type Request struct {
	// ID is the webhook-id header (the event id).
	ID string
	// Type is the "type" field of the JSON envelope, if the body parsed.
	Type string
	// Timestamp is the webhook-timestamp header.
	Timestamp time.Time
	// Body is the raw body exactly as received.
	Body []byte
	// Header holds all request headers.
	Header http.Header
	// ReceivedAt is when the request arrived.
	ReceivedAt time.Time
	// Verified is true when both signature schemes checked out.
	Verified bool
	// VerifyErr says why verification failed; empty when Verified.
	VerifyErr string
	// Status is what the receiver answered (0 if the client went away first).
	Status int
}

// Accepted reports whether the request counts as a delivered event: verified and answered 200.
func (r Request) Accepted() bool { return r.Verified && r.Status == http.StatusOK }

// Envelope decodes the body as the service's event envelope.
func (r Request) Envelope() (Envelope, error) {
	var e Envelope
	if err := json.Unmarshal(r.Body, &e); err != nil {
		return e, fmt.Errorf("decode envelope: %w", err)
	}
	return e, nil
}

// Envelope is the documented event body.
type Envelope struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

// Receiver is a webhook endpoint for tests. All methods are safe for concurrent use.
type Receiver struct {
	addr string // host:port, fixed for the receiver's life so Up reuses it

	mu        sync.Mutex
	srv       *httptest.Server // nil while down
	secrets   []string
	tolerance time.Duration
	status    int // answer for verified requests; 0 means 200
	failNext  int // number of upcoming verified requests answered with failStatus
	failCode  int
	delay     time.Duration
	inFlight  int
	requests  []Request
	changed   chan struct{} // closed and replaced on every new request
}

// NewReceiver starts a receiver on 127.0.0.1 that accepts signatures made with any of secrets
// and closes it when the test ends. Targets are plain http, so the sender needs AllowPrivate.
func NewReceiver(tb testing.TB, secrets ...string) *Receiver {
	tb.Helper()
	r, err := Start(secrets...)
	if err != nil {
		tb.Fatalf("webhookstest: %v", err)
	}
	tb.Cleanup(r.Close)
	return r
}

// Start is NewReceiver without a testing.TB; the caller must Close the receiver.
func Start(secrets ...string) (*Receiver, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listen: %w", err)
	}
	r := &Receiver{
		addr:      l.Addr().String(),
		secrets:   slices.Clone(secrets),
		tolerance: DefaultTolerance,
		changed:   make(chan struct{}),
	}
	r.serve(l)
	return r, nil
}

func (r *Receiver) serve(l net.Listener) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(r.handle))
	srv.Listener.Close() // replace the listener httptest opened with ours (fixed address)
	srv.Listener = l
	srv.Start()
	r.srv = srv
}

// URL is the receiver's base URL, e.g. http://127.0.0.1:41234. Any path is accepted.
func (r *Receiver) URL() string { return "http://" + r.addr }

// Addr is the receiver's host:port.
func (r *Receiver) Addr() string { return r.addr }

// SetSecrets replaces the accepted secrets, e.g. after the sender rotated.
func (r *Receiver) SetSecrets(secrets ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.secrets = slices.Clone(secrets)
}

// SetTolerance changes the accepted timestamp skew (DefaultTolerance initially).
func (r *Receiver) SetTolerance(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tolerance = d
}

// FailWith makes the receiver answer status to every verified request from now on;
// 0 or 200 restores success. Unverified requests always get 401.
func (r *Receiver) FailWith(status int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.status = status
}

// FailNext makes the next n verified requests fail with status, after which the FailWith
// setting applies again. Handy for "fails twice, then succeeds" retry tests.
func (r *Receiver) FailNext(n, status int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failNext, r.failCode = n, status
}

// SetDelay makes the receiver wait d before answering (0 to stop). The wait ends early when the
// client disconnects.
func (r *Receiver) SetDelay(d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.delay = d
}

// Down stops accepting connections and drops open ones, as if the receiver crashed; senders
// get "connection refused". It is a no-op when already down.
func (r *Receiver) Down() {
	r.mu.Lock()
	srv := r.srv
	r.srv = nil
	r.mu.Unlock()
	if srv != nil {
		srv.CloseClientConnections()
		srv.Close()
	}
}

// Up listens again on the same address after Down. It is a no-op when already up.
func (r *Receiver) Up() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.srv != nil {
		return nil
	}
	l, err := net.Listen("tcp", r.addr)
	if err != nil {
		return fmt.Errorf("webhookstest: listen again on %s: %w", r.addr, err)
	}
	r.serve(l)
	return nil
}

// Close shuts the receiver down for good.
func (r *Receiver) Close() { r.Down() }

// Requests returns every request received so far, in arrival order.
func (r *Receiver) Requests() []Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.requests)
}

// Accepted returns the accepted requests (verified, answered 200), duplicates included.
func (r *Receiver) Accepted() []Request {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Request
	for _, q := range r.requests {
		if q.Accepted() {
			out = append(out, q)
		}
	}
	return out
}

// Events returns the accepted requests deduplicated by webhook-id, first arrival kept, which is
// what a well-behaved customer would process.
func (r *Receiver) Events() []Request {
	seen := map[string]bool{}
	var out []Request
	for _, q := range r.Accepted() {
		if !seen[q.ID] {
			seen[q.ID] = true
			out = append(out, q)
		}
	}
	return out
}

// Reset forgets all recorded requests.
func (r *Receiver) Reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests = nil
}

// WaitEvents waits until at least n distinct events were accepted and returns them, or fails
// when ctx ends.
func (r *Receiver) WaitEvents(ctx context.Context, n int) ([]Request, error) {
	return r.wait(ctx, func() ([]Request, bool) {
		ev := r.Events()
		return ev, len(ev) >= n
	}, fmt.Sprintf("%d events", n))
}

// WaitRequests waits until at least n requests (accepted or not) arrived and returns them all.
func (r *Receiver) WaitRequests(ctx context.Context, n int) ([]Request, error) {
	return r.wait(ctx, func() ([]Request, bool) {
		rq := r.Requests()
		return rq, len(rq) >= n
	}, fmt.Sprintf("%d requests", n))
}

func (r *Receiver) wait(ctx context.Context, done func() ([]Request, bool), what string) ([]Request, error) {
	for {
		r.mu.Lock()
		ch := r.changed
		r.mu.Unlock()
		if got, ok := done(); ok {
			return got, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			got, _ := done()
			return got, fmt.Errorf("webhookstest: waiting for %s, have %d: %w", what, len(got), ctx.Err())
		}
	}
}

// InFlight is the number of requests being handled right now (e.g. held by SetDelay). Requests
// are recorded only once answered, so this is how a test sees a request that is still pending.
func (r *Receiver) InFlight() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.inFlight
}

func (r *Receiver) handle(w http.ResponseWriter, req *http.Request) {
	now := time.Now()
	r.mu.Lock()
	r.inFlight++
	r.mu.Unlock()
	body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, maxBody))
	rec := Request{
		ID:         req.Header.Get("webhook-id"),
		Body:       body,
		Header:     req.Header.Clone(),
		ReceivedAt: now,
	}
	if sec, perr := strconv.ParseInt(req.Header.Get("webhook-timestamp"), 10, 64); perr == nil {
		rec.Timestamp = time.Unix(sec, 0)
	}
	var env Envelope
	if json.Unmarshal(body, &env) == nil {
		rec.Type = env.Type
	}

	r.mu.Lock()
	secrets, tolerance, delay := r.secrets, r.tolerance, r.delay
	status := http.StatusOK
	switch {
	case err != nil:
		rec.VerifyErr = "read body: " + err.Error()
		status = http.StatusBadRequest
	case req.Method != http.MethodPost:
		rec.VerifyErr = "method " + req.Method
		status = http.StatusMethodNotAllowed
	default:
		if verr := Verify(body, req.Header, secrets, tolerance, now); verr != nil {
			rec.VerifyErr = verr.Error()
			status = http.StatusUnauthorized
		} else {
			rec.Verified = true
			if r.failNext > 0 {
				r.failNext--
				status = r.failCode
			} else if r.status != 0 {
				status = r.status
			}
		}
	}
	r.mu.Unlock()

	if delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-req.Context().Done():
			t.Stop()
			status = 0 // the client gave up; nothing was answered
		}
	}
	if status != 0 {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if rec.Verified {
			fmt.Fprintf(w, `{"received":%q}`, rec.ID)
		} else {
			fmt.Fprintf(w, `{"error":%q}`, rec.VerifyErr)
		}
	}
	rec.Status = status

	r.mu.Lock()
	r.inFlight--
	r.requests = append(r.requests, rec)
	close(r.changed)
	r.changed = make(chan struct{})
	r.mu.Unlock()
}

// Verify checks a delivery the way the documentation tells customers to, and is written
// independently of the sender's code on purpose. Both schemes must verify against one of
// secrets:
//
//   - X-Service-Signature: comma-separated "sha256=<hex HMAC-SHA256(raw body)>" entries keyed
//     with the whole secret string;
//   - Standard Webhooks: webhook-timestamp within tolerance of now, and webhook-signature with a
//     "v1,<base64>" entry over "<webhook-id>.<webhook-timestamp>.<body>" keyed with the
//     base64-decoded secret after "whsec_".
func Verify(body []byte, h http.Header, secrets []string, tolerance time.Duration, now time.Time) error {
	if len(secrets) == 0 {
		return errors.New("receiver has no secret")
	}
	if err := verifyService(body, h.Get("X-Service-Signature"), secrets); err != nil {
		return fmt.Errorf("X-Service-Signature: %w", err)
	}
	if err := verifyStandard(body, h, secrets, tolerance, now); err != nil {
		return fmt.Errorf("standard webhooks: %w", err)
	}
	return nil
}

func verifyService(body []byte, header string, secrets []string) error {
	if header == "" {
		return errors.New("missing")
	}
	for _, s := range secrets {
		m := hmac.New(sha256.New, []byte(s))
		m.Write(body)
		want := "sha256=" + hex.EncodeToString(m.Sum(nil))
		for entry := range strings.SplitSeq(header, ",") {
			if hmac.Equal([]byte(strings.TrimSpace(entry)), []byte(want)) {
				return nil
			}
		}
	}
	return errors.New("no matching signature")
}

func verifyStandard(body []byte, h http.Header, secrets []string, tolerance time.Duration, now time.Time) error {
	id, tsText, sigs := h.Get("webhook-id"), h.Get("webhook-timestamp"), h.Get("webhook-signature")
	if id == "" || tsText == "" || sigs == "" {
		return errors.New("missing webhook-id, webhook-timestamp or webhook-signature")
	}
	sec, err := strconv.ParseInt(tsText, 10, 64)
	if err != nil {
		return fmt.Errorf("bad timestamp %q", tsText)
	}
	if d := now.Sub(time.Unix(sec, 0)); d > tolerance || d < -tolerance {
		return fmt.Errorf("timestamp %s outside tolerance %s", time.Unix(sec, 0).UTC().Format(time.RFC3339), tolerance)
	}
	signed := id + "." + tsText + "." + string(body)
	for _, s := range secrets {
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(s, "whsec_"))
		if err != nil {
			return fmt.Errorf("receiver secret is not base64: %w", err)
		}
		m := hmac.New(sha256.New, key)
		m.Write([]byte(signed))
		want := base64.StdEncoding.EncodeToString(m.Sum(nil))
		for entry := range strings.FieldsSeq(sigs) {
			version, sig, ok := strings.Cut(entry, ",")
			if ok && version == "v1" && hmac.Equal([]byte(sig), []byte(want)) {
				return nil
			}
		}
	}
	return errors.New("no matching signature")
}
