package store

import "context"

// The access epoch (organizations.access_epoch, migration 00015) counts changes to an
// organization's users, credentials, agents and assignments. Request paths keep copies of
// those for a moment (auth's principals, agents.Cache) stamped with the epoch they were read
// under, and use a copy only while the epoch read by the request itself (HitRateWindows) is the
// same, so a change through any process reaches every process's next request.

// accessScope names the organization whose epoch a change moves: by its id, or through the user
// or access token the change was made to.
type accessScope struct{ sql, id string }

const bumpEpoch = "UPDATE organizations SET access_epoch = access_epoch + 1 WHERE id = "

func orgScope(orgID string) accessScope { return accessScope{bumpEpoch + "?", orgID} }

func userScope(userID string) accessScope {
	return accessScope{bumpEpoch + "(SELECT organization_id FROM users WHERE id = ?)", userID}
}

func tokenScope(jti string) accessScope {
	return accessScope{bumpEpoch + "(SELECT organization_id FROM access_tokens WHERE jti = ?)", jti}
}

// accessChanged moves the epoch of the scope's organization. Called (deferred) after the write:
// a reader that stamps a copy between the write and this statement stamps it with the old epoch,
// which this statement makes stale. Inside a transaction it commits with the write. Its error is
// not returned: the copies also expire by age (2 s), which bounds a change whose epoch write
// failed with the database.
func (s *Store) accessChanged(ctx context.Context, scope accessScope) {
	_ = s.ctx(context.WithoutCancel(ctx)).Exec(scope.sql, scope.id).Error
}

// AccessEpoch reads the organization's access epoch.
func (s *Store) AccessEpoch(ctx context.Context, orgID string) (int64, error) {
	var epoch int64
	err := s.ctx(ctx).Raw("SELECT access_epoch FROM organizations WHERE id = ?", orgID).Scan(&epoch).Error
	return epoch, translate(err)
}
