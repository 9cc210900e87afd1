package api

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/netguard"
	"github.com/analytics-agent/service/nlq/llm"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/store"
)

type organizationHandlers struct {
	st      *store.Store
	keys    encrypter
	guard   *netguard.Guard
	billing *billing.Service
}

func registerOrganization(authed *gin.RouterGroup, h *organizationHandlers) {
	g := authed.Group("/organization", requireRole(store.RoleAdmin))
	g.GET("/settings", wrap(h.get))
	g.PATCH("/settings", wrap(h.patch))
}

func settingsBody(o *store.Organization) gin.H {
	return gin.H{"organization_id": o.ID, "name": o.Name, "plan": o.Plan,
		"llm":        gin.H{"provider": o.LLMProvider, "model": o.LLMModel, "base_url": o.LLMBaseURL, "api_key_set": o.LLMAPIKeyEnc != ""},
		"updated_at": ts(o.UpdatedAt)}
}

func (h *organizationHandlers) get(c *gin.Context) error {
	o, err := h.st.Organization(c.Request.Context(), principal(c).OrgID())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, settingsBody(o))
	return nil
}

// patch sets the organization's name and its language engine override. provider "" goes back to
// the service default, "offline" forces the offline engine; the API key is write-only.
func (h *organizationHandlers) patch(c *gin.Context) error {
	var in struct {
		Name *string `json:"name" limit:"200"`
		LLM  *struct {
			Provider *string `json:"provider" limit:"20"`
			Model    *string `json:"model" limit:"200"`
			BaseURL  *string `json:"base_url" limit:"1000"`
			APIKey   *string `json:"api_key" limit:"1000"`
		} `json:"llm"`
	}
	if err := bind(c, &in); err != nil {
		return err
	}
	p := principal(c)
	o, err := h.st.Organization(c.Request.Context(), p.OrgID())
	if err != nil {
		return err
	}
	fields := map[string]any{}
	if in.Name != nil {
		if strings.TrimSpace(*in.Name) == "" {
			return invalidField("name", "name must not be empty")
		}
		fields["name"] = strings.TrimSpace(*in.Name)
	}
	if in.LLM != nil {
		cfg := llm.Config{Provider: o.LLMProvider, Model: o.LLMModel, BaseURL: o.LLMBaseURL}
		if in.LLM.Provider != nil {
			cfg.Provider = strings.ToLower(strings.TrimSpace(*in.LLM.Provider))
		}
		if in.LLM.Model != nil {
			cfg.Model = strings.TrimSpace(*in.LLM.Model)
		}
		if in.LLM.BaseURL != nil {
			cfg.BaseURL = strings.TrimSpace(*in.LLM.BaseURL)
		}
		switch cfg.Provider {
		case "", queries.ProviderOffline:
		case llm.ProviderOpenAI, llm.ProviderAnthropic, llm.ProviderOllama:
			// LLM engines are the ai_insights feature; the offline engine is on every plan.
			if err := h.billing.RequireFeature(c.Request.Context(), p.OrgID(), billing.FeatureAIInsights); err != nil {
				return err
			}
			probe := cfg
			probe.APIKey = "set"
			if in.LLM.APIKey == nil && o.LLMAPIKeyEnc == "" {
				probe.APIKey = ""
			}
			if _, err := llm.New(probe); err != nil {
				return invalidField("llm", "%s", err)
			}
			if err := h.checkBaseURL(c.Request.Context(), cfg.BaseURL); err != nil {
				return err
			}
		default:
			return invalidField("llm.provider", "provider must be \"\" (service default), offline, openai, anthropic or ollama")
		}
		fields["llm_provider"], fields["llm_model"], fields["llm_base_url"] = cfg.Provider, cfg.Model, cfg.BaseURL
		if in.LLM.APIKey != nil {
			enc := ""
			if *in.LLM.APIKey != "" {
				if enc, err = h.keys.Encrypt(*in.LLM.APIKey); err != nil {
					return err
				}
			}
			fields["llm_api_key_enc"] = enc
		}
	}
	if len(fields) > 0 {
		if err := h.st.UpdateOrganization(c.Request.Context(), o.ID, fields); err != nil {
			return err
		}
	}
	o, err = h.st.Organization(c.Request.Context(), o.ID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, settingsBody(o))
	return nil
}

// checkBaseURL refuses a base URL on an internal address early, with a clear 400; the model
// client's dialer checks every address again when it connects (a name may resolve elsewhere
// later).
func (h *organizationHandlers) checkBaseURL(ctx context.Context, raw string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil {
		return invalidField("llm.base_url", "base_url is not a URL")
	}
	port := 443
	if u.Scheme == "http" {
		port = 80
	}
	if p, err := strconv.Atoi(u.Port()); err == nil {
		port = p
	}
	guard := h.guard
	if guard == nil {
		guard = netguard.New(false)
	}
	if err := guard.CheckHost(ctx, u.Hostname(), port, ""); err != nil {
		return invalidField("llm.base_url", "base_url host %q is not an allowed destination: loopback, private, link-local and internal addresses are refused", u.Hostname())
	}
	return nil
}
