package templates

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/analytics-agent/service/store"
)

// clock is an injected clock the test moves by hand.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), "", filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	return st
}

func addSchedule(t *testing.T, st *store.Store, spec Spec, from time.Time) string {
	t.Helper()
	c := mustCompile(t, spec)
	raw, _ := json.Marshal(c.Spec)
	sc := &store.TemplateSchedule{ID: "sch_" + spec.Timezone[:3] + spec.Time[:2], OrganizationID: "org_1", TemplateID: "tpl_1", Spec: string(raw),
		Recipients: `["a@example.com"]`, Format: FormatCSV, Parameters: "{}", Enabled: true, NextRunAt: c.Next(from),
		CreatedBy: "user_1", CreatedAt: from, UpdatedAt: from}
	if err := st.CreateSchedule(context.Background(), sc); err != nil {
		t.Fatal(err)
	}
	return sc.ID
}

func dueTimes(t *testing.T, st *store.Store, id string) []string {
	t.Helper()
	runs, _, err := st.ScheduleRuns(context.Background(), "org_1", id, 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, 0, len(runs))
	for i := len(runs) - 1; i >= 0; i-- {
		out = append(out, runs[i].DueAt.UTC().Format(time.RFC3339))
	}
	return out
}

func TestSchedulerRunsEachTickOnceAcrossDSTWithAnInjectedClock(t *testing.T) {
	cases := []struct {
		name string
		spec Spec
		from string
		to   string
		want []string
	}{
		{"new york spring forward", Spec{Type: Daily, Time: "02:30", Timezone: "America/New_York"}, "2026-03-07T12:00:00Z", "2026-03-09T12:00:00Z",
			[]string{"2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"}},
		{"new york fall back", Spec{Type: Daily, Time: "01:30", Timezone: "America/New_York"}, "2026-10-31T12:00:00Z", "2026-11-02T12:00:00Z",
			[]string{"2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"}},
		{"berlin spring forward", Spec{Type: Daily, Time: "02:30", Timezone: "Europe/Berlin"}, "2026-03-28T12:00:00Z", "2026-03-30T12:00:00Z",
			[]string{"2026-03-29T01:30:00Z", "2026-03-30T00:30:00Z"}},
		{"berlin fall back", Spec{Type: Daily, Time: "02:30", Timezone: "Europe/Berlin"}, "2026-10-24T12:00:00Z", "2026-10-26T12:00:00Z",
			[]string{"2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			st := openStore(t)
			clk := &clock{t: utc(tc.from)}
			id := addSchedule(t, st, tc.spec, clk.t)
			s := NewScheduler(st, clk.now, 0)
			for end := utc(tc.to); clk.t.Before(end); clk.t = clk.t.Add(5 * time.Minute) {
				if _, err := s.Tick(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			got := dueTimes(t, st, id)
			if len(got) != len(tc.want) {
				t.Fatalf("runs %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("runs %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func TestSchedulerRunsOnlyTheLatestMissedTickAfterDowntime(t *testing.T) {
	st := openStore(t)
	clk := &clock{t: utc("2026-01-01T00:00:00Z")}
	id := addSchedule(t, st, Spec{Type: Daily, Time: "08:00", Timezone: "Europe/Berlin"}, clk.t)
	s := NewScheduler(st, clk.now, 0)
	clk.t = utc("2026-01-05T12:00:00Z") // every process was down for four days
	for i := 0; i < 3; i++ {
		if _, err := s.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if got := dueTimes(t, st, id); len(got) != 1 || got[0] != "2026-01-05T07:00:00Z" {
		t.Fatalf("runs after downtime %v", got)
	}
	sc, err := st.ScheduleByID(context.Background(), "org_1", id)
	if err != nil || !sc.NextRunAt.Equal(utc("2026-01-06T07:00:00Z")) {
		t.Fatalf("next run %v %v", sc.NextRunAt, err)
	}
}

func TestATickAlreadyRecordedIsSkippedWithoutBlockingOthers(t *testing.T) {
	st := openStore(t)
	clk := &clock{t: utc("2026-01-01T00:00:00Z")}
	a := addSchedule(t, st, Spec{Type: Daily, Time: "08:00", Timezone: "Europe/Berlin"}, clk.t)
	b := addSchedule(t, st, Spec{Type: Daily, Time: "09:00", Timezone: "America/New_York"}, clk.t)
	// The tick of a was recorded already (say, a clock-skewed process), but its schedule was not advanced.
	if _, err := st.CreateScheduleRuns(context.Background(), []store.ScheduleRun{{ID: TickID(a, utc("2026-01-01T07:00:00Z")),
		OrganizationID: "org_1", ScheduleID: a, TemplateID: "tpl_1", DueAt: utc("2026-01-01T07:00:00Z"), ExecutionID: "exec_old",
		Status: store.RunCompleted, Deliveries: "[]", CreatedAt: clk.t}}, nil); err != nil {
		t.Fatal(err)
	}
	clk.t = utc("2026-01-01T20:00:00Z")
	s := NewScheduler(st, clk.now, 0)
	n, err := s.Tick(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("queued %d, err %v", n, err)
	}
	if got := dueTimes(t, st, a); len(got) != 1 {
		t.Fatalf("runs of a: %v", got)
	}
	if got := dueTimes(t, st, b); len(got) != 1 || got[0] != "2026-01-01T14:00:00Z" {
		t.Fatalf("runs of b: %v", got)
	}
	sc, _ := st.ScheduleByID(context.Background(), "org_1", a)
	if !sc.NextRunAt.Equal(utc("2026-01-02T07:00:00Z")) {
		t.Fatalf("a not advanced: %v", sc.NextRunAt)
	}
}
