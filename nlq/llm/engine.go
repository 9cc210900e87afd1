package llm

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tmc/langchaingo/llms"

	"github.com/analytics-agent/service/netguard"
	"github.com/analytics-agent/service/nlq"
)

var _ nlq.Engine = (*Engine)(nil)

// Generate asks the model for the SQL answering req.Question. It returns a
// *nlq.NotUnderstoodError when the model says the schema cannot answer, and an error wrapping
// nlq.ErrEngine whose message names the cause (timeout, rate limited, unauthorized, provider
// error, unreachable, malformed output) when the provider or its answer fails.
func (e *Engine) Generate(ctx context.Context, req nlq.Request) (nlq.Generation, error) {
	if strings.TrimSpace(req.Question) == "" {
		return nlq.Generation{}, &nlq.NotUnderstoodError{Message: "the question is empty"}
	}
	system, user := BuildPrompt(req)
	messages := []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeSystem, system),
		llms.TextParts(llms.ChatMessageTypeHuman, user),
	}
	// Temperature 0: the same question over the same schema should give the same SQL.
	opts := []llms.CallOption{llms.WithTemperature(0)}
	if e.cfg.Provider == ProviderAnthropic {
		opts = append(opts, llms.WithMaxTokens(anthropicMaxTokens))
	}

	for attempt := 0; ; attempt++ {
		text, info, err := e.call(ctx, messages, opts)
		if err == nil {
			gen, perr := parseOutput(text)
			if perr != nil && errors.Is(perr, errMalformed) {
				return nlq.Generation{}, fmt.Errorf("%w: malformed output from %s model %s: %w", nlq.ErrEngine, e.cfg.Provider, e.cfg.Model, perr)
			}
			return gen, perr
		}
		retry, cerr := e.classify(ctx, err, info)
		if !retry || attempt >= e.cfg.MaxRetries {
			return nlq.Generation{}, cerr
		}
		wait := e.backoff(attempt+1, info.retryAfter())
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nlq.Generation{}, fmt.Errorf("%w: request cancelled while waiting to retry (%s): %w", nlq.ErrEngine, cerr, ctx.Err())
		case <-t.C:
		}
	}
}

// call makes one bounded call to the model and returns its text.
func (e *Engine) call(ctx context.Context, messages []llms.MessageContent, opts []llms.CallOption) (string, *callInfo, error) {
	info := &callInfo{}
	cctx, cancel := context.WithTimeout(withCallInfo(ctx, info), e.cfg.Timeout)
	defer cancel()
	resp, err := e.model.GenerateContent(cctx, messages, opts...)
	if err != nil {
		if cctx.Err() != nil && ctx.Err() == nil {
			info.timedOut = true
		}
		return "", info, err
	}
	if resp == nil || len(resp.Choices) == 0 {
		return "", info, nil // parseOutput reports the empty answer as malformed
	}
	// Anthropic returns one choice per content block; the others have one choice.
	var parts []string
	for _, c := range resp.Choices {
		if c != nil && strings.TrimSpace(c.Content) != "" {
			parts = append(parts, c.Content)
		}
	}
	return strings.Join(parts, "\n"), info, nil
}

// statusCodeInText finds the status langchaingo's openai and anthropic clients put in their
// error text ("API returned unexpected status code: 429: ..."), for when the transport did not
// see the response.
var statusCodeInText = regexp.MustCompile(`status code: (\d{3})`)

// providerError is a failed provider call. Its message is ours and short; the provider's own
// text, which can quote a response body, an internal host name or an address, stays in the
// wrapped cause for logs and is never part of what the caller shows.
type providerError struct {
	msg   string
	cause error
}

func (e *providerError) Error() string   { return e.msg }
func (e *providerError) Unwrap() []error { return []error{nlq.ErrEngine, e.cause} }

// Cause returns the provider's own error behind an engine error, for logs; nil when err is not
// a provider failure.
func Cause(err error) error {
	var pe *providerError
	if errors.As(err, &pe) {
		return pe.cause
	}
	return nil
}

// classify says whether another attempt may succeed and turns a failed call into an error
// wrapping nlq.ErrEngine.
func (e *Engine) classify(ctx context.Context, err error, info *callInfo) (bool, error) {
	who := e.cfg.Provider
	fail := func(format string, args ...any) error {
		return &providerError{msg: nlq.ErrEngine.Error() + ": " + fmt.Sprintf(format, args...), cause: err}
	}
	if ctx.Err() != nil {
		// The caller gave up (client went away, request deadline): not the provider's fault.
		return false, fmt.Errorf("%w: request cancelled before %s answered: %w", nlq.ErrEngine, who, ctx.Err())
	}
	terr := info.failedTransport()
	if errors.Is(err, netguard.ErrBlocked) || errors.Is(terr, netguard.ErrBlocked) {
		return false, fail("%s base URL is not an allowed destination: loopback, private, link-local and internal addresses are refused", who)
	}
	var nerr net.Error
	if info.timedOut || errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &nerr) && nerr.Timeout()) ||
		(errors.As(terr, &nerr) && nerr.Timeout()) {
		return false, fail("%s timed out after %s", who, e.cfg.Timeout)
	}
	status := info.statusCode()
	if status == 0 {
		if m := statusCodeInText.FindStringSubmatch(err.Error()); m != nil {
			status, _ = strconv.Atoi(m[1])
		}
	}
	switch {
	case status == http.StatusTooManyRequests:
		return true, fail("%s rate limited (429)", who)
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return false, fail("%s unauthorized (%d), check the API key", who, status)
	case status == http.StatusNotFound:
		return false, fail("%s model %q or endpoint not found (404)", who, e.cfg.Model)
	case status >= 500:
		return true, fail("%s server error (%d)", who, status)
	case status >= 400:
		return false, fail("%s rejected the request (%d)", who, status)
	case status == http.StatusOK:
		// The call went through but the body could not be read as an answer.
		return false, fail("malformed output from %s (unreadable response)", who)
	}
	if terr != nil {
		return true, fail("%s unreachable", who)
	}
	return false, fail("%s call failed", who)
}

// callInfo is what the transport learned about one call's HTTP exchange.
type callInfo struct {
	mu               sync.Mutex
	status           int
	retryAfterHeader string
	transportErr     error // the request never got a response (refused, DNS, reset)
	timedOut         bool  // the per-call timeout fired (set by call, not the transport)
}

// failedTransport returns the transport error of the call, if any. langchaingo's openai
// client replaces network errors with a generic message, so the transport keeps the original.
func (c *callInfo) failedTransport() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.transportErr
}

func (c *callInfo) statusCode() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.status
}

// retryAfter reads a Retry-After header given in seconds (the form rate limiters use).
func (c *callInfo) retryAfter() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	if n, err := strconv.Atoi(strings.TrimSpace(c.retryAfterHeader)); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	return 0
}

type callInfoKey struct{}

func withCallInfo(ctx context.Context, info *callInfo) context.Context {
	return context.WithValue(ctx, callInfoKey{}, info)
}

// statusTransport records the status of each response in the callInfo of the request's
// context. langchaingo builds its requests with the context we pass, so the record reaches us
// whatever the provider client does with the body.
type statusTransport struct {
	base http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *statusTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if info, ok := req.Context().Value(callInfoKey{}).(*callInfo); ok {
		info.mu.Lock()
		if resp != nil {
			info.status = resp.StatusCode
			info.retryAfterHeader = resp.Header.Get("Retry-After")
		} else if err != nil {
			info.transportErr = err
		}
		info.mu.Unlock()
	}
	return resp, err
}
