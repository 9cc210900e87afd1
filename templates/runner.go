package templates

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/mail"
	"github.com/analytics-agent/service/nlq/chart"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/store"
)

// Failure codes of executions beyond those of queries.
const (
	CodeInvalidParameters = "invalid_request"
	CodeTemplateDeleted   = "template_deleted"
	CodeQuotaExceeded     = "quota_exceeded"
)

// DefaultMaxAttachment is the default size cap of a mailed attachment.
const DefaultMaxAttachment = 10 << 20

// DefaultDeliveryRetryDelays are the waits before delivery attempts 2, 3, ... of a recipient.
var DefaultDeliveryRetryDelays = []time.Duration{30 * time.Second, 2 * time.Minute, 10 * time.Minute, 30 * time.Minute}

// RunnerOptions are the runner's collaborators and knobs.
type RunnerOptions struct {
	// Mail sends scheduled reports; a disabled sender records deliveries as skipped.
	Mail *mail.Sender
	// MaxAttachment caps the attachment size (default 10 MiB); a larger result is not attached.
	MaxAttachment int
	// RetryDelays are the waits between delivery attempts (default DefaultDeliveryRetryDelays).
	RetryDelays []time.Duration
	// Notify announces a finished execution to waiting requests (queries.Watcher.Notify).
	Notify func(executionID string)
	// Admit is the quota and rate check of an execution: executions count as queries. It is
	// called once per execution, before the SQL runs; an error fails the execution with
	// quota_exceeded and the error's message. Nil admits everything.
	Admit func(ctx context.Context, orgID string) error
	Log   *slog.Logger
}

// Runner executes queued template executions and delivers scheduled results: the heart of
// workers/template.
type Runner struct {
	svc  *Service
	opts RunnerOptions
}

// NewRunner builds a runner.
func NewRunner(svc *Service, o RunnerOptions) *Runner {
	if o.MaxAttachment <= 0 {
		o.MaxAttachment = DefaultMaxAttachment
	}
	if o.RetryDelays == nil {
		o.RetryDelays = DefaultDeliveryRetryDelays
	}
	if o.Notify == nil {
		o.Notify = func(string) {}
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Mail == nil {
		o.Mail, _ = mail.New(mail.Config{})
	}
	return &Runner{svc: svc, opts: o}
}

func isDone(status string) bool { return status == store.QueryCompleted || status == store.QueryFailed }

// Run processes one execution. It is idempotent: a redelivered command finds the execution
// finished and only resumes what is left (deliveries of a scheduled run).
func (r *Runner) Run(ctx context.Context, orgID, executionID string) error {
	st := r.svc.st
	e, err := st.Execution(ctx, orgID, executionID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !isDone(e.Status) {
		if err := r.execute(ctx, e); err != nil {
			return err
		}
		if e, err = st.Execution(ctx, orgID, executionID); err != nil {
			return err
		}
	}
	r.opts.Notify(e.ID)
	if e.ScheduleRunID != "" {
		return r.deliver(ctx, e)
	}
	return nil
}

func (r *Runner) execute(ctx context.Context, e *store.TemplateExecution) error {
	st := r.svc.st
	started := r.svc.now().UTC()
	if e.Status == store.QueryPending {
		err := st.Tx(ctx, func(tx *store.Store) error {
			if _, err := tx.UpdateExecution(ctx, e.OrganizationID, e.ID, map[string]any{"status": store.QueryRunning, "started_at": started}, store.QueryPending); err != nil {
				return err
			}
			if e.ScheduleRunID != "" {
				_, err := tx.UpdateScheduleRun(ctx, e.OrganizationID, e.ScheduleRunID, map[string]any{"status": store.QueryRunning, "started_at": started}, store.RunPending)
				return err
			}
			return nil
		})
		if err != nil {
			return err
		}
	} else if e.StartedAt != nil {
		started = *e.StartedAt
	}
	t, err := r.svc.Get(ctx, e.OrganizationID, e.TemplateID)
	if errors.Is(err, store.ErrNotFound) {
		return r.fail(ctx, e, started, queries.Failure{Code: CodeTemplateDeleted, Message: "the template was deleted"}, "")
	}
	if err != nil {
		return err
	}
	e.TemplateName, e.AgentID = t.Name, t.AgentID
	values, err := DecodeValues([]byte(e.Parameters))
	if err != nil {
		return r.fail(ctx, e, started, Classify(err), "")
	}
	bound, err := Bind(t.Params, values)
	if err != nil {
		// A schedule's values may no longer fit a template that was changed since.
		return r.fail(ctx, e, started, Classify(err), "")
	}
	checked, err := r.svc.Check(ctx, t)
	if err != nil {
		return r.fail(ctx, e, started, Classify(err), "")
	}
	if !checked.Agent.IsActive {
		return r.fail(ctx, e, started, queries.Failure{Code: queries.CodeAgentInactive, Message: "the agent is inactive"}, checked.SQL)
	}
	// The one place where executions meet quotas and rate limits (they count as queries).
	if r.opts.Admit != nil {
		if err := r.opts.Admit(ctx, e.OrganizationID); err != nil {
			return r.fail(ctx, e, started, queries.Failure{Code: CodeQuotaExceeded, Message: err.Error()}, checked.SQL)
		}
	}
	a := checked.Agent
	res, err := r.svc.sources.Manager().Query(ctx, checked.DataSource.ID, checked.Config, checked.SQL, checked.Prepared.Args(bound),
		datasource.QueryOptions{Timeout: time.Duration(a.QueryTimeoutSeconds) * time.Second, MaxRows: a.MaxRows})
	if err != nil {
		if ctx.Err() != nil && !errors.Is(err, datasource.ErrTimeout) {
			return err // shutting down: let JetStream redeliver
		}
		return r.fail(ctx, e, started, Classify(err), checked.SQL)
	}
	cols := make([]chart.Column, len(res.Columns))
	for i, c := range res.Columns {
		cols[i] = chart.Column{Name: c.Name, Type: c.Type}
	}
	partial := res.Truncated || strings.Contains(strings.ToUpper(checked.SQL), "LIMIT")
	ch := chart.ChooseWith(cols, res.Rows, chart.Hints{Partial: partial})
	rowsJSON, err := json.Marshal(res.Rows)
	if err != nil {
		return r.fail(ctx, e, started, queries.Failure{Code: queries.CodeExecution, Message: "the result could not be encoded: " + err.Error()}, checked.SQL)
	}
	colsJSON, _ := json.Marshal(res.Columns)
	chartJSON, _ := json.Marshal(ch)
	done := r.svc.now().UTC()
	ev, err := events.NewEvent(e.OrganizationID, events.TemplateExecuted, ExecutedData{TemplateID: t.ID, TemplateName: t.Name,
		ExecutionID: e.ID, Parameters: values, Status: "success", RowCount: res.RowCount})
	if err != nil {
		return err
	}
	fields := map[string]any{"status": store.QueryCompleted, "template_name": t.Name, "agent_id": t.AgentID, "sql_text": checked.SQL,
		"results_json": string(rowsJSON), "columns_json": string(colsJSON), "chart_json": string(chartJSON), "row_count": res.RowCount,
		"truncated": res.Truncated, "execution_time": done.Sub(started).Seconds(), "completed_at": done}
	return r.finish(ctx, e, fields, ev)
}

// finish records the outcome and its event in one transaction, only if nobody finished it first.
func (r *Runner) finish(ctx context.Context, e *store.TemplateExecution, fields map[string]any, ev store.OutboxMessage) error {
	return r.svc.st.Tx(ctx, func(tx *store.Store) error {
		ok, err := tx.UpdateExecution(ctx, e.OrganizationID, e.ID, fields, store.QueryPending, store.QueryRunning)
		if err != nil || !ok {
			return err
		}
		if e.ScheduleRunID != "" {
			if !r.opts.Mail.Enabled() {
				// Nothing to send: the run is finished with the execution, in one commit.
				if err := r.closeRunWithoutMail(ctx, tx, e, fields); err != nil {
					return err
				}
			} else if _, err := tx.UpdateScheduleRun(ctx, e.OrganizationID, e.ScheduleRunID, map[string]any{"status": store.RunDelivering},
				store.RunPending, store.QueryRunning); err != nil {
				return err
			}
		}
		return tx.Emit(ctx, ev)
	})
}

// closeRunWithoutMail records every delivery of a run as skipped and finishes it.
func (r *Runner) closeRunWithoutMail(ctx context.Context, tx *store.Store, e *store.TemplateExecution, fields map[string]any) error {
	run, err := tx.ScheduleRun(ctx, e.OrganizationID, e.ScheduleRunID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	var dl []Delivery
	_ = json.Unmarshal([]byte(run.Deliveries), &dl)
	for i := range dl {
		if dl[i].Status == DeliveryPending {
			dl[i].Status, dl[i].Error = DeliverySkipped, "mail is not configured"
		}
	}
	done := *e
	done.Status, _ = fields["status"].(string)
	done.RowCount, _ = fields["row_count"].(int)
	if name, ok := fields["template_name"].(string); ok {
		done.TemplateName = name
	}
	return r.closeRun(ctx, tx, &done, run, dl)
}

// closeRun finishes a scheduled run with its delivery outcomes and emits template.scheduled,
// once: only a run not yet finished is updated.
func (r *Runner) closeRun(ctx context.Context, tx *store.Store, e *store.TemplateExecution, run *store.ScheduleRun, dl []Delivery) error {
	status, evStatus := store.RunCompleted, "success"
	if e.Status == store.QueryFailed {
		status, evStatus = store.RunFailed, "failed"
	}
	rcpts := make([]string, len(dl))
	for i, d := range dl {
		rcpts[i] = d.Recipient
	}
	ev, err := events.NewEvent(e.OrganizationID, events.TemplateScheduled, ScheduledData{TemplateID: e.TemplateID, TemplateName: e.TemplateName,
		ScheduleID: run.ScheduleID, ExecutionID: e.ID, Status: evStatus, RowCount: e.RowCount, Recipients: rcpts})
	if err != nil {
		return err
	}
	raw, _ := json.Marshal(dl)
	ok, err := tx.UpdateScheduleRun(ctx, e.OrganizationID, run.ID, map[string]any{"deliveries": string(raw), "delivery_attempts": run.DeliveryAttempts + 1,
		"status": status, "finished_at": r.svc.now().UTC()}, store.RunPending, store.QueryRunning, store.RunDelivering)
	if err != nil || !ok {
		return err
	}
	return tx.Emit(ctx, ev)
}

func (r *Runner) fail(ctx context.Context, e *store.TemplateExecution, started time.Time, f queries.Failure, sqlText string) error {
	done := r.svc.now().UTC()
	details, _ := json.Marshal(f.Details)
	values, _ := DecodeValues([]byte(e.Parameters))
	fields := map[string]any{"status": store.QueryFailed, "error_code": f.Code, "error_message": f.Message, "error_details": string(details),
		"execution_time": done.Sub(started).Seconds(), "completed_at": done, "sql_text": sqlText}
	if e.TemplateName != "" {
		fields["template_name"], fields["agent_id"] = e.TemplateName, e.AgentID
	}
	ev, err := events.NewEvent(e.OrganizationID, events.TemplateExecuted, ExecutedData{TemplateID: e.TemplateID, TemplateName: e.TemplateName,
		ExecutionID: e.ID, Parameters: values, Status: "failed", ErrorMessage: f.Message})
	if err != nil {
		return err
	}
	if err := r.finish(ctx, e, fields, ev); err != nil {
		return fmt.Errorf("record failure of %s: %w", e.ID, err)
	}
	return nil
}

// Classify turns an execution error into a failure: parameter and field errors are the
// request's, the rest as the query pipeline classifies them.
func Classify(err error) queries.Failure {
	var pe *ParameterError
	var fe *FieldError
	switch {
	case errors.As(err, &pe):
		return queries.Failure{Code: CodeInvalidParameters, Message: pe.Error(), Details: map[string]any{"parameter": pe.Parameter}}
	case errors.As(err, &fe):
		if fe.Field == "agent_id" {
			return queries.Failure{Code: queries.CodeAgentInactive, Message: fe.Reason}
		}
		return queries.Failure{Code: CodeInvalidParameters, Message: fe.Reason, Details: map[string]any{"field": fe.Field}}
	}
	return queries.Classify(err)
}

var unsafeFileChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// deliver mails a scheduled run's result to each recipient still pending, records each
// outcome, and retries failed recipients with backoff (through JetStream redelivery) until the
// attempts run out; then it finishes the run and emits template.scheduled once.
func (r *Runner) deliver(ctx context.Context, e *store.TemplateExecution) error {
	st := r.svc.st
	run, err := st.ScheduleRun(ctx, e.OrganizationID, e.ScheduleRunID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if run.Status == store.RunCompleted || run.Status == store.RunFailed {
		return nil
	}
	var dl []Delivery
	_ = json.Unmarshal([]byte(run.Deliveries), &dl)
	log := r.opts.Log.With("organization_id", e.OrganizationID, "schedule_id", run.ScheduleID, "execution_id", e.ID)
	var sc *store.TemplateSchedule
	var scErr error
	if r.opts.Mail.Enabled() {
		sc, scErr = st.ScheduleByID(ctx, e.OrganizationID, run.ScheduleID)
	}
	var skip string
	switch {
	case !r.opts.Mail.Enabled():
		skip = "mail is not configured"
	case errors.Is(scErr, store.ErrNotFound):
		skip = "the schedule was deleted"
	case scErr != nil:
		return scErr
	}
	attempt := run.DeliveryAttempts + 1
	pending := false
	if skip != "" {
		for i := range dl {
			if dl[i].Status == DeliveryPending {
				dl[i].Status, dl[i].Error = DeliverySkipped, skip
			}
		}
	} else {
		msg, err := r.report(e, sc, run)
		if err != nil {
			return err
		}
		for i := range dl {
			if dl[i].Status != DeliveryPending {
				continue
			}
			m := msg
			m.To = dl[i].Recipient
			dl[i].Attempts++
			sendCtx, cancel := context.WithTimeout(ctx, time.Minute)
			err := r.opts.Mail.Send(sendCtx, m)
			cancel()
			if err == nil {
				now := r.svc.now().UTC()
				dl[i].Status, dl[i].Error, dl[i].DeliveredAt = DeliveryDelivered, "", &now
				continue
			}
			dl[i].Error = err.Error()
			log.Warn("report delivery failed", "recipient", dl[i].Recipient, "attempt", dl[i].Attempts, "err", err)
			if attempt > len(r.opts.RetryDelays) {
				dl[i].Status = DeliveryFailed
			} else {
				pending = true
			}
		}
	}
	raw, _ := json.Marshal(dl)
	if pending {
		if _, err := st.UpdateScheduleRun(ctx, e.OrganizationID, run.ID, map[string]any{"deliveries": string(raw), "delivery_attempts": attempt},
			store.RunPending, store.QueryRunning, store.RunDelivering); err != nil {
			return err
		}
		return &events.RetryError{Delay: r.opts.RetryDelays[attempt-1], Err: errors.New("some recipients are still to be delivered")}
	}
	run.DeliveryAttempts = attempt - 1
	return st.Tx(ctx, func(tx *store.Store) error { return r.closeRun(ctx, tx, e, run, dl) })
}

// report builds the mail of a run (without its recipient).
func (r *Runner) report(e *store.TemplateExecution, sc *store.TemplateSchedule, run *store.ScheduleRun) (mail.Message, error) {
	dec, err := DecodeSchedule(sc)
	if err != nil {
		return mail.Message{}, err
	}
	loc, err := time.LoadLocation(dec.SpecV.Timezone)
	if err != nil {
		loc = time.UTC
	}
	values, _ := DecodeValues([]byte(e.Parameters))
	rm := ReportMail{TemplateName: e.TemplateName, Parameters: values, RunAt: run.DueAt.In(loc), ExecutionID: e.ID,
		RowCount: e.RowCount, Truncated: e.Truncated}
	var atts []mail.Attachment
	if e.Status == store.QueryFailed {
		rm.Failed = e.ErrorMessage
	} else {
		table, err := DecodeTable(e.ColumnsJSON, e.ResultsJSON)
		if err != nil {
			return mail.Message{}, err
		}
		rm.Table = table
		base := strings.Trim(unsafeFileChars.ReplaceAllString(e.TemplateName, "-"), "-")
		if base == "" {
			base = "report"
		}
		base += "-" + run.DueAt.In(loc).Format("2006-01-02")
		name, ctype, data, err := table.Attachment(sc.Format, base)
		if err != nil {
			return mail.Message{}, fmt.Errorf("render %s attachment: %w", sc.Format, err)
		}
		if len(data) > r.opts.MaxAttachment {
			rm.TooLarge = true
		} else {
			atts = append(atts, mail.Attachment{Filename: name, ContentType: ctype, Data: data})
		}
	}
	text, html, err := rm.Bodies()
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: rm.Subject(), Text: text, HTML: html, Attachments: atts}, nil
}
