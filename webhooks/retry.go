package webhooks

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// DisableAfter is the number of consecutive failed deliveries after which a webhook is disabled
// automatically (interface: "After 5 consecutive failures"). A delivery counts as failed once its
// whole retry schedule is exhausted, so one outage of a few minutes does not disable a webhook;
// a successful delivery resets the count.
const DisableAfter = 5

// DefaultDelaysSpec is the textual default of ANALYTICS_WEBHOOK_RETRY_DELAYS.
const DefaultDelaysSpec = "1m,5m,15m,1h"

// maxDelays bounds the schedule so a typo cannot keep a delivery alive for ever.
const maxDelays = 50

// DefaultDelays returns the interface's retry schedule: 1 minute, 5 minutes, 15 minutes, 1 hour.
// It returns a fresh slice each time so callers cannot change the default for others.
func DefaultDelays() []time.Duration {
	return []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour}
}

// ParseDelays parses a comma-separated list of Go durations such as "1m,5m,15m,1h" or, in tests,
// "1s,2s". Blanks around items are ignored. Every delay must be positive; an empty list is an
// error because "no retries" should be an explicit decision, not a missing variable.
func ParseDelays(s string) ([]time.Duration, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("parse retry delays: empty list")
	}
	items := strings.Split(s, ",")
	if len(items) > maxDelays {
		return nil, fmt.Errorf("parse retry delays: %d items, at most %d allowed", len(items), maxDelays)
	}
	out := make([]time.Duration, 0, len(items))
	for i, it := range items {
		d, err := time.ParseDuration(strings.TrimSpace(it))
		if err != nil {
			return nil, fmt.Errorf("parse retry delays: item %d: %w", i+1, err)
		}
		if d <= 0 {
			return nil, fmt.Errorf("parse retry delays: item %d: %s is not positive", i+1, d)
		}
		out = append(out, d)
	}
	return out, nil
}

// MaxAttempts is the total number of attempts a schedule allows: the first one plus one retry
// per delay.
func MaxAttempts(delays []time.Duration) int { return 1 + len(delays) }

// NextDelay says how long to wait after attempt number attempt (1 for the first attempt) failed
// before the next one, and false when no retries are left. Attempt numbers below 1 are treated
// as 1 so that a caller bug retries rather than silently dropping a delivery.
func NextDelay(delays []time.Duration, attempt int) (time.Duration, bool) {
	attempt = max(attempt, 1)
	if attempt > len(delays) {
		return 0, false
	}
	return delays[attempt-1], true
}
