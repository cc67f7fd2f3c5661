-- Giving: transactions, subscriptions, per-donor and per-recipient totals, monthly rollups,
-- counters, service-charge settings with their history, badges, and giving partners.
-- Money is BIGINT cents; percentages BIGINT basis points (2.5 % = 250); times epoch ms.

-- What a donor has given, kept with each recorded transaction (never summed on read).
ALTER TABLE donors ADD COLUMN total_given_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE donors ADD COLUMN donations_count BIGINT NOT NULL DEFAULT 0;
-- Succeeded charges of the donor's monthly subscriptions (the "months subscribed" badge rule).
ALTER TABLE donors ADD COLUMN months_subscribed BIGINT NOT NULL DEFAULT 0;

CREATE TABLE transactions (
    id TEXT PRIMARY KEY,
    -- '' once the donor is deleted (the row stays, anonymised to 'Deleted donor').
    donor_id TEXT NOT NULL,
    donor_name TEXT NOT NULL,
    -- donor_name lower-cased by the service: search and sort.
    donor_name_key TEXT NOT NULL,
    donor_email TEXT NOT NULL DEFAULT '',
    -- 'charity', 'community' or 'cause'; the name is a copy taken when recorded.
    recipient_type TEXT NOT NULL,
    recipient_id TEXT NOT NULL,
    recipient_name TEXT NOT NULL,
    recipient_name_key TEXT NOT NULL,
    -- Set when the recipient was deleted in its own service (its name stays readable).
    recipient_deleted INTEGER NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    processing_fee_bp BIGINT NOT NULL,
    service_charge_bp BIGINT NOT NULL,
    processing_fee_cents BIGINT NOT NULL,
    service_charge_cents BIGINT NOT NULL,
    net_cents BIGINT NOT NULL,
    payment_method TEXT NOT NULL,
    -- 'succeeded', 'pending', 'failed', 'refunded'
    status TEXT NOT NULL,
    -- 'one_time' or 'recurring'
    type TEXT NOT NULL,
    subscription_id TEXT NOT NULL DEFAULT '',
    receipt_number TEXT NOT NULL,
    provider_reference TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    refunded_at BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX transactions_provider_reference ON transactions (provider_reference);
CREATE UNIQUE INDEX transactions_receipt ON transactions (receipt_number);
CREATE INDEX transactions_created ON transactions (created_at, id);
CREATE INDEX transactions_donor ON transactions (donor_id, created_at);
CREATE INDEX transactions_recipient ON transactions (recipient_id, created_at);
CREATE INDEX transactions_donor_name ON transactions (donor_name_key, id);
CREATE INDEX transactions_status ON transactions (status, created_at);
CREATE INDEX transactions_type ON transactions (type, created_at);

CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY,
    donor_id TEXT NOT NULL,
    recipient_type TEXT NOT NULL,
    recipient_id TEXT NOT NULL,
    recipient_name TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    currency TEXT NOT NULL,
    -- 'monthly' or 'yearly'
    interval TEXT NOT NULL,
    -- 'active' or 'cancelled'
    status TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    next_charge_at BIGINT NOT NULL,
    charges_count BIGINT NOT NULL DEFAULT 0,
    cancelled_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX subscriptions_donor ON subscriptions (donor_id, started_at);
CREATE INDEX subscriptions_due ON subscriptions (status, next_charge_at);

-- One row per donor and recipient: the Subscribed Donor screen's two tabs.
CREATE TABLE donor_recipients (
    donor_id TEXT NOT NULL,
    recipient_id TEXT NOT NULL,
    recipient_type TEXT NOT NULL,
    recipient_name TEXT NOT NULL,
    one_time_count BIGINT NOT NULL DEFAULT 0,
    one_time_cents BIGINT NOT NULL DEFAULT 0,
    recurring_cents BIGINT NOT NULL DEFAULT 0,
    subscriptions_count BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (donor_id, recipient_id)
);
CREATE INDEX donor_recipients_one_time ON donor_recipients (one_time_count, donor_id);
CREATE INDEX donor_recipients_subscribed ON donor_recipients (subscriptions_count, donor_id);

-- Per-month rollups kept in the same transaction as each change (the dashboard never scans
-- transactions or donors).
CREATE TABLE months (
    year INTEGER NOT NULL,
    month INTEGER NOT NULL,
    new_donors BIGINT NOT NULL DEFAULT 0,
    donations BIGINT NOT NULL DEFAULT 0,
    amount_cents BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (year, month)
);

-- Running counts: 'donors', 'active_donors', 'donations', 'amount_cents',
-- 'active_subscriptions', 'approved_partners', 'pending_partners'.
CREATE TABLE counters (
    name TEXT PRIMARY KEY,
    value BIGINT NOT NULL
);
INSERT INTO counters (name, value) VALUES ('donors', 0), ('active_donors', 0), ('donations', 0), ('amount_cents', 0),
    ('active_subscriptions', 0), ('approved_partners', 0), ('pending_partners', 0);

-- The one service-charge settings record (its id is fixed: the console names it).
CREATE TABLE settings (
    id TEXT PRIMARY KEY,
    service_charge_bp BIGINT NOT NULL,
    processing_fee_bp BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    updated_by TEXT NOT NULL
);
INSERT INTO settings (id, service_charge_bp, processing_fee_bp, updated_at, updated_by)
    VALUES ('5f5b1c2d3e4f5a6b7c8d9e0f', 500, 290, 0, '');

CREATE TABLE settings_history (
    id TEXT PRIMARY KEY,
    at BIGINT NOT NULL,
    -- The account that changed it (id) and its type.
    by_id TEXT NOT NULL,
    by_type TEXT NOT NULL,
    old_service_charge_bp BIGINT NOT NULL,
    new_service_charge_bp BIGINT NOT NULL,
    old_processing_fee_bp BIGINT NOT NULL,
    new_processing_fee_bp BIGINT NOT NULL
);
CREATE INDEX settings_history_at ON settings_history (at, id);

CREATE TABLE badges (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    image TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    is_active INTEGER NOT NULL DEFAULT 1,
    -- 1 total given (threshold in cents), 2 donations, 3 months subscribed
    rule INTEGER NOT NULL,
    threshold BIGINT NOT NULL,
    awarded_count BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX badges_name ON badges (name_key, id);

CREATE TABLE donor_badges (
    donor_id TEXT NOT NULL,
    badge_id TEXT NOT NULL,
    awarded_at BIGINT NOT NULL,
    PRIMARY KEY (donor_id, badge_id)
);
CREATE INDEX donor_badges_badge ON donor_badges (badge_id);

CREATE TABLE partners (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    user_name TEXT NOT NULL,
    email_address TEXT NOT NULL,
    phone_number TEXT NOT NULL DEFAULT '',
    website TEXT NOT NULL DEFAULT '',
    logo TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    -- 'Pending', 'Approve' or 'Reject'
    admin_verification TEXT NOT NULL,
    reject_reason TEXT NOT NULL DEFAULT '',
    is_active INTEGER NOT NULL DEFAULT 1,
    applied_at BIGINT NOT NULL,
    verified_at BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX partners_email ON partners (email_address);
CREATE INDEX partners_verification ON partners (admin_verification, applied_at, id);
CREATE INDEX partners_name ON partners (name_key, id);
