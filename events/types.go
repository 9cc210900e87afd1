// Package events is the service's event backbone: the envelope and every event and command type,
// the JetStream streams and subjects, the transactional outbox relay, consumers, and the tail and
// replay readers operators use.
package events

// Event types of the spec's Events part, in one place.
const (
	QueryStarted        = "query.started"
	QueryCompleted      = "query.completed"
	QueryFailed         = "query.failed"
	TemplateCreated     = "template.created"
	TemplateExecuted    = "template.executed"
	TemplateScheduled   = "template.scheduled"
	AgentCreated        = "agent.created"
	AgentUpdated        = "agent.updated"
	AgentAssigned       = "agent.assigned"
	UserCreated         = "user.created"
	UserLogin           = "user.login"
	UserRoleChanged     = "user.role_changed"
	DataSourceConnected = "data_source.connected"
	DataSourceFailed    = "data_source.failed"
	UsageLimitReached   = "usage.limit_reached"
	// WebhookTest is sent only by POST /api/webhooks/{id}/test, never stored in EVENTS.
	WebhookTest = "webhook.test"
)

// Types lists every event type a webhook may subscribe to.
var Types = []string{
	QueryStarted, QueryCompleted, QueryFailed,
	TemplateCreated, TemplateExecuted, TemplateScheduled,
	AgentCreated, AgentUpdated, AgentAssigned,
	UserCreated, UserLogin, UserRoleChanged,
	DataSourceConnected, DataSourceFailed,
	UsageLimitReached,
}

// Known reports whether t is one of Types.
func Known(t string) bool {
	for _, k := range Types {
		if k == t {
			return true
		}
	}
	return false
}
