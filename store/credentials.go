package store

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// CreateAccessToken records an issued token.
func (s *Store) CreateAccessToken(ctx context.Context, t *AccessToken) error {
	return translate(s.ctx(ctx).Create(t).Error)
}

// AccessToken reads the record of a token by jti.
func (s *Store) AccessToken(ctx context.Context, jti string) (*AccessToken, error) {
	var t AccessToken
	if err := s.ctx(ctx).First(&t, "jti = ?", jti).Error; err != nil {
		return nil, translate(err)
	}
	return &t, nil
}

// live matches tokens not revoked yet (a rotated token in its grace is revoked in the future).
const live = "(revoked_at IS NULL OR revoked_at > ?)"

// RevokeAccessToken revokes one token now.
func (s *Store) RevokeAccessToken(ctx context.Context, jti string) error {
	defer s.accessChanging(ctx, tokenScope(jti))()
	now := time.Now().UTC()
	return s.ctx(ctx).Model(&AccessToken{}).Where("jti = ? AND "+live, jti, now).
		Update("revoked_at", now).Error
}

// RevokeSession revokes now every token of a session: the login's and all refreshed from it.
func (s *Store) RevokeSession(ctx context.Context, userID, sessionID string) error {
	defer s.accessChanging(ctx, userScope(userID))()
	now := time.Now().UTC()
	return s.ctx(ctx).Model(&AccessToken{}).Where("user_id = ? AND session_id = ? AND "+live, userID, sessionID, now).
		Update("revoked_at", now).Error
}

// RotateAccessToken marks a token replaced by a refresh; it stays valid until graceUntil. It
// reports false if the token was rotated or revoked already: of two concurrent refreshes of one
// token, one wins.
func (s *Store) RotateAccessToken(ctx context.Context, jti string, now, graceUntil time.Time) (bool, error) {
	defer s.accessChanging(ctx, tokenScope(jti))()
	res := s.ctx(ctx).Model(&AccessToken{}).Where("jti = ? AND rotated_at IS NULL AND "+live, jti, now).
		Updates(map[string]any{"rotated_at": now, "revoked_at": graceUntil})
	return res.RowsAffected == 1, res.Error
}

// BackdateRotations moves the rotation of a user's rotated tokens to at (tests of the grace).
func (s *Store) BackdateRotations(ctx context.Context, userID string, at time.Time) error {
	defer s.accessChanging(ctx, userScope(userID))()
	return s.ctx(ctx).Model(&AccessToken{}).Where("user_id = ? AND rotated_at IS NOT NULL", userID).
		Updates(map[string]any{"rotated_at": at, "revoked_at": at.Add(time.Second)}).Error
}

// RevokeUserTokens revokes every live token of a user except keepJTI.
func (s *Store) RevokeUserTokens(ctx context.Context, userID, keepJTI string) error {
	defer s.accessChanging(ctx, userScope(userID))()
	now := time.Now().UTC()
	return s.ctx(ctx).Model(&AccessToken{}).
		Where("user_id = ? AND jti <> ? AND "+live+" AND expires_at > ?", userID, keepJTI, now, now).
		Update("revoked_at", now).Error
}

// PruneAccessTokens deletes records of tokens that expired before the cutoff.
func (s *Store) PruneAccessTokens(ctx context.Context, before time.Time) error {
	return s.ctx(ctx).Where("expires_at < ?", before).Delete(&AccessToken{}).Error
}

// CreateAPIKey stores a new key (its hash).
func (s *Store) CreateAPIKey(ctx context.Context, k *APIKey) error {
	return translate(s.ctx(ctx).Create(k).Error)
}

// APIKeyByPrefix finds a key by its public prefix.
func (s *Store) APIKeyByPrefix(ctx context.Context, prefix string) (*APIKey, error) {
	var k APIKey
	if err := s.ctx(ctx).First(&k, "key_prefix = ?", prefix).Error; err != nil {
		return nil, translate(err)
	}
	return &k, nil
}

// APIKeys lists a user's keys that are not revoked, newest first.
func (s *Store) APIKeys(ctx context.Context, orgID, userID string) ([]APIKey, error) {
	var keys []APIKey
	err := s.tenant(ctx, orgID).Where("user_id = ? AND revoked_at IS NULL", userID).
		Order("created_at DESC").Find(&keys).Error
	return keys, err
}

// RevokeAPIKey revokes a key of the user.
func (s *Store) RevokeAPIKey(ctx context.Context, orgID, userID, id string) error {
	defer s.accessChanging(ctx, orgScope(orgID))()
	res := s.tenant(ctx, orgID).Model(&APIKey{}).Where("id = ? AND user_id = ? AND revoked_at IS NULL", id, userID).
		Update("revoked_at", time.Now().UTC())
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// RevokeUserAPIKeys revokes every live key of a user and returns how many it revoked.
func (s *Store) RevokeUserAPIKeys(ctx context.Context, orgID, userID string, now time.Time) (int, error) {
	defer s.accessChanging(ctx, orgScope(orgID))()
	res := s.tenant(ctx, orgID).Model(&APIKey{}).Where("user_id = ? AND revoked_at IS NULL", userID).
		Update("revoked_at", now)
	return int(res.RowsAffected), res.Error
}

// TouchAPIKey sets last_used_at, at most once a minute per key so that busy keys do not turn
// every request into a write.
func (s *Store) TouchAPIKey(ctx context.Context, id string, now time.Time) error {
	return s.ctx(ctx).Model(&APIKey{}).
		Where("id = ? AND (last_used_at IS NULL OR last_used_at < ?)", id, now.Add(-time.Minute)).
		Update("last_used_at", now).Error
}

// ReplacePendingBackupCodes stores the codes of a two-factor setup in progress.
func (s *Store) ReplacePendingBackupCodes(ctx context.Context, userID string, hashes []string) error {
	return s.ctx(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("user_id = ? AND pending = ?", userID, true).Delete(&BackupCode{}).Error; err != nil {
			return err
		}
		codes := make([]BackupCode, len(hashes))
		for i, h := range hashes {
			codes[i] = BackupCode{UserID: userID, CodeHash: h, Pending: true}
		}
		return tx.Create(&codes).Error
	})
}

// ActivateBackupCodes replaces the active codes with the pending ones (on confirm).
func (s *Store) ActivateBackupCodes(ctx context.Context, userID string) error {
	return s.ctx(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("user_id = ? AND pending = ?", userID, false).Delete(&BackupCode{}).Error; err != nil {
			return err
		}
		return tx.Model(&BackupCode{}).Where("user_id = ?", userID).Update("pending", false).Error
	})
}

// DeleteBackupCodes removes every code of a user (on disable).
func (s *Store) DeleteBackupCodes(ctx context.Context, userID string) error {
	return s.ctx(ctx).Where("user_id = ?", userID).Delete(&BackupCode{}).Error
}

// UseBackupCode marks an active, unused code as used; false if there is none.
func (s *Store) UseBackupCode(ctx context.Context, userID, hash string) (bool, error) {
	res := s.ctx(ctx).Model(&BackupCode{}).
		Where("user_id = ? AND code_hash = ? AND pending = ? AND used_at IS NULL", userID, hash, false).
		Update("used_at", time.Now().UTC())
	return res.RowsAffected == 1, res.Error
}

// CreateLoginChallenge stores a temp_token (hashed).
func (s *Store) CreateLoginChallenge(ctx context.Context, c *LoginChallenge) error {
	return translate(s.ctx(ctx).Create(c).Error)
}

// LoginChallenge returns a live, unused challenge.
func (s *Store) LoginChallenge(ctx context.Context, hash string, now time.Time) (*LoginChallenge, error) {
	var c LoginChallenge
	err := s.ctx(ctx).First(&c, "token_hash = ? AND used_at IS NULL AND expires_at > ?", hash, now).Error
	if err != nil {
		return nil, translate(err)
	}
	return &c, nil
}

// UseLoginChallenge marks a challenge used; false if another request used it first.
func (s *Store) UseLoginChallenge(ctx context.Context, hash string) (bool, error) {
	res := s.ctx(ctx).Model(&LoginChallenge{}).Where("token_hash = ? AND used_at IS NULL", hash).
		Update("used_at", time.Now().UTC())
	return res.RowsAffected == 1, res.Error
}

// AddAuthFailure counts one attempt for the scope in the window and returns the new count, in
// one statement (an UPSERT that returns the counter): of any number of concurrent attempts, on any
// number of API processes, each sees a distinct count, so a limit of N lets exactly N through.
func (s *Store) AddAuthFailure(ctx context.Context, scope string, window time.Time) (int, error) {
	var n int
	err := s.ctx(ctx).Raw(`INSERT INTO auth_failures (scope_key, window_start, failures) VALUES (?, ?, 1)
		ON CONFLICT (scope_key, window_start) DO UPDATE SET failures = auth_failures.failures + 1
		RETURNING failures`, scope, window).Scan(&n).Error
	if err != nil {
		return 0, err
	}
	return n, nil
}

// ReleaseAuthFailure gives back one attempt reserved with AddAuthFailure (the attempt succeeded).
func (s *Store) ReleaseAuthFailure(ctx context.Context, scope string, window time.Time) error {
	return s.ctx(ctx).Exec(`UPDATE auth_failures SET failures = failures - 1
		WHERE scope_key = ? AND window_start = ? AND failures > 0`, scope, window).Error
}

// AuthFailures returns the failures counted for the scope in the window.
func (s *Store) AuthFailures(ctx context.Context, scope string, window time.Time) (int, error) {
	var row AuthFailure
	err := s.ctx(ctx).Where("scope_key = ? AND window_start = ?", scope, window).Limit(1).Find(&row).Error
	return row.Failures, err
}

// ClearAuthFailures forgets the failures of a scope (after a successful login).
func (s *Store) ClearAuthFailures(ctx context.Context, scope string) error {
	return s.ctx(ctx).Where("scope_key = ?", scope).Delete(&AuthFailure{}).Error
}

// tokenUser is a user row with the columns of one of its access tokens.
type tokenUser struct {
	User           `gorm:"embedded"`
	TokenUserID    string
	TokenRevokedAt *time.Time
	TokenSessionID string
	AccessEpoch    int64
}

// AccessTokenUser reads an access token and the user of the organization it was issued to, with
// the organization's access epoch (access_epoch.go), in one statement (authentication runs on
// every request). ErrNotFound when either is missing or the token belongs to another user.
func (s *Store) AccessTokenUser(ctx context.Context, jti, orgID, userID string) (*AccessToken, *User, int64, error) {
	var row tokenUser
	err := s.ctx(ctx).Table("access_tokens").
		Select("users.*, access_tokens.user_id AS token_user_id, access_tokens.revoked_at AS token_revoked_at, access_tokens.session_id AS token_session_id, organizations.access_epoch AS access_epoch").
		Joins("JOIN users ON users.id = access_tokens.user_id").
		Joins("JOIN organizations ON organizations.id = users.organization_id").
		Where("access_tokens.jti = ? AND access_tokens.user_id = ? AND users.organization_id = ?", jti, userID, orgID).
		Take(&row).Error
	if err != nil {
		return nil, nil, 0, translate(err)
	}
	return &AccessToken{JTI: jti, UserID: row.TokenUserID, RevokedAt: row.TokenRevokedAt, SessionID: row.TokenSessionID}, &row.User, row.AccessEpoch, nil
}

// APIKeyUser reads the API key of prefix with its user and the organization's access epoch in
// one statement (authentication runs on every request). ErrNotFound when the key or its user is
// missing.
func (s *Store) APIKeyUser(ctx context.Context, prefix string) (*APIKey, *User, int64, error) {
	var row struct {
		User          `gorm:"embedded"`
		KeyID         string
		KeyUserID     string
		KeyOrgID      string
		KeyHash       string
		KeyExpiresAt  *time.Time
		KeyRevokedAt  *time.Time
		KeyLastUsedAt *time.Time
		AccessEpoch   int64
	}
	err := s.ctx(ctx).Table("api_keys").
		Select("users.*, api_keys.id AS key_id, api_keys.user_id AS key_user_id, api_keys.organization_id AS key_org_id, "+
			"api_keys.key_hash AS key_hash, api_keys.expires_at AS key_expires_at, api_keys.revoked_at AS key_revoked_at, "+
			"api_keys.last_used_at AS key_last_used_at, organizations.access_epoch AS access_epoch").
		Joins("JOIN users ON users.id = api_keys.user_id AND users.organization_id = api_keys.organization_id").
		Joins("JOIN organizations ON organizations.id = api_keys.organization_id").
		Where("api_keys.key_prefix = ?", prefix).
		Take(&row).Error
	if err != nil {
		return nil, nil, 0, translate(err)
	}
	k := &APIKey{ID: row.KeyID, UserID: row.KeyUserID, OrganizationID: row.KeyOrgID, KeyPrefix: prefix, KeyHash: row.KeyHash,
		ExpiresAt: row.KeyExpiresAt, RevokedAt: row.KeyRevokedAt, LastUsedAt: row.KeyLastUsedAt}
	return k, &row.User, row.AccessEpoch, nil
}
