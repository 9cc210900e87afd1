package guard

import (
	"strings"

	"github.com/analytics-agent/service/datasource"
)

// unnamedColumn stands for an output column whose name the guard does not derive. It never
// matches a reference, so a reference the guard cannot place is looked up in outer scopes and
// finally rejected, instead of being wrongly attributed to a harmless derived table.
const unnamedColumn = "\x00?column?"

// relation is one item of a FROM clause as seen by column references.
type relation struct {
	name  string            // reference name: alias, or table name; "" when it has none
	table *datasource.Table // the schema table, nil for a derived table or CTE
	cols  []string          // output columns of a derived table or CTE
}

// columns returns the columns visible through the relation.
func (r *relation) columns() []string {
	if r.table == nil {
		return r.cols
	}
	out := make([]string, len(r.table.Columns))
	for i, c := range r.table.Columns {
		out[i] = c.Name
	}
	return out
}

// cte is a common table expression visible by name.
type cte struct {
	name string
	cols []string
}

// scope is one query level: the relations of its FROM clause, the CTEs it can see, and its
// output names (for ORDER BY / GROUP BY / HAVING references to select-list aliases).
type scope struct {
	parent  *scope
	rels    []*relation
	ctes    []*cte
	outputs []string
	merged  map[string]bool // columns merged by JOIN ... USING: unqualified use is not ambiguous
	fold    func(string) string
}

func newScope(parent *scope, fold func(string) string) *scope {
	s := &scope{parent: parent, fold: fold}
	return s
}

// child returns a new query level nested in s (a subquery).
func (s *scope) child() *scope { return newScope(s, s.fold) }

// lookupCTE finds a visible CTE by name, innermost first.
func (s *scope) lookupCTE(name string) *cte {
	for sc := s; sc != nil; sc = sc.parent {
		for i := len(sc.ctes) - 1; i >= 0; i-- {
			if sc.fold(sc.ctes[i].name) == sc.fold(name) {
				return sc.ctes[i]
			}
		}
	}
	return nil
}

// hasColumn reports whether rel exposes a column named col, and its canonical name.
func (s *scope) hasColumn(rel *relation, col string) (string, bool) {
	if rel.table != nil {
		if c := findColumn(rel.table, col); c != nil {
			return c.Name, true
		}
		return "", false
	}
	for _, c := range rel.cols {
		if c != unnamedColumn && s.fold(c) == s.fold(col) {
			return c, true
		}
	}
	return "", false
}

// findRelation finds the relation a qualifier names, innermost scope first. Two relations with
// the same name at one level are ambiguous and rejected.
func (s *scope) findRelation(name string) (*relation, error) {
	for sc := s; sc != nil; sc = sc.parent {
		var found *relation
		for _, r := range sc.rels {
			if r.name != "" && sc.fold(r.name) == sc.fold(name) {
				if found != nil {
					return nil, reject("table reference %q is ambiguous", name)
				}
				found = r
			}
		}
		if found != nil {
			return found, nil
		}
	}
	return nil, reject("unknown table or alias %q", name)
}

// resolveColumn resolves an unqualified column to the relations that supply it (more than one
// only for a JOIN ... USING column). It returns nil, nil when no relation in any scope has it.
func (s *scope) resolveColumn(col string) ([]*relation, error) {
	for sc := s; sc != nil; sc = sc.parent {
		var found []*relation
		for _, r := range sc.rels {
			if _, ok := sc.hasColumn(r, col); ok {
				found = append(found, r)
			}
		}
		switch {
		case len(found) == 1:
			return found, nil
		case len(found) > 1:
			if sc.merged[sc.fold(col)] {
				return found, nil
			}
			return nil, reject("column reference %q is ambiguous; qualify it with a table name", col)
		}
	}
	return nil, nil
}

// isOutput reports whether name is a select-list alias of this level.
func (s *scope) isOutput(name string) bool {
	for _, o := range s.outputs {
		if o != unnamedColumn && s.fold(o) == s.fold(name) {
			return true
		}
	}
	return false
}

// findTable finds a schema table by name: exact match first, then case-insensitive.
func findTable(schema *datasource.Schema, name string) *datasource.Table {
	for i := range schema.Tables {
		if schema.Tables[i].Name == name {
			return &schema.Tables[i]
		}
	}
	return schema.Table(name)
}

// findColumn finds a column by name: exact match first, then case-insensitive.
func findColumn(t *datasource.Table, name string) *datasource.Column {
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i]
		}
	}
	return t.Column(name)
}

// systemSchemas are never readable, whatever the permissions say.
var systemSchemas = map[string]bool{
	"information_schema": true, "pg_catalog": true, "pg_toast": true, "mysql": true,
	"performance_schema": true, "sys": true, "temp": true,
}

// resolveTable maps a possibly schema-qualified table name to a schema table, applying the
// dialect's default schema. Only names that resolve to an allowed table of the data source's
// own default schema are accepted.
func resolveTable(r *refs, dialect datasource.Type, schemaName, name string) (*datasource.Table, error) {
	display := name
	if schemaName != "" {
		display = schemaName + "." + name
	}
	lname := strings.ToLower(name)
	if systemSchemas[strings.ToLower(schemaName)] {
		return nil, &RejectionError{Reason: "system catalogs cannot be queried", Table: display}
	}
	switch dialect {
	case datasource.Postgres:
		// pg_catalog is searched before public, so an unqualified pg_* name may be a catalog.
		if schemaName == "" && strings.HasPrefix(lname, "pg_") {
			return nil, &RejectionError{Reason: "system catalogs cannot be queried", Table: display}
		}
	case datasource.SQLite:
		if strings.HasPrefix(lname, "sqlite_") {
			return nil, &RejectionError{Reason: "system catalogs cannot be queried", Table: display}
		}
	}
	var t *datasource.Table
	switch {
	case schemaName == "":
		t = findTable(r.schema, name)
	case dialect == datasource.Postgres && schemaName == "public",
		dialect == datasource.SQLite && strings.EqualFold(schemaName, "main"):
		t = findTable(r.schema, name)
	default:
		// A schema whose tables are stored with a qualified name ("sales.orders").
		t = findTable(r.schema, schemaName+"."+name)
	}
	if t == nil {
		if schemaName != "" {
			return nil, &RejectionError{Reason: "table " + quoteName(display) + " is not in this data source's default schema", Table: display}
		}
		return nil, &RejectionError{Reason: "table " + quoteName(display) + " does not exist in this data source", Table: display}
	}
	if !r.perms.tableAllowed(t.Name) {
		return nil, rejectTable(t.Name)
	}
	return t, nil
}

func quoteName(s string) string { return `"` + s + `"` }

// usingColumn records a JOIN USING column on the one relation of side that has it (the same rule
// in every dialect).
func (r *refs) usingColumn(side []*relation, col string, sc *scope) error {
	var found *relation
	for _, rel := range side {
		if _, ok := sc.hasColumn(rel, col); ok {
			if found != nil {
				return reject("column %q in USING is ambiguous", col)
			}
			found = rel
		}
	}
	if found == nil {
		return reject("column %q in USING does not exist on both sides of the join", col)
	}
	if found.table != nil {
		return r.column(found.table, col)
	}
	return nil
}
