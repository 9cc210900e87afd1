package store

import (
	"context"
	"time"
)

// Query is one question asked through an agent, with its outcome.
type Query struct {
	ID             string `gorm:"primaryKey"`
	OrganizationID string
	AgentID        string
	UserID         string
	Question       string
	Status         string // pending, running, completed, failed
	IncludeSQL     bool   `gorm:"column:include_sql"`
	IncludeChart   bool
	SQLText        string `gorm:"column:sql_text"`
	Explanation    string
	ColumnsJSON    string `gorm:"column:columns_json"`
	ResultsJSON    string `gorm:"column:results_json"`
	ChartJSON      string `gorm:"column:chart_json"`
	RowCount       int
	Truncated      bool
	ExecutionTime  float64
	GenerationMS   float64 `gorm:"column:generation_ms"`
	GuardMS        float64 `gorm:"column:guard_ms"`
	ExecutionMS    float64 `gorm:"column:execution_ms"`
	ErrorCode      string
	ErrorMessage   string
	ErrorDetails   string
	CreatedAt      time.Time
	StartedAt      *time.Time
	CompletedAt    *time.Time
	// TemplateID is the template that answered the question instead of the engine ("" when
	// the engine did).
	TemplateID string
}

// Query statuses.
const (
	QueryPending   = "pending"
	QueryRunning   = "running"
	QueryCompleted = "completed"
	QueryFailed    = "failed"
)

// CreateQuery inserts a query.
func (s *Store) CreateQuery(ctx context.Context, q *Query) error {
	return translate(s.ctx(ctx).Create(q).Error)
}

// Query reads a query of the organization.
func (s *Store) Query(ctx context.Context, orgID, id string) (*Query, error) {
	var q Query
	if err := s.tenant(ctx, orgID).First(&q, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &q, nil
}

// StartQuery marks a pending query running and returns it, in one statement; nil (and no error)
// when the query does not exist or is not pending.
func (s *Store) StartQuery(ctx context.Context, orgID, id string, at time.Time) (*Query, error) {
	var q []Query
	defer s.lockWrites(ctx)()
	err := s.ctx(ctx).Raw(`UPDATE queries SET status = ?, started_at = ? WHERE organization_id = ? AND id = ? AND status = ? RETURNING *`,
		QueryRunning, at, orgID, id, QueryPending).Scan(&q).Error
	if err != nil || len(q) == 0 {
		return nil, translate(err)
	}
	return &q[0], nil
}

// UpdateQuery writes columns of a query; onlyStatus, when set, makes the update conditional on
// the current status (so a redelivered command does not redo a finished query).
func (s *Store) UpdateQuery(ctx context.Context, orgID, id string, fields map[string]any, onlyStatus ...string) (bool, error) {
	q := s.tenant(ctx, orgID).Model(&Query{}).Where("id = ?", id)
	if len(onlyStatus) > 0 {
		q = q.Where("status IN ?", onlyStatus)
	}
	defer s.lockWrites(ctx)()
	res := q.Updates(fields)
	return res.RowsAffected == 1, translate(res.Error)
}

// QueryFilter narrows the query history.
type QueryFilter struct {
	AgentID, Status, UserID string
	Limit, Offset           int
}

// Queries lists the history, newest first.
func (s *Store) Queries(ctx context.Context, orgID string, f QueryFilter) ([]Query, int64, error) {
	q := s.tenant(ctx, orgID).Model(&Query{})
	if f.AgentID != "" {
		q = q.Where("agent_id = ?", f.AgentID)
	}
	if f.Status != "" {
		q = q.Where("status = ?", f.Status)
	}
	if f.UserID != "" {
		q = q.Where("user_id = ?", f.UserID)
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var out []Query
	err := q.Select("id, organization_id, agent_id, user_id, question, status, row_count, execution_time, error_code, error_message, created_at, completed_at").
		Order("created_at DESC, id").Limit(f.Limit).Offset(f.Offset).Find(&out).Error
	return out, total, err
}

// QueryOutcome is the part of a finished query that statistics need.
type QueryOutcome struct {
	UserID        string
	Question      string
	Status        string
	ErrorCode     string
	RowCount      int
	ExecutionTime float64
}

// QueryOutcomes returns the finished queries of an agent in [from, to), at most limit of the
// newest.
func (s *Store) QueryOutcomes(ctx context.Context, orgID, agentID string, from, to time.Time, limit int) ([]QueryOutcome, error) {
	var out []QueryOutcome
	err := s.tenant(ctx, orgID).Model(&Query{}).
		Select("user_id, question, status, error_code, row_count, execution_time").
		Where("agent_id = ? AND status IN ? AND created_at >= ? AND created_at < ?", agentID, []string{QueryCompleted, QueryFailed}, from, to).
		Order("created_at DESC").Limit(limit).Scan(&out).Error
	return out, err
}
