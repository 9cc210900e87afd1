package store

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"
)

// CreateOrganization inserts an organization, numbering it for billing answers.
func (s *Store) CreateOrganization(ctx context.Context, o *Organization) error {
	if o.BillingID == 0 {
		n, err := s.NextCounter(ctx, "organizations")
		if err != nil {
			return err
		}
		o.BillingID = n
	}
	return translate(s.ctx(ctx).Create(o).Error)
}

// Organization reads an organization.
func (s *Store) Organization(ctx context.Context, id string) (*Organization, error) {
	var o Organization
	if err := s.ctx(ctx).First(&o, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &o, nil
}

// CreateUser inserts a user; a duplicate e-mail is ErrConflict.
func (s *Store) CreateUser(ctx context.Context, u *User) error {
	u.Email = NormalizeEmail(u.Email)
	return translate(s.ctx(ctx).Create(u).Error)
}

// NormalizeEmail is the form e-mails are stored and looked up in.
func NormalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// UserByEmail finds a user by e-mail across organizations (login needs it before it knows the
// organization).
func (s *Store) UserByEmail(ctx context.Context, email string) (*User, error) {
	var u User
	if err := s.ctx(ctx).First(&u, "email = ?", NormalizeEmail(email)).Error; err != nil {
		return nil, translate(err)
	}
	return &u, nil
}

// UserByID reads a user of the organization.
func (s *Store) UserByID(ctx context.Context, orgID, id string) (*User, error) {
	var u User
	if err := s.tenant(ctx, orgID).First(&u, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &u, nil
}

// UpdateUser writes the given columns of a user of the organization.
func (s *Store) UpdateUser(ctx context.Context, orgID, id string, fields map[string]any) error {
	defer s.accessChanging(ctx, orgScope(orgID))()
	fields["updated_at"] = time.Now().UTC()
	res := s.tenant(ctx, orgID).Model(&User{}).Where("id = ?", id).Updates(fields)
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// AdvanceTOTPStep records that the TOTP code of time step `step` was used, and reports false if
// that step (or a later one) was already used: a code cannot be used twice, even by two API
// processes racing.
func (s *Store) AdvanceTOTPStep(ctx context.Context, userID string, step int64) (bool, error) {
	res := s.ctx(ctx).Model(&User{}).Where("id = ? AND totp_last_step < ?", userID, step).
		Update("totp_last_step", step)
	return res.RowsAffected == 1, res.Error
}

// tenant scopes a query to one organization.
func (s *Store) tenant(ctx context.Context, orgID string) *gorm.DB {
	return s.ctx(ctx).Where("organization_id = ?", orgID)
}

// UserByIDAnyOrg reads a user without knowing the organization: only for the second step of a
// login, where the user id comes from a server-side challenge, never from the client.
func (s *Store) UserByIDAnyOrg(ctx context.Context, id string) (*User, error) {
	var u User
	if err := s.ctx(ctx).First(&u, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &u, nil
}

// AssignedAgentIDs lists the live agents assigned to a user.
func (s *Store) AssignedAgentIDs(ctx context.Context, orgID, userID string) ([]string, error) {
	ids := []string{}
	err := s.ctx(ctx).Table("agent_assignments AS aa").Joins("JOIN agents ON agents.id = aa.agent_id").
		Where("aa.organization_id = ? AND aa.user_id = ? AND agents.deleted_at IS NULL", orgID, userID).
		Order("aa.assigned_at, agents.id").Pluck("agents.id", &ids).Error
	return ids, err
}

// Users lists the organization's users, oldest first.
func (s *Store) Users(ctx context.Context, orgID string, limit, offset int) ([]User, int64, error) {
	var out []User
	var total int64
	if err := s.tenant(ctx, orgID).Model(&User{}).Count(&total).Error; err != nil {
		return nil, 0, err
	}
	err := s.tenant(ctx, orgID).Order("created_at, id").Limit(limit).Offset(offset).Find(&out).Error
	return out, total, err
}

// UsersByIDs returns the users of the organization among ids (unknown ids are left out).
func (s *Store) UsersByIDs(ctx context.Context, orgID string, ids []string) ([]User, error) {
	var out []User
	err := s.tenant(ctx, orgID).Where("id IN ?", ids).Find(&out).Error
	return out, err
}

// UserByInvite finds a user by the hash of a live invitation token.
func (s *Store) UserByInvite(ctx context.Context, hash string, now time.Time) (*User, error) {
	var u User
	err := s.ctx(ctx).First(&u, "invite_token_hash = ? AND invite_expires_at > ?", hash, now).Error
	if err != nil {
		return nil, translate(err)
	}
	return &u, nil
}

// UpdateOrganization writes columns of an organization.
func (s *Store) UpdateOrganization(ctx context.Context, id string, fields map[string]any) error {
	fields["updated_at"] = time.Now().UTC()
	defer s.accessChanging(ctx, orgScope(id))()
	res := s.ctx(ctx).Model(&Organization{}).Where("id = ?", id).Updates(fields)
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}
