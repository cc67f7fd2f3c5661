-- The transactional outbox and the handled-event record of every service (common::outbox).
-- Versions from 1,000,000,000 on belong to services/common (see common::db).

CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    event_type TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    published_at BIGINT,
    attempts BIGINT NOT NULL DEFAULT 0,
    last_error TEXT
);
CREATE INDEX outbox_pending ON outbox (published_at, created_at);

CREATE TABLE processed_events (
    id TEXT NOT NULL,
    consumer TEXT NOT NULL,
    handled_at BIGINT NOT NULL,
    PRIMARY KEY (id, consumer)
);
