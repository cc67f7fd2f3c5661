-- A number that moves whenever a nonprofit list could change (a row added or removed, or a
-- column that decides membership, search or order changed): the catalogue keeps deep-page
-- positions and search totals per version, so it answers them without rescanning the table.
CREATE TABLE charity_list_version (
    id INTEGER PRIMARY KEY,
    v BIGINT NOT NULL
);
INSERT INTO charity_list_version (id, v) VALUES (1, 0);

CREATE TRIGGER charities_list_changed_insert AFTER INSERT ON charities BEGIN
    UPDATE charity_list_version SET v = v + 1 WHERE id = 1;
END;
CREATE TRIGGER charities_list_changed_delete AFTER DELETE ON charities BEGIN
    UPDATE charity_list_version SET v = v + 1 WHERE id = 1;
END;
CREATE TRIGGER charities_list_changed_update
    AFTER UPDATE OF is_imported, admin_verification, name_key, ein, admin_approve_at, created_at ON charities
    WHEN OLD.is_imported IS NOT NEW.is_imported OR OLD.admin_verification IS NOT NEW.admin_verification
      OR OLD.name_key IS NOT NEW.name_key OR OLD.ein IS NOT NEW.ein
      OR OLD.admin_approve_at IS NOT NEW.admin_approve_at OR OLD.created_at IS NOT NEW.created_at BEGIN
    UPDATE charity_list_version SET v = v + 1 WHERE id = 1;
END;
