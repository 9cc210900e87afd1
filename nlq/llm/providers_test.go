package llm

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/analytics-agent/service/nlq"
)

// TestOtherProviders checks that anthropic and ollama are wired with our HTTP client: answers
// are parsed and statuses classified the same way as for OpenAI. The handlers answer the
// minimal wire shapes of langchaingo's anthropic (/v1/messages) and ollama (/api/chat) clients.
func TestOtherProviders(t *testing.T) {
	const sql = "SELECT COUNT(o.id) FROM orders o"
	answer, _ := json.Marshal(map[string]string{"sql": sql})
	tests := []struct {
		provider, path, base string
		ok                   func(w http.ResponseWriter)
	}{
		{"anthropic", "/v1/messages", "/v1", func(w http.ResponseWriter) {
			_ = json.NewEncoder(w).Encode(map[string]any{
				"id": "msg_1", "type": "message", "role": "assistant", "model": "m", "stop_reason": "end_turn",
				"content": []any{map[string]any{"type": "text", "text": string(answer)}},
				"usage":   map[string]any{"input_tokens": 1, "output_tokens": 1},
			})
		}},
		{"ollama", "/api/chat", "", func(w http.ResponseWriter) {
			_ = json.NewEncoder(w).Encode(map[string]any{
				"model": "m", "created_at": time.Now(), "done": true,
				"message": map[string]any{"role": "assistant", "content": string(answer)},
			})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.provider, func(t *testing.T) {
			var status atomic.Int32 // set by the test, read by the handler
			status.Store(http.StatusOK)
			var gotBody map[string]any
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != tt.path {
					http.NotFound(w, r)
					return
				}
				_ = json.NewDecoder(r.Body).Decode(&gotBody)
				w.Header().Set("Content-Type", "application/json")
				if st := int(status.Load()); st != http.StatusOK {
					w.WriteHeader(st)
					_, _ = w.Write([]byte(`{"error": "slow down"}`))
					return
				}
				tt.ok(w)
			}))
			defer srv.Close()

			e, err := New(Config{Provider: tt.provider, BaseURL: srv.URL + tt.base, APIKey: "k", Timeout: 2 * time.Second})
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			gen, err := e.Generate(context.Background(), testRequest())
			if err != nil || gen.SQL != sql {
				t.Fatalf("Generate = %q, %v; want %q", gen.SQL, err, sql)
			}
			if !strings.Contains(string(mustJSON(gotBody)), "How many customers") {
				t.Errorf("request body lacks the question: %v", gotBody)
			}

			status.Store(http.StatusTooManyRequests)
			_, err = e.Generate(context.Background(), testRequest())
			if !errors.Is(err, nlq.ErrEngine) || !strings.Contains(err.Error(), "rate limited (429)") {
				t.Errorf("err = %v, want ErrEngine rate limited", err)
			}
		})
	}
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
