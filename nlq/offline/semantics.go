package offline

import (
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
