package api_test

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
)

// The question path keeps short-lived copies of credentials, users, agents and assignments
// (auth/principals.go, agents/cache.go). A change made through this process must reach the very
// next request: each case warms the copy, changes something through the API, and asks again.
func TestAChangeThroughThisProcessReachesTheNextRequestDespiteCachedCopies(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	ask := func(token string) *apptest.Response {
		return s.Do("POST", "/v1/queries", token, map[string]any{"question": "how many customers in Brazil", "agent_id": agentID})
	}
	cases := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"a logged-out token is refused at once", func(t *testing.T) {
			tok := s.Login(t, admin.Email, admin.Password)
			s.Do("GET", "/v1/auth/me", tok, nil).Expect(t, 200)
			s.Do("POST", "/v1/auth/logout", tok, nil).Expect(t, 200)
			s.Do("GET", "/v1/auth/me", tok, nil).Expect(t, 401)
		}},
		{"a revoked API key is refused at once", func(t *testing.T) {
			k := s.Do("POST", "/v1/auth/api-keys", admin.Token, map[string]any{"name": "cached"}).Expect(t, 201)
			ask(k.String("key")).Expect(t, 200)
			s.Do("DELETE", "/v1/auth/api-keys/"+k.String("id"), admin.Token, nil).Expect(t, 200)
			ask(k.String("key")).Expect(t, 401)
		}},
		{"a deactivated user is refused at once", func(t *testing.T) {
			id, tok := invitedToken(t, s, admin, "analyst")
			s.Do("GET", "/v1/auth/me", tok, nil).Expect(t, 200)
			s.Do("DELETE", "/v1/users/"+id, admin.Token, nil).Expect(t, 200)
			s.Do("GET", "/v1/auth/me", tok, nil).Expect(t, 401)
		}},
		{"a lower role applies to the next question", func(t *testing.T) {
			id, tok := invitedToken(t, s, admin, "analyst")
			s.Do("POST", "/v1/agents/"+agentID+"/users", admin.Token, map[string]any{"user_ids": []string{id}}).Expect(t, 200)
			ask(tok).Expect(t, 200)
			s.Do("PATCH", "/v1/users/"+id, admin.Token, map[string]any{"role": "viewer"}).Expect(t, 200)
			ask(tok).Expect(t, 403)
		}},
		{"an unassigned analyst is refused the next question", func(t *testing.T) {
			id, tok := invitedToken(t, s, admin, "analyst")
			s.Do("POST", "/v1/agents/"+agentID+"/users", admin.Token, map[string]any{"user_ids": []string{id}}).Expect(t, 200)
			ask(tok).Expect(t, 200)
			s.Do("DELETE", "/v1/agents/"+agentID+"/users/"+id, admin.Token, nil).Expect(t, 200)
			ask(tok).Expect(t, 403)
		}},
		{"a table taken from the agent is refused the next question", func(t *testing.T) {
			ask(admin.Token).Expect(t, 200)
			s.Do("PATCH", "/v1/agents/"+agentID+"/tables", admin.Token, map[string]any{"allowed_tables": []string{"orders", "regions"}}).Expect(t, 200)
			if r := ask(admin.Token); r.Status == 200 {
				t.Fatalf("customers were taken from the agent, yet: %s", r.Raw)
			}
			s.Do("PATCH", "/v1/agents/"+agentID+"/tables", admin.Token, map[string]any{"allowed_tables": []string{"customers", "orders", "regions"}}).Expect(t, 200)
			ask(admin.Token).Expect(t, 200)
		}},
		{"a deactivated agent refuses the next question", func(t *testing.T) {
			ask(admin.Token).Expect(t, 200)
			s.Do("POST", "/v1/agents/"+agentID+"/deactivate", admin.Token, nil).Expect(t, 200)
			ask(admin.Token).Expect(t, 400)
			s.Do("POST", "/v1/agents/"+agentID+"/activate", admin.Token, nil).Expect(t, 200)
			ask(admin.Token).Expect(t, 200)
		}},
		{"another organization's agent stays unknown with a warm copy", func(t *testing.T) {
			ask(admin.Token).Expect(t, 200)
			other := s.Register(t)
			if r := ask(other.Token); r.Status != 400 || r.ErrorCode() != "invalid_request" {
				t.Fatalf("another organization's agent: %d %s", r.Status, r.Raw)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

// Two API processes on one database: a change through one reaches the other's very next request,
// though the other holds copies of the credential, the agent and its planning head (the access
// epoch it reads with the rate limit has moved).
func TestAChangeThroughAnotherAPIProcessReachesTheNextRequestDespiteCachedCopies(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		a := apptest.Start(t, apptest.Options{Database: db})
		b := apptest.Start(t, apptest.Options{DataDir: a.Cfg.DataDir, DatabaseURL: a.Cfg.DatabaseURL, NATSURL: a.App.NATSURL,
			Role: &app.Role{API: true}})
		admin := a.Register(t)
		agentID := shopAgent(t, a, admin.Token, "sqlite")
		ask := func(s *apptest.Service, token string) *apptest.Response {
			return s.Do("POST", "/v1/queries", token, map[string]any{"question": "how many orders are there", "agent_id": agentID,
				"include_chart": false})
		}
		// b answers through the broker (it runs no worker): async, so its copy is warmed
		// without waiting on a's worker.
		async := map[string]string{"Prefer": "respond-async"}
		warm := func(token string) {
			b.DoWith("POST", "/v1/queries", token, map[string]any{"question": "how many orders are there", "agent_id": agentID}, async).Expect(t, 202)
		}

		id, analyst := invitedToken(t, a, admin, "analyst")
		a.Do("POST", "/v1/agents/"+agentID+"/users", admin.Token, map[string]any{"user_ids": []string{id}}).Expect(t, 200)
		warm(analyst)
		a.Do("DELETE", "/v1/agents/"+agentID+"/users/"+id, admin.Token, nil).Expect(t, 200)
		b.DoWith("POST", "/v1/queries", analyst, map[string]any{"question": "how many orders are there", "agent_id": agentID}, async).Expect(t, 403)

		warm(admin.Token)
		a.Do("POST", "/v1/agents/"+agentID+"/deactivate", admin.Token, nil).Expect(t, 200)
		ask(b, admin.Token).Expect(t, 400)
		a.Do("POST", "/v1/agents/"+agentID+"/activate", admin.Token, nil).Expect(t, 200)

		k := a.Do("POST", "/v1/auth/api-keys", admin.Token, map[string]any{"name": "cached"}).Expect(t, 201)
		b.Do("GET", "/v1/auth/me", k.String("key"), nil).Expect(t, 200)
		a.Do("DELETE", "/v1/auth/api-keys/"+k.String("id"), admin.Token, nil).Expect(t, 200)
		b.Do("GET", "/v1/auth/me", k.String("key"), nil).Expect(t, 401)

		b.Do("GET", "/v1/auth/me", analyst, nil).Expect(t, 200)
		a.Do("DELETE", "/v1/users/"+id, admin.Token, nil).Expect(t, 200)
		b.Do("GET", "/v1/auth/me", analyst, nil).Expect(t, 401)

		// a plans with a copy of the agent's planning head; a semantic layer put through b is
		// used by a's next question, and so is its removal.
		revenue := func() string {
			return string(a.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "total revenue", "agent_id": agentID}).Raw)
		}
		revenue()
		b.Do("PUT", "/v1/agents/"+agentID+"/semantics", admin.Token, revenueLayer()).Expect(t, 200)
		if r := revenue(); !strings.Contains(r, "600.49") {
			t.Fatalf("revenue after the layer was put through the other process: %s", r)
		}
		b.Do("PUT", "/v1/agents/"+agentID+"/semantics", admin.Token, map[string]any{"metrics": []any{}, "synonyms": []any{}, "default_filters": []any{}}).Expect(t, 200)
		if r := revenue(); strings.Contains(r, "600.49") {
			t.Fatalf("revenue after the layer was emptied through the other process: %s", r)
		}
	})
}
