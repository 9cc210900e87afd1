-- Per-agent semantic layer (metrics, synonyms, default filters) and the words explaining each
-- answer. Portable SQL (PostgreSQL and SQLite), like 00001.

-- +goose Up
CREATE TABLE agent_semantics (
    agent_id        VARCHAR(40) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    definition      TEXT NOT NULL,               -- JSON nlq.Semantics, validated when saved
    updated_by      VARCHAR(40) NOT NULL DEFAULT '',
    updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX agent_semantics_org_idx ON agent_semantics (organization_id);
ALTER TABLE queries ADD COLUMN explanation TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE queries DROP COLUMN explanation;
DROP TABLE agent_semantics;
