//! The SQL of what the trash's twins keep that moves while a record waits there (the rows
//! themselves move with common::trash): a refund of a trashed donor's transaction takes its
//! amount from the donor's kept totals and its (donor, recipient) row in the trash, so that a
//! restore brings back what a donor that never left would hold.

use crate::recipient_months_store::first_gift;
use crate::transaction::Transaction;
use common::db::Backend;
use sqlx::AnyConnection;

/// Whether donor `id` is in the trash; on PostgreSQL its row there is held until the write
/// ends (a restore running beside a refund then reads the refunded totals, or the refund finds
/// the donor restored).
pub async fn donor_in_trash(c: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    let hold = if Backend::of_connection(c) == Backend::Postgres { " FOR UPDATE" } else { "" };
    let q = format!("SELECT id FROM donors_trash WHERE id = $1{hold}");
    let found: Option<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?;
    Ok(found.is_some())
}

/// Takes refunded transaction `t` (marked refunded already) from its trashed donor's totals
/// (`months`: the months subscribed it counted for) and from its (donor, recipient) row in the
/// trash, moving the row's first-gift time as a live refund does (the recipient's months count
/// the donor again from that time when it is restored).
pub async fn refund_in_trash(c: &mut AnyConnection, t: &Transaction, months: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE donors_trash SET total_given_cents = total_given_cents - $1, donations_count = donations_count - 1, \
         months_subscribed = months_subscribed - $2 WHERE id = $3",
    )
    .bind(t.amount_cents)
    .bind(months)
    .bind(&t.donor_id)
    .execute(&mut *c)
    .await?;
    let (one_time, recurring) = if t.kind == "recurring" { (0, t.amount_cents) } else { (1, 0) };
    let after: Option<(i64, i64)> = sqlx::query_as(
        "UPDATE donor_recipients_trash SET one_time_count = one_time_count - $1, one_time_cents = one_time_cents - $2, \
         recurring_cents = recurring_cents - $3 WHERE donor_id = $4 AND recipient_id = $5 \
         RETURNING one_time_cents + recurring_cents AS given, first_given_at",
    )
    .bind(one_time)
    .bind(one_time * t.amount_cents)
    .bind(recurring)
    .bind(&t.donor_id)
    .bind(&t.recipient_id)
    .fetch_optional(&mut *c)
    .await?;
    let Some((given, first)) = after else { return Ok(()) };
    let first_after = if given == 0 {
        0
    } else if first == t.created_at {
        first_gift(c, &t.donor_id, &t.recipient_id, &t.id).await?.unwrap_or(0)
    } else {
        first
    };
    if first_after != first {
        sqlx::query("UPDATE donor_recipients_trash SET first_given_at = $1 WHERE donor_id = $2 AND recipient_id = $3")
            .bind(first_after)
            .bind(&t.donor_id)
            .bind(&t.recipient_id)
            .execute(c)
            .await?;
    }
    Ok(())
}
