-- Webhooks: registrations, one delivery per (webhook, event[, replay]), and every attempt.
-- Portable SQL (PostgreSQL and SQLite), like 00001.

-- +goose Up
CREATE TABLE webhooks (
    id                         VARCHAR(40) PRIMARY KEY,
    organization_id            VARCHAR(40) NOT NULL,
    url                        TEXT NOT NULL,
    events                     TEXT NOT NULL,               -- JSON array of types, or ["*"]
    description                TEXT NOT NULL DEFAULT '',
    enabled                    BOOLEAN NOT NULL DEFAULT TRUE,
    secret_enc                 TEXT NOT NULL,               -- secretbox ciphertext
    previous_secret_enc        TEXT NOT NULL DEFAULT '',    -- valid until previous_secret_expires_at
    previous_secret_expires_at TIMESTAMP NULL,
    consecutive_failures       INTEGER NOT NULL DEFAULT 0,
    disabled_reason            TEXT NOT NULL DEFAULT '',
    created_at                 TIMESTAMP NOT NULL,
    updated_at                 TIMESTAMP NOT NULL
);
CREATE INDEX webhooks_org_idx ON webhooks (organization_id);

-- One row per event and webhook. replay_id is '' for live fan-out and the replay request's id for
-- replays, so a redelivered event never creates a second live delivery while a replay may send
-- the same event again on purpose.
CREATE TABLE webhook_deliveries (
    id               VARCHAR(40) PRIMARY KEY,
    webhook_id       VARCHAR(40) NOT NULL,
    organization_id  VARCHAR(40) NOT NULL,
    event_id         VARCHAR(40) NOT NULL,
    event_type       VARCHAR(100) NOT NULL,
    replay_id        VARCHAR(40) NOT NULL DEFAULT '',
    payload          TEXT NOT NULL,                         -- the body, byte for byte
    status           VARCHAR(20) NOT NULL,                  -- pending, succeeded, failed
    attempts         INTEGER NOT NULL DEFAULT 0,
    last_status_code INTEGER NOT NULL DEFAULT 0,
    last_error       TEXT NOT NULL DEFAULT '',
    next_attempt_at  TIMESTAMP NULL,
    created_at       TIMESTAMP NOT NULL,
    updated_at       TIMESTAMP NOT NULL,
    completed_at     TIMESTAMP NULL
);
CREATE UNIQUE INDEX webhook_deliveries_event_key ON webhook_deliveries (webhook_id, event_id, replay_id);
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at);

-- Every attempt, for the delivery log and the stats.
CREATE TABLE webhook_attempts (
    id               VARCHAR(40) PRIMARY KEY,
    delivery_id      VARCHAR(40) NOT NULL,
    webhook_id       VARCHAR(40) NOT NULL,
    organization_id  VARCHAR(40) NOT NULL,
    event_id         VARCHAR(40) NOT NULL,
    event_type       VARCHAR(100) NOT NULL,
    attempt          INTEGER NOT NULL,                      -- 1 for the first attempt
    retry            INTEGER NOT NULL,                      -- 0 for the first attempt
    success          BOOLEAN NOT NULL,
    status_code      INTEGER NOT NULL DEFAULT 0,
    response_time_ms INTEGER NOT NULL DEFAULT 0,
    response_excerpt TEXT NOT NULL DEFAULT '',
    error            TEXT NOT NULL DEFAULT '',
    created_at       TIMESTAMP NOT NULL
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id);
CREATE INDEX webhook_attempts_stats_idx ON webhook_attempts (webhook_id, created_at);

-- +goose Down
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhooks;
