package console_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/web/console"
)

func get(t *testing.T, method, url string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

func TestConsoleIsServedAtTheRootWithStrictHeadersAndTheAPIKeepsItsErrors(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	tests := []struct {
		name, method, path string
		status             int
		contentType, body  string
		console            bool
	}{
		{"shell", "GET", "/", 200, "text/html", `<script type="module" src="/app.js">`, true},
		{"deep link serves the shell", "GET", "/agents/agent_1", 200, "text/html", `id="main"`, true},
		{"module", "GET", "/app.js", 200, "javascript", "import", true},
		{"stylesheet", "GET", "/app.css", 200, "text/css", ":root", true},
		{"unknown API path stays JSON", "GET", "/v1/nothing", 404, "application/json", `"not_found"`, false},
		{"an API route without a token is a JSON 401, not the console", "GET", "/api/billing/subscription", 401, "application/json", `"unauthorized"`, false},
		{"a versioned API route without a token is a JSON 401", "GET", "/v1/templates", 401, "application/json", `"unauthorized"`, false},
		{"non-GET on a console path is not the console", "POST", "/", 404, "application/json", `"not_found"`, false},
		{"path traversal stays inside the console", "GET", "/../../go.mod", 200, "text/html", `id="main"`, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := get(t, tc.method, s.URL+tc.path)
			if resp.StatusCode != tc.status || !strings.Contains(resp.Header.Get("Content-Type"), tc.contentType) || !strings.Contains(body, tc.body) {
				t.Fatalf("%s %s: %d %q, body %.120q", tc.method, tc.path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			}
			if !tc.console {
				return
			}
			h := resp.Header
			if h.Get("Content-Security-Policy") != console.ContentSecurityPolicy || h.Get("X-Frame-Options") != "DENY" ||
				h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
				t.Fatalf("security headers missing: %v", h)
			}
		})
	}
}

// TestConsoleNeverParsesHTML keeps the rule that makes the console XSS-safe checkable: no
// innerHTML, outerHTML, insertAdjacentHTML, document.write or eval anywhere in its scripts, and
// no inline script or style in the shell (the CSP would block them anyway).
func TestConsoleNeverParsesHTML(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	for _, f := range []string{"app.js", "api.js", "dom.js", "ui.js", "ask.js", "admin.js", "settings.js", "webhooks.js", "templates.js", "billing.js", "chart.js"} {
		resp, body := get(t, "GET", s.URL+"/"+f)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d", f, resp.StatusCode)
		}
		for _, bad := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"} {
			if strings.Contains(body, bad) {
				t.Errorf("%s uses %s", f, bad)
			}
		}
	}
	_, shell := get(t, "GET", s.URL+"/")
	if strings.Contains(shell, "<script>") || strings.Contains(shell, "style=") || strings.Contains(shell, "<style") {
		t.Error("the shell has inline script or style")
	}
}
