package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/nlq/llmtest"
)

// A question answered in process within answerAheadWait is stored once, already answered, with
// query.started and query.completed and no query.run command: the one-transaction path must keep
// every event a subscriber and the meter rely on. (That it saves a transaction shows in
// make bench-queries, not here: the two-transaction path held its command unpublished too.)
func TestAQuickAnswerIsStoredOnceWithItsEventsAndNoCommand(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		admin := s.Register(t)
		agentID := shopAgent(t, s, admin.Token, "sqlite")
		ctx := context.Background()
		js, err := jetstream.New(s.App.NC)
		if err != nil {
			t.Fatal(err)
		}
		commandsBefore := lastSequence(t, js, events.CommandsStream, s)

		r := s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID}).Expect(t, http.StatusOK)
		id := r.String("id")
		if r.String("status") != "completed" {
			t.Fatalf("answer: %s", r.Raw)
		}
		if got := s.Do("GET", "/v1/queries/"+id, admin.Token, nil).Expect(t, http.StatusOK).String("status"); got != "completed" {
			t.Fatalf("stored status %q, want completed", got)
		}

		relayed(t, s)
		counts := map[string]int{}
		err = events.Replay(ctx, js, events.ReadOptions{Since: time.Now().Add(-time.Hour),
			Types: []string{events.QueryStarted, events.QueryCompleted, events.QueryFailed}}, func(ev events.StoredEvent) error {
			var data struct {
				QueryID string `json:"query_id"`
			}
			if json.Unmarshal(ev.Envelope.Data, &data) == nil && data.QueryID == id {
				counts[ev.Envelope.Type]++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if counts[events.QueryStarted] != 1 || counts[events.QueryCompleted] != 1 || counts[events.QueryFailed] != 0 {
			t.Fatalf("events of the question: %v, want one query.started and one query.completed", counts)
		}
		if after := lastSequence(t, js, events.CommandsStream, s); after != commandsBefore {
			t.Fatalf("%d commands published for a question answered in its accepting transaction, want none", after-commandsBefore)
		}
	})
}

// A question whose answer takes longer than answerAheadWait is stored running first, so that
// the history shows it while it runs, and answered afterwards.
func TestASlowAnswerShowsRunningInTheHistoryWhileItRuns(t *testing.T) {
	// A fake OpenAI-compatible server (no model can run here) that takes its time.
	slow := llmtest.NewFakeOpenAI(t)
	slow.Reply("SELECT COUNT(*) AS n FROM orders")
	slow.Delay(1500 * time.Millisecond)
	s := apptest.Start(t, apptest.Options{Database: "sqlite", Configure: func(c *app.Config) {
		c.LLMProvider, c.LLMBaseURL, c.LLMModel, c.OpenAIKey = "openai", slow.URL(), "fake-model", "sk-test"
	}})
	admin := s.Register(t)
	agentID := shopAgent(t, s, admin.Token, "sqlite")

	answered := make(chan *apptest.Response, 1)
	go func() {
		answered <- s.Do("POST", "/v1/queries", admin.Token, map[string]any{"question": "how many orders are there", "agent_id": agentID})
	}()
	sawRunning := false
	for deadline := time.Now().Add(10 * time.Second); !sawRunning && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		list := s.Do("GET", "/v1/queries", admin.Token, nil)
		if list.Status != http.StatusOK {
			continue
		}
		for _, q := range list.Body["queries"].([]any) {
			sawRunning = sawRunning || q.(map[string]any)["status"] == "running"
		}
	}
	r := <-answered
	r.Expect(t, http.StatusOK)
	if !sawRunning {
		t.Fatal("the slow question never showed as running in the history")
	}
	if r.String("status") != "completed" {
		t.Fatalf("answer: %s", r.Raw)
	}
}

// relayed waits until s's outbox has been handed to the broker.
func relayed(t *testing.T, s *apptest.Service) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if n, _ := s.App.Store.OutboxPending(context.Background()); n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the outbox was not relayed")
		}
	}
}

// lastSequence is the last sequence number stream has stored, after s's outbox has been relayed.
func lastSequence(t *testing.T, js jetstream.JetStream, stream string, s *apptest.Service) uint64 {
	t.Helper()
	relayed(t, s)
	ctx := context.Background()
	st, err := js.Stream(ctx, stream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return info.State.LastSeq
}
