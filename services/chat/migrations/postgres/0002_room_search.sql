-- SQLite's 0002 adds a trigram index for the user list's search; PostgreSQL has had one
-- (pg_trgm) since its 0001. Nothing to change: this keeps both numbered alike.
SELECT 1;
