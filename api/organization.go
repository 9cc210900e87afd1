package api

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/analytics-agent/service/billing"
	"github.com/analytics-agent/service/nlq/llm"
	"github.com/analytics-agent/service/queries"
	"github.com/analytics-agent/service/store"
)

type organizationHandlers struct {
	st      *store.Store
	keys    encrypter
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
		Name *string `json:"name"`
		LLM  *struct {
			Provider *string `json:"provider"`
			Model    *string `json:"model"`
			BaseURL  *string `json:"base_url"`
			APIKey   *string `json:"api_key"`
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
