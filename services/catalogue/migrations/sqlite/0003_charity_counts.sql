-- How many nonprofits each list holds, kept by triggers, so an unfiltered list page
-- answers its total without counting a million rows.
CREATE TABLE charity_counts (
    is_imported INTEGER NOT NULL,
    admin_verification TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (is_imported, admin_verification)
);
INSERT INTO charity_counts (is_imported, admin_verification, n)
    SELECT is_imported, admin_verification, COUNT(*) FROM charities GROUP BY is_imported, admin_verification;

CREATE TRIGGER charities_counted_insert AFTER INSERT ON charities BEGIN
    INSERT INTO charity_counts (is_imported, admin_verification, n) VALUES (NEW.is_imported, NEW.admin_verification, 1)
        ON CONFLICT (is_imported, admin_verification) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER charities_counted_delete AFTER DELETE ON charities BEGIN
    UPDATE charity_counts SET n = n - 1 WHERE is_imported = OLD.is_imported AND admin_verification = OLD.admin_verification;
END;
CREATE TRIGGER charities_counted_update AFTER UPDATE OF is_imported, admin_verification ON charities
    WHEN OLD.is_imported IS NOT NEW.is_imported OR OLD.admin_verification IS NOT NEW.admin_verification BEGIN
    UPDATE charity_counts SET n = n - 1 WHERE is_imported = OLD.is_imported AND admin_verification = OLD.admin_verification;
    INSERT INTO charity_counts (is_imported, admin_verification, n) VALUES (NEW.is_imported, NEW.admin_verification, 1)
        ON CONFLICT (is_imported, admin_verification) DO UPDATE SET n = n + 1;
END;
