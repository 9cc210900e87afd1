package events

// Data of the user events. The spec lists the data fields of query.completed, query.failed and
// template.executed; the others are decided here and documented in docs/events.md.

// UserCreatedData is the data of user.created.
type UserCreatedData struct {
	UserID         string `json:"user_id"`
	Email          string `json:"email"`
	FullName       string `json:"full_name"`
	Role           string `json:"role"`
	OrganizationID string `json:"organization_id"`
	CreatedBy      string `json:"created_by,omitempty"`
}

// UserLoginData is the data of user.login.
type UserLoginData struct {
	UserID    string `json:"user_id"`
	Email     string `json:"email"`
	Method    string `json:"method"` // password, two_factor
	IPAddress string `json:"ip_address,omitempty"`
}

// UserRoleChangedData is the data of user.role_changed.
type UserRoleChangedData struct {
	UserID    string `json:"user_id"`
	Email     string `json:"email"`
	OldRole   string `json:"old_role"`
	NewRole   string `json:"new_role"`
	ChangedBy string `json:"changed_by"`
}

// AgentUpdatedData is the data of agent.updated.
type AgentUpdatedData struct {
	AgentID       string         `json:"agent_id"`
	Name          string         `json:"name"`
	ChangedFields []string       `json:"changed_fields"`
	Changes       map[string]any `json:"changes"`
	UpdatedBy     string         `json:"updated_by"`
}

// AgentCreatedData is the data of agent.created.
type AgentCreatedData struct {
	AgentID      string `json:"agent_id"`
	Name         string `json:"name"`
	AgentType    string `json:"agent_type"`
	DataSourceID string `json:"data_source_id"`
	CreatedBy    string `json:"created_by"`
	ClonedFrom   string `json:"cloned_from,omitempty"`
}

// AgentAssignedData is the data of agent.assigned (one event per user).
type AgentAssignedData struct {
	AgentID    string `json:"agent_id"`
	AgentName  string `json:"agent_name"`
	UserID     string `json:"user_id"`
	AssignedBy string `json:"assigned_by"`
}
