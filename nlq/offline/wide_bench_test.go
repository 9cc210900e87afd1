package offline

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// wideSchema is a 100-table schema: 20 domains of five linked tables each (a CamelCase and a
// snake_case half), with labels, measures, dates, categories with sampled values and a
// self-reference, so every stage of the engine has work to do.
func wideSchema() *datasource.Schema {
	s := &datasource.Schema{}
	for d := 0; d < 20; d++ {
		for k, kind := range []string{"clients", "projects", "invoices", "invoice_lines", "staff_members"} {
			name := fmt.Sprintf("%s_%02d", kind, d)
			t := datasource.Table{Name: name, PrimaryKey: []string{"id"}}
			t.Columns = []datasource.Column{{Name: "id", Type: "INTEGER"}, {Name: kind[:len(kind)-1] + "_name", Type: "TEXT"},
				{Name: "status", Type: "TEXT", SampleValues: []string{"open", "closed", "on hold"}},
				{Name: "created_at", Type: "DATE"}, {Name: "total_amount", Type: "NUMERIC"}, {Name: "DurationMinutes", Type: "INTEGER"},
				{Name: "UnitsInStock", Type: "INTEGER"}, {Name: "region", Type: "TEXT", SampleValues: []string{"North", "South", "East", "West"}}}
			if k > 0 {
				prev := fmt.Sprintf("%s_%02d", []string{"clients", "projects", "invoices", "invoice_lines"}[k-1], d)
				t.Columns = append(t.Columns, datasource.Column{Name: "parent_id", Type: "INTEGER"})
				t.ForeignKeys = []datasource.ForeignKey{{Columns: []string{"parent_id"}, RefTable: prev, RefColumns: []string{"id"}}}
			}
			if kind == "staff_members" {
				t.Columns = append(t.Columns, datasource.Column{Name: "supervisor_id", Type: "INTEGER"})
				t.ForeignKeys = append(t.ForeignKeys, datasource.ForeignKey{Columns: []string{"supervisor_id"}, RefTable: name, RefColumns: []string{"id"}})
			}
			s.Tables = append(s.Tables, t)
		}
	}
	return s
}

// wideSchemaIndexed is wideSchema with a full value index: 2,000 names per table, 200,000 in
// all (the per data source budget).
func wideSchemaIndexed() *datasource.Schema {
	s := wideSchema()
	for _, t := range s.Tables {
		p := datasource.ColumnProfile{Table: t.Name, Column: t.Columns[1].Name, Rows: 10000, NonNull: 10000, Distinct: 2000}
		for j := 0; j < 2000; j++ {
			p.Values = append(p.Values, fmt.Sprintf("%s Person %d", strings.ToUpper(t.Name[:1])+t.Name[1:], j))
		}
		s.Profile = append(s.Profile, p)
	}
	return s
}

var wideQuestions = []string{
	"how many invoices_07 are there",
	"total amount of invoices_03 by region",
	"number of projects_12 per month in 2024",
	"clients_05 without projects_05",
	"top 5 clients_09 by total amount",
	"average duration of projects_01",
	"what is the meaning of life",
}

// BenchmarkGenerateWideSchema measures one question's translation (model, lexicon, scan,
// resolve, render) over a 100-table schema and reports the median per question:
//
//	go test -run '^$' -bench GenerateWideSchema -benchtime 200x ./nlq/offline/
func BenchmarkGenerateWideSchema(b *testing.B) {
	schema := wideSchema()
	eng := New()
	ctx := context.Background()
	durs := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		_, _ = eng.Generate(ctx, nlq.Request{Question: wideQuestions[i%len(wideQuestions)], Dialect: datasource.Postgres, Schema: schema, Now: benchNow})
		durs = append(durs, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	b.ReportMetric(float64(durs[len(durs)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(durs[len(durs)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkGenerateWideSchemaValueIndex is BenchmarkGenerateWideSchema with a full value index
// and questions that name indexed values.
//
//	go test -run '^$' -bench GenerateWideSchemaValueIndex -benchtime 200x ./nlq/offline/
func BenchmarkGenerateWideSchemaValueIndex(b *testing.B) {
	schema := wideSchemaIndexed()
	questions := append([]string{"total amount of invoices_03 of Clients_03 Person 17",
		"how many projects_12 does Clients_12 Person 1999 have"}, wideQuestions...)
	eng := New()
	ctx := context.Background()
	eng.Generate(ctx, nlq.Request{Question: questions[0], Dialect: datasource.Postgres, Schema: schema, Now: benchNow})
	durs := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		_, _ = eng.Generate(ctx, nlq.Request{Question: questions[i%len(questions)], Dialect: datasource.Postgres, Schema: schema, Now: benchNow})
		durs = append(durs, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	b.ReportMetric(float64(durs[len(durs)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(durs[len(durs)*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkBuildVocabularyWideSchemaValueIndex measures building the vocabulary with a full
// 200,000-value index: paid once per refresh (or change of permissions or semantics).
func BenchmarkBuildVocabularyWideSchemaValueIndex(b *testing.B) {
	schema := wideSchemaIndexed()
	for i := 0; i < b.N; i++ {
		var c vocabCache
		c.get(schema, nil, nil)
	}
}

// BenchmarkBuildVocabularyWideSchema measures what a schema refresh (or the first question
// after it) costs: classifying a 100-table schema and building its lexicon.
func BenchmarkBuildVocabularyWideSchema(b *testing.B) {
	schema := wideSchema()
	for i := 0; i < b.N; i++ {
		var c vocabCache
		c.get(schema, nil, nil)
	}
}
