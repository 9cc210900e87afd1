package store

import (
	"context"
	"time"

	"gorm.io/gorm"
)

// DataSource is a customer database connection. The password is stored encrypted.
type DataSource struct {
	ID                string `gorm:"primaryKey"`
	OrganizationID    string
	Name              string
	Type              string
	Host              string
	Port              int
	DatabaseName      string
	Username          string
	PasswordEnc       string
	SSLMode           string
	Path              string
	Status            string // connected, failed, untested
	LastTestedAt      *time.Time
	LastError         string
	SchemaJSON        string `gorm:"column:schema_json"`
	SchemaStatus      string // none, pending, ready, failed
	SchemaError       string
	SchemaRefreshedAt *time.Time
	// SchemaVersion grows with every write of SchemaJSON (UpdateDataSource bumps it), so a
	// cache of the decoded schema keyed by it never serves a replaced schema.
	SchemaVersion int64
	// SchemaRefreshGeneration grows with every refresh request and change of the connection
	// settings (BumpSchemaRefresh); a refresh records its result only while it still has the
	// value the refresh started from (RecordSchemaRefresh).
	SchemaRefreshGeneration int64
	TableCount              int
	CreatedAt               time.Time
	UpdatedAt               time.Time
}

// Data source statuses.
const (
	StatusConnected = "connected"
	StatusFailed    = "failed"
	StatusUntested  = "untested"
)

// CreateDataSource inserts a data source.
func (s *Store) CreateDataSource(ctx context.Context, d *DataSource) error {
	return translate(s.ctx(ctx).Create(d).Error)
}

// DataSource reads a data source of the organization.
func (s *Store) DataSource(ctx context.Context, orgID, id string) (*DataSource, error) {
	var d DataSource
	if err := s.tenant(ctx, orgID).First(&d, "id = ?", id).Error; err != nil {
		return nil, translate(err)
	}
	return &d, nil
}

// DataSourceSchema reads a data source's stored schema text with the version it belongs to.
func (s *Store) DataSourceSchema(ctx context.Context, orgID, id string) (schemaJSON string, version int64, err error) {
	var d DataSource
	if err := s.tenant(ctx, orgID).Select("schema_json", "schema_version").First(&d, "id = ?", id).Error; err != nil {
		return "", 0, translate(err)
	}
	return d.SchemaJSON, d.SchemaVersion, nil
}

// DataSources lists the organization's data sources, oldest first.
func (s *Store) DataSources(ctx context.Context, orgID string, limit, offset int) ([]DataSource, int64, error) {
	var out []DataSource
	var total int64
	q := s.tenant(ctx, orgID).Model(&DataSource{})
	if err := q.Count(&total).Error; err != nil {
		return nil, 0, err
	}
	err := s.tenant(ctx, orgID).Order("created_at, id").Limit(limit).Offset(offset).Find(&out).Error
	return out, total, err
}

// UpdateDataSource writes columns of a data source of the organization.
func (s *Store) UpdateDataSource(ctx context.Context, orgID, id string, fields map[string]any) error {
	defer s.accessChanging(ctx, orgScope(orgID))()
	res := s.tenant(ctx, orgID).Model(&DataSource{}).Where("id = ?", id).Updates(withStamps(fields))
	if res.Error != nil {
		return translate(res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

// withStamps adds the columns every write of a data source sets: updated_at, and a new schema
// version when the schema text is written.
func withStamps(fields map[string]any) map[string]any {
	fields["updated_at"] = time.Now().UTC()
	if _, ok := fields["schema_json"]; ok {
		fields["schema_version"] = gorm.Expr("schema_version + 1")
	}
	return fields
}

// BumpSchemaRefresh writes columns of a data source of the organization and starts a new
// refresh generation, which it returns: a refresh that started before it records nothing
// (RecordSchemaRefresh). Refresh requests and changes of the connection settings call it.
func (s *Store) BumpSchemaRefresh(ctx context.Context, orgID, id string, fields map[string]any) (int64, error) {
	var generation int64
	// One transaction (a savepoint within the caller's), so the value read is the one written.
	err := s.Tx(ctx, func(tx *Store) error {
		fields["schema_refresh_generation"] = gorm.Expr("schema_refresh_generation + 1")
		if err := tx.UpdateDataSource(ctx, orgID, id, fields); err != nil {
			return err
		}
		return translate(tx.ctx(ctx).Raw("SELECT schema_refresh_generation FROM data_sources WHERE organization_id = ? AND id = ?",
			orgID, id).Row().Scan(&generation))
	})
	return generation, err
}

// RecordSchemaRefresh writes the result of a schema refresh (the columns in fields) that
// started at refresh generation `generation`, unless a newer generation began since: then it
// writes nothing and reports false. The generation is compared in the UPDATE itself, so the
// check and the write are one atomic step for every process on PostgreSQL and SQLite. A missing
// data source is ErrNotFound.
func (s *Store) RecordSchemaRefresh(ctx context.Context, orgID, id string, generation int64, fields map[string]any) (bool, error) {
	defer s.accessChanging(ctx, orgScope(orgID))()
	res := s.tenant(ctx, orgID).Model(&DataSource{}).Where("id = ? AND schema_refresh_generation = ?", id, generation).
		Updates(withStamps(fields))
	if res.Error != nil {
		return false, translate(res.Error)
	}
	if res.RowsAffected > 0 {
		return true, nil
	}
	// Superseded or deleted: only the second is an error.
	var n int64
	if err := s.tenant(ctx, orgID).Model(&DataSource{}).Where("id = ?", id).Count(&n).Error; err != nil {
		return false, translate(err)
	}
	if n == 0 {
		return false, ErrNotFound
	}
	return false, nil
}

// DeleteDataSource removes a data source of the organization.
func (s *Store) DeleteDataSource(ctx context.Context, orgID, id string) error {
	defer s.accessChanging(ctx, orgScope(orgID))()
	res := s.tenant(ctx, orgID).Where("id = ?", id).Delete(&DataSource{})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}
