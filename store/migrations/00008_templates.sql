-- Templates (saved parameterized SQL), their executions, schedules and scheduled runs.
-- Portable SQL (PostgreSQL and SQLite), like 00001.

-- +goose Up
CREATE TABLE templates (
    id                VARCHAR(40) PRIMARY KEY,
    organization_id   VARCHAR(40) NOT NULL,
    agent_id          VARCHAR(40) NOT NULL,
    name              VARCHAR(200) NOT NULL,
    description       TEXT NOT NULL DEFAULT '',
    sql_text          TEXT NOT NULL,
    parameters        TEXT NOT NULL DEFAULT '[]',   -- JSON array of parameter declarations
    example_questions TEXT NOT NULL DEFAULT '[]',   -- JSON array of strings
    created_by        VARCHAR(40) NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
CREATE INDEX templates_org_idx ON templates (organization_id, created_at);

CREATE TABLE template_executions (
    id              VARCHAR(40) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    template_id     VARCHAR(40) NOT NULL,
    template_name   VARCHAR(200) NOT NULL,
    agent_id        VARCHAR(40) NOT NULL,
    user_id         VARCHAR(40) NOT NULL DEFAULT '',     -- '' for scheduled runs
    schedule_run_id VARCHAR(60) NOT NULL DEFAULT '',
    parameters      TEXT NOT NULL DEFAULT '{}',          -- the values as given (JSON)
    status          VARCHAR(20) NOT NULL,                -- pending, running, completed, failed
    sql_text        TEXT NOT NULL DEFAULT '',
    columns_json    TEXT NOT NULL DEFAULT '',
    results_json    TEXT NOT NULL DEFAULT '',
    chart_json      TEXT NOT NULL DEFAULT '',
    row_count       INTEGER NOT NULL DEFAULT 0,
    truncated       BOOLEAN NOT NULL DEFAULT FALSE,
    execution_time  DOUBLE PRECISION NOT NULL DEFAULT 0,
    error_code      VARCHAR(60) NOT NULL DEFAULT '',
    error_message   TEXT NOT NULL DEFAULT '',
    error_details   TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    started_at      TIMESTAMP NULL,
    completed_at    TIMESTAMP NULL
);
CREATE INDEX template_executions_history_idx ON template_executions (organization_id, template_id, created_at);

CREATE TABLE template_schedules (
    id              VARCHAR(40) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    template_id     VARCHAR(40) NOT NULL,
    spec            TEXT NOT NULL,                       -- JSON {type, time, timezone, ...}
    recipients      TEXT NOT NULL,                       -- JSON array of addresses
    format          VARCHAR(10) NOT NULL,
    parameters      TEXT NOT NULL DEFAULT '{}',
    enabled         BOOLEAN NOT NULL DEFAULT TRUE,
    next_run_at     TIMESTAMP NOT NULL,
    last_run_at     TIMESTAMP NULL,
    created_by      VARCHAR(40) NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX template_schedules_template_idx ON template_schedules (organization_id, template_id);
CREATE INDEX template_schedules_due_idx ON template_schedules (enabled, next_run_at);

-- One row per schedule and due time: the unique key makes a tick run once whatever the number of
-- scheduler processes.
CREATE TABLE schedule_runs (
    id              VARCHAR(60) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    schedule_id     VARCHAR(40) NOT NULL,
    template_id     VARCHAR(40) NOT NULL,
    due_at          TIMESTAMP NOT NULL,
    execution_id    VARCHAR(40) NOT NULL,
    status          VARCHAR(20) NOT NULL,                -- pending, running, delivering, completed, failed
    deliveries      TEXT NOT NULL DEFAULT '[]',          -- JSON per-recipient outcome
    delivery_attempts INTEGER NOT NULL DEFAULT 0,
    created_at      TIMESTAMP NOT NULL,
    started_at      TIMESTAMP NULL,
    finished_at     TIMESTAMP NULL
);
CREATE UNIQUE INDEX schedule_runs_tick_key ON schedule_runs (schedule_id, due_at);
CREATE INDEX schedule_runs_history_idx ON schedule_runs (organization_id, schedule_id, due_at);

-- +goose Down
DROP TABLE schedule_runs;
DROP TABLE template_schedules;
DROP TABLE template_executions;
DROP TABLE templates;
