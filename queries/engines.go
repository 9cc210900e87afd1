package queries

import (
	"context"
	"fmt"
	"sync"

	"github.com/analytics-agent/service/netguard"
	"github.com/analytics-agent/service/nlq"
	"github.com/analytics-agent/service/nlq/llm"
	"github.com/analytics-agent/service/nlq/offline"
	"github.com/analytics-agent/service/secretbox"
	"github.com/analytics-agent/service/store"
)

// ProviderOffline names the offline engine, in configuration and in organization settings.
const ProviderOffline = "offline"

// Engines chooses the language engine of each organization: its own override when it set one,
// else the configured default. LLM engines are cached per configuration.
type Engines struct {
	st      *store.Store
	keys    *secretbox.Keys
	global  llm.Config // Provider "" or "none" means the offline engine
	offline nlq.Engine
	cache   sync.Map // llm.Config -> nlq.Engine
	// orgGuard checks the addresses an organization's own base URL dials; the operator's
	// default configuration is trusted.
	orgGuard *netguard.Guard
	// allowLLM, when set, says whether an organization's plan includes LLM engines (the
	// ai_insights feature); without it the organization gets the offline engine.
	allowLLM func(ctx context.Context, orgID string) bool
}

// GateLLM installs the plan check of LLM engines (billing's ai_insights feature).
func (e *Engines) GateLLM(allow func(ctx context.Context, orgID string) bool) { e.allowLLM = allow }

// NewEngines builds the chooser with the configured default. orgGuard applies to the
// organizations' overrides (nil refuses every non-public address).
func NewEngines(st *store.Store, keys *secretbox.Keys, global llm.Config, orgGuard *netguard.Guard) *Engines {
	if orgGuard == nil {
		orgGuard = netguard.New(false)
	}
	return &Engines{st: st, keys: keys, global: global, offline: offline.New(), orgGuard: orgGuard}
}

// For returns the engine of an organization.
func (e *Engines) For(ctx context.Context, orgID string) nlq.Engine {
	org, err := e.st.Organization(ctx, orgID)
	if err != nil {
		// The configured default, as for an organization without settings of its own.
		org = &store.Organization{ID: orgID}
	}
	return e.ForOrganization(ctx, org)
}

// ForOrganization returns the engine of an organization already read (its id and LLM settings
// are all it uses), so the question path reads them with the rest of its planning head.
func (e *Engines) ForOrganization(ctx context.Context, org *store.Organization) nlq.Engine {
	if e.allowLLM != nil && !e.allowLLM(ctx, org.ID) {
		return named{e.offline, ProviderOffline}
	}
	cfg := e.global
	if org.LLMProvider != "" {
		cfg = llm.Config{Provider: org.LLMProvider, Model: org.LLMModel, BaseURL: org.LLMBaseURL, Timeout: e.global.Timeout,
			Guard: e.orgGuard}
		if org.LLMAPIKeyEnc != "" {
			key, err := e.keys.Decrypt(org.LLMAPIKeyEnc)
			if err != nil {
				return failing{fmt.Errorf("%w: the organization's API key cannot be decrypted", nlq.ErrEngine)}
			}
			cfg.APIKey = key
		}
	}
	if cfg.Provider == "" || cfg.Provider == "none" || cfg.Provider == ProviderOffline {
		return named{e.offline, ProviderOffline}
	}
	if eng, ok := e.cache.Load(cfg); ok {
		return named{eng.(nlq.Engine), cfg.Provider}
	}
	eng, err := llm.New(cfg)
	if err != nil {
		return named{failing{fmt.Errorf("%w: %v", nlq.ErrEngine, err)}, cfg.Provider}
	}
	actual, _ := e.cache.LoadOrStore(cfg, nlq.Engine(eng))
	return named{actual.(nlq.Engine), cfg.Provider}
}

// named labels an engine with its provider, for metrics (questions by engine).
type named struct {
	nlq.Engine
	name string
}

func (n named) Name() string { return n.name }

// EngineName is the provider an engine answers for ("offline", "openai", ...), or "other".
func EngineName(e nlq.Engine) string {
	if n, ok := e.(interface{ Name() string }); ok {
		return n.Name()
	}
	return "other"
}

// failing is an engine whose configuration is broken: every question fails with the reason.
type failing struct{ err error }

func (f failing) Generate(context.Context, nlq.Request) (nlq.Generation, error) {
	return nlq.Generation{}, f.err
}
