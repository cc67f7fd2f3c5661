-- The trash of every service (common::trash, issue 36): one row for each deleted record
-- waiting to be restored or purged. The record's own rows wait in its tables' `_trash` twins.
CREATE TABLE trash (
    module TEXT NOT NULL,
    record_id TEXT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    deleted_at BIGINT NOT NULL,
    deleted_by_id TEXT NOT NULL,
    deleted_by_type TEXT NOT NULL,
    deleted_by_address TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (module, record_id)
);
CREATE INDEX trash_deleted ON trash (deleted_at, module, record_id);
CREATE INDEX trash_name ON trash (name_key, module, record_id);
