package app_test

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
)

// TestAnOldDataDirsDemoSourceMovesIntoTheDemoOrganizationsFolder: releases before
// per-organization sqlite folders kept the demo database at <sqlite-dir>/demo/demo.db, readable
// by any organization naming it. Restarting with such a data dir moves the file and the row.
func TestAnOldDataDirsDemoSourceMovesIntoTheDemoOrganizationsFolder(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	ctx := context.Background()
	if err := s.App.SeedDemo(ctx, io.Discard); err != nil {
		t.Fatal(err)
	}
	u, err := s.App.Store.UserByEmail(ctx, app.DemoEmail)
	if err != nil {
		t.Fatal(err)
	}
	org := u.OrganizationID
	list, _, err := s.App.Store.DataSources(ctx, org, 10, 0)
	if err != nil || len(list) != 1 {
		t.Fatalf("demo data sources: %v %v", list, err)
	}
	// Put things back the way an older release left them.
	legacy := filepath.Join(s.Cfg.SQLiteDir, "demo", "demo.db")
	if err := os.MkdirAll(filepath.Dir(legacy), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(s.Cfg.SQLiteDir, org, "demo.db"), legacy); err != nil {
		t.Fatal(err)
	}
	if err := s.App.Store.UpdateDataSource(ctx, org, list[0].ID, map[string]any{"path": "demo/demo.db"}); err != nil {
		t.Fatal(err)
	}

	if err := s.App.SeedDemo(ctx, io.Discard); err != nil {
		t.Fatal(err)
	}
	ds, err := s.App.Store.DataSource(ctx, org, list[0].ID)
	if err != nil || ds.Path != "demo.db" {
		t.Fatalf("row not moved: %+v %v", ds, err)
	}
	if _, err := os.Stat(filepath.Join(s.Cfg.SQLiteDir, org, "demo.db")); err != nil {
		t.Fatalf("file not moved: %v", err)
	}
	if _, err := os.Stat(legacy); err == nil {
		t.Fatal("the legacy file is still readable in the shared folder")
	}
	if res, err := s.App.Sources.Test(ctx, ds); err != nil || !res.Success {
		t.Fatalf("moved demo source does not connect: %+v %v", res, err)
	}
}
