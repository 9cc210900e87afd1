package api_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/nlq/llmtest"
)

func TestAnOrganizationsModelBaseURLCannotReachInternalAddresses(t *testing.T) {
	fake := llmtest.NewFakeOpenAI(t) // a fake OpenAI-compatible server on loopback
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) { c.LLMAllowPrivate = false }})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	for _, u := range []string{fake.URL(), "http://localhost:11434", "http://169.254.169.254/latest", "http://[::1]:8000/v1",
		"http://10.0.0.7:8000/v1", "http://100.64.0.1/v1", "http://[::ffff:127.0.0.1]:80/v1", "http://0.0.0.0:8000/v1"} {
		r := s.Do("PATCH", "/v1/organization/settings", admin.Token, map[string]any{"llm": map[string]any{"provider": "openai", "base_url": u, "api_key": "k"}}).Expect(t, 400)
		if errorField(r) != "llm.base_url" {
			t.Errorf("base_url %s: %s", u, r.Raw)
		}
	}
	// A name that later resolves to an internal address (stored directly, as DNS rebinding
	// would make it): the model client's dialer refuses it, and says so without details.
	if err := s.App.Store.UpdateOrganization(context.Background(), admin.OrgID, map[string]any{
		"llm_provider": "openai", "llm_base_url": strings.Replace(fake.URL(), "127.0.0.1", "localhost", 1)}); err != nil {
		t.Fatal(err)
	}
	before := len(fake.Requests())
	r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders", "agent_id": agentID}).Expect(t, 502)
	if r.ErrorCode() != "engine_error" || !strings.Contains(string(r.Raw), "not an allowed destination") || strings.Contains(string(r.Raw), "127.0.0.1") {
		t.Errorf("rebound base_url: %s", r.Raw)
	}
	if len(fake.Requests()) != before {
		t.Error("the fake model server was reached")
	}
}

func TestModelErrorsDoNotEchoTheProvidersText(t *testing.T) {
	leaky := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":{"message":"upstream 10.9.8.7:6379 SECRET-TRACE panic in /srv/internal/app.py","type":"server_error"}}`))
	}))
	defer leaky.Close()
	s := apptest.Start(t, apptest.Options{Database: "sqlite"}) // allow-private is on: the servers are on loopback
	// A port closed after the service started: one taken before could be reused by the
	// service's own embedded broker, which base_url may never name.
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedURL := "http://" + closed.Addr().String() + "/v1"
	closed.Close()
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	for _, base := range []string{leaky.URL + "/v1", closedURL} {
		s.Do("PATCH", "/v1/organization/settings", admin.Token, map[string]any{"llm": map[string]any{"provider": "openai", "base_url": base, "api_key": "k"}}).Expect(t, 200)
		r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders", "agent_id": agentID}).Expect(t, 502)
		raw := string(r.Raw)
		for _, leak := range []string{"SECRET", "10.9.8.7", "/srv/", "127.0.0.1", "dial", "connection refused"} {
			if strings.Contains(raw, leak) {
				t.Errorf("%s: the error echoes %q: %s", base, leak, raw)
			}
		}
		q := s.Do("GET", "/v1/queries?limit=50", admin.Token, nil).Expect(t, 200)
		if strings.Contains(string(q.Raw), "SECRET") || strings.Contains(string(q.Raw), "10.9.8.7") {
			t.Errorf("stored query error echoes the provider: %s", q.Raw)
		}
	}
}
