//! What the store files of the content service share: the key texts are searched and sorted
//! by, the read of a row by id, the sort columns of a list kept in an order,
//! a list's search over its keys, and the query a row's fields are bound to. Each
//! aggregate's SQL is in its `<aggregate>_store.rs` (one text for SQLite and PostgreSQL):
//! pages_store, leadership_store, faqs_store, contacts_store and media_store.

use common::db::{Sql, like_pattern};
use sqlx::AnyConnection;
use sqlx::any::AnyRow;

/// A statement with its bound values (what an aggregate's `bind_form` adds to).
pub type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// The key a text is searched and sorted by: trimmed, lower-cased (Unicode-aware).
pub fn key(text: &str) -> String {
    text.trim().to_lowercase()
}

/// Row `id` of `table` (a fixed name), its `columns` read by `row`.
pub async fn get<T>(
    c: &mut AnyConnection,
    columns: &str,
    table: &'static str,
    id: &str,
    row: fn(&AnyRow) -> sqlx::Result<T>,
) -> sqlx::Result<Option<T>> {
    let q = format!("SELECT {columns} FROM {table} WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(row).transpose()
}

/// The sort column of a list kept in an order (FAQ categories, FAQs, leadership): the order
/// (the default), the creation time, or one of the list's own `(column, key)` pairs.
pub fn ordered_column(column: &str, own: &[(&str, &'static str)]) -> Option<&'static str> {
    match column {
        "" | "order" => Some("sort_order"),
        "createdAt" => Some("created_at"),
        _ => own.iter().find(|(name, _)| *name == column).map(|(_, key)| *key),
    }
}

/// `FROM table WHERE TRUE`, and when `search` (a key) is not empty, the rows one of whose
/// `keys` contains it (`table` and `keys` are fixed names).
pub fn matching(q: &mut Sql, table: &str, keys: &[&str], search: &str) {
    q.push(" FROM ").push(table).push(" WHERE TRUE");
    if search.is_empty() {
        return;
    }
    let pattern = like_pattern(search);
    q.push(" AND (");
    for (i, k) in keys.iter().enumerate() {
        q.push(if i == 0 { "" } else { " OR " }).push(k).push(" LIKE ").push_bind(pattern.clone()).push(" ESCAPE '\\'");
    }
    q.push(")");
}
