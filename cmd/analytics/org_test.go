package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
)

func TestOrgSetLimitsOverridesTheRunningServicesLimits(t *testing.T) {
	apptest.ForEachDatabase(t, func(t *testing.T, db string) {
		s := apptest.Start(t, apptest.Options{Database: db})
		acct := s.Register(t)
		target := []string{"--data-dir", s.Cfg.DataDir}
		if s.Cfg.DatabaseURL != "" {
			target = []string{"--database-url", s.Cfg.DatabaseURL}
		}
		var out, errOut bytes.Buffer
		args := append([]string{"org", "set-limits", acct.OrgID, "--per-minute", "5", "--monthly-queries", "7"}, target...)
		if err := run(args, &out, &errOut); err != nil {
			t.Fatalf("set-limits: %v (%s)", err, errOut.String())
		}
		var got map[string]any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil || got["per_minute"] != float64(5) || got["monthly_queries"] != float64(7) {
			t.Fatalf("output: %s", out.String())
		}
		sub := s.Do("GET", "/api/billing/subscription", acct.Token, nil).Expect(t, 200)
		if sub.Body["quotas"].(map[string]any)["monthly_queries"] != float64(7) {
			t.Fatalf("quota not overridden: %s", sub.Raw)
		}
		time.Sleep(2100 * time.Millisecond) // the processes' subscription cache
		r := s.Do("GET", "/v1/auth/me", acct.Token, nil).Expect(t, 200)
		if r.Header.Get("X-RateLimit-Limit") != "5" {
			t.Fatalf("rate limit not overridden: %v", r.Header)
		}

		for _, bad := range [][]string{
			{"org", "set-limits"},
			{"org", "set-limits", acct.OrgID},
			{"org", "set-limits", acct.OrgID, "--per-day", "-3"},
			{"org", "set-limits", "org_missing", "--per-day", "3"},
			{"org", "rename"},
		} {
			if err := run(append(bad, target...), &out, &errOut); err == nil {
				t.Errorf("%v succeeded", bad)
			} else if bad[len(bad)-1] == "3" && !strings.Contains(err.Error(), "does not exist") {
				t.Errorf("unknown organization: %v", err)
			}
		}
	})
}
