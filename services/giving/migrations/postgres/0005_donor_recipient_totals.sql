-- The Subscribed Donor tabs sorted by Total Amount read an index of the tab's rows too.
CREATE INDEX donor_recipients_subscribed_total ON donor_recipients (recurring_cents, donor_id, recipient_id) WHERE subscriptions_count > 0;
CREATE INDEX donor_recipients_one_time_total ON donor_recipients (one_time_cents, donor_id, recipient_id) WHERE one_time_count > 0;
