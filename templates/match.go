package templates

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/analytics-agent/service/nlq/offline"
)

// Matching a question to a template's example questions.
//
// The rule is exact, not a similarity score. Both texts are read as the offline engine reads a
// question (nlq/offline.Read: case, punctuation and plurals normalised, numbers and dates
// recognised), each word is reduced to a stem (-ing, -ed, a final e and a doubled final
// consonant dropped, so "shipped", "shipping" and "ship" are one word), and filler words
// ("which", "show", "me", "the", "were", "in" ...) are ignored. In the example, the parts that
// stand for a parameter become slots:
//
//   - a parameter's allowed value or default (string, integer or number) found in the example;
//   - a date expression ("this year", "in 2024", "since March 2024", "2024-03-15") when the
//     template has date parameters: the k-th date expression fills the k-th date parameter, or
//     both when the template has exactly two and the example one (first and last day);
//   - any number, for an integer or number parameter without allowed values (its default, or
//     when it has none any number of the example, stands for any number of the question);
//   - the words of a boolean parameter's name ("active" for is_active), negated or not.
//
// A question matches when, after its filler words are dropped, it is the example's remaining
// content words in the same order with each slot filled by a value of the same kind: another
// allowed value, another date expression, another number, the name words with or without "not".
// Parameters without a slot take their defaults; a required one left without a value, or a value
// the parameter refuses (Bind), is no match. Among matching examples the one with the most
// content words wins, then the newest template.

// stopWords carry no meaning a template depends on. Words that change an answer ("how many",
// "not", "without", "top", "by", "or") are not in the list.
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "this": true, "that": true, "these": true, "those": true,
	"is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "being": true,
	"do": true, "doe": true, "does": true, "did": true, "have": true, "ha": true, "has": true, "had": true,
	"what": true, "which": true, "who": true, "whom": true, "how": true, "there": true,
	"show": true, "list": true, "give": true, "tell": true, "get": true, "find": true, "display": true, "see": true,
	"me": true, "us": true, "i": true, "we": true, "you": true, "my": true, "our": true, "please": true,
	"can": true, "could": true, "would": true, "will": true, "all": true, "every": true, "any": true,
	"of": true, "in": true, "on": true, "at": true, "for": true, "to": true, "from": true, "with": true,
}

// negations turn a boolean parameter's words into false.
var negations = map[string]bool{"not": true, "no": true, "non": true, "never": true}

// stem reduces a lower-case singular word to the form both texts are compared in.
func stem(w string) string {
	for _, suf := range []string{"ing", "ed"} {
		if base, ok := strings.CutSuffix(w, suf); ok && len(base) >= 3 && strings.ContainsAny(base, "aeiouy") && !strings.HasSuffix(w, "eed") {
			w = base
			break
		}
	}
	if n := len(w); n > 3 && w[n-1] == 'e' {
		w = w[:n-1]
	}
	if n := len(w); n > 3 && w[n-1] == w[n-2] && !strings.ContainsRune("aeiou", rune(w[n-1])) {
		w = w[:n-1]
	}
	return w
}

// wordKey is the comparable form of a word: its stem, or for a quoted phrase the stems of its
// words joined by spaces.
func wordKey(w offline.Word) string {
	if !w.Quoted {
		return stem(w.Norm)
	}
	return strings.Join(phraseStems(w.Text), " ")
}

func phraseStems(s string) []string {
	t := offline.Read(s, time.Time{})
	out := make([]string, 0, t.Len())
	for i := 0; i < t.Len(); i++ {
		out = append(out, wordKey(t.Word(i)))
	}
	return out
}

// Question is a text read once for matching: its words, their comparable forms and which are
// filler words. One question is compared with every example of an agent.
type Question struct {
	text offline.Text
	keys []string
	stop []bool
	set  map[string]bool // keys of the content words
}

// ReadQuestion reads a question; now anchors its relative dates.
func ReadQuestion(question string, now time.Time) *Question {
	t := offline.Read(question, now)
	q := &Question{text: t, keys: make([]string, t.Len()), stop: make([]bool, t.Len()), set: map[string]bool{}}
	for i := 0; i < t.Len(); i++ {
		w := t.Word(i)
		q.keys[i] = wordKey(w)
		q.stop[i] = !w.Quoted && (stopWords[w.Lower] || stopWords[w.Norm])
		if !q.stop[i] {
			q.set[q.keys[i]] = true
		}
	}
	return q
}

func (q *Question) len() int { return q.text.Len() }

type slotKind int

const (
	slotValue  slotKind = iota // an allowed value or the default of a string/integer/number parameter
	slotNumber                 // any number, for a numeric parameter without listed values
	slotDate                   // a date expression
	slotBool                   // a boolean parameter's name words, possibly negated
)

// element is one content word (slot nil) or one slot of an example question.
type element struct {
	word string
	slot *slot
}

type slot struct {
	kind slotKind
	// params are the parameter indexes the slot fills: one, or two for a date range.
	params []int
}

// pattern is one example question compiled against the template's parameters.
type pattern struct {
	elems []element
	words []string // its content words: a question lacking one cannot match
}

// valueForm is a listed value of a parameter as words, with the typed value it stands for.
type valueForm struct {
	words []string // stems; nil for a number
	num   float64
	isNum bool
	value any
}

// Matcher is a template's example questions compiled against its parameters.
type Matcher struct {
	params   []Parameter
	forms    [][]valueForm // per parameter: allowed values and default, longest first
	boolName [][]string    // per boolean parameter: the stems of its name words
	patterns []pattern
}

// NewMatcher compiles the example questions of a template with validated parameters.
func NewMatcher(params []Parameter, examples []string) *Matcher {
	m := &Matcher{params: params, forms: make([][]valueForm, len(params)), boolName: make([][]string, len(params))}
	for i, p := range params {
		switch p.Type {
		case TypeString, TypeInteger, TypeNumber:
			vals := slices.Clone(p.AllowedValues)
			if p.Default != nil && !containsValue(vals, p.Default) {
				vals = append(vals, p.Default)
			}
			for _, v := range vals {
				if f, ok := formOf(p, v); ok {
					m.forms[i] = append(m.forms[i], f)
				}
			}
			slices.SortStableFunc(m.forms[i], func(a, b valueForm) int { return len(b.words) - len(a.words) })
		case TypeBoolean:
			for _, w := range splitName(p.Name) {
				if w != "is" && w != "has" && w != "can" {
					m.boolName[i] = append(m.boolName[i], stem(w))
				}
			}
		}
	}
	for _, ex := range examples {
		m.patterns = append(m.patterns, m.compile(ex))
	}
	return m
}

func formOf(p Parameter, v any) (valueForm, bool) {
	switch x := v.(type) {
	case string:
		ws := phraseStems(x)
		return valueForm{words: ws, value: x}, len(ws) > 0
	case int64:
		return valueForm{num: float64(x), isNum: true, value: x}, true
	case float64:
		return valueForm{num: x, isNum: true, value: x}, true
	}
	return valueForm{}, false
}

// splitName splits a parameter name (snake_case or camelCase) into lower-case words.
func splitName(name string) []string {
	var out []string
	var cur strings.Builder
	for i, r := range name {
		if r == '_' || (r >= 'A' && r <= 'Z' && i > 0 && cur.Len() > 0) {
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
		}
		if r != '_' {
			cur.WriteString(strings.ToLower(string(r)))
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

func (m *Matcher) dateParams() []int {
	var out []int
	for i, p := range m.params {
		if p.Type == TypeDate {
			out = append(out, i)
		}
	}
	return out
}

// compile turns an example question into content words and slots.
func (m *Matcher) compile(example string) pattern {
	t := ReadQuestion(example, time.Time{})
	dates := m.dateParams()
	used := make([]bool, len(m.params))
	var pat pattern
	for i := 0; i < t.len(); {
		if len(dates) > 0 {
			if _, n, ok := t.text.DateAt(i); ok {
				s := &slot{kind: slotDate, params: []int{dates[0]}}
				if len(m.dateParams()) == 2 && len(dates) == 2 && m.countDates(t) == 1 {
					s.params = dates
					dates = nil
				} else {
					dates = dates[1:]
				}
				pat.elems = append(pat.elems, element{slot: s})
				i += n
				continue
			}
		}
		if p, n, ok := m.valueAt(t, i, used); ok {
			used[p] = true
			kind := slotValue
			if d := m.params[p]; (d.Type == TypeInteger || d.Type == TypeNumber) && len(d.AllowedValues) == 0 {
				kind = slotNumber // the default stands for any number
			}
			pat.elems = append(pat.elems, element{slot: &slot{kind: kind, params: []int{p}}})
			i += n
			continue
		}
		if w := t.text.Word(i); w.IsNumber {
			if p := m.openNumber(used); p >= 0 {
				used[p] = true
				pat.elems = append(pat.elems, element{slot: &slot{kind: slotNumber, params: []int{p}}})
				i++
				continue
			}
		}
		if p, n, ok := m.boolAt(t, i, used); ok {
			used[p] = true
			pat.elems = append(pat.elems, element{slot: &slot{kind: slotBool, params: []int{p}}})
			i += n
			continue
		}
		if !t.stop[i] {
			pat.elems = append(pat.elems, element{word: t.keys[i]})
			pat.words = append(pat.words, t.keys[i])
		}
		i++
	}
	return pat
}

// countDates counts the date expressions of a text.
func (m *Matcher) countDates(t *Question) int {
	n := 0
	for i := 0; i < t.len(); {
		if _, k, ok := t.text.DateAt(i); ok {
			n++
			i += k
			continue
		}
		i++
	}
	return n
}

// valueAt finds, at word i of an example, a listed value of a parameter that has no slot yet.
func (m *Matcher) valueAt(t *Question, i int, used []bool) (int, int, bool) {
	for p := range m.params {
		if used[p] {
			continue
		}
		if _, n, ok := m.formAt(p, t, i); ok {
			return p, n, true
		}
	}
	return 0, 0, false
}

// formAt finds, at word i, one of parameter p's listed values (the longest).
func (m *Matcher) formAt(p int, t *Question, i int) (valueForm, int, bool) {
	for _, f := range m.forms[p] {
		if n, ok := f.at(t, i); ok {
			return f, n, true
		}
	}
	return valueForm{}, 0, false
}

// at reports whether the value is written at word i, and over how many words.
func (f valueForm) at(t *Question, i int) (int, bool) {
	if i >= t.len() {
		return 0, false
	}
	if f.isNum {
		w := t.text.Word(i)
		return 1, w.IsNumber && w.Number == f.num
	}
	if t.text.Word(i).Quoted {
		return 1, t.keys[i] == strings.Join(f.words, " ")
	}
	if i+len(f.words) > t.len() {
		return 0, false
	}
	for k, fw := range f.words {
		if t.text.Word(i+k).Quoted || t.keys[i+k] != fw {
			return 0, false
		}
	}
	return len(f.words), true
}

// openNumber is the first integer or number parameter without listed values and without a slot.
func (m *Matcher) openNumber(used []bool) int {
	for p, d := range m.params {
		if !used[p] && (d.Type == TypeInteger || d.Type == TypeNumber) && len(m.forms[p]) == 0 {
			return p
		}
	}
	return -1
}

// boolAt finds, at word i, the name words of a boolean parameter without a slot, with an optional
// negation before them: the parameter, the words used and the value they say.
func (m *Matcher) boolAt(t *Question, i int, used []bool) (int, int, bool) {
	for p := range m.params {
		if used[p] || len(m.boolName[p]) == 0 {
			continue
		}
		if n, _, ok := m.boolWords(p, t, i); ok {
			return p, n, true
		}
	}
	return 0, 0, false
}

func (m *Matcher) boolWords(p int, t *Question, i int) (int, bool, bool) {
	j, neg := i, false
	if j < t.len() && negations[t.text.Word(j).Lower] {
		j, neg = j+1, true
	}
	name := m.boolName[p]
	if j+len(name) > t.len() {
		return 0, false, false
	}
	for k, w := range name {
		if t.keys[j+k] != w {
			return 0, false, false
		}
	}
	return j + len(name) - i, !neg, true
}

// Match returns the parameter values a question gives when it matches one of the example
// questions (see the rule above), with the number of content words of that example. Values are
// not yet bound: the caller passes them to Bind.
func (m *Matcher) Match(q *Question) (map[string]any, int, bool) {
	best, bestContent := map[string]any(nil), -1
	for _, pat := range m.patterns {
		if len(pat.words) <= bestContent || !q.hasAll(pat.words) {
			continue
		}
		vals := map[string]any{}
		if m.match(q, pat.elems, 0, vals) {
			best, bestContent = vals, len(pat.words)
		}
	}
	return best, bestContent, best != nil
}

func (q *Question) hasAll(words []string) bool {
	for _, w := range words {
		if !q.set[w] {
			return false
		}
	}
	return true
}

// skipStop returns the first position at or after i that is not a filler word.
func (q *Question) skipStop(i int) int {
	for i < q.len() && q.stop[i] {
		i++
	}
	return i
}

// match aligns the question's words from i with the elements, filling vals; it backtracks over
// the spans a slot may take.
func (m *Matcher) match(t *Question, elems []element, i int, vals map[string]any) bool {
	if len(elems) == 0 {
		return t.skipStop(i) == t.len()
	}
	e := elems[0]
	k := t.skipStop(i)
	if e.slot == nil {
		if k < t.len() && t.keys[k] == e.word {
			return m.match(t, elems[1:], k+1, vals)
		}
		return false
	}
	// A slot may start on a filler word ("in 2024", a value such as "in progress").
	for j := i; j <= k && j < t.len(); j++ {
		for _, c := range m.fill(t, j, e.slot) {
			for name, v := range c.vals {
				vals[name] = v
			}
			if m.match(t, elems[1:], j+c.n, vals) {
				return true
			}
			for name := range c.vals {
				delete(vals, name)
			}
		}
	}
	return false
}

// candidate is one way a slot reads the question at a position.
type candidate struct {
	n    int
	vals map[string]any
}

// fill lists the ways slot s can read the question at word j, longest first.
func (m *Matcher) fill(t *Question, j int, s *slot) []candidate {
	p := s.params[0]
	name := m.params[p].Name
	switch s.kind {
	case slotValue:
		var out []candidate
		for _, f := range m.forms[p] {
			if n, ok := f.at(t, j); ok {
				out = append(out, candidate{n: n, vals: map[string]any{name: f.value}})
			}
		}
		return out
	case slotNumber:
		w := t.text.Word(j)
		if !w.IsNumber {
			return nil
		}
		var v any = w.Number
		if m.params[p].Type == TypeInteger {
			if w.Number != math.Trunc(w.Number) || math.Abs(w.Number) > 1<<53 {
				return nil
			}
			v = int64(w.Number)
		}
		return []candidate{{n: 1, vals: map[string]any{name: v}}}
	case slotBool:
		if n, v, ok := m.boolWords(p, t, j); ok {
			return []candidate{{n: n, vals: map[string]any{name: v}}}
		}
		return nil
	case slotDate:
		r, n, ok := t.text.DateAt(j)
		if !ok {
			return nil
		}
		vals, ok := m.dateValues(s.params, r)
		if !ok {
			return nil
		}
		return []candidate{{n: n, vals: vals}}
	}
	return nil
}

// endWords mark a date parameter that is the end of a period ("until", "end_date", "to").
var endWords = map[string]bool{"end": true, "until": true, "to": true, "before": true, "till": true, "through": true, "max": true, "last": true}

func (m *Matcher) isEnd(p int) bool {
	for _, w := range splitName(m.params[p].Name) {
		if endWords[w] {
			return true
		}
	}
	return false
}

// dateValues fills date parameters from a range: a start parameter takes its first day, an end
// parameter its last day; a bound the range does not have is no value (no match).
func (m *Matcher) dateValues(params []int, r offline.DateRange) (map[string]any, bool) {
	first := func() (string, bool) { return r.From.Format(time.DateOnly), !r.From.IsZero() }
	last := func() (string, bool) { return r.To.AddDate(0, 0, -1).Format(time.DateOnly), !r.To.IsZero() }
	vals := map[string]any{}
	for k, p := range params {
		pick := first
		if (len(params) == 2 && k == 1) || (len(params) == 1 && m.isEnd(p)) {
			pick = last
		}
		v, ok := pick()
		if !ok {
			return nil, false
		}
		vals[m.params[p].Name] = v
	}
	return vals, true
}

// Explain says which template answered and with which values, parameters in declaration
// order: "Answered with template 'Orders' (status = completed, since = 2024-01-01)".
func Explain(name string, params []Parameter, bound map[string]any) string {
	var parts []string
	for _, p := range params {
		v, ok := bound[p.Name]
		if !ok || v == nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s = %v", p.Name, v))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("Answered with template '%s'", name)
	}
	return fmt.Sprintf("Answered with template '%s' (%s)", name, strings.Join(parts, ", "))
}
