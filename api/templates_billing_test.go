package api_test

import (
	"context"
	"testing"

	"github.com/analytics-agent/service/apptest"
)

// Schedules are the workflows feature: a plan without it cannot create one, and says which
// plan has it.
func TestSchedulesNeedAPlanWithWorkflows(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: onPlan("starter")})
	owner := s.Register(t)
	tplID := s.Do("POST", "/v1/templates", owner.Token, ordersTemplate(shopAgent(t, s, owner.Token, "sqlite"))).Expect(t, 201).String("id")
	r := s.Do("POST", "/v1/templates/"+tplID+"/schedule", owner.Token, map[string]any{
		"schedule":   map[string]any{"type": "daily", "time": "08:00", "timezone": "UTC"},
		"recipients": []string{"team@example.com"}, "format": "csv", "parameters": map[string]any{"status": "completed"},
	}).Expect(t, 403)
	if r.ErrorCode() != "feature_not_in_plan" || detail(r, "feature") != "workflows" || detail(r, "plan") != "growth" {
		t.Fatalf("schedule on starter: %s", r.Raw)
	}
}

// Template executions count as questions: past the monthly quota an execution is refused with
// 429 quota_exceeded, like a question.
func TestTemplateExecutionsCountAgainstTheQueryQuota(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: onPlan("growth")})
	owner := s.Register(t)
	agentID := shopAgent(t, s, owner.Token, "sqlite")
	tplID := s.Do("POST", "/v1/templates", owner.Token, ordersTemplate(agentID)).Expect(t, 201).String("id")
	limit := int64(2)
	if _, err := s.App.Billing.SetLimits(context.Background(), owner.OrgID, nil, nil, &limit); err != nil {
		t.Fatal(err)
	}
	run := map[string]any{"parameters": map[string]any{"status": "completed"}}
	s.Do("POST", "/v1/templates/"+tplID+"/execute", owner.Token, run).Expect(t, 200)
	s.Do("POST", "/v1/templates/"+tplID+"/execute", owner.Token, run).Expect(t, 200)
	r := s.Do("POST", "/v1/templates/"+tplID+"/execute", owner.Token, run)
	if r.Status != 429 || r.ErrorCode() != "quota_exceeded" {
		t.Fatalf("third execution past a quota of 2: %d %s", r.Status, r.Raw)
	}
	if q := s.Do("POST", "/v1/queries", owner.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID}); q.Status != 429 {
		t.Fatalf("a question after two executions used the quota: %d %s", q.Status, q.Raw)
	}
}
