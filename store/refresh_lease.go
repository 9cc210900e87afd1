package store

import (
	"context"
	"time"
)

// ClaimSchemaRefresh gives data source id of the organization a refresh lease until `until`,
// unless max other data sources of the organization hold an unexpired one (then it reports
// false). The organization's row is written first so that concurrent claims of one
// organization, from any process, queue behind each other (a row lock on PostgreSQL, the write
// lock on SQLite) and the count cannot race. A missing data source is ErrNotFound.
func (s *Store) ClaimSchemaRefresh(ctx context.Context, orgID, id string, max int, now, until time.Time) (bool, error) {
	until = leaseStamp(until)
	claimed := false
	err := s.Tx(ctx, func(tx *Store) error {
		db := tx.ctx(ctx)
		if err := db.Exec("UPDATE organizations SET updated_at = updated_at WHERE id = ?", orgID).Error; err != nil {
			return translate(err)
		}
		var busy int64
		if err := db.Raw("SELECT COUNT(*) FROM data_sources WHERE organization_id = ? AND id <> ? AND schema_refresh_lease_until > ?",
			orgID, id, now).Scan(&busy).Error; err != nil {
			return translate(err)
		}
		if busy >= int64(max) {
			return nil
		}
		res := db.Exec("UPDATE data_sources SET schema_refresh_lease_until = ? WHERE organization_id = ? AND id = ?", until, orgID, id)
		if res.Error != nil {
			return translate(res.Error)
		}
		if res.RowsAffected == 0 {
			return ErrNotFound
		}
		claimed = true
		return nil
	})
	return claimed, err
}

// ReleaseSchemaRefresh ends data source id's refresh lease if it is still the one claimed until
// `until`: a second refresh of the same data source may have claimed it since, and the first to
// finish must not free the organization's slot while the other still runs.
func (s *Store) ReleaseSchemaRefresh(ctx context.Context, orgID, id string, until time.Time) error {
	return translate(s.ctx(ctx).Exec(`UPDATE data_sources SET schema_refresh_lease_until = NULL
		WHERE organization_id = ? AND id = ? AND schema_refresh_lease_until = ?`, orgID, id, leaseStamp(until)).Error)
}

// leaseStamp is a lease's end as both databases store it (PostgreSQL keeps microseconds), so
// the release compares equal to the claim.
func leaseStamp(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }
