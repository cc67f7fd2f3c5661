-- Totals kept by the service in the same write as the rows they count, so a list page without a
-- search answers its total without counting 100,000 communities or a community's 500,000 posts:
-- communities by deleted and hidden, and each community's inactive posts (its posts_count holds
-- every post not deleted, so its active ones are the difference).
CREATE TABLE community_counts (
    is_deleted INTEGER NOT NULL,
    is_hidden INTEGER NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (is_deleted, is_hidden)
);
INSERT INTO community_counts (is_deleted, is_hidden, n) VALUES (0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0);
UPDATE community_counts SET n = (SELECT COUNT(*) FROM communities c
    WHERE c.is_deleted = community_counts.is_deleted AND c.is_hidden = community_counts.is_hidden);

ALTER TABLE communities ADD COLUMN inactive_posts_count BIGINT NOT NULL DEFAULT 0;
UPDATE communities SET inactive_posts_count = (SELECT COUNT(*) FROM posts p
    WHERE p.community_id = communities.id AND p.is_deleted = 0 AND p.is_active = 0);

-- Substring search of community names through a trigram index (FTS5, trigram tokenizer), kept
-- by triggers as content's contact search (its 0004). PostgreSQL uses pg_trgm.
CREATE TABLE community_search_rows (
    fts_rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE
);
CREATE VIRTUAL TABLE community_search_trigrams USING fts5(name_key, tokenize = 'trigram');
INSERT INTO community_search_rows (id) SELECT id FROM communities;
INSERT INTO community_search_trigrams (rowid, name_key)
    SELECT r.fts_rowid, c.name_key FROM community_search_rows r JOIN communities c ON c.id = r.id;
CREATE TRIGGER community_search_insert AFTER INSERT ON communities BEGIN
    INSERT INTO community_search_rows (id) VALUES (NEW.id);
    INSERT INTO community_search_trigrams (rowid, name_key)
        VALUES ((SELECT fts_rowid FROM community_search_rows WHERE id = NEW.id), NEW.name_key);
END;
CREATE TRIGGER community_search_update AFTER UPDATE OF name_key ON communities
    WHEN OLD.name_key IS NOT NEW.name_key BEGIN
    UPDATE community_search_trigrams SET name_key = NEW.name_key
        WHERE rowid = (SELECT fts_rowid FROM community_search_rows WHERE id = NEW.id);
END;
CREATE TRIGGER community_search_delete AFTER DELETE ON communities BEGIN
    DELETE FROM community_search_trigrams WHERE rowid = (SELECT fts_rowid FROM community_search_rows WHERE id = OLD.id);
    DELETE FROM community_search_rows WHERE id = OLD.id;
END;
