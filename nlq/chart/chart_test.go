package chart

import (
	"encoding/json"
	"testing"
	"time"
)

func f(v float64) *float64 { return &v }

func TestChoose(t *testing.T) {
	tests := []struct {
		name    string
		columns []Column
		rows    []map[string]any
		want    string
		labels  []string
		series  []string
	}{
		{
			name:    "no rows",
			columns: []Column{{"region", "text"}, {"revenue", "numeric"}},
			want:    Table,
		},
		{
			name:    "single value",
			columns: []Column{{"order_count", "integer"}},
			rows:    []map[string]any{{"order_count": int64(42)}},
			want:    Table,
		},
		{
			name:    "one record with a key, a date and an amount",
			columns: []Column{{"order_id", "integer"}, {"order_date", "date"}, {"total_amount", "numeric"}},
			rows:    []map[string]any{{"order_id": int64(10907), "order_date": "2024-06-15", "total_amount": 101699.67}},
			want:    Table,
		},
		{
			name:    "one category and its measure",
			columns: []Column{{"region", "text"}, {"revenue", "numeric"}},
			rows:    []map[string]any{{"region": "EMEA", "revenue": 12.5}},
			want:    Table,
		},
		{
			name:    "records listed by key, date and amount are no pivot",
			columns: []Column{{"order_id", "integer"}, {"order_date", "date"}, {"total_amount", "numeric"}},
			rows: []map[string]any{
				{"order_id": int64(1), "order_date": "2024-06-15", "total_amount": 10.0},
				{"order_id": int64(2), "order_date": "2024-06-16", "total_amount": 20.0},
				{"order_id": int64(3), "order_date": "2024-06-17", "total_amount": 30.0},
			},
			want: Table,
		},
		{
			name:    "month text bucket and measure",
			columns: []Column{{"month", "text"}, {"revenue", ""}},
			rows: []map[string]any{
				{"month": "2024-01", "revenue": 10.5},
				{"month": "2024-02", "revenue": 12.0},
			},
			want:   Line,
			labels: []string{"2024-01", "2024-02"},
			series: []string{"revenue"},
		},
		{
			name:    "date typed column with two measures",
			columns: []Column{{"day", "date"}, {"clicks", "integer"}, {"conversions", "integer"}},
			rows: []map[string]any{
				{"day": time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC), "clicks": int64(5), "conversions": int64(1)},
				{"day": time.Date(2024, 3, 2, 0, 0, 0, 0, time.UTC), "clicks": int64(7), "conversions": int64(2)},
			},
			want:   Line,
			labels: []string{"2024-03-01", "2024-03-02"},
			series: []string{"clicks", "conversions"},
		},
		{
			name:    "quarter labels untyped",
			columns: []Column{{"quarter", ""}, {"total", ""}},
			rows: []map[string]any{
				{"quarter": "2024-Q1", "total": 1.0},
				{"quarter": "2024-Q2", "total": 2.0},
			},
			want: Line,
		},
		{
			name:    "few categories of an additive measure",
			columns: []Column{{"segment", "text"}, {"order_count", "integer"}},
			rows: []map[string]any{
				{"segment": "Consumer", "order_count": int64(10)},
				{"segment": "Corporate", "order_count": int64(5)},
				{"segment": "SMB", "order_count": int64(3)},
			},
			want:   Pie,
			labels: []string{"Consumer", "Corporate", "SMB"},
			series: []string{"order_count"},
		},
		{
			name:    "few categories of an average is a bar",
			columns: []Column{{"segment", "text"}, {"avg_total_amount", "numeric"}},
			rows: []map[string]any{
				{"segment": "Consumer", "avg_total_amount": 10.0},
				{"segment": "Corporate", "avg_total_amount": 5.0},
			},
			want: Bar,
		},
		{
			name:    "negative value rules out pie",
			columns: []Column{{"segment", "text"}, {"profit", "numeric"}},
			rows: []map[string]any{
				{"segment": "A", "profit": 10.0},
				{"segment": "B", "profit": -5.0},
			},
			want: Bar,
		},
		{
			name:    "many categories",
			columns: []Column{{"product", "text"}, {"revenue", "numeric"}},
			rows:    manyRows(8),
			want:    Bar,
		},
		{
			name:    "too many categories for a bar",
			columns: []Column{{"product", "text"}, {"revenue", "numeric"}},
			rows:    manyRows(60),
			want:    Table,
		},
		{
			name:    "mysql decimals as bytes",
			columns: []Column{{"product", "VARCHAR"}, {"revenue", ""}},
			rows:    append(manyRows(7), map[string]any{"product": "x", "revenue": []byte("12.50")}),
			want:    Bar,
		},
		{
			name:    "two measures",
			columns: []Column{{"spend", "numeric"}, {"revenue", "numeric"}},
			rows: []map[string]any{
				{"spend": 1.0, "revenue": 3.0},
				{"spend": 2.0, "revenue": 5.0},
			},
			want:   Scatter,
			labels: []string{"1", "2"},
			series: []string{"spend", "revenue"},
		},
		{
			name:    "two measures with point names",
			columns: []Column{{"campaign", "text"}, {"spend", "numeric"}, {"revenue", "numeric"}},
			rows: []map[string]any{
				{"campaign": "Spring Sale", "spend": 1.0, "revenue": 3.0},
				{"campaign": "Black Friday", "spend": 2.0, "revenue": 5.0},
			},
			want:   Scatter,
			labels: []string{"Spring Sale", "Black Friday"},
		},
		{
			name:    "time by category pivots into series",
			columns: []Column{{"region", "text"}, {"month", "text"}, {"revenue", "numeric"}},
			rows: []map[string]any{
				{"region": "EMEA", "month": "2024-01", "revenue": 1.0},
				{"region": "APAC", "month": "2024-01", "revenue": 2.0},
				{"region": "EMEA", "month": "2024-02", "revenue": 3.0},
			},
			want:   Line,
			labels: []string{"2024-01", "2024-02"},
			series: []string{"EMEA", "APAC"},
		},
		{
			name:    "category by category pivots into bars",
			columns: []Column{{"region", "text"}, {"segment", "text"}, {"revenue", "numeric"}},
			rows: []map[string]any{
				{"region": "EMEA", "segment": "SMB", "revenue": 1.0},
				{"region": "APAC", "segment": "Corporate", "revenue": 2.0},
			},
			want:   Bar,
			labels: []string{"EMEA", "APAC"},
			series: []string{"SMB", "Corporate"},
		},
		{
			name:    "ids are not measures",
			columns: []Column{{"id", "integer"}, {"name", "text"}},
			rows:    []map[string]any{{"id": int64(1), "name": "a"}, {"id": int64(2), "name": "b"}},
			want:    Table,
		},
		{
			name:    "wide listing",
			columns: []Column{{"id", "integer"}, {"name", "text"}, {"email", "text"}, {"country", "text"}},
			rows:    []map[string]any{{"id": int64(1), "name": "a", "email": "e", "country": "c"}},
			want:    Table,
		},
		{
			name:    "numeric year column is time",
			columns: []Column{{"year", "integer"}, {"revenue", "numeric"}},
			rows: []map[string]any{
				{"year": int64(2023), "revenue": 1.0},
				{"year": int64(2024), "revenue": 2.0},
			},
			want:   Line,
			labels: []string{"2023", "2024"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Choose(tt.columns, tt.rows)
			if got.Type != tt.want {
				t.Fatalf("type = %q, want %q (data %+v)", got.Type, tt.want, got.Data)
			}
			if tt.labels != nil && !equal(got.Data.Labels, tt.labels) {
				t.Errorf("labels = %v, want %v", got.Data.Labels, tt.labels)
			}
			if tt.series != nil {
				var names []string
				for _, s := range got.Data.Series {
					names = append(names, s.Name)
					if len(s.Values) != len(got.Data.Labels) {
						t.Errorf("series %q has %d values for %d labels", s.Name, len(s.Values), len(got.Data.Labels))
					}
				}
				if !equal(names, tt.series) {
					t.Errorf("series = %v, want %v", names, tt.series)
				}
			}
		})
	}
}

func TestChartJSONShape(t *testing.T) {
	c := Choose([]Column{{"region", "text"}, {"revenue", "numeric"}}, []map[string]any{
		{"region": "EMEA", "revenue": 2.5},
		{"region": "APAC", "revenue": nil},
	})
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"bar","data":{"labels":["EMEA","APAC"],"series":[{"name":"revenue","values":[2.5,null]}]}}`
	if string(b) != want {
		t.Errorf("json = %s\nwant   %s", b, want)
	}
	empty, _ := json.Marshal(Choose(nil, nil))
	if string(empty) != `{"type":"table","data":{"labels":[],"series":[]}}` {
		t.Errorf("empty json = %s", empty)
	}
}

func TestPivotValues(t *testing.T) {
	c := Choose([]Column{{"month", "text"}, {"region", "text"}, {"revenue", "numeric"}}, []map[string]any{
		{"month": "2024-01", "region": "EMEA", "revenue": 1.0},
		{"month": "2024-02", "region": "APAC", "revenue": 2.0},
	})
	want := [][]*float64{{f(1), nil}, {nil, f(2)}}
	for i, s := range c.Data.Series {
		for j, v := range s.Values {
			if (v == nil) != (want[i][j] == nil) || (v != nil && *v != *want[i][j]) {
				t.Errorf("series %d value %d = %v, want %v", i, j, v, want[i][j])
			}
		}
	}
}

func manyRows(n int) []map[string]any {
	rows := make([]map[string]any, n)
	for i := range rows {
		rows[i] = map[string]any{"product": string(rune('A' + i%26)), "revenue": float64(i + 1)}
	}
	return rows
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestAPartialResultIsNeverAPie(t *testing.T) {
	cols := []Column{{Name: "product", Type: "text"}, {Name: "revenue", Type: "numeric"}}
	rows := []map[string]any{{"product": "a", "revenue": 10.0}, {"product": "b", "revenue": 5.0}, {"product": "c", "revenue": 2.0}}
	if got := Choose(cols, rows).Type; got != Pie {
		t.Fatalf("a small breakdown of a whole: %s, want pie", got)
	}
	if got := ChooseWith(cols, rows, Hints{Partial: true}).Type; got != Bar {
		t.Fatalf("a top-N selection: %s, want bar", got)
	}
}
