package agents

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
	"github.com/analytics-agent/service/nlq/guard"
)

// Limits of a semantic layer: enough for a real business glossary, small enough to keep every
// question's prompt and lexicon cheap.
const (
	MaxMetrics         = 100
	MaxSynonyms        = 500
	MaxDefaultFilters  = 50
	MaxMetricFilters   = 10
	MaxMetricSynonyms  = 20
	MaxPhraseLength    = 100
	MaxExpressionLen   = 1000
	MaxDescriptionLen  = 500
	MaxSemanticsTarget = 300
)

// SemanticsError says why a semantic layer was refused. Code is the API error code:
// invalid_request (malformed), sql_rejected (a table or column that does not exist or is
// outside the agent, or SQL the guard refuses) or column_not_permitted (a denied column).
type SemanticsError struct {
	Code    string
	Field   string
	Table   string
	Column  string
	Message string
}

func (e *SemanticsError) Error() string { return e.Message }

// Codes of SemanticsError.
const (
	CodeInvalid            = "invalid_request"
	CodeSQLRejected        = "sql_rejected"
	CodeColumnNotPermitted = "column_not_permitted"
)

var metricName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_ ]{0,62}$`)

// ParseSemantics decodes a stored or submitted layer; empty input is an empty layer.
func ParseSemantics(raw string) (*nlq.Semantics, error) {
	s := &nlq.Semantics{}
	if strings.TrimSpace(raw) == "" {
		return s, nil
	}
	if err := json.Unmarshal([]byte(raw), s); err != nil {
		return nil, fmt.Errorf("decode semantics: %w", err)
	}
	return s, nil
}

// ValidateSemantics checks a semantic layer against the data source's schema and the agent's
// permissions, and normalises it (trimmed phrases, canonical table names). Expressions and
// filters are parsed by the same guard that checks generated SQL, so a metric can never name a
// column the agent may not read: it is refused when saved, not when a question uses it.
func ValidateSemantics(s *nlq.Semantics, schema *datasource.Schema, dialect datasource.Type, perms guard.Permissions) error {
	if schema == nil {
		return &SemanticsError{Code: CodeInvalid, Field: "semantics", Message: "the data source's schema is not loaded; refresh it first"}
	}
	if len(s.Metrics) > MaxMetrics {
		return invalid("metrics", "at most %d metrics", MaxMetrics)
	}
	if len(s.Synonyms) > MaxSynonyms {
		return invalid("synonyms", "at most %d synonyms", MaxSynonyms)
	}
	if len(s.DefaultFilters) > MaxDefaultFilters {
		return invalid("default_filters", "at most %d default filters", MaxDefaultFilters)
	}
	names := map[string]bool{}
	for i := range s.Metrics {
		m := &s.Metrics[i]
		f := fmt.Sprintf("metrics[%d]", i)
		m.Name = strings.TrimSpace(m.Name)
		if !metricName.MatchString(m.Name) {
			return invalid(f+".name", "a metric name is 1 to 63 letters, digits, spaces or underscores, starting with a letter")
		}
		if names[strings.ToLower(m.Name)] {
			return invalid(f+".name", "metric %q is defined twice", m.Name)
		}
		names[strings.ToLower(m.Name)] = true
		if len(m.Synonyms) > MaxMetricSynonyms {
			return invalid(f+".synonyms", "at most %d synonyms per metric", MaxMetricSynonyms)
		}
		for k, sy := range m.Synonyms {
			if err := phrase(fmt.Sprintf("%s.synonyms[%d]", f, k), sy); err != nil {
				return err
			}
			m.Synonyms[k] = strings.TrimSpace(sy)
		}
		if len(m.Description) > MaxDescriptionLen {
			return invalid(f+".description", "description is limited to %d characters", MaxDescriptionLen)
		}
		m.Expression = strings.TrimSpace(m.Expression)
		if m.Expression == "" {
			return invalid(f+".expression", "expression is required, e.g. SUM(orders.total_amount)")
		}
		if len(m.Expression) > MaxExpressionLen {
			return invalid(f+".expression", "expression is limited to %d characters", MaxExpressionLen)
		}
		if len(m.Filters) > MaxMetricFilters {
			return invalid(f+".filters", "at most %d filters per metric", MaxMetricFilters)
		}
		if w, ok := nlq.AggregateSafe(m.Expression); !ok {
			return invalid(f+".expression", "the expression must aggregate every column it uses (SUM, COUNT, AVG, MIN or MAX) and contain no subquery; %q is outside an aggregate", w)
		}
		for k := range m.Filters {
			m.Filters[k] = strings.TrimSpace(m.Filters[k])
			if err := condition(fmt.Sprintf("%s.filters[%d]", f, k), m.Filters[k]); err != nil {
				return err
			}
		}
		tables := nlq.MetricTables(*m)
		if len(tables) == 0 {
			return invalid(f+".expression", "qualify columns with their table name, e.g. SUM(orders.total_amount)")
		}
		if err := checkSQL(f+".expression", m.Expression, m.Filters, tables, schema, dialect, perms); err != nil {
			return err
		}
	}
	for i := range s.Synonyms {
		sy := &s.Synonyms[i]
		f := fmt.Sprintf("synonyms[%d]", i)
		if err := phrase(f+".phrase", sy.Phrase); err != nil {
			return err
		}
		sy.Phrase = strings.TrimSpace(sy.Phrase)
		sy.Target = strings.TrimSpace(sy.Target)
		if sy.Target == "" || len(sy.Target) > MaxSemanticsTarget {
			return invalid(f+".target", "target is \"table\", \"table.column\" or \"table.column=value\", at most %d characters", MaxSemanticsTarget)
		}
		ref, value, hasValue := strings.Cut(sy.Target, "=")
		tname, cname, hasCol := strings.Cut(strings.TrimSpace(ref), ".")
		if hasValue && !hasCol {
			return invalid(f+".target", "a value synonym names its column: table.column=value")
		}
		t := schema.Table(tname)
		if t == nil || !tableAllowed(perms, t.Name) {
			return &SemanticsError{Code: CodeSQLRejected, Field: f + ".target", Table: tname,
				Message: fmt.Sprintf("table %q does not exist or is not readable by this agent", tname)}
		}
		target := t.Name
		if hasCol {
			c := t.Column(cname)
			if c == nil {
				return &SemanticsError{Code: CodeSQLRejected, Field: f + ".target", Table: t.Name, Column: cname,
					Message: fmt.Sprintf("column %q does not exist in table %q", cname, t.Name)}
			}
			if !perms.ColumnAllowed(t.Name, c.Name, schema) {
				return &SemanticsError{Code: CodeColumnNotPermitted, Field: f + ".target", Table: t.Name, Column: c.Name,
					Message: fmt.Sprintf("column %q is not permitted for this agent", t.Name+"."+c.Name)}
			}
			target += "." + c.Name
		}
		if hasValue {
			v := strings.TrimSpace(value)
			if v == "" {
				return invalid(f+".target", "the value after = is empty")
			}
			target += "=" + v
		}
		sy.Target = target
	}
	for i := range s.DefaultFilters {
		df := &s.DefaultFilters[i]
		f := fmt.Sprintf("default_filters[%d]", i)
		t := schema.Table(strings.TrimSpace(df.Table))
		if t == nil || !tableAllowed(perms, t.Name) {
			return &SemanticsError{Code: CodeSQLRejected, Field: f + ".table", Table: df.Table,
				Message: fmt.Sprintf("table %q does not exist or is not readable by this agent", df.Table)}
		}
		df.Table = t.Name
		df.Condition = strings.TrimSpace(df.Condition)
		if len(df.Description) > MaxDescriptionLen {
			return invalid(f+".description", "description is limited to %d characters", MaxDescriptionLen)
		}
		if err := condition(f+".condition", df.Condition); err != nil {
			return err
		}
		for _, r := range nlq.QualifiedRefs(df.Condition) {
			if !strings.EqualFold(r[0], t.Name) {
				return invalid(f+".condition", "a default filter may only use columns of its own table %q", t.Name)
			}
		}
		if err := checkSQL(f+".condition", "COUNT(*)", []string{df.Condition}, []string{t.Name}, schema, dialect, perms); err != nil {
			return err
		}
	}
	return nil
}

func tableAllowed(perms guard.Permissions, table string) bool {
	for _, t := range perms.AllowedTables {
		if t == "*" || strings.EqualFold(t, table) {
			return true
		}
	}
	return false
}

func invalid(field, format string, args ...any) *SemanticsError {
	return &SemanticsError{Code: CodeInvalid, Field: field, Message: fmt.Sprintf(format, args...)}
}

func phrase(field, p string) error {
	p = strings.TrimSpace(p)
	if p == "" || len(p) > MaxPhraseLength {
		return invalid(field, "a phrase is 1 to %d characters", MaxPhraseLength)
	}
	return nil
}

// condition bounds a filter before it is parsed.
func condition(field, c string) error {
	if c == "" || len(c) > MaxExpressionLen {
		return invalid(field, "a condition is 1 to %d characters", MaxExpressionLen)
	}
	if strings.Contains(c, ";") {
		return invalid(field, "a condition is one SQL expression, without ';'")
	}
	return nil
}

// checkSQL parses SELECT expr FROM tables WHERE filters with the guard, which rejects unknown
// or forbidden tables, columns and functions and anything that is not a read-only expression.
func checkSQL(field, expr string, filters, tables []string, schema *datasource.Schema, dialect datasource.Type, perms guard.Permissions) error {
	from := make([]string, 0, len(tables))
	for _, t := range tables {
		st := schema.Table(t)
		if st == nil {
			return &SemanticsError{Code: CodeSQLRejected, Field: field, Table: t,
				Message: fmt.Sprintf("table %q does not exist in the data source", t)}
		}
		from = append(from, quoteIdent(dialect, st.Name))
	}
	sql := "SELECT " + expr + " AS v FROM " + strings.Join(from, ", ")
	if len(filters) > 0 {
		sql += " WHERE (" + strings.Join(filters, ") AND (") + ")"
	}
	_, err := guard.Check(dialect, sql, schema, perms)
	var rej *guard.RejectionError
	if errors.As(err, &rej) {
		e := &SemanticsError{Code: CodeSQLRejected, Field: field, Table: rej.Table, Column: rej.Column, Message: rej.Reason}
		if rej.Column != "" {
			e.Code = CodeColumnNotPermitted
		}
		return e
	}
	return err
}

func quoteIdent(d datasource.Type, s string) string {
	if d == datasource.MySQL {
		return "`" + strings.ReplaceAll(s, "`", "``") + "`"
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
