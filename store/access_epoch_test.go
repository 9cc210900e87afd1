package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/store"
)

func TestTheAccessEpochMovesOnChangesToAccessAndPlanningSettingsOnly(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		ctx := context.Background()
		st := apptest.OpenStore(t, db)
		now := time.Now().UTC()
		org, other := &store.Organization{ID: "org_epoch", Name: "Epoch"}, &store.Organization{ID: "org_other", Name: "Other"}
		for _, o := range []*store.Organization{org, other} {
			if err := st.CreateOrganization(ctx, o); err != nil {
				t.Fatal(err)
			}
		}
		u := &store.User{ID: "usr_epoch", OrganizationID: org.ID, Email: "e@example.com", Role: store.RoleAnalyst, IsActive: true, CreatedAt: now, UpdatedAt: now}
		a := &store.Agent{ID: "agt_epoch", OrganizationID: org.ID, Name: "A", IsActive: true, CreatedAt: now, UpdatedAt: now}
		tok := &store.AccessToken{JTI: "jti_epoch", UserID: u.ID, OrganizationID: org.ID, IssuedAt: now, ExpiresAt: now.Add(time.Hour), SessionID: "ses_epoch"}
		key := &store.APIKey{ID: "key_epoch", OrganizationID: org.ID, UserID: u.ID, Name: "k", KeyPrefix: "aa_epoch", KeyHash: "h", CreatedAt: now}
		ds := &store.DataSource{ID: "ds_epoch", OrganizationID: org.ID, Name: "d", Type: "sqlite", Path: "x", Status: store.StatusConnected, CreatedAt: now, UpdatedAt: now}
		tpl := &store.Template{ID: "tpl_epoch", OrganizationID: org.ID, AgentID: a.ID, Name: "t", CreatedAt: now, UpdatedAt: now}
		for _, err := range []error{st.CreateUser(ctx, u), st.CreateAgent(ctx, a), st.CreateAccessToken(ctx, tok), st.CreateAPIKey(ctx, key), st.CreateDataSource(ctx, ds)} {
			if err != nil {
				t.Fatal(err)
			}
		}
		errRollback := errors.New("rollback")
		cases := []struct {
			name  string
			moves bool
			do    func() error
		}{
			{"revoking a session", true, func() error { return st.RevokeSession(ctx, u.ID, "ses_epoch") }},
			{"revoking a token", true, func() error { return st.RevokeAccessToken(ctx, tok.JTI) }},
			{"revoking a user's tokens", true, func() error { return st.RevokeUserTokens(ctx, u.ID, "") }},
			{"revoking an API key", true, func() error { return st.RevokeAPIKey(ctx, org.ID, u.ID, key.ID) }},
			{"updating a user", true, func() error { return st.UpdateUser(ctx, org.ID, u.ID, map[string]any{"role": store.RoleViewer}) }},
			{"updating an agent", true, func() error { return st.UpdateAgent(ctx, org.ID, a.ID, map[string]any{"is_active": false}) }},
			{"assigning a user", true, func() error { _, err := st.Assign(ctx, org.ID, a.ID, u.ID, []string{u.ID}); return err }},
			{"unassigning a user", true, func() error { return st.Unassign(ctx, org.ID, a.ID, u.ID) }},
			{"a change in a transaction that commits", true, func() error {
				return st.Tx(ctx, func(tx *store.Store) error {
					return tx.UpdateAgent(ctx, org.ID, a.ID, map[string]any{"is_active": true})
				})
			}},
			{"a change in a transaction that rolls back", false, func() error {
				err := st.Tx(ctx, func(tx *store.Store) error {
					_ = tx.UpdateAgent(ctx, org.ID, a.ID, map[string]any{"name": "B"})
					return errRollback
				})
				if errors.Is(err, errRollback) {
					return nil
				}
				return err
			}},
			{"changing a data source", true, func() error { return st.UpdateDataSource(ctx, org.ID, ds.ID, map[string]any{"path": "y"}) }},
			{"recording a schema refresh", true, func() error {
				_, err := st.RecordSchemaRefresh(ctx, org.ID, ds.ID, 0, map[string]any{"schema_status": "ready"})
				return err
			}},
			{"putting a semantic layer", true, func() error {
				return st.PutAgentSemantics(ctx, &store.AgentSemantics{AgentID: a.ID, OrganizationID: org.ID, Definition: "{}", UpdatedAt: now})
			}},
			{"creating a template", true, func() error { return st.CreateTemplate(ctx, tpl) }},
			{"changing a template", true, func() error { return st.UpdateTemplate(ctx, org.ID, tpl.ID, map[string]any{"name": "u"}) }},
			{"deleting a template", true, func() error { return st.DeleteTemplate(ctx, org.ID, tpl.ID) }},
			{"changing the organization's settings", true, func() error { return st.UpdateOrganization(ctx, org.ID, map[string]any{"llm_model": "m"}) }},
			{"deleting a data source", true, func() error { return st.DeleteDataSource(ctx, org.ID, ds.ID) }},
			{"reading an agent", false, func() error { _, err := st.Agent(ctx, org.ID, a.ID); return err }},
			{"touching an API key", false, func() error { return st.TouchAPIKey(ctx, key.ID, now.Add(time.Hour)) }},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				before, _ := st.AccessEpoch(ctx, org.ID)
				untouched, _ := st.AccessEpoch(ctx, other.ID)
				if err := c.do(); err != nil {
					t.Fatal(err)
				}
				after, _ := st.AccessEpoch(ctx, org.ID)
				if moved := after != before; moved != c.moves {
					t.Fatalf("epoch %d → %d; want moved %v", before, after, c.moves)
				}
				if o, _ := st.AccessEpoch(ctx, other.ID); o != untouched {
					t.Fatal("another organization's epoch moved")
				}
			})
		}
		// The rate limit's statement reads the epoch every request uses.
		cur, _ := st.AccessEpoch(ctx, org.ID)
		if _, _, epoch, err := st.HitRateWindows(ctx, org.ID, 1, 1); err != nil || epoch != cur {
			t.Fatalf("HitRateWindows epoch %d (%v), want %d", epoch, err, cur)
		}
	})
}
