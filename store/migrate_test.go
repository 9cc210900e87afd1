package store_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/store"
)

func TestMigrationsApplyRollBackAndReapplyOnEachDatabase(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		ctx := context.Background()
		url := ""
		if db == "postgres" {
			url = apptest.NewPostgresDatabase(t)
		}
		st, err := store.Open(ctx, url, filepath.Join(t.TempDir(), "m.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		if err := st.Migrate(ctx, log); err != nil {
			t.Fatalf("up: %v", err)
		}
		cur, latest, err := st.MigrationStatus(ctx)
		if err != nil || cur != latest || cur == 0 {
			t.Fatalf("after up: version %d latest %d err %v", cur, latest, err)
		}
		if err := st.Migrate(ctx, log); err != nil {
			t.Fatalf("second up must be a no-op: %v", err)
		}
		// Version numbers may have gaps (each area owns its number): step down until none is left.
		for v := cur; v > 0; v, _, _ = st.MigrationStatus(ctx) {
			if err := st.MigrateDown(ctx); err != nil {
				t.Fatalf("down from %d: %v", v, err)
			}
		}
		if cur, _, _ := st.MigrationStatus(ctx); cur != 0 {
			t.Fatalf("after all downs: version %d", cur)
		}
		if err := st.Migrate(ctx, log); err != nil {
			t.Fatalf("up again: %v", err)
		}
	})
}
