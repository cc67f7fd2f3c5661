//! The SQL of saved views (`saved_views`): an account's views of one list, one view by its
//! name or id, and the writes. Every read names the account, so no statement ever reaches
//! another account's view.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A stored view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedView {
    pub id: String,
    pub account_id: String,
    /// The list's route (a module slug).
    pub list: String,
    pub name: String,
    /// The list's URL query string, without `page` and the leading `?`.
    pub query: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, account_id, list, name, query, created_at, updated_at";

fn view(row: &AnyRow) -> sqlx::Result<SavedView> {
    Ok(SavedView {
        id: row.try_get("id")?,
        account_id: row.try_get("account_id")?,
        list: row.try_get("list")?,
        name: row.try_get("name")?,
        query: row.try_get("query")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
    })
}

/// The account's views of `list`, by name (case aside), then id.
pub async fn views_of(c: &mut AnyConnection, account_id: &str, list: &str) -> sqlx::Result<Vec<SavedView>> {
    let q = format!("SELECT {COLUMNS} FROM saved_views WHERE account_id = $1 AND list = $2 ORDER BY name_key, id");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(account_id).bind(list).fetch_all(c).await?.iter().map(view).collect()
}

/// How many views the account keeps on `list`.
pub async fn count_of(c: &mut AnyConnection, account_id: &str, list: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM saved_views WHERE account_id = $1 AND list = $2")
        .bind(account_id)
        .bind(list)
        .fetch_one(c)
        .await
}

/// The account's view of `list` named `name_key` (the compared form of a name).
pub async fn by_name(
    c: &mut AnyConnection,
    account_id: &str,
    list: &str,
    name_key: &str,
) -> sqlx::Result<Option<SavedView>> {
    let q = format!("SELECT {COLUMNS} FROM saved_views WHERE account_id = $1 AND list = $2 AND name_key = $3");
    let row = sqlx::query(sqlx::AssertSqlSafe(q)).bind(account_id).bind(list).bind(name_key).fetch_optional(c).await?;
    row.as_ref().map(view).transpose()
}

/// The account's view `id` of `list` (another account's, or another list's, is none).
pub async fn by_id(c: &mut AnyConnection, account_id: &str, list: &str, id: &str) -> sqlx::Result<Option<SavedView>> {
    let q = format!("SELECT {COLUMNS} FROM saved_views WHERE id = $1 AND account_id = $2 AND list = $3");
    let row = sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).bind(account_id).bind(list).fetch_optional(c).await?;
    row.as_ref().map(view).transpose()
}

pub async fn insert(c: &mut AnyConnection, v: &SavedView, name_key: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO saved_views (id, account_id, list, name, name_key, query, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&v.id)
    .bind(&v.account_id)
    .bind(&v.list)
    .bind(&v.name)
    .bind(name_key)
    .bind(&v.query)
    .bind(v.created_at)
    .bind(v.updated_at)
    .execute(c)
    .await?;
    Ok(())
}

/// Replaces the name (its spelling) and query of the view `id`.
pub async fn replace(c: &mut AnyConnection, id: &str, name: &str, query: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE saved_views SET name = $1, query = $2, updated_at = $3 WHERE id = $4")
        .bind(name)
        .bind(query)
        .bind(now)
        .bind(id)
        .execute(c)
        .await?;
    Ok(())
}

/// Deletes the account's view `id`; answers whether there was one.
pub async fn delete(c: &mut AnyConnection, account_id: &str, id: &str) -> sqlx::Result<bool> {
    let r = sqlx::query("DELETE FROM saved_views WHERE id = $1 AND account_id = $2")
        .bind(id)
        .bind(account_id)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}
