package queries

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"go.opentelemetry.io/otel/attribute"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/nlq"
	"github.com/analytics-agent/service/nlq/chart"
	"github.com/analytics-agent/service/nlq/guard"
	"github.com/analytics-agent/service/nlq/llm"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/tracing"
)

// RunCommand is the command name of a query run.
const RunCommand = "query.run"

// RunRequest is the data of a run command.
type RunRequest struct {
	QueryID string `json:"query_id"`
}

// DoneSubject is the core NATS subject a worker announces a finished query on, so the API
// request waiting for it answers at once instead of polling.
func DoneSubject(queryID string) string { return "query.done." + queryID }

// Error codes of failed queries.
const (
	CodeNotUnderstood = "question_not_understood"
	CodeRejected      = "sql_rejected"
	CodeTimeout       = agents.TimeoutCode
	CodeUnavailable   = "data_source_unavailable"
	CodeInvalidSource = "invalid_data_source"
	CodeEngine        = "engine_error"
	CodeExecution     = "execution_failed"
	CodeAgentInactive = "agent_inactive"
	// CodeColumnNotPermitted: the question asks for a column the agent may not read.
	CodeColumnNotPermitted = nlq.ErrorCodeColumnNotPermitted
)

// Failure is why a query failed, stored with it and sent in query.failed.
type Failure struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details,omitempty"`
}

// Classify turns a pipeline error into a Failure.
func Classify(err error) Failure {
	var nu *nlq.NotUnderstoodError
	var rej *guard.RejectionError
	var restricted *nlq.RestrictedError
	switch {
	case errors.As(err, &restricted):
		d := map[string]any{"unmapped_words": append([]string{}, restricted.Words...)}
		if restricted.Table != "" {
			d["table"] = restricted.Table
		}
		if restricted.Column != "" {
			d["column"] = restricted.Column
		}
		return Failure{Code: restricted.Code, Message: restricted.Message, Details: d}
	case errors.As(err, &nu):
		d := map[string]any{"unmapped_words": append([]string{}, nu.Words...)}
		if len(nu.Suggestions) > 0 {
			d["suggestions"] = append([]string{}, nu.Suggestions...)
		}
		if len(nu.Readings) > 0 {
			d["readings"] = append([]string{}, nu.Readings...)
		}
		return Failure{Code: CodeNotUnderstood, Message: err.Error(), Details: d}
	case errors.As(err, &rej):
		d := map[string]any{}
		if rej.Table != "" {
			d["table"] = rej.Table
		}
		if rej.Column != "" {
			d["column"] = rej.Column
		}
		if rej.Function != "" {
			d["function"] = rej.Function
		}
		return Failure{Code: CodeRejected, Message: rej.Error(), Details: d}
	case errors.Is(err, datasource.ErrTimeout):
		return Failure{Code: CodeTimeout, Message: "the query ran past the agent's statement timeout and was cancelled"}
	case errors.Is(err, datasource.ErrUnreachable):
		return Failure{Code: CodeUnavailable, Message: "the data source could not be reached: " + err.Error()}
	case errors.Is(err, ErrSchemaNotLoaded), errors.Is(err, ErrNoDataSource), errors.Is(err, datasource.ErrInvalidConfig):
		return Failure{Code: CodeInvalidSource, Message: err.Error()}
	case errors.Is(err, ErrNoTablesPermitted):
		return Failure{Code: CodeRejected, Message: err.Error()}
	case errors.Is(err, nlq.ErrEngine):
		return Failure{Code: CodeEngine, Message: err.Error()}
	}
	return Failure{Code: CodeExecution, Message: "the query could not be executed: " + err.Error()}
}

// Runner executes queued queries: it is the heart of the query worker.
type Runner struct {
	st      *store.Store
	planner *Planner
	sources *sources.Service
	notify  func(queryID string)
	observe func(Finished)
	log     *slog.Logger
}

// Finished is how a question ended, for metrics: the engine, the outcome ("completed" or the
// failure code) and the time of each step reached (zero when not reached).
type Finished struct {
	Engine, Outcome              string
	Generation, Guard, Execution time.Duration
	Total                        time.Duration
}

// WithLogger makes the runner log what the stored failure leaves out: a model provider's own
// error behind an engine_error (the answer names only its kind and status).
func (r *Runner) WithLogger(log *slog.Logger) *Runner {
	r.log = log
	return r
}

// WithObserver makes the runner report every finished question to fn (metrics).
func (r *Runner) WithObserver(fn func(Finished)) *Runner {
	r.observe = fn
	return r
}

func (r *Runner) finished(plan *Plan, outcome string, started time.Time, exec time.Duration) {
	if r.observe == nil {
		return
	}
	f := Finished{Outcome: outcome, Execution: exec, Total: time.Since(started)}
	if plan != nil {
		f.Engine, f.Generation, f.Guard = plan.Engine, plan.GenerationTime, plan.GuardTime
	}
	r.observe(f)
}

// NewRunner builds a runner; notify announces a finished query (core NATS in production).
func NewRunner(st *store.Store, planner *Planner, src *sources.Service, notify func(string)) *Runner {
	return &Runner{st: st, planner: planner, sources: src, notify: notify}
}

// StartedData is the data of query.started.
type StartedData struct {
	QueryID  string `json:"query_id"`
	Question string `json:"question"`
	AgentID  string `json:"agent_id"`
	UserID   string `json:"user_id"`
}

// CompletedData is the data of query.completed (fields as the spec lists them).
type CompletedData struct {
	QueryID       string  `json:"query_id"`
	Question      string  `json:"question"`
	AgentID       string  `json:"agent_id"`
	UserID        string  `json:"user_id"`
	ExecutionTime float64 `json:"execution_time"`
	RowCount      int     `json:"row_count"`
	Status        string  `json:"status"`
}

// FailedData is the data of query.failed.
type FailedData struct {
	QueryID      string `json:"query_id"`
	Question     string `json:"question"`
	AgentID      string `json:"agent_id"`
	UserID       string `json:"user_id"`
	ErrorCode    string `json:"error_code"`
	ErrorMessage string `json:"error_message"`
}

// RunAccepted answers a query this process has just accepted and marked running, with the
// agent it checked (Local): there is nothing to read or mark first. Its run command is still
// held in the outbox; the transaction that records the answer deletes it, so it is never
// published. On success q holds the stored answer.
// planned, when not nil, is the plan PlanAhead started while the question was being accepted.
func (r *Runner) RunAccepted(ctx context.Context, q *store.Query, a *store.Agent, commandID string, planned *Planned) error {
	ctx, span := tracing.Start(ctx, "query.run")
	defer span.End()
	span.SetAttributes(attribute.String("query_id", q.ID), attribute.String("organization_id", q.OrganizationID))
	started := time.Now().UTC()
	if q.StartedAt != nil {
		started = *q.StartedAt
	}
	return r.answerWith(ctx, q, commandID, a, nil, started, func() error { return nil }, planned)
}

// Planned is a question's plan being made, and its statement run, while the transaction that
// accepts the question commits (PlanAhead): planning and the guarded statement only read, so
// they need not wait for the quota reservation and the stored query, and a question answered in
// process saves the shorter of the two. A question refused after all (past its quota) cancels
// both; its statement may have started on the data source, as a read whose rows are dropped.
type Planned struct {
	done   chan struct{}
	plan   *Plan
	err    error
	ran    *ranSQL // nil when the plan failed or planning was cancelled
	cancel context.CancelFunc
}

// PlanAhead starts planning question q of agent a, then running its statement, in the
// background. Cancel it if the question is not accepted after all (a quota refusal), so an LLM
// engine's request and the statement stop at once.
func (r *Runner) PlanAhead(ctx context.Context, q *store.Query, a *store.Agent) *Planned {
	ctx, cancel := context.WithCancel(ctx)
	p := &Planned{done: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(p.done)
		defer cancel()
		p.plan, p.err = r.planner.PlanQuestion(ctx, a, q.UserID, q.Question)
		if p.err == nil && ctx.Err() == nil {
			p.ran = r.runSQL(ctx, a, p.plan)
		}
	}()
	return p
}

// AnsweredAhead returns the answer of question q of agent a, accepted with PlanAhead's plan p,
// when its plan and statement finish within wait, so that the transaction accepting the question
// stores it answered; nil when they do not (the question is then stored running and RunAccepted
// records the answer as before) or when the answer could not be built.
func (r *Runner) AnsweredAhead(ctx context.Context, q *store.Query, a *store.Agent, p *Planned, wait time.Duration) (o *Outcome) {
	ctx, span := tracing.Start(ctx, "query.run")
	defer func() {
		if o == nil {
			// RunAccepted's own query.run follows; this span was only the wait.
			span.SetName("query.wait_ahead")
		}
		span.End()
	}()
	span.SetAttributes(attribute.String("query_id", q.ID), attribute.String("organization_id", q.OrganizationID))
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-p.done:
	case <-t.C:
		return nil
	case <-ctx.Done():
		return nil
	}
	started := time.Now().UTC()
	if q.StartedAt != nil {
		started = *q.StartedAt
	}
	if p.err != nil {
		if errors.Is(p.err, context.Canceled) || errors.Is(p.err, context.DeadlineExceeded) {
			return nil
		}
		if cause := llm.Cause(p.err); cause != nil && r.log != nil {
			r.log.Warn("model provider failed", "organization_id", q.OrganizationID, "query_id", q.ID, "err", cause)
		}
		o, err := r.failed(q, started, Classify(p.err), p.plan)
		if err != nil {
			return nil
		}
		return o
	}
	o, err := r.executed(ctx, q, a, p.plan, started, p.ran)
	if err != nil {
		return nil
	}
	return o
}

// Cancel abandons the plan.
func (p *Planned) Cancel() { p.cancel() }

// wait returns the plan and its statement's outcome once both are there, or ctx's error first.
func (p *Planned) wait(ctx context.Context) (*Plan, *ranSQL, error) {
	select {
	case <-p.done:
		return p.plan, p.ran, p.err
	case <-ctx.Done():
		p.cancel()
		return nil, nil, ctx.Err()
	}
}

// Run processes one query. It is idempotent: a query that is already finished is left alone, so
// a redelivered command does nothing.
func (r *Runner) Run(ctx context.Context, orgID, queryID string) error {
	return r.run(ctx, orgID, queryID, "")
}

// RunHeld processes a pending query this process accepted (asynchronously, so it was answered
// 202 pending) and whose run command is held in the outbox: like Run, and the transaction that
// records the answer deletes the command.
func (r *Runner) RunHeld(ctx context.Context, orgID, queryID, commandID string) error {
	return r.run(ctx, orgID, queryID, commandID)
}

// run is Run; held is the id of the query's held run command ("" when it came from the broker).
func (r *Runner) run(ctx context.Context, orgID, queryID, held string) error {
	ctx, span := tracing.Start(ctx, "query.run")
	defer span.End()
	span.SetAttributes(attribute.String("query_id", queryID), attribute.String("organization_id", orgID))
	started := time.Now().UTC()
	// One statement marks a pending query running and reads it; its query.started and the
	// commit go on while the agent is loaded and the SQL planned, which do not depend on them.
	// Every way out below waits for that commit first, so the transitions still commit in
	// order (pending, running, then completed or failed).
	row := make(chan *store.Query, 1)
	marked := make(chan error, 1)
	go func() {
		sent := false
		marked <- r.st.Tx(ctx, func(tx *store.Store) error {
			q, err := tx.StartQuery(ctx, orgID, queryID, started)
			if err != nil || q == nil {
				return err
			}
			ev, err := events.NewEvent(orgID, events.QueryStarted, StartedData{QueryID: q.ID, Question: q.Question, AgentID: q.AgentID, UserID: q.UserID})
			if err != nil {
				return err
			}
			row <- q
			sent = true
			return tx.Emit(ctx, ev)
		})
		if !sent {
			row <- nil
		}
	}()
	q := <-row
	var once sync.Once
	var markErr error
	markedRunning := func() error {
		once.Do(func() { markErr = <-marked })
		return markErr
	}
	defer markedRunning() //nolint:errcheck // only waits; the paths that go on check it
	if q == nil {
		// Not pending: missing, finished, or running already (a redelivery after a crash).
		if err := markedRunning(); err != nil {
			return err
		}
		var err error
		q, err = r.st.Query(ctx, orgID, queryID)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if q.Status == store.QueryCompleted || q.Status == store.QueryFailed {
			r.notify(q.ID)
			if held != "" {
				return r.st.DropOutbox(ctx, held)
			}
			return nil
		}
	}

	a, err := r.st.Agent(ctx, orgID, q.AgentID)
	return r.answer(ctx, q, held, a, err, started, markedRunning)
}

// answer plans, runs and records a running query with its agent (or the error loading it);
// markedRunning waits for the commit of the running mark, which every way out must follow.
func (r *Runner) answer(ctx context.Context, q *store.Query, held string, a *store.Agent, err error, started time.Time, markedRunning func() error) error {
	return r.answerWith(ctx, q, held, a, err, started, markedRunning, nil)
}

// answerWith is answer with the plan made ahead when planned is not nil.
func (r *Runner) answerWith(ctx context.Context, q *store.Query, held string, a *store.Agent, err error, started time.Time, markedRunning func() error, planned *Planned) error {
	if err == nil && a.IsActive {
		var plan *Plan
		var ran *ranSQL
		if planned != nil {
			plan, ran, err = planned.wait(ctx)
		} else {
			plan, err = r.planner.PlanQuestion(ctx, a, q.UserID, q.Question)
		}
		if merr := markedRunning(); merr != nil {
			return merr
		}
		if err != nil {
			if ctx.Err() != nil {
				return err // shutting down: let JetStream redeliver
			}
			if cause := llm.Cause(err); cause != nil && r.log != nil {
				r.log.Warn("model provider failed", "organization_id", q.OrganizationID, "query_id", q.ID, "err", cause)
			}
			return r.fail(ctx, q, held, started, Classify(err), plan)
		}
		return r.execute(ctx, q, held, a, plan, started, ran)
	}
	if merr := markedRunning(); merr != nil {
		return merr
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		return r.fail(ctx, q, held, started, Failure{Code: CodeAgentInactive, Message: "the agent was deleted"}, nil)
	case err != nil:
		return err
	}
	return r.fail(ctx, q, held, started, Failure{Code: CodeAgentInactive, Message: "the agent is inactive"}, nil)
}

// record stores a finished query's fields, if the query is still in one of the statuses from,
// and in the same transaction drops its held run command and writes its event. recorded is
// false when another run finished the query first (a redelivery raced this one).
func (r *Runner) record(ctx context.Context, orgID, queryID, held string, fields map[string]any, ev store.OutboxMessage, from ...string) (recorded bool, err error) {
	err = r.st.Tx(ctx, func(tx *store.Store) error {
		ok, err := tx.UpdateQuery(ctx, orgID, queryID, fields, from...)
		if err != nil {
			return err
		}
		if held != "" {
			if err := tx.DropOutbox(ctx, held); err != nil {
				return err
			}
		}
		if !ok {
			return nil
		}
		recorded = true
		return tx.Emit(ctx, ev)
	})
	return recorded, err
}

// ranSQL is the outcome of a plan's statement: the data source's configuration could not be
// read (configErr), or the statement ran for wall with res or err.
type ranSQL struct {
	configErr error
	res       *datasource.Result
	err       error
	wall      time.Duration
}

// runSQL runs a plan's statement on its data source with the agent's limits.
func (r *Runner) runSQL(ctx context.Context, a *store.Agent, plan *Plan) *ranSQL {
	cfg, err := r.sources.Config(plan.DataSource)
	if err != nil {
		return &ranSQL{configErr: err}
	}
	execStart := time.Now()
	execCtx, execSpan := tracing.Start(ctx, "query.execute")
	res, err := r.sources.Manager().Query(execCtx, plan.DataSource.ID, cfg, plan.SQL, plan.Args, datasource.QueryOptions{
		Timeout: time.Duration(a.QueryTimeoutSeconds) * time.Second, MaxRows: a.MaxRows})
	execSpan.End()
	return &ranSQL{res: res, err: err, wall: time.Since(execStart)}
}

// execute runs a planned query on its data source, unless ran holds its outcome already, and
// stores the answer.
func (r *Runner) execute(ctx context.Context, q *store.Query, held string, a *store.Agent, plan *Plan, started time.Time, ran *ranSQL) error {
	o, err := r.executed(ctx, q, a, plan, started, ran)
	if err != nil {
		return err
	}
	return r.store(ctx, q, held, o)
}

// Outcome is a finished question's answer before it is stored: the query's fields, its event
// (query.completed or query.failed), and what metrics report of it.
type Outcome struct {
	fields  map[string]any
	from    []string
	ev      store.OutboxMessage
	apply   func(q *store.Query)
	plan    *Plan
	code    string // store.QueryCompleted or the failure code
	started time.Time
	exec    time.Duration
	failed  bool
}

// Apply writes the answer into q (a query not stored yet, or a copy of the stored one).
func (o *Outcome) Apply(q *store.Query) { o.apply(q) }

// Event is the answer's event, query.completed or query.failed.
func (o *Outcome) Event() store.OutboxMessage { return o.ev }

// executed runs a planned query on its data source, unless ran holds its outcome already, and
// returns the answer; an error only when the run must be left to a redelivery (shutting down).
func (r *Runner) executed(ctx context.Context, q *store.Query, a *store.Agent, plan *Plan, started time.Time, ran *ranSQL) (*Outcome, error) {
	orgID := q.OrganizationID
	if ran == nil {
		ran = r.runSQL(ctx, a, plan)
	}
	if ran.configErr != nil {
		return r.failed(q, started, Classify(ran.configErr), plan)
	}
	res, err, execTime := ran.res, ran.err, ran.wall
	if err != nil {
		if ctx.Err() != nil && !errors.Is(err, datasource.ErrTimeout) {
			return nil, err
		}
		return r.failed(q, started, Classify(err), plan, execTime)
	}
	// The statement's own time: the wall time above also holds the wait for a connection of a
	// busy pool, which is queueing, not execution.
	execTime = res.Duration
	cols := make([]chart.Column, len(res.Columns))
	for i, c := range res.Columns {
		cols[i] = chart.Column{Name: c.Name, Type: c.Type}
	}
	// A LIMIT makes the rows a selection (top N), not parts of a whole; the check is a hint for
	// the chart only, so a plain word search is enough.
	partial := res.Truncated || strings.Contains(strings.ToUpper(plan.SQL), "LIMIT")
	ch := chart.ChooseWith(cols, res.Rows, chart.Hints{Partial: partial})
	rowsJSON, err := json.Marshal(res.Rows)
	if err != nil {
		return r.failed(q, started, Failure{Code: CodeExecution, Message: "the result could not be encoded: " + err.Error()}, plan, execTime)
	}
	colsJSON, _ := json.Marshal(res.Columns)
	chartJSON, _ := json.Marshal(ch)
	done := time.Now().UTC()
	total := done.Sub(started).Seconds()
	ev, err := events.NewEvent(orgID, events.QueryCompleted, CompletedData{QueryID: q.ID, Question: q.Question, AgentID: q.AgentID,
		UserID: q.UserID, ExecutionTime: total, RowCount: res.RowCount, Status: "success"})
	if err != nil {
		return nil, err
	}
	return &Outcome{
		fields: map[string]any{
			"status": store.QueryCompleted, "sql_text": plan.SQL, "explanation": plan.Explanation, "template_id": plan.TemplateID, "results_json": string(rowsJSON), "columns_json": string(colsJSON),
			"chart_json": string(chartJSON), "row_count": res.RowCount, "truncated": res.Truncated, "execution_time": total,
			"generation_ms": ms(plan.GenerationTime), "guard_ms": ms(plan.GuardTime), "execution_ms": ms(execTime),
			"completed_at": done,
		},
		from: []string{store.QueryRunning},
		ev:   ev,
		apply: func(q *store.Query) {
			q.Status, q.SQLText, q.Explanation, q.TemplateID = store.QueryCompleted, plan.SQL, plan.Explanation, plan.TemplateID
			q.ResultsJSON, q.ColumnsJSON, q.ChartJSON = string(rowsJSON), string(colsJSON), string(chartJSON)
			q.RowCount, q.Truncated, q.ExecutionTime, q.CompletedAt = res.RowCount, res.Truncated, total, &done
			q.GenerationMS, q.GuardMS, q.ExecutionMS = ms(plan.GenerationTime), ms(plan.GuardTime), ms(execTime)
		},
		plan: plan, code: store.QueryCompleted, started: started, exec: execTime,
	}, nil
}

// store records an answer into the stored query (if it is still unanswered), drops its held
// command, and reports it.
func (r *Runner) store(ctx context.Context, q *store.Query, held string, o *Outcome) error {
	recorded, err := r.record(ctx, q.OrganizationID, q.ID, held, o.fields, o.ev, o.from...)
	if err != nil {
		if o.failed {
			return fmt.Errorf("record failure of %s: %w", q.ID, err)
		}
		return err
	}
	if recorded {
		o.apply(q)
	}
	r.Stored(o)
	r.announce(q.ID, held)
	return nil
}

// Stored reports an answer that was stored (metrics).
func (r *Runner) Stored(o *Outcome) { r.finished(o.plan, o.code, o.started, o.exec) }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func (r *Runner) fail(ctx context.Context, q *store.Query, held string, started time.Time, f Failure, plan *Plan, execTime ...time.Duration) error {
	o, err := r.failed(q, started, f, plan, execTime...)
	if err != nil {
		return err
	}
	return r.store(ctx, q, held, o)
}

// failed is the answer of a question that failed with f.
func (r *Runner) failed(q *store.Query, started time.Time, f Failure, plan *Plan, execTime ...time.Duration) (*Outcome, error) {
	done := time.Now().UTC()
	details, _ := json.Marshal(f.Details)
	fields := map[string]any{"status": store.QueryFailed, "error_code": f.Code, "error_message": f.Message,
		"error_details": string(details), "execution_time": done.Sub(started).Seconds(), "completed_at": done}
	if plan != nil {
		fields["sql_text"] = plan.SQL
		fields["explanation"] = plan.Explanation
		fields["template_id"] = plan.TemplateID
		fields["generation_ms"], fields["guard_ms"] = ms(plan.GenerationTime), ms(plan.GuardTime)
	}
	var exec time.Duration
	if len(execTime) > 0 {
		exec = execTime[0]
		fields["execution_ms"] = ms(exec)
	}
	ev, err := events.NewEvent(q.OrganizationID, events.QueryFailed, FailedData{QueryID: q.ID, Question: q.Question, AgentID: q.AgentID,
		UserID: q.UserID, ErrorCode: f.Code, ErrorMessage: f.Message})
	if err != nil {
		return nil, err
	}
	return &Outcome{fields: fields, from: []string{store.QueryPending, store.QueryRunning}, ev: ev,
		apply: func(q *store.Query) {
			q.Status, q.ErrorCode, q.ErrorMessage, q.ErrorDetails = store.QueryFailed, f.Code, f.Message, string(details)
			q.ExecutionTime, q.CompletedAt, q.ExecutionMS = done.Sub(started).Seconds(), &done, ms(exec)
			if plan != nil {
				q.SQLText, q.Explanation, q.TemplateID = plan.SQL, plan.Explanation, plan.TemplateID
				q.GenerationMS, q.GuardMS = ms(plan.GenerationTime), ms(plan.GuardTime)
			}
		},
		plan: plan, code: f.Code, started: started, exec: exec, failed: true}, nil
}

// announce tells a request waiting in another process that the query finished; a question
// run where it was accepted (held) has its request waiting on the run itself.
func (r *Runner) announce(queryID, held string) {
	if held == "" {
		r.notify(queryID)
	}
}
