package billing

import (
	"context"
	"time"

	"github.com/analytics-agent/service/store"
)

// RateDecision is the outcome of one request against an organization's limits: the numbers of
// the most constraining window (the one refused, or the one with fewest requests left).
type RateDecision struct {
	Allowed    bool
	Limit      int64
	Remaining  int64
	Reset      time.Time
	RetryAfter time.Duration
	// AccessEpoch is the organization's access epoch, read in the same statement (see
	// store.HitRateWindows): what the request's copies of credentials and agents must match.
	AccessEpoch int64
}

// RateLimits are an organization's requests per minute and per day: its plan's tier, the
// enterprise defaults for scale, and the operator's override when set.
func (s *Service) RateLimits(sub *store.Subscription) (perMinute, perDay int64) {
	switch PlanOf(sub).Tier {
	case TierFree:
		perMinute, perDay = 10, 1000
	case TierProfessional:
		perMinute, perDay = 60, 10000
	default:
		perMinute, perDay = s.opts.EnterprisePerMinute, s.opts.EnterprisePerDay
	}
	if sub.RatePerMinute > 0 {
		perMinute = sub.RatePerMinute
	}
	if sub.RatePerDay > 0 {
		perDay = sub.RatePerDay
	}
	return perMinute, perDay
}

// Allow counts one request of an organization in its fixed minute and day windows, shared by
// every credential and API process through one atomic upsert in the database. A refused request
// is counted too (the window's count is the number of attempts), which keeps the decision a pure
// function of the count: the n-th request of a window is allowed if and only if n ≤ limit.
func (s *Service) Allow(ctx context.Context, orgID string) (RateDecision, error) {
	sub, err := s.cached(ctx, orgID)
	if err != nil {
		return RateDecision{}, err
	}
	perMinute, perDay := s.RateLimits(sub)
	now := s.now()
	minute, dayN := now.Unix()/60, now.Unix()/86400
	m, d, epoch, err := s.st.HitRateWindows(ctx, orgID, minute, dayN)
	if err != nil {
		return RateDecision{}, err
	}
	minReset := time.Unix((minute+1)*60, 0).UTC()
	dayReset := time.Unix((dayN+1)*86400, 0).UTC()
	mw := RateDecision{Allowed: m <= perMinute, Limit: perMinute, Remaining: max(perMinute-m, 0), Reset: minReset}
	dw := RateDecision{Allowed: d <= perDay, Limit: perDay, Remaining: max(perDay-d, 0), Reset: dayReset}
	var out RateDecision
	switch {
	case !dw.Allowed:
		out = dw
	case !mw.Allowed:
		out = mw
	case dw.Remaining < mw.Remaining:
		out = dw
	default:
		out = mw
	}
	out.Allowed = mw.Allowed && dw.Allowed
	out.AccessEpoch = epoch
	if !out.Allowed {
		out.RetryAfter = out.Reset.Sub(now)
	}
	return out, nil
}

// RateLimitedError is a request refused by the rate limit (429 rate_limited).
type RateLimitedError struct{ Decision RateDecision }

func (e *RateLimitedError) Error() string {
	return "rate limit exceeded: retry after the window resets"
}
