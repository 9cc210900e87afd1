// Package tracing carries OpenTelemetry traces through the service: a span per HTTP request, the
// W3C trace context in NATS message headers, spans in the workers, and the trace id in logs.
// Spans are exported by OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise the
// global provider stays the no-op one and an incoming traceparent is still passed along.
package tracing

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/nats-io/nats.go"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
	"go.opentelemetry.io/otel/trace"
)

// propagator is W3C trace context (traceparent, tracestate).
var propagator = propagation.TraceContext{}

// Tracer is the service's tracer (from the global provider, so tests can install a recorder).
func Tracer() trace.Tracer { return otel.Tracer("github.com/analytics-agent/service") }

// Start starts a span; callers End it.
func Start(ctx context.Context, name string) (context.Context, trace.Span) {
	return Tracer().Start(ctx, name)
}

// Setup installs an OTLP/HTTP exporter sending to endpoint (OTEL_EXPORTER_OTLP_ENDPOINT, the base
// URL such as http://collector:4318). The returned function flushes and stops it.
func Setup(ctx context.Context, endpoint, service string) (func(context.Context) error, error) {
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(strings.TrimSuffix(endpoint, "/")+"/v1/traces"))
	if err != nil {
		return nil, fmt.Errorf("OTLP exporter for %s: %w", endpoint, err)
	}
	res := resource.NewSchemaless(semconv.ServiceName(service))
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
	otel.SetTracerProvider(tp)
	return tp.Shutdown, nil
}

// FromHTTP returns ctx with the remote span context of an incoming request's headers.
func FromHTTP(ctx context.Context, h http.Header) context.Context {
	return propagator.Extract(ctx, propagation.HeaderCarrier(h))
}

// InjectNATS writes ctx's span context into NATS message headers.
func InjectNATS(ctx context.Context, h nats.Header) {
	propagator.Inject(ctx, propagation.HeaderCarrier(h))
}

// FromNATS returns ctx with the span context carried by a message's headers.
func FromNATS(ctx context.Context, h nats.Header) context.Context {
	if h == nil {
		return ctx
	}
	return propagator.Extract(ctx, propagation.HeaderCarrier(h))
}

// Traceparent serializes ctx's span context ("" when there is none), for places that must store
// it until a message is published (the outbox).
func Traceparent(ctx context.Context) string {
	c := propagation.MapCarrier{}
	propagator.Inject(ctx, c)
	return c["traceparent"]
}

// WithTraceparent returns ctx carrying a stored traceparent as its remote parent.
func WithTraceparent(ctx context.Context, tp string) context.Context {
	if tp == "" {
		return ctx
	}
	return propagator.Extract(ctx, propagation.MapCarrier{"traceparent": tp})
}

// LogHandler adds trace_id and span_id to records logged with a context that carries a span.
func LogHandler(h slog.Handler) slog.Handler { return logHandler{h} }

type logHandler struct{ slog.Handler }

func (l logHandler) Handle(ctx context.Context, r slog.Record) error {
	if sc := trace.SpanContextFromContext(ctx); sc.IsValid() {
		r.AddAttrs(slog.String("trace_id", sc.TraceID().String()), slog.String("span_id", sc.SpanID().String()))
	}
	return l.Handler.Handle(ctx, r)
}

func (l logHandler) WithAttrs(a []slog.Attr) slog.Handler { return logHandler{l.Handler.WithAttrs(a)} }
func (l logHandler) WithGroup(n string) slog.Handler      { return logHandler{l.Handler.WithGroup(n)} }
