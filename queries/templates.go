package queries

import (
	"context"
	"log/slog"
	"time"

	"github.com/analytics-agent/service/store"
)

// EngineTemplate labels questions answered by a saved template in metrics (in place of an
// engine's name).
const EngineTemplate = "template"

// TemplateAnswer is a saved template that answers a question instead of the engine: its
// guarded SQL with the driver arguments of the values read from the question.
type TemplateAnswer struct {
	TemplateID, TemplateName string
	SQL                      string
	Args                     []any
	// Explanation names the template and its values.
	Explanation string
	DataSource  *store.DataSource
	GuardTime   time.Duration
}

// TemplateAnswerer finds the template that answers a user's question on an agent, or nil
// (templates.Service).
type TemplateAnswerer interface {
	Answer(ctx context.Context, a *store.Agent, userID, question string, now time.Time) (*TemplateAnswer, error)
}

// WithTemplates makes questions try the agent's templates before the engine. A failure while
// looking for a template is logged and the question goes to the engine.
func (p *Planner) WithTemplates(t TemplateAnswerer, log *slog.Logger) *Planner {
	if log == nil {
		log = slog.Default()
	}
	p.templates, p.log = t, log
	return p
}

// PlanQuestion plans a user's question: a template of the agent whose example question it
// matches answers it (docs/templates.md), otherwise the engine generates SQL (Plan).
func (p *Planner) PlanQuestion(ctx context.Context, a *store.Agent, userID, question string) (*Plan, error) {
	// The head says whether the agent has templates at all, so most questions skip the search.
	// Without it (no data source, a failed read) the search runs and planning reports the error.
	var head *store.PlanningHead
	if a.DataSourceID != "" {
		if h, err := p.heads.read(ctx, p.st, a); err == nil {
			head = h
		}
	}
	if p.templates != nil && (head == nil || head.TemplateCount > 0) {
		start := time.Now()
		ans, err := p.templates.Answer(ctx, a, userID, question, p.now())
		switch {
		case err != nil && ctx.Err() != nil:
			return nil, err
		case err != nil:
			p.log.Warn("template answer skipped, asking the engine", "agent_id", a.ID, "err", err)
		case ans != nil:
			return &Plan{SQL: ans.SQL, Args: ans.Args, Explanation: ans.Explanation, DataSource: ans.DataSource,
				Dialect: dsType(ans.DataSource), GenerationTime: time.Since(start) - ans.GuardTime, GuardTime: ans.GuardTime,
				Engine: EngineTemplate, TemplateID: ans.TemplateID}, nil
		}
	}
	return p.plan(ctx, a, question, head)
}
