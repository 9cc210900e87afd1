package guard

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/ncruces/go-sqlite3"
	"github.com/pingcap/tidb/pkg/parser"
	"github.com/pingcap/tidb/pkg/parser/ast"
	pgparser "github.com/wasilibs/go-pgquery/parser"

	"github.com/analytics-agent/service/datasource"
)

var fuzzDialects = []datasource.Type{datasource.Postgres, datasource.MySQL, datasource.SQLite}

// FuzzCheck asserts that Check never panics, never fails with anything but a rejection, and
// that whatever it accepts re-parses (independently of the walkers) as a single SELECT, checks
// again to the same SQL, and references only permitted tables and columns.
// Run one dialect at a time: go test -run '^$' -fuzz FuzzCheck -fuzztime 60s ./nlq/guard
// (the dialect is the first argument modulo 3, so the corpus exercises all three).
func FuzzCheck(f *testing.F) {
	for _, tc := range commonCases {
		for d := range fuzzDialects {
			f.Add(uint8(d), tc.sql)
		}
	}
	for _, s := range []string{
		"SELECT * FROM customers", "SELECT c.* FROM customers c JOIN orders o ON o.customer_id = c.id",
		"SELECT \"email\" FROM customers", "SELECT `email` FROM customers", "SELECT [email] FROM customers",
		"WITH x AS (DELETE FROM orders RETURNING *) SELECT * FROM x",
		"SELECT name FROM customers /*! UNION SELECT email FROM customers */",
		"SELECT (WITH z AS (SELECT amount FROM salaries) SELECT 1)",
		"SELECT 1 FROM customers WHERE EXISTS (SELECT * FROM products)",
	} {
		for d := range fuzzDialects {
			f.Add(uint8(d), s)
		}
	}
	schema, perms := testSchema(), testPerms()
	f.Fuzz(func(t *testing.T, d uint8, sql string) {
		dialect := fuzzDialects[int(d)%len(fuzzDialects)]
		res, err := Check(dialect, sql, schema, perms)
		if err != nil {
			var re *RejectionError
			if !errors.As(err, &re) {
				t.Fatalf("%s: non-rejection error for %q: %v", dialect, sql, err)
			}
			return
		}
		if !isSingleSelect(t, dialect, res.SQL) {
			t.Fatalf("%s: accepted %q (executing %q), which is not a single SELECT", dialect, sql, res.SQL)
		}
		again, err := Check(dialect, res.SQL, schema, perms)
		if err != nil {
			t.Fatalf("%s: accepted %q but its result %q is rejected: %v", dialect, sql, res.SQL, err)
		}
		if again.SQL != res.SQL {
			t.Fatalf("%s: rewriting is not stable: %q -> %q", dialect, res.SQL, again.SQL)
		}
		assertPermitted(t, res, perms, schema)
	})
}

// isSingleSelect parses sql with the dialect's parser, bypassing the guard's walkers.
func isSingleSelect(t *testing.T, dialect datasource.Type, sql string) bool {
	switch dialect {
	case datasource.Postgres:
		js, err := pgparser.ParseToJSON(sql)
		if err != nil {
			return false
		}
		var tree struct {
			Stmts []struct {
				Stmt map[string]json.RawMessage `json:"stmt"`
			} `json:"stmts"`
		}
		if err := json.Unmarshal([]byte(js), &tree); err != nil || len(tree.Stmts) != 1 {
			return false
		}
		_, ok := tree.Stmts[0].Stmt["SelectStmt"]
		return ok
	case datasource.MySQL:
		stmts, _, err := parser.New().Parse(sql, "", "")
		if err != nil || len(stmts) != 1 {
			return false
		}
		switch stmts[0].(type) {
		case *ast.SelectStmt, *ast.SetOprStmt:
			return true
		}
		return false
	default:
		conn, err := sqlite3.Open(":memory:")
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if err := conn.Exec(sqliteMirrorDDL(testSchema())); err != nil {
			t.Fatal(err)
		}
		stmt, tail, err := conn.Prepare(sql)
		if err != nil || stmt == nil {
			return false
		}
		defer stmt.Close()
		return stmt.ReadOnly() && stmt.ColumnCount() > 0 && len(sqliteTokens(tail)) == 0
	}
}
