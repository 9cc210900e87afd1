package offline

import (
	"regexp"
	"slices"
	"time"
)

// nowWords say that only what holds today is asked about: "leadership posts currently held",
// "the posts held right now". "The current year" is a period, read by the dates.
var nowWords = regexp.MustCompile(`(?i)\b(currently|right now|at present|presently|nowadays|current)\b(\s+(year|month|quarter|week|day)\b)?`)

// currentRows keeps, when the question says "currently" or "right now", the rows of the one
// table it reads whose period covers today: begun, and not ended (an end left empty or
// still ahead). A question with no such table is left as read: the word may only stress
// that the data are today's.
func currentRows(q string, p *plan, now time.Time) {
	said := false
	for _, m := range nowWords.FindAllStringSubmatch(q, -1) {
		said = said || m[3] == ""
	}
	if !said || now.IsZero() {
		return
	}
	var tabs []*table
	add := func(t *table) {
		if t != nil {
			tabs = appendTable(tabs, t)
		}
	}
	for _, m := range p.measures {
		add(m.table)
	}
	add(p.listTable)
	for _, d := range p.dims {
		add(d.table)
		if d.col != nil {
			add(d.col.table)
		}
	}
	for _, c := range p.conds {
		if c.col != nil && c.anti == nil {
			add(c.col.table)
		}
	}
	var found *table
	var start, end *column
	for _, t := range tabs {
		s, e := periodColumns(t)
		if s == nil || e == nil {
			continue
		}
		if found != nil {
			return // two tables with periods: which one's today is meant is not said
		}
		found, start, end = t, s, e
	}
	if found == nil || slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == end || c.col == start }) {
		return
	}
	today := now.Format("2006-01-02")
	p.conds = append(p.conds,
		condition{col: start, op: "<=", vals: []any{today}},
		condition{col: end, op: "is null", vals: []any{0.0}, either: []condition{
			{col: end, op: "is null", vals: []any{0.0}},
			{col: end, op: ">", vals: []any{today}},
		}})
}

// periodColumns are a table's dates a period starts and ends on (start and "end" of a term,
// valid_from and valid_to), or nil.
func periodColumns(t *table) (start, end *column) {
	for _, c := range t.cols {
		if c.class != classDate {
			continue
		}
		switch {
		case containsAny(c.words, []string{"start", "begin", "from", "since"}):
			if start == nil {
				start = c
			}
		case containsAny(c.words, []string{"end", "until", "to", "expiry", "expire", "expires", "thru", "through"}):
			if end == nil {
				end = c
			}
		}
	}
	return start, end
}
