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
// every API process sees the same numbers, and AddAuthFailure increments and reads in one
// statement so that concurrent attempts cannot all see the same count.
type failureCounter interface {
	AddAuthFailure(ctx context.Context, scope string, window time.Time) (int, error)
	ReleaseAuthFailure(ctx context.Context, scope string, window time.Time) error
	ClearAuthFailures(ctx context.Context, scope string) error
}

// BruteForcePolicy sets how failed logins and two-factor attempts are slowed and refused.
//
// Password logins are refused per account and address (the attacker's address is shut out, the
// owner at another address is not), slowed per account (every address pays the tarpit while an
// account is under attack) and refused per address over all accounts (a generous ceiling for
// credential stuffing). Second-factor attempts are refused per account, whatever the address:
// whoever holds a temp_token already knows the password, and six digits must not be guessable by
// spreading attempts over addresses.
type BruteForcePolicy struct {
	Window time.Duration // fixed counting window (default 15 min)
	// SlowAfter failures on an account, each further attempt waits Tarpit × (failures−SlowAfter),
	// at most MaxTarpit, before it is answered.
	SlowAfter int
	Tarpit    time.Duration
	MaxTarpit time.Duration
	// AccountLimit attempts per account and address (password), or per account (second factor),
	// and AddressLimit per client address over all accounts, refuse further attempts until the
	// window ends.
	AccountLimit int
	AddressLimit int
	// Clock reads the time the windows are counted in; nil is the wall clock. A test sets one
	// that starts a window when the test starts, so no window boundary falls inside it (a
	// fixed window resets its counts at each boundary, by design).
	Clock func() time.Time
}

// DefaultBruteForcePolicy is the production policy.
func DefaultBruteForcePolicy() BruteForcePolicy {
	return BruteForcePolicy{Window: 15 * time.Minute, SlowAfter: 3, Tarpit: 500 * time.Millisecond,
		MaxTarpit: 3 * time.Second, AccountLimit: 10, AddressLimit: 100}
}

type bruteForce struct {
	policy BruteForcePolicy
	store  failureCounter
	sleep  func(context.Context, time.Duration)
}

func (b *bruteForce) now() time.Time {
	if b.policy.Clock != nil {
		return b.policy.Clock()
	}
	return time.Now()
}

// limit is one counter an attempt is reserved in.
type limit struct {
	scope string
	max   int // refuse when the count passes max; 0 counts without refusing
	// slows: the count of this scope sets the tarpit.
	slows bool
	// clears: a success forgets the scope; otherwise a success only gives its attempt back.
	clears bool
}

// attempt is an attempt reserved in its counters before the credential is checked.
type attempt struct {
	b      *bruteForce
	window time.Time
	taken  []limit
}

// reserve counts the attempt in every scope first and checks the credential only if no limit is
// passed: of 200 concurrent attempts against a limit of 10, 10 are checked and 190 refused. A
// failure needs no further write; a success calls succeed.
func (b *bruteForce) reserve(ctx context.Context, limits ...limit) (*attempt, error) {
	a := &attempt{b: b, window: b.now().Truncate(b.policy.Window).UTC()}
	return a, a.add(ctx, limits...)
}

// add reserves further scopes of the same attempt (a second factor learns its account late).
func (a *attempt) add(ctx context.Context, limits ...limit) error {
	p := a.b.policy
	for _, l := range limits {
		if l.scope == "" {
			continue
		}
		n, err := a.b.store.AddAuthFailure(ctx, l.scope, a.window)
		if err != nil {
			return fmt.Errorf("count attempt: %w", err)
		}
		a.taken = append(a.taken, l)
		if l.max > 0 && n > l.max {
			return &RateLimitedError{RetryAfter: a.window.Add(p.Window).Sub(a.b.now())}
		}
		if over := n - 1 - p.SlowAfter; l.slows && over > 0 {
			a.b.sleep(ctx, min(time.Duration(over)*p.Tarpit, p.MaxTarpit))
		}
	}
	return nil
}

// succeed forgets the account's failures and gives the attempt back to shared counters.
func (a *attempt) succeed(ctx context.Context) {
	for _, l := range a.taken {
		if l.clears {
			_ = a.b.store.ClearAuthFailures(ctx, l.scope)
		} else {
			_ = a.b.store.ReleaseAuthFailure(ctx, l.scope, a.window)
		}
	}
}

// passwordLimits are the counters of a password check for an account from an address.
func (b *bruteForce) passwordLimits(email, address string) []limit {
	acct := "login:acct:" + email
	return []limit{
		{scope: acct + "|ip:" + address, max: b.policy.AccountLimit, clears: true},
		{scope: scopeAddr("login", address), max: b.policy.AddressLimit},
		{scope: acct, slows: true, clears: true},
	}
}

// secondFactorLimit is the counter of second-factor attempts of a user.
func (b *bruteForce) secondFactorLimit(userID string) limit {
	return limit{scope: "2fa:acct:" + userID, max: b.policy.AccountLimit, slows: true, clears: true}
}

func (b *bruteForce) addressLimit(kind, address string) limit {
	return limit{scope: scopeAddr(kind, address), max: b.policy.AddressLimit}
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
