//! The notifications' SQL: each record, its audience targets (the chosen ids) and the
//! members' read markers.

use crate::store::backend;
use common::db::{Sql, Window, like_pattern, page_with_total};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NamedRef {
    pub id: String,
    pub name: String,
}

/// A notification as stored and shown. The console's send (notifications.rs'
/// `NotificationInput`, this same shape) gives `title` to `reach`; the id and the time are
/// the service's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notification {
    pub id: String,
    pub title: String,
    pub message: String,
    pub audience: String,
    pub charities: Vec<NamedRef>,
    pub causes: Vec<NamedRef>,
    pub sender_id: String,
    pub sender_name: String,
    pub reach: i64,
    pub created_at: i64,
}

const NOTIFICATION_COLUMNS: &str =
    "n.id, n.title, n.message, n.audience, n.charities, n.causes, n.sender_id, n.sender_name, n.reach, n.created_at";

fn refs(r: &AnyRow, col: &str) -> sqlx::Result<Vec<NamedRef>> {
    let raw: String = r.try_get(col)?;
    Ok(serde_json::from_str(&raw).unwrap_or_default())
}

fn notification_of(r: &AnyRow) -> sqlx::Result<Notification> {
    Ok(Notification {
        id: r.try_get("id")?,
        title: r.try_get("title")?,
        message: r.try_get("message")?,
        audience: r.try_get("audience")?,
        charities: refs(r, "charities")?,
        causes: refs(r, "causes")?,
        sender_id: r.try_get("sender_id")?,
        sender_name: r.try_get("sender_name")?,
        reach: r.try_get("reach")?,
        created_at: r.try_get("created_at")?,
    })
}

pub async fn insert_notification(c: &mut AnyConnection, n: &Notification) -> sqlx::Result<()> {
    let json = |v: &[NamedRef]| serde_json::to_string(v).unwrap_or_else(|_| "[]".into());
    sqlx::query(
        "INSERT INTO notifications (id, title, title_key, message, audience, charities, causes, sender_id, sender_name, reach, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&n.id)
    .bind(&n.title)
    .bind(n.title.to_lowercase())
    .bind(&n.message)
    .bind(&n.audience)
    .bind(json(&n.charities))
    .bind(json(&n.causes))
    .bind(&n.sender_id)
    .bind(&n.sender_name)
    .bind(n.reach)
    .bind(n.created_at)
    .execute(&mut *c)
    .await?;
    for (kind, list) in [("charity", &n.charities), ("cause", &n.causes)] {
        for t in list {
            sqlx::query("INSERT INTO notification_targets (target_id, notification_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(&t.id)
                .bind(&n.id)
                .bind(kind)
                .execute(&mut *c)
                .await?;
        }
    }
    Ok(())
}

pub async fn get_notification(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Notification>> {
    let sql = format!("SELECT {NOTIFICATION_COLUMNS} FROM notifications n WHERE n.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?.map(|r| notification_of(&r)).transpose()
}

/// The console's history page: a title search (lower-cased), `order` an allow-listed
/// column with its direction.
pub async fn list_notifications(
    c: &mut AnyConnection,
    search: &str,
    column: &str,
    descending: bool,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<Notification>, i64)> {
    let from = |q: &mut Sql| {
        q.push(" FROM notifications n");
        if !search.is_empty() {
            q.push(" WHERE n.title_key LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
        }
    };
    let dir = if descending { "DESC" } else { "ASC" };
    let order = format!("n.{column} {dir}, n.id {dir}");
    page_with_total(c, NOTIFICATION_COLUMNS, from, Window::ordered(&order, limit, offset), notification_of).await
}

/// The notifications that reach a member (audience 'all', or a target among `targets`),
/// newest first, each with the member's read flag; and their number.
pub async fn member_notifications(
    c: &mut AnyConnection,
    member_id: &str,
    targets: &[String],
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<(Notification, bool)>, i64)> {
    let from = |q: &mut Sql| {
        q.push(" FROM notifications n WHERE n.audience = 'all'");
        if !targets.is_empty() {
            q.push(" OR n.id IN (SELECT t.notification_id FROM notification_targets t WHERE t.target_id IN (");
            q.push_list(targets.iter(), |q, t| {
                q.push_bind(t.clone());
            });
            q.push("))");
        }
    };
    let (page, total) = page_with_total(
        c,
        NOTIFICATION_COLUMNS,
        from,
        Window::ordered("n.created_at DESC, n.id DESC", limit, offset),
        notification_of,
    )
    .await?;
    // The member's read flags of the page, in one statement.
    let mut read = std::collections::HashSet::new();
    if !page.is_empty() {
        let mut q = Sql::new(backend(c), "SELECT notification_id FROM notification_reads WHERE member_id = ");
        q.push_bind(member_id.to_string()).push(" AND notification_id IN (");
        q.push_list(page.iter(), |q, n| {
            q.push_bind(n.id.clone());
        });
        q.push(")");
        for r in q.build().fetch_all(&mut *c).await? {
            read.insert(r.try_get::<String, _>(0)?);
        }
    }
    Ok((
        page.into_iter()
            .map(|n| {
                let seen = read.contains(&n.id);
                (n, seen)
            })
            .collect(),
        total,
    ))
}

/// Marks a notification read by a member (once); answers whether it was new.
pub async fn mark_notification_read(
    c: &mut AnyConnection,
    member_id: &str,
    notification_id: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query("INSERT INTO notification_reads (member_id, notification_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(member_id)
        .bind(notification_id)
        .bind(now)
        .execute(c)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn any_notification(c: &mut AnyConnection) -> sqlx::Result<bool> {
    Ok(sqlx::query("SELECT id FROM notifications LIMIT 1").fetch_optional(c).await?.is_some())
}
