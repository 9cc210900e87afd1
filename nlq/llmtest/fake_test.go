package llmtest

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

// callFake sends one chat through langchaingo's real openai client, the way the engine does.
func callFake(ctx context.Context, t *testing.T, f *FakeOpenAI) (string, error) {
	t.Helper()
	m, err := openai.New(openai.WithBaseURL(f.URL()), openai.WithToken("sk-fake"), openai.WithModel("fake-model"))
	if err != nil {
		t.Fatalf("openai.New: %v", err)
	}
	resp, err := m.GenerateContent(ctx, []llms.MessageContent{
		llms.TextParts(llms.ChatMessageTypeSystem, "be terse"),
		llms.TextParts(llms.ChatMessageTypeHuman, "how many orders?"),
	}, llms.WithTemperature(0))
	if err != nil {
		return "", err
	}
	return resp.Choices[0].Content, nil
}

func TestFakeOpenAISpeaksLangchaingo(t *testing.T) {
	f := NewFakeOpenAI(t)
	f.Reply("SELECT COUNT(o.id) FROM orders o")
	got, err := callFake(context.Background(), t, f)
	if err != nil {
		t.Fatalf("GenerateContent: %v", err)
	}
	if !strings.Contains(got, `"sql":"SELECT COUNT(o.id) FROM orders o"`) {
		t.Errorf("content = %q", got)
	}
	r, ok := f.LastRequest()
	if !ok || r.Model != "fake-model" || r.Authorization != "Bearer sk-fake" || r.Path != "/v1/chat/completions" {
		t.Fatalf("request = %+v", r)
	}
	if len(r.Messages) != 2 || r.Messages[0] != (Message{"system", "be terse"}) || r.Messages[1] != (Message{"user", "how many orders?"}) {
		t.Errorf("messages = %+v", r.Messages)
	}
	if r.Temperature == nil || *r.Temperature != 0 {
		t.Errorf("temperature = %v", r.Temperature)
	}
}

func TestFakeOpenAIScripts(t *testing.T) {
	f := NewFakeOpenAI(t)

	f.ReplyFunc(func(ms []Message) string { return "echo: " + ms[len(ms)-1].Content })
	if got, err := callFake(context.Background(), t, f); err != nil || got != "echo: how many orders?" {
		t.Errorf("ReplyFunc: %q, %v", got, err)
	}

	f.ReplyRaw("raw")
	f.FailNext(http.StatusServiceUnavailable, 1)
	if _, err := callFake(context.Background(), t, f); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("FailNext: err = %v, want 503", err)
	}
	if got, err := callFake(context.Background(), t, f); err != nil || got != "raw" {
		t.Errorf("after FailNext: %q, %v", got, err)
	}

	f.Fail(http.StatusTooManyRequests)
	if _, err := callFake(context.Background(), t, f); err == nil || !strings.Contains(err.Error(), "429") {
		t.Errorf("Fail(429): err = %v", err)
	}

	f.ReplyRaw("late")
	f.Delay(time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := callFake(ctx, t, f); err == nil {
		t.Error("Delay: want a timeout")
	}
	if time.Since(start) > 500*time.Millisecond {
		t.Errorf("Delay: client waited %s", time.Since(start))
	}
	if n := len(f.Requests()); n != 5 {
		t.Errorf("recorded %d requests, want 5", n)
	}
}
