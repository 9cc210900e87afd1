package templates

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/analytics-agent/service/store"
)

// Answer offers a template only to users who may run it: the API refuses unassigned users
// before a question is queued, and this holds when an assignment is removed while it waits.
func TestAnswerIsOnlyForUsersWhoMayRunTheAgentsTemplates(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	now := time.Now().UTC()
	for _, org := range []string{"org_1", "org_2"} {
		if err := st.CreateOrganization(ctx, &store.Organization{ID: org, Name: org, CreatedAt: now, UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
	}
	users := []store.User{
		{ID: "user_admin", OrganizationID: "org_1", Role: store.RoleAdmin},
		{ID: "user_assigned", OrganizationID: "org_1", Role: store.RoleAnalyst},
		{ID: "user_unassigned", OrganizationID: "org_1", Role: store.RoleAnalyst},
		{ID: "user_other_org", OrganizationID: "org_2", Role: store.RoleAdmin},
	}
	for i := range users {
		users[i].Email, users[i].IsActive, users[i].CreatedAt, users[i].UpdatedAt = users[i].ID+"@example.com", true, now, now
		if err := st.CreateUser(ctx, &users[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Assign(ctx, "org_1", "agent_1", "user_admin", []string{"user_assigned"}); err != nil {
		t.Fatal(err)
	}
	ex, _ := json.Marshal([]string{"which regions are listed?"})
	if err := st.CreateTemplate(ctx, &store.Template{ID: "tpl_1", OrganizationID: "org_1", AgentID: "agent_1", Name: "Regions",
		SQLText: "SELECT name FROM regions", Parameters: "[]", ExampleQuestions: string(ex), CreatedBy: "user_admin", CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	svc := NewService(st, nil, time.Now)
	agent := &store.Agent{ID: "agent_1", OrganizationID: "org_1"}
	cases := []struct {
		user    string
		offered bool
	}{
		{"user_admin", true}, {"user_assigned", true}, {"user_unassigned", false}, {"user_other_org", false}, {"user_gone", false},
	}
	for _, tc := range cases {
		t.Run(tc.user, func(t *testing.T) {
			ans, err := svc.Answer(ctx, agent, tc.user, "Which regions are listed", now)
			// The agent row does not exist here, so a template that is offered stops at its check
			// (an error); one that is not offered never gets there.
			if offered := err != nil; offered != tc.offered || ans != nil {
				t.Fatalf("offered = %v (answer %v, err %v), want %v", offered, ans, err, tc.offered)
			}
		})
	}
}
