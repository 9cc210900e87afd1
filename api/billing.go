package api

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/store"
)

type billingHandlers struct {
	st  *store.Store
	svc *billing.Service
}

// registerBilling serves /api/billing at the spec's path and under /v1 (DECISIONS.md). The
// organization's owner manages billing; other admins read usage, the subscription and invoices;
// everyone else gets 403.
func registerBilling(groups []*gin.RouterGroup, st *store.Store, svc *billing.Service) {
	h := &billingHandlers{st: st, svc: svc}
	for _, g := range groups {
		b := g.Group("/api/billing", requireRole(store.RoleAdmin))
		b.GET("/subscription", wrap(h.subscription))
		b.GET("/usage", wrap(h.usage))
		b.GET("/invoices", wrap(h.invoices))
		b.GET("/invoices/:invoice_id", wrap(h.invoice))
		b.GET("/add-ons", wrap(h.addOns))
		owner := b.Group("", h.requireOwner)
		owner.POST("/subscription/change-plan", wrap(h.changePlan))
		owner.POST("/subscription/cancel", wrap(h.cancel))
		owner.POST("/subscription/resume", wrap(h.resume))
		owner.POST("/add-ons", wrap(h.buyAddOn))
		owner.GET("/payment-methods", wrap(h.paymentMethods))
		owner.POST("/payment-methods", wrap(h.addPaymentMethod))
		owner.DELETE("/payment-methods/:payment_method_id", wrap(h.deletePaymentMethod))
		owner.POST("/payment-methods/:payment_method_id/default", wrap(h.setDefault))
	}
}

// requireOwner lets only the organization's owner through (other admins: 403 with
// details.required_role = "owner").
func (h *billingHandlers) requireOwner(c *gin.Context) {
	p := principal(c)
	org, err := h.st.Organization(c.Request.Context(), p.OrgID())
	if err != nil {
		_ = c.Error(err)
		c.Abort()
		return
	}
	if org.OwnerUserID != p.User.ID {
		writeError(c, Errorf(http.StatusForbidden, "permission_denied", "only the organization's owner manages billing").With("required_role", "owner"))
		return
	}
	c.Next()
}

func date(t time.Time) string { return t.UTC().Format(time.DateOnly) }

func (h *billingHandlers) subscriptionBody(c *gin.Context, sub *store.Subscription) (gin.H, error) {
	orgNum, err := h.st.OrganizationBillingID(c.Request.Context(), sub.OrganizationID)
	if err != nil {
		return nil, err
	}
	plan := billing.PlanOf(sub)
	features := gin.H{}
	for _, f := range billing.Features {
		features[f] = plan.Has(f)
	}
	quotas := gin.H{}
	for k, v := range billing.Limits(sub) {
		quotas[k] = v
	}
	var cancelAt any
	if sub.CancelAtPeriodEnd {
		cancelAt = date(sub.CurrentPeriodEnd)
	}
	var scheduled any
	if sub.ScheduledPlan != "" || sub.ScheduledCycle != "" {
		scheduled = gin.H{"plan": nonEmpty(sub.ScheduledPlan, sub.Plan), "billing_cycle": nonEmpty(sub.ScheduledCycle, sub.BillingCycle),
			"effective_date": date(sub.CurrentPeriodEnd)}
	}
	perMinute, perDay := h.svc.RateLimits(sub)
	return gin.H{
		"id": sub.ID, "organization_id": orgNum, "plan": sub.Plan, "status": sub.Status, "billing_cycle": sub.BillingCycle,
		"current_period_start": date(sub.CurrentPeriodStart), "current_period_end": date(sub.CurrentPeriodEnd),
		"cancel_at": cancelAt, "features": features, "quotas": quotas, "scheduled_change": scheduled,
		"price":       gin.H{"amount": plan.PriceCents(sub.BillingCycle), "currency": billing.Currency},
		"rate_limits": gin.H{"per_minute": perMinute, "per_day": perDay},
	}, nil
}

func (h *billingHandlers) subscription(c *gin.Context) error {
	sub, err := h.svc.Subscription(c.Request.Context(), principal(c).OrgID())
	if err != nil {
		return err
	}
	body, err := h.subscriptionBody(c, sub)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, body)
	return nil
}

func (h *billingHandlers) usage(c *gin.Context) error {
	u, err := h.svc.Usage(c.Request.Context(), principal(c).OrgID())
	if err != nil {
		return err
	}
	gb := math.Round(float64(u.StorageBytes)/1e9*1000) / 1000 // a display figure, not money
	c.JSON(http.StatusOK, gin.H{
		"period_start": date(u.PeriodStart), "period_end": date(u.PeriodEnd),
		"queries_used": u.QueriesUsed, "queries_limit": u.QueriesLimit,
		"data_sources_used": u.DataSourcesUsed, "ai_agents_used": u.AIAgentsUsed, "team_members": u.TeamMembers,
		"storage_gb": gb, "alerts_sent": u.AlertsSent,
		"metered": gin.H{"queries_completed": u.QueriesMetered, "queries_failed": u.FailedMetered, "templates_executed": u.TemplatesMetered},
	})
	return nil
}

func (h *billingHandlers) changePlan(c *gin.Context) error {
	var in struct {
		Plan         string `json:"plan"`
		BillingCycle string `json:"billing_cycle"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	in.Plan = strings.ToLower(strings.TrimSpace(in.Plan))
	if err := required("plan", in.Plan); err != nil {
		return err
	}
	if _, ok := billing.LookupPlan(in.Plan); !ok {
		return invalidField("plan", "plan must be one of %s", strings.Join(billing.PlanNames(), ", ")).With("allowed", billing.PlanNames())
	}
	if in.BillingCycle != "" && in.BillingCycle != billing.CycleMonthly && in.BillingCycle != billing.CycleAnnual {
		return invalidField("billing_cycle", "billing_cycle must be monthly or annual")
	}
	res, err := h.svc.ChangePlan(c.Request.Context(), principal(c).OrgID(), in.Plan, in.BillingCycle)
	if err != nil {
		return err
	}
	body, err := h.subscriptionBody(c, res.Subscription)
	if err != nil {
		return err
	}
	out := gin.H{"subscription": body, "effective": "immediately", "exceeding_quotas": res.Exceeding, "features_lost": orEmpty(res.FeaturesLost)}
	if res.Scheduled {
		out["effective"] = "period_end"
	}
	if res.Exceeding == nil {
		out["exceeding_quotas"] = []billing.Exceeding{}
	}
	if res.Invoice != nil {
		out["invoice"] = invoiceBody(res.Invoice)
	} else {
		out["invoice"] = nil
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (h *billingHandlers) cancel(c *gin.Context) error {
	return h.renderAfter(c, h.svc.Cancel)
}

func (h *billingHandlers) resume(c *gin.Context) error {
	return h.renderAfter(c, h.svc.Resume)
}

func (h *billingHandlers) renderAfter(c *gin.Context, op func(ctx context.Context, orgID string) (*store.Subscription, error)) error {
	sub, err := op(c.Request.Context(), principal(c).OrgID())
	if err != nil {
		return err
	}
	body, err := h.subscriptionBody(c, sub)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, body)
	return nil
}

func invoiceBody(inv *store.Invoice) gin.H {
	lines := billing.DecodeLines(inv)
	items := make([]gin.H, 0, len(lines))
	for _, l := range lines {
		items = append(items, gin.H{"type": l.Type, "description": l.Description, "quantity": l.Quantity, "unit_amount": l.UnitCents, "amount": l.AmountCents})
	}
	return gin.H{"id": inv.ID, "number": inv.Number, "kind": inv.Kind, "period_start": date(inv.PeriodStart), "period_end": date(inv.PeriodEnd),
		"lines": items, "currency": inv.Currency, "total": inv.TotalCents, "status": inv.Status, "created_at": ts(inv.CreatedAt), "paid_at": tsPtr(inv.PaidAt)}
}

func (h *billingHandlers) invoices(c *gin.Context) error {
	limit, offset, err := pageParams(c)
	if err != nil {
		return err
	}
	list, total, err := h.st.Invoices(c.Request.Context(), principal(c).OrgID(), limit, offset)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for i := range list {
		out = append(out, invoiceBody(&list[i]))
	}
	c.JSON(http.StatusOK, gin.H{"invoices": out, "total": total, "limit": limit, "offset": offset})
	return nil
}

// pageParams reads limit (1–100, default 50) and offset (≥ 0).
func pageParams(c *gin.Context) (int, int, error) {
	limit, offset := 50, 0
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return 0, 0, invalidField("limit", "limit must be an integer from 1 to 100")
		}
		limit = n
	}
	if v := c.Query("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1_000_000 {
			return 0, 0, invalidField("offset", "offset must be a non-negative integer")
		}
		offset = n
	}
	return limit, offset, nil
}

func (h *billingHandlers) invoice(c *gin.Context) error {
	id := c.Param("invoice_id")
	inv, err := h.st.InvoiceOf(c.Request.Context(), principal(c).OrgID(), id)
	if errors.Is(err, store.ErrNotFound) {
		return notFound("invoice", id)
	}
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, invoiceBody(inv))
	return nil
}

func (h *billingHandlers) addOns(c *gin.Context) error {
	out, err := h.svc.AddOnsOf(c.Request.Context(), principal(c).OrgID())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// maxAddOnQuantity bounds one purchase.
const maxAddOnQuantity = 10000

func (h *billingHandlers) buyAddOn(c *gin.Context) error {
	var in struct {
		Type     string          `json:"type"`
		Quantity json.RawMessage `json:"quantity"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if !slices.Contains(billing.AddOnTypes, in.Type) {
		return invalidField("type", "type must be one of %s", strings.Join(billing.AddOnTypes, ", ")).With("allowed", billing.AddOnTypes)
	}
	var qty int64
	raw := strings.TrimSpace(string(in.Quantity))
	switch {
	case in.Type == billing.AddOnPremiumSupport && (raw == "true" || raw == "false"):
		if raw == "true" {
			qty = 1
		}
	case raw == "":
		return invalidField("quantity", "field \"quantity\" is required")
	default:
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil {
			return invalidField("quantity", "quantity must be an integer")
		}
		qty = n
	}
	if in.Type == billing.AddOnPremiumSupport {
		if qty != 0 && qty != 1 {
			return invalidField("quantity", "premium_support takes true/false (or 1/0)")
		}
	} else if qty < 1 || qty > maxAddOnQuantity {
		return invalidField("quantity", "quantity must be from 1 to %d", maxAddOnQuantity)
	}
	out, inv, err := h.svc.BuyAddOn(c.Request.Context(), principal(c).OrgID(), in.Type, qty)
	if err != nil {
		return err
	}
	body := gin.H{"add_ons": out, "invoice": nil}
	if inv != nil {
		body["invoice"] = invoiceBody(inv)
	}
	c.JSON(http.StatusOK, body)
	return nil
}

func paymentMethodBody(pm *store.PaymentMethod) gin.H {
	var addr map[string]string
	_ = json.Unmarshal([]byte(pm.BillingAddress), &addr)
	return gin.H{"id": pm.ID, "brand": pm.Brand, "last4": pm.Last4, "exp_month": pm.ExpMonth, "exp_year": pm.ExpYear,
		"billing_address": addr, "is_default": pm.IsDefault, "provider": pm.Provider, "created_at": ts(pm.CreatedAt)}
}

func (h *billingHandlers) paymentMethods(c *gin.Context) error {
	list, err := h.st.PaymentMethods(c.Request.Context(), principal(c).OrgID())
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for i := range list {
		out = append(out, paymentMethodBody(&list[i]))
	}
	c.JSON(http.StatusOK, gin.H{"payment_methods": out})
	return nil
}

// addressFields are the billing address keys of the spec, each limited to 200 characters.
var addressFields = []string{"line1", "city", "state", "postal_code", "country"}

func (h *billingHandlers) addPaymentMethod(c *gin.Context) error {
	var in struct {
		CardNumber     string            `json:"card_number"`
		ExpMonth       int               `json:"exp_month"`
		ExpYear        int               `json:"exp_year"`
		CVC            string            `json:"cvc"`
		BillingAddress map[string]string `json:"billing_address"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	for _, f := range []struct{ name, v string }{{"card_number", in.CardNumber}, {"cvc", in.CVC}} {
		if err := required(f.name, f.v); err != nil {
			return err
		}
		if len(f.v) > 30 {
			return invalidField(f.name, "%s is too long", f.name)
		}
	}
	if in.BillingAddress == nil {
		return invalidField("billing_address", "billing_address is required (line1, city, state, postal_code, country)")
	}
	addr := map[string]string{}
	for _, k := range addressFields {
		v := strings.TrimSpace(in.BillingAddress[k])
		if len(v) > 200 {
			return invalidField("billing_address."+k, "billing_address.%s is limited to 200 characters", k)
		}
		addr[k] = v
	}
	if addr["line1"] == "" || addr["country"] == "" {
		return invalidField("billing_address", "billing_address.line1 and billing_address.country are required")
	}
	pm, err := h.svc.AddPaymentMethod(c.Request.Context(), principal(c).OrgID(),
		billing.Card{Number: in.CardNumber, ExpMonth: in.ExpMonth, ExpYear: in.ExpYear, CVC: in.CVC}, addr)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, paymentMethodBody(pm))
	return nil
}

func (h *billingHandlers) deletePaymentMethod(c *gin.Context) error {
	id := c.Param("payment_method_id")
	err := h.st.DeletePaymentMethod(c.Request.Context(), principal(c).OrgID(), id)
	if errors.Is(err, store.ErrNotFound) {
		return notFound("payment method", id)
	}
	if err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

func (h *billingHandlers) setDefault(c *gin.Context) error {
	id := c.Param("payment_method_id")
	err := h.st.SetDefaultPaymentMethod(c.Request.Context(), principal(c).OrgID(), id)
	if errors.Is(err, store.ErrNotFound) {
		return notFound("payment method", id)
	}
	if err != nil {
		return err
	}
	return h.paymentMethods(c)
}

// rateLimit counts every authenticated request against its organization's limits and sets the
// X-RateLimit-* headers of the most constraining window; over the limit it answers 429
// rate_limited with Retry-After.
func rateLimit(svc *billing.Service, a authenticator, log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		p := principal(c)
		if svc == nil || p == nil {
			c.Next()
			return
		}
		d, err := svc.Allow(c.Request.Context(), p.OrgID())
		if p.FromCopy && (err != nil || d.AccessEpoch != p.AccessEpoch) {
			// The copy of the credential is of another access epoch: something about the
			// organization's users, credentials or agents changed since; read it again.
			fresh, ok := authenticateRequest(c, a, false)
			if !ok {
				return
			}
			c.Set(ctxPrincipal, fresh)
		}
		if err != nil {
			// A limiter that cannot count must not take the API down with it.
			requestLog(c, log).Warn("rate limit not checked", "err", err)
			c.Next()
			return
		}
		// Copies of what this request reads (agents, planning heads) are used only at this epoch.
		c.Request = c.Request.WithContext(store.WithAccessEpoch(c.Request.Context(), p.OrgID(), d.AccessEpoch))
		c.Header("X-RateLimit-Limit", strconv.FormatInt(d.Limit, 10))
		c.Header("X-RateLimit-Remaining", strconv.FormatInt(d.Remaining, 10))
		c.Header("X-RateLimit-Reset", strconv.FormatInt(d.Reset.Unix(), 10))
		if !d.Allowed {
			secs := int64(math.Ceil(d.RetryAfter.Seconds()))
			writeError(c, (&Error{Status: http.StatusTooManyRequests, Code: "rate_limited",
				Message: "the organization's rate limit is exceeded; retry after the window resets",
				Headers: map[string]string{"Retry-After": strconv.FormatInt(max(secs, 1), 10)}}).
				With("limit", d.Limit).With("reset", d.Reset.Unix()).With("retry_after", max(secs, 1)))
			return
		}
		c.Next()
	}
}

// billingError maps billing's errors to the error body (nil if err is not one of them).
func billingError(err error) *Error {
	var qe *billing.QuotaError
	var fe *billing.FeatureError
	var ce *billing.CardError
	var rl *billing.RateLimitedError
	switch {
	case errors.As(err, &qe) && qe.Monthly:
		secs := max(int64(math.Ceil(time.Until(qe.ResetsAt).Seconds())), 1)
		return (&Error{Status: http.StatusTooManyRequests, Code: "quota_exceeded", Message: qe.Error() + "; buy extra_queries packs or upgrade",
			Headers: map[string]string{"Retry-After": strconv.FormatInt(secs, 10)}}).
			With("quota", qe.Quota).With("limit", qe.Limit).With("used", qe.Used).With("resets_at", ts(qe.ResetsAt))
	case errors.As(err, &qe):
		return Errorf(http.StatusForbidden, "quota_exceeded", "%s; upgrade the plan to add more", qe.Error()).
			With("quota", qe.Quota).With("limit", qe.Limit).With("used", qe.Used)
	case errors.As(err, &fe):
		return Errorf(http.StatusForbidden, "feature_not_in_plan", "%s", fe.Error()).With("feature", fe.Feature).With("plan", fe.LowestPlan)
	case errors.As(err, &ce):
		return invalidField(ce.Field, "%s %s", ce.Field, ce.Reason)
	case errors.As(err, &rl):
		return Errorf(http.StatusTooManyRequests, "rate_limited", "%s", rl.Error())
	case errors.Is(err, billing.ErrCardDeclined):
		return Errorf(http.StatusPaymentRequired, "card_declined", "the card was declined by the payment provider")
	case errors.Is(err, billing.ErrPaymentMethodRequired):
		return Errorf(http.StatusPaymentRequired, "payment_method_required", "add a payment method (POST /api/billing/payment-methods) before this change")
	case errors.Is(err, billing.ErrNoChange):
		return Errorf(http.StatusConflict, "conflict", "%s", err)
	case errors.Is(err, billing.ErrUnknownPlan):
		return invalidField("plan", "%s", err)
	}
	return nil
}
