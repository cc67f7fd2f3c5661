//! The terms' SQL (causes and nonprofit categories: named, describable, activatable entries),
//! one text for SQLite and PostgreSQL. Each other part keeps its SQL in its own `_store.rs`:
//! charity_store.rs, charity_list_store.rs, payment_methods_store.rs, import_store.rs and
//! figures_store.rs.

use common::db::{Backend, Sql, get_bool};
use common::paging::Paging;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// Which table a term lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Cause,
    Category,
}

impl Kind {
    pub fn table(self) -> &'static str {
        match self {
            Kind::Cause => "causes",
            Kind::Category => "charity_categories",
        }
    }
    /// The routing key of an event about a term of this kind.
    pub fn event(self, verb: Verb) -> &'static str {
        use crate::events::*;
        match (self, verb) {
            (Kind::Cause, Verb::Created) => CAUSE_CREATED,
            (Kind::Cause, Verb::Updated) => CAUSE_UPDATED,
            (Kind::Cause, Verb::StatusChanged) => CAUSE_STATUS_CHANGED,
            (Kind::Cause, Verb::Trashed) => CAUSE_TRASHED,
            (Kind::Cause, Verb::Restored) => CAUSE_RESTORED,
            (Kind::Cause, Verb::Deleted) => CAUSE_DELETED,
            (Kind::Category, Verb::Created) => CATEGORY_CREATED,
            (Kind::Category, Verb::Updated) => CATEGORY_UPDATED,
            (Kind::Category, Verb::StatusChanged) => CATEGORY_STATUS_CHANGED,
            (Kind::Category, Verb::Trashed) => CATEGORY_TRASHED,
            (Kind::Category, Verb::Restored) => CATEGORY_RESTORED,
            (Kind::Category, Verb::Deleted) => CATEGORY_DELETED,
        }
    }
    /// How people call it in messages.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Cause => "Cause",
            Kind::Category => "Category",
        }
    }
}

/// What happened to a term (its event's verb).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Created,
    Updated,
    StatusChanged,
    /// Deleted by the console: in the trash.
    Trashed,
    Restored,
    /// Deleted for good (purged).
    Deleted,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Term {
    pub id: String,
    pub name: String,
    pub description: String,
    pub is_active: bool,
    pub created_at: i64,
}

const COLUMNS: &str = "id, name, description, is_active, created_at";

fn term(r: &AnyRow) -> sqlx::Result<Term> {
    Ok(Term {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        description: r.try_get("description")?,
        is_active: get_bool(r, "is_active")?,
        created_at: r.try_get("created_at")?,
    })
}

/// The key a name is unique and searched by: trimmed, lower-cased (Unicode-aware).
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

pub async fn insert(c: &mut AnyConnection, kind: Kind, t: &Term) -> sqlx::Result<()> {
    let q = format!(
        "INSERT INTO {} (id, name, name_key, description, is_active, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
        kind.table()
    );
    sqlx::query(sqlx::AssertSqlSafe(q))
        .bind(&t.id)
        .bind(&t.name)
        .bind(name_key(&t.name))
        .bind(&t.description)
        .bind(t.is_active)
        .bind(t.created_at)
        .execute(c)
        .await?;
    Ok(())
}

pub async fn get(c: &mut AnyConnection, kind: Kind, id: &str) -> sqlx::Result<Option<Term>> {
    get_from(c, kind, false, id).await
}

/// A term, from its table or (`trashed`) from its twin in the trash.
pub async fn get_from(c: &mut AnyConnection, kind: Kind, trashed: bool, id: &str) -> sqlx::Result<Option<Term>> {
    let twin = if trashed { "_trash" } else { "" };
    let q = format!("SELECT {COLUMNS} FROM {}{twin} WHERE id = $1", kind.table());
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(term).transpose()
}

/// Answers whether the row exists.
pub async fn update(c: &mut AnyConnection, kind: Kind, id: &str, name: &str, description: &str) -> sqlx::Result<bool> {
    let q = format!(
        "UPDATE {} SET name = $1, name_key = $2, description = $3, updated_at = $4 WHERE id = $5",
        kind.table()
    );
    let r = sqlx::query(sqlx::AssertSqlSafe(q))
        .bind(name)
        .bind(name_key(name))
        .bind(description)
        .bind(common::now_ms())
        .bind(id)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn set_active(c: &mut AnyConnection, kind: Kind, id: &str, active: bool) -> sqlx::Result<bool> {
    let q = format!("UPDATE {} SET is_active = $1, updated_at = $2 WHERE id = $3", kind.table());
    let r = sqlx::query(sqlx::AssertSqlSafe(q)).bind(active).bind(common::now_ms()).bind(id).execute(c).await?;
    Ok(r.rows_affected() == 1)
}

/// Sort columns a list may use (allow-list: never interpolate input).
pub fn sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "name" => "name_key",
        "isActive" => "is_active",
        _ => return None,
    })
}

/// `FROM <table> WHERE …`: the terms of a kind whose name contains `search` (all when empty).
fn matching(q: &mut Sql, kind: Kind, search: &str) {
    q.push(" FROM ").push(kind.table()).push(" WHERE TRUE");
    if !search.is_empty() {
        q.push(" AND name_key LIKE ").push_bind(common::db::like_pattern(search)).push(" ESCAPE '\\'");
    }
}

/// One page and the total that match `search` (in the name).
pub async fn list(
    c: &mut AnyConnection,
    kind: Kind,
    search: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<Term>, i64)> {
    common::db::page_with_total(c, COLUMNS, |q| matching(q, kind, search), paging, term).await
}

/// Every term that matches `search`, in the given order, one at a time (constant memory).
pub async fn each(
    c: &mut AnyConnection,
    kind: Kind,
    search: &str,
    order_by: &'static str,
    descending: bool,
    out: &tokio::sync::mpsc::Sender<Term>,
) -> sqlx::Result<()> {
    use futures::TryStreamExt;
    let dir = if descending { "DESC" } else { "ASC" };
    let mut q = Sql::new(Backend::of_connection(c), format!("SELECT {COLUMNS}"));
    matching(&mut q, kind, search);
    q.push(&format!(" ORDER BY {order_by} {dir}, id {dir}"));
    let mut rows = q.build().fetch(c);
    while let Some(r) = rows.try_next().await? {
        if out.send(term(&r)?).await.is_err() {
            break; // the reader went away
        }
    }
    Ok(())
}

/// Every active term, by name.
pub async fn active(c: &mut AnyConnection, kind: Kind) -> sqlx::Result<Vec<Term>> {
    let q = format!("SELECT {COLUMNS} FROM {} WHERE is_active = $1 ORDER BY name_key, id", kind.table());
    let rows = sqlx::query(sqlx::AssertSqlSafe(q)).bind(true).fetch_all(c).await?;
    rows.iter().map(term).collect()
}
