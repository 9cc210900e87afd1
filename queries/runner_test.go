package queries

import (
	"errors"
	"fmt"
	"testing"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
	"github.com/analytics-agent/service/nlq/guard"
)

func TestPipelineErrorsBecomeClearFailureCodes(t *testing.T) {
	cases := []struct {
		err    error
		code   string
		detail string
	}{
		{&nlq.NotUnderstoodError{Words: []string{"salary"}}, CodeNotUnderstood, "unmapped_words"},
		{&nlq.NotUnderstoodError{Words: []string{"Mia Dubois"}, Readings: []string{"customers.name = 'Mia Dubois'", "employees.name = 'Mia Dubois'"}}, CodeNotUnderstood, "readings"},
		{fmt.Errorf("plan: %w", &guard.RejectionError{Reason: "no", Column: "customers.email"}), CodeRejected, "column"},
		{fmt.Errorf("run: %w", datasource.ErrTimeout), CodeTimeout, ""},
		{fmt.Errorf("dial: %w", datasource.ErrUnreachable), CodeUnavailable, ""},
		{ErrSchemaNotLoaded, CodeInvalidSource, ""},
		{ErrNoDataSource, CodeInvalidSource, ""},
		{ErrNoTablesPermitted, CodeRejected, ""},
		{fmt.Errorf("%w: rate limited (429)", nlq.ErrEngine), CodeEngine, ""},
		{errors.New("disk on fire"), CodeExecution, ""},
	}
	for _, c := range cases {
		f := Classify(c.err)
		if f.Code != c.code || f.Message == "" {
			t.Errorf("%v: %+v, want code %s", c.err, f, c.code)
		}
		if c.detail != "" {
			if _, ok := f.Details[c.detail]; !ok {
				t.Errorf("%v: details lack %s", c.err, c.detail)
			}
		}
	}
}
