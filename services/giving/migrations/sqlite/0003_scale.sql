-- Giving at scale (10,000,000 transactions, 1,000,000 donors): what the transaction list reads
-- instead of counting or skipping millions of rows.

-- Transactions per UTC day and kind, kept in the same write as each transaction (insert and
-- status change). The list's total is a sum of these (plus the partial first and last days of
-- a date filter, counted by index), and a deep page of the newest-first list starts at the
-- day that holds its first row, skipping at most one day's rows. Each count is spread over a
-- few rows (`shard`, chosen at random by each write) so that concurrent donations of the same
-- day do not queue for one row's lock; readers sum them.
CREATE TABLE tx_days (
    day BIGINT NOT NULL,
    status TEXT NOT NULL,
    type TEXT NOT NULL,
    recipient_type TEXT NOT NULL,
    shard INTEGER NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (day, status, type, recipient_type, shard)
);
INSERT INTO tx_days (day, status, type, recipient_type, shard, n)
    SELECT created_at / 86400000, status, type, recipient_type, 0, COUNT(*) FROM transactions
    GROUP BY created_at / 86400000, status, type, recipient_type;

-- Every recipient a transaction named (a few thousand): the search matches recipients here,
-- then reads their transactions by index.
CREATE TABLE recipients (
    id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    name_key TEXT NOT NULL
);
INSERT INTO recipients (id, type, name_key)
    SELECT recipient_id, MIN(recipient_type), MIN(recipient_name_key) FROM transactions GROUP BY recipient_id;

-- Substring search of donor names (a million donors) through a trigram index (FTS5, trigram
-- tokenizer), rows numbered by a table of their own and kept by triggers (as the catalogue's
-- nonprofit names). PostgreSQL uses pg_trgm.
CREATE TABLE donor_name_rows (
    fts_rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE donor_name_trigrams USING fts5(name_key, tokenize = 'trigram');
INSERT INTO donor_name_rows (id) SELECT id FROM donors;
INSERT INTO donor_name_trigrams (rowid, name_key)
    SELECT r.fts_rowid, d.name_key FROM donor_name_rows r JOIN donors d ON d.id = r.id;
CREATE TRIGGER donor_name_trigrams_insert AFTER INSERT ON donors BEGIN
    INSERT INTO donor_name_rows (id) VALUES (NEW.id);
    INSERT INTO donor_name_trigrams (rowid, name_key)
        VALUES ((SELECT fts_rowid FROM donor_name_rows WHERE id = NEW.id), NEW.name_key);
END;
CREATE TRIGGER donor_name_trigrams_update AFTER UPDATE OF name_key ON donors
    WHEN OLD.name_key IS NOT NEW.name_key BEGIN
    UPDATE donor_name_trigrams SET name_key = NEW.name_key
        WHERE rowid = (SELECT fts_rowid FROM donor_name_rows WHERE id = NEW.id);
END;
CREATE TRIGGER donor_name_trigrams_delete AFTER DELETE ON donors BEGIN
    DELETE FROM donor_name_trigrams WHERE rowid = (SELECT fts_rowid FROM donor_name_rows WHERE id = OLD.id);
    DELETE FROM donor_name_rows WHERE id = OLD.id;
END;
