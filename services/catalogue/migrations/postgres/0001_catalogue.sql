-- Catalogue: causes and nonprofit categories (same shape), events.
CREATE TABLE causes (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- name lower-cased by the service (Unicode-aware): uniqueness and search.
    name_key TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX causes_name_key ON causes (name_key);
CREATE INDEX causes_created ON causes (created_at, id);

CREATE TABLE charity_categories (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX charity_categories_name_key ON charity_categories (name_key);
CREATE INDEX charity_categories_created ON charity_categories (created_at, id);
