// Package llmtest provides FakeOpenAI, a fake OpenAI-compatible chat-completions server for
// tests. It is NOT a model: it answers whatever the test scripted, over real HTTP, in the wire
// format langchaingo's llms/openai client reads (POST {base}/chat/completions, response with
// choices[0].message.content and usage; errors as {"error": {"message", "type"}} with a non-200
// status). Tests can therefore exercise the real client, its HTTP handling and our error
// mapping without network access.
package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Message is one chat message as the client sent it. Content is the text of the message; when
// the client sent content parts, the text parts are joined.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Request is one chat-completions request the fake received.
type Request struct {
	Method        string
	Path          string
	Authorization string
	Model         string
	// Temperature is nil when the client omitted it (langchaingo does for reasoning models).
	Temperature *float64
	Messages    []Message
	// Body is the raw JSON body, for assertions on fields not decoded above.
	Body []byte
}

// Text returns all message contents joined by newlines, handy for "the prompt contains X".
func (r Request) Text() string {
	parts := make([]string, len(r.Messages))
	for i, m := range r.Messages {
		parts[i] = m.Content
	}
	return strings.Join(parts, "\n")
}

// response is what the fake answers to one request.
type response struct {
	status  int    // 200 answers content; anything else answers an OpenAI-style error body
	content string // used when status is 200 and fn is nil
	fn      func([]Message) string
}

// FakeOpenAI is a scripted, recording OpenAI-compatible server. The zero behaviour answers
// {"sql": "SELECT 1"}. Setters change the answer for all later requests; FailNext queues
// one-shot failures served before the standing answer. Safe for concurrent use.
type FakeOpenAI struct {
	srv *httptest.Server

	mu       sync.Mutex
	standing response
	queue    []response
	delay    time.Duration
	requests []Request
	// abandoned counts requests whose client gave up before the answer.
	abandoned int
}

// NewFakeOpenAI starts a fake server that is closed when the test ends.
func NewFakeOpenAI(t testing.TB) *FakeOpenAI {
	t.Helper()
	f := &FakeOpenAI{standing: response{status: http.StatusOK, content: sqlContent("SELECT 1")}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// URL returns the base URL to configure the client with (it ends in /v1, like
// https://api.openai.com/v1).
func (f *FakeOpenAI) URL() string { return f.srv.URL + "/v1" }

// Reply makes the fake answer a JSON content {"sql": sql, "explanation": ...}, the format the
// engine asks models for.
func (f *FakeOpenAI) Reply(sql string) {
	f.set(response{status: http.StatusOK, content: sqlContent(sql)})
}

// ReplyRaw makes the fake answer content verbatim as the assistant message.
func (f *FakeOpenAI) ReplyRaw(content string) {
	f.set(response{status: http.StatusOK, content: content})
}

// ReplyFunc makes the fake answer whatever fn returns for the request's messages.
func (f *FakeOpenAI) ReplyFunc(fn func(messages []Message) string) {
	f.set(response{status: http.StatusOK, fn: fn})
}

// Fail makes the fake answer status with an OpenAI-style error body.
func (f *FakeOpenAI) Fail(status int) {
	f.set(response{status: status})
}

// FailNext makes the next n requests fail with status before the standing answer resumes, to
// test retries.
func (f *FakeOpenAI) FailNext(status, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for range n {
		f.queue = append(f.queue, response{status: status})
	}
}

// Delay makes every later response wait d first (or until the client gives up), to test
// timeouts.
func (f *FakeOpenAI) Delay(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.delay = d
}

// Requests returns the chat-completions requests received so far, oldest first.
func (f *FakeOpenAI) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Request(nil), f.requests...)
}

// Abandoned is how many requests the client gave up on while their answer was delayed.
func (f *FakeOpenAI) Abandoned() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.abandoned
}

// LastRequest returns the most recent request; ok is false when none arrived.
func (f *FakeOpenAI) LastRequest() (Request, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.requests) == 0 {
		return Request{}, false
	}
	return f.requests[len(f.requests)-1], true
}

func (f *FakeOpenAI) set(r response) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.standing = r
}

// sqlContent is the JSON answer Reply sends.
func sqlContent(sql string) string {
	b, _ := json.Marshal(map[string]string{"sql": sql, "explanation": "Answer scripted by FakeOpenAI."})
	return string(b)
}

// wireRequest is the subset of the chat-completions request body the fake decodes. Content is
// raw because clients send either a string or an array of content parts.
type wireRequest struct {
	Model       string   `json:"model"`
	Temperature *float64 `json:"temperature"`
	Stream      bool     `json:"stream"`
	Messages    []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

func (f *FakeOpenAI) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		writeError(w, http.StatusNotFound, "invalid_request_error", "FakeOpenAI only serves POST /v1/chat/completions")
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "cannot read body")
		return
	}
	var wr wireRequest
	if err := json.Unmarshal(body, &wr); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "invalid JSON body: "+err.Error())
		return
	}
	if wr.Stream {
		// The engine never streams; answering SSE would only hide a regression.
		writeError(w, http.StatusBadRequest, "invalid_request_error", "FakeOpenAI does not support streaming")
		return
	}
	req := Request{
		Method:        r.Method,
		Path:          r.URL.Path,
		Authorization: r.Header.Get("Authorization"),
		Model:         wr.Model,
		Temperature:   wr.Temperature,
		Body:          body,
	}
	for _, m := range wr.Messages {
		req.Messages = append(req.Messages, Message{Role: m.Role, Content: contentText(m.Content)})
	}

	f.mu.Lock()
	f.requests = append(f.requests, req)
	resp := f.standing
	if len(f.queue) > 0 {
		resp, f.queue = f.queue[0], f.queue[1:]
	}
	delay := f.delay
	f.mu.Unlock()

	if delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			// The client gave up (timeout); returning lets httptest.Server.Close finish.
			t.Stop()
			f.mu.Lock()
			f.abandoned++
			f.mu.Unlock()
			return
		}
	}

	if resp.status != http.StatusOK {
		writeError(w, resp.status, errorType(resp.status), errorMessage(resp.status))
		return
	}
	content := resp.content
	if resp.fn != nil {
		content = resp.fn(req.Messages)
	}
	writeCompletion(w, wr.Model, content)
}

// contentText returns the text of a message content sent either as a string or as parts.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		var texts []string
		for _, p := range parts {
			if p.Type == "text" {
				texts = append(texts, p.Text)
			}
		}
		return strings.Join(texts, "")
	}
	return string(raw)
}

func writeCompletion(w http.ResponseWriter, model, content string) {
	if model == "" {
		model = "fake-model"
	}
	prompt, completion := 42, len(strings.Fields(content))
	resp := map[string]any{
		"id":                 fmt.Sprintf("chatcmpl-fake-%d", time.Now().UnixNano()),
		"object":             "chat.completion",
		"created":            time.Now().Unix(),
		"model":              model,
		"system_fingerprint": "fp_fake",
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": content},
			"finish_reason": "stop",
			"logprobs":      nil,
		}},
		"usage": map[string]any{
			"prompt_tokens":     prompt,
			"completion_tokens": completion,
			"total_tokens":      prompt + completion,
		},
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(resp)
}

// writeError answers the OpenAI error shape: {"error": {"message", "type", "param", "code"}}.
func writeError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	if status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "1")
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"error": map[string]any{"message": msg, "type": typ, "param": nil, "code": nil},
	})
}

func errorType(status int) string {
	switch {
	case status == http.StatusTooManyRequests:
		return "rate_limit_exceeded"
	case status == http.StatusUnauthorized:
		return "invalid_request_error"
	case status >= 500:
		return "server_error"
	default:
		return "invalid_request_error"
	}
}

func errorMessage(status int) string {
	switch status {
	case http.StatusTooManyRequests:
		return "Rate limit reached for requests (fake)."
	case http.StatusUnauthorized:
		return "Incorrect API key provided (fake)."
	case http.StatusNotFound:
		return "The model does not exist (fake)."
	default:
		return fmt.Sprintf("The server had an error while processing your request (fake %d).", status)
	}
}
