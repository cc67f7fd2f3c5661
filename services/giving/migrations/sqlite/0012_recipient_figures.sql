-- A nonprofit admin's dashboard (issue 32): the figures of donations to one recipient, kept
-- in the same write as each change, as the platform's months and counters are (the dashboard
-- never reads the transactions). One row per recipient, month and shard (chosen by each
-- write, summed on read); every column is what the month added, so a recipient's totals are
-- the sum of all its rows (a few dozen) and its year graph the sum of that year's:
--   new_donors     donors whose first succeeded gift to the recipient falls in the month
--                  (their sum: the recipient's donors)
--   donations, amount_cents   succeeded donations dated in the month (refunds take them back)
--   subscriptions  subscriptions started in the month less those cancelled in it (their sum:
--                  the recipient's active subscriptions)
-- Each (donor, recipient) row keeps the time of its first succeeded gift (0 while it holds
-- none), which decides the month a donor counts in.
-- A previous-release replica still running during the upgrade does not keep these: run
-- `giving rebuild-rollups` once every replica runs this release (one-off on upgrade: one pass
-- over the transactions, about 10 s for 10,000,000 rows).
ALTER TABLE donor_recipients ADD COLUMN first_given_at BIGINT NOT NULL DEFAULT 0;
UPDATE donor_recipients SET first_given_at = f.first FROM
    (SELECT donor_id, recipient_id, MIN(created_at) AS first FROM transactions
     WHERE status = 'succeeded' AND donor_id <> '' GROUP BY donor_id, recipient_id) f
    WHERE donor_recipients.donor_id = f.donor_id AND donor_recipients.recipient_id = f.recipient_id;
CREATE TABLE recipient_months (
    recipient_id TEXT NOT NULL,
    year INTEGER NOT NULL,
    month INTEGER NOT NULL,
    shard INTEGER NOT NULL,
    new_donors BIGINT NOT NULL DEFAULT 0,
    donations BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    subscriptions BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (recipient_id, year, month, shard)
);
-- UTC months, as the service's calendar (giving::fees::year_month) counts them.
INSERT INTO recipient_months (recipient_id, year, month, shard, new_donors, donations, amount_cents, subscriptions)
    SELECT recipient_id, CAST(strftime('%Y', at / 1000, 'unixepoch') AS INTEGER), CAST(strftime('%m', at / 1000, 'unixepoch') AS INTEGER), 0,
        SUM(new_donors), SUM(donations), SUM(amount_cents), SUM(subscriptions)
    FROM (
        SELECT recipient_id, created_at AS at, 0 AS new_donors, 1 AS donations, amount_cents, 0 AS subscriptions
            FROM transactions WHERE status = 'succeeded'
        UNION ALL SELECT recipient_id, first_given_at, 1, 0, 0, 0 FROM donor_recipients WHERE first_given_at <> 0
        UNION ALL SELECT recipient_id, started_at, 0, 0, 0, 1 FROM subscriptions
        UNION ALL SELECT recipient_id, cancelled_at, 0, 0, 0, -1 FROM subscriptions WHERE status = 'cancelled'
    ) k
    GROUP BY 1, 2, 3;
