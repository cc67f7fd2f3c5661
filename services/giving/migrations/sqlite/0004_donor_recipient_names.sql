-- The Subscribed Donor tabs at 1,000,000 donors: each (donor, recipient) row keeps its donor's
-- name key (kept when the donor is renamed), so that a tab's page in name order reads a few
-- entries of an index of that tab's rows only; each tab's row count is kept in counters
-- ('subscribed_pairs#k', 'one_time_pairs#k': spread over a few rows, summed on read).
ALTER TABLE donor_recipients ADD COLUMN donor_name_key TEXT NOT NULL DEFAULT '';
UPDATE donor_recipients SET donor_name_key = COALESCE((SELECT name_key FROM donors WHERE donors.id = donor_recipients.donor_id), '');
CREATE INDEX donor_recipients_subscribed_name ON donor_recipients (donor_name_key, donor_id, recipient_id) WHERE subscriptions_count > 0;
CREATE INDEX donor_recipients_one_time_name ON donor_recipients (donor_name_key, donor_id, recipient_id) WHERE one_time_count > 0;
INSERT INTO counters (name, value) SELECT 'subscribed_pairs#0', COUNT(*) FROM donor_recipients WHERE subscriptions_count > 0;
INSERT INTO counters (name, value) SELECT 'one_time_pairs#0', COUNT(*) FROM donor_recipients WHERE one_time_count > 0;
