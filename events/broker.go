package events

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	neturl "net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
// the outbox holds what it would publish. Credentials come from the URL (nats://user:pass@host or
// nats://token@host) and from extra options such as nats.UserCredentials.
func Connect(url, name string, log *slog.Logger, extra ...nats.Option) (*nats.Conn, error) {
	opts := []nats.Option{
		nats.Name(name),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.RetryOnFailedConnect(true),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				log.Warn("nats disconnected", "err", err)
			}
		}),
		nats.ReconnectHandler(func(c *nats.Conn) { log.Info("nats reconnected", "url", c.ConnectedUrlRedacted()) }),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
			log.Warn("nats error", "err", err)
		}),
	}
	opts = append(opts, URLCredentials(url)...)
	nc, err := nats.Connect(url, append(opts, extra...)...)
	if err != nil {
		return nil, fmt.Errorf("connect to nats: %w", err)
	}
	return nc, nil
}

// URLCredentials repeats the credential of the first URL that carries one as a connection option:
// nats.go uses a URL's user info only for that URL, and cluster members learned from the server
// (after a reconnect, say) would otherwise be dialled without any credential.
func URLCredentials(urls string) []nats.Option {
	for _, part := range strings.Split(urls, ",") {
		u, err := neturl.Parse(strings.TrimSpace(part))
		if err != nil || u.User == nil {
			continue
		}
		if pass, ok := u.User.Password(); ok {
			return []nats.Option{nats.UserInfo(u.User.Username(), pass)}
		}
		return []nats.Option{nats.Token(u.User.Username())}
	}
	return nil
}

// RedactURL hides the passwords and tokens of a comma-separated NATS URL list, for logs.
func RedactURL(urls string) string {
	parts := strings.Split(urls, ",")
	for i, part := range parts {
		u, err := neturl.Parse(strings.TrimSpace(part))
		if err != nil {
			parts[i] = "[redacted]"
			continue
		}
		if u.User != nil {
			if _, ok := u.User.Password(); ok {
				u.User = neturl.UserPassword(u.User.Username(), "redacted")
			} else {
				u.User = neturl.User("redacted")
			}
		}
		parts[i] = u.String()
	}
	return strings.Join(parts, ",")
}

// EmbeddedUser is the one user of the embedded server.
const EmbeddedUser = "analytics"

// EmbeddedPasswordFile is where, in the data dir, the embedded server's password is kept so that
// `analytics events` on the same machine can connect to a running `analytics serve`.
const EmbeddedPasswordFile = "nats.password"

// EnsureEmbeddedPassword reads the embedded server's password from the data dir, generating it
// there once (mode 0600, like secret.key).
func EnsureEmbeddedPassword(dataDir string) (string, error) {
	if pw, err := ReadEmbeddedPassword(dataDir); err == nil || !errors.Is(err, os.ErrNotExist) {
		return pw, err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return "", fmt.Errorf("create data dir: %w", err)
	}
	pw := randomSecret()
	path := filepath.Join(dataDir, EmbeddedPasswordFile)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) { // another process of the same data dir won the race
		return ReadEmbeddedPassword(dataDir)
	}
	if err != nil {
		return "", fmt.Errorf("write embedded nats password: %w", err)
	}
	defer f.Close()
	if _, err := f.WriteString(pw + "\n"); err != nil {
		return "", fmt.Errorf("write embedded nats password: %w", err)
	}
	return pw, nil
}

// ReadEmbeddedPassword reads the password EnsureEmbeddedPassword generated; the error wraps
// os.ErrNotExist when there is none yet.
func ReadEmbeddedPassword(dataDir string) (string, error) {
	path := filepath.Join(dataDir, EmbeddedPasswordFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("read embedded nats password: %w", err)
	}
	pw := strings.TrimSpace(string(b))
	if len(pw) < 16 {
		return "", fmt.Errorf("%s is shorter than 16 characters; delete it to generate a new one", path)
	}
	return pw, nil
}

// randomSecret is 32 hex characters: URL-safe, so it can sit in a nats:// URL unescaped.
func randomSecret() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// EmbeddedOptions configures the in-process nats-server of the embedded default.
type EmbeddedOptions struct {
	StoreDir string
	// Listen is a loopback host:port; port 0 picks a free one. Empty means in-process only.
	Listen string
	// User and Password are required of every client; an empty Password gets a random one for
	// this run. The URL StartEmbedded returns carries them.
	User, Password string
}

// ListenError is returned by StartEmbedded when its address cannot be listened on (a port taken
// by another process, most often).
type ListenError struct {
	Addr string
	Err  error
}

func (e *ListenError) Error() string {
	return fmt.Sprintf("embedded nats cannot listen on %s: %v", e.Addr, e.Err)
}
func (e *ListenError) Unwrap() error { return e.Err }

// StartEmbedded starts a JetStream-enabled nats-server in this process and returns it with the
// URL clients use, credential included. It listens on loopback only and requires the credential:
// on a shared host, another local user must not be able to read or forge events and commands.
func StartEmbedded(o EmbeddedOptions) (*server.Server, string, error) {
	opts := &server.Options{
		ServerName: "analytics-embedded", JetStream: true, StoreDir: o.StoreDir,
		NoSigs: true, NoLog: true, MaxPayload: 8 << 20,
	}
	if o.User == "" {
		o.User = EmbeddedUser
	}
	if o.Password == "" {
		o.Password = randomSecret()
	}
	opts.Username, opts.Password = o.User, o.Password
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
		if !IsLoopbackHost(host) {
			return nil, "", fmt.Errorf("embedded nats listen address %q: only loopback (127.0.0.1, ::1, localhost) is allowed; run a NATS cluster and set NATS_URL to share the broker between machines", o.Listen)
		}
		// nats-server reports a taken port only to its log and then never becomes ready; try
		// the address first to answer at once and say which one.
		if port != 0 {
			ln, err := net.Listen("tcp", o.Listen)
			if err != nil {
				return nil, "", &ListenError{Addr: o.Listen, Err: err}
			}
			_ = ln.Close()
		} else {
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
		return nil, "", fmt.Errorf("embedded nats did not become ready on %s (is the port in use?)", o.Listen)
	}
	if o.Listen == "" {
		return s, "", nil
	}
	u, err := neturl.Parse(s.ClientURL())
	if err != nil {
		s.Shutdown()
		return nil, "", fmt.Errorf("embedded nats url: %w", err)
	}
	u.User = neturl.UserPassword(o.User, o.Password)
	return s, u.String(), nil
}

// IsLoopbackHost reports whether host names this machine only.
func IsLoopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
