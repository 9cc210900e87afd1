package templates

import (
	"reflect"
	"testing"
	"time"
)

// matchNow is the day relative dates are read from in these tests.
var matchNow = time.Date(2025, 6, 15, 10, 0, 0, 0, time.UTC)

func mustDefs(t *testing.T, defs []Parameter) []Parameter {
	t.Helper()
	out, err := ValidateDefinitions(defs)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestMatcherFillsParametersFromQuestionsThatFollowAnExample(t *testing.T) {
	orders := []Parameter{
		{Name: "status", Type: TypeString, Required: true, AllowedValues: []any{"completed", "shipped", "in progress"}},
		{Name: "since", Type: TypeDate, Default: "2024-01-01"},
	}
	cases := []struct {
		name     string
		params   []Parameter
		example  string
		question string
		want     map[string]any // nil: no match
	}{
		{"the example itself", orders, "which orders were completed this year?", "which orders were completed this year?",
			map[string]any{"status": "completed", "since": "2025-01-01"}},
		{"another allowed value and a year", orders, "which orders were completed this year?", "Which orders were SHIPPED in 2024",
			map[string]any{"status": "shipped", "since": "2024-01-01"}},
		{"a month and word forms", orders, "which orders were completed this year?", "show me the orders that were shipped since March 2024",
			map[string]any{"status": "shipped", "since": "2024-03-01"}},
		{"an ISO date", orders, "which orders were completed this year?", "which orders completed 2024-02-10?",
			map[string]any{"status": "completed", "since": "2024-02-10"}},
		{"a value of two words that starts with a filler word", orders, "which orders were completed this year?", "which orders are in progress in 2023",
			map[string]any{"status": "in progress", "since": "2023-01-01"}},
		{"a value that is not allowed is no match", orders, "which orders were completed this year?", "which orders were cancelled this year?", nil},
		{"an extra content word is no match", orders, "which orders were completed this year?", "which large orders were completed this year?", nil},
		{"a missing content word is no match", orders, "which orders were completed this year?", "which were completed this year?", nil},
		{"content words in another order is no match", orders, "which orders were completed this year?", "which were completed orders this year?", nil},
		{"a count is not a list", orders, "which orders were completed this year?", "how many orders were completed this year?", nil},
		{"a date where the example has none is no match", orders, "which orders were completed?", "which orders were completed in 2024?", nil},
		{"the date keeps its default when the example has none", orders, "which orders were completed?", "which orders were shipped?",
			map[string]any{"status": "shipped"}},
		{"a date with no start cannot fill a start", orders, "which orders were completed this year?", "which orders were completed before 2024?", nil},
		{"a required parameter the question does not give", orders, "which orders are there?", "which orders are there?",
			map[string]any{}}, // matched: Bind refuses it (see TestMatcherLeavesRequiredParametersToBind)
		{"a number for an integer without listed values", []Parameter{{Name: "n", Type: TypeInteger, Required: true}},
			"top 10 customers by revenue", "top 5 customers by revenue", map[string]any{"n": int64(5)}},
		{"a spelled-out number", []Parameter{{Name: "n", Type: TypeInteger, Required: true}},
			"top 10 customers by revenue", "top five customers by revenue", map[string]any{"n": int64(5)}},
		{"a fraction is not an integer", []Parameter{{Name: "n", Type: TypeInteger, Required: true}},
			"top 10 customers by revenue", "top 2.5 customers by revenue", nil},
		{"a number for a number parameter found by its default", []Parameter{{Name: "min", Type: TypeNumber, Default: 100}},
			"orders over 100 dollars", "orders over 250.5 dollars", map[string]any{"min": 250.5}},
		{"a number must be in its allowed values", []Parameter{{Name: "min", Type: TypeInteger, AllowedValues: []any{100, 500}}},
			"orders over 100", "orders over 500", map[string]any{"min": int64(500)}},
		{"a number outside allowed values is no match", []Parameter{{Name: "min", Type: TypeInteger, AllowedValues: []any{100, 500}}},
			"orders over 100", "orders over 300", nil},
		{"a boolean by its name", []Parameter{{Name: "is_active", Type: TypeBoolean, Default: true}},
			"which customers are active?", "which customers are not active?", map[string]any{"is_active": false}},
		{"a negated boolean in the example", []Parameter{{Name: "is_active", Type: TypeBoolean, Default: true}},
			"which customers are not active?", "which customers are active", map[string]any{"is_active": true}},
		{"a range fills a start and an end", []Parameter{{Name: "from", Type: TypeDate, Required: true}, {Name: "to_date", Type: TypeDate, Required: true}},
			"revenue between January 2024 and March 2024", "revenue in 2023", map[string]any{"from": "2023-01-01", "to_date": "2023-12-31"}},
		{"an end parameter takes the last day", []Parameter{{Name: "until", Type: TypeDate, Required: true}},
			"orders until 2024-06-30", "orders until May 2024", map[string]any{"until": "2024-05-31"}},
		{"a quoted value", []Parameter{{Name: "region", Type: TypeString, AllowedValues: []any{"Europe", "Latin America"}}},
			"customers in Europe", `customers in "Latin America"`, map[string]any{"region": "Latin America"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMatcher(mustDefs(t, tc.params), []string{tc.example})
			got, _, ok := m.Match(ReadQuestion(tc.question, matchNow))
			if tc.want == nil {
				if ok {
					t.Fatalf("%q matched %q with %v, want no match", tc.question, tc.example, got)
				}
				return
			}
			if !ok || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("%q against %q = %v (matched %v), want %v", tc.question, tc.example, got, ok, tc.want)
			}
		})
	}
}

func TestMatcherLeavesRequiredParametersToBind(t *testing.T) {
	defs := mustDefs(t, []Parameter{{Name: "status", Type: TypeString, Required: true, AllowedValues: []any{"completed", "shipped"}}})
	m := NewMatcher(defs, []string{"which orders are there?"})
	vals, _, ok := m.Match(ReadQuestion("which orders are there", matchNow))
	if !ok {
		t.Fatal("the words match")
	}
	if _, err := Bind(defs, vals); err == nil {
		t.Fatal("a required parameter without a value must not bind")
	}
}

func TestMatcherPrefersTheMostSpecificExample(t *testing.T) {
	defs := mustDefs(t, []Parameter{{Name: "status", Type: TypeString, AllowedValues: []any{"completed", "shipped"}, Default: "completed"}})
	m := NewMatcher(defs, []string{"completed orders", "completed orders by region"})
	if _, content, ok := m.Match(ReadQuestion("shipped orders by region", matchNow)); !ok || content != 3 {
		t.Fatalf("content %d ok %v, want the three-word example", content, ok)
	}
}

func TestExplainNamesTheTemplateAndItsValues(t *testing.T) {
	defs := mustDefs(t, []Parameter{{Name: "status", Type: TypeString}, {Name: "since", Type: TypeDate}, {Name: "note", Type: TypeString}})
	got := Explain("Orders", defs, map[string]any{"status": "completed", "since": "2024-01-01", "note": nil})
	if want := "Answered with template 'Orders' (status = completed, since = 2024-01-01)"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestStemKeepsWordFormsTogether(t *testing.T) {
	groups := [][]string{{"shipped", "shipping", "ship"}, {"completed", "complete", "completing"}, {"cancelled", "cancel", "cancelling"}}
	for _, g := range groups {
		for _, w := range g[1:] {
			if stem(w) != stem(g[0]) {
				t.Errorf("stem(%q) = %q, stem(%q) = %q", w, stem(w), g[0], stem(g[0]))
			}
		}
	}
	if stem("bring") == stem("br") || stem("need") != "need" {
		t.Errorf("short words keep their ending: bring=%q need=%q", stem("bring"), stem("need"))
	}
}
