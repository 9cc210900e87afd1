package offline

import (
	"fmt"
	"slices"
	"strings"
)

// Shape words decide the shape of an answer: "on average" makes it an average, "per
// customer" a grouping, "top 3" a ranking cut at three rows, "different" a distinct count,
// "never" an absence. A plan that was built without using one of them answers another
// question, usually with a plausible number, which is worse than a refusal. The builder marks
// a keyword it uses by blanking it (kind kwNone) or by turning it into the plan's part; this
// check runs on the finished plan and refuses when a shape word left in the question is not
// reflected in the plan. It looks at the plan, not at the question's text, so it holds for
// any wording the scanner reads as these keywords.

// eachWords are the grouping keywords that always ask for one answer per group; "by" is left
// out because it also says who ("orders placed by Mia Dubois"), "across" because "across all
// stores" is a total.
var eachWords = map[string]bool{"per": true, "each": true, "for each": true, "for every": true, "in each": true, "of each": true, "every": true}

// checkAllOf refuses a list of rows that each have something in every one of another table's
// rows when finish could not make it a division ("which characters appear in every film
// released before 1983": the count of all films would need the same condition); read as a
// grouping or a plain join, the answer would list every character that appears in any film.
func (b *builder) checkAllOf() error {
	if len(b.p.measures) > 0 || b.division {
		return nil // "revenue in every region" groups by region
	}
	if _, all, it := b.allOf(); all != nil {
		return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot answer for every one of %s: rows that have all of them are not supported", all.name)}
	}
	if _, col, it := b.allValuesOf(); col != nil {
		return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot answer for every %s: rows that have all of them are not supported", col.name)}
	}
	return nil
}

// allValuesOf finds "in every season", "in all six seasons" said of the rows asked for where
// the seasons are the values of a column of another table (character_tv_series.season): the
// rows, the column, and the item naming it.
func (b *builder) allValuesOf() (*table, *column, *item) {
	var rows *table
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || it.pick == nil {
			continue
		}
		if rows == nil {
			if it.pick.kind == candTable {
				rows = it.pick.table
			}
			continue
		}
		c := it.pick.col
		if it.pick.kind != candColumn || c == nil || c.table == rows || c.class == classKey || c.class == classBool {
			continue
		}
		all := b.everyBefore(k)
		if k > 0 && b.items[k-1].kind == itNumber && it.plural {
			prev := b.items[k-1].skipped
			all = all || len(prev) > 0 && prev[len(prev)-1] == "all"
		}
		if sk := it.skipped; it.plural && len(sk) > 0 && sk[len(sk)-1] == "all" {
			all = true
		}
		if all {
			return rows, c, it
		}
	}
	return nil, nil, nil
}

// allOf finds "in every film", "in all (six) films" said of the rows asked for: the rows (the
// first table named), the table of which they must have all, and the item naming it.
func (b *builder) allOf() (*table, *table, *item) {
	var rows *table // the rows asked for: the first table named
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candTable {
			continue
		}
		if rows == nil {
			rows = it.pick.table
			continue
		}
		if it.pick.table == rows || !it.plural && !b.everyBefore(k) {
			continue
		}
		sk := it.skipped
		if slices.Contains(sk, "at") {
			continue // "no titles at all", "any routes at all": trailing words, no division
		}
		all := len(sk) > 0 && (sk[len(sk)-1] == "all" || len(sk) > 1 && sk[len(sk)-2] == "all" && sk[len(sk)-1] == "the")
		if k > 0 && b.items[k-1].kind == itNumber {
			// "all six films": the number after "all"
			prev := b.items[k-1].skipped
			all = all || len(prev) > 0 && prev[len(prev)-1] == "all"
		}
		if all || b.everyBefore(k) {
			return rows, it.pick.table, it
		}
	}
	return nil, nil, nil
}

// everyBefore reports whether the item before k is "every" said after "in" or "on" ("appear in
// every film"), not "for every".
func (b *builder) everyBefore(k int) bool {
	if k == 0 {
		return false
	}
	prev := &b.items[k-1]
	if prev.kind != itKeyword || !strings.EqualFold(prev.text(), "every") {
		return false
	}
	sk := prev.skipped
	return len(sk) > 0 && (sk[len(sk)-1] == "in" || sk[len(sk)-1] == "on")
}

// checkShape returns a refusal naming the first shape word the plan did not consume, or nil.
func (b *builder) checkShape() error {
	p := &b.p
	if err := b.checkAllOf(); err != nil {
		return err
	}
	if err := oneValueTwice(p.conds); err != nil {
		return err
	}
	if err := b.countsWhatWasNamed(); err != nil {
		return err
	}
	for _, m := range p.measures {
		if m.agg == aggCountDistinct && m.col == nil && m.table != nil && m.table.pk == nil && !countedByName(m.table) {
			// "how many different observers took part each year" of a table keyed by event and
			// person together: counting its rows counts each person once per event.
			return &notUnderstood{words: []string{b.tableWord(m.table)}, msg: fmt.Sprintf("cannot tell what makes two %s different: it has no key or name of its own", m.table.name)}
		}
	}
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itKeyword {
			continue
		}
		w := strings.ToLower(it.text())
		switch it.kw.kind {
		case kwAvg:
			if !planAverages(p) {
				return &notUnderstood{words: []string{it.text()}, msg: "cannot tell what to average: the answer would not be an average"}
			}
		case kwTop, kwBottom, kwMost, kwLeast:
			if !planRanks(p) {
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell what %q ranks", it.text())}
			}
			if it.kw.dim != "" && !planMeasuresDim(p, it.kw.dim) {
				// "the longest tracks" ranked by their price: a superlative of length is read
				// only from a column whose name says length or a unit of it.
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell which column measures the %s", it.kw.dim)}
			}
			if (it.kw.price || it.kw.dim != "") && !planMeasuresColumn(p) {
				// "the album with the most expensive tracks" ranked by how many tracks: the
				// price or length the word asks for is in no part of the answer.
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell which %q is asked for", it.text())}
			}
		case kwGroup:
			if eachWords[w] && !planGroups(p) {
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell what %q groups by", it.text())}
			}
		case kwDistinct:
			if !planDistinct(p) {
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell what %q applies to", it.text())}
			}
		}
	}
	if rk := b.roleKey; rk != nil && !planUsesRole(p) {
		// "which technician does Mia Dubois report to" where Mia Dubois is not a technician:
		// the relation was said and nothing in the answer follows it.
		return &notUnderstood{words: []string{rk.name}, msg: fmt.Sprintf("cannot tell whose %s is asked for", rk.name)}
	}
	if b.topN > 0 && p.limit != b.topN && p.topPer != b.topN {
		// "our 2 most rented films" answered without keeping 2 rows.
		return &notUnderstood{words: []string{fmt.Sprint(b.topN)}, msg: fmt.Sprintf("cannot tell which %d rows to keep", b.topN)}
	}
	if b.antiCond >= 0 && b.antiCond < len(p.conds) && p.conds[b.antiCond].anti != nil {
		// "customers who never rented a horror film": the genre restricts the rentals that are
		// missing, not the customers; the anti-join here cannot hold it, and a condition
		// outside it answers a different question.
		for _, c := range p.conds[b.antiCond:] {
			if c.anti == nil && c.col != nil && c.col.table != b.antiSubject {
				return &notUnderstood{words: []string{b.antiWords}, msg: "a condition on the missing rows is not supported"}
			}
		}
	}
	if err := b.checkPlaced(); err != nil {
		return err
	}
	if err := b.checkProducts(); err != nil {
		return err
	}
	if err := b.checkPrecision(); err != nil {
		return err
	}
	for _, c := range p.conds {
		if c.col != nil && c.op == "is null" && c.anti == nil && !c.col.nullable && !c.col.table.fkCols[c.col] && c.col.prof != nil && c.col.prof.NonNull == c.col.prof.Rows && c.col.prof.Rows > 0 {
			// "sets that contain no transparent pieces" read as a part number that is empty:
			// a column no row leaves empty answers nothing, so the words meant something else.
			return &notUnderstood{words: []string{c.col.name}, msg: fmt.Sprintf("%s is never empty, so no row lacks it", c.col.name)}
		}
		if c.col != nil && c.col.listSep != "" && (c.op == "=" || c.op == "<>") {
			// A list-valued column ("Trailers,Deleted Scenes") never equals one item.
			return &notUnderstood{words: []string{c.col.name}, msg: fmt.Sprintf("%s holds lists of values", c.col.name)}
		}
	}
	if b.saidWho() && len(p.measures) > 0 && len(p.listCols) == 0 && p.listTable == nil &&
		!slices.ContainsFunc(p.dims, func(d dimension) bool {
			return d.table != nil || d.role != nil || d.col != nil && d.col.class == classText
		}) {
		// "who were the observers on transect AC.1-4 over the years" answered with a count
		// per year: "who" asks for names, and the answer holds none. (Last: a refusal that
		// says more, "youngest" without a birth date, comes first.)
		return &notUnderstood{words: []string{"who"}, msg: "cannot tell who: the answer would name nobody"}
	}
	if it := b.items[0]; it.kind == itKeyword && it.kw.kind == kwWhich && strings.EqualFold(it.text(), "which") &&
		len(p.measures) > 0 && len(p.dims) == 0 && len(p.listCols) == 0 && p.listTable == nil {
		// "Which question has the highest score" answered with the highest score: "which"
		// asks for rows, and the answer is a figure alone.
		return &notUnderstood{words: []string{it.text()}, msg: "cannot tell which: the answer would be a figure, not the rows asked for"}
	}
	return nil
}

// countsWhatWasNamed refuses a count of other rows than the ones "how many" or "percentage of"
// names: "how many questions have an accepted answer written by the person who asked"
// counted as the people, where questions are Posts of the type 'Question'; "what percentage of
// admissions ended with the patient dying" as a share of the patients.
func (b *builder) countsWhatWasNamed() error {
	u := b.countedRows()
	if u == nil || len(b.p.measures) != 1 {
		return nil
	}
	for k, it := range b.items[:max(len(b.items)-1, 0)] {
		if it.kind != itKeyword || it.kw.kind != kwCount && it.kw.kind != kwShare {
			continue
		}
		e := b.items[k+1]
		if slices.Contains(b.wordsBefore(k+1), "times") || e.kind == itUnknown && e.text() == "times" {
			return nil // "how many times were Comedy films rented": the rentals are counted
		}
		if k+2 < len(b.items) && e.kind == itEntity && e.pick != nil && e.pick.kind == candValue {
			if n := b.items[k+2]; n.kind == itEntity && n.pick != nil && n.pick.kind == candTable && len(b.wordsBefore(k+2)) == 0 {
				e = n // "how many Guns N' Roses songs": the songs are counted
			}
		}
		if e.kind != itEntity || e.pick == nil || !e.plural {
			return nil
		}
		switch t := e.pick.table; {
		case t == b.heldParts:
			// "how many votes were taken": the roll calls the votes are parts of.
		case e.pick.kind == candTable && t != u,
			e.pick.kind == candValue && t != u && fkTo(u, t) == nil:
			return &notUnderstood{words: []string{e.text()}, msg: fmt.Sprintf("the answer would count %s, not the %s asked about", u.name, e.text())}
		}
		return nil
	}
	return nil
}

// refersToAny reports whether t has a key to one of ts: "companies that had orders shipped to
// California" names the orders of the companies listed, which the answer joins.
func refersToAny(t *table, ts []*table) bool {
	return slices.ContainsFunc(ts, func(u *table) bool { return fkTo(t, u) != nil })
}

// oneValueTwice refuses a column held to one value and kept from another: "questions that
// have not received a single answer" read as type = 'Question' and type <> 'Answer' keeps
// every question; the second value was said of other rows (the answers), which the plan does
// not reach. Only the name of a kind of row is meant (a type list's name); a state kept from
// another ("shipments created but not shipped yet") only says the same twice. (Two values
// held alike, "male and female patients", are read as both.)
func oneValueTwice(cs []condition) error {
	plain := func(c condition) bool {
		return c.col != nil && c.having == nil && c.anti == nil && c.avgOf == nil && c.other == nil && c.than == "" && len(c.either) == 0 &&
			len(c.vals) == 1 && (c.op == "=" || c.op == "<>")
	}
	for _, a := range cs {
		if !plain(a) || a.op != "=" {
			continue
		}
		for _, o := range cs {
			if !plain(o) || o.op != "<>" || o.col != a.col || a.col != a.col.table.label || o.role != a.role || o.orUnder != a.orUnder || fmt.Sprint(o.vals[0]) == fmt.Sprint(a.vals[0]) {
				continue
			}
			return &notUnderstood{words: []string{fmt.Sprint(o.vals[0])}, msg: fmt.Sprintf("%s is said to be both %v and %v of the same rows: the second is of other rows, which cannot be reached here", a.col.name, a.vals[0], o.vals[0])}
		}
	}
	return nil
}

// planAverages reports whether the plan computes an average anywhere.
func planAverages(p *plan) bool {
	if p.outerAvg {
		return true
	}
	for _, m := range p.measures {
		if m.agg == aggAvg {
			return true
		}
	}
	for _, h := range p.having {
		if h.having != nil && h.having.agg == aggAvg || h.avgGroups != nil {
			return true
		}
	}
	for _, c := range p.conds {
		if c.avgOf != nil {
			return true
		}
	}
	return false
}

// planRanks reports whether the plan orders, cuts or takes an extreme.
func planRanks(p *plan) bool {
	if p.limit > 0 || p.order == orderMeasure || p.order == orderCol {
		return true
	}
	for _, m := range p.measures {
		if m.agg == aggMax || m.agg == aggMin {
			return true
		}
	}
	return false
}

// planGroups reports whether the plan answers per group or per row.
func planGroups(p *plan) bool {
	return len(p.dims) > 0 || p.outerAvg || p.perRow || p.outerCount || p.roleList != nil || p.listTable != nil && !p.distinct
}

// planDistinct reports whether the plan counts or lists distinct values.
func planDistinct(p *plan) bool {
	if p.distinct || len(p.dims) > 0 {
		return true
	}
	for _, m := range p.measures {
		if m.agg == aggCountDistinct || m.agg == aggCount && m.col == nil {
			return true
		}
	}
	return false
}

// planUsesRole reports whether the plan follows a self-reference anywhere.
func planUsesRole(p *plan) bool {
	if p.roleList != nil {
		return true
	}
	for _, d := range p.dims {
		if d.role != nil {
			return true
		}
	}
	for _, c := range p.conds {
		if c.role != nil {
			return true
		}
	}
	return false
}

// planMeasuresColumn reports whether the plan orders by or aggregates a column (a price, a
// length), not only counts rows.
func planMeasuresColumn(p *plan) bool {
	if p.orderCol != nil {
		return true
	}
	for _, m := range p.measures {
		if m.col != nil {
			return true
		}
	}
	return false
}

// planMeasuresDim reports whether the plan orders by or aggregates a column that measures dim
// (its name holds "length", "duration", "minutes", "milliseconds", ...).
func planMeasuresDim(p *plan, dim string) bool {
	fits := func(c *column) bool {
		if c == nil {
			return false
		}
		if c.metric != nil {
			return true // a metric of the semantic layer says what it measures
		}
		for _, w := range dimWords[dim] {
			if saysWord(c, w) {
				return true
			}
		}
		return false
	}
	if fits(p.orderCol) {
		return true
	}
	for _, m := range p.measures {
		if fits(m.col) {
			return true
		}
	}
	for _, h := range p.having {
		if h.having != nil && fits(h.having.col) {
			return true
		}
	}
	for _, c := range p.conds {
		if fits(c.avgOf) {
			return true
		}
	}
	return false
}

// checkPlaced refuses plans that drop or contradict what the question named (round 5): a
// table, column or value the resolver picked for a word that no part of the plan uses ("ship"
// read as ShipName and then ignored, "status" left out of "by delivery status"), a column
// that must both equal a value and be missing, a "nobody <relation>" read as the rows that
// have no relation themselves, a "top … each" cut to one row overall, a quantity question
// ("how many items") answered by counting rows of a table only a synonym named while a
// quantity column is at hand, and a "what …" question answered by the named row itself.
// checkProducts refuses "copies ordered times list price" unless the plan's measure is that
// product (a derived revenue of price × quantity): "times" between two numbers asks to
// multiply them, and adding each up on its own answers something else.
func (b *builder) checkProducts() error {
	a, c := b.timesPair()
	if a == nil {
		return nil
	}
	for _, m := range b.p.measures {
		if m.times != nil && (m.col == a && m.times == c || m.col == c && m.times == a) {
			return nil
		}
		if d := m.col; d != nil && d.metric != nil {
			if x := d.metric; (x.price == a || x.qty == a) && (x.price == c || x.qty == c) {
				return nil
			}
		}
	}
	return &notUnderstood{words: []string{"times"}, msg: fmt.Sprintf("cannot multiply %s.%s by %s.%s", a.table.name, a.name, c.table.name, c.name)}
}

func (b *builder) checkPlaced() error {
	p := &b.p
	tabs, cols := planRefs(p)
	openDate := false // a date dimension or range whose column render chooses from the named table
	for _, d := range p.dims {
		openDate = openDate || d.grain != grainNone && d.col == nil
	}
	for _, d := range p.dates {
		openDate = openDate || d.col == nil
	}
	if b.unitsOf != nil {
		tabs[b.unitsOf] = true // the items whose units are added up
		for _, m := range p.measures {
			for _, u := range parents(m.table) {
				tabs[u] = true // the order lines' orders: the way to the rest
			}
		}
	}
	for _, t := range append(slices.Clone(p.copied), p.unitsOf...) {
		tabs[t] = true
	}
	antiTabs := map[*table]bool{}
	for _, c := range p.conds {
		if c.anti != nil {
			// "products nobody ordered": the missing rows' parents (orders of the order lines)
			// are part of the absence the anti-join tests.
			// "customers who never rented a film": two steps from the rentals.
			antiTabs[c.anti.from.table] = true
			for _, f := range c.anti.from.table.fks {
				antiTabs[f.to.table] = true
				for _, g := range f.to.table.fks {
					antiTabs[g.to.table] = true
				}
			}
			if v := c.antiVia; v != nil {
				antiTabs[v.from.table] = true
				for _, f := range v.from.table.fks {
					antiTabs[f.to.table] = true
				}
			}
			for _, ac := range c.antiConds {
				// "never ordered a Beverages product": the tables between the missing orders
				// and the category are part of the test.
				path, _ := b.m.path([]*table{c.anti.from.table}, ac.col.table)
				cur := c.anti.from.table
				for _, e := range path {
					cur = e.other(cur)
					antiTabs[cur] = true
				}
			}
		}
	}
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || len(it.cands) == 0 {
			continue
		}
		c := it.pick
		used := false
		switch {
		case c == nil:
			// a word the resolver left without a reading while the rest was answered:
			// "status" of "by delivery status".
		case b.ofAll(k) && slices.Contains(p.copied, c.table):
			used = true // "of all nations": all of them together
		case b.yearOf != nil && c.table == b.yearOf:
			used = true // "the earliest year covered by the emissions records"
		case c.table != nil && c.table == b.heldParts:
			used = true // "how many votes were taken": the roll calls they are parts of
		case c.state != nil && c.state.link != nil:
			used = testsLink(p, c.state.link) // "POV characters": a row in the link table
		case c.kind == candTable:
			used = tabs[c.table] || antiTabs[c.table] || between(b, c.table, tabs)
		case c.col != nil && (c.col.class == classDate || c.col.class == classNumber) && antiTabs[c.col.table]:
			// "products nobody ever ordered": the verb's event is the missing rows'; "accounts
			// that never had an amount posted": their amount.
			used = true
		case c.col != nil && c.col.class == classDate && tabs[c.col.table] && !usesOtherDate(cols, c.col):
			// "depots that ordered the most": the verb's event date names its rows, as long
			// as no other date of them is read ("the month we shipped" by the order date).
			used = true
		case c.col == nil:
			used = c.table != nil && tabs[c.table]
		case c.kind == candColumn && c.table.fkCols[c.col] && tabs[c.table] && slices.ContainsFunc(c.table.fks, func(f fk) bool { return f.from == c.col && tabs[f.to.table] }) &&
			k+1 < len(b.items) && b.items[k+1].pick != nil && b.items[k+1].pick.kind == candValue && tabs[b.items[k+1].pick.table]:
			// "the supplier Paint by Numbers": the key the named row is joined through.
			used = true
		default:
			used = cols[c.col] || slices.Contains(p.averagedOver, c.col) || slices.Contains(p.typedFrom, c.col) || c.col.class == classDate && openDate && tabs[c.col.table] ||
				it.plural && tabs[c.col.table] && (c.col == c.col.table.label || c.col == c.col.table.label2) && wholeRows(p, c.col.table) ||
				tabs[c.col.table] && stemOfUsed(it, c.col.table, cols)
		}
		if !used {
			return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("%q is not used by any part of the answer", it.text())}
		}
	}
	if c := b.namedColumn(cols); c != nil {
		// "units on order" answered with a sum of order lines while Products.UnitsOnOrder
		// says exactly that: a column the question spells out wins, or the answer is refused.
		return &notUnderstood{words: []string{strings.Join(c.words, " ")}, msg: fmt.Sprintf("the question names %s.%s, which the answer does not use", c.table.name, c.name)}
	}
	eqs := map[*column]bool{}
	for _, c := range p.conds {
		if c.col != nil && c.anti == nil && c.role == nil && (c.op == "=" || c.op == "in") {
			eqs[c.col] = true
		}
	}
	for _, c := range p.conds {
		if c.col != nil && c.anti == nil && c.role == nil && c.op == "is null" && eqs[c.col] {
			// "never been in a G-rated film" as rating = 'G' AND rating IS NULL: no row can
			// hold both, the question asked something else.
			return &notUnderstood{words: []string{c.col.name}, msg: fmt.Sprintf("contradictory conditions on %s", c.col.name)}
		}
	}
	for i, a := range p.dates {
		for _, d := range p.dates[i+1:] {
			if a.col == d.col && a.hint == d.hint && !overlaps(a.rng, d.rng) && p.periodOp == "" {
				// "spent more in 2025 than in 2024" read as one filter on both years: no row
				// is in both, the question compares two periods, which this engine cannot.
				return &notUnderstood{words: []string{d.rng.text}, msg: fmt.Sprintf("%s and %s cannot both hold for one row", a.rng, d.rng)}
			}
		}
	}
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itKeyword {
			continue
		}
		if w := strings.ToLower(it.text()); w != "nobody" && w != "no one" && w != "noone" {
			continue
		}
		for _, c := range p.conds {
			if c.col != nil && c.op == "is null" && selfRef(c.col) {
				// "employees with nobody reporting to them": the others point to these rows;
				// ReportsTo IS NULL would be the employees who report to nobody.
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell which way %s is followed", c.col.name)}
			}
		}
	}
	if t := p.listTable; t != nil && t.label == nil && len(p.measures) == 0 && len(p.dims) == 0 && b.saidWho() {
		// "who rented ACADEMY DINOSAUR" answered with rental rows: "who" asks for named
		// rows (people, companies), and these rows have no name.
		return &notUnderstood{words: []string{"who"}, msg: fmt.Sprintf("cannot tell who: %s rows have no name", t.name)}
	}
	if t := p.listTable; (t != nil || len(p.listCols) > 0) && len(p.measures) == 0 && len(p.dims) == 0 {
		// "list films with their language" answered with the films' own columns: a table the
		// question named for a listing of whole rows must restrict them, or it is not shown;
		// so must one named beside the columns listed ("the transect codes" read as
		// tlu_Origin_Code joined for nothing), unless the rows shown and compared are joined
		// through it ("tracks on albums by AC/DC").
		condTabs, anti := map[*table]bool{}, false
		var used []*table
		if t != nil {
			used = append(used, t)
		}
		for _, c := range p.listCols {
			used = appendTable(used, c.table)
			condTabs[c.table] = true
		}
		for _, c := range p.conds {
			if c.col != nil {
				condTabs[c.col.table] = true
			}
			if c.role != nil {
				condTabs[c.role.table] = true // "a route from Singapore": the route's end
			}
			anti = anti || c.anti != nil // the missing rows and their parents are compared
		}
		for _, d := range p.dates {
			if d.col != nil {
				condTabs[d.col.table] = true
			}
			condTabs[d.hint] = true
		}
		for ct := range condTabs {
			if ct != nil {
				used = appendTable(used, ct)
			}
		}
		slices.SortFunc(used, func(a, b *table) int { return strings.Compare(a.name, b.name) })
		through := b.m.joinedTables(used)
		for k := range b.items {
			it := &b.items[k]
			if it.kind == itEntity && it.pick != nil && it.pick.kind == candTable && it.pick.table != t && !condTabs[it.pick.table] && len(p.dates) == 0 && !anti &&
				!slices.Contains(through, it.pick.table) && (t != nil && len(p.listCols) == 0 || it.plural && !refersToAny(it.pick.table, used)) {
				// (Beside listed columns only a plural names rows: "the cheapest pizza you can
				// order" says a verb.)
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("%s is joined but nothing of it is shown or compared", it.pick.table.name)}
			}
		}
	}
	if b.price && len(p.dims) > 0 {
		for _, m := range p.measures {
			if m.agg == aggSum && m.col != nil && m.col.metric == nil && slices.Contains(m.col.words, "price") {
				// "the most expensive pizza, in which size": a price is what one thing costs;
				// sizes ranked by their prices added up answer nothing asked.
				return &notUnderstood{words: []string{m.col.name}, msg: fmt.Sprintf("cannot tell what to rank: a sum of %s.%s adds up prices", m.col.table.name, m.col.name)}
			}
		}
	}
	if t := p.listTable; t != nil && len(p.measures)+len(p.dims) == 0 && len(p.listCols) == 1 {
		// "what goes on the Mexicana pizza" read as the pizza's name: an answer that only
		// repeats the name asked about says nothing.
		shown := p.listCols[0]
		for _, c := range p.conds {
			if c.op == "=" && len(c.vals) == 1 && c.anti == nil && c.role == nil && c.col != nil && (c.col == shown || shown.via != nil && shown.via.text == c.col) {
				return &notUnderstood{words: []string{fmt.Sprint(c.vals[0])}, msg: fmt.Sprintf("cannot tell what to show of %v: the answer would only repeat its name", c.vals[0])}
			}
		}
	}
	if t := p.listTable; t != nil && t.formOf != nil && slices.ContainsFunc(p.conds, func(c condition) bool { return c.anti != nil }) {
		// "pizzas never sold as a small", "pizzas nobody ordered on Christmas Eve": the rows
		// are forms of a pizza (one per size); whether a size restricts the pizzas or what
		// they lack, and whether a pizza lacks it in one size or in all, cannot be told.
		for _, c := range p.conds {
			if c.anti == nil && c.col != nil && c.col.table == t && c.col != t.label {
				return &notUnderstood{words: []string{c.col.name}, msg: fmt.Sprintf("cannot tell whether %s.%s restricts the %s or what they never had", t.name, c.col.name, t.name)}
			}
		}
		return &notUnderstood{words: []string{b.tableWord(t)}, msg: fmt.Sprintf("cannot tell whether one of the %s lacks it in one form or in all of them", t.name)}
	}
	if p.share && len(p.having) > 0 && len(p.dims) == 1 && p.dims[0].table != nil && p.dims[0].grain == grainNone {
		// "what percentage of orders had more than one pizza": the share of the rows that
		// pass, not each passing row's share of a total; not supported yet.
		return &notUnderstood{words: []string{b.tableWord(p.dims[0].table)}, msg: fmt.Sprintf("a share of the %s whose total passes a condition is not supported", p.dims[0].table.name)}
	}
	if p.outerAvg && len(p.dims) >= 2 {
		// "average order value per store": the average over all orders would drop the store.
		return &notUnderstood{words: []string{dimWord(p.dims[len(p.dims)-1])}, msg: "an average of per-row totals within each group is not supported"}
	}
	if len(p.dims) > 0 || p.limit > 0 {
		for _, m := range p.measures {
			if m.agg != aggCount && m.agg != aggCountDistinct || m.col != nil && m.col != m.table.pk || m.table == nil {
				continue
			}
			for _, c := range p.conds {
				if c.col != nil && c.anti == nil && c.role == nil && c.col.table == m.table && c.op == "=" && (c.col == m.table.label || c.col == m.table.label2) &&
					!(c.col.via != nil && repeatedNames(m.table)) {
					// "products with the lowest stock at the Berlin store" ranked by how many
					// stores named Berlin each has: a count of one named row says nothing.
					return &notUnderstood{words: []string{m.table.name}, msg: fmt.Sprintf("cannot tell what to count: %s is one named row", m.table.name)}
				}
			}
		}
	}
	if p.limit > 0 && len(p.dims) > 0 && b.saidEach() && p.topPer == 0 && !b.topOfTheGroups() {
		// "the top customer at each store": one row per group, not one row overall.
		return &notUnderstood{words: []string{"each"}, msg: "a top row per group is not supported"}
	}
	for _, m := range p.measures {
		if !b.unitsCount(m) {
			continue
		}
		for _, t := range b.m.tables {
			if t != m.table && !t.view && (tabs[t] || b.childOf(t, m.table)) && quantityCol(t) != nil {
				// "how many items did each customer order" counted products while the order
				// lines hold the quantity: a count of rows and a sum of units both fit.
				return &notUnderstood{words: []string{b.synonymText(m.table)}, msg: fmt.Sprintf("cannot tell whether to count %s or add up %s", m.table.name, quantityCol(t).name)}
			}
		}
	}
	if t := p.listTable; t != nil && len(p.listCols) == 0 && len(p.conds) > 0 && len(p.measures) == 0 && len(p.dims) == 0 && b.saidWh() {
		own := true
		for _, c := range p.conds {
			if c.col == nil || c.col.table != t || c.op != "=" || c.col != t.label && c.col != t.label2 || c.role != nil {
				own = false
			}
		}
		if own {
			// "what has GRACE MOSTEL acted in" answered with GRACE MOSTEL's own row: the
			// question named the row and asked about something related to it.
			return &notUnderstood{words: []string{t.name}, msg: fmt.Sprintf("the answer would only repeat the named %s", t.name)}
		}
	}
	return nil
}

// planRefs collects the tables and columns the plan uses anywhere.
func planRefs(p *plan) (map[*table]bool, map[*column]bool) {
	tabs, cols := map[*table]bool{}, map[*column]bool{}
	var addC func(c *column)
	addC = func(c *column) {
		if c == nil || cols[c] {
			return
		}
		cols[c] = true
		if c.table != nil {
			tabs[c.table] = true
		}
		if d := c.metric; d != nil {
			// a derived measure uses the columns it multiplies: "discount" in the money a
			// discount took off
			addC(d.price)
			addC(d.qty)
			addC(d.discount)
			for _, t := range d.tables {
				tabs[t] = true
			}
		}
	}
	addT := func(t *table) {
		if t != nil {
			tabs[t] = true
		}
	}
	addT(p.base)
	addT(p.listTable)
	for _, t := range p.subjects {
		addT(t)
	}
	if len(p.measures) == 0 && len(p.dims) == 0 {
		// listed columns are rendered only by a listing; an aggregate leaves them out
		for _, c := range p.listCols {
			addC(c)
		}
	}
	addC(p.orderCol)
	addC(p.roleList)
	for _, m := range p.measures {
		addT(m.table)
		addC(m.col)
		if m.times != nil {
			addT(m.times.table)
			addC(m.times)
		}
		addC(m.weight)
		if m.shareOf != nil {
			addC(m.shareOf.col)
			for _, e := range m.shareOf.either {
				addC(e.col) // "legendary or mythical"
			}
			for _, e := range m.shareOf.antiConds {
				addC(e.col) // "patients who have had viral sinusitis": the record's name
			}
		}
		for _, t := range m.via {
			addT(t)
		}
	}
	for _, d := range p.dims {
		addT(d.table)
		addT(d.hint)
		addC(d.col)
		addC(d.role)
		if d.col == nil && d.grain == grainNone && d.table != nil {
			addC(d.table.label)
			addC(d.table.label2)
		}
	}
	for _, cs := range [][]condition{p.conds, p.having} {
		for _, c := range cs {
			addC(c.col)
			for _, e := range c.either {
				addC(e.col)
			}
			addC(c.other)
			addC(c.otherRole)
			addC(c.avgOf)
			addC(c.role)
			if c.avgBy != nil {
				addC(c.avgBy) // "the average of their category": the category's key and table
				addT(refTable(c.avgBy))
			}
			if w := c.avgWhere; w != nil {
				addC(w.col) // "than the average Beverages product": the category's name
				addT(w.col.table)
			}
			if c.having != nil {
				addT(c.having.table)
				addC(c.having.col)
			}
			if c.anti != nil {
				addC(c.anti.from)
				addC(c.anti.to)
			}
			if c.antiVia != nil {
				addC(c.antiVia.from)
				addC(c.antiVia.to)
			}
			for _, d := range c.antiDates {
				addC(d.col)
				addT(d.hint)
			}
			for _, ac := range c.antiConds {
				addC(ac.col) // a condition on the missing rows is used inside the test
			}
		}
	}
	for _, d := range p.dates {
		addC(d.col)
		addT(d.hint)
	}
	for _, j := range p.joins {
		addT(j.table)
		addT(j.reached)
	}
	return tabs, cols
}

// quantityWords name a column that counts units held or moved.
var quantityWords = []string{"quantity", "qty", "inventory", "stock", "units"}

// quantityCol is t's numeric column that counts units (quantity, stock, inventory), or nil.
func quantityCol(t *table) *column {
	for _, c := range t.cols {
		if c.class != classNumber || c.money > 0 || t.fkCols[c] || c == t.pk {
			continue
		}
		for _, w := range quantityWords {
			if slices.Contains(c.words, w) {
				return c
			}
		}
	}
	return nil
}

// unitWords are nouns that count pieces as well as kinds: "how many items" may be a number of
// products or a number of units.
var unitWords = map[string]bool{"item": true, "unit": true, "piece": true, "article": true, "good": true}

// namedBySynonym reports whether t was named only by a word that is not its own name ("items"
// for products): then "how many" may ask for units as well as rows.
func (b *builder) namedBySynonym(t *table) bool {
	named := false
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candTable || it.pick.table != t {
			continue
		}
		if it.pick.score >= 1 {
			return false
		}
		named = true
	}
	return named
}

// synonymText is the word that named t, for the refusal.
func (b *builder) synonymText(t *table) string {
	for k := range b.items {
		if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.table == t {
			return it.text()
		}
	}
	return t.name
}

// saidEach reports whether the question said "each"/"per"/"every".
func (b *builder) saidEach() bool {
	for k := range b.items {
		if it := &b.items[k]; it.kind == itKeyword && eachWords[strings.ToLower(it.text())] && !auxBefore(it) {
			return true
		}
	}
	return false
}

// auxBefore reports whether an auxiliary verb is said right before "each": in "the top 5 users
// ..., and how many answers did each post", each is the subject of a second clause about the
// rows ranked, not a group to rank within.
func auxBefore(it *item) bool {
	n := len(it.skipped)
	// (The verb after "each" is kept with it when nothing follows: "did each direct".)
	return n > 0 && auxVerbs[strings.ToLower(it.skipped[n-1])] || n > 1 && auxVerbs[strings.ToLower(it.skipped[n-2])] && !auxVerbs[strings.ToLower(it.skipped[n-1])]
}

// auxVerbs ask about a subject that follows them.
var auxVerbs = toSet(strings.Fields("did does do has have had"))

// topOfTheGroups reports whether the rows ranked are the groups themselves: "per country ...
// the 5 countries with the most", "which 10 airports ... each airport's name": the noun after
// the number and the noun after "each"/"per" name the same table, so one ranking of the groups
// is meant, not a top row within each.
func (b *builder) topOfTheGroups() bool {
	tables := func(it *item) []*table {
		var ts []*table
		for _, c := range it.cands {
			ts = appendTable(ts, c.table)
		}
		return ts
	}
	var ranked, grouped []*table
	for k := 0; k+1 < len(b.items); k++ {
		it, n := &b.items[k], &b.items[k+1]
		if n.kind != itEntity {
			continue
		}
		switch {
		case it.kind == itNumber:
			ranked = append(ranked, tables(n)...)
		case it.kind == itKeyword && eachWords[strings.ToLower(it.text())]:
			grouped = append(grouped, tables(n)...)
		}
	}
	for _, t := range grouped {
		if slices.Contains(ranked, t) {
			return true
		}
	}
	return false
}

// saidWh reports whether the question asked "what"/"which".
func (b *builder) saidWh() bool {
	for k := range b.items {
		if it := &b.items[k]; it.kind == itKeyword && (strings.EqualFold(it.text(), "what") || strings.EqualFold(it.text(), "which")) {
			return true
		}
	}
	return false
}

// namedColumn is a column of two or more name words ("UnitsOnOrder", "shipped_date") that the
// question spells out word by word, function words included, and the plan does not use, or
// nil. Keys and references are left out: their words ("customer id") name the row.
// wordsWithin reports whether every word of c is in the name of one of the columns the
// answer uses: "total claim cost" says total and cost, but names TOTAL_CLAIM_COST, not a
// TOTALCOST; "sales of each store city" says sales and city for store_sales and store_city,
// not region.sales_city.
func wordsWithin(c *column, cols map[*column]bool) bool {
	said := map[string]bool{}
	for u := range cols {
		for _, w := range u.words {
			said[w] = true
		}
	}
	return !slices.ContainsFunc(c.words, func(w string) bool { return !said[w] })
}

func (b *builder) namedColumn(cols map[*column]bool) *column {
	said := map[string]bool{}
	add := func(ws ...string) {
		for _, w := range ws {
			said[w] = true
			said[strings.TrimSuffix(w, "s")] = true
		}
	}
	for k := range b.items {
		it := &b.items[k]
		if p := it.pick; p != nil && p.table != nil && p.table.series != nil && p.table.date == nil && p.kind == candTable {
			// "for recent graduates" names recent_grads, whose words are no column's.
			continue
		}
		if p := it.pick; p != nil && p.kind == candTable && len(it.toks) >= 2 && len(it.toks) == len(p.table.words) {
			// "party name changes" names PartyNameChange, not its party_change flag.
			continue
		}
		for _, w := range it.skipped {
			add(w)
		}
		if p := it.pick; p != nil && p.kind == candColumn && cols[p.col] && len(it.toks) >= 2 {
			// "IMDb rating", a phrase read as the column the answer uses: its words name
			// no other column ("films" and "rating" are not film_rating).
			continue
		}
		if p := it.pick; p != nil && p.kind == candValue && p.state == nil && p.value != "" && p.col == p.table.label && normPhrase(p.value) == normPhrase(it.text()) {
			continue // 'Customer B', a row's name as stored: its words name no column (customer_reference)
		}
		for _, t := range it.toks {
			if p := it.pick; p != nil && p.kind == candColumn && len(it.toks) > len(p.col.words) && slices.Contains(p.table.words, t.norm) {
				// "recent graduate median salary": the table's words said with its column.
				continue
			}
			if it.kind == itEntity {
				// keywords and dates are read as such: "year to date" names no date column
				add(t.lower, t.norm)
			}
		}
	}
	usedWords := map[string]bool{}
	for c := range cols {
		usedWords[strings.Join(c.words, " ")] = true
	}
	for _, t := range b.m.tables {
		if t.view {
			continue
		}
		for _, c := range t.cols {
			if len(c.words) < 2 || cols[c] || usedWords[strings.Join(c.words, " ")] || c == t.pk || t.fkCols[c] || c.metric != nil {
				continue
			}
			if len(c.words) == 2 && (c.words[0] == "is" || c.words[0] == "has") && slices.Contains(t.words, c.words[1]) {
				continue // channels.is_channel: "what is the newest channel" names the rows
			}
			all := true
			for _, w := range c.words {
				all = all && said[w]
			}
			// A column named with its table's noun first (film_rating of films) is said only
			// with its words side by side; the noun alone names the table.
			if all && !wordsWithin(c, cols) {
				return c
			}
		}
	}
	return nil
}

// wholeRows reports whether the plan counts, lists or groups by the rows of t, which a plural
// of its label names ("how many shipping companies" counts Shippers named by CompanyName).
func wholeRows(p *plan, t *table) bool {
	if p.listTable == t {
		return true
	}
	for _, m := range p.measures {
		if m.table == t && m.col == nil {
			return true
		}
	}
	for _, d := range p.dims {
		if d.table == t {
			return true
		}
	}
	return false
}

// stemOfUsed reports whether the word of it, as a verb stem ("shipped" → "ship"), begins a
// name word of a column of t the plan uses: "orders shipped to France" reads ShipCountry
// though "shipped" was first taken for ShippedDate.
func stemOfUsed(it *item, t *table, cols map[*column]bool) bool {
	if len(it.toks) != 1 {
		return false
	}
	w, stem := it.toks[0].lower, ""
	for _, suf := range []string{"ping", "ped", "ing", "ed"} {
		if s := strings.TrimSuffix(w, suf); s != w && len(s) >= 3 {
			stem = s
			break
		}
	}
	if stem == "" {
		return false // only a verb form: a noun names its own column
	}
	w = stem
	for c := range cols {
		if c.table != t {
			continue
		}
		for _, cw := range c.words {
			if strings.HasPrefix(cw, w) {
				return true
			}
		}
	}
	return false
}

// dimWord names a dimension for a refusal.
func dimWord(d dimension) string {
	switch {
	case d.col != nil:
		return d.col.name
	case d.table != nil:
		return d.table.name
	}
	return "per"
}

// saidWho reports whether the question begins with "who" (a stop word, kept in skipped).
func (b *builder) saidWho() bool {
	for k := range b.items {
		it := &b.items[k]
		return it.start > 0 && len(it.skipped) > 0 && it.skipped[0] == "who"
	}
	return false
}

// unitsCount reports whether m counts the rows of a table the question named only by a unit
// noun ("how many items": products).
func (b *builder) unitsCount(m measure) bool {
	if m.agg != aggCount && m.agg != aggCountDistinct || m.table == nil || m.col != nil && m.agg == aggCount {
		return false
	}
	return b.namedBySynonym(m.table) && unitWords[singular(strings.ToLower(b.synonymText(m.table)))]
}

// unitsAsQuantity reads "how many items/units" as the sum of the quantity column of the one
// table that refers to the counted rows and is tied to the rest of the question: the stock
// rows of the store named ("items the Berlin store has in stock": inventory), the order lines
// of the orders said ("customers who ordered the most items": order_items). With no such
// table, or several, the count stays and checkPlaced refuses it.
func (b *builder) unitsAsQuantity() {
	p := &b.p
	if len(p.measures) != 1 || !b.unitsCount(p.measures[0]) {
		return
	}
	t := p.measures[0].table
	named, _ := planRefs(p)
	for k := range b.items {
		if c := b.items[k].pick; b.items[k].kind == itEntity && c != nil && c.table != nil {
			named[c.table] = true
		}
	}
	// A quantity table scores 2 when the plan already reads it, 2 for each other named table
	// it references and 1 for each it reaches in two steps; the best one alone wins.
	var found *column
	best, tie := 0, false
	for _, c := range b.m.tables {
		q := quantityCol(c)
		if c == t || c.view || q == nil || !b.childOf(c, t) {
			continue
		}
		score := 0
		if named[c] {
			score += 2
		}
		seen := map[*table]bool{t: true, c: true}
		for _, u := range parents(c) {
			if !seen[u] && named[u] {
				score += 2 // a table it refers to directly: the store whose stock it is
			}
			seen[u] = true
		}
		for _, f := range c.fks {
			for _, u := range parents(f.to.table) {
				if !seen[u] && named[u] {
					score++
				}
				seen[u] = true
			}
		}
		switch {
		case score > best:
			found, best, tie = q, score, false
		case score == best:
			tie = true
		}
	}
	if found != nil && !tie {
		p.measures[0] = measure{agg: aggSum, col: found, table: found.table}
		b.unitsOf = t
	}
}

// parents are the tables t references.
func parents(t *table) []*table {
	var out []*table
	for _, f := range t.fks {
		out = append(out, f.to.table)
	}
	return out
}

// usesOtherDate reports whether the plan reads a date column of d's table other than d.
func usesOtherDate(cols map[*column]bool, d *column) bool {
	for c := range cols {
		if c != d && c.table == d.table && c.class == classDate {
			return true
		}
	}
	return false
}

// between reports whether t links two tables the plan uses, so that the joins pass through it:
// "discount per product category" joins order lines to categories through products.
func between(b *builder, t *table, tabs map[*table]bool) bool {
	n := 0
	for u := range tabs {
		if u != t && (b.childOf(u, t) || b.childOf(t, u)) {
			n++
		}
	}
	return n >= 2
}

// overlaps says whether two date ranges share a day (a zero bound is open; to is exclusive).
func overlaps(a, b dateRange) bool {
	if !a.to.IsZero() && !b.from.IsZero() && !b.from.Before(a.to) {
		return false
	}
	if !b.to.IsZero() && !a.from.IsZero() && !a.from.Before(b.to) {
		return false
	}
	return true
}

// testsLink reports whether a plan, or the average it compares with, tests for a row of the
// link table key f belongs to.
func testsLink(p *plan, f *fk) bool {
	for _, c := range p.conds {
		if c.anti == f {
			return true
		}
	}
	for _, h := range p.having {
		if h.avgGroups != nil && testsLink(h.avgGroups, f) {
			return true
		}
	}
	return false
}
