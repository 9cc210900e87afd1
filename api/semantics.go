package api

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/nlq"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/store"
)

// semanticsHandlers serve an agent's semantic layer: readers of the agent read it, admins
// replace it.
type semanticsHandlers struct {
	st      *store.Store
	planner *queries.Planner
}

func registerSemantics(authed *gin.RouterGroup, h *semanticsHandlers) {
	authed.GET("/agents/:agent_id/semantics", wrap(h.get))
	authed.PUT("/agents/:agent_id/semantics", requireRole(store.RoleAdmin), wrap(h.put))
}

func semanticsBody(a *store.Agent, s *queries.StoredSemantics) gin.H {
	sem := s.Semantics
	if sem.Metrics == nil {
		sem.Metrics = []nlq.Metric{}
	}
	for i := range sem.Metrics {
		if sem.Metrics[i].Synonyms == nil {
			sem.Metrics[i].Synonyms = []string{}
		}
		if sem.Metrics[i].Filters == nil {
			sem.Metrics[i].Filters = []string{}
		}
	}
	if sem.Synonyms == nil {
		sem.Synonyms = []nlq.Synonym{}
	}
	if sem.DefaultFilters == nil {
		sem.DefaultFilters = []nlq.Filter{}
	}
	return gin.H{"agent_id": a.ID, "metrics": sem.Metrics, "synonyms": sem.Synonyms, "default_filters": sem.DefaultFilters,
		"updated_by": nilIfEmpty(s.UpdatedBy), "updated_at": tsPtr(s.UpdatedAt)}
}

func nilIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func (h *semanticsHandlers) get(c *gin.Context) error {
	a, err := loadVisibleAgent(c, h.st, c.Param("agent_id"))
	if err != nil {
		return err
	}
	s, err := queries.LoadSemantics(c.Request.Context(), h.st, a)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, semanticsBody(a, s))
	return nil
}

func (h *semanticsHandlers) put(c *gin.Context) error {
	var in nlq.Semantics
	if err := bind(c, &in); err != nil {
		return err
	}
	a, err := loadVisibleAgent(c, h.st, c.Param("agent_id"))
	if err != nil {
		return err
	}
	s, err := h.planner.SaveSemantics(c.Request.Context(), a, &in, principal(c).User.ID)
	switch {
	case errors.Is(err, queries.ErrNoDataSource), errors.Is(err, queries.ErrSchemaNotLoaded):
		return Errorf(http.StatusBadRequest, "invalid_data_source", "%s", err).With("data_source_id", a.DataSourceID)
	case err != nil:
		return err
	}
	c.JSON(http.StatusOK, semanticsBody(a, s))
	return nil
}
