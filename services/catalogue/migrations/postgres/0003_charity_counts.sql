-- How many nonprofits each list holds, kept by statement triggers, so an unfiltered list
-- page answers its total without counting a million rows.
CREATE TABLE charity_counts (
    is_imported BOOLEAN NOT NULL,
    admin_verification TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (is_imported, admin_verification)
);
INSERT INTO charity_counts (is_imported, admin_verification, n)
    SELECT is_imported, admin_verification, COUNT(*) FROM charities GROUP BY is_imported, admin_verification;

CREATE FUNCTION charity_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO charity_counts (is_imported, admin_verification, n)
        SELECT is_imported, admin_verification, COUNT(*) FROM new_rows GROUP BY is_imported, admin_verification
        ON CONFLICT (is_imported, admin_verification) DO UPDATE SET n = charity_counts.n + excluded.n;
    RETURN NULL;
END $$;

CREATE FUNCTION charity_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE charity_counts c SET n = c.n - o.k
        FROM (SELECT is_imported, admin_verification, COUNT(*) AS k FROM old_rows GROUP BY is_imported, admin_verification) o
        WHERE c.is_imported = o.is_imported AND c.admin_verification = o.admin_verification;
    RETURN NULL;
END $$;

CREATE FUNCTION charity_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE charity_counts c SET n = c.n - o.k
        FROM (SELECT is_imported, admin_verification, COUNT(*) AS k FROM old_rows GROUP BY is_imported, admin_verification) o
        WHERE c.is_imported = o.is_imported AND c.admin_verification = o.admin_verification;
    INSERT INTO charity_counts (is_imported, admin_verification, n)
        SELECT is_imported, admin_verification, COUNT(*) FROM new_rows GROUP BY is_imported, admin_verification
        ON CONFLICT (is_imported, admin_verification) DO UPDATE SET n = charity_counts.n + excluded.n;
    RETURN NULL;
END $$;

CREATE TRIGGER charities_counted_insert AFTER INSERT ON charities
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION charity_counts_add();
CREATE TRIGGER charities_counted_delete AFTER DELETE ON charities
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION charity_counts_remove();
CREATE TRIGGER charities_counted_update AFTER UPDATE ON charities
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION charity_counts_move();
