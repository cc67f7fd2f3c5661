//! The SQL of contacts.rs: contact messages, the kept counts of read and unread ones
//! (`contact_counts`) and the submissions per address the rate limit reads.

use crate::store::key;
use common::db::{Sql, get_bool, like_pattern};
use common::paging::Paging;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessage {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone_number: String,
    pub subject: String,
    pub message: String,
    pub created_at: i64,
    pub is_read: bool,
    pub read_by: String,
    pub read_at: i64,
}

const CONTACT: &str = "id, name, email, phone_number, subject, message, created_at, is_read, read_by, read_at";

fn contact(r: &AnyRow) -> sqlx::Result<ContactMessage> {
    Ok(ContactMessage {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        email: r.try_get("email")?,
        phone_number: r.try_get("phone_number")?,
        subject: r.try_get("subject")?,
        message: r.try_get("message")?,
        created_at: r.try_get("created_at")?,
        is_read: get_bool(r, "is_read")?,
        read_by: r.try_get("read_by")?,
        read_at: r.try_get("read_at")?,
    })
}

pub async fn insert_contact(c: &mut AnyConnection, m: &ContactMessage, address: &str) -> sqlx::Result<()> {
    let search = format!("{}\n{}\n{}", key(&m.name), key(&m.email), key(&m.subject));
    sqlx::query(
        "INSERT INTO contact_messages (id, name, email, phone_number, subject, message, search_key, name_key, email_key, subject_key, address, \
         created_at, is_read, read_by, read_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, '', 0)",
    )
    .bind(&m.id)
    .bind(&m.name)
    .bind(&m.email)
    .bind(&m.phone_number)
    .bind(&m.subject)
    .bind(&m.message)
    .bind(search)
    .bind(key(&m.name))
    .bind(key(&m.email))
    .bind(key(&m.subject))
    .bind(address)
    .bind(m.created_at)
    .bind(false)
    .execute(c)
    .await?;
    Ok(())
}

/// Holds the submissions of `address` until this write ends, so parallel submissions are
/// counted one after another (PostgreSQL: a transaction advisory lock; SQLite's write lock is
/// taken up front).
pub async fn lock_address(c: &mut AnyConnection, address: &str) -> sqlx::Result<()> {
    if common::db::Backend::of_connection(c) == common::db::Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))").bind(format!("contact:{address}")).execute(c).await?;
    }
    Ok(())
}

/// When the submissions of `address` since `since` were made, oldest first.
pub async fn submissions_since(c: &mut AnyConnection, address: &str, since: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT created_at FROM contact_messages WHERE address = $1 AND created_at > $2 ORDER BY created_at",
    )
    .bind(address)
    .bind(since)
    .fetch_all(c)
    .await
}

pub async fn get_contact(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<ContactMessage>> {
    crate::store::get(c, CONTACT, "contact_messages", id, contact).await
}

/// Marks a message read unless it is already: answers whether this call marked it.
pub async fn mark_read(c: &mut AnyConnection, id: &str, by: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE contact_messages SET is_read = $1, read_by = $2, read_at = $3 WHERE id = $4 AND is_read = $5",
    )
    .bind(true)
    .bind(by)
    .bind(at)
    .bind(id)
    .bind(false)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub fn contact_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "name" => "name_key",
        "email" => "email_key",
        "subject" => "subject_key",
        _ => return None,
    })
}

/// Counts one more message as read or unread (`by` may be negative).
pub async fn count_contacts(c: &mut AnyConnection, is_read: bool, by: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE contact_counts SET n = n + $1 WHERE is_read = $2").bind(by).bind(is_read).execute(c).await?;
    Ok(())
}

/// A page of messages. Without a search the page walks the index of its order and the total
/// comes from the kept counts (migration 0002); a search is a LIKE over the lower-cased name,
/// email and subject (no index helps a contains-search: the matches are counted).
pub async fn list_contacts(
    c: &mut AnyConnection,
    search: &str,
    is_read: Option<bool>,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<ContactMessage>, i64)> {
    let pattern = (!search.is_empty()).then(|| like_pattern(search));
    let trigrams = common::db::Backend::of_connection(c) == common::db::Backend::Sqlite
        && search.chars().count() >= 3
        && !search.contains(['%', '_', '\\']);
    let from = |q: &mut Sql| {
        q.push(" FROM contact_messages WHERE TRUE");
        if let Some(p) = &pattern {
            if trigrams {
                // SQLite's trigram index (migration 0004) answers LIKE without ESCAPE, hence
                // only for a search of 3 characters or more without a wildcard.
                q.push(" AND id IN (SELECT r.id FROM contact_search_trigrams t JOIN contact_search_rows r ON r.fts_rowid = t.rowid WHERE t.search_key LIKE ")
                    .push_bind(format!("%{search}%"))
                    .push(")");
            } else {
                q.push(" AND search_key LIKE ").push_bind(p.clone()).push(" ESCAPE '\\'");
            }
        }
        if let Some(r) = is_read {
            q.push(" AND is_read = ").push_bind(r);
        }
    };
    // Without a search the total comes from the kept counts, read in the page's statement.
    let kept = pattern.is_none().then(|| {
        let mut t = "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM contact_counts WHERE TRUE".to_string();
        if let Some(r) = is_read {
            t.push_str(if r { " AND is_read = TRUE" } else { " AND is_read = FALSE" });
        }
        t
    });
    let window = common::db::Window::from(paging).kept_by(kept).searched(pattern.is_some());
    common::db::page_with_total(c, CONTACT, from, window, contact).await
}
