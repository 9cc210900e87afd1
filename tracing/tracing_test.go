package tracing

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"
)

const tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"

func TestTraceContextSurvivesStorageAndNATSHeaders(t *testing.T) {
	ctx := WithTraceparent(context.Background(), tp)
	if got := Traceparent(ctx); got != tp {
		t.Fatalf("stored %q, want %q", got, tp)
	}
	h := nats.Header{}
	InjectNATS(ctx, h)
	if got := Traceparent(FromNATS(context.Background(), h)); got != tp {
		t.Fatalf("through NATS headers %q, want %q", got, tp)
	}
	if got := Traceparent(FromNATS(context.Background(), nil)); got != "" {
		t.Fatalf("no headers gave %q", got)
	}
}

func TestLogsCarryTheTraceID(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(LogHandler(slog.NewTextHandler(&buf, nil))).With("component", "x")
	log.InfoContext(WithTraceparent(context.Background(), tp), "traced")
	log.Info("untraced")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if !strings.Contains(lines[0], "trace_id=4bf92f3577b34da6a3ce929d0e0e4736") || strings.Contains(lines[1], "trace_id") {
		t.Fatalf("logs: %q", buf.String())
	}
}
