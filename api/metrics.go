package api

import (
	"crypto/subtle"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// httpMetrics is what the router needs from the metrics registry.
type httpMetrics interface {
	ObserveHTTP(method, route string, status int, d time.Duration)
	Handler() http.Handler
}

// observeRequests records each request under its route pattern (never the raw path, so ids do
// not explode the series); console pages share one label.
func observeRequests(m httpMetrics, console bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" && console && isConsolePath(c.Request) {
			route = "console"
		}
		m.ObserveHTTP(c.Request.Method, route, c.Writer.Status(), time.Since(start))
	}
}

// registerMetrics serves GET /metrics in the Prometheus text format; with a token set, only to
// scrapers that send it as a bearer token.
func registerMetrics(r *gin.Engine, m httpMetrics, token string) {
	h := m.Handler()
	r.GET("/metrics", func(c *gin.Context) {
		if token != "" {
			want := "Bearer " + token
			if subtle.ConstantTimeCompare([]byte(c.GetHeader("Authorization")), []byte(want)) != 1 {
				writeError(c, Errorf(http.StatusUnauthorized, "unauthorized", "send Authorization: Bearer <ANALYTICS_METRICS_TOKEN>"))
				return
			}
		}
		h.ServeHTTP(c.Writer, c.Request)
	})
}
