package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Stream names.
const (
	EventsStream   = "EVENTS"
	CommandsStream = "COMMANDS"
)

// StreamOptions configures the streams created at start.
type StreamOptions struct {
	// EventsMaxAge bounds how long events stay replayable (default 30 days).
	EventsMaxAge time.Duration
	// Replicas is 1 on the embedded server and 3 on a production cluster.
	Replicas int
	// DuplicateWindow is how long JetStream remembers Nats-Msg-Id values (default 2 minutes).
	DuplicateWindow time.Duration
}

// EnsureStreams creates or updates EVENTS (limits retention: replayable history) and COMMANDS
// (work-queue retention: each command is removed once a worker acknowledges it).
func EnsureStreams(ctx context.Context, js jetstream.JetStream, o StreamOptions) error {
	if o.EventsMaxAge == 0 {
		o.EventsMaxAge = 30 * 24 * time.Hour
	}
	if o.Replicas == 0 {
		o.Replicas = 1
	}
	if o.DuplicateWindow == 0 {
		o.DuplicateWindow = 2 * time.Minute
	}
	streams := []jetstream.StreamConfig{
		{
			Name: EventsStream, Description: "Domain events, replayable by organization and type",
			Subjects: []string{EventSubjectPrefix + ">"}, Retention: jetstream.LimitsPolicy,
			MaxAge: o.EventsMaxAge, Storage: jetstream.FileStorage, Replicas: o.Replicas,
			Duplicates: o.DuplicateWindow,
		},
		{
			Name: CommandsStream, Description: "Work for the workers",
			Subjects: []string{CommandSubjectPrefix + ">"}, Retention: jetstream.WorkQueuePolicy,
			Storage: jetstream.FileStorage, Replicas: o.Replicas, Duplicates: o.DuplicateWindow,
		},
	}
	for _, cfg := range streams {
		if _, err := js.CreateOrUpdateStream(ctx, cfg); err != nil {
			return fmt.Errorf("ensure stream %s: %w", cfg.Name, err)
		}
	}
	return nil
}

// Connect dials NATS with endless reconnects: while the broker is away the API keeps serving and
// the outbox holds what it would publish.
func Connect(url, name string, log *slog.Logger) (*nats.Conn, error) {
	nc, err := nats.Connect(url,
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250*time.Millisecond),
		nats.RetryOnFailedConnect(true),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				log.Warn("nats disconnected", "err", err)
			}
		}),
		nats.ReconnectHandler(func(c *nats.Conn) { log.Info("nats reconnected", "url", c.ConnectedUrlRedacted()) }),
	)
	if err != nil {
		return nil, fmt.Errorf("connect to nats: %w", err)
	}
	return nc, nil
}

// EmbeddedOptions configures the in-process nats-server of the embedded default.
type EmbeddedOptions struct {
	StoreDir string
	// Listen is host:port; port 0 picks a free one. Empty means in-process only.
	Listen string
}

// StartEmbedded starts a JetStream-enabled nats-server in this process and returns it with the
// URL clients use.
func StartEmbedded(o EmbeddedOptions) (*server.Server, string, error) {
	opts := &server.Options{
		ServerName: "analytics-embedded", JetStream: true, StoreDir: o.StoreDir,
		NoSigs: true, NoLog: true, MaxPayload: 8 << 20,
	}
	if o.Listen == "" {
		opts.DontListen = true
	} else {
		host, portStr, err := net.SplitHostPort(o.Listen)
		if err != nil {
			return nil, "", fmt.Errorf("embedded nats listen address %q: %w", o.Listen, err)
		}
		port, err := strconv.Atoi(portStr)
		if err != nil {
			return nil, "", fmt.Errorf("embedded nats listen port %q: %w", portStr, err)
		}
		if port == 0 {
			port = server.RANDOM_PORT
		}
		opts.Host, opts.Port = host, port
	}
	s, err := server.NewServer(opts)
	if err != nil {
		return nil, "", fmt.Errorf("embedded nats: %w", err)
	}
	s.Start()
	if !s.ReadyForConnections(15 * time.Second) {
		s.Shutdown()
		return nil, "", errors.New("embedded nats did not become ready (is the port in use?)")
	}
	if o.Listen == "" {
		return s, "", nil
	}
	return s, s.ClientURL(), nil
}
