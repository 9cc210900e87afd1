package auth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/analytics-agent/service/events"
	"github.com/analytics-agent/service/ids"
	"github.com/analytics-agent/service/secretbox"
	"github.com/analytics-agent/service/store"
)

// Errors of the auth flows; api maps them to the spec's error body.
var (
	ErrInvalidCredentials = errors.New("invalid email or password")
	ErrInvalidCode        = errors.New("invalid or already used code")
	ErrUnauthorized       = errors.New("missing, invalid, expired or revoked credential")
	ErrEmailExists        = errors.New("an account with this email already exists")
	ErrTwoFactorState     = errors.New("two-factor state does not allow this")
)

// Options configures the Service.
type Options struct {
	Issuer      string // shown in authenticator apps
	DefaultPlan string
	BruteForce  BruteForcePolicy
	// ChallengeLifetime is how long a temp_token of a two-factor login lives (default 5 min).
	ChallengeLifetime time.Duration
	// OnRegister runs inside the registration transaction (billing creates the subscription).
	OnRegister func(ctx context.Context, tx *store.Store, org *store.Organization) error
}

// Service runs the account flows of the /auth endpoints.
type Service struct {
	st     *store.Store
	keys   *secretbox.Keys
	tokens *Tokens
	guard  *bruteForce
	opts   Options
	now    func() time.Time
	// principals keeps recent credential records for Authenticate (principals.go).
	principals *principalCache
}

// NewService wires the account flows.
func NewService(st *store.Store, keys *secretbox.Keys, opts Options) *Service {
	if opts.Issuer == "" {
		opts.Issuer = "Analytics Agent"
	}
	if opts.DefaultPlan == "" {
		opts.DefaultPlan = "free"
	}
	if opts.BruteForce.Window == 0 {
		opts.BruteForce = DefaultBruteForcePolicy()
	}
	if opts.ChallengeLifetime == 0 {
		opts.ChallengeLifetime = 5 * time.Minute
	}
	return &Service{
		st: st, keys: keys, tokens: NewTokens(keys.SigningKey()), opts: opts,
		guard:      &bruteForce{policy: opts.BruteForce, store: st, sleep: sleepCtx},
		now:        func() time.Time { return time.Now().UTC() },
		principals: newPrincipalCache(),
	}
}

// Principal is the authenticated caller of a request.
type Principal struct {
	User      store.User
	TokenJTI  string // set for access tokens
	SessionID string // the login session of an access token ("" for tokens older than sessions)
	APIKeyID  string // set for API keys
	// AccessEpoch is the organization's access epoch the credential and user were read under;
	// FromCopy says they came from this process's copy (AuthenticateFromCopy), which the caller
	// must confirm against the current epoch.
	AccessEpoch int64
	FromCopy    bool
}

// OrgID is the caller's organization.
func (p *Principal) OrgID() string { return p.User.OrganizationID }

// RegisterInput is the body of POST /auth/register.
type RegisterInput struct {
	Email, Password, FullName, OrganizationName string
}

// Register creates an organization and its admin owner, and fires user.created.
func (s *Service) Register(ctx context.Context, in RegisterInput) (*store.User, error) {
	if err := CheckEmail(in.Email); err != nil {
		return nil, err
	}
	if err := CheckPassword(in.Password, in.Email); err != nil {
		return nil, err
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	now := s.now()
	orgName := strings.TrimSpace(in.OrganizationName)
	if orgName == "" {
		orgName = strings.TrimSpace(in.FullName) + "'s organization"
	}
	org := &store.Organization{ID: ids.New(ids.Org), Name: orgName, Plan: s.opts.DefaultPlan, CreatedAt: now, UpdatedAt: now}
	u := &store.User{
		ID: ids.New(ids.User), OrganizationID: org.ID, Email: store.NormalizeEmail(in.Email),
		FullName: strings.TrimSpace(in.FullName), PasswordHash: hash, Role: store.RoleAdmin, IsActive: true,
		CreatedAt: now, UpdatedAt: now,
	}
	org.OwnerUserID = u.ID
	err = s.st.Tx(ctx, func(tx *store.Store) error {
		if err := tx.CreateOrganization(ctx, org); err != nil {
			return err
		}
		if err := tx.CreateUser(ctx, u); err != nil {
			return err
		}
		if s.opts.OnRegister != nil {
			if err := s.opts.OnRegister(ctx, tx, org); err != nil {
				return err
			}
		}
		ev, err := events.NewEvent(org.ID, events.UserCreated, events.UserCreatedData{
			UserID: u.ID, Email: u.Email, FullName: u.FullName, Role: u.Role, OrganizationID: org.ID})
		if err != nil {
			return err
		}
		return tx.Emit(ctx, ev)
	})
	if errors.Is(err, store.ErrConflict) {
		return nil, ErrEmailExists
	}
	if err != nil {
		return nil, fmt.Errorf("register: %w", err)
	}
	return u, nil
}

// LoginResult is the outcome of a login step.
type LoginResult struct {
	Token       string
	Claims      *Claims
	User        *store.User
	Requires2FA bool
	TempToken   string
}

// Login checks e-mail and password. With two-factor on it answers a temp_token instead of a token.
func (s *Service) Login(ctx context.Context, email, password, address string) (*LoginResult, error) {
	now := s.now()
	try, err := s.guard.reserve(ctx, s.guard.passwordLimits(store.NormalizeEmail(email), address)...)
	if err != nil {
		return nil, err
	}
	u, err := s.st.UserByEmail(ctx, email)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("login: %w", err)
	}
	if u == nil {
		VerifyPassword(dummyHash, password) // same work as a real check: no account enumeration
		return nil, ErrInvalidCredentials
	}
	if !VerifyPassword(u.PasswordHash, password) || !u.IsActive {
		return nil, ErrInvalidCredentials
	}
	try.succeed(ctx)
	if u.TwoFactorEnabled {
		temp := "tmp_" + ids.Random(40)
		ch := &store.LoginChallenge{TokenHash: s.keys.Hash(temp), UserID: u.ID, ExpiresAt: now.Add(s.opts.ChallengeLifetime)}
		if err := s.st.CreateLoginChallenge(ctx, ch); err != nil {
			return nil, fmt.Errorf("login: %w", err)
		}
		return &LoginResult{Requires2FA: true, TempToken: temp, User: u}, nil
	}
	return s.issueLogin(ctx, u, "password", address)
}

// Verify2FA completes a two-factor login with a TOTP or backup code.
func (s *Service) Verify2FA(ctx context.Context, tempToken, code, address string) (*LoginResult, error) {
	now := s.now()
	hash := s.keys.Hash(tempToken)
	try, err := s.guard.reserve(ctx, s.guard.addressLimit("2fa", address))
	if err != nil {
		return nil, err
	}
	ch, err := s.st.LoginChallenge(ctx, hash, now)
	if errors.Is(err, store.ErrNotFound) {
		return nil, ErrInvalidCode
	}
	if err != nil {
		return nil, fmt.Errorf("verify 2fa: %w", err)
	}
	if err := try.add(ctx, s.guard.secondFactorLimit(ch.UserID)); err != nil {
		return nil, err
	}
	u, err := s.userByIDAnyOrg(ctx, ch.UserID)
	if err != nil {
		return nil, err
	}
	ok, err := s.checkSecondFactor(ctx, u, code, now)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrInvalidCode
	}
	// The temp_token is single-use: of two racing requests with valid codes, one wins.
	if used, err := s.st.UseLoginChallenge(ctx, hash); err != nil || !used {
		return nil, ErrInvalidCode
	}
	try.succeed(ctx)
	return s.issueLogin(ctx, u, "two_factor", address)
}

func (s *Service) userByIDAnyOrg(ctx context.Context, userID string) (*store.User, error) {
	u, err := s.st.UserByIDAnyOrg(ctx, userID)
	if err != nil {
		return nil, ErrInvalidCode
	}
	return u, nil
}

// checkSecondFactor accepts a current TOTP code (once) or an unused backup code (once).
func (s *Service) checkSecondFactor(ctx context.Context, u *store.User, code string, now time.Time) (bool, error) {
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "")
	switch len(code) {
	case 6:
		secret, err := s.keys.Decrypt(u.TOTPSecretEnc)
		if err != nil {
			return false, fmt.Errorf("decrypt totp secret: %w", err)
		}
		step, ok := MatchTOTP(secret, code, now)
		if !ok {
			return false, nil
		}
		return s.st.AdvanceTOTPStep(ctx, u.ID, step)
	case BackupCodeDigits:
		return s.st.UseBackupCode(ctx, u.ID, s.keys.Hash(code))
	}
	return false, nil
}

func (s *Service) issueLogin(ctx context.Context, u *store.User, method, address string) (*LoginResult, error) {
	var token string
	var claims *Claims
	err := s.st.Tx(ctx, func(tx *store.Store) error {
		var err error
		token, claims, err = s.issue(ctx, tx, u, ids.New("ses"))
		if err != nil {
			return err
		}
		ev, err := events.NewEvent(u.OrganizationID, events.UserLogin, events.UserLoginData{
			UserID: u.ID, Email: u.Email, Method: method, IPAddress: address})
		if err != nil {
			return err
		}
		return tx.Emit(ctx, ev)
	})
	if err != nil {
		return nil, fmt.Errorf("issue token: %w", err)
	}
	return &LoginResult{Token: token, Claims: claims, User: u}, nil
}

func (s *Service) issue(ctx context.Context, st *store.Store, u *store.User, sessionID string) (string, *Claims, error) {
	token, claims, err := s.tokens.Issue(u.ID, u.OrganizationID, sessionID, s.now())
	if err != nil {
		return "", nil, err
	}
	rec := &store.AccessToken{JTI: claims.ID, UserID: u.ID, OrganizationID: u.OrganizationID,
		IssuedAt: claims.IssuedAt.UTC(), ExpiresAt: claims.ExpiresAt.UTC(), SessionID: sessionID}
	if err := st.CreateAccessToken(ctx, rec); err != nil {
		return "", nil, err
	}
	return token, claims, nil
}

// Authenticate resolves a bearer credential (access token or API key) to its principal, reading
// the credential from the database.
func (s *Service) Authenticate(ctx context.Context, bearer string) (*Principal, error) {
	return s.authenticate(ctx, bearer, false)
}

// AuthenticateFromCopy is Authenticate from this process's recent copy of the credential when it
// has one (principals.go): the principal then has FromCopy set, and the caller must authenticate
// again when the organization's current access epoch differs from the principal's AccessEpoch.
func (s *Service) AuthenticateFromCopy(ctx context.Context, bearer string) (*Principal, error) {
	return s.authenticate(ctx, bearer, true)
}

func (s *Service) authenticate(ctx context.Context, bearer string, useCopy bool) (*Principal, error) {
	now := s.now()
	if prefix, ok := SplitAPIKey(bearer); ok {
		k, u, epoch, touched, fromCopy, err := s.apiKeyRecord(ctx, prefix, now, useCopy)
		if err != nil || !APIKeyMatches(bearer, k.KeyHash) || k.RevokedAt != nil || (k.ExpiresAt != nil && !now.Before(*k.ExpiresAt)) {
			return nil, ErrUnauthorized
		}
		if !u.IsActive {
			return nil, ErrUnauthorized
		}
		s.touchAPIKey(ctx, prefix, k, touched, now)
		return &Principal{User: *u, APIKeyID: k.ID, AccessEpoch: epoch, FromCopy: fromCopy}, nil
	}
	claims, err := s.tokens.Parse(bearer)
	if err != nil {
		return nil, ErrUnauthorized
	}
	rec, u, epoch, fromCopy, err := s.tokenRecord(ctx, claims.ID, claims.Organization, claims.Subject, now, useCopy)
	if err != nil || revoked(rec, now) || rec.UserID != claims.Subject || !u.IsActive {
		return nil, ErrUnauthorized
	}
	return &Principal{User: *u, TokenJTI: claims.ID, SessionID: rec.SessionID, AccessEpoch: epoch, FromCopy: fromCopy}, nil
}

// revoked: a rotated token is revoked at the end of its grace, so revoked_at may be ahead.
func revoked(rec *store.AccessToken, now time.Time) bool {
	return rec.RevokedAt != nil && !now.Before(*rec.RevokedAt)
}

// RefreshGrace is how long a token replaced by a refresh keeps working, so that requests already
// in flight with it do not fail.
const RefreshGrace = 30 * time.Second

// ErrTokenReuse is a refresh with a token that was refreshed before, after the grace: the token
// leaked (either the thief or the owner refreshed first), so its whole session is revoked.
var ErrTokenReuse = fmt.Errorf("%w: this token was already refreshed; its session is revoked as a precaution, log in again", ErrUnauthorized)

// Refresh rotates an access token: it issues a new token of the same session and revokes the
// presented one at the end of RefreshGrace. Presenting a rotated token again after the grace
// revokes the whole session (refresh-token reuse detection, as OAuth 2.0 rotation does).
func (s *Service) Refresh(ctx context.Context, bearer string) (string, *Claims, error) {
	now := s.now()
	if _, ok := SplitAPIKey(bearer); ok {
		return "", nil, fmt.Errorf("%w: refresh needs an access token, not an API key", ErrUnauthorized)
	}
	claims, err := s.tokens.Parse(bearer)
	if err != nil {
		return "", nil, ErrUnauthorized
	}
	rec, err := s.st.AccessToken(ctx, claims.ID)
	if err != nil || rec.UserID != claims.Subject {
		return "", nil, ErrUnauthorized
	}
	if rec.RotatedAt != nil {
		if now.Sub(*rec.RotatedAt) > RefreshGrace && rec.SessionID != "" {
			if err := s.st.RevokeSession(ctx, rec.UserID, rec.SessionID); err != nil {
				return "", nil, fmt.Errorf("revoke reused session: %w", err)
			}
			return "", nil, ErrTokenReuse
		}
		return "", nil, fmt.Errorf("%w: this token was already refreshed; use the new one", ErrUnauthorized)
	}
	if revoked(rec, now) {
		return "", nil, ErrUnauthorized
	}
	u, err := s.st.UserByID(ctx, claims.Organization, claims.Subject)
	if err != nil || !u.IsActive {
		return "", nil, ErrUnauthorized
	}
	session := rec.SessionID
	if session == "" {
		session = ids.New("ses") // a token from before sessions starts one
	}
	var token string
	var next *Claims
	err = s.st.Tx(ctx, func(tx *store.Store) error {
		won, err := tx.RotateAccessToken(ctx, rec.JTI, now, now.Add(RefreshGrace))
		if err != nil {
			return err
		}
		if !won {
			return fmt.Errorf("%w: this token was already refreshed; use the new one", ErrUnauthorized)
		}
		token, next, err = s.issue(ctx, tx, u, session)
		return err
	})
	if err != nil {
		return "", nil, err
	}
	return token, next, nil
}

// Logout revokes, for every API process, the caller's token and every token of its session
// (the login and all refreshes of it).
func (s *Service) Logout(ctx context.Context, p *Principal) error {
	if p.TokenJTI == "" {
		return nil // an API key is revoked with DELETE /auth/api-keys/{id}, not by logout
	}
	if p.SessionID != "" {
		if err := s.st.RevokeSession(ctx, p.User.ID, p.SessionID); err != nil {
			return err
		}
	}
	return s.st.RevokeAccessToken(ctx, p.TokenJTI)
}

// Enable2FA starts a two-factor setup: a pending secret and pending backup codes, active only
// after confirm-2fa proves the authenticator works.
func (s *Service) Enable2FA(ctx context.Context, p *Principal) (*TOTPSetup, error) {
	if p.User.TwoFactorEnabled {
		return nil, fmt.Errorf("%w: two-factor authentication is already enabled", ErrTwoFactorState)
	}
	setup, err := NewTOTPSetup(s.opts.Issuer, p.User.Email)
	if err != nil {
		return nil, err
	}
	enc, err := s.keys.Encrypt(setup.Secret)
	if err != nil {
		return nil, err
	}
	hashes := make([]string, len(setup.BackupCodes))
	for i, c := range setup.BackupCodes {
		hashes[i] = s.keys.Hash(c)
	}
	if err := s.st.ReplacePendingBackupCodes(ctx, p.User.ID, hashes); err != nil {
		return nil, fmt.Errorf("enable 2fa: %w", err)
	}
	if err := s.st.UpdateUser(ctx, p.OrgID(), p.User.ID, map[string]any{"totp_pending_secret_enc": enc}); err != nil {
		return nil, fmt.Errorf("enable 2fa: %w", err)
	}
	return setup, nil
}

// Confirm2FA turns two-factor on once a code from the pending secret checks out.
func (s *Service) Confirm2FA(ctx context.Context, p *Principal, code string) error {
	if p.User.TwoFactorEnabled {
		return fmt.Errorf("%w: two-factor authentication is already enabled", ErrTwoFactorState)
	}
	if p.User.TOTPPendingSecretEnc == "" {
		return fmt.Errorf("%w: call enable-2fa first", ErrTwoFactorState)
	}
	secret, err := s.keys.Decrypt(p.User.TOTPPendingSecretEnc)
	if err != nil {
		return fmt.Errorf("confirm 2fa: %w", err)
	}
	now := s.now()
	step, ok := MatchTOTP(secret, code, now)
	if !ok {
		return ErrInvalidCode
	}
	if err := s.st.ActivateBackupCodes(ctx, p.User.ID); err != nil {
		return fmt.Errorf("confirm 2fa: %w", err)
	}
	return s.st.UpdateUser(ctx, p.OrgID(), p.User.ID, map[string]any{
		"two_factor_enabled": true, "totp_secret_enc": p.User.TOTPPendingSecretEnc,
		"totp_pending_secret_enc": "", "totp_last_step": step,
	})
}

// Disable2FA turns two-factor off; it needs the password and a current code.
func (s *Service) Disable2FA(ctx context.Context, p *Principal, password, code, address string) error {
	if !p.User.TwoFactorEnabled {
		return fmt.Errorf("%w: two-factor authentication is not enabled", ErrTwoFactorState)
	}
	now := s.now()
	try, err := s.guard.reserve(ctx, s.guard.secondFactorLimit(p.User.ID), s.guard.addressLimit("2fa", address))
	if err != nil {
		return err
	}
	if !VerifyPassword(p.User.PasswordHash, password) {
		return ErrInvalidCredentials
	}
	ok, err := s.checkSecondFactor(ctx, &p.User, code, now)
	if err != nil {
		return err
	}
	if !ok {
		return ErrInvalidCode
	}
	try.succeed(ctx)
	if err := s.st.DeleteBackupCodes(ctx, p.User.ID); err != nil {
		return fmt.Errorf("disable 2fa: %w", err)
	}
	return s.st.UpdateUser(ctx, p.OrgID(), p.User.ID, map[string]any{
		"two_factor_enabled": false, "totp_secret_enc": "", "totp_pending_secret_enc": "",
	})
}

// UpdateProfile changes the full name and/or e-mail.
func (s *Service) UpdateProfile(ctx context.Context, p *Principal, fullName, email *string) (*store.User, error) {
	fields := map[string]any{}
	if fullName != nil {
		fields["full_name"] = strings.TrimSpace(*fullName)
	}
	if email != nil {
		if err := CheckEmail(*email); err != nil {
			return nil, err
		}
		fields["email"] = store.NormalizeEmail(*email)
	}
	if len(fields) > 0 {
		err := s.st.UpdateUser(ctx, p.OrgID(), p.User.ID, fields)
		if errors.Is(err, store.ErrConflict) {
			return nil, ErrEmailExists
		}
		if err != nil {
			return nil, fmt.Errorf("update profile: %w", err)
		}
	}
	return s.st.UserByID(ctx, p.OrgID(), p.User.ID)
}

// PasswordChange is the input of ChangePassword.
type PasswordChange struct {
	Current, Next, Address string
	// RevokeAPIKeys revokes every API key of the user too (for a password change after a leak).
	RevokeAPIKeys bool
}

// ChangePassword sets a new password and revokes the user's other sessions, and on request the
// user's API keys; it returns the number of keys revoked.
func (s *Service) ChangePassword(ctx context.Context, p *Principal, in PasswordChange) (int, error) {
	now := s.now()
	try, err := s.guard.reserve(ctx, s.guard.passwordLimits(p.User.Email, in.Address)...)
	if err != nil {
		return 0, err
	}
	if !VerifyPassword(p.User.PasswordHash, in.Current) {
		return 0, ErrInvalidCredentials
	}
	try.succeed(ctx)
	if err := CheckPassword(in.Next, p.User.Email); err != nil {
		return 0, err
	}
	if in.Current == in.Next {
		return 0, fmt.Errorf("%w: the new password must differ from the current one", ErrWeakPassword)
	}
	hash, err := HashPassword(in.Next)
	if err != nil {
		return 0, err
	}
	revoked := 0
	err = s.st.Tx(ctx, func(tx *store.Store) error {
		if err := tx.UpdateUser(ctx, p.OrgID(), p.User.ID, map[string]any{"password_hash": hash}); err != nil {
			return err
		}
		if in.RevokeAPIKeys {
			n, err := tx.RevokeUserAPIKeys(ctx, p.OrgID(), p.User.ID, now)
			if err != nil {
				return err
			}
			revoked = n
		}
		return tx.RevokeUserTokens(ctx, p.User.ID, p.TokenJTI)
	})
	if err != nil {
		return 0, fmt.Errorf("change password: %w", err)
	}
	return revoked, nil
}

// CreateAPIKey makes a key for the caller; the full key is returned once.
func (s *Service) CreateAPIKey(ctx context.Context, p *Principal, name, description string, expiresInDays int) (*store.APIKey, string, error) {
	key, prefix, hash := NewAPIKey()
	now := s.now()
	k := &store.APIKey{ID: ids.New(ids.APIKey), OrganizationID: p.OrgID(), UserID: p.User.ID,
		Name: strings.TrimSpace(name), Description: description, KeyPrefix: prefix, KeyHash: hash, CreatedAt: now}
	if expiresInDays > 0 {
		exp := now.Add(time.Duration(expiresInDays) * 24 * time.Hour)
		k.ExpiresAt = &exp
	}
	if err := s.st.CreateAPIKey(ctx, k); err != nil {
		return nil, "", fmt.Errorf("create api key: %w", err)
	}
	return k, key, nil
}

// ListAPIKeys lists the caller's keys that are not revoked.
func (s *Service) ListAPIKeys(ctx context.Context, p *Principal) ([]store.APIKey, error) {
	return s.st.APIKeys(ctx, p.OrgID(), p.User.ID)
}

// RevokeAPIKey revokes one of the caller's keys.
func (s *Service) RevokeAPIKey(ctx context.Context, p *Principal, id string) error {
	return s.st.RevokeAPIKey(ctx, p.OrgID(), p.User.ID, id)
}

func scopeAddr(kind, address string) string {
	if address == "" {
		return ""
	}
	return kind + ":ip:" + address
}

// AssignedAgents lists the ids of the agents assigned to the caller (empty until agents exist).
func (s *Service) AssignedAgents(ctx context.Context, p *Principal) ([]string, error) {
	return s.st.AssignedAgentIDs(ctx, p.OrgID(), p.User.ID)
}

// InviteLifetime is how long an invitation token can be used.
const InviteLifetime = 7 * 24 * time.Hour

// NewInvitedUser prepares a user created by an admin: no password yet, a single-use invitation
// token (returned once; only its hash is stored) to set one with accept-invite.
func (s *Service) NewInvitedUser(orgID, email, fullName, role string) (*store.User, string, error) {
	if err := CheckEmail(email); err != nil {
		return nil, "", err
	}
	token := "inv_" + ids.Random(40)
	now := s.now()
	exp := now.Add(InviteLifetime)
	u := &store.User{ID: ids.New(ids.User), OrganizationID: orgID, Email: store.NormalizeEmail(email),
		FullName: strings.TrimSpace(fullName), Role: role, IsActive: true, InviteTokenHash: s.keys.Hash(token),
		InviteExpiresAt: &exp, CreatedAt: now, UpdatedAt: now}
	return u, token, nil
}

// AcceptInvite sets the password of an invited user, consumes the token and logs the user in.
func (s *Service) AcceptInvite(ctx context.Context, token, password, fullName, address string) (*LoginResult, error) {
	now := s.now()
	try, err := s.guard.reserve(ctx, s.guard.addressLimit("invite", address))
	if err != nil {
		return nil, err
	}
	u, err := s.st.UserByInvite(ctx, s.keys.Hash(token), now)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: the invitation is invalid, expired or already used", ErrInvalidCode)
	}
	if err != nil {
		return nil, err
	}
	try.succeed(ctx)
	if err := CheckPassword(password, u.Email); err != nil {
		return nil, err
	}
	hash, err := HashPassword(password)
	if err != nil {
		return nil, err
	}
	fields := map[string]any{"password_hash": hash, "invite_token_hash": "", "invite_expires_at": nil}
	if strings.TrimSpace(fullName) != "" {
		fields["full_name"] = strings.TrimSpace(fullName)
		u.FullName = strings.TrimSpace(fullName)
	}
	if err := s.st.UpdateUser(ctx, u.OrganizationID, u.ID, fields); err != nil {
		return nil, err
	}
	return s.issueLogin(ctx, u, "invitation", address)
}
