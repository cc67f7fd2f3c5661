-- The upcoming events (ends_at >= now) in start order: the end time rides in the start-time
-- index, so the past events the walk passes are skipped inside the index instead of read from
-- the table one by one.
DROP INDEX events_starts;
CREATE INDEX events_starts ON events (is_deleted, starts_at, ends_at, id);

-- A community feed's version: raised when a post leaves or joins the feed anywhere but at its
-- newest end, which is when positions counted from its oldest post move (deep pages walk from
-- anchors kept at those positions; see the engagement store's feed_anchors).
ALTER TABLE communities ADD COLUMN feed_version BIGINT NOT NULL DEFAULT 0;
