// Package chart picks a chart type for a query result and reshapes the rows into data that a
// front end can plot without further processing.
package chart

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Chart types returned by Choose.
const (
	Line    = "line"
	Bar     = "bar"
	Pie     = "pie"
	Scatter = "scatter"
	Table   = "table"
)

// Limits that keep charts readable; past them a table is the better view.
const (
	maxPieSlices   = 6
	maxBarCategory = 50
	maxSeries      = 12
)

// Column describes one result column: its name and its database type as reported by the
// driver (e.g. "integer", "numeric", "text", "date"). Type may be empty, in which case the
// values decide.
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// Chart is the API's chart field: {"type": ..., "data": ...}.
type Chart struct {
	// Type is one of line, bar, pie, scatter or table.
	Type string    `json:"type"`
	Data ChartData `json:"data"`
}

// ChartData is ready to plot. Its JSON shape is
//
//		{"labels": ["2024-01", "2024-02"], "series": [{"name": "revenue", "values": [10.5, null]}]}
//
//	  - line, bar: labels are the x-axis categories (time buckets or category values, as
//	    strings, in result order); each series is one measure, or one value of a second
//	    category column when the result is category × category × measure (pivoted).
//	    values[i] belongs to labels[i]; a missing or NULL value is null.
//	  - pie: labels are the slices, a single series holds their sizes.
//	  - scatter: labels name the points (the category column, or "1", "2", ... when there is
//	    none); series[0] holds the x values and series[1] the y values.
//	  - table: labels and series are empty; clients render the query's results as they are.
type ChartData struct {
	Labels []string `json:"labels"`
	Series []Series `json:"series"`
}

// Series is one named line, set of bars, pie or scatter axis.
type Series struct {
	Name   string     `json:"name"`
	Values []*float64 `json:"values"`
}

// kind is what a column plays in a chart.
type kind int

const (
	kindCategory kind = iota
	kindTime
	kindMeasure
)

// timeLabel matches the bucket labels the offline engine emits (YYYY, YYYY-MM, YYYY-MM-DD,
// YYYY-Qn) and ISO timestamps, so text columns holding them count as time.
var timeLabel = regexp.MustCompile(`^(19|20)\d{2}(-(\d{2}|Q[1-4])(-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$`)

// timeName lists column names that hold a time bucket even when typed as numbers
// (EXTRACT(year ...) AS year).
var timeName = map[string]bool{"year": true, "quarter": true, "month": true, "week": true, "day": true, "date": true}

// nonAdditiveWords mark measure names that are not parts of a whole (an average of slices does
// not add up to anything), which rules out a pie.
var nonAdditiveWords = []string{"avg", "average", "mean", "min", "max", "rate", "ratio", "pct", "percent", "median", "price"}

// Choose picks the chart for a result and builds its data. The rules, in order:
//
//   - no rows, one row, or more than three columns: table — one row is a record to read,
//     not a shape to see (a one-point line, a lone bar);
//   - exactly two measures and nothing else (or one category naming the points): scatter,
//     since the question is how the two relate;
//   - a time column first plus measures (or plus one category and one measure, pivoted):
//     line;
//   - one category and one additive measure (its name is not an average, minimum, rate...)
//     with 2 to 6 rows all positive: pie — a small breakdown of a total is read best as
//     shares; Choose sees no question, so it decides from the data alone;
//   - a category plus measures (or category × category × measure, pivoted), at most 50
//     categories: bar;
//   - anything else: table.
func Choose(columns []Column, rows []map[string]any) Chart {
	return ChooseWith(columns, rows, Hints{})
}

// Hints tell Choose what the rows alone cannot.
type Hints struct {
	// Partial says the rows are a selection of a larger set (a top-N with LIMIT, or a result cut
	// at the row cap): their sizes are not shares of a whole, so no pie.
	Partial bool
}

// ChooseWith is Choose with hints about the result.
func ChooseWith(columns []Column, rows []map[string]any, h Hints) Chart {
	table := Chart{Type: Table, Data: ChartData{Labels: []string{}, Series: []Series{}}}
	if len(rows) == 0 || len(columns) == 0 || len(columns) > 3 {
		return table
	}
	if len(rows) == 1 {
		return table
	}
	kinds := make([]kind, len(columns))
	var dims, measures []int
	for i, c := range columns {
		kinds[i] = classify(c, rows)
		if kinds[i] == kindMeasure {
			measures = append(measures, i)
		} else {
			dims = append(dims, i)
		}
	}
	switch {
	case len(measures) == 2 && (len(dims) == 0 || len(dims) == 1 && kinds[dims[0]] == kindCategory):
		labels := make([]string, len(rows))
		for r, row := range rows {
			if len(dims) == 1 {
				labels[r] = label(row[columns[dims[0]].Name])
			} else {
				labels[r] = strconv.Itoa(r + 1)
			}
		}
		return Chart{Type: Scatter, Data: ChartData{Labels: labels, Series: []Series{
			series(columns[measures[0]].Name, rows),
			series(columns[measures[1]].Name, rows),
		}}}
	case len(dims) == 1 && len(measures) >= 1:
		d := dims[0]
		typ := Bar
		if kinds[d] == kindTime {
			typ = Line
		} else if len(rows) > maxBarCategory {
			return table
		}
		labels := make([]string, len(rows))
		for r, row := range rows {
			labels[r] = label(row[columns[d].Name])
		}
		ss := make([]Series, 0, len(measures))
		for _, m := range measures {
			ss = append(ss, series(columns[m].Name, rows))
		}
		if typ == Bar && len(measures) == 1 && !h.Partial && isPie(columns[measures[0]].Name, ss[0], len(rows)) {
			typ = Pie
		}
		return Chart{Type: typ, Data: ChartData{Labels: labels, Series: ss}}
	case len(dims) == 2 && len(measures) == 1:
		x, s := dims[0], dims[1]
		if kinds[s] == kindTime && kinds[x] != kindTime {
			x, s = s, x // time belongs on the x axis
		}
		data, ok := pivot(columns[x].Name, columns[s].Name, columns[measures[0]].Name, rows)
		if !ok || looksLikeKey(columns[s].Name) && len(data.Series) == len(rows) {
			// A series per row named by its key: a listing of records (order, date,
			// amount), not a category crossed with another.
			return table
		}
		if kinds[x] == kindTime {
			return Chart{Type: Line, Data: data}
		}
		if len(data.Labels) > maxBarCategory {
			return table
		}
		return Chart{Type: Bar, Data: data}
	}
	return table
}

// isPie applies the pie rule to a single category/measure result.
func isPie(measure string, s Series, n int) bool {
	if n < 2 || n > maxPieSlices {
		return false
	}
	lower := strings.ToLower(measure)
	for _, w := range nonAdditiveWords {
		if strings.Contains(lower, w) {
			return false
		}
	}
	for _, v := range s.Values {
		if v == nil || *v <= 0 {
			return false
		}
	}
	return true
}

// pivot turns (x, s, m) rows into one series per distinct s, keeping first-seen order.
func pivot(x, s, m string, rows []map[string]any) (ChartData, bool) {
	var labels, names []string
	xi := map[string]int{}
	si := map[string]int{}
	for _, row := range rows {
		xl, sl := label(row[x]), label(row[s])
		if _, ok := xi[xl]; !ok {
			xi[xl] = len(labels)
			labels = append(labels, xl)
		}
		if _, ok := si[sl]; !ok {
			si[sl] = len(names)
			names = append(names, sl)
		}
	}
	if len(names) > maxSeries {
		return ChartData{}, false
	}
	ss := make([]Series, len(names))
	for i, n := range names {
		ss[i] = Series{Name: n, Values: make([]*float64, len(labels))}
	}
	for _, row := range rows {
		if v, ok := number(row[m]); ok {
			ss[si[label(row[s])]].Values[xi[label(row[x])]] = &v
		}
	}
	return ChartData{Labels: labels, Series: ss}, true
}

// series collects one column's values as numbers (null when missing or not numeric).
func series(name string, rows []map[string]any) Series {
	vals := make([]*float64, len(rows))
	for r, row := range rows {
		if v, ok := number(row[name]); ok {
			vals[r] = &v
		}
	}
	return Series{Name: name, Values: vals}
}

// classify decides a column's role from its declared type, falling back to its values
// because SQLite and expressions often report no useful type.
func classify(c Column, rows []map[string]any) kind {
	t := strings.ToLower(c.Type)
	if timeName[strings.ToLower(c.Name)] {
		return kindTime
	}
	switch {
	case strings.Contains(t, "date") || strings.Contains(t, "time"):
		return kindTime
	case isNumericType(t):
		if looksLikeKey(c.Name) {
			return kindCategory
		}
		return kindMeasure
	}
	allTime, allNum, seen := true, true, 0
	for _, row := range rows {
		v, ok := row[c.Name]
		if !ok || v == nil {
			continue
		}
		seen++
		switch x := v.(type) {
		case time.Time:
			allNum = false
		case string:
			_, isNum := number(x)
			allNum = allNum && isNum
			allTime = allTime && timeLabel.MatchString(x)
		case []byte:
			_, isNum := number(x)
			allNum = allNum && isNum
			allTime = allTime && timeLabel.Match(x)
		default:
			if _, ok := number(v); !ok {
				allNum = false
			}
			allTime = false
		}
	}
	switch {
	case seen == 0:
		return kindCategory
	case allTime:
		return kindTime
	case allNum && !looksLikeKey(c.Name):
		return kindMeasure
	}
	return kindCategory
}

func isNumericType(t string) bool {
	for _, w := range []string{"int", "numeric", "decimal", "real", "double", "float", "money", "number"} {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// looksLikeKey keeps identifier columns (id, customer_id) out of the measures: summing or
// plotting ids is meaningless, they name things.
func looksLikeKey(name string) bool {
	n := strings.ToLower(name)
	return n == "id" || strings.HasSuffix(n, "_id")
}

// number converts a driver value to float64.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case int8:
		return float64(x), true
	case int16:
		return float64(x), true
	case int32:
		return float64(x), true
	case int64:
		return float64(x), true
	case uint:
		return float64(x), true
	case uint8:
		return float64(x), true
	case uint16:
		return float64(x), true
	case uint32:
		return float64(x), true
	case uint64:
		return float64(x), true
	case float32:
		return float64(x), !math.IsNaN(float64(x))
	case float64:
		return x, !math.IsNaN(x)
	case string:
		f, err := strconv.ParseFloat(x, 64)
		return f, err == nil
	case []byte:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	}
	return 0, false
}

// label renders a dimension value as text for the axis.
func label(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case []byte:
		return string(x)
	case time.Time:
		if x.Hour() == 0 && x.Minute() == 0 && x.Second() == 0 && x.Nanosecond() == 0 {
			return x.Format("2006-01-02")
		}
		return x.UTC().Format(time.RFC3339)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}
