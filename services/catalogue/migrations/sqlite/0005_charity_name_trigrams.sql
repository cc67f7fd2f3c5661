-- Substring search of nonprofit names ('Search by Nonprofit Name' matches anywhere in the
-- name) through a trigram index (FTS5, trigram tokenizer): a search that matches few of a
-- million nonprofits reads those few instead of every name. PostgreSQL uses pg_trgm.
--
-- The index's rows are numbered by a table of their own (an INTEGER PRIMARY KEY, which
-- VACUUM keeps, unlike the implicit rowid of `charities`), kept by triggers.
CREATE TABLE charity_name_rows (
    fts_rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE charity_name_trigrams USING fts5(name_key, tokenize = 'trigram');

INSERT INTO charity_name_rows (id) SELECT id FROM charities;
INSERT INTO charity_name_trigrams (rowid, name_key)
    SELECT r.fts_rowid, c.name_key FROM charity_name_rows r JOIN charities c ON c.id = r.id;

CREATE TRIGGER charity_name_trigrams_insert AFTER INSERT ON charities BEGIN
    INSERT INTO charity_name_rows (id) VALUES (NEW.id);
    INSERT INTO charity_name_trigrams (rowid, name_key)
        VALUES ((SELECT fts_rowid FROM charity_name_rows WHERE id = NEW.id), NEW.name_key);
END;
CREATE TRIGGER charity_name_trigrams_update AFTER UPDATE OF name_key ON charities
    WHEN OLD.name_key IS NOT NEW.name_key BEGIN
    UPDATE charity_name_trigrams SET name_key = NEW.name_key
        WHERE rowid = (SELECT fts_rowid FROM charity_name_rows WHERE id = NEW.id);
END;
CREATE TRIGGER charity_name_trigrams_delete AFTER DELETE ON charities BEGIN
    DELETE FROM charity_name_trigrams WHERE rowid = (SELECT fts_rowid FROM charity_name_rows WHERE id = OLD.id);
    DELETE FROM charity_name_rows WHERE id = OLD.id;
END;
