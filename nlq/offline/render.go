package offline

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/analytics-agent/service/datasource"
)

// joinStep adds table to the FROM clause, joined on one foreign key.
type joinStep struct {
	table  *table
	fk     fk
	left   bool // an outer join: the rows before it are kept when none matches
	fanOut bool // the step goes from the referenced table to the referencing one
	// nearlyOne: the step goes down to rows kept nearly one to one (a brewery's geocode,
	// repeated for 9 of 1,300): joined as one, but a count of the rows above counts keys.
	nearlyOne bool
	reached   *table
}

// complete chooses the FROM table, the date columns and the joins of a plan.
func complete(m *model, p *plan) error {
	// "the editions that had a slogan, together with the slogan": a column named twice (or
	// named and shown anyway) is shown once.
	for i := 0; i < len(p.listCols); i++ {
		if slices.Index(p.listCols, p.listCols[i]) < i {
			p.listCols = slices.Delete(p.listCols, i, i+1)
			i--
		}
	}
	if c := p.listCols; len(c) == 1 && len(p.measures)+len(p.dims)+len(p.having) == 0 && !p.distinct && p.limit == 0 && c[0].class == classText && repeatsMuch(c[0]) {
		// "which job titles exist": the titles, each once, not one per row of a history
		// that holds a few titles many times over.
		p.distinct = true
	}
	// "per country ... the 5 countries with the most": the same grouping said twice is one.
	p.dims = slices.CompactFunc(p.dims, func(a, b dimension) bool {
		return a.col != nil && a.col == b.col && a.grain == b.grain && a.role == b.role && a.table == b.table
	})
	if t := p.listTable; t != nil && len(p.listCols) == 0 && len(p.measures)+len(p.dims) == 0 && t.label != nil {
		// "is the Calabrese a classic, chicken, supreme or veggie pizza": the row named, with
		// which of the values offered it has.
		offered := map[*column]int{}
		for _, c := range p.conds {
			if c.op == "=" && c.col != nil && c.col.table != t && c.anti == nil && c.role == nil && len(c.either) == 0 {
				offered[c.col] += len(c.vals)
			}
		}
		for _, c := range p.conds {
			if offered[c.col] > 1 && c.col != nil {
				p.listCols, p.distinct = append(labelCols(t), c.col), true
				break
			}
		}
	}
	// "How many points did Destiny score altogether", "the lowest score in 2021": of the
	// total, not of the total and its parts, unless the question names a kind.
	var figures []*column
	for _, ms := range p.measures {
		if ms.col != nil && ms.col.table == ms.table && ms.agg != aggCount && ms.agg != aggCountDistinct {
			figures = append(figures, ms.col)
		}
	}
	if c := p.orderCol; c != nil && len(p.measures) == 0 {
		figures = append(figures, c) // the rows ranked by it
	}
	for _, c := range figures {
		if t := c.table; t.totalKind != nil && !slices.ContainsFunc(p.conds, func(k condition) bool { return k.col == t.totalKind }) {
			vals := make([]any, len(t.totalValues))
			for i, v := range t.totalValues {
				vals[i] = v
			}
			p.conds = append(p.conds, condition{col: t.totalKind, op: "in", vals: vals})
		}
	}
	for k, m := range p.measures {
		if p.saidReports && m.agg == aggCount && m.col == nil && m.table != nil && m.table.sightings != nil {
			p.measures[k].reports = true // "the busiest month for storms, by number of reports"
		}
	}
	if t := p.listTable; t != nil && t.label != nil && p.order == orderCol && p.limit > 0 && len(p.listCols) > 1 && len(p.measures)+len(p.dims) == 0 &&
		!slices.Contains(p.listCols, t.label) && !slices.ContainsFunc(p.listCols, func(c *column) bool { return c.table != t || c == t.pk }) {
		// "the cheapest pizza, and in what size": the row ranked first is named beside what
		// was asked of it.
		p.listCols = append(labelCols(t), p.listCols...)
	}
	if t := p.listTable; t != nil && t.sightings != nil && p.order == orderNone && p.limit == 0 && len(p.measures)+len(p.dims) == 0 && slices.Contains(p.listCols, t.sightings) {
		// "which storms had winds above 100 knots at some point": each storm once, not each
		// report that passed.
		p.listCols, p.distinct = []*column{t.sightings}, true
	}
	if t := p.listTable; t != nil && t.sightings != nil && p.order == orderCol && (p.limit > 1 || p.limit == 0) && p.orderCol != nil && p.orderCol.table == t &&
		p.orderCol.class == classNumber && len(p.measures)+len(p.dims)+len(p.having) == 0 && !p.distinct {
		// "the four storms with the highest winds": a storm is its reports, so each storm
		// once, ranked by its highest (or lowest) report.
		agg := aggMin
		if p.desc {
			agg = aggMax
		}
		p.dims = []dimension{{col: t.sightings}}
		p.measures = []measure{{agg: agg, col: p.orderCol, table: t}}
		p.order, p.orderCol, p.listTable, p.listCols = orderMeasure, nil, nil, nil
	}
	for i, d := range p.dims {
		if d.table != nil && d.role == nil {
			if h := linkHead(d.table); h != nil {
				p.dims[i].table = h // "film categories": the categories, reached through the link
			}
		}
	}
	switch {
	case len(p.measures) > 0:
		p.base = p.measures[0].table
	case len(p.dims) > 0 && p.dims[0].table != nil:
		p.base = p.dims[0].table
	case len(p.dims) > 0 && p.dims[0].col != nil:
		p.base = p.dims[0].col.table
	case p.listTable != nil:
		p.base = p.listTable
	default:
		return &notUnderstood{msg: "no table found"}
	}
	if y, ok := undatedYear(m, p); ok {
		// Data that keeps no date at all (a station's entries, counted for one year) cannot
		// be filtered by the year said; the figures are its one year's, and the explanation
		// says the year was not checked.
		p.dates = nil
		p.notes = append(p.notes, fmt.Sprintf("not checked for %s: the data keeps no dates", strings.TrimPrefix(y, "in ")))
	}
	for i := range p.dates {
		if p.dates[i].col == nil {
			c, err := dateColumn(m, p.base, p.dates[i].hint, namedPresent(p))
			if vc := saidDate(p.base, p.said); err != nil && vc != nil {
				c, err = vc, nil
			}
			if nu, ok := err.(*notUnderstood); ok && len(nu.words) == 0 {
				nu.words = []string{p.dates[i].rng.text} // "in 2023": the words it could not place
			}
			if err != nil {
				return err
			}
			p.dates[i].col = verbDate(c, p.said)
		}
	}
	for i := range p.dates {
		if dc := &p.dates[i]; !(wholeYear(dc.rng.from) && wholeYear(dc.rng.to)) {
			if d := finerDate(m, dc.col); d != nil {
				// "editions held in December" of editions keyed by their year: the day is kept
				// by the one row each edition has in another table (its final), and a month
				// without a year is that month of any edition's year.
				dc.col = d
				dc.rng.everyYear = dc.rng.yearless && oneMonth(dc.rng)
				if dc.rng.everyYear {
					continue
				}
			}
		}
		if dc := &p.dates[i]; dc.rng.yearless && oneMonth(dc.rng) && !dc.col.yearInt && !dc.col.monthText && byYear(p) {
			dc.rng.everyYear = true // "which seasons ... in December": December of each one
			continue
		}
		p.dates[i].rng = inDataYears(p.dates[i].rng, p.dates[i].col)
	}
	for i, dc := range p.dates {
		if y := fullerYear(dc.col); y != nil && (dc.rng.from.IsZero() || wholeYear(dc.rng.from)) && (dc.rng.to.IsZero() || wholeYear(dc.rng.to)) {
			p.dates[i].col = y // "characters introduced in 1963": by the year, kept where the month is not
		}
	}
	for _, dc := range p.dates {
		if dc.col.yearInt && !(wholeYear(dc.rng.from) && wholeYear(dc.rng.to)) {
			// "in March 2019" of a column that keeps only the year.
			return &notUnderstood{words: []string{dc.rng.text}, msg: fmt.Sprintf("%s.%s holds years only", dc.col.table.name, dc.col.name)}
		}
	}
	if err := periodFigures(p); err != nil {
		return err
	}
	if c := p.orderCol; p.order == orderCol && c != nil && p.limit > 0 && c.nullable {
		// "the oldest castaway": a row without a birth date is not the oldest, though SQLite
		// and MySQL sort it first.
		p.conds = append(p.conds, condition{col: c, op: "is not null"})
	}
	if ms := p.measures; p.order == orderMeasure && p.limit > 0 && len(ms) > 0 && ms[0].col != nil && ms[0].col.nullable && ms[0].shareOf == nil &&
		ms[0].col.via == nil && ms[0].col.diff == nil && ms[0].col.parts == nil && (ms[0].agg == aggSum || ms[0].agg == aggAvg || ms[0].agg == aggMin || ms[0].agg == aggMax || ms[0].agg == aggNone) {
		// "the film made on the smallest budget": a film whose budget is unknown has none to
		// rank (SQLite and MySQL sort NULL first, PostgreSQL first when descending).
		p.conds = append(p.conds, condition{col: ms[0].col, op: "is not null"})
	}
	moveAntiDates(p)
	if err := antiJoins(m, p); err != nil {
		return err
	}
	for _, c := range p.conds {
		if c.anti == nil {
			continue
		}
		for _, dc := range p.dates {
			if dc.col.table != p.base {
				// "genres not sold in 2024" with the date on invoices, outside the test for
				// missing sales: the answer would need the missing rows to exist.
				return &notUnderstood{words: []string{dc.rng.text}, msg: fmt.Sprintf("cannot tell how %s restricts the missing rows", dc.rng.text)}
			}
		}
	}
	for i := range p.dims {
		if d := p.dims[i]; d.grain == grainNone && d.col == nil && d.role == nil && d.table != nil && d.table.label == nil && d.table.pk == nil &&
			!slices.ContainsFunc(d.table.cols, func(c *column) bool { return c.partKey }) {
			// "which district court has the most appointments", where a court is only a
			// column of the appointments: rows with no key, of one column or several, and no
			// name cannot be told apart, so no grouping by them would show anything.
			return &notUnderstood{words: []string{d.table.name}, msg: fmt.Sprintf("cannot tell what names a row of %s", d.table.name)}
		}
		if p.dims[i].grain != grainNone && p.dims[i].col == nil {
			c, err := dateColumn(m, p.base, p.dims[i].hint, namedPresent(p))
			if vc := saidDate(p.base, p.said); err != nil && vc != nil {
				c, err = vc, nil // "works Tate acquired each year": of the dates, the one the verb names
			}
			if err != nil {
				return err
			}
			p.dims[i].col = verbDate(c, p.said)
		}
		if d := p.dims[i]; (d.grain == grainYear || d.grain == grainDecade) && !d.ofYear {
			if y := fullerYear(d.col); y != nil {
				p.dims[i].col = y // "which decade saw the most new characters": by the year
			}
		}
		if d := p.dims[i]; d.grain != grainNone && d.col != nil && d.col.nullable && !slices.ContainsFunc(p.conds, func(c condition) bool { return c.col == d.col }) {
			// "the years in which Marvel introduced more than 400 characters", "the decade
			// with the most", "how many characters did DC introduce in each decade": rows
			// without a date are in no period to be counted, kept or ranked.
			p.conds = append(p.conds, condition{col: d.col, op: "is not null"})
		}
		if d := &p.dims[i]; d.col != nil && d.col.yearInt && d.weak && d.grain != grainYear && d.grain != grainDecade && !d.ofYear {
			d.grain = grainYear // "over time" of a column that keeps only the year: by year
		}
		if d := p.dims[i]; d.col != nil && d.col.yearInt && (d.grain != grainYear && d.grain != grainDecade || d.ofYear) {
			// Months or days of a column that keeps only the year.
			return &notUnderstood{words: []string{d.grain.String()}, msg: fmt.Sprintf("%s.%s holds years only", d.col.table.name, d.col.name)}
		}
		if d := p.dims[i]; (d.grain == grainDay || d.grain == grainWeek || d.grain == grainWeekday) && d.col != nil && d.col.monthText {
			// A month kept as text has no days.
			return &notUnderstood{words: []string{d.grain.String()}, msg: fmt.Sprintf("%s.%s holds months, not days", d.col.table.name, d.col.name)}
		}
		if d := p.dims[i]; d.grain == grainHour && d.col != nil && d.col.dayOnly && d.col.table.clock != nil {
			p.dims[i].col = d.col.table.clock // the day's date and its time kept apart: the time's hour
		}
		if d := p.dims[i]; d.grain == grainHour && d.col != nil && d.col.dayOnly {
			// Every row would fall in hour 0: the column holds days, not times.
			return &notUnderstood{words: []string{"hour"}, msg: fmt.Sprintf("%s.%s holds days, not times of day", d.col.table.name, d.col.name)}
		}
	}
	need := []*table{p.base}
	for _, x := range append(append([]measure{}, p.measures...), havingMeasures(p)...) {
		need = appendTable(need, x.table)
		if x.times != nil {
			need = appendTable(need, x.times.table) // the title whose price multiplies a sale's copies
		}
		if x.shareOf != nil && x.shareOf.col != nil {
			need = appendTable(need, x.shareOf.col.table) // "tracks that are Rock": the genre
		}
		if x.countIf != nil && x.countIf.col != nil {
			need = appendTable(need, x.countIf.col.table) // "public ones": the control
		}
		if x.period != nil {
			need = appendTable(need, x.period.col.table) // "in 2013": the rates' date
		}
		if x.col != nil && x.col.metric != nil {
			for _, t := range x.col.metric.tables {
				need = appendTable(need, t)
			}
		}
	}
	if err := noBareMetric(p); err != nil {
		return err
	}
	// The rows the question talks about come before the groupings: in "customers who rented
	// more than 40 films" the customer is reached through the rentals, not through the store
	// that happens to be one join closer to the films' copies.
	for _, t := range p.subjects {
		need = appendTable(need, t)
	}
	// So do the events a condition keeps, on the many side of the rows counted, when the rows
	// belong to no one grouping of their own: in "the season with the most different race
	// winners" a winner's season is the season of the race won, reached through the results,
	// not a season the driver merely took part in. (A pet belongs to its owner's clinic: "pets
	// per clinic in Surgery A" stays two relations.)
	owned := slices.ContainsFunc(p.dims, func(d dimension) bool {
		t := d.table
		if t == nil && d.col != nil {
			t = d.col.table
		}
		return t != nil && t != p.base && belongsTo(m, p.base, t)
	})
	for _, c := range p.conds {
		if owned || c.anti != nil || c.col == nil || c.role != nil || c.col.table == p.base {
			continue
		}
		if path, ok := m.path([]*table{p.base}, c.col.table); ok && fansOut(p.base, path) {
			need = appendTable(need, c.col.table)
		}
	}
	for _, d := range p.dims {
		if d.role != nil {
			need = appendTable(need, d.role.table) // the role's table joins itself, by its key
		} else if d.table != nil {
			need = appendTable(need, d.table)
		} else {
			need = appendTable(need, d.col.table)
		}
	}
	for _, c := range p.conds {
		switch {
		case c.anti != nil:
			need = appendTable(need, c.anti.to.table)
		case c.col != nil && c.role != nil && c.role.table != c.col.table:
			need = appendTable(need, c.role.table) // the value's table joins under the role's name
		case c.col != nil:
			need = appendTable(need, c.col.table)
		}
	}
	for _, d := range p.dates {
		need = appendTable(need, d.col.table)
	}
	for _, h := range p.having {
		need = appendTable(need, h.having.table)
	}
	for _, c := range p.listCols {
		need = appendTable(need, c.table)
	}
	for _, t := range p.subjects {
		need = appendTable(need, t)
	}
	in := []*table{p.base}
	for _, t := range need[1:] {
		path, ok, err := m.choosePath(in, t, p, append(slices.Clip(need), p.named...))
		if err != nil {
			return err
		}
		if l := m.linkPath(p.base, t); ok && l != nil && siblings(in, path) && !slices.Contains(in, l[0].other(p.base)) && !keyedTogether(p.base, t) {
			// "the party in the most Finnish cabinets": a cabinet's parties are those its
			// link rows name, not every party of the country the cabinets were filtered by.
			path = l
		}
		if !ok {
			return &notUnderstood{words: []string{t.name}, msg: fmt.Sprintf("%s cannot be joined to %s through foreign keys", t.name, p.base.name)}
		}
		if err := m.checkDetour(in, t, path, p.base); err != nil {
			return err
		}
		if err := checkPeak(in, t, path, append(slices.Clip(need), p.named...), p.today != ""); err != nil {
			return err
		}
		for _, e := range path {
			from := joinedEnd(in, e)
			next := e.other(from)
			if slices.Contains(in, next) {
				continue
			}
			down := e.fk.to.table == from && e.fk.from.table == next
			// Today's rows of a table of periods are one per parent: an employee's current
			// title, their current salary.
			fan := down && !oneToOne(e.fk.from) && !(p.today != "" && periodTable(next))
			p.joins = append(p.joins, joinStep{table: next, fk: e.fk, fanOut: fan, reached: from, nearlyOne: down && !fan && !strictlyOne(e.fk.from)})
			in = append(in, next)
		}
	}
	p.semFilters = semanticFilters(p, m)
	for _, h := range p.having {
		if h.avgGroups != nil && h.avgGroups.base == nil {
			if err := complete(m, h.avgGroups); err != nil {
				return err
			}
		}
	}
	if p.fanOut() && !p.throughLinks() && len(p.measures) == 1 {
		// "how much money did Led Zeppelin songs bring in": an invoice's total covers other
		// songs too; the money of the lines that sold those songs is the lines' revenue. Only
		// for a measure said with a generic money word: "the billed amount of work orders
		// with obsolete parts" names the work orders' own column.
		if x := p.measures[0]; x.agg == aggSum && x.generic && x.col != nil && x.col.metric == nil && x.col.money >= revenueLike {
			for _, d := range m.derived {
				if ft := p.fanTable(); d.table == ft && fkTo(ft, x.table) != nil && references(fkTo(ft, x.table), x.table.pk) {
					p.measures[0] = measure{agg: aggSum, col: d, table: ft}
					p.joins, p.base = nil, nil
					return complete(m, p)
				}
			}
		}
	}
	for _, x := range p.measures {
		if x.agg == aggSum && x.times == nil && ratioColumn(x.col) && !oneRowEach(p, x.table) && !(x.change != nil && len(p.dims) > 0) {
			// "the most densely populated divisions": densities, rates and shares of rows do
			// not add up to the group's; the group's is a ratio of its own totals.
			return &notUnderstood{msg: fmt.Sprintf("adding up %s.%s would add up ratios; ask for its average, or for the totals it is a ratio of", x.table.name, x.col.name),
				words: []string{x.col.name}}
		}
	}
	if p.fanOut() && !p.throughLinks() && slices.ContainsFunc(p.measures, func(x measure) bool { return x.agg == aggSum || x.agg == aggAvg }) {
		semiJoinFan(p)
	}
	if p.fanOut() && !p.throughLinks() {
		fans := 0
		for _, j := range p.joins {
			if j.fanOut {
				fans++
			}
		}
		for _, x := range p.measures {
			if fans == 1 && x.table == p.fanTable() && len(p.measures) > 1 && slices.ContainsFunc(p.measures, func(o measure) bool { return o.agg == aggCount && o.table == p.base }) {
				// "how many municipalities, and their average population in 2021": each
				// population row is met once; the municipalities are counted apart.
				continue
			}
			if x.agg == aggSum || x.agg == aggAvg {
				return &notUnderstood{msg: fmt.Sprintf("adding up %s.%s across %s would count rows more than once; ask per %s instead",
					x.table.name, x.col.name, p.fanTable().name, p.base.name)}
			}
		}
	}
	if p.keepEmpty {
		return keepEmptyGroups(p)
	}
	return nil
}

// keepEmptyGroups turns a count of rows per row they refer to ("how many sales orders does
// each customer have") into one that keeps the rows with none ("including customers with
// none"): from the rows grouped, outer-joined to the rows counted, whose keys are counted.
// Any other shape is refused rather than answered without the empty groups.
func keepEmptyGroups(p *plan) error {
	refuse := &notUnderstood{words: []string{"none"}, msg: "keeping the groups with none is supported for a count of rows per row they refer to, with no other condition"}
	if len(p.dims) != 1 || len(p.measures) == 0 || len(p.joins) != 1 || len(p.conds) > 0 || len(p.having) > 0 || p.base == nil {
		return refuse
	}
	counted, j := p.base, p.joins[0]
	grouped := j.table
	d := p.dims[0]
	if dt := d.table; dt == nil && d.col != nil {
		d.table = d.col.table
	}
	if d.table != grouped && (d.col == nil || d.col.table != grouped) || j.fanOut || j.fk.from.table != counted || counted.pk == nil {
		return refuse
	}
	for _, m := range p.measures {
		if m.agg != aggCount || m.col != nil || m.table != counted {
			return refuse
		}
	}
	p.base = grouped
	p.joins = []joinStep{{table: counted, fk: j.fk, fanOut: true, left: true}}
	p.notes = append(p.notes, fmt.Sprintf("%s with none counted as 0", grouped.name))
	return nil
}

// semiJoinFan turns the one join that repeats the measured rows into an EXISTS when only
// conditions read the rows it reaches: "the 2021 entries at the metro stations in
// Boulogne-Billancourt" are of the stations that have a metro line, each added once, not
// once per line it serves. It leaves the plan alone when anything else reads those rows or
// the question names them.
func semiJoinFan(p *plan) {
	at := slices.IndexFunc(p.joins, func(j joinStep) bool { return j.fanOut })
	if at < 0 || len(p.dims) > 0 || len(p.having) > 0 || len(p.semFilters) > 0 || p.listTable != nil || p.topPer > 0 {
		return
	}
	// Only the measured rows are picked by what they link to ("the metro stations", "the
	// whole metro network"), and only through their own links: "how many Gold Gloves did
	// Ozzie Smith win" is no sum of a manager's wins over players who won one. When the
	// question calls no rows by name, a figure also read as a condition ("scene directions
	// in season 10" as a sum of seasons) is a misreading the refusal keeps.
	mt := p.measures[0].table
	if p.joins[at].reached != mt || slices.ContainsFunc(p.measures, func(x measure) bool { return x.table != mt }) {
		return
	}
	if !slices.Contains(p.called, mt) && (len(p.called) > 0 ||
		slices.ContainsFunc(p.conds, func(c condition) bool {
			return slices.ContainsFunc(p.measures, func(x measure) bool { return x.col == c.col })
		})) {
		return
	}
	sub := map[*table]bool{p.joins[at].table: true}
	outer := slices.Clone(p.joins[:at])
	var inner []joinStep
	for _, j := range p.joins[at+1:] {
		switch {
		case sub[j.reached]:
			sub[j.table] = true
			inner = append(inner, j)
		case j.fanOut:
			return // a second repeating join: not one EXISTS
		default:
			outer = append(outer, j)
		}
	}
	if slices.ContainsFunc(p.called, func(t *table) bool { return sub[t] }) {
		// "bill totals for Rock items": the items are what the question measures, and a
		// bill's total is not theirs; only rows said of the measured table are picked.
		return
	}
	in := func(c *column) bool {
		// A figure kept as rows of named attributes reads those rows itself ("energy in
		// kcal" is one of them, not a food that has some kcal figure).
		return c != nil && (sub[c.table] || c.pivot != nil && (sub[c.pivot.value.table] || sub[c.pivot.label.table]))
	}
	for _, d := range p.dims {
		if sub[d.table] || in(d.col) || in(d.role) {
			return
		}
	}
	for _, x := range p.measures {
		if sub[x.table] || in(x.col) {
			return
		}
	}
	if in(p.orderCol) || slices.ContainsFunc(p.dates, func(dc dateCond) bool { return in(dc.col) }) {
		return
	}
	var kept, moved []condition
	for _, c := range p.conds {
		if !in(c.col) {
			kept = append(kept, c)
			continue
		}
		if c.role != nil || c.other != nil || c.anti != nil || c.having != nil || c.avgOf != nil || c.than != "" ||
			slices.ContainsFunc(c.either, func(e condition) bool { return !in(e.col) }) {
			return
		}
		moved = append(moved, c)
	}
	if len(moved) == 0 {
		return
	}
	f := p.joins[at].fk
	p.conds = append(kept, condition{anti: &f, present: true, antiConds: moved, antiJoins: inner})
	p.joins = outer
}

// linkTo finds the one link table of a plan behind which column c is read: the key the
// link's rows hold to the rows joined before it, and the joins from the link to c's table.
// ok is false when c is not behind a link, or when the plan reads two links (which one a
// value is on would be a guess).
func linkTo(p *plan, c *column) (f fk, inner []joinStep, ok bool) {
	if len(slices.DeleteFunc(slices.Clone(p.joins), func(j joinStep) bool { return !j.fanOut })) != 1 {
		return fk{}, nil, false
	}
	at := slices.IndexFunc(p.joins, func(j joinStep) bool { return j.fanOut })
	sub := map[*table]bool{p.joins[at].table: true}
	for _, k := range p.joins[at+1:] {
		if sub[k.reached] {
			sub[k.table] = true
			inner = append(inner, k)
		}
	}
	return p.joins[at].fk, inner, sub[c.table]
}

// splitThroughLink reads two values of one column said apart, when the column is reached
// through a link table, as two rows of that link: the condition on the first value picks the
// rows that have one (an EXISTS), the other stays on the rows joined. It reports false,
// changing nothing, when the column is not behind a link.
func splitThroughLink(p *plan, c *column, first string) bool {
	f, inner, ok := linkTo(p, c)
	k := slices.IndexFunc(p.conds, func(d condition) bool {
		return d.col == c && d.op == "=" && d.anti == nil && d.role == nil && len(d.either) == 0 && len(d.vals) == 1 && d.vals[0] == any(first)
	})
	if !ok || k < 0 {
		return false
	}
	moved := p.conds[k]
	p.conds = slices.Delete(slices.Clone(p.conds), k, k+1)
	p.conds = append(p.conds, condition{anti: &f, present: true, antiJoins: inner, antiConds: []condition{moved}})
	return true
}

// eachThroughLink reads the condition at k, values of a column behind a link table, as one
// row of the link for each value ("both the RER and a Transilien line"): an EXISTS each. It
// reports false, changing nothing, when the column is not behind a link.
func eachThroughLink(p *plan, k int) bool {
	d := p.conds[k]
	f, inner, ok := linkTo(p, d.col)
	if !ok {
		return false
	}
	p.conds = slices.Delete(slices.Clone(p.conds), k, k+1)
	for _, v := range d.vals {
		one := d
		one.vals = []any{v}
		p.conds = append(p.conds, condition{anti: &f, present: true, antiJoins: inner, antiConds: []condition{one}})
	}
	return true
}

// oneRowEach reports whether each group of a plan holds one row of t: grouped by t's rows
// themselves ("the three majors with the highest unemployment rate") or, ungrouped, one row
// named by its label ("the unemployment rate of economics majors").
func oneRowEach(p *plan, t *table) bool {
	owner := func(d dimension) *table {
		if d.col != nil {
			if d.col != d.col.table.label && d.col != d.col.table.pk {
				return nil
			}
			return d.col.table
		}
		return d.table
	}
	yearly := slices.ContainsFunc(p.dates, func(dc dateCond) bool {
		return dc.col != nil && dc.col.table == t && dc.col.yearInt && !dc.rng.from.IsZero() && dc.rng.to.Sub(dc.rng.from) <= 366*24*time.Hour
	})
	if k := slices.IndexFunc(p.dims, func(d dimension) bool { return owner(d) != nil && fkTo(t, owner(d)) != nil }); yearly && k >= 0 {
		// "the municipalities with the highest density in 2021" (with their division):
		// figures kept per thing and year, one year asked, a row of each thing.
		first := owner(p.dims[k])
		if !slices.ContainsFunc(p.dims, func(d dimension) bool {
			o := owner(d)
			return o == nil || o != first && !refersWithin(first, o, 3)
		}) {
			return true
		}
	}
	if t.date != nil && t.date.yearInt && (len(p.dims) == 1 && p.dims[0].grain == grainYear || len(p.dims) == 0 && yearly) && slices.ContainsFunc(p.conds, func(c condition) bool {
		return c.col != nil && c.col.table != t && fkTo(t, c.col.table) != nil && (c.col == c.col.table.label || c.col == c.col.table.pk) && c.op == "=" && len(c.vals) == 1 && c.anti == nil
	}) {
		// "GDP per capita in the United States, year by year", "Canada's in 1997": figures
		// kept per thing and year, one thing named, a row for each year asked.
		return true
	}
	if keys := keyColumns(t); len(keys) > 1 && len(p.dims) == len(keys) && !slices.ContainsFunc(keys, func(k *column) bool {
		return !slices.ContainsFunc(p.dims, func(d dimension) bool {
			o := owner(d)
			return d.col == k && (d.grain == grainNone || d.grain == grainYear && k.yearInt) || o != nil && o != t && fkTo(t, o) == k
		})
	}) {
		// "the highest life expectancy, and for which country and year": grouped by each
		// part of a key of several (a country, a year), each group is one row.
		return true
	}
	if len(p.dims) > 0 {
		return !slices.ContainsFunc(p.dims, func(d dimension) bool {
			return !(d.table == t && d.col == nil || d.col != nil && d.col.table == t && (d.col == t.label || d.col == t.pk))
		})
	}
	return slices.ContainsFunc(p.conds, func(c condition) bool {
		return c.col != nil && c.col.table == t && (c.col == t.label || c.col == t.pk) && (c.op == "=" || c.op == "like") && c.anti == nil && c.avgOf == nil
	})
}

// ratioWords name a column that keeps a ratio of two quantities.
// An expectancy (an average age at death) is one too: each continent's life expectancy is
// not the sum of its countries'.
var ratioWords = []string{"density", "share", "percent", "percentage", "pct", "ratio", "proportion", "fraction", "capita", "expectancy"}

// ratioColumn reports whether a number column keeps a ratio of two quantities of its row (a
// density, a rate, a share), which rows cannot be added up into.
func ratioColumn(c *column) bool {
	// ("rate" also names a price per use, a film's rental_rate: not one of them.)
	return c != nil && c.class == classNumber && c.metric == nil && containsAny(c.words, ratioWords)
}

// oneToOne reports whether a referencing column holds each value once (its table's key, or a
// column outside a composite key that the profile found distinct in 99% of its rows or more: person.ssn to an income kept
// per ssn): joining the referenced row to it reaches one row, not many, so nothing is counted
// twice.
func oneToOne(c *column) bool {
	if c == c.table.pk {
		return true
	}
	p := c.prof
	return p != nil && !c.partKey && p.NonNull > 1 && p.Distinct*100 >= p.NonNull*99
}

// strictlyOne reports whether a referencing column is its table's key or was found distinct
// on every row.
func strictlyOne(c *column) bool {
	return c == c.table.pk || c.prof != nil && c.prof.NonNull > 0 && c.prof.Distinct == c.prof.NonNull
}

// fkTo is the one column of t referencing table to, or nil.
// keyColumns are the columns that tell t's rows apart: its primary key, or the columns of a
// key of several (an episode's series and number).
func keyColumns(t *table) []*column {
	if t.pk != nil {
		return []*column{t.pk}
	}
	var out []*column
	for _, c := range t.cols {
		if c.partKey {
			out = append(out, c)
		}
	}
	return out
}

func fkTo(t, to *table) *column {
	var found *column
	for _, f := range t.fks {
		if f.to.table == to {
			if found != nil {
				return nil
			}
			found = f.from
		}
	}
	return found
}

// linkHead is the table a keys-only link table's name ends with (film_category: category),
// which is what grouping by "film categories" means; nil for any other table.
func linkHead(t *table) *table {
	if t.label != nil || t.measure != nil || len(t.fks) < 2 || len(t.words) < 2 {
		return nil
	}
	var head *table
	for _, f := range t.fks {
		r := f.to.table
		if r != t && len(r.words) > 0 && len(r.words) < len(t.words) && slices.Equal(t.words[len(t.words)-len(r.words):], r.words) {
			if head != nil && head != r {
				return nil
			}
			head = r
		}
	}
	return head
}

func (p *plan) fanOut() bool { return p.fanTable() != nil }

// throughLinks reports whether every join that repeats the measure's rows goes through a link
// table (film_category: keys only) to a table the answer is grouped by: "average film length
// per category" counts a film once in each of its categories, which is what is asked.
func (p *plan) throughLinks() bool {
	grouped := func(t *table) bool {
		for _, d := range p.dims {
			if d.table == t || (d.col != nil && d.col.table == t) {
				return true
			}
		}
		return false
	}
	// oneRow: "the average rental rate of a comedy" keeps one category, by its name, so a film
	// is counted once.
	oneRow := func(t *table) bool {
		for _, c := range p.conds {
			if c.col != nil && c.col.table == t && c.op == "=" && len(c.vals) == 1 && c.role == nil && (c.col == t.label || c.col == t.pk) {
				return true
			}
		}
		return false
	}
	filtered := false
	for _, j := range p.joins {
		if !j.fanOut {
			continue
		}
		if j.table.label != nil || j.table.measure != nil || len(j.table.fks) < 2 {
			return false
		}
		ok := false
		for _, k := range p.joins {
			if k.reached == j.table && !k.fanOut && k.fk.from.table == j.table {
				switch {
				case grouped(k.table):
					ok = true
				case oneRow(k.table):
					ok, filtered = true, true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return len(p.dims) > 0 || filtered
}

func (p *plan) fanTable() *table {
	for _, j := range p.joins {
		if j.fanOut {
			return j.table
		}
	}
	return nil
}

// noBareMetric refuses a plan that would use a metric as a plain column (a row condition, a
// listing, a grouping or an ordering): a metric only exists aggregated.
func noBareMetric(p *plan) error {
	d0 := dialect{typ: datasource.SQLite}
	for _, x := range p.measures {
		if x.col != nil && x.col.metric != nil && x.col.metric.price != nil && x.agg != aggSum && x.agg != aggNone {
			return &notUnderstood{words: []string{x.col.name}, msg: fmt.Sprintf("%s is computed as a total (%s)", x.col.name, x.col.metric.desc)}
		}
	}
	var cols []*column
	for _, c := range p.conds {
		if c.col != nil {
			cols = append(cols, c.col)
		}
	}
	for _, d := range p.dims {
		cols = append(cols, d.col)
	}
	cols = append(cols, p.listCols...)
	cols = append(cols, p.orderCol)
	for _, c := range cols {
		if c != nil && c.metric != nil {
			return &notUnderstood{words: []string{c.name}, msg: fmt.Sprintf("%s is a metric (%s): it can be totalled per group, not listed or compared row by row", c.name, c.metric.sql(d0))}
		}
	}
	return nil
}

// undatedYear reports, for a question that says one whole year ("in 2021", the academic "2020-21") of a
// figure (entries, a population) in a schema with no date or year column anywhere, the
// year's words: the year can only be the one the figures were counted in.
func undatedYear(m *model, p *plan) (string, bool) {
	if len(p.dates) != 1 || p.dates[0].col != nil || len(p.dims) > 0 && slices.ContainsFunc(p.dims, func(d dimension) bool { return d.grain != grainNone }) {
		return "", false
	}
	figure := p.orderCol != nil && p.orderCol.class == classNumber || slices.ContainsFunc(p.measures, func(x measure) bool { return x.col != nil && x.col.class == classNumber }) ||
		slices.ContainsFunc(p.conds, func(c condition) bool {
			return c.col != nil && c.col.class == classNumber && c.anti == nil && (c.op == ">" || c.op == "<" || c.op == ">=" || c.op == "<=")
		})
	if !figure {
		return "", false // "stations opened in 2021" counts rows the year cannot tell apart
	}
	r := p.dates[0].rng
	if r.yearless || r.everyYear || r.from.IsZero() || r.to.IsZero() || r.from.Day() != 1 || r.to != r.from.AddDate(1, 0, 0) {
		return "", false
	}
	for _, t := range m.tables {
		if t.date != nil {
			return "", false
		}
		for _, c := range t.cols {
			if c.class == classDate || c.yearInt {
				return "", false
			}
		}
	}
	return r.text, true
}

// dateColumn picks the date column for a date filter or bucket: the table the question was
// about when it named the date if that table is on the "many" side of base ("customers who
// placed orders in 2024" means the order date), else base's own, else the nearest table's.
func dateColumn(m *model, base, hint *table, named []*table) (*column, error) {
	if hint != nil && hint != base && hint.date != nil {
		if p, ok := m.path([]*table{base}, hint); ok && fansOut(base, p) {
			return hint.date, nil
		}
	}
	if base.date != nil {
		return base.date, nil
	}
	var best *column
	var tied []string
	var tiedT []*table
	bestLen, bestFan := 0, true
	for _, t := range m.tables {
		if t.date == nil {
			continue
		}
		p, ok := m.path([]*table{base}, t)
		if !ok {
			continue
		}
		fan := fansOut(base, p)
		switch {
		case best == nil || (bestFan && !fan) || (fan == bestFan && len(p) < bestLen):
			best, bestLen, bestFan = t.date, len(p), fan
			tied, tiedT = []string{t.name}, []*table{t}
		case fan == bestFan && len(p) == bestLen:
			tied, tiedT = append(tied, t.name), append(tiedT, t)
		}
	}
	if best == nil {
		return nil, &notUnderstood{msg: fmt.Sprintf("%s has no date column to filter or group by", base.name)}
	}
	if !bestFan && len(tiedT) > 1 {
		// A goal's match and its tournament: the match belongs to the tournament, so its
		// date is the goal's own, the finer one.
		var finest []*table
		for _, t := range tiedT {
			if !slices.ContainsFunc(tiedT, func(u *table) bool { return u != t && belongsTo(m, u, t) }) {
				finest = append(finest, t)
			}
		}
		if len(finest) == 1 {
			return finest[0].date, nil
		}
	}
	if len(tied) > 1 && hint != nil && slices.Contains(tiedT, hint) {
		// "in the 2021 Dutch parliamentary election": the period is said of one of them.
		return hint.date, nil
	}
	if len(tied) > 1 && named != nil {
		// "in which month did the most animals leave the shelter": the verb named the
		// outcomes, one of the dated tables, and no other; "adopted" names a status of the
		// outcomes, kept in a list only they refer to.
		var said []*table
		for _, t := range tiedT {
			if slices.ContainsFunc(named, func(n *table) bool { return n == t || n != base && n.date == nil && fkTo(t, n) != nil }) {
				said = append(said, t)
			}
		}
		if len(said) == 1 {
			return said[0].date, nil
		}
	}
	if len(tied) > 1 {
		// "patients seen in 2023": a patient has allergies, conditions and encounters, each
		// dated; which of them the period is about, nothing says. Nor, for an inventory row,
		// whether its store's opening or another parent's date is meant.
		return nil, &notUnderstood{msg: fmt.Sprintf("cannot tell whose date: %s has none, and %s each have one", base.name, strings.Join(tied, ", "))}
	}
	return best, nil
}

// namedPresent are the tables the question named, but for the rows it says are missing
// ("patients seen in 2023 but with no wellness visit": the visits that are not there date
// nothing the patients were seen by).
func namedPresent(p *plan) []*table {
	return slices.DeleteFunc(slices.Clone(p.named), func(t *table) bool {
		return slices.ContainsFunc(p.conds, func(c condition) bool { return c.anti != nil && c.anti.from.table == t })
	})
}

// fullerYear is the table's own year (a column called just that, keeping years only) when
// it is filled in for more rows than the finer date c: the comic characters whose debut month
// is unknown still have their debut year, so a question by year reads the year. nil otherwise.
func fullerYear(c *column) *column {
	if c == nil || c.yearInt || c.class != classDate || c.prof == nil {
		return nil
	}
	y := c.table.col("year")
	if y == nil || !y.yearInt || y.prof == nil || y.prof.NonNull <= c.prof.NonNull {
		return nil
	}
	return y
}

// finerDate returns the full date kept for the rows of a table whose own date is only a
// year: the date column of the one table whose rows refer to it one to one.
func finerDate(m *model, c *column) *column {
	if c == nil || !c.yearInt || c.table.pk != c {
		return nil
	}
	var found *column
	for _, u := range m.tables {
		f := fkTo(u, c.table)
		if u == c.table || u.view || f == nil || f.prof == nil || f.prof.NonNull == 0 || f.prof.Distinct != f.prof.NonNull {
			continue
		}
		for _, d := range u.cols {
			if d.class == classDate && !d.yearInt && !d.monthText && d.prof != nil && d.prof.NonNull > 0 {
				if found != nil {
					return nil
				}
				found = d
			}
		}
	}
	return found
}

// belongsTo reports whether each row of u belongs to one row of t: a path from u to t that
// never fans out.
func belongsTo(m *model, u, t *table) bool {
	p, ok := m.path([]*table{u}, t)
	return ok && len(p) > 0 && !fansOut(u, p)
}

// nonWord is what an alias made from a value leaves out.
var nonWord = regexp.MustCompile(`[^A-Za-z0-9]+`)

// round rounds a figure as the question asked ("rounded to two decimals"), or leaves it.
// PostgreSQL rounds to a number of places only a numeric.
func (d dialect) round(e string, p *plan) string {
	switch {
	case !p.rounded:
		return e
	case d.typ == datasource.Postgres:
		return fmt.Sprintf("ROUND(CAST(%s AS NUMERIC), %d)", e, p.digits)
	}
	return fmt.Sprintf("ROUND(%s, %d)", e, p.digits)
}

// dialect renders identifiers, literals and date buckets for one database.
type dialect struct {
	typ datasource.Type
	// words names a column read through a names table as its own table's (egg_groups.name),
	// for explanations, where the subquery that reads it says nothing to a reader.
	words bool
}

// reserved words that must be quoted when used as identifiers in any of the three dialects.
var reserved = toSet(strings.Fields(`all and as asc between by case check column constraint create cross current_date
	current_time current_timestamp default delete desc distinct drop else end exists false for foreign from full
	group having in index inner insert interval into is join key left like limit natural not null offset on or order
	outer primary references right rows select set table then to true union unique update user using values when
	where window with
	character char condition range rank row row_number read release return repeat require signal trigger leave
	loop option lines long mod div regexp rlike schema separator show spatial sql starting varchar while analyze
	both leading trailing cursor database databases dual explain fetch function grant groups ignore kill lateral
	lock match over partition procedure rename replace revoke sensitive specific system unsigned usage int integer
	float double decimal numeric real bigint smallint tinyint blob binary current_user session_user localtime
	localtimestamp cube cume_dist dense_rank first_value lag last_value lead nth_value ntile percent_rank recursive`))

func (d dialect) ident(s string) string {
	plain := s != "" && !reserved[strings.ToLower(s)]
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			plain = false
		}
	}
	if plain {
		return s
	}
	if d.typ == datasource.MySQL {
		return "`" + strings.ReplaceAll(s, "`", "``") + "`"
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// table quotes a table name; PostgreSQL tables outside "public" arrive as "schema.table".
func (d dialect) table(t *table) string {
	if sch, name, ok := strings.Cut(t.name, "."); ok && d.typ == datasource.Postgres {
		return d.ident(sch) + "." + d.ident(name)
	}
	return d.ident(t.name)
}

func (d dialect) col(c *column) string {
	return d.colOf(c, d.table(c.table))
}

// colOf is a column of a table the query names ref: the table itself or a role's alias.
func (d dialect) colOf(c *column, ref string) string {
	if v := c.via; v != nil && !d.words {
		text, key := v.text, v.key
		if w := text.via; w != nil && w.ref == key {
			// A name borrowed from a table that keeps it in a names table: read it there
			// directly, by the key that points to the row it names.
			text, key = w.text, w.key
		}
		return "(SELECT " + d.col(text) + " FROM " + d.table(text.table) + " WHERE " + d.col(key) + " = " + ref + "." + d.ident(v.ref.name) + ")"
	}
	if pv := c.pivot; pv != nil {
		v, at := pv.value.table, pv.label.table
		if d.words {
			return d.col(pv.value) + " of " + d.col(pv.label) + " " + d.str(pv.name)
		}
		val := d.col(pv.value)
		if pv.shared {
			val = "CASE WHEN COUNT(*) = 1 THEN MAX(" + val + ") END"
		}
		return "(SELECT " + val + " FROM " + d.table(v) + " JOIN " + d.table(at) + " ON " + d.col(pv.attr) + " = " + d.col(at.pk) +
			" WHERE " + d.col(pv.entity) + " = " + ref + "." + d.ident(c.table.pk.name) + " AND " + d.col(pv.label) + " = " + d.str(pv.name) + ")"
	}
	if c.diff != nil {
		return "(" + d.col(c.diff[0]) + " - " + d.col(c.diff[1]) + ")"
	}
	if c.ratio != nil {
		if d.words {
			return strings.Join(c.words, " ") + " (100 × " + d.col(c.ratio[0]) + " / " + d.col(c.ratio[1]) + ")"
		}
		return "(100.0 * " + d.col(c.ratio[0]) + " / NULLIF(" + d.col(c.ratio[1]) + ", 0))"
	}
	if p := c.parts; p != nil {
		return "(" + d.col(p[0]) + " * 10000 + " + d.col(p[1]) + " * 100 + " + d.partsDay(p) + ")"
	}
	if c.numText && !d.words {
		if c.numMark != "" {
			return d.number("REPLACE(" + ref + "." + d.ident(c.name) + ", " + d.str(c.numMark) + ", '')")
		}
		return d.number(ref + "." + d.ident(c.name))
	}
	if c.slashDate != "" && !d.words {
		return d.isoDate(ref+"."+d.ident(c.name), c.slashDate)
	}
	if c.epoch != 0 && !d.words {
		return d.fromEpoch(ref+"."+d.ident(c.name), c.epoch)
	}
	return ref + "." + d.ident(c.name)
}

// fromEpoch is the moment, in UTC, of a Unix time x counted in 1/per seconds: a timestamp on
// PostgreSQL and MySQL, 'YYYY-MM-DD HH:MM:SS' text on SQLite, so it compares with dates,
// sorts and buckets as a date column does.
func (d dialect) fromEpoch(x string, per float64) string {
	if per != 1 {
		x = fmt.Sprintf("%s / %g", x, per)
	}
	switch d.typ {
	case datasource.Postgres:
		return "(to_timestamp(" + x + ") AT TIME ZONE 'UTC')"
	case datasource.MySQL:
		return "CONVERT_TZ(FROM_UNIXTIME(" + x + "), @@session.time_zone, '+00:00')"
	}
	return "datetime(" + x + ", 'unixepoch')"
}

// isoDate rewrites a date kept as 'MM/DD/YYYY' (order "mdy"), 'DD/MM/YYYY' or 'YYYY/MM/DD'
// text as 'YYYY-MM-DD', which compares, sorts and buckets as dates do.
func (d dialect) isoDate(x, order string) string {
	if order == "ymd" {
		return "REPLACE(" + x + ", '/', '-')"
	}
	month, day := "1", "4"
	if order == "dmy" {
		month, day = "4", "1"
	}
	if d.typ == datasource.MySQL {
		return "CONCAT(SUBSTR(" + x + ", 7, 4), '-', SUBSTR(" + x + ", " + month + ", 2), '-', SUBSTR(" + x + ", " + day + ", 2))"
	}
	return "(SUBSTR(" + x + ", 7, 4) || '-' || SUBSTR(" + x + ", " + month + ", 2) || '-' || SUBSTR(" + x + ", " + day + ", 2))"
}

// countKey is what tells a table's counted rows apart: the key to what they are forms of
// (pokemon.species_id), else their primary key.
func countKey(t *table) *column {
	if t.formOf != nil {
		return t.formOf
	}
	if t.sightings != nil {
		return t.sightings
	}
	return t.pk
}

// countedByName says a table's rows are counted as the things they name or are forms of,
// not one by one (countKey).
func countedByName(t *table) bool { return t.formOf != nil || t.sightings != nil }

// wideTable is the number of columns past which a row listed by a ranking is shown by its
// name and the figure ranked rather than whole.
const wideTable = 12

// number reads a number kept as text (numText): thousands separators dropped, anything not a
// number NULL. Each dialect needs its own test, because PostgreSQL's cast fails on 'unknown'
// where SQLite's reads 0.
func (d dialect) number(x string) string {
	v := "REPLACE(" + x + ", ',', '')"
	switch d.typ {
	case datasource.Postgres:
		return "(CASE WHEN " + v + " ~ '^-?[0-9]+([.][0-9]+)?$' THEN CAST(" + v + " AS NUMERIC) END)"
	case datasource.MySQL:
		return "(CASE WHEN " + v + " REGEXP '^-?[0-9]+([.][0-9]+)?$' THEN CAST(" + v + " AS DECIMAL(38,6)) END)"
	}
	return "(CASE WHEN " + v + " GLOB '[0-9]*' OR " + v + " GLOB '-[0-9]*' THEN CAST(" + v + " AS REAL) END)"
}

// str quotes a string literal. MySQL also treats backslash as an escape character by
// default, so it is doubled there.
func (d dialect) str(s string) string {
	s = strings.ReplaceAll(s, "'", "''")
	if d.typ == datasource.MySQL {
		s = strings.ReplaceAll(s, `\`, `\\`)
	}
	return "'" + s + "'"
}

func (d dialect) literal(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		return d.str(x)
	}
	return d.str(fmt.Sprint(v))
}

// bucket truncates a date column to a grain. Every dialect yields the same text labels (day
// and week: YYYY-MM-DD, week = its Monday; month: YYYY-MM; quarter: YYYY-Qn; year: YYYY) so
// results and charts look alike whatever the database.
func (d dialect) bucket(c *column, g grain) string {
	x := d.col(c)
	if g == grainHour {
		return d.hourOfDay(c)
	}
	if g == grainWeekday {
		return d.dayOfWeek(c)
	}
	if g == grainDecade {
		return d.intDiv(d.yearOf(c), 10) + " * 10"
	}
	if c.yearInt {
		return x // complete lets only whole years reach here
	}
	switch {
	case c.parts != nil:
		x = d.partsAsDate(c.parts) // labelled as dates are: 2013-07, not 201307
	case c.intDate && g != grainWeek:
		return d.intBucket(x, g)
	case c.intDate:
		x = d.intAsDate(x)
	case c.monthText:
		x = d.monthStart(x)
	}
	switch d.typ {
	case datasource.Postgres:
		if c.textDate {
			x = "CAST(" + x + " AS timestamp)" // a date kept as text
		}
		switch g {
		case grainDay:
			return fmt.Sprintf("to_char(date_trunc('day', %s), 'YYYY-MM-DD')", x)
		case grainWeek:
			return fmt.Sprintf("to_char(date_trunc('week', %s), 'YYYY-MM-DD')", x)
		case grainMonth:
			return fmt.Sprintf("to_char(date_trunc('month', %s), 'YYYY-MM')", x)
		case grainQuarter:
			return fmt.Sprintf(`to_char(date_trunc('quarter', %s), 'YYYY-"Q"Q')`, x)
		default:
			return fmt.Sprintf("to_char(date_trunc('year', %s), 'YYYY')", x)
		}
	case datasource.MySQL:
		switch g {
		case grainDay:
			return fmt.Sprintf("DATE_FORMAT(%s, '%%Y-%%m-%%d')", x)
		case grainWeek:
			return fmt.Sprintf("DATE_FORMAT(DATE_SUB(%s, INTERVAL WEEKDAY(%s) DAY), '%%Y-%%m-%%d')", x, x)
		case grainMonth:
			return fmt.Sprintf("DATE_FORMAT(%s, '%%Y-%%m')", x)
		case grainQuarter:
			return fmt.Sprintf("CONCAT(YEAR(%s), '-Q', QUARTER(%s))", x, x)
		default:
			return fmt.Sprintf("DATE_FORMAT(%s, '%%Y')", x)
		}
	default: // SQLite keeps dates as 'YYYY-MM-DD...' text.
		switch g {
		case grainDay:
			return fmt.Sprintf("strftime('%%Y-%%m-%%d', %s)", x)
		case grainWeek:
			// 'weekday 0' moves to the coming Sunday (or stays), -6 days is that week's Monday.
			return fmt.Sprintf("date(%s, 'weekday 0', '-6 days')", x)
		case grainMonth:
			return fmt.Sprintf("strftime('%%Y-%%m', %s)", x)
		case grainQuarter:
			return fmt.Sprintf("strftime('%%Y', %s) || '-Q' || ((CAST(strftime('%%m', %s) AS INTEGER) + 2) / 3)", x, x)
		default:
			return fmt.Sprintf("strftime('%%Y', %s)", x)
		}
	}
}

// yearOf is the year of a date column as an integer, on every dialect.
func (d dialect) yearOf(c *column) string {
	x := d.col(c)
	switch {
	case c.yearInt:
		return x
	case c.intDate:
		return d.intDiv(x, 10000)
	case c.parts != nil:
		x = d.partsAsDate(c.parts)
	case c.monthText:
		x = d.monthStart(x)
	}
	return d.datePart(c, x, "CAST(EXTRACT(YEAR FROM %s) AS integer)", "YEAR(%s)", "CAST(strftime('%%Y', %s) AS INTEGER)")
}

// datePart applies the dialect's own format to a date expression x of column c: pg, my and
// lite are fmt patterns for PostgreSQL (after casting a date kept as text), MySQL and SQLite.
func (d dialect) datePart(c *column, x, pg, my, lite string) string {
	switch d.typ {
	case datasource.Postgres:
		if c.textDate {
			x = "CAST(" + x + " AS timestamp)"
		}
		return fmt.Sprintf(pg, x)
	case datasource.MySQL:
		return fmt.Sprintf(my, x)
	default:
		return fmt.Sprintf(lite, x)
	}
}

// monthOfYear is the two-digit month of the year of a date column ("01".."12"), for a
// listing of the months of one year the question names.
func (d dialect) monthOfYear(c *column) string {
	x := d.col(c)
	if c.parts != nil {
		x = d.partsAsDate(c.parts)
	} else if c.intDate {
		return fmt.Sprintf("%s %% 100", d.intDiv(x, 100))
	} else if c.monthText {
		x = d.monthStart(x)
	}
	return d.datePart(c, x, "to_char(%s, 'MM')", "DATE_FORMAT(%s, '%%m')", "strftime('%%m', %s)")
}

// monthName is the English name of a date's month ('December'), the same on every dialect
// (PostgreSQL's and MySQL's own names depend on the server's locale).
func (d dialect) monthName(c *column) string {
	n := d.monthOfYear(c)
	switch d.typ {
	case datasource.Postgres:
		n = "CAST(" + n + " AS integer)"
	case datasource.MySQL:
		n = "CAST(" + n + " AS SIGNED)"
	default:
		n = "CAST(" + n + " AS INTEGER)"
	}
	var b strings.Builder
	b.WriteString("CASE " + n)
	for m := time.January; m <= time.December; m++ {
		fmt.Fprintf(&b, " WHEN %d THEN '%s'", int(m), m)
	}
	b.WriteString(" END")
	return b.String()
}

// hourOfDay is the hour of a timestamp as a number 0..23, the same on every dialect. Columns
// of days (dayOnly, which includes dates kept as YYYYMMDD) never get here: complete refuses them.
func (d dialect) hourOfDay(c *column) string {
	x := d.col(c)
	switch d.typ {
	case datasource.Postgres:
		if c.clock {
			x = "CAST(" + x + " AS time)" // '12:25:12' as text, or a time already
		} else if c.textDate {
			x = "CAST(" + x + " AS timestamp)"
		}
		return fmt.Sprintf("CAST(EXTRACT(HOUR FROM %s) AS integer)", x)
	case datasource.MySQL:
		return fmt.Sprintf("HOUR(%s)", x)
	}
	return fmt.Sprintf("CAST(strftime('%%H', %s) AS INTEGER)", x)
}

// dayOfWeek is the English name of a date's day of the week ('Monday'), the same on every
// dialect.
func (d dialect) dayOfWeek(c *column) string {
	x := d.col(c)
	switch {
	case c.parts != nil:
		x = d.partsAsDate(c.parts)
	case c.intDate:
		x = d.intAsDate(x)
	}
	switch d.typ {
	case datasource.Postgres:
		// The cast is harmless on a date and needed on text (a warehouse's VARCHAR the_date).
		return fmt.Sprintf("to_char(CAST(%s AS timestamp), 'FMDay')", x)
	case datasource.MySQL:
		return fmt.Sprintf("DAYNAME(%s)", x)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "CASE CAST(strftime('%%w', %s) AS INTEGER)", x)
	for i, n := range []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"} {
		fmt.Fprintf(&b, " WHEN %d THEN '%s'", i, n)
	}
	b.WriteString(" END")
	return b.String()
}

// monthStart is the first day of a month kept as 'YYYY-MM' text, as text a date function
// reads ('1962-08-01').
func (d dialect) monthStart(x string) string {
	if d.typ == datasource.MySQL {
		return "CONCAT(" + x + ", '-01')"
	}
	return "(" + x + " || '-01')"
}

// partsAsDate is the date a row keeps as year, month and day columns, as the dialect's date
// (SQLite's YYYY-MM-DD text).
func (d dialect) partsAsDate(p *[3]*column) string {
	y, m, dd := d.col(p[0]), d.col(p[1]), d.partsDay(p)
	switch d.typ {
	case datasource.Postgres:
		return fmt.Sprintf("make_date(%s, %s, %s)", y, m, dd)
	case datasource.MySQL:
		return fmt.Sprintf("STR_TO_DATE(CONCAT_WS('-', %s, %s, %s), '%%Y-%%c-%%e')", y, m, dd)
	}
	return fmt.Sprintf("printf('%%04d-%%02d-%%02d', %s, %s, %s)", y, m, dd)
}

// partsDay is the day of a date kept in parts: its day column, or the first of the month
// for readings kept by month.
func (d dialect) partsDay(p *[3]*column) string {
	if p[2] == nil {
		return "1"
	}
	return d.col(p[2])
}

// intBucket truncates a date kept as the number YYYYMMDD by arithmetic, labelled in the
// column's own convention (a day as stored, a month 201803, a year 2018, a quarter 2018-Q1), so
// a label can be compared with the stored values and is the same on every dialect.
func (d dialect) intBucket(x string, g grain) string {
	switch g {
	case grainDay:
		return x
	case grainMonth:
		return d.intDiv(x, 100)
	case grainQuarter:
		y, q := d.intDiv(x, 10000), fmt.Sprintf("(%s %% 100 + 2) / 3", d.intDiv(x, 100))
		if d.typ == datasource.MySQL {
			return fmt.Sprintf("CONCAT(%s, '-Q', (%s %% 100 + 2) DIV 3)", y, d.intDiv(x, 100))
		}
		if d.typ == datasource.Postgres {
			return fmt.Sprintf("CAST(%s AS text) || '-Q' || CAST(%s AS text)", y, q)
		}
		return fmt.Sprintf("%s || '-Q' || %s", y, q)
	default:
		return d.intDiv(x, 10000)
	}
}

// intDiv divides an integer expression by n, dropping the remainder on every dialect (MySQL's
// "/" keeps the fraction).
func (d dialect) intDiv(x string, n int) string {
	if d.typ == datasource.MySQL {
		return fmt.Sprintf("(%s DIV %d)", x, n)
	}
	return fmt.Sprintf("(%s / %d)", x, n)
}

// intAsDate turns a date kept as the number YYYYMMDD into the dialect's date, for the week
// bucket, which arithmetic cannot find.
func (d dialect) intAsDate(x string) string {
	switch d.typ {
	case datasource.Postgres:
		return fmt.Sprintf("to_date(CAST(%s AS text), 'YYYYMMDD')", x)
	case datasource.MySQL:
		return fmt.Sprintf("STR_TO_DATE(%s, '%%Y%%m%%d')", x)
	default:
		return fmt.Sprintf("date(substr(%s, 1, 4) || '-' || substr(%s, 5, 2) || '-' || substr(%s, 7, 2))", x, x, x)
	}
}

// singularName is the alias stem of a table: order_lines -> order_line.
func singularName(t *table) string {
	ws := splitIdent(t.name)
	if len(ws) > 0 {
		ws[len(ws)-1] = singular(ws[len(ws)-1])
	}
	return strings.Join(ws, "_")
}

// aliaser hands out unique output column names.
type aliaser map[string]bool

func (a aliaser) take(name string) string {
	n := name
	for i := 2; a[n]; i++ {
		n = fmt.Sprintf("%s_%d", name, i)
	}
	a[n] = true
	return n
}

// render turns a completed plan into SQL.
func render(p *plan, d dialect) string {
	var sel, group, order []string
	var dimAliases []string
	dimOrder := map[string]string{} // how a dimension sorts, where not by its alias
	al := aliaser{}
	firstGroup := -1 // how many GROUP BY expressions the first dimension has
	for k, dm := range p.dims {
		if k == 1 {
			firstGroup = len(group)
		}
		switch {
		case (dm.grain == grainMonth || dm.grain == grainDay) && dm.col != nil && dm.col.parts != nil && !dm.ofYear:
			// A date kept as year, month and day columns is grouped and shown by them, as
			// the table keeps it ("1997 | 8", not '1997-08').
			n := 2
			if dm.grain == grainDay && dm.col.parts[2] != nil {
				n = 3
			}
			for _, c := range dm.col.parts[:n] {
				a := al.take(strings.ToLower(c.name))
				sel = append(sel, d.col(c)+" AS "+d.ident(a))
				group = append(group, d.col(c))
				dimAliases = append(dimAliases, a)
			}
		case dm.grain != grainNone:
			e := d.bucket(dm.col, dm.grain)
			if dm.ofYear {
				e = d.monthOfYear(dm.col)
			}
			a := al.take(dm.grain.String())
			if dm.monthName {
				// Named months still read in the calendar's order, not the alphabet's.
				e = d.monthName(dm.col)
				dimOrder[a] = "MIN(" + d.monthOfYear(dm.col) + ")"
			}
			sel = append(sel, e+" AS "+d.ident(a))
			group = append(group, e)
			dimAliases = append(dimAliases, a)
		case dm.role != nil:
			t, ra := dm.table, roleAlias(dm.role)
			col := func(c *column) string { return d.colOf(c, d.ident(ra)) }
			if t.label2 != nil {
				a2 := al.take(ra + "_" + strings.ToLower(strings.Join(splitIdent(t.label2.name), "_")))
				sel = append(sel, col(t.label2)+" AS "+d.ident(a2))
				group = append(group, col(t.label2))
			}
			lab := t.label
			if lab == nil {
				lab = t.pk
			}
			a := al.take(ra)
			sel = append(sel, col(lab)+" AS "+d.ident(a))
			group = append(group, col(t.pk))
			if lab != t.pk {
				group = append(group, col(lab))
			}
			dimAliases = append(dimAliases, a)
		case dm.table != nil:
			t := dm.table
			switch {
			case t.label != nil:
				if t.label2 != nil {
					// A person named in two columns: first name, then last name.
					a2 := al.take(singularName(t) + "_" + strings.ToLower(strings.Join(splitIdent(t.label2.name), "_")))
					sel = append(sel, d.col(t.label2)+" AS "+d.ident(a2))
				}
				a := al.take(singularName(t))
				sel = append(sel, d.col(t.label)+" AS "+d.ident(a))
				if k := countKey(t); k != nil && k != t.label {
					// Rows that are forms of another's (a pizza in each of its sizes) are
					// grouped as what they are forms of, as they are counted.
					group = append(group, d.col(k))
				}
				group = append(group, d.col(t.label))
				if t.label2 != nil {
					group = append(group, d.col(t.label2))
				}
				dimAliases = append(dimAliases, a)
			case t.pk != nil:
				a := al.take(singularName(t) + "_" + t.pk.name)
				sel = append(sel, d.col(t.pk)+" AS "+d.ident(a))
				group = append(group, d.col(t.pk))
				dimAliases = append(dimAliases, a)
			default:
				// Rows keyed by several columns and named by none: an episode is its series
				// and its number.
				for _, c := range keyColumns(t) {
					a := al.take(c.name)
					sel = append(sel, d.col(c)+" AS "+d.ident(a))
					group = append(group, d.col(c))
					dimAliases = append(dimAliases, a)
				}
			}
		default:
			a := al.take(dm.col.name)
			sel = append(sel, d.col(dm.col)+" AS "+d.ident(a))
			group = append(group, d.col(dm.col))
			dimAliases = append(dimAliases, a)
		}
	}
	if firstGroup < 0 {
		firstGroup = len(group)
	}
	var measureAliases []string
	for _, m := range p.measures {
		e, a := measureSQL(p, m, d)
		a = al.take(a)
		sel = append(sel, d.round(e, p)+" AS "+d.ident(a))
		measureAliases = append(measureAliases, a)
		if p.topPer > 0 && len(measureAliases) == 1 {
			// The rank of each row within its group (the first dimension), by the measure.
			// Ties go to the ranked rows' key order, so the answer is the same on every run.
			sel = append(sel, fmt.Sprintf("ROW_NUMBER() OVER (PARTITION BY %s ORDER BY %s DESC, %s) AS %s",
				strings.Join(group[:firstGroup], ", "), e, strings.Join(group[firstGroup:], ", "), d.ident("rank_in_group")))
		}
		if p.share {
			sel = append(sel, fmt.Sprintf("%s AS %s", d.round(fmt.Sprintf("100.0 * %s / SUM(%s) OVER ()", e, e), p), d.ident(al.take("share_pct"))))
		}
	}
	distinct := ""
	if p.listTable != nil {
		cols := p.listCols
		if l := labelCols(p.listTable); len(cols) == 0 && p.orderCol != nil && p.orderCol.table == p.listTable && p.limit > 0 && len(l) > 0 && len(p.listTable.cols) > wideTable {
			// "which listing has the most bedrooms" of a 75-column export: the listing by its
			// name, with the figure ranked, not every column it has.
			cols = append(l, p.orderCol)
		}
		if len(cols) == 0 {
			// Every column but the key foreign keys, which are only numbers pointing elsewhere;
			// a text foreign key (a country name) is kept.
			for _, c := range p.listTable.cols {
				// An attribute kept as rows (a food's 150 nutrients) is shown when asked for,
				// not with every row.
				if c.parts == nil && c.pivot == nil && (!p.listTable.fkCols[c] || c.class != classKey) {
					cols = append(cols, c)
				}
			}
		}
		for _, c := range cols {
			if e := d.col(c); !strings.HasSuffix(e, d.ident(c.name)) && !d.words {
				// A number read from text ('$1,250.00'): shown under the column's own name.
				sel = append(sel, e+" AS "+d.ident(c.name))
			} else {
				sel = append(sel, e)
			}
		}
		if p.partition != nil && p.topPer > 0 && p.orderCol != nil {
			// The rank of each row within its group, by the column ranked; ties go to the
			// key order, so the answer is the same on every run.
			dir := "ASC"
			if p.desc {
				dir = "DESC"
			}
			tie := ""
			if pk := p.listTable.pk; pk != nil {
				tie = ", " + d.col(pk) + " ASC"
			}
			sel = append(sel, fmt.Sprintf("ROW_NUMBER() OVER (PARTITION BY %s ORDER BY %s %s%s) AS %s", d.col(p.partition), d.col(p.orderCol), dir, tie, d.ident("rank_in_group")))
		}
		for _, u := range p.unitCols {
			sel = append(sel, fmt.Sprintf("%s / %s AS %s", d.col(u.col), decimal(u.per), d.ident(al.take(u.unit+"s"))))
		}
		if rk := p.roleList; rk != nil {
			ra := roleAlias(rk)
			for _, c := range []*column{rk.table.label2, rk.table.label} {
				if c != nil {
					a := al.take(ra + "_" + strings.ToLower(strings.Join(splitIdent(c.name), "_")))
					sel = append(sel, d.colOf(c, d.ident(ra))+" AS "+d.ident(a))
				}
			}
		}
		if p.distinct || len(p.listCols) == 0 && p.partition == nil && len(p.unitCols) == 0 && p.roleList == nil && p.fanOut() {
			// Whole rows kept by a condition on rows that refer to them ("stations where
			// you can catch a TGV", a station with two such lines) are listed once each.
			distinct = "DISTINCT "
		}
	}
	var sb strings.Builder
	if p.outerCount {
		sel, group = nil, nil
		for _, c := range keyColumns(p.dims[0].table) {
			sel, group = append(sel, d.col(c)), append(group, d.col(c))
		}
	}
	sb.WriteString("SELECT " + distinct + strings.Join(sel, ", "))
	sb.WriteString("\nFROM " + d.table(p.base))
	for _, j := range p.joins {
		left := map[bool]string{true: "LEFT ", false: ""}[j.left]
		fmt.Fprintf(&sb, "\n%sJOIN %s ON %s", left, d.table(j.table), d.on(j.fk))
	}
	joined := map[*column]bool{}
	roleJoin := func(role *column, t *table) {
		if joined[role] {
			return
		}
		joined[role] = true
		ra := d.ident(roleAlias(role))
		fmt.Fprintf(&sb, "\nJOIN %s AS %s ON %s = %s.%s", d.table(t), ra, d.col(role), ra, d.ident(t.pk.name))
	}
	for _, dm := range p.dims {
		if dm.role != nil {
			roleJoin(dm.role, dm.table)
		}
	}
	if p.roleList != nil {
		roleJoin(p.roleList, p.roleList.table)
	}
	for _, c := range p.conds {
		if c.role != nil {
			roleJoin(c.role, c.col.table)
		}
		if c.otherRole != nil {
			roleJoin(c.otherRole, c.otherRole.table)
		}
	}
	if w := where(p, d); len(w) > 0 {
		sb.WriteString("\nWHERE " + strings.Join(w, "\n  AND "))
	}
	if len(group) > 0 && (len(p.measures) > 0 || p.outerCount) {
		sb.WriteString("\nGROUP BY " + strings.Join(group, ", "))
	}
	if len(p.having) > 0 {
		var hs []string
		for _, h := range p.having {
			e, _ := measureSQL(p, *h.having, d)
			if h.avgGroups != nil {
				hs = append(hs, fmt.Sprintf("%s %s (\n%s\n)", e, h.op, indent(render(h.avgGroups, d))))
				continue
			}
			if h.versus != nil {
				e2, _ := measureSQL(p, *h.versus, d)
				hs = append(hs, fmt.Sprintf("%s %s %s", e, h.op, e2))
				continue
			}
			hs = append(hs, predicate(e, h.op, h.vals, d))
		}
		sb.WriteString("\nHAVING " + strings.Join(hs, " AND "))
	}
	if p.outerAvg {
		inner := sb.String()
		a := measureAliases[0]
		return fmt.Sprintf("SELECT AVG(%s) AS %s\nFROM (\n%s\n) AS per_group", d.ident("per_group")+"."+d.ident(a), d.ident("avg_"+a), indent(inner))
	}
	if p.topPer > 0 && p.partition != nil {
		inner := sb.String()
		by := p.partition
		if !slices.Contains(p.listCols, by) && len(p.listCols) > 0 {
			// "each user's most-starred repository": partitioned by the owner key, shown by
			// the owner's name, listed first.
			by = p.listCols[0]
		}
		return fmt.Sprintf("SELECT *\nFROM (\n%s\n) AS ranked\nWHERE %s <= %d\nORDER BY %s ASC", indent(inner), d.ident("rank_in_group"), p.topPer, d.ident(by.name))
	}
	if p.topPer > 0 {
		inner := sb.String()
		order := []string{d.ident(dimAliases[0]) + " ASC", d.ident("rank_in_group") + " ASC"}
		return fmt.Sprintf("SELECT *\nFROM (\n%s\n) AS ranked\nWHERE %s <= %d\nORDER BY %s", indent(inner), d.ident("rank_in_group"), p.topPer, strings.Join(order, ", "))
	}
	if p.outerCount {
		inner := sb.String()
		t := p.dims[0].table
		return fmt.Sprintf("SELECT COUNT(*) AS %s\nFROM (\n%s\n) AS %s", d.ident(singularName(t)+"_count"), indent(inner), d.ident(t.name))
	}
	dir := "ASC"
	if p.desc {
		dir = "DESC"
	}
	switch p.order {
	case orderMeasure:
		if len(measureAliases) > 0 {
			order = append(order, d.ident(measureAliases[0])+" "+dir)
			for _, a := range dimAliases {
				order = append(order, cmp.Or(dimOrder[a], d.ident(a))+" ASC")
			}
		}
	case orderDims:
		for _, a := range dimAliases {
			order = append(order, cmp.Or(dimOrder[a], d.ident(a))+" ASC")
		}
	case orderCol:
		order = append(order, d.col(p.orderCol)+" "+dir)
		if c := p.orderCol; c.dayOnly && c.table.clock != nil && c == c.table.date {
			// "the first order on New Year's Day": the day, then its time kept apart.
			order = append(order, d.col(c.table.clock)+" "+dir)
		}
		switch t := p.listTable; {
		case t == nil || t.pk == nil || p.orderCol == t.pk:
		case p.distinct && !slices.Contains(p.listCols, t.pk):
			// DISTINCT orders only by what it selects: the name shown breaks ties.
			if t.label != nil && t.label != p.orderCol && slices.Contains(p.listCols, t.label) {
				order = append(order, d.col(t.label)+" ASC")
			}
		default:
			if p.labelTies && t.label != nil && t.label != p.orderCol {
				order = append(order, d.col(t.label)+" ASC") // the names shown break ties
			}
			order = append(order, d.col(t.pk)+" ASC")
		}
	}
	if t := p.listTable; len(order) == 0 && t != nil && t.label != nil && p.limit == 0 && (len(p.listCols) == 0 || slices.Contains(p.listCols, t.label) &&
		!slices.ContainsFunc(p.listCols, func(c *column) bool { return c != t.label && c != t.label2 })) {
		// Names listed read in alphabetical order, by last name first; rows listed for an
		// event that happened ("which patients have died"), in the order it happened.
		for _, c := range p.conds {
			if c.col != nil && c.op == "is not null" && c.col.class == classDate && c.col.table == t && c.anti == nil {
				order = append(order, d.col(c.col)+" ASC")
			}
		}
		if len(p.dates) == 1 && p.dates[0].col != nil && p.dates[0].col.table == t && p.dates[0].col.via == nil && !p.distinct {
			// "films released in the 2010s": rows of a period, in the order they came.
			order = append(order, d.col(p.dates[0].col)+" ASC")
		}
		switch {
		case len(t.seriesKey) > 0 && !p.distinct:
			// Episodes by season and number: the order they came in (not with DISTINCT,
			// which may order only by what it selects).
			for _, c := range t.seriesKey {
				order = append(order, d.col(c)+" ASC")
			}
		case t.label2 != nil && slices.Equal(t.label2.words, []string{"genus"}):
			// A species by its genus, then its epithet: as the name is written.
			order = append(order, d.col(t.label2)+" ASC", d.col(t.label)+" ASC")
		case t.label2 != nil:
			order = append(order, d.col(t.label)+" ASC", d.col(t.label2)+" ASC")
		default:
			order = append(order, d.col(t.label)+" ASC")
		}
	}
	if len(order) > 0 {
		sb.WriteString("\nORDER BY " + strings.Join(order, ", "))
	}
	if p.limit > 0 {
		fmt.Fprintf(&sb, "\nLIMIT %d", p.limit)
	}
	return sb.String()
}

// decimal writes a divisor with a decimal point: integer division would cut the hours off.
func decimal(f float64) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(s, "\n", "\n  ")
}

// measureSQL returns the aggregate expression and its default alias.
func measureSQL(p *plan, m measure, d dialect) (string, string) {
	if m.per > 0 {
		// A duration asked in another unit: the aggregate divided by the unit's size.
		x := m
		x.per = 0
		e, a := measureSQL(p, x, d)
		return fmt.Sprintf("%s / %s", e, decimal(m.per)), a + "_" + m.unit + "s"
	}
	if c := m.change; c != nil && m.col != nil {
		// The later year's figure minus the earlier one's, over the rows of both.
		y, v := d.col(c.year), d.col(m.col)
		return fmt.Sprintf("SUM(CASE WHEN %s = %d THEN %s END) - SUM(CASE WHEN %s = %d THEN %s END)", y, c.to, v, y, c.from, v),
			strings.ToLower(strings.Join(splitIdent(m.col.name), "_")) + "_change"
	}
	if m.weight != nil && m.col != nil {
		// Rows without the figure weigh nothing; 1.0 keeps integer figures from dividing
		// as integers.
		c, w := d.col(m.col), d.col(m.weight)
		return fmt.Sprintf("1.0 * SUM(%s * %s) / SUM(CASE WHEN %s IS NOT NULL THEN %s END)", c, w, c, w),
			strings.ToLower(strings.Join(splitIdent(m.col.name), "_")) + "_weighted_by_" + strings.ToLower(strings.Join(splitIdent(m.weight.name), "_"))
	}
	if m.times != nil && m.col != nil {
		return fmt.Sprintf("SUM(%s * %s)", d.col(m.col), d.col(m.times)),
			strings.ToLower(strings.Join(splitIdent(m.col.name), "_")) + "_times_" + strings.ToLower(strings.Join(splitIdent(m.times.name), "_"))
	}
	if m.shareOf != nil && m.col != nil {
		// The money of the rows that meet the condition, as a percentage of all of it.
		pred := where(&plan{conds: []condition{*m.shareOf}}, d)[0]
		e := d.col(m.col)
		if x := m.col.metric; x != nil {
			e = x.rowExpr(d)
		}
		return fmt.Sprintf("100.0 * SUM(CASE WHEN %s THEN %s ELSE 0 END) / SUM(%s)", pred, e, e),
			strings.ToLower(strings.Join(splitIdent(m.col.name), "_")) + "_share_pct"
	}
	if m.col != nil && m.col.metric != nil {
		return m.col.metric.sql(d), metricAlias(m.col.metric)
	}
	if m.shareOf != nil {
		pred := where(&plan{conds: []condition{*m.shareOf}}, d)[0]
		named := m.shareOf.col
		if named == nil && len(m.shareOf.antiConds) > 0 {
			named = m.shareOf.antiConds[0].col // the record that exists
		}
		alias := "share_pct"
		if named != nil {
			alias = strings.ToLower(strings.Join(splitIdent(named.name), "_")) + "_pct"
		}
		if countedByName(m.table) || p.fanOut() && m.table.pk != nil {
			// The join repeats the counted rows: each is counted once, by its key; forms
			// (pokemon of pokemon_species) once per thing they are forms of.
			k := d.col(countKey(m.table))
			return "100.0 * COUNT(DISTINCT CASE WHEN " + pred + " THEN " + k + " END) / COUNT(DISTINCT " + k + ")", alias
		}
		return "100.0 * SUM(CASE WHEN " + pred + " THEN 1 ELSE 0 END) / COUNT(*)", alias
	}
	if m.period != nil {
		return periodSQL(p, m, d)
	}
	if m.countIf != nil && m.col == nil {
		pred := where(&plan{conds: []condition{*m.countIf}}, d)[0]
		alias := strings.Trim(strings.ToLower(nonWord.ReplaceAllString(fmt.Sprint(m.countIf.vals[0]), "_")), "_") + "_count"
		if countedByName(m.table) || p.fanOut() && m.table.pk != nil {
			k := d.col(countKey(m.table))
			return "COUNT(DISTINCT CASE WHEN " + pred + " THEN " + k + " END)", alias
		}
		return "SUM(CASE WHEN " + pred + " THEN 1 ELSE 0 END)", alias
	}
	if m.col == nil {
		a := singularName(m.table) + "_count"
		if m.reports {
			return "COUNT(*)", singularName(m.table) + "_report_count"
		}
		if countedByName(m.table) {
			return "COUNT(DISTINCT " + d.col(countKey(m.table)) + ")", a
		}
		if m.table == p.base && !p.fanOut() && !slices.ContainsFunc(p.joins, func(j joinStep) bool { return j.nearlyOne }) && m.agg == aggCount || m.table.pk == nil {
			return "COUNT(*)", a
		}
		return "COUNT(DISTINCT " + d.col(m.table.pk) + ")", a
	}
	c := d.col(m.col)
	name := m.col.name
	switch m.agg {
	case aggCount:
		return "COUNT(" + c + ")", name + "_count"
	case aggCountDistinct:
		return "COUNT(DISTINCT " + c + ")", singular(name) + "_count"
	case aggAvg:
		return "AVG(" + c + ")", "avg_" + name
	case aggMin:
		return "MIN(" + c + ")", "min_" + name
	case aggMax:
		return "MAX(" + c + ")", "max_" + name
	}
	if strings.HasPrefix(strings.ToLower(name), "total") {
		return "SUM(" + c + ")", name
	}
	return "SUM(" + c + ")", "total_" + name
}

// existsWords says an anti-join or semi-join in words for the explanation: "having no rental
// rows", "having station_lines rows, through lines, where lines.system = 'Metro'".
func existsWords(c condition, d dialect) string {
	f := c.anti
	w := "having no "
	if c.present {
		w = "having "
	}
	var via []string
	switch {
	case c.antiVia != nil:
		// "films never rented": the rentals are what is missing, reached through inventory.
		w += c.antiVia.from.table.name + " rows"
		via = append(via, f.from.table.name)
	case f.from.table == f.to.table:
		w += f.from.table.name + " rows under them"
	default:
		w += f.from.table.name + " rows"
	}
	if c.antiUp != nil {
		via = append(via, c.antiUp.to.table.name)
	}
	for _, j := range c.antiJoins {
		via = append(via, j.table.name)
	}
	if len(via) > 0 {
		w += ", through " + strings.Join(via, ", ") + ","
	}
	ws := where(&plan{conds: c.antiConds}, d)
	for _, dc := range c.antiDates {
		ws = append(ws, fmt.Sprintf("%s %s", d.col(dc.col), dc.rng))
	}
	if len(ws) > 0 {
		w += " where " + strings.Join(ws, " and ")
	}
	return strings.TrimSuffix(w, ",")
}

// where renders the row conditions: values of one column become IN lists.
func where(p *plan, d dialect) []string {
	var out []string
	type key struct {
		col  *column
		op   string
		role *column
	}
	colSQL := func(c *column, role *column) string {
		if role != nil {
			return d.colOf(c, d.ident(roleAlias(role)))
		}
		return d.col(c)
	}
	merged := map[key][]any{}
	var keys []key
	for _, c := range p.conds {
		switch {
		case len(c.either) > 0:
			out = append(out, "("+strings.Join(where(&plan{conds: c.either}, d), " OR ")+")")
			continue
		case c.anti != nil && d.words:
			out = append(out, existsWords(c, d))
			continue
		case c.anti != nil:
			f := c.anti
			not := "NOT "
			if c.present {
				not = ""
			}
			extra := antiDateSQL(c.antiDates, d)
			for _, s := range where(&plan{conds: c.antiConds}, d) {
				extra += " AND " + s
			}
			joins := ""
			for _, j := range c.antiJoins {
				joins += fmt.Sprintf(" JOIN %s ON %s", d.table(j.table), d.on(j.fk))
			}
			if v := c.antiVia; v != nil {
				out = append(out, fmt.Sprintf("%sEXISTS (SELECT 1 FROM %s JOIN %s ON %s%s WHERE %s%s)", not, d.table(v.from.table), d.table(f.from.table),
					d.on(*v), joins, d.on(*f), extra))
				continue
			}
			if u := c.antiUp; u != nil {
				out = append(out, fmt.Sprintf("%sEXISTS (SELECT 1 FROM %s JOIN %s ON %s%s WHERE %s%s)", not, d.table(f.from.table), d.table(u.to.table),
					d.on(*u), joins, d.on(*f), extra))
				continue
			}
			if f.from.table == f.to.table && joins == "" && extra == "" {
				// "committees with no subcommittees": the rows under each, read on a copy of
				// the table.
				sub := d.ident("sub_" + f.from.table.name)
				out = append(out, fmt.Sprintf("%sEXISTS (SELECT 1 FROM %s AS %s WHERE %s = %s)", not, d.table(f.from.table), sub,
					d.colOf(f.from, sub), d.col(f.to)))
				continue
			}
			out = append(out, fmt.Sprintf("%sEXISTS (SELECT 1 FROM %s%s WHERE %s%s)", not, d.table(f.from.table), joins, d.on(*f), extra))
			continue
		case c.other != nil:
			out = append(out, fmt.Sprintf("%s %s %s", colSQL(c.col, c.role), c.op, colSQL(c.other, c.otherRole)))
			continue
		case c.avgOf != nil && c.avgBy != nil:
			// The average over the rows that share the group key with the row compared.
			peer := d.ident("peer")
			out = append(out, fmt.Sprintf("%s %s (SELECT AVG(%s.%s) FROM %s AS %s WHERE %s.%s = %s)", d.col(c.col), c.op, peer, d.ident(c.avgOf.name),
				d.table(c.avgOf.table), peer, peer, d.ident(c.avgBy.name), d.col(c.avgBy)))
			continue
		case c.avgOf != nil:
			// "a population above the average in 2021": the average of that year's rows, when
			// the date is kept on the averaged table itself.
			var same []dateCond
			for _, dc := range p.dates {
				if dc.col != nil && dc.col.table == c.avgOf.table && dc.col.via == nil {
					same = append(same, dc)
				}
			}
			filter, from := antiDateSQL(same, d), d.table(c.avgOf.table)
			if w := c.avgWhere; w != nil {
				// "than the average city": the rows of that value, joined to where it is kept.
				for _, e := range c.avgPath {
					from += fmt.Sprintf(" JOIN %s ON %s", d.table(e.fk.to.table), d.on(e.fk))
				}
				for _, s := range where(&plan{conds: []condition{*w}}, d) {
					filter += " AND " + s
				}
			}
			if filter != "" {
				filter = " WHERE " + strings.TrimPrefix(filter, " AND ")
			}
			out = append(out, fmt.Sprintf("%s %s (SELECT AVG(%s) FROM %s%s)", d.col(c.col), c.op, d.col(c.avgOf), from, filter))
			continue
		case c.than != "" && d.words:
			out = append(out, fmt.Sprintf("%s %s that of %s", d.col(c.col), c.op, d.str(c.than)))
			continue
		case c.than != "":
			// The named row's own value; MAX keeps it one value where two rows share the name.
			peer := d.ident("named")
			out = append(out, fmt.Sprintf("%s %s (SELECT MAX(%s.%s) FROM %s AS %s WHERE %s.%s = %s)", d.col(c.col), c.op, peer, d.ident(c.col.name),
				d.table(c.col.table), peer, peer, d.ident(c.col.table.label.name), d.str(c.than)))
			continue
		case c.orUnder != nil && d.words:
			out = append(out, fmt.Sprintf("%s or under it", predicate(d.col(c.col), c.op, c.vals, d)))
			continue
		case c.orUnder != nil:
			// The row itself or a row whose parent it is.
			up, t := d.ident("up"), c.col.table
			out = append(out, fmt.Sprintf("(%s OR %s IN (SELECT %s FROM %s AS %s WHERE %s))", predicate(d.col(c.col), c.op, c.vals, d), d.col(c.orUnder),
				d.colOf(t.pk, up), d.table(t), up, predicate(d.colOf(c.col, up), c.op, c.vals, d)))
			continue
		case (c.op == "is null" || c.op == "is not null") && blanks(c.col):
			// IPN '' on some parts and NULL on others: an empty text is no value either.
			x := d.col(c.col)
			if c.op == "is null" {
				out = append(out, fmt.Sprintf("(%s IS NULL OR %s = '')", x, x))
			} else {
				out = append(out, fmt.Sprintf("%s IS NOT NULL AND %s <> ''", x, x))
			}
			continue
		case c.op == "is null" || c.op == "is not null":
			out = append(out, d.col(c.col)+" "+strings.ToUpper(c.op))
			continue
		case c.op == "like" || c.op == "not like":
			// "starting with E": the pattern as the question spelled it.
			out = append(out, fmt.Sprintf("%s %s %s", colSQL(c.col, c.role), strings.ToUpper(c.op), d.str(fmt.Sprint(c.vals[0]))))
			continue
		case c.op == "contains" || c.op == "not contains":
			// One item of a list-valued column. Items hold no LIKE wildcard (listItems) and
			// are written as stored, so the match is the same in every dialect.
			not := map[bool]string{true: "NOT ", false: ""}[c.op == "not contains"]
			out = append(out, fmt.Sprintf("%s %sLIKE %s", colSQL(c.col, c.role), not, d.str("%"+fmt.Sprint(c.vals[0])+"%")))
			continue
		}
		if fv, ok := c.vals[0].(flagValue); ok && len(c.vals) == 1 {
			lit := map[bool]string{true: "1", false: "0"}[fv.on]
			stored := map[bool]string{true: c.col.flagOn, false: c.col.flagOff}[fv.on]
			switch {
			case c.col.boolTyp:
				lit = map[bool]string{true: "TRUE", false: "FALSE"}[fv.on]
			case c.col.flagOn != "" && c.col.flagOff == "" && !fv.on:
				// Not set, where only the set state has a value: anything else, empty included.
				out = append(out, fmt.Sprintf("(%s <> %s OR %s IS NULL)", d.col(c.col), d.str(c.col.flagOn), d.col(c.col)))
				continue
			case c.col.numFlag:
				lit = stored
			case len(c.col.flagSpellings[stored]) > 1:
				var lits []string
				for _, v := range c.col.flagSpellings[stored] {
					lits = append(lits, d.str(v))
				}
				out = append(out, fmt.Sprintf("%s IN (%s)", d.col(c.col), strings.Join(lits, ", ")))
				continue
			case c.col.flagOn != "":
				lit = d.str(stored)
			}
			out = append(out, d.col(c.col)+" = "+lit)
			continue
		}
		if c.op == "=" || c.op == "<>" {
			k := key{c.col, c.op, c.role}
			if _, ok := merged[k]; !ok {
				keys = append(keys, k)
			}
			for _, v := range c.vals {
				if !slices.Contains(merged[k], v) {
					// ("each director ... directed": the same value said twice)
					merged[k] = append(merged[k], v)
				}
			}
			continue
		}
		out = append(out, predicate(d.col(c.col), c.op, c.vals, d))
	}
	var eq []string
	for _, k := range keys {
		vals := merged[k]
		if k.col.numText && !slices.ContainsFunc(vals, func(v any) bool { _, ok := v.(string); return !ok }) {
			// "an unknown population": the word as stored, not the number read from it.
			ref := d.table(k.col.table)
			if k.role != nil {
				ref = d.ident(roleAlias(k.role))
			}
			op := k.op
			if len(vals) > 1 {
				op = map[bool]string{true: "in", false: "not in"}[k.op == "="]
			}
			eq = append(eq, predicate(ref+"."+d.ident(k.col.name), op, vals, d))
			continue
		}
		switch {
		case len(vals) == 1:
			eq = append(eq, predicate(colSQL(k.col, k.role), k.op, vals, d))
		case k.op == "=":
			eq = append(eq, predicate(colSQL(k.col, k.role), "in", vals, d))
		default:
			eq = append(eq, predicate(colSQL(k.col, k.role), "not in", vals, d))
		}
	}
	out = append(eq, out...)
	for _, f := range p.semFilters {
		out = append(out, "("+f+")")
	}
	return append(out, dateSQL(p.dates, d)...)
}

// wholeYear reports whether a range bound falls on the first of January (or is open).
func wholeYear(t time.Time) bool {
	return t.IsZero() || t.YearDay() == 1 && t.Hour() == 0 && t.Minute() == 0
}

// on is the join condition of a foreign key: its column pair, and the second pair of a
// two-column key.
func (d dialect) on(f fk) string {
	s := d.col(f.from) + " = " + d.col(f.to)
	if f.from2 != nil {
		s += " AND " + d.col(f.from2) + " = " + d.col(f.to2)
	}
	return s
}

// dateSQL renders date ranges as half-open comparisons.
func dateSQL(dates []dateCond, d dialect) []string {
	var out []string
	for _, dc := range dates {
		c := d.col(dc.col)
		bound := func(t time.Time) string {
			if dc.col.intDate {
				return t.Format("20060102") // a date kept as the number YYYYMMDD
			}
			if dc.col.yearInt {
				return strconv.Itoa(t.Year()) // complete lets only whole years reach here
			}
			if dc.col.monthText {
				return d.str(t.Format("2006-01")) // '1963-01' <= '1963-05' < '1964-01'
			}
			return d.str(day(t))
		}
		if dc.rng.everyYear {
			m := d.str(dc.rng.from.Format("01"))
			if dc.col.intDate {
				m = strconv.Itoa(int(dc.rng.from.Month()))
			}
			out = append(out, fmt.Sprintf("%s = %s", d.monthOfYear(dc.col), m))
			continue
		}
		if !dc.rng.from.IsZero() {
			out = append(out, fmt.Sprintf("%s >= %s", c, bound(dc.rng.from)))
		}
		if !dc.rng.to.IsZero() {
			out = append(out, fmt.Sprintf("%s < %s", c, bound(dc.rng.to)))
		} else if !dc.col.intDate && !dc.col.yearInt && textAfterDates(dc.col) {
			// "born in 2000 or later" where missing dates are stored as 'not available', which
			// sorts after every date written as text: no date is past year 9999.
			out = append(out, fmt.Sprintf("%s < %s", c, d.str("9999-12-31")))
		}
	}
	return out
}

// textAfterDates reports whether a date column's largest value, as its profile read it, is
// words rather than a date ('not available'): an open range upwards must stop at the dates.
func textAfterDates(c *column) bool {
	p := c.prof
	return p != nil && p.Max != "" && !unicode.IsDigit(rune(p.Max[0]))
}

func antiDateSQL(dates []dateCond, d dialect) string {
	var sb strings.Builder
	for _, s := range dateSQL(dates, d) {
		sb.WriteString(" AND " + s)
	}
	return sb.String()
}

// moveAntiDates puts a date on the table whose absence an anti-join tests inside that test:
// outside it, the date would need the missing rows and the answer would always be empty.
func moveAntiDates(p *plan) {
	for i := range p.conds {
		c := &p.conds[i]
		if c.anti == nil || c.present && c.periodKept {
			continue // ("vehicles in 1985 but none in 2014": the EXISTS keeps its own year)
		}
		keep := p.dates[:0:0]
		for _, dc := range p.dates {
			if dc.col != nil && (dc.col.table == c.anti.from.table || c.antiVia != nil && dc.col.table == c.antiVia.from.table) {
				c.antiDates = append(c.antiDates, dc)
			} else if up := upKey(c.anti.from.table, dc.col); c.antiVia == nil && c.antiUp == nil && up != nil {
				// "products nobody ordered in 2018": the missing order lines are those of
				// orders dated 2018; the lines reach the date through their order.
				c.antiUp = up
				c.antiDates = append(c.antiDates, dc)
			} else {
				keep = append(keep, dc)
			}
		}
		p.dates = keep
	}
}

// antiJoins finds, for each anti-join with conditions on the missing rows, the joins inside
// the test from the missing rows to the tables of those conditions. A path through the
// subject itself would shadow the outer row the test is correlated with: refused.
func antiJoins(m *model, p *plan) error {
	for i := range p.conds {
		c := &p.conds[i]
		if c.anti == nil || len(c.antiConds) == 0 {
			continue
		}
		subject := c.anti.to.table
		in := []*table{c.anti.from.table}
		if c.antiVia != nil {
			in = append(in, c.antiVia.from.table)
		}
		if c.antiUp != nil {
			in = append(in, c.antiUp.to.table)
		}
		for _, ac := range c.antiConds {
			path, ok := m.path(in, ac.col.table)
			if !ok {
				return &notUnderstood{words: []string{ac.col.table.name}, msg: fmt.Sprintf("cannot tell how %s restricts the missing %s", ac.col.table.name, c.anti.from.table.name)}
			}
			for _, e := range path {
				from := joinedEnd(in, e)
				next := e.other(from)
				if next == subject {
					return &notUnderstood{words: []string{ac.col.table.name}, msg: fmt.Sprintf("cannot tell how %s restricts the missing %s", ac.col.table.name, c.anti.from.table.name)}
				}
				if slices.Contains(in, next) {
					continue
				}
				c.antiJoins = append(c.antiJoins, joinStep{table: next, fk: e.fk, reached: from})
				in = append(in, next)
			}
		}
	}
	return nil
}

// upKey is the one foreign key of t to the table of date column col, or nil.
func upKey(t *table, col *column) *fk {
	if col == nil || col.table == t {
		return nil
	}
	var found *fk
	for k, f := range t.fks {
		if f.to.table == col.table {
			if found != nil {
				return nil
			}
			found = &t.fks[k]
		}
	}
	return found
}

func predicate(e, op string, vals []any, d dialect) string {
	switch op {
	case "between", "not between":
		return fmt.Sprintf("%s %s %s AND %s", e, strings.ToUpper(op), d.literal(vals[0]), d.literal(vals[1]))
	case "in", "not in":
		ls := make([]string, len(vals))
		for i, v := range vals {
			ls[i] = d.literal(v)
		}
		return fmt.Sprintf("%s %s (%s)", e, strings.ToUpper(op), strings.Join(ls, ", "))
	case "is null", "is not null":
		return fmt.Sprintf("%s %s", e, strings.ToUpper(op))
	}
	return fmt.Sprintf("%s %s %s", e, op, d.literal(vals[0]))
}

// blanks reports whether a text column keeps empty texts beside its values: its smallest
// value, as profiled, is the empty text.
func blanks(c *column) bool {
	return c != nil && c.class == classText && c.prof != nil && c.prof.NonNull > 0 && c.prof.Min == "" && c.prof.Max != ""
}

// roleAlias names the second copy of a self-referencing table by its role: supervisor_id
// gives supervisor, ReportsTo gives reports_to.
func roleAlias(c *column) string {
	var ws []string
	for _, w := range splitIdent(c.name) {
		if w != "id" {
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return "parent"
	}
	return strings.Join(ws, "_")
}

// joinedEnd is the end of edge e that is already among the joined tables in (nil when neither).
func joinedEnd(in []*table, e edge) *table {
	for _, x := range in {
		if e.fk.from.table == x || e.fk.to.table == x {
			return x
		}
	}
	return nil
}

// oneMonth reports whether a range is one whole calendar month.
func oneMonth(r dateRange) bool {
	return !r.from.IsZero() && r.from.Day() == 1 && r.to.Equal(r.from.AddDate(0, 1, 0))
}

// byYear reports whether a plan groups its answer by year: a year bucket of a date, or a
// column of years.
func byYear(p *plan) bool {
	for _, d := range p.dims {
		if d.grain == grainYear || d.col != nil && d.col.yearInt && d.grain == grainNone {
			return true
		}
	}
	return false
}

// periodFigures turns "which currencies had a higher average rate in 2013 than in 2012"
// into each group's figure of each period, both shown, and keeps the groups whose first
// figure is above (or below) the second. Only a plain figure of one date column is split so.
func periodFigures(p *plan) error {
	if p.periodOp == "" {
		return nil
	}
	refuse := &notUnderstood{msg: "cannot tell which figure to compare between the two periods"}
	dim, ok := p.listedGroups()
	if !ok || len(p.dates) != 2 || p.dates[0].col != p.dates[1].col || len(p.measures) > 1 || len(p.having) > 0 || p.limit > 0 {
		return refuse
	}
	if len(p.measures) == 0 {
		// "lower actual Trade Sales in 2013 than in 2012": the dated rows' own amount, or
		// their number where they keep none.
		t := p.dates[0].col.table
		if p.periodRows != nil {
			t = p.periodRows
		}
		if t == dim.table {
			return refuse
		}
		p.measures = []measure{{agg: aggCount, table: t}}
		if t.measure != nil && p.periodRows == nil {
			p.measures[0] = measure{agg: aggSum, col: t.measure, table: t}
		}
	}
	m := p.measures[0]
	if m.shareOf != nil || m.countIf != nil || m.change != nil || m.weight != nil || m.times != nil || m.per > 0 ||
		m.col != nil && (m.col.metric != nil || m.agg == aggCountDistinct) {
		return refuse
	}
	a, b := m, m
	a.period, b.period = &p.dates[0], &p.dates[1]
	p.measures = []measure{a, b}
	p.having = append(p.having, condition{op: p.periodOp, having: &p.measures[0], versus: &p.measures[1]})
	p.dims, p.dates, p.order, p.base = []dimension{dim}, nil, orderNone, m.table
	p.listTable, p.listCols, p.distinct = nil, nil, false
	return nil
}

// periodSQL renders a figure of one period: the aggregate of the rows dated in it, the
// other rows left out by a CASE (0 for a sum or a count, NULL for an average or an extreme).
func periodSQL(p *plan, m measure, d dialect) (string, string) {
	pred := strings.Join(dateSQL([]dateCond{*m.period}, d), " AND ")
	x := m
	x.period = nil
	_, alias := measureSQL(p, x, d)
	alias += "_" + strings.TrimPrefix(strings.Trim(strings.ToLower(nonWord.ReplaceAllString(m.period.rng.text, "_")), "_"), "in_")
	if m.col == nil {
		if countedByName(m.table) || p.fanOut() && m.table.pk != nil || m.table.pk != nil && m.table != p.base {
			return "COUNT(DISTINCT CASE WHEN " + pred + " THEN " + d.col(countKey(m.table)) + " END)", alias
		}
		return "SUM(CASE WHEN " + pred + " THEN 1 ELSE 0 END)", alias
	}
	agg, ok := map[aggKind]string{aggAvg: "AVG", aggMin: "MIN", aggMax: "MAX", aggCount: "COUNT"}[m.agg]
	if !ok {
		agg = "SUM" // a figure said without an aggregate is added up, as measureSQL does
	}
	if agg == "SUM" {
		// A group without rows in the period made nothing in it, not an unknown amount.
		return fmt.Sprintf("SUM(CASE WHEN %s THEN %s ELSE 0 END)", pred, d.col(m.col)), alias
	}
	return fmt.Sprintf("%s(CASE WHEN %s THEN %s END)", agg, pred, d.col(m.col)), alias
}
