package offline

import (
	"regexp"
	"slices"
	"time"
)

// nowWords say that only what holds today is asked about: "leadership posts currently held",
// "the posts held right now". "The current year" is a period, read by the dates.
var nowWords = regexp.MustCompile(`(?i)\b(currently|right now|at present|presently|nowadays|current)\b(\s+(year|month|quarter|week|day)\b)?`)

// today is the date the question asks about when it says "currently" or "right now", or ""
// when it does not (or when no date is known): the word may also be part of "the current
// year", a period the dates read.
func today(q string, now time.Time) string {
	said := false
	for _, m := range nowWords.FindAllStringSubmatch(q, -1) {
		said = said || m[3] == ""
	}
	if !said || now.IsZero() {
		return ""
	}
	return now.Format("2006-01-02")
}

// currentRows keeps, when the question says "currently" or "right now", the rows of the
// tables it reads whose period covers today: begun, and not ended (an end left empty or
// still ahead). A question with no such table is left as read: the word may only stress
// that the data are today's.
func currentRows(p *plan) {
	if p.today == "" {
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
	for _, h := range p.having {
		if h.having != nil {
			add(h.having.table)
		}
	}
	// Every table joined on the way holds today's rows too: "women who currently work in
	// Research" are those whose department row has not ended, and "employees currently paid
	// more than 100,000" are compared by the salary they have now.
	add(p.base)
	for _, j := range p.joins {
		add(j.table)
	}
	for _, t := range tabs {
		start, end := periodColumns(t)
		if start == nil || end == nil || slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == end || c.col == start }) {
			continue
		}
		p.conds = append(p.conds,
			condition{col: start, op: "<=", vals: []any{p.today}},
			condition{col: end, op: "is null", vals: []any{0.0}, either: []condition{
				{col: end, op: "is null", vals: []any{0.0}},
				{col: end, op: ">", vals: []any{p.today}},
			}})
	}
}

// periodTable reports whether a table's rows are periods: a start and an end date.
func periodTable(t *table) bool {
	s, e := periodColumns(t)
	return s != nil && e != nil
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
