package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/analytics-agent/service/app"
	"github.com/analytics-agent/service/apptest"
	"github.com/analytics-agent/service/auth"
)

// postFrom posts JSON with an X-Forwarded-For header and returns the status and error code.
func postFrom(t testing.TB, url, forwardedFor string, body any) (int, string) {
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest("POST", url, bytes.NewReader(raw))
	if err != nil {
		t.Error(err)
		return 0, ""
	}
	req.Header.Set("Content-Type", "application/json")
	if forwardedFor != "" {
		req.Header.Set("X-Forwarded-For", forwardedFor)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return 0, ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	_ = json.Unmarshal(b, &e)
	return resp.StatusCode, e.Error.Code
}

// concurrently sends n copies of a request at once and counts the answers by status.
func concurrently(t *testing.T, n int, url string, body any) map[int]int {
	var mu sync.Mutex
	counts := map[int]int{}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			status, _ := postFrom(t, url, "", body)
			mu.Lock()
			counts[status]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return counts
}

func TestTwoHundredConcurrentWrongPasswordsAreTenCheckedAndTheRestRefused(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		counts := concurrently(t, 200, s.URL+"/v1/auth/login", map[string]string{"email": acct.Email, "password": "Wrong-pass-123"})
		limit := apptest.FastBruteForce.AccountLimit
		if counts[401] != limit || counts[429] != 200-limit {
			t.Fatalf("answers by status %v, want %d × 401 (checked) and %d × 429 (refused)", counts, limit, 200-limit)
		}
	})
}

func TestTwoHundredConcurrentWrongTwoFactorCodesAreTenCheckedAndTheRestRefused(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		secret := s.Do("POST", "/v1/auth/enable-2fa", acct.Token, nil).Expect(t, 200).String("secret")
		code, _ := auth.TOTPCode(secret, time.Now())
		s.Do("POST", "/v1/auth/confirm-2fa", acct.Token, map[string]string{"code": code}).Expect(t, 200)
		temp := s.Do("POST", "/v1/auth/login", "", map[string]string{"email": acct.Email, "password": acct.Password}).Expect(t, 200).String("temp_token")

		counts := concurrently(t, 200, s.URL+"/v1/auth/verify-2fa", map[string]string{"temp_token": temp, "code": "000000"})
		limit := apptest.FastBruteForce.AccountLimit
		if counts[401] != limit || counts[429] != 200-limit {
			t.Fatalf("answers by status %v, want %d × 401 (checked) and %d × 429 (refused)", counts, limit, 200-limit)
		}
		// The account stays refused, from any address, even with a right code: whoever guesses
		// holds the password already.
		next, _ := auth.TOTPCode(secret, time.Now().Add(30*time.Second))
		s.Do("POST", "/v1/auth/verify-2fa", "", map[string]string{"temp_token": temp, "code": next}).Expect(t, 429)
	})
}

func TestTheOwnerLogsInFromAnotherAddressWhileTheAttackersAddressIsRefused(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db, Configure: func(c *app.Config) {
			c.TrustedProxies = []string{"127.0.0.1/32"}
		}})
		acct := s.Register(t)
		url := s.URL + "/v1/auth/login"
		wrong := map[string]string{"email": acct.Email, "password": "Wrong-pass-123"}
		right := map[string]string{"email": acct.Email, "password": acct.Password}
		const attacker, owner = "203.0.113.7", "198.51.100.20"
		for range apptest.FastBruteForce.AccountLimit {
			if status, _ := postFrom(t, url, attacker, wrong); status != 401 {
				t.Fatalf("wrong password: %d, want 401", status)
			}
		}
		if status, code := postFrom(t, url, attacker, right); status != 429 || code != "rate_limited" {
			t.Fatalf("the attacker's address with the right password: %d %s, want 429 rate_limited", status, code)
		}
		if status, _ := postFrom(t, url, owner, right); status != 200 {
			t.Fatalf("the owner at another address: %d, want 200", status)
		}
		// A success forgets the account's failures, but not the attacker's address.
		if status, _ := postFrom(t, url, attacker, wrong); status != 429 {
			t.Fatalf("the attacker after the owner's login: %d, want 429", status)
		}
	})
}

func TestXForwardedForIsIgnoredUnlessTheProxyIsTrusted(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	acct := s.Register(t)
	url := s.URL + "/v1/auth/login"
	wrong := map[string]string{"email": acct.Email, "password": "Wrong-pass-123"}
	// An attacker who makes up a new address per attempt is still one address.
	for i := range apptest.FastBruteForce.AccountLimit {
		postFrom(t, url, "198.51.100."+string(rune('0'+i)), wrong)
	}
	if status, _ := postFrom(t, url, "192.0.2.99", wrong); status != 429 {
		t.Fatalf("a made-up X-Forwarded-For from an untrusted peer escaped the limit: %d, want 429", status)
	}
}
