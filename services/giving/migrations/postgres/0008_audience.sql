-- Chat's notification audiences (src/audience.rs): one recipient's donors, read in order.
CREATE INDEX donor_recipients_recipient ON donor_recipients (recipient_id, donor_id);
