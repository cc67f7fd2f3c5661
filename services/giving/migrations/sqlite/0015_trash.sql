-- The trash's twins (common::trash, issue 36): a deleted donor (with its (donor, recipient)
-- rows and its badges), giving partner or badge (with its awards) waits here, with its
-- table's columns in the same order, until it is restored or purged. An award waits here
-- while its donor or its badge is in the trash. A migration that adds a column to one of
-- these tables adds it to its twin too (common::trash::twin_mismatches, tests/trash.rs).
CREATE TABLE donors_trash AS SELECT * FROM donors WHERE 0;
CREATE INDEX donors_trash_id ON donors_trash (id);
CREATE TABLE donor_recipients_trash AS SELECT * FROM donor_recipients WHERE 0;
CREATE INDEX donor_recipients_trash_donor ON donor_recipients_trash (donor_id, recipient_id);
CREATE TABLE donor_badges_trash AS SELECT * FROM donor_badges WHERE 0;
CREATE INDEX donor_badges_trash_donor ON donor_badges_trash (donor_id);
CREATE INDEX donor_badges_trash_badge ON donor_badges_trash (badge_id);
CREATE TABLE badges_trash AS SELECT * FROM badges WHERE 0;
CREATE INDEX badges_trash_id ON badges_trash (id);
CREATE TABLE partners_trash AS SELECT * FROM partners WHERE 0;
CREATE INDEX partners_trash_id ON partners_trash (id);
