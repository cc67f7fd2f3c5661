-- The community name search through a GiST trigram index instead of 0002's GIN: names are short,
-- and GIN read the posting lists of trigrams most names share (every 'community ...' of the
-- benchmark: 16 to 24 ms a search at 100,000 communities), where GiST's signatures of the whole
-- name find the few that match (0.7 to 1.3 ms, EXPLAIN ANALYZE on the same database).
DROP INDEX communities_name_trigrams;
CREATE INDEX communities_name_trigrams ON communities USING gist (name_key gist_trgm_ops (siglen = 64));
