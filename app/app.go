package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/api"
	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/mail"
	"github.com/analytics-agent/service/metrics"
	"github.com/analytics-agent/service/netguard"
	"github.com/analytics-agent/service/nlq/guard"
	"github.com/analytics-agent/service/nlq/llm"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/secretbox"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/templates"
	"github.com/analytics-agent/service/tracing"
	"github.com/analytics-agent/service/web/console"
	"github.com/analytics-agent/service/workers/webhook"
)

// Role selects what a process runs.
type Role struct {
	API     bool
	Workers bool
	// Migrate applies migrations at start (serve does; api and worker expect `analytics migrate`
	// to have run, but applying them is safe thanks to the migration lock).
	Migrate bool
}

// Options are the knobs tests turn; production uses the zero value.
type Options struct {
	// BruteForce overrides the login throttling policy.
	BruteForce *auth.BruteForcePolicy
	// Listener, when set, is used instead of listening on Config.Addr.
	Listener net.Listener
}

// App is one running process.
type App struct {
	Cfg   Config
	Log   *slog.Logger
	Store *store.Store
	NC    *nats.Conn
	JS    jetstream.JetStream
	Keys  *secretbox.Keys
	Auth  *auth.Service
	// Sources manages data sources; Planner turns questions into guarded SQL.
	Sources *sources.Service
	Planner *queries.Planner
	Watcher *queries.Watcher
	Engines *queries.Engines
	// Runner answers questions (the query worker's pipeline); Local runs the questions this
	// process accepts in this process when it serves the API and the query worker both.
	Runner *queries.Runner
	Local  *queries.Local
	// Webhooks manages webhooks and runs their delivery worker.
	Webhooks *webhook.Service
	// Billing runs plans, quotas, rate limits and payments.
	Billing *billing.Service
	// Metrics is what GET /metrics serves.
	Metrics *metrics.Metrics
	// Templates owns templates, executions and schedules; Mail sends their reports.
	Templates *templates.Service
	Mail      *mail.Sender
	// NATSURL is the broker this process uses (the embedded server's address when embedded,
	// with its credential: do not log it unredacted).
	NATSURL string

	embedded    *server.Server
	stopTracing func(context.Context) error
	relay       *events.Relay
	role        Role
	opts        Options
	handler     http.Handler
	mu          sync.Mutex // guards stoppers
	stoppers    []func()
}

// New connects to the database and the broker (starting the embedded ones when no URL is set),
// applies migrations when asked, and wires the services.
func New(ctx context.Context, cfg Config, log *slog.Logger, role Role, opts Options) (*App, error) {
	log = slog.New(tracing.LogHandler(log.Handler())) // records logged with a span's context carry its trace id
	a := &App{Cfg: cfg, Log: log, role: role, opts: opts}
	ok := false
	defer func() {
		if !ok {
			a.closeResources()
		}
	}()
	keys, err := secretbox.New(cfg.SecretKey)
	if err != nil {
		return nil, err
	}
	a.Keys = keys
	if err := a.setupTracing(ctx); err != nil {
		return nil, err
	}

	a.Store, err = store.Open(ctx, cfg.DatabaseURL, cfg.SQLitePath())
	if err != nil {
		return nil, err
	}
	if role.Migrate {
		if err := a.Store.Migrate(ctx, log); err != nil {
			return nil, err
		}
	}

	natsURL := cfg.NATSURL
	if natsURL == "" {
		if a.embedded, natsURL, err = startEmbeddedBroker(cfg); err != nil {
			return nil, err
		}
		log.Info("embedded nats started", "url", events.RedactURL(natsURL))
	}
	a.NATSURL = natsURL
	var natsOpts []nats.Option
	if cfg.NATSCreds != "" {
		natsOpts = append(natsOpts, nats.UserCredentials(cfg.NATSCreds))
	}
	a.NC, err = events.Connect(natsURL, "analytics", log, natsOpts...)
	if err != nil {
		return nil, err
	}
	// Async publishes (the outbox relay) time out in the client too, so the futures of acks
	// that never come are released instead of filling the client's pending limit.
	a.JS, err = jetstream.New(a.NC, jetstream.WithPublishAsyncTimeout(events.PublishAckTimeout))
	if err != nil {
		return nil, fmt.Errorf("jetstream: %w", err)
	}
	streamCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	replicas := cfg.StreamReplicas
	if cfg.NATSURL == "" {
		replicas = 1 // the embedded server is a single node
	}
	if err := events.EnsureStreams(streamCtx, a.JS, events.StreamOptions{EventsMaxAge: cfg.EventsMaxAge, Replicas: replicas}); err != nil {
		return nil, err
	}

	a.relay = events.NewRelay(a.Store, a.NC, a.JS, log.With("component", "outbox-relay"))
	a.Store.OnOutboxCommit(a.relay.Notify)

	if a.Billing, err = a.newBilling(); err != nil {
		return nil, err
	}
	authOpts := auth.Options{DefaultPlan: cfg.DefaultPlan, OnRegister: a.Billing.OnRegister}
	if opts.BruteForce != nil {
		authOpts.BruteForce = *opts.BruteForce
	}
	a.Auth = auth.NewService(a.Store, keys, authOpts)
	a.Sources = a.newSources(keys)
	llmCfg := llm.Config{Provider: cfg.LLMProvider, Model: cfg.LLMModel, BaseURL: cfg.LLMBaseURL, APIKey: cfg.llmKey()}
	if cfg.LLMProvider != "none" {
		if _, err := llm.New(llmCfg); err != nil {
			return nil, fmt.Errorf("language model configuration: %w", err)
		}
	}
	llmGuard := netguard.New(cfg.LLMAllowPrivate, a.reservedEndpoints()...)
	a.Engines = queries.NewEngines(a.Store, keys, llmCfg, llmGuard)
	a.Engines.GateLLM(func(ctx context.Context, orgID string) bool {
		return a.Billing.HasFeature(ctx, orgID, billing.FeatureAIInsights)
	})
	a.Planner = queries.NewPlanner(a.Store, a.Sources, a.Engines.ForOrganization)
	// The SQL parsers are WebAssembly modules compiled on first use; do it now, not on the
	// first question.
	go guard.Warm()
	a.Watcher = queries.NewWatcher(a.NC)
	a.Metrics = a.newMetrics()
	a.Webhooks, err = webhook.New(webhook.Options{Store: a.Store, Keys: keys, JS: a.JS, NC: a.NC, Log: log,
		RetryDelays: cfg.WebhookRetryDelays, Timeout: cfg.WebhookTimeout, AllowPrivate: cfg.WebhookAllowPrivate,
		Reserved: a.reservedEndpoints(), Observe: a.Metrics.WebhookAttempt})
	if err != nil {
		return nil, err
	}
	if err := a.wireTemplates(); err != nil {
		return nil, err
	}
	// Questions that match a template's example questions run the template (docs/templates.md).
	a.Planner.WithTemplates(a.Templates, log.With("component", "planner"))
	a.Runner = queries.NewRunner(a.Store, a.Planner, a.Sources, a.Watcher.Notify).WithObserver(a.observeQuestion).WithLogger(log.With("component", "queries"))
	if role.API && a.runsWorker("query") && !cfg.BrokerQueries {
		a.Local = queries.NewLocal(a.Runner, a.Store, log.With("component", "local-queries"), queries.LocalOptions{})
	}
	a.handler = api.NewRouter(api.Deps{
		Log: log, Auth: a.Auth, Store: a.Store, Sources: a.Sources, Planner: a.Planner, Watcher: a.Watcher, LocalQueries: a.Local, Keys: keys, SQLiteDir: cfg.SQLiteDir,
		Webhooks: a.Webhooks, LLMGuard: llmGuard, TrustedProxies: cfg.TrustedProxies, Templates: a.Templates, Billing: a.Billing,
		Console: console.Handler(), Metrics: a.Metrics, MetricsToken: cfg.MetricsToken,
		Checks: map[string]func(context.Context) error{
			"database": a.Store.Ping,
			"broker": func(context.Context) error {
				if !a.NC.IsConnected() {
					return errors.New("not connected")
				}
				return nil
			},
		},
	})
	ok = true
	return a, nil
}

// Handler is the HTTP API.
func (a *App) Handler() http.Handler { return a.handler }

// Run serves until ctx is done, then shuts down in order: stop accepting, finish in-flight
// requests, stop workers after their in-flight messages, flush the outbox, close connections.
func (a *App) Run(ctx context.Context) error {
	var ln net.Listener
	if a.role.API {
		ln = a.opts.Listener
		if ln == nil {
			var err error
			if ln, err = net.Listen("tcp", a.Cfg.Addr); err != nil {
				a.closeResources()
				return fmt.Errorf("listen on %s: %w", a.Cfg.Addr, err)
			}
		}
	}

	relayCtx, stopRelay := context.WithCancel(context.WithoutCancel(ctx))
	var relayDone sync.WaitGroup
	relayDone.Add(1)
	go func() { defer relayDone.Done(); a.relay.Run(relayCtx) }()

	debugCtx, stopDebug := context.WithCancel(ctx)
	defer stopDebug()
	go a.serveDebug(debugCtx)

	workersCtx, stopStarting := context.WithCancel(context.WithoutCancel(ctx))
	var starting sync.WaitGroup
	if a.role.Workers {
		starting.Add(1)
		go func() { defer starting.Done(); a.runWorkers(workersCtx) }()
	}

	var srv *http.Server
	errc := make(chan error, 1)
	if ln != nil {
		srv = &http.Server{Handler: a.handler, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
		a.Log.Info("http api listening", "addr", ln.Addr().String())
		go func() {
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- err
			}
		}()
	}

	var runErr error
	select {
	case <-ctx.Done():
	case runErr = <-errc:
	}
	a.Log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), a.Cfg.ShutdownTimeout)
	defer cancel()
	if srv != nil {
		if err := srv.Shutdown(shutdownCtx); err != nil {
			a.Log.Warn("http shutdown", "err", err)
		}
	}
	stopStarting()
	starting.Wait()
	a.stopWorkers()
	if a.Local != nil {
		// Questions accepted here get a grace to finish; past it their commands go to the
		// broker. The workers are stopped first, so it is another process that answers them.
		a.Local.Stop(a.Cfg.ShutdownTimeout / 2)
	}
	stopRelay() // after the workers, so what they wrote last is still published
	relayDone.Wait()
	a.closeResources()
	a.Log.Info("stopped")
	return runErr
}

func (a *App) closeResources() {
	if a.NC != nil {
		_ = a.NC.Drain()
		for i := 0; i < 50 && !a.NC.IsClosed(); i++ {
			time.Sleep(20 * time.Millisecond)
		}
		a.NC.Close()
	}
	if a.embedded != nil {
		a.embedded.Shutdown()
		a.embedded.WaitForShutdown()
	}
	if a.Sources != nil {
		a.Sources.Manager().CloseAll()
	}
	if a.Store != nil {
		_ = a.Store.Close()
	}
	if a.stopTracing != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = a.stopTracing(ctx) // flushes the last spans
	}
}

// startEmbeddedBroker starts the embedded NATS on the loopback address of ANALYTICS_NATS_LISTEN,
// with the password generated once into the data dir (which `analytics events` reads).
func startEmbeddedBroker(cfg Config) (*server.Server, string, error) {
	pw, err := events.EnsureEmbeddedPassword(cfg.DataDir)
	if err != nil {
		return nil, "", err
	}
	srv, url, err := events.StartEmbedded(events.EmbeddedOptions{
		StoreDir: filepath.Join(cfg.DataDir, "nats"), Listen: cfg.NATSListen, User: events.EmbeddedUser, Password: pw})
	var le *events.ListenError
	if errors.As(err, &le) {
		return nil, "", fmt.Errorf("%w: port %s is taken; set ANALYTICS_NATS_LISTEN (--nats-listen) to a free loopback address such as 127.0.0.1:0, or NATS_URL to use an external broker", err, portOf(le.Addr))
	}
	return srv, url, err
}

func portOf(addr string) string {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return port
}
