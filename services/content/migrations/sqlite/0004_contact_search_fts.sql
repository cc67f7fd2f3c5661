-- Substring search of contact messages (name, email or subject, matched anywhere) through a
-- trigram index (FTS5, trigram tokenizer) instead of a scan of every message: rows numbered by
-- a table of their own (a rowid of contact_messages may change on VACUUM) and kept by
-- triggers, as giving's donor names. PostgreSQL uses pg_trgm (its 0003).
CREATE TABLE contact_search_rows (
    fts_rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE contact_search_trigrams USING fts5(search_key, tokenize = 'trigram');
INSERT INTO contact_search_rows (id) SELECT id FROM contact_messages;
INSERT INTO contact_search_trigrams (rowid, search_key)
    SELECT r.fts_rowid, m.search_key FROM contact_search_rows r JOIN contact_messages m ON m.id = r.id;
CREATE TRIGGER contact_search_insert AFTER INSERT ON contact_messages BEGIN
    INSERT INTO contact_search_rows (id) VALUES (NEW.id);
    INSERT INTO contact_search_trigrams (rowid, search_key)
        VALUES ((SELECT fts_rowid FROM contact_search_rows WHERE id = NEW.id), NEW.search_key);
END;
CREATE TRIGGER contact_search_update AFTER UPDATE OF search_key ON contact_messages
    WHEN OLD.search_key IS NOT NEW.search_key BEGIN
    UPDATE contact_search_trigrams SET search_key = NEW.search_key
        WHERE rowid = (SELECT fts_rowid FROM contact_search_rows WHERE id = NEW.id);
END;
CREATE TRIGGER contact_search_delete AFTER DELETE ON contact_messages BEGIN
    DELETE FROM contact_search_trigrams WHERE rowid = (SELECT fts_rowid FROM contact_search_rows WHERE id = OLD.id);
    DELETE FROM contact_search_rows WHERE id = OLD.id;
END;
