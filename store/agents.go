package store

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// Agent is the stored configuration of an AI agent. AllowedTables and ColumnPermissions are JSON.
type Agent struct {
	ID                  string `gorm:"primaryKey"`
	OrganizationID      string
	Name                string
	Description         string
	AgentType           string
	DataSourceID        string
	SystemPrompt        string
	AllowedTables       string
	ColumnPermissions   string
	IsActive            bool
	QueryTimeoutSeconds int
	MaxRows             int
	CreatedBy           string
	ClonedFrom          string
	CreatedAt           time.Time
	UpdatedAt           time.Time
	DeletedAt           *time.Time
}

// AgentAssignment links a user to an agent.
type AgentAssignment struct {
	AgentID        string `gorm:"primaryKey"`
	UserID         string `gorm:"primaryKey"`
	OrganizationID string
	AssignedBy     string
	AssignedAt     time.Time
}

// AgentFilter narrows a list of agents.
type AgentFilter struct {
	IsActive     *bool
	AgentType    string
	DataSourceID string
	// AssignedTo, when set, keeps only agents assigned to that user (analysts and viewers).
	AssignedTo    string
	Limit, Offset int
}

// CreateAgent inserts an agent.
func (s *Store) CreateAgent(ctx context.Context, a *Agent) error {
	return translate(s.ctx(ctx).Create(a).Error)
}

// Agent reads a live (not deleted) agent of the organization.
func (s *Store) Agent(ctx context.Context, orgID, id string) (*Agent, error) {
	var a Agent
	if err := s.tenant(ctx, orgID).Where("deleted_at IS NULL").First(&a, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &a, nil
}

// Agents lists live agents with filters, newest first.
func (s *Store) Agents(ctx context.Context, orgID string, f AgentFilter) ([]Agent, int64, error) {
	q := s.tenant(ctx, orgID).Model(&Agent{}).Where("deleted_at IS NULL")
	if f.IsActive != nil {
		q = q.Where("is_active = ?", *f.IsActive)
	}
	if f.AgentType != "" {
		q = q.Where("agent_type = ?", f.AgentType)
	}
	if f.DataSourceID != "" {
		q = q.Where("data_source_id = ?", f.DataSourceID)
	}
	if f.AssignedTo != "" {
		q = q.Where("id IN (?)", s.ctx(ctx).Model(&AgentAssignment{}).Select("agent_id").Where("user_id = ?", f.AssignedTo))
	}
	var total int64
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	var out []Agent
	err := q.Order("created_at DESC, id").Limit(f.Limit).Offset(f.Offset).Find(&out).Error
	return out, total, err
}

// UpdateAgent writes columns of a live agent.
func (s *Store) UpdateAgent(ctx context.Context, orgID, id string, fields map[string]any) error {
	defer s.accessChanging(ctx, orgScope(orgID))()
	fields["updated_at"] = time.Now().UTC()
	res := s.tenant(ctx, orgID).Model(&Agent{}).Where("id = ? AND deleted_at IS NULL", id).Updates(fields)
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// DeleteAgent drops an agent's configuration and hides it, keeping the row (its name and type)
// so assignments and query history that point at it still read well.
func (s *Store) DeleteAgent(ctx context.Context, orgID, id string) error {
	now := time.Now().UTC()
	return s.UpdateAgent(ctx, orgID, id, map[string]any{
		"deleted_at": now, "is_active": false, "system_prompt": "", "allowed_tables": "[]",
		"column_permissions": "{}", "data_source_id": "",
	})
}

// AgentsUsingDataSource lists live agents bound to a data source.
func (s *Store) AgentsUsingDataSource(ctx context.Context, orgID, dsID string) ([]string, error) {
	var ids []string
	err := s.tenant(ctx, orgID).Model(&Agent{}).Where("data_source_id = ? AND deleted_at IS NULL", dsID).Pluck("id", &ids).Error
	return ids, err
}

// Assign adds assignments that do not exist yet and returns the user ids newly assigned.
func (s *Store) Assign(ctx context.Context, orgID, agentID, by string, userIDs []string) ([]string, error) {
	defer s.accessChanging(ctx, orgScope(orgID))()
	var added []string
	err := s.ctx(ctx).Transaction(func(tx *gorm.DB) error {
		for _, uid := range userIDs {
			a := AgentAssignment{AgentID: agentID, UserID: uid, OrganizationID: orgID, AssignedBy: by, AssignedAt: time.Now().UTC()}
			res := tx.Where(AgentAssignment{AgentID: agentID, UserID: uid}).FirstOrCreate(&a)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 1 {
				added = append(added, uid)
			}
		}
		return nil
	})
	return added, err
}

// Unassign removes an assignment.
func (s *Store) Unassign(ctx context.Context, orgID, agentID, userID string) error {
	defer s.accessChanging(ctx, orgScope(orgID))()
	res := s.tenant(ctx, orgID).Where("agent_id = ? AND user_id = ?", agentID, userID).Delete(&AgentAssignment{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// IsAssigned reports whether the user is assigned to the agent.
func (s *Store) IsAssigned(ctx context.Context, orgID, agentID, userID string) (bool, error) {
	var n int64
	err := s.tenant(ctx, orgID).Model(&AgentAssignment{}).Where("agent_id = ? AND user_id = ?", agentID, userID).Count(&n).Error
	return n > 0, err
}

// AssignedUser is a user with the time of an assignment.
type AssignedUser struct {
	User
	AssignedAt time.Time
}

// AgentUsers lists the users assigned to an agent.
func (s *Store) AgentUsers(ctx context.Context, orgID, agentID string) ([]AssignedUser, error) {
	var out []AssignedUser
	err := s.ctx(ctx).Table("agent_assignments AS aa").
		Select("users.*, aa.assigned_at AS assigned_at").
		Joins("JOIN users ON users.id = aa.user_id").
		Where("aa.organization_id = ? AND aa.agent_id = ?", orgID, agentID).
		Order("aa.assigned_at, users.id").Scan(&out).Error
	return out, err
}

// AssignedAgent is an agent with the time of an assignment; Deleted is set when the agent was
// deleted after the assignment.
type AssignedAgent struct {
	ID         string
	Name       string
	AgentType  string
	AssignedAt time.Time
	DeletedAt  *time.Time
}

// UserAgents lists the agents assigned to a user, deleted ones included.
func (s *Store) UserAgents(ctx context.Context, orgID, userID string) ([]AssignedAgent, error) {
	var out []AssignedAgent
	err := s.ctx(ctx).Table("agent_assignments AS aa").
		Select("agents.id AS id, agents.name AS name, agents.agent_type AS agent_type, aa.assigned_at AS assigned_at, agents.deleted_at AS deleted_at").
		Joins("JOIN agents ON agents.id = aa.agent_id").
		Where("aa.organization_id = ? AND aa.user_id = ?", orgID, userID).
		Order("aa.assigned_at, agents.id").Scan(&out).Error
	return out, err
}

// CountAssignedUsers counts an agent's assignments.
func (s *Store) CountAssignedUsers(ctx context.Context, orgID, agentID string) (int64, error) {
	var n int64
	err := s.tenant(ctx, orgID).Model(&AgentAssignment{}).Where("agent_id = ?", agentID).Count(&n).Error
	return n, err
}
