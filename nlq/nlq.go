// Package nlq defines the natural-language-to-SQL engine interface shared by the offline
// (rule based) engine and any model-backed engine. Callers turn a user's question plus the
// agent's filtered schema into one read-only SQL statement in the data source's dialect.
package nlq

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/analytics-agent/service/datasource"
)

// ErrorCodeNotUnderstood is the API error code callers report when Generate returns a
// *NotUnderstoodError.
const ErrorCodeNotUnderstood = "question_not_understood"

// Example is a question with its known-good SQL, taken from the organization's templates.
// Engines use examples to answer questions that match them instead of re-deriving SQL.
type Example struct {
	Question string `json:"question"`
	SQL      string `json:"sql"`
}

// Request is everything an engine needs to translate one question.
type Request struct {
	// Question is the user's question in natural language.
	Question string
	// Dialect selects the SQL flavour to emit.
	Dialect datasource.Type
	// Schema is already filtered to the tables and columns the agent may read, so an engine
	// never has to enforce permissions itself: anything it can name is allowed.
	Schema *datasource.Schema
	// SystemPrompt is the agent's instructions; model-backed engines pass it on, the offline
	// engine ignores it.
	SystemPrompt string
	// Examples come from the organization's templates.
	Examples []Example
	// Synonyms optionally maps a word or phrase to a table ("clients" -> "customers"), a
	// column ("turnover" -> "orders.total_amount") or a bare column name.
	Synonyms map[string]string
	// Semantics is the agent's semantic layer (metrics, synonyms, default filters), already
	// validated against the permitted schema; nil when the agent has none.
	Semantics *Semantics
	// Now anchors relative dates such as "last month"; tests pin it.
	Now time.Time
	// OwnerNames are the names of the business asking (its organization, its data source): a
	// question that names it ("how many paintings does Tate hold") asks about all of its data.
	OwnerNames []string
}

// Generation is an engine's answer: the SQL to run and a short human-readable account of how
// the question was read, so users can spot a misreading before trusting the numbers.
type Generation struct {
	SQL         string
	Explanation string
}

// Engine translates questions into SQL.
type Engine interface {
	// Generate returns the SQL for req.Question, or a *NotUnderstoodError when the engine is
	// not confident enough to answer.
	Generate(ctx context.Context, req Request) (Generation, error)
}

// NotUnderstoodError reports that the engine is not confident about the question. Words lists
// the words it could not map to the schema (may be empty when the problem is structural, for
// example no measure or table was found).
type NotUnderstoodError struct {
	Words   []string
	Message string
	// Suggestions are questions the engine can answer over the same tables, for the user to
	// rephrase with ("total orders.total_amount by orders.status").
	Suggestions []string
	// Readings are the meanings an ambiguous name could have, one per table
	// ("customers.ContactName = 'Mia Dubois'", "employees.FirstName = 'Mia' and ..."): the
	// engine refuses to pick one, and the user says which.
	Readings []string
}

// Error implements error.
func (e *NotUnderstoodError) Error() string {
	msg := e.Message
	if msg == "" {
		msg = "question not understood"
	}
	if len(e.Words) == 0 {
		return msg
	}
	return fmt.Sprintf("%s (could not map: %s)", msg, strings.Join(e.Words, ", "))
}

// Code returns the API error code for this error.
func (e *NotUnderstoodError) Code() string { return ErrorCodeNotUnderstood }

// IsNotUnderstood reports whether err (or anything it wraps) is a *NotUnderstoodError and
// returns it.
func IsNotUnderstood(err error) (*NotUnderstoodError, bool) {
	var nu *NotUnderstoodError
	if errors.As(err, &nu) {
		return nu, true
	}
	return nil, false
}

// ErrEngine wraps failures of an engine itself (a provider timeout, a 429, malformed output), as
// opposed to a question it could not map.
var ErrEngine = errors.New("language engine failed")
