-- A donor in giving's trash (issue 36, giving.donor.trashed): its copy as it was waits here
-- (people's columns in the same order, common::trash) while `people` shows it deleted, until
-- giving.donor.restored puts it back or giving.donor.deleted (the purge) drops it. A migration
-- that adds a column to people adds it here too (common::trash::twin_mismatches, tests/chat.rs).
CREATE TABLE people_trash (LIKE people INCLUDING DEFAULTS);
CREATE INDEX people_trash_id ON people_trash (id);
