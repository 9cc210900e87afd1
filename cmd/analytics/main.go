// Command analytics is the Analytics Agent Service: one binary whose subcommands run the API and
// workers together on an embedded default (serve), or separately (api, worker), apply migrations
// (migrate) and read the event stream (events tail|replay).
package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/workers/webhook"
)

const usage = `Usage: analytics <command> [flags]

Commands:
  serve     API and all workers in one process (embedded NATS and SQLite unless NATS_URL / DATABASE_URL)
  api       the HTTP API only (external Postgres and NATS)
  worker    the workers only (external Postgres and NATS)
  migrate   apply database migrations
  events    tail | replay the event stream (replay --to-webhook wh_... re-delivers to a webhook)
  org       set-limits ORG_ID [--per-minute N] [--per-day N] [--monthly-queries N] (operator overrides)

Run 'analytics <command> -h' for the flags of a command.
`

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "analytics:", err)
		}
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	return runContext(ctx, args, stdout, stderr)
}

// runContext runs a command until it ends or ctx is done (a signal, in main).
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("a command is required")
	}
	switch cmd, rest := args[0], args[1:]; cmd {
	case "serve":
		return runService(ctx, cmd, rest, stderr, app.Role{API: true, Workers: true, Migrate: true})
	case "api":
		return runService(ctx, cmd, rest, stderr, app.Role{API: true, Migrate: true})
	case "worker":
		return runService(ctx, cmd, rest, stderr, app.Role{Workers: true, Migrate: true})
	case "migrate":
		return runMigrate(ctx, rest, stderr)
	case "events":
		return runEvents(ctx, rest, stdout, stderr)
	case "org":
		return runOrg(ctx, rest, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

func loadConfig(name string, args []string, stderr io.Writer) (app.Config, *flag.FlagSet, error) {
	fs := flag.NewFlagSet("analytics "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg, err := app.LoadConfig(fs, args, os.Getenv)
	return cfg, fs, err
}

func newLogger(level string, w io.Writer) *slog.Logger {
	var l slog.Level
	_ = l.UnmarshalText([]byte(level))
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: l}))
}

func generateKey() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func runService(ctx context.Context, name string, args []string, stderr io.Writer, role app.Role) error {
	cfg, _, err := loadConfig(name, args, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg.LogLevel, stderr)
	if name != "serve" && (cfg.DatabaseURL == "" || cfg.NATSURL == "") {
		return fmt.Errorf("'analytics %s' runs against external services: set DATABASE_URL and NATS_URL (or use 'analytics serve')", name)
	}
	if name != "serve" && cfg.SecretKey == "" {
		return errors.New("ANALYTICS_SECRET_KEY is required when api and worker processes run separately (they must share it)")
	}
	if err := cfg.EnsureSecretKey(generateKey); err != nil {
		return err
	}
	log.Info("starting", "command", name, "config", cfg)
	a, err := app.New(ctx, cfg, log, role, app.Options{})
	if err != nil {
		return err
	}
	if cfg.Demo {
		if err := a.SeedDemo(ctx, os.Stdout); err != nil {
			log.Error("demo seed failed", "err", err)
		}
	}
	return a.Run(ctx)
}

func runMigrate(ctx context.Context, args []string, stderr io.Writer) error {
	cfg, _, err := loadConfig("migrate", args, stderr)
	if err != nil {
		return err
	}
	log := newLogger(cfg.LogLevel, stderr)
	st, err := store.Open(ctx, cfg.DatabaseURL, cfg.SQLitePath())
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Migrate(ctx, log); err != nil {
		return err
	}
	cur, latest, err := st.MigrationStatus(ctx)
	if err != nil {
		return err
	}
	log.Info("database is up to date", "dialect", st.Dialect(), "version", cur, "latest", latest)
	return nil
}

func runEvents(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || (args[0] != "tail" && args[0] != "replay") {
		return errors.New("usage: analytics events tail|replay [flags]")
	}
	sub := args[0]
	fs := flag.NewFlagSet("analytics events "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	typ := fs.String("type", "", "only events of this type")
	org := fs.String("org", "", "only events of this organization")
	since := fs.String("since", "", "RFC 3339 time or duration ago (24h); replay only")
	until := fs.String("until", "", "RFC 3339 time; replay only")
	natsURL := fs.String("nats-url", os.Getenv("NATS_URL"), "NATS to read from, credential included: nats://user:pass@host:4222 (env NATS_URL)")
	natsCreds := fs.String("nats-creds", os.Getenv("ANALYTICS_NATS_CREDS"), "NATS .creds file used with --nats-url (env ANALYTICS_NATS_CREDS)")
	listen := fs.String("nats-listen", envOr("ANALYTICS_NATS_LISTEN", "127.0.0.1:4250"), "embedded server address of a running 'analytics serve'")
	dataDir := fs.String("data-dir", envOr("ANALYTICS_DATA_DIR", "./data"), "data dir of the embedded default: its broker credential, or its stored events when no server runs")
	toWebhook := fs.String("to-webhook", "", "replay only: re-deliver the events to this webhook (wh_...) instead of printing them")
	databaseURL := fs.String("database-url", os.Getenv("DATABASE_URL"), "database of --to-webhook (env DATABASE_URL; SQLite in the data dir when empty)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *toWebhook != "" && sub != "replay" {
		return errors.New("--to-webhook works with replay only")
	}
	opts := events.ReadOptions{Type: *typ, OrgID: *org}
	if sub == "replay" {
		if *since == "" {
			return errors.New("replay needs --since (RFC 3339 time, or a duration such as 24h)")
		}
		t, err := parseWhen(*since)
		if err != nil {
			return fmt.Errorf("--since: %w", err)
		}
		opts.Since = t
		if *until != "" {
			if opts.Until, err = parseWhen(*until); err != nil {
				return fmt.Errorf("--until: %w", err)
			}
		}
	}
	js, closeFn, err := openEventStream(*natsURL, *natsCreds, *listen, *dataDir)
	if err != nil {
		return err
	}
	defer closeFn()
	enc := json.NewEncoder(stdout)
	print := func(ev events.StoredEvent) error {
		return enc.Encode(struct {
			OrganizationID string `json:"organization_id"`
			events.Envelope
		}{ev.OrganizationID, ev.Envelope})
	}
	if sub == "tail" {
		return events.Tail(ctx, js, opts, print)
	}
	if *toWebhook != "" {
		return replayToWebhook(ctx, js, *databaseURL, *dataDir, *toWebhook, opts, stdout)
	}
	return events.Replay(ctx, js, opts, print)
}

// replayToWebhook queues the stored events of the range for one webhook, like
// POST /api/webhooks/{id}/replay, then publishes the queued commands itself so they go out even
// when no service process is running to relay them.
func replayToWebhook(ctx context.Context, js jetstream.JetStream, databaseURL, dataDir, webhookID string, opts events.ReadOptions, stdout io.Writer) error {
	st, err := store.Open(ctx, databaseURL, filepath.Join(dataDir, "analytics.db"))
	if err != nil {
		return err
	}
	defer st.Close()
	w, err := st.WebhookAnyOrg(ctx, webhookID)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("webhook %s does not exist", webhookID)
	}
	if err != nil {
		return err
	}
	if opts.OrgID != "" && opts.OrgID != w.OrganizationID {
		return fmt.Errorf("webhook %s belongs to organization %s, not %s", webhookID, w.OrganizationID, opts.OrgID)
	}
	var types []string
	if opts.Type != "" {
		types = []string{opts.Type}
	}
	n, err := webhook.Replay(ctx, st, js, w, webhook.ReplayInput{Since: opts.Since, Until: opts.Until, Types: types})
	if err != nil {
		return err
	}
	nc := js.Conn()
	relayCtx, cancel := context.WithCancel(ctx)
	cancel() // Run makes its passes, then returns because the context is already done
	events.NewRelay(st, nc, js, slog.New(slog.NewTextHandler(io.Discard, nil))).Run(relayCtx)
	return json.NewEncoder(stdout).Encode(map[string]any{"webhook_id": w.ID, "organization_id": w.OrganizationID, "queued": n})
}

// openEventStream connects to NATS_URL, else to a running embedded server (with the credential
// it generated into the data dir), else starts the embedded server over the data dir to read what
// it stored.
func openEventStream(natsURL, natsCreds, listen, dataDir string) (jetstream.JetStream, func(), error) {
	url := natsURL
	var closeServer func()
	var opts []nats.Option
	if natsCreds != "" {
		if natsURL == "" {
			return nil, nil, errors.New("--nats-creds needs --nats-url (the embedded broker's credential is read from the data dir)")
		}
		opts = append(opts, nats.UserCredentials(natsCreds))
	}
	if url == "" {
		if reachable(listen) {
			pw, err := events.ReadEmbeddedPassword(dataDir)
			if err != nil {
				return nil, nil, fmt.Errorf("a broker runs on %s but its credential is not readable (use the --data-dir of 'analytics serve'): %w", listen, err)
			}
			url = "nats://" + events.EmbeddedUser + ":" + pw + "@" + listen
		} else {
			s, u, err := events.StartEmbedded(events.EmbeddedOptions{StoreDir: filepath.Join(dataDir, "nats"), Listen: "127.0.0.1:0"})
			if err != nil {
				return nil, nil, fmt.Errorf("no NATS running and the embedded store could not be opened: %w", err)
			}
			url, closeServer = u, func() { s.Shutdown(); s.WaitForShutdown() }
		}
	}
	// Fail fast on a wrong credential or address instead of retrying forever like the service.
	opts = append(opts, nats.Name("analytics-events-cli"), nats.MaxReconnects(-1))
	nc, err := nats.Connect(url, append(events.URLCredentials(url), opts...)...)
	if err != nil {
		if closeServer != nil {
			closeServer()
		}
		return nil, nil, fmt.Errorf("connect to nats %s: %w", events.RedactURL(url), err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, nil, err
	}
	return js, func() {
		nc.Close()
		if closeServer != nil {
			closeServer()
		}
	}, nil
}

func reachable(addr string) bool {
	c, err := netDial(addr)
	if err != nil {
		return false
	}
	_ = c.Close()
	return true
}

func parseWhen(s string) (time.Time, error) {
	if d, err := time.ParseDuration(s); err == nil {
		return time.Now().Add(-d), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is neither an RFC 3339 time nor a duration", s)
	}
	return t, nil
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
