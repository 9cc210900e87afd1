package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
)

// shopAgent registers a shop data source of that kind and an agent over it that may not read
// customers' e-mail and phone.
func shopAgent(t *testing.T, s *apptest.Service, token, kind string) string {
	t.Helper()
	dsID := readySource(t, s, token, kind)
	return s.Do("POST", "/v1/agents", token, map[string]any{
		"name": "Shop", "agent_type": "sales_performance", "data_source_id": dsID,
		"allowed_tables":     []string{"customers", "orders", "regions"},
		"column_permissions": map[string]any{"customers": map[string]any{"allowed": []string{"*"}, "denied": []string{"email", "phone"}}},
	}).Expect(t, 201).String("id")
}

func TestQuestionsAreAnsweredOnEachDataSourceKind(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	for _, kind := range dataSourceKinds() {
		t.Run(kind, func(t *testing.T) {
			agentID := shopAgent(t, s, admin.Token, kind)
			r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID,
				"include_sql": true, "include_chart": true}).Expect(t, 200)
			for _, f := range []string{"id", "question", "sql", "results", "execution_time", "chart"} {
				if _, ok := r.Body[f]; !ok {
					t.Errorf("answer lacks %s: %s", f, r.Raw)
				}
			}
			rows := r.Body["results"].([]any)
			if len(rows) != 1 || !strings.Contains(string(r.Raw), "5") {
				t.Fatalf("count of orders: %s", r.Raw)
			}
			by := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "total amount of orders by status", "agent_id": agentID}).Expect(t, 200)
			if by.Body["chart"].(map[string]any)["type"] == "" || len(by.Body["results"].([]any)) != 3 {
				t.Fatalf("grouped: %s", by.Raw)
			}
			filtered := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many customers in Brazil", "agent_id": agentID, "include_sql": false, "include_chart": false}).Expect(t, 200)
			if _, has := filtered.Body["sql"]; has {
				t.Fatalf("include_sql false still returns sql: %s", filtered.Raw)
			}
			if _, has := filtered.Body["chart"]; has {
				t.Fatalf("include_chart false still returns chart: %s", filtered.Raw)
			}
			if !strings.Contains(string(filtered.Raw), `:2`) {
				t.Fatalf("customers in Brazil: %s", filtered.Raw)
			}
		})
	}
}

func TestQueriesSyncAsyncHistoryAndFailures(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		admin := s.Register(t)
		agentID := shopAgent(t, s, admin.Token, "sqlite")

		// Asynchronous: 202 with Location, then the result by id.
		req, _ := http.NewRequest("POST", s.URL+"/v1/queries", strings.NewReader(`{"question":"average total amount of orders","agent_id":"`+agentID+`"}`))
		req.Header.Set("Authorization", "Bearer "+admin.Token)
		req.Header.Set("Prefer", "respond-async")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 202 || !strings.HasPrefix(resp.Header.Get("Location"), "/v1/queries/query_") {
			t.Fatalf("async: %d %v", resp.StatusCode, resp.Header)
		}
		loc := resp.Header.Get("Location")
		var got *apptest.Response
		for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			got = s.Do("GET", loc, admin.Token, nil).Expect(t, 200)
			if got.String("status") == "completed" {
				break
			}
		}
		if got.String("status") != "completed" || got.Body["execution_time"] == nil {
			t.Fatalf("async result: %s", got.Raw)
		}

		// A question the engine cannot map fails clearly, is stored as failed, and fires query.failed.
		nu := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "what is the meaning of life", "agent_id": agentID}).Expect(t, 422)
		if nu.ErrorCode() != "question_not_understood" {
			t.Fatalf("not understood: %s", nu.Raw)
		}
		qid := nu.Body["error"].(map[string]any)["details"].(map[string]any)["query_id"].(string)
		failed := s.Do("GET", "/v1/queries/"+qid, admin.Token, nil).Expect(t, 200)
		if failed.String("status") != "failed" || failed.Body["error"].(map[string]any)["code"] != "question_not_understood" {
			t.Fatalf("stored failure: %s", failed.Raw)
		}
		// Asking about a denied column says so: the engine never sees it, the planner knows it is hidden.
		if r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "list customer email", "agent_id": agentID}).Expect(t, 422); r.ErrorCode() != "column_not_permitted" {
			t.Fatalf("denied column: %s", r.Raw)
		}

		// Input errors.
		s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "x"}).Expect(t, 400)
		unknown := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "x", "agent_id": "agent_nope"}).Expect(t, 400)
		if unknown.ErrorCode() != "invalid_request" || unknown.Body["error"].(map[string]any)["details"].(map[string]any)["agent_id"] != "agent_nope" {
			t.Fatalf("unknown agent: %s", unknown.Raw)
		}
		s.Do("POST", "/v1/agents/"+agentID+"/deactivate", admin.Token, nil).Expect(t, 200)
		s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders", "agent_id": agentID}).Expect(t, 400)
		s.Do("POST", "/v1/agents/"+agentID+"/activate", admin.Token, nil).Expect(t, 200)

		// Assignment: an analyst not assigned gets 403; a viewer cannot ask; another org's agent is unknown.
		inv := s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": "q-analyst@example.com", "full_name": "Q", "role": "analyst"}).Expect(t, 201)
		analyst := s.Do("POST", "/v1/auth/accept-invite", "", map[string]string{"token": inv.Body["invitation"].(map[string]any)["token"].(string), "password": "Analyst-pass-2024"}).Expect(t, 200).String("access_token")
		s.Do("POST", "/v1/queries", analyst, map[string]any{"question": "how many orders", "agent_id": agentID}).Expect(t, 403)
		s.Do("POST", "/v1/agents/"+agentID+"/users", admin.Token, map[string]any{"user_ids": []string{inv.String("id")}}).Expect(t, 200)
		s.Do("POST", "/v1/queries", analyst, map[string]any{"question": "how many orders", "agent_id": agentID}).Expect(t, 200)
		other := s.Register(t)
		s.Do("POST", "/v1/queries", other.Token, map[string]any{"question": "how many orders", "agent_id": agentID}).Expect(t, 400)
		s.Do("GET", "/v1/queries/"+qid, other.Token, nil).Expect(t, 404)

		// History: admins see the organization's, analysts their own; filters and pagination.
		h := s.Do("GET", "/v1/queries?limit=2&offset=0", admin.Token, nil).Expect(t, 200)
		if h.Body["total"].(float64) < 4 || len(h.Body["queries"].([]any)) != 2 || h.Body["page"] != float64(1) {
			t.Fatalf("history: %s", h.Raw)
		}
		mine := s.Do("GET", "/v1/queries", analyst, nil).Expect(t, 200)
		if mine.Body["total"] != float64(1) {
			t.Fatalf("analyst history: %s", mine.Raw)
		}
		fl := s.Do("GET", "/v1/queries?status=failed&agent_id="+agentID, admin.Token, nil).Expect(t, 200)
		if fl.Body["total"] != float64(2) {
			t.Fatalf("failed filter: %s", fl.Raw)
		}
		s.Do("GET", "/v1/queries?status=weird", admin.Token, nil).Expect(t, 400)

		// Stats and performance now have figures.
		st := s.Do("GET", "/v1/agents/"+agentID+"/stats", admin.Token, nil).Expect(t, 200)
		m := st.Body["metrics"].(map[string]any)
		if m["total_queries"].(float64) < 4 || m["unique_users"] != float64(2) || m["success_rate"].(float64) <= 0 {
			t.Fatalf("stats: %s", st.Raw)
		}
		perf := s.Do("GET", "/v1/agents/"+agentID+"/performance", admin.Token, nil).Expect(t, 200)
		if perf.Body["error_rate"].(float64) <= 0 || perf.Body["p50_response_time"].(float64) <= 0 {
			t.Fatalf("performance: %s", perf.Raw)
		}
	})
}

func TestAQueryOnAnUnreachableDatabaseFailsWithAClearCode(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	ag := s.Do("GET", "/v1/agents/"+agentID, admin.Token, nil).Expect(t, 200)
	// Point the data source at a closed port: the stored schema stays, the database is gone.
	s.Do("PATCH", "/v1/data-sources/"+ag.String("data_source_id"), admin.Token, map[string]any{
		"type": "postgres", "host": "127.0.0.1", "port": closedPort(t), "database": "x", "username": "u", "path": "", "ssl_mode": "disable"}).Expect(t, 200)
	r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID}).Expect(t, 502)
	if r.ErrorCode() != "data_source_unavailable" {
		t.Fatalf("unreachable: %s", r.Raw)
	}
}
