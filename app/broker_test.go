package app_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"

	"github.com/analytics-agent/service/app"
)

func TestATakenEmbeddedBrokerPortIsNamedWithItsSetting(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	cfg := app.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir(), NATSListen: ln.Addr().String(),
		SecretKey: "test-secret-key-test-secret-key-0123456789", LLMProvider: "none", StreamReplicas: 1}
	_, err = app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), app.Role{API: true, Migrate: true}, app.Options{})
	if err == nil {
		t.Fatal("the service started on a taken port")
	}
	for _, want := range []string{port, "ANALYTICS_NATS_LISTEN"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
}
