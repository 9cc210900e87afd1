package auth

import (
	"context"
	"sync"
	"time"

	"github.com/analytics-agent/service/store"
)

// Why copies: every request authenticates, and reading the credential's record with its user was
// the largest database read of a question (about 0.2 ms of the 2 ms the service adds to the
// statement's own time on SQLite). The checks themselves (signature, expiry, revocation, active
// user) still run on every request, against the copy.
//
// A copy is stamped with the organization's access epoch it was read under (store.AccessEpoch)
// and is only a candidate: the request's rate-limit statement reads the current epoch, and a
// caller whose copy is of another epoch is authenticated again from the database before the
// handler runs (api's rateLimit). So a logout, a revoked key, a deactivated user or a new role is
// seen by the next request on every API process.

// principalTTL bounds a copy's age whatever the epoch says: it only matters when the write of an
// epoch failed with the database.
const principalTTL = 5 * time.Second

// apiKeyTouchEvery bounds how often a key's last_used_at is written by one process (the store
// writes it at most once a minute anyway): once a minute is precise enough for "last used" and
// keeps a statement off every request.
const apiKeyTouchEvery = time.Minute

// principalCacheSize bounds each map; past it the map starts over (the copies are cheap to read
// again, and a bound matters more than which entries survive).
const principalCacheSize = 10000

type cachedToken struct {
	rec   store.AccessToken
	user  store.User
	epoch int64
	until time.Time
}

type cachedKey struct {
	key     store.APIKey
	user    store.User
	epoch   int64
	until   time.Time
	touched time.Time
}

// principalCache holds recent credential records with their users, by token id and key prefix.
type principalCache struct {
	mu     sync.Mutex
	tokens map[string]cachedToken
	keys   map[string]cachedKey
}

func newPrincipalCache() *principalCache {
	return &principalCache{tokens: map[string]cachedToken{}, keys: map[string]cachedKey{}}
}

// tokenRecord reads the record of access token jti with its user and the epoch they were read
// under: from the copy when useCopy and the copy is young enough, else from the database (and
// keeps that as the new copy). fromCopy says which.
func (s *Service) tokenRecord(ctx context.Context, jti, orgID, userID string, now time.Time, useCopy bool) (rec *store.AccessToken, u *store.User, epoch int64, fromCopy bool, err error) {
	c := s.principals
	if useCopy {
		c.mu.Lock()
		e, ok := c.tokens[jti]
		c.mu.Unlock()
		if ok && now.Before(e.until) && e.user.ID == userID && e.user.OrganizationID == orgID {
			return &e.rec, &e.user, e.epoch, true, nil
		}
	}
	rec, u, epoch, err = s.st.AccessTokenUser(ctx, jti, orgID, userID)
	if err != nil {
		return nil, nil, 0, false, err
	}
	c.mu.Lock()
	if len(c.tokens) >= principalCacheSize {
		clear(c.tokens)
	}
	c.tokens[jti] = cachedToken{rec: *rec, user: *u, epoch: epoch, until: now.Add(principalTTL)}
	c.mu.Unlock()
	return rec, u, epoch, false, nil
}

// apiKeyRecord reads the API key of prefix with its user, the epoch they were read under and when
// this process last wrote the key's last use: from the copy when useCopy and the copy is young
// enough, else from the database.
func (s *Service) apiKeyRecord(ctx context.Context, prefix string, now time.Time, useCopy bool) (k *store.APIKey, u *store.User, epoch int64, touched time.Time, fromCopy bool, err error) {
	c := s.principals
	c.mu.Lock()
	e, ok := c.keys[prefix]
	c.mu.Unlock()
	if useCopy && ok && now.Before(e.until) {
		return &e.key, &e.user, e.epoch, e.touched, true, nil
	}
	k, u, epoch, err = s.st.APIKeyUser(ctx, prefix)
	if err != nil {
		return nil, nil, 0, time.Time{}, false, err
	}
	if ok && e.key.ID == k.ID {
		touched = e.touched // a refreshed copy does not bring the write back early
	}
	c.mu.Lock()
	if len(c.keys) >= principalCacheSize {
		clear(c.keys)
	}
	c.keys[prefix] = cachedKey{key: *k, user: *u, epoch: epoch, until: now.Add(principalTTL), touched: touched}
	c.mu.Unlock()
	return k, u, epoch, touched, false, nil
}

// touchAPIKey writes the key's last use unless this process wrote it within apiKeyTouchEvery.
func (s *Service) touchAPIKey(ctx context.Context, prefix string, k *store.APIKey, touched, now time.Time) {
	if now.Sub(touched) < apiKeyTouchEvery {
		return
	}
	c := s.principals
	c.mu.Lock()
	if e, ok := c.keys[prefix]; ok && e.key.ID == k.ID {
		e.touched = now
		c.keys[prefix] = e
	}
	c.mu.Unlock()
	_ = s.st.TouchAPIKey(ctx, k.ID, now)
}
