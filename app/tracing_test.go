package app_test

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
)

func TestATraceRunsFromTheRequestIntoTheRunnerSpans(t *testing.T) {
	for _, tc := range []struct {
		name   string
		broker bool
		want   []string
	}{
		{"answered in the accepting process", false, []string{"POST /v1/queries", "query.run", "engine.generate", "guard.check", "query.execute"}},
		{"through NATS into a worker", true, []string{"POST /v1/queries", "consume query-runner", "query.run", "engine.generate", "guard.check", "query.execute"}},
	} {
		t.Run(tc.name, func(t *testing.T) { traceOneQuestion(t, tc.broker, tc.want) })
	}
}

func traceOneQuestion(t *testing.T, broker bool, want []string) {
	rec := tracetest.NewSpanRecorder()
	prev := otel.GetTracerProvider()
	otel.SetTracerProvider(sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec)))
	t.Cleanup(func() { otel.SetTracerProvider(prev) })

	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) { c.BrokerQueries = broker }})
	if err := s.App.SeedDemo(context.Background(), io.Discard); err != nil {
		t.Fatal(err)
	}
	pw, _ := os.ReadFile(filepath.Join(s.Cfg.DataDir, "demo-credentials.txt"))
	token := s.Login(t, app.DemoEmail, strings.TrimSpace(string(pw)))
	agents := s.Do("GET", "/v1/agents", token, nil).Expect(t, http.StatusOK)
	agentID := agents.Body["agents"].([]any)[0].(map[string]any)["id"].(string)

	const traceID = "4bf92f3577b34da6a3ce929d0e0e4736"
	body := strings.NewReader(`{"agent_id":"` + agentID + `","question":"top 5 products by revenue in 2024"}`)
	req, _ := http.NewRequest("POST", s.URL+"/v1/queries", body)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("traceparent", "00-"+traceID+"-00f067aa0ba902b7-01")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(resp.Header.Get("Traceparent"), traceID) {
		t.Fatalf("POST /v1/queries: %d, Traceparent %q", resp.StatusCode, resp.Header.Get("Traceparent"))
	}

	var got map[string]bool
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		got = map[string]bool{}
		for _, sp := range rec.Ended() {
			if sp.SpanContext().TraceID().String() == traceID {
				got[sp.Name()] = true
			}
		}
		all := true
		for _, n := range want {
			all = all && got[n]
		}
		if all {
			return
		}
	}
	for _, sp := range rec.Ended() {
		t.Logf("span %s %s parent %s", sp.Name(), sp.SpanContext().TraceID(), sp.Parent().TraceID())
	}
	t.Fatalf("spans of trace %s: %v, want all of %v", traceID, got, want)
}
