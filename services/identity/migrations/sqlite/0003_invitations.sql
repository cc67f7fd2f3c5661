-- Nonprofit-admin invitations: single-use links to set the first password, stored hashed
-- like reset tokens. A resend marks the earlier unused links used.
CREATE TABLE invitations (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX invitations_user ON invitations (user_id);
