package api_test

import (
	"net"
	"os"
	"strings"
	"testing"

	"github.com/analytics-agent/service/apptest"
)

// dataSourceKinds are the customer databases tests connect to: sqlite always, postgres and
// mysql (MariaDB) when the machine's servers are configured.
func dataSourceKinds() []string {
	kinds := []string{"sqlite"}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		kinds = append(kinds, "postgres")
	}
	if os.Getenv("TEST_MYSQL_DSN") != "" {
		kinds = append(kinds, "mysql")
	}
	return kinds
}

// shopSource creates the shop fixture in a database of that kind and returns the body that
// registers it as a data source.
func shopSource(t *testing.T, s *apptest.Service, token, kind string) map[string]any {
	switch kind {
	case "postgres":
		return map[string]any{"name": "shop pg", "type": "postgres", "host": "127.0.0.1", "port": 5432,
			"database": apptest.PostgresShop(t), "username": "postgres", "password": "unused-with-trust", "ssl_mode": "disable"}
	case "mysql":
		return map[string]any{"name": "shop maria", "type": "mysql", "host": "127.0.0.1", "port": 3306,
			"database": apptest.MySQLShop(t), "username": "root", "ssl_mode": "disable"}
	}
	return map[string]any{"name": "shop sqlite", "type": "sqlite", "path": apptest.SeedSQLiteShop(t, s.SQLiteDirOf(t, token), "shop.db")}
}

// readySource registers the fixture and waits for its schema.
func readySource(t *testing.T, s *apptest.Service, token, kind string) string {
	t.Helper()
	ds := s.Do("POST", "/v1/data-sources", token, shopSource(t, s, token, kind)).Expect(t, 201)
	id := ds.String("id")
	r := s.Do("POST", "/v1/data-sources/"+id+"/refresh-schema", token, nil).Expect(t, 200)
	if r.String("schema_status") != "ready" {
		t.Fatalf("refresh: %s", r.Raw)
	}
	return id
}

func TestDataSourcesAgainstEachDatabaseKind(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	for _, kind := range dataSourceKinds() {
		t.Run(kind, func(t *testing.T) {
			body := shopSource(t, s, admin.Token, kind)
			created := s.Do("POST", "/v1/data-sources", admin.Token, body).Expect(t, 201)
			id := created.String("id")
			if !strings.HasPrefix(id, "ds_") || created.String("status") != "untested" || created.String("type") != kind {
				t.Fatalf("create: %s", created.Raw)
			}
			if strings.Contains(string(created.Raw), "password") && strings.Contains(string(created.Raw), "unused-with-trust") {
				t.Fatal("the password must never be returned")
			}
			test := s.Do("POST", "/v1/data-sources/"+id+"/test", admin.Token, nil).Expect(t, 200)
			if test.Body["success"] != true || test.String("server_version") == "" {
				t.Fatalf("test: %s", test.Raw)
			}
			got := s.Do("GET", "/v1/data-sources/"+id, admin.Token, nil).Expect(t, 200)
			if got.String("status") != "connected" || got.String("last_tested_at") == "" {
				t.Fatalf("after test: %s", got.Raw)
			}
			ref := s.Do("POST", "/v1/data-sources/"+id+"/refresh-schema", admin.Token, nil).Expect(t, 200)
			if ref.Body["table_count"] != float64(3) || ref.String("schema_refreshed_at") == "" {
				t.Fatalf("refresh: %s", ref.Raw)
			}
			sc := s.Do("GET", "/v1/data-sources/"+id+"/schema", admin.Token, nil).Expect(t, 200)
			if !strings.Contains(string(sc.Raw), `"customers"`) || !strings.Contains(string(sc.Raw), "Brazil") ||
				!strings.Contains(string(sc.Raw), `"ref_table":"customers"`) {
				t.Fatalf("schema lacks tables, samples or foreign keys: %.600s", sc.Raw)
			}
			async := s.Do("POST", "/v1/data-sources/"+id+"/refresh-schema?x=1", admin.Token, nil)
			_ = async
			s.Do("PATCH", "/v1/data-sources/"+id, admin.Token, map[string]any{"name": "renamed"}).Expect(t, 200)
			list := s.Do("GET", "/v1/data-sources", admin.Token, nil).Expect(t, 200)
			if !strings.Contains(string(list.Raw), id) {
				t.Fatalf("list: %s", list.Raw)
			}
			s.Do("DELETE", "/v1/data-sources/"+id, admin.Token, nil).Expect(t, 200)
			s.Do("GET", "/v1/data-sources/"+id, admin.Token, nil).Expect(t, 404)
		})
	}
}

func closedPort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	return port
}

func TestConnectionTestFailuresSayWhy(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	cases := []struct {
		name   string
		body   map[string]any
		reason string
		needs  string
	}{
		{"refused", map[string]any{"name": "x", "type": "postgres", "host": "127.0.0.1", "port": closedPort(t), "database": "x", "username": "u", "ssl_mode": "disable"}, "connection_refused", ""},
		{"unknown database", map[string]any{"name": "x", "type": "postgres", "host": "127.0.0.1", "port": 5432, "database": "no_such_db_here", "username": "postgres", "ssl_mode": "disable"}, "unknown_database", "TEST_DATABASE_URL"},
		{"auth failed", map[string]any{"name": "x", "type": "mysql", "host": "127.0.0.1", "port": 3306, "database": "test", "username": "root", "password": "definitely-wrong"}, "auth_failed", "TEST_MYSQL_DSN"},
		{"unknown mysql database", map[string]any{"name": "x", "type": "mysql", "host": "127.0.0.1", "port": 3306, "database": "no_such_db_here", "username": "root"}, "unknown_database", "TEST_MYSQL_DSN"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.needs != "" && os.Getenv(c.needs) == "" {
				t.Skip(c.needs + " is not set")
			}
			id := s.Do("POST", "/v1/data-sources", admin.Token, c.body).Expect(t, 201).String("id")
			r := s.Do("POST", "/v1/data-sources/"+id+"/test", admin.Token, nil).Expect(t, 200)
			if r.Body["success"] != false || r.String("reason") != c.reason || r.String("error") == "" {
				t.Fatalf("want reason %s: %s", c.reason, r.Raw)
			}
			if strings.Contains(string(r.Raw), "definitely-wrong") {
				t.Fatal("the password leaked into the error")
			}
			got := s.Do("GET", "/v1/data-sources/"+id, admin.Token, nil).Expect(t, 200)
			if got.String("status") != "failed" {
				t.Fatalf("status after a failed test: %s", got.Raw)
			}
		})
	}
}

func TestDataSourceInputErrors(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	cases := []struct {
		name  string
		body  any
		field string
	}{
		{"missing name", map[string]any{"type": "sqlite", "path": "x.db"}, "name"},
		{"unknown type", map[string]any{"name": "x", "type": "oracle"}, "type"},
		{"absolute sqlite path", map[string]any{"name": "x", "type": "sqlite", "path": "/etc/passwd"}, "path"},
		{"escaping sqlite path", map[string]any{"name": "x", "type": "sqlite", "path": "../analytics.db"}, "path"},
		{"missing sqlite file", map[string]any{"name": "x", "type": "sqlite", "path": "nope.db"}, "path"},
		{"port of the wrong type", `{"name": "x", "type": "postgres", "host": "h", "port": "5432"}`, "port"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := s.Do("POST", "/v1/data-sources", admin.Token, c.body).Expect(t, 400)
			if r.ErrorCode() != "invalid_request" || r.Body["error"].(map[string]any)["details"].(map[string]any)["field"] != c.field {
				t.Fatalf("want invalid_request on %s: %s", c.field, r.Raw)
			}
		})
	}
}

func TestAgentsEndToEnd(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		admin := s.Register(t)
		dsID := readySource(t, s, admin.Token, "sqlite")

		create := map[string]any{
			"name": "Sales", "description": "sales questions", "agent_type": "sales_performance", "data_source_id": dsID,
			"system_prompt": "You answer sales questions.", "allowed_tables": []string{"customers", "orders", "regions"},
			// Short shape: the API stores the detailed one.
			"column_permissions": map[string]any{"orders": []string{"*"}, "customers": map[string]any{"allowed": []string{"*"}, "denied": []string{"email", "phone"}}},
		}
		r := s.Do("POST", "/v1/agents", admin.Token, create).Expect(t, 201)
		agentID := r.String("id")
		for _, f := range []string{"id", "name", "description", "agent_type", "data_source_id", "is_active", "created_at"} {
			if _, ok := r.Body[f]; !ok {
				t.Errorf("create lacks %s", f)
			}
		}
		full := s.Do("GET", "/v1/agents/"+agentID, admin.Token, nil).Expect(t, 200)
		perms := full.Body["column_permissions"].(map[string]any)
		if perms["orders"].(map[string]any)["allowed"].([]any)[0] != "*" || full.String("system_prompt") == "" ||
			full.Body["assigned_users"] != float64(0) || full.String("created_by") != admin.UserID {
			t.Fatalf("full read: %s", full.Raw)
		}

		// Validation errors with exact codes.
		bad := []struct {
			name   string
			body   map[string]any
			status int
			code   string
			detail string
		}{
			{"unknown data source", map[string]any{"name": "x", "agent_type": "general_data", "data_source_id": "ds_nope"}, 400, "invalid_data_source", "data_source_id"},
			{"unknown table", map[string]any{"name": "x", "agent_type": "general_data", "data_source_id": dsID, "allowed_tables": []string{"salaries"}}, 400, "invalid_request", "table"},
			{"malformed permissions", map[string]any{"name": "x", "agent_type": "general_data", "data_source_id": dsID, "allowed_tables": []string{"orders"}, "column_permissions": map[string]any{"orders": "all"}}, 400, "invalid_request", "table"},
			{"unknown column", map[string]any{"name": "x", "agent_type": "general_data", "data_source_id": dsID, "allowed_tables": []string{"orders"}, "column_permissions": map[string]any{"orders": map[string]any{"denied": []string{"salary"}}}}, 400, "invalid_request", "column"},
			{"bad agent type", map[string]any{"name": "x", "agent_type": "Sales Team!", "data_source_id": dsID}, 400, "invalid_request", "field"},
		}
		for _, c := range bad {
			t.Run(c.name, func(t *testing.T) {
				r := s.Do("POST", "/v1/agents", admin.Token, c.body)
				if r.Status != c.status || r.ErrorCode() != c.code {
					t.Fatalf("got %d %s: %s", r.Status, r.ErrorCode(), r.Raw)
				}
				if _, ok := r.Body["error"].(map[string]any)["details"].(map[string]any)[c.detail]; !ok {
					t.Fatalf("details lack %s: %s", c.detail, r.Raw)
				}
			})
		}

		// Users: an analyst sees only assigned agents and cannot configure.
		u := s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": "analyst-" + db + "@example.com", "full_name": "Al", "role": "analyst"}).Expect(t, 201)
		inv := u.Body["invitation"].(map[string]any)["token"].(string)
		login := s.Do("POST", "/v1/auth/accept-invite", "", map[string]string{"token": inv, "password": "Analyst-pass-2024"}).Expect(t, 200)
		analyst := login.String("access_token")
		s.Do("POST", "/v1/auth/accept-invite", "", map[string]string{"token": inv, "password": "Analyst-pass-2024"}).Expect(t, 401)

		denied := s.Do("POST", "/v1/agents", analyst, create).Expect(t, 403)
		if denied.ErrorCode() != "permission_denied" || denied.Body["error"].(map[string]any)["details"].(map[string]any)["required_role"] != "admin" {
			t.Fatalf("non-admin create: %s", denied.Raw)
		}
		s.Do("PATCH", "/v1/agents/"+agentID, analyst, map[string]any{"name": "x"}).Expect(t, 403)
		if l := s.Do("GET", "/v1/agents", analyst, nil).Expect(t, 200); l.Body["total"] != float64(0) {
			t.Fatalf("analyst sees unassigned agents: %s", l.Raw)
		}
		s.Do("GET", "/v1/agents/"+agentID, analyst, nil).Expect(t, 403)

		as := s.Do("POST", "/v1/agents/"+agentID+"/users", admin.Token, map[string]any{"user_ids": []string{u.String("id")}}).Expect(t, 200)
		if as.Body["assigned_count"] != float64(1) {
			t.Fatalf("assign: %s", as.Raw)
		}
		s.Do("POST", "/v1/agents/"+agentID+"/users", admin.Token, map[string]any{"user_ids": []string{"user_nobody"}}).Expect(t, 400)
		if l := s.Do("GET", "/v1/agents", analyst, nil).Expect(t, 200); l.Body["total"] != float64(1) {
			t.Fatalf("analyst list after assignment: %s", l.Raw)
		}
		me := s.Do("GET", "/v1/auth/me", analyst, nil).Expect(t, 200)
		if !strings.Contains(string(me.Raw), agentID) {
			t.Fatalf("me.assigned_agents: %s", me.Raw)
		}
		users := s.Do("GET", "/v1/agents/"+agentID+"/users", admin.Token, nil).Expect(t, 200)
		if users.Body["total"] != float64(1) || !strings.Contains(string(users.Raw), "assigned_at") {
			t.Fatalf("agent users: %s", users.Raw)
		}

		// Listing with filters and pagination.
		list := s.Do("GET", "/v1/agents?is_active=true&agent_type=sales_performance&limit=10&offset=0", admin.Token, nil).Expect(t, 200)
		if list.Body["total"] != float64(1) || list.Body["limit"] != float64(10) || list.Body["offset"] != float64(0) {
			t.Fatalf("list: %s", list.Raw)
		}
		if _, leaked := list.Body["agents"].([]any)[0].(map[string]any)["system_prompt"]; leaked {
			t.Fatal("the list must not carry system_prompt")
		}
		s.Do("GET", "/v1/agents?limit=0", admin.Token, nil).Expect(t, 400)
		s.Do("GET", "/v1/agents?is_active=maybe", admin.Token, nil).Expect(t, 400)

		// Targeted patches, activation, clone.
		s.Do("PATCH", "/v1/agents/"+agentID+"/system-prompt", admin.Token, map[string]any{"system_prompt": "Be brief."}).Expect(t, 200)
		s.Do("PATCH", "/v1/agents/"+agentID+"/tables", admin.Token, map[string]any{"allowed_tables": []string{"orders", "customers"}}).Expect(t, 200)
		s.Do("PATCH", "/v1/agents/"+agentID+"/tables", admin.Token, map[string]any{"allowed_tables": []string{"nope"}}).Expect(t, 400)
		cols := s.Do("PATCH", "/v1/agents/"+agentID+"/columns", admin.Token, map[string]any{"table_name": "customers", "allowed_columns": []string{"*"}, "denied_columns": []string{"email"}}).Expect(t, 200)
		if !strings.Contains(string(cols.Raw), `"denied":["email"]`) {
			t.Fatalf("columns: %s", cols.Raw)
		}
		s.Do("POST", "/v1/agents/"+agentID+"/deactivate", admin.Token, nil).Expect(t, 200)
		if g := s.Do("GET", "/v1/agents/"+agentID, admin.Token, nil); g.Body["is_active"] != false {
			t.Fatalf("deactivate: %s", g.Raw)
		}
		s.Do("POST", "/v1/agents/"+agentID+"/activate", admin.Token, nil).Expect(t, 200)
		clone := s.Do("POST", "/v1/agents/"+agentID+"/clone", admin.Token, map[string]any{"name": "Sales EU", "description": "copy"}).Expect(t, 201)
		if clone.String("cloned_from") != agentID || clone.String("name") != "Sales EU" {
			t.Fatalf("clone: %s", clone.Raw)
		}

		// Test runs generation and the guard without executing.
		test := s.Do("POST", "/v1/agents/"+agentID+"/test", admin.Token, map[string]any{"test_query": "how many orders are there"}).Expect(t, 200)
		if test.Body["success"] != true || !strings.Contains(strings.ToLower(test.String("sql_generated")), "count") {
			t.Fatalf("agent test: %s", test.Raw)
		}

		// Stats and performance start at zero.
		st := s.Do("GET", "/v1/agents/"+agentID+"/stats?start_date=2024-01-01&end_date=2030-01-01", admin.Token, nil).Expect(t, 200)
		if st.Body["metrics"].(map[string]any)["total_queries"] != float64(0) {
			t.Fatalf("stats: %s", st.Raw)
		}
		s.Do("GET", "/v1/agents/"+agentID+"/stats?start_date=yesterday", admin.Token, nil).Expect(t, 400)
		perf := s.Do("GET", "/v1/agents/"+agentID+"/performance", admin.Token, nil).Expect(t, 200)
		if perf.Body["p99_response_time"] != float64(0) {
			t.Fatalf("performance: %s", perf.Raw)
		}

		// Delete keeps assignments listed.
		s.Do("DELETE", "/v1/agents/"+agentID, admin.Token, nil).Expect(t, 200)
		s.Do("GET", "/v1/agents/"+agentID, admin.Token, nil).Expect(t, 404)
		ua := s.Do("GET", "/v1/users/"+u.String("id")+"/agents", admin.Token, nil).Expect(t, 200)
		if ua.Body["total"] != float64(1) || !strings.Contains(string(ua.Raw), agentID) {
			t.Fatalf("assignments after delete: %s", ua.Raw)
		}
		s.Do("DELETE", "/v1/agents/"+clone.String("id")+"/users/"+u.String("id"), admin.Token, nil).Expect(t, 404)
	})
}

func TestAnotherOrganizationsIDsAreNotFound(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	owner := s.Register(t)
	other := s.Register(t)
	dsID := readySource(t, s, owner.Token, "sqlite")
	agentID := s.Do("POST", "/v1/agents", owner.Token, map[string]any{"name": "A", "agent_type": "general_data", "data_source_id": dsID,
		"allowed_tables": []string{"orders"}}).Expect(t, 201).String("id")
	userID := s.Do("POST", "/v1/users", owner.Token, map[string]any{"email": "x-tenant@example.com", "full_name": "X", "role": "viewer"}).Expect(t, 201).String("id")

	for _, c := range []struct{ method, path string }{
		{"GET", "/v1/data-sources/" + dsID}, {"PATCH", "/v1/data-sources/" + dsID}, {"DELETE", "/v1/data-sources/" + dsID},
		{"POST", "/v1/data-sources/" + dsID + "/test"}, {"POST", "/v1/data-sources/" + dsID + "/refresh-schema"},
		{"GET", "/v1/data-sources/" + dsID + "/schema"},
		{"GET", "/v1/agents/" + agentID}, {"PATCH", "/v1/agents/" + agentID}, {"DELETE", "/v1/agents/" + agentID},
		{"GET", "/v1/agents/" + agentID + "/users"}, {"POST", "/v1/agents/" + agentID + "/clone"},
		{"POST", "/v1/agents/" + agentID + "/activate"}, {"GET", "/v1/agents/" + agentID + "/stats"},
		{"GET", "/v1/agents/" + agentID + "/performance"},
		{"GET", "/v1/users/" + userID}, {"PATCH", "/v1/users/" + userID}, {"GET", "/v1/users/" + userID + "/agents"},
	} {
		r := s.Do(c.method, c.path, other.Token, map[string]any{"name": "hijack"})
		if r.Status != 404 || r.ErrorCode() != "not_found" {
			t.Errorf("%s %s from another organization: %d %s", c.method, c.path, r.Status, r.Raw)
		}
	}
	// Using another organization's data source for an agent is invalid_data_source.
	r := s.Do("POST", "/v1/agents", other.Token, map[string]any{"name": "A", "agent_type": "general_data", "data_source_id": dsID}).Expect(t, 400)
	if r.ErrorCode() != "invalid_data_source" {
		t.Fatalf("foreign data source: %s", r.Raw)
	}
	// Assigning another organization's user is invalid.
	s.Do("POST", "/v1/agents/"+agentID+"/users", owner.Token, map[string]any{"user_ids": []string{other.UserID}}).Expect(t, 400)
}

func TestUserManagement(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		admin := s.Register(t)
		created := s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": "viewer@example.com", "full_name": "Vi", "role": "viewer"}).Expect(t, 201)
		id := created.String("id")
		s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": "viewer@example.com", "full_name": "Vi", "role": "viewer"}).Expect(t, 409)
		s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": "v2@example.com", "full_name": "Vi", "role": "boss"}).Expect(t, 400)
		s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": "v3@example.com", "full_name": "Vi", "agent_assignments": []string{"agent_nope"}}).Expect(t, 400)
		list := s.Do("GET", "/v1/users?limit=1", admin.Token, nil).Expect(t, 200)
		if list.Body["total"] != float64(2) || len(list.Body["users"].([]any)) != 1 {
			t.Fatalf("list: %s", list.Raw)
		}
		r := s.Do("PATCH", "/v1/users/"+id, admin.Token, map[string]any{"role": "analyst"}).Expect(t, 200)
		if r.String("role") != "analyst" {
			t.Fatalf("role change: %s", r.Raw)
		}
		own := s.Do("PATCH", "/v1/users/"+admin.UserID, admin.Token, map[string]any{"role": "viewer"}).Expect(t, 409)
		if own.ErrorCode() != "conflict" {
			t.Fatalf("owner demotion: %s", own.Raw)
		}
		s.Do("DELETE", "/v1/users/"+id, admin.Token, nil).Expect(t, 200)
		if g := s.Do("GET", "/v1/users/"+id, admin.Token, nil); g.Body["is_active"] != false {
			t.Fatalf("deactivate: %s", g.Raw)
		}
	})
}
