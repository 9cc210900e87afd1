package offline

import (
	"cmp"
	"slices"
	"strings"
	"time"
	"unicode"
)

// itemKind is what a recognised span of the question is.
type itemKind int

const (
	itKeyword itemKind = iota
	itEntity           // a table, column or value (see cands)
	itNumber
	itDate
	itUnknown // a content word nothing claimed
)

// item is one recognised span of the question.
type item struct {
	kind   itemKind
	kw     keyword
	cands  []cand // entity interpretations, best first
	pick   *cand  // the interpretation chosen by resolve
	num    float64
	rng    dateRange
	toks   []token
	plural bool // the span's last word was plural ("products")
	start  int  // index of the first token
	// skipped are the stop words dropped just before the item (and, on the last item, after
	// it): verbs such as "processed" that carry no query part but say who did something.
	skipped []string
	// verbs are the skipped words that were read as verbs although a state column stores
	// them ("have placed an order": not status 'placed').
	verbs []string
	// show says the item only names a column to show beside the rows answered ("... give
	// its description, date and cost").
	show bool
	// unit is the unit of mass or length a number was said in ("5 kg"), singular.
	unit string
}

// measureUnit is the unit of mass or length at toks[i] said after a number, in the singular,
// or "". "m" is left out: after a number it says millions as often as metres.
func measureUnit(toks []token, i int) string {
	if i >= len(toks) || toks[i].quoted {
		return ""
	}
	w := singularUnit(toks[i].lower)
	switch w {
	case "m":
		return ""
	case "lbs":
		w = "lb"
	}
	if _, ok := unitGrams[w]; ok {
		return w
	}
	if _, ok := unitMetres[w]; ok {
		return w
	}
	return ""
}

func (it *item) text() string { return joinRaw(it.toks) }

// scan recognises entities, keywords, numbers and dates in the tokens by greedy longest
// match from left to right. At equal length a date beats a keyword, which beats a schema
// name, except that an exact schema name beats a keyword ("total amount" is a column even
// though "total" is a keyword: the longer match decides).
func scan(toks []token, lex *lexicon, dp dateParser) []item {
	if len(lex.same) > 0 {
		toks = slices.Clone(toks)
		for i, t := range toks {
			if as, ok := lex.same[t.norm]; ok && !t.quoted {
				toks[i].norm, toks[i].lower = as, as
				if t.plural {
					toks[i].lower = as + "s"
				}
			}
		}
	}
	var items []item
	var skipped, verbs []string
	defer func() {
		if n := len(items); n > 0 {
			items[n-1].skipped = append(items[n-1].skipped, skipped...)
			items[n-1].verbs = append(items[n-1].verbs, verbs...)
		}
	}()
	for i := 0; i < len(toks); {
		afterCmp := len(items) > 0 && items[len(items)-1].kind == itKeyword && isCmp(items[len(items)-1].kw.kind)
		// "our top 3 products": the number the ranking keeps, not an id '3' some column stores.
		afterTop := len(items) > 0 && items[len(items)-1].kind == itKeyword && (items[len(items)-1].kw.kind == kwTop || items[len(items)-1].kw.kind == kwBottom)
		best := item{}
		bestLen := 0
		if n := fillerLen(toks[i:]); n > 0 && !(i+n == len(toks) && len(lex.lookup(normPhraseToks(toks[i:i+n]))) > 0) && !fillerEndsAName(lex, toks[i:], n) {
			// ("when did Up come out": at the end, where no date follows, the verb asks for
			// its date.)
			if p := lowerPhrase(toks[i : i+n]); p == "across all" || p == "over all" {
				skipped = append(skipped, strings.Fields(p)...) // dropAllOfThem reads them
			}
			i += n
			continue
		}
		if n := measureKindLen(toks[i:]); n > 0 && len(lex.lookup(normPhraseToks(toks[i:i+n]))) == 0 {
			// "the best highway fuel economy": what kind of measure the column named beside it
			// is, where no column is called so.
			skipped = append(skipped, lowerPhrase(toks[i:i+n]))
			i += n
			continue
		}
		if t := toks[i]; !t.quoted && t.lower == "times" && i > 0 && (toks[i-1].isNum || toks[i-1].lower == "most" || toks[i-1].lower == "fewest") {
			// "won the title more than five times", "the most times": how often, never a
			// time column.
			skipped = append(skipped, t.lower)
			i++
			continue
		}
		if it, n, replace := patternAfter(items, toks, i); n > 0 {
			// "a last name starting with E": the column just named matches a pattern;
			// "airports containing International": the table's label does.
			if replace {
				items[len(items)-1] = it
			} else {
				it.start, it.skipped, skipped = i, skipped, nil
				items = append(items, it)
			}
			i += n
			continue
		}
		if n, ok := timesWords[toks[i].lower]; ok && afterCmp && !toks[i].quoted {
			// "hosted the World Cup more than once": a number of times.
			items = append(items, item{kind: itNumber, num: n, toks: toks[i : i+1], start: i, skipped: append(skipped, "times")})
			skipped = nil
			i++
			continue
		}
		if afterCmp && oneOfUnit(toks, i) {
			// "shorter than an hour", "under a dollar": the article is the number one.
			items = append(items, item{kind: itNumber, num: 1, toks: toks[i : i+1], start: i, skipped: skipped})
			skipped = nil
			i++
			continue
		}
		if !toks[i].quoted {
			if r, n, ok := dp.parse(toks, i, afterCmp); ok && !namedPeriod(toks[i:i+n], lex) {
				if e := i + n - 1; n > 1 && toks[e].isNum && nameFromYear(toks, e, lex) {
					// "units of the 1969 Harley Davidson Ultimate Chopper": a name that begins
					// with a year ('1969 Harley Davidson Ultimate Chopper'), not the year.
					for _, t := range toks[i:e] {
						skipped = append(skipped, t.lower)
					}
					i = e
					continue
				}
				r, n = openEnded(r, toks, i, n)
				best, bestLen = item{kind: itDate, rng: r, toks: toks[i : i+n]}, n
			}
			if toks[i].lower == "year" && i > 0 && toks[i-1].lower == "the" && i+1 < len(toks) && toks[i+1].isNum && toks[i+1].num >= 1800 && toks[i+1].num <= 2100 {
				// "born in the year 2000": the year said with its name.
				skipped = append(skipped, "year")
				i++
				continue
			}
			if toks[i].raw == "Best" && i > 0 && valueStartsAt(toks, i+1, lex) {
				// "the Oscar for Best Animated Feature": the award's name, stored without
				// "Best" ('Animated Feature'), not a ranking.
				skipped = append(skipped, "best")
				i++
				continue
			}
			if toks[i].lower == "together" && i+1 < len(toks) && toks[i+1].lower == "with" {
				// "every employee together with the name of their manager": with.
				skipped = append(skipped, "together")
				i++
				continue
			}
			if toks[i].lower == "too" && i == len(toks)-1 {
				// "show their specialty too": also.
				skipped = append(skipped, "too")
				i++
				continue
			}
			if i == 0 && toks[i].lower == "rank" && len(toks) > 1 && !toks[0].quoted {
				// "Rank the airlines by their average delay": per airline, ranked by it.
				items = append(items, item{kind: itKeyword, kw: keywords["per"], toks: toks[:1], start: 0})
				i++
				continue
			}
			if toks[i].lower == "out" && i+2 < len(toks) && toks[i+1].lower == "of" && (properNoun(toks[i+2]) ||
				toks[i+2].lower == "the" && i+3 < len(toks) && properNoun(toks[i+3])) {
				// "flights out of Newark": where they leave from; "reps who work out of the
				// Paris office": where they are based.
				skipped = append(skipped, "from")
				i += 2
				continue
			}
			if (toks[i].lower == "every" || toks[i].lower == "each") && len(items) == 1 && items[0].kind == itKeyword && items[0].kw.kind == kwList && items[0].start+len(items[0].toks) == i &&
				!slices.ContainsFunc(toks[i+1:], func(t token) bool { return aggregateWords[t.lower] || possessives[t.lower] }) {
				// "list every match played at Wembley": all of them, not a grouping ("list each
				// category with its number of products", "list each employee with the name of
				// their manager" still group or pair).
				skipped = append(skipped, "all")
				i++
				continue
			}
			if toks[i].lower == "each" && backEach(toks, i) {
				// "how much did each pay", "each one": the rows already named, not a grouping.
				skipped = append(skipped, "each")
				i++
				if i < len(toks) && toks[i].lower == "one" {
					i++
				}
				continue
			}
			for n := min(maxKeywordWords, len(toks)-i); n > bestLen; n-- {
				if k, ok := keywords[lowerPhrase(toks[i:i+n])]; ok {
					if n > 2 && numberColumnAt(toks, i+n-2, lex) {
						continue // "the average number of employees": NumberEmployees, averaged
					}
					if n > 1 && toks[i].lower == "no" && len(items) > 0 && storesNo(items[len(items)-1], lex) {
						continue // "voted no more than 2,000 times": the vote 'no', more than that
					}
					if n > 1 && tableStartsAt(toks, i+n-1, lex) {
						if _, shorter := keywords[lowerPhrase(toks[i:i+n-1])]; shorter {
							continue // "the most recent graduates": "most", then the recent_grads table
						}
					}
					best, bestLen = item{kind: itKeyword, kw: k, toks: toks[i : i+n]}, n
					if k.kind == kwLatest && n == 1 && toks[i].lower == "last" && i > 0 && finishVerbs[toks[i-1].lower] && finishKept(lex) {
						// "who came last in 2013": the worst finish, not the latest row; no
						// reading says it yet, so it is refused rather than read as a date.
						best = item{kind: itUnknown, toks: toks[i : i+1]}
					}
					break
				}
			}
		}
		if best.kind == itKeyword && bestLen >= 2 && toks[i].lower == "the" && nameAcross(toks, i+1, bestLen, lex) {
			// "in the least developed countries": a name that starts inside the keyword
			// ("the least") and goes on past it is the name.
			skipped = append(skipped, "the")
			i++
			continue
		}
		for n := min(lex.maxLen, len(toks)-i); n > 0; n-- {
			if n < bestLen || (n == bestLen && best.kind == itDate) {
				break
			}
			if (afterCmp || afterTop) && toks[i].isNum && !toks[i].quoted {
				break // "more than 100 units": the number compared, not a postal code 100
			}
			if n > 1 && anyQuoted(toks[i:i+n]) {
				continue
			}
			phrase := normPhraseToks(toks[i : i+n])
			cs := lex.lookup(phrase)
			if n == 2 && subjectAndVerb(toks[i], toks[i+1], cs, lex) {
				continue
			}
			if len(cs) == 0 && n == 2 && particles[toks[i+1].lower] {
				cs = particleVerb(toks[i], toks[i+1], lex)
			}
			if vs := lex.values[phrase]; len(vs) > 0 && !namesSomething(cs) && (indexable(toks[i:i+n]) || len(cs) == 0 && (shouted(toks[i:i+n], vs) || typedAsStored(toks[i:i+n], vs))) {
				vs = slices.Clone(vs)
				if !indexable(toks[i:i+n]) && !shouted(toks[i:i+n], vs) {
					// Typed as stored: the column that stores it so, not one that holds it
					// inside punctuation ('<wallet>', a post's list of one tag).
					vs = slices.DeleteFunc(vs, func(c cand) bool { return c.value != toks[i].raw })
				}
				// Best first: a name stored as said before one said without its suffix.
				slices.SortStableFunc(vs, func(a, b cand) int { return cmp.Compare(b.score, a.score) })
				cs = append(cs, vs...)
			}
			if n == 1 && len(toks[i].raw) >= 2 && toks[i].raw == strings.ToUpper(toks[i].raw) &&
				slices.ContainsFunc(cs, func(c cand) bool { return c.kind == candColumn && slices.Contains(c.col.words, toks[i].norm) }) {
				// "joined the EU": a word of a column's name (eu_accession_date), not a name
				// that only holds it among other signs ('+EU').
				cs = slices.DeleteFunc(slices.Clone(cs), func(c cand) bool {
					return c.kind == candValue && !strings.EqualFold(c.value, toks[i].raw) && normPhrase(c.value) == toks[i].norm
				})
			}
			if n == 1 && irregularPlural(toks[i]) {
				// "people" is the plural of person, not a county stored as 'PERSON': a name is
				// said with its own letters.
				cs = slices.DeleteFunc(slices.Clone(cs), func(c cand) bool {
					return c.kind == candValue && c.value != strings.ToLower(c.value) && normPhrase(c.value) == toks[i].norm
				})
			}
			if n == 1 && i > 0 && particles[toks[i].lower] && toks[i].raw == toks[i].lower {
				// "show up", "went out": a particle after its verb, not the film 'Up' or a
				// title 'Out' (typed in capitals, it is one).
				cs = slices.DeleteFunc(slices.Clone(cs), func(c cand) bool { return c.kind == candValue && c.value != strings.ToLower(c.value) })
			}
			if n > 1 && len(cs) == 0 {
				cs = spelledByInitials(toks[i:i+n], lex)
			}
			if n > 1 && len(cs) == 0 {
				cs = nationalCode(toks[i:i+n], lex)
			}
			if n == 1 && len(cs) == 0 && currencyWord(toks, i) {
				// "countries that use the euro": a currency a currency column names ('Euro',
				// 'EUR'), not the unit of an amount.
				cs = currencyValues(lex, toks[i].norm)
			}
			if n > 1 && (toks[i].raw == "a" || toks[i].raw == "an") {
				// "in a minor key": the article, typed as one, is no note 'A minor'.
				cs = slices.DeleteFunc(slices.Clone(cs), func(c cand) bool {
					return c.kind == candValue && !strings.HasPrefix(c.value, toks[i].raw+" ")
				})
			}
			if n == 2 && toks[i].lower == "the" && (toks[i+1].norm != toks[i+1].lower || toks[i].raw == "the" && strings.ToLower(toks[i+1].raw) == toks[i+1].raw) &&
				!toks[i+1].quoted && slices.ContainsFunc(lex.lookup(toks[i+1].norm), func(c cand) bool { return c.kind == candTable }) {
				// "the breweries in Portland", "the brewery's country": a table name after its
				// article, plural or typed in lower case, not the address 'The Brewery'.
				cs = slices.DeleteFunc(slices.Clone(cs), func(c cand) bool {
					return c.kind == candValue && c.value != toks[i].raw+" "+toks[i+1].raw // kept as typed
				})
			}
			if n > 1 && toks[i].lower == "the" && slices.ContainsFunc(cs, func(c cand) bool { return c.kind == candValue }) && longerNameAt(toks, i+1, n, lex) {
				// "the Party for Freedom": a longer name starts after the article, and it is
				// the one meant, not a name that begins with the article ('The PARTY').
				continue
			}
			if toks[i].quoted {
				cs = onlyValues(cs)
			} else if n == 1 && stopWords[toks[i].lower] && !properStop(toks, i) && !currencyWord(toks, i) {
				// "in" is not India's code 'IN': a stop word names a sampled value only when
				// typed exactly as stored, and a status said as a verb ("customers who have
				// placed two orders") is the act, not the state ("had a travel accepted" is
				// the row's state, stateAfter).
				stateAfter := false
				if i > 0 && copulas[toks[i-1].lower] && slices.ContainsFunc(cs, codeName) {
					// "buyers who are single": the state a code column keeps ('S'), said
					// after the verb that ascribes it, not "a single order".
					cs = slices.DeleteFunc(cs, func(c cand) bool { return !codeName(c) })
				} else if st := stateBeforeRows(toks, i, lex, cs); len(st) > 0 {
					cs = st
				} else if st := stateAfterRow(toks, i, lex, cs); len(st) > 0 {
					cs, stateAfter = st, true
				} else {
					cs = exactValues(cs, toks[i].raw)
				}
				if w := toks[i].lower; (w == "a" || w == "an" || w == "the") && !(toks[i].raw == "A" && i > 0 && (toks[i-1].lower == "an" || toks[i-1].lower == "a")) {
					cs = nil // an article, even where a unit 'a' (a year) is stored; "an A grade" is the grade
				}
				if i+1 < len(toks) && prepositionStops[toks[i].lower] && !slices.ContainsFunc(cs, func(c cand) bool { return c.kind != candValue }) {
					// "prescribed in more than 40 admissions", "in days": a preposition before
					// more words is one, not a dose unit 'in' stored in lower case.
					cs = nil
				}
				if verbSlot(toks, i) {
					// "schools offer Navy ROTC": the verb after its subject, not the last
					// word of GRAD_OFFER.
					cs = slices.DeleteFunc(cs, func(c cand) bool {
						return c.kind == candColumn && c.score <= scoreHead+0.01 && len(c.col.words) > 0 && c.col.words[len(c.col.words)-1] == toks[i].norm
					})
				}
				if len(cs) > 0 && !stateAfter && verbUse(toks, i) {
					cs = nil
					verbs = append(verbs, toks[i].lower)
				}
			}
			if n == 1 {
				if ds := presentEvent(items, toks, i, lex); len(ds) > 0 {
					cs = ds
				}
			}
			if len(cs) == 0 || n > 1 && pluralSubject(toks[i:i+n], cs, lex) {
				continue
			}
			if n == bestLen && best.kind == itKeyword && !keywordYields(best.kw, cs) {
				break
			}
			best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+n], plural: toks[i+n-1].plural}, n
			break
		}
		if cs, n := auxColumn(toks, i, lex); n > bestLen {
			// "how many units are on order": a column's full name with an auxiliary verb
			// inside names the column (UnitsOnOrder), not a quantity of the orders.
			best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+n], plural: toks[i+n-1].plural}, n
		}
		if cs, n := spelledValue(toks, i, lex); n > bestLen {
			// "discharged to a skilled nursing facility": the code 'SNF' the words stand for.
			best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+n], plural: toks[i+n-1].plural}, n
		}
		if cs, n := spelledInitials(toks, i, lex); n > bestLen {
			// "historically Black colleges and universities": the words an acronym column
			// (HBCU) stands for.
			best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+n], plural: toks[i+n-1].plural}, n
		}
		if cs, n := namePair(toks, i, lex); n > bestLen || (n > 0 && n == bestLen && best.kind == itEntity) {
			// "Mia Dubois" as first_name + last_name: longer than any single value, or another
			// reading of the same words (a full_name elsewhere).
			if n == bestLen {
				cs = append(best.cands, cs...)
			}
			best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+n], plural: toks[i+n-1].plural}, n
		}
		if best.kind == itEntity {
			best.cands = preferAccents(best.cands, best.toks)
			if best.plural {
				best.cands = tableOverSingularValue(best.cands, best.toks)
			}
		}
		if bestLen == 0 && !(i > 0 && properNoun(toks[i])) {
			// A capitalised word inside the question is a name ("United States"), never a
			// form of a schema word ("united": units).
			next := ""
			if i+1 < len(toks) {
				next = toks[i+1].lower
			}
			if cs := eventDate(toks[i], next, lex); len(cs) > 0 {
				best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+1]}, 1
			} else if cs := sameWordStop(wordForm(toks[i], lex, !passiveNoAgent(toks, i)), toks, i); len(cs) > 0 {
				best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+1]}, 1
			} else if cs := valueForm(toks, i, lex); len(cs) > 0 {
				best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+1], plural: toks[i].plural}, 1
			}
		}
		if bestLen == 0 && properNoun(toks[i]) {
			if cs := codePrefix(toks[i], lex); len(cs) > 0 {
				best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+1], plural: toks[i].plural}, 1
			}
		}
		if bestLen == 0 {
			if cs, n := acronymAt(toks, i, lex); n > 0 {
				best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+n]}, n
			} else if cs, n := columnAcronymAt(toks, i, lex); n > 0 {
				best, bestLen = item{kind: itEntity, cands: cs, toks: toks[i : i+n]}, n
			}
		}
		if bestLen == 0 && !toks[i].quoted && i > 0 && rankedAdjectives[toks[i].lower] && (toks[i-1].lower == "most" || toks[i-1].lower == "least") {
			// "our five most active members by number of bookings": the ranking says how
			// active; no column has to.
			skipped = append(skipped, toks[i].lower)
			i++
			continue
		}
		if bestLen == 0 && passiveNoAgent(toks, i) && len(wordForm(toks[i], lex, true)) > 0 {
			// "matches were played in 2023": done by no one named; the verb only says the
			// rows happened.
			skipped = append(skipped, toks[i].lower)
			i++
			continue
		}
		if bestLen == 0 && (emptyWords[toks[i].norm] || toks[i].norm == lex.namespace && lex.namespace != "") && !toks[i].quoted {
			// "at the club", "fraud cases", "reports filed in 2018": words the schema does
			// not know that name the business itself, count its rows or say they were made.
			skipped = append(skipped, toks[i].lower)
			i++
			continue
		}
		if bestLen == 0 && !toks[i].quoted && startVerbs[toks[i].lower] && (i+2 < len(toks) && datePrepositions[toks[i+1].lower] &&
			(toks[i+2].isNum || months[toks[i+2].lower] > 0 || toks[i+2].lower == "each" || toks[i+2].lower == "every") ||
			passiveBefore(toks, i) && (i+1 == len(toks) || toks[i+1].lower == "?" || toks[i+1].lower == "," || toks[i+1].lower == "and" ||
				i+2 < len(toks) && (toks[i+1].lower == "that" || toks[i+1].lower == "each" || toks[i+1].lower == "per") && periodWords[toks[i+2].norm])) {
			// "games started in 2016", "in which month were the most games started": when
			// the rows began is their date; "who started the most threads", "bounties
			// started on questions" and "the care unit where the stay began" are other
			// things.
			skipped = append(skipped, toks[i].lower)
			i++
			continue
		}
		lastVerb := i > 0 && verbAux[toks[i-1].lower] && (i+1 == len(toks) || i+2 == len(toks) && toks[i+1].lower == "?")
		if bestLen == 1 && (emptyWords[toks[i].norm] || lastVerb) && !toks[i].quoted && onlyWeakReadings(best.cands, toks[i]) {
			// "the channels in the workspace": the business itself, not the last word of
			// public_channels_single_workspace; "which time zone do the most members have
			// set": the verb, not purpose__last_set.
			skipped = append(skipped, toks[i].lower)
			i++
			continue
		}
		if bestLen == 1 && i > 0 && nounStops[toks[i].lower] && relativePronouns[toks[i-1].lower] && !toks[i].quoted {
			// "each provider that supplies circuits": the verb of a relative clause, not the
			// power feeds' supply column.
			skipped = append(skipped, toks[i].lower)
			i++
			continue
		}
		if bestLen == 0 {
			t := toks[i]
			var flag []cand // "transparent colours": the flag is_trans, its word cut short
			if !t.isNum && !t.quoted && !stopWords[t.lower] {
				flag = lex.flagStem(t.lower)
			}
			switch {
			case t.isNum:
				best = item{kind: itNumber, num: t.num, toks: toks[i : i+1]}
			case len(flag) > 0:
				best = item{kind: itEntity, cands: flag, toks: toks[i : i+1], plural: t.plural}
			case t.quoted || !stopWords[t.lower] || properStop(toks, i) || nounStop(toks, i) || stateStop(toks, i, lex):
				best = item{kind: itUnknown, toks: toks[i : i+1]}
			default:
				skipped = append(skipped, t.lower)
				i++
				continue
			}
			bestLen = 1
		}
		best.start = i
		best.skipped, skipped = skipped, nil
		best.verbs, verbs = verbs, nil
		items = append(items, best)
		i += bestLen
		if rowWords[tokNorm(toks, i)] && toks[i].plural && best.kind == itEntity && !best.plural && len(best.cands) > 0 && best.cands[0].kind == candTable {
			// "more than 5,000 finance entries", "geography records": the rows of the
			// table named, said in the plural by the word after it.
			items[len(items)-1].plural = true
		}
		if u := measureUnit(toks, i); best.kind == itNumber && u != "" {
			// "heavier than 5 kg": the unit the number is said in, converted later into the
			// column's.
			items[len(items)-1].unit = u
			i++
		}
	}
	items = numberThenBound(items) // before the deferred words join the last item
	items = releasedAs(items)
	bestOfColumn(items)
	return valueThenNoun(ratherThan(items), lex)
}

// valueThenNoun splits a value read through the noun that follows it: "Chinstrap penguins"
// matched the species 'Chinstrap penguin (Pygoscelis antarctica)', but the penguins are the
// rows counted, of the species 'Chinstrap'. Only when the words before the noun are a value
// of the same table, and the noun alone names another table.
func valueThenNoun(items []item, lex *lexicon) []item {
	for i := 0; i < len(items); i++ {
		it := items[i]
		n := len(it.toks)
		if it.kind != itEntity || n < 2 || len(it.cands) == 0 || it.toks[n-1].quoted {
			continue
		}
		if slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind != candValue }) {
			continue
		}
		tables := slices.DeleteFunc(lex.lookup(it.toks[n-1].norm), func(c cand) bool { return c.kind != candTable || c.score < scoreSynonym })
		if len(tables) == 0 {
			continue
		}
		phrase := normPhraseToks(it.toks)
		if slices.ContainsFunc(it.cands, func(c cand) bool {
			v := normPhrase(c.value)
			return v == phrase || strings.TrimPrefix(v, "the ") == phrase
		}) {
			continue // 'The Pepperoni Pizza' said whole: the noun is part of the name
		}
		col := it.cands[0].col
		head := slices.DeleteFunc(lex.valueCands(normPhraseToks(it.toks[:n-1])), func(c cand) bool { return c.table != col.table })
		if len(head) == 0 || tables[0].table == col.table {
			continue
		}
		value := item{kind: itEntity, cands: head, toks: it.toks[:n-1], start: it.start, skipped: it.skipped, verbs: it.verbs}
		noun := item{kind: itEntity, cands: tables, toks: it.toks[n-1:], start: it.start + n - 1, plural: it.plural}
		items = slices.Replace(items, i, i+1, value, noun)
		i++
	}
	return items
}

// tableStartsAt reports whether a table's whole name of several words starts at toks[i].
func tableStartsAt(toks []token, i int, lex *lexicon) bool {
	for n := 2; n <= lex.maxLen && i+n <= len(toks); n++ {
		for _, c := range lex.lookup(normPhraseToks(toks[i : i+n])) {
			if (c.kind == candTable || c.col != nil && c.col == c.table.series) && c.score >= scoreExact-0.05 {
				return true
			}
		}
	}
	return false
}

// ratherThan drops the alternative a question sets aside: "through succession rather than
// election" asks for succession; election is no condition.
func ratherThan(items []item) []item {
	for i := 0; i+1 < len(items); i++ {
		if it := items[i]; it.kind == itUnknown && len(it.toks) == 1 && it.toks[0].lower == "rather" && slices.Contains(items[i+1].skipped, "than") &&
			(items[i+1].kind == itEntity || items[i+1].kind == itUnknown && i+2 == len(items) && i > 0 && items[i-1].kind == itEntity) {
			// "organisations rather than individuals": the word set aside, last, is no
			// condition either, even where nothing names it.
			return append(items[:i:i], items[i+2:]...)
		}
	}
	return items
}

// releasedAs reads "released as a single" as the rows whose single_release is set: an event's
// verb, then after "as" the word that names which of a row's dates of that event it is.
func releasedAs(items []item) []item {
	for i := 1; i < len(items); i++ {
		prev, it := &items[i-1], &items[i]
		if prev.kind != itEntity || it.kind != itEntity || !slices.Contains(it.skipped, "as") || len(it.cands) == 0 {
			continue
		}
		c := it.cands[0]
		if c.kind != candColumn || c.col.class != classDate || !c.col.nullable || len(c.col.words) != 2 {
			continue
		}
		event := c.col.words[1]
		if !slices.ContainsFunc(prev.cands, func(p cand) bool {
			return p.kind == candColumn && p.table == c.table && p.col.class == classDate && p.col.words[len(p.col.words)-1] == event
		}) {
			continue
		}
		st := stateCond{op: "is not null"}
		merged := item{kind: itEntity, toks: append(slices.Clip(prev.toks), it.toks...), skipped: prev.skipped, start: prev.start, plural: it.plural,
			cands: []cand{{kind: candValue, table: c.table, col: c.col, state: &st, score: scoreSynonym}}}
		items[i-1] = merged
		items = slices.Delete(items, i, i+1)
	}
	return items
}

// bestOfColumn reads "the best Metacritic score", "the worst rating" as the highest and the
// lowest of the number column named next: a rank of rows by it, not a top-N list.
func bestOfColumn(items []item) {
	for i := 0; i+1 < len(items); i++ {
		it, n := &items[i], items[i+1]
		if it.kind != itKeyword || it.kw.kind != kwTop && it.kw.kind != kwBottom || len(it.toks) != 1 ||
			it.toks[0].lower != "best" && it.toks[0].lower != "worst" || n.kind != itEntity || len(n.cands) == 0 {
			continue
		}
		if c := n.cands[0]; c.kind == candColumn && c.col.class == classNumber {
			it.kw.kind = map[bool]kw{true: kwMost, false: kwLeast}[it.toks[0].lower == "best"]
		}
	}
}

// numberThenBound reads "10 or more routes" as "at least 10 routes": a bound said after its
// number ("or more", "or fewer") is moved before it, where comparisons take their number; and
// "different" between a number and its rows says nothing more.
func numberThenBound(items []item) []item {
	bound := func(k *item) bool {
		return k.kind == itKeyword && (k.kw.kind == kwGTE || k.kw.kind == kwLTE) && strings.HasPrefix(strings.ToLower(k.text()), "or ")
	}
	for i := 0; i+1 < len(items); i++ {
		if items[i].kind != itNumber {
			continue
		}
		if d := items[i+1]; d.kind == itKeyword && d.kw.kind == kwDistinct && i+2 < len(items) && items[i+2].kind == itEntity &&
			len(items[i+2].cands) > 0 && items[i+2].cands[0].kind == candTable {
			// "more than 10 different routes": a number of rows counts each once anyway ("200
			// different destinations", a column's values, keep the word).
			items[i+2].skipped = append(slices.Clip(d.skipped), items[i+2].skipped...)
			items = slices.Delete(items, i+1, i+2)
		}
		j := i + 1
		if !bound(&items[j]) && j+1 < len(items) && items[j].kind == itEntity && bound(&items[j+1]) {
			j++ // "30 stops or more"
		}
		if !bound(&items[j]) {
			continue
		}
		// The bound takes the number's place and the words said before it ("have"); the
		// words said between the number and the bound go with the item that ended the run.
		k, between := items[j], items[j].skipped
		k.skipped = items[i].skipped
		copy(items[i+1:j+1], items[i:j])
		items[i] = k
		items[i+1].skipped = nil
		items[j].skipped = append(slices.Clip(items[j].skipped), between...)
		// The number, now at i+1, is looked at next ("10 or more different routes").
		if i > 0 && items[i-1].kind == itKeyword && isCmp(items[i-1].kw.kind) {
			// "did Phoenix reach 110 or more": the bound says the comparison the verb did.
			items[i].skipped = append(slices.Clip(items[i-1].skipped), items[i].skipped...)
			items = slices.Delete(items, i-1, i)
		}
	}
	return items
}

// pluralSubject reports whether a phrase that names columns begins with a plural noun that
// names their table: nouns modify nouns in the singular ("season premiere"), so in "seasons
// premiered" and "the most seasons premiere" the seasons are the rows counted and the rest says
// what they did; read as one column name, the rows would be lost.
func pluralSubject(ts []token, cs []cand, lex *lexicon) bool {
	if !ts[0].plural || ts[0].quoted || ts[0].poss {
		return false
	}
	tables := map[*table]bool{}
	for _, c := range cs {
		if c.kind != candColumn || slices.Contains(c.col.words, ts[0].norm) {
			return false
		}
		tables[c.table] = true
	}
	for _, c := range lex.lookup(ts[0].norm) {
		if c.kind == candTable && c.score >= scoreExact && tables[c.table] {
			return true
		}
	}
	return false
}

// presentEvent reads a verb right after the plural rows it says something of as the date of
// that event, when the rows' table has a date column named by its past participle: in "the
// most seasons premiere" the seasons premiered (premiered), not their premiere's viewers.
func presentEvent(items []item, toks []token, i int, lex *lexicon) []cand {
	if len(items) == 0 || toks[i].quoted || toks[i].plural || stopWords[toks[i].lower] {
		return nil
	}
	k, end := len(items)-1, i
	for k > 0 && items[k].kind == itKeyword && (items[k].kw.kind == kwMost || items[k].kw.kind == kwLeast) && items[k].start+len(items[k].toks) == end {
		end = items[k].start // "seasons most often premiere"
		k--
	}
	prev := &items[k]
	if prev.kind != itEntity || !prev.plural || prev.start+len(prev.toks) != end {
		return nil
	}
	w := toks[i].lower
	var out []cand
	for _, form := range []string{w + "d", w + "ed"} {
		for _, c := range lex.lookup(form) {
			if c.kind != candColumn || c.col.class != classDate || c.score < scoreExact {
				continue
			}
			if slices.ContainsFunc(prev.cands, func(p cand) bool { return p.kind == candTable && p.table == c.table }) {
				out = append(out, c)
			}
		}
	}
	return out
}

// shareOfEachOwner moves "each publisher's" of "what percentage of each publisher's
// characters are female" after the rows it owns, where a grouping is said ("what percentage
// of characters are female, for each publisher").
func shareOfEachOwner(items []item) []item {
	for i := 0; i+3 < len(items); i++ {
		sh, each, owner, rows := items[i], items[i+1], items[i+2], items[i+3]
		if sh.kind != itKeyword || sh.kw.kind != kwShare || each.kind != itKeyword || each.kw.kind != kwGroup || !eachWords[strings.ToLower(each.text())] ||
			owner.kind != itEntity || !owner.toks[len(owner.toks)-1].poss || rows.kind != itEntity {
			continue
		}
		return slices.Concat(items[:i+1], items[i+3:], []item{each, owner})
	}
	return items
}

// dropAllOfThem drops a table said with "both" or "all" after "counting" or "including"
// ("the decade with the most debuts, counting both publishers"): every row of it, which
// keeps nothing and groups nothing. "Both" right before a table's plural noun is moved into
// the words skipped before it, where build reads "across both publishers".
func dropAllOfThem(items []item) []item {
	for i := 2; i < len(items); i++ {
		// "DC and Marvel together": one answer for both values (valuesAnd reads the word).
		if it, v := items[i], &items[i-1]; it.kind == itUnknown && len(it.toks) == 1 && it.toks[0].lower == "together" && v.kind == itEntity &&
			items[i-2].kind == itKeyword && items[i-2].kw.kind == kwAnd && len(v.cands) > 0 && v.cands[0].kind == candValue {
			v.skipped = append(v.skipped, "together")
			items = slices.Delete(items, i, i+1)
		}
	}
	for i := 0; i+1 < len(items); i++ {
		// "across both publishers": "both" before a table's rows says all of them (build
		// reads it); before two values of one column joined by "and" ("both hypertension and
		// prediabetes") each must hold, which bothValues reads after the plan is made; before
		// anything else it stays unknown.
		if it, n := items[i], &items[i+1]; it.kind == itUnknown && len(it.toks) == 1 && it.toks[0].lower == "both" && n.kind == itEntity &&
			len(n.cands) > 0 && (n.cands[0].kind == candTable && n.plural || n.cands[0].kind == candValue && i+3 < len(items) &&
			items[i+2].kind == itKeyword && items[i+2].kw.kind == kwAnd && items[i+3].kind == itEntity && len(items[i+3].cands) > 0 &&
			items[i+3].cands[0].kind == candValue && items[i+3].cands[0].col == n.cands[0].col) {
			n.skipped = slices.Concat(it.skipped, []string{"both"}, n.skipped)
			items = slices.Delete(items, i, i+1)
		}
	}
	return slices.DeleteFunc(items, func(it item) bool {
		sk := it.skipped
		n := len(sk)
		if it.kind == itEntity && it.plural && len(it.cands) > 0 && it.cands[0].kind == candColumn && n >= 2 && sk[n-1] == "all" && sk[n-2] == "across" &&
			!slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candTable }) {
			// "the most laureates across all categories": every category at once, no grouping.
			return true
		}
		return it.kind == itEntity && len(it.cands) > 0 && it.cands[0].kind == candTable && n >= 2 && (sk[n-1] == "both" || sk[n-1] == "all") &&
			(sk[n-2] == "counting" || sk[n-2] == "including")
	})
}

// missingAndLeftOut reads "whose hair is unknown" as "with no hair" (the column has no value,
// where no stored value is called unknown), and "leaving out those with no alignment" as
// "with an alignment": the rows left out are those without one.
func missingAndLeftOut(items []item) []item {
	for i := 2; i < len(items); i++ {
		it, c, w := items[i], items[i-1], &items[i-2]
		if it.kind == itUnknown && len(it.toks) == 1 && it.toks[0].lower == "unknown" && c.kind == itEntity && len(c.cands) > 0 &&
			c.cands[0].kind == candColumn && c.cands[0].col.nullable && w.kind == itKeyword && w.kw.kind == kwWith {
			w.kw = keyword{kind: kwNever}
			items = slices.Delete(items, i, i+1)
		}
	}
	// (Not in a share, whose percentage is of the value said after the verb, a condition
	// the share's own reading places.)
	share := slices.ContainsFunc(items, func(it item) bool { return it.kind == itKeyword && it.kw.kind == kwShare })
	for i := 0; i < len(items) && !share; i++ {
		// "the people killed whose sex is recorded", "had their sex recorded": with a sex.
		c := items[i]
		if c.kind != itEntity || len(c.cands) == 0 || c.cands[0].kind != candColumn || !c.cands[0].col.nullable || i > 0 && items[i-1].kind == itKeyword && items[i-1].kw.kind == kwHas {
			continue
		}
		var after []string
		own := i+1 == len(items)
		if !own {
			after = items[i+1].skipped
		} else if k := slices.IndexFunc(c.skipped, func(w string) bool { return recordedWords[w] }); k > 0 {
			after = c.skipped[k-1:] // "had their sex recorded": the words after the last item
		}
		if len(after) < 2 || !beWords[after[0]] && after[0] != "their" && after[0] != "its" || !recordedWords[after[1]] {
			continue
		}
		items = slices.Clone(items)
		if own {
			items[i].skipped = c.skipped[:len(c.skipped)-len(after)]
		} else {
			items[i+1].skipped = after[2:]
		}
		if i > 0 && items[i-1].kind == itKeyword && items[i-1].kw.kind == kwWith {
			// "where the age is known": the "where" says it.
			items[i-1].kw = keyword{kind: kwHas}
			continue
		}
		has := item{kind: itKeyword, kw: keyword{kind: kwHas}, toks: c.toks, start: c.start, skipped: items[i].skipped}
		items[i].skipped = nil
		items = slices.Insert(items, i, has)
		i++
	}
	for i := 1; i < len(items); i++ {
		// "for how many animals is the birth date unknown": no birth date, where the date
		// column keeps no word for unknown (another column's 'Unknown' sex is not meant).
		it, c := items[i], items[i-1]
		if len(it.toks) != 1 || it.toks[0].lower != "unknown" || it.toks[0].quoted || c.kind != itEntity || len(c.cands) == 0 ||
			c.cands[0].kind != candColumn || !c.cands[0].col.nullable || c.cands[0].col.class == classText ||
			!slices.ContainsFunc(append(slices.Clone(c.skipped), it.skipped...), func(w string) bool { return w == "is" || w == "are" || w == "was" || w == "were" }) {
			continue
		}
		never := item{kind: itKeyword, kw: keyword{kind: kwNever}, toks: it.toks, start: c.start, skipped: c.skipped}
		items[i-1].skipped = nil
		items = slices.Insert(slices.Delete(slices.Clone(items), i, i+1), i-1, never)
	}
	for i := 1; i < len(items); i++ {
		// "whose borough is missing" where the city stores 'Missing' as a borough: that value.
		it, c := &items[i], items[i-1]
		if it.kind != itKeyword || it.kw.kind != kwNever || !strings.HasSuffix(strings.ToLower(it.text()), "missing") || c.kind != itEntity ||
			len(c.cands) == 0 || c.cands[0].kind != candColumn || c.cands[0].col.class != classText {
			continue
		}
		col := c.cands[0].col
		if k := slices.IndexFunc(col.values(), func(v string) bool { return strings.EqualFold(v, "missing") }); k >= 0 {
			it.kind, it.kw = itEntity, keyword{}
			it.cands = []cand{{kind: candValue, table: col.table, col: col, value: col.values()[k], score: scoreExact}}
		}
	}
	for i := 0; i+1 < len(items); i++ {
		// "ignoring beers without a known ABV": the beers kept are those with one.
		if it := items[i]; it.kind == itUnknown && len(it.toks) == 1 && ignoreWords[it.toks[0].lower] {
			k := i + 1
			if k+1 < len(items) && items[k].kind == itEntity && len(items[k].cands) > 0 && items[k].cands[0].kind == candTable {
				k++
			}
			if no := &items[k]; no.kind == itKeyword && no.kw.kind == kwNever && strings.EqualFold(no.text(), "without") {
				no.kw = keyword{kind: kwHas}
				items = slices.Delete(items, i, k)
			}
		}
	}
	for i := 1; i < len(items); i++ {
		if not, no := items[i-1], &items[i]; not.kind == itKeyword && not.kw.kind == kwNot && no.kind == itKeyword && no.kw.kind == kwNever &&
			i+1 < len(items) && items[i+1].kind == itEntity && len(items[i+1].cands) > 0 && items[i+1].cands[0].kind == candColumn {
			no.kw = keyword{kind: kwHas}
			items = slices.Delete(items, i-1, i)
		}
	}
	return items
}

// recordedWords say a value was given ("whose sex is recorded"); beWords come before them.
var recordedWords, beWords = toSet([]string{"recorded", "known", "given", "entered", "filled", "listed", "stated"}), toSet([]string{"is", "are", "was", "were", "been"})

// ignoreWords say that the rows after them are left out.
var ignoreWords = toSet(strings.Fields("ignoring disregarding skipping omitting"))

// mostAfterItsVerb reads "which character has appeared in the most comics" as "the most
// appearances": a count column said as a past verb right before a superlative that ends the
// question is what the superlative ranks by.
func mostAfterItsVerb(items []item) []item {
	n := len(items)
	if n < 2 {
		return items
	}
	v, most := items[n-2], items[n-1]
	if most.kind == itKeyword && (most.kw.kind == kwMost || most.kw.kind == kwLeast) && v.kind == itEntity && len(v.toks) == 1 &&
		strings.HasSuffix(v.toks[0].lower, "ed") && len(v.cands) > 0 && v.cands[0].kind == candColumn && v.cands[0].col.class == classNumber {
		items[n-2], items[n-1] = most, v
	}
	return items
}

// oftenBeforeItsVerb reads "the 5 most frequently prescribed drugs" as "the 5 drugs
// prescribed most frequently": the adverb ranks what the plural noun after the participle
// names by how often the verb's rows hold it. (The participle may be gone already, read as
// the table whose column the noun names: "prescribed drugs" are PRESCRIPTIONS.DRUG; the
// most common of its values are meant.)
func oftenBeforeItsVerb(items []item) []item {
	for i := 0; i+1 < len(items); i++ {
		most := items[i]
		if most.kind != itKeyword || !most.kw.often || most.kw.kind != kwMost && most.kw.kind != kwLeast {
			continue
		}
		j := i + 1
		if v := items[j]; j+1 < len(items) && v.kind == itEntity && len(v.toks) == 1 && strings.HasSuffix(v.toks[0].lower, "ed") && len(v.cands) > 0 {
			j++
		}
		rows := items[j]
		if rows.kind != itEntity || !rows.plural || len(rows.cands) == 0 || len(rows.skipped) > 0 {
			continue
		}
		switch {
		case j > i+1:
			copy(items[i:j], items[i+1:j+1])
			items[j] = most
		case strings.HasSuffix(most.toks[len(most.toks)-1].lower, "ly") && rows.start > most.start+len(most.toks):
			// Without its participle, "the most frequently [prescribed] drugs" are the
			// most common values of the column.
			items[i].kw.often, items[i].kw.common = false, true
		}
	}
	return items
}

// dropRepeatedCount drops the second "how many" of "how many male and how many female
// characters": the count is asked once per value, which is the count of each of them.
func dropRepeatedCount(items []item) []item {
	for i := 2; i < len(items); i++ {
		if items[i].kind != itKeyword || items[i].kw.kind != kwCount || items[i-1].kind != itKeyword || items[i-1].kw.kind != kwAnd {
			continue
		}
		if slices.ContainsFunc(items[:i-1], func(it item) bool { return it.kind == itKeyword && it.kw.kind == kwCount }) {
			if i+1 < len(items) && statesOfColumn(items[i-2], items[i+1]) {
				// "how many are alive and how many are dead": how many in each state of alive.
				by, rows := items[i-1], items[i]
				by.kw = keyword{kind: kwGroup}
				t := items[i-2].cands[0].col.table
				rows.kind, rows.kw, rows.cands, rows.plural = itEntity, keyword{}, []cand{{kind: candTable, table: t, score: scoreExact}}, true
				return slices.Concat(items[:i-2], []item{rows, by, items[i-2]}, items[i+2:])
			}
			if i+1 < len(items) {
				items[i+1].start = items[i].start // "male and female": listed together
			}
			return append(items[:i:i], items[i+1:]...)
		}
	}
	return items
}

// statesOfColumn reports whether a names the column whose value b is: "alive" (the column
// alive) beside "dead" ('Deceased Characters').
func statesOfColumn(a, b item) bool {
	return a.kind == itEntity && b.kind == itEntity && len(a.cands) > 0 && len(b.cands) > 0 && a.cands[0].kind == candColumn &&
		b.cands[0].kind == candValue && a.cands[0].col == b.cands[0].col && a.cands[0].col.class == classText
}

// dropAcrossAll reads "across all countries" as nothing when rows of another kind were named
// before it: the count or total is of all of them together, not of the countries.
func dropAcrossAll(items []item) []item {
	for i := 1; i < len(items); i++ {
		n := items[i]
		sk := n.skipped
		if n.kind != itEntity || len(n.cands) == 0 || n.cands[0].kind != candTable || len(sk) < 2 || sk[len(sk)-2] != "across" ||
			sk[len(sk)-1] != "all" && sk[len(sk)-1] != "every" {
			continue
		}
		t := n.cands[0].table
		if !slices.ContainsFunc(items[:i], func(o item) bool { return o.kind == itEntity && len(o.cands) > 0 && o.cands[0].table != t }) {
			continue
		}
		return append(items[:i:i], items[i+1:]...)
	}
	return items
}

// meaningAsked reads "what does violation code 04L mean" as its description: "mean" is the
// verb of the question, not an average, where the rows named keep a description.
func meaningAsked(items []item) {
	n := len(items)
	if n < 3 || items[0].kind != itKeyword || items[0].kw.kind != kwWhich || items[n-1].kind != itKeyword || items[n-1].kw.kind != kwAvg ||
		!strings.EqualFold(items[n-1].text(), "mean") || !slices.ContainsFunc(items[1].skipped, func(w string) bool { return w == "does" || w == "do" }) {
		return
	}
	for _, it := range items[1 : n-1] {
		if it.kind != itEntity || len(it.cands) == 0 || it.cands[0].kind != candTable {
			continue
		}
		t := it.cands[0].table
		for _, c := range t.cols {
			if w := c.words; c.class == classText && len(w) > 0 && (w[len(w)-1] == "description" || w[len(w)-1] == "meaning" || w[len(w)-1] == "definition") {
				items[n-1] = item{kind: itEntity, cands: []cand{{kind: candColumn, table: t, col: c, score: scoreExact}}, toks: items[n-1].toks, start: items[n-1].start, skipped: items[n-1].skipped}
				return
			}
		}
	}
}

// mainOfTwo reads "the main party family" as the party's own family (Party.family), not the
// table of its further families (PartyFamily): "main" or "primary" before a name that a
// table and a column of another table both carry picks the column.
func mainOfTwo(items []item) []item {
	for i := 0; i+1 < len(items); i++ {
		it, n := items[i], &items[i+1]
		if it.kind != itUnknown || len(it.toks) != 1 || (it.toks[0].lower != "main" && it.toks[0].lower != "primary") || n.kind != itEntity ||
			len(n.cands) < 2 || n.cands[0].kind != candTable {
			continue
		}
		t := n.cands[0].table
		var own []cand
		for _, c := range n.cands[1:] {
			if c.kind == candColumn && c.table != t && fkTo(t, c.table) != nil {
				own = append(own, c)
			}
		}
		if len(own) == 0 {
			continue
		}
		n.cands = own
		n.skipped = append(append(slices.Clone(it.skipped), it.text()), n.skipped...)
		return append(items[:i:i], items[i+1:]...)
	}
	return items
}

// flagAfterCount reads "more than 10 caretaker cabinets" as "more than 10 cabinets, caretaker
// ones": the number counts the rows named after the flag that qualifies them.
func flagAfterCount(items []item) {
	for i := 0; i+2 < len(items); i++ {
		f, t := items[i+1], items[i+2]
		if items[i].kind != itNumber || f.kind != itEntity || t.kind != itEntity || len(f.cands) == 0 || len(t.cands) == 0 ||
			f.cands[0].kind != candColumn || f.cands[0].col.class != classBool || t.cands[0].kind != candTable || t.cands[0].table != f.cands[0].table {
			continue
		}
		items[i+1], items[i+2] = t, f
	}
}

// dropVerbOfItsColumn reads a verb as nothing where the words right after it name one of the
// columns it could mean: "joined the EU" is the EU's accession date (eu_accession_date), not
// also a start date of its own.
func dropVerbOfItsColumn(items []item) []item {
	for i := 0; i+1 < len(items); i++ {
		it, n := items[i], items[i+1]
		if it.kind != itEntity || len(it.toks) != 1 || n.kind != itEntity || len(n.cands) == 0 || n.cands[0].kind != candColumn ||
			n.start != it.start+1+len(n.skipped) || slices.ContainsFunc(n.skipped, func(w string) bool { return w != "the" }) {
			continue
		}
		if it.cands[0].kind != candColumn || it.cands[0].col == n.cands[0].col ||
			!slices.ContainsFunc(it.cands[1:], func(c cand) bool { return c.kind == candColumn && c.col == n.cands[0].col }) {
			continue
		}
		items[i+1].skipped = append(append(slices.Clone(it.skipped), it.text()), n.skipped...)
		return append(items[:i:i], items[i+1:]...)
	}
	return items
}

// dropVerbOfRankedColumn reads the verb of a column ranked or compared right after it as
// nothing: "which listing charges the highest price" ranks by the price, which "charges"
// also names; "floods that caused more property damage" compare the damage, not the
// category a flood_cause column keeps.
func dropVerbOfRankedColumn(items []item) []item {
	for i := 1; i+2 < len(items); i++ {
		it, sup, n := items[i], items[i+1], items[i+2]
		if sup.kind == itEntity && n.kind == itKeyword {
			sup, n = n, sup // "caused property damage more than the average"
		}
		if it.kind != itEntity || len(it.toks) != 1 || len(it.cands) == 0 || sup.kind != itKeyword || sup.kw.kind != kwMost && sup.kw.kind != kwLeast && !isCmp(sup.kw.kind) ||
			n.kind != itEntity || len(n.cands) == 0 || n.cands[0].kind != candColumn || n.cands[0].col.class != classNumber ||
			slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind != candColumn }) {
			continue
		}
		named := slices.ContainsFunc(it.cands, func(c cand) bool { return c.col == n.cands[0].col })
		verb := strings.HasSuffix(it.toks[0].lower, "ed") && !slices.ContainsFunc(it.cands, func(c cand) bool { return c.col.class != classText })
		if !named && !verb {
			continue
		}
		items[i+1].skipped = append(append(slices.Clone(it.skipped), it.text()), items[i+1].skipped...)
		return append(items[:i:i], items[i+1:]...)
	}
	return items
}

// dropVerbOfItsValue reads "tagged" as nothing where a value of the table the participle
// names follows it: "questions tagged wallet" are the questions with the tag 'wallet', not
// also a count of tags. So is "posted" before "more than 35 answers", 'Answer' being a kind
// of post (the PostTypes row a post refers to).
func dropVerbOfItsValue(items []item) []item {
	for i := 0; i+1 < len(items); i++ {
		it := items[i]
		if it.kind != itEntity || len(it.toks) != 1 || !strings.HasSuffix(it.toks[0].lower, "ed") || len(it.cands) == 0 ||
			it.cands[0].kind != candTable || it.cands[0].score >= scoreExact {
			continue
		}
		t := it.cands[0].table
		k := i + 1
		for k < len(items) && (items[k].kind == itNumber || items[k].kind == itKeyword && (items[k].kw.kind == kwGT || items[k].kw.kind == kwGTE || items[k].kw.kind == kwLT || items[k].kw.kind == kwLTE)) {
			k++
		}
		if k == len(items) {
			continue
		}
		n := items[k]
		if n.kind != itEntity || len(n.cands) == 0 || n.cands[0].kind != candValue || n.cands[0].col == nil {
			continue
		}
		switch vt := n.cands[0].col.table; {
		case vt == t && k == i+1 && n.start == it.start+1+len(n.skipped):
		case vt != t && vt.date == nil && n.cands[0].col == vt.label && fkTo(t, vt) != nil:
		default:
			continue
		}
		items[i+1].skipped = append(append(slices.Clone(it.skipped), it.text()), items[i+1].skipped...)
		return append(items[:i:i], items[i+1:]...)
	}
	return items
}

// dropRestatedMeasure drops "and how long" after "the longest": the row ranked by a length
// already shows it ("what is the longest episode and how long does it run"), and read as a
// measure of its own the words would turn the row into a bare maximum.
func dropRestatedMeasure(items []item) []item {
	for i := 0; i+1 < len(items); i++ {
		if items[i].kind != itKeyword || items[i].kw.kind != kwAnd || items[i].kw.versus {
			continue
		}
		next := &items[i+1]
		if next.kind != itEntity || len(next.toks) != 1 || len(next.skipped) == 0 || next.skipped[0] != "how" {
			continue
		}
		ranked := slices.ContainsFunc(items[:i], func(it item) bool {
			if it.kind != itKeyword || it.kw.dim == "" {
				return false
			}
			w := strings.TrimSuffix(it.toks[len(it.toks)-1].lower, "est")
			return w == next.toks[0].lower || strings.TrimSuffix(w, "i")+"y" == next.toks[0].lower
		})
		if ranked {
			return append(items[:i:i], items[i+2:]...)
		}
	}
	return items
}

// dropQualifiers drops words that only qualify the word after them: a word that is only part
// of other tables' column names before a table's noun ("the healthcare organizations"), a
// table said by another name before one of its own columns ("aircraft manufacturers"), a text
// column said again by its value ("headquartered in Connecticut"), and a singular table noun
// (or its synonym: "World Cup matches") right before the plural noun of rows that belong to it
// ("patient visits" are visits, each of a patient; counting or dating them needs nothing of
// the owner).
func dropQualifiers(items []item) []item {
	out := items[:0:0]
	dropWith := -1 // the "with" of a column said again by its value
	for i, it := range items {
		if i == dropWith {
			continue
		}
		if it.kind != itEntity || len(it.cands) == 0 {
			out = append(out, it)
			continue
		}
		if pr := len(out) - 1; pr >= 0 && len(it.cands) == 1 && it.cands[0].kind == candValue && it.cands[0].pattern != "" && len(it.skipped) == 0 &&
			out[pr].kind == itEntity && out[pr].start+len(out[pr].toks) == it.start && slices.ContainsFunc(out[pr].cands, func(c cand) bool {
			return c.kind == candValue && c.col == it.cands[0].col && c.pattern == ""
		}) {
			// "premium gasoline": one fuel said with the word its family shares, which names
			// what it is, not a second condition ('Gasoline or E85').
			continue
		}
		if nx := adjacent(items, i, candTable); nx != nil && len(it.cands) > 1 &&
			!slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind != candColumn || c.score > scoreModifier }) &&
			nx.cands[0].score >= scoreExact && !slices.ContainsFunc(it.cands, func(c cand) bool { return c.table == nx.cands[0].table }) {
			// "the healthcare organizations": a word that is only part of several columns'
			// names elsewhere, said before a table's noun, describes the rows (an adjective);
			// read as one of those columns it would be a guess.
			continue
		}
		if nx := adjacent(items, i, candTable); nx != nil && len(it.toks) == 1 && slices.Contains(nx.cands[0].table.words, it.toks[0].norm) &&
			!slices.ContainsFunc(it.cands, func(c cand) bool {
				return c.score >= scoreExact || c.table == nx.cands[0].table && c.score > scoreModifier
			}) {
			// "sales opportunities" of sales_pipeline: a word of the table's own name, said
			// before another noun for its rows, names them too.
			continue
		}
		if nx := adjacent(items, i, candTable); nx != nil && nx.plural && systemCode(it, nx.cands[0].table) {
			// "hospital admissions": admissions, not those of the events whose item is
			// kept in the 'hospital' database (D_ITEMS.DBSOURCE).
			continue
		}
		if nx := adjacent(items, i, candColumn); nx != nil && !it.plural && it.cands[0].kind == candTable && it.cands[0].score < scoreExact &&
			nx.cands[0].table == it.cands[0].table {
			// "aircraft manufacturers": a table said by another name right before one of its
			// own columns only says whose column it is.
			continue
		}
		if i+1 < len(items) && it.cands[0].kind == candColumn && it.cands[0].col.class == classText &&
			!slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind != candColumn || c.table != it.cands[0].table }) {
			// "payers headquartered in Connecticut", "employees who bank with Deutsches
			// Geldinstitut": the value says the column again (BANKNAME, among the bank's
			// columns the word names).
			nx, prep := &items[i+1], ""
			if len(nx.skipped) == 1 {
				prep = nx.skipped[0]
			}
			keepNot := false
			if nx.kind == itKeyword && nx.kw.kind == kwWith && i+2 < len(items) && len(items[i+2].skipped) == 0 {
				nx, prep = &items[i+2], "with"
			} else if nx.kind == itKeyword && nx.kw.kind == kwNot && i+2 < len(items) &&
				slices.ContainsFunc(items[:i], func(o item) bool { return o.kind == itEntity }) && len(items[i+2].skipped) <= 1 {
				// "accounts headquartered outside the United States": the value, negated.
				// ("Which countries other than the UK", said first, asks for the countries.)
				nx, prep, keepNot = &items[i+2], "in", true
			}
			if nx.kind == itEntity && len(nx.cands) > 0 && !slices.ContainsFunc(nx.cands, func(c cand) bool { return c.kind != candValue || c.col != nx.cands[0].col }) &&
				slices.ContainsFunc(it.cands, func(c cand) bool { return c.col == nx.cands[0].col }) && restatePrepositions[prep] {
				if nx != &items[i+1] && !keepNot {
					dropWith = i + 1
				}
				continue
			}
		}
		if nx := adjacent(items, i, candTable); nx != nil && !it.plural && !slices.ContainsFunc(it.cands, func(c cand) bool { return !c.everyRow }) &&
			nx.cands[0].table != it.cands[0].table {
			// "World Cup players": every tournament is a World Cup, so the words pick no rows
			// of the players, whichever way the two would join.
			continue
		}
		owner := !it.plural && it.cands[0].kind == candTable && it.cands[0].score >= scoreSynonym &&
			!it.toks[len(it.toks)-1].poss && !(i > 0 && items[i-1].kind == itKeyword && items[i-1].kw.kind == kwGroup)
		if nx := adjacent(items, i, candTable); owner && nx != nil && nx.plural && nx.cands[0].table != it.cands[0].table &&
			keepsCopiesOf(nx.cands[0].table, it.cands[0].table) {
			// "flight bookings": a booking keeps its flight's date and price as its own
			// columns (FlightDate, FlightPrice); joining the flights besides, by what they
			// share (the airline), would repeat each booking once per flight.
			continue
		}
		// A name the rows carry ("World Cup match") qualifies a singular noun too.
		if nx := adjacent(items, i, candTable); owner && nx != nil && (nx.plural || it.cands[0].score < scoreExact) &&
			nx.cands[0].table != it.cands[0].table && slices.ContainsFunc(nx.cands[0].table.fks, func(f fk) bool { return f.to.table == it.cands[0].table }) {
			continue
		}
		if nx := nextName(items, i, candTable); owner && nx != nil && nx.plural && nx.cands[0].table != it.cands[0].table && !verbForm(&it, it.cands[0].table) &&
			refersWithin(it.cands[0].table, nx.cands[0].table, 2) {
			// "car manufacturers", "product suppliers": a singular noun of the rows that
			// refer to the plural's says what those make or supply, which every one does.
			continue
		}
		out = append(out, it)
	}
	return out
}

// systemCode reports whether the one lower-case word of it, said before the plural noun of
// rows, reads best as a lower-case code kept in an attribute of another table those rows
// have no key to (D_ITEMS.DBSOURCE 'hospital' before "admissions"): a word of the noun, not
// a condition reached through other tables. A name ('Comedy' films), a state of the rows or
// of a row they point to keeps its reading.
func systemCode(it item, rows *table) bool {
	if len(it.toks) != 1 || it.toks[0].raw != it.toks[0].lower || len(it.cands) == 0 || it.cands[0].kind != candValue {
		return false
	}
	for _, c := range it.cands {
		if c.kind != candValue {
			continue
		}
		if c.col == nil || c.col == c.table.label || c.value != strings.ToLower(c.value) || c.table == rows ||
			slices.ContainsFunc(rows.fks, func(f fk) bool { return f.to.table == c.table }) {
			return false
		}
	}
	return true
}

// keepsCopiesOf reports whether rows has two columns or more named after other's rows
// (Booking.FlightDate and Booking.FlightPrice after Flight) and no key to it.
func keepsCopiesOf(rows, other *table) bool {
	if len(other.words) == 0 || slices.ContainsFunc(rows.fks, func(f fk) bool { return f.to.table == other }) {
		return false
	}
	n := 0
	for _, c := range rows.cols {
		if len(c.words) > len(other.words) && slices.Equal(c.words[:len(other.words)], other.words) && !rows.fkCols[c] {
			n++
		}
	}
	return n >= 2
}

// refersWithin reports whether rows of from refer to rows of to by foreign keys, through at
// most hops keys (a vehicle to its model to its make).
func refersWithin(from, to *table, hops int) bool {
	if hops == 0 {
		return false
	}
	for _, f := range from.fks {
		if f.to.table == to || f.to.table != from && refersWithin(f.to.table, to, hops-1) {
			return true
		}
	}
	return false
}

// superlativeOfRows reads "the most populous municipality in each division" as "the
// municipality with the largest population in each division": a superlative of a number
// column said before the singular noun of the rows it ranks, when the rows are ranked within
// groups; read in that order the noun would only say whose the number is.
func superlativeOfRows(items []item) []item {
	if !slices.ContainsFunc(items, func(it item) bool {
		return it.kind == itKeyword && it.kw.kind == kwGroup && strings.Contains(strings.ToLower(it.text()), "each")
	}) {
		return items
	}
	for i := 0; i+2 < len(items); i++ {
		k, c, t := items[i], items[i+1], items[i+2]
		if k.kind != itKeyword || k.kw.kind != kwMost && k.kw.kind != kwLeast || c.kind != itEntity || t.kind != itEntity || t.plural ||
			len(c.cands) == 0 || len(t.cands) == 0 || c.cands[0].kind != candColumn || c.cands[0].col.class != classNumber ||
			t.cands[0].kind != candTable || t.cands[0].table == c.cands[0].table || c.start+len(c.toks) != t.start || len(t.skipped) > 0 {
			continue
		}
		shift := len(t.toks)
		t.start, t.skipped, k.skipped = k.start, k.skipped, nil
		k.start += shift
		c.start += shift
		items[i], items[i+1], items[i+2] = t, k, c
		i += 2
	}
	return items
}

// nextName is adjacent for a name that may end the question, whose skipped words are those
// after it.
func nextName(items []item, i int, kind candKind) *item {
	if i+1 >= len(items) {
		return nil
	}
	it, nx := &items[i], &items[i+1]
	if nx.kind != itEntity || it.start+len(it.toks) != nx.start || len(nx.cands) == 0 || nx.cands[0].kind != kind {
		return nil
	}
	if len(nx.skipped) > 0 && i+2 < len(items) {
		return nil
	}
	return nx
}

// adjacent returns the item after items[i] when it is a name said right after it, with no
// word between, whose first reading is of the kind asked (a table's noun, a column), or nil.
func adjacent(items []item, i int, kind candKind) *item {
	if i+1 >= len(items) {
		return nil
	}
	it, nx := &items[i], &items[i+1]
	if nx.kind != itEntity || len(nx.skipped) > 0 || it.start+len(it.toks) != nx.start || len(nx.cands) == 0 || nx.cands[0].kind != kind {
		return nil
	}
	return nx
}

// dropVerbColumns reads a past tense said as a verb ("who scored the most goals", "matches
// were played in June") as the act, not the column its stem names (a match's score '4–1', a
// standing's count of games played): after "who" or an auxiliary, a past tense that reaches
// only plain columns says what happened to the rows, which the rest of the question counts or
// dates. Dates, flags, states and amounts keep their reading ("were shipped", "were
// cancelled", "was paid"), and so do a verb followed by who did it ("composed by Jimi
// Hendrix": the composer) and one that ends the question, which is its condition.
func dropVerbColumns(items []item) []item {
	out := items[:0:0]
	var carry []string
	aux := false // "how many goals have teams from each confederation scored": the auxiliary came first
	for i, it := range items {
		by := i+1 < len(items) && (len(items[i+1].skipped) > 0 && items[i+1].skipped[0] == "by" || strings.EqualFold(items[i+1].text(), "by"))
		last := i+1 == len(items) // "how many purchase orders were rejected": the verb is the condition
		// "every match played at Wembley": a participle right after the rows' noun, before where
		// or when, describes them.
		reduced := i > 0 && items[i-1].kind == itEntity && len(items[i-1].cands) > 0 && items[i-1].cands[0].kind == candTable && len(it.skipped) == 0 &&
			!last && len(items[i+1].skipped) > 0 && placePrepositions[items[i+1].skipped[0]] && pastPlain(it)
		if !by && !last && !agentVerb(it) && (verbColumn(it) || reduced || aux && len(it.skipped) == 0 && pastPlain(it) && onlyText(it)) {
			carry = append(append(carry, it.skipped...), it.toks[0].lower)
			continue
		}
		aux = aux || slices.ContainsFunc(it.skipped, func(w string) bool { return w == "have" || w == "has" || w == "had" })
		if len(carry) > 0 {
			it.skipped = append(carry, it.skipped...)
			carry = nil
		}
		out = append(out, it)
	}
	if n := len(out); n > 0 && len(carry) > 0 {
		out[n-1].skipped = append(out[n-1].skipped, carry...)
	}
	return out
}

// agentVerb reports whether an item is the verb of a column that keeps who did it ("who
// directed ...": directed_by): it asks for that column.
func agentVerb(it item) bool {
	return len(it.toks) == 1 && slices.ContainsFunc(it.cands, func(c cand) bool {
		return c.kind == candColumn && len(c.col.words) == 2 && c.col.words[1] == "by" && c.col.words[0] == it.toks[0].lower
	})
}

// placeOfEvent reads a name said after a verb that names both when and where something
// happened ("died in Rome", "born in Paris": yearOfDeath and placeOfDeath) as that place: the
// verb is dropped and the name keeps only its readings in the place column. Where the place
// column has no such value the name is left unplaced, so the question is refused rather than
// answered with the name found elsewhere (a subject 'Rome').
func placeOfEvent(items []item) []item {
	out := items[:0:0]
	for i := 0; i < len(items); i++ {
		v := items[i]
		if i+1 == len(items) || v.kind != itEntity || len(v.toks) != 1 {
			out = append(out, v)
			continue
		}
		it := &items[i+1]
		places, when := eventColumns(v)
		if len(places) == 0 || when == nil || it.kind != itEntity || len(it.skipped) != 1 || (it.skipped[0] != "in" && it.skipped[0] != "at") ||
			it.start != v.start+2 || !slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candValue }) {
			out = append(out, v)
			continue
		}
		if !namesRowsOf(items, when.table) {
			// Several place columns are read only for rows the question names ("laureates
			// born in Stockholm": bornCity or bornCountry); otherwise the last, as before.
			places = places[len(places)-1:]
		}
		var keep []cand
		for _, c := range it.cands {
			if c.kind == candValue && slices.Contains(places, c.col) {
				keep = append(keep, c)
			}
		}
		if it.cands = keep; len(keep) == 0 || slices.ContainsFunc(keep, func(c cand) bool { return c.value != keep[0].value }) {
			// None, or several ('London' and 'London, United Kingdom'): not one place.
			it.kind, it.cands = itUnknown, nil
		}
		it.skipped = slices.Concat(v.skipped, []string{v.toks[0].lower}, it.skipped)
	}
	return out
}

// namesRowsOf reports whether an item names table t's rows (its noun, best read).
func namesRowsOf(items []item, t *table) bool {
	for _, it := range items {
		if it.kind == itEntity && len(it.cands) > 0 && it.cands[0].kind == candTable && it.cands[0].table == t {
			return true
		}
	}
	return false
}

// nameFromYear reports whether a stored name of two words or more starts with the year at
// toks[e] ('1969 Harley Davidson Ultimate Chopper', '1992 Ferrari 360 Spider red').
func nameFromYear(toks []token, e int, lex *lexicon) bool {
	for m := min(lex.maxLen, len(toks)-e); m >= 2; m-- {
		if anyQuoted(toks[e : e+m]) {
			continue
		}
		phrase := normPhraseToks(toks[e : e+m])
		if len(lex.values[phrase]) > 0 || slices.ContainsFunc(lex.lookup(phrase), func(c cand) bool { return c.kind == candValue }) {
			return true
		}
	}
	return false
}

// timesAfterTable reads "received a prize more than once" as "more than one prize": a
// table's row said once, then how many times, at the end of the question, is a number of
// those rows.
func timesAfterTable(items []item) []item {
	n := len(items)
	if n < 4 {
		return items
	}
	t, c, num := items[n-3], items[n-2], items[n-1]
	if t.kind != itEntity || t.plural || len(t.cands) == 0 || t.cands[0].kind != candTable || c.kind != itKeyword || !isCmp(c.kw.kind) ||
		num.kind != itNumber || len(num.skipped) == 0 || num.skipped[len(num.skipped)-1] != "times" || c.start != t.start+len(t.toks) {
		return items
	}
	num.skipped = num.skipped[:len(num.skipped)-1]
	c.skipped = slices.Concat(t.skipped, c.skipped)
	t.skipped = nil
	head := slices.Clone(items[:n-3])
	if k := len(head) - 1; k >= 0 && head[k].kind == itKeyword && head[k].kw.kind == kwHas {
		// "received a prize more than once": the article went with the row said once.
		c.skipped = slices.Concat(head[k].skipped, c.skipped)
		head = head[:k]
	}
	return append(head, c, num, t)
}

// placeOfEventSaid reads a place column said apart from its event's verb ("in which country
// were the most laureates born": bornCountry, not diedCountry) as the verb's own: the column's
// readings are kept to those the verb names, and the verb, said only to pick it, is dropped.
func placeOfEventSaid(items []item) []item {
	for i := range items {
		v := items[i]
		places, when := eventColumns(v)
		if len(places) == 0 || when == nil || len(v.toks) != 1 {
			continue
		}
		for j := range items {
			it := &items[j]
			if j == i || it.kind != itEntity || len(it.cands) < 2 || slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind != candColumn }) {
				continue
			}
			var keep []cand
			for _, c := range it.cands {
				if slices.Contains(places, c.col) {
					keep = append(keep, c)
				}
			}
			if len(keep) == 0 || len(keep) == len(it.cands) {
				continue
			}
			it.cands = keep
			out := slices.Delete(slices.Clone(items), i, i+1)
			if i < len(out) {
				out[i].skipped = slices.Concat(v.skipped, []string{v.toks[0].lower}, out[i].skipped)
			}
			return out
		}
	}
	return items
}

// eventColumns are the place columns and the date column of one table that a verb item
// names together ("died": placeOfDeath, yearOfDeath; "born": bornCity, bornCountry, born);
// nil when it names anything else.
func eventColumns(v item) (places []*column, when *column) {
	for _, c := range v.cands {
		switch {
		case c.kind != candColumn:
			return nil, nil
		case c.col.class == classDate:
			when = c.col
		case c.col.class == classText:
			places = append(places, c.col)
		}
	}
	if len(places) == 0 || when == nil || slices.ContainsFunc(places, func(p *column) bool { return p.table != when.table }) {
		return nil, nil
	}
	return places, when
}

// verbColumn reports whether an item is a past tense after "who" or an auxiliary that names
// only plain columns.
func verbColumn(it item) bool {
	if it.kind != itEntity || len(it.toks) != 1 || len(it.skipped) == 0 || len(it.cands) == 0 {
		return false
	}
	return verbSubjects[it.skipped[len(it.skipped)-1]] && pastPlain(it)
}

// dropPaidState reads "how many sales orders have been paid" as a state of the orders, not
// an amount paid: a past participle right after a passive auxiliary that ends a count question
// loses its money readings, keeping a stored state ('Paid') if there is one, else it is refused
// as a word no column holds. Followed by anything ("priced above 99 cents", "billed to
// Germany") it keeps them.
func dropPaidState(items []item) {
	counting := false
	for k := range items {
		it := &items[k]
		if it.kind == itKeyword && it.kw.kind == kwCount {
			counting = true
		}
		if !counting || k+1 < len(items) || it.kind != itEntity || len(it.toks) != 1 || len(it.skipped) == 0 || !passiveAux[it.skipped[len(it.skipped)-1]] {
			continue
		}
		if w := it.toks[0].lower; !strings.HasSuffix(w, "ed") && w != "paid" && w != "spent" && w != "sold" {
			continue
		}
		if !slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candColumn && c.col != nil && c.col.money > 0 }) {
			continue
		}
		it.cands = slices.DeleteFunc(slices.Clone(it.cands), func(c cand) bool { return c.kind == candColumn && c.col != nil && c.col.money > 0 })
		if len(it.cands) == 0 {
			it.kind = itUnknown
		}
	}
}

// passiveAux end a passive or perfect verb phrase: "have been paid", "were billed".
var passiveAux = map[string]bool{"been": true, "be": true, "being": true, "was": true, "were": true, "is": true, "are": true}

// onlyText reports whether an item's first reading is a text column: a verb said after its
// subject ("have teams ... scored") is dropped only where it would read as a text column (a
// match's score), not as a number the question may rank by (the home games "played").
func onlyText(it item) bool {
	return len(it.cands) > 0 && it.cands[0].col != nil && it.cands[0].col.class == classText
}

// pastPlain reports whether an item is one past-tense word that names only plain columns (no
// date, flag, amount or key).
func pastPlain(it item) bool {
	if it.kind != itEntity || len(it.toks) != 1 || len(it.cands) == 0 || !strings.HasSuffix(it.toks[0].lower, "ed") {
		return false
	}
	return !slices.ContainsFunc(it.cands, func(c cand) bool {
		return c.kind != candColumn || c.col == nil || c.col.class == classDate || c.col.class == classBool || c.col.money > 0 || c.col.class == classKey
	})
}

// aggregateWords ask for a number about rows rather than the rows.
var aggregateWords = toSet(strings.Fields("number count total sum average mean how many much most least highest lowest"))

// placePrepositions say where or when something happened.
var placePrepositions = map[string]bool{"at": true, "in": true, "on": true, "during": true}

// verbSubjects come right before a verb: who did it, or the auxiliary of a passive or perfect.
var verbSubjects = map[string]bool{"who": true, "was": true, "were": true, "been": true, "has": true, "have": true, "had": true}

// dropEveryRowNames drops a name every row of a table carries when it only says where the rest
// happened ("how many women have refereed at a World Cup": every tournament is one), so it
// joins nothing that could restrict the rows. Said next to a period, a number or a value ("the
// 2022 World Cup", "World Cup 1966"), or as the only thing asked about ("how many World Cups"),
// it stays.
func dropEveryRowNames(items []item) []item {
	others := 0
	for _, it := range items {
		if it.kind == itEntity && slices.ContainsFunc(it.cands, func(c cand) bool { return !c.everyRow }) {
			others++
		}
	}
	if others == 0 {
		return items
	}
	out := items[:0:0]
	for i, it := range items {
		every := it.kind == itEntity && len(it.cands) > 0 && !slices.ContainsFunc(it.cands, func(c cand) bool { return !c.everyRow })
		near := func(k int) bool {
			return k >= 0 && k < len(items) && (items[k].kind == itDate || items[k].kind == itNumber || items[k].kind == itEntity && items[k].cands[0].kind == candValue)
		}
		if every && !near(i-1) && !near(i+1) {
			continue
		}
		out = append(out, it)
	}
	return out
}

// timesWords are numbers of times said as one word.
var timesWords = map[string]float64{"once": 1, "twice": 2, "thrice": 3}

// onEnds are the words after which "from 2015 on" has ended.
var onEnds = toSet([]string{"and", "for", "by", "per", "in", "with", "of", "where", "grouped", "broken", "split"})

// openEnded widens a period followed by "or later" ("born in 2000 or later", "from 2015 on")
// to everything from its start, and one followed by "or earlier" to everything before its end.
func openEnded(r dateRange, toks []token, i, n int) (dateRange, int) {
	from := i > 0 && toks[i-1].lower == "from"
	for _, p := range []struct {
		words []string
		later bool
	}{{[]string{"on"}, from}, {[]string{"or", "later"}, true}, {[]string{"and", "later"}, true}, {[]string{"or", "after"}, true}, {[]string{"onwards"}, true}, {[]string{"onward"}, true},
		{[]string{"or", "earlier"}, false}, {[]string{"and", "earlier"}, false}, {[]string{"or", "before"}, false}} {
		k := i + n
		if k+len(p.words) > len(toks) || slices.ContainsFunc(p.words, func(w string) bool { k++; return toks[k-1].lower != w }) {
			continue
		}
		if p.words[0] == "on" && (!p.later || k < len(toks) && !onEnds[toks[k].lower]) {
			continue // "on" alone ends a period only after "from": "from 2015 on", not "from 2015 on Mondays"
		}
		if p.later {
			r.to = time.Time{}
		} else {
			r.from = time.Time{}
		}
		r.text += " " + strings.Join(p.words, " ")
		return r, n + len(p.words)
	}
	return r, n
}

// dropOwnerTable reads "the most laureates' institutions" as the institutions: a table said
// in the plural with a possessive right before the noun of a table whose rows it owns
// (affiliations keyed to laureates) only says whose they are, which every such row already
// is ("each publisher's books" still groups by publisher).
func dropOwnerTable(items []item) []item {
	for i := 0; i+1 < len(items); i++ {
		o, n := items[i], items[i+1]
		if o.kind != itEntity || !o.plural || len(o.toks) == 0 || !o.toks[len(o.toks)-1].poss || len(o.cands) == 0 || o.cands[0].kind != candTable ||
			i > 0 && items[i-1].kind == itKeyword && items[i-1].kw.kind == kwGroup ||
			n.kind != itEntity || len(n.cands) == 0 || n.cands[0].kind != candTable || n.start != o.start+len(o.toks) ||
			fkTo(n.cands[0].table, o.cands[0].table) == nil {
			continue
		}
		out := slices.Delete(slices.Clone(items), i, i+1)
		out[i].skipped = slices.Concat(o.skipped, out[i].skipped)
		return out
	}
	return items
}

// actNotState drops a past participle read as a state its value list spells where it is the
// act done to the rows named next: "customers who have never booked a travel" did not book
// one, whatever the status of its bookings ('Booked', a booking's, not a travel's). Only where
// the rows named have no key to the list; "never cancelled an order" of orders with a status
// 'Cancelled' keeps the state.
func actNotState(items []item) []item {
	out := items[:0:0]
	for i, it := range items {
		if i == 0 || i+1 >= len(items) || it.kind != itEntity || len(it.toks) != 1 || !strings.HasSuffix(it.toks[0].lower, "ed") || len(it.cands) == 0 {
			out = append(out, it)
			continue
		}
		said := items[i-1].kind == itKeyword && items[i-1].kw.kind == kwNever ||
			slices.ContainsFunc(it.skipped, func(w string) bool { return w == "have" || w == "has" || w == "had" })
		nx := items[i+1]
		if !said || nx.kind != itEntity || len(nx.cands) == 0 || nx.cands[0].kind != candTable || slices.ContainsFunc(it.cands, func(c cand) bool {
			return c.kind != candValue || !strings.EqualFold(c.value, it.toks[0].raw) || c.table == nx.cands[0].table ||
				slices.ContainsFunc(nx.cands[0].table.fks, func(f fk) bool { return f.to.table == c.table })
		}) {
			out = append(out, it)
		}
		// (Otherwise the participle is the verb, left out: the rows named next are what
		// never happened.)
	}
	return out
}

// neverVerbed reads "products that have never been ordered" as products with no rows of the
// table whose column the verb names (ORDERDETAILS, by QUANTITYORDERED): what never happened
// is a row of that table, not a value of its column.
func neverVerbed(items []item) {
	for i := 0; i+1 < len(items); i++ {
		if items[i].kind != itKeyword || items[i].kw.kind != kwNever {
			continue
		}
		it := &items[i+1]
		if i+2 != len(items) || it.kind != itEntity || len(it.toks) != 1 || !strings.HasSuffix(it.toks[0].lower, "ed") || len(it.cands) == 0 ||
			it.cands[0].kind != candColumn || it.cands[0].col.class == classBool {
			continue // "suppliers with no discontinued products": a flag of the rows named next
		}
		t := it.cands[0].table
		if !slices.ContainsFunc(items[:i], func(o item) bool {
			return o.kind == itEntity && len(o.cands) > 0 && o.cands[0].kind == candTable && o.cands[0].table != t && fkTo(t, o.cands[0].table) != nil
		}) {
			continue
		}
		it.cands = []cand{{kind: candTable, table: t, score: it.cands[0].score}}
	}
}

// noneOfCounted reads "questions that have not received a single answer" as those whose
// answer count is 0 where the rows keep how many of that kind each has (Posts.AnswerCount):
// 'Answer' is a kind of post, and an answer is never the question it answers.
func noneOfCounted(items []item) []item {
	for k := 1; k < len(items); k++ {
		j := k - 1
		if j > 0 && items[j].kind == itKeyword && items[j].kw.kind == kwHas {
			j-- // "not received a single answer"
		}
		neg, it := items[j], &items[k]
		if neg.kind != itKeyword || neg.kw.kind != kwNever && neg.kw.kind != kwNot || it.kind != itEntity || len(it.cands) < 2 ||
			it.cands[0].kind != candValue || it.cands[0].col == nil || it.cands[0].col != it.cands[0].col.table.label {
			continue
		}
		list, w := it.cands[0].col.table, singular(strings.ToLower(it.cands[0].value))
		i := slices.IndexFunc(it.cands, func(c cand) bool {
			return c.kind == candColumn && c.col.class == classNumber && len(c.col.words) == 2 && c.col.words[0] == w && c.col.words[1] == "count" && fkTo(c.col.table, list) != nil
		})
		if i < 0 {
			continue
		}
		c := it.cands[i]
		it.cands = []cand{{kind: candValue, table: c.table, col: c.col, score: scoreExact, state: &stateCond{op: "=", val: 0.0}}}
		for _, o := range items[j:k] {
			it.skipped = append(append(slices.Clone(o.skipped), o.text()), it.skipped...)
		}
		return append(items[:j:j], items[k:]...)
	}
	return items
}

// storesNo reports whether the item just read names a column that stores 'no' among its
// values ("voted": un_votes.vote 'yes'/'no'/'abstain').
func storesNo(it item, lex *lexicon) bool {
	if it.kind != itEntity {
		return false
	}
	for _, v := range append(slices.Clone(lex.values["no"]), lex.stems["no"]...) {
		if slices.ContainsFunc(it.cands, func(c cand) bool { return c.col != nil && c.col == v.col || c.kind == candTable && c.table == v.table }) {
			return true
		}
	}
	return false
}

// piecesOfLines is the quantity column of the line table whose key column "pieces" names
// (read as parts: inventory_parts.part_num, beside inventory_parts.quantity): pieces are
// counted one by one, whatever table of part designs there is; nil otherwise.
func piecesOfLines(it *item) *column {
	if !strings.HasPrefix(strings.ToLower(it.toks[0].raw), "piece") {
		return nil // ("parts" may be designs, counted; pieces are what the lines' quantity counts)
	}
	for _, c := range it.cands {
		if c.kind != candColumn || c.col == nil || len(c.col.words) != 2 || c.col.words[0] != it.toks[0].norm || c.col.words[1] != "number" && c.col.words[1] != "id" {
			continue
		}
		for _, q := range c.col.table.cols {
			if q.class == classNumber && len(q.words) == 1 && q.words[0] == "quantity" {
				return q
			}
		}
	}
	return nil
}

// typeOfNamedRows reads "votes of each type" as the type list the votes refer to (VoteTypes,
// by Votes.VoteTypeId) where "type" alone names nothing of theirs: the kind word said after
// rows is their own kind, not another table's column that happens to mean a type (a badge's
// Class).
func typeOfNamedRows(items []item) {
	var rows *table
	for k := range items {
		it := &items[k]
		if it.kind == itEntity && len(it.cands) > 0 && it.cands[0].kind == candTable && len(it.toks) > 0 && !kindWords[it.toks[len(it.toks)-1].norm] {
			rows = it.cands[0].table
			continue
		}
		if rows == nil || it.kind != itEntity && it.kind != itUnknown || len(it.toks) != 1 || !kindWords[it.toks[0].norm] ||
			slices.ContainsFunc(it.cands, func(c cand) bool { return c.table == rows }) {
			continue
		}
		var list *table
		for _, f := range rows.fks {
			if w := f.to.table.words; len(w) > 1 && w[len(w)-1] == it.toks[0].norm && f.to.table != rows {
				if list != nil && list != f.to.table {
					list = nil
					break
				}
				list = f.to.table
			}
		}
		if list != nil {
			it.kind, it.cands = itEntity, []cand{{kind: candTable, table: list, score: scoreExact}}
		}
	}
}

// countColumnOfPlural reads "more members", "the most replies" as the column that keeps how
// many there are (num_members, reply_count) where the plural also names other columns (a flag
// is_member, a date latest_reply): a number compared or ranked is meant.
func countColumnOfPlural(items []item) {
	for k := 1; k < len(items); k++ {
		it, prev := &items[k], &items[k-1]
		if prev.kind == itNumber && k >= 2 && items[k-2].kind == itKeyword {
			prev = &items[k-2] // "sets with more than 4,000 parts"
		}
		// The rows compared or ranked are the first named: their own count column, not one
		// of rows joined to them ("the colour with the most parts" is no sum of the sets'
		// num_parts over their parts lists).
		var subject *table
		if i := slices.IndexFunc(items[:k], func(o item) bool { return o.kind == itEntity && len(o.cands) > 0 && o.cands[0].kind == candTable }); i >= 0 {
			subject = items[i].cands[0].table
		}
		j := k - 1
		for j > 0 && items[j].kind == itEntity && len(items[j].cands) > 0 && items[j].cands[0].kind == candColumn && items[j].cands[0].col.class == classBool {
			j-- // "how many spare pieces"
		}
		if it.kind == itEntity && it.plural && len(it.toks) == 1 && items[j].kind == itKeyword && items[j].kw.kind == kwCount {
			if q := piecesOfLines(it); q != nil {
				// "how many pieces come with the set": its lines' quantities, added up.
				it.cands = []cand{{kind: candColumn, table: q.table, col: q, score: scoreExact}}
				continue
			}
		}
		if it.kind != itEntity || !it.plural || len(it.toks) != 1 || len(it.cands) < 2 || prev.kind != itKeyword ||
			prev.kw.kind != kwGT && prev.kw.kind != kwLT && prev.kw.kind != kwGTE && prev.kw.kind != kwLTE && prev.kw.kind != kwMost && prev.kw.kind != kwLeast {
			continue
		}
		w := it.toks[0].norm
		counts := func(c cand) bool {
			if c.kind != candColumn || c.col == nil || c.col.class != classNumber || len(c.col.words) != 2 || subject != nil && c.col.table != subject {
				return false
			}
			ws := c.col.words
			return ws[0] == "number" && ws[1] == w || ws[0] == w && ws[1] == "count"
		}
		if counts(it.cands[0]) || !slices.ContainsFunc(it.cands, counts) {
			if q := piecesOfLines(it); q != nil {
				// "the colour with the most pieces": the quantity of the lines that name a
				// part by its number, added up.
				it.cands = []cand{{kind: candColumn, table: q.table, col: q, score: scoreExact}}
			}
			continue
		}
		top := it.cands[0].score
		var front, rest []cand
		for _, c := range it.cands {
			if counts(c) {
				c.score = max(c.score, top+0.02)
				front = append(front, c)
			} else {
				rest = append(rest, c)
			}
		}
		it.cands = append(front, rest...)
	}
}

// agentOfVerb reads "who created the most channels" as the channel's creator, a key to the
// people, not the date it was created: after "who", a participle whose agent noun names a key
// of the same table as the date it matched asks who did it.
func agentOfVerb(items []item, lex *lexicon) {
	for k := range items {
		it := &items[k]
		if it.kind != itEntity || len(it.toks) != 1 || len(it.skipped) == 0 || it.skipped[len(it.skipped)-1] != "who" || len(it.cands) == 0 {
			continue
		}
		d := it.cands[0]
		if d.kind != candColumn || d.col == nil || d.col.class != classDate {
			continue
		}
		var agents []cand
		for _, a := range agentNouns[it.toks[0].lower] {
			for _, c := range lex.lookup(a) {
				if c.kind == candColumn && c.col != nil && c.col.table == d.col.table && c.col.table.fkCols[c.col] && c.score >= scoreExact && !slices.ContainsFunc(agents, func(o cand) bool { return o.col == c.col }) {
					agents = append(agents, c)
				}
			}
		}
		if len(agents) == 1 {
			it.cands = agents
		}
	}
}

// whenVerb reads the verb that ends a "when" question ("when did order 10300 ship", "when
// was it shipped") as the date column it names (SHIPPEDDATE), not a value spelled like it
// (a product line 'Ships', a status 'Shipped'): the question asks for that date.
func whenVerb(items []item, lex *lexicon) {
	n := len(items)
	if n < 2 || len(items[0].skipped) == 0 || items[0].skipped[0] != "when" {
		return
	}
	it := &items[n-1]
	if it.kind != itEntity && it.kind != itUnknown || len(it.toks) != 1 || it.toks[0].quoted {
		return
	}
	isDate := func(c cand) bool { return c.kind == candColumn && c.col != nil && c.col.class == classDate }
	dates := slices.DeleteFunc(slices.Clone(it.cands), func(c cand) bool { return !isDate(c) })
	if len(dates) == 0 {
		w := it.toks[0].lower
		forms := []string{w + "ed", w + "d"}
		if k := len(w); k >= 3 && !strings.ContainsRune("aeiouwxy", rune(w[k-1])) && strings.ContainsRune("aeiou", rune(w[k-2])) {
			forms = append(forms, w+w[k-1:]+"ed") // ship: shipped
		}
		for _, f := range forms {
			for _, c := range lex.lookup(f) {
				if isDate(c) {
					dates = append(dates, c)
				}
			}
		}
	}
	if len(dates) > 0 {
		it.kind, it.cands = itEntity, dates
	}
}

// yearOfNamedColumn reads a year said as the adjective of a text column that keeps years as
// its values ("the 2023 IPL season" of season '2023') as that value: the season is named, and
// a season need not lie within its calendar year ('2020/21'). One word may sit between them
// (the league's name).
func yearOfNamedColumn(items []item) []item {
	for k := 0; k+1 < len(items); k++ {
		it := &items[k]
		if it.kind != itDate || len(it.toks) == 0 || !it.toks[len(it.toks)-1].isNum || len(it.toks[len(it.toks)-1].lower) != 4 {
			continue
		}
		year, end, j := it.toks[len(it.toks)-1].lower, it.start+len(it.toks), k+1
		if n := items[j]; n.kind == itUnknown && n.start == end && len(n.toks) == 1 && j+1 < len(items) {
			end, j = n.start+len(n.toks), j+1
		}
		n := items[j]
		if n.kind != itEntity || n.start-end > 1 || n.start-end == 1 && (j > k+1 || len(n.skipped) > 1) || n.start == end && len(n.skipped) > 0 {
			continue
		}
		var vals []cand
		for _, c := range n.cands {
			if c.kind == candColumn && c.col != nil && c.col.class == classText && slices.Contains(c.col.values(), year) {
				vals = append(vals, cand{kind: candValue, table: c.table, col: c.col, value: year, score: scoreExact})
			}
		}
		if len(vals) == 0 {
			continue
		}
		it.kind, it.cands, it.toks = itEntity, vals, append(slices.Clone(it.toks), n.toks...)
		items = slices.Delete(items, k+1, j+1)
	}
	return items
}

// datedVerb reads a verb followed by a period ("sales orders created in 2015") as the date
// column it names, not the other columns of the same word (HISTORY_CREATEDBY_EMPLOYEEID).
func datedVerb(items []item) {
	for k := 0; k+1 < len(items); k++ {
		it := &items[k]
		if it.kind != itEntity || items[k+1].kind != itDate || len(it.cands) < 2 {
			continue
		}
		isDate := func(c cand) bool { return c.kind == candColumn && c.col != nil && c.col.class == classDate }
		if !slices.ContainsFunc(it.cands, isDate) {
			continue
		}
		it.cands = slices.DeleteFunc(slices.Clone(it.cands), func(c cand) bool { return !isDate(c) && c.kind == candColumn })
	}
}

// statusOfFlag drops "status" said after a flag: "hosts with superhost status" are the
// hosts whose host_is_superhost is set.
func statusOfFlag(items []item) []item {
	for i := 1; i < len(items); i++ {
		it, f := items[i], items[i-1]
		if it.kind == itUnknown && len(it.toks) == 1 && (it.toks[0].lower == "status" || it.toks[0].lower == "flag") && len(it.skipped) == 0 &&
			f.kind == itEntity && len(f.cands) > 0 && f.cands[0].kind == candColumn && f.cands[0].col.class == classBool {
			items = slices.Delete(slices.Clone(items), i, i+1)
			i--
		}
	}
	return items
}

// peopleOfVerb drops "people" before a verb that names the rows recording what happened to
// them ("how many people died", "the people who were killed": a storm's fatalities), where
// nothing in the schema is called people.
func peopleOfVerb(items []item) {
	for k := 0; k+1 < len(items); k++ {
		it, nx := &items[k], &items[k+1]
		if it.kind != itUnknown || len(it.toks) != 1 || !peopleWords[it.toks[0].lower] || nx.kind != itEntity || len(nx.cands) == 0 ||
			nx.cands[0].kind != candTable || len(nx.toks) != 1 || !strings.HasSuffix(nx.toks[0].lower, "ed") && !irregularPastForms[nx.toks[0].lower] && !presentVerbs[nx.toks[0].lower] ||
			slices.ContainsFunc(nx.skipped, func(w string) bool { return !auxWords[w] }) {
			continue
		}
		it.kind, it.kw = itKeyword, keyword{}
	}
}

// peopleWords say "persons" without naming a table.
var peopleWords = toSet([]string{"people", "persons", "individuals"})

// auxWords may stand between "people" and the verb said of them.
var auxWords = toSet([]string{"who", "that", "were", "was", "have", "had", "been", "got", "did"})

// presentVerbs are the verbs of peopleOfVerb said in the present ("did the most people die").
var presentVerbs = toSet([]string{"die", "dies"})

// stateStop reports whether a grammar word ends the question as the state asked about ("how
// many sales orders are still new") where some column stores it as a value ('New'): the word
// is then the question's condition, and an answer without it would count every row. It is
// kept as a word to place, so the question is answered through the value or refused.
func stateStop(toks []token, i int, lex *lexicon) bool {
	if i == 0 || i != len(toks)-1 || !predicateWords[toks[i-1].lower] {
		return false
	}
	return slices.ContainsFunc(lex.entries[toks[i].norm], func(c cand) bool { return c.kind == candValue })
}

// predicateWords come before a state said as the question's last word.
var predicateWords = map[string]bool{"still": true, "are": true, "is": true, "was": true, "were": true, "been": true}

// preferFlags reads a word that names both a flag and a value of the same table ("ended in a
// draw": matches.draw and matches.result = 'draw') as the flag: both say the same of a row, and
// the flag is what the table keeps for it.
func preferFlags(items []item) {
	for k := range items {
		it := &items[k]
		if it.kind != itEntity || len(it.cands) < 2 {
			continue
		}
		var flag *table
		for _, c := range it.cands {
			if c.kind == candColumn && c.col != nil && c.col.class == classBool && len(c.col.words) == 1 && c.col.words[0] == normPhrase(it.text()) {
				flag = c.table
				break
			}
		}
		if flag == nil {
			continue
		}
		it.cands = slices.DeleteFunc(slices.Clone(it.cands), func(c cand) bool { return c.kind == candValue && c.table == flag })
	}
}

// restatePrepositions join a column's word to its value: "headquartered in Connecticut",
// "bank with Deutsches Geldinstitut", "based at", "listed as".
var restatePrepositions = map[string]bool{"in": true, "with": true, "at": true, "as": true}

// markShown marks the names listed at the end of a question after "give its", "show
// their" as columns shown beside the rows: "the single most expensive encounter by total
// claim cost? Give its description, date and cost" lists that encounter's three columns; the
// "and" between them joins nothing.
func markShown(items []item) []item {
	for i, it := range items {
		if withColumns(items, i) {
			// "list every match played at Wembley, with dates and scores": the "with" goes,
			// the columns after it are shown.
			out := items[:i:i]
			for _, r := range items[i+1:] {
				if r.kind == itEntity {
					r.show = true
					out = append(out, r)
				}
			}
			return out
		}
		if !shownItem(it) || !slices.ContainsFunc(it.skipped, func(w string) bool { return w == "its" || w == "their" }) {
			continue
		}
		cut := i
		if !slices.ContainsFunc(it.skipped, func(w string) bool { return showVerbs[w] }) {
			if !listedWithTheir(items, i) {
				continue
			}
			cut = i - 1 // the "with" goes with the "and"s
		}
		rest := items[i:]
		if slices.ContainsFunc(rest, func(r item) bool { return !shownItem(r) && !(r.kind == itKeyword && r.kw.kind == kwAnd) }) {
			return items
		}
		out := items[:cut:cut]
		for _, r := range rest {
			if shownItem(r) {
				r.show = true
				out = append(out, r)
			}
		}
		return out
	}
	return items
}

// shownItem reports whether an item can name a column shown beside the rows: a column's
// words, or "the year" of rows that keep one.
func shownItem(r item) bool {
	return r.kind == itEntity || r.kind == itKeyword && r.kw.kind == kwUnit && r.kw.grain == grainYear && len(r.toks) == 1 && !r.toks[0].plural
}

// withColumns reports whether items[i] is a "with" that ends a listing ("list …") with two or
// more columns joined by "and": the columns to show beside the rows, not a condition ("customers
// with orders" names one table and stays a condition).
func withColumns(items []item, i int) bool {
	if items[i].kind != itKeyword || items[i].kw.kind != kwWith || items[0].kind != itKeyword || items[0].kw.kind != kwList || i+1 >= len(items) ||
		slices.ContainsFunc(items[i+1].skipped, func(w string) bool { return possessives[w] }) {
		return false // "with their base charge and rate" is read by the possessive, below
	}
	cols, ands := 0, 0
	for _, r := range items[i+1:] {
		switch {
		case r.kind == itKeyword && r.kw.kind == kwAnd:
			ands++
		case r.kind == itEntity && len(r.cands) > 0 && r.cands[0].kind == candColumn:
			cols++
		default:
			return false
		}
	}
	return cols >= 2 && ands > 0
}

// listedWithTheir reports whether items[i], said after "their", ends a listing with two or more
// things of the rows listed: "list the passengers with their city and country" shows each
// passenger with both, where read one by one the rows would only qualify the city and the
// country would be dropped. Each thing is a column or a table the rows refer to (shown by its
// name); anything else (a figure, rows that refer to them) keeps the "with" a condition. One
// table the rows refer to is enough ("list the beers stronger than 15% with their brewery"):
// the row each belongs to, shown by its name, is never a condition on the rows.
func listedWithTheir(items []item, i int) bool {
	if i < 2 || items[0].kind != itKeyword || items[0].kw.kind != kwList || items[i-1].kind != itKeyword || items[i-1].kw.kind != kwWith ||
		strings.ToLower(items[i-1].text()) != "with" {
		return false
	}
	rows := listedTable(items, i-2)
	if rows == nil {
		return false
	}
	things, refs := 0, 0
	for _, r := range items[i:] {
		switch {
		case r.kind == itKeyword && r.kw.kind == kwAnd:
		case r.kind == itEntity && len(r.cands) > 0 && r.cands[0].kind == candColumn && r.cands[0].col != nil:
			things++
		case r.kind == itEntity && len(r.cands) > 0 && r.cands[0].kind == candTable && r.cands[0].table.label != nil && fkTo(rows, r.cands[0].table) != nil:
			things++
			refs++
		default:
			return false
		}
	}
	// ("list each product with its supplier" groups by product, and besideGroups shows the
	// supplier's name beside each.)
	return things >= 2 || refs == 1 && !slices.ContainsFunc(items[:i], func(r item) bool { return r.kind == itKeyword && r.kw.kind == kwGroup })
}

// listedTable is the table whose rows a listing lists, read back from items[j]: the table named
// right before the "with", or the one named right after the listing's verb when only
// conditions stand between ("list the beers stronger than 15% ABV with ...").
func listedTable(items []item, j int) *table {
	tableOf := func(it *item) *table {
		if it.kind == itEntity && len(it.cands) > 0 && it.cands[0].kind == candTable {
			return it.cands[0].table
		}
		return nil
	}
	if t := tableOf(&items[j]); t != nil {
		return t
	}
	t := tableOf(&items[1])
	if t == nil {
		return nil
	}
	for _, it := range items[2 : j+1] {
		switch {
		case it.kind == itKeyword && isCmp(it.kw.kind), it.kind == itNumber:
		case it.kind == itEntity && len(it.cands) > 0 && it.cands[0].kind == candColumn && it.cands[0].col != nil && it.cands[0].col.table == t:
		default:
			return nil
		}
	}
	return t
}

// showVerbs ask for columns to be shown.
var showVerbs = map[string]bool{"give": true, "show": true, "list": true, "display": true, "include": true, "including": true, "with": true}

// dropIncluded drops a flag said to be included ("codeshares included", "including
// codeshares", "counting the bonus tracks", "discontinued products too"): the rows are not
// limited to those with the flag set, nor to those without it.
func dropIncluded(items []item, toks []token) []item {
	out := items[:0:0]
	for _, it := range items {
		if it.kind == itEntity && len(it.cands) > 0 && !slices.ContainsFunc(it.cands, func(c cand) bool {
			// A flag ("diverted flights included"), or a kind kept in a text column ("counting
			// the specials filed under that series").
			return c.col == nil || c.col.class != classBool && !(c.kind == candValue && c.col.class == classText && c.col != c.col.table.label)
		}) {
			end := it.start + len(it.toks)
			if end+1 < len(toks) && toks[end].plural {
				end++ // "diverted flights included"
			}
			after := end < len(toks) && (toks[end].lower == "included" || toks[end].lower == "too")
			k := it.start - 1
			for k >= 0 && (toks[k].lower == "the" || toks[k].lower == "all" || toks[k].lower == "any") {
				k-- // "counting the bonus tracks"
			}
			before := k >= 0 && (toks[k].lower == "including" || toks[k].lower == "counting") && (k == 0 || toks[k-1].lower != "not")
			if after || before {
				continue
			}
		}
		out = append(out, it)
	}
	return out
}

// dateOfEvent reads a bare "date" after a verb read as an event's date ("which patients have
// died, and on what date") as that event's date, and otherwise as the date of the rows the
// question is about, not the date column of some other table.
func dateOfEvent(items []item) {
	var event *cand
	var subject *table
	for i := range items {
		it := &items[i]
		if it.kind == itUnknown && len(it.toks) == 1 && it.toks[0].norm == "date" && i > 0 && items[i-1].kind == itKeyword && items[i-1].kw.kind == kwWhich {
			if later := laterDate(items[i+1:]); later != nil {
				// "on what date was Nancy Davolio hired": the date of the verb said after it.
				it.kind, it.cands = itEntity, []cand{with(*later, scoreExact)}
				continue
			}
		}
		if it.kind == itUnknown && len(it.toks) == 1 && it.toks[0].norm == "date" && subject != nil && subject.date != nil {
			// "the biggest order? give its date": no column is called date; the order's is.
			it.kind, it.cands = itEntity, []cand{{kind: candColumn, table: subject, col: subject.date, score: scoreExact}}
			continue
		}
		if it.kind != itEntity || len(it.cands) == 0 {
			continue
		}
		if len(it.toks) == 1 && it.toks[0].norm == "date" &&
			!slices.ContainsFunc(it.cands, func(c cand) bool { return c.score > scoreAmbig || c.col == nil || c.col.class != classDate }) {
			later := laterDate(items[i+1:])
			switch {
			case event != nil:
				it.cands = []cand{with(*event, scoreExact)}
			case later != nil && i > 0 && items[i-1].kind == itKeyword && items[i-1].kw.kind == kwWhich:
				// "on what date did Japan join the OECD": the date the question goes on to
				// name (oecd_accession_date).
				it.cands = []cand{with(*later, scoreExact)}
			case subject != nil && subject.date != nil && !slices.ContainsFunc(it.cands, func(c cand) bool { return c.table == subject }):
				// "the most expensive encounter ... its description, date and cost": the
				// encounter's own date, not some other table's column called DATE.
				it.cands = []cand{{kind: candColumn, table: subject, col: subject.date, score: scoreExact}}
			}
			continue
		}
		if c := it.cands[0]; subject == nil && c.kind == candTable && c.score >= scoreExact {
			subject = c.table
		}
		if c := it.cands[0]; len(it.toks) == 1 && !it.toks[0].plural && c.kind == candColumn && c.col.class == classDate &&
			strings.HasSuffix(it.toks[0].lower, "ed") && oneColumn(it.cands) {
			event = &it.cands[0]
		}
	}
}

// laterDate is the date column of the first item that can only read that one, or nil.
func laterDate(items []item) *cand {
	for i := range items {
		it := &items[i]
		if it.kind == itEntity && len(it.cands) > 0 && it.cands[0].kind == candColumn && it.cands[0].col.class == classDate && oneColumn(it.cands) {
			return &it.cands[0]
		}
	}
	return nil
}

// oneColumn reports whether every candidate reads the same column.
func oneColumn(cs []cand) bool {
	for _, c := range cs[1:] {
		if c.col != cs[0].col {
			return false
		}
	}
	return true
}

// stockAmount reads "how much X do we have in stock", "total units in stock per store": after
// "how much", "how many" or "total", "in stock" and "on hand" are the quantity held, not the
// state of having some; and "units" before them only says the quantity is counted in units.
func stockAmount(items []item) {
	asked, ask := false, -1
	for j := range items {
		it := &items[j]
		if it.kind == itKeyword && (it.kw.kind == kwSum || it.kw.kind == kwCount) {
			asked, ask = true, j
			continue
		}
		if !asked || it.kind != itEntity {
			continue
		}
		if n := normPhrase(it.text()); n != "in stock" && n != "on hand" {
			continue
		}
		var col *cand
		for k := range it.cands {
			if c := &it.cands[k]; c.state == nil && c.kind == candColumn && c.col.class == classNumber && col == nil {
				col = c
			}
		}
		if col == nil {
			continue
		}
		it.cands = []cand{*col}
		for k := j - 1; k >= 0; k-- {
			u := &items[k]
			if u.kind == itEntity && len(u.toks) == 1 && unitWords[u.toks[0].norm] {
				// "how many units", "how many items ... in stock": pieces held, counted by
				// the stock column.
				if len(u.cands) > 0 && u.cands[0].table != col.col.table {
					u.kind, u.kw = itKeyword, keyword{}
					if ask == k-1 && items[ask].kw.kind == kwCount {
						items[ask].kw = keyword{kind: kwSum} // "how many units": how much is held
					}
				}
				break
			}
		}
		return
	}
}

// stockVerbs say that rows are held, not sold: "warehouses that hold 15,000 units".
var stockVerbs = toSet(strings.Fields("hold holds held holding keep keeps kept keeping stock stocks stocked"))

// stockVerb reads "units" or "items" as the stock held when a verb of holding was said and
// the schema has a stock column ("which warehouses hold more than 15,000 units in total": the
// quantity on hand, not the units sold on order lines).
func stockVerb(items []item, lex *lexicon) {
	said := false
	for k := range items {
		for _, w := range items[k].skipped {
			said = said || stockVerbs[w]
		}
	}
	if !said {
		return
	}
	var stock []cand
	for _, c := range lex.lookup("in stock") {
		if c.kind == candColumn && c.state == nil && c.col.class == classNumber {
			stock = append(stock, c)
		}
	}
	if len(stock) == 0 {
		return
	}
	for k := range items {
		if it := &items[k]; it.kind == itEntity && len(it.toks) == 1 && unitWords[it.toks[0].norm] {
			it.cands = stock
		}
	}
}

// rateWords name money paid per period: a salary, a rent, a fee.
var rateWords = []string{"salary", "wage", "rent", "fee", "premium", "rate", "pay"}

// rankedAdjectives after "most"/"least" say what the ranking measures when no column is
// named so ("the most active members by number of bookings").
var rankedAdjectives = toSet([]string{"active", "frequent", "loyal", "engaged", "busy"})

// passiveBefore reports whether the verb at i is said in the passive ("were the most games
// started", "had the most games started"): an auxiliary within the four words before it.
func passiveBefore(toks []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		switch toks[k].lower {
		case "were", "was", "are", "is", "been", "had", "have":
			return true
		}
	}
	return false
}

// periodWords name a period a count is read in ("started that month").
var periodWords = toSet([]string{"day", "week", "month", "quarter", "year", "decade"})

// datePrepositions open a date said after a verb of starting ("started in 2016"), which
// is then read as nothing: the date is when the rows began.
var datePrepositions = toSet([]string{"in", "on", "during", "before", "after", "since", "between"})

// emptyWords are read as nothing when the schema does not name them: the place or business
// the data belongs to ("the club", "at the gym", "the workspace"), a noun that only counts
// rows ("cases", "incidents"), a verb that only says a row was made ("filed", "logged") or
// where it sits ("installed", "mounted"), and a word that only restates what a value or a
// table already says ("Juniper equipment", "the GitHub integration", "emoji reactions").
var emptyWords = toSet(strings.Fields(`club gym company business firm organization venue premise account everyone everybody workspace drew set
	emoji integration installed plugged mounted called equipment assigned
	case incident occurrence instance entry
	file filed log logged record recorded lodge lodged submit submitted
	mark marked flag flagged sale sales national collection art
	represent represents represented representing data current
	such fell fall falls very host hosted hosts hosting he she staged stage stages voted daytime brought career
	colour color comic everything collect collected produced produce produces brew brews brewed brewing placeholder
	ask asks asked write writes wrote written post posts posted cast create creates created site website alphabetically
	cite cites cited citing database dataset food yyyy mm dd
	federal judicial bench directory biographical send sends sent sending vote votes voting
	kept stored released issued launched anyone anybody someone exist exists existing job`)) // "the highest salary paid to anyone", "which job titles exist"; "stock items kept in Reel Storage"; "questions asked in April", "answers DaftWullie has written", "votes cast", "posted on the site"; "hometowns that have produced two bakers"; "how many such nights", "how much rain fell", "the very first", "races Monza hosted"; "senators who represented Alaska", "the women-in-STEM data", "current" (currentRows reads it); "what colour is the hair", "appeared in the most comics", "the value of everything ordered", "money we collected in payments"; "styles Anheuser-Busch brews", "the Unknown placeholder"; "violations cited at Bronx restaurants", "how many countries does the database cover", "restaurants that serve Chinese food", ""give the month as YYYY-MM"; "federal judges", "judicial appointments", "the federal bench", "listed in the biographical directory"; "entries the Netherlands sent", "points from the online vote"; "sets released in 2016" (kept by year alone)

// rowWords name a table's rows after its name ("finance entries", "geography records").
var rowWords = toSet([]string{"entry", "record", "row", "instance", "occurrence"})

// tokNorm is the normal form of token i, or "" past the end.
func tokNorm(toks []token, i int) string {
	if i >= len(toks) {
		return ""
	}
	return toks[i].norm
}

// relationVerbs say that rows of an event or link table exist ("routes Ryanair operates",
// "how many routes does each airline fly"); they are read as nothing when the question names
// such a table itself, which then carries the relation, and refused otherwise.
var relationVerbs = toSet(strings.Fields(`fly flies flew flown flying operate operates operated operating
	observe observes observed sit sits fall falls depart departs departed departing arrive arrives arrived arriving go goes went
	incoming outgoing inbound outbound gone`))

// awardVerbs say that a prize, title or medal was given to someone: rows of the table that
// links the winners with what they won. Read as nothing where the question names that table
// or one of its two ends ("who won the Nobel Prize in Literature in 2016", "laureates
// honoured in the 1990s").
var awardVerbs = toSet(strings.Fields(`win wins won winning award awarded receive receives received receiving
	honour honours honoured honor honors honored gone went`))

// dropRelationVerbs reads a relation verb as nothing when an item names a table that links
// two others (two foreign keys or more): the verb only says such rows exist.
func dropRelationVerbs(items []item) []item {
	linking, linkEnd := false, false
	for _, it := range items {
		for k, c := range it.cands {
			if k == 0 && c.kind != candTable {
				// "each Nobel category been awarded to a woman": a column or value of the
				// link table or of one of its ends.
				linkEnd = linkEnd || len(c.table.fks) >= 2 || c.table.linkEnd
			}
			if c.kind != candTable || c.score < scoreHead {
				continue
			}
			linking = linking || len(c.table.fks) >= 2
			linkEnd = linkEnd || c.table.linkEnd || awardedRows(c.table)
		}
	}
	if !linking && !linkEnd {
		return items
	}
	out := items[:0:0]
	var carry []string
	for _, it := range items {
		if it.kind == itUnknown && len(it.toks) == 1 && (linking && relationVerbs[it.toks[0].lower] || awardVerbs[it.toks[0].lower] && !countedNext(items, it)) {
			carry = append(carry, it.skipped...)
			carry = append(carry, it.toks[0].lower)
			continue
		}
		it.skipped = append(carry, it.skipped...)
		carry = nil
		out = append(out, it)
	}
	if n := len(out); n > 0 && len(carry) > 0 {
		out[n-1].skipped = append(out[n-1].skipped, carry...)
	}
	if len(out) == len(items) {
		return items
	}
	return out
}

// dropVerbOfFigure reads "won" as nothing before the figure won: "the party that won the most
// seats", "won 20 seats" rank or compare the seats column, the verb only says whose they are.
func dropVerbOfFigure(items []item) []item {
	for i := 0; i+1 < len(items); i++ {
		it := items[i]
		if it.kind != itUnknown || len(it.toks) != 1 || !awardVerbs[it.toks[0].lower] {
			continue
		}
		k := i + 1
		for k < len(items) && (items[k].kind == itNumber || items[k].kind == itKeyword && (items[k].kw.kind == kwMost || items[k].kw.kind == kwLeast)) {
			k++
		}
		if k == len(items) || items[k].kind != itEntity || len(items[k].cands) == 0 || items[k].cands[0].kind != candColumn ||
			items[k].cands[0].col.class != classNumber {
			continue
		}
		items[i+1].skipped = append(append(slices.Clone(it.skipped), it.toks[0].lower), items[i+1].skipped...)
		return append(items[:i:i], items[i+1:]...)
	}
	return items
}

// dropGlosses reads as nothing the unplaced words said right before a name in parentheses:
// "a bitterness (IBU) value", "net income (NetIncomeLoss)": the name is what the words gloss.
func dropGlosses(items []item) []item {
	paren := func(it item) bool { return slices.ContainsFunc(it.toks, func(t token) bool { return t.paren }) }
	drop := make([]bool, len(items))
	rank := func(it item) bool {
		return it.kind == itKeyword && (it.kw.kind == kwTop || it.kw.kind == kwBottom || it.kw.kind == kwMost || it.kw.kind == kwLeast)
	}
	for j, n := range items {
		if j > 0 && n.kind == itDate && len(n.toks) > 0 && n.toks[0].paren && items[j-1].kind == itDate && !paren(items[j-1]) {
			// "during the 1990s (1990 through 1999)": the same years said again.
			for k := j; k < len(items) && paren(items[k]) && (items[k].kind == itDate || items[k].kind == itKeyword); k++ {
				drop[k] = true
			}
			continue
		}
		if j > 0 && rank(n) && n.toks[0].paren && rank(items[j-1]) && !paren(items[j-1]) {
			// "the worst (highest) score": the plain word in parentheses says which end;
			// "worst" alone does not (a worst score is the highest penalty).
			drop[j-1] = true
			continue
		}
		if n.kind != itEntity || len(n.cands) == 0 || len(n.toks) == 0 || slices.ContainsFunc(n.toks, func(t token) bool { return !t.paren }) {
			continue
		}
		if k := glossedBefore(items, j); k >= 0 {
			// "pizza places (cuisine listed as Pizza)": the words before the gloss say what
			// it says, not a name of their own ('THE PIZZA PLACE').
			drop[k] = true
		}
		if j > 0 && !paren(items[j-1]) && restatedName(items[j-1], n) {
			// "the Party for Freedom (PVV)": the short name of the row just named, said
			// again, not a second condition.
			drop[j] = true
			continue
		}
		// Up to three unplaced words before it ("amended quarterly reports (form 10-Q/A)"), or
		// the same name said twice ("bitterness (IBU)" where bitterness is the IBU too).
		var glossed []string
		for k := j - 1; k >= 0 && k >= j-3 && !paren(items[k]); k-- {
			it := items[k]
			if it.kind != itUnknown && !(k == j-1 && it.kind == itEntity && len(it.cands) > 0 && sameCand(it.cands[0], n.cands[0])) {
				break
			}
			drop[k] = true
			glossed = append(append(slices.Clone(it.skipped), it.text()), glossed...)
		}
		items[j].skipped = append(glossed, n.skipped...)
	}
	if !slices.Contains(drop, true) {
		return items
	}
	var out []item
	for k := range items {
		if !drop[k] {
			out = append(out, items[k])
		}
	}
	return out
}

// glossedBefore is the index of a value item said up to three items before the parenthesised
// group that items[j] (a value in parentheses) belongs to, when the gloss's value is one of its
// words and of another column; or -1.
func glossedBefore(items []item, j int) int {
	n := items[j]
	if n.kind != itEntity || len(n.toks) == 0 || !n.toks[0].paren {
		return -1
	}
	k := j - 1
	for k >= 0 && len(items[k].toks) > 0 && items[k].toks[0].paren {
		k--
	}
	// The words may come a place or two before the gloss: "pizza places on Staten Island
	// (cuisine Pizza)".
	for stop := k - 2; k >= 0 && k >= stop; k-- {
		if items[k].kind != itEntity || len(items[k].cands) == 0 || items[k].cands[0].kind != candValue {
			continue
		}
		said := strings.Fields(normPhrase(items[k].text()))
		for _, c := range n.cands {
			if c.kind == candValue && c.col != items[k].cands[0].col && slices.Contains(said, normPhrase(c.value)) {
				return k
			}
		}
	}
	return -1
}

// restatedName reports whether n, said in parentheses, is a value of the table whose value it
// follows: another name of the same thing ('Party for Freedom' (PVV)).
func restatedName(it, n item) bool {
	if it.kind != itEntity || len(it.cands) == 0 || it.cands[0].kind != candValue {
		return false
	}
	t := it.cands[0].table
	return slices.ContainsFunc(n.cands, func(c cand) bool { return c.kind == candValue && c.table == t && c.col != it.cands[0].col })
}

// dropTheirOwnRows reads as nothing the table said after "their" whose column named the rows
// before: in "which states have the most beers from their breweries" the states are the
// breweries' state, so the breweries are how the beers reach a state, not a second grouping.
func dropTheirOwnRows(items []item) []item {
	for k := 1; k < len(items); k++ {
		it := items[k]
		if it.kind != itEntity || len(it.cands) == 0 || it.cands[0].kind != candTable || len(it.skipped) == 0 || !strings.EqualFold(it.skipped[len(it.skipped)-1], "their") {
			continue
		}
		t := it.cands[0].table
		if !slices.ContainsFunc(items[:k], func(o item) bool {
			return o.kind == itEntity && o.plural && len(o.cands) > 0 && o.cands[0].kind == candColumn && o.cands[0].col.table == t
		}) {
			continue
		}
		if k+1 < len(items) {
			items[k+1].skipped = append(append(slices.Clone(it.skipped), it.text()), items[k+1].skipped...)
		}
		return append(slices.Clone(items[:k]), items[k+1:]...)
	}
	return items
}

// awardNouns name rows that are themselves things given to someone: a table of badges or
// medals that keys each to its holder is what a verb of giving says exists.
var awardNouns = toSet(strings.Fields(`badge medal prize award trophy certificate certification honour honor decoration`))

// awardedRows reports whether a table's rows are awards held by someone: its name's last word is
// an award noun and it references the holder.
func awardedRows(t *table) bool {
	return len(t.fks) >= 1 && len(t.words) > 0 && awardNouns[singular(t.words[len(t.words)-1])]
}

// countedNext reports whether the item after it compares, ranks or counts ("won more games",
// "won the most titles"): the verb then names what is counted (a team's wins), not that a
// prize was given.
func countedNext(items []item, it item) bool {
	for i := range items {
		if items[i].start != it.start || i+1 >= len(items) {
			continue
		}
		n := items[i+1]
		if n.kind == itNumber {
			return true
		}
		if n.kind == itKeyword {
			switch k := n.kw.kind; {
			case isCmp(k), k == kwMost, k == kwLeast, k == kwTop, k == kwBottom, k == kwCount:
				return true
			}
		}
	}
	return false
}

// fillerPhrases are verb phrases that only say "has" or "belongs to" ("how many customers
// does each rep look after"); their words would otherwise be left unplaced.
var fillerPhrases = map[string]bool{
	"look after": true, "looks after": true, "looked after": true, "looking after": true,
	"take care of": true, "takes care of": true, "took care of": true, "in charge of": true,
	// Phrasal verbs that only say the rows exist or were made: "invoices we sent out",
	// "playlists we put together", "discount we gave away", "states on file".
	"send out": true, "sent out": true, "sends out": true, "went out": true, "go out": true, "goes out": true, "gone out": true, "put together": true, "puts together": true,
	"give away": true, "gave away": true, "given away": true, "on file": true, "on record": true,
	"in the register": true, "on the books": true, "break down": true, "along the way": true,
	// "players who have taken part in five World Cups": they were there; "matches decided by
	// a penalty shootout": the shootout is the condition, not a grouping "by".
	"take part in": true, "takes part in": true, "took part in": true, "taken part in": true, "taking part in": true,
	"decided by": true, "decided on": true, "caused by": true, "settled by": true, "settled on": true,
	// "matches that ended in a draw": the outcome, not an end date ("ended in 2020" is one).
	"ended in a": true, "end in a": true, "ends in a": true, "finished in a": true, "ended as a": true,
	// "which team picked up the most yellow cards": received them.
	"picked up": true, "pick up": true, "picks up": true, "picking up": true,
	// "how much rain fell over the year": the year the data covers, not a grouping by year.
	"over the year": true, "over the whole year": true, "during the year": true, "all year": true, "all year long": true,
	"throughout the year": true, "for the whole year": true, "over the entire year": true,
	// "how many races in history", "the most rain in a single day", "no rain at all": the
	// whole of what the data keeps.
	"over the whole show": true, "over the whole series": true, "over the whole study": true, "in the whole study": true,
	"in the whole series": true, "in the whole show": true, "over the whole period": true,
	// "the world's population", "in the world", "the whole data set": all of what the data keeps. "world"
	// is no stop word of its own: it names things ("World Cup"); nor is "set" ("records set in 2015").
	"in the world": true, "of the world": true, "the world": true, "around the world": true, "across the world": true, "the whole world": true, "data set": true, "data sets": true,
	"in the whole record": true, "over the whole record": true, "on the grid": true, "anywhere on the grid": true,
	"over the region": true, "across the region": true, "hurricane season": true, "at some point": true, "at any point": true, "for the year": true, "on the menu": true, "on our menu": true,
	"in history": true, "in his career": true, "in her career": true, "in their career": true, "at all": true, "in a single day": true, "on a single day": true,
	// "the hottest day of the year in Seattle, and how hot did it get": the day is listed
	// with its high.
	"of the year": true, "how hot did it get": true, "how warm did it get": true, "how cold did it get": true, "at its coldest": true, "at its hottest": true,
	// "in each month, in month order": months are listed in order anyway.
	// Names listed, and ties in a ranking, already read in alphabetical order.
	"in alphabetical order": true, "sorted alphabetically": true, "listed alphabetically": true, "from a to z": true,
	"break ties by": true, "breaking ties by": true, "ties broken by": true, "with ties broken by": true,
	"in month order": true, "in date order": true, "in chronological order": true, "in calendar order": true, "in time order": true,
	"in this snapshot": true, "in the snapshot": true, "in the database": true, "in our database": true, "in the data": true, "in the vocabulary": true,
	// "the drug given to the most patients": the patients it was given to.
	"given to": true, "was given to": true, "were given to": true, "been given": true, "was given": true, "were given": true,
	// "Pokémon introduced in Gen 4", "abilities that debuted in Generation 9": they belong
	// to the generation named.
	"introduced in": true, "were introduced in": true, "was introduced in": true, "debuted in": true, "first appeared in": true,
	// Events that only happened: "visits that took place in 2023".
	// "worst first", "best first": which end is worst depends on the measure; the ranking
	// already puts the largest first.
	"worst first": true, "best first": true, "as well": true, "in the system": true, "on staff": true, "on the staff": true,
	"took place": true, "take place": true, "takes place": true, "taking place": true, "taken place": true,
	"carried out": true, "carry out": true, "carries out": true, "been carried out": true, "conducted": true,
	"in the directory": true, "in the registry": true, "in the list": true, "on the list": true,
	"come from": true, "comes from": true, "came from": true,
	// "countries and territories": the UN's name for the rows of a country list, territories
	// included; "classed as least developed": marked so.
	"and territories": true, "or territories": true, "classed as": true,
	"lie on": true, "lies on": true, "lie in": true, "lies in": true,
	// "movements linked to more artworks", "artists associated with it": rows related by key.
	"linked to": true, "associated with": true, "connected to": true,
	// "admissions that ended with the patient dying": the state said next is the outcome.
	"ended with": true,
	// "campuses that are part of the SUNY system": members of the group named.
	"are part of": true, "is part of": true, "were part of": true, "was part of": true, "are a part of": true, "is a part of": true,
	// "majors that fall under Arts": filed there.
	"came into office": true, "come into office": true, "comes into office": true, "took office": true, "take office": true, "takes office": true,
	"sit on": true, "sits on": true, "sat on": true, "serve on": true, "serves on": true, "served on": true, "seat on": true, "seats on": true,
	"fall under": true, "falls under": true, "fall into": true, "falls into": true, "fall in": true, "falls in": true,
	// "products listed under Confections": the category the rows are filed in, not a
	// comparison ("under 10").
	// "net sales after discounts": a derived revenue already takes the discount off; said
	// without one the words stay unplaced (see netWords in plan.go).
	"after discount": true, "after discounts": true, "net of discount": true, "net of discounts": true,
	"running low": true, "run low": true, "runs low": true, "getting low": true,
	"take up": true, "takes up": true, "took up": true, "taking up": true, // "takes up the most disk space"
	"listed under": true, "filed under": true, "listed in": true, "listed as": true,
	// "sales value over all order lines": the rows added up, not a comparison ("over 100").
	"over all": true, "across all": true,
	// "sold fewer than 60 units that year": the year the question already gave.
	"that year": true, "in that year": true, "that month": true, "in that month": true, "the same year": true,
	// "books each publisher brought out in 1991": published, the rows exist.
	// "films that came out in the 1980s": released then; "planets home to the most
	// characters": the rows that have them as their home.
	"came out": true, "come out": true, "comes out": true, "coming out": true,
	"is home to": true, "are home to": true, "home to": true,
	// "the most protein per 100 grams": the basis nutrient tables keep every amount on.
	"per 100 grams": true, "per 100 g": true, "per 100g": true, "per 100 gram": true, "in 100 grams": true,
	"bring out": true, "brings out": true, "brought out": true, "put out": true, "puts out": true,
	// "the highest credit limit we have given any customer": what the rows hold.
	"have given": true, "has given": true, "had given": true, "we give": true, "we gave": true, "we give away": true, "we gave away": true,
}

// valueStartsAt reports whether a stored value, typed with capitals, is said from toks[i] on.
func valueStartsAt(toks []token, i int, lex *lexicon) bool {
	for n := min(4, len(toks)-i); n > 0; n-- {
		if !properNoun(toks[i]) {
			return false
		}
		for _, c := range lex.lookup(normPhraseToks(toks[i : i+n])) {
			if c.kind == candValue {
				return true
			}
		}
	}
	return false
}

// currencyWord reports whether toks[i] names a currency said as a value ("partners that work
// in euros"), not the unit of a number just said ("over 50 dollars"): the lexicon holds
// currency names only where a currency column stores their codes.
// currencyValues are the values of currency columns that a currency word names: its name
// ('Euro') or its ISO code ('EUR').
func currencyValues(lex *lexicon, w string) []cand {
	var out []cand
	for _, p := range []string{w, currencyCodes[w]} {
		for _, c := range lex.values[p] {
			if c.col != nil && slices.Contains(c.col.words, "currency") && !slices.ContainsFunc(out, func(o cand) bool { return o.col == c.col }) {
				out = append(out, c)
			}
		}
	}
	return out
}

func currencyWord(toks []token, i int) bool {
	_, ok := currencyCodes[toks[i].norm]
	return ok && !(i > 0 && toks[i-1].isNum)
}

// moneyUnits are currency words a number can be said in; the number is the amount.
var moneyUnits = toSet(strings.Fields("dollar euro pound buck cent"))

// oneOfUnit reports whether toks[i] is "a" or "an" before a unit of time or money.
func oneOfUnit(toks []token, i int) bool {
	if i+1 >= len(toks) || toks[i].quoted || toks[i].lower != "a" && toks[i].lower != "an" {
		return false
	}
	_, unit := unitSeconds[toks[i+1].norm]
	return unit || moneyUnits[toks[i+1].norm]
}

// narrowByContext drops the readings of an entity that the words around it rule out, before
// resolution weighs joins: after a comparison and its number, what can be compared ("more
// than 8000 units": not the text QuantityPerUnit); after "our", a staff table's reading of a
// title; after a count, a passive participle naming a number column is a verb ("how many
// invoices were billed"); after "how many", a quantity rather than a text column ("units");
// a place value right after a table ("customers in France"), that table's column; and right
// after "never", "no" or "nobody", what can be missing rows or an empty column ("products
// nobody ordered": orders, not UnitsOnOrder).
func narrowByContext(items []item) {
	stockAmount(items)
	statSiblings(items)
	normalOfNamed(items)
	winsCounted(items)
	for i := 0; i+1 < len(items); i++ {
		// "monthly salary", "annual fee": a rate said with its period is the column itself,
		// not a grouping by month ("monthly revenue" still is one).
		if it, n := &items[i], &items[i+1]; it.kind == itKeyword && it.kw.kind == kwBucket && n.kind == itEntity &&
			len(n.cands) > 0 && n.cands[0].kind == candColumn && n.cands[0].col.class == classNumber && containsAny(n.cands[0].col.words, rateWords) {
			it.kw = keyword{}
		}
	}
	for i := 1; i+2 < len(items); i++ {
		// "promotions that cost more than 80,000": a verb after "that" compared with a number
		// is the previous rows' number (promo_cost), not the table of costs.
		it, cmp, num := &items[i], &items[i+1], &items[i+2]
		if it.kind != itEntity || it.plural || cmp.kind != itKeyword || !isCmp(cmp.kw.kind) || num.kind != itNumber ||
			!slices.ContainsFunc(it.skipped, func(w string) bool { return w == "that" || w == "which" || w == "who" }) {
			continue
		}
		var prev *table
		for j := i - 1; j >= 0 && prev == nil; j-- {
			if items[j].kind == itEntity && len(items[j].cands) > 0 {
				prev = items[j].cands[0].table
			}
		}
		var keep []cand
		for _, c := range it.cands {
			if c.kind == candColumn && c.col.class == classNumber && c.table == prev {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			it.cands = keep
		}
	}
	for i := 2; i < len(items); i++ {
		// "more than 8000 units": what is compared is a number column or a count of rows, not
		// the text QuantityPerUnit.
		cmp, num, it := &items[i-2], &items[i-1], &items[i]
		if cmp.kind != itKeyword || !isCmp(cmp.kw.kind) || num.kind != itNumber || it.kind != itEntity {
			continue
		}
		var keep []cand
		for _, c := range it.cands {
			if c.kind == candTable || c.kind == candColumn && c.col.class == classNumber {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 && len(keep) < len(it.cands) {
			it.cands = keep
		}
	}
	for i := range items {
		// "who are our sales representatives": a job title held by the business's own people
		// (Employees.Title) and by its customers' contacts (Customers.ContactTitle); "our"
		// says the staff's.
		it := &items[i]
		if it.kind != itEntity || !slices.Contains(it.skipped, "our") {
			continue
		}
		var staff []cand
		tables := 0
		var seen []*table
		for _, c := range it.cands {
			if c.kind != candValue {
				staff = nil
				break
			}
			if !slices.Contains(seen, c.table) {
				seen = append(seen, c.table)
				tables++
			}
			if containsAny(c.table.words, staffWords) {
				staff = append(staff, c)
			}
		}
		if len(staff) > 0 && tables > 1 && len(staff) < len(it.cands) && sameTable(staff) {
			it.cands = staff
		}
	}
	counting := false
	for i := range items {
		// "how many invoices were billed to Germany": after a count, a passive participle
		// that names a number column ("billed": the invoice total) is a verb, not a second
		// measure.
		it := &items[i]
		if it.kind == itKeyword && it.kw.kind == kwCount {
			counting = true
		}
		if !counting || it.kind != itEntity || len(it.toks) != 1 || !strings.HasSuffix(it.toks[0].lower, "ed") ||
			len(it.skipped) == 0 || !auxiliaries[it.skipped[len(it.skipped)-1]] {
			continue
		}
		numeric, money := true, false
		for _, c := range it.cands {
			numeric = numeric && c.kind == candColumn && c.col.class == classNumber
			money = money || c.kind == candColumn && c.col.money > 0
		}
		switch {
		case numeric && money:
			it.kind, it.cands = itKeyword, nil
		case numeric:
			// "how many purchase orders were rejected" where only RejectedQty says the word:
			// a state of the rows that no column holds, not a verb to drop.
			it.kind, it.cands = itUnknown, nil
		}
	}
	for i := 1; i < len(items); i++ {
		// "how many units of Chai": units are counted in a quantity column, not the text
		// QuantityPerUnit.
		prev, it := &items[i-1], &items[i]
		if prev.kind != itKeyword || prev.kw.kind != kwCount || it.kind != itEntity {
			continue
		}
		if it.plural && slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candTable && c.score >= scoreExact }) {
			// "how many episodes were there in series 2": the episodes, counted; not the
			// different values of series_raw.episodes, which counts them already.
			it.cands = slices.DeleteFunc(it.cands, func(c cand) bool {
				return c.kind == candColumn && (c.col.class == classNumber || c.col.intTyp && c.col.class != classKey) && slices.ContainsFunc(it.cands, func(t cand) bool {
					return t.kind == candTable && t.score >= scoreExact && slices.Equal(t.table.words, c.col.words)
				})
			})
		}
		counted := false
		for _, c := range it.cands {
			counted = counted || c.kind == candColumn && c.col.class == classNumber && c.col.countName()
		}
		if !counted {
			continue
		}
		var keep []cand
		for _, c := range it.cands {
			if c.kind != candColumn || c.col.class != classText {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 {
			it.cands = keep
		}
	}
	for i := range items {
		for j := i + 1; j < len(items); j++ {
			commonTable(&items[i], &items[j])
		}
	}
	for i := 0; i+1 < len(items); i++ {
		// "physical stores": a word found only inside the name of a column that some rows
		// leave empty (physical_address), right before that column's table, says the rows
		// have it; it is no grouping by the column.
		it, n := &items[i], &items[i+1]
		if it.kind != itEntity || len(it.toks) != 1 || len(it.cands) != 1 || n.kind != itEntity || len(n.cands) == 0 ||
			n.start != it.start+1 || n.cands[0].kind != candTable {
			continue
		}
		c := it.cands[0]
		if p := c.col; c.kind == candColumn && c.score <= scoreModifier && c.table == n.cands[0].table && p != nil && p.class == classText &&
			p.prof != nil && p.prof.NonNull > 0 && p.prof.NonNull < p.prof.Rows {
			it.cands = []cand{{kind: candValue, table: c.table, col: p, score: scoreSynonym, state: &stateCond{op: "is not null", val: 0}}}
			// Said after the rows, as "stores that have a physical address": the rows stay
			// where a number or "which" put them.
			it.start, n.start = n.start, it.start
			it.skipped, n.skipped = n.skipped, it.skipped
			items[i], items[i+1] = items[i+1], items[i]
			i++
		}
	}
	for i := 0; i+1 < len(items); i++ {
		// "Irish airlines": a nationality right before a table is that table's own country,
		// not a value spelled the same elsewhere (the callsign 'IRISH').
		it, n := &items[i], &items[i+1]
		country, ok := demonyms[strings.ToLower(it.text())]
		if !ok || it.kind != itEntity || n.kind != itEntity {
			continue
		}
		var named *table
		for _, c := range n.cands {
			if (c.kind == candTable || c.col != nil && c.col == c.table.series) && c.score >= scoreExact-0.05 {
				named = c.table
			}
		}
		// Failing that, the country itself, reached by key ("Swiss cabinets" are the
		// cabinets of Switzerland, not those whose source key is 'swiss').
		var keep, countries []cand
		for _, c := range it.cands {
			if c.kind != candValue || normPhrase(c.value) != normPhrase(country) {
				continue
			}
			if named != nil && c.table == named {
				keep = append(keep, c)
			}
			countries = append(countries, c)
		}
		if len(keep) == 0 && named != nil {
			keep = countries
		}
		if len(keep) > 0 {
			it.cands = keep
		}
	}
	for i := range items {
		// "which facility cost the most to set up": "cost" is the verb of the cost named
		// after it (the set-up cost), not a second measure (membercost).
		it := &items[i]
		if it.kind != itEntity || !costVerbs[it.toks[len(it.toks)-1].lower] {
			continue
		}
		for j := i + 1; j < len(items); j++ {
			n := &items[j]
			if n.kind != itEntity || len(n.cands) == 0 || n.cands[0].kind != candColumn || n.cands[0].col.class != classNumber {
				continue
			}
			t := n.cands[0].table
			if !slices.ContainsFunc(it.cands, func(c cand) bool { return c.table == t }) {
				continue
			}
			if len(it.toks) == 1 {
				it.kind, it.cands = itKeyword, nil
			} else {
				// "facility cost": the facility, whose cost is said after.
				it.cands = []cand{{kind: candTable, table: t, score: scoreExact}}
			}
			break
		}
	}
	for i := range items {
		// "free for members": of the states a word sets on several columns of one table
		// (membercost, guestcost), the one whose name another word of the question says.
		it := &items[i]
		if it.kind != itEntity || len(it.cands) < 2 || it.cands[0].state == nil {
			continue
		}
		var keep []cand
		said := -1
		for _, c := range it.cands {
			if c.state == nil || c.table != it.cands[0].table {
				keep = nil
				break
			}
			for j := range items {
				if j != i && items[j].kind == itEntity && len(items[j].toks) == 1 && slices.Contains(c.col.words, items[j].toks[0].norm) {
					keep, said = append(keep, c), j
					break
				}
			}
		}
		if len(keep) == 1 {
			// The word said whose state it is; it names nothing else.
			it.cands = keep
			items[said].kind, items[said].cands = itKeyword, nil
		}
	}
	for i := 1; i < len(items); i++ {
		// "customers in France": a value said right after a table names that table's
		// attribute when it has one (Customers.Country, not the orders' ShipCountry).
		prev, it := &items[i-1], &items[i]
		if prev.kind != itEntity || it.kind != itEntity || len(prev.cands) == 0 || prev.cands[0].kind != candTable || prev.cands[0].score < scoreExact ||
			len(it.skipped) == 0 || slices.ContainsFunc(it.skipped, func(w string) bool { return !placeWords[w] }) {
			continue
		}
		t := prev.cands[0].table
		if i+1 < len(items) && modifies(it, &items[i+1]) {
			continue // "orders from German customers": the customers' country
		}
		var keep []cand
		for _, c := range it.cands {
			if c.kind == candValue && c.table == t {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 && len(keep) < len(it.cands) && onlyValueCands(it.cands) {
			it.cands = keep
		}
	}
	for i := 1; i < len(items); i++ {
		// "R rated films", "PG-13 rated": a word right after a value that names the value's
		// own column only says where the value is; it is neither a second column nor a
		// count of ratings.
		prev, it := &items[i-1], &items[i]
		if prev.kind != itEntity || it.kind != itEntity || len(it.skipped) > 0 || it.start != prev.start+len(prev.toks) ||
			slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candTable }) {
			continue // "the Leeds depot": a table said after its row's name is that table
		}
		var keep []cand
		for _, v := range prev.cands {
			if v.kind != candValue || v.state != nil || v.col2 != nil {
				continue
			}
			for _, c := range it.cands {
				if c.kind == candColumn && c.col == v.col {
					keep = append(keep, v)
					break
				}
			}
		}
		if len(keep) > 0 {
			prev.cands = keep
			it.kind, it.cands, it.kw = itKeyword, nil, keyword{}
		}
	}
	for i := 1; i < len(items); i++ {
		prev, it := &items[i-1], &items[i]
		if prev.kind != itKeyword || prev.kw.kind != kwNever || it.kind != itEntity {
			continue
		}
		var keep []cand
		for _, c := range it.cands {
			if c.kind != candColumn || c.col.class != classNumber {
				keep = append(keep, c)
			}
		}
		if len(keep) > 0 && len(keep) < len(it.cands) {
			it.cands = keep
		}
	}
}

// dropPayVerbs reads "what have we paid in freight", "spent on shipping costs": a paying verb
// followed by the money column it was paid in only says that money was paid, whether or not
// the schema has a payment to read it as; after the money it names, it only says how it came.
func dropPayVerbs(items []item) {
	for i := 0; i+1 < len(items); i++ {
		it, n := &items[i], &items[i+1]
		if it.kind != itEntity && it.kind != itUnknown || len(it.toks) != 1 || !payVerbs[it.toks[0].lower] || n.kind != itEntity || len(n.skipped) == 0 ||
			!slices.Contains([]string{"in", "on", "for"}, n.skipped[len(n.skipped)-1]) {
			continue
		}
		if slices.ContainsFunc(n.cands, func(c cand) bool { return c.kind == candColumn && c.col.class == classNumber && c.score >= scoreExact }) {
			it.kind, it.cands, it.kw = itKeyword, nil, keyword{}
		}
	}
	for i := 1; i < len(items); i++ {
		// "what percentage of our revenue was paid by credit card": the verb says how the
		// money named before came in; it is not that money a second time.
		it := &items[i]
		if it.kind != itEntity || len(it.toks) != 1 || !payVerbs[it.toks[0].lower] || len(it.cands) == 0 {
			continue
		}
		for j := 0; j < i; j++ {
			p := &items[j]
			if p.kind == itEntity && len(p.cands) > 0 && p.cands[0].kind == candColumn && slices.ContainsFunc(it.cands, func(c cand) bool {
				return c.kind == candColumn && c.col == p.cands[0].col
			}) {
				it.kind, it.cands, it.kw = itKeyword, nil, keyword{}
				break
			}
		}
	}
}

// payVerbs say that money was paid or spent.
var payVerbs = toSet(strings.Fields("paid pay pays paying spent spend spends spending"))

// auxiliaries come before a passive participle ("were billed").
var auxiliaries = toSet(strings.Fields("was were been be is are get got"))

// placeWords link rows to where they are: "customers in France", "suppliers from Japan".
var placeWords = toSet(strings.Fields("in from at based located living live lives are is there were was registered headquartered situated"))

// onlyValueCands reports whether every candidate is a value.
func onlyValueCands(cs []cand) bool {
	for _, c := range cs {
		if c.kind != candValue {
			return false
		}
	}
	return true
}

// sameTable reports whether all candidates are of one table.
func sameTable(cs []cand) bool {
	for _, c := range cs {
		if c.table != cs[0].table {
			return false
		}
	}
	return true
}

// measureKinds name the kind of a measure, said beside the column that holds it ("city fuel
// economy" of a cty column in miles per gallon).
var measureKinds = map[string]bool{"fuel economy": true, "fuel efficiency": true, "gas mileage": true, "fuel mileage": true, "miles per gallon": true}

// measureKindLen is the length in words of a measure kind at the start of toks, or 0.
func measureKindLen(toks []token) int {
	for n := min(3, len(toks)); n >= 2; n-- {
		if !anyQuoted(toks[:n]) && measureKinds[lowerPhrase(toks[:n])] {
			return n
		}
	}
	return 0
}

// fillerEndsAName reports whether a filler's last word begins a name with the word after it:
// "the world" is all of the data, but "the World Cup" names tournaments.
func fillerEndsAName(lex *lexicon, toks []token, n int) bool {
	return n < len(toks) && len(lex.lookup(normPhraseToks(toks[n-1:n+1]))) > 0
}

// fillerLen is the length in words of a filler phrase at the start of toks, or 0.
func fillerLen(toks []token) int {
	for n := min(5, len(toks)); n >= 2; n-- {
		if !anyQuoted(toks[:n]) && fillerPhrases[lowerPhrase(toks[:n])] {
			return n
		}
	}
	return 0
}

// keywordYields decides a tie between a one-span keyword and schema names of the same
// length: an exact table or column name wins ("count" as a column named count), except for
// grammar words that are rarely names.
func keywordYields(k keyword, cs []cand) bool {
	switch k.kind {
	case kwGroup, kwAnd, kwOr, kwNot, kwWhich, kwWith, kwTop, kwBottom, kwMost, kwLeast, kwList,
		kwGT, kwGTE, kwLT, kwLTE, kwBetween, kwEq, kwCount, kwSum, kwAvg, kwMax, kwMin, kwDistinct, kwUnit, kwSort:
		return false
	}
	return cs[0].score >= scoreExact
}

func isCmp(k kw) bool {
	switch k {
	case kwGT, kwGTE, kwLT, kwLTE, kwBetween, kwEq:
		return true
	}
	return false
}

func lowerPhrase(ts []token) string {
	ws := make([]string, len(ts))
	for i, t := range ts {
		if t.quoted {
			return ""
		}
		ws[i] = t.lower
	}
	return strings.Join(ws, " ")
}

func normPhraseToks(ts []token) string {
	ws := make([]string, len(ts))
	for i, t := range ts {
		ws[i] = t.norm
	}
	return strings.Join(ws, " ")
}

func anyQuoted(ts []token) bool {
	for _, t := range ts {
		if t.quoted {
			return true
		}
	}
	return false
}

func onlyValues(cs []cand) []cand {
	var out []cand
	for _, c := range cs {
		if c.kind == candValue {
			out = append(out, c)
		}
	}
	return out
}

// exactValues drops the value candidates whose stored value differs from raw, even by case.
func exactValues(cs []cand, raw string) []cand {
	var out []cand
	for _, c := range cs {
		if c.kind != candValue || c.value == raw {
			out = append(out, c)
		}
	}
	return out
}

// eventDate reads a past participle as the date of that event: "started" names start_date,
// "hired" hire_date, "shipped" a shipped_at. Only date columns qualify, so a verb never turns
// into a filter or a measure by accident.
func eventDate(t token, next string, lex *lexicon) []cand {
	w := t.lower
	if t.quoted || t.isNum || stopWords[w] || len(w) < 5 || !strings.HasSuffix(w, "ed") {
		return nil
	}
	stems := []string{w[:len(w)-1], w[:len(w)-2]} // hired -> hire, started -> start
	if n := len(w) - 2; n >= 2 && w[n-1] == w[n-2] {
		stems = append(stems, w[:n-1]) // shipped -> ship
	}
	// discovered -> discovery, delivered -> delivery: the noun the verb makes, which names a
	// date or a year ("discoveryyear"), unless the verb is said with how it was done
	// ("discovered by direct imaging": the discovery's method).
	if !byMeans[next] {
		stems = append(stems, w[:len(w)-2]+"y")
	}
	var out []cand
	for _, st := range stems {
		for _, c := range lex.lookup(st) {
			if c.kind == candColumn && (c.col.class == classDate || yearColumn(c.col)) {
				out = append(out, c)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// byMeans are the words that say how something was done after its verb.
var byMeans = toSet([]string{"by", "with", "using", "via", "through"})

// columnGroups reads a word that begins the names of several text columns of one table and
// names nothing else ("car" for car_make and car_model, "address" for address_number and
// address_street_name) as all of them: what a person's car is, is its make and its model.
// The item becomes one item per column, as if each had been named.
func columnGroups(items []item) []item {
	var out []item
	grouped := false
	for _, it := range items {
		if it.kind != itEntity || len(it.cands) < 2 || len(it.toks) > 2 || it.cands[0].kind != candColumn {
			out = append(out, it)
			continue
		}
		// The word the columns begin with, said in the item ("car", "street address").
		w, t := it.cands[0].col.words[0], it.cands[0].table
		if !slices.ContainsFunc(it.toks, func(k token) bool { return k.norm == w }) {
			out = append(out, it)
			continue
		}
		group := true
		for _, c := range it.cands {
			group = group && c.kind == candColumn && c.table == t && c.col.class != classKey && !c.negate &&
				len(c.col.words) > 1 && c.col.words[0] == w
		}
		if !group || w == t.words[0] {
			out = append(out, it)
			continue
		}
		grouped = true
		cs := slices.Clone(it.cands)
		slices.SortStableFunc(cs, func(a, b cand) int { return t.colIndex(a.col) - t.colIndex(b.col) }) // as the table orders them
		for k, c := range cs {
			one := it
			one.cands = []cand{c}
			if k > 0 {
				// As if said "car make and car model".
				out = append(out, item{kind: itKeyword, kw: keywords["and"], toks: it.toks, start: it.start})
				one.skipped = nil
			}
			out = append(out, one)
		}
	}
	if !grouped {
		return items // the same items, so the caller sees what resolution picks in them
	}
	return out
}

// verbUse reports whether a participle is used as a verb in the perfect tense or with an
// object ("have placed", "placed an order", "placed more than two orders", "how many orders
// has Rose placed?"), not as a state ("placed orders", "orders that have been placed").
func verbUse(toks []token, i int) bool {
	w := toks[i].lower
	if !strings.HasSuffix(w, "ed") {
		return false
	}
	if i > 0 && verbMarkers[toks[i-1].lower] {
		return true
	}
	if i+1 < len(toks) && (toks[i+1].isNum || objectStarts[toks[i+1].lower]) {
		return true
	}
	if i == len(toks)-1 {
		for j := i - 1; j >= 0; j-- {
			if toks[j].lower == "been" || toks[j].lower == "being" {
				return false
			}
			if verbMarkers[toks[j].lower] {
				return true
			}
		}
	}
	return false
}

// verbMarkers before a participle make it a verb: the perfect tense ("have placed") or a
// negated act ("never placed"); objectStarts begin its object.
var (
	verbMarkers  = toSet([]string{"have", "has", "had", "'ve", "never"})
	objectStarts = toSet([]string{"a", "an", "any", "more", "fewer", "less", "at", "over", "under", "their", "his", "her", "no", "only", "exactly"})
)

// backEach reports whether "each" at toks[i] refers back to rows already named ("how much
// did each pay", "each one", "how many are in each?") rather than introducing a grouping
// ("each country", "each of the stores").
func backEach(toks []token, i int) bool {
	if i+1 >= len(toks) {
		// "how many airports are in each?", "with the number of restaurants for each": the
		// groups named before.
		return i > 0 && (toks[i-1].lower == "in" || toks[i-1].lower == "for")
	}
	n := toks[i+1]
	if n.lower == "one" {
		return true
	}
	return !n.quoted && backEachVerbs[n.lower]
}

// backEachVerbs follow an "each" that is the subject of a verb, not a grouping.
var backEachVerbs = toSet(strings.Fields(`pay pays paid spend spends spent have has had do does did is are was were
	get gets got make makes made earn earns earned bring brings brought fly flies flew operate operates operated
	take takes took hold holds held contain contains contained cost costs sell sells sold buy buys bought`))

// costVerbs say what something costs; the cost is named after them.
var costVerbs = toSet([]string{"cost", "costs", "costed"})

// patternWords begin a pattern said about a text column, with the LIKE pattern around what
// follows them.
var patternWords = map[string][2]string{
	"starting with": {"", "%"}, "starts with": {"", "%"}, "start with": {"", "%"}, "beginning with": {"", "%"},
	"begins with": {"", "%"}, "begin with": {"", "%"}, "ending with": {"%", ""}, "ends with": {"%", ""},
	"end with": {"%", ""}, "ending in": {"%", ""}, "ends in": {"%", ""}, "containing": {"%", "%"},
	"contains": {"%", "%"}, "that contain": {"%", "%"}, "with the word": {"%", "%"},
}

// patternAfter reads "starting with E" after an item naming a text column (or a table, whose
// label is meant): the column's item becomes the column matching the pattern, and after a
// table a new item says it of the label. It returns the item, the number of tokens read (or 0)
// and whether the item replaces the last one.
// keywordStart reports whether a word begins a keyword phrase ("most", "more than").
func keywordStart(w string) bool {
	if _, ok := keywords[w]; ok {
		return true
	}
	for k := range keywords {
		if strings.HasPrefix(k, w+" ") {
			return true
		}
	}
	return false
}

func patternAfter(items []item, toks []token, i int) (item, int, bool) {
	if len(items) == 0 {
		return item{}, 0, false
	}
	for _, l := range []int{3, 2, 1} {
		if i+l >= len(toks) || anyQuoted(toks[i:i+l]) {
			continue
		}
		pw, ok := patternWords[lowerPhrase(toks[i:i+l])]
		if !ok {
			continue
		}
		prev := items[len(items)-1]
		if prev.kind != itEntity || len(prev.cands) == 0 {
			return item{}, 0, false
		}
		if k := prev.start - 1; k >= 0 && nameParts[toks[k].lower] {
			// "a last name starting with M" where the name is kept whole: no column is the
			// last name.
			return item{}, 0, false
		}
		for k := len(items) - 2; k >= 0 && len(prev.cands) > 1; k-- {
			// "customers whose name starts with Li": the name of the table named last.
			if items[k].kind != itEntity {
				continue
			}
			for _, tc := range items[k].cands {
				for _, c := range prev.cands {
					if tc.kind == candTable && tc.score >= scoreExact && c.kind == candColumn && c.table == tc.table {
						prev.cands = []cand{c}
					}
				}
			}
			break
		}
		if prev.cands[0].score < scoreAmbig ||
			len(prev.cands) > 1 && prev.cands[1].score >= prev.cands[0].score-ambiguityGap && prev.cands[1].col != prev.cands[0].col {
			// Only a column the words clearly name: "last name" where no table has one is
			// no other table's name.
			return item{}, 0, false
		}
		var col *column
		replace := true
		switch c := prev.cands[0]; {
		case c.kind == candColumn && c.col.class == classText:
			col = c.col
		case c.kind == candTable && c.table.label != nil:
			col, replace = c.table.label, false
		default:
			return item{}, 0, false
		}
		x := toks[i+l]
		if x.isNum && !x.quoted || strings.ContainsAny(x.raw, "%_") || !x.quoted && (articles[x.lower] || keywordStart(x.lower)) {
			// ("the category that contains the most majors": a count, no word to find)
			return item{}, 0, false
		}
		it := item{kind: itEntity, toks: toks[i : i+l+1]}
		if replace {
			it = prev
			it.toks = append(append([]token(nil), prev.toks...), toks[i:i+l+1]...)
		}
		it.cands = []cand{{kind: candValue, table: col.table, col: col, value: x.raw, score: scoreExact, pattern: pw[0] + x.raw + pw[1]}}
		return it, l + 1, replace
	}
	return item{}, 0, false
}

// commonTable settles two items that each name several tables and share exactly one: "gym
// visits" (the gym's tables, the visit tables), "checked in at the gym". The later item keeps
// that table; the earlier one, or a word right before a table it already names ("gym
// member"), only said which, and names nothing more. An unambiguous item settles the other
// only when it comes right after it.
func commonTable(a, n *item) {
	if a.kind != itEntity || n.kind != itEntity || len(a.cands) < 2 || len(n.cands) == 0 {
		return
	}
	adjacent := n.start == a.start+len(a.toks)
	if len(n.cands) < 2 && !adjacent {
		return
	}
	var common []*table
	for _, c := range a.cands {
		if c.kind != candTable {
			return
		}
		for _, d := range n.cands {
			if d.kind == candTable && d.table == c.table && !slices.Contains(common, c.table) {
				common = append(common, c.table)
			}
		}
	}
	if len(common) != 1 {
		return
	}
	var keep []cand
	for _, d := range n.cands {
		if d.kind == candTable && d.table == common[0] {
			keep = append(keep, d)
		}
	}
	n.cands = keep
	n.skipped = append(a.skipped, n.skipped...)
	a.kind, a.cands, a.skipped = itKeyword, nil, nil
}

// dropBucketedDateVerb reads the verb of an event whose time is bucketed ("at what hour of the
// day do the most bookings start", "in which month did most members join") as the date being
// bucketed, not a date to rank: the event's table is named before it and the date is that
// table's own.
func dropBucketedDateVerb(items []item) {
	bucketed := false
	for _, it := range items {
		bucketed = bucketed || it.kind == itKeyword && (it.kw.kind == kwUnit || it.kw.kind == kwBucket)
	}
	if !bucketed {
		return
	}
	for i := 1; i < len(items); i++ {
		it, prev := &items[i], &items[i-1]
		if it.kind != itEntity || len(it.toks) != 1 || len(it.cands) == 0 || prev.kind != itEntity || len(prev.cands) == 0 {
			continue
		}
		c, t := it.cands[0], prev.cands[0]
		if c.kind == candColumn && c.col.class == classDate && t.kind == candTable && t.table == c.table && t.table.date == c.col && i == len(items)-1 {
			it.kind, it.cands = itKeyword, nil
		}
	}
}

// nameParts qualify a name as one of its parts.
var nameParts = toSet([]string{"last", "first", "middle", "family", "given"})

// particles end phrasal verbs ("check in", "sign up", "log out", "pass away").
var particles = map[string]bool{"in": true, "up": true, "out": true, "on": true, "off": true, "away": true, "down": true, "back": true}

// particleVerb reads another form of a phrasal verb ("checked in", "signing up") as the
// table or column named by its bare form ("check in" for get_fit_now_check_in).
func particleVerb(v, part token, lex *lexicon) []cand {
	w := v.lower
	if v.quoted || v.isNum {
		return nil
	}
	for _, suf := range []string{"ed", "ing", "s"} {
		st, ok := strings.CutSuffix(w, suf)
		if !ok || len(st) < 2 {
			continue
		}
		forms := []string{st, st + "e"}
		if n := len(st); n >= 2 && st[n-1] == st[n-2] {
			forms = append(forms, st[:n-1]) // "logged in": log
		}
		for _, f := range forms {
			var out []cand
			for _, c := range lex.lookup(f + " " + part.lower) {
				if c.kind != candValue {
					out = append(out, c)
				}
			}
			if len(out) > 0 {
				return out
			}
		}
	}
	return nil
}

// properNoun reports whether a token is written with a capital first letter and is not all
// capitals (an acronym like "DVD" still reads as a word).
func properNoun(t token) bool {
	r := []rune(t.raw)
	return len(r) > 1 && unicode.IsUpper(r[0]) && strings.ToUpper(t.raw) != t.raw
}

// codePrefix reads a name no schema word or value spells as the three-letter code a column
// of such codes stores for it: "Libertarians" 'LIB', "Democratic" 'DEM', "Republican" 'REP'
// in a party column. Only codes of three capitals, in columns of short capital codes, and
// only for the words of a member or a follower ("-an", "-ic", "-at", "-ist"), not any name
// ("World" is no 'WOR', "Boston" no 'BOS').
func codePrefix(t token, lex *lexicon) []cand {
	w := t.norm
	if t.quoted || t.isNum || len(w) < 7 || !slices.ContainsFunc([]string{"an", "ic", "at", "ist"}, func(s string) bool { return strings.HasSuffix(w, s) }) {
		return nil
	}
	var out []cand
	for _, c := range append(slices.Clip(lex.entries[w[:3]]), lex.values[w[:3]]...) {
		if c.kind == candValue && c.col2 == nil && len(c.value) == 3 && c.value == strings.ToUpper(w[:3]) && shortCodes(c.col) {
			out = append(out, with(c, c.score*0.8))
		}
	}
	return out
}

// passiveNoAgent reports whether the verb at i is a passive said without "by" ("matches were
// played in 2023"): who did it is not named, so the verb names no one who does it (a player).
func passiveNoAgent(toks []token, i int) bool {
	return i > 0 && passiveAux[toks[i-1].lower] && strings.HasSuffix(toks[i].lower, "ed") && (i+1 == len(toks) || toks[i+1].lower != "by")
}

// wordForm reads a verb form as the noun a schema names: "rented" a rental table, "rated" a
// rating column, "billing" a bill. Only table and column names qualify (never values), at a
// lower score than the names themselves. agents allows the one who does what the verb says
// ("composed": a composer).
func wordForm(t token, lex *lexicon, agents bool) []cand {
	w := t.lower
	if t.quoted || t.isNum || len(w) < 4 {
		return nil
	}
	var stems []string
	// acted, acting, acts; alignment (align); presidential, congressional (the president's,
	// the congress's); danceable (danceability)
	for _, suf := range []string{"ed", "d", "ing", "s", "ment", "ments", "ial", "ional", "able"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
			st := w[:len(w)-len(suf)]
			stems = append(stems, st)
			if n := len(st); n >= 2 && st[n-1] == st[n-2] {
				stems = append(stems, st[:n-1]) // shipped -> ship
			}
		}
	}
	var forms []string
	for _, st := range stems {
		forms = append(forms, st, st+"al", st+"ing", strings.TrimSuffix(st, "e")+"ing", st+"ion", strings.TrimSuffix(st, "e")+"ion", st+"ment", st+"ance")
		if strings.HasSuffix(w, "able") {
			forms = append(forms, st+"ability")
		}
		if !stopWords[w] && agents {
			// who does it: "acted" an actor, "composed" a composer, "supplied" a supplier; a
			// filler verb ("selling") names no seller.
			forms = append(forms, st+"or", st+"r", st+"er")
		}
	}
	if len(stems) == 0 && !stopWords[w] {
		// "drive a Tesla": the bare verb of who does it, where a table is named for them
		// (drivers_license); only tables qualify, below.
		forms = append(forms, w+"r", w+"er")
		if strings.HasSuffix(w, "e") {
			// "the most common reason to retire": reason_retired.
			stems, forms = append(stems, w), append(forms, w+"d")
		}
	}
	past := strings.HasSuffix(w, "ed")
	for _, f := range forms {
		if past && twinQualifiers[f] != nil {
			continue // "the hottest temperature recorded in Phoenix": measured, not the record
		}
		var out []cand
		for _, c := range lex.lookup(f) {
			if past && c.kind == candColumn && len(c.col.words) > 0 && identWords[c.col.words[len(c.col.words)-1]] {
				continue // "copies ordered": the verb is the event, never the order's number
			}
			// A table's head word counts too: "licensed drivers" are drivers_license rows.
			if c.kind != candValue && (c.score >= scoreHead && len(stems) > 0 || c.kind == candTable && c.score >= scoreModifier) {
				out = append(out, with(c, c.score*0.9))
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// valueForm reads a word as a status-like value said in another form of its word
// ("completed orders" for COMPLETE, "cancellations" for CANCELLED). A stop word ("delivered")
// is read so only after an auxiliary ("have been delivered") or right before a table of the
// value ("delivered shipments"), where it can only be the state of those rows.
func valueForm(toks []token, i int, lex *lexicon) []cand {
	t := toks[i]
	if t.quoted || t.isNum {
		return nil
	}
	formed := t.plural
	// not -ing: "shipping costs" is no SHIPPED; -ic for the noun in -ity ("electric" cars run
	// on 'Electricity').
	for _, suf := range []string{"ed", "ion", "ment", "ic"} {
		formed = formed || strings.HasSuffix(t.norm, suf)
	}
	if !formed {
		return nil // "did we ship": a verb's bare form is the action, not a state
	}
	cs := lex.stems[stem(t.norm)]
	if irregularPlural(t) {
		// "people" is no state 'PERSON' said in the plural (see irregularPlural).
		cs = slices.DeleteFunc(slices.Clone(cs), func(c cand) bool { return c.value != strings.ToLower(c.value) && normPhrase(c.value) == t.norm })
	}
	if len(cs) == 0 || !stopWords[t.lower] {
		return cs
	}
	if i > 0 && auxiliaries[toks[i-1].lower] {
		return cs
	}
	if i+1 < len(toks) {
		var out []cand
		for _, c := range cs {
			for _, tc := range lex.lookup(toks[i+1].norm) {
				if tc.kind == candTable && tc.table == c.table && tc.score >= scoreExact {
					out = append(out, c)
					break
				}
			}
		}
		return out
	}
	return nil
}

// namesSomething reports whether candidates include a table or column name read well enough
// (at least a head word): schema names always beat the value index.
func namesSomething(cs []cand) bool {
	for _, c := range cs {
		if c.kind != candValue && c.score >= scoreHead {
			return true
		}
	}
	return false
}

// indexable reports whether words may be read as a value of the value index. Among thousands
// of names and titles some are everyday words ("Will", "Signal", "Top"), so one word counts
// only when typed as a name (capitalised) or quoted, and never when it is a stop word, a
// keyword or a number; several words need one that is none of those.
func indexable(ts []token) bool {
	if len(ts) == 1 {
		t := ts[0]
		if t.quoted {
			return true
		}
		if t.isNum {
			return false
		}
		if stopWords[t.lower] {
			// "US breweries": a stop word written in capitals is an abbreviation.
			return len(t.raw) >= 2 && t.raw == strings.ToUpper(t.raw) && t.raw != t.lower
		}
		if _, ok := keywords[t.lower]; ok {
			return false
		}
		r := []rune(t.raw)
		if len(r) > 1 && unicode.IsDigit(r[0]) && strings.ContainsFunc(t.raw, unicode.IsUpper) {
			return true // a code of figures and capitals: violation code "04L"
		}
		return len(r) > 0 && unicode.IsUpper(r[0])
	}
	for _, t := range ts {
		if _, kw := keywords[t.lower]; !t.isNum && !stopWords[t.lower] && !kw {
			return true
		}
	}
	return false
}

// typedAsStored reports whether one lower-case word that names nothing else is a name one
// column stores written exactly so: a tag 'qiskit', a user 'meowzz'. (A capital letter is what
// usually tells a name from a word; names stored in lower case are typed without one.)
func typedAsStored(ts []token, vs []cand) bool {
	if len(ts) != 1 || ts[0].isNum || ts[0].quoted || stopWords[ts[0].lower] || ts[0].raw != ts[0].lower || len(ts[0].raw) < 4 {
		return false
	}
	if _, kw := keywords[ts[0].lower]; kw {
		return false
	}
	// One column stores the word exactly; others may hold it only inside punctuation (a
	// post's tag list '<wallet><daedalus>' beside the tag 'wallet').
	var exact *column
	for _, c := range vs {
		if c.col2 == nil && c.value != ts[0].raw && strings.Trim(strings.ToLower(c.value), "<>|,; ") != ts[0].raw {
			return false // ('drew' beside 'Drew Barrymore': a name said in lower case, or a verb)
		}
		if c.col2 != nil || c.value != ts[0].raw {
			continue
		}
		if exact != nil && exact != c.col {
			return false
		}
		exact = c.col
	}
	return exact != nil
}

// shouted reports whether one everyday word is a name stored in capitals and nothing else:
// where every name is written 'NURSING', a capital letter typed tells nothing, so "nursing
// graduates" is the major as surely as "Nursing graduates" would be.
func shouted(ts []token, vs []cand) bool {
	if len(ts) != 1 || ts[0].isNum || ts[0].quoted || stopWords[ts[0].lower] || len(ts[0].norm) < 4 {
		return false
	}
	if _, kw := keywords[ts[0].lower]; kw {
		return false
	}
	for _, c := range vs {
		if c.col2 != nil || c.value != strings.ToUpper(c.value) || c.value == strings.ToLower(c.value) {
			return false
		}
	}
	return true
}

// subjectAndVerb reports whether two words that together name a column are the rows in the
// plural and a verb that names the column alone: "hosts joined" is the hosts and when they
// joined (host_since), not the column alone, which would leave the hosts uncounted.
func subjectAndVerb(noun, verb token, cs []cand, lex *lexicon) bool {
	if !noun.plural || noun.quoted || len(cs) == 0 || cs[0].kind != candColumn ||
		!slices.ContainsFunc(lex.lookup(noun.norm), func(c cand) bool { return c.kind == candTable && c.table == cs[0].table && c.score >= scoreExact }) {
		return false
	}
	return slices.ContainsFunc(lex.lookup(verb.norm), func(c cand) bool { return c.kind == candColumn && c.col == cs[0].col })
}

// irregularPlural reports whether a lower-case word is a plural that does not begin as its
// singular does ("people" of person), so that a name spelled as the singular is not it.
func irregularPlural(t token) bool {
	n := min(3, len(t.norm), len(t.lower))
	return !t.quoted && t.raw == t.lower && t.norm != t.lower && n > 0 && t.lower[:n] != t.norm[:n]
}

// valueCands returns every value reading of a phrase: sampled values and the value index.
func (l *lexicon) valueCands(phrase string) []cand {
	return append(onlyValues(l.entries[phrase]), l.values[phrase]...)
}

// articles never begin or sit inside an acronym said in words.
var articles = toSet([]string{"the", "a", "an"})

// acronymAt reads two to four words whose initials a column stores as a code in capitals
// ("did not finish" for 'DNF', "did not start" for 'DNS', "radial velocity" for 'RV': two
// only when both are long words), returning the readings and how many tokens they cover (0
// when none).
func acronymAt(toks []token, i int, lex *lexicon) ([]cand, int) {
	for n := 4; n >= 2; n-- {
		if i+n > len(toks) || anyQuoted(toks[i:i+n]) {
			continue
		}
		// Plain lower-case words that name nothing in the schema: "the circuits are" (a table)
		// or "did Ayrton Senna" (a name) are not 'TCA' and 'DAS'.
		var b strings.Builder
		for _, t := range toks[i : i+n] {
			if t.isNum || t.lower == "" || t.raw != t.lower || !unicode.IsLetter(rune(t.lower[0])) || articles[t.lower] || n == 2 && len(t.lower) < 5 ||
				slices.ContainsFunc(lex.lookup(t.norm), func(c cand) bool { return c.kind != candValue && c.score >= scoreHead }) {
				b.Reset()
				break
			}
			b.WriteByte(t.lower[0])
		}
		if b.Len() != n {
			continue
		}
		var out []cand
		// Only a sampled column's value (a status among few): in a column of thousands of
		// codes (airports' IATA) any three words spell one.
		for _, c := range onlyValues(lex.entries[b.String()]) {
			if n == 2 && (containsAny(c.col.words, []string{"id", "code", "abbreviation", "abbr"}) || c.col.prof == nil || c.col.prof.Distinct > 12) {
				// Two words spell a code only among a few kinds ('RV' among eight discovery
				// methods), not in a column of codes ("sitting member" is no committee 'SM').
				continue
			}
			if c.kind == candValue && c.value == strings.ToUpper(b.String()) {
				out = append(out, with(c, scoreSynonym))
			}
		}
		if len(out) > 0 {
			return out, n
		}
	}
	return nil, 0
}

// columnAcronymAt reads three or four plain words at i as the column their initials name,
// "and", "or" and "of" between them not counting: "gender or sexual minority" is gsm. It
// returns the readings and how many tokens they cover (0 when none).
func columnAcronymAt(toks []token, i int, lex *lexicon) ([]cand, int) {
	for n := 7; n >= 3; n-- {
		if i+n > len(toks) || anyQuoted(toks[i:i+n]) {
			continue
		}
		var b strings.Builder
		ok := true
		for k, t := range toks[i : i+n] {
			if (t.lower == "and" || t.lower == "or" || t.lower == "of") && k > 0 && k < n-1 {
				continue
			}
			// The last word may name columns of its own ("manufacturer's suggested retail
			// price": MSRP beside BUYPRICE); the acronym, found whole, is still the column.
			if t.isNum || t.lower == "" || t.raw != t.lower || !unicode.IsLetter(rune(t.lower[0])) || articles[t.lower] || n == 2 && len(t.lower) < 5 || stopWords[t.lower] ||
				k < n-1 && slices.ContainsFunc(lex.lookup(t.norm), func(c cand) bool { return c.score >= scoreHead }) {
				ok = false
				break
			}
			b.WriteByte(t.lower[0])
		}
		if s := b.String(); !ok || len(s) < 3 || len(s) > 4 {
			continue
		}
		var out []cand
		for _, c := range lex.entries[b.String()] {
			if c.kind != candColumn || !slices.Equal(c.col.words, []string{b.String()}) || c.col.class == classKey {
				continue
			}
			if i+n < len(toks) && c.col.nullable && slices.Contains(c.table.words, toks[i+n].norm) {
				// "gender or sexual minority characters": the characters that have one.
				c = cand{kind: candValue, table: c.table, col: c.col, score: scoreSynonym, state: &stateCond{op: "is not null"}}
			}
			out = append(out, with(c, scoreSynonym))
		}
		if len(out) > 0 {
			return out, n
		}
	}
	return nil, 0
}

// namePair reads a person's name split over two columns of one table, a first name followed by
// a last name ("Mia Dubois" as FirstName = 'Mia' and LastName = 'Dubois'), returning the
// readings and how many tokens they cover (0 when none).
func namePair(toks []token, i int, lex *lexicon) ([]cand, int) {
	var out []cand
	bestN := 0
	for n1 := 1; n1 <= 2 && i+n1 < len(toks); n1++ {
		if anyQuoted(toks[i:i+n1]) || toks[i].isNum {
			break
		}
		var firsts []cand
		for _, c := range lex.valueCands(normPhraseToks(toks[i : i+n1])) {
			if c.col == c.table.label2 && c.table.label != nil && c.state == nil {
				firsts = append(firsts, c)
			}
		}
		if len(firsts) == 0 {
			continue
		}
		for n2 := 1; n2 <= 3 && i+n1+n2 <= len(toks); n2++ {
			if anyQuoted(toks[i+n1 : i+n1+n2]) {
				break
			}
			var found []cand
			for _, l := range lex.valueCands(normPhraseToks(toks[i+n1 : i+n1+n2])) {
				for _, f := range firsts {
					if l.table == f.table && l.col == f.table.label && l.state == nil {
						found = append(found, cand{kind: candValue, table: f.table, col: f.col, value: f.value,
							col2: l.col, value2: l.value, score: scoreExact})
					}
				}
			}
			if len(found) > 0 && n1+n2 >= bestN {
				out, bestN = found, n1+n2
			}
		}
	}
	return out, bestN
}

// preferAccents keeps, among values that differ only by accents or case ("Luís" and "Luis"),
// the ones typed exactly as stored, when there are such.
func preferAccents(cs []cand, ts []token) []cand {
	typed := letters(joinRaw(ts))
	exact := false
	for _, c := range cs {
		if c.kind == candValue && letters(valueText(c)) == typed {
			exact = true
			break
		}
	}
	if !exact {
		return cs
	}
	var out []cand
	for _, c := range cs {
		if c.kind == candValue {
			v := letters(valueText(c))
			if v != typed && fold(v) == fold(typed) {
				continue
			}
		}
		out = append(out, c)
	}
	return out
}

// valueText is a value reading as one text: "Mia Dubois" for a name over two columns.
func valueText(c cand) string {
	if c.col2 != nil {
		return c.value + " " + c.value2
	}
	return c.value
}

// letters lower-cases s and keeps its letters and digits, one space between words.
func letters(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteRune(r)
			space = false
			continue
		}
		space = true
	}
	return b.String()
}

// properStop reports whether the stop word at i is written as a proper name or a code ("US",
// "IT") in a question that is not shouted: it names something (a country, a department), and
// dropping it answers about everything instead ("customers in each US state").
func properStop(toks []token, i int) bool {
	t := toks[i]
	if i == 0 || len(t.raw) < 2 || t.raw != strings.ToUpper(t.raw) || t.raw == t.lower {
		return false
	}
	for _, o := range toks {
		if !o.isNum && o.raw != strings.ToUpper(o.raw) {
			return true
		}
	}
	return false
}

// nounStops are stop words that are verbs ("do we stock", "who supplies") and also nouns of
// the business; after a preposition they are the noun ("units of stock"), which names a thing
// the plan must place, not a filler.
var nounStops = map[string]bool{"stock": true, "stocks": true, "supply": true, "supplies": true, "issue": true, "issues": true, "offer": true, "offers": true, "work": true}

// nounStop reports whether the stop word at i is one of nounStops in a noun position: after
// a preposition, a determiner or a quantity adjective ("units of stock", "the lowest stock",
// "no stock"); after its subject it is the verb ("each supplier supply", "we stock").
func nounStop(toks []token, i int) bool {
	if w := toks[i].norm; w == "single" && slices.ContainsFunc(toks[max(0, i-3):i], func(t token) bool { return t.lower == "as" }) {
		return true // "released as an official single": the record, not "a single order"
	}
	if i == 0 || !nounStops[toks[i].lower] {
		return false
	}
	return nounContext[toks[i-1].lower]
}

// onlyWeakReadings reports whether every reading of a one-word match is weak enough for an
// empty word or a question's last verb to pass over it: a partial match of a column of three
// or more words (public_channels_single_workspace for "workspace"), or, for a participle that
// is an empty word, a table reached by its stem ("sites assigned to them" is no contact
// assignment; "entries" still names the contestants).
func onlyWeakReadings(cands []cand, tok token) bool {
	return !slices.ContainsFunc(cands, func(c cand) bool {
		switch {
		case c.score >= 0.85:
			return true
		case c.kind == candColumn:
			return len(c.col.words) < 3
		case c.kind == candTable:
			return !emptyWords[tok.norm] || !strings.HasSuffix(tok.lower, "ed")
		}
		return true
	})
}

// verbAux come right before a verb that ends a question ("which time zone do the most
// members have set"): the verb is no column's last word.
var verbAux = toSet([]string{"have", "has", "had", "do", "does", "did"})

// relativePronouns begin a relative clause, whose next word is its verb.
var relativePronouns = toSet([]string{"that", "which", "who"})

// nounContext are the words after which a word is a noun.
var nounContext = toSet(strings.Fields(`of in on the a an our their its any no much more most less least
	lowest highest low high total current enough`))

// auxColumn matches, at i, a column name of three or more words with auxiliaries between its
// words; it returns the exact column readings and the span, or 0.
func auxColumn(toks []token, i int, lex *lexicon) ([]cand, int) {
	for n := min(lex.maxLen+2, len(toks)-i); n >= 4; n-- {
		span := toks[i : i+n]
		if auxiliaries[span[0].lower] || auxiliaries[span[n-1].lower] || anyQuoted(span) {
			continue
		}
		var kept []token
		for _, t := range span {
			if !auxiliaries[t.lower] {
				kept = append(kept, t)
			}
		}
		if len(kept) == n || len(kept) < 3 {
			continue
		}
		var cs []cand
		for _, c := range lex.lookup(normPhraseToks(kept)) {
			if c.kind == candColumn && c.score >= scoreExact {
				cs = append(cs, c)
			}
		}
		if len(cs) > 0 {
			return cs, n
		}
	}
	return nil, 0
}

// nameAcross reports whether the words from toks[i] on, longer than minLen, are exactly the
// name of a column.
func nameAcross(toks []token, i, minLen int, lex *lexicon) bool {
	for n := min(lex.maxLen, len(toks)-i); n >= minLen; n-- {
		if anyQuoted(toks[i : i+n]) {
			continue
		}
		for _, c := range lex.lookup(normPhraseToks(toks[i : i+n])) {
			if c.kind == candColumn && c.score >= scoreExact-0.01 {
				return true
			}
		}
	}
	return false
}

// tableOverSingularValue drops, for a plural word that is exactly a table's name ("artists"),
// the values it matches only once made singular ('artist', a contributor's role): the rows
// of that table are meant, not a role some other rows play.
func tableOverSingularValue(cs []cand, toks []token) []cand {
	said := strings.ToLower(joinRaw(toks))
	if !slices.ContainsFunc(cs, func(c cand) bool { return c.kind == candTable && c.score >= scoreExact }) {
		return cs
	}
	keep := cs[:0:0]
	for _, c := range cs {
		if c.kind == candValue && strings.ToLower(c.value) != said {
			continue
		}
		keep = append(keep, c)
	}
	return keep
}

// namedPeriod reports whether a century, a decade or a season said in the question is a
// value the data names ('21st century', an era, a football season '2019/20'): the rows of
// that value are meant, not the dates between.
func namedPeriod(ts []token, lex *lexicon) bool {
	last := ts[len(ts)-1].lower
	if last != "century" && !decadeWord.MatchString(last) && !academicYear.MatchString(last) {
		return false
	}
	for k := range ts {
		p := normPhraseToks(ts[k:])
		if len(lex.values[p]) > 0 || slices.ContainsFunc(lex.lookup(p), func(c cand) bool { return c.kind == candValue }) {
			return true
		}
	}
	return false
}

// copulas ascribe a state to their subject ("buyers who are single").
var copulas = toSet(strings.Fields("is are was were"))

// codeName reports whether c is a value of one or two letters read through the word for it
// (single → 'S').
func codeName(c cand) bool {
	return c.kind == candValue && c.score == scoreSynonym && len(c.value) <= 2
}

// spelledInitials matches, at i, three to eight words whose initials (three to six of them;
// and, of, the and for left out) spell the name of a column or table named by an acronym alone (HBCU, ROTC); it returns
// those readings and the span, or 0.
func spelledInitials(toks []token, i int, lex *lexicon) ([]cand, int) {
	for n := min(8, len(toks)-i); n >= 3; n-- {
		span := toks[i : i+n]
		if inner[span[0].lower] || inner[span[n-1].lower] || anyQuoted(span) {
			continue
		}
		word, _, ok := initialsOf(span, false)
		if !ok || len(word) < 3 || len(word) > 6 {
			continue
		}
		var cs []cand
		for _, c := range lex.lookup(word) {
			name := ""
			switch c.kind {
			case candColumn:
				name = c.col.name
			case candTable:
				name = c.table.name
			}
			if c.score >= scoreExact && strings.EqualFold(name, word) && name == strings.ToUpper(name) {
				cs = append(cs, c)
			}
		}
		if len(cs) > 0 {
			return cs, n
		}
	}
	return nil, 0
}

// spelledValue matches, at i, words whose initials spell a code stored in capitals: "a
// skilled nursing facility" is DISCHARGE_LOCATION 'SNF', "the coronary care unit" 'CCU'; a
// last word typed as an acronym itself keeps all its letters ("the medical ICU" is 'MICU').
// Only a code of three to six letters stored exactly so is read: three initials or more, or
// initials and the acronym.
func spelledValue(toks []token, i int, lex *lexicon) ([]cand, int) {
	for n := min(6, len(toks)-i); n >= 2; n-- {
		span := toks[i : i+n]
		if inner[span[0].lower] || inner[span[n-1].lower] || anyQuoted(span) {
			continue
		}
		word, initials, ok := initialsOf(span, true)
		if !ok || stopWords[span[0].lower] || len(word) < 3 || len(word) > 6 || initials < 3 && len(word) == initials || initials < 1 {
			continue
		}
		if slices.ContainsFunc(lex.lookup(span[0].norm), func(c cand) bool { return c.kind == candValue }) {
			continue // "actual finance amount": 'Actual' is a value of its own, the words are no code
		}
		var cs []cand
		for _, c := range lex.valueCands(word) {
			if c.kind == candValue && c.value == strings.ToUpper(word) && c.col2 == nil && fewCodes(c.col) {
				cs = append(cs, c)
			}
		}
		if len(cs) > 0 {
			return cs, n
		}
	}
	return nil, 0
}

// fewCodes reports whether a column holds a short list of codes that repeat (care units,
// discharge locations), not codes that identify rows ('AFA', a currency's key), which any
// three words' initials could spell.
func fewCodes(c *column) bool {
	p := c.prof
	return c.class == classText && p != nil && p.Distinct > 0 && p.Distinct <= 30 && p.Distinct*2 <= p.NonNull
}

// initialsOf spells the first letters of a span's words, the small words acronyms leave out
// skipped; with lastWhole, a last word typed as an acronym keeps all its letters ("medical
// ICU": "micu"). It also gives how many initials were taken, and false when a word is a
// number or starts with no letter.
func initialsOf(span []token, lastWhole bool) (string, int, bool) {
	var b strings.Builder
	initials := 0
	for k, t := range span {
		if t.isNum || t.lower == "" || !unicode.IsLetter(rune(t.lower[0])) {
			return "", 0, false
		}
		switch {
		case inner[t.lower]:
		case lastWhole && k == len(span)-1 && len(t.raw) >= 2 && t.raw == strings.ToUpper(t.raw) && t.raw != t.lower:
			b.WriteString(t.lower)
		default:
			b.WriteByte(t.lower[0])
			initials++
		}
	}
	return b.String(), initials, true
}

// inner are the small words acronyms leave out ("Reserve Officers' Training Corps",
// "historically Black colleges and universities").
var inner = map[string]bool{"and": true, "of": true, "the": true, "&": true, "for": true}

// verbSlot reports whether the word at i stands where a verb does: after its plural subject
// ("schools offer") or a word that introduces one ("who offer", "do they offer").
func verbSlot(toks []token, i int) bool {
	if i == 0 || i+1 >= len(toks) {
		return false
	}
	p := toks[i-1]
	return p.plural && !p.isNum && !p.quoted || verbLeads[p.lower]
}

// verbLeads come before a verb: relative pronouns, auxiliaries and subject pronouns.
var verbLeads = toSet(strings.Fields("who that which do does did to they we also not"))

// sameWordStop drops, for a stop word used as one ("schools offer Navy ROTC"), the columns
// whose name ends in that very word (GRAD_OFFER): a verb, not a form of their head. A form
// of a head ("appeared" for appearances) stays.
func sameWordStop(cs []cand, toks []token, i int) []cand {
	if !stopWords[toks[i].lower] || nounStop(toks, i) {
		return cs
	}
	return slices.DeleteFunc(cs, func(c cand) bool {
		return c.kind == candColumn && len(c.col.words) > 0 && c.col.words[len(c.col.words)-1] == toks[i].norm
	})
}

// numberColumnAt reports whether "number of <noun>" at i names a column (NumberEmployees).
func numberColumnAt(toks []token, i int, lex *lexicon) bool {
	if i+2 >= len(toks) || toks[i].lower != "number" || toks[i+1].lower != "of" {
		return false
	}
	return slices.ContainsFunc(lex.lookup("number of "+toks[i+2].norm), func(c cand) bool { return c.kind == candColumn && c.score >= scoreExact })
}

// prepositionStops are the prepositions a lower-case value may spell ('in', a dose unit).
var prepositionStops = toSet([]string{"in", "on", "at", "to", "by", "for", "of", "from", "with", "per", "into", "as"})

// helperVerbs come before a verb said as an act ("who have placed", "that were accepted").
var helperVerbs = toSet([]string{"have", "has", "had", "who", "that", "which", "were", "was", "is", "are", "be", "been", "being", "not", "never"})

// stateBeforeRows keeps the values a participle names where it describes the rows said right
// after it ("the total price of all accepted travels": the travel status 'Accepted'): a stop
// word as an adjective, not the act ("customers who have accepted"). Only values spelled as
// the word, of the rows' own table or of a table their rows point to.
func stateBeforeRows(toks []token, i int, lex *lexicon, cs []cand) []cand {
	w := toks[i].lower
	if !strings.HasSuffix(w, "ed") || i+1 >= len(toks) || !toks[i+1].plural || i > 0 && helperVerbs[toks[i-1].lower] {
		return nil
	}
	return statesOf(toks[i+1:i+2], w, lex, cs)
}

// stateAfterRow keeps the values a participle names right after "a" and the singular noun of
// rows ("agencies that never had a travel accepted": a travel whose status is 'Accepted'):
// what happened to that row is its state, which the rest of the question tests.
func stateAfterRow(toks []token, i int, lex *lexicon, cs []cand) []cand {
	w := toks[i].lower
	if !strings.HasSuffix(w, "ed") || i < 2 || toks[i-1].plural || toks[i-2].lower != "a" && toks[i-2].lower != "an" {
		return nil
	}
	return statesOf(toks[i-1:i], w, lex, cs)
}

// statesOf are the values of cs spelled w, of the table the noun names or of one its rows
// point to.
func statesOf(noun []token, w string, lex *lexicon, cs []cand) []cand {
	var rows []*table
	for _, c := range lex.lookup(normPhraseToks(noun)) {
		if c.kind == candTable {
			rows = append(rows, c.table)
		}
	}
	var out []cand
	for _, c := range cs {
		if c.kind != candValue || !strings.EqualFold(c.value, w) {
			continue
		}
		if slices.ContainsFunc(rows, func(t *table) bool { return c.table == t || fkTo(t, c.table) != nil }) {
			out = append(out, c)
		}
	}
	return out
}

// longerNameAt reports whether a stored value of at least n words starts at toks[i].
func longerNameAt(toks []token, i, n int, lex *lexicon) bool {
	for m := min(lex.maxLen, len(toks)-i); m >= n; m-- {
		p := normPhraseToks(toks[i : i+m])
		if len(lex.values[p]) > 0 || slices.ContainsFunc(lex.entries[p], func(c cand) bool { return c.kind == candValue }) {
			return true
		}
	}
	return false
}

// finishVerbs say where a competitor finished: "came last", "finished second".
var finishVerbs = toSet([]string{"came", "come", "comes", "finished", "finish", "finishes", "placed", "ended"})

// finishKept reports whether the schema keeps finishing positions (a win is a first place).
func finishKept(lex *lexicon) bool {
	return slices.ContainsFunc(lex.lookup("won"), func(c cand) bool { return c.state != nil && c.kind == candValue })
}

// nationalCode reads words as the code a national register spells with the country's initials
// before theirs: "district court" is 'USDC', "court of appeals" 'USCA', "Supreme Court"
// 'USSC' in the US federal courts' directory. Only codes stored in capitals, in a column many
// of whose values are such codes, for two words or more said with nothing else claiming them.
func nationalCode(ts []token, lex *lexicon) []cand {
	var b strings.Builder
	for k, t := range ts {
		if t.quoted || t.isNum || t.lower == "" || !unicode.IsLetter([]rune(t.lower)[0]) {
			return nil
		}
		if (t.lower == "of" || t.lower == "the" || t.lower == "for") && k > 0 && k < len(ts)-1 {
			continue
		}
		_, kw := keywords[t.lower]
		if stopWords[t.lower] || kw || t.lower == "and" || t.lower == "or" || t.lower == "but" || t.lower == "with" || t.lower == "by" ||
			strings.HasSuffix(t.lower, "ed") || len(t.lower) < 3 {
			return nil // ("commissioned, and": no name)
		}
		b.WriteString(t.lower[:1])
	}
	if b.Len() < 2 {
		return nil
	}
	var out []cand
	for _, c := range append(lex.lookup("us"+b.String()), lex.values["us"+b.String()]...) {
		if c.kind == candValue && c.value == strings.ToUpper(c.value) && len(c.value) == 2+b.Len() && nationalCodes(c.col) {
			out = append(out, c)
		}
	}
	return out
}

// nationalCodes reports whether a third or more of a column's few values are codes of the national
// register ('USDC', 'USCA', 'USSC'), not one such code among others (a source key 'USDP').
func nationalCodes(c *column) bool {
	n := 0
	for _, v := range c.samples {
		if strings.HasPrefix(v, "US") {
			n++
		}
	}
	return n >= 3 && n*3 >= len(c.samples)
}

// spelledByInitials reads a name of capitalised words that nothing spells out by its initials, where a
// column's name is written with them: "the European Union" is the eu of eu_accession_date.
// Only columns, and only initials the column has as a word of its own.
func spelledByInitials(ts []token, lex *lexicon) []cand {
	var b strings.Builder
	for _, t := range ts {
		if !properNoun(t) || t.quoted || len(lex.lookup(t.norm)) > 0 || len(lex.values[t.norm]) > 0 {
			return nil // (not "Anchorage, Alaska", two places)
		}
		b.WriteString(strings.ToLower(t.raw[:1]))
	}
	abbr := b.String()
	var out []cand
	for _, c := range lex.entries[abbr] {
		if c.kind == candColumn && slices.Contains(c.col.words, abbr) {
			out = append(out, c)
		}
	}
	return out
}
