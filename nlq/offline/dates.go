package offline

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// grain is a time bucket size.
type grain int

const (
	grainNone grain = iota
	grainDay
	grainWeek
	grainMonth
	grainQuarter
	grainYear
	// grainHour is the hour of the day (0..23) across all days: "at what hour of the day
	// do most bookings start".
	grainHour
	// grainWeekday is the day of the week across all weeks, by name: "which day of the week
	// brings in the most sales".
	grainWeekday
	// grainDecade is the decade, labelled by its first year (1960): "works acquired in each
	// decade since 1950".
	grainDecade
)

func (g grain) String() string {
	return [...]string{"", "day", "week", "month", "quarter", "year", "hour", "weekday", "decade"}[g]
}

// units maps time-unit words (singular) to grains.
var units = map[string]grain{
	"day": grainDay, "week": grainWeek, "month": grainMonth, "quarter": grainQuarter, "year": grainYear,
}

// months maps month names and abbreviations to their number.
var months = map[string]time.Month{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
	"may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
	"sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}

var ordinals = map[string]int{"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "last": 4}

// dateRange is a half-open interval [from, to) of calendar days; a zero bound is open.
type dateRange struct {
	from, to time.Time
	text     string // how the question said it, for the explanation
	// yearless marks a month, a quarter or a day said without a year ("in March", "on
	// November 27"): dated in today's year, and moved to the latest year the data holds
	// when that one has none.
	yearless bool
	// everyYear reads a month said without a year as that month of every year the data
	// holds: "which seasons had nests first laid in December" asks of each season's December.
	everyYear bool
}

func (r dateRange) String() string {
	switch {
	case r.everyYear:
		return "in " + r.from.Month().String() + " of every year"
	case r.from.IsZero():
		return "before " + day(r.to)
	case r.to.IsZero():
		return "from " + day(r.from)
	}
	return fmt.Sprintf("%s to %s", day(r.from), day(r.to.AddDate(0, 0, -1)))
}

func day(t time.Time) string { return t.Format("2006-01-02") }

// dateAtom is one point-like date expression ("March 2024", "2024", "Q3") before it is
// combined into a range; hasYear says whether the year was given.
type dateAtom struct {
	from, to time.Time
	hasYear  bool
	month    time.Month // set for a month without a year, so "between March and June 2024" can reapply one
	quarter  int
	// dayNoYear is set for a day said without a year ("November 27", "New Year's Day"):
	// dated in today's year, and moved into the data's years like a month.
	dayNoYear bool
}

// dateParser reads date expressions relative to today.
type dateParser struct {
	today time.Time // midnight of Request.Now, in its location
}

func newDateParser(now time.Time) dateParser {
	if now.IsZero() {
		now = time.Now()
	}
	y, m, d := now.Date()
	return dateParser{today: time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
}

// prefixes may precede a date expression; they are consumed only with it.
var datePrefixes = map[string]bool{"in": true, "during": true, "for": true, "of": true, "on": true, "within": true, "the": true, "at": true}

// parse tries to read a date range at toks[i:]. It returns the range and how many tokens it
// used. afterCmp is set when a comparison word precedes, so "over 2000" stays a number.
func (p dateParser) parse(toks []token, i int, afterCmp bool) (dateRange, int, bool) {
	j := i
	for j < len(toks) && datePrefixes[toks[j].lower] && !toks[j].quoted {
		j++
	}
	if afterCmp && j == i {
		return dateRange{}, 0, false
	}
	r, n, ok := p.core(toks, j)
	if !ok {
		return dateRange{}, 0, false
	}
	end := j + n
	r.text = joinRaw(toks[i:end])
	return r, end - i, true
}

func (p dateParser) core(toks []token, i int) (dateRange, int, bool) {
	at := func(k int) string {
		if i+k < len(toks) && !toks[i+k].quoted {
			return toks[i+k].lower
		}
		return ""
	}
	t := p.today
	if w := at(0); len(w) == 5 && w[4] == 's' && w[3] == '0' {
		// "the 2010s": a decade.
		if y, err := strconv.Atoi(w[:4]); err == nil && isYear(float64(y)) {
			return dateRange{from: ymd(y, 1, 1), to: ymd(y+10, 1, 1)}, 1, true
		}
	}
	if r, n, ok := p.ago(toks, i, at); ok {
		return r, n, true
	}
	switch w := at(0); w {
	case "today":
		return dateRange{from: t, to: t.AddDate(0, 0, 1)}, 1, true
	case "yesterday":
		return dateRange{from: t.AddDate(0, 0, -1), to: t}, 1, true
	case "ytd":
		return dateRange{from: p.start(t, grainYear), to: t.AddDate(0, 0, 1)}, 1, true
	case "mtd":
		return dateRange{from: p.start(t, grainMonth), to: t.AddDate(0, 0, 1)}, 1, true
	case "this", "current":
		if g, ok := units[singular(at(1))]; ok && !toks[i+1].plural {
			if at(2) == "to" && at(3) == "date" {
				return dateRange{from: p.start(t, g), to: t.AddDate(0, 0, 1)}, 4, true
			}
			s := p.start(t, g)
			return dateRange{from: s, to: p.add(s, g, 1)}, 2, true
		}
	case "last", "past", "previous", "prior", "recent", "trailing":
		if g, ok := units[at(1)]; ok && !toks[i+1].plural {
			s := p.start(t, g)
			return dateRange{from: p.add(s, g, -1), to: s}, 2, true
		}
		if i+1 < len(toks) && toks[i+1].isNum && toks[i+1].num >= 1 && toks[i+1].num == float64(int(toks[i+1].num)) {
			if g, ok := units[singular(at(2))]; ok {
				return dateRange{from: p.add(t, g, -int(toks[i+1].num)), to: t}, 3, true
			}
		}
	case "year", "quarter", "month":
		if at(1) == "to" && at(2) == "date" {
			return dateRange{from: p.start(t, units[w]), to: t.AddDate(0, 0, 1)}, 3, true
		}
	case "between", "from":
		a, n, ok := p.atom(toks, i+1)
		if !ok {
			break
		}
		sep := at(1 + n)
		if (w == "between" && sep != "and") || (w == "from" && sep != "to" && sep != "until" && sep != "through" && sep != "till" && sep != "and") {
			break
		}
		b, m, ok := p.atom(toks, i+2+n)
		if !ok {
			break
		}
		if !a.hasYear && b.hasYear {
			a = p.withYear(a, b.from.Year())
		}
		if !b.to.After(a.from) {
			return dateRange{}, 0, false
		}
		return dateRange{from: a.from, to: b.to}, 2 + n + m, true
	case "since", "after", "before", "until", "through", "till":
		a, n, ok := p.atom(toks, i+1)
		if !ok {
			break
		}
		switch w {
		case "since":
			return dateRange{from: a.from}, 1 + n, true
		case "after":
			return dateRange{from: a.to}, 1 + n, true
		case "before":
			return dateRange{to: a.from}, 1 + n, true
		default:
			return dateRange{to: a.to}, 1 + n, true
		}
	}
	a, n, ok := p.atom(toks, i)
	if !ok {
		return dateRange{}, 0, false
	}
	return dateRange{from: a.from, to: a.to, yearless: !a.hasYear && (a.month != 0 || a.quarter != 0 || a.dayNoYear)}, n, true
}

// inDataYears re-dates a month, quarter or day said without a year into the latest year of the
// column's data that it overlaps, when today's year has none of it: "pizzas sold in March" of
// a shop whose orders are all from 2015 is March 2015, and "in December" asked in July is last
// December. A range with its year, or one the data reaches, is kept as said.
func inDataYears(r dateRange, c *column) dateRange {
	lo, hi, ok := dataSpan(c)
	if !r.yearless || !ok || r.from.IsZero() || r.to.IsZero() || r.from.Before(hi.AddDate(0, 0, 1)) && r.to.After(lo) {
		return r
	}
	for y := hi.Year(); y >= lo.Year(); y-- {
		shift := y - r.from.Year()
		from, to := r.from.AddDate(shift, 0, 0), r.to.AddDate(shift, 0, 0)
		if from.Before(hi.AddDate(0, 0, 1)) && to.After(lo) {
			r.from, r.to = from, to
			return r
		}
	}
	return r
}

// dataSpan is the first and last day a date column's profile saw (for a date kept in parts,
// its year column's first and last year).
func dataSpan(c *column) (time.Time, time.Time, bool) {
	if c == nil {
		return time.Time{}, time.Time{}, false
	}
	if c.parts != nil {
		p := c.parts[0].prof
		if p == nil || p.NonNull == 0 {
			return time.Time{}, time.Time{}, false
		}
		lo, err1 := strconv.Atoi(p.Min)
		hi, err2 := strconv.Atoi(p.Max)
		if err1 != nil || err2 != nil || !isYear(float64(lo)) || !isYear(float64(hi)) {
			return time.Time{}, time.Time{}, false
		}
		return ymd(lo, 1, 1), ymd(hi, 12, 31), true
	}
	p := c.prof
	if p == nil || p.NonNull == 0 || c.intDate || c.yearInt || !dateShaped(p.Min) || !dateShaped(p.Max) {
		return time.Time{}, time.Time{}, false
	}
	lo, err1 := time.Parse("2006-01-02", p.Min[:10])
	hi, err2 := time.Parse("2006-01-02", p.Max[:10])
	if err1 != nil || err2 != nil {
		return time.Time{}, time.Time{}, false
	}
	return lo, hi, true
}

// ago reads a time said back from today: "25 years ago" (that year), "more than 25 years ago"
// (before its day), "less than 3 months ago" (since its day).
func (p dateParser) ago(toks []token, i int, at func(int) string) (dateRange, int, bool) {
	k, dir := 0, 0
	switch {
	case (at(0) == "more" || at(0) == "over" || at(0) == "longer") && at(1) == "than":
		k, dir = 2, -1
	case at(0) == "over":
		k, dir = 1, -1
	case (at(0) == "less" || at(0) == "fewer") && at(1) == "than":
		k, dir = 2, 1
	case at(0) == "under" || at(0) == "within":
		k, dir = 1, 1
	}
	if i+k >= len(toks) || !toks[i+k].isNum || toks[i+k].num < 1 || toks[i+k].num != float64(int(toks[i+k].num)) || at(k+2) != "ago" {
		return dateRange{}, 0, false
	}
	g, ok := units[singular(at(k+1))]
	if !ok {
		return dateRange{}, 0, false
	}
	back := p.add(p.today, g, -int(toks[i+k].num))
	switch dir {
	case -1:
		return dateRange{to: back}, k + 3, true
	case 1:
		return dateRange{from: back}, k + 3, true
	}
	s := p.start(back, g)
	return dateRange{from: s, to: p.add(s, g, 1)}, k + 3, true
}

// atom reads an ISO date, a year, a month [year], a quarter [year] or "first quarter [of] year".
func (p dateParser) atom(toks []token, i int) (dateAtom, int, bool) {
	if i >= len(toks) || toks[i].quoted {
		return dateAtom{}, 0, false
	}
	tk := toks[i]
	year := func(k int) (int, bool) {
		if i+k < len(toks) && toks[i+k].isNum && isYear(toks[i+k].num) {
			return int(toks[i+k].num), true
		}
		return 0, false
	}
	switch {
	case isISODate(tk.lower):
		d, err := time.Parse("2006-01-02", tk.lower)
		if err != nil {
			return dateAtom{}, 0, false
		}
		return dateAtom{from: d, to: d.AddDate(0, 0, 1), hasYear: true}, 1, true
	case i+1 < len(toks) && toks[i+1].lower == "century" && centuryWord.MatchString(tk.lower):
		// "the 20th century": 1900 to 1999, as it is commonly counted.
		n, _ := strconv.Atoi(centuryWord.FindStringSubmatch(tk.lower)[1])
		if n < 1 || n > 21 {
			return dateAtom{}, 0, false
		}
		return dateAtom{from: ymd((n-1)*100, 1, 1), to: ymd(n*100, 1, 1), hasYear: true}, 2, true
	case academicYear.MatchString(tk.lower):
		// "in 2020-21": a school or fiscal year across two calendar years, counted as
		// IPEDS counts academic years, July 1 to June 30.
		m := academicYear.FindStringSubmatch(tk.lower)
		y, _ := strconv.Atoi(m[1])
		if n, _ := strconv.Atoi(m[2]); n != (y+1)%100 || !isYear(float64(y)) {
			return dateAtom{}, 0, false
		}
		return dateAtom{from: ymd(y, 7, 1), to: ymd(y+1, 7, 1), hasYear: true}, 1, true
	case decadeWord.MatchString(tk.lower):
		// "the 1960s": the ten years from 1960.
		y, _ := strconv.Atoi(tk.lower[:4])
		return dateAtom{from: ymd(y, 1, 1), to: ymd(y+10, 1, 1), hasYear: true}, 1, true
	case tk.isNum && (isYear(tk.num) || i > 0 && yearPrepositions[toks[i-1].lower] && tk.num == float64(int(tk.num)) && tk.num >= 1000 && tk.num < 1900):
		// An older year only right after a word that dates it: "died before 1800", "born in
		// 1775" (a bare 1500 is more often a count).
		y := int(tk.num)
		return dateAtom{from: ymd(y, 1, 1), to: ymd(y+1, 1, 1), hasYear: true}, 1, true
	}
	for _, h := range holidays {
		// "Christmas Day 2014", "New Year's Eve 2014": the day, only with its year.
		if i+h.n <= len(toks) && !anyQuoted(toks[i:i+h.n]) && lowerPhrase(toks[i:i+h.n]) == h.phrase {
			if y, ok := year(h.n); ok {
				return dateAtom{from: ymd(y, h.month, h.day), to: ymd(y, h.month, h.day+1), hasYear: true}, h.n + 1, true
			}
			if i > 0 && (toks[i-1].lower == "on" || toks[i-1].lower == "at") {
				// "on New Year's Day": that day of the data's year (inDataYears).
				y := p.today.Year()
				return dateAtom{from: ymd(y, h.month, h.day), to: ymd(y, h.month, h.day+1), dayNoYear: true}, h.n, true
			}
		}
	}
	if d, ok := dayOfMonth(tk); ok && i+1 < len(toks) && (i == 0 || !rankWords[toks[i-1].lower]) {
		// "14 February 2006", "4th of March 2022": a single day, only with its year (a bare
		// "5 March" may be a count before a month).
		k := 1
		if toks[i+k].lower == "of" && i+k+1 < len(toks) {
			k++
		}
		if m, ok := months[toks[i+k].lower]; ok && !toks[i+k].quoted {
			if y, ok := year(k + 1); ok && d <= daysIn(y, m) {
				return dateAtom{from: ymd(y, m, d), to: ymd(y, m, d+1), hasYear: true}, k + 2, true
			}
		}
	}
	if m, ok := months[tk.lower]; ok && i+1 < len(toks) {
		// "February 14, 2006", "March 4th 2022".
		if d, ok := dayOfMonth(toks[i+1]); ok {
			if y, ok := year(2); ok && d <= daysIn(y, m) {
				return dateAtom{from: ymd(y, m, d), to: ymd(y, m, d+1), hasYear: true}, 3, true
			}
			if y := p.today.Year(); i > 0 && (toks[i-1].lower == "on" || toks[i-1].lower == "between" || toks[i-1].lower == "from") && d <= daysIn(y, m) && (i+2 >= len(toks) || !toks[i+2].isNum) {
				// "on November 27": that day of the data's year (inDataYears); "between May 10
				// and May 20, 2014": the year said after the second day (withYear).
				return dateAtom{from: ymd(y, m, d), to: ymd(y, m, d+1), dayNoYear: true}, 2, true
			}
		}
	}
	if m, ok := months[tk.lower]; ok {
		// "may" is also a verb; take it as a month only with a year or after a date word.
		if y, ok := year(1); ok {
			return dateAtom{from: ymd(y, m, 1), to: ymd(y, m+1, 1), hasYear: true}, 2, true
		}
		if tk.lower == "may" || tk.lower == "mar" {
			return dateAtom{}, 0, false
		}
		y := p.today.Year()
		return dateAtom{from: ymd(y, m, 1), to: ymd(y, m+1, 1), month: m}, 1, true
	}
	q, n := 0, 0
	if len(tk.lower) == 2 && tk.lower[0] == 'q' && tk.lower[1] >= '1' && tk.lower[1] <= '4' {
		q, n = int(tk.lower[1]-'0'), 1
	} else if o, ok := ordinals[tk.lower]; ok && i+1 < len(toks) && toks[i+1].lower == "quarter" {
		q, n = o, 2
		if i+2 < len(toks) && toks[i+2].lower == "of" {
			if _, ok := year(3); ok {
				n = 3
			}
		}
	} else if tk.lower == "quarter" && i+1 < len(toks) && toks[i+1].isNum && toks[i+1].num >= 1 && toks[i+1].num <= 4 {
		q, n = int(toks[i+1].num), 2
	}
	if q > 0 {
		if y, ok := year(n); ok {
			return dateAtom{from: ymd(y, time.Month(3*q-2), 1), to: ymd(y, time.Month(3*q+1), 1), hasYear: true}, n + 1, true
		}
		if n == 3 { // "first quarter of" without a year
			n = 2
		}
		y := p.today.Year()
		return dateAtom{from: ymd(y, time.Month(3*q-2), 1), to: ymd(y, time.Month(3*q+1), 1), quarter: q}, n, true
	}
	return dateAtom{}, 0, false
}

// holiday is a day of the year people name rather than date.
type holiday struct {
	phrase string // lower case, possessives dropped as the tokenizer drops them
	n      int    // its length in words
	month  time.Month
	day    int
}

// holidays are the fixed-date holidays said with a year ("Christmas Day 2014"), longest first
// so that "Christmas Eve" is not read as "Christmas".
var holidays = func() []holiday {
	var hs []holiday
	for phrase, md := range map[string][2]int{
		"christmas day": {12, 25}, "christmas eve": {12, 24}, "christmas": {12, 25}, "boxing day": {12, 26},
		"new year day": {1, 1}, "new year eve": {12, 31}, "new years day": {1, 1}, "new years eve": {12, 31},
		"halloween": {10, 31}, "valentine day": {2, 14}, "valentines day": {2, 14},
		"independence day": {7, 4}, "fourth of july": {7, 4}, "4th of july": {7, 4},
	} {
		hs = append(hs, holiday{phrase: phrase, n: len(strings.Fields(phrase)), month: time.Month(md[0]), day: md[1]})
	}
	slices.SortFunc(hs, func(a, b holiday) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return strings.Compare(a.phrase, b.phrase)
	})
	return hs
}()

// withYear re-dates a month or quarter atom given without a year.
func (p dateParser) withYear(a dateAtom, y int) dateAtom {
	switch {
	case a.month != 0:
		return dateAtom{from: ymd(y, a.month, 1), to: ymd(y, a.month+1, 1), hasYear: true}
	case a.quarter != 0:
		return dateAtom{from: ymd(y, time.Month(3*a.quarter-2), 1), to: ymd(y, time.Month(3*a.quarter+1), 1), hasYear: true}
	case a.dayNoYear:
		return dateAtom{from: ymd(y, a.from.Month(), a.from.Day()), to: ymd(y, a.from.Month(), a.from.Day()+1), hasYear: true}
	}
	return a
}

// start is the first day of the period of grain g containing t; weeks start on Monday.
func (p dateParser) start(t time.Time, g grain) time.Time {
	y, m, d := t.Date()
	switch g {
	case grainWeek:
		wd := (int(t.Weekday()) + 6) % 7 // Monday = 0
		return ymd(y, m, d-wd)
	case grainMonth:
		return ymd(y, m, 1)
	case grainQuarter:
		return ymd(y, time.Month((int(m)-1)/3*3+1), 1)
	case grainYear:
		return ymd(y, 1, 1)
	}
	return ymd(y, m, d)
}

// add moves t by n periods of grain g.
func (p dateParser) add(t time.Time, g grain, n int) time.Time {
	switch g {
	case grainWeek:
		return t.AddDate(0, 0, 7*n)
	case grainMonth:
		return t.AddDate(0, n, 0)
	case grainQuarter:
		return t.AddDate(0, 3*n, 0)
	case grainYear:
		return t.AddDate(n, 0, 0)
	}
	return t.AddDate(0, 0, n)
}

func ymd(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func isYear(f float64) bool { return f == float64(int(f)) && f >= 1900 && f <= 2100 }

// centuryWord is a century's ordinal: "20th".
var centuryWord = regexp.MustCompile(`^([0-9]{1,2})(st|nd|rd|th)$`)

// academicYear is a year that runs across two calendar years, said by both: "2020-21".
var academicYear = regexp.MustCompile(`^((?:19|20)[0-9][0-9])[-/–]([0-9][0-9])$`)

// decadeWord is a decade said by its first year: "1960s".
var decadeWord = regexp.MustCompile(`^1[0-9][0-9]0s$|^20[0-9]0s$`)

// yearPrepositions date the number after them.
var yearPrepositions = toSet([]string{"before", "after", "since", "until", "in", "from", "between"})

func joinRaw(toks []token) string {
	s := ""
	for i, t := range toks {
		if i > 0 {
			s += " "
		}
		s += t.raw
	}
	return s
}

// rankWords take the number after them as a count of rows ("top 5 March 2024 products" is
// not the fifth of March).
var rankWords = map[string]bool{"top": true, "bottom": true, "best": true, "worst": true, "first": true, "last": true}

// dayOfMonth reads a day number, 1 to 31, written as a number or an ordinal ("14", "4th").
func dayOfMonth(t token) (int, bool) {
	if t.quoted {
		return 0, false
	}
	s := t.lower
	if !t.isNum {
		for _, suf := range []string{"st", "nd", "rd", "th"} {
			if st, ok := strings.CutSuffix(s, suf); ok {
				s = st
				break
			}
		}
	}
	d, err := strconv.Atoi(s)
	if err != nil || d < 1 || d > 31 {
		return 0, false
	}
	return d, true
}

// daysIn is the number of days of month m of year y.
func daysIn(y int, m time.Month) int { return ymd(y, m+1, 1).AddDate(0, 0, -1).Day() }
