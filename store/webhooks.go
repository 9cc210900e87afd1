package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Delivery statuses.
const (
	DeliveryPending   = "pending"
	DeliverySucceeded = "succeeded"
	DeliveryFailed    = "failed"
)

// Webhook is a customer endpoint subscribed to event types. Secrets are stored encrypted.
type Webhook struct {
	ID                      string `gorm:"primaryKey"`
	OrganizationID          string
	URL                     string `gorm:"column:url"`
	Events                  string // JSON array of event types, or ["*"]
	Description             string
	Enabled                 bool
	SecretEnc               string
	PreviousSecretEnc       string
	PreviousSecretExpiresAt *time.Time
	ConsecutiveFailures     int
	DisabledReason          string
	CreatedAt               time.Time
	UpdatedAt               time.Time
}

// TableName pins the table name.
func (Webhook) TableName() string { return "webhooks" }

// EventTypes decodes Events; a corrupt value reads as no subscription rather than failing
// every delivery of the organization.
func (w *Webhook) EventTypes() []string {
	var out []string
	if err := json.Unmarshal([]byte(w.Events), &out); err != nil {
		return []string{}
	}
	return out
}

// EncodeEventTypes is the stored form of a subscription list.
func EncodeEventTypes(types []string) string {
	b, _ := json.Marshal(types) // a []string always marshals
	return string(b)
}

// WebhookDelivery is one event (or test) for one webhook and its current state.
type WebhookDelivery struct {
	ID             string `gorm:"primaryKey"`
	WebhookID      string
	OrganizationID string
	EventID        string
	EventType      string
	ReplayID       string
	Payload        string
	Status         string
	Attempts       int
	LastStatusCode int
	LastError      string
	NextAttemptAt  *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
	CompletedAt    *time.Time
}

// TableName pins the table name.
func (WebhookDelivery) TableName() string { return "webhook_deliveries" }

// WebhookAttempt is one HTTP attempt of a delivery.
type WebhookAttempt struct {
	ID              string `gorm:"primaryKey"`
	DeliveryID      string
	WebhookID       string
	OrganizationID  string
	EventID         string
	EventType       string
	Attempt         int
	Retry           int
	Success         bool
	StatusCode      int
	ResponseTimeMS  int `gorm:"column:response_time_ms"`
	ResponseExcerpt string
	Error           string
	CreatedAt       time.Time
}

// TableName pins the table name.
func (WebhookAttempt) TableName() string { return "webhook_attempts" }

// CreateWebhook inserts a webhook.
func (s *Store) CreateWebhook(ctx context.Context, w *Webhook) error {
	return translate(s.ctx(ctx).Create(w).Error)
}

// Webhooks lists the organization's webhooks, oldest first.
func (s *Store) Webhooks(ctx context.Context, orgID string) ([]Webhook, error) {
	var out []Webhook
	err := s.tenant(ctx, orgID).Order("created_at, id").Find(&out).Error
	return out, translate(err)
}

// Webhook reads one webhook of the organization.
func (s *Store) Webhook(ctx context.Context, orgID, id string) (*Webhook, error) {
	var w Webhook
	if err := s.tenant(ctx, orgID).First(&w, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &w, nil
}

// WebhookAnyOrg reads a webhook without knowing its organization: only for operator tools
// (`analytics events replay --to-webhook`), never with an id from an API client.
func (s *Store) WebhookAnyOrg(ctx context.Context, id string) (*Webhook, error) {
	var w Webhook
	if err := s.ctx(ctx).First(&w, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &w, nil
}

// UpdateWebhook writes the given columns of a webhook of the organization.
func (s *Store) UpdateWebhook(ctx context.Context, orgID, id string, fields map[string]any) error {
	fields["updated_at"] = time.Now().UTC()
	res := s.tenant(ctx, orgID).Model(&Webhook{}).Where("id = ?", id).Updates(fields)
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// DeleteWebhook removes a webhook with its delivery log.
func (s *Store) DeleteWebhook(ctx context.Context, orgID, id string) error {
	return s.Tx(ctx, func(tx *Store) error {
		res := tx.tenant(ctx, orgID).Where("id = ?", id).Delete(&Webhook{})
		if res.Error != nil {
			return translate(res.Error)
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		if err := tx.ctx(ctx).Where("webhook_id = ?", id).Delete(&WebhookAttempt{}).Error; err != nil {
			return fmt.Errorf("delete webhook attempts: %w", err)
		}
		if err := tx.ctx(ctx).Where("webhook_id = ?", id).Delete(&WebhookDelivery{}).Error; err != nil {
			return fmt.Errorf("delete webhook deliveries: %w", err)
		}
		return nil
	})
}

// insertChunk bounds the rows of one multi-row statement (Postgres allows 65535 parameters).
const insertChunk = 500

// CreateDeliveries inserts deliveries, skipping those whose (webhook, event, replay) exists
// already, and returns the ones it created. A redelivered event therefore creates nothing, and
// the caller schedules attempts only for what is returned.
func (s *Store) CreateDeliveries(ctx context.Context, ds []WebhookDelivery) ([]WebhookDelivery, error) {
	byID := make(map[string]int, len(ds))
	for i := range ds {
		byID[ds[i].ID] = i
	}
	var created []WebhookDelivery
	for chunk := range slices.Chunk(ds, insertChunk) {
		var sb strings.Builder
		sb.WriteString("INSERT INTO webhook_deliveries (id, webhook_id, organization_id, event_id, event_type, replay_id, " +
			"payload, status, attempts, last_status_code, last_error, created_at, updated_at) VALUES ")
		args := make([]any, 0, len(chunk)*13)
		for i, d := range chunk {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString("(?,?,?,?,?,?,?,?,0,0,'',?,?)")
			args = append(args, d.ID, d.WebhookID, d.OrganizationID, d.EventID, d.EventType, d.ReplayID,
				d.Payload, d.Status, d.CreatedAt, d.UpdatedAt)
		}
		sb.WriteString(" ON CONFLICT (webhook_id, event_id, replay_id) DO NOTHING RETURNING id")
		rows, err := s.ctx(ctx).Raw(sb.String(), args...).Rows()
		if err != nil {
			return nil, fmt.Errorf("create deliveries: %w", err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, fmt.Errorf("create deliveries: %w", err)
			}
			if i, ok := byID[id]; ok {
				created = append(created, ds[i])
			}
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("create deliveries: %w", err)
		}
	}
	return created, nil
}

// AttemptRecord is an attempt with the delivery state it leads to.
type AttemptRecord struct {
	Attempt WebhookAttempt
	// Status is the delivery's status afterwards: succeeded, pending (retry scheduled) or failed.
	Status        string
	NextAttemptAt *time.Time
	// Counts says whether the outcome moves the webhook's consecutive-failure counter: live
	// deliveries do, test sends do not. Only final outcomes (succeeded, failed) count.
	Counts bool
	// Skipped records no attempt row, only the delivery's new state (e.g. webhook disabled).
	Skipped bool
}

// RecordAttempts writes a batch of attempts and the delivery states they lead to in one
// transaction, keeps each webhook's consecutive_failures up to date and disables a webhook
// whose counter reaches disableAfter. It returns the webhooks it disabled.
//
// Successes are grouped into one UPDATE per attempt number (all status 200 by definition), so a
// batch of first-attempt successes costs three statements whatever its size.
func (s *Store) RecordAttempts(ctx context.Context, recs []AttemptRecord, disableAfter int, reason string) (disabled []Webhook, err error) {
	if len(recs) == 0 {
		return nil, nil
	}
	now := time.Now().UTC()
	err = s.Tx(ctx, func(tx *Store) error {
		attempts := make([]WebhookAttempt, 0, len(recs))
		for _, r := range recs {
			if !r.Skipped {
				attempts = append(attempts, r.Attempt)
			}
		}
		if len(attempts) > 0 {
			if err := tx.ctx(ctx).CreateInBatches(attempts, insertChunk).Error; err != nil {
				return fmt.Errorf("record webhook attempts: %w", err)
			}
		}
		successes := map[int][]string{} // attempt number -> delivery ids
		type counter struct {
			sawSuccess bool
			trailing   int
		}
		counters := map[string]*counter{}
		var order []string
		for _, r := range recs {
			a := r.Attempt
			if r.Status == DeliverySucceeded {
				successes[a.Attempt] = append(successes[a.Attempt], a.DeliveryID)
			} else {
				fields := map[string]any{"status": r.Status, "attempts": a.Attempt, "last_status_code": a.StatusCode,
					"last_error": a.Error, "next_attempt_at": r.NextAttemptAt, "updated_at": now}
				if r.Skipped {
					delete(fields, "attempts")
				}
				if r.Status == DeliveryFailed {
					fields["completed_at"] = now
				}
				if err := tx.ctx(ctx).Model(&WebhookDelivery{}).Where("id = ?", a.DeliveryID).Updates(fields).Error; err != nil {
					return fmt.Errorf("update webhook delivery: %w", err)
				}
			}
			if !r.Counts || r.Status == DeliveryPending {
				continue
			}
			c := counters[a.WebhookID]
			if c == nil {
				c = &counter{}
				counters[a.WebhookID] = c
				order = append(order, a.WebhookID)
			}
			if r.Status == DeliverySucceeded {
				c.sawSuccess, c.trailing = true, 0
			} else {
				c.trailing++
			}
		}
		for n, ids := range successes {
			if err := tx.ctx(ctx).Model(&WebhookDelivery{}).Where("id IN ?", ids).Updates(map[string]any{
				"status": DeliverySucceeded, "attempts": n, "last_status_code": 200, "last_error": "",
				"next_attempt_at": nil, "updated_at": now, "completed_at": now}).Error; err != nil {
				return fmt.Errorf("update webhook deliveries: %w", err)
			}
		}
		var reset, failing []string
		slices.Sort(order) // one lock order for concurrent batches
		for _, id := range order {
			c := counters[id]
			switch {
			case c.trailing == 0:
				reset = append(reset, id)
			case c.sawSuccess:
				failing = append(failing, id)
				if err := tx.ctx(ctx).Model(&Webhook{}).Where("id = ?", id).Update("consecutive_failures", c.trailing).Error; err != nil {
					return fmt.Errorf("count webhook failures: %w", err)
				}
			default:
				failing = append(failing, id)
				if err := tx.ctx(ctx).Model(&Webhook{}).Where("id = ?", id).
					Update("consecutive_failures", gorm.Expr("consecutive_failures + ?", c.trailing)).Error; err != nil {
					return fmt.Errorf("count webhook failures: %w", err)
				}
			}
		}
		if len(reset) > 0 {
			if err := tx.ctx(ctx).Model(&Webhook{}).Where("id IN ? AND consecutive_failures <> 0", reset).
				Update("consecutive_failures", 0).Error; err != nil {
				return fmt.Errorf("reset webhook failures: %w", err)
			}
		}
		if len(failing) > 0 {
			var hit []Webhook
			if err := tx.ctx(ctx).Where("id IN ? AND enabled = ? AND consecutive_failures >= ?", failing, true, disableAfter).
				Find(&hit).Error; err != nil {
				return fmt.Errorf("find failing webhooks: %w", err)
			}
			for _, w := range hit {
				if err := tx.ctx(ctx).Model(&Webhook{}).Where("id = ?", w.ID).
					Updates(map[string]any{"enabled": false, "disabled_reason": reason, "updated_at": now}).Error; err != nil {
					return fmt.Errorf("disable webhook: %w", err)
				}
				w.Enabled, w.DisabledReason = false, reason
				disabled = append(disabled, w)
			}
		}
		return nil
	})
	return disabled, err
}

// WebhookDeliveryOf reads one delivery of a webhook of the organization.
func (s *Store) WebhookDeliveryOf(ctx context.Context, orgID, webhookID, id string) (*WebhookDelivery, error) {
	var d WebhookDelivery
	if err := s.tenant(ctx, orgID).First(&d, "id = ? AND webhook_id = ?", id, webhookID).Error; err != nil {
		return nil, translate(err)
	}
	return &d, nil
}

// RestartDelivery puts a finished delivery back to pending for a manual retry. A delivery that
// is still pending is ErrConflict: it already has an attempt scheduled.
func (s *Store) RestartDelivery(ctx context.Context, orgID, id string) error {
	res := s.tenant(ctx, orgID).Model(&WebhookDelivery{}).Where("id = ? AND status <> ?", id, DeliveryPending).
		Updates(map[string]any{"status": DeliveryPending, "next_attempt_at": time.Now().UTC(), "updated_at": time.Now().UTC(), "completed_at": nil})
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("%w: the delivery is still pending", ErrConflict)
	}
	return nil
}

// DeliveryFilter selects and pages the delivery log.
type DeliveryFilter struct {
	Status, EventType string
	Limit, Offset     int
}

// WebhookDeliveries pages the delivery log of a webhook, newest first, without payloads, and
// counts all matching rows.
func (s *Store) WebhookDeliveries(ctx context.Context, orgID, webhookID string, f DeliveryFilter) ([]WebhookDelivery, int64, error) {
	q := s.tenant(ctx, orgID).Model(&WebhookDelivery{}).Where("webhook_id = ?", webhookID)
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.EventType != "" {
		q = q.Where("event_type = ?", f.EventType)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, translate(err)
	}
	var out []WebhookDelivery
	err := q.Omit("payload").Order("created_at DESC, id DESC").Limit(f.Limit).Offset(f.Offset).Find(&out).Error
	return out, total, translate(err)
}

// WebhookAttemptsOf lists the attempts of the given deliveries, in attempt order.
func (s *Store) WebhookAttemptsOf(ctx context.Context, orgID string, deliveryIDs []string) ([]WebhookAttempt, error) {
	if len(deliveryIDs) == 0 {
		return nil, nil
	}
	var out []WebhookAttempt
	err := s.tenant(ctx, orgID).Where("delivery_id IN ?", deliveryIDs).Order("delivery_id, attempt, created_at").Find(&out).Error
	return out, translate(err)
}

// WebhookStats summarises a webhook's deliveries created since a time.
type WebhookStats struct {
	Total, Succeeded, Failed, Pending int64
	// AvgResponseMS is the mean response time of the attempts in the window (0 when none).
	AvgResponseMS  float64
	RecentFailures []WebhookAttempt
}

// WebhookStatsSince computes the dashboard figures of a webhook.
func (s *Store) WebhookStatsSince(ctx context.Context, orgID, webhookID string, since time.Time, recent int) (*WebhookStats, error) {
	var st WebhookStats
	var rows []struct {
		Status string
		N      int64
	}
	if err := s.tenant(ctx, orgID).Model(&WebhookDelivery{}).Select("status, COUNT(*) AS n").
		Where("webhook_id = ? AND created_at >= ?", webhookID, since).Group("status").Scan(&rows).Error; err != nil {
		return nil, translate(err)
	}
	for _, r := range rows {
		st.Total += r.N
		switch r.Status {
		case DeliverySucceeded:
			st.Succeeded = r.N
		case DeliveryFailed:
			st.Failed = r.N
		case DeliveryPending:
			st.Pending = r.N
		}
	}
	var avg struct{ A *float64 }
	if err := s.tenant(ctx, orgID).Model(&WebhookAttempt{}).Select("AVG(response_time_ms) AS a").
		Where("webhook_id = ? AND created_at >= ?", webhookID, since).Scan(&avg).Error; err != nil {
		return nil, translate(err)
	}
	if avg.A != nil {
		st.AvgResponseMS = *avg.A
	}
	if err := s.tenant(ctx, orgID).Where("webhook_id = ? AND created_at >= ? AND success = ?", webhookID, since, false).
		Order("created_at DESC, id DESC").Limit(recent).Find(&st.RecentFailures).Error; err != nil {
		return nil, translate(err)
	}
	return &st, nil
}

// UnsentLiveDeliveries returns the live deliveries of the given events that were created but
// never attempted: after a crash between creating them and publishing their commands, the
// redelivered event publishes them again.
func (s *Store) UnsentLiveDeliveries(ctx context.Context, eventIDs []string) ([]WebhookDelivery, error) {
	var out []WebhookDelivery
	for chunk := range slices.Chunk(eventIDs, insertChunk) {
		var part []WebhookDelivery
		if err := s.ctx(ctx).Where("event_id IN ? AND replay_id = '' AND status = ? AND attempts = 0", chunk, DeliveryPending).
			Find(&part).Error; err != nil {
			return nil, translate(err)
		}
		out = append(out, part...)
	}
	return out, nil
}
