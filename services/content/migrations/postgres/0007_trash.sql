-- The trash's twins (common::trash, issue 36): a deleted leadership entry, FAQ, FAQ category
-- or contact message waits here, with its table's columns in the same order, until it is
-- restored or purged. A migration that adds a column to one of these tables adds it to its
-- twin too (services/content/tests/content.rs checks the twins).
CREATE TABLE leadership_trash (LIKE leadership INCLUDING DEFAULTS);
CREATE INDEX leadership_trash_id ON leadership_trash (id);
CREATE TABLE faq_categories_trash (LIKE faq_categories INCLUDING DEFAULTS);
CREATE INDEX faq_categories_trash_id ON faq_categories_trash (id);
CREATE TABLE faqs_trash (LIKE faqs INCLUDING DEFAULTS);
CREATE INDEX faqs_trash_id ON faqs_trash (id);
CREATE TABLE contact_messages_trash (LIKE contact_messages INCLUDING DEFAULTS);
CREATE INDEX contact_messages_trash_id ON contact_messages_trash (id);
