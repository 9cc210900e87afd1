package offline

import (
	"slices"
	"strings"
	"unicode"
)

// companySuffixes end a business's legal name and are left out when people say it: "Acme"
// for "Acme Inc.".
var companySuffixes = toSet([]string{"inc", "ltd", "llc", "plc", "gmbh", "co", "corp", "corporation", "company", "sa", "ag", "bv", "limited"})

// dropOwnerNames removes from the scanned question the names of the business asking it (its
// organization, its data source): "how many paintings does Tate hold" asks about all of the
// data, not rows that mention Tate. Only words nothing else claimed are dropped, written with
// a capital: a supplier called "Tokyo Traders" stays a supplier where the data source is
// "traders", and a customer called like the business stays a customer.
func dropOwnerNames(items []item, toks []token, owners []string) []item {
	for _, o := range owners {
		forms := ownerForms(o)
		for _, words := range forms {
			items = dropUnknownRun(items, toks, words, forms[0])
		}
	}
	return items
}

// dropOwnerHead reads "the shelter" as the business itself where the data source is the
// animal shelter and nothing in the schema is a shelter, only a column says it among other
// words (days_in_shelter): "animals the shelter has handled", "leave the shelter". Its
// skipped words go to the item after it.
func dropOwnerHead(items []item, toks []token, owners []string) []item {
	for _, o := range owners {
		forms := ownerForms(o)
		if len(forms) == 0 || len(forms[len(forms)-1]) < 2 {
			continue
		}
		words := forms[len(forms)-1]
		head := words[len(words)-1]
		for i := 0; i < len(items); i++ {
			it := items[i]
			if it.kind != itEntity || len(it.toks) != 1 || it.toks[0].quoted || it.toks[0].lower != head || it.start == 0 || toks[it.start-1].lower != "the" ||
				slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind != candColumn || slices.Equal(c.col.words, []string{head}) }) {
				continue
			}
			skipped := append(slices.Clone(it.skipped), head)
			items = slices.Delete(slices.Clone(items), i, i+1)
			if i < len(items) {
				items[i].skipped = append(skipped, items[i].skipped...)
			}
			i--
		}
	}
	return items
}

// namesTableAt reports whether the item starting at token k names a table or a column and no
// value: "Nobel Prize" where the data source is "nobel" and prizes is a table is the
// business's own prize, not a longer name, as "Survivor Australia" (a value) is.
func namesTableAt(items []item, k int) bool {
	schemaName := func(it item) bool {
		return it.kind == itEntity && len(it.cands) > 0 && !slices.ContainsFunc(it.cands, func(c cand) bool { return c.kind == candValue })
	}
	for i, it := range items {
		if it.start != k {
			continue
		}
		// "Nobel category", or "Nobel Peace Prize": a value said before the table's noun.
		return schemaName(it) || it.kind == itEntity && i+1 < len(items) && items[i+1].start == k+len(it.toks) && schemaName(items[i+1]) &&
			slices.ContainsFunc(items[i+1].cands, func(c cand) bool { return c.kind == candTable })
	}
	return false
}

// ownerForms are the ways a business's name is said: as registered, and without its legal
// suffix.
func ownerForms(name string) [][]string {
	ws := strings.Fields(strings.ToLower(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return ' '
	}, name)))
	if len(ws) == 0 || len(ws) > 6 {
		return nil
	}
	out := [][]string{ws}
	if n := len(ws); n > 1 && companySuffixes[ws[n-1]] {
		out = append(out, ws[:n-1])
	}
	return out
}

// dropUnknownRun removes each run of unplaced one-word items that spells words and starts
// with a capital, unless it is part of a longer name other than the full one ("Survivor
// Australia", a version of the show, where the data source is "survivor"; but "Demo Company"
// where "Company" was read as a word for the business itself); their skipped words go to the
// item after them.
func dropUnknownRun(items []item, toks []token, words, full []string) []item {
	n := len(words)
	for i := 0; i+n <= len(items); i++ {
		run := items[i : i+n]
		if !slices.EqualFunc(run, words, func(it item, w string) bool {
			return it.kind == itUnknown && len(it.toks) == 1 && !it.toks[0].quoted && it.toks[0].lower == w
		}) || !startsUpper(run[0].toks[0].raw) {
			continue
		}
		apart := false // the words said apart ("Acme's Widgets Inc" for "Acme Inc")
		for k := 1; k < n; k++ {
			apart = apart || run[k].start != run[k-1].start+1
		}
		first, end := run[0].start, run[n-1].start+1
		for k := n; end < len(toks) && k < len(full) && toks[end].lower == full[k]; k++ {
			end++ // the rest of the full name, read as something else ("Company")
		}
		if apart || end < len(toks) && startsUpper(toks[end].raw) && !namesTableAt(items, end) || first > 1 && startsUpper(toks[first-1].raw) && !toks[first-1].poss {
			continue
		}
		var skipped []string
		for _, it := range run {
			skipped = append(skipped, it.skipped...)
		}
		items = slices.Delete(slices.Clone(items), i, i+n)
		if i < len(items) {
			items[i].skipped = append(skipped, items[i].skipped...)
		}
		i--
	}
	return items
}

// startsUpper reports whether s begins with a capital letter.
func startsUpper(s string) bool {
	for _, r := range s {
		return unicode.IsUpper(r)
	}
	return false
}
