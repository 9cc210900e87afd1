package nlq

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/analytics-agent/service/datasource"
)

// Error codes of questions refused for what they ask rather than for how they are worded.
const (
	// ErrorCodeRejected: the question asks to change data or names a table outside the agent.
	ErrorCodeRejected = "sql_rejected"
	// ErrorCodeColumnNotPermitted: the question asks for a column the agent may not read.
	ErrorCodeColumnNotPermitted = "column_not_permitted"
)

// RestrictedError reports a question that asks for something the agent may not do or see: a
// write, a table outside the agent or a denied column. Saying so is more useful (and no less
// safe) than "not understood": the name was typed by the user, and the admin chose to hide it.
type RestrictedError struct {
	Code    string
	Table   string
	Column  string
	Words   []string
	Message string
}

func (e *RestrictedError) Error() string { return e.Message }

// writeVerbs open questions that would change data or the schema.
var writeVerbs = map[string]bool{"delete": true, "remove": true, "drop": true, "truncate": true, "update": true,
	"insert": true, "alter": true, "create": true, "grant": true, "revoke": true, "modify": true, "erase": true,
	"purge": true, "rename": true, "overwrite": true, "wipe": true, "destroy": true, "set": true, "add": true, "change": true}

// writeObjects make "add"/"set"/"change"/"create" (also everyday words: "add up", "set of") a
// write only when followed by what is written.
var softWrite = map[string]bool{"set": true, "add": true, "change": true, "create": true, "modify": true, "update": true, "remove": true}

// AsksToWrite reports whether a question asks to change data ("delete the cancelled orders",
// "drop table customers", "update the price of ..."), returning the verb.
func AsksToWrite(question string) (string, bool) {
	ws := words(question)
	for len(ws) > 0 && (ws[0] == "please" || ws[0] == "can" || ws[0] == "could" || ws[0] == "you" || ws[0] == "kindly" || ws[0] == "i" || ws[0] == "want" || ws[0] == "to" || ws[0] == "would" || ws[0] == "like") {
		ws = ws[1:]
	}
	if len(ws) < 2 || !writeVerbs[ws[0]] {
		return "", false
	}
	if softWrite[ws[0]] {
		next := ws[1]
		if next == "up" || next == "of" || next == "over" || next == "in" || next == "between" || next == "per" {
			return "", false // "add up the sales", "change in revenue"
		}
		if ws[0] == "change" || ws[0] == "add" {
			// "change the status of order 5 to cancelled", "add a customer": a target follows.
			if next != "the" && next != "a" && next != "an" && next != "new" && next != "all" && next != "every" {
				return "", false
			}
		}
	}
	return ws[0], true
}

// Restricted explains a refusal by what the agent may not see: when a word the engine could not
// place (or, failing that, any word of the question) names a table of the data source outside
// permitted, or a column of a permitted table that is hidden from the agent, it returns a
// *RestrictedError. full is the data source's whole schema, permitted what the agent reads.
func Restricted(question string, unplaced []string, full, permitted *datasource.Schema) *RestrictedError {
	if full == nil || permitted == nil {
		return nil
	}
	cands := unplaced
	if len(cands) == 0 {
		cands = []string{question}
	}
	text := " " + strings.Join(normWords(strings.Join(cands, " ")), " ") + " "
	whole := " " + strings.Join(normWords(question), " ") + " "
	// Columns first: "customer email" names the permitted customers table and its hidden email.
	// A table the question names is tried before the others ("emails of sales reps").
	var tables []datasource.Table
	for _, pass := range []bool{true, false} {
		for _, t := range full.Tables {
			if strings.Contains(whole, " "+strings.Join(normWords(t.Name), " ")+" ") == pass {
				tables = append(tables, t)
			}
		}
	}
	for _, t := range tables {
		pt := permitted.Table(t.Name)
		if pt == nil {
			continue
		}
		for _, c := range t.Columns {
			if pt.Column(c.Name) != nil {
				continue
			}
			if n := strings.Join(normWords(c.Name), " "); n != "" && !genericName[n] && strings.Contains(text, " "+n+" ") {
				return &RestrictedError{Code: ErrorCodeColumnNotPermitted, Table: t.Name, Column: t.Name + "." + c.Name, Words: []string{n},
					Message: fmt.Sprintf("this agent may not read %s.%s", t.Name, c.Name)}
			}
		}
	}
	for _, t := range full.Tables {
		if permitted.Table(t.Name) != nil {
			continue
		}
		n := strings.Join(normWords(t.Name), " ")
		if n != "" && !genericName[n] && strings.Contains(text, " "+n+" ") {
			return &RestrictedError{Code: ErrorCodeRejected, Table: t.Name, Words: []string{n},
				Message: fmt.Sprintf("table %s is not available to this agent", t.Name)}
		}
	}
	return nil
}

// genericName are names too vague to say the user asked for that table or column.
var genericName = map[string]bool{"id": true, "name": true, "date": true, "type": true, "status": true, "code": true,
	"value": true, "data": true, "info": true, "note": true, "description": true, "created at": true, "updated at": true}

// words lower-cases a text and splits it on anything but letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// normWords splits identifiers and text alike (snake_case, CamelCase, spaces) into singular
// lower-case words.
func normWords(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		for _, p := range splitCamel(w) {
			out = append(out, singularWord(strings.ToLower(p)))
		}
	}
	return out
}

// splitCamel splits "UnitsInStock" into Units, In, Stock and "HTTPCode" into HTTP, Code.
func splitCamel(w string) []string {
	rs := []rune(w)
	var out []string
	start := 0
	for i := 1; i < len(rs); i++ {
		lowerToUpper := unicode.IsLower(rs[i-1]) && unicode.IsUpper(rs[i])
		acronymEnd := i+1 < len(rs) && unicode.IsUpper(rs[i-1]) && unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i+1])
		if lowerToUpper || acronymEnd {
			out = append(out, string(rs[start:i]))
			start = i
		}
	}
	return append(out, string(rs[start:]))
}

// singularWord is a light English singular, enough to compare names with questions.
func singularWord(w string) string {
	switch {
	case len(w) <= 3 || strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ses") || strings.HasSuffix(w, "xes") || strings.HasSuffix(w, "ches") || strings.HasSuffix(w, "shes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}
