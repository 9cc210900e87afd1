// Package llm is the model-backed nlq.Engine: it prompts a chat model (OpenAI or any
// OpenAI-compatible server, Anthropic, Ollama) through langchaingo to translate a question into
// one read-only SQL statement.
//
// The engine only ever sees nlq.Request.Schema, which the caller has already filtered to the
// agent's permitted tables and columns (guard's Permissions.FilterSchema): a denied column is
// never sent to a provider because it is not in the request. Examples and synonyms come from the
// organization; the engine drops those that name a table or column outside the permitted
// schema, as far as it can tell without parsing (see BuildPrompt). The SQL it returns must
// still go through nlq/guard before it runs: a model can always write something else.
package llm

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/anthropic"
	"github.com/tmc/langchaingo/llms/ollama"
	"github.com/tmc/langchaingo/llms/openai"

	"github.com/analytics-agent/service/netguard"
)

// Providers accepted in Config.Provider.
const (
	ProviderOpenAI    = "openai"
	ProviderAnthropic = "anthropic"
	ProviderOllama    = "ollama"
)

// Default models, used when Config.Model is empty. They are chat models that accept
// temperature 0 (langchaingo drops the temperature for OpenAI reasoning models, which would make
// answers less repeatable).
const (
	DefaultOpenAIModel    = "gpt-4.1-mini"
	DefaultAnthropicModel = "claude-sonnet-4-5"
	DefaultOllamaModel    = "qwen2.5-coder:7b"
)

// Default endpoints. They are passed explicitly so that langchaingo's environment fallbacks
// (OPENAI_BASE_URL, OLLAMA_HOST, ...) never redirect one organization's traffic.
const (
	defaultOpenAIBaseURL    = "https://api.openai.com/v1"
	defaultAnthropicBaseURL = "https://api.anthropic.com/v1"
	defaultOllamaBaseURL    = "http://127.0.0.1:11434"
)

// DefaultTimeout bounds one call to the provider when Config.Timeout is zero.
const DefaultTimeout = 60 * time.Second

// maxRetriesLimit caps Config.MaxRetries: each retry can take a full Timeout.
const maxRetriesLimit = 5

// placeholderToken is sent to OpenAI-compatible servers that need no key (vLLM, LM Studio,
// llama.cpp, Ollama's /v1): langchaingo refuses to build a client without a token.
const placeholderToken = "no-key-required"

// anthropicMaxTokens is the answer budget for Anthropic, whose API requires one. A SELECT plus
// a sentence of explanation fits comfortably.
const anthropicMaxTokens = 2048

// ErrConfig is wrapped by every configuration error New returns.
var ErrConfig = errors.New("invalid language model configuration")

// Config selects and configures the provider. It is a comparable value, so callers can use it
// as a map key to cache one *Engine per distinct configuration (for example per organization).
type Config struct {
	// Provider is "openai" (also any OpenAI-compatible server via BaseURL), "anthropic" or
	// "ollama". Case-insensitive.
	Provider string
	// Model is the provider's model name; empty selects the provider's default model.
	Model string
	// BaseURL overrides the provider endpoint: for openai the API root including /v1
	// (e.g. http://vllm:8000/v1), for ollama the server root (http://host:11434).
	BaseURL string
	// APIKey authenticates with the provider. Required for openai and anthropic unless BaseURL
	// points at a compatible server that needs none; ignored by ollama.
	APIKey string
	// Timeout bounds each call to the provider; zero means DefaultTimeout.
	Timeout time.Duration
	// Guard, when set, checks every address the provider client dials, after DNS resolution
	// (organization overrides, whose base URL a tenant chooses). Nil dials freely: the
	// operator's own configuration.
	Guard *netguard.Guard
	// MaxRetries is how many times a rate-limited (429), failed (5xx) or unreachable call is
	// retried, with backoff. Zero disables retries. Timeouts are not retried: another full
	// wait rarely helps the user waiting for an answer.
	MaxRetries int
}

// normalized returns cfg with defaults filled in, or a configuration error.
func (cfg Config) normalized() (Config, error) {
	cfg.Provider = strings.ToLower(strings.TrimSpace(cfg.Provider))
	cfg.Model = strings.TrimSpace(cfg.Model)
	cfg.BaseURL = strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	cfg.APIKey = strings.TrimSpace(cfg.APIKey)

	if cfg.Timeout < 0 {
		return cfg, fmt.Errorf("%w: timeout must not be negative (got %s)", ErrConfig, cfg.Timeout)
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxRetries < 0 || cfg.MaxRetries > maxRetriesLimit {
		return cfg, fmt.Errorf("%w: max retries must be between 0 and %d (got %d)", ErrConfig, maxRetriesLimit, cfg.MaxRetries)
	}
	if cfg.BaseURL != "" {
		u, err := url.Parse(cfg.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return cfg, fmt.Errorf("%w: base URL %q must be an absolute http(s) URL", ErrConfig, cfg.BaseURL)
		}
	}

	switch cfg.Provider {
	case ProviderOpenAI:
		if cfg.Model == "" {
			cfg.Model = DefaultOpenAIModel
		}
		if cfg.APIKey == "" && cfg.BaseURL == "" {
			return cfg, fmt.Errorf("%w: provider openai needs an API key (or a base URL of an OpenAI-compatible server that needs none)", ErrConfig)
		}
	case ProviderAnthropic:
		if cfg.Model == "" {
			cfg.Model = DefaultAnthropicModel
		}
		if cfg.APIKey == "" && cfg.BaseURL == "" {
			return cfg, fmt.Errorf("%w: provider anthropic needs an API key", ErrConfig)
		}
	case ProviderOllama:
		if cfg.Model == "" {
			cfg.Model = DefaultOllamaModel
		}
	case "":
		return cfg, fmt.Errorf("%w: provider is required (openai, anthropic or ollama)", ErrConfig)
	default:
		return cfg, fmt.Errorf("%w: unknown provider %q (want openai, anthropic or ollama)", ErrConfig, cfg.Provider)
	}
	return cfg, nil
}

// Engine is the model-backed nlq.Engine. It holds no per-request state and is safe for
// concurrent use; New does no network I/O, so building one per organization is cheap.
type Engine struct {
	cfg   Config
	model llms.Model
	// backoff returns the wait before retry n (1-based); tests shorten it.
	backoff func(n int, retryAfter time.Duration) time.Duration
}

// New validates cfg and builds the engine. Errors wrap ErrConfig.
func New(cfg Config) (*Engine, error) {
	cfg, err := cfg.normalized()
	if err != nil {
		return nil, err
	}
	// Every provider client gets our HTTP client, whose transport records the response
	// status per call: langchaingo reports statuses as text that differs per provider (and
	// Ollama's errors do not carry the code at all), while the status is what tells a rate
	// limit from an outage from a bad key. No client timeout: the per-call context bounds it.
	var base http.RoundTripper = http.DefaultTransport
	if cfg.Guard != nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		// No proxy: the proxy would be dialled instead of the provider, bypassing the check.
		t.Proxy = nil
		t.DialContext = cfg.Guard.DialFunc(30*time.Second, "")
		base = t
	}
	hc := &http.Client{Transport: &statusTransport{base: base}}

	var model llms.Model
	switch cfg.Provider {
	case ProviderOpenAI:
		token, base := cfg.APIKey, cfg.BaseURL
		if token == "" {
			token = placeholderToken
		}
		if base == "" {
			base = defaultOpenAIBaseURL
		}
		model, err = openai.New(
			openai.WithToken(token),
			openai.WithBaseURL(base),
			openai.WithModel(cfg.Model),
			openai.WithHTTPClient(hc),
		)
	case ProviderAnthropic:
		token, base := cfg.APIKey, cfg.BaseURL
		if token == "" {
			token = placeholderToken
		}
		if base == "" {
			base = defaultAnthropicBaseURL
		}
		model, err = anthropic.New(
			anthropic.WithToken(token),
			anthropic.WithBaseURL(base),
			anthropic.WithModel(cfg.Model),
			anthropic.WithHTTPClient(hc),
		)
	case ProviderOllama:
		base := cfg.BaseURL
		if base == "" {
			base = defaultOllamaBaseURL
		}
		// base was validated above: ollama.WithServerURL calls log.Fatal on a bad URL.
		model, err = ollama.New(
			ollama.WithServerURL(base),
			ollama.WithModel(cfg.Model),
			ollama.WithHTTPClient(hc),
		)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %s client: %w", ErrConfig, cfg.Provider, err)
	}
	return &Engine{cfg: cfg, model: model, backoff: defaultBackoff}, nil
}

// Config returns the effective configuration (defaults filled in).
func (e *Engine) Config() Config { return e.cfg }

// defaultBackoff waits 1s, 2s, 4s... capped at 10s, or what the provider's Retry-After asked
// for when that is longer but still within the cap.
func defaultBackoff(n int, retryAfter time.Duration) time.Duration {
	const maxWait = 10 * time.Second
	d := time.Second << (n - 1)
	if d > maxWait {
		d = maxWait
	}
	if retryAfter > d && retryAfter <= maxWait {
		d = retryAfter
	}
	return d
}
