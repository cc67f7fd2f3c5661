-- The trash's twins (common::trash, issue 36): a deleted sub-admin's account, its grants and
-- its second factor and its saved views wait here, with their tables' columns in the same order, until the account
-- is restored or purged (its sessions and mailed links end with the delete). A migration that
-- adds a column to one of these tables adds it to its twin too (identity's tests check them).
CREATE TABLE users_trash (LIKE users INCLUDING DEFAULTS);
CREATE INDEX users_trash_id ON users_trash (id);
CREATE TABLE permissions_trash (LIKE permissions INCLUDING DEFAULTS);
CREATE INDEX permissions_trash_user ON permissions_trash (user_id);
CREATE TABLE two_factor_trash (LIKE two_factor INCLUDING DEFAULTS);
CREATE INDEX two_factor_trash_user ON two_factor_trash (user_id);
CREATE TABLE recovery_codes_trash (LIKE recovery_codes INCLUDING DEFAULTS);
CREATE INDEX recovery_codes_trash_user ON recovery_codes_trash (user_id);
CREATE TABLE saved_views_trash (LIKE saved_views INCLUDING DEFAULTS);
CREATE INDEX saved_views_trash_account ON saved_views_trash (account_id);
