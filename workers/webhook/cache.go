package webhook

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/analytics-agent/service/secretbox"
	"github.com/analytics-agent/service/store"
)

// hook is a webhook as the delivery path needs it: decrypted secrets, parsed subscription.
type hook struct {
	ID, OrgID, URL string
	Enabled        bool
	CreatedAt      time.Time
	all            bool
	types          map[string]bool
	secret         string
	previous       string
	previousUntil  time.Time
}

// subscribed reports whether the hook wants events of type t.
func (h *hook) subscribed(t string) bool { return h.all || h.types[t] }

// secrets are the signing secrets valid at now, current first.
func (h *hook) secrets(now time.Time) []string {
	if h.previous != "" && now.Before(h.previousUntil) {
		return []string{h.secret, h.previous}
	}
	return []string{h.secret}
}

// toHook decrypts and parses a stored webhook.
func toHook(keys *secretbox.Keys, w *store.Webhook) (*hook, error) {
	secret, err := keys.Decrypt(w.SecretEnc)
	if err != nil {
		return nil, fmt.Errorf("decrypt secret of %s: %w", w.ID, err)
	}
	h := &hook{ID: w.ID, OrgID: w.OrganizationID, URL: w.URL, Enabled: w.Enabled, CreatedAt: w.CreatedAt,
		secret: secret, types: map[string]bool{}}
	for _, t := range w.EventTypes() {
		if t == AllEvents {
			h.all = true
		}
		h.types[t] = true
	}
	if w.PreviousSecretEnc != "" && w.PreviousSecretExpiresAt != nil {
		if h.previous, err = keys.Decrypt(w.PreviousSecretEnc); err != nil {
			return nil, fmt.Errorf("decrypt previous secret of %s: %w", w.ID, err)
		}
		h.previousUntil = *w.PreviousSecretExpiresAt
	}
	return h, nil
}

// cache keeps each organization's webhooks in memory so that fan-out and attempts cost no
// database read. Entries live ttl at most; a change made through this process invalidates at
// once, and a change made by another process arrives through the broadcast (see Service.OnChange)
// or, if that message is lost, after ttl.
type cache struct {
	st   *store.Store
	keys *secretbox.Keys
	ttl  time.Duration
	sf   singleflight.Group

	mu   sync.Mutex
	orgs map[string]*orgEntry
	gen  map[string]uint64 // bumped by invalidate so a load that raced with it is not stored
}

type orgEntry struct {
	hooks  []*hook
	loaded time.Time
}

func newCache(st *store.Store, keys *secretbox.Keys, ttl time.Duration) *cache {
	return &cache{st: st, keys: keys, ttl: ttl, orgs: map[string]*orgEntry{}, gen: map[string]uint64{}}
}

// maxOrgs bounds the cache; beyond it expired entries are swept on the next load.
const maxOrgs = 10000

// hooks returns the organization's webhooks (enabled or not).
func (c *cache) hooks(ctx context.Context, orgID string) ([]*hook, error) {
	now := time.Now()
	c.mu.Lock()
	e := c.orgs[orgID]
	gen := c.gen[orgID]
	c.mu.Unlock()
	if e != nil && now.Sub(e.loaded) < c.ttl {
		return e.hooks, nil
	}
	v, err, _ := c.sf.Do(orgID, func() (any, error) {
		rows, err := c.st.Webhooks(context.WithoutCancel(ctx), orgID)
		if err != nil {
			return nil, fmt.Errorf("load webhooks of %s: %w", orgID, err)
		}
		hooks := make([]*hook, 0, len(rows))
		for i := range rows {
			h, err := toHook(c.keys, &rows[i])
			if err != nil {
				return nil, err
			}
			hooks = append(hooks, h)
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.gen[orgID] == gen {
			if len(c.orgs) >= maxOrgs {
				for k, old := range c.orgs {
					if now.Sub(old.loaded) >= c.ttl {
						delete(c.orgs, k)
					}
				}
			}
			c.orgs[orgID] = &orgEntry{hooks: hooks, loaded: now}
		}
		return hooks, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]*hook), nil
}

// hook returns one webhook of the organization, or nil when it does not exist (deleted). A miss
// reloads once, in case the webhook is newer than the cached entry.
func (c *cache) hook(ctx context.Context, orgID, id string) (*hook, error) {
	for try := 0; try < 2; try++ {
		hooks, err := c.hooks(ctx, orgID)
		if err != nil {
			return nil, err
		}
		if i := slices.IndexFunc(hooks, func(h *hook) bool { return h.ID == id }); i >= 0 {
			return hooks[i], nil
		}
		if try == 0 {
			c.invalidate(orgID)
		}
	}
	return nil, nil
}

// invalidate forgets an organization's entry.
func (c *cache) invalidate(orgID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.orgs, orgID)
	c.gen[orgID]++
}
