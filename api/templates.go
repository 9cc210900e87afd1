package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/templates"
)

type templateHandlers struct {
	st      *store.Store
	svc     *templates.Service
	watcher doneWatcher
	// billing gates schedules on the plan's workflows feature (nil: no plans).
	billing *billing.Service
}

func registerTemplates(authed *gin.RouterGroup, h *templateHandlers) {
	admin := requireRole(store.RoleAdmin)
	authed.POST("/templates", admin, wrap(h.create))
	authed.GET("/templates", wrap(h.list))
	authed.GET("/templates/executions/:execution_id", wrap(h.getExecution))
	authed.GET("/templates/:template_id", wrap(h.get))
	authed.PATCH("/templates/:template_id", admin, wrap(h.update))
	authed.DELETE("/templates/:template_id", admin, wrap(h.delete))
	authed.POST("/templates/:template_id/execute", wrap(h.execute))
	authed.GET("/templates/:template_id/executions", wrap(h.executions))
	authed.POST("/templates/:template_id/schedule", admin, wrap(h.createSchedule))
	authed.GET("/templates/:template_id/schedules", wrap(h.schedules))
	authed.PATCH("/templates/:template_id/schedules/:schedule_id", admin, wrap(h.updateSchedule))
	authed.DELETE("/templates/:template_id/schedules/:schedule_id", admin, wrap(h.deleteSchedule))
	authed.GET("/templates/:template_id/schedules/:schedule_id/runs", wrap(h.runs))
}

// templateFailureStatus adds the template codes to the query failures' statuses.
var templateFailureStatus = map[string]int{
	templates.CodeInvalidParameters: http.StatusBadRequest,
	templates.CodeTemplateDeleted:   http.StatusNotFound,
	templates.CodeQuotaExceeded:     http.StatusTooManyRequests,
}

type templateBody struct {
	Name             *string                `json:"name"`
	Description      *string                `json:"description" limit:"2000"`
	AgentID          *string                `json:"agent_id"`
	SQL              *string                `json:"sql" limit:"20000"`
	Parameters       *[]templates.Parameter `json:"parameters"`
	ExampleQuestions *[]string              `json:"example_questions" limit:"500"`
	FromQueryID      string                 `json:"from_query_id"`
}

func (b templateBody) input() templates.Input {
	return templates.Input{Name: b.Name, Description: b.Description, AgentID: b.AgentID, SQL: b.SQL, Parameters: b.Parameters, ExampleQuestions: b.ExampleQuestions}
}

func templateJSON(t *templates.Template) gin.H {
	params := t.Params
	if params == nil {
		params = []templates.Parameter{}
	}
	return gin.H{"id": t.ID, "name": t.Name, "description": t.Description, "agent_id": t.AgentID, "sql": t.SQLText,
		"parameters": params, "example_questions": t.Examples, "created_by": t.CreatedBy,
		"created_at": ts(t.CreatedAt), "updated_at": ts(t.UpdatedAt)}
}

// loadTemplate reads a template the caller may see: admins see the organization's, others
// those of agents assigned to them.
func (h *templateHandlers) loadTemplate(c *gin.Context) (*templates.Template, error) {
	p := principal(c)
	id := c.Param("template_id")
	t, err := h.svc.Get(c.Request.Context(), p.OrgID(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound("template", id)
	}
	if err != nil {
		return nil, err
	}
	if p.User.Role != store.RoleAdmin {
		ok, err := h.st.IsAssigned(c.Request.Context(), p.OrgID(), t.AgentID, p.User.ID)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, Errorf(http.StatusForbidden, "permission_denied", "you are not assigned to agent %s of this template", t.AgentID).With("agent_id", t.AgentID)
		}
	}
	return t, nil
}

func (h *templateHandlers) create(c *gin.Context) error {
	var in templateBody
	if err := bind(c, &in); err != nil {
		return err
	}
	p := principal(c)
	ctx := c.Request.Context()
	input := in.input()
	if in.FromQueryID != "" {
		if len(in.FromQueryID) > 60 {
			return invalidField("from_query_id", "from_query_id is not a query id")
		}
		if err := h.svc.FromQuery(ctx, p.OrgID(), in.FromQueryID, &input); err != nil {
			return err
		}
	}
	if input.AgentID != nil && *input.AgentID != "" {
		if _, err := h.st.Agent(ctx, p.OrgID(), *input.AgentID); errors.Is(err, store.ErrNotFound) {
			return invalidField("agent_id", "agent %q does not exist in your organization", *input.AgentID).With("agent_id", *input.AgentID)
		}
	}
	t, err := h.svc.Create(ctx, p.OrgID(), p.User.ID, input)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, templateJSON(t))
	return nil
}

func (h *templateHandlers) list(c *gin.Context) error {
	limit, offset, err := paging(c)
	if err != nil {
		return err
	}
	p := principal(c)
	f := store.TemplateFilter{AgentID: c.Query("agent_id"), Limit: limit, Offset: offset}
	if len(f.AgentID) > 60 {
		return invalidField("agent_id", "agent_id is not an agent id")
	}
	if p.User.Role != store.RoleAdmin {
		if f.AgentIDs, err = h.st.AssignedAgentIDs(c.Request.Context(), p.OrgID(), p.User.ID); err != nil {
			return err
		}
	}
	list, total, err := h.st.Templates(c.Request.Context(), p.OrgID(), f)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for i := range list {
		t, err := templates.Decode(&list[i])
		if err != nil {
			return err
		}
		out = append(out, templateJSON(t))
	}
	c.JSON(http.StatusOK, gin.H{"templates": out, "total": total, "limit": limit, "offset": offset, "page": offset/limit + 1})
	return nil
}

func (h *templateHandlers) get(c *gin.Context) error {
	t, err := h.loadTemplate(c)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, templateJSON(t))
	return nil
}

func (h *templateHandlers) update(c *gin.Context) error {
	t, err := h.loadTemplate(c)
	if err != nil {
		return err
	}
	var in templateBody
	if err := bind(c, &in); err != nil {
		return err
	}
	if in.AgentID != nil {
		if _, err := h.st.Agent(c.Request.Context(), t.OrganizationID, *in.AgentID); errors.Is(err, store.ErrNotFound) {
			return invalidField("agent_id", "agent %q does not exist in your organization", *in.AgentID).With("agent_id", *in.AgentID)
		}
	}
	updated, err := h.svc.Update(c.Request.Context(), t.OrganizationID, t.ID, in.input())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, templateJSON(updated))
	return nil
}

func (h *templateHandlers) delete(c *gin.Context) error {
	t, err := h.loadTemplate(c)
	if err != nil {
		return err
	}
	if err := h.svc.Delete(c.Request.Context(), t.OrganizationID, t.ID); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

func (h *templateHandlers) execute(c *gin.Context) error {
	t, err := h.loadTemplate(c)
	if err != nil {
		return err
	}
	var in struct {
		Parameters json.RawMessage `json:"parameters" limit:"1000"`
	}
	if err := bindOptional(c, &in); err != nil {
		return err
	}
	values, err := templates.DecodeValues(in.Parameters)
	if err != nil {
		return err
	}
	p := principal(c)
	async, wait := prefer(c)
	// Validate before subscribing; Execute validates again with the stored definitions.
	if _, err := templates.Bind(t.Params, values); err != nil {
		return err
	}
	var done <-chan struct{}
	e, err := func() (*store.TemplateExecution, error) {
		return h.svc.Execute(c.Request.Context(), t, p.User.ID, values)
	}()
	if err != nil {
		return err
	}
	if !async {
		// The execution id is known only now; the poll below covers a notification sent before
		// the subscription.
		if ch, stop, err := h.watcher.Watch(e.ID); err == nil {
			defer stop()
			done = ch
		}
		timer := time.NewTimer(wait)
		defer timer.Stop()
		poll := time.NewTicker(200 * time.Millisecond)
		defer poll.Stop()
	waiting:
		for {
			cur, err := h.st.Execution(c.Request.Context(), e.OrganizationID, e.ID)
			if err == nil && (cur.Status == store.QueryCompleted || cur.Status == store.QueryFailed) {
				break waiting
			}
			select {
			case <-done:
				break waiting
			case <-timer.C:
				break waiting
			case <-c.Request.Context().Done():
				return nil
			case <-poll.C:
			}
		}
		cur, err := h.st.Execution(c.Request.Context(), e.OrganizationID, e.ID)
		if err != nil {
			return err
		}
		switch cur.Status {
		case store.QueryCompleted:
			c.JSON(http.StatusOK, executionJSON(cur))
			return nil
		case store.QueryFailed:
			return executionFailure(cur)
		}
		e = cur
	}
	c.Header("Location", "/v1/templates/executions/"+e.ID)
	c.JSON(http.StatusAccepted, executionJSON(e))
	return nil
}

func executionFailure(e *store.TemplateExecution) *Error {
	status, ok := templateFailureStatus[e.ErrorCode]
	if !ok {
		if status, ok = failureStatus[e.ErrorCode]; !ok {
			status = http.StatusUnprocessableEntity
		}
	}
	out := Errorf(status, e.ErrorCode, "%s", e.ErrorMessage).With("execution_id", e.ID)
	var details map[string]any
	if json.Unmarshal([]byte(e.ErrorDetails), &details) == nil {
		for k, v := range details {
			out = out.With(k, v)
		}
	}
	return out
}

func executionJSON(e *store.TemplateExecution) gin.H {
	body := gin.H{"execution_id": e.ID, "template_id": e.TemplateID, "template_name": e.TemplateName, "status": e.Status,
		"parameters": json.RawMessage(nonEmpty(e.Parameters, "{}")), "created_at": ts(e.CreatedAt), "completed_at": tsPtr(e.CompletedAt)}
	if e.ScheduleRunID != "" {
		body["schedule_run_id"] = e.ScheduleRunID
	}
	switch e.Status {
	case store.QueryCompleted:
		var columns []map[string]any
		_ = json.Unmarshal([]byte(e.ColumnsJSON), &columns)
		body["results"] = json.RawMessage(nonEmpty(e.ResultsJSON, "[]"))
		body["columns"] = columns
		body["row_count"] = e.RowCount
		body["truncated"] = e.Truncated
		body["execution_time"] = e.ExecutionTime
		if e.ChartJSON != "" {
			body["chart"] = json.RawMessage(e.ChartJSON)
		}
	case store.QueryFailed:
		var details map[string]any
		_ = json.Unmarshal([]byte(e.ErrorDetails), &details)
		if details == nil {
			details = map[string]any{}
		}
		body["error"] = gin.H{"code": e.ErrorCode, "message": e.ErrorMessage, "details": details}
		body["execution_time"] = e.ExecutionTime
	}
	return body
}

func (h *templateHandlers) getExecution(c *gin.Context) error {
	p := principal(c)
	id := c.Param("execution_id")
	e, err := h.st.Execution(c.Request.Context(), p.OrgID(), id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && p.User.Role != store.RoleAdmin && e.UserID != p.User.ID) {
		return notFound("execution", id)
	}
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, executionJSON(e))
	return nil
}

func (h *templateHandlers) executions(c *gin.Context) error {
	t, err := h.loadTemplate(c)
	if err != nil {
		return err
	}
	limit, offset, err := paging(c)
	if err != nil {
		return err
	}
	list, total, err := h.st.Executions(c.Request.Context(), t.OrganizationID, t.ID, limit, offset)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for i := range list {
		e := &list[i]
		item := gin.H{"execution_id": e.ID, "template_id": e.TemplateID, "status": e.Status, "parameters": json.RawMessage(nonEmpty(e.Parameters, "{}")),
			"row_count": e.RowCount, "execution_time": e.ExecutionTime, "created_at": ts(e.CreatedAt), "completed_at": tsPtr(e.CompletedAt),
			"user_id": e.UserID}
		if e.ScheduleRunID != "" {
			item["schedule_run_id"] = e.ScheduleRunID
		}
		if e.Status == store.QueryFailed {
			item["error_code"] = e.ErrorCode
		}
		out = append(out, item)
	}
	c.JSON(http.StatusOK, gin.H{"executions": out, "total": total, "limit": limit, "offset": offset})
	return nil
}

type scheduleBody struct {
	Schedule   *templates.Spec `json:"schedule"`
	Recipients *[]string       `json:"recipients" limit:"320"`
	Format     *string         `json:"format"`
	Parameters json.RawMessage `json:"parameters" limit:"1000"`
	Enabled    *bool           `json:"enabled"`
}

func (b scheduleBody) input() (templates.ScheduleInput, error) {
	in := templates.ScheduleInput{Spec: b.Schedule, Recipients: b.Recipients, Format: b.Format, Enabled: b.Enabled}
	if len(b.Parameters) > 0 {
		v, err := templates.DecodeValues(b.Parameters)
		if err != nil {
			return in, err
		}
		in.Parameters = &v
	}
	return in, nil
}

func scheduleJSON(s *templates.Schedule) gin.H {
	return gin.H{"id": s.ID, "template_id": s.TemplateID, "schedule": s.SpecV, "recipients": s.RecipientsV, "format": s.Format,
		"parameters": s.ParamsV, "enabled": s.Enabled, "next_run_at": ts(s.NextRunAt), "last_run_at": tsPtr(s.LastRunAt),
		"created_at": ts(s.CreatedAt), "updated_at": ts(s.UpdatedAt)}
}

// scheduleRequest loads the path's template and binds a schedule body, for create and update.
func (h *templateHandlers) scheduleRequest(c *gin.Context) (*templates.Template, templates.ScheduleInput, error) {
	t, err := h.loadTemplate(c)
	if err != nil {
		return nil, templates.ScheduleInput{}, err
	}
	var body scheduleBody
	if err := bind(c, &body); err != nil {
		return nil, templates.ScheduleInput{}, err
	}
	in, err := body.input()
	return t, in, err
}

func (h *templateHandlers) createSchedule(c *gin.Context) error {
	t, in, err := h.scheduleRequest(c)
	if err != nil {
		return err
	}
	if h.billing != nil {
		if err := h.billing.RequireFeature(c.Request.Context(), principal(c).OrgID(), billing.FeatureWorkflows); err != nil {
			return err
		}
	}
	s, err := h.svc.CreateSchedule(c.Request.Context(), t, principal(c).User.ID, in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, scheduleJSON(s))
	return nil
}

func (h *templateHandlers) schedules(c *gin.Context) error {
	t, err := h.loadTemplate(c)
	if err != nil {
		return err
	}
	list, err := h.st.Schedules(c.Request.Context(), t.OrganizationID, t.ID)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for i := range list {
		s, err := templates.DecodeSchedule(&list[i])
		if err != nil {
			return err
		}
		out = append(out, scheduleJSON(s))
	}
	c.JSON(http.StatusOK, gin.H{"schedules": out, "total": len(out)})
	return nil
}

func (h *templateHandlers) updateSchedule(c *gin.Context) error {
	t, in, err := h.scheduleRequest(c)
	if err != nil {
		return err
	}
	s, err := h.svc.UpdateSchedule(c.Request.Context(), t, c.Param("schedule_id"), in)
	if errors.Is(err, store.ErrNotFound) {
		return notFound("schedule", c.Param("schedule_id"))
	}
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, scheduleJSON(s))
	return nil
}

func (h *templateHandlers) deleteSchedule(c *gin.Context) error {
	t, err := h.loadTemplate(c)
	if err != nil {
		return err
	}
	if err := h.st.DeleteSchedule(c.Request.Context(), t.OrganizationID, t.ID, c.Param("schedule_id")); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound("schedule", c.Param("schedule_id"))
		}
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

func (h *templateHandlers) runs(c *gin.Context) error {
	t, err := h.loadTemplate(c)
	if err != nil {
		return err
	}
	sid := c.Param("schedule_id")
	if _, err := h.st.Schedule(c.Request.Context(), t.OrganizationID, t.ID, sid); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound("schedule", sid)
		}
		return err
	}
	limit, offset, err := paging(c)
	if err != nil {
		return err
	}
	list, total, err := h.st.ScheduleRuns(c.Request.Context(), t.OrganizationID, sid, limit, offset)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for _, r := range list {
		var dl []templates.Delivery
		_ = json.Unmarshal([]byte(r.Deliveries), &dl)
		out = append(out, gin.H{"id": r.ID, "schedule_id": r.ScheduleID, "due_at": ts(r.DueAt), "started_at": tsPtr(r.StartedAt),
			"finished_at": tsPtr(r.FinishedAt), "execution_id": r.ExecutionID, "status": r.Status, "deliveries": dl})
	}
	c.JSON(http.StatusOK, gin.H{"runs": out, "total": total, "limit": limit, "offset": offset})
	return nil
}
