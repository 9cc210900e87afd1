package llm

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"

	"github.com/analytics-agent/service/nlq"
)

// errMalformed is wrapped by parse errors; Generate reports them as malformed output.
var errMalformed = errors.New("malformed output")

var (
	// thinkBlock matches the reasoning some local models (deepseek-r1, qwq) print before
	// answering.
	thinkBlock = regexp.MustCompile(`(?is)<think>.*?</think>`)
	// fenced matches a ``` block with an optional language tag.
	fenced = regexp.MustCompile("(?s)```([A-Za-z0-9_-]*)[ \t]*\n?(.*?)```")
	// bareQuery matches a SELECT or WITH starting a line.
	bareQuery = regexp.MustCompile(`(?im)^[ \t]*(SELECT|WITH)\b`)
	// cannotRe matches the CANNOT_ANSWER marker at the start of a line (after markup such as
	// ` or **) and what follows it on the line. Anchoring keeps a query that merely contains
	// the words, in a literal, from reading as a refusal.
	cannotRe = regexp.MustCompile(`(?im)^[^\w\n]*CANNOT[_ ]ANSWER\b[^\w\n]*([^\n]*)`)
)

// jsonAnswer is the answer format the prompt asks for. Query and CannotAnswer are accepted
// because models drift from the requested key names.
type jsonAnswer struct {
	SQL          *string         `json:"sql"`
	Query        *string         `json:"query"`
	Explanation  string          `json:"explanation"`
	CannotAnswer json.RawMessage `json:"cannot_answer"`
}

// parseOutput turns the model's text into a Generation. It accepts, in order: a JSON object
// (possibly fenced or surrounded by prose), the CANNOT_ANSWER marker, a fenced SQL block, and
// a bare SELECT/WITH. Errors are *nlq.NotUnderstoodError or wrap errMalformed.
func parseOutput(out string) (nlq.Generation, error) {
	text := strings.ReplaceAll(out, "\r\n", "\n")
	text = strings.TrimSpace(thinkBlock.ReplaceAllString(text, ""))
	if text == "" {
		return nlq.Generation{}, errors.Join(errMalformed, errors.New("empty answer"))
	}

	if ans, ok := findJSON(text); ok {
		sql := ""
		if ans.SQL != nil {
			sql = *ans.SQL
		} else if ans.Query != nil {
			sql = *ans.Query
		}
		if words, ok := cannotWords(ans.CannotAnswer); ok {
			return nlq.Generation{}, notUnderstood(words, ans.Explanation)
		}
		if m := cannotRe.FindStringSubmatch(sql); m != nil {
			return nlq.Generation{}, notUnderstood(splitWords(m[1]), ans.Explanation)
		}
		if sql = cleanSQL(sql); sql != "" {
			return nlq.Generation{SQL: sql, Explanation: strings.TrimSpace(ans.Explanation)}, nil
		}
		// An object without SQL: fall through, the text may still say CANNOT_ANSWER.
	}

	if m := cannotRe.FindStringSubmatch(text); m != nil {
		return nlq.Generation{}, notUnderstood(splitWords(m[1]), "")
	}

	for _, m := range fenced.FindAllStringSubmatch(text, -1) {
		lang, body := strings.ToLower(m[1]), m[2]
		if lang == "sql" || (lang == "" && bareQuery.MatchString(body)) {
			if sql := cleanSQL(body); sql != "" {
				return nlq.Generation{SQL: sql, Explanation: proseAround(text, m[0])}, nil
			}
		}
	}

	if loc := bareQuery.FindStringIndex(text); loc != nil {
		if sql := cleanSQL(firstStatement(text[loc[0]:])); sql != "" {
			return nlq.Generation{SQL: sql, Explanation: strings.TrimSpace(text[:loc[0]])}, nil
		}
	}
	return nlq.Generation{}, errors.Join(errMalformed, errors.New("no SQL query, JSON answer or "+cannotAnswer+" found"))
}

// findJSON decodes the first JSON object in text that has one of the answer keys.
func findJSON(text string) (jsonAnswer, bool) {
	for i := 0; i < len(text); i++ {
		if text[i] != '{' {
			continue
		}
		var raw map[string]json.RawMessage
		dec := json.NewDecoder(strings.NewReader(text[i:]))
		if dec.Decode(&raw) != nil {
			continue
		}
		_, hasSQL := raw["sql"]
		_, hasQuery := raw["query"]
		_, hasCannot := raw["cannot_answer"]
		if !hasSQL && !hasQuery && !hasCannot {
			continue
		}
		var ans jsonAnswer
		dec = json.NewDecoder(strings.NewReader(text[i:]))
		if dec.Decode(&ans) != nil {
			continue // e.g. "sql": 42
		}
		return ans, true
	}
	return jsonAnswer{}, false
}

// cannotWords reads a cannot_answer field: a list of words, a string, or true.
func cannotWords(raw json.RawMessage) ([]string, bool) {
	if len(raw) == 0 || string(raw) == "null" || string(raw) == "false" {
		return nil, false
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return list, len(list) > 0
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return splitWords(s), strings.TrimSpace(s) != ""
	}
	return nil, string(raw) == "true"
}

func notUnderstood(words []string, explanation string) *nlq.NotUnderstoodError {
	msg := "the data available to this agent cannot answer the question"
	if e := strings.TrimSpace(explanation); e != "" {
		msg += ": " + e
	}
	return &nlq.NotUnderstoodError{Words: words, Message: msg}
}

// splitWords splits the concepts listed after CANNOT_ANSWER.
func splitWords(s string) []string {
	s = strings.Trim(strings.TrimSpace(s), "`\"'.*")
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		w = strings.Trim(strings.TrimSpace(w), "`\"'.*")
		w = strings.TrimPrefix(w, "and ")
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// cleanSQL trims whitespace and trailing semicolons: the guard accepts one statement, and
// drivers reject a trailing ";" in some dialects.
func cleanSQL(s string) string {
	s = strings.TrimSpace(s)
	for strings.HasSuffix(s, ";") {
		s = strings.TrimSpace(strings.TrimSuffix(s, ";"))
	}
	return s
}

// proseAround returns the text outside block, as a best-effort explanation.
func proseAround(text, block string) string {
	before, after, _ := strings.Cut(text, block)
	return strings.TrimSpace(strings.TrimSpace(before) + " " + strings.TrimSpace(after))
}

// firstStatement cuts a bare query out of the prose that may follow it: at the first
// semicolon outside a string literal or, without one, at the first blank line.
func firstStatement(s string) string {
	inQuote := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'':
			inQuote = !inQuote
		case ';':
			if !inQuote {
				return s[:i]
			}
		}
	}
	if i := strings.Index(s, "\n\n"); i >= 0 {
		return s[:i]
	}
	return s
}
