-- Questions answered by a template: the candidates of an agent are read by one indexed lookup
-- per question, and the query records which template answered it. Portable SQL (PostgreSQL and
-- SQLite), like 00001.

-- +goose Up
-- Covering: the per-question lookup of an agent's templates reads the index only.
CREATE INDEX templates_agent_idx ON templates (organization_id, agent_id, created_at, id, updated_at);
ALTER TABLE queries ADD COLUMN template_id VARCHAR(40) NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE queries DROP COLUMN template_id;
DROP INDEX templates_agent_idx;
