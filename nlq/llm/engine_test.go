package llm

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
	"github.com/analytics-agent/service/nlq/llmtest"
)

// testSchema is a filtered schema: customers.email exists in the database but the agent may
// not read it, so it is absent here (as Permissions.FilterSchema leaves it).
func testSchema() *datasource.Schema {
	return &datasource.Schema{Tables: []datasource.Table{
		{
			Name: "customers", Kind: "table", RowCount: 1200, PrimaryKey: []string{"id"},
			Columns: []datasource.Column{
				{Name: "id", Type: "integer"},
				{Name: "name", Type: "text"},
				{Name: "country", Type: "text", Nullable: true, SampleValues: []string{"BR", "US", "DE"}},
				{Name: "created_at", Type: "timestamp"},
			},
		},
		{
			Name: "orders", Kind: "table", RowCount: 50000, PrimaryKey: []string{"id"},
			Columns: []datasource.Column{
				{Name: "id", Type: "integer"},
				{Name: "customer_id", Type: "integer"},
				{Name: "total_amount", Type: "numeric(12,2)"},
				{Name: "status", Type: "text", SampleValues: []string{"paid", "refunded"}},
				{Name: "ordered_at", Type: "timestamp"},
			},
			ForeignKeys: []datasource.ForeignKey{
				{Columns: []string{"customer_id"}, RefTable: "customers", RefColumns: []string{"id"}},
				// Points at a table the agent may not read: must not appear in the prompt.
				{Columns: []string{"id"}, RefTable: "invoices", RefColumns: []string{"order_id"}},
			},
		},
	}}
}

func testRequest() nlq.Request {
	return nlq.Request{
		Question:     "How many customers are there in Brazil?",
		Dialect:      datasource.Postgres,
		Schema:       testSchema(),
		SystemPrompt: "You are the sales analytics agent of ACME.",
		Examples: []nlq.Example{
			{Question: "Revenue by country", SQL: "SELECT c.country, SUM(o.total_amount) AS revenue FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.country"},
			// Names a denied column: dropped so the prompt never shows it.
			{Question: "Customer contact list", SQL: "SELECT c.name, c.email FROM customers c LIMIT 100"},
			// Reads a table outside the schema: dropped too.
			{Question: "Unpaid invoices", SQL: "SELECT i.id FROM invoices i WHERE i.paid = false"},
		},
		Synonyms: map[string]string{
			"clients":  "customers",
			"turnover": "orders.total_amount",
			"mail":     "customers.email", // denied target: dropped
		},
		Now: time.Date(2026, 3, 5, 15, 4, 5, 0, time.UTC),
	}
}

// newTestEngine returns an engine talking to a fresh fake, with retries off and a short
// timeout so failures are fast.
func newTestEngine(t *testing.T, mod func(*Config)) (*Engine, *llmtest.FakeOpenAI) {
	t.Helper()
	fake := llmtest.NewFakeOpenAI(t)
	cfg := Config{Provider: "openai", BaseURL: fake.URL(), Model: "test-model", Timeout: 2 * time.Second}
	if mod != nil {
		mod(&cfg)
	}
	e, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	e.backoff = func(int, time.Duration) time.Duration { return time.Millisecond }
	return e, fake
}

func TestGenerateParsesAnswerForms(t *testing.T) {
	const want = "SELECT COUNT(customers.id) AS customers FROM customers WHERE customers.country = 'BR'"
	tests := []struct {
		name     string
		reply    func(f *llmtest.FakeOpenAI)
		wantSQL  string
		wantExpl string
	}{
		{"json via Reply", func(f *llmtest.FakeOpenAI) { f.Reply(want + ";") }, want, "Answer scripted by FakeOpenAI."},
		{"json with explanation", func(f *llmtest.FakeOpenAI) {
			f.ReplyRaw(`{"sql": "` + strings.ReplaceAll(want, "'", "'") + `", "explanation": "Counted customers with country BR."}`)
		}, want, "Counted customers with country BR."},
		{"json in fence with prose", func(f *llmtest.FakeOpenAI) {
			f.ReplyRaw("Here you go:\n```json\n{\"sql\": \"" + want + ";\", \"explanation\": \"x\"}\n```")
		}, want, "x"},
		{"fenced sql", func(f *llmtest.FakeOpenAI) {
			f.ReplyRaw("This counts Brazilian customers.\n\n```sql\n" + want + ";\n```\n")
		}, want, "This counts Brazilian customers."},
		{"bare select", func(f *llmtest.FakeOpenAI) { f.ReplyRaw(want + ";;\n\nThis counts them.") }, want, ""},
		{"bare with after prose", func(f *llmtest.FakeOpenAI) {
			f.ReplyRaw("Sure.\nWITH br AS (SELECT customers.id FROM customers WHERE customers.country = 'BR') SELECT COUNT(br.id) FROM br")
		}, "WITH br AS (SELECT customers.id FROM customers WHERE customers.country = 'BR') SELECT COUNT(br.id) FROM br", "Sure."},
		{"think block then json", func(f *llmtest.FakeOpenAI) {
			f.ReplyRaw("<think>maybe SELECT * FROM x</think>\n{\"sql\": \"" + want + "\"}")
		}, want, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, fake := newTestEngine(t, nil)
			tt.reply(fake)
			gen, err := e.Generate(context.Background(), testRequest())
			if err != nil {
				t.Fatalf("Generate: %v", err)
			}
			if gen.SQL != tt.wantSQL {
				t.Errorf("SQL = %q, want %q", gen.SQL, tt.wantSQL)
			}
			if gen.Explanation != tt.wantExpl {
				t.Errorf("Explanation = %q, want %q", gen.Explanation, tt.wantExpl)
			}
		})
	}
}

func TestGenerateSendsPrompt(t *testing.T) {
	e, fake := newTestEngine(t, func(c *Config) { c.APIKey = "sk-test" })
	fake.Reply("SELECT 1")
	if _, err := e.Generate(context.Background(), testRequest()); err != nil {
		t.Fatalf("Generate: %v", err)
	}
	reqs := fake.Requests()
	if len(reqs) != 1 {
		t.Fatalf("fake got %d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.Path != "/v1/chat/completions" || r.Model != "test-model" || r.Authorization != "Bearer sk-test" {
		t.Errorf("request path=%q model=%q auth=%q", r.Path, r.Model, r.Authorization)
	}
	if r.Temperature == nil || *r.Temperature != 0 {
		t.Errorf("temperature = %v, want 0", r.Temperature)
	}
	if len(r.Messages) != 2 || r.Messages[0].Role != "system" || r.Messages[1].Role != "user" {
		t.Fatalf("messages = %+v, want system then user", r.Messages)
	}
	system, user := r.Messages[0].Content, r.Messages[1].Content
	wantSys, wantUser := BuildPrompt(testRequest())
	if system != wantSys || user != wantUser {
		t.Errorf("sent prompt differs from BuildPrompt")
	}
	for _, want := range []string{
		"You are the sales analytics agent of ACME.",
		"PostgreSQL", "date_trunc",
		"Today is 2026-03-05 (Thursday)",
		"CREATE TABLE customers", "CREATE TABLE orders",
		"country text", "'BR', 'US', 'DE'", "total_amount numeric(12,2)", "created_at timestamp",
		"PRIMARY KEY (id)", "FOREIGN KEY (customer_id) REFERENCES customers(id)",
		"Revenue by country", "SUM(o.total_amount)",
		`"clients" means customers`, `"turnover" means orders.total_amount`,
		"CANNOT_ANSWER", "LIMIT 100", "never SELECT *", "Qualify every column", `{"sql":`,
	} {
		if !strings.Contains(system, want) {
			t.Errorf("system prompt lacks %q", want)
		}
	}
	if !strings.Contains(user, "How many customers are there in Brazil?") {
		t.Errorf("user message lacks the question: %q", user)
	}
	for _, banned := range []string{"email", "invoices", "Customer contact list", `"mail"`} {
		if strings.Contains(strings.ToLower(r.Text()), strings.ToLower(banned)) {
			t.Errorf("a message mentions %q, which is outside the permitted schema", banned)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		name    string
		cfg     func(*Config)
		script  func(*llmtest.FakeOpenAI)
		wantMsg string // substring of the error; empty for NotUnderstood cases
		words   []string
	}{
		{"rate limited", nil, func(f *llmtest.FakeOpenAI) { f.Fail(http.StatusTooManyRequests) }, "rate limited (429)", nil},
		{"server error", nil, func(f *llmtest.FakeOpenAI) { f.Fail(http.StatusInternalServerError) }, "server error (500)", nil},
		{"bad gateway", nil, func(f *llmtest.FakeOpenAI) { f.Fail(http.StatusBadGateway) }, "server error (502)", nil},
		{"unauthorized", nil, func(f *llmtest.FakeOpenAI) { f.Fail(http.StatusUnauthorized) }, "unauthorized (401)", nil},
		{"model not found", nil, func(f *llmtest.FakeOpenAI) { f.Fail(http.StatusNotFound) }, "not found (404)", nil},
		{"bad request", nil, func(f *llmtest.FakeOpenAI) { f.Fail(http.StatusBadRequest) }, "rejected the request (400)", nil},
		{"timeout", func(c *Config) { c.Timeout = 150 * time.Millisecond }, func(f *llmtest.FakeOpenAI) {
			f.Delay(2 * time.Second)
		}, "timed out after 150ms", nil},
		{"garbage", nil, func(f *llmtest.FakeOpenAI) { f.ReplyRaw("I am not sure what you mean, sorry!") }, "malformed output", nil},
		{"empty", nil, func(f *llmtest.FakeOpenAI) { f.ReplyRaw("") }, "malformed output", nil},
		{"json without sql", nil, func(f *llmtest.FakeOpenAI) { f.ReplyRaw(`{"sql": ""}`) }, "malformed output", nil},
		{"cannot answer", nil, func(f *llmtest.FakeOpenAI) { f.ReplyRaw("CANNOT_ANSWER: refunds, churn rate") }, "", []string{"refunds", "churn rate"}},
		{"cannot answer in json", nil, func(f *llmtest.FakeOpenAI) {
			f.ReplyRaw(`{"sql": "CANNOT_ANSWER: marketing spend", "explanation": "no marketing table"}`)
		}, "", []string{"marketing spend"}},
		{"cannot answer list", nil, func(f *llmtest.FakeOpenAI) { f.ReplyRaw(`{"cannot_answer": ["NPS"]}`) }, "", []string{"NPS"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, fake := newTestEngine(t, tt.cfg)
			tt.script(fake)
			start := time.Now()
			_, err := e.Generate(context.Background(), testRequest())
			if err == nil {
				t.Fatal("Generate succeeded, want an error")
			}
			if time.Since(start) > time.Second {
				t.Errorf("Generate took %s, want a fast failure", time.Since(start))
			}
			if tt.wantMsg == "" {
				nu, ok := nlq.IsNotUnderstood(err)
				if !ok {
					t.Fatalf("err = %v, want *nlq.NotUnderstoodError", err)
				}
				if strings.Join(nu.Words, "|") != strings.Join(tt.words, "|") {
					t.Errorf("Words = %q, want %q", nu.Words, tt.words)
				}
				if errors.Is(err, nlq.ErrEngine) {
					t.Errorf("a NotUnderstoodError must not wrap ErrEngine")
				}
				return
			}
			if !errors.Is(err, nlq.ErrEngine) {
				t.Fatalf("err = %v, want it to wrap nlq.ErrEngine", err)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("err = %q, want it to mention %q", err, tt.wantMsg)
			}
		})
	}
}

func TestGenerateRetries(t *testing.T) {
	t.Run("recovers after transient failures", func(t *testing.T) {
		e, fake := newTestEngine(t, func(c *Config) { c.MaxRetries = 2 })
		fake.Reply("SELECT 2")
		fake.FailNext(http.StatusTooManyRequests, 1)
		fake.FailNext(http.StatusServiceUnavailable, 1)
		gen, err := e.Generate(context.Background(), testRequest())
		if err != nil {
			t.Fatalf("Generate: %v", err)
		}
		if gen.SQL != "SELECT 2" || len(fake.Requests()) != 3 {
			t.Errorf("SQL = %q after %d requests, want SELECT 2 after 3", gen.SQL, len(fake.Requests()))
		}
	})
	t.Run("gives up after MaxRetries", func(t *testing.T) {
		e, fake := newTestEngine(t, func(c *Config) { c.MaxRetries = 1 })
		fake.Fail(http.StatusTooManyRequests)
		_, err := e.Generate(context.Background(), testRequest())
		if !errors.Is(err, nlq.ErrEngine) || !strings.Contains(err.Error(), "rate limited") {
			t.Errorf("err = %v, want rate limited", err)
		}
		if n := len(fake.Requests()); n != 2 {
			t.Errorf("fake got %d requests, want 2", n)
		}
	})
	t.Run("does not retry auth errors", func(t *testing.T) {
		e, fake := newTestEngine(t, func(c *Config) { c.MaxRetries = 3 })
		fake.Fail(http.StatusUnauthorized)
		if _, err := e.Generate(context.Background(), testRequest()); err == nil {
			t.Fatal("want an error")
		}
		if n := len(fake.Requests()); n != 1 {
			t.Errorf("fake got %d requests, want 1", n)
		}
	})
}

func TestGenerateCallerCancel(t *testing.T) {
	e, fake := newTestEngine(t, nil)
	fake.Delay(2 * time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := e.Generate(ctx, testRequest())
	if !errors.Is(err, nlq.ErrEngine) || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "cancelled") {
		t.Errorf("err = %v, want ErrEngine wrapping the caller's deadline", err)
	}
}

func TestGenerateUnreachable(t *testing.T) {
	e, err := New(Config{Provider: "openai", BaseURL: "http://127.0.0.1:1/v1", Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.Generate(context.Background(), testRequest())
	if !errors.Is(err, nlq.ErrEngine) || !strings.Contains(err.Error(), "unreachable") {
		t.Errorf("err = %v, want ErrEngine unreachable", err)
	}
}

func TestNewValidation(t *testing.T) {
	tests := []struct {
		name    string
		cfg     Config
		wantErr string // empty: valid
		model   string
	}{
		{"openai with key", Config{Provider: "openai", APIKey: "sk-x"}, "", DefaultOpenAIModel},
		{"openai compatible without key", Config{Provider: "OpenAI", BaseURL: "http://vllm:8000/v1", Model: "llama3"}, "", "llama3"},
		{"openai without key", Config{Provider: "openai"}, "needs an API key", ""},
		{"anthropic with key", Config{Provider: "anthropic", APIKey: "k"}, "", DefaultAnthropicModel},
		{"anthropic without key", Config{Provider: "anthropic"}, "needs an API key", ""},
		{"ollama default", Config{Provider: "ollama"}, "", DefaultOllamaModel},
		{"ollama url", Config{Provider: "ollama", BaseURL: "http://gpu-box:11434", Model: "sqlcoder"}, "", "sqlcoder"},
		{"missing provider", Config{}, "provider is required", ""},
		{"unknown provider", Config{Provider: "gemini", APIKey: "k"}, `unknown provider "gemini"`, ""},
		{"bad url", Config{Provider: "ollama", BaseURL: "gpu-box:11434"}, "absolute http(s) URL", ""},
		{"bad scheme", Config{Provider: "openai", BaseURL: "ftp://x/v1"}, "absolute http(s) URL", ""},
		{"negative timeout", Config{Provider: "ollama", Timeout: -time.Second}, "timeout must not be negative", ""},
		{"too many retries", Config{Provider: "ollama", MaxRetries: 99}, "max retries", ""},
		{"negative retries", Config{Provider: "ollama", MaxRetries: -1}, "max retries", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := New(tt.cfg)
			if tt.wantErr != "" {
				if err == nil || !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want ErrConfig mentioning %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			if got := e.Config(); got.Model != tt.model || got.Timeout != DefaultTimeout {
				t.Errorf("effective config = %+v, want model %q and default timeout", got, tt.model)
			}
		})
	}
}

func TestNewIgnoresEnvironment(t *testing.T) {
	// langchaingo falls back to these; a tenant's engine must not pick up the process's.
	t.Setenv("OPENAI_API_KEY", "sk-from-env")
	t.Setenv("ANTHROPIC_API_KEY", "from-env")
	for _, p := range []string{"openai", "anthropic"} {
		if _, err := New(Config{Provider: p}); err == nil {
			t.Errorf("%s: New accepted a config without API key because of the environment", p)
		}
	}
}
