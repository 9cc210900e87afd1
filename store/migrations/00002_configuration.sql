-- Data sources, agents, assignments, invitations and query history (portable SQL).

-- +goose Up
CREATE TABLE data_sources (
    id                  VARCHAR(40) PRIMARY KEY,
    organization_id     VARCHAR(40) NOT NULL,
    name                VARCHAR(200) NOT NULL,
    type                VARCHAR(20) NOT NULL,
    host                VARCHAR(255) NOT NULL DEFAULT '',
    port                INTEGER NOT NULL DEFAULT 0,
    database_name       VARCHAR(255) NOT NULL DEFAULT '',
    username            VARCHAR(255) NOT NULL DEFAULT '',
    password_enc        TEXT NOT NULL DEFAULT '',
    ssl_mode            VARCHAR(20) NOT NULL DEFAULT '',
    path                VARCHAR(1024) NOT NULL DEFAULT '',
    status              VARCHAR(20) NOT NULL DEFAULT 'untested',
    last_tested_at      TIMESTAMP NULL,
    last_error          TEXT NOT NULL DEFAULT '',
    schema_json         TEXT NOT NULL DEFAULT '',
    schema_status       VARCHAR(20) NOT NULL DEFAULT 'none',
    schema_error        TEXT NOT NULL DEFAULT '',
    schema_refreshed_at TIMESTAMP NULL,
    table_count         INTEGER NOT NULL DEFAULT 0,
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL
);
CREATE INDEX data_sources_org_idx ON data_sources (organization_id);

CREATE TABLE agents (
    id                 VARCHAR(40) PRIMARY KEY,
    organization_id    VARCHAR(40) NOT NULL,
    name               VARCHAR(200) NOT NULL,
    description        TEXT NOT NULL DEFAULT '',
    agent_type         VARCHAR(50) NOT NULL,
    data_source_id     VARCHAR(40) NOT NULL DEFAULT '',
    system_prompt      TEXT NOT NULL DEFAULT '',
    allowed_tables     TEXT NOT NULL DEFAULT '[]',
    column_permissions TEXT NOT NULL DEFAULT '{}',
    is_active          BOOLEAN NOT NULL DEFAULT TRUE,
    query_timeout_seconds INTEGER NOT NULL DEFAULT 30,
    max_rows           INTEGER NOT NULL DEFAULT 10000,
    created_by         VARCHAR(40) NOT NULL DEFAULT '',
    cloned_from        VARCHAR(40) NOT NULL DEFAULT '',
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL,
    deleted_at         TIMESTAMP NULL
);
CREATE INDEX agents_org_idx ON agents (organization_id, deleted_at);

-- Assignments outlive a deleted agent (the spec keeps them).
CREATE TABLE agent_assignments (
    agent_id        VARCHAR(40) NOT NULL,
    user_id         VARCHAR(40) NOT NULL,
    organization_id VARCHAR(40) NOT NULL,
    assigned_by     VARCHAR(40) NOT NULL DEFAULT '',
    assigned_at     TIMESTAMP NOT NULL,
    PRIMARY KEY (agent_id, user_id)
);
CREATE INDEX agent_assignments_user_idx ON agent_assignments (user_id);

ALTER TABLE users ADD COLUMN invite_token_hash VARCHAR(100) NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN invite_expires_at TIMESTAMP NULL;

CREATE TABLE queries (
    id              VARCHAR(40) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    agent_id        VARCHAR(40) NOT NULL,
    user_id         VARCHAR(40) NOT NULL,
    question        TEXT NOT NULL,
    status          VARCHAR(20) NOT NULL,
    include_sql     BOOLEAN NOT NULL DEFAULT TRUE,
    include_chart   BOOLEAN NOT NULL DEFAULT TRUE,
    sql_text        TEXT NOT NULL DEFAULT '',
    columns_json    TEXT NOT NULL DEFAULT '',
    results_json    TEXT NOT NULL DEFAULT '',
    chart_json      TEXT NOT NULL DEFAULT '',
    row_count       INTEGER NOT NULL DEFAULT 0,
    truncated       BOOLEAN NOT NULL DEFAULT FALSE,
    execution_time  DOUBLE PRECISION NOT NULL DEFAULT 0,
    generation_ms   DOUBLE PRECISION NOT NULL DEFAULT 0,
    guard_ms        DOUBLE PRECISION NOT NULL DEFAULT 0,
    execution_ms    DOUBLE PRECISION NOT NULL DEFAULT 0,
    error_code      VARCHAR(50) NOT NULL DEFAULT '',
    error_message   TEXT NOT NULL DEFAULT '',
    error_details   TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    started_at      TIMESTAMP NULL,
    completed_at    TIMESTAMP NULL
);
CREATE INDEX queries_org_created_idx ON queries (organization_id, created_at);
CREATE INDEX queries_agent_idx ON queries (agent_id, created_at);

-- +goose Down
DROP TABLE queries;
ALTER TABLE users DROP COLUMN invite_expires_at;
ALTER TABLE users DROP COLUMN invite_token_hash;
DROP TABLE agent_assignments;
DROP TABLE agents;
DROP TABLE data_sources;
