package queries

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/nlq"
	"github.com/analytics-agent/service/store"
)

// StoredSemantics is an agent's semantic layer with when and by whom it was last saved.
type StoredSemantics struct {
	Semantics *nlq.Semantics
	UpdatedBy string
	UpdatedAt *time.Time
}

// LoadSemantics reads an agent's semantic layer; an agent without one has an empty layer.
func LoadSemantics(ctx context.Context, st *store.Store, a *store.Agent) (*StoredSemantics, error) {
	row, err := st.AgentSemantics(ctx, a.OrganizationID, a.ID)
	if errors.Is(err, store.ErrNotFound) {
		return &StoredSemantics{Semantics: &nlq.Semantics{}}, nil
	}
	if err != nil {
		return nil, err
	}
	return storedSemantics(row)
}

func storedSemantics(row *store.AgentSemantics) (*StoredSemantics, error) {
	s, err := agents.ParseSemantics(row.Definition)
	if err != nil {
		return nil, err
	}
	at := row.UpdatedAt
	return &StoredSemantics{Semantics: s, UpdatedBy: row.UpdatedBy, UpdatedAt: &at}, nil
}

// SaveSemantics validates s against the agent's data source and permissions, then stores it
// and announces agent.updated (changed field "semantics") in the same transaction.
func (p *Planner) SaveSemantics(ctx context.Context, a *store.Agent, s *nlq.Semantics, userID string) (*StoredSemantics, error) {
	head, schema, tables, perms, err := p.agentSource(ctx, a, nil)
	if err != nil {
		return nil, err
	}
	if err := agents.ValidateSemantics(s, schema, datasource.Type(head.DataSource.Type), agents.GuardPermissions(tables, perms)); err != nil {
		return nil, err
	}
	if s.Metrics == nil {
		s.Metrics = []nlq.Metric{}
	}
	if s.Synonyms == nil {
		s.Synonyms = []nlq.Synonym{}
	}
	if s.DefaultFilters == nil {
		s.DefaultFilters = []nlq.Filter{}
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	ev, err := events.NewEvent(a.OrganizationID, events.AgentUpdated, events.AgentUpdatedData{
		AgentID: a.ID, Name: a.Name, ChangedFields: []string{"semantics"}, Changes: map[string]any{}, UpdatedBy: userID})
	if err != nil {
		return nil, err
	}
	err = p.st.Tx(ctx, func(tx *store.Store) error {
		if err := tx.PutAgentSemantics(ctx, &store.AgentSemantics{AgentID: a.ID, OrganizationID: a.OrganizationID,
			Definition: string(raw), UpdatedBy: userID, UpdatedAt: now}); err != nil {
			return err
		}
		return tx.Emit(ctx, ev)
	})
	if err != nil {
		return nil, err
	}
	return &StoredSemantics{Semantics: s, UpdatedBy: userID, UpdatedAt: &now}, nil
}
