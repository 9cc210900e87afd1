package api_test

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/analytics-agent/service/apptest"
)

// The planner keeps decoded schemas, semantic layers and the offline engine's answers in memory;
// a refresh, a permission change and a new semantic layer must still be seen by the very next
// question, and an answer kept for a question still reads the data as it is now. Each question
// is asked twice before a change, so the second answer comes from the cache.
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
	count := func() string {
		t.Helper()
		return fmt.Sprint(ask("how many orders are there", 200).Body["results"])
	}
	before := count() // the schema and this answer are now cached
	if again := count(); again != before {
		t.Fatalf("the same question twice: %s then %s", before, again)
	}
	// The kept answer was guarded when it was made; it is not generated or guarded again.
	if r := ask("how many orders are there", 200); r.Body["timings"].(map[string]any)["guard"] != 0.0 {
		t.Fatalf("a question asked again is answered from the cache: %s", r.Raw)
	}

	// A column added to the database is unknown until the schema is refreshed, then known; a
	// row added is counted by the kept answer.
	db, err := sql.Open("sqlite", filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`ALTER TABLE customers ADD COLUMN tier TEXT NOT NULL DEFAULT 'gold'`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO orders (customer_id, order_date, status, total_amount) SELECT customer_id, order_date, 'cancelled', total_amount FROM orders LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if after := count(); after == before {
		t.Fatalf("a kept answer must read the data as it is now: %s before the insert and after", after)
	}
	ask("number of customers by tier", 422)
	s.Do("POST", "/v1/data-sources/"+dsID+"/refresh-schema", admin.Token, nil).Expect(t, 200)
	for range 2 {
		if r := ask("number of customers by tier", 200); len(r.Body["results"].([]any)) != 1 {
			t.Fatalf("by tier after refresh: %s", r.Raw)
		}
	}

	// Denying the new column takes effect on the next question.
	s.Do("PATCH", "/v1/agents/"+agentID+"/columns", admin.Token, map[string]any{"table_name": "customers", "allowed_columns": []string{"*"}, "denied_columns": []string{"email", "phone", "tier"}}).Expect(t, 200)
	if r := ask("number of customers by tier", 422); r.ErrorCode() != "column_not_permitted" {
		t.Fatalf("denied column: %s", r.Raw)
	}

	// A semantic layer, then its replacement, each used by the next question.
	path := "/v1/agents/" + agentID + "/semantics"
	s.Do("PUT", path, admin.Token, revenueLayer()).Expect(t, 200)
	for range 2 {
		if r := ask("total revenue", 200); !strings.Contains(string(r.Raw), "600.49") {
			t.Fatalf("revenue with the layer: %s", r.Raw)
		}
	}
	s.Do("PUT", path, admin.Token, map[string]any{"metrics": []any{}, "synonyms": []any{}, "default_filters": []any{}}).Expect(t, 200)
	if r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "total revenue", "agent_id": agentID}); strings.Contains(string(r.Raw), "600.49") {
		t.Fatalf("revenue after the layer was emptied still uses it: %s", r.Raw)
	}
}
