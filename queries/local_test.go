package queries_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/store"
)

// runnerFunc stands in for the pipeline (a test double of our own code): these tests are about
// what happens to the held command around a run, not about answering.
type runnerFunc func(ctx context.Context, commandID string) error

func (f runnerFunc) AnsweredAhead(context.Context, *store.Query, *store.Agent, *queries.Planned, time.Duration) *queries.Outcome {
	return nil
}

func (f runnerFunc) Stored(*queries.Outcome) {}

func (f runnerFunc) PlanAhead(context.Context, *store.Query, *store.Agent) *queries.Planned {
	return nil
}

func (f runnerFunc) RunAccepted(ctx context.Context, _ *store.Query, _ *store.Agent, commandID string, _ *queries.Planned) error {
	return f(ctx, commandID)
}

func (f runnerFunc) RunHeld(ctx context.Context, _, _, commandID string) error {
	return f(ctx, commandID)
}

var question = &store.Query{ID: "qry_1", OrganizationID: "org_1", Question: "how many orders", Status: store.QueryPending}

func openStore(t *testing.T, db string) *store.Store { return apptest.OpenStore(t, db) }

// relayed lists the ids the relay would publish now (and marks them published).
func relayed(t *testing.T, st *store.Store) []string {
	t.Helper()
	var ids []string
	_, err := st.OutboxBatch(context.Background(), 100, func(batch []store.OutboxMessage) ([]string, map[string]string) {
		for _, m := range batch {
			ids = append(ids, m.ID)
		}
		return ids, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

func heldCommand(t *testing.T, st *store.Store, claim *queries.Claim) store.OutboxMessage {
	t.Helper()
	cmd, err := events.NewCommand("org_1", queries.RunCommand, queries.RunRequest{QueryID: "qry_1"})
	if err != nil {
		t.Fatal(err)
	}
	q := *question
	started, err := claim.Accept(context.Background(), &q, nil, &cmd)
	if err != nil {
		t.Fatal(err)
	}
	if q.Status != store.QueryRunning || q.StartedAt == nil || !strings.Contains(started.Payload, `"query.started"`) {
		t.Fatalf("accepted here: status %s, started_at %v, event %s; want running, set, query.started", q.Status, q.StartedAt, started.Payload)
	}
	if err := st.Emit(context.Background(), cmd); err != nil {
		t.Fatal(err)
	}
	return cmd
}

func TestAHeldCommandStaysFromTheRelayWhileItsQuestionRunsAndIsPublishedWhenTheProcessDies(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		st := openStore(t, db)
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		const lease = 600 * time.Millisecond
		release := make(chan struct{})
		local := queries.NewLocal(runnerFunc(func(ctx context.Context, commandID string) error {
			<-release // a statement longer than the lease: renewals must keep the command held
			return st.DropOutbox(ctx, commandID)
		}), st, log, queries.LocalOptions{Concurrency: 1, Lease: lease})
		defer local.Stop(time.Second)

		claim := local.Claim()
		if claim == nil {
			t.Fatal("no slot free")
		}
		if local.Claim() != nil {
			t.Fatal("a second claim got a slot beyond Concurrency 1")
		}
		cmd := heldCommand(t, st, claim)
		done := claim.Start(context.Background(), question, nil, cmd.ID)
		for end := time.Now().Add(3 * lease); time.Now().Before(end); time.Sleep(lease / 6) {
			if got := relayed(t, st); len(got) > 0 {
				t.Fatalf("the relay published %v while the question was still running here", got)
			}
		}
		close(release)
		<-done
		if got := relayed(t, st); len(got) > 0 {
			t.Fatalf("the relay published %v after the answer was stored", got)
		}

		// A process that accepted a question and died before answering it: nobody renews the
		// lease, and the relay publishes the command when it runs out.
		dead := local.Claim()
		lost := heldCommand(t, st, dead)
		if got := relayed(t, st); len(got) > 0 {
			t.Fatalf("published %v before the lease ran out", got)
		}
		time.Sleep(lease + 100*time.Millisecond)
		if got := relayed(t, st); len(got) != 1 || got[0] != lost.ID {
			t.Fatalf("after the lease the relay published %v, want [%s]", got, lost.ID)
		}
		dead.Release()
	})
}

func TestAQuestionThatCannotRunHereIsHandedToTheBrokerAtOnce(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		st := openStore(t, db)
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		local := queries.NewLocal(runnerFunc(func(context.Context, string) error {
			return errors.New("store went away mid-run")
		}), st, log, queries.LocalOptions{Lease: time.Hour})
		defer local.Stop(time.Second)
		claim := local.Claim()
		cmd := heldCommand(t, st, claim)
		<-claim.Start(context.Background(), question, nil, cmd.ID)
		if got := relayed(t, st); len(got) != 1 || got[0] != cmd.ID {
			t.Fatalf("the relay publishes %v, want the command at once: [%s]", got, cmd.ID)
		}
		again := local.Claim()
		if again == nil {
			t.Fatal("the failed run kept its slot")
		}
		again.Release()
	})
}

func TestAStoppingProcessTakesNoNewQuestions(t *testing.T) {
	st := openStore(t, "sqlite")
	local := queries.NewLocal(runnerFunc(func(context.Context, string) error { return nil }),
		st, slog.New(slog.NewTextHandler(io.Discard, nil)), queries.LocalOptions{})
	local.Stop(time.Second)
	if local.Claim() != nil {
		t.Fatal("a stopped Local claimed a question")
	}
	var none *queries.Local
	if none.Claim() != nil {
		t.Fatal("a process without a query worker claimed a question")
	}
}
