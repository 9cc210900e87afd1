package app

import (
	"flag"
	"io"
	"log/slog"
	"strings"
	"testing"
)

func TestConfigurationIsValidatedWithClearMessages(t *testing.T) {
	cases := []struct {
		name    string
		env     map[string]string
		args    []string
		wantErr string
	}{
		{name: "defaults"},
		{name: "bad address", env: map[string]string{"ANALYTICS_ADDR": "8080"}, wantErr: "ANALYTICS_ADDR"},
		{name: "bad database url", env: map[string]string{"DATABASE_URL": "mysql://x"}, wantErr: "DATABASE_URL"},
		{name: "bad nats url", env: map[string]string{"NATS_URL": "http://x"}, wantErr: "NATS_URL"},
		{name: "short secret", env: map[string]string{"ANALYTICS_SECRET_KEY": "short"}, wantErr: "ANALYTICS_SECRET_KEY"},
		{name: "bad provider", env: map[string]string{"ANALYTICS_LLM_PROVIDER": "gpt"}, wantErr: "ANALYTICS_LLM_PROVIDER"},
		{name: "bad duration", env: map[string]string{"ANALYTICS_WEBHOOK_TIMEOUT": "soon"}, wantErr: "ANALYTICS_WEBHOOK_TIMEOUT"},
		{name: "bad debug address", env: map[string]string{"ANALYTICS_DEBUG_ADDR": "6060"}, wantErr: "ANALYTICS_DEBUG_ADDR"},
		{name: "bad boolean", env: map[string]string{"ANALYTICS_DEMO": "yes please"}, wantErr: "ANALYTICS_DEMO"},
		{name: "flag wins over env", env: map[string]string{"ANALYTICS_ADDR": "bad"}, args: []string{"--addr", "127.0.0.1:9000"}},
		{name: "boolean flag without value", args: []string{"--demo"}},
		{name: "known workers", args: []string{"--only", "query,webhook"}},
		{name: "embedded broker on loopback", env: map[string]string{"ANALYTICS_NATS_LISTEN": "[::1]:0"}},
		{name: "embedded broker never on a public address", env: map[string]string{"ANALYTICS_NATS_LISTEN": "0.0.0.0:4250"}, wantErr: "ANALYTICS_NATS_LISTEN"},
		{name: "external broker ignores the embedded address", env: map[string]string{"NATS_URL": "nats://u:p@nats:4222", "ANALYTICS_NATS_LISTEN": "0.0.0.0:4250"}},
		{name: "creds file must exist", env: map[string]string{"NATS_URL": "nats://nats:4222", "ANALYTICS_NATS_CREDS": "/nonexistent/service.creds"}, wantErr: "ANALYTICS_NATS_CREDS"},
		{name: "creds file needs an external broker", env: map[string]string{"ANALYTICS_NATS_CREDS": "/etc/hostname"}, wantErr: "NATS_URL"},
		{name: "unknown worker", args: []string{"--only", "query,reporting"}, wantErr: "reporting"},
		{name: "trusted proxies", env: map[string]string{"ANALYTICS_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.10,fd00::/8"}},
		{name: "bad trusted proxy", env: map[string]string{"ANALYTICS_TRUSTED_PROXIES": "10.0.0.0/8,proxy.internal"}, wantErr: "ANALYTICS_TRUSTED_PROXIES"},
		{name: "bad data source allow-private", env: map[string]string{"ANALYTICS_DATASOURCE_ALLOW_PRIVATE": "maybe"}, wantErr: "ANALYTICS_DATASOURCE_ALLOW_PRIVATE"},
		{name: "bad llm allow-private", env: map[string]string{"ANALYTICS_LLM_ALLOW_PRIVATE": "sure"}, wantErr: "ANALYTICS_LLM_ALLOW_PRIVATE"},
		{name: "bad refresh timeout", env: map[string]string{"ANALYTICS_SCHEMA_REFRESH_TIMEOUT": "-1s"}, wantErr: "ANALYTICS_SCHEMA_REFRESH_TIMEOUT"},
		{name: "bad refresh cap", env: map[string]string{"ANALYTICS_SCHEMA_REFRESH_PER_ORG": "0"}, wantErr: "ANALYTICS_SCHEMA_REFRESH_PER_ORG"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			cfg, err := LoadConfig(fs, c.args, func(k string) string { return c.env[k] })
			if c.wantErr == "" && err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("error %v, want one naming %s", err, c.wantErr)
			}
			if c.name == "defaults" && (cfg.DataSourceAllowPrivate || cfg.LLMAllowPrivate || cfg.SchemaRefreshPerOrg != 2) {
				t.Fatalf("private addresses must be refused by default: %+v", cfg)
			}
			if c.name == "boolean flag without value" && !cfg.Demo {
				t.Fatal("--demo did not turn the demo on")
			}
		})
	}
}

func TestTheLoggedConfigurationHidesSecrets(t *testing.T) {
	var b strings.Builder
	log := slog.New(slog.NewJSONHandler(&b, nil))
	cfg := Config{SecretKey: "super-secret-key-0123456789-abcdefgh", DatabaseURL: "postgres://app:hunter2@db/x",
		OpenAIKey: "sk-live-123", SMTPURL: "smtp://mail:pw123@smtp.example.com:587",
		NATSURL: "nats://svc:natspw1@nats-1:4222,nats://svc:natspw2@nats-2:4222,nats://tok3n-secret@nats-3:4222"}
	log.Info("starting", "config", cfg)
	for _, secret := range []string{"super-secret", "hunter2", "sk-live-123", "pw123", "natspw1", "natspw2", "tok3n-secret"} {
		if strings.Contains(b.String(), secret) {
			t.Errorf("logged configuration contains %q: %s", secret, b.String())
		}
	}
}
