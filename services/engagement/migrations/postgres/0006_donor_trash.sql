-- A donor in giving's trash (issue 36, giving.donor.trashed): its community and event
-- memberships, post and comment likes and open reports wait in these twins (the tables'
-- columns in the same order, common::trash) until giving.donor.restored moves them back or
-- giving.donor.deleted (the purge) drops them. A migration that adds a column to one of these
-- tables adds it to its twin too (common::trash::twin_mismatches, tests/engagement.rs).
CREATE TABLE community_members_trash (LIKE community_members INCLUDING DEFAULTS);
CREATE INDEX community_members_trash_donor ON community_members_trash (donor_id);
CREATE TABLE event_members_trash (LIKE event_members INCLUDING DEFAULTS);
CREATE INDEX event_members_trash_donor ON event_members_trash (donor_id);
CREATE TABLE post_likes_trash (LIKE post_likes INCLUDING DEFAULTS);
CREATE INDEX post_likes_trash_account ON post_likes_trash (account);
CREATE TABLE comment_likes_trash (LIKE comment_likes INCLUDING DEFAULTS);
CREATE INDEX comment_likes_trash_account ON comment_likes_trash (account);
CREATE TABLE reports_trash (LIKE reports INCLUDING DEFAULTS);
CREATE INDEX reports_trash_reporter ON reports_trash (reporter_id);
