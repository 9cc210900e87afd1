package templates

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/store"
)

// ScheduleInput is a schedule as created or patched; nil fields are left unchanged by Update.
type ScheduleInput struct {
	Spec       *Spec
	Recipients *[]string
	Format     *string
	Parameters *map[string]any
	Enabled    *bool
}

// Schedule is a decoded schedule.
type Schedule struct {
	store.TemplateSchedule
	SpecV       Spec
	RecipientsV []string
	ParamsV     map[string]any
}

// DecodeSchedule reads a stored schedule.
func DecodeSchedule(sc *store.TemplateSchedule) (*Schedule, error) {
	out := &Schedule{TemplateSchedule: *sc}
	if err := json.Unmarshal([]byte(sc.Spec), &out.SpecV); err != nil {
		return nil, fmt.Errorf("decode schedule %s: %w", sc.ID, err)
	}
	_ = json.Unmarshal([]byte(sc.Recipients), &out.RecipientsV)
	vals, err := DecodeValues([]byte(sc.Parameters))
	if err != nil {
		return nil, fmt.Errorf("decode schedule %s parameters: %w", sc.ID, err)
	}
	out.ParamsV = vals
	return out, nil
}

// CreateSchedule validates and stores a schedule of a template.
func (s *Service) CreateSchedule(ctx context.Context, t *Template, userID string, in ScheduleInput) (*Schedule, error) {
	if in.Spec == nil {
		return nil, fieldErr("schedule", "schedule is required")
	}
	if in.Recipients == nil {
		return nil, fieldErr("recipients", "at least one recipient is required")
	}
	c, err := Compile(*in.Spec)
	if err != nil {
		return nil, err
	}
	rcpts, err := ValidateRecipients(*in.Recipients)
	if err != nil {
		return nil, err
	}
	format := ""
	if in.Format != nil {
		format = *in.Format
	}
	if format, err = ValidateFormat(format); err != nil {
		return nil, fieldErr("format", "%v", err)
	}
	params := map[string]any{}
	if in.Parameters != nil && *in.Parameters != nil {
		params = *in.Parameters
	}
	if _, err := Bind(t.Params, params); err != nil {
		return nil, err
	}
	now := s.now().UTC()
	specRaw, _ := json.Marshal(c.Spec)
	rRaw, _ := json.Marshal(rcpts)
	pRaw, _ := json.Marshal(params)
	sc := &store.TemplateSchedule{ID: ids.New(ids.Schedule), OrganizationID: t.OrganizationID, TemplateID: t.ID, Spec: string(specRaw),
		Recipients: string(rRaw), Format: format, Parameters: string(pRaw), Enabled: true, NextRunAt: c.Next(now),
		CreatedBy: userID, CreatedAt: now, UpdatedAt: now}
	if in.Enabled != nil {
		sc.Enabled = *in.Enabled
	}
	if err := s.st.CreateSchedule(ctx, sc); err != nil {
		return nil, err
	}
	return DecodeSchedule(sc)
}

// UpdateSchedule changes a schedule: pause or resume it (enabled), or change when, to whom,
// in which format or with which values it runs. A changed calendar or a resume computes the
// next run from now: ticks missed while paused do not run.
func (s *Service) UpdateSchedule(ctx context.Context, t *Template, id string, in ScheduleInput) (*Schedule, error) {
	stored, err := s.st.Schedule(ctx, t.OrganizationID, t.ID, id)
	if err != nil {
		return nil, err
	}
	cur, err := DecodeSchedule(stored)
	if err != nil {
		return nil, err
	}
	fields := map[string]any{}
	spec := cur.SpecV
	recompute := false
	if in.Spec != nil {
		spec = *in.Spec
		recompute = true
	}
	c, err := Compile(spec)
	if err != nil {
		return nil, err
	}
	if in.Spec != nil {
		raw, _ := json.Marshal(c.Spec)
		fields["spec"] = string(raw)
	}
	if in.Recipients != nil {
		rcpts, err := ValidateRecipients(*in.Recipients)
		if err != nil {
			return nil, err
		}
		raw, _ := json.Marshal(rcpts)
		fields["recipients"] = string(raw)
	}
	if in.Format != nil {
		f, err := ValidateFormat(*in.Format)
		if err != nil {
			return nil, fieldErr("format", "%v", err)
		}
		fields["format"] = f
	}
	if in.Parameters != nil {
		params := *in.Parameters
		if params == nil {
			params = map[string]any{}
		}
		if _, err := Bind(t.Params, params); err != nil {
			return nil, err
		}
		raw, _ := json.Marshal(params)
		fields["parameters"] = string(raw)
	}
	if in.Enabled != nil && *in.Enabled != cur.Enabled {
		fields["enabled"] = *in.Enabled
		if *in.Enabled {
			recompute = true
		}
	}
	now := s.now().UTC()
	if recompute {
		fields["next_run_at"] = c.Next(now)
	}
	if len(fields) > 0 {
		fields["updated_at"] = now
		if err := s.st.UpdateSchedule(ctx, t.OrganizationID, id, fields); err != nil {
			return nil, err
		}
	}
	stored, err = s.st.Schedule(ctx, t.OrganizationID, t.ID, id)
	if err != nil {
		return nil, err
	}
	return DecodeSchedule(stored)
}

// Delivery is the outcome of one recipient of a scheduled run.
type Delivery struct {
	Recipient   string     `json:"recipient"`
	Status      string     `json:"status"` // pending, delivered, failed, skipped
	Attempts    int        `json:"attempts"`
	Error       string     `json:"error,omitempty"`
	DeliveredAt *time.Time `json:"delivered_at,omitempty"`
}

// Delivery statuses.
const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
	DeliverySkipped   = "skipped"
)

// Scheduler turns due schedule ticks into runs. Every process running the schedule worker
// calls Tick; claims are atomic in the database, so each tick becomes exactly one run.
type Scheduler struct {
	st    *store.Store
	now   func() time.Time
	batch int
}

// NewScheduler builds a scheduler; now is the clock (injected in tests), batch bounds the
// schedules claimed per transaction (default 200).
func NewScheduler(st *store.Store, now func() time.Time, batch int) *Scheduler {
	if now == nil {
		now = time.Now
	}
	if batch <= 0 {
		batch = 200
	}
	return &Scheduler{st: st, now: now, batch: batch}
}

// errClaimRace rolls back a batch in which another scheduler claimed a row first (possible
// only without row locks); the next tick retries.
var errClaimRace = errors.New("a schedule was claimed by another scheduler; retrying")

// TickID is the deduplication id of a schedule's tick: the Nats-Msg-Id of its run command and
// the outbox row id.
func TickID(scheduleID string, due time.Time) string {
	return scheduleID + "-" + strconv.FormatInt(due.Unix(), 10)
}

// Tick claims up to one batch of due schedules and queues their runs. In one transaction per
// batch it advances each schedule's next_run_at (conditionally on the value it read), inserts
// the run (unique per schedule and due time) and its execution, and writes the run command to
// the outbox with the tick's id. After downtime only the latest missed tick runs. It returns how
// many runs it queued.
func (s *Scheduler) Tick(ctx context.Context) (int, error) {
	now := s.now().UTC()
	if due, err := s.st.AnyDueSchedule(ctx, now); err != nil || !due {
		return 0, err
	}
	queued := 0
	err := s.st.Tx(ctx, func(tx *store.Store) error {
		due, err := tx.DueSchedules(ctx, now, s.batch)
		if err != nil {
			return fmt.Errorf("read due schedules: %w", err)
		}
		var runs []store.ScheduleRun
		var execs []store.TemplateExecution
		var msgs []store.OutboxMessage
		// Claims are grouped by (current, next) run time so a burst of alike schedules is
		// claimed in a few statements. The rows are locked by this transaction (PostgreSQL) or
		// by SQLite's single writer, so a group claims all its rows; anything else rolls the
		// batch back for the next tick.
		type key struct{ cur, next int64 }
		groups := map[key][]string{}
		var order []key
		for _, sc := range due {
			var spec Spec
			c, err := func() (*Compiled, error) {
				if err := json.Unmarshal([]byte(sc.Spec), &spec); err != nil {
					return nil, err
				}
				return Compile(spec)
			}()
			if err != nil {
				// A stored spec that no longer compiles (a zone removed from tzdata): pause it
				// rather than retry forever.
				if err := tx.UpdateSchedule(ctx, sc.OrganizationID, sc.ID, map[string]any{"enabled": false, "updated_at": now}); err != nil {
					return err
				}
				continue
			}
			tick := c.LatestDue(sc.NextRunAt.UTC(), now)
			next := c.Next(tick)
			if next.IsZero() {
				next = tick.Add(100 * 365 * 24 * time.Hour)
			}
			k := key{sc.NextRunAt.UnixNano(), next.UnixNano()}
			if _, ok := groups[k]; !ok {
				order = append(order, k)
			}
			groups[k] = append(groups[k], sc.ID)
			runID := TickID(sc.ID, tick)
			execID := ids.New(ids.Execution)
			var rcpts []string
			_ = json.Unmarshal([]byte(sc.Recipients), &rcpts)
			dl := make([]Delivery, len(rcpts))
			for i, r := range rcpts {
				dl[i] = Delivery{Recipient: r, Status: DeliveryPending}
			}
			dlRaw, _ := json.Marshal(dl)
			runs = append(runs, store.ScheduleRun{ID: runID, OrganizationID: sc.OrganizationID, ScheduleID: sc.ID, TemplateID: sc.TemplateID,
				DueAt: tick, ExecutionID: execID, Status: store.RunPending, Deliveries: string(dlRaw), CreatedAt: now})
			execs = append(execs, store.TemplateExecution{ID: execID, OrganizationID: sc.OrganizationID, TemplateID: sc.TemplateID,
				ScheduleRunID: runID, Parameters: sc.Parameters, Status: store.QueryPending, CreatedAt: now})
			cmd, err := events.NewCommand(sc.OrganizationID, RunCommand, RunRequest{ExecutionID: execID})
			if err != nil {
				return err
			}
			cmd.ID = runID
			msgs = append(msgs, cmd)
		}
		for _, k := range order {
			idList := groups[k]
			n, err := tx.AdvanceSchedules(ctx, idList, time.Unix(0, k.cur).UTC(), now, time.Unix(0, k.next).UTC())
			if err != nil {
				return fmt.Errorf("claim schedules: %w", err)
			}
			if n != int64(len(idList)) {
				return errClaimRace
			}
		}
		inserted, err := tx.CreateScheduleRuns(ctx, runs, execs)
		if err != nil {
			return fmt.Errorf("record runs: %w", err)
		}
		keep := msgs[:0]
		for _, m := range msgs {
			if inserted[m.ID] { // a command's id is its run's id
				keep = append(keep, m)
			}
		}
		queued = len(keep)
		return tx.Emit(ctx, keep...)
	})
	if errors.Is(err, errClaimRace) {
		return 0, nil
	}
	return queued, err
}
