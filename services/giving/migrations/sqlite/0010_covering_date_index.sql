-- A search page walks the date order and tests each row's donor and recipient against the
-- matched ids (tx_index::walk_the_order): with both in the date index SQLite tests them there
-- and reads the table only for the rows that match (a surname shared by 2,000 donors walks
-- about 4,600 entries for 10 rows). One-off on upgrade: about 10 s for 10,000,000 rows.
DROP INDEX transactions_created;
CREATE INDEX transactions_created ON transactions (created_at, id, donor_id, recipient_id);
