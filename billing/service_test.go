package billing_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/store"
)

// clock is a settable time source shared by the services of a test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

func openStore(t *testing.T, db string) *store.Store {
	t.Helper()
	url := ""
	if db == "postgres" {
		url = apptest.NewPostgresDatabase(t)
	}
	st, err := store.Open(context.Background(), url, filepath.Join(t.TempDir(), "b.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	return st
}

func newService(t *testing.T, st *store.Store, c *clock) *billing.Service {
	t.Helper()
	svc, err := billing.New(billing.Options{Store: st, Now: c.now, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// newOrg registers an organization on a plan the way registration does, at the clock's time.
func newOrg(t *testing.T, st *store.Store, svc *billing.Service, plan string) string {
	t.Helper()
	ctx := context.Background()
	org := &store.Organization{ID: ids.New(ids.Org), Name: "Org", Plan: plan, OwnerUserID: ids.New(ids.User), CreatedAt: time.Now(), UpdatedAt: time.Now()}
	err := st.Tx(ctx, func(tx *store.Store) error {
		if err := tx.CreateOrganization(ctx, org); err != nil {
			return err
		}
		return svc.OnRegister(ctx, tx, org)
	})
	if err != nil {
		t.Fatal(err)
	}
	return org.ID
}

func addCard(t *testing.T, svc *billing.Service, orgID, number string) {
	t.Helper()
	if _, err := svc.AddPaymentMethod(context.Background(), orgID, billing.Card{Number: number, ExpMonth: 12, ExpYear: 2035, CVC: "123"},
		map[string]string{"line1": "1 Main St", "country": "US"}); err != nil {
		t.Fatal(err)
	}
}

func TestUpgradeChargesTheProratedDifferenceOnAnInvoice(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		st := openStore(t, db)
		c := &clock{t: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)} // periods of 30 days
		svc := newService(t, st, c)
		cases := []struct {
			name  string
			at    time.Time
			total int64
		}{
			{"on day 1", time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), 60000},
			{"mid-cycle", time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC), 30000},
			{"on the last day", time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), 2000},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				c.set(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
				org := newOrg(t, st, svc, billing.PlanGrowth)
				c.set(tc.at)
				_, err := svc.ChangePlan(context.Background(), org, billing.PlanScale, "")
				if !errors.Is(err, billing.ErrPaymentMethodRequired) {
					t.Fatalf("an upgrade without a card: %v", err)
				}
				addCard(t, svc, org, "4242424242424242")
				res, err := svc.ChangePlan(context.Background(), org, billing.PlanScale, "")
				if err != nil {
					t.Fatal(err)
				}
				if res.Scheduled || res.Subscription.Plan != billing.PlanScale || res.Invoice == nil {
					t.Fatalf("upgrade must apply at once with an invoice: %+v", res)
				}
				inv := res.Invoice
				if inv.TotalCents != tc.total || inv.Status != billing.InvoicePaid || inv.Currency != "usd" {
					t.Fatalf("invoice total %d %s %s, want %d paid usd", inv.TotalCents, inv.Status, inv.Currency, tc.total)
				}
				var sum int64
				for _, l := range billing.DecodeLines(inv) {
					sum += l.AmountCents
				}
				if sum != inv.TotalCents {
					t.Fatalf("lines sum to %d, total %d", sum, inv.TotalCents)
				}
			})
		}
	})
}

func TestDeclinedUpgradeChangesNothing(t *testing.T) {
	st := openStore(t, "sqlite")
	c := &clock{t: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	svc := newService(t, st, c)
	org := newOrg(t, st, svc, billing.PlanStarter)
	// The test provider declines 4000 0000 0000 0002 when it is added.
	_, err := svc.AddPaymentMethod(context.Background(), org, billing.Card{Number: billing.DeclinedTestCard, ExpMonth: 12, ExpYear: 2035, CVC: "123"}, nil)
	if !errors.Is(err, billing.ErrCardDeclined) {
		t.Fatalf("declined card: %v", err)
	}
	sub, _ := svc.Subscription(context.Background(), org)
	if sub.Plan != billing.PlanStarter {
		t.Fatal("plan changed")
	}
}

func TestDowngradeAndCancellationApplyAtRollOverExactlyOnce(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		st := openStore(t, db)
		c := &clock{t: time.Date(2026, 11, 10, 9, 0, 0, 0, time.UTC)}
		// Two services on one database stand for two processes.
		a, b := newService(t, st, c), newService(t, st, c)
		ctx := context.Background()
		org := newOrg(t, st, a, billing.PlanGrowth)
		addCard(t, a, org, "5555555555554444")
		if _, _, err := a.BuyAddOn(ctx, org, billing.AddOnExtraUsers, 2); err != nil {
			t.Fatal(err)
		}
		res, err := a.ChangePlan(ctx, org, billing.PlanStarter, "")
		if err != nil {
			t.Fatal(err)
		}
		if !res.Scheduled || res.Subscription.Plan != billing.PlanGrowth || res.Subscription.ScheduledPlan != billing.PlanStarter || res.Invoice != nil {
			t.Fatalf("downgrade must be scheduled: %+v", res)
		}
		if len(res.FeaturesLost) == 0 {
			t.Fatalf("growth → starter loses workflows and real_time: %+v", res)
		}
		// Not before the period end.
		c.set(time.Date(2026, 12, 9, 23, 59, 0, 0, time.UTC))
		if n, _ := a.RollOverDue(ctx); n != 0 {
			t.Fatalf("rolled over %d before the period end", n)
		}
		sub, _ := b.Subscription(ctx, org)
		if sub.Plan != billing.PlanGrowth {
			t.Fatalf("downgrade applied early: %s", sub.Plan)
		}
		// At the end, both processes race; one rolls over.
		c.set(time.Date(2026, 12, 10, 0, 0, 5, 0, time.UTC))
		var wg sync.WaitGroup
		for _, s := range []*billing.Service{a, b, a, b} {
			wg.Add(1)
			go func() { defer wg.Done(); _, _ = s.RollOverDue(ctx) }()
		}
		wg.Wait()
		sub, _ = a.Subscription(ctx, org)
		if sub.Plan != billing.PlanStarter || sub.CurrentPeriodStart.Format(time.DateOnly) != "2026-12-10" || sub.CurrentPeriodEnd.Format(time.DateOnly) != "2027-01-10" || sub.ScheduledPlan != "" {
			t.Fatalf("after roll-over: %+v", sub)
		}
		invs, _, _ := st.Invoices(ctx, org, 50, 0)
		renewals := 0
		for _, inv := range invs {
			if inv.Kind == billing.KindRenewal {
				renewals++
				// starter 49.00 + 2 extra users at 8.00
				if inv.TotalCents != 4900+1600 || inv.Status != billing.InvoicePaid {
					t.Fatalf("renewal invoice: %+v %s", inv, inv.Lines)
				}
			}
		}
		if renewals != 1 {
			t.Fatalf("%d renewal invoices, want exactly one", renewals)
		}

		// Cancel at the period end, resume, cancel again: the next roll-over ends on free.
		if _, err := a.Cancel(ctx, org); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Resume(ctx, org); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Resume(ctx, org); !errors.Is(err, billing.ErrNoChange) {
			t.Fatalf("resume twice: %v", err)
		}
		if _, err := a.Cancel(ctx, org); err != nil {
			t.Fatal(err)
		}
		c.set(time.Date(2027, 1, 10, 0, 1, 0, 0, time.UTC))
		sub, _ = b.Subscription(ctx, org) // a request after the end rolls over too
		if sub.Plan != billing.PlanFree || sub.CancelAtPeriodEnd {
			t.Fatalf("after cancellation: %+v", sub)
		}
	})
}

func TestDowngradeNamesTheResourcesOverTheLowerQuotas(t *testing.T) {
	st := openStore(t, "sqlite")
	c := &clock{t: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	svc := newService(t, st, c)
	ctx := context.Background()
	org := newOrg(t, st, svc, billing.PlanGrowth)
	for i := 0; i < 3; i++ {
		u := &store.User{ID: ids.New(ids.User), OrganizationID: org, Email: ids.Random(8) + "@x.test", Role: store.RoleViewer, IsActive: true, CreatedAt: time.Now(), UpdatedAt: time.Now()}
		if err := st.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 2; i++ {
		if err := st.CreateDataSource(ctx, &store.DataSource{ID: ids.New(ids.DataSource), OrganizationID: org, Name: "d" + ids.Random(4), Type: "sqlite", CreatedAt: time.Now(), UpdatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := svc.ChangePlan(ctx, org, billing.PlanFree, "")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]billing.Exceeding{}
	for _, e := range res.Exceeding {
		got[e.Quota] = e
	}
	if got[billing.QuotaDataSources].Used != 2 || got[billing.QuotaDataSources].Limit != 1 || got[billing.QuotaDataSources].Effect == "" {
		t.Fatalf("data sources: %+v", res.Exceeding)
	}
	if _, over := got[billing.QuotaTeamMembers]; over {
		t.Fatalf("3 members fit free's 3: %+v", res.Exceeding)
	}
}

func TestQuotaReservationsAreExactUnderConcurrency(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		st := openStore(t, db)
		c := &clock{t: time.Now().UTC()}
		a, b := newService(t, st, c), newService(t, st, c)
		org := newOrg(t, st, a, billing.PlanFree) // 100 questions
		var mu sync.Mutex
		accepted := 0
		var wg sync.WaitGroup
		for i := 0; i < 160; i++ {
			s := a
			if i%2 == 1 {
				s = b
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := s.ReserveQuery(context.Background(), org)
				var qe *billing.QuotaError
				switch {
				case err == nil:
					mu.Lock()
					accepted++
					mu.Unlock()
				case !errors.As(err, &qe):
					t.Errorf("reserve: %v", err)
				}
			}()
		}
		wg.Wait()
		if accepted != 100 {
			t.Fatalf("accepted %d, want exactly 100", accepted)
		}
	})
}
