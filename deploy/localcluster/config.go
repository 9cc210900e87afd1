// Package localcluster runs the production topology of docker-compose.yml from local processes on
// loopback ports: PostgreSQL, a 3-node NATS JetStream cluster configured from nats.conf, two
// `analytics api` and two `analytics worker` processes, and a small load balancer in front of the
// APIs. `make cluster` (cmd/cluster) and the fault tests (chaos/) both use it, so what the tests
// prove is what an operator starts.
package localcluster

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// Config places the topology. Every port is a base: node i (0-based) listens on base+i.
type Config struct {
	// Root is the repository (binaries in Root/bin, nats.conf at Root/nats.conf).
	Root string
	// Dir holds pids, logs, data and state.json (Root/data/cluster by default; gitignored).
	Dir string

	NATSPort    int // client ports, 3 nodes (CLUSTER_NATS_PORT, 14222)
	RoutePort   int // cluster route ports (CLUSTER_ROUTE_PORT, 16222)
	MonitorPort int // NATS monitoring /healthz, /jsz, /routez (CLUSTER_MONITOR_PORT, 18222)
	APIPort     int // 2 APIs (CLUSTER_API_PORT, 18081)
	LBPort      int // the load balancer, the cluster's URL (CLUSTER_LB_PORT, 18080)
	DebugPort   int // ANALYTICS_DEBUG_ADDR of api-1, api-2, worker-1, worker-2 (CLUSTER_DEBUG_PORT, 18091)

	// PGMode is "server": a fresh database on ServerURL's server (the machine's PostgreSQL), or
	// "private": an own PostgreSQL instance (initdb + pg_ctl) under Dir/pg on PGPort, which a
	// fault test may restart without disturbing anyone else (CLUSTER_PG, server).
	PGMode    string
	ServerURL string // CLUSTER_PG_URL, postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable
	PGPort    int    // CLUSTER_PG_PORT, 15432
	PGBin     string // CLUSTER_PG_BIN, /usr/lib/postgresql/15/bin

	// Nodes, APIs and Workers are the process counts (3, 2, 2).
	Nodes, APIs, Workers int

	// RouteProxies puts a severable TCP proxy on every route between two NATS nodes, so a test
	// can cut one node off the others (Cluster.Partition). It lives in the harness's process,
	// so only tests use it.
	RouteProxies bool

	// NATSUser is the nats.conf user the app processes connect as when nats.conf has
	// authorization (CLUSTER_NATS_USER, analytics); its password comes from nats.conf.
	NATSUser string

	// AppEnv is added to every api, worker and migrate process's environment after the
	// topology's own settings; use it for knobs such as ANALYTICS_WEBHOOK_RETRY_DELAYS.
	AppEnv map[string]string
}

// ConfigFromEnv is the default topology with CLUSTER_* overrides, rooted at the repository that
// contains the working directory.
func ConfigFromEnv() (Config, error) {
	root, err := FindRoot()
	if err != nil {
		return Config{}, err
	}
	c := Config{
		Root: root, Dir: envStr("CLUSTER_DIR", filepath.Join(root, "data", "cluster")),
		NATSPort: envInt("CLUSTER_NATS_PORT", 14222), RoutePort: envInt("CLUSTER_ROUTE_PORT", 16222),
		MonitorPort: envInt("CLUSTER_MONITOR_PORT", 18222), APIPort: envInt("CLUSTER_API_PORT", 18081),
		LBPort: envInt("CLUSTER_LB_PORT", 18080), DebugPort: envInt("CLUSTER_DEBUG_PORT", 18091),
		PGMode:    envStr("CLUSTER_PG", "server"),
		ServerURL: envStr("CLUSTER_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"),
		PGPort:    envInt("CLUSTER_PG_PORT", 15432), PGBin: envStr("CLUSTER_PG_BIN", "/usr/lib/postgresql/15/bin"),
		Nodes: 3, APIs: 2, Workers: 2, NATSUser: envStr("CLUSTER_NATS_USER", "analytics"),
		AppEnv: map[string]string{},
	}
	if c.PGMode != "server" && c.PGMode != "private" {
		return c, fmt.Errorf("CLUSTER_PG must be server or private, got %q", c.PGMode)
	}
	return c, nil
}

// FindRoot walks up from the working directory to the directory holding go.mod.
func FindRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

func envStr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
