-- A counter that every write of a data source's stored schema bumps, so processes can keep the
-- decoded schema in memory and still see a refresh on the very next question: they read the
-- counter (a few bytes) instead of the schema text. The same for an agent's semantic layer.
-- Portable SQL (PostgreSQL and SQLite).

-- +goose Up
ALTER TABLE data_sources ADD COLUMN schema_version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE agent_semantics ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE agent_semantics DROP COLUMN version;
ALTER TABLE data_sources DROP COLUMN schema_version;
