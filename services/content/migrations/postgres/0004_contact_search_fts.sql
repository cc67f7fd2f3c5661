-- SQLite indexes the contact search with FTS5 in its 0004; PostgreSQL's pg_trgm index (0003)
-- already answers it. Kept as a step so both backends number alike.
SELECT 1;
