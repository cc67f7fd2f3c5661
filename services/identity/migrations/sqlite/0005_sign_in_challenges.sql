-- Sign-in challenges (two-factor sign-in) that left a trace: each challenge token names its
-- id (the token's `sid`), and the write that starts its session records it here as spent;
-- the primary key makes that once only, so two parallel right answers to one challenge
-- cannot both start a session. A challenge that asks to set up the required factor
-- ("enrol") is recorded when it is issued, with the one-time code mailed to the account's
-- address (stored only as a keyed hash) and when that code was proven. Rows are deleted
-- once their challenge has expired (five minutes). Expand only: a new table.
CREATE TABLE sign_in_challenges (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    mail_code_hash TEXT,
    mail_code_proven_at BIGINT,
    spent_at BIGINT
);
CREATE INDEX sign_in_challenges_expiry ON sign_in_challenges (expires_at);
