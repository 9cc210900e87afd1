package app

import (
	"os"
	"testing"
)

func TestRuntimeStatsReadThisProcess(t *testing.T) {
	s := ReadRuntimeStats()
	if s.PID != os.Getpid() || s.Goroutines < 1 || s.HeapInuse == 0 {
		t.Fatalf("implausible stats: %+v", s)
	}
	if _, err := os.Stat("/proc/self/status"); err == nil && s.RSS == 0 {
		t.Error("RSS not read from /proc")
	}
	if ProcessRSS(-1) != 0 {
		t.Error("a missing process has an RSS")
	}
}
