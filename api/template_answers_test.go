package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
)

const statusTemplateSQL = `SELECT c.name, o.total_amount FROM orders o JOIN customers c ON c.id = o.customer_id
WHERE o.status = :status AND o.order_date >= :since ORDER BY o.id`

// statusTemplate answers "which orders were <status> in <year>?" on an agent.
func statusTemplate(agentID string) map[string]any {
	return map[string]any{"name": "Orders by status", "agent_id": agentID, "sql": statusTemplateSQL,
		"parameters": []map[string]any{
			{"name": "status", "type": "string", "required": true, "allowed_values": []string{"completed", "shipped", "cancelled"}},
			{"name": "since", "type": "date", "default": "2020-01-01"},
		},
		"example_questions": []string{"which orders were completed in 2024?"}}
}

// askAny asks a question and returns the query as GET reads it once finished, whatever the
// outcome (an engine may refuse a question a template would have answered).
func askAny(t *testing.T, s *apptest.Service, token, agentID, question string) *apptest.Response {
	t.Helper()
	r := s.Do("POST", "/v1/queries", token, map[string]any{"question": question, "agent_id": agentID, "include_sql": true})
	id := r.String("id")
	if id == "" {
		id, _ = detail(r, "query_id").(string)
	}
	if id == "" {
		t.Fatalf("ask %q: %d %s", question, r.Status, r.Raw)
	}
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		q := s.Do("GET", "/v1/queries/"+id, token, nil).Expect(t, 200)
		if st := q.String("status"); st != "pending" && st != "running" {
			return q
		}
	}
	t.Fatalf("query %s did not finish", id)
	return nil
}

func notByTemplate(t *testing.T, q *apptest.Response, why string) {
	t.Helper()
	if _, ok := q.Body["template_id"]; ok || strings.HasPrefix(q.String("explanation"), "Answered with template") {
		t.Fatalf("%s, yet a template answered: %s", why, q.Raw)
	}
}

func TestQuestionsMatchingATemplateRunTheTemplate(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		admin := s.Register(t)
		agentID := shopAgent(t, s, admin.Token, "sqlite")
		tplID := s.Do("POST", "/v1/templates", admin.Token, statusTemplate(agentID)).Expect(t, 201).String("id")

		// The example with another allowed value runs the template with that value.
		q := askAny(t, s, admin.Token, agentID, "Which orders were SHIPPED in 2024")
		if q.String("status") != "completed" || q.String("template_id") != tplID || q.Body["row_count"].(float64) != 1 ||
			!strings.Contains(string(q.Raw), "99.99") || q.Body["chart"] == nil || !strings.Contains(q.String("sql"), "o.status = ") {
			t.Fatalf("template answer: %s", q.Raw)
		}
		if want := "Answered with template 'Orders by status' (status = shipped, since = 2024-01-01)"; q.String("explanation") != want {
			t.Fatalf("explanation %q, want %q", q.String("explanation"), want)
		}
		if l := s.Do("GET", "/v1/queries?agent_id="+agentID, admin.Token, nil).Expect(t, 200); l.Body["total"].(float64) != 1 {
			t.Fatalf("the answer is one query: %s", l.Raw)
		}
		// A near miss goes to the engine.
		notByTemplate(t, askAny(t, s, admin.Token, agentID, "how many orders were shipped in 2024?"), "a count is not the template's list")

		// A template of another agent of the organization is never used.
		dsID := s.Do("GET", "/v1/agents/"+agentID, admin.Token, nil).Expect(t, 200).String("data_source_id")
		other := s.Do("POST", "/v1/agents", admin.Token, map[string]any{"name": "Regions", "agent_type": "sales_performance",
			"data_source_id": dsID, "allowed_tables": []string{"regions"}}).Expect(t, 201).String("id")
		regions := map[string]any{"name": "Regions", "agent_id": other, "sql": "SELECT name FROM regions ORDER BY id",
			"example_questions": []string{"which regions are listed?"}}
		regionsID := s.Do("POST", "/v1/templates", admin.Token, regions).Expect(t, 201).String("id")
		notByTemplate(t, askAny(t, s, admin.Token, agentID, "which regions are listed?"), "the template is on another agent")
		if q := askAny(t, s, admin.Token, other, "Which regions are listed"); q.String("template_id") != regionsID || q.Body["row_count"].(float64) != 3 {
			t.Fatalf("on its own agent: %s", q.Raw)
		}

		// Another organization's template is never used, nor can it be put on this agent.
		stranger := s.Register(t)
		s.Do("POST", "/v1/templates", stranger.Token, statusTemplate(agentID)).Expect(t, 400)
		theirs := shopAgent(t, s, stranger.Token, "sqlite")
		foreign := map[string]any{"name": "Customers", "agent_id": theirs, "sql": "SELECT name FROM customers ORDER BY id",
			"example_questions": []string{"which customers are listed?"}}
		s.Do("POST", "/v1/templates", stranger.Token, foreign).Expect(t, 201)
		notByTemplate(t, askAny(t, s, admin.Token, agentID, "which customers are listed?"), "the template is another organization's")

		// An analyst not assigned to the agent never gets its templates; once assigned, they do.
		analystID, analyst := invitedToken(t, s, admin, "analyst")
		if r := s.Do("POST", "/v1/queries", analyst, map[string]any{"question": "which orders were shipped in 2024?", "agent_id": agentID}); r.Status != 403 ||
			strings.Contains(string(r.Raw), tplID) {
			t.Fatalf("unassigned analyst: %d %s", r.Status, r.Raw)
		}
		s.Do("POST", "/v1/agents/"+agentID+"/users", admin.Token, map[string]any{"user_ids": []string{analystID}}).Expect(t, 200)
		if q := askAny(t, s, analyst, agentID, "which orders were cancelled in 2024?"); q.String("template_id") != tplID || q.Body["row_count"].(float64) != 1 {
			t.Fatalf("assigned analyst: %s", q.Raw)
		}
	})
}

// A question answered by a template is one question for the quota: the template's run is not
// counted again as an execution.
func TestTemplateAnswersCountOnceAgainstTheQueryQuota(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: onPlan("growth")})
	owner := s.Register(t)
	agentID := shopAgent(t, s, owner.Token, "sqlite")
	tplID := s.Do("POST", "/v1/templates", owner.Token, statusTemplate(agentID)).Expect(t, 201).String("id")
	limit := int64(2)
	if _, err := s.App.Billing.SetLimits(context.Background(), owner.OrgID, nil, nil, &limit); err != nil {
		t.Fatal(err)
	}
	for _, question := range []string{"which orders were completed in 2024?", "which orders were shipped in 2024?"} {
		if q := askAny(t, s, owner.Token, agentID, question); q.String("template_id") != tplID {
			t.Fatalf("%q: %s", question, q.Raw)
		}
	}
	if r := s.Do("POST", "/v1/queries", owner.Token, map[string]any{"question": "which orders were cancelled in 2024?", "agent_id": agentID}); r.Status != 429 {
		t.Fatalf("a third question past a quota of 2: %d %s", r.Status, r.Raw)
	}
}
