-- The trash's twins (common::trash, issue 36): a deleted nonprofit (with its payment methods),
-- cause or nonprofit category waits here, with its table's columns in the same order, until
-- it is restored or purged. A migration that adds a column to one of these tables adds it to
-- its twin too (services/catalogue/tests/trash.rs checks the twins).
CREATE TABLE charities_trash AS SELECT * FROM charities WHERE 0;
CREATE INDEX charities_trash_id ON charities_trash (id);
CREATE TABLE charity_payment_methods_trash AS SELECT * FROM charity_payment_methods WHERE 0;
CREATE INDEX charity_payment_methods_trash_charity ON charity_payment_methods_trash (charity_id);
CREATE TABLE causes_trash AS SELECT * FROM causes WHERE 0;
CREATE INDEX causes_trash_id ON causes_trash (id);
CREATE TABLE charity_categories_trash AS SELECT * FROM charity_categories WHERE 0;
CREATE INDEX charity_categories_trash_id ON charity_categories_trash (id);
