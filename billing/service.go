package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/store"
)

// Mailer sends a plain-text e-mail (the templates work's mail sender; nil = alerts are not
// e-mailed, only shown in the usage object and logged).
type Mailer interface {
	Send(ctx context.Context, to []string, subject, body string) error
}

// Options configures the Service.
type Options struct {
	Store *store.Store
	Log   *slog.Logger
	// DefaultPlan is the plan of new organizations (ANALYTICS_DEFAULT_PLAN).
	DefaultPlan string
	// EnterprisePerMinute and EnterprisePerDay are the enterprise tier's default rate limits.
	EnterprisePerMinute, EnterprisePerDay int64
	// Provider charges cards (default: the built-in test provider).
	Provider Provider
	Mailer   Mailer
	// CacheTTL is how long a process trusts its copy of a subscription for rate limiting and
	// the quota's limit (default 2 s): plan changes made in this process apply at once, others within the TTL.
	CacheTTL time.Duration
	// Now is the clock (tests move it).
	Now func() time.Time
}

// Service runs billing's use cases; the API handlers and workers call it.
type Service struct {
	st       *store.Store
	log      *slog.Logger
	opts     Options
	provider Provider
	mailer   Mailer
	now      func() time.Time

	mu    sync.Mutex
	cache map[string]cachedSub
}

type cachedSub struct {
	sub     store.Subscription
	expires time.Time
}

// New builds the Service.
func New(o Options) (*Service, error) {
	if o.DefaultPlan == "" {
		o.DefaultPlan = PlanFree
	}
	if _, ok := LookupPlan(o.DefaultPlan); !ok {
		return nil, fmt.Errorf("default plan %q is not one of %v", o.DefaultPlan, PlanNames())
	}
	if o.EnterprisePerMinute <= 0 {
		o.EnterprisePerMinute = 1200
	}
	if o.EnterprisePerDay <= 0 {
		o.EnterprisePerDay = 200000
	}
	if o.CacheTTL == 0 {
		o.CacheTTL = 2 * time.Second
	}
	if o.Now == nil {
		o.Now = func() time.Time { return time.Now().UTC() }
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Provider == nil {
		o.Provider = TestProvider{}
	}
	return &Service{st: o.Store, log: o.Log.With("component", "billing"), opts: o, provider: o.Provider,
		mailer: o.Mailer, now: o.Now, cache: map[string]cachedSub{}}, nil
}

// SetMailer installs the mail sender of usage alerts (nil-safe: nil leaves them unsent).
func (s *Service) SetMailer(m Mailer) {
	if s != nil {
		s.mailer = m
	}
}

// Errors that the API maps to its error body.
var (
	ErrCardDeclined          = errors.New("the card was declined")
	ErrPaymentMethodRequired = errors.New("a default payment method is required for this change")
	ErrInvalidCard           = errors.New("invalid card")
	ErrNoChange              = errors.New("the subscription is already in that state")
	ErrUnknownPlan           = errors.New("unknown plan")
)

// QuotaError is a quota used up. Monthly (the query quota) answers 429 with Retry-After until
// ResetsAt; the others (creating resources) answer 403.
type QuotaError struct {
	Quota       string
	Limit, Used int64
	ResetsAt    time.Time
	Monthly     bool
}

func (e *QuotaError) Error() string {
	return fmt.Sprintf("the %s quota of %d is used up (%d used)", e.Quota, e.Limit, e.Used)
}

// FeatureError is a call to a feature the organization's plan does not include.
type FeatureError struct {
	Feature, LowestPlan string
}

func (e *FeatureError) Error() string {
	return fmt.Sprintf("%s is not in your plan; the lowest plan with it is %s", e.Feature, e.LowestPlan)
}

// CardError is a card field that fails validation.
type CardError struct {
	Field, Reason string
}

func (e *CardError) Error() string { return e.Field + ": " + e.Reason }
func (e *CardError) Unwrap() error { return ErrInvalidCard }

// day truncates to 00:00 UTC.
func day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// periodEnd is the end of a cycle that starts at start, on the anchor day (clamped to the
// month's last day: a subscription anchored on the 31st renews on Feb 28/29, then Mar 31).
func periodEnd(start time.Time, anchorDay int, cycle string) time.Time {
	months := 1
	if cycle == CycleAnnual {
		months = 12
	}
	y, m, _ := start.Date()
	first := time.Date(y, m+time.Month(months), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	return time.Date(first.Year(), first.Month(), min(anchorDay, last), 0, 0, 0, 0, time.UTC)
}

// NewSubscription is the subscription row of a new organization, starting today.
func NewSubscription(id int64, orgID, plan string, now time.Time) *store.Subscription {
	start := day(now)
	return &store.Subscription{ID: id, OrganizationID: orgID, Plan: plan, Status: "active", BillingCycle: CycleMonthly,
		AnchorDay: start.Day(), CurrentPeriodStart: start, CurrentPeriodEnd: periodEnd(start, start.Day(), CycleMonthly),
		CreatedAt: now, UpdatedAt: now}
}

// OnRegister creates the subscription of a newly registered organization inside its
// registration transaction (auth.Options.OnRegister).
func (s *Service) OnRegister(ctx context.Context, tx *store.Store, org *store.Organization) error {
	plan := org.Plan
	if _, ok := LookupPlan(plan); !ok {
		plan = s.opts.DefaultPlan
	}
	return s.create(ctx, tx, org.ID, plan)
}

func (s *Service) create(ctx context.Context, tx *store.Store, orgID, plan string) error {
	id, err := tx.NextCounter(ctx, "subscriptions")
	if err != nil {
		return err
	}
	sub := NewSubscription(id, orgID, plan, s.now())
	if _, err := tx.CreateSubscription(ctx, sub); err != nil {
		return err
	}
	return tx.EnsureUsage(ctx, orgID, sub.CurrentPeriodStart, sub.CurrentPeriodEnd)
}

// Subscription returns an organization's subscription in its current period: organizations
// created before billing get one (on their recorded plan), and a period that has ended is rolled
// over first (exactly once, whichever process gets there).
func (s *Service) Subscription(ctx context.Context, orgID string) (*store.Subscription, error) {
	sub, err := s.st.Subscription(ctx, orgID)
	if errors.Is(err, store.ErrNotFound) {
		org, oerr := s.st.Organization(ctx, orgID)
		if oerr != nil {
			return nil, oerr
		}
		plan := org.Plan
		if _, ok := LookupPlan(plan); !ok {
			plan = s.opts.DefaultPlan
		}
		if err := s.st.Tx(ctx, func(tx *store.Store) error { return s.create(ctx, tx, orgID, plan) }); err != nil {
			return nil, fmt.Errorf("create subscription: %w", err)
		}
		sub, err = s.st.Subscription(ctx, orgID)
	}
	if err != nil {
		return nil, err
	}
	for i := 0; i < 120 && !s.now().Before(sub.CurrentPeriodEnd); i++ {
		if err := s.RollOver(ctx, sub); err != nil {
			return nil, err
		}
		if sub, err = s.st.Subscription(ctx, orgID); err != nil {
			return nil, err
		}
	}
	s.remember(sub)
	return sub, nil
}

// cached returns a recent copy of the subscription (rate limiting reads it on every request).
func (s *Service) cached(ctx context.Context, orgID string) (*store.Subscription, error) {
	s.mu.Lock()
	c, ok := s.cache[orgID]
	s.mu.Unlock()
	now := s.now()
	if ok && now.Before(c.expires) && now.Before(c.sub.CurrentPeriodEnd) {
		sub := c.sub
		return &sub, nil
	}
	return s.Subscription(ctx, orgID)
}

func (s *Service) remember(sub *store.Subscription) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.cache) > 100000 {
		clear(s.cache)
	}
	s.cache[sub.OrganizationID] = cachedSub{sub: *sub, expires: s.now().Add(s.opts.CacheTTL)}
}

func (s *Service) forget(orgID string) {
	s.mu.Lock()
	delete(s.cache, orgID)
	s.mu.Unlock()
}

// PlanOf is the catalog entry of a subscription's plan (free if the stored name is unknown).
func PlanOf(sub *store.Subscription) Plan {
	p, ok := LookupPlan(sub.Plan)
	if !ok {
		p, _ = LookupPlan(PlanFree)
	}
	return p
}

// queryBase is the query quota of a period before extra packs (an operator override wins).
func queryBase(sub *store.Subscription) int64 {
	if sub.MonthlyQueries > 0 {
		return sub.MonthlyQueries
	}
	return PlanOf(sub).MonthlyQueries
}

// Alert thresholds in percent and their bits in billing_usage.alerts_sent.
var alertThresholds = []struct {
	Percent int64
	Bit     int
}{{80, 1}, {90, 2}, {100, 4}}

// ReserveQuery counts one question or template run against the organization's monthly quota
// (plan + extra_queries packs) at accept time. It is exact across processes: one conditional
// UPDATE per reservation. Past the quota it returns a *QuotaError (429 quota_exceeded).
func (s *Service) ReserveQuery(ctx context.Context, orgID string) error {
	if s == nil {
		return nil
	}
	r, err := s.NewReservation(ctx, orgID)
	if err != nil {
		return err
	}
	err = r.Reserve(ctx, s.st)
	r.Done(ctx, err == nil)
	return err
}

// Reservation is one question counted against the monthly quota inside the caller's
// transaction, so that the count and the accepted question commit, or roll back, together (and
// the question costs one write transaction, not two).
type Reservation struct {
	s     *Service
	sub   *store.Subscription
	used  int64
	limit int64
	usage *store.Usage
	// reached: an alert threshold (80 %) is reached; exceeded: the quota refused the question.
	reached, exceeded bool
}

// NewReservation reads what a reservation needs (the subscription, rolled over if its period
// ended; a copy of up to CacheTTL) before the caller's transaction starts; nil on a nil Service.
func (s *Service) NewReservation(ctx context.Context, orgID string) (*Reservation, error) {
	if s == nil {
		return nil, nil
	}
	// The copy rate limiting keeps will do: the count itself is exact in the database, only a
	// plan changed through another process reaches the limit up to CacheTTL later (a change
	// through this process drops the copy at once).
	sub, err := s.cached(ctx, orgID)
	if err != nil {
		return nil, err
	}
	return &Reservation{s: s, sub: sub}, nil
}

// Reserve counts the question through st (a transaction's store, or the service's own). Past the
// quota it returns a *QuotaError.
func (r *Reservation) Reserve(ctx context.Context, st *store.Store) error {
	if r == nil {
		return nil
	}
	sub := r.sub
	base := queryBase(sub)
	u, ok, err := st.ReserveQuery(ctx, sub.OrganizationID, sub.CurrentPeriodStart, base, QueriesPerPack)
	if errors.Is(err, store.ErrNotFound) {
		if err := st.EnsureUsage(ctx, sub.OrganizationID, sub.CurrentPeriodStart, sub.CurrentPeriodEnd); err != nil {
			return err
		}
		u, ok, err = st.ReserveQuery(ctx, sub.OrganizationID, sub.CurrentPeriodStart, base, QueriesPerPack)
	}
	if err != nil {
		return err
	}
	r.used, r.limit, r.usage = u.QueriesReserved, base+u.ExtraQueryPacks*QueriesPerPack, u
	if !ok {
		// The 100 % alert also fires here, in case the limit was lowered below the usage.
		r.reached, r.exceeded = true, true
		return &QuotaError{Quota: QuotaMonthlyQueries, Limit: r.limit, Used: r.used, ResetsAt: sub.CurrentPeriodEnd, Monthly: true}
	}
	r.reached = r.used*100 >= 80*r.limit
	return nil
}

// Done sends the usage alerts the reservation reached. Call it after the caller's transaction
// ended, never inside it; committed says whether the question was accepted (a refusal at the
// limit alerts too, a reservation rolled back for another reason does not).
func (r *Reservation) Done(ctx context.Context, committed bool) {
	if r == nil || !r.reached || (!committed && !r.exceeded) {
		return
	}
	r.s.alerts(ctx, r.sub, r.used, r.limit, r.usage)
}

// alerts fires each usage alert whose threshold is reached and not yet sent this period: the
// conditional bit update lets exactly one reservation (in any process) send it. The 100 % alert
// is the usage.limit_reached event, written to the outbox with the bit in one transaction.
func (s *Service) alerts(ctx context.Context, sub *store.Subscription, used, limit int64, u *store.Usage) {
	for _, th := range alertThresholds {
		if used*100 < th.Percent*limit || (u != nil && u.AlertsSent&th.Bit != 0) {
			continue
		}
		won := false
		err := s.st.Tx(ctx, func(tx *store.Store) error {
			var err error
			if won, err = tx.MarkAlert(ctx, sub.OrganizationID, sub.CurrentPeriodStart, th.Bit); err != nil || !won {
				return err
			}
			if th.Percent < 100 {
				return nil
			}
			ev, err := events.NewEvent(sub.OrganizationID, events.UsageLimitReached, LimitReachedData{
				Quota: QuotaMonthlyQueries, Limit: limit, Used: used,
				PeriodStart: sub.CurrentPeriodStart.Format(time.DateOnly), PeriodEnd: sub.CurrentPeriodEnd.Format(time.DateOnly)})
			if err != nil {
				return err
			}
			return tx.Emit(ctx, ev)
		})
		if err != nil {
			s.log.Warn("usage alert not recorded", "organization_id", sub.OrganizationID, "threshold", th.Percent, "err", err)
			continue
		}
		if won {
			s.log.Info("usage alert", "organization_id", sub.OrganizationID, "threshold", th.Percent, "used", used, "limit", limit)
			s.mailOwner(sub.OrganizationID, th.Percent, used, limit, sub.CurrentPeriodEnd)
		}
	}
}

// LimitReachedData is the data of usage.limit_reached.
type LimitReachedData struct {
	Quota       string `json:"quota"`
	Limit       int64  `json:"limit"`
	Used        int64  `json:"used"`
	PeriodStart string `json:"period_start"`
	PeriodEnd   string `json:"period_end"`
}

// mailOwner e-mails a usage alert to the organization's owner in the background (a slow mail
// server must not hold the question that crossed the threshold).
func (s *Service) mailOwner(orgID string, percent, used, limit int64, resets time.Time) {
	if s.mailer == nil {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		org, err := s.st.Organization(ctx, orgID)
		if err != nil {
			return
		}
		owner, err := s.st.UserByID(ctx, orgID, org.OwnerUserID)
		if err != nil {
			return
		}
		subject := fmt.Sprintf("%s has used %d%% of its monthly questions", org.Name, percent)
		body := fmt.Sprintf("Your organization %s has used %d of its %d questions this billing period (%d%%).\n"+
			"The allowance resets on %s. Buy extra_queries packs or upgrade the plan to keep asking.\n",
			org.Name, used, limit, percent, resets.Format(time.DateOnly))
		if err := s.mailer.Send(ctx, []string{owner.Email}, subject, body); err != nil {
			s.log.Warn("usage alert e-mail not sent", "organization_id", orgID, "err", err)
		}
	}()
}

// CheckQuota refuses creating one more resource of a quota (data_sources, ai_agents,
// team_members) past the plan's limit (+ extra_users for team members). Call it inside the
// creating transaction: it locks the organization's subscription row so concurrent creations
// in any process are counted one after another.
func (s *Service) CheckQuota(ctx context.Context, tx *store.Store, orgID, quota string) error {
	if s == nil {
		return nil
	}
	// Everything is read through tx: on SQLite the transaction holds the write lock, so a read or
	// write on another connection would wait for it.
	if err := tx.LockSubscription(ctx, orgID); err != nil {
		return err
	}
	sub, err := tx.Subscription(ctx, orgID)
	if errors.Is(err, store.ErrNotFound) {
		// An organization from before billing: its recorded plan decides.
		org, oerr := tx.Organization(ctx, orgID)
		if oerr != nil {
			return oerr
		}
		sub, err = &store.Subscription{Plan: org.Plan}, nil
	}
	if err != nil {
		return err
	}
	limit := PlanOf(sub).Quota(quota)
	table := map[string]string{QuotaDataSources: "data_sources", QuotaAIAgents: "agents", QuotaTeamMembers: "users"}[quota]
	if quota == QuotaTeamMembers {
		addOns, err := tx.AddOns(ctx, orgID)
		if err != nil {
			return err
		}
		for _, a := range addOns {
			if a.Type == AddOnExtraUsers {
				limit += a.Quantity
			}
		}
	}
	used, err := tx.CountOrgRows(ctx, orgID, table)
	if err != nil {
		return err
	}
	if used >= limit {
		return &QuotaError{Quota: quota, Limit: limit, Used: used}
	}
	return nil
}

// RequireFeature refuses a call to a feature the organization's plan does not include.
func (s *Service) RequireFeature(ctx context.Context, orgID, feature string) error {
	if s == nil {
		return nil
	}
	sub, err := s.cached(ctx, orgID)
	if err != nil {
		return err
	}
	if !PlanOf(sub).Has(feature) {
		return &FeatureError{Feature: feature, LowestPlan: LowestPlanWith(feature)}
	}
	return nil
}

// HasFeature reports whether the organization's plan includes a feature (false on error).
func (s *Service) HasFeature(ctx context.Context, orgID, feature string) bool {
	return s.RequireFeature(ctx, orgID, feature) == nil
}

// UsageReport is the spec's Usage object plus the alerts sent this period.
type UsageReport struct {
	PeriodStart, PeriodEnd time.Time
	QueriesUsed            int64
	QueriesLimit           int64
	QueriesMetered         int64
	TemplatesMetered       int64
	FailedMetered          int64
	DataSourcesUsed        int64
	AIAgentsUsed           int64
	TeamMembers            int64
	StorageBytes           int64
	AlertsSent             []int64
}

// Usage reports the current period's usage.
func (s *Service) Usage(ctx context.Context, orgID string) (*UsageReport, error) {
	sub, err := s.Subscription(ctx, orgID)
	if err != nil {
		return nil, err
	}
	if err := s.st.EnsureUsage(ctx, orgID, sub.CurrentPeriodStart, sub.CurrentPeriodEnd); err != nil {
		return nil, err
	}
	u, err := s.st.UsageOf(ctx, orgID, sub.CurrentPeriodStart)
	if err != nil {
		return nil, err
	}
	r := &UsageReport{PeriodStart: sub.CurrentPeriodStart, PeriodEnd: sub.CurrentPeriodEnd, QueriesUsed: u.QueriesReserved,
		QueriesLimit: queryBase(sub) + u.ExtraQueryPacks*QueriesPerPack, QueriesMetered: u.QueriesMetered,
		TemplatesMetered: u.TemplatesMetered, FailedMetered: u.FailedMetered, AlertsSent: []int64{}}
	for _, th := range alertThresholds {
		if u.AlertsSent&th.Bit != 0 {
			r.AlertsSent = append(r.AlertsSent, th.Percent)
		}
	}
	if r.DataSourcesUsed, err = s.st.CountOrgRows(ctx, orgID, "data_sources"); err != nil {
		return nil, err
	}
	if r.AIAgentsUsed, err = s.st.CountOrgRows(ctx, orgID, "agents"); err != nil {
		return nil, err
	}
	if r.TeamMembers, err = s.st.CountOrgRows(ctx, orgID, "users"); err != nil {
		return nil, err
	}
	if r.StorageBytes, err = s.st.StoredResultBytes(ctx, orgID); err != nil {
		return nil, err
	}
	return r, nil
}

// Limits returns the quota values of an organization's subscription (overrides applied).
func Limits(sub *store.Subscription) map[string]int64 {
	p := PlanOf(sub)
	return map[string]int64{QuotaMonthlyQueries: queryBase(sub), QuotaDataSources: p.DataSources,
		QuotaAIAgents: p.AIAgents, QuotaTeamMembers: p.TeamMembers}
}

// SetLimits is the operator override of `analytics org set-limits` (nil leaves a value as is;
// 0 goes back to the plan's value).
func (s *Service) SetLimits(ctx context.Context, orgID string, perMinute, perDay, monthlyQueries *int64) (*store.Subscription, error) {
	if _, err := s.Subscription(ctx, orgID); err != nil {
		return nil, err
	}
	fields := map[string]any{}
	for col, v := range map[string]*int64{"rate_per_minute": perMinute, "rate_per_day": perDay, "monthly_queries": monthlyQueries} {
		if v == nil {
			continue
		}
		if *v < 0 {
			return nil, fmt.Errorf("%s must not be negative", col)
		}
		fields[col] = *v
	}
	if len(fields) > 0 {
		if _, err := s.st.UpdateSubscription(ctx, orgID, fields, nil); err != nil {
			return nil, err
		}
	}
	s.forget(orgID)
	return s.Subscription(ctx, orgID)
}

// StartPeriodJob rolls over ended periods and prunes old counters every interval until the
// returned stop is called. Several processes may run it: each roll-over happens once.
func (s *Service) StartPeriodJob(ctx context.Context, interval time.Duration) func() {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			if n, err := s.RollOverDue(ctx); err != nil && ctx.Err() == nil {
				s.log.Warn("billing period job failed", "err", err)
			} else if n > 0 {
				s.log.Info("billing periods rolled over", "count", n)
			}
			if err := s.Prune(ctx); err != nil && ctx.Err() == nil {
				s.log.Warn("billing prune failed", "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return func() { cancel(); <-done }
}

// SetPlan puts an organization on a plan at once without charging (operators, the demo seed).
func (s *Service) SetPlan(ctx context.Context, orgID, plan string) error {
	if _, ok := LookupPlan(plan); !ok {
		return fmt.Errorf("%w %q", ErrUnknownPlan, plan)
	}
	if _, err := s.Subscription(ctx, orgID); err != nil {
		return err
	}
	err := s.st.Tx(ctx, func(tx *store.Store) error {
		if _, err := tx.UpdateSubscription(ctx, orgID, map[string]any{"plan": plan, "scheduled_plan": ""}, nil); err != nil {
			return err
		}
		return tx.UpdateOrganization(ctx, orgID, map[string]any{"plan": plan})
	})
	s.forget(orgID)
	return err
}
