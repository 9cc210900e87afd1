package api

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/store"
)

type userHandlers struct {
	st      *store.Store
	auth    *auth.Service
	billing *billing.Service
}

func registerUsers(public, authed *gin.RouterGroup, h *userHandlers) {
	admin := requireRole(store.RoleAdmin)
	public.POST("/auth/accept-invite", wrap(h.acceptInvite))
	authed.GET("/users", admin, wrap(h.list))
	authed.POST("/users", admin, wrap(h.create))
	authed.GET("/users/:user_id", wrap(h.get))
	authed.PATCH("/users/:user_id", admin, wrap(h.patch))
	authed.DELETE("/users/:user_id", admin, wrap(h.deactivate))
	authed.GET("/users/:user_id/agents", wrap(h.agents))
	authed.POST("/users/:user_id/agents", admin, wrap(h.assignAgents))
}

var roles = map[string]bool{store.RoleAdmin: true, store.RoleAnalyst: true, store.RoleViewer: true}

func userRecord(u *store.User) gin.H {
	return gin.H{"id": u.ID, "email": u.Email, "full_name": u.FullName, "role": u.Role, "organization_id": u.OrganizationID,
		"is_active": u.IsActive, "two_factor_enabled": u.TwoFactorEnabled, "invitation_pending": u.InviteTokenHash != "",
		"created_at": ts(u.CreatedAt), "updated_at": ts(u.UpdatedAt)}
}

// loadUser reads a user of the organization; non-admins may read only themselves.
func (h *userHandlers) loadUser(c *gin.Context) (*store.User, error) {
	p := principal(c)
	id := c.Param("user_id")
	if p.User.Role != store.RoleAdmin && id != p.User.ID {
		return nil, forbidden(store.RoleAdmin)
	}
	u, err := h.st.UserByID(c.Request.Context(), p.OrgID(), id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, notFound("user", id)
	}
	return u, err
}

func (h *userHandlers) list(c *gin.Context) error {
	limit, offset, err := paging(c)
	if err != nil {
		return err
	}
	list, total, err := h.st.Users(c.Request.Context(), principal(c).OrgID(), limit, offset)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for i := range list {
		out = append(out, userRecord(&list[i]))
	}
	c.JSON(http.StatusOK, gin.H{"users": out, "total": total, "limit": limit, "offset": offset})
	return nil
}

// agentsOf checks agent ids of the organization for an assignment request.
func agentsOf(c *gin.Context, st *store.Store, orgID string, agentIDs []string, field string) ([]*store.Agent, error) {
	out := make([]*store.Agent, 0, len(agentIDs))
	for _, id := range agentIDs {
		a, err := st.Agent(c.Request.Context(), orgID, id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, Errorf(http.StatusBadRequest, "invalid_request", "agent %q does not exist in your organization", id).
				With("agent_id", id).With("field", field)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func (h *userHandlers) create(c *gin.Context) error {
	var in struct {
		Email            string   `json:"email" limit:"320"`
		FullName         string   `json:"full_name" limit:"200"`
		Role             string   `json:"role" limit:"20"`
		AgentAssignments []string `json:"agent_assignments"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("email", in.Email); err != nil {
		return err
	}
	if err := required("full_name", in.FullName); err != nil {
		return err
	}
	if in.Role == "" {
		in.Role = store.RoleAnalyst
	}
	if !roles[in.Role] {
		return invalidField("role", "role must be admin, analyst or viewer")
	}
	p := principal(c)
	agentsToAssign, err := agentsOf(c, h.st, p.OrgID(), in.AgentAssignments, "agent_assignments")
	if err != nil {
		return err
	}
	u, token, err := h.auth.NewInvitedUser(p.OrgID(), in.Email, in.FullName, in.Role)
	if err != nil {
		return err
	}
	err = h.st.Tx(c.Request.Context(), func(tx *store.Store) error {
		if err := h.billing.CheckQuota(c.Request.Context(), tx, u.OrganizationID, billing.QuotaTeamMembers); err != nil {
			return err
		}
		if err := tx.CreateUser(c.Request.Context(), u); err != nil {
			if errors.Is(err, store.ErrConflict) {
				return auth.ErrEmailExists
			}
			return err
		}
		ev, err := events.NewEvent(u.OrganizationID, events.UserCreated, events.UserCreatedData{UserID: u.ID, Email: u.Email,
			FullName: u.FullName, Role: u.Role, OrganizationID: u.OrganizationID, CreatedBy: p.User.ID})
		if err != nil {
			return err
		}
		return tx.Emit(c.Request.Context(), ev)
	})
	if err != nil {
		return err
	}
	assigned := []string{}
	for _, a := range agentsToAssign {
		if _, err := assignUsers(c, h.st, a, []string{u.ID}); err != nil {
			return err
		}
		assigned = append(assigned, a.ID)
	}
	body := userRecord(u)
	body["assigned_agents"] = assigned
	body["invitation"] = gin.H{"token": token, "expires_at": tsPtr(u.InviteExpiresAt), "accept_path": "/v1/auth/accept-invite"}
	c.JSON(http.StatusCreated, body)
	return nil
}

func (h *userHandlers) get(c *gin.Context) error {
	u, err := h.loadUser(c)
	if err != nil {
		return err
	}
	assigned, err := h.st.AssignedAgentIDs(c.Request.Context(), u.OrganizationID, u.ID)
	if err != nil {
		return err
	}
	body := userRecord(u)
	body["assigned_agents"] = assigned
	c.JSON(http.StatusOK, body)
	return nil
}

func (h *userHandlers) patch(c *gin.Context) error {
	var in struct {
		Role     *string `json:"role" limit:"20"`
		FullName *string `json:"full_name" limit:"200"`
		IsActive *bool   `json:"is_active"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	u, err := h.loadUser(c)
	if err != nil {
		return err
	}
	return h.change(c, u, in.Role, in.FullName, in.IsActive)
}

func (h *userHandlers) deactivate(c *gin.Context) error {
	u, err := h.loadUser(c)
	if err != nil {
		return err
	}
	off := false
	return h.change(c, u, nil, nil, &off)
}

// change applies a role, name or activity change. The organization's owner keeps the admin role
// and cannot be deactivated, so an organization always has someone who can manage it.
func (h *userHandlers) change(c *gin.Context, u *store.User, role, fullName *string, active *bool) error {
	p := principal(c)
	org, err := h.st.Organization(c.Request.Context(), p.OrgID())
	if err != nil {
		return err
	}
	fields := map[string]any{}
	var roleEvent *store.OutboxMessage
	if role != nil && *role != u.Role {
		if !roles[*role] {
			return invalidField("role", "role must be admin, analyst or viewer")
		}
		if u.ID == org.OwnerUserID {
			return Errorf(http.StatusConflict, "conflict", "the organization's owner keeps the admin role").With("user_id", u.ID)
		}
		ev, err := events.NewEvent(u.OrganizationID, events.UserRoleChanged, events.UserRoleChangedData{
			UserID: u.ID, Email: u.Email, OldRole: u.Role, NewRole: *role, ChangedBy: p.User.ID})
		if err != nil {
			return err
		}
		roleEvent = &ev
		fields["role"] = *role
	}
	if fullName != nil {
		if strings.TrimSpace(*fullName) == "" {
			return invalidField("full_name", "full_name must not be empty")
		}
		fields["full_name"] = strings.TrimSpace(*fullName)
	}
	if active != nil && *active != u.IsActive {
		if !*active && u.ID == org.OwnerUserID {
			return Errorf(http.StatusConflict, "conflict", "the organization's owner cannot be deactivated").With("user_id", u.ID)
		}
		fields["is_active"] = *active
	}
	if len(fields) > 0 {
		err = h.st.Tx(c.Request.Context(), func(tx *store.Store) error {
			if err := tx.UpdateUser(c.Request.Context(), u.OrganizationID, u.ID, fields); err != nil {
				return err
			}
			if active != nil && !*active {
				if err := tx.RevokeUserTokens(c.Request.Context(), u.ID, ""); err != nil {
					return err
				}
			}
			if roleEvent != nil {
				return tx.Emit(c.Request.Context(), *roleEvent)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	u, err = h.st.UserByID(c.Request.Context(), u.OrganizationID, u.ID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, userRecord(u))
	return nil
}

func (h *userHandlers) agents(c *gin.Context) error {
	u, err := h.loadUser(c)
	if err != nil {
		return err
	}
	list, err := h.st.UserAgents(c.Request.Context(), u.OrganizationID, u.ID)
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(list))
	for _, a := range list {
		out = append(out, gin.H{"id": a.ID, "name": a.Name, "agent_type": a.AgentType, "assigned_at": ts(a.AssignedAt),
			"deleted": a.DeletedAt != nil})
	}
	c.JSON(http.StatusOK, gin.H{"agents": out, "total": len(out)})
	return nil
}

func (h *userHandlers) assignAgents(c *gin.Context) error {
	var in struct {
		AgentIDs []string `json:"agent_ids"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if len(in.AgentIDs) == 0 {
		return invalidField("agent_ids", "agent_ids must list at least one agent id")
	}
	u, err := h.loadUser(c)
	if err != nil {
		return err
	}
	list, err := agentsOf(c, h.st, u.OrganizationID, in.AgentIDs, "agent_ids")
	if err != nil {
		return err
	}
	total := 0
	for _, a := range list {
		n, err := assignUsers(c, h.st, a, []string{u.ID})
		if err != nil {
			return err
		}
		total += n
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "assigned_count": total,
		"message": fmt.Sprintf("%d agent(s) assigned to %s", total, u.Email)})
	return nil
}

func (h *userHandlers) acceptInvite(c *gin.Context) error {
	var in struct {
		Token    string `json:"token"`
		Password string `json:"password" limit:"1000"`
		FullName string `json:"full_name" limit:"200"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("token", in.Token); err != nil {
		return err
	}
	if err := required("password", in.Password); err != nil {
		return err
	}
	r, err := h.auth.AcceptInvite(c.Request.Context(), in.Token, in.Password, in.FullName, clientAddr(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, tokenBody(r, true))
	return nil
}
