package events

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/store"
	"github.com/analytics-agent/service/tracing"
)

// Envelope is the spec's event body, exactly what webhook receivers get. The organization is
// carried beside it (subject and HeaderOrganization), not inside it.
type Envelope struct {
	ID        string          `json:"id"`
	Type      string          `json:"type"`
	CreatedAt time.Time       `json:"created_at"`
	Data      json.RawMessage `json:"data"`
}

// Header names set on every JetStream message the service publishes.
const (
	HeaderOrganization = "Organization-Id"
	HeaderType         = "Event-Type"
)

// Subject prefixes. Events are "events.<organization>.<type>" so an operator can replay one tenant
// (events.org_x.>) or one type (events.*.query.completed); commands are "commands.<name>".
const (
	EventSubjectPrefix   = "events."
	CommandSubjectPrefix = "commands."
)

// EventSubject is the subject an event of that organization and type is stored under.
func EventSubject(orgID, eventType string) string {
	return EventSubjectPrefix + orgID + "." + eventType
}

// ParseEventSubject splits an event subject into organization and type.
func ParseEventSubject(subject string) (orgID, eventType string, ok bool) {
	rest, found := strings.CutPrefix(subject, EventSubjectPrefix)
	if !found {
		return "", "", false
	}
	orgID, eventType, ok = strings.Cut(rest, ".")
	return orgID, eventType, ok
}

// EventFilter is the subject filter for an organization and/or type ("" means any).
func EventFilter(orgID, eventType string) string {
	org := orgID
	if org == "" {
		org = "*"
	}
	if eventType == "" {
		return EventSubjectPrefix + org + ".>"
	}
	return EventSubjectPrefix + org + "." + eventType
}

// NewEvent builds the outbox row of an event: a new evt_ id, the envelope as payload.
func NewEvent(orgID, eventType string, data any) (store.OutboxMessage, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return store.OutboxMessage{}, fmt.Errorf("marshal %s data: %w", eventType, err)
	}
	now := time.Now().UTC()
	env := Envelope{ID: ids.New(ids.Event), Type: eventType, CreatedAt: now.Truncate(time.Millisecond), Data: raw}
	payload, err := json.Marshal(env)
	if err != nil {
		return store.OutboxMessage{}, fmt.Errorf("marshal %s envelope: %w", eventType, err)
	}
	return store.OutboxMessage{
		Seq: now.UnixNano(), ID: env.ID, OrganizationID: orgID,
		Subject: EventSubject(orgID, eventType), Payload: string(payload), CreatedAt: now,
	}, nil
}

// DecodeCommand reads a command and its data. A message that does not decode never will:
// the error is Permanent, so the consumer drops it instead of redelivering it.
func DecodeCommand[T any](data []byte) (Command, T, error) {
	var cmd Command
	var req T
	if err := json.Unmarshal(data, &cmd); err != nil {
		return cmd, req, Permanent(fmt.Errorf("decode command: %w", err))
	}
	if err := json.Unmarshal(cmd.Data, &req); err != nil {
		return cmd, req, Permanent(fmt.Errorf("decode %s: %w", cmd.Name, err))
	}
	return cmd, req, nil
}

// Command is a unit of work for a worker, sent on the COMMANDS stream.
type Command struct {
	ID             string          `json:"id"`
	Name           string          `json:"name"`
	OrganizationID string          `json:"organization_id"`
	CreatedAt      time.Time       `json:"created_at"`
	Data           json.RawMessage `json:"data"`
	// Traceparent is the W3C trace context of the request that sent the command; the relay
	// publishes it as the message's traceparent header.
	Traceparent string `json:"traceparent,omitempty"`
}

// WithTrace stamps a command's outbox row with ctx's trace context (unchanged when ctx has none),
// so the worker's spans join the request's trace.
func WithTrace(ctx context.Context, m store.OutboxMessage) store.OutboxMessage {
	tp := tracing.Traceparent(ctx)
	if tp == "" {
		return m
	}
	var cmd Command
	if json.Unmarshal([]byte(m.Payload), &cmd) != nil {
		return m
	}
	cmd.Traceparent = tp
	if b, err := json.Marshal(cmd); err == nil {
		m.Payload = string(b)
	}
	return m
}

// traceparentOf reads the trace context a command carries ("" for events and untraced commands).
func traceparentOf(payload string) string {
	if !strings.Contains(payload, `"traceparent":"`) {
		return ""
	}
	var c struct {
		Traceparent string `json:"traceparent"`
	}
	_ = json.Unmarshal([]byte(payload), &c)
	return c.Traceparent
}

// NewCommand builds the outbox row of a command; its id doubles as the dedupe id.
func NewCommand(orgID, name string, data any) (store.OutboxMessage, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return store.OutboxMessage{}, fmt.Errorf("marshal %s command: %w", name, err)
	}
	now := time.Now().UTC()
	cmd := Command{ID: ids.New("cmd"), Name: name, OrganizationID: orgID, CreatedAt: now, Data: raw}
	payload, err := json.Marshal(cmd)
	if err != nil {
		return store.OutboxMessage{}, fmt.Errorf("marshal %s command: %w", name, err)
	}
	return store.OutboxMessage{
		Seq: now.UnixNano(), ID: cmd.ID, OrganizationID: orgID,
		Subject: CommandSubjectPrefix + name, Payload: string(payload), CreatedAt: now,
	}, nil
}
