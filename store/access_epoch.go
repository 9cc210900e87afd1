package store

import "context"

// The access epoch (organizations.access_epoch, migration 00015) counts changes to what an
// organization's requests may reach and how its questions are planned: users, credentials,
// agents and assignments, and data sources, semantic layers, templates and the organization's
// own settings. Request paths keep copies of those for a moment (auth's principals,
// agents.Cache, the planner's planning heads) stamped with the epoch they were read under, and
// use a copy only while the epoch read by the request itself (HitRateWindows) is the same, so a
// change through any process reaches every process's next request.

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

// accessChanging moves the epoch of the scope's organization for a write the caller is about to
// make; call it as defer s.accessChanging(ctx, scope)().
//
// Inside a transaction it moves it at once, before the write: both commit together, and the
// organization's row is locked before the rows of the write, in the order ClaimSchemaRefresh
// locks them (the other order deadlocked with a refresh on PostgreSQL). A failure then aborts the
// transaction, and the write reports it.
//
// Outside a transaction the returned func moves it after the write: a reader that stamps a copy
// between the write and the move stamps it with the old epoch, which the move makes stale. Its
// error is not returned: the copies also expire by age (5 s), which bounds a change whose epoch
// write failed with the database.
func (s *Store) accessChanging(ctx context.Context, scope accessScope) func() {
	move := func() { _ = s.ctx(context.WithoutCancel(ctx)).Exec(scope.sql, scope.id).Error }
	if s.inTx {
		move()
		return func() {}
	}
	return move
}

// AccessEpoch reads the organization's access epoch.
func (s *Store) AccessEpoch(ctx context.Context, orgID string) (int64, error) {
	var epoch int64
	err := s.ctx(ctx).Raw("SELECT access_epoch FROM organizations WHERE id = ?", orgID).Scan(&epoch).Error
	return epoch, translate(err)
}

// requestEpoch is the access epoch a request read for its organization.
type requestEpoch struct {
	orgID string
	epoch int64
}

type requestEpochKey struct{}

// WithAccessEpoch returns ctx carrying the access epoch of organization orgID as the request read
// it (HitRateWindows): code on the request path may then use copies stamped with that epoch.
func WithAccessEpoch(ctx context.Context, orgID string, epoch int64) context.Context {
	return context.WithValue(ctx, requestEpochKey{}, requestEpoch{orgID, epoch})
}

// AccessEpochOf is the access epoch of organization orgID that ctx carries, if any.
func AccessEpochOf(ctx context.Context, orgID string) (int64, bool) {
	e, ok := ctx.Value(requestEpochKey{}).(requestEpoch)
	if !ok || e.orgID != orgID {
		return 0, false
	}
	return e.epoch, true
}

// KeepAccessEpoch returns dst carrying the access epoch that src carries, if any: for work the
// request starts in a context of its own.
func KeepAccessEpoch(dst, src context.Context) context.Context {
	if e, ok := src.Value(requestEpochKey{}).(requestEpoch); ok {
		return context.WithValue(dst, requestEpochKey{}, e)
	}
	return dst
}
