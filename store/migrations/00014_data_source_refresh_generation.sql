-- A counter that every schema refresh request and every change of a data source's connection
-- settings bumps. A refresh remembers the value it started from and records its result only
-- while the counter still has it (compared in the UPDATE itself), so a slow refresh that a newer
-- request or a configuration change superseded can no longer overwrite the newer refresh's
-- schema and status. Portable SQL (PostgreSQL and SQLite).

-- +goose Up
ALTER TABLE data_sources ADD COLUMN schema_refresh_generation BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE data_sources DROP COLUMN schema_refresh_generation;
