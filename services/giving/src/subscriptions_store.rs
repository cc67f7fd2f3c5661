//! The SQL of recurring subscriptions: the row as stored, starting, reading, cancelling (one or
//! every one of a donor's) and counting a charge.

use crate::recipient_months_store::{RecipientMonth, add_recipient_month};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A recurring subscription as stored.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    pub id: String,
    pub donor_id: String,
    pub recipient_type: String,
    pub recipient_id: String,
    pub recipient_name: String,
    pub amount_cents: i64,
    pub currency: String,
    pub interval: String,
    pub status: String,
    pub started_at: i64,
    pub next_charge_at: i64,
    pub charges_count: i64,
    pub cancelled_at: i64,
}

const SUB_COLUMNS: &str = "id, donor_id, recipient_type, recipient_id, recipient_name, amount_cents, currency, interval, status, \
    started_at, next_charge_at, charges_count, cancelled_at";

fn subscription(r: &AnyRow) -> sqlx::Result<Subscription> {
    Ok(Subscription {
        id: r.try_get("id")?,
        donor_id: r.try_get("donor_id")?,
        recipient_type: r.try_get("recipient_type")?,
        recipient_id: r.try_get("recipient_id")?,
        recipient_name: r.try_get("recipient_name")?,
        amount_cents: r.try_get("amount_cents")?,
        currency: r.try_get("currency")?,
        interval: r.try_get("interval")?,
        status: r.try_get("status")?,
        started_at: r.try_get("started_at")?,
        next_charge_at: r.try_get("next_charge_at")?,
        charges_count: r.try_get("charges_count")?,
        cancelled_at: r.try_get("cancelled_at")?,
    })
}

pub async fn insert_subscription(c: &mut AnyConnection, s: &Subscription) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO subscriptions (id, donor_id, recipient_type, recipient_id, recipient_name, amount_cents, currency, interval, \
         status, started_at, next_charge_at, charges_count, cancelled_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(&s.id)
    .bind(&s.donor_id)
    .bind(&s.recipient_type)
    .bind(&s.recipient_id)
    .bind(&s.recipient_name)
    .bind(s.amount_cents)
    .bind(&s.currency)
    .bind(&s.interval)
    .bind(&s.status)
    .bind(s.started_at)
    .bind(s.next_charge_at)
    .bind(s.charges_count)
    .bind(s.cancelled_at)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn get_subscription(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Subscription>> {
    let q = format!("SELECT {SUB_COLUMNS} FROM subscriptions WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(subscription).transpose()
}

pub async fn donor_subscriptions(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<Vec<Subscription>> {
    let q = format!("SELECT {SUB_COLUMNS} FROM subscriptions WHERE donor_id = $1 ORDER BY started_at DESC, id DESC");
    let rows = sqlx::query(sqlx::AssertSqlSafe(q)).bind(donor_id).fetch_all(c).await?;
    rows.iter().map(subscription).collect()
}

/// Cancels an active subscription; answers whether it was active.
pub async fn cancel_subscription(c: &mut AnyConnection, id: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE subscriptions SET status = 'cancelled', cancelled_at = $1 WHERE id = $2 AND status = 'active'",
    )
    .bind(at)
    .bind(id)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Cancels every active subscription of a donor; answers their ids, and takes each from its
/// recipient's active subscriptions (in the month of `at`).
pub async fn cancel_donor_subscriptions(c: &mut AnyConnection, donor_id: &str, at: i64) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "UPDATE subscriptions SET status = 'cancelled', cancelled_at = $1 WHERE donor_id = $2 AND status = 'active' \
         RETURNING id, recipient_id",
    )
    .bind(at)
    .bind(donor_id)
    .fetch_all(&mut *c)
    .await?;
    for (_, r) in &rows {
        add_recipient_month(
            c,
            r,
            crate::fees::year_month(at),
            RecipientMonth { subscriptions: -1, ..Default::default() },
        )
        .await?;
    }
    Ok(rows.into_iter().map(|(id, _)| id).collect())
}

/// Makes active again the subscriptions `ids` of a donor that [`cancel_donor_subscriptions`]
/// cancelled (a restored donor's): each is back in its recipient's active subscriptions, in
/// the month it left them. Answers how many (a subscription no longer cancelled, or of
/// another donor, is left alone).
pub async fn reactivate_subscriptions(c: &mut AnyConnection, donor_id: &str, ids: &[String]) -> sqlx::Result<u64> {
    let mut back = 0;
    for id in ids {
        let row: Option<(String, i64)> = sqlx::query_as(
            "SELECT recipient_id, cancelled_at FROM subscriptions WHERE id = $1 AND donor_id = $2 AND status = 'cancelled'",
        )
        .bind(id)
        .bind(donor_id)
        .fetch_optional(&mut *c)
        .await?;
        if let Some((recipient, left)) = row {
            sqlx::query("UPDATE subscriptions SET status = 'active', cancelled_at = 0 WHERE id = $1")
                .bind(id)
                .execute(&mut *c)
                .await?;
            let m = RecipientMonth { subscriptions: 1, ..Default::default() };
            add_recipient_month(c, &recipient, crate::fees::year_month(left), m).await?;
            back += 1;
        }
    }
    Ok(back)
}

pub async fn charged(c: &mut AnyConnection, id: &str, next_charge_at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE subscriptions SET charges_count = charges_count + 1, next_charge_at = $1 WHERE id = $2")
        .bind(next_charge_at)
        .bind(id)
        .execute(c)
        .await?;
    Ok(())
}
