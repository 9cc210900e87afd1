package offline

import (
	"maps"
	"strings"

	"github.com/analytics-agent/service/datasource"
)

// segmenter splits identifiers written as one lower-case word ("membercost", "joindate",
// "recommendedby", "unitsinstock") into the words they are made of. PostgreSQL folds unquoted
// CamelCase names to lower case, and some schemas are written that way to begin with, so a
// name's words cannot always be read from its case or underscores. Words come from what the
// schema itself spells apart elsewhere (the "member" of a table members) and from a
// vocabulary of schema words; at most one part may be a word neither knows.
type segmenter struct {
	known map[string]bool
	// builtin are the words known without the schema: "signup" is one word there.
	builtin map[string]bool
}

// schemaVocabulary is the built-in list of words schemas are made of, next to every word the
// engine's thesaurus and role lists already hold.
var schemaVocabulary = strings.Fields(`
	customer client order product item price quantity unit date time name first last middle full gross net
	user account amount total tax discount ship shipped shipping required hire birth start end due
	paid pay payment invoice bill line detail status type category code number phone fax email
	address city state region country postal zip street home page photo path note description
	title courtesy report contact company supplier vendor employee manager department job salary
	commission level reorder stock in on via freight weight height width length size color member
	guest cost fee rate initial outlay monthly maintenance yearly annual daily weekly recommended
	join created updated modified deleted update book booking facility slot count rank score rating
	review comment post tag vote view visit session click event check store shop warehouse location
	territory sale revenue profit margin budget target goal plan year month day week hour minute
	second open close opened closed active balance credit limit card bank branch course student
	teacher class grade school room floor building project task team group owner parent child
	value list standard sort key label capacity duration distance area population official language
	surface independence life expectancy gross national local government head form continent district
	timestamp percent public private album artist track genre media playlist film actor movie rental
	interface feed tagged range
	inventory staff payment language each buy sell text html image scale model retail
	cloud wind low mid high temp discovery method period mass radius axis major semi spectral transiting
	orbit orbital planet star system binary separation inclination eccentricity declination ascension
	county province municipality parish borough electorate turnout candidate ballot`)

// newSegmenter gathers the known words: the vocabulary, the thesaurus, and every word of the
// schema's names that the names themselves spell apart.
func newSegmenter(s *datasource.Schema) *segmenter {
	g := &segmenter{known: map[string]bool{}}
	add := func(phrase string) {
		for _, w := range strings.Fields(strings.ReplaceAll(phrase, "_", " ")) {
			g.known[singular(w)] = true
		}
	}
	for _, w := range schemaVocabulary {
		add(w)
	}
	for k, vs := range aliases {
		add(k)
		for _, v := range vs {
			add(v)
		}
	}
	for k, vs := range identAbbrevs {
		g.known[k] = true
		for _, v := range vs {
			add(v)
		}
	}
	for _, set := range []map[string]bool{flagWords, countLike} {
		for k := range set {
			add(k)
		}
	}
	for k := range moneyWords {
		add(k)
	}
	for _, n := range append(append([]string(nil), labelNames...), dateNames...) {
		add(n)
	}
	g.builtin = maps.Clone(g.known)
	var whole []string
	for i := range s.Tables {
		t := &s.Tables[i]
		names := []string{t.Name}
		for _, c := range t.Columns {
			names = append(names, c.Name)
		}
		for k, n := range names {
			ws := splitIdent(n)
			if len(ws) == 1 && k == 0 {
				whole = append(whole, ws[0])
				continue
			}
			if len(ws) > 1 {
				for _, w := range ws {
					if len(w) >= 3 {
						g.known[singular(w)] = true
					}
				}
			}
		}
	}
	for _, w := range whole {
		// A table's name is a word of the schema, unless it is known words run together
		// (Derby's PRODUCTLINES, ORDERDETAILS): then its columns (PRODUCTLINE) are split too.
		if len(w) >= 3 && !g.splitsIntoKnown(w) {
			g.known[singular(w)] = true
		}
	}
	return g
}

// splitsIntoKnown reports whether a lower-case word is two or more known words run together.
func (g *segmenter) splitsIntoKnown(w string) bool {
	w = strings.ToLower(singular(w))
	if g.known[w] || len(w) < 10 {
		return false // "airline", "playlist": words of their own, not "air" + "line"
	}
	parts, ok := g.best(w)
	if !ok {
		return false
	}
	for _, p := range parts {
		if len(p) < 4 || !g.known[p] && !g.known[singular(p)] {
			return false
		}
	}
	return true
}

// words returns an identifier's words as schemaWords does, with every long word the case and
// underscores left whole split into known words where it is made of them.
func (g *segmenter) words(name string) []string {
	var parts []string
	for _, w := range splitIdent(name) {
		parts = append(parts, g.split(w)...)
	}
	return schemaWords(strings.Join(parts, "_"))
}

// headAbbrevs are the two-letter abbreviations that end a compound name as its head: the
// name, the code or the date of what the word before names (NCES's COUNTYNM, COUNTYCD).
var headAbbrevs = map[string]bool{"nm": true, "cd": true, "dt": true}

// linkAtEnd are the small words that end a compound name: "recommendedby", "reportsto",
// "createdat".
var linkAtEnd = map[string]bool{"by": true, "to": true, "at": true}

// suffixes that make a word, not another word: "shipment" is no "ship" + "ment".
var wordSuffixes = map[string]bool{"ment": true, "ments": true, "tion": true, "tions": true, "ness": true, "able": true,
	"ible": true, "less": true, "ship": true, "ings": true, "ity": true, "ous": true, "ive": true, "ful": true, "ers": true}

// split splits one lower-case word, or returns it whole.
func (g *segmenter) split(w string) []string {
	for _, p := range []string{"in", "out", "up"} {
		// "checkin", "checkout": a verb and its particle, even where a name spells it whole.
		if st, ok := strings.CutSuffix(w, p); ok && len(st) >= 4 && g.known[st] && !g.builtin[w] {
			return []string{st, p}
		}
	}
	for _, head := range []string{"date", "time", "name"} {
		// "birthdate", "deathdate": a known word and the head of a date or a name, said apart
		// by people ("date of birth") even where the vocabulary knows the compound.
		if st, ok := strings.CutSuffix(w, head); ok && len(st) >= 4 && g.known[st] {
			return []string{st, head}
		}
	}
	if st, ok := strings.CutSuffix(w, "id"); ok && len(st) >= 4 && g.known[st] && !g.builtin[w] {
		// "addressid", "partnerid": a known noun's key, even where another column's name
		// (ADDRESSES_ADDRESSID) made the whole known.
		return []string{st, "id"}
	}
	for _, p := range []string{"at", "by"} {
		// "createdat", "changedby": when and by whom a row was made or changed.
		if st, ok := strings.CutSuffix(w, p); ok && len(st) >= 5 && strings.HasSuffix(st, "ed") && g.known[st] && !g.builtin[w] {
			return []string{st, p}
		}
	}
	if len(w) < 5 || g.known[w] || g.known[singular(w)] || strings.ToLower(w) != w {
		return []string{w}
	}
	if best, ok := g.best(w); ok {
		return best
	}
	return []string{w}
}

// best finds the split of w with the fewest unknown parts, then the fewest parts: every part
// known but at most one (of five letters or more, not a bare suffix); "by", "to" or "at" may
// end it after a verb ("recommended" + "by", "reports" + "to"), "id" after a noun, a link word
// may join two long parts ("units" + "in" + "stock"), and "is"/"has" may begin a flag.
func (g *segmenter) best(w string) ([]string, bool) {
	type sol struct {
		parts   []string
		unknown int
		// unknownLen is the letters in unknown parts: "billing" + "status" before "bill" +
		// "ingstatus", the split whose unknown word is shorter being the one that found a
		// word where the other found a fragment.
		unknownLen int
	}
	// memo[i] is the best split of w[i:].
	memo := make([]*sol, len(w)+1)
	memo[len(w)] = &sol{}
	for i := len(w) - 1; i >= 0; i-- {
		var pick *sol
		for j := i + 2; j <= len(w); j++ {
			rest := memo[j]
			if rest == nil {
				continue
			}
			p := w[i:j]
			// A plural counts only for a word of three letters or more: "ins" is no "in"
			// ("instrument" is not "in" + "strument").
			known := g.known[p] || len(p) > 3 && g.known[singular(p)]
			if _, abbrev := identAbbrevs[p]; abbrev && i > 0 && (len(p) < 4 || j < len(w)) {
				known = false // "ord" of "password": abbreviations begin names, or end them long ("nutrdesc")
			}
			unknown := 0
			switch {
			case j == len(w) && i >= 3 && identWords[p] && (p == "id" || p == "no"):
				// "customerid", "memid": the key of what comes before.
			case j == len(w) && i >= 4 && headAbbrevs[p]:
				// "countynm", "countycd": a word and the abbreviation of its name or code.
			case linkWords[p]:
				before := w[:i]
				atEnd := j == len(w) && i >= 5 && linkAtEnd[p] && (strings.HasSuffix(before, "ed") || strings.HasSuffix(before, "s"))
				inside := i > 0 && j < len(w) && len(p) <= 3 && i >= 4 && len(w)-j >= 4
				atStart := i == 0 && (p == "is" || p == "has")
				// "checkin", "checkout": a known verb and its particle.
				particle := j == len(w) && particles[p] && i >= 3 && g.known[before]
				if !atEnd && !inside && !atStart && !particle {
					continue
				}
			case known && len(p) >= 3:
			case len(p) >= 5 && !wordSuffixes[p]:
				unknown = 1
			default:
				continue
			}
			if rest.unknown+unknown > 1 {
				continue
			}
			c := &sol{parts: append([]string{p}, rest.parts...), unknown: rest.unknown + unknown, unknownLen: rest.unknownLen + unknown*len(p)}
			if i == 0 && j == len(w) {
				continue // the word whole is what split is asked to improve on
			}
			if pick == nil || c.unknown < pick.unknown || c.unknown == pick.unknown && len(c.parts) < len(pick.parts) ||
				c.unknown == pick.unknown && len(c.parts) == len(pick.parts) && c.unknownLen < pick.unknownLen {
				pick = c
			}
		}
		memo[i] = pick
	}
	s := memo[0]
	if s == nil || len(s.parts) < 2 || len(s.parts) > 4 {
		return nil, false
	}
	if s.unknown == len(s.parts)-1 && len(s.parts) == 2 {
		// One known part and one unknown: the known one must be a real word, not a link,
		// nor an abbreviation ("employer" is no "emp" + "loyer").
		for _, p := range s.parts {
			if linkWords[p] && len(w)-len(p) < 6 {
				return nil, false
			}
			if _, abbrev := identAbbrevs[p]; abbrev {
				return nil, false
			}
		}
	}
	return s.parts, true
}

// startsKnown reports whether a word of four letters or more that the segmenter knows begins s.
func (g *segmenter) startsKnown(s string) bool {
	for j := len(s); j >= 4; j-- {
		if g.known[s[:j]] {
			return true
		}
	}
	return false
}

// greedyWords splits a class name run together by taking the longest known word at each
// step ("partsellpricebreak": part, sell, price, break); a tail of five letters or more that
// starts no known word is kept as one word. Nil when no split is found.
func (g *segmenter) greedyWords(w string) []string {
	if rest := w[min(2, len(w)):]; len(rest) >= 4 && !g.known[w] && (g.known[rest] || g.known[singular(rest)]) {
		return []string{w[:2], rest} // "ipaddress", "vminterface": an abbreviation before a word
	}
	var ws []string
	for w != "" {
		n := 0
		shortest := 4 // a three-letter word only begins the name ("bom" of bomitem)
		if len(ws) == 0 {
			shortest = 3
		}
		for j := len(w); j >= shortest; j-- {
			if g.known[w[:j]] || j > 3 && g.known[singular(w[:j])] && (j == len(w) || g.startsKnown(w[j:])) {
				n = j
				break
			}
		}
		if n == 0 {
			if len(w) < 5 || len(ws) == 0 {
				return nil
			}
			n = len(w)
		}
		ws = append(ws, w[:n])
		w = w[n:]
	}
	if len(ws) < 2 {
		return nil
	}
	return ws
}
