-- How many contact messages are read and unread, kept by the service in the same write as
-- each submission and each first reading: a list page without a search answers its total
-- without counting a million rows.
CREATE TABLE contact_counts (
    is_read INTEGER PRIMARY KEY,
    n BIGINT NOT NULL
);
INSERT INTO contact_counts (is_read, n) VALUES (0, 0), (1, 0);
UPDATE contact_counts SET n = (SELECT COUNT(*) FROM contact_messages m WHERE m.is_read = contact_counts.is_read);
