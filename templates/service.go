// Package templates owns saved, parameterized SQL over an agent: templates and their parameters,
// executions through the query pipeline, schedules and their calendar rules, and delivery of
// scheduled results by e-mail. The API and the template and schedule workers call it.
package templates

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/nlq/guard"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
)

// RunCommand is the command name of a template execution, consumed by workers/template.
const RunCommand = "template.run"

// RunRequest is the data of a run command.
type RunRequest struct {
	ExecutionID string `json:"execution_id"`
}

// ErrQueryNotCompleted refuses saving a query that has no SQL result as a template.
var ErrQueryNotCompleted = errors.New("only a completed query can be saved as a template")

// CreatedData is the data of template.created.
type CreatedData struct {
	TemplateID string `json:"template_id"`
	Name       string `json:"name"`
	AgentID    string `json:"agent_id"`
	CreatedBy  string `json:"created_by"`
}

// ExecutedData is the data of template.executed: the spec's fields, plus error_message when
// status is "failed".
type ExecutedData struct {
	TemplateID   string         `json:"template_id"`
	TemplateName string         `json:"template_name"`
	ExecutionID  string         `json:"execution_id"`
	Parameters   map[string]any `json:"parameters"`
	Status       string         `json:"status"` // success, failed
	RowCount     int            `json:"row_count"`
	ErrorMessage string         `json:"error_message,omitempty"`
}

// ScheduledData is the data of template.scheduled, sent when a scheduled run is finished
// (executed and delivered).
type ScheduledData struct {
	TemplateID   string   `json:"template_id"`
	TemplateName string   `json:"template_name"`
	ScheduleID   string   `json:"schedule_id"`
	ExecutionID  string   `json:"execution_id"`
	Status       string   `json:"status"` // success, failed
	RowCount     int      `json:"row_count"`
	Recipients   []string `json:"recipients"`
}

// Service is the use cases of templates and schedules.
type Service struct {
	st      *store.Store
	sources *sources.Service
	now     func() time.Time
	// verdicts remembers accepted guard checks by a digest of every input (see guard).
	verdicts     sync.Map
	verdictCount atomic.Int64
	// matchers remembers compiled example questions (see Answer).
	matchers matchers
}

// NewService builds the service; now is the clock (time.Now in production, injected in tests).
func NewService(st *store.Store, src *sources.Service, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{st: st, sources: src, now: now}
}

// Input is a template as created or patched. Nil fields are left unchanged by Update.
type Input struct {
	Name             *string
	Description      *string
	AgentID          *string
	SQL              *string
	Parameters       *[]Parameter
	ExampleQuestions *[]string
}

// Template is a decoded template.
type Template struct {
	store.Template
	Params   []Parameter
	Examples []string
}

// Decode reads a stored template.
func Decode(t *store.Template) (*Template, error) {
	out := &Template{Template: *t}
	if err := json.Unmarshal([]byte(t.Parameters), &out.Params); err != nil {
		return nil, fmt.Errorf("decode parameters of %s: %w", t.ID, err)
	}
	// JSON numbers come back as float64: normalize to the declared types again.
	params, err := ValidateDefinitions(out.Params)
	if err != nil {
		return nil, fmt.Errorf("stored parameters of %s: %w", t.ID, err)
	}
	out.Params = params
	_ = json.Unmarshal([]byte(t.ExampleQuestions), &out.Examples)
	if out.Examples == nil {
		out.Examples = []string{}
	}
	return out, nil
}

// Get reads and decodes a template.
func (s *Service) Get(ctx context.Context, orgID, id string) (*Template, error) {
	t, err := s.st.Template(ctx, orgID, id)
	if err != nil {
		return nil, err
	}
	return Decode(t)
}

func validateText(in Input) error {
	if in.Name != nil {
		n := strings.TrimSpace(*in.Name)
		if n == "" {
			return fieldErr("name", "name is required")
		}
		if len(n) > MaxNameLength {
			return fieldErr("name", "name is limited to %d characters", MaxNameLength)
		}
		*in.Name = n
	}
	if in.Description != nil && len(*in.Description) > MaxDescription {
		return fieldErr("description", "description is limited to %d characters", MaxDescription)
	}
	if in.SQL != nil {
		if strings.TrimSpace(*in.SQL) == "" {
			return fieldErr("sql", "sql is required")
		}
		if len(*in.SQL) > MaxSQLLength {
			return fieldErr("sql", "sql is limited to %d characters", MaxSQLLength)
		}
	}
	if in.ExampleQuestions != nil {
		if len(*in.ExampleQuestions) > MaxExamples {
			return fieldErr("example_questions", "at most %d example questions", MaxExamples)
		}
		for _, q := range *in.ExampleQuestions {
			if len(q) > MaxExampleQuestion || strings.TrimSpace(q) == "" {
				return fieldErr("example_questions", "each example question is 1 to %d characters", MaxExampleQuestion)
			}
		}
	}
	return nil
}

// FromQuery fills a template input from a completed query of the organization: its SQL and
// agent. The caller has checked that the user may see the query.
func (s *Service) FromQuery(ctx context.Context, orgID, queryID string, in *Input) error {
	q, err := s.st.Query(ctx, orgID, queryID)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return fieldErr("from_query_id", "query %q does not exist in your organization", queryID)
		}
		return err
	}
	if q.Status != store.QueryCompleted || q.SQLText == "" {
		return fieldErr("from_query_id", "%v", ErrQueryNotCompleted)
	}
	sqlText := q.SQLText
	agentID := q.AgentID
	if in.SQL == nil {
		in.SQL = &sqlText
	}
	if in.AgentID == nil {
		in.AgentID = &agentID
	}
	if in.ExampleQuestions == nil {
		ex := []string{q.Question}
		in.ExampleQuestions = &ex
	}
	if in.Name == nil {
		name := q.Question
		if len(name) > MaxNameLength {
			name = name[:MaxNameLength]
		}
		in.Name = &name
	}
	return nil
}

// Create validates and stores a template, checking its SQL against the agent's permissions,
// and emits template.created.
func (s *Service) Create(ctx context.Context, orgID, userID string, in Input) (*Template, error) {
	switch {
	case in.Name == nil:
		return nil, fieldErr("name", "name is required")
	case in.AgentID == nil || *in.AgentID == "":
		return nil, fieldErr("agent_id", "agent_id is required")
	case in.SQL == nil:
		return nil, fieldErr("sql", "sql is required")
	}
	if err := validateText(in); err != nil {
		return nil, err
	}
	params := []Parameter{}
	if in.Parameters != nil {
		params = *in.Parameters
	}
	params, err := ValidateDefinitions(params)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	t := &store.Template{ID: ids.New(ids.Template), OrganizationID: orgID, AgentID: *in.AgentID, Name: *in.Name,
		SQLText: *in.SQL, CreatedBy: userID, CreatedAt: now, UpdatedAt: now, ExampleQuestions: "[]"}
	if in.Description != nil {
		t.Description = *in.Description
	}
	if in.ExampleQuestions != nil {
		raw, _ := json.Marshal(*in.ExampleQuestions)
		t.ExampleQuestions = string(raw)
	}
	raw, _ := json.Marshal(params)
	t.Parameters = string(raw)
	dec := &Template{Template: *t, Params: params}
	if _, err := s.Check(ctx, dec); err != nil {
		return nil, err
	}
	ev, err := events.NewEvent(orgID, events.TemplateCreated, CreatedData{TemplateID: t.ID, Name: t.Name, AgentID: t.AgentID, CreatedBy: userID})
	if err != nil {
		return nil, err
	}
	err = s.st.Tx(ctx, func(tx *store.Store) error {
		if err := tx.CreateTemplate(ctx, t); err != nil {
			return err
		}
		return tx.Emit(ctx, ev)
	})
	if err != nil {
		return nil, err
	}
	return Decode(t)
}

// Update changes a template; its SQL and parameters are checked again as a whole.
func (s *Service) Update(ctx context.Context, orgID, id string, in Input) (*Template, error) {
	cur, err := s.Get(ctx, orgID, id)
	if err != nil {
		return nil, err
	}
	if err := validateText(in); err != nil {
		return nil, err
	}
	next := *cur
	fields := map[string]any{}
	if in.Name != nil {
		next.Name, fields["name"] = *in.Name, *in.Name
	}
	if in.Description != nil {
		next.Description, fields["description"] = *in.Description, *in.Description
	}
	if in.AgentID != nil {
		next.AgentID, fields["agent_id"] = *in.AgentID, *in.AgentID
	}
	if in.SQL != nil {
		next.SQLText, fields["sql_text"] = *in.SQL, *in.SQL
	}
	if in.Parameters != nil {
		params, err := ValidateDefinitions(*in.Parameters)
		if err != nil {
			return nil, err
		}
		raw, _ := json.Marshal(params)
		next.Params, fields["parameters"] = params, string(raw)
	}
	if in.ExampleQuestions != nil {
		raw, _ := json.Marshal(*in.ExampleQuestions)
		next.Examples, fields["example_questions"] = *in.ExampleQuestions, string(raw)
	}
	if in.SQL != nil || in.Parameters != nil || in.AgentID != nil {
		if _, err := s.Check(ctx, &next); err != nil {
			return nil, err
		}
	}
	if len(fields) == 0 {
		return cur, nil
	}
	fields["updated_at"] = s.now().UTC()
	if err := s.st.UpdateTemplate(ctx, orgID, id, fields); err != nil {
		return nil, err
	}
	return s.Get(ctx, orgID, id)
}

// Checked is a template ready to run: its SQL guarded and with driver placeholders.
type Checked struct {
	Prepared   Prepared
	SQL        string // guarded SQL to run (may differ from Prepared.SQL: stars expanded)
	Agent      *store.Agent
	DataSource *store.DataSource
	Config     datasource.Config
}

// Check prepares a template's SQL for its agent's data source and passes it through the same
// guard as generated SQL, with the agent's current permissions. It runs at save and before
// every execution, since permissions may have changed.
func (s *Service) Check(ctx context.Context, t *Template) (*Checked, error) {
	a, err := s.st.Agent(ctx, t.OrganizationID, t.AgentID)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, fieldErr("agent_id", "agent %q does not exist in your organization", t.AgentID)
		}
		return nil, err
	}
	if a.DataSourceID == "" {
		return nil, queries.ErrNoDataSource
	}
	ds, err := s.st.DataSource(ctx, a.OrganizationID, a.DataSourceID)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return nil, queries.ErrNoDataSource
		}
		return nil, err
	}
	if ds.SchemaJSON == "" {
		return nil, queries.ErrSchemaNotLoaded
	}
	dialect := datasource.Type(ds.Type)
	p, err := Prepare(dialect, t.SQLText)
	if err != nil {
		return nil, err
	}
	if err := p.CheckNames(t.Params); err != nil {
		return nil, err
	}
	guarded, err := s.guard(dialect, p.SQL, a, ds)
	if err != nil {
		return nil, err
	}
	cfg, err := s.sources.Config(ds)
	if err != nil {
		return nil, err
	}
	return &Checked{Prepared: p, SQL: guarded, Agent: a, DataSource: ds, Config: cfg}, nil
}

// guard runs nlq/guard on prepared SQL with the agent's current permissions over the stored
// schema. The verdict is a pure function of those inputs, so it is remembered under a digest of
// all of them: a change to the SQL, the tables, the column rules or the schema is a new key and
// is checked from scratch; an unchanged template run a thousand times by a schedule is not
// re-parsed a thousand times.
func (s *Service) guard(dialect datasource.Type, sqlText string, a *store.Agent, ds *store.DataSource) (string, error) {
	h := sha256.New()
	for _, part := range []string{string(dialect), sqlText, a.AllowedTables, a.ColumnPermissions, ds.SchemaJSON} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	key := string(h.Sum(nil))
	if v, ok := s.verdicts.Load(key); ok {
		return v.(string), nil
	}
	schema, err := sources.Schema(ds)
	if err != nil {
		return "", err
	}
	if schema == nil {
		return "", queries.ErrSchemaNotLoaded
	}
	tables, perms, err := queries.AgentConfig(a)
	if err != nil {
		return "", err
	}
	checked, err := guard.Check(dialect, sqlText, schema, agents.GuardPermissions(tables, perms))
	if err != nil {
		return "", err // refusals are not remembered: they are rare and must name the reason
	}
	if s.verdictCount.Add(1) > maxVerdicts {
		s.verdicts.Clear()
		s.verdictCount.Store(0)
	}
	s.verdicts.Store(key, checked.SQL)
	return checked.SQL, nil
}

// maxVerdicts bounds the remembered guard verdicts per process.
const maxVerdicts = 4096

// Delete removes a template and its schedules.
func (s *Service) Delete(ctx context.Context, orgID, id string) error {
	return s.st.DeleteTemplate(ctx, orgID, id)
}

// Execute validates the values and queues an execution (template.run on COMMANDS); the caller
// waits for it or answers 202.
func (s *Service) Execute(ctx context.Context, t *Template, userID string, values map[string]any) (*store.TemplateExecution, error) {
	if _, err := Bind(t.Params, values); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(values)
	if err != nil {
		return nil, err
	}
	e := &store.TemplateExecution{ID: ids.New(ids.Execution), OrganizationID: t.OrganizationID, TemplateID: t.ID, TemplateName: t.Name,
		AgentID: t.AgentID, UserID: userID, Parameters: string(raw), Status: store.QueryPending, CreatedAt: s.now().UTC()}
	cmd, err := events.NewCommand(t.OrganizationID, RunCommand, RunRequest{ExecutionID: e.ID})
	if err != nil {
		return nil, err
	}
	err = s.st.Tx(ctx, func(tx *store.Store) error {
		if err := tx.CreateExecution(ctx, e); err != nil {
			return err
		}
		return tx.Emit(ctx, cmd)
	})
	return e, err
}
