-- A number that moves whenever a nonprofit list could change (a row added or removed, or a
-- column that decides membership, search or order changed): the catalogue keeps deep-page
-- positions and search totals per version, so it answers them without rescanning the table.
CREATE TABLE charity_list_version (
    id INTEGER PRIMARY KEY,
    v BIGINT NOT NULL
);
INSERT INTO charity_list_version (id, v) VALUES (1, 0);

CREATE FUNCTION charity_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE charity_list_version SET v = v + 1 WHERE id = 1;
    RETURN NULL;
END $$;

CREATE FUNCTION charity_list_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE (o.is_imported, o.admin_verification, o.name_key, o.ein, o.admin_approve_at, o.created_at)
                     IS DISTINCT FROM (n.is_imported, n.admin_verification, n.name_key, n.ein, n.admin_approve_at, n.created_at)) THEN
        UPDATE charity_list_version SET v = v + 1 WHERE id = 1;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER charities_list_changed_insert AFTER INSERT ON charities
    FOR EACH STATEMENT EXECUTE FUNCTION charity_list_changed();
CREATE TRIGGER charities_list_changed_delete AFTER DELETE ON charities
    FOR EACH STATEMENT EXECUTE FUNCTION charity_list_changed();
CREATE TRIGGER charities_list_changed_update AFTER UPDATE ON charities
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION charity_list_moved();
