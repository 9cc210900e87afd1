package webhooks

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/analytics-agent/service/netguard"
)

// Defaults of ClientOptions.
const (
	DefaultTimeout   = 5 * time.Second
	DefaultUserAgent = "AnalyticsAgentService-Webhooks/1.0"
)

// MaxExcerpt bounds Attempt.ResponseExcerpt, in bytes.
const MaxExcerpt = 1024

// drainLimit is how much of a response body beyond the excerpt is read and thrown away so the
// connection can be reused; larger bodies just cost a new connection next time.
const drainLimit = 64 << 10

// ErrBlockedAddress reports that a target resolved to an address the client refuses to dial.
// It is netguard's sentinel: webhooks, data sources and model servers share one address rule.
var ErrBlockedAddress = netguard.ErrBlocked

// ClientOptions configures NewClient. The zero value is the production setting.
type ClientOptions struct {
	// Timeout is the whole-attempt deadline: connect, TLS, request and response status.
	// Zero means DefaultTimeout (the interface's 5 seconds).
	Timeout time.Duration
	// AllowPrivate permits http URLs and private, loopback, link-local, unique-local and
	// CGNAT addresses (setting ANALYTICS_WEBHOOK_ALLOW_PRIVATE; development and tests only).
	// Cloud metadata addresses stay blocked regardless.
	AllowPrivate bool
	// UserAgent is sent with every delivery. Empty means DefaultUserAgent.
	UserAgent string
	// MaxIdleConnsPerHost is how many keep-alive connections to one receiver stay open between
	// deliveries. Zero means 4; a worker that sends many deliveries concurrently raises it to its
	// concurrency so connections are reused instead of re-dialled after every request.
	MaxIdleConnsPerHost int
	// Reserved are endpoints never dialled whatever AllowPrivate says: the service's own store
	// and broker, which a tenant could otherwise probe with ANALYTICS_WEBHOOK_ALLOW_PRIVATE on.
	Reserved []netguard.Endpoint
}

// Client performs single webhook delivery attempts. It is safe for concurrent use and should be
// shared, so that connections to the same receivers are reused.
type Client struct {
	http         *http.Client
	timeout      time.Duration
	allowPrivate bool
	userAgent    string
}

// Target is where and with which secrets a delivery is made.
type Target struct {
	URL string
	// Secrets are the currently valid signing secrets, current first; the previous one is
	// included only during its rotation window.
	Secrets []string
}

// Message is one event as delivered. ID and Body are identical on every retry.
type Message struct {
	// ID is the event id (webhook-id); receivers deduplicate on it.
	ID string
	// Timestamp is the signing time (webhook-timestamp); zero means now. Use the time of the
	// attempt, not the event's created_at: receivers reject timestamps older than a few
	// minutes, so a retry an hour later must be signed afresh.
	Timestamp time.Time
	// Body is the JSON envelope, sent and signed byte for byte.
	Body []byte
}

// Attempt is the outcome of one delivery attempt, ready to be logged.
type Attempt struct {
	// StatusCode is the receiver's HTTP status, 0 when none arrived.
	StatusCode int
	// Duration runs from sending the request until the response was read (or the failure).
	Duration time.Duration
	// ResponseExcerpt is at most MaxExcerpt bytes of the response body, valid UTF-8 without NUL
	// bytes so that it can be stored in any text column.
	ResponseExcerpt string
	// Err says why the attempt failed; empty on success.
	Err string
	// Success is true exactly when the receiver answered 200 within the timeout.
	Success bool
}

// NewClient returns a delivery client whose dialer refuses non-public destinations (unless
// allowed), follows no redirects and ignores proxy environment variables.
func NewClient(opts ClientOptions) *Client {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.UserAgent == "" {
		opts.UserAgent = DefaultUserAgent
	}
	if opts.MaxIdleConnsPerHost <= 0 {
		opts.MaxIdleConnsPerHost = 4
	}
	// The guard checks after DNS resolution, once per address actually dialled, so a name
	// that resolves (or re-resolves, DNS rebinding) to a private address is caught.
	guard := netguard.New(opts.AllowPrivate, opts.Reserved...)
	transport := &http.Transport{
		// No proxy: a proxy from HTTP(S)_PROXY would be dialled instead of the target and
		// would bypass the address check.
		Proxy:                  nil,
		DialContext:            guard.DialFunc(opts.Timeout, ""),
		TLSClientConfig:        &tls.Config{MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:    opts.Timeout,
		ResponseHeaderTimeout:  opts.Timeout,
		MaxResponseHeaderBytes: 64 << 10,
		ForceAttemptHTTP2:      true,
		MaxIdleConns:           max(100, opts.MaxIdleConnsPerHost),
		MaxIdleConnsPerHost:    opts.MaxIdleConnsPerHost,
		IdleConnTimeout:        90 * time.Second,
	}
	return &Client{
		http: &http.Client{
			Transport: transport,
			// A 3xx is a failure (Standard Webhooks), and following it could reach a
			// destination that was never validated.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		timeout:      opts.Timeout,
		allowPrivate: opts.AllowPrivate,
		userAgent:    opts.UserAgent,
	}
}

// CloseIdleConnections closes pooled connections, e.g. on shutdown.
func (c *Client) CloseIdleConnections() { c.http.CloseIdleConnections() }

// Deliver makes one signed POST of msg to target and reports the outcome. It never returns an
// error: every problem is a failed Attempt with a readable Err, which is what the delivery log
// and retry logic need.
func (c *Client) Deliver(ctx context.Context, target Target, msg Message) Attempt {
	start := time.Now()
	fail := func(format string, args ...any) Attempt {
		return Attempt{Duration: time.Since(start), Err: fmt.Sprintf(format, args...)}
	}
	if err := ValidateURL(target.URL, c.allowPrivate); err != nil {
		return fail("%v", err)
	}
	ts := msg.Timestamp
	if ts.IsZero() {
		ts = start
	}
	sig, err := Sign(msg.Body, msg.ID, ts, target.Secrets)
	if err != nil {
		return fail("%v", err)
	}

	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target.URL, bytes.NewReader(msg.Body))
	if err != nil {
		return fail("build request: %v", err)
	}
	for k, v := range sig {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.userAgent)

	resp, err := c.http.Do(req)
	if err != nil {
		return fail("%s", c.describe(parent, ctx, err))
	}
	defer resp.Body.Close()

	// The excerpt is read under the same deadline so a receiver trickling its body cannot hold
	// a worker; a read error after the status arrived does not change the outcome.
	excerpt, _ := io.ReadAll(io.LimitReader(resp.Body, MaxExcerpt))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, drainLimit))

	a := Attempt{
		StatusCode:      resp.StatusCode,
		Duration:        time.Since(start),
		ResponseExcerpt: cleanExcerpt(excerpt),
	}
	switch {
	case resp.StatusCode == http.StatusOK:
		a.Success = true
	case resp.StatusCode >= 300 && resp.StatusCode < 400:
		a.Err = fmt.Sprintf("redirect not followed: receiver answered %d", resp.StatusCode)
		if loc := resp.Header.Get("Location"); loc != "" {
			a.Err += " to " + truncate(loc, 200)
		}
	default:
		a.Err = fmt.Sprintf("receiver answered %d, want 200", resp.StatusCode)
	}
	return a
}

// describe turns a transport error into a short, clear reason. parent is the caller's context,
// ctx the one carrying the delivery deadline.
func (c *Client) describe(parent, ctx context.Context, err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err // the URL is logged next to the attempt already
	}
	switch {
	case errors.Is(err, ErrBlockedAddress):
		var oe *net.OpError
		if errors.As(err, &oe) && oe.Err != nil {
			err = oe.Err
		}
		return "refused to connect: " + err.Error()
	case parent.Err() != nil:
		// Shutdown or a caller's deadline, not the receiver's fault.
		return "aborted before a response arrived: " + parent.Err().Error()
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return fmt.Sprintf("timeout: no response within %s", c.timeout)
	default:
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return fmt.Sprintf("timeout: no response within %s", c.timeout)
		}
		return "connection failed: " + err.Error()
	}
}

// cleanExcerpt makes a body prefix safe to store: valid UTF-8 (a multi-byte rune cut at the
// limit is dropped) and no NUL bytes, which Postgres text columns reject.
func cleanExcerpt(b []byte) string {
	// Drop a rune that the read limit cut in half, rather than turning it into U+FFFD.
	for i := 1; i <= utf8.UTFMax-1 && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				b = b[:len(b)-i]
			}
			break
		}
	}
	s := strings.ToValidUTF8(string(b), "\uFFFD")
	s = strings.ReplaceAll(s, "\x00", "")
	// Replacement characters take 3 bytes, so a body of invalid bytes may have grown.
	return truncate(s, MaxExcerpt)
}

// truncate cuts s to at most n bytes without splitting a rune.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
