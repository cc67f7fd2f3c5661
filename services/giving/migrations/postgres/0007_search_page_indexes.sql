-- SQLite widens its donor and recipient indexes in its 0007 (a search page read from the
-- indexes alone); PostgreSQL's lateral reads (tx_index::newest_per_id) need no change.
-- Kept as a step so both backends number alike.
SELECT 1;
