// Package agents holds the rules of agent configuration: column permissions in both of the spec's
// shapes, validation of tables and columns against the stored schema, and statistics from query
// history.
package agents

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq/guard"
)

// ColumnRule is the detailed shape of one table's permissions.
type ColumnRule struct {
	Allowed []string `json:"allowed"`
	Denied  []string `json:"denied"`
}

// ColumnPermissions is keyed by table name, always stored in the detailed shape.
type ColumnPermissions map[string]ColumnRule

// ValidationError says which part of a configuration is wrong.
type ValidationError struct {
	Field   string
	Table   string
	Column  string
	Message string
}

func (e *ValidationError) Error() string { return e.Message }

// ParseColumnPermissions accepts the detailed shape ({"t": {"allowed": [...], "denied": [...]}})
// and the short shape ({"t": ["a", "b"]}) — even mixed, table by table — and returns the detailed
// one.
func ParseColumnPermissions(raw json.RawMessage) (ColumnPermissions, error) {
	out := ColumnPermissions{}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return out, nil
	}
	var tables map[string]json.RawMessage
	if err := json.Unmarshal(raw, &tables); err != nil {
		return nil, &ValidationError{Field: "column_permissions", Message: "column_permissions must be an object keyed by table name"}
	}
	for table, v := range tables {
		v = bytes.TrimSpace(v)
		var rule ColumnRule
		switch {
		case len(v) > 0 && v[0] == '[':
			if err := json.Unmarshal(v, &rule.Allowed); err != nil {
				return nil, &ValidationError{Field: "column_permissions", Table: table,
					Message: fmt.Sprintf("column_permissions.%s must be an array of column names", table)}
			}
		case len(v) > 0 && v[0] == '{':
			var detailed struct {
				Allowed *[]string `json:"allowed"`
				Denied  *[]string `json:"denied"`
			}
			dec := json.NewDecoder(bytes.NewReader(v))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&detailed); err != nil {
				return nil, &ValidationError{Field: "column_permissions", Table: table,
					Message: fmt.Sprintf("column_permissions.%s must be {\"allowed\": [...], \"denied\": [...]} with arrays of column names", table)}
			}
			if detailed.Allowed != nil {
				rule.Allowed = *detailed.Allowed
			}
			if detailed.Denied != nil {
				rule.Denied = *detailed.Denied
			}
		default:
			return nil, &ValidationError{Field: "column_permissions", Table: table,
				Message: fmt.Sprintf("column_permissions.%s must be an array of allowed columns or an object with allowed and denied", table)}
		}
		out[table] = rule.normalized()
	}
	return out, nil
}

func (r ColumnRule) normalized() ColumnRule {
	clean := func(in []string) []string {
		out := []string{}
		seen := map[string]bool{}
		for _, c := range in {
			c = strings.TrimSpace(c)
			if c != "" && !seen[strings.ToLower(c)] {
				seen[strings.ToLower(c)] = true
				out = append(out, c)
			}
		}
		return out
	}
	return ColumnRule{Allowed: clean(r.Allowed), Denied: clean(r.Denied)}
}

// ValidateTables checks that every allowed table exists in the stored schema and returns them in
// the schema's spelling.
func ValidateTables(tables []string, schema *datasource.Schema) ([]string, error) {
	if schema == nil || len(schema.Tables) == 0 {
		if len(tables) == 0 {
			return []string{}, nil
		}
		return nil, &ValidationError{Field: "allowed_tables",
			Message: "the data source's schema is not loaded yet; refresh it (POST /v1/data-sources/{id}/refresh-schema) before choosing tables"}
	}
	out := make([]string, 0, len(tables))
	seen := map[string]bool{}
	for _, name := range tables {
		t := schema.Table(strings.TrimSpace(name))
		if t == nil {
			return nil, &ValidationError{Field: "allowed_tables", Table: name,
				Message: fmt.Sprintf("table %q does not exist in the data source's schema", name)}
		}
		if !seen[t.Name] {
			seen[t.Name] = true
			out = append(out, t.Name)
		}
	}
	return out, nil
}

// ValidateColumns checks that every table and column named exists; "*" stands for every column.
func ValidateColumns(perms ColumnPermissions, schema *datasource.Schema) (ColumnPermissions, error) {
	out := ColumnPermissions{}
	for table, rule := range perms {
		var t *datasource.Table
		if schema != nil {
			t = schema.Table(table)
		}
		if t == nil {
			return nil, &ValidationError{Field: "column_permissions", Table: table,
				Message: fmt.Sprintf("table %q of column_permissions does not exist in the data source's schema", table)}
		}
		check := func(cols []string) ([]string, error) {
			fixed := make([]string, 0, len(cols))
			for _, c := range cols {
				if c == "*" {
					fixed = append(fixed, c)
					continue
				}
				col := t.Column(c)
				if col == nil {
					return nil, &ValidationError{Field: "column_permissions", Table: t.Name, Column: c,
						Message: fmt.Sprintf("column %q does not exist in table %q", c, t.Name)}
				}
				fixed = append(fixed, col.Name)
			}
			return fixed, nil
		}
		allowed, err := check(rule.Allowed)
		if err != nil {
			return nil, err
		}
		denied, err := check(rule.Denied)
		if err != nil {
			return nil, err
		}
		out[t.Name] = ColumnRule{Allowed: allowed, Denied: denied}
	}
	return out, nil
}

// GuardPermissions converts an agent's configuration to what the SQL guard enforces.
func GuardPermissions(tables []string, perms ColumnPermissions) guard.Permissions {
	p := guard.Permissions{AllowedTables: tables, Columns: map[string]guard.ColumnRule{}}
	for t, r := range perms {
		p.Columns[t] = guard.ColumnRule{Allowed: r.Allowed, Denied: r.Denied}
	}
	return p
}

// Tables is a sorted copy, for stable answers.
func Tables(perms ColumnPermissions) []string {
	out := make([]string, 0, len(perms))
	for t := range perms {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}
