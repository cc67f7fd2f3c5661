-- The user list's search (a donor's name or email, matched anywhere) through a trigram index
-- (FTS5, trigram tokenizer) kept by triggers, instead of a scan of every room's key, as the
-- engagement community search and content's contact search do. PostgreSQL has had pg_trgm since
-- its 0001 (its 0002 changes nothing, so both number alike).
CREATE TABLE room_search_rows (
    fts_rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE room_search_trigrams USING fts5(search_key, tokenize = 'trigram');
INSERT INTO room_search_rows (id) SELECT id FROM rooms;
INSERT INTO room_search_trigrams (rowid, search_key)
    SELECT s.fts_rowid, r.search_key FROM room_search_rows s JOIN rooms r ON r.id = s.id;
CREATE TRIGGER room_search_insert AFTER INSERT ON rooms BEGIN
    INSERT INTO room_search_rows (id) VALUES (NEW.id);
    INSERT INTO room_search_trigrams (rowid, search_key)
        VALUES ((SELECT fts_rowid FROM room_search_rows WHERE id = NEW.id), NEW.search_key);
END;
CREATE TRIGGER room_search_update AFTER UPDATE OF search_key ON rooms
    WHEN OLD.search_key IS NOT NEW.search_key BEGIN
    UPDATE room_search_trigrams SET search_key = NEW.search_key
        WHERE rowid = (SELECT fts_rowid FROM room_search_rows WHERE id = NEW.id);
END;
CREATE TRIGGER room_search_delete AFTER DELETE ON rooms BEGIN
    DELETE FROM room_search_trigrams WHERE rowid = (SELECT fts_rowid FROM room_search_rows WHERE id = OLD.id);
    DELETE FROM room_search_rows WHERE id = OLD.id;
END;
