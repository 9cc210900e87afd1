package store

import "time"

// Roles of users, per DECISIONS.md.
const (
	RoleAdmin   = "admin"
	RoleAnalyst = "analyst"
	RoleViewer  = "viewer"
)

// Organization is a tenant.
type Organization struct {
	ID          string `gorm:"primaryKey"`
	Name        string
	OwnerUserID string
	Plan        string
	// BillingID is the integer organization id of billing answers (allocated on creation).
	BillingID int64
	// LLM* override the configured language engine for this organization ("" = use the default).
	LLMProvider  string `gorm:"column:llm_provider"`
	LLMModel     string `gorm:"column:llm_model"`
	LLMBaseURL   string `gorm:"column:llm_base_url"`
	LLMAPIKeyEnc string `gorm:"column:llm_api_key_enc"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// User is a person in an organization.
type User struct {
	ID                   string `gorm:"primaryKey"`
	OrganizationID       string
	Email                string
	FullName             string
	PasswordHash         string
	Role                 string
	IsActive             bool
	TwoFactorEnabled     bool
	TOTPSecretEnc        string `gorm:"column:totp_secret_enc"`
	TOTPPendingSecretEnc string `gorm:"column:totp_pending_secret_enc"`
	TOTPLastStep         int64  `gorm:"column:totp_last_step"`
	InviteTokenHash      string
	InviteExpiresAt      *time.Time
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

// AccessToken records an issued JWT by its jti.
type AccessToken struct {
	JTI            string `gorm:"column:jti;primaryKey"`
	UserID         string
	OrganizationID string
	IssuedAt       time.Time
	ExpiresAt      time.Time
	// RevokedAt may be in the future: a rotated token stays valid for a short grace.
	RevokedAt *time.Time
	// SessionID is shared by the tokens of one login and its refreshes ("" before sessions).
	SessionID string
	RotatedAt *time.Time
}

// APIKey is a long-lived credential; only its hash is stored.
type APIKey struct {
	ID             string `gorm:"primaryKey"`
	OrganizationID string
	UserID         string
	Name           string
	Description    string
	KeyPrefix      string
	KeyHash        string
	CreatedAt      time.Time
	ExpiresAt      *time.Time
	LastUsedAt     *time.Time
	RevokedAt      *time.Time
}

// BackupCode is one hashed two-factor backup code. Pending codes belong to a setup that is not
// confirmed yet.
type BackupCode struct {
	UserID   string `gorm:"primaryKey"`
	CodeHash string `gorm:"primaryKey"`
	Pending  bool
	UsedAt   *time.Time
}

// LoginChallenge is the hashed temp_token of a login waiting for its two-factor code.
type LoginChallenge struct {
	TokenHash string `gorm:"primaryKey"`
	UserID    string
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// AuthFailure counts failed attempts for one scope in one window.
type AuthFailure struct {
	ScopeKey    string    `gorm:"primaryKey"`
	WindowStart time.Time `gorm:"primaryKey"`
	Failures    int
}

// OutboxMessage is an event or command waiting to be published.
type OutboxMessage struct {
	Seq            int64
	ID             string `gorm:"primaryKey"`
	OrganizationID string
	Subject        string
	Payload        string
	CreatedAt      time.Time
	PublishedAt    *time.Time
	Attempts       int
	LastError      string
	// NotBefore holds a command back from the relay until then (see HoldOutbox).
	NotBefore *time.Time
}

// TableName pins the outbox table name.
func (OutboxMessage) TableName() string { return "outbox" }
