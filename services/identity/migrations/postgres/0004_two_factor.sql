-- Two-factor sign-in (TOTP). One row per admin account that has begun enrolling: the
-- active secret and a pending one (enrolment not yet confirmed), both sealed (see
-- totp::seal), whether it is on, and the last step a code was accepted for (a step is
-- accepted once).
CREATE TABLE two_factor (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret TEXT,
    pending_secret TEXT,
    enabled BOOLEAN NOT NULL DEFAULT FALSE,
    last_step BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- Single-use recovery codes, stored hashed like reset tokens.
CREATE TABLE recovery_codes (
    code_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

-- Platform settings the main admin sets (two_factor_required: 'true' / 'false').
CREATE TABLE platform_settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
