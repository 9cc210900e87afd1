package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/store"
)

// Invoice statuses and kinds.
const (
	InvoiceOpen          = "open"
	InvoicePaid          = "paid"
	InvoiceVoid          = "void"
	InvoiceUncollectible = "uncollectible"

	KindRenewal   = "renewal"
	KindProration = "proration"
	KindAddOn     = "add_on"
)

// Line is one invoice line item.
type Line struct {
	Type        string `json:"type"` // plan, proration, add_on
	Description string `json:"description"`
	Quantity    int64  `json:"quantity"`
	UnitCents   int64  `json:"unit_amount"`
	AmountCents int64  `json:"amount"`
}

// DecodeLines reads an invoice's stored lines.
func DecodeLines(inv *store.Invoice) []Line {
	var out []Line
	if err := json.Unmarshal([]byte(inv.Lines), &out); err != nil {
		return []Line{}
	}
	return out
}

// roundDiv is a*b/c rounded half up, in integers (a*b stays far below int64's range: the
// largest price times the seconds of a year is about 2.5e13).
func roundDiv(ab, c int64) int64 {
	if c <= 0 {
		return 0
	}
	if ab < 0 {
		return -((-ab + c/2) / c)
	}
	return (ab + c/2) / c
}

// Prorate is Stripe's per-second proration of a change at `at` inside [start, end): a credit for
// the unused time of the old price and a charge for the rest of the period at the new price,
// each rounded to the cent.
func Prorate(oldCents, newCents int64, start, end, at time.Time) (credit, charge int64) {
	total := int64(end.Sub(start) / time.Second)
	remaining := int64(end.Sub(at) / time.Second)
	remaining = max(0, min(remaining, total))
	return roundDiv(oldCents*remaining, total), roundDiv(newCents*remaining, total)
}

// Exceeding is a resource over a lower plan's quota, answered when a downgrade is scheduled.
type Exceeding struct {
	Quota  string `json:"quota"`
	Limit  int64  `json:"limit"`
	Used   int64  `json:"used"`
	Effect string `json:"effect"`
}

// ChangeResult is the outcome of a plan change.
type ChangeResult struct {
	Subscription *store.Subscription
	// Invoice is the proration invoice of an upgrade (nil for a downgrade or a free change).
	Invoice *store.Invoice
	// Scheduled is true for a downgrade (applied at the period end).
	Scheduled bool
	Exceeding []Exceeding
	// FeaturesLost are features the new plan lacks.
	FeaturesLost []string
}

// ChangePlan moves an organization to another plan. An upgrade applies at once with a prorated
// charge on the default payment method (nothing changes if it is declined); a downgrade (or a
// change of billing cycle) is scheduled for the end of the period. Choosing the current plan
// again cancels a scheduled change.
func (s *Service) ChangePlan(ctx context.Context, orgID, plan, cycle string) (*ChangeResult, error) {
	target, ok := LookupPlan(plan)
	if !ok {
		return nil, fmt.Errorf("%w %q: plans are %v", ErrUnknownPlan, plan, PlanNames())
	}
	sub, err := s.Subscription(ctx, orgID)
	if err != nil {
		return nil, err
	}
	if cycle == "" {
		cycle = sub.BillingCycle
	}
	cur := PlanOf(sub)
	res := &ChangeResult{}
	for _, f := range cur.Features {
		if !target.Has(f) {
			res.FeaturesLost = append(res.FeaturesLost, f)
		}
	}
	switch {
	case target.Name == cur.Name && cycle == sub.BillingCycle:
		if sub.ScheduledPlan == "" && sub.ScheduledCycle == "" {
			return nil, fmt.Errorf("%w: already on %s (%s)", ErrNoChange, plan, cycle)
		}
		if _, err := s.st.UpdateSubscription(ctx, orgID, map[string]any{"scheduled_plan": "", "scheduled_cycle": ""}, nil); err != nil {
			return nil, err
		}
	case rank(target.Name) > rank(cur.Name):
		inv, err := s.upgrade(ctx, sub, target, cycle)
		if err != nil {
			return nil, err
		}
		res.Invoice = inv
	default:
		// A downgrade, or the same plan on another cycle: from the next period on.
		if _, err := s.st.UpdateSubscription(ctx, orgID, map[string]any{"scheduled_plan": target.Name, "scheduled_cycle": cycle}, nil); err != nil {
			return nil, err
		}
		res.Scheduled = true
		if res.Exceeding, err = s.exceeding(ctx, orgID, target); err != nil {
			return nil, err
		}
	}
	s.forget(orgID)
	if res.Subscription, err = s.Subscription(ctx, orgID); err != nil {
		return nil, err
	}
	return res, nil
}

// exceeding lists the resources over a plan's quotas and what happens to them.
func (s *Service) exceeding(ctx context.Context, orgID string, p Plan) ([]Exceeding, error) {
	out := []Exceeding{}
	for _, q := range []struct{ quota, table, effect string }{
		{QuotaDataSources, "data_sources", "existing data sources keep working; creating one is refused until fewer than the limit remain"},
		{QuotaAIAgents, "agents", "existing agents keep answering; creating or cloning one is refused until fewer than the limit remain"},
		{QuotaTeamMembers, "users", "existing members keep their access; inviting one is refused until fewer than the limit remain"},
	} {
		n, err := s.st.CountOrgRows(ctx, orgID, q.table)
		if err != nil {
			return nil, err
		}
		if limit := p.Quota(q.quota); n > limit {
			out = append(out, Exceeding{Quota: q.quota, Limit: limit, Used: n, Effect: q.effect})
		}
	}
	return out, nil
}

// upgrade applies a higher plan now and charges the prorated difference. The charge comes first:
// if it is declined, the subscription is unchanged.
func (s *Service) upgrade(ctx context.Context, sub *store.Subscription, target Plan, cycle string) (*store.Invoice, error) {
	now := s.now()
	cur := PlanOf(sub)
	credit, charge := Prorate(cur.PriceCents(sub.BillingCycle), target.PriceCents(sub.BillingCycle), sub.CurrentPeriodStart, sub.CurrentPeriodEnd, now)
	lines := []Line{
		{Type: "proration", Description: fmt.Sprintf("Remaining time on %s after %s", target.Name, now.Format(time.DateOnly)), Quantity: 1, UnitCents: charge, AmountCents: charge},
	}
	if credit > 0 {
		lines = append(lines, Line{Type: "proration", Description: fmt.Sprintf("Unused time on %s after %s", cur.Name, now.Format(time.DateOnly)), Quantity: 1, UnitCents: -credit, AmountCents: -credit})
	}
	total := charge - credit
	fields := map[string]any{"plan": target.Name, "scheduled_plan": ""}
	if cycle != sub.BillingCycle {
		fields["scheduled_cycle"] = cycle // the cycle changes with the next period
	}
	var inv *store.Invoice
	if total > 0 {
		var err error
		inv, err = s.newInvoice(ctx, s.st, sub.OrganizationID, KindProration, now, sub.CurrentPeriodEnd, lines)
		if err != nil {
			return nil, err
		}
		ref, err := s.charge(ctx, sub.OrganizationID, inv)
		if err != nil {
			return nil, err
		}
		paid := now
		inv.Status, inv.PaymentRef, inv.PaidAt = InvoicePaid, ref, &paid
	}
	err := s.st.Tx(ctx, func(tx *store.Store) error {
		if inv != nil {
			if err := tx.CreateInvoice(ctx, inv); err != nil {
				return err
			}
		}
		if _, err := tx.UpdateSubscription(ctx, sub.OrganizationID, fields, nil); err != nil {
			return err
		}
		return tx.UpdateOrganization(ctx, sub.OrganizationID, map[string]any{"plan": target.Name})
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("plan upgraded", "organization_id", sub.OrganizationID, "from", cur.Name, "to", target.Name, "charged_cents", total)
	return inv, nil
}

// newInvoice builds an invoice (not stored) with the next invoice number.
func (s *Service) newInvoice(ctx context.Context, st *store.Store, orgID, kind string, start, end time.Time, lines []Line) (*store.Invoice, error) {
	n, err := st.NextCounter(ctx, "invoices")
	if err != nil {
		return nil, err
	}
	var total int64
	for _, l := range lines {
		total += l.AmountCents
	}
	raw, _ := json.Marshal(lines)
	return &store.Invoice{ID: ids.New(ids.Invoice), OrganizationID: orgID, Number: fmt.Sprintf("INV-%06d", n), Kind: kind,
		PeriodStart: start.UTC(), PeriodEnd: end.UTC(), Currency: Currency, TotalCents: total, Status: InvoiceOpen,
		Lines: string(raw), CreatedAt: s.now()}, nil
}

// charge takes an invoice's total from the default payment method.
func (s *Service) charge(ctx context.Context, orgID string, inv *store.Invoice) (string, error) {
	pm, err := s.st.DefaultPaymentMethod(ctx, orgID)
	if errors.Is(err, store.ErrNotFound) {
		return "", ErrPaymentMethodRequired
	}
	if err != nil {
		return "", err
	}
	ref, err := s.provider.Charge(ctx, pm.ProviderToken, inv.TotalCents, inv.Currency, "Invoice "+inv.Number, inv.ID)
	if err != nil {
		s.log.Warn("charge failed", "organization_id", orgID, "invoice", inv.Number, "err", err)
		if errors.Is(err, ErrCardDeclined) {
			return "", ErrCardDeclined
		}
		return "", fmt.Errorf("charge: %w", err)
	}
	return ref, nil
}

// Cancel schedules the end of the paid subscription at the end of the period (the organization
// then continues on the free plan).
func (s *Service) Cancel(ctx context.Context, orgID string) (*store.Subscription, error) {
	return s.setCancel(ctx, orgID, true)
}

// Resume withdraws a scheduled cancellation.
func (s *Service) Resume(ctx context.Context, orgID string) (*store.Subscription, error) {
	return s.setCancel(ctx, orgID, false)
}

func (s *Service) setCancel(ctx context.Context, orgID string, cancel bool) (*store.Subscription, error) {
	sub, err := s.Subscription(ctx, orgID)
	if err != nil {
		return nil, err
	}
	if sub.CancelAtPeriodEnd == cancel {
		if cancel {
			return nil, fmt.Errorf("%w: the subscription is already cancelled at the period end", ErrNoChange)
		}
		return nil, fmt.Errorf("%w: the subscription is not cancelled", ErrNoChange)
	}
	if cancel && sub.Plan == PlanFree {
		return nil, fmt.Errorf("%w: the free plan has nothing to cancel", ErrNoChange)
	}
	if _, err := s.st.UpdateSubscription(ctx, orgID, map[string]any{"cancel_at_period_end": cancel}, nil); err != nil {
		return nil, err
	}
	s.forget(orgID)
	return s.Subscription(ctx, orgID)
}

// RollOver ends a subscription's period: it applies a scheduled change or cancellation, starts
// the next period with its usage row, issues the period's invoice and charges it. The
// conditional update on the old period end makes it happen once, whichever process or request
// gets there first.
func (s *Service) RollOver(ctx context.Context, sub *store.Subscription) error {
	oldEnd := sub.CurrentPeriodEnd
	plan, cycle := sub.Plan, sub.BillingCycle
	if sub.ScheduledPlan != "" {
		plan = sub.ScheduledPlan
	}
	if sub.ScheduledCycle != "" {
		cycle = sub.ScheduledCycle
	}
	if sub.CancelAtPeriodEnd {
		plan, cycle = PlanFree, CycleMonthly
	}
	start := oldEnd
	end := periodEnd(start, sub.AnchorDay, cycle)
	p, _ := LookupPlan(plan)
	lines := []Line{}
	if price := p.PriceCents(cycle); price > 0 {
		lines = append(lines, Line{Type: "plan", Description: fmt.Sprintf("%s plan (%s), %s to %s", p.Name, cycle, start.Format(time.DateOnly), end.Format(time.DateOnly)),
			Quantity: 1, UnitCents: price, AmountCents: price})
	}
	addOns, err := s.st.AddOns(ctx, sub.OrganizationID)
	if err != nil {
		return err
	}
	if plan != PlanFree || !sub.CancelAtPeriodEnd {
		for _, a := range addOns {
			// extra_queries packs belong to the period they were bought for.
			if a.Type == AddOnExtraQueries || a.Quantity <= 0 {
				continue
			}
			unit := AddOnUnitCents[a.Type]
			lines = append(lines, Line{Type: "add_on", Description: a.Type, Quantity: a.Quantity, UnitCents: unit, AmountCents: unit * a.Quantity})
		}
	}
	var inv *store.Invoice
	won := false
	err = s.st.Tx(ctx, func(tx *store.Store) error {
		won, err = tx.UpdateSubscription(ctx, sub.OrganizationID, map[string]any{
			"plan": plan, "billing_cycle": cycle, "scheduled_plan": "", "scheduled_cycle": "", "cancel_at_period_end": false,
			"current_period_start": start, "current_period_end": end}, &oldEnd)
		if err != nil || !won {
			return err
		}
		if err := tx.UpdateOrganization(ctx, sub.OrganizationID, map[string]any{"plan": plan}); err != nil {
			return err
		}
		if sub.CancelAtPeriodEnd {
			for _, a := range addOns {
				if err := tx.SetAddOn(ctx, sub.OrganizationID, a.Type, 0, false); err != nil {
					return err
				}
			}
		}
		if err := tx.EnsureUsage(ctx, sub.OrganizationID, start, end); err != nil {
			return err
		}
		if len(lines) == 0 {
			return nil
		}
		if inv, err = s.newInvoice(ctx, tx, sub.OrganizationID, KindRenewal, start, end, lines); err != nil {
			return err
		}
		return tx.CreateInvoice(ctx, inv)
	})
	if err != nil {
		return fmt.Errorf("roll over %s: %w", sub.OrganizationID, err)
	}
	if !won {
		return nil
	}
	s.forget(sub.OrganizationID)
	s.log.Info("billing period rolled over", "organization_id", sub.OrganizationID, "plan", plan, "period_start", start.Format(time.DateOnly))
	if inv != nil && inv.TotalCents > 0 {
		// After the commit: a crash here leaves the invoice open, never charged twice (the
		// invoice id is the provider's idempotency key).
		ref, err := s.charge(ctx, sub.OrganizationID, inv)
		switch {
		case err == nil:
			now := s.now()
			return s.st.UpdateInvoice(ctx, sub.OrganizationID, inv.ID, map[string]any{"status": InvoicePaid, "payment_ref": ref, "paid_at": now})
		case errors.Is(err, ErrCardDeclined), errors.Is(err, ErrPaymentMethodRequired):
			s.log.Warn("renewal invoice left open", "organization_id", sub.OrganizationID, "invoice", inv.Number, "err", err)
		default:
			return err
		}
	}
	return nil
}

// RollOverDue rolls over every subscription whose period has ended and gives organizations
// created before billing their subscription; the period worker calls it.
func (s *Service) RollOverDue(ctx context.Context) (int, error) {
	orgs, err := s.st.OrganizationsWithoutSubscription(ctx, 500)
	if err != nil {
		return 0, err
	}
	for _, o := range orgs {
		if _, err := s.Subscription(ctx, o.ID); err != nil {
			return 0, err
		}
	}
	n := 0
	for {
		due, err := s.st.SubscriptionsDue(ctx, s.now(), 100)
		if err != nil || len(due) == 0 {
			return n, err
		}
		for i := range due {
			if err := s.RollOver(ctx, &due[i]); err != nil {
				return n, err
			}
			n++
		}
	}
}

// Prune forgets rate-limit windows and metered event ids that can no longer matter.
func (s *Service) Prune(ctx context.Context) error {
	now := s.now()
	if err := s.st.PruneRateWindows(ctx, now.Unix()/60-2, now.Unix()/86400-2); err != nil {
		return err
	}
	return s.st.PruneMeteredEvents(ctx, now.Add(-35*24*time.Hour))
}

// AddOnsOf is the current add-ons object: each type's quantity (extra_queries: packs bought for
// the current period), premium_support as a boolean.
func (s *Service) AddOnsOf(ctx context.Context, orgID string) (map[string]any, error) {
	sub, err := s.Subscription(ctx, orgID)
	if err != nil {
		return nil, err
	}
	out := map[string]any{AddOnExtraQueries: int64(0), AddOnExtraUsers: int64(0), AddOnExtraStorage: int64(0), AddOnPremiumSupport: false}
	list, err := s.st.AddOns(ctx, orgID)
	if err != nil {
		return nil, err
	}
	for _, a := range list {
		if a.Type == AddOnPremiumSupport {
			out[a.Type] = a.Quantity > 0
		} else if a.Type != AddOnExtraQueries {
			out[a.Type] = a.Quantity
		}
	}
	if err := s.st.EnsureUsage(ctx, orgID, sub.CurrentPeriodStart, sub.CurrentPeriodEnd); err != nil {
		return nil, err
	}
	u, err := s.st.UsageOf(ctx, orgID, sub.CurrentPeriodStart)
	if err != nil {
		return nil, err
	}
	out[AddOnExtraQueries] = u.ExtraQueryPacks
	return out, nil
}

// BuyAddOn adds quantity units of an add-on (premium_support: quantity 1 turns it on, 0 off).
// The rest of the current period is charged at once, prorated per second like a plan, and the
// add-on renews with the plan (extra_queries packs count for the current period only and are
// charged in full).
func (s *Service) BuyAddOn(ctx context.Context, orgID, typ string, quantity int64) (map[string]any, *store.Invoice, error) {
	if !slices.Contains(AddOnTypes, typ) {
		return nil, nil, fmt.Errorf("unknown add-on type %q", typ)
	}
	sub, err := s.Subscription(ctx, orgID)
	if err != nil {
		return nil, nil, err
	}
	now := s.now()
	unit := AddOnUnitCents[typ]
	units := quantity
	if typ == AddOnPremiumSupport {
		list, err := s.st.AddOns(ctx, orgID)
		if err != nil {
			return nil, nil, err
		}
		have := int64(0)
		for _, a := range list {
			if a.Type == typ {
				have = a.Quantity
			}
		}
		units = max(quantity-have, 0) // turning it off (or on again) charges nothing more
	}
	var cents int64
	if typ == AddOnExtraQueries {
		cents = unit * units
	} else {
		_, cents = Prorate(0, unit*units, sub.CurrentPeriodStart, sub.CurrentPeriodEnd, now)
	}
	var inv *store.Invoice
	if cents > 0 {
		inv, err = s.newInvoice(ctx, s.st, orgID, KindAddOn, now, sub.CurrentPeriodEnd, []Line{{Type: "add_on",
			Description: fmt.Sprintf("%s × %d until %s", typ, units, sub.CurrentPeriodEnd.Format(time.DateOnly)),
			Quantity:    units, UnitCents: roundDiv(cents, units), AmountCents: cents}})
		if err != nil {
			return nil, nil, err
		}
		ref, err := s.charge(ctx, orgID, inv)
		if err != nil {
			return nil, nil, err
		}
		inv.Status, inv.PaymentRef, inv.PaidAt = InvoicePaid, ref, &now
	}
	err = s.st.Tx(ctx, func(tx *store.Store) error {
		if inv != nil {
			if err := tx.CreateInvoice(ctx, inv); err != nil {
				return err
			}
		}
		switch typ {
		case AddOnExtraQueries:
			if err := tx.EnsureUsage(ctx, orgID, sub.CurrentPeriodStart, sub.CurrentPeriodEnd); err != nil {
				return err
			}
			return tx.AddExtraQueryPacks(ctx, orgID, sub.CurrentPeriodStart, quantity)
		case AddOnPremiumSupport:
			return tx.SetAddOn(ctx, orgID, typ, quantity, false)
		default:
			return tx.SetAddOn(ctx, orgID, typ, quantity, true)
		}
	})
	if err != nil {
		return nil, nil, err
	}
	out, err := s.AddOnsOf(ctx, orgID)
	return out, inv, err
}

// AddPaymentMethod validates a card, has the provider tokenize it and stores the token with the
// display fields. The card number and the CVC go no further than the provider call.
func (s *Service) AddPaymentMethod(ctx context.Context, orgID string, c Card, billingAddress map[string]string) (*store.PaymentMethod, error) {
	brand, err := CheckCard(&c, s.now())
	if err != nil {
		return nil, err
	}
	token, err := s.provider.Tokenize(ctx, c, orgID)
	if err != nil {
		if errors.Is(err, ErrCardDeclined) {
			return nil, ErrCardDeclined
		}
		return nil, fmt.Errorf("tokenize card: %w", err)
	}
	addr, _ := json.Marshal(billingAddress)
	pm := &store.PaymentMethod{ID: ids.New(ids.Payment), OrganizationID: orgID, Provider: s.provider.Name(), ProviderToken: token,
		Brand: brand, Last4: c.Number[len(c.Number)-4:], ExpMonth: c.ExpMonth, ExpYear: c.ExpYear, BillingAddress: string(addr),
		CreatedAt: s.now()}
	if err := s.st.CreatePaymentMethod(ctx, pm); err != nil {
		return nil, err
	}
	return pm, nil
}
