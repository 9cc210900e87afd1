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
	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/nlq/guard"
	"github.com/analytics-agent/service/nlq/llm"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/secretbox"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
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
	// Webhooks manages webhooks and runs their delivery worker.
	Webhooks *webhook.Service
	// NATSURL is the broker this process uses (the embedded server's address when embedded).
	NATSURL string

	embedded *server.Server
	relay    *events.Relay
	role     Role
	opts     Options
	handler  http.Handler
	mu       sync.Mutex // guards stoppers
	stoppers []func()
}

// New connects to the database and the broker (starting the embedded ones when no URL is set),
// applies migrations when asked, and wires the services.
func New(ctx context.Context, cfg Config, log *slog.Logger, role Role, opts Options) (*App, error) {
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
		a.embedded, natsURL, err = events.StartEmbedded(events.EmbeddedOptions{
			StoreDir: filepath.Join(cfg.DataDir, "nats"), Listen: cfg.NATSListen})
		if err != nil {
			return nil, err
		}
		log.Info("embedded nats started", "url", natsURL)
	}
	a.NATSURL = natsURL
	a.NC, err = events.Connect(natsURL, "analytics", log)
	if err != nil {
		return nil, err
	}
	a.JS, err = jetstream.New(a.NC)
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

	authOpts := auth.Options{DefaultPlan: cfg.DefaultPlan}
	if opts.BruteForce != nil {
		authOpts.BruteForce = *opts.BruteForce
	}
	a.Auth = auth.NewService(a.Store, keys, authOpts)
	a.Sources = sources.NewService(a.Store, datasource.NewManager(datasource.ManagerOptions{SQLiteDir: cfg.SQLiteDir}), keys)
	llmCfg := llm.Config{Provider: cfg.LLMProvider, Model: cfg.LLMModel, BaseURL: cfg.LLMBaseURL, APIKey: cfg.llmKey()}
	if cfg.LLMProvider != "none" {
		if _, err := llm.New(llmCfg); err != nil {
			return nil, fmt.Errorf("language model configuration: %w", err)
		}
	}
	a.Engines = queries.NewEngines(a.Store, keys, llmCfg)
	a.Planner = queries.NewPlanner(a.Store, a.Sources, a.Engines.For)
	// The SQL parsers are WebAssembly modules compiled on first use; do it now, not on the
	// first question.
	go guard.Warm()
	a.Watcher = queries.NewWatcher(a.NC)
	a.Webhooks, err = webhook.New(webhook.Options{Store: a.Store, Keys: keys, JS: a.JS, NC: a.NC, Log: log,
		RetryDelays: cfg.WebhookRetryDelays, Timeout: cfg.WebhookTimeout, AllowPrivate: cfg.WebhookAllowPrivate})
	if err != nil {
		return nil, err
	}
	a.handler = api.NewRouter(api.Deps{
		Log: log, Auth: a.Auth, Store: a.Store, Sources: a.Sources, Planner: a.Planner, Watcher: a.Watcher, Keys: keys, SQLiteDir: cfg.SQLiteDir,
		Webhooks: a.Webhooks,
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
}
