-- How many posts have open reports, kept by the service in the same write as the reports and
-- deletions that change it: the reported list's page answers its total without reading every
-- reported post from the posts table.
CREATE TABLE post_counts (
    kind TEXT PRIMARY KEY,
    n BIGINT NOT NULL
);
INSERT INTO post_counts (kind, n) SELECT 'reported', COUNT(*) FROM posts WHERE reports_count > 0;
