package localcluster

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx" to create the cluster's database
)

// State is what `cluster up` leaves in Dir/state.json for `cluster down`, tests and operators.
type State struct {
	URL          string `json:"url"` // the load balancer
	DatabaseURL  string `json:"database_url"`
	DatabaseName string `json:"database_name"`
	PGMode       string `json:"pg_mode"`
	ServerURL    string `json:"server_url,omitempty"`
	NATSURL      string `json:"nats_url"`
	// SecretKey is generated per cluster; it never leaves Dir (mode 0600).
	SecretKey string `json:"secret_key"`
	// NATSVars are the values given to variables that nats.conf references.
	NATSVars map[string]string `json:"nats_vars,omitempty"`
	DataDir  string            `json:"data_dir"`
}

// Cluster is a running topology.
type Cluster struct {
	Cfg   Config
	State State

	NATS     []*Process
	APIs     []*Process
	Workers  []*Process
	LB       *Process
	natsUser *url.Userinfo // the app processes' NATS user, when nats.conf has authorization
	// links[i][j] carries node i's route to node j when Cfg.RouteProxies is set.
	links [][]*Link
}

// Paths of the binaries, built by Build.
func (c *Cluster) bin(name string) string { return filepath.Join(c.Cfg.Root, "bin", name) }

// Build compiles analytics, nats-server (the version in go.mod) and cluster into Root/bin.
func Build(ctx context.Context, root string) error {
	for _, b := range [][2]string{
		{"analytics", "./cmd/analytics"},
		{"nats-server", "github.com/nats-io/nats-server/v2"},
		{"cluster", "./cmd/cluster"},
	} {
		cmd := exec.CommandContext(ctx, "go", "build", "-o", filepath.Join("bin", b[0]), b[1])
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("go build %s: %w\n%s", b[1], err, out)
		}
	}
	return nil
}

// New prepares the processes of the topology without starting anything.
func New(cfg Config) *Cluster {
	c := &Cluster{Cfg: cfg}
	c.State.DataDir = filepath.Join(cfg.Dir, "app")
	return c
}

// Up starts everything in dependency order, as compose does, and waits until the load balancer
// and every API answer /readyz.
func Up(ctx context.Context, cfg Config, logf func(string, ...any)) (*Cluster, error) {
	if _, err := os.Stat(filepath.Join(cfg.Dir, "state.json")); err == nil {
		if stopped := stopByPIDFiles(cfg.Dir, 5*time.Second); len(stopped) > 0 {
			logf("stopped leftovers of an earlier run: %s", strings.Join(stopped, ", "))
		}
	}
	if err := os.RemoveAll(cfg.Dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	c := New(cfg)
	if err := os.MkdirAll(filepath.Join(c.State.DataDir, "files"), 0o755); err != nil {
		return nil, err
	}
	c.State.SecretKey = randomHex(24)
	c.State.PGMode = cfg.PGMode
	c.State.URL = fmt.Sprintf("http://127.0.0.1:%d", cfg.LBPort)
	ok := false
	defer func() {
		if !ok {
			c.Down(logf)
		}
	}()

	logf("postgres (%s)", cfg.PGMode)
	if err := c.startPostgres(ctx); err != nil {
		return nil, err
	}
	logf("nats: 3 nodes")
	if err := c.startNATS(ctx); err != nil {
		return nil, err
	}
	if err := c.saveState(); err != nil {
		return nil, err
	}
	logf("migrate")
	mig := c.appProcess("migrate", "migrate", -1)
	if err := mig.Start(); err != nil {
		return nil, err
	}
	select {
	case <-mig.done:
		_ = os.Remove(mig.pidPath())
		if mig.cmd.ProcessState.ExitCode() != 0 {
			return nil, fmt.Errorf("migrate failed; see %s", mig.LogPath())
		}
	case <-time.After(2 * time.Minute):
		return nil, errors.New("migrate did not finish in 2 minutes")
	}
	for i := 0; i < cfg.APIs; i++ {
		p := c.appProcess(fmt.Sprintf("api-%d", i+1), "api", i)
		c.APIs = append(c.APIs, p)
	}
	for i := 0; i < cfg.Workers; i++ {
		c.Workers = append(c.Workers, c.appProcess(fmt.Sprintf("worker-%d", i+1), "worker", cfg.APIs+i))
	}
	logf("api x%d, worker x%d", cfg.APIs, cfg.Workers)
	// The first API seeds the demo organization (as `serve --demo` does) before the others start,
	// so two processes do not race to create it.
	if err := c.APIs[0].Start(); err != nil {
		return nil, err
	}
	if err := c.waitHTTP(ctx, c.APIURL(0)+"/readyz", 3*time.Minute, c.APIs[0]); err != nil {
		return nil, err
	}
	for _, p := range append(c.APIs[1:], c.Workers...) {
		if err := p.Start(); err != nil {
			return nil, err
		}
	}
	var targets []string
	for i := range c.APIs {
		targets = append(targets, c.APIURL(i))
	}
	c.LB = &Process{Name: "lb", Path: c.bin("cluster"), dir: cfg.Dir, Env: os.Environ(),
		Args: []string{"lb", "--dir", cfg.Dir, "--listen", fmt.Sprintf("127.0.0.1:%d", cfg.LBPort), "--backends", strings.Join(targets, ",")}}
	if err := c.LB.Start(); err != nil {
		return nil, err
	}
	logf("waiting for /readyz of every API and the load balancer")
	for i, p := range c.APIs {
		if err := c.waitHTTP(ctx, c.APIURL(i)+"/readyz", 2*time.Minute, p); err != nil {
			return nil, err
		}
	}
	for i, p := range c.Workers {
		if err := c.waitHTTP(ctx, c.DebugURL(cfg.APIs+i)+"/debug/runtime", time.Minute, p); err != nil {
			return nil, err
		}
	}
	if err := c.waitHTTP(ctx, c.State.URL+"/readyz", time.Minute, c.LB); err != nil {
		return nil, err
	}
	if err := c.saveState(); err != nil {
		return nil, err
	}
	ok = true
	return c, nil
}

// APIURL is the base URL of API i (0-based).
func (c *Cluster) APIURL(i int) string { return fmt.Sprintf("http://127.0.0.1:%d", c.Cfg.APIPort+i) }

// DebugURL is the debug listener of app process i: APIs first, then workers.
func (c *Cluster) DebugURL(i int) string {
	return fmt.Sprintf("http://127.0.0.1:%d", c.Cfg.DebugPort+i)
}

// MonitorURL is NATS node i's monitoring endpoint.
func (c *Cluster) MonitorURL(i int) string {
	return fmt.Sprintf("http://127.0.0.1:%d", c.Cfg.MonitorPort+i)
}

// appProcess is an analytics process; slot numbers its API and debug ports (-1: none).
func (c *Cluster) appProcess(name, command string, slot int) *Process {
	env := append(os.Environ(),
		"DATABASE_URL="+c.State.DatabaseURL,
		"NATS_URL="+c.State.NATSURL,
		"ANALYTICS_STREAM_REPLICAS=3",
		"ANALYTICS_SECRET_KEY="+c.State.SecretKey,
		"ANALYTICS_DATA_DIR="+c.State.DataDir,
		"ANALYTICS_SQLITE_DIR="+filepath.Join(c.State.DataDir, "files"),
		// The cluster runs on loopback, and so do the webhook receivers people test it with.
		"ANALYTICS_WEBHOOK_ALLOW_PRIVATE=true",
		"ANALYTICS_DEMO=false",
		// Load and fault runs go through the demo organization: scale, with room above their
		// request rate (growth's 60 requests a minute would refuse most of it).
		"ANALYTICS_DEMO_PLAN=scale",
		"ANALYTICS_ENTERPRISE_RATE_PER_MINUTE=1000000",
		"ANALYTICS_ENTERPRISE_RATE_PER_DAY=100000000",
	)
	if os.Getenv("ANALYTICS_LOG_LEVEL") == "" {
		env = append(env, "ANALYTICS_LOG_LEVEL=warn")
	}
	if slot >= 0 {
		env = append(env, fmt.Sprintf("ANALYTICS_DEBUG_ADDR=127.0.0.1:%d", c.Cfg.DebugPort+slot))
	}
	if command == "api" {
		env = append(env, fmt.Sprintf("ANALYTICS_ADDR=127.0.0.1:%d", c.Cfg.APIPort+slot))
		if slot == 0 {
			env = append(env, "ANALYTICS_DEMO=true")
		}
	}
	for k, v := range c.State.NATSVars {
		env = append(env, k+"="+v)
	}
	for k, v := range c.Cfg.AppEnv {
		env = append(env, k+"="+v)
	}
	return &Process{Name: name, Path: c.bin("analytics"), Args: []string{command}, Env: env, dir: c.Cfg.Dir}
}

func (c *Cluster) startPostgres(ctx context.Context) error {
	switch c.Cfg.PGMode {
	case "private":
		if err := c.initPrivatePostgres(ctx); err != nil {
			return err
		}
		c.State.ServerURL = fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.Cfg.PGPort)
	default:
		c.State.ServerURL = c.Cfg.ServerURL
	}
	c.State.DatabaseName = "analytics_cluster_" + randomHex(4)
	admin, err := sql.Open("pgx", c.State.ServerURL)
	if err != nil {
		return err
	}
	defer admin.Close()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+c.State.DatabaseName); err != nil {
		return fmt.Errorf("create database on %s: %w", redact(c.State.ServerURL), err)
	}
	u, err := url.Parse(c.State.ServerURL)
	if err != nil {
		return err
	}
	u.Path = "/" + c.State.DatabaseName
	c.State.DatabaseURL = u.String()
	return nil
}

func (c *Cluster) pgDataDir() string { return filepath.Join(c.Cfg.Dir, "pg") }

// pgCtl runs pg_ctl as the postgres user (PostgreSQL refuses to run as root). Output goes to a
// file, not a pipe: the server pg_ctl starts inherits the descriptors and would hold a pipe open.
func (c *Cluster) pgCtl(ctx context.Context, args ...string) error {
	name := filepath.Join(c.Cfg.PGBin, args[0])
	cmdArgs := args[1:]
	var cmd *exec.Cmd
	if os.Geteuid() == 0 {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", "postgres", "--", name}, cmdArgs...)...)
	} else {
		cmd = exec.CommandContext(ctx, name, cmdArgs...)
	}
	out, err := os.CreateTemp("", "cluster-pgctl-*.log")
	if err != nil {
		return err
	}
	defer os.Remove(out.Name())
	defer out.Close()
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Run(); err != nil {
		b, _ := os.ReadFile(out.Name())
		return fmt.Errorf("%s %s: %w\n%s", args[0], strings.Join(cmdArgs, " "), err, b)
	}
	return nil
}

func (c *Cluster) initPrivatePostgres(ctx context.Context) error {
	dir := c.pgDataDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if os.Geteuid() == 0 {
		if err := exec.Command("chown", "-R", "postgres:postgres", dir).Run(); err != nil {
			return fmt.Errorf("chown %s: %w", dir, err)
		}
		_ = os.Chmod(c.Cfg.Dir, 0o755)
	}
	if err := c.pgCtl(ctx, "initdb", "-D", dir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"); err != nil {
		return err
	}
	return c.StartPostgres(ctx)
}

// StartPostgres starts the private PostgreSQL instance (PGMode private).
func (c *Cluster) StartPostgres(ctx context.Context) error {
	opts := fmt.Sprintf("-p %d -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off", c.Cfg.PGPort)
	return c.pgCtl(ctx, "pg_ctl", "-D", c.pgDataDir(), "-l", filepath.Join(c.pgDataDir(), "server.log"), "-o", opts, "-w", "-t", "60", "start")
}

// StopPostgres stops the private PostgreSQL instance (fast: clients are disconnected).
func (c *Cluster) StopPostgres(ctx context.Context) error {
	return c.pgCtl(ctx, "pg_ctl", "-D", c.pgDataDir(), "-m", "fast", "-w", "stop")
}

// RestartPostgres restarts the private PostgreSQL instance, like `pg_ctlcluster ... restart`.
func (c *Cluster) RestartPostgres(ctx context.Context) error {
	if c.Cfg.PGMode != "private" {
		return errors.New("only a private PostgreSQL (CLUSTER_PG=private) is restarted; the machine's is shared")
	}
	opts := fmt.Sprintf("-p %d -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off", c.Cfg.PGPort)
	return c.pgCtl(ctx, "pg_ctl", "-D", c.pgDataDir(), "-l", filepath.Join(c.pgDataDir(), "server.log"), "-m", "fast", "-o", opts, "-w", "-t", "60", "restart")
}

func (c *Cluster) startNATS(ctx context.Context) error {
	n := c.Cfg.Nodes
	routeAddr := func(j int) string { return fmt.Sprintf("127.0.0.1:%d", c.Cfg.RoutePort+j) }
	if c.Cfg.RouteProxies {
		c.links = make([][]*Link, n)
		for i := range c.links {
			c.links[i] = make([]*Link, n)
			for j := 0; j < n; j++ {
				if i == j {
					continue
				}
				l, err := NewLink(routeAddr(j))
				if err != nil {
					return err
				}
				c.links[i][j] = l
			}
		}
	}
	c.State.NATSVars = map[string]string{}
	var clientURLs []string
	for i := 0; i < n; i++ {
		var routes []string
		for j := 0; j < n; j++ {
			switch {
			case i == j:
			case c.links != nil:
				routes = append(routes, "nats-route://"+c.links[i][j].Addr())
			default:
				routes = append(routes, "nats-route://"+routeAddr(j))
			}
		}
		name := fmt.Sprintf("nats-%d", i+1)
		vars := map[string]string{}
		for k, v := range c.State.NATSVars {
			vars[k] = v
		}
		b, err := NodeConfig(filepath.Join(c.Cfg.Root, "nats.conf"), name, c.Cfg.NATSPort+i, c.Cfg.MonitorPort+i,
			c.Cfg.RoutePort+i, filepath.Join(c.Cfg.Dir, name), routes, vars)
		if err != nil {
			return err
		}
		for k, v := range vars {
			if k != "NATS_SERVER_NAME" {
				c.State.NATSVars[k] = v
			}
		}
		if pw, ok := ClientUser(b, c.Cfg.NATSUser); ok {
			c.natsUser = url.UserPassword(c.Cfg.NATSUser, pw)
		}
		confPath := filepath.Join(c.Cfg.Dir, name+".conf")
		if err := os.WriteFile(confPath, b, 0o600); err != nil {
			return err
		}
		c.NATS = append(c.NATS, &Process{Name: name, Path: c.bin("nats-server"), Args: []string{"-c", confPath}, Env: os.Environ(), dir: c.Cfg.Dir})
	}
	for i := 0; i < n; i++ {
		u := &url.URL{Scheme: "nats", Host: fmt.Sprintf("127.0.0.1:%d", c.Cfg.NATSPort+i), User: c.natsUser}
		clientURLs = append(clientURLs, u.String())
	}
	c.State.NATSURL = strings.Join(clientURLs, ",")
	for _, p := range c.NATS {
		if err := p.Start(); err != nil {
			return err
		}
	}
	for i, p := range c.NATS {
		if err := c.waitHTTP(ctx, c.MonitorURL(i)+"/healthz", 2*time.Minute, p); err != nil {
			return err
		}
	}
	return nil
}

// Partition cuts NATS node i off from the other nodes (both directions of every route).
func (c *Cluster) Partition(i int) error {
	if c.links == nil {
		return errors.New("partition needs Config.RouteProxies")
	}
	for j := range c.links {
		if j != i {
			c.links[i][j].Sever()
			c.links[j][i].Sever()
		}
	}
	return nil
}

// Heal undoes Partition.
func (c *Cluster) Heal(i int) {
	for j := range c.links {
		if j != i {
			c.links[i][j].Heal()
			c.links[j][i].Heal()
		}
	}
}

// waitHTTP waits until url answers 200, failing early when p exits.
func (c *Cluster) waitHTTP(ctx context.Context, url string, d time.Duration, p *Process) error {
	client := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if p != nil && p.cmd != nil && !p.Running() {
			return fmt.Errorf("%s exited while starting; see %s", p.Name, p.LogPath())
		}
		resp, err := client.Get(url)
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	name := "?"
	if p != nil {
		name = p.Name + " (log " + p.LogPath() + ")"
	}
	return fmt.Errorf("%s did not answer 200 within %s: %s", url, d, name)
}

// WaitReady waits until url answers 200 (used after restarts).
func (c *Cluster) WaitReady(ctx context.Context, url string, d time.Duration) error {
	return c.waitHTTP(ctx, url, d, nil)
}

func (c *Cluster) saveState() error {
	b, err := json.MarshalIndent(c.State, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(c.Cfg.Dir, "state.json"), b, 0o600)
}

// LoadState reads Dir/state.json of a running cluster.
func LoadState(dir string) (State, error) {
	var s State
	b, err := os.ReadFile(filepath.Join(dir, "state.json"))
	if err != nil {
		return s, err
	}
	return s, json.Unmarshal(b, &s)
}

// Down stops every process (load balancer and APIs first, NATS last), drops the database, and
// stops a private PostgreSQL. It works on a cluster started by another process, from Dir alone.
func (c *Cluster) Down(logf func(string, ...any)) {
	stopAll(c.Cfg, logf)
	for _, row := range c.links {
		for _, l := range row {
			if l != nil {
				l.Close()
			}
		}
	}
}

// DownDir is Down for a cluster known only by its directory (`cluster down`).
func DownDir(cfg Config, logf func(string, ...any)) { stopAll(cfg, logf) }

func stopAll(cfg Config, logf func(string, ...any)) {
	st, _ := LoadState(cfg.Dir)
	order := []string{"lb", "api-*", "worker-*", "migrate", "nats-*"}
	for _, pattern := range order {
		files, _ := filepath.Glob(filepath.Join(cfg.Dir, "pids", pattern+".pid"))
		for _, f := range files {
			name := strings.TrimSuffix(filepath.Base(f), ".pid")
			pid, err := readPID(f)
			if err != nil || !alive(pid) || !mentions(pid, cfg.Dir) {
				_ = os.Remove(f)
				continue
			}
			p := &Process{Name: name, dir: cfg.Dir}
			if err := p.Stop(30 * time.Second); err != nil {
				logf("stop %s: %v", name, err)
			} else {
				logf("stopped %s", name)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if st.DatabaseName != "" && st.ServerURL != "" && st.PGMode != "private" {
		if admin, err := sql.Open("pgx", st.ServerURL); err == nil {
			if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+st.DatabaseName+" WITH (FORCE)"); err != nil {
				logf("drop database %s: %v", st.DatabaseName, err)
			} else {
				logf("dropped database %s", st.DatabaseName)
			}
			admin.Close()
		}
	}
	if st.PGMode == "private" {
		c := New(cfg)
		if _, err := os.Stat(filepath.Join(c.pgDataDir(), "postmaster.pid")); err == nil {
			if err := c.StopPostgres(ctx); err != nil {
				logf("stop private postgres: %v", err)
			} else {
				logf("stopped private postgres")
			}
		}
	}
}

func redact(u string) string {
	if p, err := url.Parse(u); err == nil {
		return p.Redacted()
	}
	return "(unparsable url)"
}
