package api_test

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/apptest"
)

// revenueLayer is a semantic layer over the shop fixture: revenue counts completed and shipped
// orders only.
func revenueLayer() map[string]any {
	return map[string]any{
		"metrics": []map[string]any{{"name": "revenue", "synonyms": []string{"sales"}, "expression": "SUM(orders.total_amount)",
			"filters": []string{"orders.status IN ('completed', 'shipped')"}, "description": "completed and shipped orders"}},
		"synonyms":        []map[string]any{{"phrase": "clients", "target": "customers"}, {"phrase": "brazilians", "target": "customers.country=Brazil"}},
		"default_filters": []map[string]any{},
	}
}

func TestSemanticLayerIsSavedReadAndUsedByQuestions(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		admin := s.Register(t)
		agentID := shopAgent(t, s, admin.Token, "sqlite")
		path := "/v1/agents/" + agentID + "/semantics"

		empty := s.Do("GET", path, admin.Token, nil).Expect(t, 200)
		if m := empty.Body["metrics"].([]any); len(m) != 0 || empty.Body["updated_at"] != nil {
			t.Fatalf("empty layer: %s", empty.Raw)
		}
		put := s.Do("PUT", path, admin.Token, revenueLayer()).Expect(t, 200)
		if put.Body["updated_at"] == nil || put.Body["updated_by"] != admin.UserID {
			t.Fatalf("put: %s", put.Raw)
		}
		got := s.Do("GET", path, admin.Token, nil).Expect(t, 200)
		if !strings.Contains(string(got.Raw), `"SUM(orders.total_amount)"`) || !strings.Contains(string(got.Raw), `customers.country=Brazil`) {
			t.Fatalf("get: %s", got.Raw)
		}

		// Revenue follows the definition: 120.50 + 80 + 300 + 99.99, the cancelled order left out.
		r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "total revenue", "agent_id": agentID, "include_sql": true}).Expect(t, 200)
		if !strings.Contains(string(r.Raw), "600.49") || !strings.Contains(r.String("explanation"), "completed and shipped") {
			t.Fatalf("revenue answer: %s", r.Raw)
		}
		// A value synonym.
		b := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "number of orders of brazilians", "agent_id": agentID}).Expect(t, 200)
		if !strings.Contains(string(b.Raw), ":3") {
			t.Fatalf("value synonym: %s", b.Raw)
		}
		// The stored query keeps its explanation.
		stored := s.Do("GET", "/v1/queries/"+r.String("id"), admin.Token, nil).Expect(t, 200)
		if stored.String("explanation") == "" {
			t.Fatalf("stored explanation: %s", stored.Raw)
		}
	})
}

func TestSemanticLayerRefusesWhatTheAgentCannotRead(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	path := "/v1/agents/" + agentID + "/semantics"
	metric := func(expr string, filters ...string) map[string]any {
		if filters == nil {
			filters = []string{}
		}
		return map[string]any{"metrics": []map[string]any{{"name": "m", "expression": expr, "filters": filters}}}
	}
	tests := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"unknown table", metric("SUM(invoices.total)"), 422, "sql_rejected"},
		{"unknown column", metric("SUM(orders.nope)"), 422, "sql_rejected"},
		{"denied column in a metric", metric("COUNT(DISTINCT customers.email)"), 422, "column_not_permitted"},
		{"denied column in a filter", metric("COUNT(orders.id)", "customers.phone IS NOT NULL"), 422, "column_not_permitted"},
		{"denied column in a synonym", map[string]any{"synonyms": []map[string]any{{"phrase": "mail", "target": "customers.email"}}}, 422, "column_not_permitted"},
		{"synonym to an unknown table", map[string]any{"synonyms": []map[string]any{{"phrase": "bills", "target": "invoices"}}}, 422, "sql_rejected"},
		{"default filter on an unknown column", map[string]any{"default_filters": []map[string]any{{"table": "orders", "condition": "orders.deleted = 0"}}}, 422, "sql_rejected"},
		{"not an aggregate", metric("orders.total_amount"), 400, "invalid_request"},
		{"column outside the aggregate", metric("SUM(orders.total_amount) + orders.id"), 400, "invalid_request"},
		{"a subquery", metric("SUM((SELECT 1 FROM orders))"), 400, "invalid_request"},
		{"a second statement", metric("SUM(orders.total_amount); DROP TABLE orders"), 400, "invalid_request"},
		{"a write in a filter", metric("SUM(orders.total_amount)", "orders.id IN (DELETE FROM orders RETURNING id)"), 422, "sql_rejected"},
		{"unqualified column", metric("SUM(total_amount)"), 400, "invalid_request"},
		{"a forbidden function", metric("SUM(orders.total_amount)", "load_extension('x') = 1"), 422, "sql_rejected"},
		{"too long a name", map[string]any{"metrics": []map[string]any{{"name": strings.Repeat("n", 64), "expression": "COUNT(orders.id)"}}}, 400, "invalid_request"},
		{"too long an expression", metric("SUM(orders.total_amount" + strings.Repeat(" + 0", 300) + ")"), 400, "invalid_request"},
		{"duplicate metric", map[string]any{"metrics": []map[string]any{{"name": "m", "expression": "COUNT(orders.id)"}, {"name": "M", "expression": "COUNT(orders.id)"}}}, 400, "invalid_request"},
		{"a filter default on another table", map[string]any{"default_filters": []map[string]any{{"table": "orders", "condition": "customers.country = 'Brazil'"}}}, 400, "invalid_request"},
		{"not an object", []int{1}, 400, "invalid_request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := s.Do("PUT", path, admin.Token, tt.body).Expect(t, tt.status)
			if r.ErrorCode() != tt.code {
				t.Fatalf("code %s, want %s: %s", r.ErrorCode(), tt.code, r.Raw)
			}
		})
	}
	// Nothing was stored by the refused attempts.
	if got := s.Do("GET", path, admin.Token, nil).Expect(t, 200); len(got.Body["metrics"].([]any)) != 0 {
		t.Fatalf("a refused layer was stored: %s", got.Raw)
	}
}

func TestSemanticLayerBelongsToTheAgentsOrganizationAndAdmins(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	other := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	path := "/v1/agents/" + agentID + "/semantics"
	s.Do("GET", path, other.Token, nil).Expect(t, 404)
	s.Do("PUT", path, other.Token, revenueLayer()).Expect(t, 404)
	s.Do("GET", "/v1/agents/agent_nope/semantics", admin.Token, nil).Expect(t, 404)

	u := s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": "sem-analyst@example.com", "full_name": "Al", "role": "analyst"}).Expect(t, 201)
	inv := u.Body["invitation"].(map[string]any)["token"].(string)
	analyst := s.Do("POST", "/v1/auth/accept-invite", "", map[string]string{"token": inv, "password": "Analyst-pass-2024"}).Expect(t, 200).String("access_token")
	s.Do("GET", path, analyst, nil).Expect(t, 403) // not assigned
	s.Do("PUT", path, analyst, revenueLayer()).Expect(t, 403)
	s.Do("POST", "/v1/agents/"+agentID+"/users", admin.Token, map[string]any{"user_ids": []string{u.String("id")}}).Expect(t, 200)
	s.Do("GET", path, analyst, nil).Expect(t, 200) // a reader of the agent reads its definitions
	s.Do("PUT", path, analyst, revenueLayer()).Expect(t, 403)
}

func TestRefusalsSayWhatTheAgentMayNotDoOrSee(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	dsID := readySource(t, s, admin.Token, "sqlite")
	agentID := s.Do("POST", "/v1/agents", admin.Token, map[string]any{
		"name": "Orders only", "agent_type": "sales_performance", "data_source_id": dsID,
		"allowed_tables":     []string{"customers", "orders"},
		"column_permissions": map[string]any{"customers": map[string]any{"allowed": []string{"*"}, "denied": []string{"email", "phone"}}},
	}).Expect(t, 201).String("id")
	ask := func(q string) *apptest.Response {
		return s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": q, "agent_id": agentID}).Expect(t, 422)
	}
	tests := []struct {
		question, code, detail, value string
	}{
		{"delete all cancelled orders", "sql_rejected", "unmapped_words", ""},
		{"please drop table customers", "sql_rejected", "unmapped_words", ""},
		{"number of customers per region", "sql_rejected", "table", "regions"},
		{"phone numbers of customers in Brazil", "column_not_permitted", "column", "customers.phone"},
		{"what is the meaning of life", "question_not_understood", "suggestions", ""},
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			r := ask(tt.question)
			if r.ErrorCode() != tt.code {
				t.Fatalf("code %s, want %s: %s", r.ErrorCode(), tt.code, r.Raw)
			}
			got, ok := r.Body["error"].(map[string]any)["details"].(map[string]any)[tt.detail]
			if !ok || tt.value != "" && got != tt.value {
				t.Fatalf("details.%s = %v, want %q: %s", tt.detail, got, tt.value, r.Raw)
			}
		})
	}
}
