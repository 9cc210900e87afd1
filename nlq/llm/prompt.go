package llm

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// cannotAnswer is the marker the model is told to reply with when the schema cannot answer.
const cannotAnswer = "CANNOT_ANSWER"

// Prompt size bounds. They keep one organization's many templates or a wide sampled column
// from crowding out the schema.
const (
	maxExamples     = 20
	maxSampleValues = 10
	maxSampleLen    = 60
	maxSynonyms     = 50
	listingLimit    = 100
)

// dialectNotes tells the model the syntax and date functions of each dialect, limited to
// functions nlq/guard allows.
var dialectNotes = map[datasource.Type]string{
	datasource.Postgres: `PostgreSQL. Quote identifiers with double quotes only when needed. Dates: CURRENT_DATE, ` +
		`date_trunc('month', t.col), EXTRACT(YEAR FROM t.col), to_char(t.col, 'YYYY-MM'), ` +
		`DATE '2024-01-31', t.col + INTERVAL '1 day'. Use ILIKE for case-insensitive matching.`,
	datasource.MySQL: "MySQL 8. Quote identifiers with backticks only when needed; strings with single quotes. " +
		"Dates: CURDATE(), DATE_FORMAT(t.col, '%Y-%m'), YEAR(t.col), MONTH(t.col), " +
		"DATE_SUB(d, INTERVAL 1 MONTH), DATE_ADD(d, INTERVAL 7 DAY), DATEDIFF(a, b), '2024-01-31' literals.",
	datasource.SQLite: `SQLite. Dates are stored as ISO-8601 text ('2024-01-31' or '2024-01-31 10:00:00'); ` +
		`use date(t.col), strftime('%Y-%m', t.col), strftime('%Y', t.col), date('2024-01-31', '-1 month'), ` +
		`julianday(a) - julianday(b). There is no date_trunc, EXTRACT or INTERVAL.`,
}

// BuildPrompt returns the system and user messages sent for req. It is exported so tests (and
// operators debugging a bad answer) can see exactly what a provider receives.
//
// Only req.Schema is described, and the caller has filtered it to the permitted tables and
// columns. Foreign keys to tables outside it are left out, and examples or synonyms that name a
// table or column outside it are dropped, so neither reveals what the agent may not read.
// Unqualified column names in example SQL cannot be attributed to a table without parsing and
// are not checked: callers should pass examples written against permitted columns.
func BuildPrompt(req nlq.Request) (system, user string) {
	var b strings.Builder
	if p := strings.TrimSpace(req.SystemPrompt); p != "" {
		b.WriteString("Agent instructions:\n")
		b.WriteString(p)
		b.WriteString("\n\n")
	}

	dialect := req.Dialect
	notes, ok := dialectNotes[dialect]
	if !ok {
		notes = string(dialect) + "."
	}
	fmt.Fprintf(&b, "You translate questions about a database into one SQL query.\n\nSQL dialect: %s\n\n", notes)

	now := req.Now
	if now.IsZero() {
		now = time.Now()
	}
	fmt.Fprintf(&b, "Today is %s (%s). Resolve relative periods (\"last month\", \"this year\", \"past 7 days\") "+
		"from this date and write their boundaries as date literals, as half-open ranges (col >= start AND col < end).\n\n",
		now.Format("2006-01-02"), now.Weekday())

	b.WriteString("Rules:\n")
	rules := []string{
		"Write exactly one read-only SELECT statement (WITH ... SELECT is fine). Never INSERT, UPDATE, DELETE, " +
			"DDL, SELECT INTO, FOR UPDATE, or several statements.",
		"Use only the tables and columns listed under Schema. Anything not listed does not exist.",
		"List the columns you need explicitly; never SELECT *.",
		"Qualify every column with its table name or alias (customers.name, c.name).",
		fmt.Sprintf("When the answer lists rows rather than aggregates, order them meaningfully and add LIMIT %d "+
			"unless the question asks for a number of rows.", listingLimit),
		"Give computed columns short readable aliases (AS total_revenue).",
		"Join tables through the listed foreign keys.",
		`Answer with only a JSON object, no other text: {"sql": "<the query>", "explanation": "<one sentence, ` +
			`in the language of the question, saying which tables, filters and period you used>"}`,
		"If the schema cannot answer the question, do not guess: answer only `" + cannotAnswer +
			": <comma-separated concepts from the question that the schema lacks>`, for example `" + cannotAnswer +
			": refunds, churn rate`.",
	}
	for i, r := range rules {
		fmt.Fprintf(&b, "%d. %s\n", i+1, r)
	}

	b.WriteString("\nSchema:\n")
	writeSchema(&b, req.Schema)

	if syn := permittedSynonyms(req.Synonyms, req.Schema); len(syn) > 0 {
		b.WriteString("\nVocabulary of this organization:\n")
		for _, s := range syn {
			b.WriteString(s)
			b.WriteByte('\n')
		}
	}

	if names := ownerNames(req.OwnerNames); names != "" {
		// "How many paintings does Tate hold": the business is the whole database, never a
		// filter on a column that happens to mention it.
		fmt.Fprintf(&b, "\nThe business asking is called %s: a question that names it means all of the data, not rows that mention the name.\n", names)
	}

	if sem := req.Semantics.Describe(); len(sem) > 0 {
		// Validated against the permitted schema when saved; definitions are the agent's
		// business rules, so they override the model's own reading of a word.
		b.WriteString("\nBusiness definitions of this agent (always apply them when the question uses these words):\n")
		for _, s := range sem {
			b.WriteString("- " + s + "\n")
		}
	}

	if ex := permittedExamples(req.Examples, req.Schema); len(ex) > 0 {
		b.WriteString("\nExamples of questions with their correct answers:\n")
		for _, e := range ex {
			ans, _ := json.Marshal(struct {
				SQL string `json:"sql"`
			}{strings.TrimSpace(e.SQL)})
			fmt.Fprintf(&b, "\nQuestion: %s\nAnswer: %s\n", oneLine(e.Question), ans)
		}
	}

	user = "Question: " + strings.TrimSpace(req.Question) + "\n\nAnswer with the JSON object only, or " + cannotAnswer + "."
	return b.String(), user
}

// writeSchema renders the permitted schema as CREATE TABLE statements, which models read
// reliably, with row counts and sampled values as comments.
func writeSchema(b *strings.Builder, s *datasource.Schema) {
	if s == nil || len(s.Tables) == 0 {
		b.WriteString("(no tables are available)\n")
		return
	}
	for _, t := range s.Tables {
		kind := "TABLE"
		if strings.EqualFold(t.Kind, "view") {
			kind = "VIEW"
		}
		fmt.Fprintf(b, "CREATE %s %s (", kind, t.Name)
		if t.RowCount >= 0 {
			fmt.Fprintf(b, " -- about %d rows", t.RowCount)
		}
		b.WriteByte('\n')

		var lines, comments []string
		for _, c := range t.Columns {
			line := "  " + c.Name + " " + c.Type
			if !c.Nullable {
				line += " NOT NULL"
			}
			lines = append(lines, line)
			comments = append(comments, sampleComment(c.SampleValues))
		}
		if pk := permittedColumns(&t, t.PrimaryKey); len(pk) == len(t.PrimaryKey) && len(pk) > 0 {
			lines = append(lines, "  PRIMARY KEY ("+strings.Join(pk, ", ")+")")
			comments = append(comments, "")
		}
		for _, fk := range t.ForeignKeys {
			ref := s.Table(fk.RefTable)
			// A key to a table or column the agent cannot read would name it: leave it out.
			if ref == nil || len(permittedColumns(&t, fk.Columns)) != len(fk.Columns) ||
				len(permittedColumns(ref, fk.RefColumns)) != len(fk.RefColumns) || len(fk.Columns) == 0 {
				continue
			}
			lines = append(lines, fmt.Sprintf("  FOREIGN KEY (%s) REFERENCES %s(%s)",
				strings.Join(fk.Columns, ", "), ref.Name, strings.Join(fk.RefColumns, ", ")))
			comments = append(comments, "")
		}
		for i, l := range lines {
			b.WriteString(l)
			if i < len(lines)-1 {
				b.WriteByte(',')
			}
			if comments[i] != "" {
				b.WriteString(" -- " + comments[i])
			}
			b.WriteByte('\n')
		}
		b.WriteString(");\n")
	}
}

// sampleComment lists a few sampled values so the model writes country = 'BR' rather than
// 'Brazil'. Values are data, so they are quoted, trimmed and kept on one line: a value must
// not be able to pose as an instruction.
func sampleComment(values []string) string {
	if len(values) == 0 {
		return ""
	}
	n := min(len(values), maxSampleValues)
	quoted := make([]string, 0, n)
	for _, v := range values[:n] {
		v = oneLine(v)
		if r := []rune(v); len(r) > maxSampleLen {
			v = string(r[:maxSampleLen]) + "…"
		}
		quoted = append(quoted, "'"+strings.ReplaceAll(v, "'", "''")+"'")
	}
	s := "values: " + strings.Join(quoted, ", ")
	if len(values) > n {
		s += ", ..."
	}
	return s
}

// permittedColumns returns the names in cols that are columns of t, spelled as in t.
func permittedColumns(t *datasource.Table, cols []string) []string {
	var out []string
	for _, c := range cols {
		if col := t.Column(c); col != nil {
			out = append(out, col.Name)
		}
	}
	return out
}

// permittedSynonyms renders synonyms whose target is a permitted table, table.column or bare
// column name, sorted for a stable prompt.
func permittedSynonyms(syn map[string]string, s *datasource.Schema) []string {
	if len(syn) == 0 || s == nil {
		return nil
	}
	var out []string
	for word, target := range syn {
		word, target = oneLine(word), strings.TrimSpace(target)
		if word == "" || !targetPermitted(target, s) {
			continue
		}
		out = append(out, fmt.Sprintf("- %q means %s", word, target))
	}
	sort.Strings(out)
	if len(out) > maxSynonyms {
		out = out[:maxSynonyms]
	}
	return out
}

func targetPermitted(target string, s *datasource.Schema) bool {
	if target == "" {
		return false
	}
	if s.Table(target) != nil {
		return true
	}
	if i := strings.LastIndexByte(target, '.'); i > 0 {
		t := s.Table(target[:i])
		return t != nil && t.Column(target[i+1:]) != nil
	}
	for i := range s.Tables {
		if s.Tables[i].Column(target) != nil {
			return true
		}
	}
	return false
}

// permittedExamples keeps the examples whose SQL reads only permitted tables and qualified
// columns, up to maxExamples.
func permittedExamples(examples []nlq.Example, s *datasource.Schema) []nlq.Example {
	var out []nlq.Example
	for _, e := range examples {
		if strings.TrimSpace(e.Question) == "" || strings.TrimSpace(e.SQL) == "" {
			continue
		}
		if s == nil || !sqlPermitted(e.SQL, s) {
			continue
		}
		out = append(out, e)
		if len(out) == maxExamples {
			break
		}
	}
	return out
}

// ownerNames quotes the business's names on one line each, cut like sample values: they are
// the tenant's own text.
func ownerNames(names []string) string {
	var quoted []string
	for _, n := range names {
		n = oneLine(n)
		if r := []rune(n); len(r) > maxSampleLen {
			n = string(r[:maxSampleLen]) + "…"
		}
		if n != "" {
			quoted = append(quoted, "'"+strings.ReplaceAll(n, "'", "''")+"'")
		}
	}
	return strings.Join(quoted, " or ")
}

// oneLine collapses whitespace so a value cannot break the prompt's layout.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, unicode.IsSpace), " ")
}
