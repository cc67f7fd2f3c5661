-- What the service set up once on a first start (the starting set of badges): a row per
-- step, so a later start (of any replica) never does it again, even after an admin deleted
-- what it made.
CREATE TABLE setup_marks (
    name TEXT PRIMARY KEY,
    done_at BIGINT NOT NULL
);
