-- Media records: every file the BFF stores (who uploaded it, when, whether it was
-- removed) and the records that use it (kept from every service's events).
CREATE TABLE media_files (
    file TEXT PRIMARY KEY,
    module TEXT NOT NULL,
    kind TEXT NOT NULL,
    size BIGINT NOT NULL,
    uploader_id TEXT NOT NULL,
    uploader_type TEXT NOT NULL,
    uploaded_at BIGINT NOT NULL,
    removed_at BIGINT
);
CREATE INDEX media_files_orphan_scan ON media_files (uploaded_at) WHERE removed_at IS NULL;

CREATE TABLE media_refs (
    file TEXT NOT NULL,
    service TEXT NOT NULL,
    entity TEXT NOT NULL,
    entity_id TEXT NOT NULL,
    PRIMARY KEY (file, service, entity, entity_id)
);
CREATE INDEX media_refs_entity ON media_refs (service, entity, entity_id);
