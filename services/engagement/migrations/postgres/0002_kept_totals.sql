-- Totals kept by the service in the same write as the rows they count, so a list page without a
-- search answers its total without counting 100,000 communities or a community's 500,000 posts:
-- communities by deleted and hidden, and each community's inactive posts (its posts_count holds
-- every post not deleted, so its active ones are the difference).
CREATE TABLE community_counts (
    is_deleted BOOLEAN NOT NULL,
    is_hidden BOOLEAN NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (is_deleted, is_hidden)
);
INSERT INTO community_counts (is_deleted, is_hidden, n)
    SELECT d, h, (SELECT COUNT(*) FROM communities c WHERE c.is_deleted = d AND c.is_hidden = h)
    FROM (VALUES (FALSE, FALSE), (FALSE, TRUE), (TRUE, FALSE), (TRUE, TRUE)) AS v (d, h);

ALTER TABLE communities ADD COLUMN inactive_posts_count BIGINT NOT NULL DEFAULT 0;
UPDATE communities SET inactive_posts_count = (SELECT COUNT(*) FROM posts p
    WHERE p.community_id = communities.id AND NOT p.is_deleted AND NOT p.is_active);

-- Substring search of community names through a trigram index: a search that matches few of
-- 100,000 communities reads those few. pg_trgm ships with PostgreSQL and is a trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX communities_name_trigrams ON communities USING gin (name_key gin_trgm_ops);
