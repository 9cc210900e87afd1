package guard

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ncruces/go-sqlite3"
	// embed provides the SQLite WebAssembly build the engine runs; no cgo, no system SQLite.
	_ "github.com/ncruces/go-sqlite3/embed"

	"github.com/analytics-agent/service/datasource"
)

// The SQLite check lets SQLite itself parse and resolve the statement: it is prepared (never
// run) on a private in-memory database holding empty copies of the data source's tables, with an
// authorizer that SQLite calls for every table column it reads, every function it calls and
// every other action (ATTACH, PRAGMA, writes, ...). Name resolution, aliases, CTE shadowing and
// subqueries are thus decided by the same engine that will run the query. SQLite has no public
// syntax tree, so a * over a table with restricted columns is rejected instead of expanded.

func checkSQLite(sql string, schema *datasource.Schema, perms Permissions) (*Result, error) {
	toks := sqliteTokens(sql)
	if len(toks) == 0 {
		return nil, reject("the query is empty")
	}
	if first := strings.ToUpper(toks[0].text); first != "SELECT" && first != "WITH" && first != "VALUES" {
		return nil, errNotReadOnly
	}
	mc, err := sqliteMirrors.get(sqliteMirrorDDL(schema))
	if err != nil {
		return nil, err
	}
	defer sqliteMirrors.put(mc)
	conn := mc.conn

	// SQLite compiles a CTE only where it is used, so an unused one would escape the
	// authorizer. Each CTE is compiled on its own (with the CTEs before it) to check it anyway.
	probes, cteNames, ok := sqliteCTEProbes(sql, toks)
	if !ok {
		return nil, reject("the query's WITH clause could not be analysed")
	}

	r := newRefs(schema, perms)
	var denied *RejectionError
	deny := func(e *RejectionError) sqlite3.AuthorizerReturnCode {
		if denied == nil {
			denied = e
		}
		return sqlite3.AUTH_DENY
	}
	err = conn.SetAuthorizer(func(action sqlite3.AuthorizerActionCode, name3rd, name4th, dbName, inner string) sqlite3.AuthorizerReturnCode {
		switch action {
		case sqlite3.AUTH_SELECT, sqlite3.AUTH_RECURSIVE:
			return sqlite3.AUTH_OK
		case sqlite3.AUTH_FUNCTION:
			if !sqliteFuncs[strings.ToLower(name4th)] {
				return deny(rejectFunction(name4th))
			}
			return sqlite3.AUTH_OK
		case sqlite3.AUTH_READ:
			if dbName != "" && dbName != "main" {
				return deny(&RejectionError{Reason: "only the data source's main database can be queried", Table: dbName + "." + name3rd})
			}
			if name4th == "" && cteNames[strings.ToLower(name3rd)] && findTable(schema, name3rd) == nil {
				// A CTE read without a column value (SELECT 1 FROM cte): its body is checked. A
				// CTE named like a schema table is treated as that table, which can only refuse more.
				return sqlite3.AUTH_OK
			}
			t, err := resolveTable(r, datasource.SQLite, "", name3rd)
			if err != nil {
				var re *RejectionError
				errors.As(err, &re)
				return deny(re)
			}
			if name4th == "" {
				// The table is read without a column value (count(*), rowid, EXISTS).
				err = r.table(t)
			} else {
				err = r.column(t, name4th)
			}
			if err != nil {
				var re *RejectionError
				errors.As(err, &re)
				return deny(re)
			}
			return sqlite3.AUTH_OK
		case sqlite3.AUTH_ATTACH, sqlite3.AUTH_DETACH:
			return deny(reject("ATTACH and DETACH are not allowed"))
		case sqlite3.AUTH_PRAGMA:
			return deny(reject("PRAGMA statements are not allowed"))
		default:
			return deny(errNotReadOnly)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("guard: installing sqlite authorizer: %w", err)
	}

	stmt, tail, err := conn.Prepare(sql)
	if err != nil {
		if denied != nil {
			return nil, denied
		}
		return nil, sqliteError(err)
	}
	if stmt == nil {
		return nil, reject("the query is empty")
	}
	defer stmt.Close()
	readOnly, cols := stmt.ReadOnly(), stmt.ColumnCount()
	if denied != nil {
		return nil, denied
	}
	if !readOnly || cols == 0 {
		return nil, errNotReadOnly
	}
	// Whatever follows the first statement must be nothing but whitespace and comments.
	if len(sqliteTokens(tail)) > 0 {
		return nil, errNotReadOnly
	}
	for _, probe := range probes {
		ps, _, err := conn.Prepare(probe)
		if ps != nil {
			ps.Close()
		}
		if denied != nil {
			return nil, denied
		}
		if err != nil {
			return nil, sqliteError(err)
		}
	}
	if sqliteHasStar(toks) {
		for t := range r.tables {
			if perms.restricted(t) {
				return nil, &RejectionError{
					Reason: fmt.Sprintf("SELECT * is not allowed on table %q because some of its columns are restricted; list the columns explicitly", t),
					Table:  t,
				}
			}
		}
	}
	return r.result(sql), nil
}

// sqliteError turns a prepare error into a rejection, naming the function when SQLite says it
// does not know one (load_extension, readfile, ... are not even compiled in).
func sqliteError(err error) *RejectionError {
	msg := err.Error()
	if i := strings.Index(msg, "no such function: "); i >= 0 {
		return rejectFunction(strings.TrimSpace(msg[i+len("no such function: "):]))
	}
	if i := strings.Index(msg, "no such table: "); i >= 0 {
		name := strings.TrimSpace(msg[i+len("no such table: "):])
		return &RejectionError{Reason: fmt.Sprintf("table %q does not exist in this data source", name), Table: name, cause: err}
	}
	return rejectSyntax(datasource.SQLite, err)
}

func sqliteQuote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// sqliteMirrorDDL creates empty tables with the schema's columns. A single-column INTEGER
// primary key is declared as such so that rowid resolves to it, as it does in the data source:
// reading rowid then counts as reading that column.
func sqliteMirrorDDL(schema *datasource.Schema) string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, t := range schema.Tables {
		lt := strings.ToLower(t.Name)
		if seen[lt] || strings.HasPrefix(lt, "sqlite_") || len(t.Columns) == 0 {
			continue
		}
		seen[lt] = true
		b.WriteString("CREATE TABLE " + sqliteQuote(t.Name) + " (")
		cseen := map[string]bool{}
		first := true
		for _, c := range t.Columns {
			if cseen[strings.ToLower(c.Name)] {
				continue
			}
			cseen[strings.ToLower(c.Name)] = true
			if !first {
				b.WriteString(", ")
			}
			first = false
			b.WriteString(sqliteQuote(c.Name))
			if len(t.PrimaryKey) == 1 && strings.EqualFold(t.PrimaryKey[0], c.Name) && strings.EqualFold(strings.TrimSpace(c.Type), "integer") {
				b.WriteString(" INTEGER PRIMARY KEY")
			}
		}
		b.WriteString(");\n")
	}
	return b.String()
}

// sqliteToken is one lexical token of SQLite SQL (comments and whitespace dropped).
type sqliteToken struct {
	text       string
	word       bool // keyword or unquoted identifier
	start, end int  // byte offsets in the input
}

// sqliteTokens splits SQL into tokens following SQLite's tokenizer rules closely enough to find
// the statement's first keyword, its result-column stars, and whether a tail holds anything but
// comments. It never decides acceptance alone: SQLite's own parser has accepted the statement
// before these are consulted.
func sqliteTokens(s string) []sqliteToken {
	var out []sqliteToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				i = len(s)
			} else {
				i += end + 4
			}
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for j < len(s) {
				if s[j] == c {
					if j+1 < len(s) && s[j+1] == c {
						j += 2
						continue
					}
					break
				}
				j++
			}
			end := min(j+1, len(s))
			out = append(out, sqliteToken{text: s[i:end], start: i, end: end})
			i = end
		case c == '[':
			j := strings.IndexByte(s[i:], ']')
			end := len(s)
			if j >= 0 {
				end = i + j + 1
			}
			out = append(out, sqliteToken{text: s[i:end], start: i, end: end})
			i = end
		case isWordByte(c):
			j := i
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			out = append(out, sqliteToken{text: s[i:j], word: true, start: i, end: j})
			i = j
		default:
			out = append(out, sqliteToken{text: s[i : i+1], start: i, end: i + 1})
			i++
		}
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || c == '$' || c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// sqliteHasStar reports whether a result column is * or t.* (a * right after SELECT, DISTINCT,
// ALL, a comma or a dot; multiplication and count(*) follow an operand or a parenthesis).
func sqliteHasStar(toks []sqliteToken) bool {
	for i := 1; i < len(toks); i++ {
		if toks[i].text != "*" {
			continue
		}
		prev := toks[i-1]
		switch strings.ToUpper(prev.text) {
		case "SELECT", "DISTINCT", "ALL", ",", ".":
			return true
		}
	}
	return false
}

// sqliteCTEProbes returns, for every CTE definition in the statement (top level or nested), a
// statement "WITH <definitions up to it> SELECT 1 FROM <it>" that makes SQLite compile its body.
// ok is false when a WITH clause does not have the expected shape.
func sqliteCTEProbes(sql string, toks []sqliteToken) (probes []string, names map[string]bool, ok bool) {
	names = map[string]bool{}
	upper := func(j int) string {
		if j < len(toks) {
			return strings.ToUpper(toks[j].text)
		}
		return ""
	}
	// closing returns the index of the parenthesis matching the one at j.
	closing := func(j int) int {
		depth := 0
		for ; j < len(toks); j++ {
			switch toks[j].text {
			case "(":
				depth++
			case ")":
				depth--
				if depth == 0 {
					return j
				}
			}
		}
		return -1
	}
	for i := range toks {
		if !toks[i].word || upper(i) != "WITH" {
			continue
		}
		j := i + 1
		head := "WITH "
		if upper(j) == "RECURSIVE" {
			head = "WITH RECURSIVE "
			j++
		}
		var defs, cteNames []string
		for {
			if j >= len(toks) {
				return nil, nil, false
			}
			start, name := toks[j].start, toks[j].text
			j++
			if upper(j) == "(" {
				if j = closing(j); j < 0 {
					return nil, nil, false
				}
				j++
			}
			if upper(j) != "AS" {
				return nil, nil, false
			}
			j++
			if upper(j) == "NOT" {
				j++
			}
			if upper(j) == "MATERIALIZED" {
				j++
			}
			if upper(j) != "(" {
				return nil, nil, false
			}
			if j = closing(j); j < 0 {
				return nil, nil, false
			}
			defs = append(defs, sql[start:toks[j].end])
			cteNames = append(cteNames, name)
			names[strings.ToLower(sqliteUnquote(name))] = true
			j++
			if upper(j) != "," {
				break
			}
			j++
		}
		for k := range defs {
			probes = append(probes, head+strings.Join(defs[:k+1], ", ")+" SELECT 1 FROM "+cteNames[k])
		}
	}
	return probes, names, true
}

// sqliteUnquote removes identifier quotes ("x", [x], `x`).
func sqliteUnquote(s string) string {
	if len(s) >= 2 {
		switch {
		case s[0] == '"' && s[len(s)-1] == '"':
			return strings.ReplaceAll(s[1:len(s)-1], `""`, `"`)
		case s[0] == '`' && s[len(s)-1] == '`':
			return strings.ReplaceAll(s[1:len(s)-1], "``", "`")
		case s[0] == '[' && s[len(s)-1] == ']':
			return s[1 : len(s)-1]
		}
	}
	return s
}
