// Package api is the HTTP interface: a Gin router under /v1, middleware (request id, logging,
// recovery, body limit, authentication, roles, errors) and one file per resource group.
package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/netguard"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/templates"
	"github.com/analytics-agent/service/workers/webhook"
)

// Deps are the API's collaborators, passed in explicitly by the process wiring.
type Deps struct {
	Log     *slog.Logger
	Auth    *auth.Service
	Store   *store.Store
	Sources *sources.Service
	Planner *queries.Planner
	// Keys encrypts secrets at rest (data source passwords).
	Keys encrypter
	// SQLiteDir is where sqlite data sources live.
	SQLiteDir string
	// LLMGuard checks an organization's language model base_url (nil refuses every
	// non-public address).
	LLMGuard *netguard.Guard
	// Watcher tells waiting requests that their query finished.
	Watcher doneWatcher
	// LocalQueries answers accepted questions in this process (nil when it runs no query worker).
	LocalQueries *queries.Local
	// Checks are run by /readyz; each names a dependency (database, broker).
	Checks map[string]func(ctx context.Context) error
	// Webhooks manages webhook registrations and their delivery log.
	Webhooks *webhook.Service
	// TrustedProxies (IPs or CIDRs) may set the client address with X-Forwarded-For; nobody else
	// can, so an attacker cannot pick the address that login throttling counts.
	TrustedProxies []string
	// Console, when set, serves the browser console for GET and HEAD paths outside /v1 and /api.
	Console http.Handler
	// Metrics, when set, records every request and serves GET /metrics.
	Metrics httpMetrics
	// MetricsToken, when set, is the bearer token GET /metrics requires.
	MetricsToken string
	// Templates manages templates, their executions and schedules.
	Templates *templates.Service
	// Billing runs plans, quotas and rate limits (nil: no limits, no billing endpoints).
	Billing *billing.Service
}

// NewRouter builds the HTTP handler.
func NewRouter(d Deps) http.Handler {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.ContextWithFallback = true
	if err := r.SetTrustedProxies(d.TrustedProxies); err != nil {
		panic(fmt.Sprintf("api: trusted proxies: %v", err)) // validated by the configuration
	}
	r.Use(requestID(), traceRequests(), accessLog(d.Log))
	if d.Metrics != nil {
		r.Use(observeRequests(d.Metrics, d.Console != nil))
	}
	r.Use(recovery(d.Log), errorMiddleware(d.Log), bodyLimit(), checkParams())

	r.NoRoute(func(c *gin.Context) {
		if d.Console != nil && isConsolePath(c.Request) {
			d.Console.ServeHTTP(c.Writer, c.Request)
			return
		}
		writeError(c, Errorf(http.StatusNotFound, "not_found", "no route for %s %s", c.Request.Method, c.Request.URL.Path))
	})
	r.NoMethod(func(c *gin.Context) {
		writeError(c, Errorf(http.StatusMethodNotAllowed, "method_not_allowed", "%s is not allowed on %s", c.Request.Method, c.Request.URL.Path))
	})

	h := &health{checks: d.Checks}
	r.GET("/healthz", h.live)
	r.GET("/readyz", h.ready)
	if d.Metrics != nil {
		registerMetrics(r, d.Metrics, d.MetricsToken)
	}

	v1 := r.Group("/v1")
	v1.GET("/openapi.json", openAPI)
	// Credentials may come from the process's copy only where rateLimit confirms the copy.
	fromCopy := d.Billing != nil
	authed := v1.Group("", requireAuth(d.Auth, fromCopy), rateLimit(d.Billing, d.Auth, d.Log))
	rootAuthed := r.Group("", requireAuth(d.Auth, fromCopy), rateLimit(d.Billing, d.Auth, d.Log))
	registerAuth(v1, authed, d.Auth)
	if d.Webhooks != nil {
		registerWebhooks([]*gin.RouterGroup{rootAuthed, authed}, d.Webhooks, d.Billing)
	}
	if d.Billing != nil {
		registerBilling([]*gin.RouterGroup{rootAuthed, authed}, d.Store, d.Billing)
	}
	registerUsers(v1, authed, &userHandlers{st: d.Store, auth: d.Auth, billing: d.Billing})
	registerDataSources(authed, &dataSourceHandlers{st: d.Store, svc: d.Sources, keys: d.Keys, sqliteDir: d.SQLiteDir, billing: d.Billing})
	registerAgents(authed, &agentHandlers{st: d.Store, planner: d.Planner, billing: d.Billing})
	registerSemantics(authed, &semanticsHandlers{st: d.Store, planner: d.Planner})
	registerQueries(authed, &queryHandlers{st: d.Store, watcher: d.Watcher, billing: d.Billing, local: d.LocalQueries, agents: agents.NewCache(d.Store)})
	if d.Templates != nil {
		registerTemplates(authed, &templateHandlers{st: d.Store, svc: d.Templates, watcher: d.Watcher, billing: d.Billing})
	}
	registerOrganization(authed, &organizationHandlers{st: d.Store, keys: d.Keys, guard: d.LLMGuard, billing: d.Billing})
	return r
}

// isConsolePath tells console pages from API paths: the API keeps its JSON 404 under /v1 and /api.
func isConsolePath(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	p := r.URL.Path
	for _, api := range []string{"/v1", "/api"} {
		if p == api || strings.HasPrefix(p, api+"/") {
			return false
		}
	}
	return true
}

type health struct {
	checks map[string]func(ctx context.Context) error
}

func (h *health) live(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) }

func (h *health) ready(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	status := http.StatusOK
	results := gin.H{}
	for name, check := range h.checks {
		if err := check(ctx); err != nil {
			status = http.StatusServiceUnavailable
			results[name] = "unavailable"
			continue
		}
		results[name] = "ok"
	}
	if status != http.StatusOK {
		writeError(c, (&Error{Status: status, Code: "unavailable", Message: "a dependency is not reachable"}).With("checks", results))
		return
	}
	c.JSON(status, gin.H{"status": "ok", "checks": results})
}

// ts formats a time as the spec wants: RFC 3339 UTC with Z.
func ts(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// tsPtr formats an optional time (null when absent).
func tsPtr(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := ts(*t)
	return &s
}
