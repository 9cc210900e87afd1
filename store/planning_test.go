package store_test

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/store"
)

func TestPlanningHeadReadsTheDataSourceSemanticsVersionAndEngineSettingsInOneGo(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		ctx := context.Background()
		st := apptest.OpenStore(t, db)
		now := time.Now().UTC().Truncate(time.Millisecond)
		for _, o := range []*store.Organization{
			{ID: "org_a", Name: "A", LLMProvider: "openai", LLMModel: "m", LLMBaseURL: "https://llm.example", LLMAPIKeyEnc: "enc", CreatedAt: now, UpdatedAt: now},
			{ID: "org_b", Name: "B", CreatedAt: now, UpdatedAt: now},
		} {
			if err := st.CreateOrganization(ctx, o); err != nil {
				t.Fatal(err)
			}
		}
		// Every column set, so a column the head forgets shows as a difference.
		ds := &store.DataSource{ID: "ds_a", OrganizationID: "org_a", Name: "n", Type: "postgresql", Host: "h", Port: 5432,
			DatabaseName: "d", Username: "u", PasswordEnc: "p", SSLMode: "require", Path: "x", Status: store.StatusConnected,
			LastTestedAt: &now, LastError: "e", SchemaJSON: `{"tables":[]}`, SchemaStatus: "ready", SchemaError: "se",
			SchemaRefreshedAt: &now, SchemaVersion: 7, SchemaRefreshGeneration: 4, TableCount: 3, CreatedAt: now, UpdatedAt: now}
		if err := st.CreateDataSource(ctx, ds); err != nil {
			t.Fatal(err)
		}
		full, err := st.DataSource(ctx, "org_a", "ds_a")
		if err != nil {
			t.Fatal(err)
		}
		h, err := st.PlanningHead(ctx, "org_a", "agent_a", "ds_a")
		if err != nil {
			t.Fatal(err)
		}
		want := *full
		want.SchemaJSON = ""
		if !reflect.DeepEqual(*h.DataSource, want) {
			t.Errorf("data source head\n got %+v\nwant %+v", *h.DataSource, want)
		}
		if h.HasSemantics || h.TemplateCount != 0 {
			t.Errorf("an agent without a semantic layer or templates: %+v", h)
		}
		if o := h.Organization; o.ID != "org_a" || o.Name != "A" || o.LLMProvider != "openai" || o.LLMModel != "m" || o.LLMBaseURL != "https://llm.example" || o.LLMAPIKeyEnc != "enc" {
			t.Errorf("organization settings: %+v", o)
		}

		if err := st.PutAgentSemantics(ctx, &store.AgentSemantics{AgentID: "agent_a", OrganizationID: "org_a", Definition: "{}", UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		if err := st.PutAgentSemantics(ctx, &store.AgentSemantics{AgentID: "agent_a", OrganizationID: "org_a", Definition: "{}", UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		row, err := st.AgentSemantics(ctx, "org_a", "agent_a")
		if err != nil {
			t.Fatal(err)
		}
		if h, err = st.PlanningHead(ctx, "org_a", "agent_a", "ds_a"); err != nil || !h.HasSemantics || h.SemanticsVersion != row.Version {
			t.Errorf("after two saves: head %+v err %v, stored version %d", h, err, row.Version)
		}
		if h, err = st.PlanningHead(ctx, "org_a", "agent_other", "ds_a"); err != nil || h.HasSemantics {
			t.Errorf("another agent's layer is not this one's: %+v %v", h, err)
		}
		for _, tp := range []*store.Template{
			{ID: "tpl_1", OrganizationID: "org_a", AgentID: "agent_a", Name: "one", CreatedAt: now, UpdatedAt: now},
			{ID: "tpl_2", OrganizationID: "org_a", AgentID: "agent_a", Name: "two", CreatedAt: now, UpdatedAt: now},
			{ID: "tpl_3", OrganizationID: "org_a", AgentID: "agent_other", Name: "other agent's", CreatedAt: now, UpdatedAt: now},
			{ID: "tpl_4", OrganizationID: "org_b", AgentID: "agent_a", Name: "other organization's", CreatedAt: now, UpdatedAt: now},
		} {
			if err := st.CreateTemplate(ctx, tp); err != nil {
				t.Fatal(err)
			}
		}
		if h, err = st.PlanningHead(ctx, "org_a", "agent_a", "ds_a"); err != nil || h.TemplateCount != 2 {
			t.Errorf("the agent's own templates only: %+v %v", h, err)
		}
		// Another organization's data source, or its own id with another organization's agent.
		if _, err := st.PlanningHead(ctx, "org_b", "agent_a", "ds_a"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("another organization's data source: %v, want ErrNotFound", err)
		}
		if _, err := st.PlanningHead(ctx, "org_a", "agent_a", "ds_missing"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("missing data source: %v, want ErrNotFound", err)
		}
	})
}
