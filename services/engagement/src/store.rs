//! What the store files of the engagement service share: the person shown as a member,
//! author or reporter (every aggregate's rows name one), list columns kept as JSON (the
//! location a community and an event keep is common::location's), a member list's
//! search, the page query with its total, and the key names are searched by. Each
//! aggregate's SQL is in its `<aggregate>_store.rs` (one text for SQLite and PostgreSQL).
//!
//! Counts (members per mode, posts, likes, comments, replies, open reports) are columns
//! changed by relative UPDATEs in the same transaction as the row they count, each only when
//! the row really changed (an INSERT ... ON CONFLICT DO NOTHING or a DELETE that touched a
//! row), so concurrent likes and joins keep them equal to the rows.

use common::db::{Backend, Sql, like_pattern};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// The account the console's admins like, comment and reply as.
pub const PLATFORM: &str = "platform";
pub const PLATFORM_NAME: &str = "Giving Platform";
/// A deleted donor's posts and comments keep this author name.
pub const DELETED_DONOR: &str = "Deleted donor";

/// A member, author or reporter as shown.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Person {
    pub id: String,
    /// "donor" or "admin".
    pub kind: String,
    pub name: String,
    pub avatar: String,
}

impl Person {
    pub fn platform() -> Self {
        Self { id: PLATFORM.into(), kind: "admin".into(), name: PLATFORM_NAME.into(), avatar: String::new() }
    }

    /// The person behind `id` with what the people table holds of it (None when absent).
    pub(crate) fn of(id: String, name: Option<String>, avatar: Option<String>) -> Self {
        if id == PLATFORM {
            Self::platform()
        } else if id.is_empty() {
            Self { id, kind: "donor".into(), name: DELETED_DONOR.into(), avatar: String::new() }
        } else {
            Self { id, kind: "donor".into(), name: name.unwrap_or_default(), avatar: avatar.unwrap_or_default() }
        }
    }
}

/// A statement whose values are bound one by one.
pub(crate) type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Narrows a member list (its people row `pe`) to `search` (lower-cased) in the member's
/// name or email; nothing when it is empty.
pub(crate) fn member_search(q: &mut Sql, search: &str) {
    if !search.is_empty() {
        let p = like_pattern(search);
        q.push(" AND (pe.name_key LIKE ")
            .push_bind(p.clone())
            .push(" ESCAPE '\\' OR LOWER(pe.email) LIKE ")
            .push_bind(p)
            .push(" ESCAPE '\\')");
    }
}

pub(crate) fn json_list(v: &[String]) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "[]".into())
}

pub(crate) fn list_of(r: &AnyRow, col: &str) -> sqlx::Result<Vec<String>> {
    let raw: String = r.try_get(col)?;
    Ok(serde_json::from_str(&raw).unwrap_or_default())
}

pub(crate) fn backend(c: &AnyConnection) -> Backend {
    Backend::of_connection(c)
}

/// The column list of a `SELECT …` text (what [`common::db::page_with_total`] selects).
pub(crate) fn columns(select: &str) -> &str {
    select.strip_prefix("SELECT ").unwrap_or(select)
}

/// The key a community is searched, sorted and kept unique by.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Whether row `id` of `table` (a fixed name, never input) is there and deleted: what the
/// trash's purge may delete for good.
pub async fn is_deleted(c: &mut AnyConnection, table: &'static str, id: &str) -> sqlx::Result<bool> {
    let q = format!("SELECT id FROM {table} WHERE id = $1 AND is_deleted = $2");
    let found: Option<String> =
        sqlx::query_scalar(sqlx::AssertSqlSafe(q)).bind(id).bind(true).fetch_optional(c).await?;
    Ok(found.is_some())
}
