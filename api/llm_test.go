package api_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/nlq/llmtest"
)

// startWithFakeLLM boots the service with the OpenAI provider pointed at a fake
// OpenAI-compatible server (no model can run here).
func startWithFakeLLM(t *testing.T) (*apptest.Service, *llmtest.FakeOpenAI) {
	fake := llmtest.NewFakeOpenAI(t)
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) {
		c.LLMProvider, c.LLMBaseURL, c.LLMModel, c.OpenAIKey = "openai", fake.URL(), "fake-model", "sk-test"
	}})
	return s, fake
}

func TestLLMEngineAnswersAndTheGuardHoldsItsOutput(t *testing.T) {
	s, fake := startWithFakeLLM(t)
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")

	fake.Reply("SELECT customers.country, COUNT(*) AS customers FROM customers GROUP BY customers.country ORDER BY customers DESC")
	ok := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "customers per country", "agent_id": agentID}).Expect(t, 200)
	if ok.Body["row_count"] != float64(3) || !strings.Contains(ok.String("sql"), "GROUP BY") {
		t.Fatalf("llm answer: %s", ok.Raw)
	}
	// The prompt carries the system prompt and permitted schema, never a denied column.
	last, _ := fake.LastRequest()
	text := last.Text()
	if !strings.Contains(text, "orders") || strings.Contains(text, "email") || strings.Contains(text, "phone") {
		t.Fatalf("prompt leaks denied columns or lacks the schema:\n%s", text)
	}

	// A model that reads a denied column is stopped by the guard: 422 sql_rejected naming it.
	fake.Reply("SELECT name, email FROM customers")
	rej := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "customer emails", "agent_id": agentID}).Expect(t, 422)
	d := rej.Body["error"].(map[string]any)["details"].(map[string]any)
	if rej.ErrorCode() != "sql_rejected" || d["column"] != "customers.email" {
		t.Fatalf("rejection: %s", rej.Raw)
	}
	fake.Reply("SELECT * FROM orders; DROP TABLE orders")
	s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "drop it", "agent_id": agentID}).Expect(t, 422)

	// Provider failures end the query as failed with the reason.
	fake.Fail(429)
	limited := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "anything", "agent_id": agentID}).Expect(t, 502)
	if limited.ErrorCode() != "engine_error" || !strings.Contains(limited.String("error")+string(limited.Raw), "429") {
		t.Fatalf("429: %s", limited.Raw)
	}
	fake.ReplyRaw("I am not sure what you mean, here is a poem.")
	s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "anything", "agent_id": agentID}).Expect(t, 502)
	fake.ReplyRaw("CANNOT_ANSWER: salaries")
	nu := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "average salary", "agent_id": agentID}).Expect(t, 422)
	if nu.ErrorCode() != "question_not_understood" {
		t.Fatalf("cannot answer: %s", nu.Raw)
	}

	// The agent test endpoint goes through the same engine and guard.
	fake.Reply("SELECT orders.status, SUM(orders.total_amount) AS total FROM orders GROUP BY orders.status")
	test := s.Do("POST", "/v1/agents/"+agentID+"/test", admin.Token, map[string]any{"test_query": "totals by status"}).Expect(t, 200)
	cols := test.Body["columns_accessed"].([]any)
	if test.Body["success"] != true || len(cols) != 2 {
		t.Fatalf("agent test: %s", test.Raw)
	}
}

func TestAnOrganizationCanOverrideTheEngine(t *testing.T) {
	s, fake := startWithFakeLLM(t)
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	before := len(fake.Requests())
	set := s.Do("PATCH", "/v1/organization/settings", admin.Token, map[string]any{"llm": map[string]any{"provider": "offline"}}).Expect(t, 200)
	if set.Body["llm"].(map[string]any)["provider"] != "offline" {
		t.Fatalf("settings: %s", set.Raw)
	}
	s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID}).Expect(t, 200)
	if len(fake.Requests()) != before {
		t.Fatal("the offline override still called the model")
	}
	s.Do("PATCH", "/v1/organization/settings", admin.Token, map[string]any{"llm": map[string]any{"provider": "oracle-ai"}}).Expect(t, 400)
	s.Do("PATCH", "/v1/organization/settings", admin.Token, map[string]any{"llm": map[string]any{"provider": "openai", "base_url": fake.URL(), "api_key": "sk-org"}}).Expect(t, 200)
	fake.Reply("SELECT COUNT(*) AS n FROM orders")
	s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID}).Expect(t, 200)
	last, _ := fake.LastRequest()
	if !strings.Contains(last.Authorization, "sk-org") {
		t.Fatalf("the organization's key was not used: %q", last.Authorization)
	}
	g := s.Do("GET", "/v1/organization/settings", admin.Token, nil).Expect(t, 200)
	if strings.Contains(string(g.Raw), "sk-org") || g.Body["llm"].(map[string]any)["api_key_set"] != true {
		t.Fatalf("settings leak the key: %s", g.Raw)
	}
}

func TestAStatementTimeoutFailsTheQuery(t *testing.T) {
	s, fake := startWithFakeLLM(t)
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")
	s.Do("PATCH", "/v1/agents/"+agentID, admin.Token, map[string]any{"query_timeout_seconds": 1}).Expect(t, 200)
	// A cross join of the small tables many times over runs far longer than a second.
	fake.Reply("SELECT COUNT(*) AS n FROM orders a, orders b, orders c, orders d, orders e, orders f, orders g, orders h, orders i, orders j, orders k, orders l")
	start := time.Now()
	r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "huge", "agent_id": agentID}).Expect(t, 504)
	if r.ErrorCode() != "query_timeout" {
		t.Fatalf("timeout: %s", r.Raw)
	}
	if time.Since(start) > 20*time.Second {
		t.Fatalf("the statement timeout did not cut the query short")
	}
}

func TestAModelProviderFailureIsLoggedWithItsOwnErrorAndTheQuery(t *testing.T) {
	fake := llmtest.NewFakeOpenAI(t)
	var mu sync.Mutex
	var logs bytes.Buffer
	s := apptest.Start(t, apptest.Options{Database: "sqlite", LogWriter: lockedWriter{&mu, &logs}, Configure: func(c *app.Config) {
		c.LLMProvider, c.LLMBaseURL, c.LLMModel, c.OpenAIKey = "openai", fake.URL(), "fake-model", "sk-test"
	}})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")

	fake.Fail(401)
	r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "anything", "agent_id": agentID}).Expect(t, 502)
	queryID := r.Body["error"].(map[string]any)["details"].(map[string]any)["query_id"]
	mu.Lock()
	defer mu.Unlock()
	var line string
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "model provider failed") {
			line = l
		}
	}
	if line == "" || !strings.Contains(line, "401") || queryID == nil || !strings.Contains(line, queryID.(string)) ||
		!strings.Contains(line, "organization_id=") {
		t.Fatalf("no warning naming the provider's error, the query %v and the organization:\n%s", queryID, logs.String())
	}
}
