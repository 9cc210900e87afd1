-- A command can be held back. A process that runs the questions it accepts itself (API and
-- query worker in one process) writes the run command with not_before a lease ahead, pushes the
-- lease forward while it works and deletes the row when the question is answered. If the
-- process dies, the lease runs out, the relay publishes the command and any worker runs the
-- question. Portable SQL (PostgreSQL and SQLite).

-- +goose Up
ALTER TABLE outbox ADD COLUMN not_before TIMESTAMP NULL;

-- +goose Down
ALTER TABLE outbox DROP COLUMN not_before;
