//! The SQL of pages.rs: the pages (each kind's current document) and their numbered
//! revisions.

use common::paging::Paging;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

#[derive(Debug, Clone, PartialEq)]
pub struct PageRow {
    pub id: String,
    pub page_key: String,
    pub document: String,
    pub revision: i64,
    pub updated_at: i64,
    pub updated_by: String,
}

fn page(r: &AnyRow) -> sqlx::Result<PageRow> {
    Ok(PageRow {
        id: r.try_get("id")?,
        page_key: r.try_get("page_key")?,
        document: r.try_get("document")?,
        revision: r.try_get("revision")?,
        updated_at: r.try_get("updated_at")?,
        updated_by: r.try_get("updated_by")?,
    })
}

const PAGE: &str = "SELECT id, page_key, document, revision, updated_at, updated_by FROM pages";

pub async fn page_by_key(c: &mut AnyConnection, key: &str) -> sqlx::Result<Option<PageRow>> {
    sqlx::query(sqlx::AssertSqlSafe(format!("{PAGE} WHERE page_key = $1")))
        .bind(key)
        .fetch_optional(c)
        .await?
        .as_ref()
        .map(page)
        .transpose()
}

pub async fn page_by_id(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<PageRow>> {
    sqlx::query(sqlx::AssertSqlSafe(format!("{PAGE} WHERE id = $1")))
        .bind(id)
        .fetch_optional(c)
        .await?
        .as_ref()
        .map(page)
        .transpose()
}

pub async fn set_page(c: &mut AnyConnection, p: &PageRow) -> sqlx::Result<()> {
    sqlx::query("UPDATE pages SET document = $1, revision = $2, updated_at = $3, updated_by = $4 WHERE id = $5")
        .bind(&p.document)
        .bind(p.revision)
        .bind(p.updated_at)
        .bind(&p.updated_by)
        .bind(&p.id)
        .execute(c)
        .await?;
    Ok(())
}

#[derive(Debug, Clone, PartialEq)]
pub struct RevisionRow {
    pub id: String,
    pub page_key: String,
    pub number: i64,
    pub author_id: String,
    pub created_at: i64,
    pub restored_from: Option<i64>,
    /// Empty in lists.
    pub document: String,
}

fn revision(r: &AnyRow) -> sqlx::Result<RevisionRow> {
    Ok(RevisionRow {
        id: r.try_get("id")?,
        page_key: r.try_get("page_key")?,
        number: r.try_get("number")?,
        author_id: r.try_get("author_id")?,
        created_at: r.try_get("created_at")?,
        restored_from: r.try_get("restored_from")?,
        document: r.try_get("document")?,
    })
}

pub async fn insert_revision(c: &mut AnyConnection, r: &RevisionRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO page_revisions (id, page_key, number, author_id, created_at, restored_from, document) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&r.id)
    .bind(&r.page_key)
    .bind(r.number)
    .bind(&r.author_id)
    .bind(r.created_at)
    .bind(r.restored_from)
    .bind(&r.document)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn revision_by_id(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<RevisionRow>> {
    sqlx::query(
        "SELECT id, page_key, number, author_id, created_at, restored_from, document FROM page_revisions WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(c)
    .await?
    .as_ref()
    .map(revision)
    .transpose()
}

pub fn revision_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "number" | "createdAt" => "number",
        _ => return None,
    })
}

/// A page's revisions (without documents).
pub async fn revisions(
    c: &mut AnyConnection,
    page_key: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<RevisionRow>, i64)> {
    let key = page_key.to_string();
    common::db::page_with_total(
        c,
        "id, page_key, number, author_id, created_at, restored_from, '' AS document",
        |q| {
            q.push(" FROM page_revisions WHERE page_key = ").push_bind(key.clone());
        },
        paging,
        revision,
    )
    .await
}
