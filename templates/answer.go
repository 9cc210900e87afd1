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

// matchers remembers compiled example questions per template version, so a question reads only
// the ids and updated_at of its agent's templates (one indexed lookup) and compiles nothing
// unless a template changed; updated_at says whether a compiled form is still the template's.
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

// get returns the compiled form of a template version, reading the template only when this
// process has not compiled that version yet.
func (c *matchers) get(ctx context.Context, st *store.Store, orgID string, v store.TemplateVersion) (*compiledTemplate, error) {
	if x, ok := c.m.Load(v.ID); ok {
		if ct := x.(*compiledTemplate); ct.updatedAt.Equal(v.UpdatedAt) {
			return ct, nil
		}
	}
	row, err := st.Template(ctx, orgID, v.ID)
	if err != nil {
		return nil, err
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
	c.m.Store(v.ID, ct)
	return ct, nil
}

// Answer finds a template of the agent with an example question the question matches (see
// Matcher), that the user may run, whose values bind and whose SQL passes the guard with the
// agent's current permissions; it returns the template's guarded SQL with its driver arguments.
// It returns nil when no template answers: the question then goes to the engine. now anchors
// relative dates of the question.
func (s *Service) Answer(ctx context.Context, a *store.Agent, userID, question string, now time.Time) (*queries.TemplateAnswer, error) {
	versions, err := s.st.AgentTemplateVersions(ctx, a.OrganizationID, a.ID)
	if err != nil || len(versions) == 0 {
		return nil, err
	}
	q := ReadQuestion(question, now)
	var best *compiledTemplate
	var bound map[string]any
	bestContent := -1
	for _, v := range versions {
		ct, err := s.matchers.get(ctx, s.st, a.OrganizationID, v)
		if errors.Is(err, store.ErrNotFound) {
			continue // deleted since the list was read
		}
		if err != nil {
			return nil, err
		}
		vals, content, ok := ct.matcher.Match(q)
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
