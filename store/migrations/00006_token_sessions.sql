-- Access tokens belong to a session (the login that started the chain of refreshes), so that
-- logout revokes every token refreshed from it and a reused, already rotated token revokes the
-- whole chain. rotated_at is when POST /auth/refresh replaced the token; revoked_at may lie a
-- few seconds in the future for a rotated token (the grace for requests in flight).

-- +goose Up
ALTER TABLE access_tokens ADD COLUMN session_id VARCHAR(40) NOT NULL DEFAULT '';
ALTER TABLE access_tokens ADD COLUMN rotated_at TIMESTAMP NULL;
CREATE INDEX access_tokens_session_idx ON access_tokens (session_id);

-- +goose Down
DROP INDEX access_tokens_session_idx;
ALTER TABLE access_tokens DROP COLUMN rotated_at;
ALTER TABLE access_tokens DROP COLUMN session_id;
