package templates

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/store"
)

// matchers remembers compiled example questions per template version, so a question does not
// re-read every example of its agent. A template's row is read for every question anyway (one
// indexed lookup), and its updated_at says whether the compiled form is still that template's.
type matchers struct {
	m     sync.Map // template id -> compiledTemplate
	count atomic.Int64
}

type compiledTemplate struct {
	updatedAt time.Time
	tpl       *Template
	matcher   *Matcher
}

// maxMatchers bounds the compiled templates remembered per process.
const maxMatchers = 4096

func (c *matchers) get(row *store.Template) (*compiledTemplate, error) {
	if v, ok := c.m.Load(row.ID); ok {
		if ct := v.(*compiledTemplate); ct.updatedAt.Equal(row.UpdatedAt) {
			return ct, nil
		}
	}
	t, err := Decode(row)
	if err != nil {
		return nil, err
	}
	ct := &compiledTemplate{updatedAt: row.UpdatedAt, tpl: t, matcher: NewMatcher(t.Params, t.Examples)}
	if c.count.Add(1) > maxMatchers {
		c.m.Clear()
		c.count.Store(0)
	}
	c.m.Store(row.ID, ct)
	return ct, nil
}

// Answer finds a template of the agent with an example question the question matches (see
// Matcher), that the user may run, whose values bind and whose SQL passes the guard with the
// agent's current permissions; it returns the template's guarded SQL with its driver arguments.
// It returns nil when no template answers: the question then goes to the engine. now anchors
// relative dates of the question.
func (s *Service) Answer(ctx context.Context, a *store.Agent, userID, question string, now time.Time) (*queries.TemplateAnswer, error) {
	rows, err := s.st.AgentTemplates(ctx, a.OrganizationID, a.ID)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	var best *compiledTemplate
	var bound map[string]any
	bestContent := -1
	for i := range rows {
		ct, err := s.matchers.get(&rows[i])
		if err != nil {
			continue // a template whose stored definition no longer decodes answers nothing
		}
		vals, content, ok := ct.matcher.Match(question, now)
		if !ok || content <= bestContent {
			continue
		}
		b, err := Bind(ct.tpl.Params, vals)
		if err != nil {
			continue // a required parameter the question does not give, or a refused value
		}
		best, bound, bestContent = ct, b, content
	}
	if best == nil {
		return nil, nil
	}
	ok, err := s.mayRun(ctx, a, userID)
	if err != nil || !ok {
		return nil, err
	}
	start := time.Now()
	checked, err := s.Check(ctx, best.tpl)
	if err != nil {
		return nil, err
	}
	return &queries.TemplateAnswer{TemplateID: best.tpl.ID, TemplateName: best.tpl.Name, SQL: checked.SQL,
		Args: checked.Prepared.Args(bound), Explanation: Explain(best.tpl.Name, best.tpl.Params, bound),
		DataSource: checked.DataSource, GuardTime: time.Since(start)}, nil
}

// mayRun says whether the user may run the agent's templates: admins, and users assigned to it
// (the rule of POST /v1/templates/{id}/execute).
func (s *Service) mayRun(ctx context.Context, a *store.Agent, userID string) (bool, error) {
	u, err := s.st.UserByID(ctx, a.OrganizationID, userID)
	if err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return false, nil
		}
		return false, err
	}
	if u.Role == store.RoleAdmin {
		return true, nil
	}
	return s.st.IsAssigned(ctx, a.OrganizationID, a.ID, userID)
}
