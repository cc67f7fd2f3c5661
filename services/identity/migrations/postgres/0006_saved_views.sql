-- Saved views (issue 36, section 4): a list screen's search, filters, sort and page size kept
-- under a name by one account. `list` is the list's route, a module slug of
-- proto/modules.json; `query` is the list's URL query string without its page; `name_key`
-- is the name as it is compared (trimmed, lower-cased), unique per account and list, so
-- saving a name again replaces that view's query. An account's views go with the account.
-- Expand only: a new table.
CREATE TABLE saved_views (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    list TEXT NOT NULL,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    query TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX saved_views_account_list_name ON saved_views (account_id, list, name_key);
