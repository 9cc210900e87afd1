package datasource

import (
	"strconv"
	"strings"
)

// Placeholder returns the bind parameter marker for the n-th (1-based) argument in t's SQL
// dialect: "$n" for postgres, "?" for mysql and sqlite. Template parameters (":region") are
// rewritten with it and bound, never spliced into the SQL text.
func Placeholder(t Type, n int) string {
	if t == Postgres {
		return "$" + strconv.Itoa(n)
	}
	return "?"
}

// QuoteIdent quotes an identifier for t's dialect: backticks for mysql, double quotes
// otherwise, doubling any embedded quote character. A dotted name is not split: pass each part
// separately.
func QuoteIdent(t Type, name string) string {
	if t == MySQL {
		return "`" + strings.ReplaceAll(name, "`", "``") + "`"
	}
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// singleStatement reports whether sqlText holds at most one statement (a trailing semicolon
// and comments are allowed). The sqlite driver runs every statement of a multi-statement string,
// so "COMMIT; ATTACH ..." could step out of the read-only transaction; postgres (extended
// protocol) and mysql (multiStatements off) refuse such strings by themselves.
func singleStatement(sqlText string) bool {
	seenEnd := false
	for i := 0; i < len(sqlText); i++ {
		c := sqlText[i]
		switch {
		case c == '-' && i+1 < len(sqlText) && sqlText[i+1] == '-':
			for i < len(sqlText) && sqlText[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(sqlText) && sqlText[i+1] == '*':
			end := strings.Index(sqlText[i+2:], "*/")
			if end < 0 {
				return true // unterminated comment: the database reports the syntax error
			}
			i += end + 3
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
		case c == ';':
			seenEnd = true
		default:
			if seenEnd {
				return false
			}
			if closer, ok := quoteCloser(c); ok {
				// Skip the quoted text; a doubled closer inside is an escaped one and is
				// consumed as two consecutive quoted runs.
				end := strings.IndexByte(sqlText[i+1:], closer)
				if end < 0 {
					return true
				}
				i += end + 1
			}
		}
	}
	return true
}

// readStatements are the first keywords of statements that only read. Query refuses anything
// else before it reaches the database: the read-only transaction blocks writes, but not
// statements that act outside it, such as sqlite's ATTACH (opens any file with the service's
// rights) and VACUUM INTO, or postgres' COPY ... TO.
var readStatements = map[string]bool{"select": true, "with": true, "values": true, "table": true}

// isReadStatement reports whether sqlText starts (after comments and opening parentheses) with
// a keyword of a reading statement.
func isReadStatement(sqlText string) bool {
	i := 0
	for i < len(sqlText) {
		switch c := sqlText[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '(':
			i++
		case strings.HasPrefix(sqlText[i:], "--"):
			end := strings.IndexByte(sqlText[i:], '\n')
			if end < 0 {
				return false
			}
			i += end + 1
		case strings.HasPrefix(sqlText[i:], "/*"):
			end := strings.Index(sqlText[i+2:], "*/")
			if end < 0 {
				return false
			}
			i += end + 4
		default:
			j := i
			for j < len(sqlText) && (sqlText[j] >= 'a' && sqlText[j] <= 'z' || sqlText[j] >= 'A' && sqlText[j] <= 'Z') {
				j++
			}
			return readStatements[strings.ToLower(sqlText[i:j])]
		}
	}
	return false
}

// quoteCloser returns the closing character of a sqlite quoted string or identifier.
func quoteCloser(c byte) (byte, bool) {
	switch c {
	case '\'', '"', '`':
		return c, true
	case '[':
		return ']', true
	}
	return 0, false
}
