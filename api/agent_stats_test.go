package api_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
)

func TestAgentStatsShowOtherUsersEmailsAndQuestionsOnlyToAdmins(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		admin := s.Register(t)
		path := seedShop(t, s, admin.OrgID, "stats-shop.db")
		ds := s.Do("POST", "/v1/data-sources", admin.Token, map[string]any{"name": "Shop", "type": "sqlite", "path": path}).Expect(t, 201).String("id")
		s.Do("POST", "/v1/data-sources/"+ds+"/refresh-schema", admin.Token, nil).Expect(t, 200)
		agent := s.Do("POST", "/v1/agents", admin.Token, map[string]any{"name": "Shop", "agent_type": "sales_performance",
			"data_source_id": ds, "allowed_tables": []string{"orders"}}).Expect(t, 201).String("id")

		invited := s.Do("POST", "/v1/users", admin.Token, map[string]any{"email": "analyst-" + admin.Email, "full_name": "Analyst",
			"role": "analyst", "agent_assignments": []string{agent}}).Expect(t, 201)
		inv := invited.Body["invitation"].(map[string]any)
		analyst := s.Do("POST", "/v1/auth/accept-invite", "", map[string]any{"token": inv["token"], "password": "Analyst-pass-2024"}).Expect(t, 200).String("access_token")

		const secret = "how many orders are there in total"
		const own = "total amount of orders by status"
		askAndWait(t, s, admin.Token, agent, secret)
		askAndWait(t, s, analyst, agent, own)

		adminView := s.Do("GET", "/v1/agents/"+agent+"/stats", admin.Token, nil).Expect(t, 200)
		if !strings.Contains(string(adminView.Raw), admin.Email) || !strings.Contains(string(adminView.Raw), "analyst-"+admin.Email) ||
			!strings.Contains(string(adminView.Raw), secret) || !strings.Contains(string(adminView.Raw), own) {
			t.Errorf("the admin must see every user and question: %s", adminView.Raw)
		}
		analystView := s.Do("GET", "/v1/agents/"+agent+"/stats", analyst, nil).Expect(t, 200)
		raw := strings.ReplaceAll(string(analystView.Raw), "analyst-"+admin.Email, "")
		if strings.Contains(raw, admin.Email) || strings.Contains(raw, admin.UserID) || strings.Contains(raw, secret) {
			t.Errorf("the analyst sees another user's e-mail or question: %s", analystView.Raw)
		}
		if !strings.Contains(string(analystView.Raw), own) {
			t.Errorf("the analyst must see their own questions: %s", analystView.Raw)
		}
		var body struct {
			Metrics struct {
				TotalQueries int `json:"total_queries"`
			} `json:"metrics"`
			TopUsers []map[string]any `json:"top_users"`
		}
		_ = json.Unmarshal(analystView.Raw, &body)
		if body.Metrics.TotalQueries != 2 || len(body.TopUsers) != 1 {
			t.Errorf("the analyst sees the aggregate of everyone and only their own entry: %s", analystView.Raw)
		}
		perf := s.Do("GET", "/v1/agents/"+agent+"/performance", analyst, nil).Expect(t, 200)
		if strings.Contains(string(perf.Raw), "@") || strings.Contains(string(perf.Raw), secret) {
			t.Errorf("performance shows users or questions: %s", perf.Raw)
		}
	})
}

// askAndWait asks a question and waits until it has finished (a busy machine may answer 202).
func askAndWait(t *testing.T, s *apptest.Service, token, agent, question string) {
	t.Helper()
	r := s.Do("POST", "/v1/queries", token, map[string]any{"question": question, "agent_id": agent})
	if r.Status != 200 && r.Status != 202 {
		t.Fatalf("ask: %d %s", r.Status, r.Raw)
	}
	id := r.String("id")
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		q := s.Do("GET", "/v1/queries/"+id, token, nil).Expect(t, 200)
		if st := q.String("status"); st != "pending" && st != "running" {
			return
		}
	}
	t.Fatalf("query %s did not finish", id)
}

// seedShop writes the shop fixture where a sqlite data source of the organization finds it,
// both in the organization's own folder (<sqlite-dir>/<org_id>/) and in the shared folder of
// earlier versions, and returns the data source path.
func seedShop(t *testing.T, s *apptest.Service, orgID, name string) string {
	t.Helper()
	apptest.SeedSQLiteShop(t, s.Cfg.SQLiteDir, name)
	return apptest.SeedSQLiteShop(t, filepath.Join(s.Cfg.SQLiteDir, orgID), name)
}
