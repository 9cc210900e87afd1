package events

import (
	"errors"
	"testing"
)

func TestDecodeCommandReadsTheDataOrGivesUpForGood(t *testing.T) {
	type req struct {
		QueryID string `json:"query_id"`
	}
	cases := []struct {
		name      string
		data      string
		wantOrg   string
		wantQuery string
		wantErr   bool
	}{
		{"a command with its data", `{"name":"query.run","organization_id":"org_1","data":{"query_id":"query_1"}}`, "org_1", "query_1", false},
		{"not JSON", `{"name":`, "", "", true},
		{"data of another shape", `{"name":"query.run","data":{"query_id":5}}`, "", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd, r, err := DecodeCommand[req]([]byte(c.data))
			if c.wantErr {
				var perm permanentError
				if err == nil || !errors.As(err, &perm) {
					t.Fatalf("err = %v, want a permanent error (never redelivered)", err)
				}
				return
			}
			if err != nil || cmd.OrganizationID != c.wantOrg || r.QueryID != c.wantQuery {
				t.Fatalf("got %+v %+v %v", cmd, r, err)
			}
		})
	}
}
