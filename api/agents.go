package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/agents"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/sources"
	"github.com/analytics-agent/service/store"
)

type agentHandlers struct {
	st      *store.Store
	planner *queries.Planner
	billing *billing.Service
}

func registerAgents(authed *gin.RouterGroup, h *agentHandlers) {
	admin := requireRole(store.RoleAdmin)
	authed.GET("/agents", wrap(h.list))
	authed.POST("/agents", admin, wrap(h.create))
	authed.GET("/agents/:agent_id", wrap(h.get))
	authed.PATCH("/agents/:agent_id", admin, wrap(h.patch))
	authed.DELETE("/agents/:agent_id", admin, wrap(h.delete))
	authed.GET("/agents/:agent_id/users", admin, wrap(h.users))
	authed.POST("/agents/:agent_id/users", admin, wrap(h.assign))
	authed.DELETE("/agents/:agent_id/users/:user_id", admin, wrap(h.unassign))
	authed.PATCH("/agents/:agent_id/system-prompt", admin, wrap(h.patchSystemPrompt))
	authed.PATCH("/agents/:agent_id/tables", admin, wrap(h.patchTables))
	authed.PATCH("/agents/:agent_id/columns", admin, wrap(h.patchColumns))
	authed.GET("/agents/:agent_id/stats", wrap(h.stats))
	authed.GET("/agents/:agent_id/performance", wrap(h.performance))
	authed.POST("/agents/:agent_id/clone", admin, wrap(h.clone))
	authed.POST("/agents/:agent_id/activate", admin, wrap(h.setActive(true)))
	authed.POST("/agents/:agent_id/deactivate", admin, wrap(h.setActive(false)))
	authed.POST("/agents/:agent_id/test", wrap(h.test))
}

var agentTypePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{1,49}$`)

func agentSummary(a *store.Agent) gin.H {
	return gin.H{"id": a.ID, "name": a.Name, "description": a.Description, "agent_type": a.AgentType,
		"data_source_id": a.DataSourceID, "is_active": a.IsActive, "created_at": ts(a.CreatedAt), "updated_at": ts(a.UpdatedAt)}
}

func (h *agentHandlers) agentFull(c *gin.Context, a *store.Agent) (gin.H, error) {
	tables, perms, err := queries.AgentConfig(a)
	if err != nil {
		return nil, err
	}
	n, err := h.st.CountAssignedUsers(c.Request.Context(), a.OrganizationID, a.ID)
	if err != nil {
		return nil, err
	}
	body := agentSummary(a)
	body["system_prompt"] = a.SystemPrompt
	body["allowed_tables"] = nonNil(tables)
	body["column_permissions"] = perms
	body["assigned_users"] = n
	body["created_by"] = a.CreatedBy
	body["query_timeout_seconds"] = a.QueryTimeoutSeconds
	body["max_rows"] = a.MaxRows
	if a.ClonedFrom != "" {
		body["cloned_from"] = a.ClonedFrom
	}
	return body, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// loadAgent reads an agent the caller may see: admins see every agent of the organization,
// others only the agents assigned to them (403 otherwise, per DECISIONS.md).
func (h *agentHandlers) loadAgent(c *gin.Context) (*store.Agent, error) {
	return loadVisibleAgent(c, h.st, c.Param("agent_id"))
}

// agentReader reads an agent and its assignments: the store, or agents.Cache on the question
// path.
type agentReader interface {
	Agent(ctx context.Context, orgID, id string) (*store.Agent, error)
	IsAssigned(ctx context.Context, orgID, agentID, userID string) (bool, error)
}

// loadVisibleAgent reads agent id of the caller's organization through st, if the caller may
// see it (admins, or users assigned to it).
func loadVisibleAgent(c *gin.Context, st agentReader, id string) (*store.Agent, error) {
	p := principal(c)
	a, err := st.Agent(c.Request.Context(), p.OrgID(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound("agent", id)
	}
	if err != nil {
		return nil, err
	}
	if p.User.Role != store.RoleAdmin {
		ok, err := st.IsAssigned(c.Request.Context(), p.OrgID(), a.ID, p.User.ID)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, Errorf(http.StatusForbidden, "permission_denied", "you are not assigned to agent %s", a.ID).
				With("agent_id", a.ID)
		}
	}
	return a, nil
}

func (h *agentHandlers) list(c *gin.Context) error {
	limit, offset, err := paging(c)
	if err != nil {
		return err
	}
	active, err := boolQuery(c, "is_active")
	if err != nil {
		return err
	}
	p := principal(c)
	f := store.AgentFilter{IsActive: active, AgentType: c.Query("agent_type"), DataSourceID: c.Query("data_source_id"), Limit: limit, Offset: offset}
	if p.User.Role != store.RoleAdmin {
		f.AssignedTo = p.User.ID
	}
	list, total, err := h.st.Agents(c.Request.Context(), p.OrgID(), f)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for i := range list {
		out = append(out, agentSummary(&list[i]))
	}
	c.JSON(http.StatusOK, gin.H{"agents": out, "total": total, "limit": limit, "offset": offset})
	return nil
}

func (h *agentHandlers) get(c *gin.Context) error {
	a, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	body, err := h.agentFull(c, a)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, body)
	return nil
}

// agentInput is the body of create and PATCH.
type agentInput struct {
	Name                *string         `json:"name" limit:"200"`
	Description         *string         `json:"description" limit:"2000"`
	AgentType           *string         `json:"agent_type" limit:"50"`
	DataSourceID        *string         `json:"data_source_id"`
	SystemPrompt        *string         `json:"system_prompt" limit:"20000"`
	AllowedTables       *[]string       `json:"allowed_tables"`
	ColumnPermissions   json.RawMessage `json:"column_permissions"`
	IsActive            *bool           `json:"is_active"`
	QueryTimeoutSeconds *int            `json:"query_timeout_seconds"`
	MaxRows             *int            `json:"max_rows"`
}

// applyAgent validates the input against the organization's data and writes it onto a; it
// returns the names of the fields that changed.
func (h *agentHandlers) applyAgent(c *gin.Context, a *store.Agent, in *agentInput) ([]string, error) {
	before := *a
	if in.Name != nil {
		if strings.TrimSpace(*in.Name) == "" {
			return nil, invalidField("name", "name must not be empty")
		}
		a.Name = strings.TrimSpace(*in.Name)
	}
	if in.Description != nil {
		a.Description = *in.Description
	}
	if in.AgentType != nil {
		if !agentTypePattern.MatchString(*in.AgentType) {
			return nil, invalidField("agent_type", "agent_type must be a lower-case identifier such as sales_performance, marketing_campaign or general_data")
		}
		a.AgentType = *in.AgentType
	}
	if in.SystemPrompt != nil {
		if len(*in.SystemPrompt) > 20000 {
			return nil, invalidField("system_prompt", "system_prompt is limited to 20,000 characters")
		}
		a.SystemPrompt = *in.SystemPrompt
	}
	if in.IsActive != nil {
		a.IsActive = *in.IsActive
	}
	if in.QueryTimeoutSeconds != nil {
		if *in.QueryTimeoutSeconds < 1 || *in.QueryTimeoutSeconds > 300 {
			return nil, invalidField("query_timeout_seconds", "query_timeout_seconds must be from 1 to 300")
		}
		a.QueryTimeoutSeconds = *in.QueryTimeoutSeconds
	}
	if in.MaxRows != nil {
		if *in.MaxRows < 1 || *in.MaxRows > 100000 {
			return nil, invalidField("max_rows", "max_rows must be from 1 to 100000")
		}
		a.MaxRows = *in.MaxRows
	}
	if in.DataSourceID != nil {
		a.DataSourceID = strings.TrimSpace(*in.DataSourceID)
	}
	if a.DataSourceID == "" {
		return nil, invalidField("data_source_id", "field \"data_source_id\" is required")
	}
	ds, err := h.st.DataSource(c.Request.Context(), a.OrganizationID, a.DataSourceID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, Errorf(http.StatusBadRequest, "invalid_data_source", "data source %q does not exist in your organization", a.DataSourceID).
			With("data_source_id", a.DataSourceID)
	}
	if err != nil {
		return nil, err
	}
	schema, err := sources.Schema(ds)
	if err != nil {
		return nil, err
	}
	tables, perms, err := queries.AgentConfig(a)
	if err != nil {
		return nil, err
	}
	if in.AllowedTables != nil {
		tables = *in.AllowedTables
	}
	if tables, err = agents.ValidateTables(tables, schema); err != nil {
		return nil, validationError(err)
	}
	if len(in.ColumnPermissions) > 0 {
		if perms, err = agents.ParseColumnPermissions(in.ColumnPermissions); err != nil {
			return nil, validationError(err)
		}
	}
	if len(perms) > 0 {
		if perms, err = agents.ValidateColumns(perms, schema); err != nil {
			return nil, validationError(err)
		}
	}
	rawTables, _ := json.Marshal(tables)
	rawPerms, _ := json.Marshal(perms)
	a.AllowedTables, a.ColumnPermissions = string(rawTables), string(rawPerms)

	var changed []string
	for _, f := range []struct {
		name string
		a, b any
	}{
		{"name", before.Name, a.Name}, {"description", before.Description, a.Description},
		{"agent_type", before.AgentType, a.AgentType}, {"data_source_id", before.DataSourceID, a.DataSourceID},
		{"system_prompt", before.SystemPrompt, a.SystemPrompt}, {"allowed_tables", before.AllowedTables, a.AllowedTables},
		{"column_permissions", before.ColumnPermissions, a.ColumnPermissions}, {"is_active", before.IsActive, a.IsActive},
		{"query_timeout_seconds", before.QueryTimeoutSeconds, a.QueryTimeoutSeconds}, {"max_rows", before.MaxRows, a.MaxRows},
	} {
		if !reflect.DeepEqual(f.a, f.b) {
			changed = append(changed, f.name)
		}
	}
	return changed, nil
}

func validationError(err error) error {
	var v *agents.ValidationError
	if errors.As(err, &v) {
		e := invalidField(v.Field, "%s", v.Message)
		if v.Table != "" {
			e = e.With("table", v.Table)
		}
		if v.Column != "" {
			e = e.With("column", v.Column)
		}
		return e
	}
	return err
}

func (h *agentHandlers) create(c *gin.Context) error {
	var in agentInput
	if err := bind(c, &in); err != nil {
		return err
	}
	if in.Name == nil {
		return invalidField("name", "field \"name\" is required")
	}
	if in.AgentType == nil {
		return invalidField("agent_type", "field \"agent_type\" is required")
	}
	p := principal(c)
	now := time.Now().UTC()
	a := &store.Agent{ID: ids.New(ids.Agent), OrganizationID: p.OrgID(), IsActive: true, AllowedTables: "[]", ColumnPermissions: "{}",
		QueryTimeoutSeconds: 30, MaxRows: 10000, CreatedBy: p.User.ID, CreatedAt: now, UpdatedAt: now}
	if _, err := h.applyAgent(c, a, &in); err != nil {
		return err
	}
	if err := h.insertAgent(c, a); err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"id": a.ID, "name": a.Name, "description": a.Description, "agent_type": a.AgentType,
		"data_source_id": a.DataSourceID, "is_active": a.IsActive, "created_at": ts(a.CreatedAt)})
	return nil
}

func (h *agentHandlers) insertAgent(c *gin.Context, a *store.Agent) error {
	ev, err := events.NewEvent(a.OrganizationID, events.AgentCreated, events.AgentCreatedData{
		AgentID: a.ID, Name: a.Name, AgentType: a.AgentType, DataSourceID: a.DataSourceID, CreatedBy: a.CreatedBy, ClonedFrom: a.ClonedFrom})
	if err != nil {
		return err
	}
	return h.st.Tx(c.Request.Context(), func(tx *store.Store) error {
		if err := h.billing.CheckQuota(c.Request.Context(), tx, a.OrganizationID, billing.QuotaAIAgents); err != nil {
			return err
		}
		if err := tx.CreateAgent(c.Request.Context(), a); err != nil {
			return err
		}
		return tx.Emit(c.Request.Context(), ev)
	})
}

// update validates and stores a change, firing agent.updated when something changed.
func (h *agentHandlers) update(c *gin.Context, in *agentInput) (*store.Agent, error) {
	a, err := h.loadAgent(c)
	if err != nil {
		return nil, err
	}
	before := *a
	changed, err := h.applyAgent(c, a, in)
	if err != nil {
		return nil, err
	}
	if len(changed) == 0 {
		return a, nil
	}
	fields := map[string]any{"name": a.Name, "description": a.Description, "agent_type": a.AgentType,
		"data_source_id": a.DataSourceID, "system_prompt": a.SystemPrompt, "allowed_tables": a.AllowedTables,
		"column_permissions": a.ColumnPermissions, "is_active": a.IsActive,
		"query_timeout_seconds": a.QueryTimeoutSeconds, "max_rows": a.MaxRows}
	changes := map[string]any{}
	old := agentValues(&before)
	cur := agentValues(a)
	for _, f := range changed {
		changes[f] = gin.H{"old": old[f], "new": cur[f]}
	}
	ev, err := events.NewEvent(a.OrganizationID, events.AgentUpdated, events.AgentUpdatedData{
		AgentID: a.ID, Name: a.Name, ChangedFields: changed, Changes: changes, UpdatedBy: principal(c).User.ID})
	if err != nil {
		return nil, err
	}
	err = h.st.Tx(c.Request.Context(), func(tx *store.Store) error {
		if err := tx.UpdateAgent(c.Request.Context(), a.OrganizationID, a.ID, fields); err != nil {
			return err
		}
		return tx.Emit(c.Request.Context(), ev)
	})
	if err != nil {
		return nil, err
	}
	return h.st.Agent(c.Request.Context(), a.OrganizationID, a.ID)
}

func agentValues(a *store.Agent) map[string]any {
	var tables []string
	var perms any
	_ = json.Unmarshal([]byte(a.AllowedTables), &tables)
	_ = json.Unmarshal([]byte(a.ColumnPermissions), &perms)
	return map[string]any{"name": a.Name, "description": a.Description, "agent_type": a.AgentType,
		"data_source_id": a.DataSourceID, "system_prompt": a.SystemPrompt, "allowed_tables": tables,
		"column_permissions": perms, "is_active": a.IsActive, "query_timeout_seconds": a.QueryTimeoutSeconds, "max_rows": a.MaxRows}
}

func (h *agentHandlers) patch(c *gin.Context) error {
	var in agentInput
	if err := bind(c, &in); err != nil {
		return err
	}
	a, err := h.update(c, &in)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"id": a.ID, "name": a.Name, "updated_at": ts(a.UpdatedAt)})
	return nil
}

func (h *agentHandlers) patchSystemPrompt(c *gin.Context) error {
	var in struct {
		SystemPrompt *string `json:"system_prompt" limit:"20000"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if in.SystemPrompt == nil {
		return invalidField("system_prompt", "field \"system_prompt\" is required")
	}
	a, err := h.update(c, &agentInput{SystemPrompt: in.SystemPrompt})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"id": a.ID, "system_prompt": a.SystemPrompt, "updated_at": ts(a.UpdatedAt)})
	return nil
}

func (h *agentHandlers) patchTables(c *gin.Context) error {
	var in struct {
		AllowedTables *[]string `json:"allowed_tables"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if in.AllowedTables == nil {
		return invalidField("allowed_tables", "field \"allowed_tables\" is required")
	}
	a, err := h.update(c, &agentInput{AllowedTables: in.AllowedTables})
	if err != nil {
		return err
	}
	tables, _, _ := queries.AgentConfig(a)
	c.JSON(http.StatusOK, gin.H{"id": a.ID, "allowed_tables": nonNil(tables), "updated_at": ts(a.UpdatedAt)})
	return nil
}

func (h *agentHandlers) patchColumns(c *gin.Context) error {
	var in struct {
		TableName      string    `json:"table_name"`
		AllowedColumns *[]string `json:"allowed_columns"`
		DeniedColumns  *[]string `json:"denied_columns"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("table_name", in.TableName); err != nil {
		return err
	}
	if in.AllowedColumns == nil && in.DeniedColumns == nil {
		return invalidField("allowed_columns", "send allowed_columns, denied_columns or both")
	}
	cur, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	_, perms, err := queries.AgentConfig(cur)
	if err != nil {
		return err
	}
	rule := perms[in.TableName]
	if in.AllowedColumns != nil {
		rule.Allowed = *in.AllowedColumns
	}
	if in.DeniedColumns != nil {
		rule.Denied = *in.DeniedColumns
	}
	perms[in.TableName] = rule
	raw, _ := json.Marshal(perms)
	a, err := h.update(c, &agentInput{ColumnPermissions: raw})
	if err != nil {
		return err
	}
	_, perms, _ = queries.AgentConfig(a)
	c.JSON(http.StatusOK, gin.H{"id": a.ID, "column_permissions": perms, "updated_at": ts(a.UpdatedAt)})
	return nil
}

func (h *agentHandlers) setActive(active bool) handler {
	return func(c *gin.Context) error {
		a, err := h.update(c, &agentInput{IsActive: &active})
		if err != nil {
			return err
		}
		c.JSON(http.StatusOK, gin.H{"id": a.ID, "is_active": a.IsActive, "updated_at": ts(a.UpdatedAt)})
		return nil
	}
}

func (h *agentHandlers) delete(c *gin.Context) error {
	a, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	if err := h.st.DeleteAgent(c.Request.Context(), a.OrganizationID, a.ID); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "message": fmt.Sprintf("Agent %s deleted; its assignments and query history are kept", a.ID)})
	return nil
}

func (h *agentHandlers) users(c *gin.Context) error {
	a, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	list, err := h.st.AgentUsers(c.Request.Context(), a.OrganizationID, a.ID)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for _, u := range list {
		out = append(out, gin.H{"id": u.ID, "email": u.Email, "full_name": u.FullName, "role": u.Role, "assigned_at": ts(u.AssignedAt)})
	}
	c.JSON(http.StatusOK, gin.H{"users": out, "total": len(out)})
	return nil
}

// assignUsers assigns users of the organization to an agent and fires agent.assigned for each
// new assignment, in one transaction.
func assignUsers(c *gin.Context, st *store.Store, a *store.Agent, userIDs []string) (int, error) {
	by := principal(c).User.ID
	added := 0
	err := st.Tx(c.Request.Context(), func(tx *store.Store) error {
		newly, err := tx.Assign(c.Request.Context(), a.OrganizationID, a.ID, by, userIDs)
		if err != nil {
			return err
		}
		added = len(newly)
		for _, uid := range newly {
			ev, err := events.NewEvent(a.OrganizationID, events.AgentAssigned, events.AgentAssignedData{AgentID: a.ID, AgentName: a.Name, UserID: uid, AssignedBy: by})
			if err != nil {
				return err
			}
			if err := tx.Emit(c.Request.Context(), ev); err != nil {
				return err
			}
		}
		return nil
	})
	return added, err
}

func (h *agentHandlers) assign(c *gin.Context) error {
	var in struct {
		UserIDs []string `json:"user_ids"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if len(in.UserIDs) == 0 {
		return invalidField("user_ids", "user_ids must list at least one user id")
	}
	a, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	users, err := h.st.UsersByIDs(c.Request.Context(), a.OrganizationID, in.UserIDs)
	if err != nil {
		return err
	}
	known := map[string]bool{}
	for _, u := range users {
		known[u.ID] = true
	}
	for _, id := range in.UserIDs {
		if !known[id] {
			return Errorf(http.StatusBadRequest, "invalid_request", "user %q does not exist in your organization", id).With("user_id", id)
		}
	}
	n, err := assignUsers(c, h.st, a, in.UserIDs)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "assigned_count": n, "message": fmt.Sprintf("%d user(s) assigned to %s", n, a.Name)})
	return nil
}

func (h *agentHandlers) unassign(c *gin.Context) error {
	a, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	uid := c.Param("user_id")
	if err := h.st.Unassign(c.Request.Context(), a.OrganizationID, a.ID, uid); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return notFound("assignment of user", uid)
		}
		return err
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "message": fmt.Sprintf("User %s unassigned from %s", uid, a.Name)})
	return nil
}

func (h *agentHandlers) clone(c *gin.Context) error {
	var in struct {
		Name        string  `json:"name" limit:"200"`
		Description *string `json:"description" limit:"2000"`
	}
	if err := bindOptional(c, &in); err != nil {
		return err
	}
	src, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	if principal(c).User.Role != store.RoleAdmin {
		return forbidden(store.RoleAdmin)
	}
	now := time.Now().UTC()
	a := *src
	a.ID, a.ClonedFrom, a.CreatedBy, a.CreatedAt, a.UpdatedAt = ids.New(ids.Agent), src.ID, principal(c).User.ID, now, now
	a.Name = strings.TrimSpace(in.Name)
	if a.Name == "" {
		a.Name = src.Name + " (copy)"
	}
	if in.Description != nil {
		a.Description = *in.Description
	}
	if err := h.insertAgent(c, &a); err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"id": a.ID, "name": a.Name, "cloned_from": a.ClonedFrom, "created_at": ts(a.CreatedAt)})
	return nil
}

// period reads start_date and end_date (YYYY-MM-DD, inclusive; default the last 30 days).
func period(c *gin.Context) (time.Time, time.Time, error) {
	today := time.Now().UTC().Truncate(24 * time.Hour)
	start, end := today.AddDate(0, 0, -29), today
	var err error
	if v := c.Query("start_date"); v != "" {
		if start, err = time.Parse("2006-01-02", v); err != nil {
			return start, end, invalidField("start_date", "start_date must be a date YYYY-MM-DD")
		}
	}
	if v := c.Query("end_date"); v != "" {
		if end, err = time.Parse("2006-01-02", v); err != nil {
			return start, end, invalidField("end_date", "end_date must be a date YYYY-MM-DD")
		}
	}
	if end.Before(start) {
		return start, end, invalidField("end_date", "end_date must not be before start_date")
	}
	return start, end.Add(24*time.Hour - time.Second), nil
}

func (h *agentHandlers) stats(c *gin.Context) error {
	a, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	from, to, err := period(c)
	if err != nil {
		return err
	}
	outcomes, err := h.st.QueryOutcomes(c.Request.Context(), a.OrganizationID, a.ID, from, to.Add(time.Second), 200000)
	if err != nil {
		return err
	}
	p := principal(c)
	metrics, top, common := agents.StatsVisibleTo(outcomes, p.User.ID, p.User.Role == store.RoleAdmin)
	if len(top) > 0 {
		userIDs := make([]string, len(top))
		for i, u := range top {
			userIDs[i] = u.UserID
		}
		users, err := h.st.UsersByIDs(c.Request.Context(), a.OrganizationID, userIDs)
		if err != nil {
			return err
		}
		emails := map[string]string{}
		for _, u := range users {
			emails[u.ID] = u.Email
		}
		for i := range top {
			top[i].Email = emails[top[i].UserID]
		}
	}
	c.JSON(http.StatusOK, gin.H{"agent_id": a.ID, "period": gin.H{"start": ts(from), "end": ts(to)},
		"metrics": metrics, "top_users": top, "common_queries": common})
	return nil
}

func (h *agentHandlers) performance(c *gin.Context) error {
	a, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	outcomes, err := h.st.QueryOutcomes(c.Request.Context(), a.OrganizationID, a.ID, now.AddDate(0, 0, -30), now.Add(time.Second), 100000)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, agents.ComputePerformance(outcomes))
	return nil
}

// test runs generation and the guard on a question without executing or storing anything.
func (h *agentHandlers) test(c *gin.Context) error {
	var in struct {
		TestQuery string `json:"test_query" limit:"2000"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("test_query", in.TestQuery); err != nil {
		return err
	}
	a, err := h.loadAgent(c)
	if err != nil {
		return err
	}
	start := time.Now()
	plan, err := h.planner.Plan(c.Request.Context(), a, in.TestQuery)
	elapsed := time.Since(start).Seconds()
	if err != nil {
		f := queries.Classify(err)
		if f.Code == queries.CodeExecution {
			return err // not a planning outcome: an internal failure
		}
		if f.Details == nil {
			f.Details = map[string]any{}
		}
		body := gin.H{"success": false, "sql_generated": nil, "tables_accessed": []string{}, "columns_accessed": []string{},
			"execution_time": elapsed, "error": f}
		if plan != nil && plan.SQL != "" {
			body["sql_generated"] = plan.SQL
		}
		c.JSON(http.StatusOK, body)
		return nil
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "sql_generated": plan.SQL, "tables_accessed": nonNil(plan.Tables),
		"columns_accessed": nonNil(plan.Columns), "execution_time": elapsed})
	return nil
}
