package llm

import (
	"strings"
	"testing"

	"github.com/analytics-agent/service/nlq"
)

func TestParseOutputCannotAnswer(t *testing.T) {
	tests := []struct {
		out   string
		words []string // nil: expect SQL
	}{
		{"CANNOT_ANSWER: refunds, churn rate", []string{"refunds", "churn rate"}},
		{"**CANNOT_ANSWER**: `NPS`.", []string{"NPS"}},
		{"I looked at the schema.\ncannot answer: marketing spend and ad clicks", []string{"marketing spend and ad clicks"}},
		{"CANNOT_ANSWER", []string{}},
		{`{"sql": "SELECT 'CANNOT_ANSWER' AS x"}`, nil},
	}
	for _, tt := range tests {
		gen, err := parseOutput(tt.out)
		if tt.words == nil {
			if err != nil || gen.SQL == "" {
				t.Errorf("parseOutput(%q) = %q, %v; want SQL", tt.out, gen.SQL, err)
			}
			continue
		}
		nu, ok := nlq.IsNotUnderstood(err)
		if !ok {
			t.Errorf("parseOutput(%q) err = %v, want NotUnderstood", tt.out, err)
			continue
		}
		if strings.Join(nu.Words, "|") != strings.Join(tt.words, "|") {
			t.Errorf("parseOutput(%q) words = %q, want %q", tt.out, nu.Words, tt.words)
		}
	}
}
