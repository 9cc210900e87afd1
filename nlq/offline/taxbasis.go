package offline

import (
	"fmt"
	"slices"
	"strings"
)

// taxBasis is whether an amount is asked with its tax or without it.
type taxBasis int

const (
	taxUnsaid taxBasis = iota
	taxGross           // "tax included", "including tax", "after tax"
	taxNet             // "before tax", "excluding tax", "net of tax"
)

// grossWords and netWords say, before the word tax, which amount is meant; they are the
// phrase's only words besides "tax" ("before tax", "tax included").
var (
	grossWords = map[string]bool{"included": true, "including": true, "incl": true, "inclusive": true, "after": true, "with": true, "plus": true}
	netWords   = map[string]bool{"before": true, "excluding": true, "excluded": true, "excl": true, "exclusive": true, "without": true, "pre": true, "less": true, "net": true}
)

// readTaxBasis takes "tax included" or "before tax" out of the items and says which it was:
// the words choose between a document's gross and net amounts (SAP's GROSSAMOUNT and
// NETAMOUNT, a SubTotal before tax), they are no column of taxes to add up and no condition.
func readTaxBasis(items []item) ([]item, taxBasis, string) {
	for i, it := range items {
		if it.kind != itEntity || len(it.toks) != 1 || it.toks[0].norm != "tax" {
			continue
		}
		var basis taxBasis
		drop := map[int]bool{i: true}
		prev := ""
		if i > 0 {
			prev = strings.ToLower(items[i-1].text())
		}
		switch {
		case len(it.skipped) > 0 && grossWords[it.skipped[len(it.skipped)-1]]:
			basis = taxGross // "including tax", "with tax" (skipped before the word)
		case len(it.skipped) > 0 && netWords[it.skipped[len(it.skipped)-1]]:
			basis = taxNet
		case i > 0 && items[i-1].kind != itEntity && grossWords[prev] && items[i-1].start+len(items[i-1].toks) == it.start:
			basis, drop[i-1] = taxGross, true
		case i > 0 && items[i-1].kind != itEntity && netWords[prev] && items[i-1].start+len(items[i-1].toks) == it.start:
			basis, drop[i-1] = taxNet, true
		case i+1 == len(items) && slices.ContainsFunc(it.skipped, func(w string) bool { return w == "included" }):
			basis = taxGross // "tax included" at the end
		case i+1 < len(items) && len(items[i+1].toks) == 1 && items[i+1].toks[0].lower == "included" && items[i+1].start == it.start+1:
			basis, drop[i+1] = taxGross, true
		case i+1 < len(items) && len(items[i+1].toks) == 1 && items[i+1].toks[0].lower == "excluded" && items[i+1].start == it.start+1:
			basis, drop[i+1] = taxNet, true
		}
		if basis == taxUnsaid {
			continue
		}
		phrase := it.text()
		out := items[:0:0]
		for k, x := range items {
			if !drop[k] {
				out = append(out, x)
			}
		}
		return out, basis, phrase
	}
	return items, taxUnsaid, ""
}

// applyTaxBasis moves each money measure the question names to the amount of the same row
// with or without tax: GROSSAMOUNT for "tax included", NETAMOUNT or a subtotal for "before
// tax". When the row has no such pair, what the stored amount includes is unknown, and the
// question is refused rather than answered with an amount of either kind.
func applyTaxBasis(items []item, basis taxBasis, phrase string) error {
	if basis == taxUnsaid {
		return nil
	}
	for k := range items {
		it := &items[k]
		if it.kind != itEntity || it.pick == nil || it.pick.kind != candColumn || it.pick.col == nil || it.pick.col.money <= 0 {
			continue
		}
		c := it.pick.col
		if hasTaxWord(c.words, basis) {
			continue
		}
		sib := taxSibling(c, basis)
		if sib == nil {
			return &notUnderstood{words: []string{phrase}, msg: fmt.Sprintf("cannot tell whether %s.%s includes tax", c.table.name, c.name)}
		}
		p := *it.pick
		p.col = sib
		it.pick = &p
	}
	return nil
}

// hasTaxWord reports whether a column's words already say the basis asked for.
func hasTaxWord(ws []string, basis taxBasis) bool {
	if basis == taxGross {
		return slices.Contains(ws, "gross")
	}
	return slices.Contains(ws, "net") || slices.Contains(ws, "subtotal") || len(ws) > 1 && ws[0] == "sub" && ws[1] == "total"
}

// taxSibling finds the column beside c that holds the same amount with (gross) or without
// (net, subtotal) tax.
func taxSibling(c *column, basis taxBasis) *column {
	rest := func(ws []string) string {
		var out []string
		for _, w := range ws {
			if w != "gross" && w != "net" && w != "total" && w != "sub" && w != "subtotal" {
				out = append(out, w)
			}
		}
		return strings.Join(out, " ")
	}
	var pick *column
	for _, o := range c.table.cols {
		if o == c || o.class != classNumber || !hasTaxWord(o.words, basis) {
			continue
		}
		if rest(o.words) == rest(c.words) || basis == taxNet && (slices.Contains(o.words, "subtotal") || slices.Contains(o.words, "sub")) {
			if pick != nil {
				return nil // two candidates: no guess
			}
			pick = o
		}
	}
	return pick
}
