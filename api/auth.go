package api

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/store"
)

type authHandlers struct{ svc *auth.Service }

func registerAuth(public, authed *gin.RouterGroup, svc *auth.Service) {
	h := &authHandlers{svc: svc}
	public.POST("/auth/register", wrap(h.register))
	public.POST("/auth/login", wrap(h.login))
	public.POST("/auth/verify-2fa", wrap(h.verify2FA))
	// refresh authenticates itself: a rotated token must reach it to be detected as reused.
	public.POST("/auth/refresh", wrap(h.refresh))
	login := requireLoginToken()
	authed.POST("/auth/enable-2fa", login, wrap(h.enable2FA))
	authed.POST("/auth/confirm-2fa", login, wrap(h.confirm2FA))
	authed.POST("/auth/disable-2fa", login, wrap(h.disable2FA))
	authed.POST("/auth/logout", wrap(h.logout))
	authed.POST("/auth/api-keys", login, wrap(h.createAPIKey))
	authed.GET("/auth/api-keys", wrap(h.listAPIKeys))
	authed.DELETE("/auth/api-keys/:key_id", wrap(h.revokeAPIKey))
	authed.GET("/auth/me", wrap(h.me))
	authed.PATCH("/auth/me", wrap(h.updateMe))
	authed.POST("/auth/change-password", login, wrap(h.changePassword))
}

func (h *authHandlers) register(c *gin.Context) error {
	var in struct {
		Email            string `json:"email" limit:"320"`
		Password         string `json:"password" limit:"1000"`
		FullName         string `json:"full_name" limit:"200"`
		OrganizationName string `json:"organization_name" limit:"200"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	for _, f := range []struct{ name, v string }{{"email", in.Email}, {"password", in.Password}, {"full_name", in.FullName}} {
		if err := required(f.name, f.v); err != nil {
			return err
		}
	}
	u, err := h.svc.Register(c.Request.Context(), auth.RegisterInput{Email: in.Email, Password: in.Password, FullName: in.FullName, OrganizationName: in.OrganizationName})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{
		"id": u.ID, "email": u.Email, "full_name": u.FullName, "organization_id": u.OrganizationID,
		"role": u.Role, "created_at": ts(u.CreatedAt),
	})
	return nil
}

func tokenBody(r *auth.LoginResult, withTwoFactor bool) gin.H {
	user := gin.H{"id": r.User.ID, "email": r.User.Email, "full_name": r.User.FullName, "role": r.User.Role,
		"organization_id": r.User.OrganizationID}
	if withTwoFactor {
		user["two_factor_enabled"] = r.User.TwoFactorEnabled
	}
	return gin.H{"access_token": r.Token, "token_type": "bearer", "expires_in": int(auth.TokenLifetime.Seconds()), "user": user}
}

func (h *authHandlers) login(c *gin.Context) error {
	var in struct {
		Email    string `json:"email" limit:"320"`
		Password string `json:"password" limit:"1000"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("email", in.Email); err != nil {
		return err
	}
	if err := required("password", in.Password); err != nil {
		return err
	}
	r, err := h.svc.Login(c.Request.Context(), in.Email, in.Password, clientAddr(c))
	if err != nil {
		return err
	}
	if r.Requires2FA {
		c.JSON(http.StatusOK, gin.H{"requires_2fa": true, "temp_token": r.TempToken})
		return nil
	}
	c.JSON(http.StatusOK, tokenBody(r, true))
	return nil
}

func (h *authHandlers) verify2FA(c *gin.Context) error {
	var in struct {
		TempToken string `json:"temp_token"`
		Code      string `json:"code"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("temp_token", in.TempToken); err != nil {
		return err
	}
	if err := required("code", in.Code); err != nil {
		return err
	}
	r, err := h.svc.Verify2FA(c.Request.Context(), in.TempToken, in.Code, clientAddr(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, tokenBody(r, true))
	return nil
}

func (h *authHandlers) enable2FA(c *gin.Context) error {
	s, err := h.svc.Enable2FA(c.Request.Context(), principal(c))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"secret": s.Secret, "qr_code": s.QRCode, "backup_codes": s.BackupCodes})
	return nil
}

func (h *authHandlers) confirm2FA(c *gin.Context) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("code", in.Code); err != nil {
		return err
	}
	if err := h.svc.Confirm2FA(c.Request.Context(), principal(c), in.Code); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "message": "Two-factor authentication is enabled"})
	return nil
}

func (h *authHandlers) disable2FA(c *gin.Context) error {
	var in struct {
		Password string `json:"password" limit:"1000"`
		Code     string `json:"code"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("password", in.Password); err != nil {
		return err
	}
	if err := required("code", in.Code); err != nil {
		return err
	}
	if err := h.svc.Disable2FA(c.Request.Context(), principal(c), in.Password, in.Code, clientAddr(c)); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "message": "Two-factor authentication is disabled"})
	return nil
}

func (h *authHandlers) refresh(c *gin.Context) error {
	cred, ok := bearer(c)
	if !ok {
		return errNoCredential()
	}
	token, _, err := h.svc.Refresh(c.Request.Context(), cred)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"access_token": token, "token_type": "bearer", "expires_in": int(auth.TokenLifetime.Seconds())})
	return nil
}

func (h *authHandlers) logout(c *gin.Context) error {
	if err := h.svc.Logout(c.Request.Context(), principal(c)); err != nil {
		return err
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "message": "Logged out"})
	return nil
}

func (h *authHandlers) createAPIKey(c *gin.Context) error {
	var in struct {
		Name          string `json:"name"`
		Description   string `json:"description" limit:"2000"`
		ExpiresInDays *int   `json:"expires_in_days"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("name", in.Name); err != nil {
		return err
	}
	days := 0
	if in.ExpiresInDays != nil {
		days = *in.ExpiresInDays
		if days < 1 || days > 3650 {
			return invalidField("expires_in_days", "expires_in_days must be between 1 and 3650")
		}
	}
	k, key, err := h.svc.CreateAPIKey(c.Request.Context(), principal(c), in.Name, in.Description, days)
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, gin.H{"id": k.ID, "name": k.Name, "description": k.Description, "key": key,
		"key_prefix": k.KeyPrefix, "created_at": ts(k.CreatedAt), "expires_at": tsPtr(k.ExpiresAt)})
	return nil
}

func (h *authHandlers) listAPIKeys(c *gin.Context) error {
	keys, err := h.svc.ListAPIKeys(c.Request.Context(), principal(c))
	if err != nil {
		return err
	}
	out := make([]gin.H, 0, len(keys))
	for _, k := range keys {
		out = append(out, gin.H{"id": k.ID, "name": k.Name, "description": k.Description, "key_prefix": k.KeyPrefix,
			"created_at": ts(k.CreatedAt), "expires_at": tsPtr(k.ExpiresAt), "last_used_at": tsPtr(k.LastUsedAt)})
	}
	c.JSON(http.StatusOK, gin.H{"api_keys": out})
	return nil
}

func (h *authHandlers) revokeAPIKey(c *gin.Context) error {
	id := c.Param("key_id")
	if err := h.svc.RevokeAPIKey(c.Request.Context(), principal(c), id); err != nil {
		if err == store.ErrNotFound {
			return notFound("api key", id)
		}
		return err
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "message": "API key revoked"})
	return nil
}

// userBody is the profile shape of GET /auth/me.
func userBody(u *store.User, assigned []string) gin.H {
	if assigned == nil {
		assigned = []string{}
	}
	return gin.H{"id": u.ID, "email": u.Email, "full_name": u.FullName, "role": u.Role,
		"organization_id": u.OrganizationID, "two_factor_enabled": u.TwoFactorEnabled,
		"assigned_agents": assigned, "created_at": ts(u.CreatedAt)}
}

func (h *authHandlers) me(c *gin.Context) error {
	p := principal(c)
	assigned, err := h.svc.AssignedAgents(c.Request.Context(), p)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, userBody(&p.User, assigned))
	return nil
}

func (h *authHandlers) updateMe(c *gin.Context) error {
	var in struct {
		FullName *string `json:"full_name" limit:"200"`
		Email    *string `json:"email" limit:"320"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if in.FullName == nil && in.Email == nil {
		return invalidField("body", "send full_name, email or both")
	}
	if in.FullName != nil {
		if err := required("full_name", *in.FullName); err != nil {
			return err
		}
	}
	p := principal(c)
	u, err := h.svc.UpdateProfile(c.Request.Context(), p, in.FullName, in.Email)
	if err != nil {
		return err
	}
	assigned, err := h.svc.AssignedAgents(c.Request.Context(), p)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, userBody(u, assigned))
	return nil
}

func (h *authHandlers) changePassword(c *gin.Context) error {
	var in struct {
		CurrentPassword string `json:"current_password" limit:"1000"`
		NewPassword     string `json:"new_password" limit:"1000"`
		RevokeAPIKeys   bool   `json:"revoke_api_keys"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	if err := required("current_password", in.CurrentPassword); err != nil {
		return err
	}
	if err := required("new_password", in.NewPassword); err != nil {
		return err
	}
	revoked, err := h.svc.ChangePassword(c.Request.Context(), principal(c), auth.PasswordChange{
		Current: in.CurrentPassword, Next: in.NewPassword, Address: clientAddr(c), RevokeAPIKeys: in.RevokeAPIKeys})
	if err != nil {
		return err
	}
	msg := "Password changed; other sessions were signed out"
	if in.RevokeAPIKeys {
		msg = fmt.Sprintf("Password changed; other sessions were signed out and %d API key(s) revoked", revoked)
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "message": msg, "api_keys_revoked": revoked})
	return nil
}
