-- SQLite keeps the contact search a LIKE over search_key (a scan of the messages); PostgreSQL
-- indexes it with pg_trgm (its 0003). Kept as a step so both backends number alike.
ANALYZE contact_messages;
