package offline

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Resolution weights. A join hop costs more than the gap between a head-word match and a
// synonym, so an interpretation close to the rest of the question beats a slightly better
// name far away: "revenue" next to "product" means the order lines' amount, not a campaign's
// revenue column three joins away.
const (
	hopPenalty    = 0.12
	certainGap    = 0.15 // a candidate this far ahead of the next is taken without context
	fanOutPenalty = 0.3
	ambiguityGap  = 0.005
)

// ambiguityError is returned when two readings of the same words are equally good.
type ambiguityError struct {
	words string
	a, b  cand
}

func (e *ambiguityError) Error() string {
	return fmt.Sprintf("%q could mean %s or %s", e.words, describe(e.a), describe(e.b))
}

func describe(c cand) string {
	switch c.kind {
	case candTable:
		return c.table.name
	case candColumn:
		return c.table.name + "." + c.col.name
	}
	if c.col2 != nil {
		return fmt.Sprintf("%s.%s = '%s' and %s.%s = '%s'", c.table.name, c.col.name, c.value, c.table.name, c.col2.name, c.value2)
	}
	return fmt.Sprintf("%s.%s = '%s'", c.table.name, c.col.name, c.value)
}

// nameAmbiguityError is returned when a name (of a person, a product, a title) is a value of
// more than one table and the question does not say which: matching it silently to one of
// them would answer about the wrong thing.
type nameAmbiguityError struct {
	words    string
	readings []cand // one per table
}

func (e *nameAmbiguityError) Error() string {
	var rs []string
	for _, c := range e.readings {
		rs = append(rs, describe(c))
	}
	ex := strings.Join(e.readings[0].table.words, " ")
	return fmt.Sprintf("%q names more than one thing: %s; say which, for example %q", e.words, strings.Join(rs, " or "), ex+" "+e.words)
}

// nameColumn reports whether a column names what its rows are: the table's label (or its
// first-name part) or any "... name" column (ContactName). A composer or an artist name
// stored as a plain attribute elsewhere is not.
func nameColumn(c *column) bool {
	return c == c.table.label || c == c.table.label2 || (len(c.words) > 0 && c.words[len(c.words)-1] == "name")
}

// preferTrimmed drops a value stored with spaces around it where its column also stores it
// without ('Unknown ' beside 'Unknown'): the stray spaces are no other name.
func preferTrimmed(it *item) {
	spaced := func(c cand) bool {
		return c.kind == candValue && c.col2 == nil && c.value != strings.TrimSpace(c.value) && slices.ContainsFunc(it.cands, func(o cand) bool {
			return o.kind == candValue && o.col == c.col && o.col2 == nil && o.value == strings.TrimSpace(c.value)
		})
	}
	if slices.ContainsFunc(it.cands, spaced) {
		it.cands = slices.DeleteFunc(slices.Clone(it.cands), spaced)
	}
}

// preferStoredWhole drops the readings of a name as a first and a last name of two columns
// when a column stores the name whole: 'Ronald Reagan', a president's name as written,
// beside a judge called Ronald and another called Reagan. The pair is a guess (the index
// does not say that one row holds both), the whole name a fact.
func preferStoredWhole(it *item) {
	whole := slices.ContainsFunc(it.cands, func(c cand) bool {
		return c.kind == candValue && c.col2 == nil && c.state == nil && normPhrase(c.value) == normPhrase(it.text())
	})
	if whole && slices.ContainsFunc(it.cands, func(c cand) bool { return c.col2 != nil }) {
		it.cands = slices.DeleteFunc(slices.Clone(it.cands), func(c cand) bool { return c.col2 != nil })
	}
}

// dropCodesOfNames drops a value read in a code column when a name column of the same table
// holds it too: 'WHOLESALE' the ChannelCode and 'Wholesale' the ChannelName are one channel,
// asked for by its name.
func dropCodesOfNames(it *item) {
	named := map[*table]bool{}
	for _, c := range it.cands {
		if c.kind == candValue && c.col != nil && nameColumn(c.col) && !codeColumn(c.col) {
			named[c.table] = true
		}
	}
	if len(named) == 0 {
		return
	}
	keep := it.cands[:0:0]
	for _, c := range it.cands {
		if c.kind == candValue && c.col != nil && named[c.table] && codeColumn(c.col) {
			continue
		}
		keep = append(keep, c)
	}
	it.cands = keep
}

// copiesValues reports whether most known values of a column are values of another table's
// key: the key's rows named again where no foreign key says so.
func copiesValues(c, key *column) bool {
	if c == key || c.table == key.table || c.class != classText {
		return false
	}
	vs, ks := c.values(), key.values()
	if len(vs) < 5 || len(ks) == 0 {
		return false
	}
	in := toSet(ks)
	n := 0
	for _, v := range vs {
		if in[v] {
			n++
		}
	}
	return n*5 >= len(vs)*4
}

// oneNamePart keeps one reading of a value that both parts of a row's name hold (the club's
// GUEST account: first name and surname 'GUEST'): the rows are the same either way, so the
// label reads it.
func oneNamePart(it *item) {
	keep := it.cands[:0:0]
	for _, c := range it.cands {
		if c.kind == candValue && c.col2 == nil && c.state == nil && c.col == c.table.label2 && slices.ContainsFunc(it.cands, func(o cand) bool {
			return o.kind == candValue && o.col == o.table.label && o.table == c.table && strings.EqualFold(o.value, c.value)
		}) {
			continue
		}
		keep = append(keep, c)
	}
	it.cands = keep
}

// preferExactCase keeps, for a word typed in capitals ("US"), the values stored exactly so
// ('US' the country code) over those that only match ignoring case ('us' a language).
func preferExactCase(it *item) {
	if len(it.toks) != 1 || len(it.toks[0].raw) < 2 || strings.ToUpper(it.toks[0].raw) != it.toks[0].raw || strings.ToLower(it.toks[0].raw) == it.toks[0].raw {
		return // ("2018-19" has no case to say anything)
	}
	raw, exact := it.toks[0].raw, false
	for _, c := range it.cands {
		exact = exact || c.kind == candValue && c.value == raw
	}
	if !exact {
		// "UN region": a word in capitals is not a code stored in lower case ('un', a
		// MARC country code).
		keep := it.cands[:0:0]
		for _, c := range it.cands {
			if c.kind != candValue || c.state != nil || c.value != strings.ToLower(c.value) {
				keep = append(keep, c)
			}
		}
		if len(keep) == 0 {
			it.kind, it.cands = itUnknown, nil
			return
		}
		it.cands = keep
		return
	}
	keep := it.cands[:0:0]
	for _, c := range it.cands {
		if c.kind != candValue || c.value == raw {
			keep = append(keep, c)
		}
	}
	it.cands = keep
}

// codeColumn reports whether a column holds codes (ChannelCode, country_code): another
// spelling of what its table's name says.
func codeColumn(c *column) bool {
	return len(c.words) > 0 && c.words[len(c.words)-1] == "code"
}

// holdersOfRows reads a name said after "in" right after plural rows ("townships in
// Renfrew", "municipalities in Simcoe") as the place that holds such rows (a division), not
// a row of their own kind spelled alike (the town of Renfrew): one thing is not in another of
// its kind.
func holdersOfRows(items []item) {
	for i := 1; i < len(items); i++ {
		it, prev := &items[i], &items[i-1]
		if it.kind != itEntity || prev.kind != itEntity || !prev.plural || len(prev.cands) == 0 || prev.cands[0].kind == candColumn ||
			!slices.Equal(it.skipped, []string{"in"}) {
			continue
		}
		rows := prev.cands[0].table
		var holders []*table
		for _, c := range it.cands {
			if c.kind == candValue && c.table != rows && fkTo(rows, c.table) != nil {
				holders = appendTable(holders, c.table)
			}
		}
		if len(holders) == 1 && slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candValue && c.table == rows }) {
			it.cands = slices.DeleteFunc(it.cands, func(c cand) bool { return c.table != holders[0] })
		}
	}
}

// disambiguateName settles a name found as a value of several tables. A name of what a table's
// rows are beats a mere attribute of another table ("AC/DC" the artist, not a track's
// composer). Between names of two tables ("Mia Dubois": a customer's contact and an employee)
// the word before it decides ("customer Mia Dubois", "employee Mia Dubois"), or the rest of
// the question when only one of them is directly related to it ("payments of Mia Dubois":
// payments belong to customers, an actor is four joins away); otherwise the question is
// refused, since matching it silently to one of them would answer about the wrong thing.
// Values of other columns (a country in customers and in suppliers) are left to resolution.
func disambiguateName(m *model, items []item, i int) error {
	it := &items[i]
	if it.kind != itEntity {
		return nil
	}
	if nx := i + 1; nx < len(items) && items[nx].kind == itEntity && !items[nx].plural && len(items[nx].cands) > 0 &&
		it.start+len(it.toks) == items[nx].start && items[nx].cands[0].kind == candColumn {
		// "the Cars franchise", "the Comedy genre": a name right before the noun of a column
		// that holds it is that column's value, not a film of the same name.
		q := items[nx].cands[0]
		var keep []cand
		for _, c := range it.cands {
			if c.kind == candValue && c.col == q.col && c.col2 == nil {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			it.cands = keep
			return nil
		}
	}
	dropCodesOfNames(it)
	preferExactCase(it)
	preferTrimmed(it)
	oneNamePart(it)
	preferStoredWhole(it)
	var names []cand
	bestValue := 0.0
	for _, c := range it.cands {
		if c.kind == candValue {
			bestValue = max(bestValue, c.score)
		}
	}
	for _, c := range it.cands {
		if c.kind != candValue || c.state != nil || !nameColumn(c.col) {
			continue
		}
		if c.score <= bestValue-shortNamePenalty+1e-9 {
			continue // 'London Airport' said as "London", where a city is stored as said
		}
		dup := false
		for k, n := range names {
			if n.table == c.table || equivalent(n, c) {
				if references(n.col, c.col) || namedKeyCopy(n.col, c.col) {
					names[k] = c // the row's own name, which n's table repeats to join it
				}
				dup = true
				break
			}
		}
		if !dup {
			names = append(names, c)
		}
	}
	if len(names) == 0 {
		return nil
	}
	if slices.ContainsFunc(names, func(n cand) bool { return n.table.pk != nil && n.col == n.table.label }) {
		// 'ACTBLUE', a committee's name and the payee named on rows keyed by nothing (a
		// sample of expenditures): the committee itself, whose rows have keys and a name.
		keyless := func(c cand) bool {
			return c.kind == candValue && c.table.pk == nil && len(c.table.fks) > 0 && nameColumn(c.col) &&
				!slices.ContainsFunc(c.table.cols, func(k *column) bool { return k.partKey }) &&
				slices.ContainsFunc(names, func(n cand) bool { return n.value == c.value && n.table.pk != nil })
		}
		it.cands = slices.DeleteFunc(it.cands, keyless)
		names = slices.DeleteFunc(names, keyless)
	}
	if l := names[0]; len(names) == 1 && l.col == l.table.pk && l.col == l.table.label {
		// 'Midnights' in taylor_albums.album_name, which taylor_all_songs.album_name
		// references: the album itself, whose columns the songs repeat.
		it.cands = slices.DeleteFunc(it.cands, func(c cand) bool {
			return c.kind == candValue && c.value == l.value && c.col2 == nil && references(c.col, l.col)
		})
	}
	if l, ok := labelOverCopies(names); ok {
		// "Ernst Handel": a customer's name, and also the ship name its orders copied from
		// it; the entity itself is meant.
		var keep []cand
		for _, c := range it.cands {
			if !(c.kind == candValue && nameColumn(c.col) && c.table != l.table) {
				keep = append(keep, c)
			}
		}
		it.cands, names = keep, []cand{l}
	}
	// "composed by Jimi Hendrix": the column named just before decides, even for an attribute;
	// not across a verb ("which currency does Switzerland use": the currency is asked for,
	// Switzerland is a country).
	for _, j := range []int{i - 1, i - 2} {
		if slices.ContainsFunc(it.skipped, func(w string) bool { return askingVerbs[w] }) {
			break
		}
		if j < 0 || (j == i-2 && !(items[i-1].kind == itKeyword && items[i-1].kw.kind == kwGroup)) || items[j].kind != itEntity {
			continue
		}
		for k, qc := range items[j].cands {
			if qc.kind != candColumn || qc.score < items[j].cands[0].score-ambiguityGap {
				// Only a column the words mainly name: "customers" names the table, not its
				// CustomerType, so "which customers are wholesale" stays about customers.
				continue
			}
			var keep []cand
			for _, c := range it.cands {
				if c.kind == candValue && c.col == qc.col {
					keep = append(keep, c)
				}
			}
			if len(keep) > 0 {
				it.cands = keep
				items[j].cands = []cand{items[j].cands[k]}
				return nil
			}
		}
	}
	keepTable := func(t *table) {
		var keep, label []cand
		for _, c := range it.cands {
			if c.table == t {
				keep = append(keep, c)
				if c.kind == candValue && c.col == t.label && c.col2 == nil {
					label = append(label, c)
				}
			}
		}
		if len(label) > 0 && !slices.ContainsFunc(keep, func(c cand) bool { return c.kind != candValue }) {
			// 'Australia' in the English, Spanish and formal names of one row: its label
			// names it.
			keep = label
		}
		it.cands = keep
	}
	if i > 0 && items[i-1].kind == itEntity && len(items[i-1].cands) > 0 && !items[i-1].plural &&
		items[i-1].start+len(items[i-1].toks) == it.start {
		// "customer Mia Dubois" when only an employee has that name: say so rather than
		// answer about the employee. ("albums of AC/DC" names the albums, not the name.)
		q := items[i-1].cands[0]
		found := false
		for _, n := range names {
			// ("a travel accepted": the state of the travel, a code its status list names.)
			found = found || (q.kind == candTable && (n.table == q.table || codeList(n.table) && fkTo(q.table, n.table) != nil))
		}
		if q.kind == candTable && q.score >= scoreExact && q.table.label != nil && !found {
			return &notUnderstood{words: []string{items[i-1].text() + " " + it.text()},
				msg: fmt.Sprintf("no row of %s is named %q (%s is)", q.table.name, it.text(), describe(names[0]))}
		}
	}
	article := slices.ContainsFunc(it.skipped, func(w string) bool { return articles[w] }) ||
		i > 0 && items[i-1].kind == itKeyword && articles[strings.ToLower(items[i-1].toks[len(items[i-1].toks)-1].raw)] // "with a Mercedes engine"
	if nx := i + 1; nx < len(items) && items[nx].kind == itEntity && !items[nx].plural && article &&
		len(items[nx].cands) > 0 && it.start+len(it.toks) == items[nx].start {
		// "the Toronto warehouse": a name right before its own table's singular noun is that
		// row, not a city of another table spelled the same. (Before a plural noun, or after
		// "each", a name says whose rows they are: "Iron Maiden tracks", "each Audioslave
		// album", below.)
		if q := items[nx].cands[0]; q.kind == candTable || q.kind == candColumn && q.col == q.table.label {
			// ("the Toy Story franchise": the franchise of that name, not the film.)
			for _, n := range names {
				if n.table == q.table {
					keepTable(n.table)
					return nil
				}
			}
		}
	}
	if len(names) == 1 {
		// Attributes found in the value index give way to the name, and so does another
		// column of the same rows spelling it too ('WHOLESALE', the code of the channel
		// named 'Wholesale').
		var keep []cand
		n := names[0]
		said := slices.ContainsFunc(items, func(o item) bool {
			return o.kind == itEntity && len(o.cands) > 0 && o.cands[0].kind == candColumn && o.cands[0].col == n.col
		})
		if !said && slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candValue && !nameColumn(c.col) && fewAmongMany(c, n) }) {
			// "events reported in Texas": the state, one of 62, not the county or zone named
			// Texas among 2,239 (see categoryOverText), unless the names are what the question
			// names ("the most common names, not counting 'Unknown'").
			it.cands = slices.DeleteFunc(slices.Clone(it.cands), func(c cand) bool { return c.kind == candValue && c.col == n.col })
			return nil
		}
		for _, c := range it.cands {
			if c.kind == candValue && n.col == n.table.label && c.table == n.table && c.col != n.col && strings.EqualFold(c.value, n.value) {
				continue // 'INDIA', the currency's country name, beside the row's own name 'India'
			}
			if c.kind == candValue && c.col2 == nil && c.state == nil && n.col == n.table.pk && c.col == c.table.category && fkTo(c.table, n.table) != nil {
				// A film's franchise named as the film ('Finding Nemo'), unless said so ("the
				// Finding Nemo franchise", above).
				continue
			}
			if !(c.kind == candValue && !nameColumn(c.col) && (c.col.index != nil || c.table == names[0].table)) {
				keep = append(keep, c)
			}
		}
		it.cands = keep
		return nil
	}
	if nx := i + 1; nx < len(items) && items[nx].kind == itEntity && items[nx].plural && it.start+len(it.toks) == items[nx].start && len(names) > 1 {
		// "Iron Maiden tracks", "Nike products": a name before a plural noun says whose rows
		// they are, so it is not one of those rows' own names; and what owns rows is named by
		// a name (an artist, a brand), not a title (an album). One reading left, related to
		// the rows, decides.
		var owners []cand
		for _, n := range names {
			if items[nx].cands[0].kind == candTable && n.table == items[nx].cands[0].table {
				continue
			}
			if w := n.col.words; len(w) > 0 && w[len(w)-1] == "name" && m.distance([]*table{items[nx].cands[0].table}, n.table) > 0 {
				owners = append(owners, n)
			}
		}
		if len(owners) == 1 && items[nx].cands[0].kind == candTable {
			keepTable(owners[0].table)
			return nil
		}
	}
	if t, ok := handlerReading(items, names); ok {
		keepTable(t)
		return nil
	}
	if i > 0 && items[i-1].kind == itEntity {
		q := &items[i-1]
		for k, qc := range q.cands {
			if qc.kind == candValue {
				continue
			}
			for _, n := range names {
				if n.table == qc.table {
					keepTable(n.table)
					q.cands = []cand{q.cands[k]}
					return nil
				}
			}
		}
	}
	if i > 1 && items[i-1].kind == itKeyword && items[i-1].kw.kind == kwNot {
		// "how many beer styles, not counting Unknown": what is left out is one of the rows
		// counted, the style 'Unknown', not the category of that name.
		for j := i - 2; j >= 0; j-- {
			if q := items[j].cands; items[j].kind == itEntity && len(q) > 0 && q[0].kind == candTable {
				for _, n := range names {
					if n.table == q[0].table {
						keepTable(n.table)
						return nil
					}
				}
				break
			}
		}
	}
	var named []cand
	for j := range items {
		adjacent := items[j].start == it.start+len(it.toks) || items[j].start+len(items[j].toks) == it.start
		if q := items[j].cands; j != i && !adjacent && items[j].kind == itEntity && len(q) > 0 && q[0].kind == candTable && q[0].score >= scoreExact {
			for _, n := range names {
				// (An attribute, a country: the named rows' own name, a driver's in "drivers
				// who won for McLaren", is no reason to prefer it to a team's.)
				place := containsAny(n.col.words, []string{"country", "region", "city", "state", "province", "place", "town"})
				if n.table == q[0].table && (place || !nameColumn(n.col)) && !slices.ContainsFunc(named, func(o cand) bool { return o.table == n.table }) {
					named = append(named, n)
				}
			}
		}
	}
	if len(named) == 1 {
		// "German cities in our geography list": the reading in the table the question
		// names elsewhere, not the organisation or territory called Germany. (Right beside
		// the name, "each Pearl Jam album" says whose rows they are: above.)
		keepTable(named[0].table)
		return nil
	}
	var others []*table
	for j := range items {
		if j != i && items[j].kind == itEntity && len(items[j].cands) > 0 {
			others = appendTable(others, items[j].cands[0].table)
		}
	}
	if len(others) > 0 {
		best, bestD, nextD := -1, math.MaxInt, math.MaxInt
		for k, n := range names {
			d := m.distance(others, n.table)
			if d < 0 {
				d = math.MaxInt - 1
			}
			switch {
			case d < bestD:
				best, bestD, nextD = k, d, bestD
			case d < nextD:
				nextD = d
			}
		}
		if bestD <= 1 && (nextD >= bestD+2 || (sameThing(names) || !slices.ContainsFunc(names, func(n cand) bool { return !codeList(n.table) })) && nextD > bestD) {
			// (Two lists of states spell 'Canceled': a travel's and a booking's. The rows
			// named keep theirs by key; the other is another table's.)
			keepTable(names[best].table)
			return nil
		}
	}
	return &nameAmbiguityError{words: it.text(), readings: names}
}

// codeList reports whether t is a list of codes and their names (TravelStatus: code, name),
// which other tables point to for a state or a kind of their rows.
func codeList(t *table) bool {
	return t.pk != nil && t.label != nil && t.label != t.pk && len(t.cols) <= 3 && len(t.fks) == 0
}

// sameThing reports whether two readings of a name are one thing kept twice: a row that
// references the other's table by key and repeats its name (get_fit_now_member.name copies
// the person's name it points to), so the reading nearest the rest of the question is right.
func sameThing(names []cand) bool {
	if copiesOfOne(names) {
		return true
	}
	if len(names) != 2 {
		return false
	}
	refers := func(a, b *table) bool {
		for _, f := range a.fks {
			if f.to.table == b {
				return true
			}
		}
		return false
	}
	same := slices.Equal(names[0].col.words, names[1].col.words) // a copy keeps the column's name
	return same && (refers(names[0].table, names[1].table) || refers(names[1].table, names[0].table))
}

// copyParent finds, for two readings of one word that are the same column (and value) kept
// in two tables, the reading in the table both point to by key: all_ages.Major and
// grad_students.Major copy the major's name from majors_list, so "how many majors" and
// "engineering majors" are the majors' own rows. A figure kept only in the copies stays
// ambiguous: the tables may count different things.
func copyParent(cs []cand, a, b cand) (int, bool) {
	if a.kind != b.kind || (a.kind != candColumn && a.kind != candValue) || a.col == nil || b.col == nil || a.col.class != classText ||
		!slices.Equal(a.col.words, b.col.words) || !strings.EqualFold(a.value, b.value) {
		return 0, false
	}
	// A copy kept in a table that adds to the parent's rows one for one, keyed by its key.
	extends := func(t, parent *table) bool {
		return t == parent || t.pk != nil && fkTo(t, parent) == t.pk
	}
	for k, c := range cs {
		if c.kind != a.kind || c.col == nil || !slices.Equal(c.col.words, a.col.words) || !strings.EqualFold(c.value, a.value) {
			continue
		}
		if extends(a.table, c.table) && extends(b.table, c.table) {
			return k, true
		}
	}
	return 0, false
}

// copiesOfOne reports whether the readings of a name are one row's: a table every other
// reading's table references by key, and those others copies of its name under one column
// name (population.country_name and gdp.country_name of a country in country_codes).
func copiesOfOne(names []cand) bool {
	if len(names) < 3 {
		return false
	}
	for _, p := range names {
		var words []string
		all := true
		for _, n := range names {
			if n.table == p.table {
				continue
			}
			if fkTo(n.table, p.table) == nil || words != nil && !slices.Equal(words, n.col.words) {
				all = false
				break
			}
			words = n.col.words
		}
		if all {
			return true
		}
	}
	return false
}

// labelOverCopies finds, among the readings of a name, the label of an entity table that
// every other reading's table references: the others are denormalised copies of it
// (Orders.ShipName of Customers.CompanyName, kept on each order).
func labelOverCopies(names []cand) (cand, bool) {
	if len(names) < 2 {
		return cand{}, false
	}
	for _, l := range names {
		if l.col != l.table.label && l.col != l.table.label2 {
			continue
		}
		all := true
		for _, n := range names {
			if n.table == l.table {
				continue
			}
			copied := false
			for _, f := range n.table.fks {
				copied = copied || f.to.table == l.table
			}
			all = all && copied && !ownName(n.col)
		}
		if all {
			return l, true
		}
	}
	return cand{}, false
}

// ownName reports whether a column is the name of its own rows, not a name kept about
// something else: "name", a person's names, or the table's word and "name" (ShipName is the
// name of whom an order was shipped to, not of the order).
func ownName(c *column) bool {
	w := strings.Join(c.words, " ")
	switch w {
	case "name", "full name", "display name", "company name", "first name", "last name", "surname", "given name", "family name", "title":
		return true
	}
	for _, tw := range c.table.words {
		if w == tw+" name" || w == tw && c == c.table.label {
			return true // (pixar_franchises.franchise 'Toy Story' names a franchise)
		}
	}
	return false
}

// handlerVerbs say that someone at the business did something to a row ("payments Jon
// Stephens processed", "orders she handled"): the name is the staff member's, not the
// customer's.
var handlerVerbs = toSet(strings.Fields(`handle handles handled handling process processes processed processing
	serve serves served serving`))

// staffWords name the tables of the people who work for the business.
var staffWords = []string{"staff", "employee", "rep", "agent", "clerk", "worker", "technician", "cashier", "salesperson"}

// handlerReading picks, among the readings of a name, the one of a staff table when the
// question says with a handling verb that the person did the work, and only one reading is
// staff.
func handlerReading(items []item, names []cand) (*table, bool) {
	verb := false
	for _, it := range items {
		for _, w := range it.skipped {
			verb = verb || handlerVerbs[w]
		}
	}
	if !verb {
		return nil, false
	}
	var staff []*table
	for _, n := range names {
		if containsAny(n.table.words, staffWords) {
			staff = appendTable(staff, n.table)
		}
	}
	if len(staff) != 1 {
		return nil, false
	}
	return staff[0], true
}

// resolve picks one interpretation per entity item. Unambiguous items become anchors; the
// others are decided one at a time, most confident first, by score minus join distance to
// the anchors, each decision becoming an anchor in turn.
func resolve(m *model, items []item) error {
	for i := range items {
		if err := disambiguateName(m, items, i); err != nil {
			return err
		}
	}
	var anchors []*table
	var open []int
	for i := range items {
		it := &items[i]
		if it.kind != itEntity {
			continue
		}
		if certain(it.cands) {
			it.pick = &it.cands[0]
			anchors = appendTable(anchors, it.pick.table)
			continue
		}
		open = append(open, i)
	}
	for len(open) > 0 {
		bestItem, bestCand, bestMargin := -1, -1, math.Inf(-1)
		var bestAdj []float64
		// Measure words ("revenue", "sales") are read in the light of everything else: they
		// wait until the tables, columns and values around them are decided.
		deferMeasures := false
		for _, idx := range open {
			if !measureWord(items[idx].cands) {
				deferMeasures = true
			}
		}
		// With nothing decided yet, the measure words' best readings stand in as anchors:
		// in "total sales by country" the country is the one closest to the sales.
		// Only a measure word with one best table in the schema's main domain does: a
		// marketing table's "revenue" next to the orders' amounts decides nothing.
		ctx := anchors
		if len(ctx) == 0 && deferMeasures {
			for _, idx := range open {
				if cs := items[idx].cands; measureWord(cs) {
					var best []*table
					for _, c := range cs {
						if c.score >= cs[0].score-ambiguityGap {
							best = appendTable(best, c.table)
						}
					}
					if len(best) == 1 && m.mainDomain()[best[0]] {
						ctx = appendTable(ctx, best[0])
					}
				}
			}
		}
		for k, idx := range open {
			if deferMeasures && measureWord(items[idx].cands) {
				continue
			}
			adj := adjusted(m, anchors, items[idx].cands)
			nearby(items, idx, adj)
			columnSaid(items, idx, adj)
			qualifierSaid(items, idx, adj)
			yearSaid(items, idx, adj)
			verbSaid(items, idx, adj)
			roleVerbSaid(items, idx, adj)
			ownEventDate(items, idx, adj)
			roleEndSaid(m, items, idx, adj)
			subjectVerb(items, idx, adj)
			categoryOverText(items, idx, adj)
			first, second := top2(adj)
			if len(anchors) == 0 && len(ctx) > 0 && second >= 0 && adj[first]-adj[second] < ambiguityGap &&
				!equivalent(items[idx].cands[first], items[idx].cands[second]) {
				// A tie on its own: let the measure word break it.
				adj = adjusted(m, ctx, items[idx].cands)
				nearby(items, idx, adj)
				first, second = top2(adj)
			}
			if first < 0 || adj[first] == math.Inf(-1) {
				continue
			}
			margin := adj[first]
			if second >= 0 {
				margin = adj[first] - adj[second]
			}
			if margin > bestMargin {
				bestItem, bestCand, bestMargin, bestAdj = k, first, margin, adj
			}
		}
		if bestItem < 0 {
			// Nothing left relates to what was already recognised.
			it := &items[open[0]]
			return &unrelatedError{words: it.text()}
		}
		it := &items[open[bestItem]]
		if _, second := top2(bestAdj); second >= 0 && bestAdj[bestCand]-bestAdj[second] < ambiguityGap &&
			!equivalent(it.cands[bestCand], it.cands[second]) {
			p := plainer(it.cands[bestCand], it.cands[second])
			if k, ok := copyParent(it.cands, it.cands[bestCand], it.cands[second]); ok && p == 0 {
				bestCand, p = k, -1
			}
			if p == 0 {
				if k, ok := m.joinedAlready(anchors, it.cands, bestCand, second); ok {
					bestCand, p = k, -1
				}
			}
			if p == 0 {
				if k, ok := roleBeforeName(items, open[bestItem], bestCand, second); ok {
					bestCand, p = k, -1
				}
			}
			if a, b := it.cands[bestCand], it.cands[second]; p == 0 && a.kind == candColumn && b.kind == candColumn && a.table == b.table && len(it.toks) == 1 {
				// "the title" of episodes that keep an episode_title and a serial_title: the
				// one that names each row.
				switch a.table.label {
				case a.col:
					p = -1
				case b.col:
					bestCand, p = second, -1
				}
			}
			if a, b := it.cands[bestCand], it.cands[second]; p == 0 && a.kind == candValue && b.kind == candValue && a.table == b.table && a.col != b.col && a.col2 == nil && b.col2 == nil &&
				normPhrase(a.value) == normPhrase(b.value) {
				// "the supplier Litware, Inc.", also the name its bank account is held in
				// ('Litware Inc'): the name that names the row.
				switch a.table.label {
				case a.col:
					p = -1
				case b.col:
					bestCand, p = second, -1
				}
			}
			if p == 0 {
				return &ambiguityError{words: it.text(), a: it.cands[bestCand], b: it.cands[second]}
			}
			if p > 0 {
				bestCand = second
			}
		}
		if len(anchors) == 0 {
			if alt, ok := otherDomain(m, it.cands, bestCand); ok {
				return &ambiguityError{words: it.text(), a: it.cands[bestCand], b: alt}
			}
		}
		if _, second := top2(bestAdj); second >= 0 && bestAdj[bestCand]-bestAdj[second] < ambiguityGap {
			if c, o := it.cands[bestCand], it.cands[second]; c.kind == candColumn && o.kind == candTable && o.table.pk != nil && references(c.col, o.table.pk) {
				bestCand = second // "patients": the rows a PATIENT key points to, not the key
			}
		}
		it.pick = &it.cands[bestCand]
		anchors = appendTable(anchors, it.pick.table)
		open = append(open[:bestItem], open[bestItem+1:]...)
	}
	figureTablesAsScope(items)
	return nil
}

// joinedAlready breaks a tie between two columns of different tables by the joins the rest of
// the question needs anyway: in "users with the highest total score across all their
// answers", the users and the answers' type are joined through Posts, so Posts.Score costs no
// join where Comments.Score costs one. Each table the tie could mean is measured from all
// the tables that join the ones decided, not from the nearest of them alone, where both
// were one step away.
// roleBeforeName reads "the supplier Paint by Numbers" as the key that names the rows'
// supplier, not the companies' is_supplier flag, when the name said next is a row of the
// table that key refers to.
func roleBeforeName(items []item, k, a, b int) (int, bool) {
	it := &items[k]
	if k+1 >= len(items) || items[k+1].kind != itEntity || len(items[k+1].cands) == 0 || len(items[k+1].skipped) > 0 {
		return 0, false
	}
	v := items[k+1].cands[0]
	if v.kind != candValue || v.col == nil || v.col != v.table.label {
		return 0, false
	}
	role := func(c cand) bool {
		if c.kind != candColumn || c.col == nil || !c.table.fkCols[c.col] {
			return false
		}
		for _, f := range c.table.fks {
			if f.from == c.col && f.to.table == v.table {
				return true
			}
		}
		return false
	}
	flag := func(c cand) bool { return c.kind == candColumn && c.col != nil && c.col.class == classBool }
	switch {
	case role(it.cands[a]) && flag(it.cands[b]):
		return a, true
	case role(it.cands[b]) && flag(it.cands[a]):
		return b, true
	}
	return 0, false
}

func (m *model) joinedAlready(anchors []*table, cs []cand, a, b int) (int, bool) {
	if len(anchors) < 2 || cs[a].kind != candColumn || cs[b].kind != candColumn || cs[a].table == cs[b].table {
		return 0, false
	}
	joined := m.joinedTables(anchors)
	da, db := m.distance(joined, cs[a].table), m.distance(joined, cs[b].table)
	switch {
	case da < 0 || db < 0 || da == db:
		return 0, false
	case da < db:
		return a, true
	}
	return b, true
}

// figureTablesAsScope reads the name of a table of figures per thing as the table, not its
// figure, when another word already names one of its other figures: in "the 75th percentile
// for recent graduates" and "how many men and how many women recent graduates" the graduates
// say which table's figures, and adding up recent_grads.Total would answer what nobody asked.
func figureTablesAsScope(items []item) {
	for i := range items {
		it := &items[i]
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candColumn || it.pick.col != it.pick.table.series || it.pick.table.date != nil {
			continue
		}
		t := it.pick.table
		other := false
		for j := range items {
			o := &items[j]
			other = other || j != i && o.kind == itEntity && o.pick != nil && o.pick.kind == candColumn && o.pick.table == t && o.pick.col != t.series && o.pick.col.class == classNumber
		}
		if !other {
			continue
		}
		for k, c := range it.cands {
			if c.kind == candTable && c.table == t {
				it.pick = &it.cands[k]
				break
			}
		}
	}
}

// unrelatedError is returned when a recognised name cannot be joined to the rest.
type unrelatedError struct{ words string }

func (e *unrelatedError) Error() string {
	return fmt.Sprintf("%q is not related to the rest of the question through any foreign key", e.words)
}

// adjacencyBonus favours a column of the table named right next to it: "names of customers",
// "customer names".
const adjacencyBonus = 0.05

// nearby applies the adjacency bonus to the candidates of items[idx].
func nearby(items []item, idx int, adj []float64) {
	if t := ownerOf(items, idx); t != nil {
		// "Goldie Slater's email", "the email of Goldie Slater": the named row's own column,
		// not the email of someone its row points to.
		for k, c := range items[idx].cands {
			// Only a reading of the word itself: "units of Men's Coat" are the units sold,
			// not the coat's unit_price, which "units" reaches as a mere modifier.
			if c.kind == candColumn && c.table == t && c.score > scoreModifier+0.1 {
				adj[k] += modifierBonus
			}
		}
	}
	if t := ofTable(items, idx); t != nil {
		// "the average cost of a magazine promotion": the promotion's own cost, not the
		// cost rows that point to it.
		for k, c := range items[idx].cands {
			if c.kind == candColumn && c.table == t && c.score > scoreModifier+0.1 {
				adj[k] += modifierBonus
			}
		}
	}
	for _, j := range []int{idx - 1, idx + 1} {
		if j < 0 || j >= len(items) || items[j].kind != itEntity {
			continue
		}
		t := tableNamed(&items[j])
		if t == nil {
			continue
		}
		top := 0.0
		for _, c := range items[idx].cands {
			top = max(top, c.score)
		}
		for k, c := range items[idx].cands {
			switch {
			case c.kind == candValue && j == idx+1 && c.table == t && c.score >= top-modifierSlack:
				// "German customers", "London customers": a value right before a table's
				// noun is that table's attribute, however close another table holding the
				// same value is to the rest of the question (Orders.ShipCountry).
				adj[k] += modifierBonus
			case c.kind != candTable && c.table == t:
				adj[k] += adjacencyBonus
			}
		}
	}
}

// roleEndSaid favours a value's reading in the table that an end of a movement said just
// before it points to: in "flights departing from Frankfurt" Frankfurt is where the flights'
// connection leaves from (DepartureAirport), not the city of a travel agency. A bare "from"
// or "to" says too little alone.
func roleEndSaid(m *model, items []item, idx int, adj []float64) {
	it := &items[idx]
	if idx == 0 {
		return
	}
	var before []string
	for _, t := range items[idx-1].toks {
		before = append(before, t.lower)
	}
	before = append(before, it.skipped...)
	if !slices.ContainsFunc(before, func(w string) bool { return roleGroup(w) >= 0 && len(w) > 4 }) {
		return
	}
	for k, c := range it.cands {
		if c.kind == candValue && m.roleByPreposition(before, c.table) != nil {
			adj[k] += modifierBonus
		}
	}
}

// columnSaid favours a value's reading in a column that another word of the question names:
// in "apart from the USA, the most common birth countries" the USA is a birth country, not
// the death country that holds it too.
func columnSaid(items []item, idx int, adj []float64) {
	for j := range items {
		o := &items[j]
		if j == idx || o.kind != itEntity || len(o.cands) == 0 || o.cands[0].kind != candColumn {
			continue
		}
		if j > 0 && j < idx && o.plural && items[j-1].kind == itKeyword && items[j-1].kw.kind == kwWhich {
			// "which cities in Ontario": the column asked for is not the one the value
			// after it is of (Ontario the province, not a city called Ontario).
			continue
		}
		for k, c := range items[idx].cands {
			if c.kind == candValue && (c.col == o.cands[0].col || prefixColumn(o.cands[0].col, c.col)) {
				adj[k] += modifierBonus
			}
		}
	}
}

// qualifierSaid favours, among columns of one table that the same words reach, the one whose
// other word the question says elsewhere: "shown in the UK" is uk_airdate, not us_airdate;
// with no such word, the table's own date.
func qualifierSaid(items []item, idx int, adj []float64) {
	said := map[string]bool{}
	for j, o := range items {
		if j == idx {
			continue
		}
		for _, t := range o.toks {
			said[t.norm] = true
		}
		for _, w := range o.skipped {
			said[strings.ToLower(w)] = true
		}
	}
	own := map[string]bool{}
	for _, t := range items[idx].toks {
		own[t.norm] = true
	}
	cs := items[idx].cands
	for k, c := range cs {
		// Only a tie is broken: "per publisher" says nothing about which of "year to date
		// sales" and a publication date is meant.
		if c.kind != candColumn || !slices.ContainsFunc(cs, func(o cand) bool {
			return o.kind == candColumn && o.table == c.table && o.col != c.col && math.Abs(o.score-c.score) < ambiguityGap
		}) {
			continue
		}
		for _, w := range c.col.words {
			// (The table's own noun says nothing: "races longer than 70 laps" is no sprint
			// race's laps.)
			if !own[w] && said[w] && len(w) >= 2 && !slices.Contains(c.table.words, w) {
				adj[k] += 2 * ambiguityGap
				break
			}
		}
		if c.col == c.table.date && !slices.ContainsFunc(cs, func(o cand) bool { return o.kind == candColumn && o.table == c.table && o.col.class != classDate }) {
			adj[k] += 2 * ambiguityGap // otherwise the table's own date (ratings.uk_airdate)
		}
	}
}

// prefixColumn reports whether column b of the same table is named by a's words and more:
// "born in Stockholm" says bornCity, not diedCity, where born is a column of its own.
func prefixColumn(a, b *column) bool {
	return a != b && a.table == b.table && len(b.words) > len(a.words) && slices.Equal(b.words[:len(a.words)], a.words)
}

// yearSaid prefers, among tables kept one per year (FoodMart's inventory_fact_1997 and
// inventory_fact_1998), the one of the year the question names ("shipped in 1998"): the
// other years' readings rank lower.
func yearSaid(items []item, idx int, adj []float64) {
	years := map[string]bool{}
	for _, o := range items {
		if o.kind == itDate && !o.rng.from.IsZero() && !o.rng.to.IsZero() && o.rng.from.Year() == o.rng.to.AddDate(0, 0, -1).Year() {
			years[strconv.Itoa(o.rng.from.Year())] = true
		}
	}
	if len(years) == 0 {
		return
	}
	for k, c := range items[idx].cands {
		for _, w := range c.table.words {
			if len(w) == 4 && yearNumber(w) && !years[w] {
				adj[k] -= modifierBonus // another year's table
			}
		}
	}
}

// subjectVerb prefers, for a past verb said right after a table's name ("which store
// opened first"), that table's own column: what the rows did, not a column of another table
// the verb ends (a customer's date_accnt_opened).
func subjectVerb(items []item, idx int, adj []float64) {
	it := &items[idx]
	if idx == 0 || !pastVerb(it) || len(items[idx-1].cands) == 0 || items[idx-1].kind != itEntity {
		return
	}
	prev := items[idx-1].pick
	if prev == nil {
		prev = &items[idx-1].cands[0]
	}
	if prev.kind != candTable {
		return
	}
	for k, c := range it.cands {
		if c.kind == candColumn && c.table == prev.table {
			adj[k] += 2 * hopPenalty
		}
	}
}

// irregularPast are the past forms of the verbs column words name that do not end in -ed.
var irregularPast = map[string]string{"sale": "sold", "sell": "sold", "buy": "bought", "spend": "spent", "pay": "paid", "send": "sent"}

// irregularPastForms are irregularPast's past forms.
var irregularPastForms = toSet(slices.Collect(maps.Values(irregularPast)))

// verbSaid prefers, among columns an item could mean, one whose name the question says as a
// past verb elsewhere: "units sold" or "sold the most units" are unit_sales, not
// units_returned.
func verbSaid(items []item, idx int, adj []float64) {
	past := map[string]bool{}
	for j, o := range items {
		if j == idx {
			continue
		}
		words := slices.Clone(o.skipped)
		for _, tk := range o.toks {
			words = append(words, tk.lower)
		}
		for _, w := range words {
			if strings.HasSuffix(w, "ed") || irregularPastForms[w] {
				past[w] = true
			}
		}
	}
	if first, _ := top2(adj); len(past) == 0 || first < 0 || items[idx].cands[first].kind != candColumn {
		return // an item that names rows ("store") is not a column a verb could pick
	}
	for k, c := range items[idx].cands {
		if c.kind != candColumn {
			continue
		}
		for _, w := range c.col.words {
			if past[w] || past[w+"ed"] || past[w+"d"] || past[irregularPast[w]] {
				// Two joins' worth: the verb says which column, wherever it is.
				adj[k] += 2 * hopPenalty
				break
			}
		}
	}
}

// roleVerbSaid prefers, among a name found in the columns of several roles (the salesperson's
// and the picker's names of an order), the role whose verb the question says: "how much did
// Kayla Woodcock sell" asks for her as the salesperson.
func roleVerbSaid(items []item, idx int, adj []float64) {
	said := map[string]bool{}
	for j, o := range items {
		if j != idx {
			for _, w := range o.skipped {
				said[w] = true
			}
		}
	}
	if len(said) == 0 {
		return
	}
	for k, c := range items[idx].cands {
		if c.kind != candValue || c.col == nil {
			continue
		}
		for _, w := range c.col.words {
			if slices.ContainsFunc(roleVerbs[w], func(v string) bool { return said[v] }) {
				adj[k] += 2 * hopPenalty
				break
			}
		}
	}
}

// roleVerbs are the verbs of what a person in a role does.
var roleVerbs = map[string][]string{
	"salesperson": {"sell", "sells", "sold", "selling"}, "seller": {"sell", "sells", "sold", "selling"},
	"buyer": {"buy", "buys", "bought", "buying"}, "winner": {"win", "wins", "won", "winning"},
	"picker": {"pick", "picks", "picked", "picking"}, "packer": {"pack", "packs", "packed", "packing"},
	"driver": {"drive", "drives", "drove", "driven", "driving"}, "author": {"write", "wrote", "written", "writes"},
	"writer": {"write", "wrote", "written", "writes"}, "director": {"direct", "directs", "directed"},
}

// ownEventDate prefers, among dates of one event a row keeps (a song's album_release,
// single_release, track_release), the one named like the column the question names the row by:
// "when was Love Story released", a track_name, is its track_release.
func ownEventDate(items []item, idx int, adj []float64) {
	var named *column
	for j, o := range items {
		if j != idx && o.kind == itEntity && len(o.cands) > 0 && o.cands[0].kind == candValue && o.cands[0].state == nil {
			named = o.cands[0].col
		}
	}
	if named == nil || len(named.words) < 2 {
		return
	}
	for k, c := range items[idx].cands {
		if c.kind == candColumn && c.table == named.table && c.col.class == classDate && len(c.col.words) == 2 && c.col.words[0] == named.words[0] &&
			c.score >= items[idx].cands[0].score-1e-9 {
			adj[k] += hopPenalty
		}
	}
}

// ownerOf is the table of the row a name right before idx owns with a possessive ("Goldie
// Slater's"), or right after it with "of" ("email of Goldie Slater"); nil otherwise.
func ownerOf(items []item, idx int) *table {
	one := func(it *item) *table {
		var t *table
		for _, c := range it.cands {
			if c.kind != candValue || t != nil && c.table != t {
				return nil
			}
			t = c.table
		}
		return t
	}
	if j := idx - 1; j >= 0 && items[j].kind == itEntity && len(items[j].toks) > 0 && items[j].toks[len(items[j].toks)-1].poss &&
		items[j].start+len(items[j].toks) == items[idx].start {
		return one(&items[j])
	}
	if j := idx + 1; j < len(items) && items[j].kind == itEntity && len(items[j].skipped) == 1 && items[j].skipped[0] == "of" {
		return one(&items[j])
	}
	return nil
}

// ofTable is the table named right after items[idx] with "of" ("cost of a promotion"),
// possibly behind a value of that table that modifies it ("of a magazine promotion"); nil
// otherwise.
func ofTable(items []item, idx int) *table {
	j := idx + 1
	if j >= len(items) || items[j].kind != itEntity || len(items[j].skipped) == 0 || items[j].skipped[0] != "of" || len(items[j].skipped) > 2 {
		return nil
	}
	if t := tableNamed(&items[j]); t != nil {
		return t
	}
	k := j + 1
	if k >= len(items) || items[k].kind != itEntity || len(items[k].skipped) > 0 {
		return nil
	}
	t := tableNamed(&items[k])
	if t == nil || !slices.ContainsFunc(items[j].cands, func(c cand) bool { return c.kind == candValue && c.table == t }) {
		return nil
	}
	return t
}

// modifierBonus outweighs a few joins: a value said as the modifier of a table's noun belongs
// to that table when the table holds it as well as any other.
const modifierBonus = 0.5

// modifierSlack is how far below the best reading the modified table's value may score: a
// value found in a sample and the same value found in the index score a little apart.
const modifierSlack = 0.1

// tableNamed is the table an item names: its pick when decided, else its best reading when
// that is a table named exactly ("French customers": the customers are Customers before
// resolve reaches them, so "French" is their country, not the orders' ShipCountry).
func tableNamed(it *item) *table {
	if it.pick != nil {
		if it.pick.kind == candTable {
			return it.pick.table
		}
		return nil
	}
	if cs := it.cands; len(cs) > 0 && cs[0].kind == candTable && cs[0].score >= 1 && (len(cs) == 1 || cs[1].score < cs[0].score) {
		return cs[0].table
	}
	return nil
}

// certain reports whether the best candidate needs no context: every reading is in the
// same table (joins cannot tell them apart anyway) and the best is clearly ahead.
func certain(cs []cand) bool {
	for _, c := range cs[1:] {
		if c.table != cs[0].table {
			return false
		}
	}
	return len(cs) == 1 || cs[0].score-cs[1].score >= certainGap
}

// equivalent candidates lead to the same SQL meaning, so a tie between them is harmless: the
// same candidate, the same value of a foreign key and of the column it references
// (products.category = 'Books' and product_categories.name = 'Books'), or a text foreign key
// and the table whose name it holds (customers.country and countries).
// describedTwin reports whether two columns of one table are a thing and its description
// (prod_category and prod_category_desc): the same value in both names the same rows.
func describedTwin(a, b *column) bool {
	if a.table != b.table {
		return false
	}
	twin := func(x, y []string) bool {
		return len(y) == len(x)+1 && slices.Equal(y[:len(x)], x) && descWords[y[len(x)]]
	}
	return twin(a.words, b.words) || twin(b.words, a.words)
}

// descWords end the name of a column that describes the one named by the words before.
var descWords = map[string]bool{"description": true, "desc": true, "name": true, "label": true, "text": true}

func equivalent(a, b cand) bool {
	if a.key() == b.key() {
		return true
	}
	switch {
	case a.kind == candValue && b.kind == candValue:
		return a.value == b.value && (references(a.col, b.col) || references(b.col, a.col) || describedTwin(a.col, b.col) || sameKeyCopies(a.col, b.col) ||
			namedKeyCopy(a.col, b.col) || namedKeyCopy(b.col, a.col))
	case a.kind == candColumn && b.kind == candColumn:
		// academy.film and public_response.film: both the film pixar_films.film names.
		return sameKeyCopies(a.col, b.col)
	case a.kind == candColumn && b.kind == candTable:
		return b.table.label != nil && (references(a.col, b.table.label) || a.col == b.table.label) || b.table.pk != nil && references(a.col, b.table.pk)
	case a.kind == candTable && b.kind == candColumn:
		// A key named for the table it references (conditions.PATIENT) leads to its rows.
		return a.table.label != nil && (references(b.col, a.table.label) || b.col == a.table.label) || a.table.pk != nil && references(b.col, a.table.pk)
	}
	return false
}

// sameKeyCopies reports whether two columns both copy one key that names its rows:
// academy.film and box_office.film are pixar_films.film, 'Ratatouille' in either is the film.
func sameKeyCopies(a, b *column) bool {
	for _, f := range a.table.fks {
		if f.from == a && f.from2 == nil && f.to == f.to.table.label && references(b, f.to) {
			return true
		}
	}
	return false
}

// namedKeyCopy reports whether c repeats, with no declared key, the values of a key that
// names its rows (themes_vox.film, the titles of pixar_films.film).
func namedKeyCopy(c, key *column) bool {
	return key == key.table.pk && key == key.table.label && copiesValues(c, key)
}

// references reports whether from is a single-column foreign key to to.
func references(from, to *column) bool {
	for _, f := range from.table.fks {
		if f.from == from && f.to == to {
			return true
		}
	}
	return false
}

// measureWord reports whether every reading of an item is a numeric column: a measure word.
func measureWord(cs []cand) bool {
	for _, c := range cs {
		if c.kind != candColumn || c.col.class != classNumber {
			return false
		}
	}
	return len(cs) > 0
}

// revenueLike is the money rank (see moneyWords) from which a column is an amount of sales.
const revenueLike = 7

// otherDomain guards a measure word said without any context. When its best reading lies
// outside the schema's main domain (the largest set of tables joined by foreign keys) while
// that domain has a strong reading that is an amount of sales, the word is ambiguous:
// "revenue" alone could be a marketing table's revenue column or the orders' amounts.
func otherDomain(m *model, cs []cand, best int) (cand, bool) {
	b := cs[best]
	if b.kind != candColumn || b.col.class != classNumber {
		return cand{}, false
	}
	main := m.mainDomain()
	if main[b.table] {
		return cand{}, false
	}
	for i, c := range cs {
		if i != best && c.kind == candColumn && main[c.table] && c.col.money >= revenueLike && c.score >= 0.7 {
			return c, true
		}
	}
	return cand{}, false
}

// mainDomain is the largest connected set of tables (ties: the first in schema order).
func (m *model) mainDomain() map[*table]bool {
	var best map[*table]bool
	seen := map[*table]bool{}
	for _, t := range m.tables {
		if seen[t] {
			continue
		}
		comp := map[*table]bool{t: true}
		queue := []*table{t}
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			for _, e := range m.neighbours(cur) {
				if o := e.other(cur); !comp[o] {
					comp[o] = true
					queue = append(queue, o)
				}
			}
		}
		for x := range comp {
			seen[x] = true
		}
		if len(comp) > len(best) {
			best = comp
		}
	}
	return best
}

// adjusted scores candidates by their distance to the anchors; unreachable ones get -Inf.
func adjusted(m *model, anchors []*table, cs []cand) []float64 {
	out := make([]float64, len(cs))
	for i, c := range cs {
		out[i] = c.score
		if len(anchors) == 0 {
			continue
		}
		d := m.distance(anchors, c.table)
		if d < 0 {
			out[i] = math.Inf(-1)
			continue
		}
		out[i] -= hopPenalty * float64(d)
		if c.kind == candTable && linksOnly(c.table, anchors) {
			// "starships Luke piloted": of two pilot links, the one between starships and people.
			out[i] += linkBonus
		}
		if c.kind == candColumn && c.col.class == classNumber {
			// A measure whose rows would be repeated by the joins to the rest of the question
			// cannot be added up; prefer one at the "many" end.
			for _, a := range anchors {
				if p, ok := m.path([]*table{c.table}, a); ok && fansOut(c.table, p) {
					out[i] -= fanOutPenalty
					break
				}
			}
		}
	}
	return out
}

// categoryOverText prefers a value of a category (un_roll_call_issues.issue, six values) to
// the same words among thousands of free texts (un_roll_calls.short 'HUMAN RIGHTS'): "roll
// calls about human rights" are those of that issue, one join away, not the few whose short
// description is those words alone; "events reported in Texas" are of the state (62 values,
// with territories and seas), not of the county or zone named Texas among 2,239.
func categoryOverText(items []item, idx int, adj []float64) {
	cs := items[idx].cands
	for i, c := range cs {
		if slices.ContainsFunc(cs, func(o cand) bool { return fewAmongMany(c, o) }) {
			adj[i] += 2 * hopPenalty
		}
	}
}

// fewAmongMany reports whether value c is one of a category's few values (100 at most) and o
// the same words among a column of at least 500 values and twenty times as many.
func fewAmongMany(c, o cand) bool {
	distinct := func(c cand) int64 {
		if c.kind != candValue || c.col == nil || c.col2 != nil || c.col.prof == nil {
			return -1
		}
		return c.col.prof.Distinct
	}
	d, od := distinct(c), distinct(o)
	return d > 0 && d <= 100 && od >= 500 && od >= 20*d
}

// linkBonus prefers a link table whose two ends the question named to one that joins only one.
const linkBonus = 0.01

// linksOnly says t is a link table between tables the question named: every key it has points
// to one of them.
func linksOnly(t *table, anchors []*table) bool {
	if t.label != nil || len(t.fks) < 2 {
		return false
	}
	for _, f := range t.fks {
		if !slices.Contains(anchors, f.to.table) {
			return false
		}
	}
	return true
}

func top2(v []float64) (int, int) {
	first, second := -1, -1
	for i, x := range v {
		switch {
		case first < 0 || x > v[first]:
			second, first = first, i
		case second < 0 || x > v[second]:
			second = i
		}
	}
	if second >= 0 && v[second] == math.Inf(-1) {
		second = -1
	}
	return first, second
}

func appendTable(ts []*table, t *table) []*table {
	for _, x := range ts {
		if x == t {
			return ts
		}
	}
	return append(ts, t)
}

// plainer breaks a tie between two columns of one table that a word names equally: the one
// whose name is the other's without words in the middle wins ("colour" is route_color, not
// route_text_color). It is -1 when a is plainer, 1 when b is, and 0 when neither is.
func plainer(a, b cand) int {
	if a.kind == candValue && b.kind == candValue && a.value == b.value && a.state == nil && b.state == nil && a.col != nil && b.col != nil {
		// 'DNF' as race_result.position_text before its qualification_position_text.
		return plainer(cand{kind: candColumn, table: a.table, col: a.col}, cand{kind: candColumn, table: b.table, col: b.col})
	}
	if a.kind == candColumn && b.kind == candColumn && a.table != b.table && a.col != nil && b.col != nil && slices.Equal(a.col.words, b.col.words) {
		// race_result.reason_retired before sprint_race_result.reason_retired: a table named
		// as another with a word before it keeps a kind of those rows.
		switch {
		case qualifiedName(a.table.words, b.table.words):
			return -1
		case qualifiedName(b.table.words, a.table.words):
			return 1
		}
		return 0
	}
	if a.kind != candColumn || b.kind != candColumn || a.table != b.table || a.col == nil || b.col == nil {
		return 0
	}
	within := func(x, y []string) bool { // x is y with words left out before its last
		return len(x) > 0 && len(x) < len(y) && x[len(x)-1] == y[len(y)-1] && slices.Equal(x[:len(x)-1], y[:len(x)-1])
	}
	switch {
	case within(a.col.words, b.col.words), qualifiedName(a.col.words, b.col.words):
		return -1
	case within(b.col.words, a.col.words), qualifiedName(b.col.words, a.col.words):
		return 1
	}
	return 0
}

// qualifiedName reports whether long is short with words before it (sprint_race_result of
// race_result).
func qualifiedName(short, long []string) bool {
	return len(short) > 0 && len(long) > len(short) && slices.Equal(long[len(long)-len(short):], short)
}

// askingVerbs are the verbs a question puts between what it asks for and its subject.
var askingVerbs = toSet([]string{"do", "does", "did", "is", "are", "was", "were", "has", "have", "had"})
