-- A narrow search's page (tx_index::newest_per_id) reads each matched donor's and recipient's
-- newest rows from these indexes alone (their id included), then only the page's rows from
-- the table, instead of every candidate row from the table.
DROP INDEX transactions_donor;
CREATE INDEX transactions_donor ON transactions (donor_id, created_at, id);
DROP INDEX transactions_recipient;
CREATE INDEX transactions_recipient ON transactions (recipient_id, created_at, id);
