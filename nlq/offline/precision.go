package offline

import (
	"fmt"
	"slices"
	"strings"
)

// Round 6: evidence that a reading is complete and unambiguous. A plausible number computed
// from the wrong rows is worse than a refusal, so each check below looks for a general sign
// that the SQL would answer another question than the one asked and refuses, naming the
// word it could not honour: a grouping where every group is one row, a question word that is
// a stored value the plan never compares, "how many times" answered by counting things
// instead of events, a table joined for nothing, and two equally short join paths that lead
// to different rows.

// joinPathError is returned when two foreign-key paths of the same length join the same
// tables through different rows ("the customers' region" through their country or through
// their sales rep) and nothing in the question says which.
type joinPathError struct {
	table    string
	readings []string // one per path: "orders.customer_id → customers → countries → regions"
}

func (e *joinPathError) Error() string {
	return fmt.Sprintf("%s can be reached in more than one way: %s; name the table in between to say which",
		e.table, strings.Join(e.readings, " or "))
}

// maxPaths bounds the shortest paths enumerated per join: beyond a few, the tie is refused
// anyway.
const maxPaths = 8

// shortestPathList lists up to limit distinct shortest foreign-key paths from any table of
// from to target (nil when target is in from or unreachable). Paths differ by the tables or
// the keys they go through; a self-reference is never a step (it is a role).
func (m *model) shortestPathList(from []*table, target *table, limit int) [][]edge {
	dist := map[*table]int{}
	preds := map[*table][]struct {
		prev *table
		e    edge
	}{}
	queue := []*table{}
	for _, t := range from {
		if t == target {
			return nil
		}
		if _, ok := dist[t]; !ok {
			dist[t] = 0
			queue = append(queue, t)
		}
	}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		if d, ok := dist[target]; ok && dist[t] >= d {
			break
		}
		for _, e := range m.neighbours(t) {
			o := e.other(t)
			if o == t {
				continue
			}
			d, seen := dist[o]
			if !seen {
				dist[o] = dist[t] + 1
				queue = append(queue, o)
			} else if d != dist[t]+1 {
				continue
			}
			preds[o] = append(preds[o], struct {
				prev *table
				e    edge
			}{t, e})
		}
	}
	if _, ok := dist[target]; !ok {
		return nil
	}
	var out [][]edge
	var walk func(t *table, suffix []edge)
	walk = func(t *table, suffix []edge) {
		if len(out) >= limit {
			return
		}
		if dist[t] == 0 {
			out = append(out, slices.Clone(suffix))
			return
		}
		for _, p := range preds[t] {
			walk(p.prev, append([]edge{p.e}, suffix...))
		}
	}
	walk(target, nil)
	return out
}

// ownerRoles qualify the key to the person a row belongs to (OwnerUserId, author_id,
// CreatorID): the relation meant when none is said.
var ownerRoles = map[string]bool{"owner": true, "author": true, "creator": true, "poster": true, "writer": true}

// choosePath is the join path from the tables already joined (in) to t. When several
// shortest paths exist, they are compared by evidence, in this order:
//
//   - the tables in between that the question names anyway win; a table of people nobody
//     named loses: a path through a person is that person's relation, not the row's own (a
//     rental's store is the store of the copy rented, not the customer's home store nor the
//     clerk's; a customer's region is their country's, not their sales rep's);
//   - a key whose qualifier the question says wins ("original language" is
//     original_language_id), one whose qualifier it does not say loses (a clinic's
//     head_vet_id is not what "vet" means);
//   - many-to-one steps win over one-to-many ones: an employee's location is their
//     department's, not the location of the departments they manage;
//   - keys that cannot be empty win over optional ones: an order line's store is its order's
//     (order_id NOT NULL), not its shipment's (shipment_id may be missing);
//   - a plain key (language_id, CustomerID) wins over a qualified one (original_language_id):
//     the qualifier is a role that has to be said.
//
// A tie that is left is refused with one reading per path.
func (m *model) choosePath(in []*table, t *table, p *plan, need []*table) ([]edge, bool, error) {
	first, ok := m.path(in, t)
	if !ok || len(first) == 0 {
		return first, ok, nil
	}
	paths := m.shortestPathList(in, t, maxPaths)
	said := map[string]bool{}
	for _, w := range p.said {
		said[w] = true
		if st := stem(w); st != "" && strings.HasSuffix(w, "ed") {
			// "orders shipped to the UK": ShipToAddressID, the key of the verb said.
			said[st] = true
		}
		if g := roleGroup(w); g >= 0 && len(w) > 3 {
			// "departing routes": the source end ("from" and "to" are too common to say it
			// alone; they name an end only right before a value, see roleByPreposition).
			for _, x := range roleGroups[g][:3] {
				said[x] = true
			}
		}
	}
	if lp := m.linkOverRoles(in, t, append(slices.Clone(paths), first), said); lp != nil {
		return lp, true, nil
	}
	if len(paths) < 2 {
		return first, ok, nil
	}
	roleTaken := map[*column]bool{}
	for _, c := range p.conds {
		if c.role != nil && c.col != nil && c.role.table != c.col.table {
			roleTaken[c.role] = true // that end is joined under its own name already
		}
	}
	score := func(path []edge) [5]int {
		var s [5]int
		for _, x := range pathMiddle(in, path) {
			switch {
			case slices.Contains(need, x):
				s[0] += 2
			case namedByEnds(x):
				// "employees who work in Research": dept_emp, named after what it links,
				// is the plain relation; dept_manager links the same rows in a role that
				// nobody said.
				s[0]++
			case personTable(x):
				s[0]--
			}
		}
		cur := pathStart(in, path)
		for _, e := range path {
			if roleTaken[e.fk.from] {
				s[1] -= 2
			}
			switch q := qualifier(e.fk); {
			case len(q) == 0:
			case allSaid(q, said):
				s[1]++
			case anySaid(q, said):
				// "employees who created purchase orders": HISTORY_CREATEDBY_EMPLOYEEID, whose
				// role word is said, before HISTORY_CHANGEDBY_EMPLOYEEID, whose is not.
			case slices.Equal(q, []string{"nationality"}):
				// "Finnish drivers", "drivers from Finland": a person's country unsaid is their
				// nationality, not their country of birth.
			case len(q) == 1 && ownerRoles[q[0]]:
				// "users' answers": a post's person unsaid is the one who owns it
				// (OwnerUserId), not its last editor.
			default:
				s[1]-- // a role nobody said: head_vet_id is not what "vet" means
			}
			if !e.fk.from.nullable {
				s[3]++ // a key every row has, whichever way it is walked
			}
			if e.fk.from.table == cur {
				s[2]++ // many-to-one
				if len(qualifier(e.fk)) == 0 {
					s[4]++
				}
			}
			cur = e.other(cur)
		}
		return s
	}
	var best [5]int
	var top []int
	for i, path := range paths {
		sc := score(path)
		switch c := cmpScore(sc, best); {
		case len(top) == 0 || c > 0:
			best, top = sc, []int{i}
		case c == 0:
			top = append(top, i)
		}
	}
	if len(top) == 1 {
		return paths[top[0]], true, nil
	}
	link := func(path []edge) bool {
		// Down to a row that references both ends by plain keys, then up to the other end
		// (an evolution's known_move_type_id links a species to a type only in that role).
		return len(path) == 2 && path[0].fk.to.table == pathStart(in, path) && path[1].fk.from.table == path[0].fk.from.table &&
			len(qualifier(path[0].fk)) == 0 && len(qualifier(path[1].fk)) == 0
	}
	if k := slices.IndexFunc(top, func(i int) bool { return link(paths[i]) }); k >= 0 && !slices.ContainsFunc(top[k+1:], func(i int) bool { return link(paths[i]) }) {
		// "the party in the most cabinets": the rows that link the two (CabinetParty), not
		// the country they both belong to.
		return paths[top[k]], true, nil
	}
	var rs []string
	for _, i := range top {
		rs = append(rs, pathText(in, paths[i]))
	}
	return nil, false, &joinPathError{table: t.name, readings: rs}
}

// roleGroups are the words that say which end of a movement a row is: where it leaves from
// and where it goes. A key's qualifier (source_airport_id: "source") and a question's words
// ("from Keflavik", "departing routes") are read through them.
var roleGroups = [][]string{
	{"source", "src", "origin", "from", "departure", "departing", "depart", "departs", "leaving", "leave", "leaves", "outbound", "start", "starting"},
	{"destination", "dest", "to", "arrival", "arriving", "arrive", "arrives", "inbound", "incoming", "into", "target", "end", "ending"},
}

// roleGroup is the index of the role group w belongs to, or -1.
func roleGroup(w string) int {
	for g, ws := range roleGroups {
		if slices.Contains(ws, w) {
			return g
		}
	}
	return -1
}

// roleByPreposition is the key through which a value of table t is meant when the words just
// before it say which end ("from Keflavik": routes.source_airport_id): one table must point to
// t by two or more keys, and exactly one of them must carry a qualifier of that end.
func (m *model) roleByPreposition(before []string, t *table) *column {
	g := -1
	for k := len(before) - 1; k >= 0 && g < 0; k-- {
		g = roleGroup(before[k]) // "arrive at", "fly to nonstop from"
	}
	if g < 0 {
		return nil
	}
	var found *column
	for _, r := range m.tables {
		var keys []fk
		for _, f := range r.fks {
			if f.to.table == t && r != t {
				keys = append(keys, f)
			}
		}
		if len(keys) < 2 {
			continue
		}
		for _, f := range keys {
			q := qualifier(f)
			if len(q) > 0 && roleGroup(q[0]) == g {
				if found != nil {
					return nil // two tables, or two keys, could be meant
				}
				found = f.from
			}
		}
	}
	return found
}

// cmpScore compares two path scores lexicographically.
func cmpScore(a, b [5]int) int {
	for i := range a {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return 0
}

// linkOverRoles is the path through a table that only links two tables by plain keys
// (PostTags: PostId, TagId) where every direct key between them is a role the question does
// not say: "questions tagged wallet" are linked to the tag by the post-tag rows, not through
// the tag whose excerpt or wiki a post is (Tags.ExcerptPostId, Tags.WikiPostId). nil when some
// direct path is plain or said, or when there is not exactly one such link table.
func (m *model) linkOverRoles(in []*table, t *table, direct [][]edge, said map[string]bool) []edge {
	for _, path := range direct {
		if len(path) != 1 {
			return nil
		}
		q := qualifier(path[0].fk)
		if len(q) == 0 || anySaid(q, said) || len(q) == 1 && ownerRoles[q[0]] {
			return nil
		}
	}
	var link []edge
	for _, s := range in {
		if l := m.linkBetween(s, t); l != nil {
			if link != nil {
				return nil
			}
			link = []edge{{fk: *plainKeyTo(l, s), forward: false}, {fk: *plainKeyTo(l, t), forward: true}}
		}
	}
	return link
}

// linkBetween is the one table that only links a and b, by one plain key to each (PostTags
// between Posts and Tags); nil when none or several do.
func (m *model) linkBetween(a, b *table) *table {
	var found *table
	for _, l := range m.tables {
		if l == a || l == b || l.view || slices.ContainsFunc(l.cols, func(c *column) bool { return !l.fkCols[c] }) ||
			plainKeyTo(l, a) == nil || plainKeyTo(l, b) == nil {
			continue
		}
		if found != nil {
			return nil
		}
		found = l
	}
	return found
}

// namedByEnds reports whether a table that references two or more tables is named by
// nothing but their words (dept_emp: department and employee, film_actor): it links them
// and says no role of its own.
func namedByEnds(x *table) bool {
	var ends []string
	for _, f := range x.fks {
		if f.to.table != x {
			ends = append(ends, f.to.table.words...)
		}
	}
	if len(x.fks) < 2 || len(x.words) < 2 {
		return false
	}
	for _, w := range x.words {
		if !slices.Contains(ends, w) {
			return false
		}
	}
	return true
}

// plainKeyTo is l's one key to table to when it has no role qualifier (TagId, not
// WikiTagId); nil otherwise.
func plainKeyTo(l, to *table) *fk {
	var found *fk
	for i, f := range l.fks {
		if f.to.table != to {
			continue
		}
		if found != nil || len(qualifier(f)) > 0 {
			return nil
		}
		found = &l.fks[i]
	}
	return found
}

// qualifier is what a key column's name says beyond the table it references and "id":
// "original" in original_language_id, "manager staff" in manager_staff_id, nothing in
// language_id or CustomerID.
func qualifier(f fk) []string {
	var out []string
	for _, w := range f.from.words {
		if w != "id" && w != "key" && w != "fk" && !slices.Contains(f.to.table.words, w) && !slices.Contains(f.to.words, w) {
			out = append(out, w)
		}
	}
	return out
}

// allSaid reports whether every word of ws was said.
func allSaid(ws []string, said map[string]bool) bool {
	for _, w := range ws {
		if !said[w] {
			return false
		}
	}
	return true
}

// anySaid reports whether a word of a key's qualifier other than a link word ("by", "to") was
// said.
func anySaid(ws []string, said map[string]bool) bool {
	return slices.ContainsFunc(ws, func(w string) bool { return said[w] && !linkWords[w] && len(w) > 2 })
}

// checkDetour refuses a join that reaches t from a table joined for another word through a
// one-to-many step when the rows counted (base) reach t by a way of their own: "how many
// products has each store shipped" joined the shipments to the store that stocks the
// products (products → inventory → stores → shipments), which relates a product to every
// shipment of its store, while a product's own shipments are those of its order lines. A
// detour that only goes up to a parent row ("orders by region": the customer's country's
// region) is the parent's own attribute and stays.
func (m *model) checkDetour(in []*table, t *table, path []edge, base *table) error {
	if len(path) == 0 {
		return nil
	}
	start := pathStart(in, path)
	if start == base {
		return nil
	}
	down, cur := false, start
	for _, e := range path {
		down = down || e.fk.to.table == cur && e.fk.from.table != cur
		cur = e.other(cur)
	}
	if !down {
		return nil
	}
	direct, ok := m.path([]*table{base}, t)
	if !ok || len(direct) == 0 {
		return nil
	}
	for _, x := range pathMiddle([]*table{base}, direct) {
		if slices.Contains(in, x) {
			return nil // the base's own way passes through what is joined: the same rows
		}
	}
	return &joinPathError{table: t.name, readings: []string{pathText(in, path), pathText([]*table{base}, direct)}}
}

// checkPeak refuses a join path that goes up to a parent row and down again to other rows of
// that parent, when the question never named the parent: "owners per vet" joined owners to
// the vets of their clinic (owners → clinics ← vets), which relates every owner to every vet
// who works there, while an owner meets a vet through their pets' visits, a longer way. Rows
// that share a parent are not related by anything the question said. Going down into a row
// and up out of it again is a relation through events or links (films ← inventory → stores,
// film → film_category → category) and stays.
func checkPeak(in []*table, t *table, path []edge, named []*table, today bool) error {
	if len(path) == 0 {
		return nil
	}
	cur := pathStart(in, path)
	var top *table     // the parent the path went up to
	extension := false // the way up left a row kept one to one with its parent
	for i, e := range path {
		next := e.other(cur)
		if e.fk.from.table == cur {
			top = next // up: to the row referenced
			extension = e.fk.from2 == nil && e.fk.from == cur.pk
		} else if top != nil {
			// down from top into next: a peak unless the path goes up out of next again, or
			// one side is the parent's own row kept apart (box_office and
			// pixar_franchises, each keyed by the film: the film's gross, the film's
			// franchise)
			if i+1 < len(path) && path[i+1].fk.from.table == next && path[i+1].fk.to.table != top && !keepsKeyOf(pathStart(in, path), next) ||
				extension || e.fk.from2 == nil && e.fk.from == next.pk || today && periodTable(next) {
				// (Today's rows of periods are one per parent: an employee's current title
				// beside their current salary.)
				top = nil
			} else if !slices.Contains(named, top) {
				return &notUnderstood{words: []string{t.name}, msg: fmt.Sprintf("%s is related to %s only through the same %s (%s); say how they are related", t.name, pathStart(in, path).name, top.name, pathText(in, path))}
			}
		}
		cur = next
	}
	return nil
}

// keepsKeyOf reports whether rows of a keep a column named as part of b's key without a
// foreign key to b (SFLIGHT's Booking.ConnectionID beside FlightConnection's (ConnectionID,
// AirlineID)): each row names its own row of b, so b's rows reached through a parent they
// share (the airline) are not its.
func keepsKeyOf(a, b *table) bool {
	for _, c := range b.cols {
		if c != b.pk && !c.partKey || len(c.words) < 2 || b.fkCols[c] {
			continue
		}
		if k := a.col(c.name); k != nil && !a.fkCols[k] {
			return true
		}
	}
	return false
}

// pathMiddle lists the tables a path goes through, its ends excluded.
func pathMiddle(in []*table, p []edge) []*table {
	var out []*table
	cur := pathStart(in, p)
	for _, e := range p[:len(p)-1] {
		cur = e.other(cur)
		out = append(out, cur)
	}
	return out
}

// pathStart is the table of in where p begins.
func pathStart(in []*table, p []edge) *table {
	if t := joinedEnd(in, p[0]); t != nil {
		return t
	}
	return p[0].fk.from.table
}

// pathText writes a path as its tables, each with the key it is joined on: "rental →
// inventory (inventory_id) → store (store_id)".
func pathText(in []*table, p []edge) string {
	cur := pathStart(in, p)
	var sb strings.Builder
	sb.WriteString(cur.name)
	for _, e := range p {
		cur = e.other(cur)
		fmt.Fprintf(&sb, " → %s (%s.%s)", cur.name, e.fk.from.table.name, e.fk.from.name)
	}
	return sb.String()
}

// personWords name tables of people: staff, and the business's customers and members.
var personWords = []string{"customer", "client", "member", "user", "person", "people", "patient", "student", "guest", "passenger", "subscriber"}

// personTable reports whether t's rows are people: a first and a last name, a name word of
// people or staff, or a given or family name or a birth date among its columns (a World Cup's
// players, managers and referees).
func personTable(t *table) bool {
	named := func(w string) bool {
		return slices.ContainsFunc(t.cols, func(c *column) bool { return slices.Equal(c.words, []string{w, "name"}) })
	}
	return t.label2 != nil || containsAny(t.words, staffWords) || containsAny(t.words, personWords) ||
		slices.ContainsFunc(t.cols, func(c *column) bool {
			return c.class == classDate && birthColumn(c) || len(c.words) == 2 && c.words[1] == "name" && (c.words[0] == "given" || c.words[0] == "family")
		}) || named("first") && named("last")
}

// checkPrecision is the round-6 part of checkShape, on the finished plan before the joins are
// chosen.
func (b *builder) checkPrecision() error {
	for k := range b.items {
		it := &b.items[k]
		if it.kind == itEntity && it.pick != nil && it.pick.table != nil {
			b.p.named = appendTable(b.p.named, it.pick.table)
			if it.pick.kind == candTable {
				b.p.called = appendTable(b.p.called, it.pick.table)
			}
		}
		for _, t := range it.toks {
			b.p.said = append(b.p.said, t.norm)
		}
		b.p.said = append(b.p.said, it.skipped...)
	}
	if err := b.checkCountWord(); err != nil {
		return err
	}
	if err := b.checkWhereAsked(); err != nil {
		return err
	}
	if err := b.checkPluralValue(); err != nil {
		return err
	}
	if w := strings.ToLower(kwWords(b, kwFirst) + kwWords(b, kwLatest)); ageWords[w] {
		// "the youngest employee" read on the hire date: only a birth date says an age.
		var dates []*column
		for _, m := range b.p.measures {
			if m.col != nil && m.col.class == classDate {
				dates = append(dates, m.col)
			}
		}
		if c := b.p.orderCol; c != nil && c.class == classDate {
			dates = append(dates, c)
		}
		for _, c := range dates {
			if !birthColumn(c) {
				return &notUnderstood{words: []string{w}, msg: fmt.Sprintf("%s.%s is not a birth date; %q asks for an age", c.table.name, c.name, w)}
			}
		}
	}
	if err := b.checkWhichRows(); err != nil {
		return err
	}
	if err := b.checkAntiRows(); err != nil {
		return err
	}
	if b.firstLast != aggNone {
		// "who is the oldest owner" over a table without a date listed every owner: the
		// superlative waited for a date that never came. "First" and "last" are also other
		// words ("albums that last longer than an hour").
		w := kwWords(b, kwFirst)
		if b.firstLast == aggMax {
			w = kwWords(b, kwLatest)
		}
		if lw := strings.ToLower(w); lw != "first" && lw != "last" {
			return &notUnderstood{words: []string{w}, msg: fmt.Sprintf("cannot tell which date %q is about", w)}
		}
		if n := len(b.items); n > 0 && b.items[n-1].kind == itKeyword && strings.EqualFold(b.items[n-1].text(), w) {
			// "which customer placed an order first": said last, the word is the question's
			// point, and the answer listed every customer.
			return &notUnderstood{words: []string{w}, msg: fmt.Sprintf("cannot tell which date %q is about", w)}
		}
	}
	if err := b.checkSubjectRows(); err != nil {
		return err
	}
	if err := b.checkWhoValue(); err != nil {
		return err
	}
	if err := b.checkByAgent(); err != nil {
		return err
	}
	if err := b.checkRowsOrUnits(); err != nil {
		return err
	}
	if err := b.checkSingleRowGroups(); err != nil {
		return err
	}
	if err := b.checkTimes(); err != nil {
		return err
	}
	if err := b.checkSingleRanked(); err != nil {
		return err
	}
	return b.checkStopValues()
}

// checkSingleRowGroups refuses a count, an average or a condition on an aggregate of a
// table's rows grouped by that same table's rows: every group is one row, so the count is 1,
// the "average freight per order, by year" is each order's freight and "customers with more
// than 10 orders" grouped per order keeps none. The words meant something else (an average
// over the rows, the rows of another table). A sum, minimum or maximum of one row is that
// row's value, which "units on order per product" asks for.
func (b *builder) checkSingleRowGroups() error {
	p := &b.p
	if len(p.measures) == 0 {
		return nil
	}
	for _, d := range p.dims {
		if d.role != nil || d.grain != grainNone {
			continue
		}
		t := d.table
		if t == nil && d.col != nil && d.col == d.col.table.pk {
			t = d.col.table
		}
		if t == nil && d.col != nil {
			// flights.dest holds an airport's key: grouped by it, each group is one airport.
			for _, f := range d.col.table.fks {
				if f.from == d.col && f.from2 == nil && f.to == f.to.table.pk {
					t = f.to.table
				}
			}
		}
		if t == nil || t.pk == nil || d.col == nil && t.formOf != nil {
			continue // forms (a pizza in each size) are grouped as what they are forms of
		}
		own, void := true, len(p.having) > 0
		for _, m := range append(append([]measure{}, p.measures...), havingMeasures(p)...) {
			own = own && m.table == t && m.shareOf == nil
			void = void || m.agg == aggCount || m.agg == aggCountDistinct || m.agg == aggAvg
		}
		if own && void {
			return &notUnderstood{words: []string{b.tableWord(t)}, msg: fmt.Sprintf("each group would be a single %s row: cannot tell what %q groups", t.name, b.tableWord(t))}
		}
	}
	return nil
}

// saidTimes reports whether the question counts occurrences: "how many times", "number of
// times".
func (b *builder) saidTimes() bool {
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itKeyword || it.kw.kind != kwCount || k+1 >= len(b.items) {
			continue
		}
		if n := &b.items[k+1]; len(n.skipped) > 0 && n.skipped[0] == "times" {
			return true
		}
	}
	return false
}

// eventsForTimes reads "how many times were Family films rented" as a count of the rentals:
// "times" counts occurrences, and the occurrences are the rows of the one table the question
// named (by a verb or a noun) that repeats the counted rows (rental → inventory → film). The
// films themselves are counted only when no such table was named; checkTimes refuses a
// count of distinct rows when one was and it is not clear which.
func (b *builder) eventsForTimes() {
	p := &b.p
	if len(p.measures) != 1 || !b.saidTimes() {
		return
	}
	m := p.measures[0]
	if m.col != nil || m.table == nil || (m.agg != aggCount && m.agg != aggCountDistinct) || len(p.having) > 0 {
		return
	}
	if ev := b.namedEvents(m.table); len(ev) == 1 {
		p.measures[0].table, p.measures[0].agg = ev[0], aggCount
		p.subjects = appendTable(p.subjects, m.table)
	}
}

// namedEvents are the tables the question named whose rows repeat t's rows: reached from t
// only through one-to-many steps.
func (b *builder) namedEvents(t *table) []*table {
	var out []*table
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || it.pick == nil || it.pick.table == nil || it.pick.table == t {
			continue
		}
		e := it.pick.table
		if it.pick.kind != candTable && !(it.pick.kind == candColumn && it.pick.col.class == classDate) {
			continue // a value or an attribute restricts rows, it does not name events
		}
		if p, ok := b.m.path([]*table{t}, e); ok && len(p) > 0 && allFanOut(t, p) {
			out = appendTable(out, e)
		}
	}
	return out
}

// allFanOut reports whether every step of p from start goes from a referenced table to one
// that references it.
func allFanOut(start *table, p []edge) bool {
	cur := start
	for _, e := range p {
		if e.fk.to.table != cur || e.fk.from.table == cur {
			return false
		}
		cur = e.other(cur)
	}
	return true
}

// checkTimes refuses "how many times" answered with a count of things while the question
// named the events that repeat them (eventsForTimes could not pick one).
func (b *builder) checkTimes() error {
	p := &b.p
	if len(p.measures) != 1 || !b.saidTimes() {
		return nil
	}
	m := p.measures[0]
	if m.col == nil && m.table != nil && len(b.namedEvents(m.table)) > 0 {
		return &notUnderstood{words: []string{"times"}, msg: fmt.Sprintf("cannot tell which events \"times\" counts: %s are things, not occurrences", m.table.name)}
	}
	return nil
}

// checkStopValues refuses a question whose verb, dropped as a filler word, is a value
// stored in a state column: "how many shipments have been delivered" counted every shipment
// while shipment_status holds 'DELIVERED'. Stop words match values only when typed as
// stored (so "in" is not India's code); a longer verb form that equals a state value in any
// case is a condition the plan left out. Names are not states: label columns are skipped.
func (b *builder) checkStopValues() error {
	cols := map[*column]bool{}
	_, used := planRefs(&b.p)
	for c := range used {
		cols[c] = true
	}
	for k := range b.items {
		it := &b.items[k]
		for _, w := range it.skipped {
			if len(w) < 5 || !stateVerb(w) || slices.Contains(it.verbs, w) {
				continue
			}
			for _, t := range b.m.tables {
				if t.view {
					continue
				}
				for _, c := range t.cols {
					if c.class != classText || c == t.label || c == t.label2 || nameColumn(c) || cols[c] {
						continue
					}
					for _, v := range c.samples {
						if strings.EqualFold(v, w) {
							return &notUnderstood{words: []string{w}, msg: fmt.Sprintf("%q may mean %s.%s = '%s', which the answer does not use", w, t.name, c.name, v)}
						}
					}
				}
			}
		}
	}
	return nil
}

// stateVerb reports whether w reads as a participle or a gerund ("delivered", "shipping",
// "sold"): the words of a state.
func stateVerb(w string) bool {
	return strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "en") ||
		w == "sold" || w == "held" || w == "paid" || w == "made" || w == "spent" || w == "brought"
}

// tableWord is the word that named t as a table, or else any word read in t, or t's name.
func (b *builder) tableWord(t *table) string {
	for k := range b.items {
		if it := &b.items[k]; it.kind == itEntity && it.pick != nil && it.pick.kind == candTable && it.pick.table == t {
			return it.text()
		}
	}
	return b.synonymText(t)
}

// checkJoins runs on the completed plan: a table joined by a many-to-one step that no part of
// the answer reads and that leads to no other joined table changes nothing (every product
// has its category). That is harmless for a word that only says what the rows are ("copies
// of films", "quantity ordered"), but not when the word scopes something: said after a
// possessive ("their category", "its genre") or next to a comparison with an average, it
// asks for a per-group average ("products priced above the average price of their
// category"), and the plan compared with the average of all rows. A one-to-many join is
// never dead: it says the rows have such rows ("customers with orders").
func checkJoins(m *model, p *plan, items []item) error {
	if err := checkSoldUsed(m, p, items); err != nil {
		return err
	}
	if err := checkAntiAlsoJoined(p); err != nil {
		return err
	}
	if err := checkChildComparison(p, items); err != nil {
		return err
	}
	if err := checkParentCounts(p); err != nil {
		return err
	}
	distinctRows(p)
	avg := false
	for _, c := range append(append([]condition{}, p.conds...), p.having...) {
		avg = avg || c.avgOf != nil || c.avgGroups != nil
	}
	_, cols := planRefs(p)
	read := map[*table]bool{p.base: true}
	for c := range cols {
		read[c.table] = true
		if c.metric != nil {
			for _, t := range c.metric.tables {
				read[t] = true
			}
		}
	}
	if len(p.measures) > 0 || len(p.dims) > 0 {
		for _, c := range p.listCols {
			read[c.table] = true
		}
	}
	for _, j := range p.joins {
		read[j.reached] = true // a table the joins go through
	}
	for _, j := range p.joins {
		if j.fanOut || read[j.table] {
			continue
		}
		w, owned := j.table.name, false
		for k := range items {
			if it := &items[k]; it.kind == itEntity && it.pick != nil && it.pick.table == j.table {
				w = it.text()
				owned = len(it.skipped) > 0 && possessives[it.skipped[len(it.skipped)-1]]
				break
			}
		}
		if !avg && !owned {
			continue
		}
		return &notUnderstood{words: []string{w}, msg: fmt.Sprintf("%s is joined but no part of the answer uses it", j.table.name)}
	}
	return nil
}

// checkAntiAlsoJoined refuses a plan that tests for missing rows of a table it also joins on
// the same key ("which facilities has Henrietta Rumney never booked" read as Henrietta's
// bookings joined and absent at once): such an answer is empty whatever the data holds.
func checkAntiAlsoJoined(p *plan) error {
	for _, c := range p.conds {
		if c.anti == nil {
			continue
		}
		for _, j := range p.joins {
			if j.fk.from == c.anti.from && j.fk.to == c.anti.to {
				return &notUnderstood{words: []string{c.anti.from.table.name},
					msg: fmt.Sprintf("cannot tell which %s are missing: the answer would both join and exclude them", c.anti.from.table.name)}
			}
		}
	}
	return nil
}

// possessives before a table's word say the rows are scoped by their own related row.
var possessives = map[string]bool{"their": true, "its": true, "his": true, "her": true, "same": true}

// checkSingleRanked refuses "the largest single invoice" answered with a count, a sum or an
// average of those rows per group: "single" says one row is ranked by its own amount, so the
// customer with the most invoices (or the most money over all of them) is another answer.
func (b *builder) checkSingleRanked() error {
	p := &b.p
	if len(p.dims) == 0 {
		return nil
	}
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itEntity || it.pick == nil || it.pick.table == nil || !slices.ContainsFunc(it.skipped, isSingleWord) {
			continue
		}
		for _, m := range p.measures {
			if m.table == it.pick.table && (m.agg == aggCount || m.agg == aggCountDistinct || m.agg == aggSum || m.agg == aggAvg) {
				w := it.skipped[slices.IndexFunc(it.skipped, isSingleWord)]
				return &notUnderstood{words: []string{w}, msg: fmt.Sprintf("%q ranks one %s by its own amount, not a total per group", w, it.text())}
			}
		}
	}
	return nil
}

func isSingleWord(w string) bool {
	return strings.EqualFold(w, "single") || strings.EqualFold(w, "individual")
}

// checkCountWord refuses "how many"/"number of" answered with a listing: "how many times
// have cats visited" listed the visit dates. A count, a sum of units or any aggregate
// answers it; rows do not.
func (b *builder) checkCountWord() error {
	p := &b.p
	if len(p.measures) > 0 || len(p.having) > 0 || p.outerCount || p.outerAvg {
		return nil
	}
	for k := range b.items {
		if it := &b.items[k]; it.kind == itKeyword && it.kw.kind == kwCount {
			if c := p.orderCol; c != nil && c.class == classNumber && k > 0 && !slices.ContainsFunc(b.items[k+1:], func(o item) bool { return o.kind == itEntity }) &&
				slices.ContainsFunc(b.items[:k], func(o item) bool { return o.pick != nil && o.pick.col == c }) {
				// "which account has the most employees, and how many does it have": the
				// number ranked, which the answer shows.
				continue
			}
			return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell what %q counts: the answer would be a list", it.text())}
		}
	}
	return nil
}

// checkWhichRows refuses "which <rows> ..." answered with the rows of another table: "which
// Lisbon owners have more than 3 pets" grouped by the clinic of Lisbon. The table right after
// "which"/"what" (values before it only describe it) is what the answer lists or groups by.
func (b *builder) checkWhichRows() error {
	p := &b.p
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itKeyword || !(strings.EqualFold(it.text(), "which") || strings.EqualFold(it.text(), "what")) {
			continue
		}
		for j := k + 1; j < len(b.items); j++ {
			n := &b.items[j]
			if n.kind == itEntity && n.plural && strings.EqualFold(it.text(), "which") && len(p.dims) == 0 && p.listTable == nil && len(p.measures) > 0 {
				// "which players did the BBWAA vote into the Hall of Fame" answered with the
				// sum of the votes: one number never says which rows.
				return &notUnderstood{words: []string{n.text()}, msg: fmt.Sprintf("the answer is one number, not a list of %s", n.text())}
			}
			if n.kind == itEntity && n.pick != nil && n.pick.kind == candValue {
				if n.toks[len(n.toks)-1].poss {
					return nil // "which sales support agent's customers": the agent is asked for
				}
				continue // "which Lisbon owners": a value describing the rows
			}
			if n.kind != itEntity || n.pick == nil || n.pick.kind != candTable || !n.plural {
				return nil
			}
			t := n.pick.table
			if p.listTable == t || p.listTable != nil && len(p.dims) == 0 {
				return nil
			}
			if len(p.dims) == 0 {
				return nil
			}
			for _, d := range p.dims {
				if d.table == t || d.col != nil && d.col.table == t || d.role != nil && d.role.table == t || slices.Contains(p.copied, t) {
					return nil
				}
			}
			return &notUnderstood{words: []string{n.text()}, msg: fmt.Sprintf("the answer is not a list of %s", t.name)}
		}
		return nil
	}
	return nil
}

// checkAntiRows refuses a plan that tests that rows are missing and also reads those same
// rows outside the test: "owners with no neutered pets" as the owners without pets, ranked by
// their pets' neutered flags. No row can be both missing and read.
func (b *builder) checkAntiRows() error {
	p := &b.p
	for _, c := range p.conds {
		if c.anti == nil {
			continue
		}
		miss := c.anti.from.table
		for _, m := range p.measures {
			if m.table == miss {
				return &notUnderstood{words: []string{b.antiWords}, msg: fmt.Sprintf("the %s that are missing cannot also be measured", miss.name)}
			}
		}
		for _, d := range p.dims {
			if d.table == miss || d.col != nil && d.col.table == miss {
				return &notUnderstood{words: []string{b.antiWords}, msg: fmt.Sprintf("the %s that are missing cannot also be grouped", miss.name)}
			}
		}
	}
	return nil
}

// whoOfRoleRows answers "who is the manager of Sales" over rows that hold a role and have no
// name of their own (dept_manager: a department, a person, a term) with the person the rows
// point to; the role rows stay joined, as what the question said.
func (b *builder) whoOfRoleRows() {
	p := &b.p
	t := p.listTable
	if t == nil || t.label != nil || len(p.measures) > 0 || len(p.dims) > 0 || !b.saidWho() {
		return
	}
	var who *table
	for _, f := range t.fks {
		if o := f.to.table; o != t && o.label != nil && personTable(o) {
			if who != nil && who != o {
				return // two people: which one is asked for is not said
			}
			who = o
		}
	}
	if who != nil && !slices.ContainsFunc(p.listCols, func(c *column) bool { return c.table != who }) {
		p.subjects = appendTable(p.subjects, t)
		p.listTable = who
	}
}

// listIdentity lists whole rows instead of columns a verb named that only repeat a
// condition: "orders shipped to Germany in 2017" read "shipped" as ShippedDate, filtered on
// it, and listed only the dates, which says nothing about which orders. A listed column that
// the conditions do not use, that a noun named ("visit dates in 2024"), or the rows' name or
// key, stays ("when was Laura Callahan hired").
func (b *builder) listIdentity() {
	p := &b.p
	t := p.listTable
	if t == nil || len(p.listCols) == 0 || len(p.measures) > 0 || len(p.dims) > 0 || p.roleList != nil {
		return
	}
	used := map[*column]bool{}
	for _, c := range p.conds {
		used[c.col] = true
	}
	for _, d := range p.dates {
		used[d.col] = true
	}
	byVerb := map[*column]bool{}
	for k := range b.items {
		it := &b.items[k]
		if it.pick != nil && it.pick.col != nil && len(it.toks) == 1 && strings.HasSuffix(it.toks[0].lower, "ed") {
			byVerb[it.pick.col] = true
		}
	}
	var keep []*column
	for _, c := range p.listCols {
		if !used[c] || !byVerb[c] || c == t.label || c == t.label2 || c == t.pk || c.table != t {
			keep = append(keep, c) // "visit dates in 2024" asks for the dates
		}
	}
	if len(keep) == 0 {
		p.listCols = nil
		p.distinct = false
		return
	}
	named := slices.ContainsFunc(p.conds, func(c condition) bool {
		// (Only names the data repeats: a unique title names one row.)
		return c.op == "=" && c.role == nil && c.anti == nil && c.col != nil && c.col.table == t && nameColumn(c.col) &&
			c.col.prof != nil && c.col.prof.Distinct < c.col.prof.NonNull
	})
	if named && !slices.ContainsFunc(p.listCols, func(c *column) bool { return c == t.pk || nameColumn(c) || c.table != t }) {
		// "what is Jésus Hernandez's email address" where the person is kept twice: the one
		// address, not a row per copy.
		p.distinct = true
	}
}

// showCompared adds to a listing of names the number each row was compared on: "which
// products cost less than $10" shows the price next to each name, as "which products are
// more expensive than the average product" does. A list of names alone cannot be checked
// against the condition, and the number is what was asked about.
func (b *builder) showCompared() {
	p := &b.p
	t := p.listTable
	if t == nil || len(p.listCols) == 0 || len(p.measures) > 0 || len(p.dims) > 0 {
		return
	}
	for _, c := range p.conds {
		if c.col == nil || c.col.table != t && c.avgOf == nil || c.col.class != classNumber || c.col.metric != nil || c.anti != nil || c.role != nil {
			// (A figure of joined rows compared with its average is shown too: "companies
			// that placed an order above the average order's", with the order's total.)
			continue
		}
		switch c.op {
		case ">", ">=", "<", "<=", "between", "not between":
			if !slices.Contains(p.listCols, c.col) {
				p.listCols = append(p.listCols, c.col)
			}
		}
	}
}

// checkSoldUsed refuses, on the completed plan, a question that says something was sold
// (sold, bought, ordered, purchased) answered without the sales: "how many tracks were sold
// per genre" counted the catalogue. The sales are the schema's sales lines (or its one dated
// transaction table) and the dated events they belong to; the plan must read or join one of
// them. "Sells for $10" is a price, not a sale.
func checkSoldUsed(m *model, p *plan, items []item) error {
	w := ""
	for k := range items {
		sk := items[k].skipped
		for i, x := range sk {
			if saleVerbs[x] && !(i+1 < len(sk) && (sk[i+1] == "for" || sk[i+1] == "at")) {
				w = x
			}
		}
	}
	if w == "" {
		return nil
	}
	sales := m.salesLines()
	if sales == nil {
		sales = m.eventTable()
	}
	if sales == nil {
		return nil
	}
	tabs, _ := planRefs(p)
	if tabs[sales] {
		return nil
	}
	for _, t := range parents(sales) {
		if t.date != nil && tabs[t] {
			return nil // the orders or invoices the lines belong to
		}
	}
	for _, c := range p.conds {
		if c.anti != nil && (c.anti.from.table == sales || c.antiVia != nil && c.antiVia.from.table == sales) {
			return nil // "never sold": no sales line
		}
	}
	return &notUnderstood{words: []string{w}, msg: fmt.Sprintf("%q is not followed to the sales (%s): the answer would not be about what was sold", w, sales.name)}
}

// checkRowsOrUnits refuses a count of rows where the word that named the rows also names a
// quantity: "which store has the most inventory" counted inventory rows while
// inventory.product_inventory holds the units; "orders that contain more than 5 items"
// compared a count of products while the lines hold quantities (the round-5 rule for "how
// many items", applied to conditions on aggregates too).
func (b *builder) checkRowsOrUnits() error {
	p := &b.p
	for _, m := range append(append([]measure{}, p.measures...), havingMeasures(p)...) {
		if m.agg != aggCount && m.agg != aggCountDistinct || m.col != nil || m.table == nil {
			continue
		}
		if q := quantityCol(m.table); q != nil {
			w := strings.ToLower(b.tableWord(m.table))
			if slices.Contains(q.words, singular(w)) {
				return &notUnderstood{words: []string{b.tableWord(m.table)}, msg: fmt.Sprintf("cannot tell whether to count %s rows or add up %s", m.table.name, q.name)}
			}
		}
	}
	for k := range b.items {
		it := &b.items[k]
		// the builder blanks the entity it turned into the compared count, so its kind is not
		// checked: its reading is still there
		if it.pick == nil || it.pick.table == nil || !unitWords[singular(strings.ToLower(it.text()))] {
			continue
		}
		for _, h := range havingMeasures(p) {
			if h.agg != aggCount && h.agg != aggCountDistinct || h.col != nil || h.table == nil {
				continue
			}
			tabs, _ := planRefs(p)
			for _, inPlan := range []bool{true, false} { // name the quantity the plan is next to first
				for _, t := range b.m.tables {
					if q := quantityCol(t); q != nil && !t.view && tabs[t] == inPlan && (t == it.pick.table || t != h.table && b.childOf(t, h.table)) {
						return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell whether to count %s or add up %s", h.table.name, q.name)}
					}
				}
			}
		}
	}
	return nil
}

// verbDate is the date column of c's table that a verb of the question names, when the date
// was not named and c is only the table's default: "work orders closed in 2024" are those
// with closed_at in 2024, not those opened then (the verb was read as the status 'closed',
// the year fell to the default opened_at). With no such verb, or two, c stays.
func verbDate(c *column, said []string) *column {
	if c == nil {
		return c
	}
	var found *column
	for _, o := range c.table.cols {
		if o == c || o.class != classDate || auditColumn(o) {
			continue
		}
		for _, w := range said {
			if namesDate(w, o) && !namesDate(w, c) {
				if found != nil && found != o {
					return c
				}
				found = o
			}
		}
	}
	if found == nil {
		return c
	}
	return found
}

// saidDate is the one date column of t a verb of the question names, by its stem and the
// column's noun ("acquire", "acquired" for acquisitionYear); nil when none or several are.
func saidDate(t *table, said []string) *column {
	if t == nil {
		return nil
	}
	var found *column
	for _, o := range t.cols {
		if o.class != classDate || auditColumn(o) {
			continue
		}
		for _, w := range said {
			stem := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(w, "ing"), "ed"), "e")
			if len(stem) < 5 || !slices.ContainsFunc(o.words, func(x string) bool { return x != w && strings.HasPrefix(x, stem[:5]) && len(x) > len(stem) }) {
				continue
			}
			if found != nil && found != o {
				return nil
			}
			found = o
		}
	}
	return found
}

// namesDate reports whether w is a past participle ("closed", "shipped", "hired") whose
// stem begins a word of the date column d (closed_at, ShippedDate, hired_on). A form in -ing
// is left out: "shipping company" names the shipper, not a shipping date.
func namesDate(w string, d *column) bool {
	if !strings.HasSuffix(w, "ed") {
		return false
	}
	stem := ""
	for _, suf := range []string{"ped", "ed", "d"} {
		if s := strings.TrimSuffix(w, suf); s != w && len(s) >= 3 {
			stem = s
			break
		}
	}
	if stem == "" {
		return false
	}
	for _, x := range d.words {
		if x == w || strings.HasPrefix(x, stem) {
			return true
		}
	}
	return false
}

// checkByAgent refuses a second grouping made from "by" after a verb: in "which films are
// rented most by customers in Canada", "by" says who rented (the customers of Canada, a
// condition), not a grouping per customer, which ranked film-and-customer pairs; "how many
// rentals were made by customers of store 1" asks for one number, not one per customer. A
// plan with one grouping, or "by each", is kept ("rentals handled by each staff member per
// month").
func (b *builder) checkByAgent() error {
	one := false // "how many rentals were made by customers of store 1": one number asked
	for k := range b.items {
		it := &b.items[k]
		one = one || it.kind == itKeyword && it.kw.kind == kwCount && strings.EqualFold(it.text(), "how many")
	}
	if len(b.p.dims) < 2 && !(one && len(b.p.dims) == 1 && !b.saidEach()) {
		return nil
	}
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itKeyword || it.kw.kind != kwGroup || !strings.EqualFold(it.text(), "by") {
			continue
		}
		if n := b.next(k); n != nil && n.kind == itKeyword && eachWords[strings.ToLower(n.text())] {
			continue // "handled by each staff member": a grouping said as such
		}
		if len(it.skipped) > 0 {
			if participle(it.skipped[len(it.skipped)-1]) {
				return &notUnderstood{words: []string{"by"}, msg: "\"by\" after a verb says who did it, not what to group by"}
			}
			continue
		}
		for j := k - 1; j >= 0 && j >= k-2; j-- {
			p := &b.items[j]
			if p.kind == itKeyword && (p.kw.kind == kwMost || p.kw.kind == kwLeast) {
				continue // "rented most by"
			}
			if len(p.toks) == 1 && participle(p.toks[0].lower) {
				return &notUnderstood{words: []string{"by"}, msg: "\"by\" after a verb says who did it, not what to group by"}
			}
			break
		}
	}
	return nil
}

// checkChildComparison refuses a listing of rows filtered by an amount or a quantity of rows
// they have many of, unless the question named one such row: "customers who spent more than
// 40" compared each invoice's total (and listed a customer once per invoice) while the
// customer's total spending was likelier meant. "Customers with an invoice over 40" names one
// invoice and stays; a weight or a length ("owners with pets heavier than 30") is each row's.
func checkChildComparison(p *plan, items []item) error {
	if p.listTable == nil || len(p.measures) > 0 || len(p.dims) > 0 {
		return nil
	}
	many := map[*table]bool{}
	for _, j := range p.joins {
		if j.fanOut || many[j.reached] {
			many[j.table] = true
		}
	}
	for _, c := range p.conds {
		if c.col == nil || c.anti != nil || c.col.class != classNumber || !many[c.col.table] || c.col.money == 0 && quantityCol(c.col.table) != c.col {
			continue // a weight or a length belongs to each row; money and units add up
		}
		switch c.op {
		case ">", ">=", "<", "<=", "between", "not between":
		default:
			continue
		}
		one := false
		for k := range items {
			it := &items[k]
			if it.pick != nil && it.pick.kind == candTable && it.pick.table == c.col.table && !it.plural {
				one = true
			}
		}
		if !one {
			return &notUnderstood{words: []string{c.col.name}, msg: fmt.Sprintf("cannot tell whether one %s or the total per %s is compared", c.col.table.name, p.listTable.name)}
		}
	}
	return nil
}

// distinctRows lists each row once when a listing of named columns joins rows it has many
// of: "which customers have an invoice over 20" listed a customer once per such invoice.
// Whole rows are left alone (DISTINCT over every column fails on PostgreSQL's json columns),
// and so is a listing ordered by a column it does not show.
func distinctRows(p *plan) {
	if p.listTable == nil || len(p.listCols) == 0 || len(p.measures) > 0 || len(p.dims) > 0 || p.distinct || p.orderCol != nil && !slices.Contains(p.listCols, p.orderCol) {
		return
	}
	for _, j := range p.joins {
		if j.fanOut {
			p.distinct = true
			return
		}
	}
}

// checkWhoValue refuses "who" answered with a number or a date and no row: "who is the oldest
// employee" gave the earliest birth date, not the employee.
func (b *builder) checkWhoValue() error {
	p := &b.p
	if !b.saidWho() || len(p.dims) > 0 || p.listTable != nil || len(p.measures) == 0 {
		return nil
	}
	return &notUnderstood{words: []string{"who"}, msg: "cannot tell who: the answer would be a value, not a name"}
}

// checkParentCounts refuses, on the completed plan, a count of rows that each group
// references through its joins: "customers who ordered from more than one store" grouped per
// order counted the stores and customers of each order, one each, so "more than one" kept
// nothing. A count of rows that reference the group ("vets per clinic") is what grouping is
// for.
func checkParentCounts(p *plan) error {
	type step struct {
		to     *table
		upward bool // from the referencing row to the one it references
	}
	tree := map[*table][]step{}
	for _, j := range p.joins {
		up := j.fk.from.table == j.reached // the joined table is referenced by the one it hangs from
		tree[j.reached] = append(tree[j.reached], step{j.table, up})
		tree[j.table] = append(tree[j.table], step{j.reached, !up})
	}
	// onlyUp reports whether the tree path from g to t goes up at every step.
	var onlyUp func(g, t, from *table) (bool, bool)
	onlyUp = func(g, t, from *table) (found, up bool) {
		if g == t {
			return true, true
		}
		for _, s := range tree[g] {
			if s.to == from {
				continue
			}
			if f, u := onlyUp(s.to, t, g); f {
				return true, u && s.upward
			}
		}
		return false, false
	}
	for _, d := range p.dims {
		g := d.table
		if g == nil || d.role != nil || d.grain != grainNone {
			continue
		}
		if l := g.label; g.pk == nil && l != nil && l.prof != nil && l.prof.Distinct < l.prof.NonNull {
			// A film's credits grouped by the name they credit: one group per person, whose
			// films are counted ("which composer has scored the most films").
			continue
		}
		for _, m := range append(append([]measure{}, p.measures...), havingMeasures(p)...) {
			if m.table == nil || m.table == g || m.col != nil || m.agg != aggCount && m.agg != aggCountDistinct {
				continue
			}
			if found, up := onlyUp(g, m.table, nil); found && up {
				return &notUnderstood{words: []string{g.name}, msg: fmt.Sprintf("each %s row has one %s: cannot tell what the count per %s means", g.name, m.table.name, g.name)}
			}
		}
	}
	return nil
}

// checkSubjectRows refuses a question that begins with a plural table noun (its subject: the
// rows asked for) answered with one aggregate and no rows: "customers from the USA who spent
// over 40 in total" added up the invoices over 40 instead of listing customers.
func (b *builder) checkSubjectRows() error {
	p := &b.p
	if len(p.measures) == 0 || len(p.dims) > 0 || p.listTable != nil || p.outerCount || p.outerAvg || len(b.items) == 0 {
		return nil
	}
	it := &b.items[0]
	if it.kind != itEntity || it.pick == nil || it.pick.kind != candTable || !it.plural || len(it.skipped) > 0 {
		return nil
	}
	for _, m := range p.measures {
		if m.table == it.pick.table {
			return nil // "products average price", "orders count in 2024": over the subject rows
		}
	}
	return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("the question asks for %s, the answer would be one number", it.pick.table.name)}
}

// modifies reports whether a value item is said right before the noun of a table that holds
// the value too ("German customers"): then it describes that table's rows.
func modifies(it, next *item) bool {
	if next.kind != itEntity || len(next.cands) == 0 || next.cands[0].kind != candTable || next.cands[0].score < scoreExact || len(next.skipped) > 0 {
		return false
	}
	for _, c := range it.cands {
		if c.kind == candValue && c.table == next.cands[0].table {
			return true
		}
	}
	return false
}

// participle reports whether w reads as a past participle: regular ("rented", "handled") or
// one of the irregular ones business questions use ("made", "sold", "taken").
func participle(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "ed") || irregularParticiples[w]
}

// irregularParticiples are past participles that do not end in -ed.
var irregularParticiples = toSet(strings.Fields("made sold paid held bought brought kept done taken given sent spent won run put written seen"))

// checkPluralValue refuses a value said as a bare plural noun ("players") that restricts the
// rows counted or grouped through a table below them: in "the most common birth countries of
// players", Player is a category of the people's Hall of Fame ballots, and the word names
// the people grouped, not the few who have such a row.
func (b *builder) checkPluralValue() error {
	var rows *table
	switch p := &b.p; {
	case len(p.measures) > 0:
		rows = p.measures[0].table
	case len(p.dims) > 0 && p.dims[0].col != nil:
		rows = p.dims[0].col.table
	}
	if rows == nil {
		return nil
	}
	for k := range b.items {
		it := &b.items[k]
		c := it.pick
		if it.kind != itEntity || c == nil || c.kind != candValue || len(it.toks) != 1 || !it.plural || c.table == rows {
			continue
		}
		if stem(it.toks[0].norm) == stem(normPhrase(c.value)) && b.childOf(c.table, rows) {
			return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell whether %q are all %s or those with %s.%s = %v", it.text(), rows.name, c.table.name, c.col.name, c.value)}
		}
	}
	return nil
}

// checkWhereAsked refuses a single figure when the question also asks where it was: "the
// lowest life expectancy ever recorded, and where and when was it" wants the row's place
// and time, which one figure leaves out; answering the figure alone would look complete.
func (b *builder) checkWhereAsked() error {
	p := &b.p
	if len(p.dims) > 0 || len(p.measures) != 1 || p.measures[0].agg == aggNone || p.listTable != nil {
		return nil
	}
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itKeyword || it.kw.kind != kwWith || strings.ToLower(it.text()) != "where" {
			continue
		}
		if n := b.next(k); n == nil || n.kind != itEntity {
			return &notUnderstood{words: []string{it.text()}, msg: `cannot tell what "where" asks for: name what to show ("in which country")`}
		}
	}
	return nil
}
