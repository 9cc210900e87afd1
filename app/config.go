// Package app wires the process: configuration, database, broker (embedded or external), the
// outbox relay, the HTTP API and the workers, and their orderly shutdown.
package app

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/analytics-agent/service/events"
)

// Config is the effective configuration of a process.
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	NATSURL     string
	NATSListen  string // embedded server's client address (loopback only)
	// NATSCreds is a .creds file (user JWT and nkey seed) for a NATS that uses decentralized
	// authentication; user:pass@ in NATSURL serves a server with users in nats.conf.
	NATSCreds   string
	SecretKey   string
	Demo        bool
	DefaultPlan string
	// DemoPlan is the plan of the seeded demo organization.
	DemoPlan     string
	EventsMaxAge time.Duration
	// StreamReplicas of EVENTS and COMMANDS: 1 embedded, 3 on a production cluster.
	StreamReplicas int
	LogLevel       string
	SQLiteDir      string // where sqlite data sources live

	WebhookAllowPrivate bool
	WebhookRetryDelays  string
	WebhookTimeout      time.Duration

	// DataSourceAllowPrivate lets data sources reach loopback and private addresses; the
	// service's own store and broker stay unreachable regardless.
	DataSourceAllowPrivate bool
	SchemaRefreshTimeout   time.Duration
	SchemaRefreshPerOrg    int
	// LLMAllowPrivate lets organizations point their model base_url at private addresses.
	LLMAllowPrivate bool

	LLMProvider  string
	LLMModel     string
	LLMBaseURL   string
	OpenAIKey    string
	AnthropicKey string

	SMTPURL  string
	MailFrom string
	// MailMaxAttachment caps a report attachment in bytes; larger results are not attached.
	MailMaxAttachment int
	// DeliveryRetryDelays are the waits between report delivery attempts (nil = the default).
	DeliveryRetryDelays []time.Duration
	// TemplateAckWait overrides how long a template run may take before another worker takes
	// it over (tests shorten it to simulate a crashed worker).
	TemplateAckWait time.Duration

	ShutdownTimeout time.Duration
	// MetricsToken, when set, guards GET /metrics.
	MetricsToken string
	// OTLPEndpoint, when set, exports traces there by OTLP/HTTP.
	OTLPEndpoint string

	// TrustedProxies are the addresses (IPs or CIDRs) whose X-Forwarded-For is believed; the
	// client address of everyone else is the connection's peer.
	TrustedProxies []string

	// Billing: enterprise rate-limit defaults and the payment provider (test or stripe).
	EnterpriseRatePerMinute int64
	EnterpriseRatePerDay    int64
	PaymentProvider         string
	StripeSecretKey         string
	StripeAPIURL            string

	// DebugAddr, when set, serves runtime statistics and pprof for operators (app/debug.go).
	DebugAddr string

	// OnlyWorkers restricts the workers a process runs (empty = all of WorkerNames).
	OnlyWorkers []string

	// BrokerQueries sends every question through the broker even when this process runs the
	// query worker too (otherwise it answers the questions it accepts itself: queries.Local).
	BrokerQueries bool
}

// setting is one configuration entry: a flag, its environment variable and its default.
type setting struct {
	flag, env, def, usage string
	secret                bool
	apply                 func(c *Config, v string) error
}

func str(dst func(*Config) *string) func(*Config, string) error {
	return func(c *Config, v string) error { *dst(c) = v; return nil }
}

func boolean(name string, dst func(*Config) *bool) func(*Config, string) error {
	return func(c *Config, v string) error {
		if v == "" {
			*dst(c) = false
			return nil
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("%s must be true or false, got %q", name, v)
		}
		*dst(c) = b
		return nil
	}
}

func duration(name string, dst func(*Config) *time.Duration) func(*Config, string) error {
	return func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return fmt.Errorf("%s must be a positive duration such as 30s or 720h, got %q", name, v)
		}
		*dst(c) = d
		return nil
	}
}

func positiveInt(name string, dst func(*Config) *int64) func(*Config, string) error {
	return func(c *Config, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			return fmt.Errorf("%s must be a positive integer, got %q", name, v)
		}
		*dst(c) = n
		return nil
	}
}

var settings = []setting{
	{"addr", "ANALYTICS_ADDR", ":8080", "HTTP listen address", false, str(func(c *Config) *string { return &c.Addr })},
	{"data-dir", "ANALYTICS_DATA_DIR", "./data", "data folder of the embedded default (SQLite, embedded NATS, generated key)", false, str(func(c *Config) *string { return &c.DataDir })},
	{"database-url", "DATABASE_URL", "", "postgres://... switches from SQLite to PostgreSQL", true, str(func(c *Config) *string { return &c.DatabaseURL })},
	{"nats-url", "NATS_URL", "", "nats://... switches from the embedded server to an external NATS", true, str(func(c *Config) *string { return &c.NATSURL })},
	{"nats-listen", "ANALYTICS_NATS_LISTEN", "127.0.0.1:4250", "loopback client address of the embedded NATS server (for `analytics events` on the same machine; port 0 picks a free one)", false, str(func(c *Config) *string { return &c.NATSListen })},
	{"nats-creds", "ANALYTICS_NATS_CREDS", "", "NATS .creds file (user JWT and seed) used with NATS_URL", false, str(func(c *Config) *string { return &c.NATSCreds })},
	{"secret-key", "ANALYTICS_SECRET_KEY", "", "signs tokens and encrypts secrets at rest (generated into the data dir when empty)", true, str(func(c *Config) *string { return &c.SecretKey })},
	{"demo", "ANALYTICS_DEMO", "false", "seed the demo organization", false, boolean("ANALYTICS_DEMO", func(c *Config) *bool { return &c.Demo })},
	{"default-plan", "ANALYTICS_DEFAULT_PLAN", "free", "plan of newly registered organizations", false, str(func(c *Config) *string { return &c.DefaultPlan })},
	{"demo-plan", "ANALYTICS_DEMO_PLAN", "growth", "plan of the seeded demo organization (load tests use scale)", false, str(func(c *Config) *string { return &c.DemoPlan })},
	{"events-max-age", "ANALYTICS_EVENTS_MAX_AGE", "720h", "how long events stay replayable", false, duration("ANALYTICS_EVENTS_MAX_AGE", func(c *Config) *time.Duration { return &c.EventsMaxAge })},
	{"stream-replicas", "ANALYTICS_STREAM_REPLICAS", "1", "replicas of the JetStream streams (3 on a 3-node cluster)", false, func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 5 {
			return fmt.Errorf("ANALYTICS_STREAM_REPLICAS must be 1 to 5, got %q", v)
		}
		c.StreamReplicas = n
		return nil
	}},
	{"log-level", "ANALYTICS_LOG_LEVEL", "info", "debug, info, warn or error", false, str(func(c *Config) *string { return &c.LogLevel })},
	{"sqlite-dir", "ANALYTICS_SQLITE_DIR", "", "folder of sqlite data sources (default <data-dir>/files)", false, str(func(c *Config) *string { return &c.SQLiteDir })},
	{"webhook-allow-private", "ANALYTICS_WEBHOOK_ALLOW_PRIVATE", "false", "allow http and private/loopback webhook targets", false, boolean("ANALYTICS_WEBHOOK_ALLOW_PRIVATE", func(c *Config) *bool { return &c.WebhookAllowPrivate })},
	{"webhook-retry-delays", "ANALYTICS_WEBHOOK_RETRY_DELAYS", "1m,5m,15m,1h", "comma-separated webhook retry delays", false, str(func(c *Config) *string { return &c.WebhookRetryDelays })},
	{"webhook-timeout", "ANALYTICS_WEBHOOK_TIMEOUT", "5s", "webhook delivery deadline", false, duration("ANALYTICS_WEBHOOK_TIMEOUT", func(c *Config) *time.Duration { return &c.WebhookTimeout })},
	{"datasource-allow-private", "ANALYTICS_DATASOURCE_ALLOW_PRIVATE", "false", "allow data sources on loopback/private addresses (never the service's own database or NATS)", false, boolean("ANALYTICS_DATASOURCE_ALLOW_PRIVATE", func(c *Config) *bool { return &c.DataSourceAllowPrivate })},
	{"schema-refresh-timeout", "ANALYTICS_SCHEMA_REFRESH_TIMEOUT", "2m", "deadline of one data source schema refresh", false, duration("ANALYTICS_SCHEMA_REFRESH_TIMEOUT", func(c *Config) *time.Duration { return &c.SchemaRefreshTimeout })},
	{"schema-refresh-per-org", "ANALYTICS_SCHEMA_REFRESH_PER_ORG", "2", "schema refreshes one organization may run at once (all processes)", false, func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return fmt.Errorf("ANALYTICS_SCHEMA_REFRESH_PER_ORG must be 1 to 100, got %q", v)
		}
		c.SchemaRefreshPerOrg = n
		return nil
	}},
	{"llm-allow-private", "ANALYTICS_LLM_ALLOW_PRIVATE", "false", "allow organizations' LLM base_url on loopback/private addresses", false, boolean("ANALYTICS_LLM_ALLOW_PRIVATE", func(c *Config) *bool { return &c.LLMAllowPrivate })},
	{"llm-provider", "ANALYTICS_LLM_PROVIDER", "none", "none, openai, anthropic or ollama (none = offline engine)", false, str(func(c *Config) *string { return &c.LLMProvider })},
	{"llm-model", "ANALYTICS_LLM_MODEL", "", "model name", false, str(func(c *Config) *string { return &c.LLMModel })},
	{"llm-base-url", "ANALYTICS_LLM_BASE_URL", "", "OpenAI-compatible or Ollama base URL", false, str(func(c *Config) *string { return &c.LLMBaseURL })},
	{"openai-api-key", "OPENAI_API_KEY", "", "OpenAI credential", true, str(func(c *Config) *string { return &c.OpenAIKey })},
	{"anthropic-api-key", "ANTHROPIC_API_KEY", "", "Anthropic credential", true, str(func(c *Config) *string { return &c.AnthropicKey })},
	{"smtp-url", "ANALYTICS_SMTP_URL", "", "outgoing mail server smtp://user:pass@host:port", true, str(func(c *Config) *string { return &c.SMTPURL })},
	{"mail-from", "ANALYTICS_MAIL_FROM", "analytics@localhost", "sender of e-mails", false, str(func(c *Config) *string { return &c.MailFrom })},
	{"mail-max-attachment", "ANALYTICS_MAIL_MAX_ATTACHMENT", "10485760", "largest report attachment in bytes; larger results are described, not attached", false, func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1024 {
			return fmt.Errorf("ANALYTICS_MAIL_MAX_ATTACHMENT must be a number of bytes of at least 1024, got %q", v)
		}
		c.MailMaxAttachment = n
		return nil
	}},
	{"only", "ANALYTICS_WORKERS", "", "comma-separated workers this process runs: query, schema, webhook, template, schedule, metering, billing (default all)", false, func(c *Config, v string) error {
		c.OnlyWorkers = nil
		for _, name := range strings.Split(v, ",") {
			if name = strings.TrimSpace(name); name == "" {
				continue
			}
			if !slices.Contains(WorkerNames, name) {
				return fmt.Errorf("ANALYTICS_WORKERS (--only) names unknown worker %q; known: %s", name, strings.Join(WorkerNames, ", "))
			}
			c.OnlyWorkers = append(c.OnlyWorkers, name)
		}
		return nil
	}},
	{"broker-queries", "ANALYTICS_BROKER_QUERIES", "false", "send every question through the broker even when this process also runs the query worker", false, boolean("ANALYTICS_BROKER_QUERIES", func(c *Config) *bool { return &c.BrokerQueries })},
	{"trusted-proxies", "ANALYTICS_TRUSTED_PROXIES", "", "comma-separated IPs or CIDRs of reverse proxies whose X-Forwarded-For is trusted (default none)", false, trustedProxies},
	{"metrics-token", "ANALYTICS_METRICS_TOKEN", "", "bearer token GET /metrics requires (open when empty: restrict it at the network edge)", true, str(func(c *Config) *string { return &c.MetricsToken })},
	{"otlp-endpoint", "OTEL_EXPORTER_OTLP_ENDPOINT", "", "OTLP/HTTP collector base URL (e.g. http://collector:4318); traces are off when empty", false, str(func(c *Config) *string { return &c.OTLPEndpoint })},
	{"enterprise-rate-per-minute", "ANALYTICS_ENTERPRISE_RATE_PER_MINUTE", "1200", "requests per minute of enterprise (scale) organizations", false, positiveInt("ANALYTICS_ENTERPRISE_RATE_PER_MINUTE", func(c *Config) *int64 { return &c.EnterpriseRatePerMinute })},
	{"enterprise-rate-per-day", "ANALYTICS_ENTERPRISE_RATE_PER_DAY", "200000", "requests per day of enterprise (scale) organizations", false, positiveInt("ANALYTICS_ENTERPRISE_RATE_PER_DAY", func(c *Config) *int64 { return &c.EnterpriseRatePerDay })},
	{"payment-provider", "ANALYTICS_PAYMENT_PROVIDER", "test", "test (built-in, Stripe-like test cards) or stripe", false, str(func(c *Config) *string { return &c.PaymentProvider })},
	{"stripe-secret-key", "STRIPE_SECRET_KEY", "", "Stripe secret key (payment provider stripe)", true, str(func(c *Config) *string { return &c.StripeSecretKey })},
	{"stripe-api-url", "ANALYTICS_STRIPE_API_URL", "", "Stripe API base URL (default Stripe's; stripe-mock in tests)", false, str(func(c *Config) *string { return &c.StripeAPIURL })},
	{"debug-addr", "ANALYTICS_DEBUG_ADDR", "", "operator-only listener for /debug/runtime and pprof (loopback; off when empty)", false, str(func(c *Config) *string { return &c.DebugAddr })},
	{"shutdown-timeout", "ANALYTICS_SHUTDOWN_TIMEOUT", "25s", "how long shutdown waits for in-flight work", false, duration("ANALYTICS_SHUTDOWN_TIMEOUT", func(c *Config) *time.Duration { return &c.ShutdownTimeout })},
}

// trustedProxies parses ANALYTICS_TRUSTED_PROXIES: every entry must be an IP or a CIDR.
func trustedProxies(c *Config, v string) error {
	c.TrustedProxies = nil
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if _, _, err := net.ParseCIDR(p); err != nil && net.ParseIP(p) == nil {
			return fmt.Errorf("ANALYTICS_TRUSTED_PROXIES: %q is neither an IP address nor a CIDR such as 10.0.0.0/8", p)
		}
		c.TrustedProxies = append(c.TrustedProxies, p)
	}
	return nil
}

// LoadConfig reads the configuration: defaults, then environment variables, then flags (flags
// win). It validates the result and answers every problem at once.
func LoadConfig(fs *flag.FlagSet, args []string, getenv func(string) string) (Config, error) {
	values := map[string]*string{}
	for _, s := range settings {
		v := &flagValue{s: s.def, isBool: s.def == "false" || s.def == "true"}
		if e := getenv(s.env); e != "" {
			v.s = e
		}
		fs.Var(v, s.flag, s.usage+" (env "+s.env+")")
		values[s.flag] = &v.s
	}
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	var c Config
	var problems []string
	for _, s := range settings {
		if err := s.apply(&c, strings.TrimSpace(*values[s.flag])); err != nil {
			problems = append(problems, err.Error())
		}
	}
	problems = append(problems, c.validate()...)
	if len(problems) > 0 {
		return c, fmt.Errorf("invalid configuration:\n  - %s", strings.Join(problems, "\n  - "))
	}
	if c.SQLiteDir == "" {
		c.SQLiteDir = filepath.Join(c.DataDir, "files")
	}
	return c, nil
}

func (c *Config) validate() []string {
	var p []string
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		p = append(p, fmt.Sprintf("ANALYTICS_ADDR must be host:port or :port, got %q", c.Addr))
	}
	if c.DebugAddr != "" {
		if _, _, err := net.SplitHostPort(c.DebugAddr); err != nil {
			p = append(p, fmt.Sprintf("ANALYTICS_DEBUG_ADDR must be host:port, got %q", c.DebugAddr))
		}
	}
	if c.DataDir == "" {
		p = append(p, "ANALYTICS_DATA_DIR must not be empty")
	}
	if c.DatabaseURL != "" {
		if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			p = append(p, "DATABASE_URL must be a postgres:// URL")
		}
	}
	if c.NATSURL != "" {
		for _, part := range strings.Split(c.NATSURL, ",") {
			if u, err := url.Parse(strings.TrimSpace(part)); err != nil || (u.Scheme != "nats" && u.Scheme != "tls") {
				p = append(p, "NATS_URL must be a comma-separated list of nats:// or tls:// URLs")
				break
			}
		}
	}
	if c.NATSURL == "" {
		if host, _, err := net.SplitHostPort(c.NATSListen); err != nil || !events.IsLoopbackHost(host) {
			p = append(p, fmt.Sprintf("ANALYTICS_NATS_LISTEN must be a loopback host:port such as 127.0.0.1:4250 (the embedded broker is for this machine only; set NATS_URL to share one), got %q", c.NATSListen))
		}
	}
	if c.NATSCreds != "" {
		if c.NATSURL == "" {
			p = append(p, "ANALYTICS_NATS_CREDS needs NATS_URL (the embedded broker uses its own generated credential)")
		} else if f, err := os.Open(c.NATSCreds); err != nil {
			p = append(p, fmt.Sprintf("ANALYTICS_NATS_CREDS: %v", err))
		} else {
			_ = f.Close()
		}
	}
	if c.SecretKey != "" && len(c.SecretKey) < 32 {
		p = append(p, "ANALYTICS_SECRET_KEY must be at least 32 characters")
	}
	switch c.LLMProvider {
	case "none", "openai", "anthropic", "ollama":
	default:
		p = append(p, fmt.Sprintf("ANALYTICS_LLM_PROVIDER must be none, openai, anthropic or ollama, got %q", c.LLMProvider))
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		p = append(p, fmt.Sprintf("ANALYTICS_LOG_LEVEL must be debug, info, warn or error, got %q", c.LogLevel))
	}
	switch c.DefaultPlan {
	case "free", "starter", "growth", "scale":
	default:
		p = append(p, fmt.Sprintf("ANALYTICS_DEFAULT_PLAN must be free, starter, growth or scale, got %q", c.DefaultPlan))
	}
	switch c.PaymentProvider {
	case "test":
	case "stripe":
		if c.StripeSecretKey == "" {
			p = append(p, "STRIPE_SECRET_KEY is required with ANALYTICS_PAYMENT_PROVIDER=stripe")
		}
	default:
		p = append(p, fmt.Sprintf("ANALYTICS_PAYMENT_PROVIDER must be test or stripe, got %q", c.PaymentProvider))
	}
	if c.SMTPURL != "" {
		if u, err := url.Parse(c.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Host == "" {
			p = append(p, "ANALYTICS_SMTP_URL must look like smtp://user:pass@host:port")
		}
	}
	return p
}

// LogValue lists the effective configuration with secrets redacted.
func (c Config) LogValue() slog.Value {
	redact := func(v string) string {
		if v == "" {
			return ""
		}
		return "[redacted]"
	}
	redactURL := func(v string) string {
		u, err := url.Parse(v)
		if err != nil || v == "" {
			return redact(v)
		}
		if u.User != nil {
			if _, ok := u.User.Password(); ok {
				u.User = url.UserPassword(u.User.Username(), "redacted")
			} else {
				u.User = url.User("redacted") // a user name alone is a token
			}
		}
		return u.String()
	}
	return slog.GroupValue(
		slog.String("addr", c.Addr), slog.String("data_dir", c.DataDir),
		slog.String("database_url", redactURL(c.DatabaseURL)), slog.String("nats_url", events.RedactURL(c.NATSURL)),
		slog.String("nats_listen", c.NATSListen), slog.String("nats_creds", c.NATSCreds), slog.String("secret_key", redact(c.SecretKey)),
		slog.Bool("demo", c.Demo), slog.String("default_plan", c.DefaultPlan),
		slog.String("events_max_age", c.EventsMaxAge.String()), slog.Int("stream_replicas", c.StreamReplicas), slog.String("log_level", c.LogLevel),
		slog.String("sqlite_dir", c.SQLiteDir),
		slog.Bool("webhook_allow_private", c.WebhookAllowPrivate), slog.Any("trusted_proxies", c.TrustedProxies), slog.String("webhook_retry_delays", c.WebhookRetryDelays),
		slog.String("webhook_timeout", c.WebhookTimeout.String()),
		slog.Bool("datasource_allow_private", c.DataSourceAllowPrivate), slog.String("schema_refresh_timeout", c.SchemaRefreshTimeout.String()),
		slog.Int("schema_refresh_per_org", c.SchemaRefreshPerOrg), slog.Bool("llm_allow_private", c.LLMAllowPrivate),
		slog.String("llm_provider", c.LLMProvider),
		slog.String("llm_model", c.LLMModel), slog.String("llm_base_url", c.LLMBaseURL),
		slog.String("openai_api_key", redact(c.OpenAIKey)), slog.String("anthropic_api_key", redact(c.AnthropicKey)),
		slog.String("smtp_url", redactURL(c.SMTPURL)), slog.String("mail_from", c.MailFrom), slog.Int("mail_max_attachment", c.MailMaxAttachment),
		slog.Any("only_workers", c.OnlyWorkers),
	)
}

// SQLitePath is the embedded default's database file.
func (c Config) SQLitePath() string { return filepath.Join(c.DataDir, "analytics.db") }

// EnsureSecretKey fills SecretKey from the data dir, generating it there once (mode 0600) so
// restarts keep sessions valid and encrypted data readable.
func (c *Config) EnsureSecretKey(generate func() string) error {
	if c.SecretKey != "" {
		return nil
	}
	path := filepath.Join(c.DataDir, "secret.key")
	b, err := os.ReadFile(path)
	if err == nil {
		c.SecretKey = strings.TrimSpace(string(b))
		if len(c.SecretKey) < 32 {
			return fmt.Errorf("%s is shorter than 32 characters; delete it to generate a new key", path)
		}
		return nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("read secret key: %w", err)
	}
	if err := os.MkdirAll(c.DataDir, 0o700); err != nil {
		return fmt.Errorf("create data dir: %w", err)
	}
	key := generate()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("write secret key: %w", err)
	}
	defer f.Close()
	if _, err := f.WriteString(key + "\n"); err != nil {
		return fmt.Errorf("write secret key: %w", err)
	}
	c.SecretKey = key
	return nil
}

// flagValue is a string flag that can also act as a boolean flag (--demo without a value).
type flagValue struct {
	s      string
	isBool bool
}

func (f *flagValue) String() string     { return f.s }
func (f *flagValue) Set(v string) error { f.s = v; return nil }
func (f *flagValue) IsBoolFlag() bool   { return f.isBool }

// llmKey is the credential of the configured provider.
func (c Config) llmKey() string {
	switch c.LLMProvider {
	case "openai":
		return c.OpenAIKey
	case "anthropic":
		return c.AnthropicKey
	}
	return ""
}
