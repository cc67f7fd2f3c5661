-- Content: pages with their revisions, leadership, FAQ categories and FAQs, contact messages.

-- Every page of the console, seeded (revision 0, an empty document, until its first save).
CREATE TABLE pages (
    id TEXT PRIMARY KEY,
    page_key TEXT NOT NULL UNIQUE,
    -- the page's fields as JSON (camelCase), checked and cleaned by the service
    document TEXT NOT NULL,
    revision BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL DEFAULT 0,
    -- account id of the last save ('' before the first)
    updated_by TEXT NOT NULL DEFAULT ''
);
INSERT INTO pages (id, page_key, document) VALUES
    ('000000000000000000000001', 'homepage', '{}'),
    ('000000000000000000000002', 'privacy_policy', '{"title":"Privacy Policy","content":""}'),
    ('000000000000000000000003', 'terms_condition', '{"title":"Terms & Conditions","content":""}'),
    ('000000000000000000000004', 'about_us', '{}'),
    ('000000000000000000000005', 'giving_partner', '{}');

-- Every save of a page: numbered 1, 2, 3... per page (the unique key keeps numbers distinct).
CREATE TABLE page_revisions (
    id TEXT PRIMARY KEY,
    page_key TEXT NOT NULL,
    number BIGINT NOT NULL,
    author_id TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    restored_from BIGINT,
    document TEXT NOT NULL
);
CREATE UNIQUE INDEX page_revisions_number ON page_revisions (page_key, number);

CREATE TABLE leadership (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- lower-cased by the service: search and sort
    name_key TEXT NOT NULL,
    title TEXT NOT NULL,
    title_key TEXT NOT NULL,
    photo TEXT NOT NULL DEFAULT '',
    biography TEXT NOT NULL DEFAULT '',
    sort_order BIGINT NOT NULL DEFAULT 0,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX leadership_order ON leadership (sort_order, id);

CREATE TABLE faq_categories (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    sort_order BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX faq_categories_name_key ON faq_categories (name_key);
CREATE INDEX faq_categories_order ON faq_categories (sort_order, id);

CREATE TABLE faqs (
    id TEXT PRIMARY KEY,
    category_id TEXT NOT NULL REFERENCES faq_categories (id),
    question TEXT NOT NULL,
    question_key TEXT NOT NULL,
    answer TEXT NOT NULL,
    sort_order BIGINT NOT NULL DEFAULT 0,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX faqs_category ON faqs (category_id, sort_order, id);
CREATE INDEX faqs_order ON faqs (sort_order, id);

-- Contact-us submissions (up to millions): listed newest first, filtered by is_read,
-- searched in name, email and subject (lower-cased copies: LIKE over the page's order index).
CREATE TABLE contact_messages (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone_number TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    -- name, email and subject lower-cased and joined (search)
    search_key TEXT NOT NULL,
    name_key TEXT NOT NULL,
    email_key TEXT NOT NULL,
    subject_key TEXT NOT NULL,
    -- the submitter's address (throttle)
    address TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    is_read BOOLEAN NOT NULL DEFAULT FALSE,
    read_by TEXT NOT NULL DEFAULT '',
    read_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC, id DESC);
CREATE INDEX contact_messages_read ON contact_messages (is_read, created_at DESC, id DESC);
CREATE INDEX contact_messages_address ON contact_messages (address, created_at);
CREATE INDEX contact_messages_name ON contact_messages (name_key, id);
CREATE INDEX contact_messages_email ON contact_messages (email_key, id);
CREATE INDEX contact_messages_subject ON contact_messages (subject_key, id);
