package store

import (
	"context"
	"database/sql"
	"strings"
)

// PlanningHead is what planning a question reads of the database every time, in one statement:
// the agent's data source without its schema text, the version of the agent's semantic layer,
// and the organization's engine settings. The larger parts (schema, semantic layer) are read
// separately, and only when a cached copy is of another version.
type PlanningHead struct {
	DataSource *DataSource
	// HasSemantics says whether the agent has a semantic layer; SemanticsVersion is its version.
	HasSemantics     bool
	SemanticsVersion int64
	// Organization holds the organization's id, name and LLM settings only.
	Organization *Organization
	// TemplateCount is how many templates the agent has: with none, the question path skips
	// looking for a template that answers it.
	TemplateCount int64
}

// dataSourceHeadColumns are the data_sources columns except the schema text, which can be
// megabytes on a wide database and is cached by version instead.
var dataSourceHeadColumns = []string{"id", "organization_id", "name", "type", "host", "port", "database_name", "username",
	"password_enc", "ssl_mode", "path", "status", "last_tested_at", "last_error", "schema_status", "schema_error",
	"schema_refreshed_at", "schema_version", "schema_refresh_generation", "table_count", "created_at", "updated_at"}

var planningHeadSQL = func() string {
	cols := make([]string, len(dataSourceHeadColumns))
	for i, c := range dataSourceHeadColumns {
		cols[i] = "d." + c
	}
	return "SELECT " + strings.Join(cols, ", ") + `, s.version AS semantics_version,
	o.name AS organization_name, o.llm_provider, o.llm_model, o.llm_base_url, o.llm_api_key_enc,
	(SELECT COUNT(*) FROM templates t WHERE t.organization_id = d.organization_id AND t.agent_id = ?) AS template_count
FROM data_sources d
JOIN organizations o ON o.id = d.organization_id
LEFT JOIN agent_semantics s ON s.agent_id = ? AND s.organization_id = d.organization_id
WHERE d.organization_id = ? AND d.id = ?`
}()

// PlanningHead reads the planning head of an agent of the organization whose data source is
// dataSourceID; ErrNotFound when the data source does not exist in the organization.
func (s *Store) PlanningHead(ctx context.Context, orgID, agentID, dataSourceID string) (*PlanningHead, error) {
	var row struct {
		DataSource
		SemanticsVersion sql.NullInt64
		OrganizationName string `gorm:"column:organization_name"`
		LLMProvider      string `gorm:"column:llm_provider"`
		LLMModel         string `gorm:"column:llm_model"`
		LLMBaseURL       string `gorm:"column:llm_base_url"`
		LLMAPIKeyEnc     string `gorm:"column:llm_api_key_enc"`
		TemplateCount    int64
	}
	res := s.ctx(ctx).Raw(planningHeadSQL, agentID, agentID, orgID, dataSourceID).Scan(&row)
	if res.Error != nil {
		return nil, translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return nil, ErrNotFound
	}
	ds := row.DataSource
	return &PlanningHead{DataSource: &ds, HasSemantics: row.SemanticsVersion.Valid, SemanticsVersion: row.SemanticsVersion.Int64,
		Organization: &Organization{ID: orgID, Name: row.OrganizationName, LLMProvider: row.LLMProvider, LLMModel: row.LLMModel, LLMBaseURL: row.LLMBaseURL,
			LLMAPIKeyEnc: row.LLMAPIKeyEnc}, TemplateCount: row.TemplateCount}, nil
}

// Clone copies the head with its data source and organization, so that a copy kept for later
// questions is never changed through one of them.
func (h *PlanningHead) Clone() *PlanningHead {
	c := *h
	if h.DataSource != nil {
		ds := *h.DataSource
		c.DataSource = &ds
	}
	if h.Organization != nil {
		o := *h.Organization
		c.Organization = &o
	}
	return &c
}
