-- Per-organization override of the language engine (the global default comes from configuration).

-- +goose Up
ALTER TABLE organizations ADD COLUMN llm_provider VARCHAR(20) NOT NULL DEFAULT '';
ALTER TABLE organizations ADD COLUMN llm_model VARCHAR(200) NOT NULL DEFAULT '';
ALTER TABLE organizations ADD COLUMN llm_base_url VARCHAR(1000) NOT NULL DEFAULT '';
ALTER TABLE organizations ADD COLUMN llm_api_key_enc TEXT NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE organizations DROP COLUMN llm_api_key_enc;
ALTER TABLE organizations DROP COLUMN llm_base_url;
ALTER TABLE organizations DROP COLUMN llm_model;
ALTER TABLE organizations DROP COLUMN llm_provider;
