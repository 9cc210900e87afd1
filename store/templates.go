package store

import (
	"context"
	"time"

	"gorm.io/gorm/clause"
)

// Template is saved, parameterized SQL over an agent.
type Template struct {
	ID               string `gorm:"primaryKey"`
	OrganizationID   string
	AgentID          string
	Name             string
	Description      string
	SQLText          string `gorm:"column:sql_text"`
	Parameters       string // JSON
	ExampleQuestions string // JSON
	CreatedBy        string
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// TemplateExecution is one run of a template, on demand or scheduled.
type TemplateExecution struct {
	ID             string `gorm:"primaryKey"`
	OrganizationID string
	TemplateID     string
	TemplateName   string
	AgentID        string
	UserID         string
	ScheduleRunID  string
	Parameters     string // JSON
	Status         string // pending, running, completed, failed (as queries)
	SQLText        string `gorm:"column:sql_text"`
	ColumnsJSON    string `gorm:"column:columns_json"`
	ResultsJSON    string `gorm:"column:results_json"`
	ChartJSON      string `gorm:"column:chart_json"`
	RowCount       int
	Truncated      bool
	ExecutionTime  float64
	ErrorCode      string
	ErrorMessage   string
	ErrorDetails   string
	CreatedAt      time.Time
	StartedAt      *time.Time
	CompletedAt    *time.Time
}

// TemplateSchedule runs a template on a calendar and mails the result.
type TemplateSchedule struct {
	ID             string `gorm:"primaryKey"`
	OrganizationID string
	TemplateID     string
	Spec           string // JSON
	Recipients     string // JSON
	Format         string
	Parameters     string // JSON
	Enabled        bool
	NextRunAt      time.Time
	LastRunAt      *time.Time
	CreatedBy      string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// ScheduleRun is one due tick of a schedule.
type ScheduleRun struct {
	ID               string `gorm:"primaryKey"`
	OrganizationID   string
	ScheduleID       string
	TemplateID       string
	DueAt            time.Time
	ExecutionID      string
	Status           string // pending, running, delivering, completed, failed
	Deliveries       string // JSON
	DeliveryAttempts int
	CreatedAt        time.Time
	StartedAt        *time.Time
	FinishedAt       *time.Time
}

// Schedule run statuses.
const (
	RunPending    = "pending"
	RunDelivering = "delivering"
	RunCompleted  = "completed"
	RunFailed     = "failed"
)

// CreateTemplate inserts a template.
func (s *Store) CreateTemplate(ctx context.Context, t *Template) error {
	defer s.accessChanging(ctx, orgScope(t.OrganizationID))()
	return translate(s.ctx(ctx).Create(t).Error)
}

// Template reads a template of the organization.
func (s *Store) Template(ctx context.Context, orgID, id string) (*Template, error) {
	var t Template
	if err := s.tenant(ctx, orgID).First(&t, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &t, nil
}

// TemplateFilter narrows the template list. AgentIDs, when not nil, limits it to those agents
// (the agents a non-admin is assigned to).
type TemplateFilter struct {
	AgentID       string
	AgentIDs      []string
	Limit, Offset int
}

// Templates lists templates, newest first, with the total.
func (s *Store) Templates(ctx context.Context, orgID string, f TemplateFilter) ([]Template, int64, error) {
	q := s.tenant(ctx, orgID).Model(&Template{})
	if f.AgentID != "" {
		q = q.Where("agent_id = ?", f.AgentID)
	}
	if f.AgentIDs != nil {
		if len(f.AgentIDs) == 0 {
			return nil, 0, nil
		}
		q = q.Where("agent_id IN ?", f.AgentIDs)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var out []Template
	err := q.Order("created_at DESC, id").Limit(f.Limit).Offset(f.Offset).Find(&out).Error
	return out, total, err
}

// TemplateVersion is a template's id and when it last changed.
type TemplateVersion struct {
	ID        string
	UpdatedAt time.Time
}

// AgentTemplateVersions lists the templates of an agent, newest first: the candidates for
// answering its questions. It runs for every question, so it reads only the index
// templates_agent_idx, which holds every column it needs: an agent without templates costs one
// empty index probe, and one with templates no table reads. The caller reads a template in full
// only when its version is new to it.
func (s *Store) AgentTemplateVersions(ctx context.Context, orgID, agentID string) ([]TemplateVersion, error) {
	var out []TemplateVersion
	err := s.tenant(ctx, orgID).Model(&Template{}).Select("id", "updated_at").
		Where("agent_id = ?", agentID).Order("created_at DESC, id").Find(&out).Error
	return out, err
}

// UpdateTemplate writes columns of a template.
func (s *Store) UpdateTemplate(ctx context.Context, orgID, id string, fields map[string]any) error {
	defer s.accessChanging(ctx, orgScope(orgID))()
	res := s.tenant(ctx, orgID).Model(&Template{}).Where("id = ?", id).Updates(fields)
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrNotFound
	}
	return translate(res.Error)
}

// DeleteTemplate deletes a template and its schedules; executions stay as history.
func (s *Store) DeleteTemplate(ctx context.Context, orgID, id string) error {
	return s.Tx(ctx, func(tx *Store) error {
		defer tx.accessChanging(ctx, orgScope(orgID))()
		res := tx.tenant(ctx, orgID).Where("id = ?", id).Delete(&Template{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		return tx.tenant(ctx, orgID).Where("template_id = ?", id).Delete(&TemplateSchedule{}).Error
	})
}

// CreateExecution inserts an execution.
func (s *Store) CreateExecution(ctx context.Context, e *TemplateExecution) error {
	return translate(s.ctx(ctx).Create(e).Error)
}

// Execution reads an execution of the organization.
func (s *Store) Execution(ctx context.Context, orgID, id string) (*TemplateExecution, error) {
	var e TemplateExecution
	if err := s.tenant(ctx, orgID).First(&e, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &e, nil
}

// UpdateExecution writes columns of an execution, only while its status is one of onlyStatus
// (so a redelivered command does not redo a finished run).
func (s *Store) UpdateExecution(ctx context.Context, orgID, id string, fields map[string]any, onlyStatus ...string) (bool, error) {
	q := s.tenant(ctx, orgID).Model(&TemplateExecution{}).Where("id = ?", id)
	if len(onlyStatus) > 0 {
		q = q.Where("status IN ?", onlyStatus)
	}
	res := q.Updates(fields)
	return res.RowsAffected == 1, translate(res.Error)
}

// Executions lists a template's executions, newest first, without their rows.
func (s *Store) Executions(ctx context.Context, orgID, templateID string, limit, offset int) ([]TemplateExecution, int64, error) {
	q := s.tenant(ctx, orgID).Model(&TemplateExecution{}).Where("template_id = ?", templateID)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var out []TemplateExecution
	err := q.Omit("results_json", "columns_json", "chart_json").Order("created_at DESC, id").Limit(limit).Offset(offset).Find(&out).Error
	return out, total, err
}

// CreateSchedule inserts a schedule.
func (s *Store) CreateSchedule(ctx context.Context, sc *TemplateSchedule) error {
	return translate(s.ctx(ctx).Create(sc).Error)
}

// Schedule reads a schedule of a template of the organization.
func (s *Store) Schedule(ctx context.Context, orgID, templateID, id string) (*TemplateSchedule, error) {
	var sc TemplateSchedule
	if err := s.tenant(ctx, orgID).First(&sc, "id = ? AND template_id = ?", id, templateID).Error; err != nil {
		return nil, translate(err)
	}
	return &sc, nil
}

// ScheduleByID reads a schedule of the organization by id alone (workers).
func (s *Store) ScheduleByID(ctx context.Context, orgID, id string) (*TemplateSchedule, error) {
	var sc TemplateSchedule
	if err := s.tenant(ctx, orgID).First(&sc, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &sc, nil
}

// Schedules lists a template's schedules, oldest first.
func (s *Store) Schedules(ctx context.Context, orgID, templateID string) ([]TemplateSchedule, error) {
	var out []TemplateSchedule
	err := s.tenant(ctx, orgID).Where("template_id = ?", templateID).Order("created_at, id").Find(&out).Error
	return out, err
}

// UpdateSchedule writes columns of a schedule.
func (s *Store) UpdateSchedule(ctx context.Context, orgID, id string, fields map[string]any) error {
	res := s.tenant(ctx, orgID).Model(&TemplateSchedule{}).Where("id = ?", id).Updates(fields)
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrNotFound
	}
	return translate(res.Error)
}

// DeleteSchedule deletes a schedule; its runs stay as history.
func (s *Store) DeleteSchedule(ctx context.Context, orgID, templateID, id string) error {
	res := s.tenant(ctx, orgID).Where("id = ? AND template_id = ?", id, templateID).Delete(&TemplateSchedule{})
	if res.Error == nil && res.RowsAffected == 0 {
		return ErrNotFound
	}
	return translate(res.Error)
}

// DueSchedules reads up to limit enabled schedules due at now, oldest due first. Inside Tx on
// PostgreSQL the rows are locked with SKIP LOCKED, so concurrent schedulers take disjoint
// batches; SQLite has a single writer, and AdvanceSchedule's condition settles any race.
func (s *Store) DueSchedules(ctx context.Context, now time.Time, limit int) ([]TemplateSchedule, error) {
	q := s.ctx(ctx).Where("enabled = ? AND next_run_at <= ?", true, now).Order("next_run_at, id").Limit(limit)
	if s.dialect == Postgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
	}
	var out []TemplateSchedule
	err := q.Find(&out).Error
	return out, err
}

// AnyDueSchedule reports whether some enabled schedule is due at now (a read, so idle
// schedulers do not take SQLite's write lock every second).
func (s *Store) AnyDueSchedule(ctx context.Context, now time.Time) (bool, error) {
	var ids []string
	err := s.ctx(ctx).Model(&TemplateSchedule{}).Where("enabled = ? AND next_run_at <= ?", true, now).Limit(1).Pluck("id", &ids).Error
	return len(ids) > 0, err
}

// AdvanceSchedules moves the next run of schedules from due to next, only for those still due
// at due: the claim of their ticks. It returns how many it claimed.
func (s *Store) AdvanceSchedules(ctx context.Context, ids []string, due, ranAt, next time.Time) (int64, error) {
	res := s.ctx(ctx).Model(&TemplateSchedule{}).Where("id IN ? AND enabled = ? AND next_run_at = ?", ids, true, due).
		Updates(map[string]any{"next_run_at": next, "last_run_at": ranAt})
	return res.RowsAffected, translate(res.Error)
}

// CreateScheduleRuns inserts runs and the executions of those it inserted. A run whose tick is
// already recorded (unique schedule and due time) is skipped with its execution, so one such
// row never blocks the rest of a batch. It returns the ids of the runs it inserted.
func (s *Store) CreateScheduleRuns(ctx context.Context, runs []ScheduleRun, execs []TemplateExecution) (map[string]bool, error) {
	inserted := map[string]bool{}
	if len(runs) == 0 {
		return inserted, nil
	}
	if err := s.ctx(ctx).Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(runs, 500).Error; err != nil {
		return nil, translate(err)
	}
	ids := make([]string, len(runs))
	ours := map[string]string{}
	for i, r := range runs {
		ids[i] = r.ID
		ours[r.ID] = r.ExecutionID
	}
	var got []ScheduleRun
	if err := s.ctx(ctx).Select("id, execution_id").Where("id IN ?", ids).Find(&got).Error; err != nil {
		return nil, err
	}
	for _, r := range got {
		if ours[r.ID] == r.ExecutionID {
			inserted[r.ID] = true
		}
	}
	keep := make([]TemplateExecution, 0, len(execs))
	for _, e := range execs {
		if inserted[e.ScheduleRunID] {
			keep = append(keep, e)
		}
	}
	if len(keep) == 0 {
		return inserted, nil
	}
	return inserted, translate(s.ctx(ctx).CreateInBatches(keep, 500).Error)
}

// ScheduleRun reads a run of the organization.
func (s *Store) ScheduleRun(ctx context.Context, orgID, id string) (*ScheduleRun, error) {
	var r ScheduleRun
	if err := s.tenant(ctx, orgID).First(&r, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &r, nil
}

// UpdateScheduleRun writes columns of a run, only while its status is one of onlyStatus.
func (s *Store) UpdateScheduleRun(ctx context.Context, orgID, id string, fields map[string]any, onlyStatus ...string) (bool, error) {
	q := s.tenant(ctx, orgID).Model(&ScheduleRun{}).Where("id = ?", id)
	if len(onlyStatus) > 0 {
		q = q.Where("status IN ?", onlyStatus)
	}
	res := q.Updates(fields)
	return res.RowsAffected == 1, translate(res.Error)
}

// ScheduleRuns lists a schedule's runs, newest due first.
func (s *Store) ScheduleRuns(ctx context.Context, orgID, scheduleID string, limit, offset int) ([]ScheduleRun, int64, error) {
	q := s.tenant(ctx, orgID).Model(&ScheduleRun{}).Where("schedule_id = ?", scheduleID)
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var out []ScheduleRun
	err := q.Order("due_at DESC, id").Limit(limit).Offset(offset).Find(&out).Error
	return out, total, err
}
