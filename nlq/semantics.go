package nlq

import (
	"sort"
	"strings"
)

// Semantics is an agent's semantic layer: what its business words mean over its permitted
// schema. Both engines read it; the API validates it against the schema and the agent's
// permissions before it is stored, so engines may trust every name in it.
type Semantics struct {
	// Metrics are named aggregate expressions ("revenue").
	Metrics []Metric `json:"metrics"`
	// Synonyms map a word or phrase to a table, a column or a value.
	Synonyms []Synonym `json:"synonyms"`
	// DefaultFilters are conditions applied whenever their table is read.
	DefaultFilters []Filter `json:"default_filters"`
}

// Metric is a named measure: an aggregate SQL expression over qualified permitted columns
// (SUM(orders.total_amount)) and the row conditions that always come with it.
type Metric struct {
	Name        string   `json:"name"`
	Synonyms    []string `json:"synonyms"`
	Description string   `json:"description,omitempty" limit:"500"`
	// Expression is aggregate-safe SQL in the data source's dialect: every column reference sits
	// inside SUM, COUNT, AVG, MIN or MAX, qualified by its table name.
	Expression string `json:"expression" limit:"1000"`
	// Filters are boolean SQL conditions over qualified columns (orders.status IN
	// ('completed', 'shipped')), ANDed to the WHERE clause whenever the metric is used.
	Filters []string `json:"filters" limit:"1000"`
}

// Synonym maps a phrase to a target: "table", "table.column" or "table.column=value".
type Synonym struct {
	Phrase string `json:"phrase"`
	Target string `json:"target" limit:"300"`
}

// Filter is a default condition on one table.
type Filter struct {
	Table     string `json:"table"`
	Condition string `json:"condition" limit:"1000"`
	// Description says in words what the filter keeps, for explanations.
	Description string `json:"description,omitempty" limit:"500"`
}

// Empty reports whether s defines nothing.
func (s *Semantics) Empty() bool {
	return s == nil || len(s.Metrics) == 0 && len(s.Synonyms) == 0 && len(s.DefaultFilters) == 0
}

// MetricTables returns the tables a metric's expression and filters name, in first-seen order,
// read from qualified references (table.column). The first one is the metric's base table.
func MetricTables(m Metric) []string {
	var out []string
	for _, s := range append([]string{m.Expression}, m.Filters...) {
		for _, r := range QualifiedRefs(s) {
			if !containsFold(out, r[0]) {
				out = append(out, r[0])
			}
		}
	}
	return out
}

// QualifiedRefs returns the table.column references of a SQL fragment outside string literals,
// as [table, column] pairs. Quoted identifiers ("Order Details"."UnitPrice", `t`.`c`) count.
func QualifiedRefs(sql string) [][2]string {
	toks := identTokens(sql)
	var out [][2]string
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].ident && toks[i+1].text == "." && toks[i+2].ident {
			out = append(out, [2]string{toks[i].text, toks[i+2].text})
			i += 2
		}
	}
	return out
}

type sqlTok struct {
	text  string
	ident bool
}

// identTokens splits SQL into identifiers (quoted ones unquoted), dots and other text; string
// literals are dropped.
func identTokens(s string) []sqlTok {
	var out []sqlTok
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\'':
			j := i + 1
			for j < len(s) {
				if s[j] == '\'' {
					if j+1 < len(s) && s[j+1] == '\'' {
						j += 2
						continue
					}
					break
				}
				j++
			}
			out = append(out, sqlTok{text: "'"})
			i = j + 1
		case c == '"' || c == '`':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return out
			}
			out = append(out, sqlTok{text: s[i+1 : i+1+j], ident: true})
			i += j + 2
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			out = append(out, sqlTok{text: s[i:j], ident: true})
			i = j
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		default:
			out = append(out, sqlTok{text: string(c)})
			i++
		}
	}
	return out
}

// aggregates are the functions whose arguments may name columns in a metric expression.
var aggregates = map[string]bool{"sum": true, "count": true, "avg": true, "min": true, "max": true}

// sqlWords may appear in an expression outside aggregates without naming a column.
var sqlWords = map[string]bool{"distinct": true, "case": true, "when": true, "then": true, "else": true, "end": true,
	"and": true, "or": true, "not": true, "null": true, "is": true, "in": true, "nullif": true, "coalesce": true,
	"cast": true, "as": true, "numeric": true, "decimal": true, "real": true, "float": true, "integer": true,
	"round": true, "abs": true, "between": true, "like": true, "true": true, "false": true}

// AggregateSafe reports whether every column reference of expr is inside an aggregate call, so
// the expression yields one value per group however the engine groups. It returns the first
// offending word otherwise. Subqueries are not allowed.
func AggregateSafe(expr string) (string, bool) {
	toks := identTokens(expr)
	depth := 0  // parenthesis depth
	aggAt := -1 // depth at which the current aggregate's parenthesis opened
	sawAgg := false
	for i, t := range toks {
		low := strings.ToLower(t.text)
		switch {
		case t.text == "(":
			depth++
		case t.text == ")":
			depth--
			if aggAt >= 0 && depth < aggAt {
				aggAt = -1
			}
		case t.text == ";":
			return ";", false
		case t.ident && (low == "select" || low == "from"):
			return t.text, false
		case t.ident && aggregates[low] && i+1 < len(toks) && toks[i+1].text == "(":
			if aggAt < 0 {
				aggAt = depth + 1
			}
			sawAgg = true
		case t.ident && aggAt < 0 && !sqlWords[low]:
			if i+1 < len(toks) && toks[i+1].text == "(" {
				continue // a scalar function around aggregates: ROUND(SUM(x), 2)
			}
			return t.text, false
		}
	}
	if !sawAgg {
		return expr, false
	}
	return "", depth == 0
}

// SynonymMap flattens table and column synonyms into the Request.Synonyms form (phrase ->
// "table" or "table.column"); value synonyms are left to engines that read Semantics.
func (s *Semantics) SynonymMap() map[string]string {
	out := map[string]string{}
	if s == nil {
		return out
	}
	for _, sy := range s.Synonyms {
		if !strings.Contains(sy.Target, "=") {
			out[sy.Phrase] = sy.Target
		}
	}
	return out
}

// Describe renders the semantic layer as prompt text, one line per definition, sorted so the
// same layer always gives the same prompt.
func (s *Semantics) Describe() []string {
	if s == nil {
		return nil
	}
	var out []string
	for _, m := range s.Metrics {
		line := "Metric " + m.Name
		if len(m.Synonyms) > 0 {
			line += " (also: " + strings.Join(m.Synonyms, ", ") + ")"
		}
		line += " = " + m.Expression
		if len(m.Filters) > 0 {
			line += " WHERE " + strings.Join(m.Filters, " AND ")
		}
		if m.Description != "" {
			line += " -- " + m.Description
		}
		out = append(out, line)
	}
	var syn []string
	for _, sy := range s.Synonyms {
		syn = append(syn, "\""+sy.Phrase+"\" means "+sy.Target)
	}
	sort.Strings(syn)
	out = append(out, syn...)
	for _, f := range s.DefaultFilters {
		out = append(out, "Whenever "+f.Table+" is read, add: "+f.Condition)
	}
	for i, l := range out {
		out[i] = strings.Join(strings.Fields(l), " ") // one definition per line, whatever it holds
	}
	return out
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
