// Package guard decides whether a generated SQL statement may run against a customer's data
// source on behalf of an agent.
//
// Every statement, whichever engine produced it, is parsed by a real parser of the data
// source's own dialect and accepted only when it is exactly one read-only query (SELECT, WITH,
// UNION/INTERSECT/EXCEPT) that reads nothing but the agent's permitted tables and columns and
// calls nothing but an allowlist of side-effect-free functions. Anything the guard cannot parse
// or does not understand is rejected: it fails closed.
//
// Parsers:
//   - PostgreSQL: libpg_query (PostgreSQL's own grammar) compiled to WebAssembly and run by
//     wazero (github.com/wasilibs/go-pgquery/parser), so no cgo is needed.
//   - MySQL/MariaDB: TiDB's MySQL parser (github.com/pingcap/tidb/pkg/parser), pure Go.
//   - SQLite: SQLite itself (github.com/ncruces/go-sqlite3, SQLite compiled to WebAssembly):
//     the statement is prepared against an empty in-memory copy of the data source's schema with
//     an authorizer that reports every table, column and function the statement touches.
//
// SELECT * and t.* : when the table has restricted columns, PostgreSQL and MySQL stars are
// expanded into the permitted columns and Result.SQL holds the rewritten statement; a star the
// guard cannot expand (inside an expression, over an unnamed relation, over a table with no
// permitted column) is rejected. SQLite stars over a restricted table are rejected, because the
// engine-based check has no syntax tree to rewrite.
package guard

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/analytics-agent/service/datasource"
)

// maxSQLLength bounds the statement size so a hostile engine cannot make the parser do
// unbounded work; generated analytical queries are far shorter.
const maxSQLLength = 100_000

// Permissions says which tables and columns an agent may read.
type Permissions struct {
	// AllowedTables lists the tables the agent may read (case-insensitive). An empty list allows
	// nothing; the single entry "*" allows every table of the schema.
	AllowedTables []string `json:"allowed_tables"`
	// Columns narrows the columns of a table (keyed by table name, case-insensitive). A table
	// without an entry allows all its columns.
	Columns map[string]ColumnRule `json:"columns,omitempty"`
}

// ColumnRule narrows the columns of one table. Denied beats Allowed; "*" in Allowed means every
// column; an empty Allowed with a non-empty Denied means every column but the denied ones.
type ColumnRule struct {
	Allowed []string `json:"allowed,omitempty"`
	Denied  []string `json:"denied,omitempty"`
}

// Result is the outcome of an accepted statement.
type Result struct {
	// SQL is what will be executed: the input, or its rewrite when a star was expanded.
	SQL string
	// Tables are the schema tables the statement reads, sorted and unique.
	Tables []string
	// Columns are the columns it reads as "table.column", sorted and unique.
	Columns []string
}

// RejectionError says why a statement was refused. Callers map it to HTTP 422 sql_rejected with
// Table and Column as details; Error() is written for an end user.
type RejectionError struct {
	Reason   string // human-readable sentence
	Table    string // offending table, when there is one
	Column   string // offending column as "table.column", when there is one
	Function string // offending function, when there is one
	cause    error  // underlying parser error, if any
}

// Error returns the human-readable reason.
func (e *RejectionError) Error() string { return e.Reason }

// Unwrap returns the parser error behind a syntax rejection, if any.
func (e *RejectionError) Unwrap() error { return e.cause }

func reject(format string, args ...any) *RejectionError {
	return &RejectionError{Reason: fmt.Sprintf(format, args...)}
}

func rejectTable(table string) *RejectionError {
	return &RejectionError{Reason: fmt.Sprintf("table %q is not permitted for this agent", table), Table: table}
}

func rejectColumn(table, column string) *RejectionError {
	qc := table + "." + column
	return &RejectionError{Reason: fmt.Sprintf("column %q is not permitted for this agent", qc), Table: table, Column: qc}
}

func rejectFunction(name string) *RejectionError {
	return &RejectionError{Reason: fmt.Sprintf("function %q is not allowed in queries", name), Function: name}
}

func rejectSyntax(dialect datasource.Type, err error) *RejectionError {
	return &RejectionError{Reason: fmt.Sprintf("the query is not valid %s SQL: %v", dialect, err), cause: err}
}

var errNotReadOnly = reject("only a single read-only SELECT query is allowed")

// Check parses sql in the given dialect and accepts it only when it is a single read-only query
// over permitted tables and columns. A refusal is a *RejectionError; any other error is an
// internal failure of the guard.
func Check(dialect datasource.Type, sql string, schema *datasource.Schema, perms Permissions) (res *Result, err error) {
	defer func() {
		// A bug in a walker must refuse the query, not take the service down.
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("guard: internal error checking %s query: %v", dialect, p)
		}
	}()
	if schema == nil {
		return nil, errors.New("guard: nil schema")
	}
	if strings.TrimSpace(sql) == "" {
		return nil, reject("the query is empty")
	}
	if strings.ContainsRune(sql, 0) {
		// C parsers (libpg_query, SQLite) stop at a NUL byte, so text after it would go unchecked.
		return nil, reject("the query contains a NUL byte")
	}
	if len(sql) > maxSQLLength {
		return nil, reject("the query is longer than %d bytes", maxSQLLength)
	}
	switch dialect {
	case datasource.Postgres:
		return checkPostgres(sql, schema, perms)
	case datasource.MySQL:
		return checkMySQL(sql, schema, perms)
	case datasource.SQLite:
		return checkSQLite(sql, schema, perms)
	default:
		return nil, fmt.Errorf("guard: unsupported dialect %q", dialect)
	}
}

// Warm compiles the PostgreSQL and SQLite parsers (WebAssembly modules, a few seconds of CPU
// once per process) so that the first query does not wait for it. Servers call it in the
// background at start; calling it is optional and safe from several goroutines.
func Warm() {
	schema := &datasource.Schema{Tables: []datasource.Table{{Name: "t", Columns: []datasource.Column{{Name: "c"}}}}}
	perms := Permissions{AllowedTables: []string{"t"}}
	for _, d := range []datasource.Type{datasource.Postgres, datasource.SQLite} {
		_, _ = Check(d, "SELECT c FROM t", schema, perms)
	}
}

// tableAllowed reports whether the schema table (canonical name) is in AllowedTables.
func (p Permissions) tableAllowed(table string) bool {
	for _, t := range p.AllowedTables {
		if t == "*" || strings.EqualFold(t, table) {
			return true
		}
	}
	return false
}

// rule returns the column rule of a table, looked up case-insensitively.
func (p Permissions) rule(table string) (ColumnRule, bool) {
	if r, ok := p.Columns[table]; ok {
		return r, true
	}
	for k, r := range p.Columns {
		if strings.EqualFold(k, table) {
			return r, true
		}
	}
	return ColumnRule{}, false
}

// restricted reports whether some column of the table may be hidden, in which case a star over
// it must not be passed to the database as is: the live table may have columns the stored
// schema does not know yet.
func (p Permissions) restricted(table string) bool {
	r, ok := p.rule(table)
	if !ok {
		return false
	}
	if len(r.Denied) > 0 {
		return true
	}
	return len(r.Allowed) > 0 && !slices.Contains(r.Allowed, "*")
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// ColumnAllowed reports whether the agent may read table.column. The table must be allowed and,
// when schema is not nil, both must exist in it.
func (p Permissions) ColumnAllowed(table, column string, schema *datasource.Schema) bool {
	if schema != nil {
		t := schema.Table(table)
		if t == nil || t.Column(column) == nil {
			return false
		}
		table, column = t.Name, t.Column(column).Name
	}
	if !p.tableAllowed(table) {
		return false
	}
	r, ok := p.rule(table)
	if !ok {
		return true
	}
	if containsFold(r.Denied, column) {
		return false
	}
	if len(r.Allowed) == 0 {
		return true
	}
	return slices.Contains(r.Allowed, "*") || containsFold(r.Allowed, column)
}

// permittedColumns lists the permitted columns of a schema table in schema order.
func (p Permissions) permittedColumns(t *datasource.Table) []string {
	var out []string
	for _, c := range t.Columns {
		if p.ColumnAllowed(t.Name, c.Name, nil) {
			out = append(out, c.Name)
		}
	}
	return out
}

// FilterSchema returns a deep copy of schema holding only the permitted tables and columns, so
// that prompts built from it never carry a denied column (nor its sample values) out of the
// service. Keys and foreign keys that mention a removed column or table are dropped.
func (p Permissions) FilterSchema(schema *datasource.Schema) *datasource.Schema {
	if schema == nil {
		return nil
	}
	out := &datasource.Schema{RefreshedAt: schema.RefreshedAt}
	kept := map[string]map[string]bool{} // lower table -> lower column -> kept
	for _, t := range schema.Tables {
		if !p.tableAllowed(t.Name) {
			continue
		}
		cols := map[string]bool{}
		nt := datasource.Table{Name: t.Name, Kind: t.Kind, RowCount: t.RowCount}
		for _, c := range t.Columns {
			if !p.ColumnAllowed(t.Name, c.Name, nil) {
				continue
			}
			c.SampleValues = slices.Clone(c.SampleValues)
			nt.Columns = append(nt.Columns, c)
			cols[strings.ToLower(c.Name)] = true
		}
		if len(nt.Columns) == 0 {
			continue
		}
		kept[strings.ToLower(t.Name)] = cols
		out.Tables = append(out.Tables, nt)
	}
	allKept := func(table string, cols []string) bool {
		k, ok := kept[strings.ToLower(table)]
		if !ok {
			return false
		}
		for _, c := range cols {
			if !k[strings.ToLower(c)] {
				return false
			}
		}
		return true
	}
	// The data profile and value index follow their columns: a denied column's values never
	// reach an engine.
	for _, cp := range schema.Profile {
		if k, ok := kept[strings.ToLower(cp.Table)]; ok && k[strings.ToLower(cp.Column)] {
			cp.Values = slices.Clone(cp.Values)
			out.Profile = append(out.Profile, cp)
		}
	}
	for i := range out.Tables {
		src := schema.Table(out.Tables[i].Name)
		if allKept(src.Name, src.PrimaryKey) {
			out.Tables[i].PrimaryKey = slices.Clone(src.PrimaryKey)
		}
		for _, fk := range src.ForeignKeys {
			if allKept(src.Name, fk.Columns) && allKept(fk.RefTable, fk.RefColumns) {
				out.Tables[i].ForeignKeys = append(out.Tables[i].ForeignKeys, datasource.ForeignKey{
					Columns: slices.Clone(fk.Columns), RefTable: fk.RefTable, RefColumns: slices.Clone(fk.RefColumns),
				})
			}
		}
	}
	return out
}

// refs accumulates the tables and columns a statement reads, checking each on the way in.
type refs struct {
	schema  *datasource.Schema
	perms   Permissions
	tables  map[string]bool
	columns map[string]bool
}

func newRefs(schema *datasource.Schema, perms Permissions) *refs {
	return &refs{schema: schema, perms: perms, tables: map[string]bool{}, columns: map[string]bool{}}
}

// table records a read of a schema table, rejecting it when not permitted.
func (r *refs) table(t *datasource.Table) error {
	if !r.perms.tableAllowed(t.Name) {
		return rejectTable(t.Name)
	}
	r.tables[t.Name] = true
	return nil
}

// column records a read of table.column (canonical names), rejecting it when not permitted.
func (r *refs) column(t *datasource.Table, column string) error {
	if err := r.table(t); err != nil {
		return err
	}
	c := t.Column(column)
	if c == nil {
		return reject("column %q does not exist in table %q", column, t.Name)
	}
	if !r.perms.ColumnAllowed(t.Name, c.Name, nil) {
		return rejectColumn(t.Name, c.Name)
	}
	r.columns[t.Name+"."+c.Name] = true
	return nil
}

func (r *refs) result(sql string) *Result {
	res := &Result{SQL: sql, Tables: []string{}, Columns: []string{}}
	for t := range r.tables {
		res.Tables = append(res.Tables, t)
	}
	for c := range r.columns {
		res.Columns = append(res.Columns, c)
	}
	sort.Strings(res.Tables)
	sort.Strings(res.Columns)
	return res
}
