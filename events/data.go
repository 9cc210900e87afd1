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
