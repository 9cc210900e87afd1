package api_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/auth"
	"github.com/analytics-agent/service/store"
)

func TestAnAPIKeyCannotMintKeysChangeTwoFactorOrChangeThePassword(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		key := s.Do("POST", "/v1/auth/api-keys", acct.Token, map[string]any{"name": "ci"}).Expect(t, 201).String("key")
		s.Do("GET", "/v1/auth/me", key, nil).Expect(t, 200)
		for _, c := range []struct {
			path string
			body any
		}{
			{"/v1/auth/api-keys", map[string]any{"name": "escalated"}},
			{"/v1/auth/enable-2fa", nil},
			{"/v1/auth/confirm-2fa", map[string]any{"code": "123456"}},
			{"/v1/auth/disable-2fa", map[string]any{"password": acct.Password, "code": "123456"}},
			{"/v1/auth/change-password", map[string]any{"current_password": acct.Password, "new_password": "Stolen-key-pass-1"}},
		} {
			r := s.Do("POST", c.path, key, c.body).Expect(t, 403)
			details, _ := r.Body["error"].(map[string]any)["details"].(map[string]any)
			if r.ErrorCode() != "permission_denied" || details["required_credential"] != "access_token" {
				t.Errorf("%s with an API key: %s", c.path, r.Raw)
			}
		}
		// The password did not change.
		s.Login(t, acct.Email, acct.Password)
	})
}

func TestChangingThePasswordRevokesOtherSessionsAndOnRequestTheAPIKeys(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		other := s.Login(t, acct.Email, acct.Password)
		key := s.Do("POST", "/v1/auth/api-keys", acct.Token, map[string]any{"name": "ci"}).Expect(t, 201).String("key")

		r := s.Do("POST", "/v1/auth/change-password", acct.Token, map[string]any{"current_password": acct.Password, "new_password": "Second-pass-2024"}).Expect(t, 200)
		if r.Body["api_keys_revoked"] != float64(0) {
			t.Fatalf("without revoke_api_keys: %s", r.Raw)
		}
		s.Do("GET", "/v1/auth/me", other, nil).Expect(t, 401)
		s.Do("GET", "/v1/auth/me", acct.Token, nil).Expect(t, 200)
		s.Do("GET", "/v1/auth/me", key, nil).Expect(t, 200)

		r = s.Do("POST", "/v1/auth/change-password", acct.Token, map[string]any{"current_password": "Second-pass-2024", "new_password": "Third-pass-2024", "revoke_api_keys": true}).Expect(t, 200)
		if r.Body["api_keys_revoked"] != float64(1) {
			t.Fatalf("with revoke_api_keys: %s", r.Raw)
		}
		s.Do("GET", "/v1/auth/me", key, nil).Expect(t, 401)
		s.Do("POST", "/v1/auth/change-password", acct.Token, map[string]any{"current_password": "Third-pass-2024", "new_password": "Fourth-pass-2024", "revoke_api_keys": "yes"}).Expect(t, 400)
	})
}

// backdateRotation moves the rotation of every rotated token of a user past the grace.
func backdateRotation(t *testing.T, s *apptest.Service, userID string) {
	t.Helper()
	past := time.Now().UTC().Add(-auth.RefreshGrace - time.Minute)
	if err := s.App.Store.Tx(context.Background(), func(tx *store.Store) error {
		return tx.BackdateRotations(context.Background(), userID, past)
	}); err != nil {
		t.Fatal(err)
	}
}

func TestRefreshRotatesTheTokenAndAReusedOneRevokesItsSession(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		other := s.Login(t, acct.Email, acct.Password) // another session of the same user
		old := acct.Token

		next := s.Do("POST", "/v1/auth/refresh", old, nil).Expect(t, 200).String("access_token")
		if next == "" || next == old {
			t.Fatal("refresh did not issue a new token")
		}
		// In the grace, requests in flight with the old token still work; refreshing it again
		// is refused but revokes nothing.
		s.Do("GET", "/v1/auth/me", old, nil).Expect(t, 200)
		s.Do("POST", "/v1/auth/refresh", old, nil).Expect(t, 401)
		s.Do("GET", "/v1/auth/me", next, nil).Expect(t, 200)

		backdateRotation(t, s, acct.UserID)
		s.Do("GET", "/v1/auth/me", old, nil).Expect(t, 401)
		reuse := s.Do("POST", "/v1/auth/refresh", old, nil).Expect(t, 401)
		if !strings.Contains(string(reuse.Raw), "session is revoked") {
			t.Errorf("reuse answer: %s", reuse.Raw)
		}
		// The thief's (or the owner's) newer token of that session is gone; other sessions live.
		s.Do("GET", "/v1/auth/me", next, nil).Expect(t, 401)
		s.Do("GET", "/v1/auth/me", other, nil).Expect(t, 200)

		key := s.Do("POST", "/v1/auth/api-keys", other, map[string]any{"name": "k"}).Expect(t, 201).String("key")
		s.Do("POST", "/v1/auth/refresh", key, nil).Expect(t, 401)
		s.Do("POST", "/v1/auth/refresh", "", nil).Expect(t, 401)
		s.Do("POST", "/v1/auth/refresh", "not-a-token", nil).Expect(t, 401)
	})
}

func TestLogoutRevokesEveryTokenRefreshedFromTheSession(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		other := s.Login(t, acct.Email, acct.Password)
		t1 := acct.Token
		t2 := s.Do("POST", "/v1/auth/refresh", t1, nil).Expect(t, 200).String("access_token")
		t3 := s.Do("POST", "/v1/auth/refresh", t2, nil).Expect(t, 200).String("access_token")
		s.Do("POST", "/v1/auth/logout", t3, nil).Expect(t, 200)
		for i, tok := range []string{t1, t2, t3} {
			if r := s.Do("GET", "/v1/auth/me", tok, nil); r.Status != 401 {
				t.Errorf("token %d of the session after logout: %d, want 401", i+1, r.Status)
			}
		}
		s.Do("GET", "/v1/auth/me", other, nil).Expect(t, 200)
	})
}

func TestConcurrentRefreshesOfOneTokenIssueOneNewToken(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		var mu sync.Mutex
		counts := map[int]int{}
		var wg sync.WaitGroup
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := s.Do("POST", "/v1/auth/refresh", acct.Token, nil)
				mu.Lock()
				counts[r.Status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if counts[200] != 1 || counts[401] != 19 {
			t.Fatalf("answers by status %v, want one 200 and 19 × 401", counts)
		}
	})
}
