// Package offline is the default question-to-SQL engine: deterministic, rule and grammar
// based, no model and no network.
//
// A question goes through four stages:
//
//  1. tokenize: words, numbers (1,000 / 10k / "five"), ISO dates and quoted literals;
//  2. scan: greedy longest match of date expressions ("last 30 days", "between March and
//     June 2024"), grammar keywords ("how many", "top", "by", "more than") and schema
//     entities (table and column names split from snake_case and singularised, sampled
//     values, built-in and organisation synonyms), each entity with scored candidates;
//  3. resolve and build: candidates are chosen by score minus join distance to the rest of
//     the question, then a left-to-right pass over the items fills a small plan (measures,
//     dimensions, conditions, date ranges, HAVING, ordering, limit);
//  4. complete and render: the FROM table is the measure's, joins follow the shortest
//     foreign-key paths, and SQL is printed for PostgreSQL, MySQL or SQLite.
//
// Any word that is not a stop word and maps to nothing, an incomplete comparison, a tie
// between two readings, or a plan without a table or measure makes Generate return a
// *nlq.NotUnderstoodError instead of a guess.
package offline

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// Engine is the offline nlq.Engine. The zero value is ready to use and safe for concurrent
// use; between requests it keeps only the vocabularies built from the schemas it has seen.
type Engine struct {
	vocabs vocabCache
}

// New returns an offline engine.
func New() *Engine { return &Engine{} }

var _ nlq.Engine = (*Engine)(nil)

// Generate translates req.Question into SQL for req.Dialect over req.Schema. The system
// prompt is ignored: there is no model to instruct.
func (e *Engine) Generate(ctx context.Context, req nlq.Request) (nlq.Generation, error) {
	if err := ctx.Err(); err != nil {
		return nlq.Generation{}, fmt.Errorf("offline: %w", err)
	}
	if req.Schema == nil || len(req.Schema.Tables) == 0 {
		return nlq.Generation{}, &nlq.NotUnderstoodError{Message: "the agent has no readable tables"}
	}
	q := strings.TrimSpace(req.Question)
	if q == "" {
		return nlq.Generation{}, &nlq.NotUnderstoodError{Message: "empty question"}
	}
	d, err := dialectFor(req.Dialect)
	if err != nil {
		return nlq.Generation{}, err
	}
	if ex, ok := matchExample(q, req.Examples); ok {
		return nlq.Generation{SQL: ex.SQL, Explanation: fmt.Sprintf("Answered with the saved query for %q.", ex.Question)}, nil
	}
	v := e.vocabs.get(req.Schema, req.Synonyms, req.Semantics)
	m, lex := v.m, v.lex
	asked := q // the whole question, for how to lay out the answer
	q, digits := roundingAsked(q)
	q = dropRestatedTrailer(q)
	q = thatIsClause.ReplaceAllString(q, "$1")
	q = morePerUnitThan.ReplaceAllString(q, "more than")
	q = averageOverall.ReplaceAllString(q, "$1 $2")
	keepEmpty := withNone.MatchString(q)
	q = withNone.ReplaceAllString(q, "$1")
	if rateAsked.MatchString(q) {
		// "Harvard's acceptance rate, as a percentage": a rate is one already; the words say
		// how to show it, not a share of a total.
		q = asPercentage.ReplaceAllString(q, "$1")
	}
	toks := tokenize(q)
	scanned := scan(toks, lex, newDateParser(req.Now))
	withinFamily(scanned) // before the data source's own name is dropped: "Doctor Who" of drwho
	scanned = valueNounsAfterBy(scanned)
	countedRowsOverColumn(scanned)
	eventDateOfCountedRows(scanned)
	items := superlativeOfRows(dropEveryRowNames(dropQualifiers(dropIncluded(dropOwnerTable(placeOfEventSaid(placeOfEvent(dropVerbColumns(dropOwnerHead(dropOwnerNames(scanned, toks, req.OwnerNames), toks, req.OwnerNames))))), toks))))
	dimNarrows(items)
	stockVerb(items, lex)
	whenVerb(items, lex)
	agentOfVerb(items, lex)
	countColumnOfPlural(items)
	typeOfNamedRows(items)
	items = noneOfCounted(items)
	items = actNotState(items)
	neverVerbed(items)
	dropPaidState(items)
	preferFlags(items)
	datedVerb(items)
	peopleOfVerb(items)
	items = statusOfFlag(items)
	items = yearOfNamedColumn(items)
	dropBucketedDateVerb(items)
	meaningAsked(items)
	flagAfterCount(items)
	items = mainOfTwo(items)
	dateOfEvent(items) // before markShown: "give its date" is a column to show once it is read
	items = endVerbsOfFirstAndLast(items)
	items = timesAfterTable(columnGroups(dropVerbOfFigure(dropRelationVerbs(dropTheirOwnRows(dropGlosses(dropAcrossAll(dropVerbOfItsColumn(dropVerbOfRankedColumn(dropVerbOfItsValue(dropRestatedMeasure(dropRepeatedCount(shareOfEachOwner(dropAllOfThem(missingAndLeftOut(mostAfterItsVerb(oftenBeforeItsVerb(markShown(items))))))))))))))))))
	items, basis, taxPhrase := readTaxBasis(items)
	p, err := interpret(m, items, func(items []item) error { return applyTaxBasis(items, basis, taxPhrase) }, keepEmpty, today(q, req.Now))
	if err == nil {
		p.rounded, p.digits = digits >= 0, digits
		monthsByName(asked, p)
		currentRows(p)
		err = checkBareQuestion(q, items, p)
	}
	if err == nil {
		err = checkFirstWithin(items, p)
	}
	if err == nil {
		err = bothValues(items, p)
	}
	if err == nil {
		err = checkSplitValues(q, items, p)
	}
	if err == nil {
		err = checkDayInPeriod(items, p)
	}
	if err == nil {
		err = checkOwnNameAsPlace(items)
	}
	if err == nil {
		err = checkTotalAnswered(q, items, p)
	}
	if err == nil {
		err = checkCurrencyUnit(q, p)
	}
	if err != nil {
		err = toPublic(err, items)
		if nu, ok := nlq.IsNotUnderstood(err); ok {
			nu.Suggestions = suggest(m, items)
		}
		return nlq.Generation{}, err
	}
	return nlq.Generation{SQL: render(p, d), Explanation: explain(p)}, nil
}

// showTrailer is a last sentence that says what to show: "Show the type and the average."
var showTrailer = regexp.MustCompile(`(?i)^(.*[?.!])\s+(?:show|give|list|display|return|include)\s+(?:me\s+)?(.+?)[.!?]?\s*$`)

// trailerParts split the things a trailer lists.
var trailerParts = regexp.MustCompile(`(?i)\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s+with\s+|\s+alongside\s+|\s+next\s+to\s+)\s*`)

// restatedFigures are the words a trailer names a figure by, and the words of the question
// that ask for that figure.
var restatedFigures = map[string][]string{
	"count": {"how many", "number", "count"}, "number": {"how many", "number", "count"},
	"average": {"average", "mean"}, "mean": {"average", "mean"}, "total": {"total", "how much", "sum"}, "sum": {"total", "sum"},
	"percentage": {"percentage", "percent", "share", "proportion", "fraction"}, "share": {"percentage", "percent", "share", "proportion"},
}

// morePerUnitThan is a rate's unit said inside a comparison: "charge more per night than
// the average listing" compares the nightly price.
var morePerUnitThan = regexp.MustCompile(`(?i)\bmore per (?:night|day|hour|week|month|year|unit|person|head|guest) than\b`)

// averageOverall is "overall" said of a figure already averaged: "the average overall guest
// rating" is the average of the overall rating, not of a total. (Not after a possessive:
// "that year's average overall score" is a year's average, which the words still ask for.)
var averageOverall = regexp.MustCompile(`(?i)\b(the|an|best|highest|lowest|worst) (average|mean) overall\b`)

// thatIsClause is an explanation said after "i.e." up to the next comma or the end: "the
// turnout, i.e. votes cast as a percentage of the electorate, rounded": it restates what
// was asked, in words the question has already said by name.
var thatIsClause = regexp.MustCompile(`(?i),?\s*\b(?:i\.\s?e\.|that is,)\s[^,?.;]*([,?.;]|$)`)

// dropRestatedTrailer drops a closing "Show the type and the average." whose every part the
// question has already asked for (the grouping it named, the figure it asked): the sentence
// says how to lay the answer out, and read as new words it would name other things ("the
// type" of another table). A trailer naming anything new stays.
func dropRestatedTrailer(q string) string {
	m := showTrailer.FindStringSubmatch(q)
	if m == nil {
		return q
	}
	main := strings.ToLower(m[1])
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(main, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		words[singular(w)] = true
	}
	for _, part := range trailerParts.Split(m[2], -1) {
		var content []string
		for _, w := range strings.Fields(strings.ToLower(part)) {
			w = strings.Trim(w, ".,;:()'\"")
			switch w {
			case "", "the", "its", "their", "each", "every", "a", "an", "his", "her", "name", "names", "corresponding", "resulting", "of", "per", "for":
				continue
			}
			content = append(content, w)
		}
		restated := func(w string) bool {
			asks, figure := restatedFigures[w]
			return words[singular(w)] || figure && slices.ContainsFunc(asks, func(a string) bool { return strings.Contains(main, a) })
		}
		if !slices.ContainsFunc(content, func(w string) bool { return !restated(w) }) {
			continue
		}
		return q
	}
	return m[1]
}

// monthNameAsked finds a question asking for months by name: "give the month name", "the
// name of the month".
var monthNameAsked = regexp.MustCompile(`(?i)\bmonth(?:'s)?\s+names?\b|\bname\s+of\s+the\s+month\b`)

// monthsByName labels the months of one year by their names where the question asks for
// them; months of several years keep their year ('2012-12'), which a name would merge.
func monthsByName(q string, p *plan) {
	if !monthNameAsked.MatchString(q) {
		return
	}
	oneYear := len(p.dates) == 1 && !p.dates[0].rng.from.IsZero() && !p.dates[0].rng.to.IsZero() &&
		!p.dates[0].rng.to.After(time.Date(p.dates[0].rng.from.Year()+1, 1, 1, 0, 0, 0, 0, p.dates[0].rng.from.Location()))
	named := false
	for i, d := range p.dims {
		if d.grain == grainMonth && (d.ofYear || oneYear) {
			p.dims[i].monthName, named = true, true
		}
	}
	if named && len(p.dims) > 1 {
		// A date table's EnglishMonthName, which the same words found: the month is named
		// once, ordered by the calendar.
		p.dims = slices.DeleteFunc(p.dims, func(d dimension) bool {
			return d.col != nil && d.grain == grainNone && len(d.col.words) >= 2 &&
				d.col.words[len(d.col.words)-2] == "month" && d.col.words[len(d.col.words)-1] == "name"
		})
	}
}

// rateAsked and asPercentage find a rate asked "as a percentage".
var (
	rateAsked    = regexp.MustCompile(`(?i)\brate\b`)
	asPercentage = regexp.MustCompile(`(?i),?\s*(?:expressed\s+)?as\s+a\s+percent(?:age)?\b(\s*[?.!]?)`)
)

// roundTo finds how an answer's figures are to be rounded: "rounded to two decimals", "Round
// to one decimal place.", "to the nearest whole number".
var roundTo = regexp.MustCompile(`(?i)[,;.]?\s*\(?\s*(?:and\s+)?(?:(?:rounded|round(?:ing)?)(?:\s+(?:it|them|that|this|each|the\s+[a-z]+))?\s+(?:off\s+)?to|to)\s+(?:(one|two|three|four|a|1|2|3|4|0|zero)\s+decimals?(?:\s+places?|\s+digits?)?|the\s+nearest\s+(?:whole\s+number|integer|unit|(?:whole\s+)?(?:dollar|euro|pound|yen)|(cent|penny)))\s*\)?\s*[.;]?`)

// roundingAsked takes the rounding a question asks for out of it; digits is the number of
// decimals, -1 when none is asked.
func roundingAsked(q string) (string, int) {
	m := roundTo.FindStringSubmatchIndex(q)
	if m == nil {
		return q, -1
	}
	sub := q[m[0]:m[1]]
	if !strings.Contains(strings.ToLower(sub), "round") && !strings.Contains(strings.ToLower(sub), "decimal") && !strings.Contains(strings.ToLower(sub), "nearest") {
		return q, -1
	}
	digits := 0
	if m[4] >= 0 {
		digits = 2 // to the nearest cent
	}
	if m[2] >= 0 {
		digits = map[string]int{"one": 1, "a": 1, "1": 1, "two": 2, "2": 2, "three": 3, "3": 3, "four": 4, "4": 4}[strings.ToLower(q[m[2]:m[3]])]
	}
	before, after := strings.TrimSpace(q[:m[0]]), strings.TrimSpace(q[m[1]:])
	if after == "" || strings.ContainsRune("?.!,;", rune(after[0])) {
		return before + after, digits
	}
	return before + " " + after, digits
}

// inCurrency finds "in dollars", "in euros", "in US dollars", "$50", "50 dollars": an amount
// asked or compared in a currency's whole units.
var inCurrency = regexp.MustCompile(`(?i)\bin (us |u\.s\. )?(dollars|euros|pounds|usd|eur|gbp)\b|[$€£]\s?\d|\d\s*(dollars|euros|pounds|bucks)\b`)

// checkCurrencyUnit refuses an amount asked "in dollars" (or compared with "$50") when the money column it reads is
// kept as an integer: money is very often stored as integer cents, and nothing in the schema
// says which, so the answer could be a hundred times off. A semantic-layer metric that divides
// says it, and decimal columns are read as they are.
func checkCurrencyUnit(q string, p *plan) error {
	if !inCurrency.MatchString(q) {
		return nil
	}
	_, cols := planRefs(p)
	for c := range cols {
		if c.class == classNumber && c.money > 0 && c.intTyp && c.metric == nil {
			return &notUnderstood{words: []string{inCurrency.FindString(q)},
				msg: fmt.Sprintf("cannot tell whether %s.%s is kept in whole units or in cents; define a metric that says so", c.table.name, c.name)}
		}
	}
	return nil
}

// checkTotalAnswered refuses a question that asks for a total ("what did guests pay us in
// total") when the plan found nothing to add up and would only list rows: rows are not the
// sum that was asked for.
func checkTotalAnswered(q string, items []item, p *plan) error {
	if len(p.measures) > 0 || len(p.having) > 0 || p.outerCount || p.outerAvg || !strings.Contains(strings.ToLower(q), "in total") {
		return nil
	}
	for _, it := range items {
		if it.kind == itKeyword && (it.kw.kind == kwCount || it.kw.kind == kwList) {
			return nil
		}
	}
	return &notUnderstood{words: []string{"in total"}, msg: "cannot tell what to add up in total"}
}

// bothValues reads "both <value> and <value>" of one column: rows that have each, which only
// rows reached through a link table can ("stations that connect to both the RER and a
// Transilien line": a line of each kind). Each value becomes an EXISTS of its own; when the
// column is not behind a link, one row cannot hold both and the question is refused.
func bothValues(items []item, p *plan) error {
	for i := range items {
		it := &items[i]
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candValue || !slices.Contains(it.skipped, "both") {
			continue
		}
		c := it.pick.col
		refuse := &notUnderstood{words: []string{"both"}, msg: fmt.Sprintf("cannot tell how one row holds both values of %s.%s", c.table.name, c.name)}
		if k := slices.IndexFunc(p.conds, func(d condition) bool {
			return d.col == c && d.op == "=" && d.anti == nil && d.role == nil && len(d.either) == 0 && len(d.vals) == 2 && slices.Contains(d.vals, any(it.pick.value))
		}); k >= 0 {
			// One IN list of the two values.
			if !eachThroughLink(p, k) {
				return refuse
			}
			continue
		}
		// Two conditions, one per value: each an EXISTS of its own.
		var vals []string
		for k := i + 1; k < len(items); k++ {
			if o := &items[k]; o.kind == itEntity && o.pick != nil && o.pick.kind == candValue && o.pick.col == c {
				vals = append(vals, it.pick.value, o.pick.value)
				break
			}
		}
		if len(vals) != 2 || !splitThroughLink(p, c, vals[0]) || !splitThroughLink(p, c, vals[1]) {
			return refuse
		}
	}
	return nil
}

// checkSplitValues refuses two values of one column said apart: the plan reads them as
// either one ("House or Senate"), which is right when they are listed together ("house and
// senate committees") but not in "joint committees of the House and Senate", where the
// second only describes the first. Values one after another with a comma between them are a
// list too ("good, bad and neutral characters").
func checkSplitValues(q string, items []item, p *plan) error {
	last := map[*column]int{}
	for i := range items {
		it := &items[i]
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candValue || it.pick.state != nil || it.pick.col == nil {
			continue
		}
		c := it.pick.col
		either := func(v string) bool {
			return slices.ContainsFunc(p.conds, func(d condition) bool {
				return d.col == c && d.anti == nil && d.role == nil && slices.ContainsFunc(d.vals, func(x any) bool { s, ok := x.(string); return ok && s == v })
			})
		}
		if j, ok := last[c]; ok && items[j].pick.value != it.pick.value && either(items[j].pick.value) && either(it.pick.value) {
			joined := false
			for k := j + 1; k < i; k++ {
				o := &items[k]
				joined = joined || o.kind == itKeyword && (o.kw.kind == kwAnd || o.kw.kind == kwOr || o.kw.kind == kwNot)
			}
			joined = joined || i == j+1 && strings.Contains(strings.ToLower(q), strings.ToLower(items[j].text()+", "+it.text()))
			if !joined && splitThroughLink(p, c, items[j].pick.value) {
				// "metro stations with a connection to RER B": a station on a metro line
				// that is also on RER B, two rows of the link table.
				joined = true
			}
			if !joined {
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell how %q and %q go together: both are values of %s.%s", items[j].text(), it.text(), c.table.name, c.name)}
			}
		}
		last[c] = i
	}
	return nil
}

// checkBareQuestion refuses a question that is only a noun phrase (starting with the rows)
// and a condition, asked with a question mark: "Rentals in February 2006?" asks either for the
// rentals or for how many there were, and nothing says which. Without the question mark it is a request for the rows;
// any keyword ("how many", "list", "which") says which answer is meant.
func checkBareQuestion(q string, items []item, p *plan) error {
	if !strings.HasSuffix(strings.TrimSpace(q), "?") || len(p.measures) > 0 || len(p.having) > 0 || p.outerCount || p.outerAvg {
		return nil
	}
	if len(items) == 0 || items[0].kind != itEntity || items[0].pick == nil || items[0].pick.kind != candTable {
		return nil // "Who acts in Academy Dinosaur?": a word before the rows says what is asked
	}
	if toks := tokenize(q); len(toks) == 0 || toks[0].lower != items[0].toks[0].lower {
		return nil
	}
	var rows string
	for k := range items {
		switch it := &items[k]; it.kind {
		case itKeyword, itNumber, itUnknown:
			return nil
		case itEntity:
			if it.pick != nil && it.pick.kind == candTable && rows == "" {
				rows = it.text()
			}
		}
	}
	if rows == "" {
		return nil
	}
	return &notUnderstood{words: []string{rows}, msg: fmt.Sprintf("cannot tell whether the question asks for the %s or how many there are", rows)}
}

// checkOwnNameAsPlace refuses "which Grands Prix are held in the United States" read as the
// Grand Prix named 'United States': a place said with "in" after the rows' own noun is where
// they are, which their own name does not say.
func checkOwnNameAsPlace(items []item) error {
	for _, it := range items {
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candValue || it.pick.col != it.pick.table.label || len(it.skipped) == 0 {
			continue
		}
		if w := it.skipped[len(it.skipped)-1]; w != "in" && !(w == "the" && len(it.skipped) > 1 && it.skipped[len(it.skipped)-2] == "in") {
			continue
		}
		if !slices.ContainsFunc(it.skipped, func(w string) bool { return placeVerbs[w] }) {
			continue
		}
		t := it.pick.table
		if slices.ContainsFunc(items, func(o item) bool {
			return o.kind == itEntity && o.pick != nil && o.pick.kind == candTable && o.pick.table == t
		}) {
			return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell where %s are held: %q is the name of one of them", t.name, it.text())}
		}
	}
	return nil
}

// startVerbs say that the start of a period is meant.
var startVerbs = toSet([]string{"start", "starts", "started", "starting", "begin", "begins", "began", "begun", "beginning", "effective"})

// placeVerbs say where something is: "held in", "based in".
var placeVerbs = toSet([]string{"held", "located", "based", "situated", "staged", "hosted", "run", "played"})

// checkDayInPeriod refuses a day said about rows that keep a period ("trips that ran on
// December 25 2014" over service calendars from start_date to end_date): the rows whose period
// starts that day are not those in effect that day, and a period can leave days out.
func checkDayInPeriod(items []item, p *plan) error {
	for _, it := range items {
		for _, w := range append(slices.Clip(it.skipped), strings.Fields(strings.ToLower(it.text()))...) {
			if startVerbs[w] {
				return nil // "terms that started on January 3": the start is meant
			}
		}
	}
	for _, d := range p.dates {
		if d.col == nil || d.rng.from.IsZero() || d.rng.to.Sub(d.rng.from) != 24*time.Hour || !containsAny(d.col.words, []string{"start", "begin", "effective"}) {
			continue
		}
		if slices.ContainsFunc(d.col.table.cols, func(c *column) bool {
			return c.class == classDate && containsAny(c.words, []string{"end", "expiry", "until"})
		}) {
			return &notUnderstood{words: []string{d.rng.text}, msg: fmt.Sprintf("cannot tell which %s rows were in effect on that day: each keeps a period from %s", d.col.table.name, d.col.name)}
		}
	}
	return nil
}

// checkFirstWithin refuses "which customers placed their first order in 2022" read as each
// customer's first order within 2022: the period restricts the rows before the earliest is
// taken, so every customer who ordered in 2022 is listed. The question keeps those whose
// first order ever falls in the period, a condition on the earliest date this plan cannot
// state. A first or last date per group on a column the same plan restricts by a period is
// refused; without grouping ("the first order in 2022") the restricted earliest is meant.
func checkFirstWithin(items []item, p *plan) error {
	if len(p.dims) == 0 || len(p.dates) == 0 {
		return nil
	}
	var word string
	for k := range items {
		if it := &items[k]; it.kind == itKeyword && (it.kw.kind == kwFirst || it.kw.kind == kwLatest) {
			word = it.text()
			break
		}
	}
	if word == "" {
		return nil
	}
	for _, m := range p.measures {
		if m.col == nil || m.agg != aggMin && m.agg != aggMax {
			continue
		}
		for _, d := range p.dates {
			if d.col == m.col {
				return &notUnderstood{words: []string{word}, msg: fmt.Sprintf("cannot tell whether %q is the earliest or latest ever, or within the period", word)}
			}
		}
	}
	return nil
}

// withNone asks for the groups that have no rows too: "including customers with none",
// "Include customers that have none.", "even those with no orders".
var withNone = regexp.MustCompile(`(?i)[,;]?\s*(?:(?:and\s+)?(?:please\s+)?(?:include|including|even|also\s+show|show\s+also)\s+(?:the\s+)?(?:ones|those|[a-z]+)\s+(?:that|who|which|with)\s+(?:have\s+|had\s+|has\s+)?(?:none|no\s+[a-z]+|zero(?:\s+[a-z]+)?)|` +
	// "counting sites without devices as zero"
	`(?:counting|treating)\s+(?:the\s+)?[a-z]+\s+(?:without|with\s+no|that\s+have\s+no)\s+(?:any\s+)?[a-z]+\s+as\s+(?:zero|0|having\s+none))\s*([.?!]?)\s*$`)

// interpret runs resolution, plan building and completion; adjust changes the resolved items
// before the plan is built (the tax basis of the amounts named), and keepEmpty asks for the
// groups without rows too (withNone).
func interpret(m *model, items []item, adjust func([]item) error, keepEmpty bool, today string) (*plan, error) {
	var unknown []string
	for k := range items {
		if it := &items[k]; it.kind == itEntity && normPhrase(it.text()) == "name" && k+1 < len(items) && namesRole(items[k+1]) {
			// "the name of their manager" is the manager's label, not a column called name
			// somewhere else; build places it with the role or refuses it.
			it.kind, it.cands, it.pick = itUnknown, nil, nil
		}
	}
	dropPayVerbs(items)
	unitAsked(items)
	items = dropTrailingEach(ordinalsAsNumbers(columnThenValue(letterUnits(namedUnits(kindOfNamedRow(verbOfRoleKey(items)))))))
	for k, it := range items {
		if it.kind == itUnknown {
			if _, unit := unitSeconds[it.toks[0].norm]; (unit || it.toks[0].norm == "cent") && len(it.toks) == 1 && k > 0 && items[k-1].kind == itNumber {
				continue // "180 minutes", "99 cents": the comparison converts it, or build refuses it
			}
			if outUnit(it) != "" {
				continue // "the average track length in minutes": build converts the measure
			}
			if normPhrase(it.text()) == "name" && k+1 < len(items) && namesRole(items[k+1]) {
				continue // "the name of their manager": the role's label, read by build
			}
			if w := it.toks[0].lower; len(it.toks) == 1 && (w == "after" || w == "before") && k > 0 && k+1 < len(items) &&
				items[k-1].kind == itEntity && items[k+1].kind == itEntity {
				continue // "shipped after their required date": build compares the two dates, or refuses
			}
			if _, ok := changeVerbs[strings.ToLower(it.text())]; ok && len(it.toks) == 1 && slices.ContainsFunc(items, func(x item) bool { return x.kind == itDate }) {
				continue // "grew from 1952 to 2007": build reads the change, or refuses it
			}
			if keptInMillions(items, k) {
				continue // "the average UK audience, in millions": the figures already are
			}
			if strings.EqualFold(it.text(), "numbered") && k+1 < len(items) && items[k+1].kind == itEntity {
				continue // "each numbered series": build keeps the rows that have a number, or refuses
			}
			unknown = append(unknown, it.text())
		}
	}
	if len(unknown) > 0 {
		// Report every unmapped word at once, before resolution complains about one.
		return nil, &notUnderstood{words: unknown, msg: "some words do not match any table, column or value"}
	}
	daysAsRows(m, items)
	holdersOfRows(items)
	narrowByContext(items)
	if err := resolve(m, items); err != nil {
		return nil, err
	}
	sayAgain(items)
	if err := adjust(items); err != nil {
		return nil, err
	}
	p, err := build(m, items)
	if err != nil {
		return nil, err
	}
	p.keepEmpty, p.today = keepEmpty, today
	if err := complete(m, p); err != nil {
		return nil, err
	}
	if err := checkJoins(m, p, items); err != nil {
		return nil, err
	}
	return p, nil
}

// sayAgain reads a word that names the same column as the word right before it as part of
// that name: "freight charge" is the freight, once, not the freight and then a charge.
func sayAgain(items []item) {
	for i := 1; i < len(items); i++ {
		a, b := &items[i-1], &items[i]
		if a.kind == itEntity && b.kind == itEntity && a.pick != nil && b.pick != nil && len(b.skipped) == 0 &&
			a.pick.kind == candColumn && b.pick.kind == candColumn && a.pick.col == b.pick.col &&
			b.start == a.start+len(a.toks) {
			b.kind, b.kw, b.pick, b.cands = itKeyword, keyword{}, nil, nil
		}
	}
}

// outUnit is the time unit an answer is asked in ("in minutes", "in hours"), or "".
func outUnit(it item) string {
	if it.kind != itUnknown || len(it.toks) != 1 || len(it.skipped) == 0 || it.skipped[len(it.skipped)-1] != "in" {
		return ""
	}
	if _, ok := unitSeconds[it.toks[0].norm]; ok {
		return it.toks[0].norm
	}
	if u := measureUnit(it.toks, 0); u != "" {
		return u // "the heaviest body mass, in grams", "in kilograms"
	}
	return ""
}

// valueNounsAfterBy reads "made by Democratic and Republican presidents" (as tokenize writes
// "by Democratic presidents and how many by Republican presidents") as the appointments of
// each of the two values: the "by" of who did it goes, and so does the noun after a value that
// only restates whose value it is (presidents of president_party).
func valueNounsAfterBy(items []item) []item {
	value := func(it *item) *cand {
		if it.kind == itEntity && len(it.cands) > 0 && it.cands[0].kind == candValue && it.cands[0].col != nil && it.cands[0].state == nil {
			return &it.cands[0]
		}
		return nil
	}
	by := func(it *item) bool {
		return it.kind == itKeyword && it.kw.kind == kwGroup && strings.EqualFold(it.text(), "by")
	}
	out := items[:0:0]
	agent := false // a value said after "by" was met
	for k := 0; k < len(items); k++ {
		it := &items[k]
		if by(it) && k+1 < len(items) && value(&items[k+1]) != nil && len(it.skipped) > 0 && participle(it.skipped[len(it.skipped)-1]) && secondValue(items[k+1:]) {
			// "made by Democratic presidents": who made them, a value to keep, not a grouping.
			agent = true
			continue
		}
		if agent && len(out) > 0 && value(&out[len(out)-1]) != nil && it.kind == itEntity && len(it.toks) == 1 && it.toks[0].plural {
			v := value(&out[len(out)-1])
			if slices.Contains(v.col.words, it.toks[0].norm) && slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candColumn && c.table == v.table }) {
				continue // "Democratic presidents": the value's own column named again
			}
		}
		out = append(out, *it)
	}
	return out
}

// countedRowsOverColumn reads "how many contacts does LCSC have" as the rows of the contacts
// table that refer to the company, not the company's one contact column counted: a text
// column holds one value per row, so a count of it per named row says little.
func countedRowsOverColumn(items []item) {
	for k := 1; k < len(items); k++ {
		it := &items[k]
		if prev := &items[k-1]; prev.kind != itKeyword || prev.kw.kind != kwCount || it.kind != itEntity || len(it.cands) < 2 || !it.toks[len(it.toks)-1].plural {
			continue
		}
		t := it.cands[0]
		if t.kind != candTable || t.score < scoreExact {
			continue
		}
		it.cands = slices.DeleteFunc(slices.Clone(it.cands), func(c cand) bool {
			return c.kind == candColumn && c.col != nil && c.col.class == classText && c.table != t.table && fkTo(t.table, c.table) != nil
		})
	}
}

// eventDateOfCountedRows reads "in which year were the most episodes first broadcast" as the
// episodes counted per year of their own date: the date said after the rows is their verb,
// which the grouping by year already reads, not a figure to take the latest of.
func eventDateOfCountedRows(items []item) {
	grouped := slices.ContainsFunc(items, func(it item) bool { return it.kind == itKeyword && (it.kw.kind == kwUnit || it.kw.kind == kwBucket) })
	most := slices.ContainsFunc(items, func(it item) bool { return it.kind == itKeyword && (it.kw.kind == kwMost || it.kw.kind == kwLeast) })
	if !grouped || !most {
		return
	}
	for k := 1; k < len(items); k++ {
		prev, it := &items[k-1], &items[k]
		if prev.kind != itEntity || len(prev.cands) == 0 || prev.cands[0].kind != candTable || it.kind != itEntity || len(it.cands) == 0 {
			continue
		}
		t := prev.cands[0].table
		if slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candColumn && c.col == t.date }) && it.cands[0].col != nil && it.cands[0].col.class == classDate {
			it.cands = []cand{{kind: candTable, table: t, score: prev.cands[0].score}} // the rows named again
		}
	}
}

// secondValue reports whether the value first in items is followed, after "and", by another
// value of its column: two values to answer for each, side by side.
func secondValue(items []item) bool {
	v := items[0].cands[0]
	for k := 1; k < len(items) && k <= 5; k++ {
		it := &items[k]
		if it.kind == itEntity && len(it.cands) > 0 && it.cands[0].kind == candValue && it.cands[0].col == v.col && it.cands[0].value != v.value {
			return slices.ContainsFunc(items[1:k], func(x item) bool { return x.kind == itKeyword && x.kw.kind == kwAnd })
		}
	}
	return false
}

// withinFamily keeps the words of a question that names one family of tables ("Doctor Who
// series 1", "Torchwood writers") to that family's tables: "series" and "episodes" are that
// show's, not the other's of the same shape.
func withinFamily(items []item) {
	named := ""
	for _, it := range items {
		if it.kind != itEntity || len(it.cands) == 0 || it.cands[0].kind != candTable {
			continue
		}
		if len(it.cands) > 1 && it.cands[1].score >= it.cands[0].score {
			continue // "episodes" of either show names none
		}
		f := it.cands[0].table.family
		switch {
		case f == "":
		case named == "":
			named = f
		case named != f:
			return // both shows named: each word keeps its readings
		}
	}
	if named == "" {
		return
	}
	for k := range items {
		it := &items[k]
		if it.kind != itEntity || len(it.cands) < 2 {
			continue
		}
		kept := slices.DeleteFunc(slices.Clone(it.cands), func(c cand) bool {
			return c.table != nil && c.table.family != "" && c.table.family != named
		})
		if len(kept) > 0 && len(kept) < len(it.cands) {
			it.cands = kept
		}
	}
}

// keptInMillions reports whether items[k] is "million(s)" or "billion(s)" said of a figure
// the data keeps in that unit: every number column the words next to it can name holds
// values under 1,000 (viewers 7.2, not 7,200,000), so the figures are answered as they are.
func keptInMillions(items []item, k int) bool {
	it := &items[k]
	if len(it.toks) != 1 || !slices.Contains([]string{"million", "millions", "billion", "billions"}, it.toks[0].lower) {
		return false
	}
	found := false
	for j := max(0, k-2); j <= min(len(items)-1, k+2); j++ {
		for _, c := range items[j].cands {
			if c.kind != candColumn || c.col == nil || c.col.class != classNumber {
				continue
			}
			for _, v := range c.col.values() {
				if f, ok := leadingNumber(v); !ok || f >= 1000 {
					return false
				}
			}
			if len(c.col.values()) == 0 && (c.col.prof == nil || !smallNumber(c.col.prof.Max)) {
				return false
			}
			found = true
		}
	}
	return found
}

// leadingNumber reads the number a value begins with ('9.84[13]' is 9.84).
func leadingNumber(v string) (float64, bool) {
	end := 0
	for end < len(v) && (v[end] >= '0' && v[end] <= '9' || v[end] == '.' || v[end] == '-' && end == 0) {
		end++
	}
	f, err := strconv.ParseFloat(v[:end], 64)
	return f, err == nil
}

// smallNumber reports whether a profiled figure is under 1,000.
func smallNumber(s string) bool {
	f, ok := leadingNumber(s)
	return ok && f < 1000
}

// dropTrailingEach reads "and how many times each" as the figure of each row listed: the
// "each" right after "how many (times)" that ends a question groups by nothing of its own
// ("how many flights went to each" still groups); so does "with the number of restaurants for
// each" after the rows ranked.
func dropTrailingEach(items []item) []item {
	n := len(items)
	if n > 1 && items[n-1].kind == itKeyword && items[n-1].kw.kind == kwGroup && strings.EqualFold(items[n-1].text(), "each") &&
		items[n-2].kind == itKeyword && items[n-2].kw.kind == kwCount && (len(items[n-1].skipped) == 0 || slices.Equal(items[n-1].skipped, []string{"times"})) {
		return items[:n-1]
	}
	if n > 3 && items[n-1].kind == itKeyword && items[n-1].kw.kind == kwGroup && strings.EqualFold(items[n-1].text(), "each") && len(items[n-1].skipped) == 0 &&
		items[n-2].kind == itEntity && items[n-3].kind == itKeyword && items[n-3].kw.kind == kwCount &&
		slices.ContainsFunc(items[:n-3], func(it item) bool {
			return it.kind == itKeyword && (it.kw.kind == kwTop || it.kw.kind == kwMost || it.kw.kind == kwWhich)
		}) {
		// "which three birth states were the most common, and how many appointments each":
		// the count beside each row ranked.
		return items[:n-1]
	}
	e := n - 1 // "each", then the verb as a word of its own or left unread after it
	if n > 1 && items[e].kind == itEntity {
		e--
	}
	if e > 2 && items[e].kind == itKeyword && items[e].kw.kind == kwGroup && strings.EqualFold(items[e].text(), "each") &&
		slices.ContainsFunc(items[e].skipped, func(w string) bool { return auxVerbs[strings.ToLower(w)] }) && len(items[e].skipped) <= 2 &&
		items[e-1].kind == itKeyword && items[e-1].kw.kind == kwCount &&
		slices.ContainsFunc(items[:e-1], func(it item) bool {
			return it.kind == itKeyword && (it.kw.kind == kwTop || it.kw.kind == kwMost || isCmp(it.kw.kind))
		}) {
		// "writers who wrote more than two episodes, and how many did each write": the
		// count the rows were kept or ranked by, shown beside each.
		cut := e - 1
		if items[cut-1].kind == itKeyword && items[cut-1].kw.kind == kwAnd {
			cut--
		}
		return items[:cut]
	}
	if n > 3 && items[n-1].kind == itKeyword && strings.EqualFold(items[n-1].text(), "for each") && items[n-2].kind == itEntity &&
		items[n-3].kind == itKeyword && items[n-3].kw.kind == kwCount && slices.ContainsFunc(items[:n-3], func(it item) bool { return it.kind == itKeyword && it.kw.kind == kwWith }) {
		return items[:n-1]
	}
	return items
}

// ordinalNumbers are the ordinal words a row's number within a series is said by.
var ordinalNumbers = map[string]float64{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
	"eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12}

// verbOfRoleKey reads "orders shipped to California" as the orders whose ship-to address is
// there: a participle that names a date (ShipDate) said right before "to" and a value is the
// verb of a key of that table named for it (ShipToAddressID), which the join path then takes;
// the word stays said, as a word skipped before the value.
func verbOfRoleKey(items []item) []item {
	for k := 0; k+1 < len(items); k++ {
		it, n := items[k], items[k+1]
		if it.kind != itEntity || len(it.toks) != 1 || !strings.HasSuffix(it.toks[0].lower, "ed") || len(it.cands) == 0 ||
			n.kind != itEntity || len(n.skipped) == 0 || n.skipped[0] != "to" {
			continue
		}
		st := stem(it.toks[0].lower)
		keyed := st != "" && !slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind != candColumn || c.col.class != classDate })
		for _, c := range it.cands {
			keyed = keyed && slices.ContainsFunc(c.table.fks, func(f fk) bool { return f.from.table == c.table && slices.Contains(f.from.words, st) })
		}
		if !keyed {
			continue
		}
		items[k+1].skipped = append([]string{it.toks[0].norm}, n.skipped...)
		items = slices.Delete(items, k, k+1)
	}
	return items
}

// beginWords and endWords say which of a row's first and last values is meant: "ICU stays
// that began in the MICU" is FIRST_CAREUNIT, "ended in" LAST_CAREUNIT.
var (
	beginWords = toSet(strings.Fields("began begin begins beginning start started starts starting"))
	endWords   = toSet(strings.Fields("ended end ends ending finished"))
)

// endVerbsOfFirstAndLast reads "began" or "ended" said before a value that a row keeps as its
// first and its last one (FIRST_CAREUNIT, LAST_CAREUNIT), or beside the only such column, as
// the choice between the two, not as a start date of its own: "ICU stays that began in the
// MICU", "the average stay for each care unit where the stay began".
func endVerbsOfFirstAndLast(items []item) []item {
	firstOrLast := func(it item) bool {
		return it.kind == itEntity && slices.ContainsFunc(it.cands, func(c cand) bool {
			return c.col != nil && (slices.Contains(c.col.words, "first") || slices.Contains(c.col.words, "last"))
		})
	}
	for k := 0; k < len(items); k++ {
		it := items[k]
		if it.kind != itEntity && it.kind != itUnknown || len(it.toks) != 1 || !beginWords[it.toks[0].lower] && !endWords[it.toks[0].lower] {
			continue
		}
		// The value right after the verb, or else the only item that could be either.
		j := -1
		if k+1 < len(items) && firstOrLast(items[k+1]) {
			j = k + 1
		} else {
			for o := range items {
				if o != k && firstOrLast(items[o]) {
					if j >= 0 {
						j = -1
						break
					}
					j = o
				}
			}
		}
		if j < 0 {
			continue
		}
		side := "first"
		if endWords[it.toks[0].lower] {
			side = "last"
		}
		items = slices.Clone(items)
		if kept := slices.DeleteFunc(slices.Clone(items[j].cands), func(c cand) bool {
			return c.col != nil && (slices.Contains(c.col.words, "first") || slices.Contains(c.col.words, "last")) && !slices.Contains(c.col.words, side)
		}); len(kept) > 0 {
			items[j].cands = kept
		}
		items[j].skipped = append(append(slices.Clone(it.skipped), it.toks[0].lower), items[j].skipped...)
		items = slices.Delete(items, k, k+1)
		k--
	}
	return items
}

// kindOfNamedRow drops the kind of a tree's row said right beside its name: "the Road Bikes
// subcategory", "the subcategory Road Bikes" name the one category, which is a subcategory,
// not the categories under it.
func kindOfNamedRow(items []item) []item {
	state := func(it item) *cand {
		if it.kind == itEntity && !it.plural && len(it.cands) > 0 {
			if c := &it.cands[0]; c.kind == candValue && c.state != nil && c.state.link == nil && selfRef(c.col) {
				return c
			}
		}
		return nil
	}
	named := func(it item, t *table) bool {
		return it.kind == itEntity && slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candValue && c.state == nil && c.table == t && c.col == t.label })
	}
	for k := 0; k+1 < len(items); k++ {
		a, b := items[k], items[k+1]
		if len(b.skipped) > 0 {
			continue
		}
		if s := state(b); s != nil && named(a, s.table) {
			items = slices.Delete(items, k+1, k+2)
		} else if s := state(a); s != nil && named(b, s.table) {
			items[k+1].skipped = a.skipped
			items = slices.Delete(items, k, k+1)
		}
	}
	return items
}

// namedUnits drops a unit named after a thing, said after "in" with the plural of a figure
// the question asks for elsewhere: "the average mass, in Jupiter masses, of planets" is the
// mass as the column keeps it, not the masses of the planet called Jupiter.
func namedUnits(items []item) []item {
	for k := 1; k+1 < len(items); k++ {
		it, n := items[k], items[k+1]
		if it.kind != itEntity && it.kind != itUnknown || len(it.toks) != 1 || len(it.skipped) == 0 || it.skipped[len(it.skipped)-1] != "in" ||
			n.kind != itEntity || !n.plural || len(n.skipped) > 0 || len(n.cands) == 0 || n.cands[0].kind != candColumn || n.cands[0].col.class != classNumber {
			continue
		}
		col := n.cands[0].col
		if !slices.ContainsFunc(items[:k], func(o item) bool {
			return o.kind == itEntity && len(o.cands) > 0 && o.cands[0].kind == candColumn && o.cands[0].col == col
		}) {
			continue
		}
		items = slices.Delete(items, k, k+2)
		k--
	}
	return items
}

// letterUnits drops a single letter said right after a number compared with a temperature:
// "hotter than 20,000 K" is in kelvins, not the value 'K' of a spectral type.
func letterUnits(items []item) []item {
	for k := 2; k < len(items); k++ {
		it, n, cmp := items[k], items[k-1], items[k-2]
		if (it.kind == itEntity || it.kind == itUnknown) && len(it.toks) == 1 && len(it.skipped) == 0 && len([]rune(it.toks[0].raw)) == 1 && !it.toks[0].quoted &&
			n.kind == itNumber && cmp.kind == itKeyword && (cmp.kw.dim == "heat" || cmp.kw.dim == "cold") {
			items = slices.Delete(items, k, k+1)
			k--
		}
	}
	return items
}

// columnThenValue reads a column named right before one of its values as that value: "the
// constellation Boötes", "spectral type K0V", "the genre Rock" say which column the value is
// of, not a second thing to show or group by.
func columnThenValue(items []item) []item {
	for k := 0; k+1 < len(items); k++ {
		it, n := items[k], items[k+1]
		if it.kind != itEntity || n.kind != itEntity || len(n.skipped) > 0 || len(it.cands) == 0 || it.cands[0].kind != candColumn {
			continue
		}
		col := it.cands[0].col
		var vals []cand
		for _, c := range n.cands {
			if c.kind == candValue && c.col == col && c.state == nil {
				vals = append(vals, c)
			}
		}
		if len(vals) == 0 {
			continue
		}
		n.skipped = it.skipped
		n.toks = slices.Concat(it.toks, n.toks)
		n.start = it.start
		n.cands = vals
		n.pick = nil
		items = slices.Concat(items[:k], []item{n}, items[k+2:])
	}
	return items
}

// ordinalNumber reads an ordinal said in words ("fifth") or in figures ("15th", "3rd", "21st").
func ordinalNumber(s string) (float64, bool) {
	s = strings.ToLower(s)
	if n, ok := ordinalNumbers[s]; ok {
		return n, true
	}
	m := ordinalFigure.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return float64(n), err == nil && n > 0
}

// sittingColumn reports whether a whole-number column numbers the sittings of a body or the
// editions of an event (un_roll_calls.session, congress, edition): "the 70th session" is
// session 70. Only said with an ordinal before it; "session" alone also counts visits.
func sittingColumn(c *column) bool {
	return c.class == classNumber && c.intTyp && len(c.words) > 0 && sittingWords[c.words[len(c.words)-1]]
}

// sittingWords name numbered sittings and editions.
var sittingWords = toSet([]string{"session", "congress", "edition", "legislature", "term", "parliament"})

// ordinalFigure is an ordinal in figures: the number and its English suffix.
var ordinalFigure = regexp.MustCompile(`^([0-9]{1,4})(st|nd|rd|th)$`)

// ordinalsAsNumbers reads "the fifth episode of season 6" as episode 5: an ordinal word the
// scanner left unplaced, right before the name of a column that numbers rows within a series
// (or of the table it numbers), keeps the rows of that number.
func ordinalsAsNumbers(items []item) []item {
	for k := 0; k+1 < len(items); k++ {
		it, n := items[k], items[k+1]
		num, ok := ordinalNumber(it.text())
		// "the first session" is session 1 where sessions are numbered: "first" is a
		// keyword (the earliest) only where nothing numbers the rows.
		first := it.kind == itKeyword && it.kw.kind == kwFirst && strings.EqualFold(it.text(), "first") && slices.ContainsFunc(n.cands, func(c cand) bool {
			return c.kind == candColumn && (ordinalColumn(c.col) || sittingColumn(c.col))
		})
		if first {
			num, ok = 1, true
		}
		if it.kind != itUnknown && !first || len(it.toks) != 1 || !ok || n.kind != itEntity || len(n.skipped) > 0 {
			continue
		}
		var col *column
		for _, c := range n.cands {
			switch {
			case c.kind == candColumn && (ordinalColumn(c.col) || sittingColumn(c.col)):
				col = c.col
			case c.kind == candTable && c.table.ordinal != nil:
				col = c.table.ordinal
			}
			if col != nil {
				break
			}
		}
		if col == nil {
			continue
		}
		n.skipped = it.skipped
		n.toks = slices.Concat(it.toks, n.toks)
		n.start = it.start
		n.cands = []cand{{kind: candValue, table: col.table, col: col, score: scoreExact, state: &stateCond{op: "=", val: num}}}
		n.pick = nil
		items = slices.Concat(items[:k], []item{n}, items[k+2:])
	}
	return items
}

// unitAsked reads "how many minutes does it last" as the answer asked in minutes: the unit
// is not counted, and the verb of a duration ("last", "run", "take") is not "the latest".
func unitAsked(items []item) {
	for k := 1; k < len(items); k++ {
		it, prev := &items[k], &items[k-1]
		if it.kind != itUnknown || len(it.toks) != 1 || prev.kind != itKeyword || prev.kw.kind != kwCount || normPhrase(prev.text()) != "how many" {
			continue
		}
		if _, ok := unitSeconds[it.toks[0].norm]; !ok {
			continue
		}
		prev.kw = keyword{}
		it.skipped = append(slices.Clip(it.skipped), "in")
		for j := k + 1; j < len(items); j++ {
			if v := &items[j]; v.kind == itKeyword && len(v.toks) == 1 && durationVerbs[v.toks[0].lower] {
				v.kw = keyword{}
			}
		}
	}
}

// durationVerbs say how long something takes.
var durationVerbs = map[string]bool{"last": true, "lasts": true, "lasted": true, "run": true, "runs": true, "ran": true, "take": true, "takes": true, "took": true}

// namesRole reports whether an item can be a role of a self-reference ("manager").
func namesRole(it item) bool {
	for _, c := range it.cands {
		if c.kind == candColumn && c.col.class == classKey && selfRef(c.col) {
			return true
		}
	}
	return false
}

// toPublic converts internal failures into the API's error.
func toPublic(err error, items []item) error {
	var nu *notUnderstood
	var amb *ambiguityError
	var un *unrelatedError
	var na *nameAmbiguityError
	var jp *joinPathError
	switch {
	case errors.As(err, &nu):
		return &nlq.NotUnderstoodError{Words: nu.words, Message: nu.msg}
	case errors.As(err, &amb):
		return &nlq.NotUnderstoodError{Words: []string{amb.words}, Message: "ambiguous: " + amb.Error()}
	case errors.As(err, &na):
		var rs []string
		for _, c := range na.readings {
			rs = append(rs, describe(c))
		}
		return &nlq.NotUnderstoodError{Words: []string{na.words}, Message: "ambiguous: " + na.Error(), Readings: rs}
	case errors.As(err, &un):
		return &nlq.NotUnderstoodError{Words: []string{un.words}, Message: un.Error()}
	case errors.As(err, &jp):
		return &nlq.NotUnderstoodError{Words: []string{jp.table}, Message: "ambiguous: " + jp.Error(), Readings: jp.readings}
	}
	return fmt.Errorf("offline: %w", err)
}

func dialectFor(t datasource.Type) (dialect, error) {
	switch t {
	case datasource.Postgres, datasource.MySQL, datasource.SQLite:
		return dialect{typ: t}, nil
	case "":
		return dialect{typ: datasource.Postgres}, nil
	}
	return dialect{}, fmt.Errorf("offline: unsupported dialect %q", t)
}

// matchExample finds a template question that is the same question: identical content
// words, numbers included. Anything looser risks answering a different question.
func matchExample(q string, examples []nlq.Example) (nlq.Example, bool) {
	key := questionKey(q)
	for _, ex := range examples {
		if ex.SQL != "" && questionKey(ex.Question) == key {
			return ex, true
		}
	}
	return nlq.Example{}, false
}

func questionKey(q string) string {
	var ws []string
	for _, t := range tokenize(q) {
		if !t.quoted && stopWords[t.lower] {
			continue
		}
		ws = append(ws, t.norm)
	}
	return strings.Join(ws, " ")
}

// explain describes the plan in words ("Sum of orders.total_amount, by products.name, where
// orders.order_date in 2024, top 5"), so a user can see how the question was read before
// trusting the numbers.
func explain(p *plan) string {
	var parts []string
	d := dialect{typ: datasource.SQLite, words: true}
	switch {
	case p.outerCount:
		parts = append(parts, "Number of "+p.dims[0].table.name)
	case p.listTable != nil && len(p.listCols) > 0:
		var cs []string
		for _, c := range p.listCols {
			cs = append(cs, d.col(c))
		}
		lead := "Values of "
		if p.distinct {
			lead = "Distinct values of "
		}
		w := lead + strings.Join(cs, ", ")
		if rk := p.roleList; rk != nil {
			w += fmt.Sprintf(", each with the name of its %s (the %s row %s.%s points to)", roleAlias(rk), rk.table.name, rk.table.name, rk.name)
		}
		parts = append(parts, w)
	case p.listTable != nil:
		parts = append(parts, "Rows of "+p.listTable.name)
	}
	var ms []string
	for _, m := range p.measures {
		w := measureWords(p, m)
		if p.outerAvg {
			w = "Average per group of: " + strings.ToLower(w[:1]) + w[1:]
		}
		if p.share {
			w += " and its share of the total (%)"
		}
		if m.per > 0 {
			w += " in " + m.unit + "s"
		}
		ms = append(ms, w)
	}
	if len(ms) > 0 && !p.outerCount {
		parts = append(parts, strings.Join(ms, " and "))
	}
	var dims []string
	for _, dm := range p.dims {
		if p.outerCount {
			break
		}
		switch {
		case dm.grain != grainNone:
			dims = append(dims, fmt.Sprintf("%s of %s", dm.grain, d.col(dm.col)))
		case dm.role != nil:
			dims = append(dims, fmt.Sprintf("the %s (%s.%s)", roleAlias(dm.role), dm.role.table.name, dm.role.name))
		case dm.table != nil && dm.table.label != nil:
			dims = append(dims, d.col(dm.table.label))
		case dm.table != nil:
			dims = append(dims, dm.table.name)
		default:
			dims = append(dims, d.col(dm.col))
		}
	}
	if len(dims) > 0 {
		parts = append(parts, "by "+strings.Join(dims, " and "))
	}
	var conds []string
	for _, c := range p.semFilters {
		conds = append(conds, c)
	}
	save, saveConds := p.semFilters, p.conds
	p.semFilters = nil
	var exists []string
	p.conds = slices.DeleteFunc(slices.Clone(p.conds), func(c condition) bool {
		if c.anti != nil {
			exists = append(exists, existsWords(c, d))
		}
		return c.anti != nil
	})
	for _, w := range where(p, d) {
		if !isDateBound(p, w, d) {
			conds = append(conds, w)
		}
	}
	p.semFilters, p.conds = save, saveConds
	if len(conds) > 0 {
		parts = append(parts, "where "+strings.Join(conds, " and "))
	}
	parts = append(parts, exists...)
	for _, dc := range p.dates {
		parts = append(parts, fmt.Sprintf("%s %s (%q)", d.col(dc.col), dc.rng, dc.rng.text))
	}
	for _, h := range p.having {
		if h.avgGroups != nil && !h.avgGroups.outerAvg && h.op != "=" {
			// "styles whose average ABV is above the average of all ABVs".
			w := strings.TrimSuffix(opWords(h.op, []any{0.0}, d), " 0")
			all := "over all rows"
			if len(h.avgGroups.conds) > 0 {
				all = "over all rows where " + strings.Join(where(h.avgGroups, d), " and ")
			}
			parts = append(parts, "keeping groups whose "+lowerFirst(measureWords(p, *h.having))+" is "+w+" its average "+all)
			continue
		}
		if h.avgGroups != nil && !h.avgGroups.outerAvg {
			// "in every film": as many as there are.
			parts = append(parts, "keeping groups whose "+lowerFirst(measureWords(p, *h.having))+" is all of them")
			continue
		}
		if h.avgGroups != nil {
			w := strings.TrimSuffix(opWords(h.op, []any{0.0}, d), " 0")
			parts = append(parts, "keeping groups whose "+lowerFirst(measureWords(p, *h.having))+" is "+w+" the average over all groups")
			continue
		}
		if h.versus != nil {
			w := strings.TrimSuffix(opWords(h.op, []any{0.0}, d), " 0")
			parts = append(parts, "keeping groups whose "+lowerFirst(measureWords(p, *h.having))+" is "+w+" their "+lowerFirst(measureWords(p, *h.versus)))
			continue
		}
		w := lowerFirst(measureWords(p, *h.having))
		if h.having.per > 0 {
			w += " in " + h.having.unit + "s"
		}
		parts = append(parts, "keeping groups whose "+w+" is "+opWords(h.op, h.vals, d))
	}
	switch {
	case p.limit > 0 && p.order != orderNone && !p.desc:
		parts = append(parts, fmt.Sprintf("bottom %d", p.limit))
	case p.limit > 0:
		parts = append(parts, fmt.Sprintf("top %d", p.limit))
	case p.topPer > 0 && p.partition != nil:
		w := "highest"
		if !p.desc {
			w = "lowest"
		}
		parts = append(parts, fmt.Sprintf("the %s %s.%s within each %s.%s", w, p.orderCol.table.name, p.orderCol.name, p.partition.table.name, p.partition.name))
	case p.topPer > 0:
		parts = append(parts, fmt.Sprintf("top %d within each %s", p.topPer, dimWord(p.dims[0])))
	}
	parts = append(parts, p.notes...)
	if p.rounded {
		parts = append(parts, fmt.Sprintf("rounded to %d decimal%s", p.digits, map[bool]string{true: "", false: "s"}[p.digits == 1]))
	}
	return strings.Join(parts, ", ") + "."
}

// isDateBound reports whether a rendered WHERE condition is one of the plan's date bounds,
// which the explanation says with the question's own words instead.
func isDateBound(p *plan, w string, d dialect) bool {
	for _, dc := range p.dates {
		if strings.HasPrefix(w, d.col(dc.col)+" >= ") || strings.HasPrefix(w, d.col(dc.col)+" < ") || dc.rng.everyYear && strings.HasPrefix(w, d.monthOfYear(dc.col)+" = ") {
			return true
		}
	}
	return false
}

// measureWords names one aggregate in words.
func measureWords(p *plan, m measure) string {
	d := dialect{typ: datasource.SQLite, words: true}
	if m.period != nil {
		x := m
		x.period = nil
		return fmt.Sprintf("%s over %s", measureWords(p, x), m.period.rng)
	}
	if c := m.change; c != nil && m.col != nil {
		return fmt.Sprintf("Change in %s from %s %d to %d", d.col(m.col), d.col(c.year), c.from, c.to)
	}
	if m.times != nil && m.col != nil {
		return fmt.Sprintf("Sum of %s × %s", d.col(m.col), d.col(m.times))
	}
	if m.weight != nil && m.col != nil {
		return fmt.Sprintf("Average of %s weighted by %s", d.col(m.col), d.col(m.weight))
	}
	if m.shareOf != nil && m.col != nil {
		what := d.col(m.col)
		if def := m.col.metric; def != nil {
			what = def.desc
		}
		return fmt.Sprintf("Percentage of the sum of %s where %s", what, where(&plan{conds: []condition{*m.shareOf}}, d)[0])
	}
	if m.col != nil && m.col.metric != nil {
		def := m.col.metric
		if def.price != nil {
			return "Sum of " + def.desc
		}
		if def.desc != "" {
			return fmt.Sprintf("%s (%s)", def.name, def.desc)
		}
		return fmt.Sprintf("%s (%s)", def.name, def.expr)
	}
	if m.shareOf != nil {
		return fmt.Sprintf("Percentage of %s rows where %s", m.table.name, where(&plan{conds: []condition{*m.shareOf}}, d)[0])
	}
	if m.countIf != nil && m.col == nil {
		return fmt.Sprintf("Number of %s where %s", m.table.name, where(&plan{conds: []condition{*m.countIf}}, d)[0])
	}
	if m.col == nil && m.reports {
		return "Number of " + m.table.name + " rows"
	}
	if m.col == nil && m.table.sightings != nil {
		return fmt.Sprintf("Number of %s (distinct %s.%s)", m.table.name, m.table.name, m.table.sightings.name)
	}
	if m.col == nil {
		return "Number of " + m.table.name
	}
	c := d.col(m.col)
	date := m.col.class == classDate
	switch m.agg {
	case aggCount:
		return "Number of " + c + " values"
	case aggCountDistinct:
		return "Number of distinct " + c
	case aggAvg:
		return "Average of " + c
	case aggMin:
		if date {
			return "Earliest " + c
		}
		return "Lowest " + c
	case aggMax:
		if date {
			return "Latest " + c
		}
		return "Highest " + c
	}
	return "Sum of " + c
}

func opWords(op string, vals []any, d dialect) string {
	words := map[string]string{">": "above", ">=": "at least", "<": "below", "<=": "at most", "=": "equal to", "<>": "not"}
	switch op {
	case "between", "not between":
		return fmt.Sprintf("%s %s and %s", op, d.literal(vals[0]), d.literal(vals[1]))
	case "is null":
		return "unknown"
	case "is not null":
		return "known"
	}
	if w, ok := words[op]; ok {
		return w + " " + d.literal(vals[0])
	}
	return op + " " + d.literal(vals[0])
}

// suggest proposes up to three questions the engine can answer about the tables the question
// mentioned (or, when it named none, the schema's main tables), phrased with the schema's own
// names so that asking one of them works.
func suggest(m *model, items []item) []string {
	var ts []*table
	for _, it := range items {
		if it.kind != itEntity {
			continue
		}
		switch {
		case it.pick != nil:
			ts = appendTable(ts, it.pick.table)
		case len(it.cands) > 0:
			ts = appendTable(ts, it.cands[0].table)
		}
	}
	if len(ts) == 0 {
		for _, t := range m.tables {
			if t.measure != nil {
				ts = appendTable(ts, t)
			}
		}
	}
	var out []string
	for _, t := range ts {
		name := strings.Join(t.words, " ")
		var cat *column
		for _, c := range t.cols {
			if c.class == classText && len(c.samples) > 0 && c != t.label {
				cat = c
				break
			}
		}
		switch {
		case t.measure != nil && cat != nil:
			out = append(out, fmt.Sprintf("total %s by %s", strings.Join(t.measure.words, " "), strings.Join(cat.words, " ")))
		case t.measure != nil && t.date != nil:
			out = append(out, fmt.Sprintf("total %s per month", strings.Join(t.measure.words, " ")))
		case t.date != nil:
			out = append(out, fmt.Sprintf("number of %s per month", name))
		case cat != nil:
			out = append(out, fmt.Sprintf("number of %s by %s", name, strings.Join(cat.words, " ")))
		default:
			out = append(out, fmt.Sprintf("how many %s are there", name))
		}
		if len(out) == 3 {
			break
		}
	}
	return out
}

// dimNarrows reads the word after a superlative or comparative of a dimension ("the deepest
// bill", "a longer bill than") as the one of its columns that measures it: bill_depth_mm
// before bill_length_mm.
func dimNarrows(items []item) {
	for i := 0; i+1 < len(items); i++ {
		k, it := items[i], &items[i+1]
		if k.kind != itKeyword || k.kw.dim == "" || it.kind != itEntity || len(it.cands) < 2 ||
			slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind != candColumn }) {
			continue // ("the longest concert": the concerts, ranked by their length)
		}
		var keep []cand
		for _, c := range it.cands {
			if c.kind == candColumn && c.col.class == classNumber && slices.ContainsFunc(dimWords[k.kw.dim], func(w string) bool { return saysWord(c.col, w) }) {
				keep = append(keep, c)
			}
		}
		if len(keep) == 1 && len(keep) < len(it.cands) {
			it.cands = keep
		}
	}
}

// lowerFirst lowercases the first letter of words that start a sentence elsewhere ("Average
// of" inside "keeping groups whose average of"), leaving the names quoted in them as they are.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
