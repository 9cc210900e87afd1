package offline

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/analytics-agent/service/datasource"
)

// fold removes accents ("Sucré" reads as "sucre", "Königlich" as "koniglich"), so a question
// typed without them still finds a stored value, and the other way round.
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return norm.NFC.String(b.String())
}

// token is one word, number or quoted string of the question.
type token struct {
	raw    string  // as typed (quotes removed), for literals and error messages
	lower  string  // lower case, for keywords and dates
	norm   string  // lower case and singular, for schema matching
	num    float64 // value when isNum
	isNum  bool
	quoted bool    // came from "..." or '...': a literal value, never a keyword
	plural bool    // norm differs from lower by singularisation, e.g. "products"
	poss   bool    // a possessive: "agent's" in "which agent's customers" says whose
	pct    bool    // a number said as a percentage: "90%", "90 percent"
	scale  float64 // the scale word that multiplied it ("10 million": 1e6), 0 when none
	paren  bool    // said inside parentheses: "bitterness (IBU)"
}

// suspendedHyphen is a word whose hyphen waits for the head of a later compound ("four-, six-
// and eight-cylinder"), and that compound.
var (
	suspendedHyphen = regexp.MustCompile(`\b([A-Za-z0-9]+)-(\s*,|\s+(?:and|or|to)\b)`)
	laterCompound   = regexp.MustCompile(`^.*?\b[A-Za-z0-9]+-([A-Za-z]+)\b`)
)

// exampleAsides are examples said in brackets ("each kind of municipality (city, town,
// township and so on)"): they say what the kinds are, not which to keep.
var exampleAsides = regexp.MustCompile(`(?i)\([^()]*\b(?:and so on|and so forth|etc|e\.g|for example|for instance|such as)\b[^()]*\)`)

// groupExamples are the groups of a grouping listed in brackets after it ("each type of
// control (public, private not-for-profit, private for-profit)"): what the groups are, not
// which to keep.
var groupExamples = regexp.MustCompile(`(?i)(\b(?:each|every|per|by)\s+[a-z][a-z' -]{0,40}?)\s*\([^()]*,[^()]*\)`)

// oneToTheNext is a change asked along a series ("how has the average changed from one model
// year to the next"): the figure of each step, in order.
var oneToTheNext = regexp.MustCompile(`(?i)\b(?:changed?|changes|evolved?|developed|moved)\s+from\s+one\s+([a-z]+(?:\s+[a-z]+)?)\s+to\s+the\s+next\b`)

// butNoneIn is rows said in one period and missing in another ("vehicles in 1985 but none in
// 2014"): the rows named again after "no".
var butNoneIn = regexp.MustCompile(`(?i)\b([a-z]+s) in ((?:[a-z]+ )?\d{4}),? but (?:none|not|no longer) in ((?:[a-z]+ )?\d{4})\b`)

// onlyOf says every row of a kind is of one sort ("divisions made up only of single-tier
// municipalities"): a condition on all of them, which no
// reading here answers; "only" alone is a filler, so the phrase is said as "exclusively",
// which nothing maps, and the question is refused rather than answered for "some".
var onlyOf = regexp.MustCompile(`(?i)\b(?:made up|consist(?:s|ed|ing)?|composed)\s+(?:only|solely|entirely|exclusively|wholly)\s+of\b`)

// anyOne is "any one" or "any single" row ("the most employees any one reseller has"): any
// row, not a count of one.
var anyOne = regexp.MustCompile(`(?i)\b(any)\s+(?:one|single)\b(\s+[a-z])`)

// accountFor is the verb that ends a question of shares ("what share of all resellers does
// each group account for?"), not an account.
var accountFor = regexp.MustCompile(`(?i)\baccount(?:s|ed)?\s+for\s*([?.!,;]|$)`)

// whichEachIn asks where each row listed belongs ("..., and which census division is each
// in?"): the name of that row, shown beside each.
var whichEachIn = regexp.MustCompile(`(?i),?\s+and\s+(?:which|what)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|are|was|were)\s+(?:each|it|they|each one)\s+(?:in|from|part of)\b`)

// showTheNext is a second sentence asking for more of the rows the first one listed ("Which
// editions took place in December? Give the year and the host city."): "the" there is
// theirs, as in "give their host city".
var showTheNext = regexp.MustCompile(`(?i)^((?:which|who|what)\b[^?]*\?\s+(?:give|show|list)(?:\s+me)?)\s+the\s+`)

// countAgainBy is a count asked again for a second value ("made by Democratic presidents and
// how many by Republican presidents"): the same count, said once for both.
var countAgainBy = regexp.MustCompile(`(?i)\band\s+how\s+many\s+(by|for|from)\s+`)

// twoValuesOneNoun is one noun said after each of two values ("by Democratic presidents and by
// Republican presidents"), written once after both.
var twoValuesOneNoun = regexp.MustCompile(`\b(by|for|from) ([A-Z][\w-]*) ([a-z]+s) and (?:by |for |from )?([A-Z][\w-]*) ([a-z]+s)\b`)

// possessiveNext is a noun said with its owner's "'s" ("give the party's English name"):
// what is shown is the owner's, not the rows'.
var possessiveNext = regexp.MustCompile(`^[A-Za-z]+'s\b`)

// suspendedHyphens writes out the compounds a list shares one head of: "four-, six- and
// eight-cylinder vehicles" is "four-cylinder, six-cylinder and eight-cylinder vehicles".
func suspendedHyphens(q string) string {
	for range 8 {
		m := suspendedHyphen.FindStringSubmatchIndex(q)
		if m == nil {
			return q
		}
		later := laterCompound.FindStringSubmatch(q[m[3]+1:])
		if later == nil {
			return q
		}
		q = q[:m[3]] + "-" + later[1] + q[m[3]+1:]
	}
	return q
}

// tokenize splits a question into tokens. Numbers accept thousands separators, a leading
// currency sign and a trailing "k"/"m"; ISO dates (2024-03-15) stay one token; possessives
// lose their "'s"; other punctuation separates words.
func tokenize(q string) []token {
	var toks []token
	q = oneToTheNext.ReplaceAllString(exampleAsides.ReplaceAllString(groupExamples.ReplaceAllString(q, "$1"), " "), " by each $1")
	q = butNoneIn.ReplaceAllString(q, "$1 in $2 and no $1 in $3")
	q = onlyOf.ReplaceAllString(q, " exclusively ")
	q = anyOne.ReplaceAllString(q, "$1$2")
	q = countAgainBy.ReplaceAllString(q, "and $1 ")
	if m := twoValuesOneNoun.FindStringSubmatchIndex(q); m != nil && q[m[6]:m[7]] == q[m[10]:m[11]] {
		q = q[:m[0]] + q[m[2]:m[3]] + " " + q[m[4]:m[5]] + " and " + q[m[8]:m[9]] + " " + q[m[6]:m[7]] + q[m[1]:]
	}
	q = accountFor.ReplaceAllString(q, "$1")
	if m := showTheNext.FindStringSubmatchIndex(q); m != nil && !possessiveNext.MatchString(q[m[1]:]) {
		q = q[:m[3]] + " their " + q[m[1]:]
	}
	rs := []rune(suspendedHyphens(whichEachIn.ReplaceAllString(q, " with their $1")))
	depth := 0
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r == '(' || r == ')':
			if r == '(' {
				depth++
			} else if depth > 0 {
				depth--
			}
			i++
		case r == '"' || r == '\u201c' || r == '\u201d' || (r == '\'' && (i == 0 || !isWordRune(rs[i-1]))):
			closer := r
			if r == '\u201c' {
				closer = '\u201d'
			}
			j := i + 1
			for j < len(rs) && rs[j] != closer && !(closer == '\'' && rs[j] == '\'') {
				j++
			}
			if j < len(rs) && j > i+1 {
				s := string(rs[i+1 : j])
				toks = append(toks, token{raw: s, lower: strings.ToLower(s), norm: normPhrase(s), quoted: true})
				i = j + 1
				continue
			}
			i++
		case r == '$' || r == '€' || r == '£':
			i++
		case seasonAt(rs, i) > 0:
			// "2017/18", "2021-22": a season that spans two years, one name.
			j := seasonAt(rs, i)
			w := string(rs[i:j])
			toks = append(toks, token{raw: w, lower: w, norm: w[:4] + " " + w[5:]})
			i = j
		case isWordRune(r):
			j := i
			for j < len(rs) && (isWordRune(rs[j]) || isInnerPunct(rs, j)) {
				j++
			}
			w := string(rs[i:j])
			i = j
			n0 := len(toks)
			toks = append(toks, wordTokens(w)...)
			for k := n0; k < len(toks); k++ {
				toks[k].paren = depth > 0
			}
			if n := len(toks); j < len(rs) && rs[j] == '%' && toks[n-1].isNum {
				toks[n-1].pct = true
			}
			if n := len(toks); j < len(rs) && (rs[j] == '\'' || rs[j] == '\u2019') && (j+1 == len(rs) || !isWordRune(rs[j+1])) && toks[n-1].plural {
				// "the laureates' institutions": a plural's possessive.
				toks[n-1].poss = true
			}
		default:
			i++
		}
	}
	return compassSuperlatives(unitsOf(scaled(degrees(percents(toks)))))
}

// degreeUnits are the words for degrees of temperature said after a number.
var degreeUnits = toSet([]string{"degree", "degrees", "°", "°f", "°c", "fahrenheit", "celsius"})

// temperatureWords name a temperature or one of a day's.
var temperatureWords = toSet([]string{"temperature", "temperatures", "temp", "temps", "high", "highs", "low", "lows", "hot", "hotter", "hottest",
	"warm", "warmer", "warmest", "cold", "colder", "coldest", "cool", "cooler", "coolest", "freezing", "heat"})

// rainWords name precipitation; rainUnits the units it is measured in.
var (
	rainWords = toSet([]string{"rain", "rainfall", "precipitation", "snow", "snowfall"})
	rainUnits = toSet([]string{"inch", "inches", "in", "mm", "millimetre", "millimetres", "millimeter", "millimeters"})
)

// degrees reads "110 degrees" as 110 of a temperature: the unit goes when the question names
// the temperature elsewhere ("a low below 32 degrees") and says which one otherwise ("did
// Phoenix reach 110 degrees": a temperature of 110).
func degrees(toks []token) []token {
	rain := slices.ContainsFunc(toks, func(t token) bool { return !t.quoted && rainWords[t.lower] })
	for i := 0; rain && i+1 < len(toks); i++ {
		// "more than 2 inches of rain": the amount in the unit the data keeps it in.
		if toks[i].isNum && !toks[i+1].quoted && rainUnits[toks[i+1].lower] {
			n := 2
			if i+2 < len(toks) && toks[i+2].lower == "of" {
				n = 3
			}
			toks = append(toks[:i+1], toks[i+n:]...)
		}
	}
	named := slices.ContainsFunc(toks, func(t token) bool { return !t.quoted && temperatureWords[t.lower] })
	for i := 0; i+1 < len(toks); i++ {
		if !toks[i].isNum || toks[i].quoted || toks[i+1].quoted || !degreeUnits[toks[i+1].lower] {
			continue
		}
		if named {
			toks = append(toks[:i+1], toks[i+2:]...)
			continue
		}
		// The temperature goes before the comparison that precedes the number, as if said
		// "Phoenix's temperature reached 110".
		t := toks[i+1]
		t.raw, t.lower, t.norm, t.plural = "temperature", "temperature", "temperature", false
		at := i
		for n := 1; n <= 2 && i-n >= 0; n++ {
			var ws []string
			for _, x := range toks[i-n : i] {
				ws = append(ws, x.lower)
			}
			if k, ok := keywords[strings.Join(ws, " ")]; ok && isCmp(k.kind) {
				at = i - n
			}
		}
		toks = append(toks[:i+1], toks[i+2:]...)
		toks = slices.Insert(toks, at, t)
		named = true
	}
	return toks
}

// percents reads "90 percent" as the number 90 said as a percentage, like "90%".
func percents(toks []token) []token {
	for i := 0; i+1 < len(toks); i++ {
		if w := toks[i+1].lower; toks[i].isNum && !toks[i].quoted && !toks[i+1].quoted && (w == "percent" || w == "pct") {
			toks[i].pct = true
			toks = append(toks[:i+1], toks[i+2:]...)
		}
	}
	return toks
}

// amountUnits are units an amount is said in before what it is an amount of: "100 mg of
// vitamin C", "40 grams of sugars".
var amountUnits = toSet(strings.Fields("g gram grams mg milligram milligrams mcg µg microgram micrograms kg kilogram kilograms kcal calorie calories ml millilitre millilitres milliliter milliliters iu"))

// unitsOf drops the unit and "of" between a number and what it measures: "more than 100 mg of
// vitamin C" compares the vitamin C with 100, the unit the data keeps it in.
func unitsOf(toks []token) []token {
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].isNum && !toks[i+1].quoted && amountUnits[toks[i+1].lower] && toks[i+2].lower == "of" && (i == 0 || toks[i-1].lower != "per") {
			toks = append(toks[:i+1], toks[i+3:]...)
		}
	}
	return toks
}

// scaleWords multiply the number said before them: "100 million credits".
var scaleWords = map[string]float64{"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}

// scaled reads a number followed by a scale word as one number.
func scaled(toks []token) []token {
	for i := 0; i+1 < len(toks); i++ {
		f, ok := scaleWords[toks[i+1].lower]
		if ok && !toks[i].quoted && !toks[i+1].quoted && (toks[i].lower == "a" || toks[i].lower == "one") {
			// "more than a billion people": one billion.
			toks[i].isNum, toks[i].num = true, 1
		}
		if ok && toks[i].isNum && !toks[i].quoted && !toks[i+1].quoted {
			toks[i].num *= f
			toks[i].scale = f
			toks[i].raw = strconv.FormatFloat(toks[i].num, 'f', -1, 64)
			toks[i].lower, toks[i].norm = toks[i].raw, toks[i].raw
			toks = append(toks[:i+1], toks[i+2:]...)
		}
	}
	return toks
}

// compassSuperlatives rewrites "the southernmost airport in Norway" as "the airport in Norway
// with the lowest latitude": a superlative of a coordinate, said of the rows after it.
func compassSuperlatives(toks []token) []token {
	for i := 0; i < len(toks); i++ {
		ws, ok := compassWords[toks[i].lower]
		if !ok || toks[i].quoted {
			continue
		}
		var tail []token
		for _, x := range append([]string{"with", "the"}, ws...) {
			tail = append(tail, wordTokens(x)...)
		}
		if i+1 < len(toks) && !toks[i+1].quoted && !toks[i+1].isNum && !stopWords[toks[i+1].lower] {
			// The rows and what is said of them first ("airport in Norway"), then what
			// ranks them.
			out := append(append([]token(nil), toks[:i]...), toks[i+1:]...)
			return append(out, tail...)
		}
		return append(append(append([]token(nil), toks[:i]...), tail[2:]...), toks[i+1:]...)
	}
	return toks
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// isInnerPunct keeps "1,000", "12.5", "2024-03-15", "O'Brien" and "e-mail" together: the
// punctuation sits between two word runes.
func isInnerPunct(rs []rune, j int) bool {
	switch rs[j] {
	case ',', '.':
		return j > 0 && j+1 < len(rs) && unicode.IsDigit(rs[j-1]) && unicode.IsDigit(rs[j+1])
	case '-', '\'', '\u2019':
		return j > 0 && j+1 < len(rs) && isWordRune(rs[j-1]) && isWordRune(rs[j+1])
	}
	return false
}

// seasonAt is the end of a season written as two years at i ("2017/18", "2021-22": the
// second the year after the first), or 0.
func seasonAt(rs []rune, i int) int {
	if i > 0 && isWordRune(rs[i-1]) || i+7 > len(rs) || rs[i+4] != '/' && rs[i+4] != '-' || i+7 < len(rs) && isWordRune(rs[i+7]) {
		return 0
	}
	for _, k := range []int{0, 1, 2, 3, 5, 6} {
		if rs[i+k] < '0' || rs[i+k] > '9' {
			return 0
		}
	}
	first, _ := strconv.Atoi(string(rs[i : i+4]))
	second, _ := strconv.Atoi(string(rs[i+5 : i+7]))
	if (first+1)%100 != second {
		return 0
	}
	return i + 7
}

// wordTokens turns one run of word characters into tokens.
func wordTokens(w string) []token {
	lw := fold(strings.ToLower(strings.ReplaceAll(w, "\u2019", "'")))
	poss := strings.HasSuffix(lw, "'s")
	lw = strings.TrimSuffix(lw, "'s")
	if toks, ok := contraction(w, lw); ok {
		return toks
	}
	if isISODate(lw) {
		return []token{{raw: w, lower: lw, norm: lw}}
	}
	if n, ok := parseNumber(lw); ok {
		return []token{{raw: w, lower: lw, norm: lw, num: n, isNum: true}}
	}
	if strings.Contains(lw, "-") {
		// "e-mail" and "sign-up" read as one word; other hyphenations ("year-over-year")
		// split into words.
		if joined := strings.ReplaceAll(lw, "-", ""); hyphenJoined[joined] {
			lw = joined
		} else {
			var out []token
			for _, part := range strings.Split(lw, "-") {
				if part != "" {
					out = append(out, wordTokens(part)...)
				}
			}
			return out
		}
	}
	if n, ok := numberWords[lw]; ok {
		return []token{{raw: w, lower: lw, norm: lw, num: n, isNum: true}}
	}
	if us, ok := britishSpellings[lw]; ok {
		lw = us // "colour" is the color column
	}

	s := singular(lw)
	if acronymPlural.MatchString(w) {
		s = strings.TrimSuffix(lw, "s") // "EPs", "DVDs": an acronym's plural
	}
	return []token{{raw: strings.TrimSuffix(w, "'s"), lower: lw, norm: s, plural: s != lw, poss: poss}}
}

// compassWords say a superlative of a coordinate.
var compassWords = map[string][]string{
	"southernmost": {"lowest", "latitude"}, "northernmost": {"highest", "latitude"},
	"easternmost": {"highest", "longitude"}, "westernmost": {"lowest", "longitude"},
}

// britishSpellings maps British spellings to the American ones schemas are mostly written in.
var britishSpellings = map[string]string{
	"colour": "color", "colours": "colors", "licence": "license", "licences": "licenses", "centre": "center",
	"centres": "centers", "favourite": "favorite", "favourites": "favorites", "organisation": "organization",
	"organisations": "organizations", "catalogue": "catalog", "catalogues": "catalogs", "behaviour": "behavior",
	"labour": "labor", "neighbourhood": "neighborhood", "metre": "meter", "metres": "meters", "litre": "liter",
	"litres": "liters", "programme": "program", "programmes": "programs", "jewellery": "jewelry", "defence": "defense",
	"cheque": "check", "cheques": "checks", "enrolment": "enrollment", "enrolments": "enrollments", "fulfilment": "fulfillment",
	"travelled": "traveled", "modelling": "modeling", "analyse": "analyze", "analysed": "analyzed", "utilisation": "utilization",
}

// contraction spells out a contracted verb: "don't" is "do not", "we've" is "we", so that
// the negation is read and the pronoun is the stop word it always was.
func contraction(w, lw string) ([]token, bool) {
	stem, neg := strings.CutSuffix(lw, "n't")
	if neg && stem != "" {
		switch stem {
		case "wo":
			stem = "will"
		case "ca":
			stem = "can"
		}
		return []token{{raw: stem, lower: stem, norm: stem}, {raw: "not", lower: "not", norm: "not"}}, true
	}
	for _, suf := range []string{"'ve", "'re", "'ll", "'d", "'m"} {
		if stem, ok := strings.CutSuffix(lw, suf); ok && stem != "" && !strings.Contains(stem, "'") {
			raw := w[:len(stem)]
			return []token{{raw: raw, lower: stem, norm: singular(stem)}}, true
		}
	}
	return nil, false
}

// hyphenJoined lists hyphenated words that mean one thing.
var hyphenJoined = map[string]bool{"email": true, "signup": true, "ecommerce": true, "checkout": true}

// numberWords are spelled-out numbers people use in "top five" or "last three months".
var numberWords = map[string]float64{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "fifty": 50,
	"hundred": 100, "dozen": 12, "zero": 0, "thirty": 30, "forty": 40, "sixty": 60, "seventy": 70,
	"eighty": 80, "ninety": 90, "thousand": 1000,
}

// parseNumber reads 1,000 / 12.5 / 10k / 2m.
func parseNumber(s string) (float64, bool) {
	mult := 1.0
	switch {
	case strings.HasSuffix(s, "k"):
		mult, s = 1e3, strings.TrimSuffix(s, "k")
	case strings.HasSuffix(s, "m"):
		mult, s = 1e6, strings.TrimSuffix(s, "m")
	}
	s = strings.ReplaceAll(s, ",", "")
	if s == "" || !unicode.IsDigit(rune(s[0])) {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return f * mult, true
}

func isISODate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, r := range s {
		if i != 4 && i != 7 && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// irregular plurals that suffix rules get wrong.
var irregular = map[string]string{
	"people": "person", "children": "child", "men": "man", "women": "woman", "data": "data",
	"analyses": "analysis", "statuses": "status", "addresses": "address", "businesses": "business",
	"series": "series", "species": "species", "news": "news", "sales": "sale", "indices": "index", "criteria": "criterion", "diagnoses": "diagnosis", "crises": "crisis", "prognoses": "prognosis", "hypotheses": "hypothesis",
	"categories": "category", "countries": "country", "cities": "city", "companies": "company",
	"quantities": "quantity", "currencies": "currency", "taxes": "tax", "boxes": "box",
	"radii": "radius", "nuclei": "nucleus", "stimuli": "stimulus", "matrices": "matrix", "vertices": "vertex",
	// "check-ins", "sign-ups": the plural of a verb with its particle.
	"ins": "in", "ups": "up", "outs": "out",
	// Words in -us whose plural the rules would cut after the e ("campuse").
	"campuses": "campus", "bonuses": "bonus", "censuses": "census", "viruses": "virus", "buses": "bus", "choruses": "chorus",
	"syllabuses": "syllabus", "prospectuses": "prospectus", "surpluses": "surplus", "geniuses": "genius",
}

// acronymPlural matches an acronym written with a plural s ("EPs", "CDs").
var acronymPlural = regexp.MustCompile(`^[A-Z]{2,5}s$`)

// singular returns a word's singular form with a few suffix rules; good enough for schema
// names, which is all it is used on (both sides go through it, so errors cancel out).
func singular(w string) string {
	if s, ok := irregular[w]; ok {
		return s
	}
	n := len(w)
	switch {
	case n <= 3:
		return w
	case strings.HasSuffix(w, "people") && n > 6:
		return w[:n-6] + "person" // salespeople
	case strings.HasSuffix(w, "women") && n > 5:
		return w[:n-5] + "woman" // chairwomen
	case strings.HasSuffix(w, "ies") && n > 4:
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "ches"),
		strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "zzes"):
		return w[:n-2]
	case strings.HasSuffix(w, "zes"):
		return w[:n-1] // prizes, sizes: the e belongs to the word
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"),
		strings.HasSuffix(w, "ous"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:n-1]
	}
	return w
}

// splitIdent splits a schema identifier into lower-case words (datasource.IdentWords).
func splitIdent(name string) []string { return datasource.IdentWords(name) }

// normWords returns the singular lower-case words of an identifier.
func normWords(name string) []string {
	ws := splitIdent(name)
	for i, w := range ws {
		ws[i] = singular(w)
		if us, ok := britishSpellings[ws[i]]; ok {
			// neighbourhood_cleansed is read as the question's words are: "neighborhood".
			ws[i] = us
		}
	}
	return ws
}

// identAbbrevs spells out the abbreviations database designers put in identifiers, so that
// au_lname, stor_id or job_lvl are matched by the words people say (author last name, store,
// job level). Only abbreviations that mean one thing inside an identifier are listed: "no"
// and "nr" are a number there, never a negation.
var identAbbrevs = map[string][]string{
	"qty": {"quantity"}, "stor": {"store"}, "lvl": {"level"}, "desc": {"description"}, "descr": {"description"}, "descript": {"description"},
	"au": {"author"}, "pub": {"publisher"}, "emp": {"employee"}, "ord": {"order"},
	"ytd": {"year", "to", "date"}, "amt": {"amount"}, "num": {"number"}, "no": {"number"}, "nbr": {"number"}, "nr": {"number"},
	"cust": {"customer"}, "addr": {"address"}, "dept": {"department"}, "mgr": {"manager"}, "cat": {"category"},
	"prod": {"product"}, "pct": {"percent"}, "dt": {"date"}, "tms": {"timestamp"}, "ts": {"timestamp"},
	"fname": {"first", "name"}, "lname": {"last", "name"}, "mname": {"middle", "name"}, "minit": {"middle", "initial"},
	"acct": {"account"}, "cnt": {"count"}, "avg": {"average"}, "tot": {"total"}, "yr": {"year"}, "mth": {"month"},
	"dob": {"birth", "date"}, "sal": {"salary"}, "loc": {"location"}, "bal": {"balance"}, "inv": {"invoice"},
	"firstname": {"first", "name"}, "lastname": {"last", "name"}, "middlename": {"middle", "name"},
	"mem": {"member"}, "fac": {"facility"}, "obs": {"observation"}, "veg": {"vegetation"},
	// Acronyms that name one thing in an identifier.
	"ssn": {"social", "security", "number"}, "vin": {"vehicle", "identification", "number"},
	"abv": {"alcohol", "by", "volume"}, "ibu": {"international", "bitterness", "unit"},
	// Flights and weather (nycflights13): departure and arrival, the destination, readings.
	"dep": {"departure"}, "arr": {"arrival"}, "dest": {"destination"}, "temp": {"temperature"}, "precip": {"precipitation"},
	"visib": {"visibility"}, "humid": {"humidity"}, "dewp": {"dew", "point"}, "tz": {"time", "zone"}, "tzone": {"time", "zone"},
	// Nutrition and measures (USDA's SR: nutr_def, fd_group, fdgrp_cd, msre_desc, gm_wgt).
	"nutr": {"nutrient"}, "def": {"definition"}, "fd": {"food"}, "grp": {"group"}, "fdgrp": {"food", "group"}, "cd": {"code"}, "des": {"description"},
	"msre": {"measure"}, "wgt": {"weight"}, "gm": {"gram"}, "val": {"value"}, "shrt": {"short"}, "srccd": {"source", "code"},
	"pts": {"point"}, "addmod": {"added", "modified"}, "mgmt": {"management"},
	"sciname": {"scientific", "name"}, "comname": {"common", "name"}, "manufacname": {"manufacturer", "name"}, "src": {"source"},
	"p10": {"10th", "percentile"}, "p25": {"25th", "percentile"}, "p25th": {"25th", "percentile"}, "p50": {"median"},
	"p75": {"75th", "percentile"}, "p75th": {"75th", "percentile"}, "p90": {"90th", "percentile"}, "p95": {"95th", "percentile"}, "p99": {"99th", "percentile"},
	"grad": {"graduate"}, "dr": {"doctor"}, "prez": {"president"}, "viceprez": {"vice", "president"},
	"prc": {"price"}, "qtr": {"quarter"}, "wh": {"warehouse"}, "whse": {"warehouse"}, "supp": {"supplier"},
	// Filings and registers (the FEC's cand_nm, cmte_pty_affiliation, ttl_receipts, tres_nm).
	"nm": {"name"}, "cand": {"candidate"}, "cmte": {"committee"}, "pty": {"party"}, "ttl": {"total"},
	"tres": {"treasurer"}, "indiv": {"individual"}, "indv": {"individual"}, "contrib": {"contribution"},
	"disb": {"disbursement"}, "rpt": {"report"}, "freq": {"frequency"}, "org": {"organization"},
	"dsgn": {"designation"}, "sched": {"schedule"}, "cvg": {"coverage"}, "pol": {"political"},
	"amndt": {"amendment"}, "coord": {"coordinated"}, "tp": {"type"},
	// Readings of the atmosphere and the ground (the ASA Data Expo's surftemp, elev, atmos).
	"surf": {"surface"}, "elev": {"elevation"}, "atmos": {"atmosphere"}, "seas": {"season"},
	"lat": {"latitude"}, "lon": {"longitude"}, "lng": {"longitude"},
	// Code hosting (GitHub's API as tables: gh_users, gh_repos).
	"repo": {"repository"}, "repos": {"repository"}, "gh": {"github"}, "pov": {"point", "of", "view"},
	// Vehicles (the EPA's hwy, cty, cyl, displ) and censuses (towny's muni_id, census_div, pop_change).
	"hwy": {"highway"}, "cty": {"city"}, "cyl": {"cylinder"}, "displ": {"displacement"},
	"muni": {"municipality"}, "div": {"division"}, "pop": {"population"},
	// Indicators of countries (Gapminder's gdpPercap): per head of the population.
	"percap": {"per", "capita"}, "pcap": {"per", "capita"},
	// Colleges (NCES IPEDS: APPLCN, ADMSSN, ENRLT, UNGRAD_OFFER, BEA_REG, AVG_NPRICE).
	"applcn": {"application"}, "admssn": {"admission"}, "enrlt": {"enrolled"}, "enrl": {"enrollment"},
	"ungrad": {"undergraduate"}, "undgrad": {"undergraduate"}, "reg": {"region"}, "nprice": {"net", "price"},
	"applfeeu": {"undergraduate", "application", "fee"},
	"applfeeg": {"graduate", "application", "fee"}, "roomcap": {"room", "capacity"},
	// Hospital records (MIT's MIMIC-III: ICUSTAYS, HADM_ID, LOS, FIRST_CAREUNIT, ADMITTIME).
	"icustay": {"icu", "stay"}, "icustays": {"icu", "stay"}, "los": {"length", "of", "stay"}, "hadm": {"hospital", "admission"},
	"careunit": {"care", "unit"}, "admittime": {"admit", "time"}, "dischtime": {"discharge", "time"}, "deathtime": {"death", "time"},
	"intime": {"in", "time"}, "outtime": {"out", "time"},
}

// pairedAbbrevs spell out abbreviations only after the word they are read with: "exp" is an
// expectancy after "life" (lifeExp), an expense, an expiry or experience elsewhere.
var pairedAbbrevs = map[string]map[string][]string{
	"life": {"exp": {"expectancy"}, "expect": {"expectancy"}},
}

// documentPrefixes spell out the prefixes business systems put before the names of their
// tables (SAP's PO_Header and SO_Item, MD_Products): a purchase order's and a sales order's
// documents, and master data, which says nothing people say.
var documentPrefixes = map[string][]string{"po": {"purchase", "order"}, "so": {"sale", "order"}, "md": {}}

// schemaWords returns the words an identifier is matched by: its singular words with
// abbreviations spelled out (identAbbrevs).
func schemaWords(name string) []string {
	raw := splitIdent(name)
	ws := normWords(name)
	out := make([]string, 0, len(ws)+2)
	for i, w := range ws {
		if lf, ok := documentPrefixes[w]; ok && i == 0 && len(ws) > 1 {
			out = append(out, lf...)
			continue
		}
		if lf, ok := identAbbrevs[raw[i]]; ok {
			// Read before the plural is taken off: "tres" (treasurer) is no plural.
			out = append(out, lf...)
			continue
		}
		if lf, ok := identAbbrevs[w]; ok {
			out = append(out, lf...)
			continue
		}
		if i > 0 {
			if lf, ok := pairedAbbrevs[ws[i-1]][w]; ok {
				out = append(out, lf...)
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// normPhrase normalises free text (a sampled value, a synonym) to its singular words joined
// by spaces, the form question n-grams are compared in.
func normPhrase(s string) string {
	var ws []string
	for _, t := range tokenize(strings.ReplaceAll(strings.ReplaceAll(s, "\"", " "), "'", "'")) {
		if t.quoted {
			ws = append(ws, t.norm)
			continue
		}
		ws = append(ws, t.norm)
	}
	return strings.Join(ws, " ")
}
