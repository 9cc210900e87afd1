package templates

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/analytics-agent/service/datasource"
)

// Parameter types.
const (
	TypeString  = "string"
	TypeInteger = "integer"
	TypeNumber  = "number"
	TypeDate    = "date"
	TypeBoolean = "boolean"
)

// Limits of template definitions and values.
const (
	MaxParameters      = 50
	MaxAllowedValues   = 200
	MaxStringValue     = 1000
	maxParameterName   = 63
	MaxSQLLength       = 20_000
	MaxNameLength      = 200
	MaxDescription     = 2000
	MaxExampleQuestion = 500
	MaxExamples        = 20
)

// Parameter declares one named parameter of a template's SQL.
type Parameter struct {
	Name          string `json:"name"`
	Type          string `json:"type"`
	Required      bool   `json:"required"`
	Default       any    `json:"default,omitempty" limit:"1000"`
	AllowedValues []any  `json:"allowed_values,omitempty" limit:"1000"`
	Description   string `json:"description,omitempty" limit:"2000"`
}

// ParameterError is a parameter definition or value that is not acceptable; the API answers 400
// invalid_request with details.parameter.
type ParameterError struct {
	Parameter string
	Reason    string
}

func (e *ParameterError) Error() string {
	if e.Parameter == "" {
		return e.Reason
	}
	return fmt.Sprintf("parameter %q: %s", e.Parameter, e.Reason)
}

func paramErr(name, format string, args ...any) *ParameterError {
	return &ParameterError{Parameter: name, Reason: fmt.Sprintf(format, args...)}
}

var paramName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// ValidateDefinitions checks parameter declarations and normalizes their defaults and allowed
// values to the declared type.
func ValidateDefinitions(defs []Parameter) ([]Parameter, error) {
	if len(defs) > MaxParameters {
		return nil, paramErr("", "a template has at most %d parameters", MaxParameters)
	}
	out := make([]Parameter, 0, len(defs))
	seen := map[string]bool{}
	for _, d := range defs {
		if !paramName.MatchString(d.Name) || len(d.Name) > maxParameterName {
			return nil, paramErr(d.Name, "a parameter name is a letter or underscore followed by letters, digits or underscores (at most %d)", maxParameterName)
		}
		if seen[strings.ToLower(d.Name)] {
			return nil, paramErr(d.Name, "declared twice")
		}
		seen[strings.ToLower(d.Name)] = true
		switch d.Type {
		case TypeString, TypeInteger, TypeNumber, TypeDate, TypeBoolean:
		default:
			return nil, paramErr(d.Name, "type must be string, integer, number, date or boolean")
		}
		if len(d.Description) > MaxDescription {
			return nil, paramErr(d.Name, "description is limited to %d characters", MaxDescription)
		}
		if len(d.AllowedValues) > MaxAllowedValues {
			return nil, paramErr(d.Name, "at most %d allowed_values", MaxAllowedValues)
		}
		allowed := make([]any, 0, len(d.AllowedValues))
		for _, v := range d.AllowedValues {
			c, err := convert(d, v)
			if err != nil {
				return nil, paramErr(d.Name, "allowed value %v: %s", v, err)
			}
			allowed = append(allowed, c)
		}
		d.AllowedValues = allowed
		if len(allowed) == 0 {
			d.AllowedValues = nil
		}
		if d.Default != nil {
			c, err := convert(d, d.Default)
			if err != nil {
				return nil, paramErr(d.Name, "default: %s", err)
			}
			if d.AllowedValues != nil && !containsValue(d.AllowedValues, c) {
				return nil, paramErr(d.Name, "default is not one of allowed_values")
			}
			d.Default = c
		}
		out = append(out, d)
	}
	return out, nil
}

// Bind checks values against the declarations and returns every parameter's value (defaults
// applied, typed for the driver). A missing required parameter, an unknown one or a value of the
// wrong type is a *ParameterError.
func Bind(defs []Parameter, values map[string]any) (map[string]any, error) {
	byName := map[string]Parameter{}
	for _, d := range defs {
		byName[d.Name] = d
	}
	names := make([]string, 0, len(values))
	for k := range values {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		if _, ok := byName[k]; !ok {
			return nil, paramErr(k, "the template has no parameter of that name")
		}
	}
	out := make(map[string]any, len(defs))
	for _, d := range defs {
		v, given := values[d.Name]
		if !given || v == nil {
			switch {
			case d.Default != nil:
				v = d.Default
			case d.Required:
				return nil, paramErr(d.Name, "required")
			default:
				out[d.Name] = nil
				continue
			}
		}
		c, err := convert(d, v)
		if err != nil {
			return nil, paramErr(d.Name, "%s", err)
		}
		if d.AllowedValues != nil && !containsValue(d.AllowedValues, c) {
			return nil, paramErr(d.Name, "must be one of %v", d.AllowedValues)
		}
		out[d.Name] = c
	}
	return out, nil
}

// convert turns a JSON-decoded value into the parameter's Go type: string, int64, float64, bool,
// or a "YYYY-MM-DD" string for dates (compared as text on SQLite, cast by the server elsewhere).
func convert(d Parameter, v any) (any, error) {
	switch d.Type {
	case TypeString:
		s, ok := v.(string)
		if !ok {
			return nil, errors.New("must be a string")
		}
		if len(s) > MaxStringValue {
			return nil, fmt.Errorf("is limited to %d characters", MaxStringValue)
		}
		if strings.ContainsRune(s, 0) {
			return nil, errors.New("must not contain a NUL character")
		}
		return s, nil
	case TypeInteger:
		switch n := v.(type) {
		case json.Number:
			i, err := n.Int64()
			if err != nil {
				return nil, errors.New("must be an integer")
			}
			return i, nil
		case float64:
			if n != math.Trunc(n) || math.Abs(n) > 1<<53 {
				return nil, errors.New("must be an integer")
			}
			return int64(n), nil
		case int64:
			return n, nil
		case int:
			return int64(n), nil
		}
		return nil, errors.New("must be an integer")
	case TypeNumber:
		switch n := v.(type) {
		case json.Number:
			f, err := n.Float64()
			if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
				return nil, errors.New("must be a number")
			}
			return f, nil
		case float64:
			return n, nil
		case int64:
			return float64(n), nil
		case int:
			return float64(n), nil
		}
		return nil, errors.New("must be a number")
	case TypeBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, errors.New("must be true or false")
		}
		return b, nil
	case TypeDate:
		s, ok := v.(string)
		if !ok {
			return nil, errors.New("must be a date string YYYY-MM-DD")
		}
		t, err := time.Parse(time.DateOnly, s)
		if err != nil || t.Format(time.DateOnly) != s {
			return nil, errors.New("must be a date string YYYY-MM-DD")
		}
		return s, nil
	}
	return nil, fmt.Errorf("unknown type %q", d.Type)
}

func containsValue(list []any, v any) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// DecodeValues decodes a JSON object of parameter values keeping numbers exact.
func DecodeValues(raw []byte) (map[string]any, error) {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, paramErr("", "parameters must be an object of name to value")
	}
	if m == nil {
		m = map[string]any{}
	}
	return m, nil
}

// Prepared is a template's SQL with its named parameters replaced by the dialect's driver
// placeholders, and the parameter name behind each argument position.
type Prepared struct {
	SQL   string
	Names []string // the name bound at each argument position
}

// Args returns the driver arguments for bound values.
func (p Prepared) Args(values map[string]any) []any {
	args := make([]any, len(p.Names))
	for i, n := range p.Names {
		args[i] = values[n]
	}
	return args
}

// Prepare replaces :name parameters with driver placeholders ($n on PostgreSQL, ? on MySQL
// and SQLite). It is a lexer of the dialect's literal syntax: a colon inside a string literal,
// a quoted identifier, a comment or a dollar-quoted body is text, and "::" is a PostgreSQL cast.
// Positional placeholders written by hand are refused, so argument positions are always ours.
func Prepare(dialect datasource.Type, sqlText string) (Prepared, error) {
	var out strings.Builder
	out.Grow(len(sqlText) + 16)
	var names []string
	pgIndex := map[string]int{}
	s := sqlText
	n := len(s)
	for i := 0; i < n; {
		c := s[i]
		switch {
		case c == '\'' || (c == '"') || (c == '`' && dialect != datasource.Postgres):
			end := skipQuoted(s, i, c, dialect, c == '\'' && backslashEscapes(dialect, s, i))
			if end < 0 {
				return Prepared{}, &ParameterError{Reason: "the SQL has an unterminated quoted string or identifier"}
			}
			out.WriteString(s[i:end])
			i = end
		case c == '[' && dialect == datasource.SQLite:
			end := strings.IndexByte(s[i:], ']')
			if end < 0 {
				return Prepared{}, &ParameterError{Reason: "the SQL has an unterminated [identifier]"}
			}
			out.WriteString(s[i : i+end+1])
			i += end + 1
		case c == '-' && i+1 < n && s[i+1] == '-', c == '#' && dialect == datasource.MySQL:
			end := strings.IndexByte(s[i:], '\n')
			if end < 0 {
				end = n - i
			}
			out.WriteString(s[i : i+end])
			i += end
		case c == '/' && i+1 < n && s[i+1] == '*':
			end := skipBlockComment(s, i, dialect == datasource.Postgres)
			if end < 0 {
				return Prepared{}, &ParameterError{Reason: "the SQL has an unterminated /* comment"}
			}
			out.WriteString(s[i:end])
			i = end
		case c == '$' && dialect == datasource.Postgres && i+1 < n && s[i+1] >= '0' && s[i+1] <= '9':
			return Prepared{}, &ParameterError{Reason: "write parameters as :name, not positional $n placeholders"}
		case c == '$' && dialect == datasource.Postgres:
			if end, ok := skipDollarQuoted(s, i); ok {
				out.WriteString(s[i:end])
				i = end
				continue
			}
			out.WriteByte(c)
			i++
		case c == '?':
			return Prepared{}, &ParameterError{Reason: "write parameters as :name, not positional ? placeholders"}
		case c == ':' && i+1 < n && s[i+1] == ':':
			out.WriteString("::")
			i += 2
		case c == ':' && i+1 < n && isIdentStart(s[i+1]) && (i == 0 || !isIdentPart(s[i-1])):
			j := i + 1
			for j < n && isIdentPart(s[j]) {
				j++
			}
			name := s[i+1 : j]
			if dialect == datasource.Postgres {
				k, ok := pgIndex[name]
				if !ok {
					names = append(names, name)
					k = len(names)
					pgIndex[name] = k
				}
				fmt.Fprintf(&out, "$%d", k)
			} else {
				names = append(names, name)
				out.WriteByte('?')
			}
			i = j
		default:
			out.WriteByte(c)
			i++
		}
	}
	return Prepared{SQL: out.String(), Names: names}, nil
}

// Used returns the distinct parameter names the SQL refers to, in order of appearance.
func (p Prepared) Used() []string {
	var out []string
	for _, n := range p.Names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// CheckNames compares the names used in the SQL with the declarations: each used name must be
// declared and each declaration used.
func (p Prepared) CheckNames(defs []Parameter) error {
	declared := map[string]bool{}
	for _, d := range defs {
		declared[d.Name] = true
	}
	used := map[string]bool{}
	for _, n := range p.Names {
		used[n] = true
		if !declared[n] {
			return paramErr(n, "used in the SQL as :%s but not declared in parameters", n)
		}
	}
	for _, d := range defs {
		if !used[d.Name] {
			return paramErr(d.Name, "declared but not used in the SQL")
		}
	}
	return nil
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentPart(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

// backslashEscapes reports whether a quote at i opens a literal in which a backslash escapes:
// every MySQL string (default sql_mode), and PostgreSQL E'...' strings.
func backslashEscapes(dialect datasource.Type, s string, i int) bool {
	switch dialect {
	case datasource.MySQL:
		return true
	case datasource.Postgres:
		return i > 0 && (s[i-1] == 'E' || s[i-1] == 'e') && (i == 1 || !isIdentPart(s[i-2]))
	}
	return false
}

// skipQuoted returns the index after the literal opened by q at i (a doubled quote is a quote),
// or -1 when it is not closed.
func skipQuoted(s string, i int, q byte, dialect datasource.Type, backslash bool) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			if backslash || (dialect == datasource.MySQL && q == '"') {
				j++
			}
		case q:
			if j+1 < len(s) && s[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return -1
}

func skipBlockComment(s string, i int, nested bool) int {
	depth := 0
	for j := i; j+1 < len(s); j++ {
		switch {
		case s[j] == '/' && s[j+1] == '*':
			if depth > 0 && !nested {
				continue
			}
			depth++
			j++
		case s[j] == '*' && s[j+1] == '/':
			depth--
			j++
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

// skipDollarQuoted recognizes a PostgreSQL $tag$...$tag$ body starting at i.
func skipDollarQuoted(s string, i int) (int, bool) {
	j := i + 1
	for j < len(s) && isIdentPart(s[j]) {
		j++
	}
	if j >= len(s) || s[j] != '$' {
		return 0, false
	}
	tag := s[i : j+1]
	end := strings.Index(s[j+1:], tag)
	if end < 0 {
		return 0, false
	}
	return j + 1 + end + len(tag), true
}
