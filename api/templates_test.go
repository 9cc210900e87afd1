package api_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
)

const ordersTemplateSQL = `SELECT c.name, o.total_amount, o.order_date FROM orders o JOIN customers c ON c.id = o.customer_id
WHERE o.status = :status AND o.total_amount >= :min AND o.order_date >= :since -- a comment with :colon
ORDER BY o.id`

func ordersTemplate(agentID string) map[string]any {
	return map[string]any{"name": "Orders by status", "description": "orders of one status", "agent_id": agentID, "sql": ordersTemplateSQL,
		"parameters": []map[string]any{
			{"name": "status", "type": "string", "required": true},
			{"name": "min", "type": "number", "default": 0},
			{"name": "since", "type": "date", "default": "2024-01-01"},
		},
		"example_questions": []string{"which orders are completed?"}}
}

func detail(r *apptest.Response, key string) any {
	e, _ := r.Body["error"].(map[string]any)
	d, _ := e["details"].(map[string]any)
	return d[key]
}

func TestTemplatesAreSavedCheckedRunAndScopedToTheOrganization(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")

	created := s.Do("POST", "/v1/templates", admin.Token, ordersTemplate(agentID)).Expect(t, 201)
	tplID := created.String("id")
	if !strings.HasPrefix(tplID, "tpl_") || created.String("created_by") != admin.UserID || len(created.Body["parameters"].([]any)) != 3 {
		t.Fatalf("create: %s", created.Raw)
	}

	// The guard runs at save: a denied column is named.
	bad := ordersTemplate(agentID)
	bad["sql"] = "SELECT email FROM customers WHERE country = :status"
	bad["parameters"] = []map[string]any{{"name": "status", "type": "string"}}
	rej := s.Do("POST", "/v1/templates", admin.Token, bad).Expect(t, 422)
	if rej.ErrorCode() != "sql_rejected" || detail(rej, "column") != "customers.email" {
		t.Fatalf("rejected: %s", rej.Raw)
	}
	// Parameters must match the SQL; definitions are typed.
	undeclared := ordersTemplate(agentID)
	undeclared["parameters"] = []map[string]any{{"name": "status", "type": "string"}}
	if r := s.Do("POST", "/v1/templates", admin.Token, undeclared).Expect(t, 400); detail(r, "parameter") != "min" {
		t.Fatalf("undeclared: %s", r.Raw)
	}
	badType := ordersTemplate(agentID)
	badType["parameters"] = []map[string]any{{"name": "status", "type": "uuid"}, {"name": "min", "type": "number"}, {"name": "since", "type": "date"}}
	s.Do("POST", "/v1/templates", admin.Token, badType).Expect(t, 400)
	s.Do("POST", "/v1/templates", admin.Token, map[string]any{"name": strings.Repeat("x", 300), "agent_id": agentID, "sql": "SELECT 1"}).Expect(t, 400)
	s.Do("POST", "/v1/templates", admin.Token, map[string]any{"name": "x", "agent_id": "agent_nope", "sql": "SELECT 1"}).Expect(t, 400)
	s.Do("POST", "/v1/templates", admin.Token, `{"name": 5}`).Expect(t, 400)

	// Execute: bound values, typed validation.
	ok := s.Do("POST", "/v1/templates/"+tplID+"/execute", admin.Token, map[string]any{"parameters": map[string]any{"status": "completed"}}).Expect(t, 200)
	if !strings.HasPrefix(ok.String("execution_id"), "exec_") || ok.Body["row_count"].(float64) != 3 || ok.String("template_id") != tplID ||
		ok.String("status") != "completed" || ok.Body["chart"] == nil || ok.Body["truncated"] != false {
		t.Fatalf("execute: %s", ok.Raw)
	}
	inj := s.Do("POST", "/v1/templates/"+tplID+"/execute", admin.Token, map[string]any{"parameters": map[string]any{"status": "completed' OR '1'='1"}}).Expect(t, 200)
	if inj.Body["row_count"].(float64) != 0 {
		t.Fatalf("injection through a string matched rows: %s", inj.Raw)
	}
	for _, tc := range []struct {
		params map[string]any
		name   string
	}{
		{map[string]any{}, "status"},
		{map[string]any{"status": "completed", "min": "0 OR 1=1"}, "min"},
		{map[string]any{"status": "completed", "since": "2024-01-01' OR '1'='1"}, "since"},
		{map[string]any{"status": "completed", "region": "x"}, "region"},
		{map[string]any{"status": 7}, "status"},
	} {
		r := s.Do("POST", "/v1/templates/"+tplID+"/execute", admin.Token, map[string]any{"parameters": tc.params}).Expect(t, 400)
		if r.ErrorCode() != "invalid_request" || detail(r, "parameter") != tc.name {
			t.Fatalf("%v: %s", tc.params, r.Raw)
		}
	}

	// Asynchronous: 202 and Location, then the execution by id.
	req, _ := http.NewRequest("POST", s.URL+"/v1/templates/"+tplID+"/execute", strings.NewReader(`{"parameters":{"status":"shipped"}}`))
	req.Header.Set("Authorization", "Bearer "+admin.Token)
	req.Header.Set("Prefer", "respond-async")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	if resp.StatusCode != 202 || !strings.HasPrefix(loc, "/v1/templates/executions/exec_") {
		t.Fatalf("async: %d %q", resp.StatusCode, loc)
	}
	var got *apptest.Response
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got = s.Do("GET", loc, admin.Token, nil).Expect(t, 200); got.String("status") == "completed" {
			break
		}
	}
	if got.String("status") != "completed" || got.Body["row_count"].(float64) != 1 {
		t.Fatalf("async result: %s", got.Raw)
	}
	hist := s.Do("GET", "/v1/templates/"+tplID+"/executions", admin.Token, nil).Expect(t, 200)
	if hist.Body["total"].(float64) != 3 {
		t.Fatalf("history: %s", hist.Raw)
	}

	// The guard runs again at every run: a column denied since the save refuses the run.
	s.Do("PATCH", "/v1/agents/"+agentID+"/columns", admin.Token, map[string]any{"table_name": "orders", "denied_columns": []string{"total_amount"}}).Expect(t, 200)
	denied := s.Do("POST", "/v1/templates/"+tplID+"/execute", admin.Token, map[string]any{"parameters": map[string]any{"status": "completed"}}).Expect(t, 422)
	if denied.ErrorCode() != "sql_rejected" || detail(denied, "column") != "orders.total_amount" || detail(denied, "execution_id") == nil {
		t.Fatalf("run after permissions changed: %s", denied.Raw)
	}
	s.Do("PATCH", "/v1/agents/"+agentID+"/columns", admin.Token, map[string]any{"table_name": "orders", "denied_columns": []string{}}).Expect(t, 200)
	s.Do("POST", "/v1/templates/"+tplID+"/execute", admin.Token, map[string]any{"parameters": map[string]any{"status": "completed"}}).Expect(t, 200)

	// List, filter, paging.
	list := s.Do("GET", "/v1/templates?agent_id="+agentID+"&limit=1", admin.Token, nil).Expect(t, 200)
	if list.Body["total"].(float64) != 1 || len(list.Body["templates"].([]any)) != 1 {
		t.Fatalf("list: %s", list.Raw)
	}
	if l := s.Do("GET", "/v1/templates?agent_id=agent_other", admin.Token, nil).Expect(t, 200); l.Body["total"].(float64) != 0 {
		t.Fatalf("filter: %s", l.Raw)
	}
	s.Do("GET", "/v1/templates?limit=0", admin.Token, nil).Expect(t, 400)

	// PATCH checks again; from_query_id saves a past answer.
	patched := s.Do("PATCH", "/v1/templates/"+tplID, admin.Token, map[string]any{"name": "Orders by status v2"}).Expect(t, 200)
	if patched.String("name") != "Orders by status v2" {
		t.Fatalf("patch: %s", patched.Raw)
	}
	s.Do("PATCH", "/v1/templates/"+tplID, admin.Token, map[string]any{"sql": "SELECT phone FROM customers WHERE country = :status AND 1 >= :min AND '2024-01-01' >= :since"}).Expect(t, 422)
	q := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID}).Expect(t, 200)
	fromQ := s.Do("POST", "/v1/templates", admin.Token, map[string]any{"from_query_id": q.String("id"), "name": "Order count"}).Expect(t, 201)
	if fromQ.String("sql") == "" || fromQ.String("agent_id") != agentID {
		t.Fatalf("from query: %s", fromQ.Raw)
	}
	s.Do("POST", "/v1/templates", admin.Token, map[string]any{"from_query_id": "query_nope", "name": "x"}).Expect(t, 400)

	// Another organization sees none of it.
	other := s.Register(t)
	s.Do("GET", "/v1/templates/"+tplID, other.Token, nil).Expect(t, 404)
	s.Do("POST", "/v1/templates/"+tplID+"/execute", other.Token, map[string]any{"parameters": map[string]any{"status": "completed"}}).Expect(t, 404)
	s.Do("GET", "/v1/templates/executions/"+ok.String("execution_id"), other.Token, nil).Expect(t, 404)
	s.Do("DELETE", "/v1/templates/"+tplID, other.Token, nil).Expect(t, 404)
	s.Do("GET", "/v1/templates", other.Token, nil).Expect(t, 200)

	// A viewer runs templates of agents assigned to them, and writes nothing.
	inv := s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": "tpl-viewer@example.com", "full_name": "V", "role": "viewer"}).Expect(t, 201)
	viewer := s.Do("POST", "/v1/auth/accept-invite", "", map[string]string{"token": inv.Body["invitation"].(map[string]any)["token"].(string), "password": "Viewer-pass-2024"}).Expect(t, 200).String("access_token")
	s.Do("GET", "/v1/templates/"+tplID, viewer, nil).Expect(t, 403)
	if l := s.Do("GET", "/v1/templates", viewer, nil).Expect(t, 200); l.Body["total"].(float64) != 0 {
		t.Fatalf("viewer list before assignment: %s", l.Raw)
	}
	s.Do("POST", "/v1/templates", viewer, ordersTemplate(agentID)).Expect(t, 403)
	s.Do("POST", "/v1/agents/"+agentID+"/users", admin.Token, map[string]any{"user_ids": []string{inv.String("id")}}).Expect(t, 200)
	s.Do("POST", "/v1/templates/"+tplID+"/execute", viewer, map[string]any{"parameters": map[string]any{"status": "completed"}}).Expect(t, 200)
	s.Do("PATCH", "/v1/templates/"+tplID, viewer, map[string]any{"name": "mine"}).Expect(t, 403)
	s.Do("DELETE", "/v1/templates/"+tplID, viewer, nil).Expect(t, 403)
	s.Do("POST", "/v1/templates/"+tplID+"/schedule", viewer, map[string]any{}).Expect(t, 403)
	s.Do("GET", "/v1/templates/executions/"+ok.String("execution_id"), viewer, nil).Expect(t, 404)

	// template.created and template.executed are on the event stream with the spec's fields.
	var created2, executed int
	err = events.Replay(context.Background(), s.App.JS, events.ReadOptions{OrgID: admin.OrgID, Types: []string{events.TemplateCreated, events.TemplateExecuted}},
		func(ev events.StoredEvent) error {
			raw := string(ev.Envelope.Data)
			switch ev.Envelope.Type {
			case events.TemplateCreated:
				created2++
			case events.TemplateExecuted:
				executed++
				for _, f := range []string{"template_id", "template_name", "execution_id", "parameters", "status", "row_count"} {
					if !strings.Contains(raw, `"`+f+`"`) {
						t.Errorf("template.executed lacks %s: %s", f, raw)
					}
				}
			}
			return nil
		})
	if err != nil || created2 != 2 || executed < 6 {
		t.Fatalf("events: created %d executed %d err %v", created2, executed, err)
	}

	s.Do("DELETE", "/v1/templates/"+tplID, admin.Token, nil).Expect(t, 204)
	s.Do("GET", "/v1/templates/"+tplID, admin.Token, nil).Expect(t, 404)
}

func TestTemplateParametersAreBoundOnEachDatabase(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	for _, kind := range dataSourceKinds() {
		t.Run(kind, func(t *testing.T) {
			agentID := shopAgent(t, s, admin.Token, kind)
			tpl := s.Do("POST", "/v1/templates", admin.Token, map[string]any{"name": "All types", "agent_id": agentID,
				"sql": "SELECT o.id FROM orders o WHERE o.status = :s AND o.id >= :i AND o.total_amount >= :n AND o.order_date >= :d AND (:b OR o.id < 0) ORDER BY o.id",
				"parameters": []map[string]any{{"name": "s", "type": "string", "required": true}, {"name": "i", "type": "integer", "default": 1},
					{"name": "n", "type": "number", "default": 0}, {"name": "d", "type": "date", "default": "2024-01-01"}, {"name": "b", "type": "boolean", "default": true}},
			}).Expect(t, 201).String("id")
			run := func(params map[string]any) *apptest.Response {
				return s.Do("POST", "/v1/templates/"+tpl+"/execute", admin.Token, map[string]any{"parameters": params})
			}
			if r := run(map[string]any{"s": "completed", "i": 2, "n": 100.25, "d": "2024-02-01"}).Expect(t, 200); r.Body["row_count"].(float64) != 1 {
				t.Fatalf("typed values: %s", r.Raw)
			}
			if r := run(map[string]any{"s": "completed", "b": false}).Expect(t, 200); r.Body["row_count"].(float64) != 0 {
				t.Fatalf("boolean false: %s", r.Raw)
			}
			// Hostile strings are values, never SQL.
			for _, hostile := range []string{"completed' OR '1'='1", "completed'; DROP TABLE orders; --", `completed\' OR 1=1 -- `, "completed\" OR \"1\"=\"1", ":s", "$1"} {
				if r := run(map[string]any{"s": hostile}).Expect(t, 200); r.Body["row_count"].(float64) != 0 {
					t.Fatalf("%q matched: %s", hostile, r.Raw)
				}
			}
			// Other types refuse anything but their type, so nothing reaches the database.
			for name, hostile := range map[string]any{"i": "1 OR 1=1", "n": "0; DROP TABLE orders", "d": "2024-01-01' OR '1'='1", "b": "true OR 1=1"} {
				r := run(map[string]any{"s": "completed", name: hostile}).Expect(t, 400)
				if detail(r, "parameter") != name {
					t.Fatalf("%s: %s", name, r.Raw)
				}
			}
			if r := run(map[string]any{"s": "completed"}).Expect(t, 200); r.Body["row_count"].(float64) != 3 {
				t.Fatalf("orders must be intact: %s", r.Raw)
			}
		})
	}
}
