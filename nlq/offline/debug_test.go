package offline

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/demo"
	"github.com/analytics-agent/service/nlq"
)

// TestDebugQuestion prints the SQL for the questions in NLQ_Q (separated by ";") over the demo
// database, for working on the grammar:
//
//	NLQ_DEMO_DIR=/tmp/nlqdemo NLQ_Q="top 5 products by revenue" go test -run DebugQuestion -v
//
// NLQ_AGENT=sales_performance reads them with that demo agent's semantic layer; NLQ_DB=sakila
// (or any tuning database of TestEvalSets) reads them over that database instead, NLQ_DEPOT=1
// over the round-5 test schema (depotSchema, SQL only: it has no data), NLQ_LIBRARY=1 over round 6's (librarySchema); NLQ_ITEMS=1
// also prints how each question was scanned (items, keyword kinds, skipped words, readings).
func TestDebugQuestion(t *testing.T) {
	qs := os.Getenv("NLQ_Q")
	if qs == "" {
		t.Skip("set NLQ_Q to print the SQL of questions")
	}
	db, s, _ := benchDatabase(t)
	if name := os.Getenv("NLQ_DB"); name != "" {
		for _, e := range evalSources(t) {
			if e.name == name {
				db, s = openSQLite(t, e.dir, e.file)
			}
		}
	}
	if os.Getenv("NLQ_DEPOT") != "" {
		s = depotSchema()
	}
	if os.Getenv("NLQ_LIBRARY") != "" {
		s = librarySchema() // round 6's test schema, SQL only like the depot
	}
	for _, q := range strings.Split(qs, ";") {
		if os.Getenv("NLQ_ITEMS") != "" {
			// The recognised items, to see how a question was scanned.
			v := New().vocabs.get(s, nil, nil)
			for _, it := range scan(tokenize(q), v.lex, newDateParser(benchNow)) {
				var cs []string
				for _, c := range first2(it.cands) {
					cs = append(cs, fmt.Sprintf("%s(%.2f)", c.key(), c.score))
				}
				t.Logf("  item %d %q kw=%d skipped=%v %v", it.kind, it.text(), it.kw.kind, it.skipped, cs)
			}
		}
		g, err := New().Generate(context.Background(), nlq.Request{Question: q, Dialect: datasource.SQLite, Schema: s, Now: benchNow, Semantics: demo.Semantics(os.Getenv("NLQ_AGENT")), OwnerNames: []string{os.Getenv("NLQ_DB")}})
		if err != nil {
			t.Logf("%s\n  ERROR: %v", q, err)
			continue
		}
		res, qerr := query(context.Background(), db, g.SQL)
		t.Logf("%s\n%s\n-- %s\n-- rows=%d err=%v first=%v", q, g.SQL, g.Explanation, len(res.rows), qerr, first(res.rows))
	}
}

func first2(cs []cand) []cand {
	if len(cs) > 3 {
		return cs[:3]
	}
	return cs
}

func first(rows []string) []string {
	if len(rows) > 3 {
		return rows[:3]
	}
	return rows
}

// TestDebugModel prints how the model reads each column of NLQ_DB (class, role flags), to see
// why a question was read as it was.
func TestDebugModel(t *testing.T) {
	name := os.Getenv("NLQ_MODEL")
	if name == "" {
		t.Skip("set NLQ_MODEL to a public database's name")
	}
	var s *datasource.Schema
	for _, e := range evalSources(t) {
		if e.name == name {
			_, s = openSQLite(t, e.dir, e.file)
		}
	}
	v := New().vocabs.get(s, nil, nil)
	for _, tb := range v.m.tables {
		var lbl, dt string
		if tb.label != nil {
			lbl = tb.label.name
		}
		if tb.date != nil {
			dt = tb.date.name
		}
		t.Logf("table %s words=%v label=%s date=%s", tb.name, tb.words, lbl, dt)
		for _, c := range tb.cols {
			t.Logf("  %s class=%d words=%v nullable=%v yearInt=%v dayOnly=%v samples=%d index=%d", c.name, c.class, c.words, c.nullable, c.yearInt, c.dayOnly, len(c.samples), len(c.index))
		}
		for _, f := range tb.fks {
			t.Logf("  fk %s -> %s.%s (two columns: %v)", f.from.name, f.to.table.name, f.to.name, f.from2 != nil)
		}
	}
}
