package app

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/demo"
)

// TestDemoSemanticLayersPassTheirOwnValidation saves nothing the API would refuse: each demo
// agent's layer is valid over the demo schema with that agent's permissions.
func TestDemoSemanticLayersPassTheirOwnValidation(t *testing.T) {
	dir := t.TempDir()
	if err := demo.WriteSQLite(context.Background(), filepath.Join(dir, "demo.db")); err != nil {
		t.Fatal(err)
	}
	m := datasource.NewManager(datasource.ManagerOptions{SQLiteDir: dir})
	t.Cleanup(m.CloseAll)
	schema, err := m.Introspect(context.Background(), "ds_demo", datasource.Config{Type: datasource.SQLite, Path: "demo.db"})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range demoAgents() {
		sem := demo.Semantics(d.agentType)
		if sem == nil {
			continue
		}
		perms := agents.ColumnPermissions{}
		for table, rule := range d.columns {
			perms[table] = agents.ColumnRule{Allowed: rule["allowed"], Denied: rule["denied"]}
		}
		if err := agents.ValidateSemantics(sem, schema, datasource.SQLite, agents.GuardPermissions(d.tables, perms)); err != nil {
			t.Errorf("%s: %v", d.agentType, err)
		}
	}
}
