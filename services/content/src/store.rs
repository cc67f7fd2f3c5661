//! What the store files of the content service share: the key texts are searched and sorted
//! by, and the delete by id. Each aggregate's SQL is in its `<aggregate>_store.rs` (one text
//! for SQLite and PostgreSQL): pages_store, leadership_store, faqs_store, contacts_store and
//! media_store.

use sqlx::AnyConnection;

/// The key a text is searched and sorted by: trimmed, lower-cased (Unicode-aware).
pub fn key(text: &str) -> String {
    text.trim().to_lowercase()
}

/// Deletes row `id` of `table` (a fixed name): answers whether there was one.
pub async fn delete(c: &mut AnyConnection, table: &'static str, id: &str) -> sqlx::Result<bool> {
    let q = format!("DELETE FROM {table} WHERE id = $1");
    Ok(sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).execute(c).await?.rows_affected() == 1)
}
