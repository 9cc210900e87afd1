package webhooks

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/analytics-agent/service/netguard"
)

// ErrInvalidURL reports a webhook target URL that the service refuses to store or call.
var ErrInvalidURL = errors.New("invalid webhook url")

// maxURLLength keeps stored URLs and log lines bounded; real endpoints are far shorter.
const maxURLLength = 2048

// ValidateURL checks a webhook target URL when it is saved and again before each delivery: an
// absolute https URL with a host and without user info. allowPrivate (development and tests)
// also permits http and loopback/private hosts; cloud metadata addresses are never accepted.
//
// When private targets are not allowed, literal IP addresses in blocked ranges and "localhost"
// names are rejected here for early, clear feedback. This is only a courtesy: the real guard
// is the Client's dialer, which checks every resolved address at connect time, because a
// public-looking name may resolve to a private address (or change to one later).
func ValidateURL(raw string, allowPrivate bool) error {
	if raw == "" {
		return fmt.Errorf("%w: empty", ErrInvalidURL)
	}
	if len(raw) > maxURLLength {
		return fmt.Errorf("%w: longer than %d characters", ErrInvalidURL, maxURLLength)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidURL, err)
	}
	switch {
	case !u.IsAbs():
		return fmt.Errorf("%w: not absolute", ErrInvalidURL)
	case u.Scheme == "http" && !allowPrivate:
		return fmt.Errorf("%w: scheme must be https", ErrInvalidURL)
	case u.Scheme != "https" && u.Scheme != "http":
		return fmt.Errorf("%w: scheme %q not supported, use https", ErrInvalidURL, u.Scheme)
	case u.Opaque != "":
		return fmt.Errorf("%w: not a hierarchical URL", ErrInvalidURL)
	case u.User != nil:
		// Credentials in the URL end up in logs and delivery records; receivers must rely on
		// the signature instead.
		return fmt.Errorf("%w: user info is not allowed", ErrInvalidURL)
	case u.Hostname() == "":
		return fmt.Errorf("%w: host required", ErrInvalidURL)
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("%w: bad port %q", ErrInvalidURL, p)
		}
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if ip, err := netip.ParseAddr(host); err == nil {
		if reason := netguard.BlockedReason(ip, allowPrivate); reason != "" {
			return fmt.Errorf("%w: %s is %s", ErrInvalidURL, ip, reason)
		}
	}
	if !allowPrivate && (host == "localhost" || strings.HasSuffix(host, ".localhost")) {
		return fmt.Errorf("%w: host %s is not public", ErrInvalidURL, host)
	}
	return nil
}
