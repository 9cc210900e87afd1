package app_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
)

// scrape reads GET /metrics into "name{labels}" → value.
func scrape(t *testing.T, s *apptest.Service, token string) map[string]float64 {
	t.Helper()
	req, _ := http.NewRequest("GET", s.URL+"/metrics", nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %d", resp.StatusCode)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err == nil {
			out[line[:i]] = v
		}
	}
	return out
}

// sum adds the series whose name is name and whose labels contain every one of labels.
func sum(m map[string]float64, name string, labels ...string) (float64, bool) {
	total, found := 0.0, false
	for k, v := range m {
		if k != name && !strings.HasPrefix(k, name+"{") {
			continue
		}
		ok := true
		for _, l := range labels {
			ok = ok && strings.Contains(k, l)
		}
		if ok {
			total += v
			found = true
		}
	}
	return total, found
}

func TestMetricsMoveWithRequestsQuestionsAndWebhookDeliveries(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		if err := s.App.SeedDemo(context.Background(), io.Discard); err != nil {
			t.Fatal(err)
		}
		pw, _ := os.ReadFile(filepath.Join(s.Cfg.DataDir, "demo-credentials.txt"))
		token := s.Login(t, app.DemoEmail, strings.TrimSpace(string(pw)))
		before := scrape(t, s, "")

		hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) }))
		defer hook.Close()
		wh := s.Do("POST", "/api/webhooks", token, map[string]any{"url": hook.URL, "events": []string{"query.completed"}}).Expect(t, http.StatusCreated)
		s.Do("POST", "/api/webhooks/"+wh.String("id")+"/test", token, nil).Expect(t, http.StatusOK)

		agents := s.Do("GET", "/v1/agents", token, nil).Expect(t, http.StatusOK)
		var agentID string
		for _, a := range agents.Body["agents"].([]any) {
			if m := a.(map[string]any); m["name"] == "Sales Performance" {
				agentID = m["id"].(string)
			}
		}
		s.Do("POST", "/v1/queries", token, map[string]any{"agent_id": agentID, "question": "top 5 products by revenue in 2024"}).Expect(t, http.StatusOK)
		s.Do("POST", "/v1/queries", token, map[string]any{"agent_id": agentID, "question": "delete all orders"})
		s.Do("GET", "/v1/agents/agent_missing", token, nil).Expect(t, http.StatusNotFound)

		var after map[string]float64
		deadline := time.Now().Add(15 * time.Second)
		attempts, _ := sum(before, "analytics_webhook_attempts_total", `outcome="succeeded"`)
		durations, _ := sum(before, "analytics_webhook_attempt_duration_seconds_count", `outcome="succeeded"`)
		for {
			after = scrape(t, s, "")
			// A delivery bumps its counter, then its duration histogram: wait for both to
			// move, or a scrape in between sees one moved and not the other. The test ping
			// may move the histogram alone (CI once scraped before the query's delivery:
			// attempts_total[outcome="succeeded"] 0 → 0), so the counter is waited for too.
			a, _ := sum(after, "analytics_webhook_attempts_total", `outcome="succeeded"`)
			d, _ := sum(after, "analytics_webhook_attempt_duration_seconds_count", `outcome="succeeded"`)
			if a > attempts && d > durations || time.Now().After(deadline) {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		moved := []struct {
			name   string
			labels []string
		}{
			{"analytics_http_requests_total", []string{`route="/v1/queries"`, `method="POST"`, `status="200"`}},
			{"analytics_http_requests_total", []string{`route="/v1/agents/:agent_id"`, `status="404"`}},
			{"analytics_http_request_duration_seconds_count", []string{`route="/v1/queries"`}},
			{"analytics_questions_total", []string{`engine="offline"`, `outcome="completed"`}},
			{"analytics_question_step_duration_seconds_count", []string{`engine="offline"`, `step="generation"`}},
			{"analytics_question_step_duration_seconds_count", []string{`step="guard"`}},
			{"analytics_question_step_duration_seconds_count", []string{`step="execution"`}},
			{"analytics_webhook_attempts_total", []string{`outcome="test_succeeded"`}},
			{"analytics_webhook_attempts_total", []string{`outcome="succeeded"`}},
			{"analytics_webhook_attempt_duration_seconds_count", []string{`outcome="succeeded"`}},
		}
		for _, m := range moved {
			b, _ := sum(before, m.name, m.labels...)
			a, _ := sum(after, m.name, m.labels...)
			if a <= b {
				t.Errorf("%s%v did not move: %v → %v", m.name, m.labels, b, a)
			}
		}
		if n, _ := sum(after, "analytics_questions_total"); n < 2 {
			t.Errorf("questions counted %v, want the answered and the refused one", n)
		}
		for _, gauge := range []struct {
			name   string
			labels []string
		}{
			{"analytics_outbox_backlog", nil},
			{"analytics_outbox_oldest_unpublished_age_seconds", nil},
			{"analytics_consumer_pending_messages", []string{`consumer="query-runner"`}},
			{"analytics_consumer_redelivered_messages", []string{`consumer="webhook-deliver"`}},
			{"analytics_consumer_ack_pending_messages", []string{`stream="EVENTS"`}},
		} {
			if _, ok := sum(after, gauge.name, gauge.labels...); !ok {
				t.Errorf("no series %s%v", gauge.name, gauge.labels)
			}
		}
	})
}

func TestMetricsTokenGuardsTheScrape(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) { c.MetricsToken = "scrape-secret" }})
	for _, tc := range []struct {
		header string
		want   int
	}{{"", 401}, {"Bearer wrong", 401}, {"scrape-secret", 401}, {"Bearer scrape-secret", 200}} {
		req, _ := http.NewRequest("GET", s.URL+"/metrics", nil)
		if tc.header != "" {
			req.Header.Set("Authorization", tc.header)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("Authorization %q: %d, want %d", tc.header, resp.StatusCode, tc.want)
		}
	}
}
