package templates

import (
	"errors"
	"testing"
	"time"
)

func mustCompile(t *testing.T, s Spec) *Compiled {
	t.Helper()
	c, err := Compile(s)
	if err != nil {
		t.Fatalf("compile %+v: %v", s, err)
	}
	return c
}

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

func TestNextRunTimesAreTrueInstantsAcrossDSTTransitions(t *testing.T) {
	cases := []struct {
		name  string
		spec  Spec
		after string
		want  []string // successive runs, in UTC
	}{
		{"new york spring-forward 02:30 runs once at 03:30 EDT", Spec{Type: Daily, Time: "02:30", Timezone: "America/New_York"},
			"2026-03-07T12:00:00Z", []string{"2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"}},
		{"new york fall-back 01:30 runs once at the first (EDT) occurrence", Spec{Type: Daily, Time: "01:30", Timezone: "America/New_York"},
			"2026-10-31T12:00:00Z", []string{"2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"}},
		{"berlin spring-forward 02:30 runs once at 03:30 CEST", Spec{Type: Daily, Time: "02:30", Timezone: "Europe/Berlin"},
			"2026-03-28T12:00:00Z", []string{"2026-03-29T01:30:00Z", "2026-03-30T00:30:00Z"}},
		{"berlin fall-back 02:30 runs once at the first (CEST) occurrence", Spec{Type: Daily, Time: "02:30", Timezone: "Europe/Berlin"},
			"2026-10-24T12:00:00Z", []string{"2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"}},
		{"weekly monday 08:00 berlin keeps 08:00 local over the change", Spec{Type: Weekly, Time: "08:00", Timezone: "Europe/Berlin", DayOfWeek: "Monday"},
			"2026-03-20T00:00:00Z", []string{"2026-03-23T07:00:00Z", "2026-03-30T06:00:00Z"}},
		{"monthly 31 runs on the last day of shorter months", Spec{Type: Monthly, Time: "09:00", Timezone: "UTC", DayOfMonth: 31},
			"2026-01-31T10:00:00Z", []string{"2026-02-28T09:00:00Z", "2026-03-31T09:00:00Z", "2026-04-30T09:00:00Z"}},
		{"monthly 29 in a leap year february", Spec{Type: Monthly, Time: "00:00", Timezone: "UTC", DayOfMonth: 29},
			"2028-01-30T00:00:00Z", []string{"2028-02-29T00:00:00Z", "2028-03-29T00:00:00Z"}},
		{"cron fall-back 01:30 new york once", Spec{Type: Cron, Expression: "30 1 * * *", Timezone: "America/New_York"},
			"2026-10-31T12:00:00Z", []string{"2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"}},
		{"cron every 15 minutes", Spec{Type: Cron, Expression: "*/15 * * * *", Timezone: "UTC"},
			"2026-01-01T00:01:00Z", []string{"2026-01-01T00:15:00Z", "2026-01-01T00:30:00Z"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := mustCompile(t, tc.spec)
			at := utc(tc.after)
			for _, w := range tc.want {
				at = c.Next(at)
				if !at.Equal(utc(w)) {
					t.Fatalf("next = %s, want %s", at.Format(time.RFC3339), w)
				}
			}
		})
	}
}

func TestNextRunsEveryDayOfAYearOnceInItsZone(t *testing.T) {
	for _, zone := range []string{"America/New_York", "Europe/Berlin"} {
		for _, hm := range []string{"00:00", "01:30", "02:30", "03:00", "23:59"} {
			c := mustCompile(t, Spec{Type: Daily, Time: hm, Timezone: zone})
			at := utc("2026-01-01T00:00:00Z")
			seen := map[string]bool{}
			for i := 0; i < 365; i++ {
				n := c.Next(at)
				if !n.After(at) {
					t.Fatalf("%s %s: not after %s", zone, hm, at)
				}
				day := n.In(c.loc).Format(time.DateOnly)
				if seen[day] {
					t.Fatalf("%s %s: two runs on %s", zone, hm, day)
				}
				seen[day] = true
				at = n
			}
		}
	}
}

func TestLatestDueRunsOnlyTheLastMissedTick(t *testing.T) {
	c := mustCompile(t, Spec{Type: Daily, Time: "08:00", Timezone: "UTC"})
	due := utc("2026-01-01T08:00:00Z")
	got := c.LatestDue(due, utc("2026-01-05T09:00:00Z"))
	if !got.Equal(utc("2026-01-05T08:00:00Z")) {
		t.Fatalf("latest due %s", got)
	}
	if n := c.Next(got); !n.Equal(utc("2026-01-06T08:00:00Z")) {
		t.Fatalf("next after recovery %s", n)
	}
}

func TestScheduleValidationNamesTheField(t *testing.T) {
	cases := []struct {
		spec  Spec
		field string
	}{
		{Spec{Type: Daily, Time: "8:00", Timezone: "UTC"}, "schedule.time"},
		{Spec{Type: Daily, Time: "24:00", Timezone: "UTC"}, "schedule.time"},
		{Spec{Type: Daily, Time: "08:00", Timezone: "Mars/Olympus"}, "schedule.timezone"},
		{Spec{Type: Daily, Time: "08:00", Timezone: "Local"}, "schedule.timezone"},
		{Spec{Type: Weekly, Time: "08:00", DayOfWeek: "someday"}, "schedule.day_of_week"},
		{Spec{Type: Monthly, Time: "08:00", DayOfMonth: 32}, "schedule.day_of_month"},
		{Spec{Type: Monthly, Time: "08:00"}, "schedule.day_of_month"},
		{Spec{Type: Cron, Expression: "61 * * * *"}, "schedule.expression"},
		{Spec{Type: Cron, Expression: "@every 1s"}, "schedule.expression"},
		{Spec{Type: Cron}, "schedule.expression"},
		{Spec{Type: "hourly", Time: "08:00"}, "schedule.type"},
	}
	for _, tc := range cases {
		_, err := Compile(tc.spec)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("%+v: error %v, want field %s", tc.spec, err, tc.field)
		}
	}
	if _, err := ValidateRecipients(nil); err == nil {
		t.Error("no recipients accepted")
	}
	for _, bad := range []string{"not-an-address", "a@b", "Bob <bob@example.com>", "x@example.com\r\nBcc: y@example.com"} {
		if _, err := ValidateRecipients([]string{bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if got, err := ValidateRecipients([]string{"a@example.com", "A@example.com"}); err != nil || len(got) != 1 {
		t.Errorf("dedupe: %v %v", got, err)
	}
}
