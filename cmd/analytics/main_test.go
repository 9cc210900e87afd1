package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/analytics-agent/service/apptest"
)

func TestEventsReplayPrintsStoredEventsAsJSONLines(t *testing.T) {
	s := apptest.Start(t, apptest.Options{Database: "sqlite"})
	acct := s.Register(t)
	other := s.Register(t)
	_ = other
	deadline := time.Now().Add(10 * time.Second)
	for n, _ := s.App.Store.OutboxPending(context.Background()); n > 0 && time.Now().Before(deadline); n, _ = s.App.Store.OutboxPending(context.Background()) {
		time.Sleep(50 * time.Millisecond)
	}
	var out, errOut bytes.Buffer
	err := run([]string{"events", "replay", "--since", "1h", "--org", acct.OrgID, "--nats-url", s.App.NATSURL}, &out, &errOut)
	if err != nil {
		t.Fatalf("replay: %v (%s)", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	types := map[string]bool{}
	for _, l := range lines {
		var ev struct {
			OrganizationID string `json:"organization_id"`
			ID, Type       string
		}
		if err := json.Unmarshal([]byte(l), &ev); err != nil {
			t.Fatalf("not a JSON line: %q", l)
		}
		if ev.OrganizationID != acct.OrgID || !strings.HasPrefix(ev.ID, "evt_") {
			t.Fatalf("event of another organization or without id: %s", l)
		}
		types[ev.Type] = true
	}
	if !types["user.created"] || !types["user.login"] {
		t.Fatalf("replay lacks the account's events: %s", out.String())
	}

	out.Reset()
	if err := run([]string{"events", "replay", "--since", "1h", "--type", "user.login", "--nats-url", s.App.NATSURL}, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "user.created") || strings.Count(out.String(), "user.login") != 2 {
		t.Fatalf("type filter: %s", out.String())
	}
	if err := run([]string{"events", "replay", "--nats-url", s.App.NATSURL}, &out, &errOut); err == nil {
		t.Fatal("replay without --since must fail with a clear message")
	}
}

func TestUnknownCommandsAndMissingSettingsFailClearly(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run([]string{"launch"}, &out, &errOut); err == nil || !strings.Contains(err.Error(), "unknown command") {
		t.Fatalf("unknown command: %v", err)
	}
	t.Setenv("DATABASE_URL", "")
	t.Setenv("NATS_URL", "")
	if err := run([]string{"api"}, &out, &errOut); err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
		t.Fatalf("api without external services: %v", err)
	}
}
