package offline

import (
	"slices"
	"strings"
)

// observedQualifiers begin the name of a column that holds what was measured beside columns
// of the same name that hold a norm or an extreme of it (actual_max_temp next to
// average_max_temp and record_max_temp): the name said without a qualifier is the observed one.
var observedQualifiers = toSet([]string{"actual", "observed", "measured"})

// twinQualifiers are the words people say for the qualifier that begins a twin's name:
// Weather Underground's "average" high for a day is its normal high.
var twinQualifiers = map[string][]string{
	"average": {"normal", "usual", "typical"}, "normal": {"normal", "usual", "typical"},
	"record": {"record", "all time record", "all time"}, "forecast": {"forecast", "forecasted", "predicted"},
	"expected": {"expected"}, "target": {"target"}, "budget": {"budget", "budgeted"}, "planned": {"planned"},
}

// observedTwins maps an observed column to its twins: the columns of its table named the same
// after a qualifier of twinQualifiers.
func observedTwins(t *table) map[*column][]*column {
	var out map[*column][]*column
	for _, o := range t.cols {
		if o.class != classNumber || len(o.words) < 2 || !observedQualifiers[o.words[0]] {
			continue
		}
		for _, c := range t.cols {
			if c != o && c.class == classNumber && len(c.words) == len(o.words) && twinQualifiers[c.words[0]] != nil && slices.Equal(c.words[1:], o.words[1:]) {
				if out == nil {
					out = map[*column][]*column{}
				}
				out[o] = append(out[o], c)
			}
		}
	}
	return out
}

// twinPenalty puts a twin below its observed column where a phrase reaches both alike.
const twinPenalty = 0.1

// addTwinReadings reads "precipitation" and "the high" as the observed columns, not their
// normals or records, which are named with their qualifier ("the normal high", "the record
// high", "average precipitation").
func (l *lexicon) addTwinReadings(m *model) {
	twins := map[*column][]*column{}
	for _, t := range m.tables {
		for o, ts := range observedTwins(t) {
			twins[o] = ts
		}
	}
	if len(twins) == 0 {
		return
	}
	type reading struct {
		phrase string
		c      cand
	}
	var added []reading
	for p, cs := range l.entries {
		words := strings.Fields(p)
		for _, oc := range cs {
			ts := twins[oc.col]
			if oc.kind != candColumn && oc.state == nil || ts == nil {
				continue
			}
			for i := range cs {
				// "rainy days" (a state of the precipitation) too.
				c := cs[i]
				if c.kind != oc.kind || !slices.Contains(ts, c.col) || c.score > oc.score || slices.Contains(words, c.col.words[0]) {
					continue
				}
				cs[i].score -= twinPenalty
			}
			if oc.kind != candColumn || oc.score < scoreHead*scoreSynonym-0.05 || slices.Contains(words, oc.col.words[0]) {
				continue
			}
			for _, tw := range ts {
				for _, q := range twinQualifiers[tw.words[0]] {
					added = append(added, reading{q + " " + p, cand{kind: candColumn, table: tw.table, col: tw, score: min(oc.score, scoreExact) - 0.02}})
				}
			}
		}
		l.entries[p] = cs
	}
	// "more precipitation than normal": a qualifier said alone is the twin of the observed
	// column named before it (normalOfNamed picks it).
	for _, ts := range twins {
		for _, tw := range ts {
			for _, q := range twinQualifiers[tw.words[0]] {
				if !strings.Contains(q, " ") && q != "record" {
					l.add(q, cand{kind: candColumn, table: tw.table, col: tw, score: scoreHead})
				}
			}
		}
	}
	// In a fixed order, so that a refresh always reads alike; twins of several observed
	// columns a phrase reaches ("normal temperature": the normal low and the normal high) are
	// all kept, for the words around them to decide.
	slices.SortFunc(added, func(a, b reading) int {
		return strings.Compare(a.phrase+"\x00"+a.c.key(), b.phrase+"\x00"+b.c.key())
	})
	for _, r := range added {
		if !slices.ContainsFunc(l.entries[r.phrase], func(o cand) bool { return o.kind == candColumn && (o.col == r.c.col || o.score > r.c.score) }) {
			l.add(r.phrase, r.c)
		}
	}
}

// statWords name the statistic of a day's (or a period's) readings a column keeps.
var statWords = map[string]string{
	"max": "max", "maximum": "max", "high": "max", "highest": "max",
	"min": "min", "minimum": "min", "low": "min", "lowest": "min",
	"mean": "mean", "average": "mean", "avg": "mean",
}

// statRole is the statistic a column keeps (actual_max_temp: "max") and the words of its name
// without it and without a leading qualifier ("temperature"); "" when it names none.
func statRole(c *column) (string, string) {
	ws := c.words
	if len(ws) > 1 && (observedQualifiers[ws[0]] || twinQualifiers[ws[0]] != nil) {
		ws = ws[1:]
	}
	role, rest := "", make([]string, 0, len(ws))
	for _, w := range ws {
		if r, ok := statWords[w]; ok && role == "" {
			role = r
			continue
		}
		rest = append(rest, w)
	}
	return role, strings.Join(rest, " ")
}

// observedOf leaves out of cs the twins whose observed column is also in cs: "the
// temperature" of a day is what was measured, not the normal or the record.
func observedOf(cs []*column) []*column {
	var out []*column
	for _, c := range cs {
		twin := false
		if len(c.words) > 1 && twinQualifiers[c.words[0]] != nil {
			for _, o := range cs {
				if o != c && o.table == c.table && observedQualifiers[o.words[0]] && slices.Equal(o.words[1:], c.words[1:]) {
					twin = true
				}
			}
		}
		if !twin {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cs
	}
	return out
}

// statOf picks among columns that keep different statistics of one reading the one keeping
// stat ("max", "min"), or the mean when stat is ""; cs[0] when they are not such siblings.
func statOf(cs []*column, stat string) *column {
	if len(cs) > 1 {
		if stat == "" {
			stat = "mean"
		}
		_, rest0 := statRole(cs[0])
		for _, c := range cs {
			if role, rest := statRole(c); role == stat && rest == rest0 {
				return c
			}
		}
	}
	return cs[0]
}

// statSiblings narrows an item whose best readings are the same reading's statistics
// (actual_max_temp, actual_mean_temp, actual_min_temp for "temperature") to the one the words
// around it ask for: the maximum after "hottest", "highest" or before "above", the minimum
// after "coldest", "lowest" or before "below", and otherwise the mean.
func statSiblings(items []item) {
	for i := range items {
		it := &items[i]
		if it.kind != itEntity || len(it.cands) < 2 || it.cands[0].kind != candColumn {
			continue
		}
		top := it.cands[0].score
		var cols []*column
		for _, c := range it.cands {
			if c.kind == candColumn && c.score >= top-ambiguityGap && c.col.table == it.cands[0].col.table {
				cols = append(cols, c.col)
			}
		}
		cols = observedOf(cols)
		if len(cols) < 2 {
			continue
		}
		role0, rest0 := statRole(cols[0])
		siblings := role0 != ""
		for _, c := range cols[1:] {
			if r, rest := statRole(c); r == "" || rest != rest0 {
				siblings = false
			}
		}
		if !siblings {
			continue
		}
		// The pick alone stays of the reading's statistics, normals and records: a verb
		// ("recorded") must not bring a record back.
		want := statAround(items, i)
		pick := statOf(cols, want)
		if role, _ := statRole(pick); want == "" && role != "mean" || want != "" && role != want {
			continue // "the normal temperature" of a normal low and a normal high: say which
		}
		kept := it.cands[:0:0]
		for _, c := range it.cands {
			if c.kind == candColumn && c.col != pick && c.col.table == pick.table {
				if _, rest := statRole(c.col); rest == rest0 {
					continue
				}
			}
			if c.kind == candColumn && c.col == pick {
				c.score = top + ambiguityGap*2
				kept = append([]cand{c}, kept...)
				continue
			}
			kept = append(kept, c)
		}
		it.cands = kept
	}
}

// statAround is the statistic the keywords next to items[i] ask for: the one right before it
// ("the hottest temperature", "the average temperature") or the first comparison after it.
func statAround(items []item, i int) string {
	if i > 0 && items[i-1].kind == itKeyword {
		switch k := items[i-1].kw; {
		case k.dim != "" && dimStat[k.dim] != "":
			return dimStat[k.dim]
		case k.kind == kwMost || k.kind == kwMax:
			return "max"
		case k.kind == kwLeast || k.kind == kwMin:
			return "min"
		case k.kind == kwAvg:
			return "mean"
		}
	}
	for j := i + 1; j < len(items) && j <= i+2; j++ {
		if items[j].kind != itKeyword {
			continue
		}
		switch items[j].kw.kind {
		case kwGT, kwGTE:
			return "max"
		case kwLT, kwLTE:
			return "min"
		}
	}
	return ""
}

// daysAsRows reads "days" and "nights" as the rows of the one table that keeps a row per day
// ("on how many days did Phoenix reach 110", "the wettest day in Houston", "nights with a
// low below 32"), unless they group by day ("per day", "each day").
func daysAsRows(m *model, items []item) {
	var daily *table
	for _, t := range m.tables {
		if t.daily != nil && !t.view {
			if daily != nil {
				return
			}
			daily = t
		}
	}
	if daily == nil {
		return
	}
	for i := range items {
		it := &items[i]
		if it.kind == itKeyword && it.kw.kind == kwBucket && it.kw.grain == grainDay && i+1 < len(items) && items[i+1].kind == itEntity &&
			len(items[i+1].cands) > 0 && !slices.ContainsFunc(items[i+1].cands, func(c cand) bool {
			role, _ := statRole(c.col)
			return c.table != daily || c.kind != candColumn || role == ""
		}) {
			// "the average daily mean temperature": a statistic of each day's readings is
			// kept per day already ("daily clicks" still add up each day's).
			it.kw = keyword{}
			continue
		}
		if it.kind != itKeyword || it.kw.kind != kwUnit || it.kw.grain != grainDay || len(it.toks) != 1 {
			continue
		}
		if i > 0 && items[i-1].kind == itKeyword && (items[i-1].kw.kind == kwGroup || items[i-1].kw.kind == kwBucket) {
			continue
		}
		it.kind, it.kw = itEntity, keyword{}
		it.cands = []cand{{kind: candTable, table: daily, score: scoreSynonym}}
		it.plural = it.toks[0].plural
	}
}

// finishWords name the finishing position of a result: position, position_number,
// finish_position, place.
var finishWords = [][]string{{"position"}, {"position", "number"}, {"finish", "position"}, {"finishing", "position"}, {"final", "position"}, {"place"}}

// winPhrases are results said by where they finished: a win is a first place, a podium one of
// the first three.
var winPhrases = map[string]stateCond{
	"win": {op: "=", val: 1}, "won": {op: "=", val: 1}, "winner": {op: "=", val: 1}, "victory": {op: "=", val: 1}, "first place": {op: "=", val: 1}, "first place finish": {op: "=", val: 1},
	"podium": {op: "<=", val: 3}, "podium finish": {op: "<=", val: 3}, "top three finish": {op: "<=", val: 3}, "top 3 finish": {op: "<=", val: 3},
	"finished first": {op: "=", val: 1}, "finished second": {op: "=", val: 2}, "finished third": {op: "=", val: 3}, "second place": {op: "=", val: 2}, "third place": {op: "=", val: 3},
	"runner up": {op: "=", val: 2}, "came second": {op: "=", val: 2}, "came third": {op: "=", val: 3},
}

// addWins reads "wins", "won" and "podiums" as the finishing position of a table of results
// that award points (a race's results; a qualifying session awards none), the largest such
// table first: "how many wins does Alonso have" counts his first places.
func (l *lexicon) addWins(m *model) {
	type result struct {
		pos  *column
		rows int64
	}
	var rs []result
	for _, t := range m.tables {
		if t.view || !awardsPoints(m, t) {
			continue
		}
		for _, c := range t.cols {
			// (A position inside a key orders a row's parts, a song's lyrics: no finish.)
			if (c.class == classNumber || c.class == classText) && c.intTyp && !c.partKey && slices.ContainsFunc(finishWords, func(ws []string) bool { return slices.Equal(ws, c.words) }) {
				rs = append(rs, result{c, t.rows})
				break
			}
		}
	}
	slices.SortStableFunc(rs, func(a, b result) int { return int(min(max(b.rows-a.rows, -1), 1)) })
	own := map[string]bool{} // a column or value named so (survivor's winner) says it better
	for phrase := range winPhrases {
		own[phrase] = slices.ContainsFunc(l.entries[phrase], func(c cand) bool { return c.score >= scoreExact })
	}
	for i, r := range rs {
		for phrase, st := range winPhrases {
			if own[phrase] {
				continue
			}
			st := st
			l.add(phrase, cand{kind: candValue, table: r.pos.table, col: r.pos, score: scoreSynonym - 0.01*float64(min(i, 5)), state: &st})
		}
	}
}

// awardsPoints reports whether a table of results awards points: a column of its own, or of a
// table that keeps the same entrants' points apart by kind (a contest's jury and televote
// scores, keyed like the placings by year and entrant).
func awardsPoints(m *model, t *table) bool {
	points := func(u *table) bool {
		return slices.ContainsFunc(u.cols, func(c *column) bool { return c.class == classNumber && slices.Contains(c.words, "point") })
	}
	if points(t) {
		return true
	}
	for _, u := range m.tables {
		if u == t || !points(u) {
			continue
		}
		for _, g := range u.fks {
			if g.from2 != nil && slices.ContainsFunc(t.fks, func(f fk) bool { return f.to == g.to && f.to2 == g.to2 }) {
				return true
			}
		}
	}
	return false
}

// winsCounted reads "how many Grand Prix wins", "the most different race winners" as wins:
// the table named right before the noun says what was won, which the results' rows already
// are. ("driver won" keeps its driver: "won" is the verb.)
func winsCounted(items []item) {
	for i := 0; i+1 < len(items); i++ {
		t, w := &items[i], &items[i+1]
		if t.kind != itEntity || len(t.cands) == 0 || t.cands[0].kind != candTable ||
			w.kind != itEntity || len(w.cands) == 0 || w.cands[0].state == nil || len(w.skipped) > 0 {
			continue
		}
		if _, ok := winPhrases[normPhrase(w.text())]; ok && normPhrase(w.text()) != "won" && t.cands[0].table != w.cands[0].table {
			// "race winners": the wins among results of races, not of seasons' standings.
			won := t.cands[0].table
			if of := slices.DeleteFunc(slices.Clone(w.cands), func(c cand) bool { return fkTo(c.table, won) == nil }); len(of) > 0 {
				w.cands = of
			}
			t.kind, t.kw, t.cands = itKeyword, keyword{}, nil
		}
	}
}

// winnersAsPeople reads "winners" as the people of the first places: "the most different
// race winners" counts the drivers who won, not the wins.
func winnersAsPeople(items []item) []item {
	for i := 0; i < len(items); i++ {
		w := items[i]
		if w.kind != itEntity || w.pick == nil || w.pick.state == nil || normPhrase(w.text()) != "winner" {
			continue
		}
		t := personOf(w.pick.table)
		if t == nil {
			continue
		}
		p := item{kind: itEntity, toks: w.toks, start: w.start, skipped: w.skipped, plural: w.plural}
		p.cands = []cand{{kind: candTable, table: t, score: scoreExact}}
		p.pick = &p.cands[0]
		items[i].skipped = nil
		items = slices.Insert(items, i, p)
		i++
	}
	return items
}

// recordSetters reads "set or tied its record high" as the observed high at or above the
// record high: the keyword's comparison gets the record's observed twin before it. Said before
// anything but a record, the words are nothing ("tied" is not a comparison on its own).
func recordSetters(items []item) []item {
	for i := 0; i < len(items); i++ {
		k := items[i]
		if k.kind != itKeyword || !k.kw.record {
			continue
		}
		var obs *column
		if i+1 < len(items) {
			if n := items[i+1]; n.kind == itEntity && n.pick != nil && n.pick.kind == candColumn && n.pick.col.words[0] == "record" {
				for o, ts := range observedTwins(n.pick.col.table) {
					if slices.Contains(ts, n.pick.col) {
						obs = o
					}
				}
			}
		}
		if obs == nil {
			items[i].kw = keyword{}
			continue
		}
		if role, _ := statRole(obs); role == "min" {
			// a record low is tied from below
			items[i].kw.kind = map[kw]kw{kwGTE: kwLTE, kwGT: kwLT}[k.kw.kind]
		}
		o := item{kind: itEntity, toks: k.toks, start: k.start, skipped: k.skipped}
		o.cands = []cand{{kind: candColumn, table: obs.table, col: obs, score: scoreExact}}
		o.pick = &o.cands[0]
		items[i].skipped = nil
		items = slices.Insert(items, i, o)
		i++
	}
	return items
}

// normalOfNamed reads a twin's qualifier said alone ("than normal") as the twin of the
// observed column named last before it: "more precipitation than normal" compares
// actual_precipitation with average_precipitation.
func normalOfNamed(items []item) {
	for i := range items {
		it := &items[i]
		if it.kind != itEntity || len(it.toks) != 1 || len(it.cands) < 2 {
			continue
		}
		var obs *column
		for j := i - 1; j >= 0 && obs == nil; j-- {
			if p := items[j]; p.kind == itEntity && len(p.cands) > 0 && p.cands[0].kind == candColumn && observedQualifiers[p.cands[0].col.words[0]] {
				obs = p.cands[0].col
			}
		}
		if obs == nil {
			continue
		}
		for _, c := range it.cands {
			if c.kind == candColumn && c.col.table == obs.table && twinQualifiers[c.col.words[0]] != nil && slices.Equal(c.col.words[1:], obs.words[1:]) {
				c.score = it.cands[0].score + ambiguityGap*2
				it.cands = []cand{c}
				break
			}
		}
	}
}
