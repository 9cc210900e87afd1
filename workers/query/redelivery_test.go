package query_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/workers/query"
)

// runnerFunc stands in for the pipeline (a test double of our own code, not of a server): the
// test is about which worker runs a query and when.
type runnerFunc func(ctx context.Context, orgID, queryID string) error

func (f runnerFunc) Run(ctx context.Context, orgID, queryID string) error {
	return f(ctx, orgID, queryID)
}

func connect(t *testing.T, url string) (*nats.Conn, jetstream.JetStream) {
	t.Helper()
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	return nc, js
}

func TestAQueryOfAWorkerThatDiedIsRerunByAnotherWithinAckWait(t *testing.T) {
	broker := apptest.StartBroker(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	_, js := connect(t, broker.URL)
	ctx := context.Background()
	if err := events.EnsureStreams(ctx, js, events.StreamOptions{}); err != nil {
		t.Fatal(err)
	}

	// The production default: a dead worker's queries resume within a minute, not six.
	stop, err := query.Start(ctx, js, runnerFunc(func(context.Context, string, string) error { return nil }), log, query.Options{})
	if err != nil {
		t.Fatal(err)
	}
	stop()
	info, err := js.Consumer(ctx, events.CommandsStream, "query-runner")
	if err != nil {
		t.Fatal(err)
	}
	if aw := info.CachedInfo().Config.AckWait; aw <= 0 || aw > time.Minute {
		t.Fatalf("query-runner AckWait %s, want at most a minute", aw)
	}

	const ackWait = time.Second
	nc1, js1 := connect(t, broker.URL)
	taken := make(chan string, 1)
	hang := make(chan struct{})
	t.Cleanup(func() { close(hang) })
	if _, err := query.Start(ctx, js1, runnerFunc(func(_ context.Context, _, queryID string) error {
		taken <- queryID
		<-hang // a long statement, then the process dies
		return nil
	}), log, query.Options{AckWait: ackWait}); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(queries.RunRequest{QueryID: "qry_1"})
	cmd, _ := json.Marshal(events.Command{ID: "cmd_1", Name: queries.RunCommand, OrganizationID: "org_1", Data: data})
	if _, err := js.Publish(ctx, events.CommandSubjectPrefix+queries.RunCommand, cmd); err != nil {
		t.Fatal(err)
	}
	select {
	case <-taken:
	case <-time.After(10 * time.Second):
		t.Fatal("no worker took the query")
	}
	nc1.Close()

	_, js2 := connect(t, broker.URL)
	rerun := make(chan string, 1)
	stop2, err := query.Start(ctx, js2, runnerFunc(func(_ context.Context, orgID, queryID string) error {
		rerun <- orgID + "/" + queryID
		return nil
	}), log, query.Options{AckWait: ackWait})
	if err != nil {
		t.Fatal(err)
	}
	defer stop2()
	select {
	case got := <-rerun:
		if got != "org_1/qry_1" {
			t.Fatalf("re-ran %s, want org_1/qry_1", got)
		}
	case <-time.After(15 * ackWait):
		t.Fatal("the dead worker's query was not re-run by the live worker")
	}
}
