package offline

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// benchQuestion is one entry of testdata/questions.json.
type benchQuestion struct {
	Kind        string `json:"kind"`
	Question    string `json:"question"`
	ExpectedSQL string `json:"expected_sql,omitempty"`
	ExpectError string `json:"expect_error,omitempty"`
	Note        string `json:"note,omitempty"`
}

// minAccuracy is the execution accuracy the question set must keep.
const minAccuracy = 0.90

func loadQuestions(t testing.TB) []benchQuestion {
	t.Helper()
	b, err := os.ReadFile("testdata/questions.json")
	if err != nil {
		t.Fatal(err)
	}
	var qs []benchQuestion
	if err := json.Unmarshal(b, &qs); err != nil {
		t.Fatalf("parse questions.json: %v", err)
	}
	return qs
}

// outcome of one question.
type outcome struct {
	q      benchQuestion
	ok     bool
	reason string // why it failed: "refused: ..." (safe) or "wrong: ..." (a wrong answer)
	sql    string
}

// TestQuestionSet runs every question of testdata/questions.json through the engine against
// the demo database (see benchDatabase; today pinned to benchNow), executes generated and
// expected SQL and compares the rows
// (execution accuracy; order matters only when the expected SQL has ORDER BY). It prints
// accuracy per kind and fails below minAccuracy. Run it with
//
//	go test ./nlq/offline -run TestQuestionSet -v
func TestQuestionSet(t *testing.T) {
	ctx := context.Background()
	db, schema, source := benchDatabase(t)
	qs := loadQuestions(t)
	eng := New()
	var outs []outcome
	for _, q := range qs {
		outs = append(outs, runQuestion(ctx, eng, db, schema, q))
	}
	report(t, source, outs)
}

func runQuestion(ctx context.Context, eng *Engine, db *sql.DB, schema *datasource.Schema, q benchQuestion) outcome {
	o := outcome{q: q}
	g, err := eng.Generate(ctx, nlq.Request{Question: q.Question, Dialect: datasource.SQLite, Schema: schema, Now: benchNow})
	o.sql = g.SQL
	if q.ExpectError != "" {
		nu, isNU := nlq.IsNotUnderstood(err)
		switch {
		case isNU && nu.Code() == q.ExpectError:
			o.ok = true
		case err != nil:
			o.reason = "wrong error: " + err.Error()
		default:
			o.reason = "wrong: answered a question it should refuse"
		}
		return o
	}
	if err != nil {
		o.reason = "refused: " + err.Error()
		return o
	}
	want, err := query(ctx, db, q.ExpectedSQL)
	if err != nil {
		o.reason = "bad expected SQL: " + err.Error()
		return o
	}
	got, err := query(ctx, db, g.SQL)
	if err != nil {
		o.reason = "wrong: generated SQL fails: " + err.Error()
		return o
	}
	if !sameResult(got, want, strings.Contains(strings.ToUpper(q.ExpectedSQL), "ORDER BY")) {
		o.reason = fmt.Sprintf("wrong: %d rows x %d cols, want %d x %d; first %v, want %v",
			len(got.rows), got.cols, len(want.rows), want.cols, first(got.rows), first(want.rows))
		return o
	}
	o.ok = true
	return o
}

func report(t *testing.T, source string, outs []outcome) {
	t.Helper()
	type tally struct{ n, ok, refused, wrong int }
	byKind := map[string]*tally{}
	var total tally
	var failures []string
	for _, o := range outs {
		k := byKind[o.q.Kind]
		if k == nil {
			k = &tally{}
			byKind[o.q.Kind] = k
		}
		for _, x := range []*tally{k, &total} {
			x.n++
			switch {
			case o.ok:
				x.ok++
			case strings.HasPrefix(o.reason, "refused"):
				x.refused++
			default:
				x.wrong++
			}
		}
		if !o.ok {
			failures = append(failures, fmt.Sprintf("[%s] %q\n    %s\n    SQL: %s", o.q.Kind, o.q.Question, o.reason, strings.ReplaceAll(o.sql, "\n", " ")))
		}
	}
	kinds := make([]string, 0, len(byKind))
	for k := range byKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var sb strings.Builder
	fmt.Fprintf(&sb, "execution accuracy on %s, today = %s\n", source, day(benchNow))
	fmt.Fprintf(&sb, "%-15s %5s %5s %8s %6s %9s\n", "kind", "total", "ok", "refused", "wrong", "accuracy")
	for _, k := range kinds {
		x := byKind[k]
		fmt.Fprintf(&sb, "%-15s %5d %5d %8d %6d %8.1f%%\n", k, x.n, x.ok, x.refused, x.wrong, 100*float64(x.ok)/float64(x.n))
	}
	acc := float64(total.ok) / float64(total.n)
	fmt.Fprintf(&sb, "%-15s %5d %5d %8d %6d %8.1f%%\n", "ALL", total.n, total.ok, total.refused, total.wrong, 100*acc)
	t.Log("\n" + sb.String())
	for _, f := range failures {
		t.Log(f)
	}
	if acc < minAccuracy {
		t.Errorf("execution accuracy %.1f%% is below %.0f%%", 100*acc, 100*minAccuracy)
	}
}

// BenchmarkGenerate measures translation alone (no database), over the whole question set.
func BenchmarkGenerate(b *testing.B) {
	_, schema, _ := benchDatabase(b)
	qs := loadQuestions(b)
	eng := New()
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q := qs[i%len(qs)]
		_, _ = eng.Generate(ctx, nlq.Request{Question: q.Question, Dialect: datasource.SQLite, Schema: schema, Now: benchNow})
	}
}
