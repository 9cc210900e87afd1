package api

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/workers/webhook"
)

type webhookHandlers struct {
	svc     *webhook.Service
	billing *billing.Service
}

// registerWebhooks serves webhook management, admins only, at /api/webhooks and /v1/api/webhooks
// (DECISIONS.md: client libraries join the /v1 base URL with the spec's /api path).
func registerWebhooks(groups []*gin.RouterGroup, svc *webhook.Service, bill *billing.Service) {
	h := &webhookHandlers{svc: svc, billing: bill}
	for _, g := range groups {
		w := g.Group("/api/webhooks", requireRole(store.RoleAdmin))
		w.GET("", wrap(h.list))
		w.POST("", wrap(h.create))
		w.GET("/:webhook_id", wrap(h.get))
		w.PATCH("/:webhook_id", wrap(h.update))
		w.DELETE("/:webhook_id", wrap(h.delete))
		w.POST("/:webhook_id/test", wrap(h.test))
		w.POST("/:webhook_id/rotate-secret", wrap(h.rotate))
		w.POST("/:webhook_id/replay", wrap(h.replay))
		w.GET("/:webhook_id/deliveries", wrap(h.deliveries))
		w.POST("/:webhook_id/deliveries/:delivery_id/retry", wrap(h.retry))
		w.GET("/:webhook_id/stats", wrap(h.stats))
	}
}

// webhookBody is a webhook record; the secret is never part of it.
func webhookBody(w *store.Webhook) gin.H {
	var reason *string
	if w.DisabledReason != "" {
		reason = &w.DisabledReason
	}
	return gin.H{"id": w.ID, "url": w.URL, "events": w.EventTypes(), "description": w.Description, "enabled": w.Enabled,
		"created_at": ts(w.CreatedAt), "updated_at": ts(w.UpdatedAt), "consecutive_failures": w.ConsecutiveFailures,
		"disabled_reason": reason}
}

// maxDescription bounds a webhook's description.
const maxDescription = 1000

func (h *webhookHandlers) checkURL(raw string) error {
	if err := h.svc.ValidateURL(raw); err != nil {
		return invalidField("url", "%s", err)
	}
	return nil
}

// checkEvents validates a subscription: a non-empty list of known types, or "*"; duplicates are
// dropped.
func checkEvents(types []string) ([]string, error) {
	if len(types) == 0 {
		return nil, invalidField("events", "events must list at least one event type, or \"*\" for all")
	}
	out := make([]string, 0, len(types))
	for _, t := range types {
		if t != webhook.AllEvents && !events.Known(t) {
			return nil, invalidField("events", "unknown event type %q", t).With("allowed", append([]string{webhook.AllEvents}, events.Types...))
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out, nil
}

func (h *webhookHandlers) list(c *gin.Context) error {
	ws, err := h.svc.List(c.Request.Context(), principal(c).OrgID())
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(ws))
	for i := range ws {
		out = append(out, webhookBody(&ws[i]))
	}
	c.JSON(http.StatusOK, gin.H{"webhooks": out})
	return nil
}

func (h *webhookHandlers) create(c *gin.Context) error {
	var in struct {
		URL         string   `json:"url" limit:"2048"`
		Events      []string `json:"events"`
		Description string   `json:"description" limit:"2000"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	// Webhooks are the real_time feature (docs/billing.md).
	if err := h.billing.RequireFeature(c.Request.Context(), principal(c).OrgID(), billing.FeatureRealTime); err != nil {
		return err
	}
	in.URL = strings.TrimSpace(in.URL)
	if err := required("url", in.URL); err != nil {
		return err
	}
	if err := h.checkURL(in.URL); err != nil {
		return err
	}
	types, err := checkEvents(in.Events)
	if err != nil {
		return err
	}
	if len(in.Description) > maxDescription {
		return invalidField("description", "description is limited to %d characters", maxDescription)
	}
	w, secret, err := h.svc.Create(c.Request.Context(), principal(c).OrgID(), webhook.CreateInput{URL: in.URL, Events: types, Description: in.Description})
	if err != nil {
		return err
	}
	body := webhookBody(w)
	body["secret"] = secret
	c.JSON(http.StatusCreated, body)
	return nil
}

// webhookErr names the webhook in a not-found answer.
func webhookErr(err error, id string) error {
	if errors.Is(err, store.ErrNotFound) {
		return notFound("webhook", id)
	}
	return err
}

func (h *webhookHandlers) get(c *gin.Context) error {
	id := c.Param("webhook_id")
	w, err := h.svc.Get(c.Request.Context(), principal(c).OrgID(), id)
	if err != nil {
		return webhookErr(err, id)
	}
	c.JSON(http.StatusOK, webhookBody(w))
	return nil
}

func (h *webhookHandlers) update(c *gin.Context) error {
	var in struct {
		URL         *string  `json:"url" limit:"2048"`
		Events      []string `json:"events"`
		Description *string  `json:"description" limit:"2000"`
		Enabled     *bool    `json:"enabled"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if in.URL == nil && in.Events == nil && in.Description == nil && in.Enabled == nil {
		return invalidField("body", "send at least one of url, events, description, enabled")
	}
	upd := webhook.UpdateInput{Description: in.Description, Enabled: in.Enabled}
	if in.URL != nil {
		u := strings.TrimSpace(*in.URL)
		if err := h.checkURL(u); err != nil {
			return err
		}
		upd.URL = &u
	}
	if in.Events != nil {
		types, err := checkEvents(in.Events)
		if err != nil {
			return err
		}
		upd.Events = types
	}
	if in.Description != nil && len(*in.Description) > maxDescription {
		return invalidField("description", "description is limited to %d characters", maxDescription)
	}
	id := c.Param("webhook_id")
	w, err := h.svc.Update(c.Request.Context(), principal(c).OrgID(), id, upd)
	if err != nil {
		return webhookErr(err, id)
	}
	c.JSON(http.StatusOK, webhookBody(w))
	return nil
}

func (h *webhookHandlers) delete(c *gin.Context) error {
	id := c.Param("webhook_id")
	if err := h.svc.Delete(c.Request.Context(), principal(c).OrgID(), id); err != nil {
		return webhookErr(err, id)
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "message": "Webhook deleted"})
	return nil
}

func (h *webhookHandlers) test(c *gin.Context) error {
	id := c.Param("webhook_id")
	r, err := h.svc.Test(c.Request.Context(), principal(c).OrgID(), id)
	if err != nil {
		return webhookErr(err, id)
	}
	var errText *string
	if r.Attempt.Err != "" {
		errText = &r.Attempt.Err
	}
	c.JSON(http.StatusOK, gin.H{"success": r.Attempt.Success, "status_code": r.Attempt.StatusCode,
		"response_time": r.Attempt.Duration.Seconds(), "error": errText, "delivery_id": r.DeliveryID, "event_id": r.EventID})
	return nil
}

func (h *webhookHandlers) rotate(c *gin.Context) error {
	id := c.Param("webhook_id")
	secret, until, err := h.svc.RotateSecret(c.Request.Context(), principal(c).OrgID(), id)
	if err != nil {
		return webhookErr(err, id)
	}
	c.JSON(http.StatusOK, gin.H{"id": id, "secret": secret, "previous_secret_expires_at": ts(until)})
	return nil
}

// parseTime reads an RFC 3339 time parameter.
func parseTime(field, v string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, invalidField(field, "%s must be an RFC 3339 time such as 2026-01-02T15:04:05Z", field)
	}
	return t.UTC(), nil
}

func (h *webhookHandlers) replay(c *gin.Context) error {
	var in struct {
		Since      string   `json:"since"`
		Until      string   `json:"until"`
		EventTypes []string `json:"event_types"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("since", in.Since); err != nil {
		return err
	}
	var r webhook.ReplayInput
	var err error
	if r.Since, err = parseTime("since", in.Since); err != nil {
		return err
	}
	if in.Until != "" {
		if r.Until, err = parseTime("until", in.Until); err != nil {
			return err
		}
		if r.Until.Before(r.Since) {
			return invalidField("until", "until must not be before since")
		}
	}
	for _, t := range in.EventTypes {
		if !events.Known(t) && t != webhook.AllEvents {
			return invalidField("event_types", "unknown event type %q", t)
		}
	}
	r.Types = in.EventTypes
	id := c.Param("webhook_id")
	n, err := h.svc.Replay(c.Request.Context(), principal(c).OrgID(), id, r)
	if err != nil {
		return webhookErr(err, id)
	}
	c.JSON(http.StatusAccepted, gin.H{"webhook_id": id, "queued": n, "since": ts(r.Since), "until": tsOrNil(r.Until)})
	return nil
}

func tsOrNil(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	return tsPtr(&t)
}

// queryInt reads an integer query parameter within [lo, hi].
func queryInt(c *gin.Context, name string, def, lo, hi int) (int, error) {
	v := c.Query(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, invalidField(name, "%s must be an integer from %d to %d", name, lo, hi)
	}
	return n, nil
}

func deliveryBody(d *store.WebhookDelivery, attempts []store.WebhookAttempt) gin.H {
	log := make([]gin.H, 0, len(attempts))
	var responseTime *float64
	for _, a := range attempts {
		log = append(log, attemptBody(&a))
		rt := float64(a.ResponseTimeMS) / 1000
		responseTime = &rt
	}
	var lastErr *string
	if d.LastError != "" {
		lastErr = &d.LastError
	}
	return gin.H{"id": d.ID, "webhook_id": d.WebhookID, "event_id": d.EventID, "event_type": d.EventType,
		"status": d.Status, "attempts": d.Attempts, "last_status_code": d.LastStatusCode, "last_error": lastErr,
		"response_time": responseTime, "replay": d.ReplayID != "", "next_attempt_at": tsPtr(d.NextAttemptAt),
		"created_at": ts(d.CreatedAt), "updated_at": ts(d.UpdatedAt), "completed_at": tsPtr(d.CompletedAt),
		"attempt_log": log}
}

func attemptBody(a *store.WebhookAttempt) gin.H {
	var errText *string
	if a.Error != "" {
		errText = &a.Error
	}
	return gin.H{"attempt": a.Attempt, "retry": a.Retry, "timestamp": ts(a.CreatedAt), "event_id": a.EventID,
		"event_type": a.EventType, "success": a.Success, "status_code": a.StatusCode,
		"response_time": float64(a.ResponseTimeMS) / 1000, "error": errText, "response_excerpt": a.ResponseExcerpt}
}

func (h *webhookHandlers) deliveries(c *gin.Context) error {
	limit, err := queryInt(c, "limit", 50, 1, 200)
	if err != nil {
		return err
	}
	offset, err := queryInt(c, "offset", 0, 0, 1<<30)
	if err != nil {
		return err
	}
	f := store.DeliveryFilter{Status: c.Query("status"), EventType: c.Query("event_type"), Limit: limit, Offset: offset}
	switch f.Status {
	case "", store.DeliveryPending, store.DeliverySucceeded, store.DeliveryFailed:
	default:
		return invalidField("status", "status must be pending, succeeded or failed")
	}
	if f.EventType != "" && !events.Known(f.EventType) && f.EventType != events.WebhookTest {
		return invalidField("event_type", "unknown event type %q", f.EventType)
	}
	id := c.Param("webhook_id")
	l, err := h.svc.Deliveries(c.Request.Context(), principal(c).OrgID(), id, f)
	if err != nil {
		return webhookErr(err, id)
	}
	out := make([]gin.H, 0, len(l.Deliveries))
	for i := range l.Deliveries {
		d := &l.Deliveries[i]
		out = append(out, deliveryBody(d, l.Attempts[d.ID]))
	}
	c.JSON(http.StatusOK, gin.H{"deliveries": out, "total": l.Total, "limit": limit, "offset": offset})
	return nil
}

func (h *webhookHandlers) retry(c *gin.Context) error {
	id, did := c.Param("webhook_id"), c.Param("delivery_id")
	d, err := h.svc.RetryDelivery(c.Request.Context(), principal(c).OrgID(), id, did)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return Errorf(http.StatusNotFound, "not_found", "webhook %q has no delivery %q", id, did).With("id", did)
	case errors.Is(err, store.ErrConflict):
		return Errorf(http.StatusConflict, "conflict", "delivery %q is still pending; its next attempt is already scheduled", did)
	case err != nil:
		return err
	}
	c.JSON(http.StatusAccepted, deliveryBody(d, nil))
	return nil
}

// maxStatsWindow is the longest stats window: the delivery log is not kept longer than events.
const maxStatsWindow = 31 * 24 * time.Hour

func (h *webhookHandlers) stats(c *gin.Context) error {
	window := 24 * time.Hour
	if v := c.Query("window"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 || d > maxStatsWindow {
			return invalidField("window", "window must be a duration such as 1h or 24h, at most 744h")
		}
		window = d
	}
	id := c.Param("webhook_id")
	st, err := h.svc.Stats(c.Request.Context(), principal(c).OrgID(), id, window)
	if err != nil {
		return webhookErr(err, id)
	}
	var rate *float64
	if done := st.Succeeded + st.Failed; done > 0 {
		r := float64(int64(float64(st.Succeeded)/float64(done)*10000+0.5)) / 100
		rate = &r
	}
	failures := make([]gin.H, 0, len(st.RecentFailures))
	for i := range st.RecentFailures {
		failures = append(failures, attemptBody(&st.RecentFailures[i]))
	}
	c.JSON(http.StatusOK, gin.H{"webhook_id": id, "window": window.String(), "total_deliveries": st.Total,
		"successful": st.Succeeded, "failed": st.Failed, "pending": st.Pending, "success_rate": rate,
		"average_response_time": st.AvgResponseMS / 1000, "recent_failures": failures})
	return nil
}
