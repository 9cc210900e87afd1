package offline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/analytics-agent/service/nlq"
)

// metricDef is a semantic-layer metric: an aggregate expression written by an admin, with
// the row conditions it always carries. It is attached to a virtual column of its base table so
// that the resolver ranks it against real columns by the same join distances.
type metricDef struct {
	name    string
	expr    string
	filters []string
	tables  []*table
	desc    string
	// derived metrics are inferred from the schema, not written by an admin: price × quantity
	// (× (1 − discount)) of one table, rendered in the request's dialect.
	price, qty, discount *column
	discAmount           bool // price × quantity × discount: the money a discount took off
}

// stockWords name a quantity kept, not one moved: in stock, on hand, to reorder at.
var stockWords = []string{"stock", "hand", "inventory", "reorder", "available", "minimum", "maximum", "min", "max"}

// revenueWords name a derived revenue metric ("how much have they sold for" is the sales).
var revenueWords = []string{"revenue", "sale", "turnover", "income", "earning", "sold for"}

// addDerivedMetrics infers revenue = SUM(price × quantity × (1 − discount)) on tables that
// hold a unit price and a quantity but no amount of their own (order details, parts used):
// the measure exists only as an expression.
func (m *model) addDerivedMetrics() {
	for _, t := range m.tables {
		var price, qty, disc *column
		amount := false
		for _, c := range t.cols {
			if c.class != classNumber {
				continue
			}
			switch {
			case c.money >= revenueLike && !slices.Contains(c.words, "price"):
				amount = true
			case slices.Contains(c.words, "price") && price == nil && !slices.Contains(c.words, "buy"):
				// A BUYPRICE is what the goods cost us, not what they sold for.
				price = c
			case (slices.Contains(c.words, "quantity") || slices.Contains(c.words, "qty")) && qty == nil && !containsAny(c.words, stockWords):
				// QUANTITYINSTOCK is what is on the shelf, not what was sold.
				qty = c
			case slices.Contains(c.words, "discount") && disc == nil:
				disc = c
			}
		}
		tables := []*table{t}
		if !amount && price == nil && qty != nil {
			// Order lines that keep how many but not at what price, beside the product they
			// reference that keeps its price (pizzas.price, one per pizza and size): the line
			// sold quantity × that price.
			if p := referencedPrice(t); p != nil {
				price, tables = p, []*table{t, p.table}
			}
		}
		if amount || price == nil || qty == nil {
			continue
		}
		def := &metricDef{name: "revenue", tables: tables, price: price, qty: qty, discount: disc}
		def.desc = fmt.Sprintf("%s × %s", price.table.name+"."+price.name, t.name+"."+qty.name)
		if disc != nil {
			def.desc += fmt.Sprintf(" × (1 − %s.%s)", t.name, disc.name)
		}
		c := &column{name: "revenue", table: t, class: classNumber, words: []string{"revenue"}, money: 10, metric: def}
		m.derived = append(m.derived, c)
		if disc != nil {
			// "how much discount did we give": the money the discount took off, not a sum of
			// rates.
			dd := &metricDef{name: "discount_amount", tables: []*table{t}, price: price, qty: qty, discount: disc, discAmount: true}
			dd.desc = fmt.Sprintf("%s.%s × %s.%s × %s.%s", t.name, price.name, t.name, qty.name, t.name, disc.name)
			if m.discountAmounts == nil {
				m.discountAmounts = map[*column]*column{}
			}
			m.discountAmounts[disc] = &column{name: "discount_amount", table: t, class: classNumber, words: []string{"discount", "amount"}, money: 1, metric: dd}
		}
	}
}

// referencedPrice is the one price column of the tables t's foreign keys reference, when
// those tables keep a price but no quantity or amount of their own (a product's list price,
// not a sale); nil otherwise.
func referencedPrice(t *table) *column {
	var found *column
	for _, f := range t.fks {
		p := f.to.table
		if p == t || f.from2 != nil {
			continue
		}
		var price *column
		for _, c := range p.cols {
			if c.class != classNumber {
				continue
			}
			switch {
			case slices.Contains(c.words, "price") && !slices.Contains(c.words, "buy"):
				if price != nil {
					return nil
				}
				price = c
			case c.money >= revenueLike, slices.Contains(c.words, "quantity"), slices.Contains(c.words, "qty"):
				return nil
			}
		}
		if price == nil {
			continue
		}
		if found != nil && found != price {
			return nil
		}
		found = price
	}
	return found
}

// addMargins infers each row's margin where a table keeps a price and a cost of the same
// thing (unit_price, unit_cost), or what it sold for and what it cost (store_sales,
// store_cost): the one less the other, which "margin", "markup", "profit" or "profit per
// unit" ask for.
func (m *model) addMargins() {
	for _, t := range m.tables {
		for _, p := range t.cols {
			n := len(p.words)
			// FoodMart's store_sales beside store_cost: what a line sold for less what it cost.
			if p.class != classNumber || n == 0 || p.words[n-1] != "price" && p.words[n-1] != "sale" && p.words[n-1] != "revenue" {
				continue
			}
			for _, c := range t.cols {
				if c.class == classNumber && len(c.words) == n && c.words[n-1] == "cost" && slices.Equal(c.words[:n-1], p.words[:n-1]) {
					m.margins = append(m.margins, &column{name: "margin", table: t, class: classNumber, words: []string{"margin"},
						money: 1, diff: &[2]*column{p, c}})
				}
			}
		}
	}
}

// rateFormulas are the rates business people name, each a count as a percentage of another:
// the words of the rate, then the head words of the counted column and of the base.
var rateFormulas = []struct{ names, of, per []string }{
	{[]string{"acceptance rate", "admission rate", "admit rate", "admissions rate", "selectivity"}, []string{"admission", "admitted", "accepted", "acceptance", "admit"}, []string{"application", "applicant", "applied"}},
	{[]string{"yield rate", "yield"}, []string{"enrolled", "enrollment", "enrolment", "enrol"}, []string{"admission", "admitted", "admit"}},
	{[]string{"conversion rate"}, []string{"conversion", "converted", "order", "purchase"}, []string{"visit", "session", "visitor"}},
	{[]string{"click through rate", "click-through rate", "ctr"}, []string{"click"}, []string{"impression"}},
	// (A winning percentage is wins over decisions, W / (W + L), which no one column divides.)
	{[]string{"win rate"}, []string{"win", "won"}, []string{"game", "match", "played", "start"}},
	{[]string{"completion rate"}, []string{"completed", "completion", "completer"}, []string{"started", "start", "enrolled", "starter"}},
	{[]string{"pass rate", "passing rate"}, []string{"passed", "pass"}, []string{"attempt", "attempted", "taken", "sitting"}},
	// Votes cast as a share of the registered electorate.
	{[]string{"turnout", "voter turnout", "turnout rate", "electoral turnout"}, []string{"cast", "ballot"}, []string{"electorate", "registered", "eligible"}},
}

// addRates infers each row's rate where a table keeps both counts a named rate divides
// (APPLCN and ADMSSN: applications and admissions), one column each: "the acceptance rate"
// is 100 × admissions / applications, a percentage of the row.
func (m *model) addRates() {
	one := func(t *table, heads []string, loose bool) *column {
		var found *column
		for _, c := range t.cols {
			if c.class != classNumber || c.money != 0 || c.via != nil || !loose && len(c.words) != 1 && !(len(c.words) == 2 && c.words[0] == "total") ||
				len(c.words) == 0 || !slices.Contains(heads, c.words[len(c.words)-1]) {
				continue
			}
			if found != nil {
				return nil
			}
			found = c
		}
		return found
	}
	// A count named by its last word, as votes_cast is, when no one-word column is.
	each := func(t *table, heads []string) *column {
		if c := one(t, heads, false); c != nil {
			return c
		}
		return one(t, heads, true)
	}
	for _, t := range m.tables {
		for _, f := range rateFormulas {
			num, den := each(t, f.of), each(t, f.per)
			if num == nil || den == nil || num == den {
				continue
			}
			words := strings.Fields(f.names[0])
			m.rates = append(m.rates, &column{name: strings.Join(words, "_") + "_pct", table: t, class: classNumber, words: words,
				ratio: &[2]*column{num, den}, nullable: true})
		}
	}
}

// marginWords name a price less its cost.
var marginWords = []string{"margin", "markup", "mark up", "profit", "profitable", "margin per unit", "unit margin", "profit per unit", "gross margin", "price minus cost", "price less cost"}

// expr is the metric's SQL in dialect d.
func (x *metricDef) sql(d dialect) string {
	if x.price == nil {
		return x.expr
	}
	e := d.col(x.price) + " * " + d.col(x.qty)
	if x.discAmount {
		return "SUM(" + e + " * " + d.col(x.discount) + ")"
	}
	if x.discount != nil {
		e += " * (1 - " + d.col(x.discount) + ")"
	}
	return "SUM(" + e + ")"
}

// rowExpr is a derived metric's value for one row (price × quantity × (1 − discount)),
// without the SUM; only for derived metrics (shareOfOther checks).
func (x *metricDef) rowExpr(d dialect) string {
	e := d.col(x.price) + " * " + d.col(x.qty)
	if x.discAmount {
		return e + " * " + d.col(x.discount)
	}
	if x.discount != nil {
		e += " * (1 - " + d.col(x.discount) + ")"
	}
	return e
}

// addSemantics attaches the agent's metrics and default filters to the model. Definitions
// naming a table or column the engine cannot see (permissions narrowed after they were saved)
// are skipped: the guard would refuse them anyway.
func (m *model) addSemantics(s *nlq.Semantics) {
	if s == nil {
		return
	}
	m.defaultFilters = map[*table][]string{}
	for _, f := range s.DefaultFilters {
		t := m.byName[strings.ToLower(f.Table)]
		if t == nil || !m.refsVisible(f.Condition) {
			continue
		}
		m.defaultFilters[t] = append(m.defaultFilters[t], f.Condition)
	}
	for _, x := range s.Metrics {
		var ts []*table
		ok := true
		for _, n := range nlq.MetricTables(x) {
			t := m.byName[strings.ToLower(n)]
			if t == nil {
				ok = false
				break
			}
			ts = append(ts, t)
		}
		if !ok || len(ts) == 0 || !m.refsVisible(x.Expression) {
			continue
		}
		for _, f := range x.Filters {
			ok = ok && m.refsVisible(f)
		}
		if !ok {
			continue
		}
		def := &metricDef{name: x.Name, expr: x.Expression, filters: x.Filters, tables: ts, desc: x.Description}
		c := &column{name: x.Name, table: ts[0], class: classNumber, words: normWords(x.Name), money: 10, metric: def}
		m.metrics = append(m.metrics, metricEntry{col: c, synonyms: x.Synonyms})
	}
}

// metricEntry is a metric's column with the phrases that name it.
type metricEntry struct {
	col      *column
	synonyms []string
}

// refsVisible reports whether every table.column of a SQL fragment is in the model.
func (m *model) refsVisible(sql string) bool {
	for _, r := range nlq.QualifiedRefs(sql) {
		t := m.byName[strings.ToLower(r[0])]
		if t == nil || t.col(r[1]) == nil {
			return false
		}
	}
	return true
}

// metricAlias is the output column name of a metric: its name in snake_case.
func metricAlias(d *metricDef) string {
	return strings.Join(strings.Fields(strings.ToLower(d.name)), "_")
}

// semanticFilters are the conditions the semantic layer adds to a plan: those of the metrics
// it uses, then the default filters of every table it reads, each once.
func semanticFilters(p *plan, m *model) []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, x := range append(append([]measure{}, p.measures...), havingMeasures(p)...) {
		if x.col != nil && x.col.metric != nil {
			for _, f := range x.col.metric.filters {
				add(f)
			}
		}
	}
	if m != nil && len(m.defaultFilters) > 0 && p.base != nil {
		for _, f := range m.defaultFilters[p.base] {
			add(f)
		}
		for _, j := range p.joins {
			for _, f := range m.defaultFilters[j.table] {
				add(f)
			}
		}
	}
	return out
}

func havingMeasures(p *plan) []measure {
	var out []measure
	for _, h := range p.having {
		out = append(out, *h.having)
	}
	return out
}
