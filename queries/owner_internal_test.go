package queries

import (
	"slices"
	"testing"

	"github.com/analytics-agent/service/store"
)

// TestTheEngineIsToldWhoIsAsking: the organization's and the data source's names reach the
// engine as the names a question may call the business by; missing ones are left out.
func TestTheEngineIsToldWhoIsAsking(t *testing.T) {
	for _, tc := range []struct {
		head *store.PlanningHead
		want []string
	}{
		{&store.PlanningHead{Organization: &store.Organization{Name: "Tate"}, DataSource: &store.DataSource{Name: "collection"}}, []string{"Tate", "collection"}},
		{&store.PlanningHead{Organization: &store.Organization{}, DataSource: &store.DataSource{Name: "sales"}}, []string{"sales"}},
		{&store.PlanningHead{}, nil},
	} {
		if got := ownerNames(tc.head); !slices.Equal(got, tc.want) {
			t.Errorf("ownerNames = %v, want %v", got, tc.want)
		}
	}
}
