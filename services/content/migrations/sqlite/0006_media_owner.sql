-- Media ownership (issue 32): a file belongs to the record that first saved it, never to
-- records found naming it in events. Until then it is its uploader's, unattached; a record
-- that stops showing it (or is deleted) releases it, unattached again. Unattached files are
-- swept after a set time, counted from the upload or the release.
ALTER TABLE media_files ADD COLUMN owner_service TEXT;
ALTER TABLE media_files ADD COLUMN owner_entity TEXT;
ALTER TABLE media_files ADD COLUMN owner_id TEXT;
ALTER TABLE media_files ADD COLUMN attached_at BIGINT;
ALTER TABLE media_files ADD COLUMN released_at BIGINT;

-- Files referenced before ownership existed belong to the first record referencing them
-- (the references were kept from events; from now on they are not written any more).
UPDATE media_files SET
    owner_service = (SELECT r.service FROM media_refs r WHERE r.file = media_files.file ORDER BY r.service, r.entity, r.entity_id LIMIT 1),
    owner_entity = (SELECT r.entity FROM media_refs r WHERE r.file = media_files.file ORDER BY r.service, r.entity, r.entity_id LIMIT 1),
    owner_id = (SELECT r.entity_id FROM media_refs r WHERE r.file = media_files.file ORDER BY r.service, r.entity, r.entity_id LIMIT 1),
    attached_at = uploaded_at
WHERE EXISTS (SELECT 1 FROM media_refs r WHERE r.file = media_files.file);

CREATE INDEX media_files_owner ON media_files (owner_service, owner_entity, owner_id);
CREATE INDEX media_files_unattached ON media_files ((COALESCE(released_at, uploaded_at))) WHERE removed_at IS NULL AND owner_id IS NULL;

-- Bytes each account uploaded in its current window of a day (the upload quota): one row an
-- uploader, updated by one statement per upload so parallel uploads cannot pass the quota.
CREATE TABLE media_usage (
    uploader_id TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    bytes BIGINT NOT NULL
);
