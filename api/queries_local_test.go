package api_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/nlq/llmtest"
)

// A process that serves the API and runs the query worker answers the questions it accepts
// itself (queries.Local). When it stops while one is still running, the question must be answered
// by another process, through the broker, not lost.
func TestAQuestionStillRunningWhenItsProcessStopsIsAnsweredByAnother(t *testing.T) {
	db := apptest.NewPostgresDatabase(t)
	broker := apptest.StartBroker(t)
	withModel := func(fake *llmtest.FakeOpenAI) func(*app.Config) {
		return func(c *app.Config) {
			c.LLMProvider, c.LLMBaseURL, c.LLMModel, c.OpenAIKey = "openai", fake.URL(), "fake-model", "sk-test"
			c.ShutdownTimeout = 4 * time.Second
		}
	}
	// A fake OpenAI-compatible server (no model can run here) that is still thinking when the
	// first process stops.
	slow := llmtest.NewFakeOpenAI(t)
	slow.Reply("SELECT COUNT(*) AS n FROM orders")
	slow.Delay(time.Minute)
	first := apptest.Start(t, apptest.Options{DatabaseURL: db, NATSURL: broker.URL, Configure: withModel(slow)})
	admin := first.Register(t)
	agentID := shopAgent(t, first, admin.Token, "postgres")

	accepted := first.DoWith("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID},
		map[string]string{"Prefer": "respond-async"}).Expect(t, http.StatusAccepted)
	id := accepted.String("id")
	if st := accepted.String("status"); st != "pending" {
		t.Fatalf("202 status %q, want pending (DECISIONS.md)", st)
	}
	for deadline := time.Now().Add(10 * time.Second); len(slow.Requests()) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the accepting process never started the question")
		}
	}
	// The run marks the question running in a transaction that commits while planning already
	// asks the model, so the model may see the question a moment before the history does.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		st := first.Do("GET", "/v1/queries/"+id, admin.Token, nil).Expect(t, http.StatusOK).String("status")
		if st == "running" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("question accepted here is %s while it runs, want running", st)
		}
	}
	first.Stop()

	fast := llmtest.NewFakeOpenAI(t)
	fast.Reply("SELECT COUNT(*) AS n FROM orders")
	second := apptest.Start(t, apptest.Options{DatabaseURL: db, NATSURL: broker.URL, Configure: withModel(fast)})
	var last *apptest.Response
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		last = second.Do("GET", "/v1/queries/"+id, admin.Token, nil).Expect(t, http.StatusOK)
		if last.String("status") == "completed" {
			if rows := last.Body["results"].([]any); len(rows) != 1 {
				t.Fatalf("answer: %s", last.Raw)
			}
			return
		}
	}
	t.Fatalf("the question of the stopped process was not answered by the other: %s", last.Raw)
}
