// Command cluster runs the production topology from local processes (deploy/localcluster):
//
//	cluster up      build, start PostgreSQL, 3 NATS nodes, 2 APIs, 2 workers and the load balancer
//	cluster down    stop them all (from ./data/cluster alone)
//	cluster status  what runs, and where
//	cluster lb      the load balancer process itself (started by up)
//
// `make cluster` and `make cluster-down` call it. Ports and PostgreSQL mode: CLUSTER_* variables,
// see deploy/localcluster.Config.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/analytics-agent/service/deploy/localcluster"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "cluster:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return errors.New("usage: cluster up|down|status|lb")
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	logf := func(format string, a ...any) { fmt.Printf("cluster: "+format+"\n", a...) }
	switch args[0] {
	case "up":
		cfg, err := localcluster.ConfigFromEnv()
		if err != nil {
			return err
		}
		if os.Getenv("CLUSTER_SKIP_BUILD") == "" {
			logf("building bin/analytics, bin/nats-server, bin/cluster")
			if err := localcluster.Build(ctx, cfg.Root); err != nil {
				return err
			}
		}
		start := time.Now()
		c, err := localcluster.Up(ctx, cfg, logf)
		if err != nil {
			return err
		}
		logf("up in %s", time.Since(start).Round(100*time.Millisecond))
		printStatus(c.Cfg, c.State)
		return nil
	case "down":
		cfg, err := localcluster.ConfigFromEnv()
		if err != nil {
			return err
		}
		localcluster.DownDir(cfg, logf)
		return nil
	case "status":
		cfg, err := localcluster.ConfigFromEnv()
		if err != nil {
			return err
		}
		st, err := localcluster.LoadState(cfg.Dir)
		if err != nil {
			return fmt.Errorf("no cluster in %s (make cluster): %w", cfg.Dir, err)
		}
		printStatus(cfg, st)
		return nil
	case "lb":
		return runLB(ctx, args[1:])
	default:
		return fmt.Errorf("unknown command %q (up, down, status, lb)", args[0])
	}
}

func printStatus(cfg localcluster.Config, st localcluster.State) {
	fmt.Printf(`
  API (load balancer)  %s
  APIs                 http://127.0.0.1:%d, http://127.0.0.1:%d
  NATS                 %s  (monitoring http://127.0.0.1:%d/jsz)
  PostgreSQL           %s (%s)
  demo credentials     %s (user admin@demo.example.com)
  logs, pids           %s/logs, %s/pids
  stop                 make cluster-down
`, st.URL, cfg.APIPort, cfg.APIPort+1, st.NATSURL, cfg.MonitorPort, redactURL(st.DatabaseURL), st.PGMode,
		filepath.Join(st.DataDir, "demo-credentials.txt"), cfg.Dir, cfg.Dir)
}

func redactURL(s string) string {
	if i := strings.Index(s, "@"); i > 0 && strings.Contains(s[:i], ":") && strings.Count(s[:i], ":") > 1 {
		return s[:strings.LastIndex(s[:i], ":")] + ":***" + s[i:]
	}
	return s
}

func runLB(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("cluster lb", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:18080", "address of the load balancer")
	backends := fs.String("backends", "", "comma-separated API base URLs")
	_ = fs.String("dir", "", "the cluster directory (marks the process as the cluster's)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	b, err := localcluster.NewBalancer(strings.Split(*backends, ","), log)
	if err != nil {
		return err
	}
	go b.Run(ctx, 500*time.Millisecond)
	srv := &http.Server{Addr: *listen, Handler: b, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	log.Info("load balancer listening", "addr", *listen, "backends", *backends)
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
