-- Portable SQL: the same file runs on PostgreSQL and SQLite. Timestamps are stored in UTC
-- (TIMESTAMP without zone), JSON as TEXT, booleans as BOOLEAN.

-- +goose Up
CREATE TABLE organizations (
    id            VARCHAR(40) PRIMARY KEY,
    name          VARCHAR(200) NOT NULL,
    owner_user_id VARCHAR(40) NOT NULL,
    plan          VARCHAR(40) NOT NULL DEFAULT 'free',
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

CREATE TABLE users (
    id                     VARCHAR(40) PRIMARY KEY,
    organization_id        VARCHAR(40) NOT NULL REFERENCES organizations(id),
    email                  VARCHAR(320) NOT NULL,
    full_name              VARCHAR(200) NOT NULL DEFAULT '',
    password_hash          TEXT NOT NULL DEFAULT '',
    role                   VARCHAR(20) NOT NULL,
    is_active              BOOLEAN NOT NULL DEFAULT TRUE,
    two_factor_enabled     BOOLEAN NOT NULL DEFAULT FALSE,
    totp_secret_enc        TEXT NOT NULL DEFAULT '',
    totp_pending_secret_enc TEXT NOT NULL DEFAULT '',
    totp_last_step         BIGINT NOT NULL DEFAULT 0,
    created_at             TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_org_idx ON users (organization_id);

-- One row per issued access token, so that logout and password changes revoke tokens for every
-- API process at once.
CREATE TABLE access_tokens (
    jti             VARCHAR(40) PRIMARY KEY,
    user_id         VARCHAR(40) NOT NULL REFERENCES users(id),
    organization_id VARCHAR(40) NOT NULL,
    issued_at       TIMESTAMP NOT NULL,
    expires_at      TIMESTAMP NOT NULL,
    revoked_at      TIMESTAMP NULL
);
CREATE INDEX access_tokens_user_idx ON access_tokens (user_id);
CREATE INDEX access_tokens_expires_idx ON access_tokens (expires_at);

CREATE TABLE api_keys (
    id              VARCHAR(40) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    user_id         VARCHAR(40) NOT NULL REFERENCES users(id),
    name            VARCHAR(200) NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    key_prefix      VARCHAR(40) NOT NULL,
    key_hash        VARCHAR(100) NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    expires_at      TIMESTAMP NULL,
    last_used_at    TIMESTAMP NULL,
    revoked_at      TIMESTAMP NULL
);
CREATE UNIQUE INDEX api_keys_prefix_key ON api_keys (key_prefix);
CREATE INDEX api_keys_user_idx ON api_keys (user_id);

CREATE TABLE backup_codes (
    user_id    VARCHAR(40) NOT NULL REFERENCES users(id),
    code_hash  VARCHAR(100) NOT NULL,
    pending    BOOLEAN NOT NULL DEFAULT TRUE,
    used_at    TIMESTAMP NULL,
    PRIMARY KEY (user_id, code_hash)
);

-- The temp_token of a login that waits for its two-factor code.
CREATE TABLE login_challenges (
    token_hash VARCHAR(100) PRIMARY KEY,
    user_id    VARCHAR(40) NOT NULL REFERENCES users(id),
    expires_at TIMESTAMP NOT NULL,
    used_at    TIMESTAMP NULL
);

-- Fixed-window counters of failed logins and two-factor attempts, per account and per address,
-- shared by all API processes.
CREATE TABLE auth_failures (
    scope_key    VARCHAR(400) NOT NULL,
    window_start TIMESTAMP NOT NULL,
    failures     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (scope_key, window_start)
);

-- Transactional outbox: events and commands written in the same transaction as the state change
-- that causes them; the relay publishes them to JetStream with Nats-Msg-Id = id.
CREATE TABLE outbox (
    seq             BIGINT NOT NULL,
    id              VARCHAR(40) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    subject         VARCHAR(300) NOT NULL,
    payload         TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    published_at    TIMESTAMP NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_pending_idx ON outbox (published_at, seq);

-- +goose Down
DROP TABLE outbox;
DROP TABLE auth_failures;
DROP TABLE login_challenges;
DROP TABLE backup_codes;
DROP TABLE api_keys;
DROP TABLE access_tokens;
DROP TABLE users;
DROP TABLE organizations;
