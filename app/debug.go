package app

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// RuntimeStats is what GET /debug/runtime on ANALYTICS_DEBUG_ADDR answers: enough for a fault or
// soak run to tell whether a process returns to its baseline after load.
type RuntimeStats struct {
	PID        int    `json:"pid"`
	Goroutines int    `json:"goroutines"`
	HeapInuse  uint64 `json:"heap_inuse_bytes"`
	HeapAlloc  uint64 `json:"heap_alloc_bytes"`
	Sys        uint64 `json:"sys_bytes"`
	NumGC      uint32 `json:"num_gc"`
	// RSS is the resident set size from /proc (0 where /proc does not exist).
	RSS uint64 `json:"rss_bytes"`
}

// serveDebug serves runtime statistics and pprof on ANALYTICS_DEBUG_ADDR until ctx is done. It is
// an operator-only listener, off unless configured, and must stay on loopback or a private
// network: pprof exposes internals. ?gc=1 collects garbage first, so a heap figure compares with
// an earlier one.
func (a *App) serveDebug(ctx context.Context) {
	if a.Cfg.DebugAddr == "" {
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /debug/runtime", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("gc") == "1" {
			runtime.GC()
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(ReadRuntimeStats())
	})
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	ln, err := net.Listen("tcp", a.Cfg.DebugAddr)
	if err != nil {
		a.Log.Warn("debug listener not started", "addr", a.Cfg.DebugAddr, "err", err)
		return
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	a.Log.Info("debug listener", "addr", ln.Addr().String())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		a.Log.Warn("debug listener stopped", "err", err)
	}
}

// ReadRuntimeStats reads this process's goroutines, heap and resident memory.
func ReadRuntimeStats() RuntimeStats {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return RuntimeStats{PID: os.Getpid(), Goroutines: runtime.NumGoroutine(), HeapInuse: m.HeapInuse,
		HeapAlloc: m.HeapAlloc, Sys: m.Sys, NumGC: m.NumGC, RSS: ProcessRSS(os.Getpid())}
}

// ProcessRSS reads the resident set size of a process from /proc/<pid>/status (0 if unknown).
func ProcessRSS(pid int) uint64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseUint(f[0], 10, 64)
				return kb * 1024
			}
		}
	}
	return 0
}
