-- Nonprofits (onboarded and imported from the IRS Business Master File) and their payment methods.
CREATE TABLE charities (
    id TEXT PRIMARY KEY,
    charity_name TEXT NOT NULL,
    -- name lower-cased by the service (Unicode-aware): search and sort.
    name_key TEXT NOT NULL,
    -- nine digits (shown XX-XXXXXXX)
    ein TEXT NOT NULL,
    category_id TEXT NOT NULL DEFAULT '',
    -- JSON array of cause ids
    cause_ids TEXT NOT NULL DEFAULT '[]',
    mission TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    logo TEXT NOT NULL DEFAULT '',
    -- JSON array of file names
    images TEXT NOT NULL DEFAULT '[]',
    website TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    phone_number TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    zip_code TEXT NOT NULL DEFAULT '',
    country_id TEXT NOT NULL DEFAULT '',
    state_id TEXT NOT NULL DEFAULT '',
    city_id TEXT NOT NULL DEFAULT '',
    admin_first_name TEXT NOT NULL DEFAULT '',
    admin_last_name TEXT NOT NULL DEFAULT '',
    admin_email TEXT NOT NULL DEFAULT '',
    admin_phone TEXT NOT NULL DEFAULT '',
    admin_verification TEXT NOT NULL DEFAULT 'Pending',
    reject_reason TEXT NOT NULL DEFAULT '',
    admin_approve_at BIGINT,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    is_imported BOOLEAN NOT NULL DEFAULT FALSE,
    ntee_code TEXT NOT NULL DEFAULT '',
    -- hash of the imported fields: re-importing an unchanged row changes nothing
    import_hash TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX charities_ein ON charities (ein);
CREATE INDEX charities_by_name ON charities (is_imported, admin_verification, name_key, id);
CREATE INDEX charities_by_approved ON charities (is_imported, admin_verification, admin_approve_at, id);
CREATE INDEX charities_by_created ON charities (is_imported, admin_verification, created_at, id);

CREATE TABLE charity_payment_methods (
    id TEXT PRIMARY KEY,
    charity_id TEXT NOT NULL REFERENCES charities (id) ON DELETE CASCADE,
    method_type TEXT NOT NULL,
    bank_name TEXT NOT NULL,
    account_holder TEXT NOT NULL,
    routing_number TEXT NOT NULL,
    last4 TEXT NOT NULL,
    is_default BOOLEAN NOT NULL DEFAULT FALSE,
    position BIGINT NOT NULL
);
CREATE INDEX charity_payment_methods_charity ON charity_payment_methods (charity_id, position);
