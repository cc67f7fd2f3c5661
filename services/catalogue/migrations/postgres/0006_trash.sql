-- The trash's twins (common::trash, issue 36): a deleted nonprofit (with its payment methods),
-- cause or nonprofit category waits here, with its table's columns in the same order, until
-- it is restored or purged. A migration that adds a column to one of these tables adds it to
-- its twin too (services/catalogue/tests/trash.rs checks the twins).
CREATE TABLE charities_trash (LIKE charities INCLUDING DEFAULTS);
CREATE INDEX charities_trash_id ON charities_trash (id);
CREATE TABLE charity_payment_methods_trash (LIKE charity_payment_methods INCLUDING DEFAULTS);
CREATE INDEX charity_payment_methods_trash_charity ON charity_payment_methods_trash (charity_id);
CREATE TABLE causes_trash (LIKE causes INCLUDING DEFAULTS);
CREATE INDEX causes_trash_id ON causes_trash (id);
CREATE TABLE charity_categories_trash (LIKE charity_categories INCLUDING DEFAULTS);
CREATE INDEX charity_categories_trash_id ON charity_categories_trash (id);
