package billing

import (
	"errors"
	"testing"
	"time"
)

func date(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestProrationIsPerSecondInIntegerCents(t *testing.T) {
	start, end := date("2026-11-01"), date("2026-12-01") // 30 days
	cases := []struct {
		name          string
		old, new      int64
		at            time.Time
		credit, charg int64
	}{
		{"upgrade on day 1 charges the whole difference", 19900, 79900, start, 19900, 79900},
		{"upgrade mid-cycle charges half", 19900, 79900, date("2026-11-16"), 9950, 39950},
		{"upgrade on the last day charges one day", 19900, 79900, date("2026-11-30"), 663, 2663},
		{"one second before the end rounds to zero", 19900, 79900, end.Add(-time.Second), 0, 0},
		{"from free nothing is credited", 0, 4900, date("2026-11-11"), 0, 3267},
		{"a change after the period end charges nothing", 4900, 19900, end.Add(time.Hour), 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			credit, charge := Prorate(c.old, c.new, start, end, c.at)
			if credit != c.credit || charge != c.charg {
				t.Fatalf("Prorate = credit %d, charge %d; want %d, %d", credit, charge, c.credit, c.charg)
			}
		})
	}
	// A 31-day month, a third of it left: 4900·10/31 = 1580.6 → 1581; 19900·10/31 = 6419.4 → 6419.
	credit, charge := Prorate(4900, 19900, date("2027-01-01"), date("2027-02-01"), date("2027-01-22"))
	if credit != 1581 || charge != 6419 {
		t.Fatalf("31-day month: %d, %d", credit, charge)
	}
}

func TestPeriodsRenewOnTheAnchorDayClampedToShortMonths(t *testing.T) {
	cases := []struct {
		start  string
		anchor int
		cycle  string
		want   string
	}{
		{"2026-01-31", 31, CycleMonthly, "2026-02-28"},
		{"2026-02-28", 31, CycleMonthly, "2026-03-31"},
		{"2028-01-30", 30, CycleMonthly, "2028-02-29"},
		{"2026-11-23", 23, CycleMonthly, "2026-12-23"},
		{"2026-12-15", 15, CycleMonthly, "2027-01-15"},
		{"2026-03-31", 31, CycleAnnual, "2027-03-31"},
	}
	for _, c := range cases {
		if got := periodEnd(date(c.start), c.anchor, c.cycle).Format(time.DateOnly); got != c.want {
			t.Errorf("periodEnd(%s, %d, %s) = %s, want %s", c.start, c.anchor, c.cycle, got, c.want)
		}
	}
}

func TestCardBrandsAreDetectedByPrefixAndLength(t *testing.T) {
	cases := map[string]string{
		"4242424242424242": BrandVisa,
		"4000000000000002": BrandVisa,
		"5555555555554444": BrandMastercard,
		"5105105105105100": BrandMastercard,
		"2223003122003222": BrandMastercard, // the 2-series range
		"2720990000000007": BrandMastercard,
		"2721000000000000": BrandUnknown,
		"378282246310005":  BrandAmex,
		"371449635398431":  BrandAmex,
		"3782822463100050": BrandUnknown, // Amex is 15 digits
		"6011111111111117": BrandDiscover,
		"1234567812345670": BrandUnknown,
	}
	for number, want := range cases {
		if got := DetectBrand(number); got != want {
			t.Errorf("DetectBrand(%s) = %s, want %s", number, got, want)
		}
	}
}

func TestCardsAreCheckedBeforeTheProviderSeesThem(t *testing.T) {
	now := date("2026-11-23")
	cases := []struct {
		name  string
		card  Card
		field string
	}{
		{"valid visa with spaces", Card{Number: "4242 4242 4242 4242", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, ""},
		{"valid amex with a 4-digit CVC", Card{Number: "378282246310005", ExpMonth: 1, ExpYear: 2031, CVC: "1234"}, ""},
		{"two-digit year", Card{Number: "5555555555554444", ExpMonth: 11, ExpYear: 26, CVC: "123"}, ""},
		{"Luhn failure", Card{Number: "4242424242424241", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, "card_number"},
		{"letters", Card{Number: "4242abcd42424242", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, "card_number"},
		{"too short", Card{Number: "4242", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, "card_number"},
		{"unknown brand", Card{Number: "1234567812345670", ExpMonth: 12, ExpYear: 2030, CVC: "123"}, "card_number"},
		{"expired last month", Card{Number: "4242424242424242", ExpMonth: 10, ExpYear: 2026, CVC: "123"}, "exp_year"},
		{"month 13", Card{Number: "4242424242424242", ExpMonth: 13, ExpYear: 2030, CVC: "123"}, "exp_month"},
		{"amex with 3-digit CVC", Card{Number: "378282246310005", ExpMonth: 1, ExpYear: 2031, CVC: "123"}, "cvc"},
		{"visa with 4-digit CVC", Card{Number: "4242424242424242", ExpMonth: 1, ExpYear: 2031, CVC: "1234"}, "cvc"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			card := c.card
			_, err := CheckCard(&card, now)
			var ce *CardError
			switch {
			case c.field == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case c.field != "" && (!errors.As(err, &ce) || ce.Field != c.field):
				t.Fatalf("error %v, want a %s error", err, c.field)
			case c.field != "" && !errors.Is(err, ErrInvalidCard):
				t.Fatalf("card errors must wrap ErrInvalidCard")
			}
		})
	}
}

func TestLowestPlanWithEachFeature(t *testing.T) {
	want := map[string]string{FeatureAIInsights: PlanStarter, FeatureWorkflows: PlanGrowth, FeatureRealTime: PlanGrowth,
		FeatureMultiDB: PlanGrowth, FeaturePrioritySupport: PlanScale}
	for f, p := range want {
		if got := LowestPlanWith(f); got != p {
			t.Errorf("LowestPlanWith(%s) = %s, want %s", f, got, p)
		}
	}
	if g, _ := LookupPlan(PlanGrowth); g.MonthlyQueries != 10000 || g.DataSources != 10 || g.AIAgents != 20 || g.TeamMembers != 15 {
		t.Errorf("growth must match the spec's sample: %+v", g)
	}
	if s, _ := LookupPlan(PlanScale); s.PriceCents(CycleAnnual) != 799000 {
		t.Errorf("annual is 10 months: %d", s.PriceCents(CycleAnnual))
	}
}
