-- A schema refresh holds a lease on its data source while it runs, so every process of the
-- schema worker can see how many refreshes an organization has in flight and cap them; a
-- lease that a crashed worker left behind simply expires.

-- +goose Up
ALTER TABLE data_sources ADD COLUMN schema_refresh_lease_until TIMESTAMP NULL;

-- +goose Down
ALTER TABLE data_sources DROP COLUMN schema_refresh_lease_until;
