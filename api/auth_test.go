package api_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/auth"
)

func TestRegisterValidatesInputAndAnswersWithTheSpecFields(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		ok := s.Do("POST", "/v1/auth/register", "", map[string]string{
			"email": "Owner@Example.com", "password": "Sturdy-pass-2024", "full_name": "Owner", "organization_name": "Acme"}).Expect(t, 201)
		for _, f := range []string{"id", "email", "full_name", "organization_id", "role", "created_at"} {
			if _, present := ok.Body[f]; !present {
				t.Errorf("register answer lacks %q: %s", f, ok.Raw)
			}
		}
		if ok.String("role") != "admin" || !strings.HasPrefix(ok.String("id"), "user_") || !strings.HasPrefix(ok.String("organization_id"), "org_") {
			t.Errorf("unexpected register answer: %s", ok.Raw)
		}
		if !strings.HasSuffix(ok.String("created_at"), "Z") {
			t.Errorf("created_at must be UTC with Z: %s", ok.String("created_at"))
		}

		cases := []struct {
			name   string
			body   any
			status int
			code   string
			field  string
		}{
			{"duplicate e-mail in another case", map[string]string{"email": "owner@example.com", "password": "Sturdy-pass-2024", "full_name": "X"}, 409, "email_exists", "email"},
			{"invalid e-mail", map[string]string{"email": "not-an-email", "password": "Sturdy-pass-2024", "full_name": "X"}, 400, "invalid_email", "email"},
			{"e-mail without a dotted domain", map[string]string{"email": "a@localhost", "password": "Sturdy-pass-2024", "full_name": "X"}, 400, "invalid_email", "email"},
			{"short password", map[string]string{"email": "n1@example.com", "password": "Ab1!", "full_name": "X"}, 400, "weak_password", "password"},
			{"one character class", map[string]string{"email": "n2@example.com", "password": "abcdefghijklmno", "full_name": "X"}, 400, "weak_password", "password"},
			{"common password", map[string]string{"email": "n3@example.com", "password": "Password123", "full_name": "X"}, 400, "weak_password", "password"},
			{"missing full_name", map[string]string{"email": "n4@example.com", "password": "Sturdy-pass-2024"}, 400, "invalid_request", "full_name"},
			{"wrong type", `{"email": 5, "password": "Sturdy-pass-2024", "full_name": "X"}`, 400, "invalid_request", "email"},
			{"not JSON", `{"email":`, 400, "invalid_request", "body"},
			{"empty body", nil, 400, "invalid_request", "body"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				r := s.Do("POST", "/v1/auth/register", "", c.body)
				if r.Status != c.status || r.ErrorCode() != c.code {
					t.Fatalf("got %d %s, want %d %s: %s", r.Status, r.ErrorCode(), c.status, c.code, r.Raw)
				}
				details := r.Body["error"].(map[string]any)["details"].(map[string]any)
				if details["field"] != c.field {
					t.Errorf("details.field = %v, want %s", details["field"], c.field)
				}
			})
		}
	})
}

func TestPasswordRules(t *testing.T) {
	cases := []struct {
		pw   string
		weak bool
	}{
		{"short1!", true},
		{"alllowercaseletters", true},
		{"1234567890123", true},
		{"qwertyuiop", true},
		{"Password123", true},
		{"correcthorsebattery", true},
		{"Correct horse battery", false},
		{"tr0ub4dor&3x", false},
		{"ünïcödé-wörd-9", false},
	}
	for _, c := range cases {
		err := auth.CheckPassword(c.pw, "someone@example.com")
		if (err != nil) != c.weak {
			t.Errorf("CheckPassword(%q) = %v, want weak=%v", c.pw, err, c.weak)
		}
	}
}

func TestLoginAnswersTheSameForUnknownEmailAndWrongPassword(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	acct := s.Register(t)
	wrong := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": acct.Email, "password": "Wrong-pass-123"}).Expect(t, 401)
	unknown := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": "nobody@example.com", "password": "Wrong-pass-123"}).Expect(t, 401)
	if wrong.ErrorCode() != "invalid_credentials" || string(stripRequestID(wrong.Raw)) != string(stripRequestID(unknown.Raw)) {
		t.Fatalf("answers differ:\n%s\n%s", wrong.Raw, unknown.Raw)
	}
	ok := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": strings.ToUpper(acct.Email), "password": acct.Password}).Expect(t, 200)
	if ok.Body["token_type"] != "bearer" || ok.Body["expires_in"] != float64(3600) || ok.String("access_token") == "" {
		t.Fatalf("login answer: %s", ok.Raw)
	}
	user := ok.Body["user"].(map[string]any)
	for _, f := range []string{"id", "email", "full_name", "role", "organization_id", "two_factor_enabled"} {
		if _, present := user[f]; !present {
			t.Errorf("login user lacks %q", f)
		}
	}
}

func stripRequestID(b []byte) []byte {
	return regexp.MustCompile(`req_[A-Za-z0-9]+`).ReplaceAll(b, nil)
}

func TestRepeatedFailedLoginsAreRefusedWithRetryAfterEvenWithTheRightPassword(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		for i := 0; i < apptest.FastBruteForce.AccountLimit; i++ {
			s.Do("POST", "/v1/auth/login", "", map[string]string{"email": acct.Email, "password": "Wrong-pass-123"}).Expect(t, 401)
		}
		r := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": acct.Email, "password": acct.Password}).Expect(t, 429)
		if r.ErrorCode() != "rate_limited" || r.Header.Get("Retry-After") == "" {
			t.Fatalf("want rate_limited with Retry-After: %v %s", r.Header, r.Raw)
		}
	})
}

func TestTwoFactorLifecycle(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)

		setup := s.Do("POST", "/v1/auth/enable-2fa", acct.Token, nil).Expect(t, 200)
		secret := setup.String("secret")
		if !strings.HasPrefix(setup.String("qr_code"), "data:image/png;base64,") {
			t.Fatalf("qr_code: %.60s", setup.String("qr_code"))
		}
		codes := setup.Body["backup_codes"].([]any)
		if len(codes) != 10 {
			t.Fatalf("want 10 backup codes, got %d", len(codes))
		}
		for _, c := range codes {
			if !regexp.MustCompile(`^\d{8}$`).MatchString(c.(string)) {
				t.Fatalf("backup code %v is not 8 digits", c)
			}
		}
		s.Do("POST", "/v1/auth/confirm-2fa", acct.Token, map[string]string{"code": "000000"}).Expect(t, 401)
		now := time.Now()
		code, _ := auth.TOTPCode(secret, now)
		ok := s.Do("POST", "/v1/auth/confirm-2fa", acct.Token, map[string]string{"code": code}).Expect(t, 200)
		if ok.Body["success"] != true {
			t.Fatalf("confirm: %s", ok.Raw)
		}
		s.Do("POST", "/v1/auth/enable-2fa", acct.Token, nil).Expect(t, 409)

		// Login now asks for the second factor.
		step1 := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": acct.Email, "password": acct.Password}).Expect(t, 200)
		if step1.Body["requires_2fa"] != true || step1.String("temp_token") == "" || step1.String("access_token") != "" {
			t.Fatalf("login with 2fa: %s", step1.Raw)
		}
		// The code used to confirm cannot be used again.
		s.Do("POST", "/v1/auth/verify-2fa", "", map[string]string{"temp_token": step1.String("temp_token"), "code": code}).Expect(t, 401)
		next, _ := auth.TOTPCode(secret, now.Add(30*time.Second))
		done := s.Do("POST", "/v1/auth/verify-2fa", "", map[string]string{"temp_token": step1.String("temp_token"), "code": next}).Expect(t, 200)
		if done.String("access_token") == "" || done.Body["user"].(map[string]any)["id"] != acct.UserID {
			t.Fatalf("verify-2fa: %s", done.Raw)
		}
		// The temp_token is single-use.
		later, _ := auth.TOTPCode(secret, now.Add(60*time.Second))
		s.Do("POST", "/v1/auth/verify-2fa", "", map[string]string{"temp_token": step1.String("temp_token"), "code": later}).Expect(t, 401)

		// A backup code works once.
		backup := codes[3].(string)
		step2 := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": acct.Email, "password": acct.Password}).Expect(t, 200)
		s.Do("POST", "/v1/auth/verify-2fa", "", map[string]string{"temp_token": step2.String("temp_token"), "code": backup}).Expect(t, 200)
		step3 := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": acct.Email, "password": acct.Password}).Expect(t, 200)
		reused := s.Do("POST", "/v1/auth/verify-2fa", "", map[string]string{"temp_token": step3.String("temp_token"), "code": backup}).Expect(t, 401)
		if reused.ErrorCode() != "invalid_code" {
			t.Fatalf("reused backup code: %s", reused.Raw)
		}

		me := s.Do("GET", "/v1/auth/me", done.String("access_token"), nil).Expect(t, 200)
		if me.Body["two_factor_enabled"] != true {
			t.Fatalf("me: %s", me.Raw)
		}
		// Disabling needs the password and a current code (a backup code counts: the TOTP steps
		// around now are used up by this test).
		s.Do("POST", "/v1/auth/disable-2fa", acct.Token, map[string]string{"password": "Wrong-pass-123", "code": later}).Expect(t, 401)
		s.Do("POST", "/v1/auth/disable-2fa", acct.Token, map[string]string{"password": acct.Password}).Expect(t, 400)
		s.Do("POST", "/v1/auth/disable-2fa", acct.Token, map[string]string{"password": acct.Password, "code": "123456"}).Expect(t, 401)
		s.Do("POST", "/v1/auth/disable-2fa", acct.Token, map[string]string{"password": acct.Password, "code": codes[5].(string)}).Expect(t, 200)
		direct := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": acct.Email, "password": acct.Password}).Expect(t, 200)
		if direct.String("access_token") == "" {
			t.Fatalf("login after disable: %s", direct.Raw)
		}
	})
}

func TestRefreshAndLogout(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	acct := s.Register(t)
	r := s.Do("POST", "/v1/auth/refresh", acct.Token, nil).Expect(t, 200)
	fresh := r.String("access_token")
	if fresh == "" || fresh == acct.Token || r.Body["expires_in"] != float64(3600) || r.Body["token_type"] != "bearer" {
		t.Fatalf("refresh: %s", r.Raw)
	}
	s.Do("POST", "/v1/auth/logout", acct.Token, nil).Expect(t, 200)
	gone := s.Do("GET", "/v1/auth/me", acct.Token, nil).Expect(t, 401)
	if gone.ErrorCode() != "unauthorized" {
		t.Fatalf("after logout: %s", gone.Raw)
	}
	s.Do("POST", "/v1/auth/refresh", acct.Token, nil).Expect(t, 401)
	// The refreshed token belongs to the same session: logout revoked it too.
	s.Do("GET", "/v1/auth/me", fresh, nil).Expect(t, 401)

	for _, bad := range []string{"", "Bearer", "Bearer not.a.jwt", "Basic abc",
		// alg none must never be accepted.
		"Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ1c2VyX3giLCJvcmciOiJvcmdfeCJ9."} {
		req := s.Do("GET", "/v1/auth/me", "", nil)
		_ = req
		r := doWithAuthHeader(t, s, bad)
		if r.Status != 401 || r.ErrorCode() != "unauthorized" {
			t.Errorf("Authorization %q: %d %s", bad, r.Status, r.Raw)
		}
	}
}

func doWithAuthHeader(t *testing.T, s *apptest.Service, header string) *apptest.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", s.URL+"/v1/auth/me", nil)
	if header != "" {
		req.Header.Set("Authorization", header)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out := &apptest.Response{Status: resp.StatusCode}
	buf := new(strings.Builder)
	_, _ = ioCopy(buf, resp)
	out.Raw = []byte(buf.String())
	if strings.Contains(buf.String(), `"unauthorized"`) {
		out.Body = map[string]any{"error": map[string]any{"code": "unauthorized"}}
	}
	return out
}

func TestAPIKeysAuthenticateUntilRevokedOrExpired(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		created := s.Do("POST", "/v1/auth/api-keys", acct.Token, map[string]any{"name": "ci", "description": "for CI", "expires_in_days": 30}).Expect(t, 201)
		key := created.String("key")
		if !strings.HasPrefix(key, "aak_") || created.String("expires_at") == "" || !strings.HasPrefix(created.String("id"), "key_") {
			t.Fatalf("create: %s", created.Raw)
		}
		s.Do("GET", "/v1/auth/me", key, nil).Expect(t, 200)

		list := s.Do("GET", "/v1/auth/api-keys", acct.Token, nil).Expect(t, 200)
		keys := list.Body["api_keys"].([]any)
		if len(keys) != 1 {
			t.Fatalf("list: %s", list.Raw)
		}
		k := keys[0].(map[string]any)
		if _, leaked := k["key"]; leaked || !strings.HasPrefix(key, k["key_prefix"].(string)) || k["last_used_at"] == nil {
			t.Fatalf("list entry: %v", k)
		}
		if strings.Contains(string(list.Raw), key) {
			t.Fatal("the full key must never be listed")
		}

		s.Do("POST", "/v1/auth/api-keys", acct.Token, map[string]any{"name": "x", "expires_in_days": 0}).Expect(t, 400)
		s.Do("POST", "/v1/auth/api-keys", acct.Token, map[string]any{"description": "no name"}).Expect(t, 400)
		s.Do("DELETE", "/v1/auth/api-keys/key_doesnotexist", acct.Token, nil).Expect(t, 404)

		s.Do("DELETE", "/v1/auth/api-keys/"+created.String("id"), acct.Token, nil).Expect(t, 200)
		s.Do("GET", "/v1/auth/me", key, nil).Expect(t, 401)

		short := s.Do("POST", "/v1/auth/api-keys", acct.Token, map[string]any{"name": "short", "expires_in_days": 1}).Expect(t, 201)
		if _, err := s.App.Store.SQL().Exec("UPDATE api_keys SET expires_at = ? WHERE id = ?",
			time.Now().UTC().Add(-time.Minute), short.String("id")); err != nil && db == "sqlite" {
			t.Fatal(err)
		}
		if db == "postgres" {
			if _, err := s.App.Store.SQL().Exec("UPDATE api_keys SET expires_at = $1 WHERE id = $2", time.Now().UTC().Add(-time.Minute), short.String("id")); err != nil {
				t.Fatal(err)
			}
		}
		s.Do("GET", "/v1/auth/me", short.String("key"), nil).Expect(t, 401)

		// Another organization's key id is not found.
		other := s.Register(t)
		mine := s.Do("POST", "/v1/auth/api-keys", acct.Token, map[string]any{"name": "mine"}).Expect(t, 201)
		s.Do("DELETE", "/v1/auth/api-keys/"+mine.String("id"), other.Token, nil).Expect(t, 404)
	})
}

func TestProfileAndPasswordChange(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		other := s.Register(t)
		me := s.Do("PATCH", "/v1/auth/me", acct.Token, map[string]string{"full_name": "New Name"}).Expect(t, 200)
		if me.String("full_name") != "New Name" || me.Body["assigned_agents"] == nil {
			t.Fatalf("patch me: %s", me.Raw)
		}
		s.Do("PATCH", "/v1/auth/me", acct.Token, map[string]string{"email": other.Email}).Expect(t, 409)
		s.Do("PATCH", "/v1/auth/me", acct.Token, map[string]string{"email": "nope"}).Expect(t, 400)
		s.Do("PATCH", "/v1/auth/me", acct.Token, map[string]string{}).Expect(t, 400)

		second := s.Login(t, acct.Email, acct.Password)
		s.Do("POST", "/v1/auth/change-password", acct.Token, map[string]string{"current_password": "Wrong-pass-123", "new_password": "Another-pass-77"}).Expect(t, 401)
		weak := s.Do("POST", "/v1/auth/change-password", acct.Token, map[string]string{"current_password": acct.Password, "new_password": "short"}).Expect(t, 400)
		if weak.ErrorCode() != "weak_password" {
			t.Fatalf("weak: %s", weak.Raw)
		}
		s.Do("POST", "/v1/auth/change-password", acct.Token, map[string]string{"current_password": acct.Password, "new_password": "Another-pass-77"}).Expect(t, 200)
		s.Do("GET", "/v1/auth/me", acct.Token, nil).Expect(t, 200)
		s.Do("GET", "/v1/auth/me", second, nil).Expect(t, 401)
		s.Do("POST", "/v1/auth/login", "", map[string]string{"email": acct.Email, "password": acct.Password}).Expect(t, 401)
		s.Login(t, acct.Email, "Another-pass-77")
	})
}

func TestEveryErrorHasTheSpecBodyAndEveryAnswerARequestID(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	cases := []struct {
		method, path string
		body         any
		status       int
		code         string
	}{
		{"GET", "/v1/nothing-here", nil, 404, "not_found"},
		{"DELETE", "/v1/auth/login", nil, 405, "method_not_allowed"},
		{"GET", "/v1/auth/me", nil, 401, "unauthorized"},
		{"POST", "/v1/auth/login", strings.Repeat("x", 2<<20), 413, "request_too_large"},
	}
	for _, c := range cases {
		r := s.Do(c.method, c.path, "", c.body)
		if r.Status != c.status || r.ErrorCode() != c.code {
			t.Errorf("%s %s: %d %s, want %d %s", c.method, c.path, r.Status, r.ErrorCode(), c.status, c.code)
		}
		e, _ := r.Body["error"].(map[string]any)
		if _, ok := e["message"].(string); !ok {
			t.Errorf("%s %s: no error.message: %s", c.method, c.path, r.Raw)
		}
		if _, ok := e["details"].(map[string]any); !ok {
			t.Errorf("%s %s: no error.details object: %s", c.method, c.path, r.Raw)
		}
		if !strings.HasPrefix(r.Header.Get("X-Request-Id"), "req_") {
			t.Errorf("%s %s: no request id", c.method, c.path)
		}
	}
	req, _ := http.NewRequest("GET", s.URL+"/healthz", nil)
	req.Header.Set("X-Request-Id", "client-chosen-id")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Header.Get("X-Request-Id") != "client-chosen-id" {
		t.Errorf("request id not echoed: %q", resp.Header.Get("X-Request-Id"))
	}
	s.Do("GET", "/readyz", "", nil).Expect(t, 200)
}
