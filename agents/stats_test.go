package agents

import (
	"testing"

	"github.com/analytics-agent/service/store"
)

func TestStatsShowOtherUsersOnlyToAdmins(t *testing.T) {
	outcomes := []store.QueryOutcome{
		{UserID: "user_a", Question: "revenue by region", Status: store.QueryCompleted, RowCount: 3},
		{UserID: "user_a", Question: "Revenue  by region", Status: store.QueryCompleted, RowCount: 3},
		{UserID: "user_b", Question: "salaries of the board", Status: store.QueryCompleted, RowCount: 1},
	}
	cases := []struct {
		name       string
		viewer     string
		admin      bool
		wantUsers  []string
		wantCommon []string
	}{
		{"admin sees everyone", "user_x", true, []string{"user_a", "user_b"}, []string{"revenue by region", "salaries of the board"}},
		{"analyst sees only their own", "user_b", false, []string{"user_b"}, []string{"salaries of the board"}},
		{"analyst without questions sees none", "user_c", false, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, top, common := StatsVisibleTo(outcomes, c.viewer, c.admin)
			if m.TotalQueries != 3 || m.UniqueUsers != 2 {
				t.Errorf("aggregate metrics must cover everyone: %+v", m)
			}
			if len(top) != len(c.wantUsers) {
				t.Fatalf("top users %+v, want %v", top, c.wantUsers)
			}
			for i, u := range c.wantUsers {
				if top[i].UserID != u {
					t.Errorf("top[%d] = %s, want %s", i, top[i].UserID, u)
				}
			}
			if len(common) != len(c.wantCommon) {
				t.Fatalf("common queries %v, want %v", common, c.wantCommon)
			}
			for i, q := range c.wantCommon {
				if common[i] != q {
					t.Errorf("common[%d] = %q, want %q", i, common[i], q)
				}
			}
		})
	}
}
