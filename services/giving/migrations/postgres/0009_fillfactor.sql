-- Room on each page for the rows donations update in place (PostgreSQL's HOT updates: no new
-- index entries when no indexed column changes): the per-day, per-month and counter rows every
-- donation adds to, and donors (their totals are not indexed). Applies to pages written from
-- now on; old binaries are unaffected.
ALTER TABLE counters SET (fillfactor = 50);
ALTER TABLE months SET (fillfactor = 50);
ALTER TABLE tx_days SET (fillfactor = 50);
ALTER TABLE donors SET (fillfactor = 90);
