//! The SQL of reports.rs: reports of posts with the post's open count and newest report
//! time, and the list of reported posts.

use crate::posts_store::{POST, POST_FROM, Post, count_reported, post};
use crate::store::{Person, columns};
use common::db::{Sql, Window, like_pattern, page_with_total};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    pub id: String,
    pub post_id: String,
    pub reporter: Person,
    pub reason: String,
    pub created_at: i64,
    pub closed_at: Option<i64>,
}

const REPORT: &str = "SELECT r.id, r.post_id, r.reporter_id, pe.name AS reporter_name, pe.avatar AS reporter_avatar, r.reason, \
     r.created_at, r.closed_at FROM reports r LEFT JOIN people pe ON pe.id = r.reporter_id";

fn report(r: &AnyRow) -> sqlx::Result<Report> {
    Ok(Report {
        id: r.try_get("id")?,
        post_id: r.try_get("post_id")?,
        reporter: Person::of(r.try_get("reporter_id")?, r.try_get("reporter_name")?, r.try_get("reporter_avatar")?),
        reason: r.try_get("reason")?,
        created_at: r.try_get("created_at")?,
        closed_at: r.try_get("closed_at")?,
    })
}

/// A new open report (unique per reporter and post: a second one fails as a unique
/// violation); the post's open count and newest report time follow.
pub async fn insert_report(c: &mut AnyConnection, r: &Report) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO reports (id, post_id, reporter_id, reason, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&r.id)
        .bind(&r.post_id)
        .bind(&r.reporter.id)
        .bind(&r.reason)
        .bind(r.created_at)
        .execute(&mut *c)
        .await?;
    let open = sqlx::query(
        "UPDATE posts SET reports_count = reports_count + 1, \
         last_reported_at = CASE WHEN last_reported_at > $1 THEN last_reported_at ELSE $1 END WHERE id = $2 RETURNING reports_count",
    )
    .bind(r.created_at)
    .bind(&r.post_id)
    .fetch_optional(&mut *c)
    .await?;
    if let Some(n) = open
        && n.try_get::<i64, _>(0)? == 1
    {
        count_reported(c, 1).await?;
    }
    Ok(())
}

/// A post's open reports, newest first, at most `limit`.
pub async fn open_reports(c: &mut AnyConnection, post_id: &str, limit: i64) -> sqlx::Result<Vec<Report>> {
    let q =
        format!("{REPORT} WHERE r.post_id = $1 AND r.closed_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT $2");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(post_id).bind(limit).fetch_all(c).await?.iter().map(report).collect()
}

/// Every report of a post (open and closed), newest first.
pub async fn reports_of(c: &mut AnyConnection, post_id: &str) -> sqlx::Result<Vec<Report>> {
    let q = format!("{REPORT} WHERE r.post_id = $1 ORDER BY r.created_at DESC, r.id DESC");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(post_id).fetch_all(c).await?.iter().map(report).collect()
}

/// Posts not deleted with open reports, newest report first; `search` in the text or the
/// community's name.
pub async fn list_reported(
    c: &mut AnyConnection,
    search: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<Post>, i64)> {
    let from = |q: &mut Sql| {
        // Open reports imply a post not deleted (a deletion closes them and zeroes the count;
        // a deleted post takes no report), so the filter is the reported index's own: SQLite's
        // planner otherwise walks every post not deleted and sorts them.
        q.push(POST_FROM).push(" WHERE p.reports_count > 0");
        if !search.is_empty() {
            let pat = like_pattern(search);
            q.push(" AND (LOWER(p.text) LIKE ")
                .push_bind(pat.clone())
                .push(" ESCAPE '\\' OR c.name_key LIKE ")
                .push_bind(pat)
                .push(" ESCAPE '\\')");
        }
    };
    // Without a search the total is kept (migration 0004): no read of every reported post. It
    // is read in the page's own statement.
    let kept = search.is_empty().then_some("SELECT n FROM post_counts WHERE kind = 'reported'");
    page_with_total(
        c,
        columns(POST),
        from,
        Window::ordered("p.last_reported_at DESC, p.id DESC", limit, offset).kept_by(kept),
        post,
    )
    .await
}
