-- PostgreSQL adds a trigram index on nonprofit names here (pg_trgm); SQLite searches names
-- through the (is_imported, admin_verification, name_key, id) indexes, whose entries hold the
-- names, and keeps each search's positions (see the catalogue's list cache).
SELECT 1;
