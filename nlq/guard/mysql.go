package guard

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pingcap/tidb/pkg/parser"
	"github.com/pingcap/tidb/pkg/parser/ast"
	"github.com/pingcap/tidb/pkg/parser/format"
	"github.com/pingcap/tidb/pkg/parser/mysql"
	// The parser needs a literal-value implementation; test_driver is the standalone one meant
	// for using the parser outside TiDB (the name is historical, it is not test-only code).
	_ "github.com/pingcap/tidb/pkg/parser/test_driver"

	"github.com/analytics-agent/service/datasource"
)

// The MySQL check walks TiDB's MySQL parser AST. Executable comments (/*! ... */, MariaDB's
// /*M! ... */) are refused outright: whether the server runs their content depends on its
// version, which the guard cannot know. Statements are parsed with the default sql_mode; when
// one holds a backslash it is also checked under NO_BACKSLASH_ESCAPES, so a string that ends
// differently on such a server cannot hide SQL. ANSI_QUOTES is assumed off on the server.

func checkMySQL(sql string, schema *datasource.Schema, perms Permissions) (*Result, error) {
	if strings.Contains(sql, "/*!") || strings.Contains(strings.ToUpper(sql), "/*M!") {
		return nil, reject("executable comments (/*! ... */) are not allowed")
	}
	res, err := checkMySQLMode(sql, schema, perms, mysql.ModeNone)
	if err != nil {
		return nil, err
	}
	if strings.Contains(sql, `\`) {
		if _, err := checkMySQLMode(sql, schema, perms, mysql.ModeNoBackslashEscapes); err != nil {
			var re *RejectionError
			if errors.As(err, &re) && re.cause != nil {
				// Not valid SQL under the other reading: the server would refuse it too.
				return res, nil
			}
			return nil, err
		}
	}
	return res, nil
}

func checkMySQLMode(sql string, schema *datasource.Schema, perms Permissions, mode mysql.SQLMode) (*Result, error) {
	p := parser.New()
	p.SetSQLMode(mode)
	stmts, _, err := p.Parse(sql, "", "")
	if err != nil {
		return nil, rejectSyntax(datasource.MySQL, err)
	}
	if len(stmts) != 1 {
		return nil, errNotReadOnly
	}
	var root ast.ResultSetNode
	switch s := stmts[0].(type) {
	case *ast.SelectStmt:
		root = s
	case *ast.SetOprStmt:
		root = s
	default:
		return nil, errNotReadOnly
	}
	w := &myWalker{r: newRefs(schema, perms)}
	if _, err := w.query(root, newScope(nil, strings.ToLower), nil); err != nil {
		return nil, err
	}
	if !w.rewrote {
		return w.r.result(sql), nil
	}
	var sb strings.Builder
	flags := format.DefaultRestoreFlags | format.RestoreStringWithoutCharset
	if err := stmts[0].Restore(format.NewRestoreCtx(flags, &sb)); err != nil {
		return nil, fmt.Errorf("guard: restoring rewritten mysql statement: %w", err)
	}
	// The rewrite is checked again from scratch: what runs is what was checked.
	res, err := checkMySQLMode(sb.String(), schema, perms, mode)
	if err != nil {
		return nil, err
	}
	return res, nil
}

type myWalker struct {
	r       *refs
	rewrote bool
}

// query walks a SELECT, set operation or parenthesised select list at a new level below parent.
func (w *myWalker) query(n ast.Node, parent *scope, onLeft func([]string)) ([]string, error) {
	switch q := n.(type) {
	case *ast.SelectStmt:
		return w.selectStmt(q, parent, onLeft)
	case *ast.SetOprStmt:
		return w.setOpr(q.With, q.SelectList.Selects, q.OrderBy, q.Limit, parent, onLeft)
	case *ast.SetOprSelectList:
		return w.setOpr(q.With, q.Selects, q.OrderBy, q.Limit, parent, onLeft)
	case *ast.SubqueryExpr:
		return w.query(q.Query, parent, onLeft)
	default:
		return nil, reject("unsupported query form")
	}
}

func (w *myWalker) setOpr(with *ast.WithClause, selects []ast.Node, orderBy *ast.OrderByClause, limit *ast.Limit, parent *scope, onLeft func([]string)) ([]string, error) {
	sc := parent.child()
	if err := w.with(with, sc); err != nil {
		return nil, err
	}
	if len(selects) == 0 {
		return nil, reject("malformed set operation")
	}
	var out []string
	for i, s := range selects {
		cb := onLeft
		if i > 0 {
			cb = nil
		}
		o, err := w.query(s, sc, cb)
		if err != nil {
			return nil, err
		}
		if i == 0 {
			out = o
		}
	}
	sortScope := sc.child()
	sortScope.outputs = out
	if orderBy != nil {
		if err := w.expr(orderBy, sortScope); err != nil {
			return nil, err
		}
	}
	if limit != nil {
		if err := w.expr(limit, sortScope); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (w *myWalker) with(with *ast.WithClause, sc *scope) error {
	if with == nil {
		return nil
	}
	for _, c := range with.CTEs {
		if c.Query == nil {
			return reject("malformed WITH clause")
		}
		var aliases []string
		for _, n := range c.ColNameList {
			aliases = append(aliases, n.O)
		}
		def := &cte{name: c.Name.O}
		if with.IsRecursive {
			def.cols = aliases
			sc.ctes = append(sc.ctes, def)
		}
		out, err := w.query(c.Query.Query, sc, func(left []string) {
			if with.IsRecursive && len(aliases) == 0 {
				def.cols = left
			}
		})
		if err != nil {
			return err
		}
		if len(aliases) > 0 && len(aliases) != len(out) {
			return reject("CTE %q column list does not match its query", c.Name.O)
		}
		if def.cols, err = renameColumns(out, aliases); err != nil {
			return err
		}
		if !with.IsRecursive {
			sc.ctes = append(sc.ctes, def)
		}
	}
	return nil
}

func (w *myWalker) selectStmt(s *ast.SelectStmt, parent *scope, onLeft func([]string)) ([]string, error) {
	if s.SelectIntoOpt != nil {
		return nil, reject("SELECT ... INTO (OUTFILE, DUMPFILE, variables) is not allowed")
	}
	if s.LockInfo != nil && s.LockInfo.LockType != ast.SelectLockNone {
		return nil, reject("locking clauses (FOR UPDATE/SHARE) are not allowed")
	}
	if s.Kind == ast.SelectStmtKindTable {
		return nil, reject("TABLE statements are not supported; use SELECT")
	}
	sc := parent.child()
	if err := w.with(s.With, sc); err != nil {
		return nil, err
	}
	var out []string
	if s.Kind == ast.SelectStmtKindValues {
		for _, row := range s.Lists {
			if err := w.expr(row, sc); err != nil {
				return nil, err
			}
		}
		if len(s.Lists) > 0 {
			for i := range s.Lists[0].Values {
				out = append(out, fmt.Sprintf("column_%d", i))
			}
		}
	}
	if s.From != nil && s.From.TableRefs != nil {
		if _, err := w.fromItem(s.From.TableRefs, sc); err != nil {
			return nil, err
		}
	}
	if s.Fields != nil {
		var fields []*ast.SelectField
		for _, f := range s.Fields.Fields {
			names, expanded, err := w.field(f, sc)
			if err != nil {
				return nil, err
			}
			out = append(out, names...)
			fields = append(fields, expanded...)
		}
		s.Fields.Fields = fields
	}
	sc.outputs = out
	if onLeft != nil {
		onLeft(out)
	}
	var parts []ast.Node
	if s.Where != nil {
		parts = append(parts, s.Where)
	}
	if s.GroupBy != nil {
		parts = append(parts, s.GroupBy)
	}
	if s.Having != nil {
		parts = append(parts, s.Having)
	}
	for i := range s.WindowSpecs {
		parts = append(parts, &s.WindowSpecs[i])
	}
	if s.OrderBy != nil {
		parts = append(parts, s.OrderBy)
	}
	if s.Limit != nil {
		parts = append(parts, s.Limit)
	}
	for _, p := range parts {
		if err := w.expr(p, sc); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fromItem walks a FROM item (a join tree or a table source), adding its relations to sc.
func (w *myWalker) fromItem(n ast.ResultSetNode, sc *scope) ([]*relation, error) {
	switch x := n.(type) {
	case nil:
		return nil, nil
	case *ast.Join:
		if x.NaturalJoin {
			return nil, reject("NATURAL joins are not supported; join with ON or USING")
		}
		left, err := w.fromItem(x.Left, sc)
		if err != nil {
			return nil, err
		}
		right, err := w.fromItem(x.Right, sc)
		if err != nil {
			return nil, err
		}
		rels := append(slices.Clone(left), right...)
		on := levelScope(sc)
		on.rels = rels
		for _, col := range x.Using {
			if col.Table.O != "" || col.Schema.O != "" {
				return nil, reject("malformed USING clause")
			}
			for _, side := range [][]*relation{left, right} {
				if err := w.r.usingColumn(side, col.Name.O, sc); err != nil {
					return nil, err
				}
			}
			if sc.merged == nil {
				sc.merged = map[string]bool{}
			}
			sc.merged[sc.fold(col.Name.O)] = true
			on.merged = sc.merged
		}
		if x.On != nil {
			if err := w.expr(x.On, on); err != nil {
				return nil, err
			}
		}
		return rels, nil
	case *ast.TableSource:
		if len(x.ColumnNames) > 0 {
			return nil, reject("column alias lists in FROM are not supported")
		}
		switch src := x.Source.(type) {
		case *ast.TableName:
			if src.TableSample != nil || src.AsOf != nil || len(src.PartitionNames) > 0 {
				return nil, reject("TABLESAMPLE, AS OF and PARTITION are not supported")
			}
			rel := &relation{name: src.Name.O}
			if x.AsName.O != "" {
				rel.name = x.AsName.O
			}
			if def := sc.lookupCTE(src.Name.O); src.Schema.O == "" && def != nil {
				rel.cols = slices.Clone(def.cols)
			} else {
				// The guard does not know the connection's database name, so a qualified name
				// resolves only to a table stored under that qualified name in the schema.
				t, err := resolveTable(w.r, datasource.MySQL, src.Schema.O, src.Name.O)
				if err != nil {
					return nil, err
				}
				if err := w.r.table(t); err != nil {
					return nil, err
				}
				rel.table = t
			}
			sc.rels = append(sc.rels, rel)
			return []*relation{rel}, nil
		case *ast.SelectStmt, *ast.SetOprStmt:
			outer := levelScope(sc)
			if x.Lateral {
				outer = sc
			}
			out, err := w.query(src, outer, nil)
			if err != nil {
				return nil, err
			}
			rel := &relation{name: x.AsName.O, cols: out}
			sc.rels = append(sc.rels, rel)
			return []*relation{rel}, nil
		case *ast.Join:
			if x.AsName.O != "" {
				return nil, reject("aliases on joins are not supported")
			}
			return w.fromItem(src, sc)
		default:
			return nil, reject("unsupported FROM item")
		}
	default:
		return nil, reject("unsupported FROM item")
	}
}

// field walks one select-list item; it returns the output names and the fields that replace it
// (a star over a table with restricted columns becomes the list of its permitted columns).
func (w *myWalker) field(f *ast.SelectField, sc *scope) ([]string, []*ast.SelectField, error) {
	if f.WildCard == nil {
		if err := w.expr(f.Expr, sc); err != nil {
			return nil, nil, err
		}
		name := unnamedColumn
		if f.AsName.O != "" {
			name = f.AsName.O
		} else if c, ok := f.Expr.(*ast.ColumnNameExpr); ok {
			name = c.Name.Name.O
		}
		return []string{name}, []*ast.SelectField{f}, nil
	}
	if f.WildCard.Schema.O != "" {
		return nil, nil, reject("database-qualified * is not allowed")
	}
	var rels []*relation
	if f.WildCard.Table.O == "" {
		rels = sc.rels
		if len(rels) == 0 {
			return nil, nil, reject("SELECT * needs a FROM clause")
		}
	} else {
		rel, err := sc.findRelation(f.WildCard.Table.O)
		if err != nil {
			return nil, nil, err
		}
		rels = []*relation{rel}
	}
	var out []string
	var fields []*ast.SelectField
	expand := false
	for _, rel := range rels {
		cols := rel.columns()
		if rel.table != nil {
			if w.r.perms.restricted(rel.table.Name) {
				expand = true
				cols = w.r.perms.permittedColumns(rel.table)
				if len(cols) == 0 {
					return nil, nil, rejectTable(rel.table.Name)
				}
				for _, c := range cols {
					fields = append(fields, &ast.SelectField{Expr: &ast.ColumnNameExpr{Name: &ast.ColumnName{
						Table: ast.NewCIStr(rel.name), Name: ast.NewCIStr(c),
					}}})
				}
			} else {
				fields = append(fields, &ast.SelectField{WildCard: &ast.WildCardField{Table: ast.NewCIStr(rel.name)}})
			}
			for _, c := range cols {
				if err := w.r.column(rel.table, c); err != nil {
					return nil, nil, err
				}
			}
		} else {
			fields = append(fields, &ast.SelectField{WildCard: &ast.WildCardField{Table: ast.NewCIStr(rel.name)}})
		}
		if rel.name == "" {
			return nil, nil, reject("SELECT * over an unnamed relation is not supported")
		}
		out = append(out, cols...)
	}
	if !expand {
		return out, []*ast.SelectField{f}, nil
	}
	w.rewrote = true
	return out, fields, nil
}

func (w *myWalker) column(c *ast.ColumnName, sc *scope) error {
	switch {
	case c.Schema.O != "":
		return reject("database-qualified column references are not allowed: %q", c.Schema.O+"."+c.Table.O+"."+c.Name.O)
	case c.Table.O != "":
		rel, err := sc.findRelation(c.Table.O)
		if err != nil {
			return err
		}
		if rel.table != nil {
			return w.r.column(rel.table, c.Name.O)
		}
		if _, ok := sc.hasColumn(rel, c.Name.O); !ok {
			return reject("column %q does not exist", c.Table.O+"."+c.Name.O)
		}
		return nil
	default:
		rels, err := sc.resolveColumn(c.Name.O)
		if err != nil {
			return err
		}
		if rels == nil {
			if sc.isOutput(c.Name.O) {
				return nil
			}
			return reject("column %q does not exist in the tables of this query", c.Name.O)
		}
		for _, rel := range rels {
			if rel.table != nil {
				if err := w.r.column(rel.table, c.Name.O); err != nil {
					return err
				}
			}
		}
		return nil
	}
}

// expr walks an expression subtree with a visitor that knows every node kind it lets through.
func (w *myWalker) expr(n ast.Node, sc *scope) error {
	v := &myVisitor{w: w, sc: sc}
	n.Accept(v)
	return v.err
}

type myVisitor struct {
	w   *myWalker
	sc  *scope
	err error
}

// Enter implements ast.Visitor.
func (v *myVisitor) Enter(n ast.Node) (ast.Node, bool) {
	if v.err != nil {
		return n, true
	}
	switch x := n.(type) {
	case *ast.ColumnNameExpr:
		v.err = v.w.column(x.Name, v.sc)
		return n, true
	case *ast.SubqueryExpr:
		_, v.err = v.w.query(x.Query, v.sc, nil)
		return n, true
	case *ast.FuncCallExpr:
		if x.Schema.O != "" || !mysqlFuncs[x.FnName.L] {
			v.err = rejectFunction(x.FnName.O)
		}
		return n, v.err != nil
	case *ast.AggregateFuncExpr:
		if !mysqlFuncs[strings.ToLower(x.F)] {
			v.err = rejectFunction(x.F)
		}
		return n, v.err != nil
	case *ast.WindowFuncExpr:
		if !mysqlFuncs[strings.ToLower(x.Name)] {
			v.err = rejectFunction(x.Name)
		}
		return n, v.err != nil
	case ast.ValueExpr, *ast.FuncCastExpr, *ast.BetweenExpr, *ast.BinaryOperationExpr, *ast.CaseExpr,
		*ast.WhenClause, *ast.CompareSubqueryExpr, *ast.ExistsSubqueryExpr, *ast.PatternInExpr,
		*ast.IsNullExpr, *ast.IsTruthExpr, *ast.PatternLikeOrIlikeExpr, *ast.ParenthesesExpr,
		*ast.PositionExpr, *ast.PatternRegexpExpr, *ast.RowExpr, *ast.UnaryOperationExpr,
		*ast.TrimDirectionExpr, *ast.TimeUnitExpr, *ast.GetFormatSelectorExpr,
		*ast.SetCollationExpr, *ast.ByItem, *ast.GroupByClause, *ast.HavingClause,
		*ast.OrderByClause, *ast.PartitionByClause, *ast.FrameClause, *ast.FrameBound,
		*ast.WindowSpec, *ast.Limit, *ast.OnCondition:
		return n, false
	default:
		v.err = reject("unsupported SQL construct %s", strings.TrimPrefix(fmt.Sprintf("%T", n), "*ast."))
		return n, true
	}
}

// Leave implements ast.Visitor.
func (v *myVisitor) Leave(n ast.Node) (ast.Node, bool) { return n, v.err == nil }
