-- Substring search of nonprofit names ('Search by Nonprofit Name' matches anywhere in the
-- name) through a trigram index: a search that matches few of a million nonprofits reads
-- those few instead of every name. pg_trgm ships with PostgreSQL (contrib) and is a trusted
-- extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX charities_name_trigrams ON charities USING gin (name_key gin_trgm_ops);
