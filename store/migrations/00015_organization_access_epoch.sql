-- A counter of changes to what decides who may do what in an organization: its users, their
-- access tokens and API keys, its agents and their assignments. Every such change moves it after
-- writing, and every API request reads it in the statement that counts the request for the rate
-- limit, so an API process uses its in-memory copies of credentials and agents only while the
-- counter it stamped them with is still current, whichever process made the change. Portable SQL.

-- +goose Up
ALTER TABLE organizations ADD COLUMN access_epoch BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE organizations DROP COLUMN access_epoch;
