-- Billing: subscriptions, usage per billing period (reserved at accept time, metered from events),
-- processed-event ids for idempotent metering, rate-limit windows, add-ons, invoices and payment
-- methods (a provider token and display fields only: never the card number or the CVC).

-- +goose Up
-- The spec shows integer organization and subscription ids in billing answers. Existing
-- organizations are numbered in creation order; new ones take the next value of billing_counters.
ALTER TABLE organizations ADD COLUMN billing_id BIGINT NOT NULL DEFAULT 0;
UPDATE organizations SET billing_id = (
    SELECT COUNT(*) FROM organizations o2
    WHERE o2.created_at < organizations.created_at
       OR (o2.created_at = organizations.created_at AND o2.id <= organizations.id));
CREATE UNIQUE INDEX organizations_billing_id_idx ON organizations (billing_id);

CREATE TABLE billing_counters (
    name  VARCHAR(40) PRIMARY KEY,
    value BIGINT NOT NULL
);
INSERT INTO billing_counters (name, value) SELECT 'organizations', COALESCE(MAX(billing_id), 0) FROM organizations;
INSERT INTO billing_counters (name, value) VALUES ('subscriptions', 0);
INSERT INTO billing_counters (name, value) VALUES ('invoices', 0);

-- One subscription per organization for its lifetime; plan changes update it. Organizations that
-- exist before this migration get theirs on first use (dates need the application's calendar).
CREATE TABLE subscriptions (
    id                     BIGINT PRIMARY KEY,
    organization_id        VARCHAR(40) NOT NULL REFERENCES organizations(id),
    plan                   VARCHAR(20) NOT NULL,
    status                 VARCHAR(20) NOT NULL,
    billing_cycle          VARCHAR(20) NOT NULL,
    anchor_day             INTEGER NOT NULL,
    current_period_start   TIMESTAMP NOT NULL,
    current_period_end     TIMESTAMP NOT NULL,
    cancel_at_period_end   BOOLEAN NOT NULL DEFAULT FALSE,
    scheduled_plan         VARCHAR(20) NOT NULL DEFAULT '',
    scheduled_cycle        VARCHAR(20) NOT NULL DEFAULT '',
    -- Operator overrides (analytics org set-limits); 0 = the plan's value.
    rate_per_minute        BIGINT NOT NULL DEFAULT 0,
    rate_per_day           BIGINT NOT NULL DEFAULT 0,
    monthly_queries        BIGINT NOT NULL DEFAULT 0,
    created_at             TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL
);
CREATE UNIQUE INDEX subscriptions_org_idx ON subscriptions (organization_id);
CREATE INDEX subscriptions_period_end_idx ON subscriptions (current_period_end);

-- Usage of one organization in one billing period. queries_reserved is what enforcement counts
-- (reserved atomically when a question is accepted); queries_metered counts finished runs from
-- EVENTS, once per event id. alerts_sent is a bit set: 1 = 80 %, 2 = 90 %, 4 = 100 %.
CREATE TABLE billing_usage (
    organization_id    VARCHAR(40) NOT NULL,
    period_start       TIMESTAMP NOT NULL,
    period_end         TIMESTAMP NOT NULL,
    queries_reserved   BIGINT NOT NULL DEFAULT 0,
    queries_metered    BIGINT NOT NULL DEFAULT 0,
    templates_metered  BIGINT NOT NULL DEFAULT 0,
    failed_metered     BIGINT NOT NULL DEFAULT 0,
    extra_query_packs  BIGINT NOT NULL DEFAULT 0,
    alerts_sent        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (organization_id, period_start)
);

-- Event ids already counted by the metering worker; inserted in the same transaction as the
-- counter increments, so redelivery, replay and a second worker never count twice.
CREATE TABLE metered_events (
    event_id        VARCHAR(40) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    processed_at    TIMESTAMP NOT NULL
);
CREATE INDEX metered_events_processed_idx ON metered_events (processed_at);

-- Fixed windows per organization ('m' minute, 'd' day), incremented with one atomic upsert.
CREATE TABLE rate_limit_windows (
    organization_id VARCHAR(40) NOT NULL,
    kind            VARCHAR(1) NOT NULL,
    window_start    BIGINT NOT NULL,
    hits            BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (organization_id, kind, window_start)
);

CREATE TABLE billing_add_ons (
    organization_id VARCHAR(40) NOT NULL,
    type            VARCHAR(30) NOT NULL,
    quantity        BIGINT NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (organization_id, type)
);

CREATE TABLE invoices (
    id              VARCHAR(40) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    number          VARCHAR(40) NOT NULL,
    kind            VARCHAR(20) NOT NULL,
    period_start    TIMESTAMP NOT NULL,
    period_end      TIMESTAMP NOT NULL,
    currency        VARCHAR(3) NOT NULL,
    total_cents     BIGINT NOT NULL,
    status          VARCHAR(20) NOT NULL,
    lines           TEXT NOT NULL,
    payment_ref     VARCHAR(200) NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    paid_at         TIMESTAMP NULL
);
CREATE UNIQUE INDEX invoices_number_idx ON invoices (number);
-- A period's renewal invoice exists once, whichever process rolls the period over.
CREATE UNIQUE INDEX invoices_renewal_idx ON invoices (organization_id, kind, period_start);
CREATE INDEX invoices_org_idx ON invoices (organization_id, created_at);

CREATE TABLE payment_methods (
    id              VARCHAR(40) PRIMARY KEY,
    organization_id VARCHAR(40) NOT NULL,
    provider        VARCHAR(20) NOT NULL,
    provider_token  VARCHAR(200) NOT NULL,
    brand           VARCHAR(20) NOT NULL,
    last4           VARCHAR(4) NOT NULL,
    exp_month       INTEGER NOT NULL,
    exp_year        INTEGER NOT NULL,
    billing_address TEXT NOT NULL,
    is_default      BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      TIMESTAMP NOT NULL
);
CREATE INDEX payment_methods_org_idx ON payment_methods (organization_id, created_at);

-- +goose Down
DROP TABLE payment_methods;
DROP TABLE invoices;
DROP TABLE billing_add_ons;
DROP TABLE rate_limit_windows;
DROP TABLE metered_events;
DROP TABLE billing_usage;
DROP TABLE subscriptions;
DROP TABLE billing_counters;
DROP INDEX organizations_billing_id_idx;
ALTER TABLE organizations DROP COLUMN billing_id;
