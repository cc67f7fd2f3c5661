-- Giving: donors (the platform's app users).
CREATE TABLE donors (
    id TEXT PRIMARY KEY,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    -- "first last" lower-cased by the service (Unicode-aware): search and sort by name.
    name_key TEXT NOT NULL,
    -- trimmed and lower-cased by the service: unique whatever its case.
    email TEXT NOT NULL,
    phone_number TEXT NOT NULL DEFAULT '',
    avatar TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    state TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    city_id TEXT NOT NULL DEFAULT '',
    state_id TEXT NOT NULL DEFAULT '',
    country_id TEXT NOT NULL DEFAULT '',
    zip_code TEXT NOT NULL DEFAULT '',
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX donors_email ON donors (email);
CREATE INDEX donors_created ON donors (created_at, id);
CREATE INDEX donors_name ON donors (name_key, id);
