package queries

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"go.opentelemetry.io/otel/trace"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/store"
)

// holder is what Local needs of the outbox.
type holder interface {
	HoldOutbox(ctx context.Context, id string, until time.Time) error
}

// acceptedRunner answers a query accepted here, whose command is held in the outbox: one
// accepted running (RunAccepted) or one accepted pending (RunHeld).
type acceptedRunner interface {
	PlanAhead(ctx context.Context, q *store.Query, a *store.Agent) *Planned
	RunAccepted(ctx context.Context, q *store.Query, a *store.Agent, commandID string, planned *Planned) error
	RunHeld(ctx context.Context, orgID, queryID, commandID string) error
	AnsweredAhead(ctx context.Context, q *store.Query, a *store.Agent, p *Planned, wait time.Duration) *Outcome
	Stored(o *Outcome)
}

// Local runs the questions this process accepts in this process, when it also runs the query
// worker (the all-in-one mode, `make run`). The accepting transaction writes the run command to
// the outbox held back by a lease (store.HoldOutbox), the question runs here at once, and the
// transaction that records the answer deletes the command: no relay pass, broker round trip or
// consumer delivery sits between accepting a question and answering it. Nothing accepted is lost:
// while the question runs the lease is pushed forward; if the process dies the lease runs out,
// the relay publishes the command and any query worker runs the question (Run re-runs a query
// left running). When every slot is busy the question takes the broker path.
type Local struct {
	runner acceptedRunner
	outbox holder
	log    *slog.Logger
	slots  chan struct{}
	lease  time.Duration

	ctx     context.Context
	cancel  context.CancelFunc
	running sync.WaitGroup
	// mu orders claims before Stop's wait: a request that outlived the HTTP shutdown must not
	// add to running while Stop waits on it.
	mu       sync.Mutex
	stopping bool
}

// LocalOptions sizes a Local.
type LocalOptions struct {
	// Concurrency bounds questions run at once (default 16, the query worker's).
	Concurrency int
	// Lease is how long a held command waits after the last sign of life of the process
	// running it before the relay publishes it (default 30 s, the query worker's AckWait).
	Lease time.Duration
}

// NewLocal builds an in-process runner. Call Stop at shutdown.
func NewLocal(r acceptedRunner, outbox holder, log *slog.Logger, o LocalOptions) *Local {
	if o.Concurrency <= 0 {
		o.Concurrency = 16
	}
	if o.Lease <= 0 {
		o.Lease = 30 * time.Second
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Local{runner: r, outbox: outbox, log: log, slots: make(chan struct{}, o.Concurrency), lease: o.Lease, ctx: ctx, cancel: cancel}
}

// Claim reserves a slot for one question, or returns nil when all are busy or the process is
// stopping. The caller either starts the claim or releases it.
func (l *Local) Claim() *Claim {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopping {
		return nil
	}
	select {
	case l.slots <- struct{}{}:
		l.running.Add(1)
		return &Claim{l: l}
	default:
		return nil
	}
}

// Stop waits up to grace for the questions running here, then cancels the rest; their
// commands are handed to the relay at once so another worker answers them.
func (l *Local) Stop(grace time.Duration) {
	l.mu.Lock()
	l.stopping = true
	l.mu.Unlock()
	done := make(chan struct{})
	go func() { l.running.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(grace):
		l.cancel()
		// Cancelled runs hand their commands to the relay within moments; do not wait for ever
		// on one that is stuck in a driver.
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			l.log.Warn("questions still running at shutdown; their commands are published when their leases run out")
		}
	}
	l.cancel()
}

// Claim is one reserved slot of a Local.
type Claim struct {
	l       *Local
	once    sync.Once
	planned *Planned
}

// Accept prepares a question of agent a whose request waits for the answer to run here: the
// query is marked running, its run command is held for the lease, and the returned
// query.started event is for the accepting transaction. Planning and the statement start now;
// Answered then says whether the transaction can store the answer too, or must store the
// question running (with the command) for Start.
func (c *Claim) Accept(reqCtx context.Context, q *store.Query, a *store.Agent, cmd *store.OutboxMessage) (store.OutboxMessage, error) {
	now := time.Now().UTC()
	q.Status, q.StartedAt = store.QueryRunning, &now
	c.Hold(cmd)
	ev, err := events.NewEvent(q.OrganizationID, events.QueryStarted, StartedData{QueryID: q.ID, Question: q.Question, AgentID: q.AgentID, UserID: q.UserID})
	if err != nil {
		return ev, err
	}
	c.planned = c.l.runner.PlanAhead(c.l.runContext(reqCtx), q, a)
	return ev, nil
}

// Answered waits up to wait for the question prepared by Accept to be answered ahead, and returns
// the answer for the accepting transaction to store with the question, in its final state, with
// query.started and the answer's event: one transaction instead of two. nil when the answer is
// not ready in time (a slow statement, a model): accept the question running and Start it.
// Nothing is stored before that transaction, so a process that dies while waiting has accepted
// nothing.
func (c *Claim) Answered(reqCtx context.Context, q *store.Query, a *store.Agent, wait time.Duration) *Outcome {
	if c.planned == nil {
		return nil
	}
	return c.l.runner.AnsweredAhead(reqCtx, q, a, c.planned, wait)
}

// Stored reports an answer that Answered returned and the accepting transaction stored, and
// gives the slot back.
func (c *Claim) Stored(o *Outcome) {
	c.l.runner.Stored(o)
	c.release()
}

// runContext is the context a question runs in: the process's (a request that stops waiting
// does not stop its question), in the request's trace, as through the broker.
func (l *Local) runContext(reqCtx context.Context) context.Context {
	// The request's access epoch comes along: planning may use the copies it confirms.
	return store.KeepAccessEpoch(trace.ContextWithSpanContext(l.ctx, trace.SpanContextFromContext(reqCtx)), reqCtx)
}

// Hold holds the run command of a question accepted pending (answered 202 at once) for the
// lease; the run marks it running as the broker path does.
func (c *Claim) Hold(cmd *store.OutboxMessage) {
	until := time.Now().UTC().Add(c.l.lease)
	cmd.NotBefore = &until
}

// Release gives the slot back without running anything (the question was not accepted).
func (c *Claim) Release() {
	if c.planned != nil {
		c.planned.Cancel()
	}
	c.release()
}

func (c *Claim) release() {
	c.once.Do(func() {
		<-c.l.slots
		c.l.running.Done()
	})
}

// Start answers the accepted question q of agent a in the background, for as long as the
// process lives (not the request: a request that stops waiting does not stop its question), and
// returns a channel closed when the answer is stored (in q too when it was accepted running), or
// the command handed to the relay.
func (c *Claim) Start(reqCtx context.Context, q *store.Query, a *store.Agent, commandID string) <-chan struct{} {
	done := make(chan struct{})
	l := c.l
	ctx := l.runContext(reqCtx)
	go func() {
		defer close(done)
		defer c.release()
		log := l.log.With("organization_id", q.OrganizationID, "query_id", q.ID)
		stopRenewing := l.renew(commandID, log)
		var err error
		if q.Status == store.QueryRunning {
			err = l.runner.RunAccepted(ctx, q, a, commandID, c.planned)
		} else {
			err = l.runner.RunHeld(ctx, q.OrganizationID, q.ID, commandID)
		}
		stopRenewing()
		if err == nil {
			return
		}
		// Stopping, or the store failed mid-way: let a worker take the question now rather than
		// when the lease runs out.
		log.Warn("question handed to the broker", "err", err)
		hctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := l.outbox.HoldOutbox(hctx, commandID, time.Time{}); err != nil {
			log.Warn("release held command; it is published when its lease runs out", "err", err)
		}
	}()
	return done
}

// renew pushes the command's lease forward every third of it until stopped.
func (l *Local) renew(commandID string, log *slog.Logger) (stop func()) {
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(l.lease / 3)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				if err := l.outbox.HoldOutbox(l.ctx, commandID, time.Now().Add(l.lease)); err != nil {
					log.Warn("renew held command", "err", err)
				}
			}
		}
	}()
	return func() { close(quit); wg.Wait() }
}
