-- Identity: accounts, their permissions, sessions, reset tokens, throttling, mail, events.
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    -- first name, last name and email lower-cased by the service (Unicode-aware on both
    -- backends; SQLite's LOWER folds ASCII only): what list searches match.
    search_text TEXT NOT NULL DEFAULT '',
    admin_type TEXT NOT NULL,
    charity_id TEXT,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    session_version BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_type_created ON users (admin_type, created_at);

CREATE TABLE permissions (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    slug TEXT NOT NULL,
    actions TEXT NOT NULL,
    PRIMARY KEY (user_id, slug)
);

CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    family_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    revoked_at BIGINT
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE reset_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);

CREATE TABLE login_failures (
    throttle_key TEXT PRIMARY KEY,
    failures BIGINT NOT NULL,
    window_start BIGINT NOT NULL,
    locked_until BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE mail_outbox (
    id TEXT PRIMARY KEY,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT,
    attempts BIGINT NOT NULL DEFAULT 0,
    last_error TEXT
);


-- PostgreSQL only: case-insensitive search on names and email.
CREATE INDEX users_lower_first_name ON users (LOWER(first_name), id);
CREATE INDEX users_lower_email ON users (LOWER(email), id);
