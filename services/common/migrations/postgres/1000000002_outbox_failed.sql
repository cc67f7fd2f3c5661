-- The outbox relay's bounded retries (common::outbox): when a row may be tried again, and
-- where a row goes after OUTBOX_MAX_ATTEMPTS failed publishes (with its last error), so it
-- never blocks the rows behind it.

ALTER TABLE outbox ADD COLUMN next_attempt_at BIGINT;

CREATE TABLE outbox_failed (
    id TEXT PRIMARY KEY,
    event_type TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL,
    last_error TEXT NOT NULL,
    failed_at BIGINT NOT NULL
);
