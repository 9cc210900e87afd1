package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Subscription is an organization's plan and billing period (one row per organization).
type Subscription struct {
	ID                 int64 `gorm:"primaryKey;autoIncrement:false"`
	OrganizationID     string
	Plan               string
	Status             string
	BillingCycle       string
	AnchorDay          int
	CurrentPeriodStart time.Time
	CurrentPeriodEnd   time.Time
	CancelAtPeriodEnd  bool
	ScheduledPlan      string
	ScheduledCycle     string
	RatePerMinute      int64
	RatePerDay         int64
	MonthlyQueries     int64
	CreatedAt          time.Time
	UpdatedAt          time.Time
}

// TableName pins the table name.
func (Subscription) TableName() string { return "subscriptions" }

// Usage is one organization's counters for one billing period.
type Usage struct {
	OrganizationID   string    `gorm:"primaryKey"`
	PeriodStart      time.Time `gorm:"primaryKey"`
	PeriodEnd        time.Time
	QueriesReserved  int64
	QueriesMetered   int64
	TemplatesMetered int64
	FailedMetered    int64
	ExtraQueryPacks  int64
	AlertsSent       int
}

// TableName pins the table name.
func (Usage) TableName() string { return "billing_usage" }

// AddOn is an organization's quantity of one add-on type (premium_support: 0 or 1).
type AddOn struct {
	OrganizationID string `gorm:"primaryKey"`
	Type           string `gorm:"primaryKey"`
	Quantity       int64
	UpdatedAt      time.Time
}

// TableName pins the table name.
func (AddOn) TableName() string { return "billing_add_ons" }

// Invoice is a bill; Lines is the JSON array of its line items.
type Invoice struct {
	ID             string `gorm:"primaryKey"`
	OrganizationID string
	Number         string
	Kind           string
	PeriodStart    time.Time
	PeriodEnd      time.Time
	Currency       string
	TotalCents     int64
	Status         string
	Lines          string
	PaymentRef     string
	CreatedAt      time.Time
	PaidAt         *time.Time
}

// TableName pins the table name.
func (Invoice) TableName() string { return "invoices" }

// PaymentMethod is a tokenized card: the provider's token and display fields, never the number
// or the CVC.
type PaymentMethod struct {
	ID             string `gorm:"primaryKey"`
	OrganizationID string
	Provider       string
	ProviderToken  string
	Brand          string
	Last4          string `gorm:"column:last4"`
	ExpMonth       int
	ExpYear        int
	BillingAddress string
	IsDefault      bool
	CreatedAt      time.Time
}

// TableName pins the table name.
func (PaymentMethod) TableName() string { return "payment_methods" }

// NextCounter atomically increments and returns a named billing counter (integer ids).
func (s *Store) NextCounter(ctx context.Context, name string) (int64, error) {
	var v int64
	err := s.ctx(ctx).Raw("UPDATE billing_counters SET value = value + 1 WHERE name = ? RETURNING value", name).Scan(&v).Error
	if err != nil {
		return 0, fmt.Errorf("next %s number: %w", name, err)
	}
	if v == 0 {
		return 0, fmt.Errorf("next %s number: counter missing", name)
	}
	return v, nil
}

// OrganizationBillingID is the integer id billing answers show for an organization.
func (s *Store) OrganizationBillingID(ctx context.Context, orgID string) (int64, error) {
	var v int64
	err := s.ctx(ctx).Raw("SELECT billing_id FROM organizations WHERE id = ?", orgID).Scan(&v).Error
	if err != nil {
		return 0, err
	}
	if v == 0 {
		return 0, ErrNotFound
	}
	return v, nil
}

// CreateSubscription inserts sub unless the organization already has one (then it is a no-op);
// it reports whether it inserted.
func (s *Store) CreateSubscription(ctx context.Context, sub *Subscription) (bool, error) {
	res := s.ctx(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "organization_id"}}, DoNothing: true}).Create(sub)
	if res.Error != nil {
		return false, translate(res.Error)
	}
	return res.RowsAffected == 1, nil
}

// Subscription reads an organization's subscription.
func (s *Store) Subscription(ctx context.Context, orgID string) (*Subscription, error) {
	var sub Subscription
	if err := s.tenant(ctx, orgID).First(&sub).Error; err != nil {
		return nil, translate(err)
	}
	return &sub, nil
}

// UpdateSubscription sets fields of an organization's subscription. With onlyPeriodEnd set, the
// update applies only while the subscription is still in that period (so two processes rolling it
// over cannot both win); it reports whether a row changed.
func (s *Store) UpdateSubscription(ctx context.Context, orgID string, fields map[string]any, onlyPeriodEnd *time.Time) (bool, error) {
	fields["updated_at"] = time.Now().UTC()
	q := s.tenant(ctx, orgID).Model(&Subscription{})
	if onlyPeriodEnd != nil {
		q = q.Where("current_period_end = ?", onlyPeriodEnd.UTC())
	}
	res := q.Updates(fields)
	return res.RowsAffected == 1, translate(res.Error)
}

// SubscriptionsDue lists organizations whose period ended before now.
func (s *Store) SubscriptionsDue(ctx context.Context, now time.Time, limit int) ([]Subscription, error) {
	var out []Subscription
	err := s.ctx(ctx).Where("current_period_end <= ?", now.UTC()).Order("current_period_end").Limit(limit).Find(&out).Error
	return out, err
}

// OrganizationsWithoutSubscription lists organizations created before billing existed.
func (s *Store) OrganizationsWithoutSubscription(ctx context.Context, limit int) ([]Organization, error) {
	var out []Organization
	err := s.ctx(ctx).Where("id NOT IN (SELECT organization_id FROM subscriptions)").Limit(limit).Find(&out).Error
	return out, err
}

// EnsureUsage creates the usage row of a period if missing.
func (s *Store) EnsureUsage(ctx context.Context, orgID string, start, end time.Time) error {
	u := Usage{OrganizationID: orgID, PeriodStart: start.UTC(), PeriodEnd: end.UTC()}
	return translate(s.ctx(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&u).Error)
}

// UsageOf reads the usage row of a period.
func (s *Store) UsageOf(ctx context.Context, orgID string, start time.Time) (*Usage, error) {
	var u Usage
	if err := s.tenant(ctx, orgID).Where("period_start = ?", start.UTC()).First(&u).Error; err != nil {
		return nil, translate(err)
	}
	return &u, nil
}

// ReserveQuery counts one accepted question in a period if it stays within base plus the
// period's extra packs: one conditional UPDATE, so concurrent reservations in any number of
// processes never pass the limit. It returns the period's usage after the reservation (the
// count, extra packs and alerts sent, read by the same statement), and ok=false (with the
// current usage) when the limit is reached.
func (s *Store) ReserveQuery(ctx context.Context, orgID string, start time.Time, base, packSize int64) (u *Usage, ok bool, err error) {
	var rows []Usage
	unlock := s.lockWrites(ctx)
	err = s.ctx(ctx).Raw(`UPDATE billing_usage SET queries_reserved = queries_reserved + 1
		WHERE organization_id = ? AND period_start = ? AND queries_reserved < ? + extra_query_packs * ?
		RETURNING queries_reserved, extra_query_packs, alerts_sent`, orgID, start.UTC(), base, packSize).Scan(&rows).Error
	unlock()
	if err != nil {
		return nil, false, fmt.Errorf("reserve query: %w", err)
	}
	if len(rows) == 1 {
		u := rows[0]
		u.OrganizationID, u.PeriodStart = orgID, start.UTC()
		return &u, true, nil
	}
	u, err = s.UsageOf(ctx, orgID, start)
	if err != nil {
		return nil, false, err
	}
	return u, false, nil
}

// MarkAlert sets bit in a period's alerts_sent unless it is set already; it reports whether this
// call set it (exactly one caller wins across processes).
func (s *Store) MarkAlert(ctx context.Context, orgID string, start time.Time, bit int) (bool, error) {
	res := s.ctx(ctx).Exec(`UPDATE billing_usage SET alerts_sent = alerts_sent | ?
		WHERE organization_id = ? AND period_start = ? AND (alerts_sent & ?) = 0`, bit, orgID, start.UTC(), bit)
	return res.RowsAffected == 1, res.Error
}

// AddExtraQueryPacks adds packs to a period's query allowance.
func (s *Store) AddExtraQueryPacks(ctx context.Context, orgID string, start time.Time, packs int64) error {
	return s.ctx(ctx).Exec(`UPDATE billing_usage SET extra_query_packs = extra_query_packs + ?
		WHERE organization_id = ? AND period_start = ?`, packs, orgID, start.UTC()).Error
}

// MeteredEvent is one event to count.
type MeteredEvent struct {
	ID             string
	OrganizationID string
	Kind           string // "query", "template" or "failed"
	At             time.Time
}

// RecordMeteredEvents counts a batch of events in one transaction: the ids that are new are
// inserted into metered_events (ON CONFLICT DO NOTHING), and only those are added to the usage
// row of the period their time falls in. It returns how many were counted. The statements per
// batch do not grow with its size: one insert, one read of the organizations' periods, and one
// update per counter column (PostgreSQL; SQLite, single-process, updates row by row).
func (s *Store) RecordMeteredEvents(ctx context.Context, evs []MeteredEvent) (int, error) {
	if len(evs) == 0 {
		return 0, nil
	}
	byID := make(map[string]MeteredEvent, len(evs))
	now := time.Now().UTC()
	var sb strings.Builder
	args := make([]any, 0, len(evs)*3)
	sb.WriteString("INSERT INTO metered_events (event_id, organization_id, processed_at) VALUES ")
	orgSet := map[string]bool{}
	for _, e := range evs {
		if _, dup := byID[e.ID]; dup {
			continue
		}
		byID[e.ID] = e
		if len(args) > 0 {
			sb.WriteString(",")
		}
		sb.WriteString("(?,?,?)")
		args = append(args, e.ID, e.OrganizationID, now)
		orgSet[e.OrganizationID] = true
	}
	sb.WriteString(" ON CONFLICT (event_id) DO NOTHING RETURNING event_id")
	orgs := make([]string, 0, len(orgSet))
	for o := range orgSet {
		orgs = append(orgs, o)
	}
	slices.Sort(orgs)
	counted := 0
	err := s.Tx(ctx, func(tx *Store) error {
		var fresh []string
		if err := tx.ctx(ctx).Raw(sb.String(), args...).Scan(&fresh).Error; err != nil {
			return fmt.Errorf("record metered events: %w", err)
		}
		if len(fresh) == 0 {
			return nil
		}
		var periods []Usage
		if err := tx.ctx(ctx).Select("organization_id", "period_start").Where("organization_id IN ?", orgs).
			Order("organization_id, period_start DESC").Find(&periods).Error; err != nil {
			return err
		}
		starts := map[string][]time.Time{}
		for _, p := range periods {
			starts[p.OrganizationID] = append(starts[p.OrganizationID], p.PeriodStart.UTC())
		}
		type key struct {
			org   string
			start time.Time
		}
		cols := map[string]map[key]int64{}
		for _, id := range fresh {
			e := byID[id]
			col := map[string]string{"query": "queries_metered", "template": "templates_metered", "failed": "failed_metered"}[e.Kind]
			if col == "" {
				return fmt.Errorf("unknown metered kind %q", e.Kind)
			}
			for _, st := range starts[e.OrganizationID] { // newest first
				if !e.At.Before(st) {
					if cols[col] == nil {
						cols[col] = map[key]int64{}
					}
					cols[col][key{e.OrganizationID, st}]++
					counted++
					break
				}
			}
			// Before any known period (or no subscription yet): nothing to count against.
		}
		for col, byKey := range cols {
			keys := make([]key, 0, len(byKey))
			for k := range byKey {
				keys = append(keys, k)
			}
			// One order for every transaction, so concurrent batches lock rows alike.
			slices.SortFunc(keys, func(a, b key) int {
				if c := strings.Compare(a.org, b.org); c != 0 {
					return c
				}
				return a.start.Compare(b.start)
			})
			if tx.dialect == Postgres {
				var vb strings.Builder
				vargs := make([]any, 0, len(keys)*3)
				for i, k := range keys {
					if i > 0 {
						vb.WriteString(",")
					}
					vb.WriteString("(?, CAST(? AS TIMESTAMP), CAST(? AS BIGINT))")
					vargs = append(vargs, k.org, k.start, byKey[k])
				}
				q := "UPDATE billing_usage AS u SET " + col + " = u." + col + " + v.n FROM (VALUES " + vb.String() +
					") AS v(org, ps, n) WHERE u.organization_id = v.org AND u.period_start = v.ps"
				if err := tx.ctx(ctx).Exec(q, vargs...).Error; err != nil {
					return err
				}
				continue
			}
			for _, k := range keys {
				if err := tx.ctx(ctx).Exec("UPDATE billing_usage SET "+col+" = "+col+" + ? WHERE organization_id = ? AND period_start = ?",
					byKey[k], k.org, k.start).Error; err != nil {
					return err
				}
			}
		}
		return nil
	})
	return counted, err
}

// PruneMeteredEvents forgets processed event ids older than before (EVENTS keeps 30 days, so an
// older id cannot be redelivered).
func (s *Store) PruneMeteredEvents(ctx context.Context, before time.Time) error {
	return s.ctx(ctx).Exec("DELETE FROM metered_events WHERE processed_at < ?", before.UTC()).Error
}

// HitRateWindows counts one request in an organization's minute and day windows with one atomic
// upsert and returns the counts after it.
func (s *Store) HitRateWindows(ctx context.Context, orgID string, minute, day int64) (perMinute, perDay, accessEpoch int64, err error) {
	type row struct {
		Kind  string
		Hits  int64
		Epoch int64
	}
	var rows []row
	// The organization's access epoch rides along (access_epoch.go): every request reads it
	// here, where it costs no statement of its own.
	q := `INSERT INTO rate_limit_windows (organization_id, kind, window_start, hits) VALUES (?, 'm', ?, 1), (?, 'd', ?, 1)
		ON CONFLICT (organization_id, kind, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1
		RETURNING kind, hits, (SELECT access_epoch FROM organizations WHERE id = rate_limit_windows.organization_id) AS epoch`
	if s.dialect == Postgres {
		// A counter lost in a crash costs a few requests of allowance, not correctness: the
		// commit does not wait for the WAL flush (the increment itself stays atomic).
		err = s.ctx(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec("SET LOCAL synchronous_commit TO OFF").Error; err != nil {
				return err
			}
			return tx.Raw(q, orgID, minute, orgID, day).Scan(&rows).Error
		})
	} else {
		unlock := s.lockWrites(ctx)
		err = s.ctx(ctx).Raw(q, orgID, minute, orgID, day).Scan(&rows).Error
		unlock()
	}
	if err != nil {
		return 0, 0, 0, fmt.Errorf("rate limit: %w", err)
	}
	for _, r := range rows {
		accessEpoch = r.Epoch
		if r.Kind == "m" {
			perMinute = r.Hits
		} else {
			perDay = r.Hits
		}
	}
	return perMinute, perDay, accessEpoch, nil
}

// PruneRateWindows deletes windows that started before the given minute and day.
func (s *Store) PruneRateWindows(ctx context.Context, minuteBefore, dayBefore int64) error {
	return s.ctx(ctx).Exec("DELETE FROM rate_limit_windows WHERE (kind = 'm' AND window_start < ?) OR (kind = 'd' AND window_start < ?)",
		minuteBefore, dayBefore).Error
}

// CountOrgRows counts an organization's rows in one of the quota-guarded tables.
func (s *Store) CountOrgRows(ctx context.Context, orgID, table string) (int64, error) {
	switch table {
	case "data_sources", "agents", "users":
	default:
		return 0, fmt.Errorf("count rows: unknown table %q", table)
	}
	var n int64
	err := s.ctx(ctx).Table(table).Where("organization_id = ?", orgID).Count(&n).Error
	return n, err
}

// LockSubscription takes the subscription row's lock until the transaction ends (PostgreSQL;
// SQLite transactions already hold the database's write lock), so quota checks on creation are
// serialized per organization.
func (s *Store) LockSubscription(ctx context.Context, orgID string) error {
	if s.dialect != Postgres {
		return nil
	}
	var id int64
	return s.ctx(ctx).Raw("SELECT id FROM subscriptions WHERE organization_id = ? FOR UPDATE", orgID).Scan(&id).Error
}

// AddOns lists an organization's add-ons.
func (s *Store) AddOns(ctx context.Context, orgID string) ([]AddOn, error) {
	var out []AddOn
	return out, s.tenant(ctx, orgID).Find(&out).Error
}

// SetAddOn sets (or adds to) an add-on's quantity.
func (s *Store) SetAddOn(ctx context.Context, orgID, typ string, quantity int64, add bool) error {
	now := time.Now().UTC()
	a := AddOn{OrganizationID: orgID, Type: typ, Quantity: quantity, UpdatedAt: now}
	set := clause.Assignments(map[string]any{"quantity": quantity, "updated_at": now})
	if add {
		set = clause.Assignments(map[string]any{"quantity": gorm.Expr("billing_add_ons.quantity + ?", quantity), "updated_at": now})
	}
	return s.ctx(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "organization_id"}, {Name: "type"}}, DoUpdates: set}).Create(&a).Error
}

// CreateInvoice inserts an invoice; a second renewal invoice of one period is ErrConflict.
func (s *Store) CreateInvoice(ctx context.Context, inv *Invoice) error {
	return translate(s.ctx(ctx).Create(inv).Error)
}

// Invoices lists an organization's invoices, newest first.
func (s *Store) Invoices(ctx context.Context, orgID string, limit, offset int) ([]Invoice, int64, error) {
	var out []Invoice
	var total int64
	q := s.tenant(ctx, orgID).Model(&Invoice{})
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	err := s.tenant(ctx, orgID).Order("created_at DESC, number DESC").Limit(limit).Offset(offset).Find(&out).Error
	return out, total, err
}

// InvoiceOf reads one invoice.
func (s *Store) InvoiceOf(ctx context.Context, orgID, id string) (*Invoice, error) {
	var inv Invoice
	if err := s.tenant(ctx, orgID).First(&inv, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &inv, nil
}

// UpdateInvoice sets fields of an invoice.
func (s *Store) UpdateInvoice(ctx context.Context, orgID, id string, fields map[string]any) error {
	return translate(s.tenant(ctx, orgID).Model(&Invoice{}).Where("id = ?", id).Updates(fields).Error)
}

// CreatePaymentMethod inserts a payment method; the first one of an organization is its default.
func (s *Store) CreatePaymentMethod(ctx context.Context, pm *PaymentMethod) error {
	return s.Tx(ctx, func(tx *Store) error {
		var n int64
		if err := tx.tenant(ctx, pm.OrganizationID).Model(&PaymentMethod{}).Count(&n).Error; err != nil {
			return err
		}
		pm.IsDefault = n == 0
		return translate(tx.ctx(ctx).Create(pm).Error)
	})
}

// PaymentMethods lists an organization's payment methods, oldest first.
func (s *Store) PaymentMethods(ctx context.Context, orgID string) ([]PaymentMethod, error) {
	var out []PaymentMethod
	return out, s.tenant(ctx, orgID).Order("created_at, id").Find(&out).Error
}

// DefaultPaymentMethod is the organization's default card (ErrNotFound when none).
func (s *Store) DefaultPaymentMethod(ctx context.Context, orgID string) (*PaymentMethod, error) {
	var pm PaymentMethod
	if err := s.tenant(ctx, orgID).Where("is_default = ?", true).First(&pm).Error; err != nil {
		return nil, translate(err)
	}
	return &pm, nil
}

// SetDefaultPaymentMethod makes one payment method the default.
func (s *Store) SetDefaultPaymentMethod(ctx context.Context, orgID, id string) error {
	return s.Tx(ctx, func(tx *Store) error {
		var pm PaymentMethod
		if err := tx.tenant(ctx, orgID).First(&pm, "id = ?", id).Error; err != nil {
			return translate(err)
		}
		if err := tx.tenant(ctx, orgID).Model(&PaymentMethod{}).Where("id <> ?", id).Update("is_default", false).Error; err != nil {
			return err
		}
		return tx.tenant(ctx, orgID).Model(&PaymentMethod{}).Where("id = ?", id).Update("is_default", true).Error
	})
}

// DeletePaymentMethod removes a payment method; if it was the default, the newest remaining one
// becomes the default.
func (s *Store) DeletePaymentMethod(ctx context.Context, orgID, id string) error {
	return s.Tx(ctx, func(tx *Store) error {
		var pm PaymentMethod
		if err := tx.tenant(ctx, orgID).First(&pm, "id = ?", id).Error; err != nil {
			return translate(err)
		}
		if err := tx.tenant(ctx, orgID).Where("id = ?", id).Delete(&PaymentMethod{}).Error; err != nil {
			return err
		}
		if !pm.IsDefault {
			return nil
		}
		var next PaymentMethod
		err := tx.tenant(ctx, orgID).Order("created_at DESC").First(&next).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return tx.tenant(ctx, orgID).Model(&PaymentMethod{}).Where("id = ?", next.ID).Update("is_default", true).Error
	})
}

// StoredResultBytes is the size of an organization's stored query results and generated SQL
// (what storage_gb reports).
func (s *Store) StoredResultBytes(ctx context.Context, orgID string) (int64, error) {
	var n *int64
	err := s.ctx(ctx).Raw("SELECT SUM(LENGTH(results_json) + LENGTH(question)) FROM queries WHERE organization_id = ?", orgID).Scan(&n).Error
	if err != nil || n == nil {
		return 0, err
	}
	return *n, nil
}
