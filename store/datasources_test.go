package store_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/store"
)

// seedDataSource creates organization org_a with a data source ds_a whose schema is ready.
func seedDataSource(t *testing.T, st *store.Store) *store.DataSource {
	t.Helper()
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	if err := st.CreateOrganization(ctx, &store.Organization{ID: "org_a", Name: "A", CreatedAt: now, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	ds := &store.DataSource{ID: "ds_a", OrganizationID: "org_a", Name: "n", Type: "sqlite", Path: "old.db", Status: store.StatusUntested,
		SchemaJSON: `{"tables":["old"]}`, SchemaStatus: "ready", SchemaVersion: 3, SchemaRefreshGeneration: 5, TableCount: 1,
		CreatedAt: now, UpdatedAt: now}
	if err := st.CreateDataSource(ctx, ds); err != nil {
		t.Fatal(err)
	}
	return ds
}

func TestARefreshResultIsRecordedOnlyWhileNoNewerRequestOrConfigurationChangeHappened(t *testing.T) {
	result := func() map[string]any {
		return map[string]any{"schema_json": `{"tables":["new"]}`, "schema_status": "ready", "schema_error": "", "table_count": 2}
	}
	failure := func() map[string]any {
		return map[string]any{"schema_status": "failed", "schema_error": "timeout: too slow"}
	}
	cases := []struct {
		name string
		// meanwhile runs between the refresh's start (generation 5) and its result.
		meanwhile func(ctx context.Context, st *store.Store) error
		fields    map[string]any
		orgID     string
		wantOK    bool
		wantErr   error
		// want is the stored schema text, status and version afterwards.
		wantJSON, wantStatus string
		wantVersion          int64
	}{
		{name: "nothing happened: the result is recorded and the schema version grows",
			fields: result(), orgID: "org_a", wantOK: true, wantJSON: `{"tables":["new"]}`, wantStatus: "ready", wantVersion: 4},
		{name: "nothing happened: a failure is recorded",
			fields: failure(), orgID: "org_a", wantOK: true, wantJSON: `{"tables":["old"]}`, wantStatus: "failed", wantVersion: 3},
		{name: "a newer refresh request: the result is dropped",
			meanwhile: func(ctx context.Context, st *store.Store) error {
				_, err := st.BumpSchemaRefresh(ctx, "org_a", "ds_a", map[string]any{"schema_status": "pending", "schema_error": ""})
				return err
			},
			fields: result(), orgID: "org_a", wantJSON: `{"tables":["old"]}`, wantStatus: "pending", wantVersion: 3},
		{name: "a configuration change: the result is dropped",
			meanwhile: func(ctx context.Context, st *store.Store) error {
				_, err := st.BumpSchemaRefresh(ctx, "org_a", "ds_a", map[string]any{"path": "new.db"})
				return err
			},
			fields: result(), orgID: "org_a", wantJSON: `{"tables":["old"]}`, wantStatus: "ready", wantVersion: 3},
		{name: "a newer refresh that already finished: a late failure does not replace its status",
			meanwhile: func(ctx context.Context, st *store.Store) error {
				gen, err := st.BumpSchemaRefresh(ctx, "org_a", "ds_a", map[string]any{"schema_status": "pending"})
				if err != nil {
					return err
				}
				_, err = st.RecordSchemaRefresh(ctx, "org_a", "ds_a", gen, map[string]any{"schema_json": `{"tables":["newest"]}`, "schema_status": "ready"})
				return err
			},
			fields: failure(), orgID: "org_a", wantJSON: `{"tables":["newest"]}`, wantStatus: "ready", wantVersion: 4},
		{name: "an update that is no refresh request or configuration change: the result is recorded",
			meanwhile: func(ctx context.Context, st *store.Store) error {
				return st.UpdateDataSource(ctx, "org_a", "ds_a", map[string]any{"name": "renamed"})
			},
			fields: result(), orgID: "org_a", wantOK: true, wantJSON: `{"tables":["new"]}`, wantStatus: "ready", wantVersion: 4},
		{name: "a deleted data source is not found",
			meanwhile: func(ctx context.Context, st *store.Store) error { return st.DeleteDataSource(ctx, "org_a", "ds_a") },
			fields:    result(), orgID: "org_a", wantErr: store.ErrNotFound},
		{name: "another organization's data source is not found",
			fields: result(), orgID: "org_b", wantErr: store.ErrNotFound, wantJSON: `{"tables":["old"]}`, wantStatus: "ready", wantVersion: 3},
	}
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				ctx := context.Background()
				st := apptest.OpenStore(t, db)
				started := seedDataSource(t, st).SchemaRefreshGeneration
				if c.meanwhile != nil {
					if err := c.meanwhile(ctx, st); err != nil {
						t.Fatal(err)
					}
				}
				ok, err := st.RecordSchemaRefresh(ctx, c.orgID, "ds_a", started, c.fields)
				if ok != c.wantOK || !errors.Is(err, c.wantErr) {
					t.Fatalf("recorded %v, err %v; want %v, %v", ok, err, c.wantOK, c.wantErr)
				}
				if c.wantStatus == "" {
					return
				}
				d, err := st.DataSource(ctx, "org_a", "ds_a")
				if err != nil {
					t.Fatal(err)
				}
				if d.SchemaJSON != c.wantJSON || d.SchemaStatus != c.wantStatus || d.SchemaVersion != c.wantVersion {
					t.Errorf("stored %s %s version %d; want %s %s version %d", d.SchemaJSON, d.SchemaStatus, d.SchemaVersion,
						c.wantJSON, c.wantStatus, c.wantVersion)
				}
			})
		}
	})
}

func TestConcurrentRefreshRequestsEachGetTheirOwnGeneration(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		ctx := context.Background()
		st := apptest.OpenStore(t, db)
		start := seedDataSource(t, st).SchemaRefreshGeneration
		const n = 8
		gens := make([]int64, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				// As a refresh request does: within the caller's transaction.
				err := st.Tx(ctx, func(tx *store.Store) error {
					var err error
					gens[i], err = tx.BumpSchemaRefresh(ctx, "org_a", "ds_a", map[string]any{"schema_status": "pending"})
					return err
				})
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		slices.Sort(gens)
		for i, g := range gens {
			if g != start+int64(i)+1 {
				t.Fatalf("generations %v; want %d..%d, each once", gens, start+1, start+n)
			}
		}
		// Only the newest request's refresh records its result.
		for _, g := range gens {
			ok, err := st.RecordSchemaRefresh(ctx, "org_a", "ds_a", g, map[string]any{"schema_status": "ready"})
			if err != nil || ok != (g == start+n) {
				t.Errorf("generation %d: recorded %v, err %v", g, ok, err)
			}
		}
	})
}
