package templates

import (
	"errors"
	"fmt"
	"net/mail"
	"strconv"
	"strings"
	"time"

	"github.com/robfig/cron/v3"
)

// Schedule types.
const (
	Daily   = "daily"
	Weekly  = "weekly"
	Monthly = "monthly"
	Cron    = "cron"
)

// Delivery formats.
const (
	FormatExcel = "excel"
	FormatCSV   = "csv"
	FormatJSON  = "json"
)

// Limits of schedules.
const (
	MaxRecipients    = 50
	maxAddressLength = 254
	maxExpression    = 100
)

// Spec is when a schedule runs, in its IANA time zone.
type Spec struct {
	Type       string `json:"type"`
	Time       string `json:"time,omitempty"` // HH:MM, 24-hour, wall clock in Timezone
	Timezone   string `json:"timezone"`
	DayOfWeek  string `json:"day_of_week,omitempty"`  // weekly: monday..sunday
	DayOfMonth int    `json:"day_of_month,omitempty"` // monthly: 1..31; past the month's end means its last day
	Expression string `json:"expression,omitempty"`   // cron: five fields (minute hour day month weekday)
}

// FieldError is a schedule field that is not acceptable; the API answers 400 with details.field.
type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Reason }

func fieldErr(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

var weekdays = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
	"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday,
}

var cronParser = cron.NewParser(cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow | cron.Descriptor)

// Compiled is a validated Spec ready to compute run times.
type Compiled struct {
	Spec Spec
	loc  *time.Location
	hour int
	min  int
	dow  time.Weekday
	cron cron.Schedule
}

// Compile validates a spec and normalizes it (lower-case full weekday names, UTC by default).
func Compile(s Spec) (*Compiled, error) {
	c := &Compiled{}
	s.Type = strings.ToLower(strings.TrimSpace(s.Type))
	if s.Timezone == "" {
		s.Timezone = "UTC"
	}
	if len(s.Timezone) > 64 || s.Timezone == "Local" {
		return nil, fieldErr("schedule.timezone", "unknown time zone %q; use an IANA name such as Europe/Berlin", s.Timezone)
	}
	loc, err := time.LoadLocation(s.Timezone)
	if err != nil {
		return nil, fieldErr("schedule.timezone", "unknown time zone %q; use an IANA name such as Europe/Berlin", s.Timezone)
	}
	c.loc = loc
	switch s.Type {
	case Daily, Weekly, Monthly:
		if s.Expression != "" {
			return nil, fieldErr("schedule.expression", "expression is only for type cron")
		}
		h, m, err := parseClock(s.Time)
		if err != nil {
			return nil, err
		}
		c.hour, c.min = h, m
	case Cron:
		if s.Expression == "" {
			return nil, fieldErr("schedule.expression", "a cron schedule needs an expression such as \"0 8 * * 1\"")
		}
		if len(s.Expression) > maxExpression || strings.HasPrefix(strings.TrimSpace(s.Expression), "@every") ||
			strings.Contains(s.Expression, "TZ=") {
			return nil, fieldErr("schedule.expression", "the expression must be five cron fields (minute hour day-of-month month day-of-week); use timezone for the zone")
		}
		sched, err := cronParser.Parse(s.Expression)
		if err != nil {
			return nil, fieldErr("schedule.expression", "invalid cron expression: %v", err)
		}
		if s.Time != "" || s.DayOfWeek != "" || s.DayOfMonth != 0 {
			return nil, fieldErr("schedule.expression", "a cron schedule takes only expression and timezone")
		}
		c.cron = sched
	case "":
		return nil, fieldErr("schedule.type", "type is required: daily, weekly, monthly or cron")
	default:
		return nil, fieldErr("schedule.type", "type must be daily, weekly, monthly or cron")
	}
	switch s.Type {
	case Weekly:
		d, ok := weekdays[strings.ToLower(strings.TrimSpace(s.DayOfWeek))]
		if !ok {
			if n, err := strconv.Atoi(s.DayOfWeek); err == nil && n >= 0 && n <= 6 {
				d, ok = time.Weekday(n), true
			}
		}
		if !ok {
			return nil, fieldErr("schedule.day_of_week", "day_of_week must be a weekday name (monday … sunday)")
		}
		c.dow = d
		s.DayOfWeek = strings.ToLower(d.String())
		if s.DayOfMonth != 0 {
			return nil, fieldErr("schedule.day_of_month", "day_of_month is only for type monthly")
		}
	case Monthly:
		if s.DayOfMonth < 1 || s.DayOfMonth > 31 {
			return nil, fieldErr("schedule.day_of_month", "day_of_month must be 1 to 31 (29–31 run on the last day of shorter months)")
		}
		if s.DayOfWeek != "" {
			return nil, fieldErr("schedule.day_of_week", "day_of_week is only for type weekly")
		}
	case Daily:
		if s.DayOfWeek != "" || s.DayOfMonth != 0 {
			return nil, fieldErr("schedule.type", "a daily schedule takes only time and timezone")
		}
	}
	c.Spec = s
	return c, nil
}

func parseClock(v string) (int, int, error) {
	bad := fieldErr("schedule.time", "time must be HH:MM on a 24-hour clock, for example 08:00")
	if len(v) != 5 || v[2] != ':' {
		return 0, 0, bad
	}
	h, err1 := strconv.Atoi(v[:2])
	m, err2 := strconv.Atoi(v[3:])
	if err1 != nil || err2 != nil || h < 0 || h > 23 || m < 0 || m > 59 {
		return 0, 0, bad
	}
	return h, m, nil
}

// Next is the first run strictly after t, as an instant (callers store it in UTC).
//
// Wall-clock rules in the schedule's zone:
//   - A time that does not exist that day (the spring-forward gap) runs once, at the same
//     distance past the gap's start measured on the old offset: 02:30 becomes 03:30 when the
//     clocks jump from 02:00 to 03:00 (America/New_York and Europe/Berlin alike).
//   - A time that happens twice (the fall-back overlap) runs once, at its first occurrence.
//   - day_of_month past the end of a month runs on that month's last day (31 → 30 April,
//     28 or 29 February).
//   - Cron expressions follow the same rules: a tick whose wall-clock time equals the previous
//     one (the overlap) is skipped.
func (c *Compiled) Next(t time.Time) time.Time {
	if c.cron != nil {
		after := t.In(c.loc)
		n := c.cron.Next(after)
		for i := 0; i < 4 && !n.IsZero() && sameWall(n.In(c.loc), after); i++ {
			n = c.cron.Next(n)
		}
		return n.UTC()
	}
	local := t.In(c.loc)
	y, m, d := local.Date()
	switch c.Spec.Type {
	case Daily:
		for i := 0; i < 3; i++ {
			if r := wall(y, m, d+i, c.hour, c.min, c.loc); r.After(t) {
				return r.UTC()
			}
		}
	case Weekly:
		for i := 0; i < 9; i++ {
			day := time.Date(y, m, d+i, 12, 0, 0, 0, time.UTC)
			if day.Weekday() != c.dow {
				continue
			}
			if r := wall(y, m, d+i, c.hour, c.min, c.loc); r.After(t) {
				return r.UTC()
			}
		}
	case Monthly:
		for i := 0; i < 14; i++ {
			first := time.Date(y, m+time.Month(i), 1, 12, 0, 0, 0, time.UTC)
			last := first.AddDate(0, 1, -1).Day()
			day := min(c.Spec.DayOfMonth, last)
			if r := wall(first.Year(), first.Month(), day, c.hour, c.min, c.loc); r.After(t) {
				return r.UTC()
			}
		}
	}
	return time.Time{}
}

// LatestDue is the latest run time at or before now, starting from a due time that has passed:
// after downtime only the latest missed tick runs. It stops after a bounded number of steps and
// then returns the last tick it reached (only possible with long outages of minute schedules).
func (c *Compiled) LatestDue(due, now time.Time) time.Time {
	for i := 0; i < 200_000; i++ {
		n := c.Next(due)
		if n.IsZero() || n.After(now) {
			return due
		}
		due = n
	}
	return due
}

func sameWall(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd && a.Hour() == b.Hour() && a.Minute() == b.Minute()
}

// wall is the instant at which the wall clock of loc shows the date and time, by the rules of
// Next. Go's time.Date leaves the gap and overlap choice unspecified, so both are decided here.
func wall(y int, mo time.Month, d, h, mi int, loc *time.Location) time.Time {
	naive := time.Date(y, mo, d, h, mi, 0, 0, time.UTC)
	y, mo, d = naive.Date()
	_, before := naive.Add(-26 * time.Hour).In(loc).Zone()
	_, after := naive.Add(26 * time.Hour).In(loc).Zone()
	var valid []time.Time
	for _, off := range []int{before, after} {
		cand := naive.Add(-time.Duration(off) * time.Second)
		l := cand.In(loc)
		ly, lm, ld := l.Date()
		if ly == y && lm == mo && ld == d && l.Hour() == h && l.Minute() == mi {
			valid = append(valid, cand)
		}
	}
	switch len(valid) {
	case 0: // in the gap: measured on the offset before it
		return naive.Add(-time.Duration(before) * time.Second)
	case 1:
		return valid[0]
	}
	if valid[1].Before(valid[0]) {
		return valid[1]
	}
	return valid[0]
}

// ValidateRecipients checks e-mail addresses (plain addr-spec, no display names) and removes
// duplicates.
func ValidateRecipients(list []string) ([]string, error) {
	if len(list) == 0 {
		return nil, fieldErr("recipients", "at least one recipient is required")
	}
	if len(list) > MaxRecipients {
		return nil, fieldErr("recipients", "at most %d recipients", MaxRecipients)
	}
	var out []string
	seen := map[string]bool{}
	for _, r := range list {
		r = strings.TrimSpace(r)
		a, err := mail.ParseAddress(r)
		if err != nil || a.Address != r || len(r) > maxAddressLength || !strings.Contains(r[strings.LastIndexByte(r, '@')+1:], ".") ||
			strings.ContainsAny(r, "\r\n") {
			return nil, fieldErr("recipients", "%q is not an e-mail address", r)
		}
		k := strings.ToLower(r)
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	return out, nil
}

// ValidateFormat checks a delivery format (excel by default).
func ValidateFormat(f string) (string, error) {
	switch f {
	case "":
		return FormatExcel, nil
	case FormatExcel, FormatCSV, FormatJSON:
		return f, nil
	}
	return "", errors.New("format must be excel, csv or json")
}
