package offline

import (
	"fmt"
	"strings"
)

// Shape words decide the shape of an answer: "on average" makes it an average, "per
// customer" a grouping, "top 3" a ranking cut at three rows, "different" a distinct count,
// "never" an absence. A plan that was built without using one of them answers another
// question, usually with a plausible number, which is worse than a refusal. The builder marks
// a keyword it uses by blanking it (kind kwNone) or by turning it into the plan's part; this
// check runs on the finished plan and refuses when a shape word left in the question is not
// reflected in the plan. It looks at the plan, not at the question's text, so it holds for
// any wording the scanner reads as these keywords.

// eachWords are the grouping keywords that always ask for one answer per group; "by" is left
// out because it also says who ("orders placed by Mia Dubois"), "across" because "across all
// stores" is a total.
var eachWords = map[string]bool{"per": true, "each": true, "for each": true, "for every": true, "in each": true, "of each": true, "every": true}

// checkShape returns a refusal naming the first shape word the plan did not consume, or nil.
func (b *builder) checkShape() error {
	p := &b.p
	for k := range b.items {
		it := &b.items[k]
		if it.kind != itKeyword {
			continue
		}
		w := strings.ToLower(it.text())
		switch it.kw.kind {
		case kwAvg:
			if !planAverages(p) {
				return &notUnderstood{words: []string{it.text()}, msg: "cannot tell what to average: the answer would not be an average"}
			}
		case kwTop, kwBottom, kwMost, kwLeast:
			if !planRanks(p) {
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell what %q ranks", it.text())}
			}
			if (it.kw.price || it.kw.dim != "") && !planMeasuresColumn(p) {
				// "the album with the most expensive tracks" ranked by how many tracks: the
				// price or length the word asks for is in no part of the answer.
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell which %q is asked for", it.text())}
			}
		case kwGroup:
			if eachWords[w] && !planGroups(p) {
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell what %q groups by", it.text())}
			}
		case kwDistinct:
			if !planDistinct(p) {
				return &notUnderstood{words: []string{it.text()}, msg: fmt.Sprintf("cannot tell what %q applies to", it.text())}
			}
		}
	}
	if rk := b.roleKey; rk != nil && !planUsesRole(p) {
		// "which technician does Mia Dubois report to" where Mia Dubois is not a technician:
		// the relation was said and nothing in the answer follows it.
		return &notUnderstood{words: []string{rk.name}, msg: fmt.Sprintf("cannot tell whose %s is asked for", rk.name)}
	}
	if b.topN > 0 && p.limit != b.topN {
		// "our 2 most rented films" answered without keeping 2 rows.
		return &notUnderstood{words: []string{fmt.Sprint(b.topN)}, msg: fmt.Sprintf("cannot tell which %d rows to keep", b.topN)}
	}
	if b.antiCond >= 0 && b.antiCond < len(p.conds) && p.conds[b.antiCond].anti != nil {
		// "customers who never rented a horror film": the genre restricts the rentals that are
		// missing, not the customers; the anti-join here cannot hold it, and a condition
		// outside it answers a different question.
		for _, c := range p.conds[b.antiCond:] {
			if c.anti == nil && c.col != nil && c.col.table != b.antiSubject {
				return &notUnderstood{words: []string{b.antiWords}, msg: "a condition on the missing rows is not supported"}
			}
		}
	}
	for _, c := range p.conds {
		if c.col != nil && c.col.listSep != "" && (c.op == "=" || c.op == "<>") {
			// A list-valued column ("Trailers,Deleted Scenes") never equals one item.
			return &notUnderstood{words: []string{c.col.name}, msg: fmt.Sprintf("%s holds lists of values", c.col.name)}
		}
	}
	return nil
}

// planAverages reports whether the plan computes an average anywhere.
func planAverages(p *plan) bool {
	if p.outerAvg {
		return true
	}
	for _, m := range p.measures {
		if m.agg == aggAvg {
			return true
		}
	}
	for _, h := range p.having {
		if h.having != nil && h.having.agg == aggAvg || h.avgGroups != nil {
			return true
		}
	}
	for _, c := range p.conds {
		if c.avgOf != nil {
			return true
		}
	}
	return false
}

// planRanks reports whether the plan orders, cuts or takes an extreme.
func planRanks(p *plan) bool {
	if p.limit > 0 || p.order == orderMeasure || p.order == orderCol {
		return true
	}
	for _, m := range p.measures {
		if m.agg == aggMax || m.agg == aggMin {
			return true
		}
	}
	return false
}

// planGroups reports whether the plan answers per group or per row.
func planGroups(p *plan) bool {
	return len(p.dims) > 0 || p.outerAvg || p.outerCount || p.roleList != nil || p.listTable != nil && !p.distinct
}

// planDistinct reports whether the plan counts or lists distinct values.
func planDistinct(p *plan) bool {
	if p.distinct || len(p.dims) > 0 {
		return true
	}
	for _, m := range p.measures {
		if m.agg == aggCountDistinct || m.agg == aggCount && m.col == nil {
			return true
		}
	}
	return false
}

// planUsesRole reports whether the plan follows a self-reference anywhere.
func planUsesRole(p *plan) bool {
	if p.roleList != nil {
		return true
	}
	for _, d := range p.dims {
		if d.role != nil {
			return true
		}
	}
	for _, c := range p.conds {
		if c.role != nil {
			return true
		}
	}
	return false
}

// planMeasuresColumn reports whether the plan orders by or aggregates a column (a price, a
// length), not only counts rows.
func planMeasuresColumn(p *plan) bool {
	if p.orderCol != nil {
		return true
	}
	for _, m := range p.measures {
		if m.col != nil {
			return true
		}
	}
	return false
}
