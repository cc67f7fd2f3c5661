-- Donations at thousands per second: no row that every donation writes (PostgreSQL; SQLite
-- has one writer at a time anyway and keeps its receipt counter). Monthly rollups are spread
-- over a few rows per month (`shard`, chosen by each write), summed on read, as the counters
-- are (their rows 'name#k').
CREATE TABLE months_sharded (
    year INTEGER NOT NULL,
    month INTEGER NOT NULL,
    shard INTEGER NOT NULL,
    new_donors BIGINT NOT NULL DEFAULT 0,
    donations BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (year, month, shard)
);
INSERT INTO months_sharded (year, month, shard, new_donors, donations, amount_cents)
    SELECT year, month, 0, new_donors, donations, amount_cents FROM months;
DROP TABLE months;
ALTER TABLE months_sharded RENAME TO months;
