package webhooks_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/analytics-agent/service/webhooks"
)

func TestValidateURL(t *testing.T) {
	tests := []struct {
		url          string
		public, priv bool // valid when private targets are disallowed / allowed
	}{
		{"https://example.com/hooks", true, true},
		{"https://example.com:8443/a?b=c", true, true},
		{"https://93.184.216.34/x", true, true},
		{"https://[2606:2800:220:1::1]/x", true, true},
		{"http://example.com/hooks", false, true},
		{"http://127.0.0.1:8080/", false, true},
		{"https://127.0.0.1/", false, true},
		{"https://10.1.2.3/", false, true},
		{"https://192.168.1.1/", false, true},
		{"https://100.64.0.1/", false, true},
		{"https://[::1]/", false, true},
		{"https://[fd12::1]/", false, true},
		{"https://[::ffff:10.0.0.1]/", false, true},
		{"https://localhost/", false, true},
		{"https://api.localhost/", false, true},
		{"https://169.254.169.254/latest", false, false},
		{"https://[fd00:ec2::254]/", false, false},
		{"", false, false},
		{"example.com/hooks", false, false},
		{"//example.com/hooks", false, false},
		{"/hooks", false, false},
		{"ftp://example.com/", false, false},
		{"javascript:alert(1)", false, false},
		{"https://user:pass@example.com/", false, false},
		{"https://user@example.com/", false, false},
		{"https:///path", false, false},
		{"https://:443/", false, false},
		{"https://example.com:99999/", false, false},
		{"https://example.com:0/", false, false},
		{"https://exa mple.com/", false, false},
		{"https://example.com/" + strings.Repeat("a", 3000), false, false},
	}
	for _, tc := range tests {
		for _, allow := range []bool{false, true} {
			want := tc.public
			if allow {
				want = tc.priv
			}
			err := webhooks.ValidateURL(tc.url, allow)
			if (err == nil) != want {
				t.Errorf("ValidateURL(%.60q, allowPrivate=%v) = %v, want valid=%v", tc.url, allow, err, want)
			}
			if err != nil && !errors.Is(err, webhooks.ErrInvalidURL) {
				t.Errorf("ValidateURL(%.60q) error %v does not wrap ErrInvalidURL", tc.url, err)
			}
		}
	}
}
