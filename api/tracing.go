package api

import (
	"github.com/gin-gonic/gin"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/analytics-agent/service/tracing"
)

// traceRequests starts a span per request, continuing the caller's trace (traceparent header),
// and answers with the trace id so a client can quote it.
func traceRequests() gin.HandlerFunc {
	return func(c *gin.Context) {
		ctx := tracing.FromHTTP(c.Request.Context(), c.Request.Header)
		ctx, span := tracing.Tracer().Start(ctx, c.Request.Method, trace.WithSpanKind(trace.SpanKindServer))
		defer span.End()
		if sc := span.SpanContext(); sc.IsValid() {
			c.Header("Traceparent", tracing.Traceparent(ctx))
		}
		c.Request = c.Request.WithContext(ctx)
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		span.SetName(c.Request.Method + " " + route)
		span.SetAttributes(attribute.String("http.request.method", c.Request.Method), attribute.String("http.route", route),
			attribute.Int("http.response.status_code", c.Writer.Status()), attribute.String("request_id", c.GetString(ctxRequestID)))
		if c.Writer.Status() >= 500 {
			span.SetStatus(codes.Error, "server error")
		}
	}
}
