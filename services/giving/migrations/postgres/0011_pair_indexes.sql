-- Every donation updates its donor-and-recipient row, and the update changes indexed
-- columns (the counts and totals the tabs filter and sort on), so each index of the table
-- takes a new entry per donation. Two indexes of 0002 served no query: (one_time_count,
-- donor_id) none at all, and (subscriptions_count, donor_id) only the subscribed tab's sort
-- by count, which this partial index serves in the query's full order and only for the
-- subscribed rows (a one-time donation's row writes nothing to it). Dropping indexes leaves
-- the previous release working (its queries name no index).
CREATE INDEX IF NOT EXISTS donor_recipients_subscribed_count ON donor_recipients (subscriptions_count, donor_id, recipient_id) WHERE subscriptions_count > 0;
DROP INDEX IF EXISTS donor_recipients_subscribed;
DROP INDEX IF EXISTS donor_recipients_one_time;
