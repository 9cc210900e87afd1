package api_test

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/analytics-agent/service/apptest"
)

// The planner keeps decoded schemas and semantic layers in memory; a refresh, a permission
// change and a new semantic layer must still be seen by the very next question.
func TestQuestionsSeeASchemaRefreshAndAPermissionChangeAtOnce(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	admin := s.Register(t)
	dir := s.SQLiteDirOf(t, admin.Token)
	name := apptest.SeedSQLiteShop(t, dir, "cached.db")
	dsID := s.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "cached", "type": "sqlite", "path": name}).Expect(t, 201).String("id")
	s.Do("POST", "/v1/data-sources/"+dsID+"/refresh-schema", admin.Token, nil).Expect(t, 200)
	agentID := s.Do("POST", "/v1/agents", admin.Token, map[string]any{
		"name": "Cached", "agent_type": "sales_performance", "data_source_id": dsID,
		"allowed_tables":     []string{"customers", "orders", "regions"},
		"column_permissions": map[string]any{"customers": map[string]any{"allowed": []string{"*"}, "denied": []string{"email", "phone"}}},
	}).Expect(t, 201).String("id")
	ask := func(q string, status int) *apptest.Response {
		t.Helper()
		return s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": q, "agent_id": agentID}).Expect(t, status)
	}
	ask("how many orders are there", 200) // the schema is now cached

	// A column added to the database is unknown until the schema is refreshed, then known.
	db, err := sql.Open("sqlite", filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`ALTER TABLE customers ADD COLUMN tier TEXT NOT NULL DEFAULT 'gold'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	ask("number of customers by tier", 422)
	s.Do("POST", "/v1/data-sources/"+dsID+"/refresh-schema", admin.Token, nil).Expect(t, 200)
	if r := ask("number of customers by tier", 200); len(r.Body["results"].([]any)) != 1 {
		t.Fatalf("by tier after refresh: %s", r.Raw)
	}

	// Denying the new column takes effect on the next question.
	s.Do("PATCH", "/v1/agents/"+agentID+"/columns", admin.Token, map[string]any{"table_name": "customers", "allowed_columns": []string{"*"}, "denied_columns": []string{"email", "phone", "tier"}}).Expect(t, 200)
	if r := ask("number of customers by tier", 422); r.ErrorCode() != "column_not_permitted" {
		t.Fatalf("denied column: %s", r.Raw)
	}

	// A semantic layer, then its replacement, each used by the next question.
	path := "/v1/agents/" + agentID + "/semantics"
	s.Do("PUT", path, admin.Token, revenueLayer()).Expect(t, 200)
	if r := ask("total revenue", 200); !strings.Contains(string(r.Raw), "600.49") {
		t.Fatalf("revenue with the layer: %s", r.Raw)
	}
	s.Do("PUT", path, admin.Token, map[string]any{"metrics": []any{}, "synonyms": []any{}, "default_filters": []any{}}).Expect(t, 200)
	if r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "total revenue", "agent_id": agentID}); strings.Contains(string(r.Raw), "600.49") {
		t.Fatalf("revenue after the layer was emptied still uses it: %s", r.Raw)
	}
}
