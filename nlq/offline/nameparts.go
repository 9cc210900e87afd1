package offline

import (
	"strings"
	"unicode"
)

// maxNamePartValues bounds the names read for their common words; past it a table's rows are
// people or products, whose names share nothing.
const maxNamePartValues = 500

// commonNameWords reads what a table's names have in common. When every row's name carries the same
// words ("1930 FIFA Men's World Cup" ... "2019 FIFA Women's World Cup"), those words are what
// people call the rows: "World Cup" is a tournament, and "World Cup matches" are matches. The
// words before them that only some names carry ("Women's World Cup") pick those rows, as a
// pattern on the name.
func commonNameWords(l *lexicon, t *table) {
	c := t.label
	if c == nil || c.class != classText {
		return
	}
	values := c.samples
	if len(values) == 0 {
		values = c.index
	}
	if len(values) < 3 || len(values) > maxNamePartValues {
		return
	}
	count := map[string]int{}
	raw := map[string]string{}
	for _, v := range values {
		ws := strings.Fields(v)
		seen := map[string]bool{}
		for i := range ws {
			for n := 1; n <= 3 && i+n <= len(ws); n++ {
				r := strings.Join(ws[i:i+n], " ")
				p := normPhrase(r)
				if p == "" || seen[p] {
					continue
				}
				seen[p] = true
				count[p]++
				if _, ok := raw[p]; !ok {
					raw[p] = strings.Trim(r, ",.;:()")
				}
			}
		}
	}
	all := len(values)
	for p, k := range count {
		if k != all || !namePart(p, raw[p]) {
			continue
		}
		l.add(p, cand{kind: candTable, table: t, score: scoreSynonym, everyRow: true})
	}
	for p, k := range count {
		ws := strings.Fields(p)
		if k < 2 || k == all || len(ws) < 2 {
			continue
		}
		rest := strings.Join(ws[1:], " ")
		if count[rest] != all || !namePart(rest, raw[rest]) || stopWords[ws[0]] || isNumber(ws[0]) {
			continue
		}
		l.add(p, cand{kind: candValue, table: t, col: c, value: raw[p], pattern: "%" + raw[p] + "%", score: scoreSynonym})
	}
}

// namePart reports whether words common to every name say what the rows are: two words or
// more that are not all grammar or numbers ("world cup"), or one written in capitals as an
// acronym ("FIFA"); a single everyday word ("club") could mean anything.
func namePart(p, raw string) bool {
	ws := strings.Fields(p)
	content := 0
	for _, w := range ws {
		if !stopWords[w] && !isNumber(w) && len(w) >= 3 {
			content++
		}
	}
	if len(ws) >= 2 {
		return content == len(ws)
	}
	return content == 1 && len(raw) >= 3 && strings.ToUpper(raw) == raw && strings.IndexFunc(raw, unicode.IsLetter) >= 0
}

// isNumber reports whether a word is all digits.
func isNumber(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsDigit(r) }) < 0
}
