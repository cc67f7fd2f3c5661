-- A search page that walks the date order (tx_index::walk_the_order) picks the page's ids
-- from this index alone: an index-only scan tests each entry's donor and recipient (INCLUDE
-- columns) and the table is read for the page's rows only (a surname shared by 2,000 donors:
-- about 4,600 entries of this index instead of 4,600 table rows a page). A second index, as
-- on SQLite: the plain list and the export keep walking the narrow transactions_created.
-- One-off on upgrade: about 10 s for 10,000,000 rows, writes to transactions waiting meanwhile.
CREATE INDEX transactions_created_search ON transactions (created_at, id) INCLUDE (donor_id, recipient_id);
-- An index-only scan reads the table anyway for the rows of pages not yet marked all-visible,
-- and the walk starts at the newest rows: vacuum after 0.2% of the table was added (20,000
-- rows of 10,000,000) instead of PostgreSQL's 20% (2,000,000), so that the newest rows are
-- marked soon. Vacuuming pages that were only added is cheap. (A surname page on 10,000,000
-- rows with the newest 60,000 not yet vacuumed: p95 58 ms at 32 concurrent; vacuumed: 48 ms.)
ALTER TABLE transactions SET (autovacuum_vacuum_insert_scale_factor = 0.002);
