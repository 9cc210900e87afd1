package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/demo"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
)

// DemoEmail is the demo organization's admin.
const DemoEmail = "admin@demo.example.com"

// demoDBPath is the demo data source's file, relative to the demo organization's sqlite folder
// (<sqlite-dir>/<organization id>/), like every organization's sqlite files.
const demoDBPath = "demo.db"

// legacyDemoDBPath is where releases before per-organization folders kept the demo database,
// relative to the sqlite folder itself, readable by any organization that named it.
const legacyDemoDBPath = "demo/demo.db"

// demoAgent is one agent of the demo organization.
type demoAgent struct {
	name, description, agentType, prompt string
	tables                               []string
	columns                              map[string]map[string][]string
}

func demoAgents() []demoAgent {
	personal := map[string][]string{"allowed": {"*"}, "denied": {"email", "phone"}}
	return []demoAgent{
		{
			name: "Sales Performance", agentType: "sales_performance",
			description: "Revenue, orders, products and sales reps across regions.",
			prompt: "You are a sales analyst for Demo Company. Answer questions about orders, revenue, products, " +
				"customers by segment and region, and sales rep performance. Revenue means orders.total_amount of " +
				"completed and shipped orders unless asked otherwise. Never reveal customer contact details.",
			tables:  []string{"orders", "order_lines", "products", "product_categories", "customers", "countries", "regions", "sales_reps"},
			columns: map[string]map[string][]string{"customers": personal, "sales_reps": {"allowed": {"*"}, "denied": {"email"}}},
		},
		{
			name: "Marketing Campaigns", agentType: "marketing_campaign",
			description: "Campaign spend, clicks, conversions and return by channel.",
			prompt: "You are a marketing analyst for Demo Company. Answer questions about campaigns, channels, " +
				"daily spend, impressions, clicks, conversions and campaign revenue. Click-through rate is " +
				"clicks / impressions; cost per conversion is spend / conversions.",
			tables: []string{"campaigns", "campaign_daily_stats"},
		},
		{
			name: "General Data", agentType: "general_data",
			description: "Read access to the whole business dataset, without personal data.",
			prompt: "You answer general questions about Demo Company's business data. Prefer clear aggregates; " +
				"never list personal contact details.",
			tables: []string{"regions", "countries", "sales_reps", "customers", "product_categories", "products",
				"orders", "order_lines", "campaigns", "campaign_daily_stats"},
			columns: map[string]map[string][]string{"customers": personal, "sales_reps": {"allowed": {"*"}, "denied": {"email"}}},
		},
	}
}

// SeedDemo creates, once, the demo organization: an admin, a SQLite data source with a realistic
// business dataset, and three agents. It prints the admin's credentials at every start; the
// password is generated on first seed and kept in the data dir (mode 0600).
func (a *App) SeedDemo(ctx context.Context, out io.Writer) error {
	credPath := filepath.Join(a.Cfg.DataDir, "demo-credentials.txt")
	existing, err := a.Store.UserByEmail(ctx, DemoEmail)
	switch {
	case err == nil:
		b, _ := os.ReadFile(credPath)
		printDemo(out, a.Cfg.Addr, strings.TrimSpace(string(b)))
		return a.ensureDemoAgents(ctx, existing)
	case !errors.Is(err, store.ErrNotFound):
		return err
	}
	password := "Demo-" + ids.Random(12)
	u, err := a.Auth.Register(ctx, auth.RegisterInput{Email: DemoEmail, Password: password, FullName: "Demo Admin", OrganizationName: "Demo Company"})
	if err != nil {
		return fmt.Errorf("seed demo admin: %w", err)
	}
	// The demo organization is on growth (DECISIONS.md) whatever the default plan of sign-ups;
	// load tests put it on scale (ANALYTICS_DEMO_PLAN) for its rate limits.
	plan := a.Cfg.DemoPlan
	if plan == "" {
		plan = billing.PlanGrowth
	}
	if err := a.Billing.SetPlan(ctx, u.OrganizationID, plan); err != nil {
		return fmt.Errorf("seed demo plan: %w", err)
	}
	if err := os.WriteFile(credPath, []byte(password+"\n"), 0o600); err != nil {
		return fmt.Errorf("write demo credentials: %w", err)
	}
	if err := a.ensureDemoAgents(ctx, u); err != nil {
		return err
	}
	a.Log.Info("demo organization seeded", "organization_id", u.OrganizationID)
	printDemo(out, a.Cfg.Addr, password)
	return nil
}

// moveLegacyDemoDB moves the demo database of an older release from the shared sqlite folder
// into the demo organization's folder (or deletes it when the new one exists), so that no
// other organization can name it. Failures only cost a regeneration.
func moveLegacyDemoDB(legacy, file string) {
	if _, err := os.Stat(legacy); err != nil {
		return
	}
	if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
		if os.Rename(legacy, file) == nil {
			os.Remove(filepath.Dir(legacy)) // only when empty
			return
		}
	}
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		os.Remove(legacy + suffix)
	}
	os.Remove(filepath.Dir(legacy))
}

func printDemo(out io.Writer, addr, password string) {
	host := addr
	if strings.HasPrefix(host, ":") {
		host = "localhost" + host
	}
	fmt.Fprintf(out, "\nDemo organization ready at http://%s\n  e-mail:   %s\n  password: %s\n\n", host, DemoEmail, password)
}

// ensureDemoAgents writes the demo database and creates the data source and agents if missing
// (a restart after a crash during the first seed completes it).
func (a *App) ensureDemoAgents(ctx context.Context, admin *store.User) error {
	orgID := admin.OrganizationID
	file := filepath.Join(a.Cfg.SQLiteDir, orgID, demoDBPath)
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return fmt.Errorf("demo data folder: %w", err)
	}
	moveLegacyDemoDB(filepath.Join(a.Cfg.SQLiteDir, legacyDemoDBPath), file)
	if err := demo.WriteSQLite(ctx, file); err != nil {
		return fmt.Errorf("write demo database: %w", err)
	}
	list, _, err := a.Store.DataSources(ctx, orgID, 10, 0)
	if err != nil {
		return err
	}
	var ds *store.DataSource
	for i := range list {
		if list[i].Type == "sqlite" && list[i].Path == legacyDemoDBPath {
			// A data dir seeded by an older release: point the row at the moved file.
			if err := a.Store.UpdateDataSource(ctx, orgID, list[i].ID, map[string]any{"path": demoDBPath}); err != nil {
				return fmt.Errorf("move demo data source: %w", err)
			}
			a.Sources.Manager().Close(list[i].ID)
			list[i].Path = demoDBPath
		}
		if list[i].Path == demoDBPath {
			ds = &list[i]
		}
	}
	if ds == nil {
		now := time.Now().UTC()
		ds = &store.DataSource{ID: ids.New(ids.DataSource), OrganizationID: orgID, Name: "Demo Company warehouse",
			Type: "sqlite", Path: demoDBPath, Status: store.StatusUntested, SchemaStatus: sources.SchemaNone, CreatedAt: now, UpdatedAt: now}
		if err := a.Store.CreateDataSource(ctx, ds); err != nil {
			return err
		}
	}
	if ds.SchemaStatus != sources.SchemaReady {
		if err := a.Sources.Refresh(ctx, orgID, ds.ID); err != nil {
			return fmt.Errorf("introspect demo database: %w", err)
		}
		if _, err := a.Sources.Test(ctx, ds); err != nil {
			return err
		}
	}
	existing, _, err := a.Store.Agents(ctx, orgID, store.AgentFilter{Limit: 100})
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, ag := range existing {
		have[ag.AgentType] = true
		if err := a.seedDemoSemantics(ctx, a.Store, &ag, admin.ID); err != nil {
			return err
		}
	}
	for _, d := range demoAgents() {
		if have[d.agentType] {
			continue
		}
		tables, _ := json.Marshal(d.tables)
		cols := d.columns
		if cols == nil {
			cols = map[string]map[string][]string{}
		}
		perms, _ := json.Marshal(cols)
		now := time.Now().UTC()
		ag := &store.Agent{ID: ids.New(ids.Agent), OrganizationID: orgID, Name: d.name, Description: d.description,
			AgentType: d.agentType, DataSourceID: ds.ID, SystemPrompt: d.prompt, AllowedTables: string(tables),
			ColumnPermissions: string(perms), IsActive: true, QueryTimeoutSeconds: 30, MaxRows: 10000,
			CreatedBy: admin.ID, CreatedAt: now, UpdatedAt: now}
		ev, err := events.NewEvent(orgID, events.AgentCreated, events.AgentCreatedData{AgentID: ag.ID, Name: ag.Name,
			AgentType: ag.AgentType, DataSourceID: ds.ID, CreatedBy: admin.ID})
		if err != nil {
			return err
		}
		err = a.Store.Tx(ctx, func(tx *store.Store) error {
			if err := tx.CreateAgent(ctx, ag); err != nil {
				return err
			}
			if _, err := tx.Assign(ctx, orgID, ag.ID, admin.ID, []string{admin.ID}); err != nil {
				return err
			}
			if err := a.seedDemoSemantics(ctx, tx, ag, admin.ID); err != nil {
				return err
			}
			return tx.Emit(ctx, ev)
		})
		if err != nil {
			return fmt.Errorf("seed demo agent %s: %w", d.name, err)
		}
	}
	return nil
}

// seedDemoSemantics gives a demo agent the semantic layer its system prompt states (the sales
// agent's revenue counts only completed and shipped orders), once: a layer an admin has saved
// since is left alone.
func (a *App) seedDemoSemantics(ctx context.Context, st *store.Store, ag *store.Agent, by string) error {
	sem := demo.Semantics(ag.AgentType)
	if sem == nil {
		return nil
	}
	if _, err := st.AgentSemantics(ctx, ag.OrganizationID, ag.ID); err == nil {
		return nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	raw, err := json.Marshal(sem)
	if err != nil {
		return err
	}
	return st.PutAgentSemantics(ctx, &store.AgentSemantics{AgentID: ag.ID, OrganizationID: ag.OrganizationID,
		Definition: string(raw), UpdatedBy: by, UpdatedAt: time.Now().UTC()})
}
