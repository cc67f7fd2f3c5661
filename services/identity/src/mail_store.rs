//! The SQL of the mail outbox: mails queued in the write that asks for them, sent by
//! `mail`'s worker.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

#[derive(Debug, Clone)]
pub struct Mail {
    pub id: String,
    pub to_addr: String,
    pub subject: String,
    pub body: String,
}

fn mail(r: &AnyRow) -> sqlx::Result<Mail> {
    Ok(Mail {
        id: r.try_get("id")?,
        to_addr: r.try_get("to_addr")?,
        subject: r.try_get("subject")?,
        body: r.try_get("body")?,
    })
}

pub async fn insert_mail(c: &mut AnyConnection, m: &Mail) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO mail_outbox (id, to_addr, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&m.id)
        .bind(&m.to_addr)
        .bind(&m.subject)
        .bind(&m.body)
        .bind(common::now_ms())
        .execute(c)
        .await?;
    Ok(())
}

pub async fn pending_mail(c: &mut AnyConnection, limit: i64) -> sqlx::Result<Vec<Mail>> {
    let rows = sqlx::query("SELECT id, to_addr, subject, body FROM mail_outbox WHERE sent_at IS NULL AND attempts < 10 ORDER BY created_at, id LIMIT $1")
        .bind(limit)
        .fetch_all(c)
        .await?;
    rows.iter().map(mail).collect()
}

pub async fn mail_done(c: &mut AnyConnection, id: &str, error: Option<&str>) -> sqlx::Result<()> {
    let sent = if error.is_none() { Some(common::now_ms()) } else { None };
    sqlx::query("UPDATE mail_outbox SET sent_at = $1, attempts = attempts + 1, last_error = $2 WHERE id = $3")
        .bind(sent)
        .bind(error)
        .bind(id)
        .execute(c)
        .await?;
    Ok(())
}

/// Every mail ever queued, newest first (the tester's mailbox when SMTP is off).
pub async fn all_mail(c: &mut AnyConnection, to: &str) -> sqlx::Result<Vec<Mail>> {
    let rows = sqlx::query(
        "SELECT id, to_addr, subject, body FROM mail_outbox WHERE to_addr = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(to)
    .fetch_all(c)
    .await?;
    rows.iter().map(mail).collect()
}
