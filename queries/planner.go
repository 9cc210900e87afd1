// Package queries runs the question pipeline: generate SQL with the agent's engine over the
// permitted schema, guard it, execute it read-only, and shape the answer (rows, chart).
package queries

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"go.opentelemetry.io/otel/attribute"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
	"github.com/analytics-agent/service/nlq/guard"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/tracing"
)

// Errors of planning that are the configuration's fault, not the question's.
var (
	ErrSchemaNotLoaded   = errors.New("the data source's schema is not loaded; refresh it first")
	ErrNoDataSource      = errors.New("the agent has no data source")
	ErrNoTablesPermitted = errors.New("the agent is not allowed to read any table")
)

// EngineFor picks the engine of an organization (offline by default, an LLM when configured)
// from its id and LLM settings.
type EngineFor func(ctx context.Context, org *store.Organization) nlq.Engine

// Planner turns a question into guarded SQL.
type Planner struct {
	st      *store.Store
	sources *sources.Service
	engine  EngineFor
	now     func() time.Time
	// templates, when set, answers questions that match a template (WithTemplates).
	templates TemplateAnswerer
	log       *slog.Logger
	schemas   *versionCache[*datasource.Schema]
	semantics *versionCache[*StoredSemantics]
	views     *versionCache[*agentView]
	// heads keeps planning heads for requests that carry their access epoch (heads.go).
	heads *headCopies
}

// NewPlanner builds a planner.
func NewPlanner(st *store.Store, src *sources.Service, engine EngineFor) *Planner {
	return &Planner{st: st, sources: src, engine: engine, now: time.Now,
		schemas: newVersionCache[*datasource.Schema](DefaultSchemaCacheSize), semantics: newVersionCache[*StoredSemantics](DefaultSchemaCacheSize),
		views: newVersionCache[*agentView](DefaultSchemaCacheSize), heads: newHeadCopies()}
}

// Plan is guarded SQL ready to execute, with how long each step took.
type Plan struct {
	SQL string
	// Explanation says in words what the SQL computes.
	Explanation    string
	Tables         []string
	Columns        []string
	Dialect        datasource.Type
	DataSource     *store.DataSource
	GenerationTime time.Duration
	GuardTime      time.Duration
	// Engine is the provider that generated the SQL (metrics label).
	Engine string
	// Args are the driver arguments of a template's SQL; TemplateID the template (both empty
	// for generated SQL).
	Args       []any
	TemplateID string
}

func dsType(ds *store.DataSource) datasource.Type {
	if ds == nil {
		return ""
	}
	return datasource.Type(ds.Type)
}

// AgentConfig decodes an agent's tables and column permissions.
func AgentConfig(a *store.Agent) ([]string, agents.ColumnPermissions, error) {
	var tables []string
	if err := json.Unmarshal([]byte(a.AllowedTables), &tables); err != nil {
		return nil, nil, fmt.Errorf("decode allowed_tables of %s: %w", a.ID, err)
	}
	perms, err := agents.ParseColumnPermissions(json.RawMessage(a.ColumnPermissions))
	if err != nil {
		return nil, nil, fmt.Errorf("decode column_permissions of %s: %w", a.ID, err)
	}
	return tables, perms, nil
}

// agentSource loads what planning and semantic validation need of an agent: its planning head
// (data source without the schema text, semantic layer version, organization's engine
// settings, in one read), the source's stored schema (shared, read-only), and the agent's
// tables and column rules.
// A head already read for this question is used as it is.
func (p *Planner) agentSource(ctx context.Context, a *store.Agent, head *store.PlanningHead) (*store.PlanningHead, *datasource.Schema, []string, agents.ColumnPermissions, error) {
	if a.DataSourceID == "" {
		return nil, nil, nil, nil, ErrNoDataSource
	}
	if head == nil {
		var err error
		if head, err = p.st.PlanningHead(ctx, a.OrganizationID, a.ID, a.DataSourceID); err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return nil, nil, nil, nil, ErrNoDataSource
			}
			return nil, nil, nil, nil, err
		}
	}
	schema, err := p.storedSchema(ctx, head.DataSource)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if schema == nil {
		return nil, nil, nil, nil, ErrSchemaNotLoaded
	}
	tables, perms, err := AgentConfig(a)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return head, schema, tables, perms, nil
}

// Plan generates and guards SQL for the question. Denied columns never reach the engine: it sees
// only the permitted part of the schema.
func (p *Planner) Plan(ctx context.Context, a *store.Agent, question string) (*Plan, error) {
	return p.plan(ctx, a, question, nil)
}

// plan is Plan with the question's planning head when it was read already (nil: read it).
func (p *Planner) plan(ctx context.Context, a *store.Agent, question string, head *store.PlanningHead) (*Plan, error) {
	head, schema, tables, perms, err := p.agentSource(ctx, a, head)
	if err != nil {
		return nil, err
	}
	ds := head.DataSource
	if len(tables) == 0 {
		return nil, ErrNoTablesPermitted
	}
	view := p.agentView(a, ds, schema, tables, perms)
	gp, permitted := view.guard, view.permitted
	dialect := datasource.Type(ds.Type)

	if verb, ok := nlq.AsksToWrite(question); ok {
		return nil, &nlq.RestrictedError{Code: nlq.ErrorCodeRejected, Words: []string{verb},
			Message: fmt.Sprintf("questions can only read data: %q would change it", verb)}
	}
	sem, err := p.agentSemantics(ctx, a, head)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	eng := p.engine(ctx, head.Organization)
	now := p.now()
	key, cacheable := answerKey{question: question, dialect: string(dialect), day: now.Format(time.DateOnly), semantics: -1}, EngineName(eng) == ProviderOffline
	if head.HasSemantics {
		key.semantics = head.SemanticsVersion
	}
	if cacheable {
		if ans, ok := view.answers.get(key); ok {
			_, span := tracing.Start(ctx, "engine.generate")
			span.SetAttributes(attribute.String("engine", EngineName(eng)), attribute.Bool("cache_hit", true))
			span.End()
			return &Plan{SQL: ans.sql, Explanation: ans.explanation, Tables: ans.tables, Columns: ans.columns, Dialect: dialect,
				DataSource: ds, GenerationTime: time.Since(start), Engine: EngineName(eng)}, nil
		}
	}
	genCtx, genSpan := tracing.Start(ctx, "engine.generate")
	genSpan.SetAttributes(attribute.String("engine", EngineName(eng)))
	gen, err := eng.Generate(genCtx, nlq.Request{
		Question: question, Dialect: dialect, Schema: permitted, SystemPrompt: a.SystemPrompt, Now: now,
		Semantics: sem.Semantics, Synonyms: sem.Semantics.SynonymMap(), OwnerNames: ownerNames(head),
	})
	genTime := time.Since(start)
	genSpan.End()
	if nu, ok := nlq.IsNotUnderstood(err); ok {
		// A word the engine could not place may be a name the agent hides: say so.
		if r := nlq.Restricted(question, nu.Words, schema, permitted); r != nil {
			err = r
		}
	}
	if err != nil {
		return &Plan{Dialect: dialect, DataSource: ds, GenerationTime: genTime, Engine: EngineName(eng)}, err
	}
	start = time.Now()
	_, guardSpan := tracing.Start(ctx, "guard.check")
	checked, err := guard.Check(dialect, gen.SQL, schema, gp)
	guardSpan.End()
	guardTime := time.Since(start)
	if err != nil {
		return &Plan{SQL: gen.SQL, Explanation: gen.Explanation, Dialect: dialect, DataSource: ds, GenerationTime: genTime, GuardTime: guardTime, Engine: EngineName(eng)}, err
	}
	if cacheable {
		view.answers.put(key, cachedAnswer{sql: checked.SQL, explanation: gen.Explanation, tables: checked.Tables, columns: checked.Columns})
	}
	return &Plan{SQL: checked.SQL, Explanation: gen.Explanation, Tables: checked.Tables, Columns: checked.Columns, Dialect: dialect, DataSource: ds,
		GenerationTime: genTime, GuardTime: guardTime, Engine: EngineName(eng)}, nil
}

// ownerNames are the names a question may call the asking business by: its organization's and
// its data source's.
func ownerNames(head *store.PlanningHead) []string {
	var out []string
	if head.Organization != nil && head.Organization.Name != "" {
		out = append(out, head.Organization.Name)
	}
	if head.DataSource != nil && head.DataSource.Name != "" {
		out = append(out, head.DataSource.Name)
	}
	return out
}
