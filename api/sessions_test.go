package api_test

import (
	"testing"

	"github.com/analytics-agent/service/apptest"
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
