package llm

import (
	"strings"

	"github.com/analytics-agent/service/datasource"
)

// This file decides whether an organization's example SQL stays within the permitted schema,
// so the prompt does not show the model a table or column the agent may not read. It is a
// lexical check, not a parser (the guard has the real parsers, per dialect, and checks every
// generated statement anyway): it checks the relations after FROM/JOIN and every qualified
// reference whose qualifier is a known table or alias. An example it cannot vouch for is
// dropped, which only costs a few-shot hint.

type sqlToken struct {
	text   string // identifier without quotes, or one punctuation character
	ident  bool
	quoted bool // a quoted identifier is never a keyword
}

// tokenizeSQL splits s into identifiers and punctuation, skipping string literals, numbers,
// comments and whitespace.
func tokenizeSQL(s string) []sqlToken {
	var toks []sqlToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return toks
			}
			i += end + 4
		case c == '\'':
			i++
			for i < len(s) {
				if s[i] == '\'' {
					if i+1 < len(s) && s[i+1] == '\'' {
						i += 2
						continue
					}
					break
				}
				i++
			}
			i++
		case c == '"' || c == '`' || c == '[':
			closer := c
			if c == '[' {
				closer = ']'
			}
			end := strings.IndexByte(s[i+1:], closer)
			if end < 0 {
				return toks
			}
			toks = append(toks, sqlToken{text: s[i+1 : i+1+end], ident: true, quoted: true})
			i += end + 2
		case isIdentStart(c):
			j := i + 1
			for j < len(s) && isIdentPart(s[j]) {
				j++
			}
			toks = append(toks, sqlToken{text: s[i:j], ident: true})
			i = j
		case c >= '0' && c <= '9':
			for i < len(s) && (isIdentPart(s[i]) || s[i] == '.') {
				i++
			}
		default:
			toks = append(toks, sqlToken{text: string(c)})
			i++
		}
	}
	return toks
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c == '$' || (c >= '0' && c <= '9') }

// kw reports whether t is the unquoted keyword k (upper case).
func (t sqlToken) kw(k string) bool { return t.ident && !t.quoted && strings.EqualFold(t.text, k) }

// aliasStop lists keywords that can follow a relation and so are not its alias.
var aliasStop = map[string]bool{
	"WHERE": true, "JOIN": true, "INNER": true, "LEFT": true, "RIGHT": true, "FULL": true,
	"CROSS": true, "OUTER": true, "NATURAL": true, "ON": true, "USING": true, "GROUP": true,
	"ORDER": true, "LIMIT": true, "HAVING": true, "UNION": true, "EXCEPT": true,
	"INTERSECT": true, "WINDOW": true, "OFFSET": true, "FETCH": true, "FOR": true,
	"LATERAL": true, "STRAIGHT_JOIN": true, "QUALIFY": true, "TABLESAMPLE": true,
}

// fromSyntaxFuncs are functions whose arguments use the word FROM (EXTRACT(YEAR FROM d)).
var fromSyntaxFuncs = map[string]bool{"EXTRACT": true, "SUBSTRING": true, "TRIM": true, "POSITION": true, "OVERLAY": true}

// sqlPermitted reports whether sql reads only tables of s (or its own CTEs) and names only
// columns of s in references qualified by a known table or alias.
func sqlPermitted(sql string, s *datasource.Schema) bool {
	toks := tokenizeSQL(sql)
	at := func(i int) sqlToken {
		if i >= 0 && i < len(toks) {
			return toks[i]
		}
		return sqlToken{}
	}

	// CTE names: "name AS (" or "name (cols) AS (".
	ctes := map[string]bool{}
	for i, t := range toks {
		if !t.ident || t.kw("AS") {
			continue
		}
		if at(i+1).kw("AS") && at(i+2).text == "(" {
			ctes[strings.ToLower(t.text)] = true
		}
		if at(i+1).text == "(" {
			j := i + 2
			for j < len(toks) && toks[j].text != ")" {
				j++
			}
			if at(j+1).kw("AS") && at(j+2).text == "(" && (at(i-1).kw("WITH") || at(i-1).kw("RECURSIVE") || at(i-1).text == ",") {
				ctes[strings.ToLower(t.text)] = true
			}
		}
	}

	aliases := map[string][]*datasource.Table{} // lower-case alias or table name -> tables
	consumed := make([]bool, len(toks))
	var funcParens []bool // for each open paren: was it opened by a FROM-syntax function?

	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.text == "(":
			funcParens = append(funcParens, at(i-1).ident && !at(i-1).quoted && fromSyntaxFuncs[strings.ToUpper(at(i-1).text)])
			continue
		case t.text == ")":
			if n := len(funcParens); n > 0 {
				funcParens = funcParens[:n-1]
			}
			continue
		case t.kw("FROM") && (at(i-1).kw("DISTINCT") || (len(funcParens) > 0 && funcParens[len(funcParens)-1])):
			continue // IS DISTINCT FROM, EXTRACT(YEAR FROM ...)
		case !t.kw("FROM") && !t.kw("JOIN"):
			continue
		}
		// Relations after FROM / JOIN, comma-separated after FROM.
		j := i + 1
		for {
			if at(j).kw("LATERAL") || at(j).kw("ONLY") {
				j++
			}
			if at(j).text == "(" || !at(j).ident {
				break // a derived table: its contents are scanned like the rest
			}
			start := j
			name := at(j).text
			for at(j+1).text == "." && at(j+2).ident {
				name += "." + at(j+2).text
				j += 2
			}
			j++
			if at(j).text == "(" {
				return false // a function in FROM (generate_series, pragma_...): not a table
			}
			var tbl *datasource.Table
			if !ctes[strings.ToLower(name)] {
				if tbl = lookupTable(s, name); tbl == nil {
					return false
				}
			}
			for k := start; k < j; k++ {
				consumed[k] = true
			}
			if tbl != nil {
				key := strings.ToLower(name)
				aliases[key] = append(aliases[key], tbl)
				if short := strings.ToLower(tbl.Name); short != key {
					aliases[short] = append(aliases[short], tbl)
				}
			}
			if at(j).kw("AS") {
				j++
			}
			if a := at(j); a.ident && (a.quoted || !aliasStop[strings.ToUpper(a.text)]) {
				if tbl != nil {
					key := strings.ToLower(a.text)
					aliases[key] = append(aliases[key], tbl)
				}
				consumed[j] = true
				j++
			}
			if !t.kw("FROM") || at(j).text != "," {
				break
			}
			j++
		}
	}

	// Qualified references: a.b or schema.table.col, checked when the qualifier is known.
	for i := 0; i < len(toks); i++ {
		if consumed[i] || !toks[i].ident || at(i+1).text != "." {
			continue
		}
		parts := []string{toks[i].text}
		j := i
		for at(j+1).text == "." && at(j+2).ident {
			parts = append(parts, at(j+2).text)
			j += 2
		}
		i = j
		if len(parts) < 2 {
			continue // t.* : a star is expanded or refused by the guard
		}
		qual, col := strings.Join(parts[:len(parts)-1], "."), parts[len(parts)-1]
		tables, known := aliases[strings.ToLower(qual)]
		if !known {
			if tbl := lookupTable(s, qual); tbl != nil {
				tables, known = []*datasource.Table{tbl}, true
			}
		}
		if !known {
			continue // a CTE, a derived table or something else the lexer cannot resolve
		}
		ok := false
		for _, tbl := range tables {
			if tbl.Column(col) != nil {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// lookupTable finds name in s, also without a default-schema qualifier (public., main.).
func lookupTable(s *datasource.Schema, name string) *datasource.Table {
	if t := s.Table(name); t != nil {
		return t
	}
	lower := strings.ToLower(name)
	for _, p := range []string{"public.", "main."} {
		if strings.HasPrefix(lower, p) {
			return s.Table(name[len(p):])
		}
	}
	return nil
}
