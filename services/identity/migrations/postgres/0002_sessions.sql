-- Sessions as rows: every refresh first updates its family's row, which serialises the
-- rotations of one sign-in (a reused token cannot race a rotation), and a revoked family
-- stays revoked whatever token of it comes back. The BFF asks whether a session is
-- revoked, so a signed-out session's access token stops working at once.
CREATE TABLE refresh_families (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    rotated_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX refresh_families_user ON refresh_families (user_id);

INSERT INTO refresh_families (id, user_id, created_at, rotated_at, revoked_at)
SELECT family_id, MIN(user_id), MIN(created_at), MAX(created_at), MAX(revoked_at)
FROM refresh_tokens GROUP BY family_id;

-- Throttling by growing waits (sign-in per account and per address, forgot password per
-- email and per address): each attempt is claimed in one statement that counts it and
-- sets when the next may come, so parallel attempts cannot slip past the count.
DROP TABLE login_failures;
CREATE TABLE throttle (
    throttle_key TEXT PRIMARY KEY,
    attempts BIGINT NOT NULL,
    -- The wait set by the last attempt, milliseconds (doubles, capped).
    wait_ms BIGINT NOT NULL,
    -- No attempt is taken before this time (ms since the epoch).
    allowed_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
