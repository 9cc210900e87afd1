package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/analytics-agent/service/apptest"
)

func TestAgentStatsShowOtherUsersEmailsAndQuestionsOnlyToAdmins(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		admin := s.Register(t)
		path := apptest.SeedSQLiteShop(t, s.SQLiteDirOf(t, admin.Token), "stats-shop.db")
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
		s.Ask(t, admin.Token, agent, secret)
		s.Ask(t, analyst, agent, own)

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
