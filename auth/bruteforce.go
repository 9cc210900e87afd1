package auth

import (
	"context"
	"fmt"
	"time"
)

// RateLimitedError says an account or address made too many failed attempts.
type RateLimitedError struct{ RetryAfter time.Duration }

func (e *RateLimitedError) Error() string {
	return fmt.Sprintf("too many failed attempts; retry in %d seconds", int(e.RetryAfter.Seconds()+0.999))
}

// failureCounter is what the guard needs of the store; the counters live in the database so
// every API process sees the same numbers.
type failureCounter interface {
	AddAuthFailure(ctx context.Context, scope string, window time.Time) (int, error)
	AuthFailures(ctx context.Context, scope string, window time.Time) (int, error)
	ClearAuthFailures(ctx context.Context, scope string) error
}

// BruteForcePolicy sets how failed logins and two-factor attempts are slowed and refused.
type BruteForcePolicy struct {
	Window time.Duration // fixed counting window (default 15 min)
	// SlowAfter failures on an account, each further attempt waits Tarpit × (failures−SlowAfter),
	// at most MaxTarpit, before it is answered.
	SlowAfter int
	Tarpit    time.Duration
	MaxTarpit time.Duration
	// AccountLimit failures per account, or AddressLimit per client address, refuse further
	// attempts until the window ends.
	AccountLimit int
	AddressLimit int
}

// DefaultBruteForcePolicy is the production policy.
func DefaultBruteForcePolicy() BruteForcePolicy {
	return BruteForcePolicy{Window: 15 * time.Minute, SlowAfter: 3, Tarpit: 500 * time.Millisecond,
		MaxTarpit: 3 * time.Second, AccountLimit: 10, AddressLimit: 50}
}

type bruteForce struct {
	policy BruteForcePolicy
	store  failureCounter
	sleep  func(context.Context, time.Duration)
}

func (b *bruteForce) window(now time.Time) time.Time { return now.Truncate(b.policy.Window).UTC() }

// check refuses when a scope is over its limit, and slows an account that has been failing.
func (b *bruteForce) check(ctx context.Context, now time.Time, account, address string) error {
	w := b.window(now)
	retry := &RateLimitedError{RetryAfter: w.Add(b.policy.Window).Sub(now)}
	n, err := b.store.AuthFailures(ctx, account, w)
	if err != nil {
		return fmt.Errorf("read failure counter: %w", err)
	}
	if n >= b.policy.AccountLimit {
		return retry
	}
	if address != "" {
		a, err := b.store.AuthFailures(ctx, address, w)
		if err != nil {
			return fmt.Errorf("read failure counter: %w", err)
		}
		if a >= b.policy.AddressLimit {
			return retry
		}
	}
	if over := n - b.policy.SlowAfter; over > 0 {
		b.sleep(ctx, min(time.Duration(over)*b.policy.Tarpit, b.policy.MaxTarpit))
	}
	return nil
}

func (b *bruteForce) fail(ctx context.Context, now time.Time, scopes ...string) {
	w := b.window(now)
	for _, s := range scopes {
		if s != "" {
			_, _ = b.store.AddAuthFailure(ctx, s, w)
		}
	}
}

func (b *bruteForce) succeed(ctx context.Context, account string) {
	_ = b.store.ClearAuthFailures(ctx, account)
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
