-- The relay reads only unpublished rows; a partial index keeps that read fast however many
-- published rows wait for pruning (both PostgreSQL and SQLite support partial indexes).

-- +goose Up
DROP INDEX outbox_pending_idx;
CREATE INDEX outbox_unpublished_idx ON outbox (seq, id) WHERE published_at IS NULL;
CREATE INDEX outbox_published_idx ON outbox (published_at) WHERE published_at IS NOT NULL;

-- +goose Down
DROP INDEX outbox_published_idx;
DROP INDEX outbox_unpublished_idx;
CREATE INDEX outbox_pending_idx ON outbox (published_at, seq);
