package api_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
)

// analystToken invites an analyst into the account's organization and returns their token.
func analystToken(t *testing.T, s *apptest.Service, admin apptest.Account) string {
	t.Helper()
	email := fmt.Sprintf("analyst-%s", strings.ToLower(admin.Email))
	r := s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": email, "full_name": "Analyst", "role": "analyst"}).Expect(t, 201)
	inv := r.Body["invitation"].(map[string]any)
	ok := s.Do("POST", "/v1/auth/accept-invite", "", map[string]any{"token": inv["token"], "password": "Analyst-pass-2024"}).Expect(t, 200)
	return ok.String("access_token")
}

func TestWebhookManagement(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		for _, prefix := range []string{"/api/webhooks", "/v1/api/webhooks"} {
			t.Run(prefix, func(t *testing.T) {
				created := s.Do("POST", prefix, acct.Token, map[string]any{
					"url": "https://hooks.example.com/in", "events": []string{"query.completed", "query.completed", "user.created"},
					"description": "analytics feed"}).Expect(t, 201)
				id := created.String("id")
				if !strings.HasPrefix(id, "wh_") || !strings.HasPrefix(created.String("secret"), "whsec_") {
					t.Fatalf("create answer: %s", created.Raw)
				}
				for _, f := range []string{"url", "events", "description", "enabled", "created_at", "updated_at", "consecutive_failures", "disabled_reason"} {
					if _, ok := created.Body[f]; !ok {
						t.Errorf("record lacks %q: %s", f, created.Raw)
					}
				}
				if got := created.Body["events"].([]any); len(got) != 2 {
					t.Errorf("duplicate event types must be dropped: %v", got)
				}

				read := s.Do("GET", prefix+"/"+id, acct.Token, nil).Expect(t, 200)
				list := s.Do("GET", prefix, acct.Token, nil).Expect(t, 200)
				for _, r := range []*apptest.Response{read, list} {
					if strings.Contains(string(r.Raw), "secret") || strings.Contains(string(r.Raw), "whsec_") {
						t.Errorf("secret leaked: %s", r.Raw)
					}
				}
				if !strings.Contains(string(list.Raw), id) {
					t.Errorf("list lacks %s: %s", id, list.Raw)
				}

				patched := s.Do("PATCH", prefix+"/"+id, acct.Token, map[string]any{"enabled": false, "events": []string{"*"},
					"description": "all"}).Expect(t, 200)
				if patched.Body["enabled"] != false || patched.String("description") != "all" || patched.String("disabled_reason") == "" {
					t.Errorf("patch answer: %s", patched.Raw)
				}
				again := s.Do("PATCH", prefix+"/"+id, acct.Token, map[string]any{"enabled": true}).Expect(t, 200)
				if again.Body["enabled"] != true || again.Body["disabled_reason"] != nil || again.Body["consecutive_failures"] != float64(0) {
					t.Errorf("re-enable answer: %s", again.Raw)
				}

				rotated := s.Do("POST", prefix+"/"+id+"/rotate-secret", acct.Token, nil).Expect(t, 200)
				if !strings.HasPrefix(rotated.String("secret"), "whsec_") || rotated.String("secret") == created.String("secret") ||
					rotated.String("previous_secret_expires_at") == "" {
					t.Errorf("rotate answer: %s", rotated.Raw)
				}

				st := s.Do("GET", prefix+"/"+id+"/stats?window=1h", acct.Token, nil).Expect(t, 200)
				for _, f := range []string{"total_deliveries", "successful", "failed", "success_rate", "average_response_time", "recent_failures"} {
					if _, ok := st.Body[f]; !ok {
						t.Errorf("stats lack %q: %s", f, st.Raw)
					}
				}
				dl := s.Do("GET", prefix+"/"+id+"/deliveries?limit=10&status=failed", acct.Token, nil).Expect(t, 200)
				if dl.Body["total"] != float64(0) {
					t.Errorf("deliveries: %s", dl.Raw)
				}

				s.Do("DELETE", prefix+"/"+id, acct.Token, nil).Expect(t, 200)
				s.Do("GET", prefix+"/"+id, acct.Token, nil).Expect(t, 404)
			})
		}
	})
}

func TestWebhookManagementRefusesBadInput(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) { c.WebhookAllowPrivate = false }})
	acct := s.Register(t)
	id := s.Do("POST", "/api/webhooks", acct.Token, map[string]any{"url": "https://hooks.example.com/x", "events": []string{"*"}}).Expect(t, 201).String("id")
	cases := []struct {
		name, method, path string
		body               any
		field              string
	}{
		{"http url", "POST", "/api/webhooks", map[string]any{"url": "http://hooks.example.com/x", "events": []string{"*"}}, "url"},
		{"relative url", "POST", "/api/webhooks", map[string]any{"url": "/x", "events": []string{"*"}}, "url"},
		{"metadata address", "POST", "/api/webhooks", map[string]any{"url": "https://169.254.169.254/x", "events": []string{"*"}}, "url"},
		{"missing url", "POST", "/api/webhooks", map[string]any{"events": []string{"*"}}, "url"},
		{"unknown event type", "POST", "/api/webhooks", map[string]any{"url": "https://hooks.example.com/x", "events": []string{"query.exploded"}}, "events"},
		{"no events", "POST", "/api/webhooks", map[string]any{"url": "https://hooks.example.com/x", "events": []string{}}, "events"},
		{"events not an array", "POST", "/api/webhooks", `{"url": "https://hooks.example.com/x", "events": "query.completed"}`, "events"},
		{"patch loopback url", "PATCH", "/api/webhooks/" + id, map[string]any{"url": "https://127.0.0.1/x"}, "url"},
		{"patch nothing", "PATCH", "/api/webhooks/" + id, map[string]any{}, "body"},
		{"bad stats window", "GET", "/api/webhooks/" + id + "/stats?window=forever", nil, "window"},
		{"bad deliveries limit", "GET", "/api/webhooks/" + id + "/deliveries?limit=0", nil, "limit"},
		{"bad deliveries status", "GET", "/api/webhooks/" + id + "/deliveries?status=lost", nil, "status"},
		{"replay without since", "POST", "/api/webhooks/" + id + "/replay", map[string]any{}, "since"},
		{"replay bad type", "POST", "/api/webhooks/" + id + "/replay", map[string]any{"since": "2026-01-01T00:00:00Z", "event_types": []string{"nope"}}, "event_types"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := s.Do(c.method, c.path, acct.Token, c.body).Expect(t, 400)
			details := r.Body["error"].(map[string]any)["details"].(map[string]any)
			if r.ErrorCode() != "invalid_request" || details["field"] != c.field {
				t.Fatalf("got %s field %v, want invalid_request field %s: %s", r.ErrorCode(), details["field"], c.field, r.Raw)
			}
		})
	}
}

func TestWebhooksAreForAdminsOfTheOrganization(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		owner := s.Register(t)
		stranger := s.Register(t)
		id := s.Do("POST", "/api/webhooks", owner.Token, map[string]any{"url": "https://hooks.example.com/x", "events": []string{"*"}}).Expect(t, 201).String("id")

		analyst := analystToken(t, s, owner)
		for _, path := range []string{"/api/webhooks", "/v1/api/webhooks", "/api/webhooks/" + id} {
			r := s.Do("GET", path, analyst, nil).Expect(t, 403)
			details := r.Body["error"].(map[string]any)["details"].(map[string]any)
			if r.ErrorCode() != "permission_denied" || details["required_role"] != "admin" {
				t.Fatalf("non-admin on %s: %s", path, r.Raw)
			}
		}
		s.Do("GET", "/api/webhooks", "", nil).Expect(t, 401)

		for _, req := range []struct{ method, path string }{
			{"GET", "/api/webhooks/" + id}, {"PATCH", "/api/webhooks/" + id}, {"DELETE", "/api/webhooks/" + id},
			{"POST", "/api/webhooks/" + id + "/test"}, {"POST", "/api/webhooks/" + id + "/rotate-secret"},
			{"GET", "/api/webhooks/" + id + "/deliveries"}, {"GET", "/api/webhooks/" + id + "/stats"},
			{"POST", "/api/webhooks/" + id + "/replay"}, {"POST", "/api/webhooks/" + id + "/deliveries/dlv_x/retry"},
		} {
			body := map[string]any{"enabled": true, "since": "2026-01-01T00:00:00Z"}
			r := s.Do(req.method, req.path, stranger.Token, body)
			if r.Status != 404 || r.ErrorCode() != "not_found" {
				t.Errorf("%s %s from another organization: %d %s", req.method, req.path, r.Status, r.Raw)
			}
		}
		list := s.Do("GET", "/api/webhooks", stranger.Token, nil).Expect(t, 200)
		if strings.Contains(string(list.Raw), id) {
			t.Fatalf("another organization sees the webhook: %s", list.Raw)
		}
	})
}

func TestWebhookURLRulesFollowTheAllowPrivateSetting(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) { c.WebhookAllowPrivate = false }})
	acct := s.Register(t)
	s.Do("POST", "/api/webhooks", acct.Token, map[string]any{"url": "http://127.0.0.1:9/x", "events": []string{"*"}}).Expect(t, 400)
	s.Do("POST", "/api/webhooks", acct.Token, map[string]any{"url": "https://10.0.0.1/x", "events": []string{"*"}}).Expect(t, 400)
	s.Do("POST", "/api/webhooks", acct.Token, map[string]any{"url": "https://hooks.example.com/x", "events": []string{"*"}}).Expect(t, 201)

	dev := apptest.Start(t, apptest.Options{Database: "sqlite"}) // tests allow private targets
	acct2 := dev.Register(t)
	dev.Do("POST", "/api/webhooks", acct2.Token, map[string]any{"url": "http://127.0.0.1:9/x", "events": []string{"*"}}).Expect(t, 201)
}
