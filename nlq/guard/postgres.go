package guard

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	pgparser "github.com/wasilibs/go-pgquery/parser"
	"google.golang.org/protobuf/encoding/protowire"

	"github.com/analytics-agent/service/datasource"
)

// The PostgreSQL check walks libpg_query's JSON parse tree. Using the JSON form (rather than
// the protobuf structs of pg_query_go) keeps cgo out of the build: pg_query_go's root package
// compiles the C parser whenever cgo is enabled. Every node kind the walker does not know is
// rejected, so a construct added by a future PostgreSQL grammar fails closed.

// pgParserMu serialises calls into libpg_query. go-pgquery keeps a pool of WebAssembly
// instances and builds a new one (a fresh runtime that compiles the module again: seconds of CPU
// and tens of MB) for every caller that finds the pool empty, so concurrent checks would each
// pay that. A parse takes well under a millisecond, so one instance serves the service; this
// mutex is the only mutable package state, and it guards no data of ours.
var pgParserMu sync.Mutex

func pgParseJSON(sql string) (string, error) {
	pgParserMu.Lock()
	defer pgParserMu.Unlock()
	return pgparser.ParseToJSON(sql)
}

func pgScan(sql string) ([]byte, error) {
	pgParserMu.Lock()
	defer pgParserMu.Unlock()
	return pgparser.ScanToProtobuf(sql)
}

// pgNode is a parse tree node in libpg_query's JSON: {"NodeType": {fields}}.
type pgNode = map[string]any

// pgStarEdit replaces the star at byte offset loc (and its qualifier) with an explicit list.
type pgStarEdit struct {
	loc         int
	replacement string
}

type pgWalker struct {
	r     *refs
	edits []pgStarEdit
}

func checkPostgres(sql string, schema *datasource.Schema, perms Permissions) (*Result, error) {
	res, edits, err := checkPostgresOnce(sql, schema, perms)
	if err != nil || len(edits) == 0 {
		return res, err
	}
	rewritten, err := applyPgEdits(sql, edits)
	if err != nil {
		return nil, err
	}
	// The rewrite is checked again from scratch: what runs is what was checked.
	res, edits, err = checkPostgresOnce(rewritten, schema, perms)
	if err != nil {
		return nil, err
	}
	if len(edits) > 0 {
		return nil, reject("the query's * could not be expanded safely; list the columns explicitly")
	}
	return res, nil
}

func checkPostgresOnce(sql string, schema *datasource.Schema, perms Permissions) (*Result, []pgStarEdit, error) {
	js, err := pgParseJSON(sql)
	if err != nil {
		return nil, nil, rejectSyntax(datasource.Postgres, err)
	}
	var tree struct {
		Stmts []struct {
			Stmt pgNode `json:"stmt"`
		} `json:"stmts"`
	}
	if err := json.Unmarshal([]byte(js), &tree); err != nil {
		return nil, nil, fmt.Errorf("guard: decoding postgres parse tree: %w", err)
	}
	if len(tree.Stmts) != 1 {
		return nil, nil, errNotReadOnly
	}
	typ, sel := pgUnwrap(tree.Stmts[0].Stmt)
	if typ != "SelectStmt" {
		return nil, nil, errNotReadOnly
	}
	w := &pgWalker{r: newRefs(schema, perms)}
	if _, err := w.selectStmt(sel, newScope(nil, pgFold), nil); err != nil {
		return nil, nil, err
	}
	return w.r.result(sql), w.edits, nil
}

// pgFold is identity: the parser has already folded unquoted identifiers to lower case, and
// quoted ones are case-sensitive in PostgreSQL.
func pgFold(s string) string { return s }

// pgUnwrap splits a {"Type": {...}} wrapper. An empty object (as in DISTINCT's [{}]) gives "".
func pgUnwrap(v any) (string, pgNode) {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 1 {
		return "", nil
	}
	for k, inner := range m {
		if k == "" || !unicode.IsUpper(rune(k[0])) {
			return "", nil
		}
		f, _ := inner.(map[string]any)
		if f == nil {
			f = pgNode{}
		}
		return k, f
	}
	return "", nil
}

func pgList(v any) []any {
	l, _ := v.([]any)
	return l
}

func pgStr(n pgNode, key string) string {
	s, _ := n[key].(string)
	return s
}

func pgInt(n pgNode, key string) int {
	f, _ := n[key].(float64)
	return int(f)
}

// pgStrings reads a list of String nodes (names); ok is false if any item is not a String.
func pgStrings(v any) ([]string, bool) {
	var out []string
	for _, item := range pgList(v) {
		typ, f := pgUnwrap(item)
		if typ != "String" {
			return nil, false
		}
		out = append(out, pgStr(f, "sval"))
	}
	return out, true
}

var pgSelectFields = set("distinctClause", "intoClause", "targetList", "fromClause", "whereClause",
	"groupClause", "groupDistinct", "havingClause", "windowClause", "valuesLists", "sortClause",
	"limitOffset", "limitCount", "limitOption", "lockingClause", "withClause", "op", "all", "larg", "rarg")

// selectStmt walks a SELECT (or set operation) at a new query level below parent and returns
// its output column names. onLeft, when set, receives the output of the leftmost arm before the
// other arms are walked (a recursive CTE's columns).
func (w *pgWalker) selectStmt(n pgNode, parent *scope, onLeft func([]string)) ([]string, error) {
	for k := range n {
		if !pgSelectFields[k] {
			return nil, reject("unsupported SELECT clause %q", k)
		}
	}
	if n["intoClause"] != nil {
		return nil, reject("SELECT INTO is not allowed; only read-only queries are")
	}
	if len(pgList(n["lockingClause"])) > 0 {
		return nil, reject("locking clauses (FOR UPDATE/SHARE) are not allowed")
	}
	sc := parent.child()
	if wc, ok := n["withClause"].(map[string]any); ok {
		if err := w.with(wc, sc); err != nil {
			return nil, err
		}
	}
	if op := pgStr(n, "op"); op != "" && op != "SETOP_NONE" {
		larg, _ := n["larg"].(map[string]any)
		rarg, _ := n["rarg"].(map[string]any)
		if larg == nil || rarg == nil {
			return nil, reject("malformed set operation")
		}
		out, err := w.selectStmt(larg, sc, onLeft)
		if err != nil {
			return nil, err
		}
		if _, err := w.selectStmt(rarg, sc, nil); err != nil {
			return nil, err
		}
		// ORDER BY of a set operation sees only the result's column names.
		sortScope := sc.child()
		sortScope.outputs = out
		for _, k := range []string{"sortClause", "limitOffset", "limitCount"} {
			if err := w.expr(n[k], sortScope); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	var out []string
	if vl := pgList(n["valuesLists"]); len(vl) > 0 {
		if err := w.expr(n["valuesLists"], sc); err != nil {
			return nil, err
		}
		_, first := pgUnwrap(vl[0])
		for i := range pgList(first["items"]) {
			out = append(out, fmt.Sprintf("column%d", i+1))
		}
	}
	for _, item := range pgList(n["fromClause"]) {
		if _, err := w.fromItem(item, sc); err != nil {
			return nil, err
		}
	}
	for _, item := range pgList(n["targetList"]) {
		names, err := w.target(item, sc)
		if err != nil {
			return nil, err
		}
		out = append(out, names...)
	}
	sc.outputs = out
	if onLeft != nil {
		onLeft(out)
	}
	for _, k := range []string{"distinctClause", "whereClause", "groupClause", "havingClause",
		"windowClause", "sortClause", "limitOffset", "limitCount"} {
		if err := w.expr(n[k], sc); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// with registers the CTEs of a WITH clause in sc, walking each body.
func (w *pgWalker) with(wc pgNode, sc *scope) error {
	recursive, _ := wc["recursive"].(bool)
	for _, item := range pgList(wc["ctes"]) {
		typ, c := pgUnwrap(item)
		if typ != "CommonTableExpr" {
			return reject("unsupported WITH item")
		}
		if c["search_clause"] != nil || c["cycle_clause"] != nil {
			return reject("SEARCH/CYCLE clauses are not supported")
		}
		qtyp, body := pgUnwrap(c["ctequery"])
		if qtyp != "SelectStmt" {
			return reject("data-modifying statements in WITH are not allowed; only read-only queries are")
		}
		aliases, ok := pgStrings(c["aliascolnames"])
		if !ok {
			return reject("malformed CTE column list")
		}
		def := &cte{name: pgStr(c, "ctename")}
		if recursive {
			// The recursive arm may refer to the CTE itself: its columns are known once the
			// first arm has been walked.
			def.cols = aliases
			sc.ctes = append(sc.ctes, def)
		}
		var renameErr error
		out, err := w.selectStmt(body, sc, func(left []string) {
			if recursive && len(aliases) == 0 {
				def.cols = left
			}
		})
		if err != nil {
			return err
		}
		if def.cols, renameErr = renameColumns(out, aliases); renameErr != nil {
			return renameErr
		}
		if !recursive {
			sc.ctes = append(sc.ctes, def)
		}
	}
	return nil
}

// renameColumns applies a column alias list to output names, as PostgreSQL does: positionally,
// leaving the remaining columns their names.
func renameColumns(cols, aliases []string) ([]string, error) {
	if len(aliases) > len(cols) {
		return nil, reject("column alias list has more names than the query has columns")
	}
	out := slices.Clone(cols)
	copy(out, aliases)
	return out, nil
}

// levelScope returns a scope that sees sc's CTEs and outer levels but not its FROM items: what a
// non-LATERAL derived table or a JOIN's ON clause is resolved against.
func levelScope(sc *scope) *scope {
	return &scope{parent: sc.parent, ctes: sc.ctes, fold: sc.fold, merged: sc.merged}
}

// fromItem walks one FROM item, adds its relations to sc and returns them.
func (w *pgWalker) fromItem(item any, sc *scope) ([]*relation, error) {
	typ, n := pgUnwrap(item)
	switch typ {
	case "RangeVar":
		if pgStr(n, "catalogname") != "" {
			return nil, reject("cross-database references are not allowed")
		}
		schemaName, name := pgStr(n, "schemaname"), pgStr(n, "relname")
		alias, _ := n["alias"].(map[string]any)
		aliasName := pgStr(alias, "aliasname")
		colAliases, ok := pgStrings(alias["colnames"])
		if !ok {
			return nil, reject("malformed alias")
		}
		rel := &relation{name: name}
		if aliasName != "" {
			rel.name = aliasName
		}
		if def := sc.lookupCTE(name); schemaName == "" && def != nil {
			cols, err := renameColumns(def.cols, colAliases)
			if err != nil {
				return nil, err
			}
			rel.cols = cols
		} else {
			t, err := resolveTable(w.r, datasource.Postgres, schemaName, name)
			if err != nil {
				return nil, err
			}
			if len(colAliases) > 0 {
				return nil, reject("column aliases on table %q are not supported", name)
			}
			if n["tablesample"] != nil {
				return nil, reject("TABLESAMPLE is not supported")
			}
			if err := w.r.table(t); err != nil {
				return nil, err
			}
			rel.table = t
		}
		sc.rels = append(sc.rels, rel)
		return []*relation{rel}, nil
	case "RangeSubselect":
		qtyp, body := pgUnwrap(n["subquery"])
		if qtyp != "SelectStmt" {
			return nil, reject("unsupported subquery in FROM")
		}
		outer := levelScope(sc)
		if lateral, _ := n["lateral"].(bool); lateral {
			outer = sc
		}
		out, err := w.selectStmt(body, outer, nil)
		if err != nil {
			return nil, err
		}
		alias, _ := n["alias"].(map[string]any)
		colAliases, ok := pgStrings(alias["colnames"])
		if !ok {
			return nil, reject("malformed alias")
		}
		cols, err := renameColumns(out, colAliases)
		if err != nil {
			return nil, err
		}
		rel := &relation{name: pgStr(alias, "aliasname"), cols: cols}
		sc.rels = append(sc.rels, rel)
		return []*relation{rel}, nil
	case "JoinExpr":
		if isNatural, _ := n["isNatural"].(bool); isNatural {
			return nil, reject("NATURAL joins are not supported; join with ON or USING")
		}
		if n["alias"] != nil || n["join_using_alias"] != nil {
			return nil, reject("aliases on joins are not supported")
		}
		left, err := w.fromItem(n["larg"], sc)
		if err != nil {
			return nil, err
		}
		right, err := w.fromItem(n["rarg"], sc)
		if err != nil {
			return nil, err
		}
		rels := append(slices.Clone(left), right...)
		on := levelScope(sc)
		on.rels = rels
		using, ok := pgStrings(n["usingClause"])
		if !ok {
			return nil, reject("malformed USING clause")
		}
		for _, col := range using {
			for _, side := range [][]*relation{left, right} {
				if err := w.r.usingColumn(side, col, sc); err != nil {
					return nil, err
				}
			}
			if sc.merged == nil {
				sc.merged = map[string]bool{}
			}
			sc.merged[sc.fold(col)] = true
			on.merged = sc.merged
		}
		if err := w.expr(n["quals"], on); err != nil {
			return nil, err
		}
		return rels, nil
	default:
		return nil, reject("unsupported FROM item %s (functions and other row sources are not allowed in FROM)", pgDisplay(typ))
	}
}

// target walks one select-list item and returns the output names it produces.
func (w *pgWalker) target(item any, sc *scope) ([]string, error) {
	typ, rt := pgUnwrap(item)
	if typ != "ResTarget" {
		return nil, reject("unsupported select-list item")
	}
	vtyp, val := pgUnwrap(rt["val"])
	if vtyp == "ColumnRef" && pgIsStar(val) {
		return w.star(val, sc)
	}
	if err := w.expr(rt["val"], sc); err != nil {
		return nil, err
	}
	if name := pgStr(rt, "name"); name != "" {
		return []string{name}, nil
	}
	return []string{pgOutputName(vtyp, val)}, nil
}

// pgOutputName derives an unaliased output column's name the way PostgreSQL does for the
// cases where that is certain; otherwise it returns unnamedColumn.
func pgOutputName(typ string, n pgNode) string {
	switch typ {
	case "ColumnRef":
		fields := pgList(n["fields"])
		if len(fields) == 0 {
			return unnamedColumn
		}
		if ft, f := pgUnwrap(fields[len(fields)-1]); ft == "String" {
			return pgStr(f, "sval")
		}
	case "FuncCall":
		if names, ok := pgStrings(n["funcname"]); ok && len(names) > 0 {
			return names[len(names)-1]
		}
	case "TypeCast":
		at, a := pgUnwrap(n["arg"])
		if at == "ColumnRef" || at == "FuncCall" {
			return pgOutputName(at, a)
		}
	}
	return unnamedColumn
}

func pgIsStar(ref pgNode) bool {
	fields := pgList(ref["fields"])
	if len(fields) == 0 {
		return false
	}
	typ, _ := pgUnwrap(fields[len(fields)-1])
	return typ == "A_Star"
}

// star handles * and q.* in a select list: it records the columns the star reads, and plans an
// expansion when one of them belongs to a table with restricted columns.
func (w *pgWalker) star(ref pgNode, sc *scope) ([]string, error) {
	fields := pgList(ref["fields"])
	var rels []*relation
	switch len(fields) {
	case 1:
		rels = sc.rels
		if len(rels) == 0 {
			return nil, reject("SELECT * needs a FROM clause")
		}
	case 2:
		q, ok := pgStrings(fields[:1])
		if !ok {
			return nil, reject("malformed column reference")
		}
		rel, err := sc.findRelation(q[0])
		if err != nil {
			return nil, err
		}
		rels = []*relation{rel}
	default:
		return nil, reject("unsupported qualified *")
	}
	var out, parts []string
	expand := false
	for _, rel := range rels {
		cols := rel.columns()
		if rel.table != nil {
			if w.r.perms.restricted(rel.table.Name) {
				expand = true
				cols = w.r.perms.permittedColumns(rel.table)
				if len(cols) == 0 {
					return nil, rejectTable(rel.table.Name)
				}
				var q []string
				for _, c := range cols {
					q = append(q, pgQuote(rel.name)+"."+pgQuote(c))
				}
				parts = append(parts, strings.Join(q, ", "))
			} else {
				parts = append(parts, pgQuote(rel.name)+".*")
			}
			for _, c := range cols {
				if err := w.r.column(rel.table, c); err != nil {
					return nil, err
				}
			}
		} else {
			parts = append(parts, pgQuote(rel.name)+".*")
		}
		if rel.name == "" {
			parts = nil // cannot be qualified, so cannot be expanded
		}
		out = append(out, cols...)
	}
	if expand {
		if parts == nil || len(parts) != len(rels) {
			return nil, reject("SELECT * over a table with restricted columns cannot be expanded here; list the columns explicitly")
		}
		w.edits = append(w.edits, pgStarEdit{loc: pgInt(ref, "location"), replacement: strings.Join(parts, ", ")})
	}
	return out, nil
}

func pgQuote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// column resolves a (non-star) column reference and records it.
func (w *pgWalker) column(ref pgNode, sc *scope) error {
	if pgIsStar(ref) {
		return reject("* is only allowed directly in the select list")
	}
	names, ok := pgStrings(ref["fields"])
	if !ok {
		return reject("unsupported column reference")
	}
	switch len(names) {
	case 1:
		rels, err := sc.resolveColumn(names[0])
		if err != nil {
			return err
		}
		if rels == nil {
			if sc.isOutput(names[0]) {
				return nil
			}
			return reject("column %q does not exist in the tables of this query", names[0])
		}
		for _, rel := range rels {
			if rel.table != nil {
				if err := w.r.column(rel.table, names[0]); err != nil {
					return err
				}
			}
		}
		return nil
	case 2:
		rel, err := sc.findRelation(names[0])
		if err != nil {
			return err
		}
		if rel.table != nil {
			return w.r.column(rel.table, names[1])
		}
		if _, ok := sc.hasColumn(rel, names[1]); !ok {
			return reject("column %q does not exist", names[0]+"."+names[1])
		}
		return nil
	default:
		return reject("column references with more than one qualifier are not supported: %q", strings.Join(names, "."))
	}
}

// pgExprNodes are expression nodes whose children are walked generically; every node they
// contain passes through expr again, so nothing is skipped.
var pgExprNodes = set("A_Expr", "BoolExpr", "NullTest", "BooleanTest", "CaseExpr", "CaseWhen",
	"CoalesceExpr", "MinMaxExpr", "RowExpr", "A_ArrayExpr", "A_Indirection", "A_Indices",
	"CollateClause", "SortBy", "GroupingSet", "GroupingFunc", "List", "WindowDef", "NullIfExpr")

var pgLeafNodes = set("A_Const", "String", "Integer", "Float", "Boolean", "BitString", "ParamRef")

var pgSQLValueFuncs = set("SVFOP_CURRENT_DATE", "SVFOP_CURRENT_TIME", "SVFOP_CURRENT_TIME_N",
	"SVFOP_CURRENT_TIMESTAMP", "SVFOP_CURRENT_TIMESTAMP_N", "SVFOP_LOCALTIME",
	"SVFOP_LOCALTIME_N", "SVFOP_LOCALTIMESTAMP", "SVFOP_LOCALTIMESTAMP_N")

// expr walks an expression (or list, or inline struct) in scope sc.
func (w *pgWalker) expr(v any, sc *scope) error {
	switch v := v.(type) {
	case nil, string, float64, bool:
		return nil
	case []any:
		for _, item := range v {
			if err := w.expr(item, sc); err != nil {
				return err
			}
		}
		return nil
	case map[string]any:
		typ, n := pgUnwrap(v)
		if typ == "" {
			// An inline struct (WindowDef in FuncCall.over, TypeName, ...) or an empty node.
			return w.fields(v, sc)
		}
		return w.node(typ, n, sc)
	default:
		return reject("unsupported expression")
	}
}

func (w *pgWalker) fields(n pgNode, sc *scope) error {
	keys := make([]string, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	sort.Strings(keys) // deterministic: the first error reported does not depend on map order
	for _, k := range keys {
		if err := w.expr(n[k], sc); err != nil {
			return err
		}
	}
	return nil
}

func (w *pgWalker) node(typ string, n pgNode, sc *scope) error {
	switch {
	case typ == "ColumnRef":
		return w.column(n, sc)
	case typ == "FuncCall":
		names, ok := pgStrings(n["funcname"])
		if !ok || len(names) == 0 {
			return reject("unsupported function call")
		}
		name := strings.ToLower(names[len(names)-1])
		display := strings.Join(names, ".")
		if len(names) > 2 || (len(names) == 2 && names[0] != "pg_catalog") || !postgresFuncs[name] {
			return rejectFunction(display)
		}
		return w.fields(n, sc)
	case typ == "TypeCast":
		tn, _ := n["typeName"].(map[string]any)
		names, ok := pgStrings(tn["names"])
		if !ok || len(names) == 0 || len(names) > 2 || (len(names) == 2 && names[0] != "pg_catalog") ||
			!postgresTypes[strings.ToLower(names[len(names)-1])] {
			return reject("cast to type %q is not allowed", strings.Join(names, "."))
		}
		if pgList(tn["arrayBounds"]) != nil {
			return reject("casts to array types are not allowed")
		}
		return w.expr(n["arg"], sc)
	case typ == "SubLink":
		styp, sub := pgUnwrap(n["subselect"])
		if styp != "SelectStmt" {
			return reject("unsupported subquery")
		}
		if err := w.expr(n["testexpr"], sc); err != nil {
			return err
		}
		if names, ok := pgStrings(n["operName"]); !ok || len(names) > 1 {
			return reject("unsupported subquery operator")
		}
		_, err := w.selectStmt(sub, sc, nil)
		return err
	case typ == "SQLValueFunction":
		if !pgSQLValueFuncs[pgStr(n, "op")] {
			return rejectFunction(strings.ToLower(strings.TrimPrefix(pgStr(n, "op"), "SVFOP_")))
		}
		return nil
	case typ == "A_Expr":
		if names, ok := pgStrings(n["name"]); !ok || len(names) > 2 || (len(names) == 2 && names[0] != "pg_catalog") {
			return reject("unsupported operator")
		}
		return w.fields(n, sc)
	case pgLeafNodes[typ]:
		return nil
	case pgExprNodes[typ]:
		return w.fields(n, sc)
	default:
		return reject("unsupported SQL construct %s", pgDisplay(typ))
	}
}

// pgDisplay names a node kind for an error message.
func pgDisplay(typ string) string {
	switch typ {
	case "RangeFunction":
		return "function in FROM"
	case "RangeTableSample":
		return "TABLESAMPLE"
	case "LockingClause":
		return "FOR UPDATE/SHARE"
	}
	return strings.TrimPrefix(typ, "A_")
}

// applyPgEdits splices star expansions into sql. libpg_query's scanner gives token boundaries,
// so a qualifier written with quotes or comments ("o" . /* x */ *) is replaced as a whole.
func applyPgEdits(sql string, edits []pgStarEdit) (string, error) {
	pb, err := pgScan(sql)
	if err != nil {
		return "", rejectSyntax(datasource.Postgres, err)
	}
	tokens, err := pgScanTokens(pb)
	if err != nil {
		return "", err
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].loc > edits[j].loc })
	out := sql
	for _, e := range edits {
		end := -1
		for _, t := range tokens {
			if t[0] >= e.loc && t[1] <= len(sql) && sql[t[0]:t[1]] == "*" {
				end = t[1]
				break
			}
		}
		if end < 0 || e.loc < 0 || e.loc > end {
			return "", reject("the query's * could not be expanded safely; list the columns explicitly")
		}
		out = out[:e.loc] + e.replacement + out[end:]
	}
	return out, nil
}

// pgScanTokens decodes the [start, end) byte ranges of a pg_query ScanResult protobuf
// (field 2: repeated ScanToken{start=1, end=2, ...}).
func pgScanTokens(b []byte) ([][2]int, error) {
	var tokens [][2]int
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return nil, fmt.Errorf("guard: decoding scan result: %w", protowire.ParseError(n))
		}
		b = b[n:]
		if num == 2 && typ == protowire.BytesType {
			msg, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return nil, fmt.Errorf("guard: decoding scan token: %w", protowire.ParseError(n))
			}
			b = b[n:]
			var tok [2]int
			for len(msg) > 0 {
				fnum, ftyp, m := protowire.ConsumeTag(msg)
				if m < 0 {
					return nil, fmt.Errorf("guard: decoding scan token: %w", protowire.ParseError(m))
				}
				msg = msg[m:]
				if ftyp == protowire.VarintType {
					v, m := protowire.ConsumeVarint(msg)
					if m < 0 {
						return nil, fmt.Errorf("guard: decoding scan token: %w", protowire.ParseError(m))
					}
					msg = msg[m:]
					switch fnum {
					case 1:
						tok[0] = int(int32(v))
					case 2:
						tok[1] = int(int32(v))
					}
					continue
				}
				m = protowire.ConsumeFieldValue(fnum, ftyp, msg)
				if m < 0 {
					return nil, fmt.Errorf("guard: decoding scan token: %w", protowire.ParseError(m))
				}
				msg = msg[m:]
			}
			tokens = append(tokens, tok)
			continue
		}
		n = protowire.ConsumeFieldValue(num, typ, b)
		if n < 0 {
			return nil, fmt.Errorf("guard: decoding scan result: %w", protowire.ParseError(n))
		}
		b = b[n:]
	}
	return tokens, nil
}
