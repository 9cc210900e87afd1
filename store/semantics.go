package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// AgentSemantics is an agent's semantic layer, stored as validated JSON (nlq.Semantics).
type AgentSemantics struct {
	AgentID        string `gorm:"primaryKey"`
	OrganizationID string
	Definition     string
	UpdatedBy      string
	UpdatedAt      time.Time
	// Version grows with every PutAgentSemantics, so a cache of the decoded layer keyed by it
	// never serves a replaced one.
	Version int64
}

// TableName is the table of AgentSemantics.
func (AgentSemantics) TableName() string { return "agent_semantics" }

// AgentSemantics reads an agent's semantic layer; an agent without one gets ErrNotFound.
func (s *Store) AgentSemantics(ctx context.Context, orgID, agentID string) (*AgentSemantics, error) {
	var a AgentSemantics
	if err := s.tenant(ctx, orgID).First(&a, "agent_id = ?", agentID).Error; err != nil {
		return nil, translate(err)
	}
	return &a, nil
}

// PutAgentSemantics inserts or replaces an agent's semantic layer.
func (s *Store) PutAgentSemantics(ctx context.Context, a *AgentSemantics) error {
	if a.OrganizationID == "" {
		return errors.New("store: semantics without organization")
	}
	defer s.accessChanging(ctx, orgScope(a.OrganizationID))()
	return translate(s.ctx(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "agent_id"}},
		DoUpdates: append(clause.AssignmentColumns([]string{"definition", "updated_by", "updated_at"}),
			clause.Assignment{Column: clause.Column{Name: "version"}, Value: gorm.Expr("agent_semantics.version + 1")}),
	}).Create(a).Error)
}
