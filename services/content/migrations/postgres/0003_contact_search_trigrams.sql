-- Substring search of contact messages (name, email or subject, matched anywhere) through a
-- trigram index: a search that matches few of a million messages reads those few instead of
-- every message. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX contact_messages_search_trigrams ON contact_messages USING gin (search_key gin_trgm_ops);
