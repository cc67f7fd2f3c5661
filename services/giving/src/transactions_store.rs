//! The SQL of the transactions themselves: recording a row, reading one, refunding it, a
//! donor's newest, anonymising a deleted donor's, marking a deleted recipient's, a page of the
//! list and the export's stream (one text for SQLite and PostgreSQL).

use crate::transaction::{TX_COLUMNS, Transaction, TxFilter, transaction};
use common::db::{Backend, Sql};
use common::paging::Paging;
use futures::TryStreamExt;
use sqlx::AnyConnection;

pub async fn insert_transaction(c: &mut AnyConnection, t: &Transaction) -> sqlx::Result<()> {
    let mut q = Sql::new(Backend::of_connection(c), "");
    push_insert_transaction(&mut q, t);
    q.build().execute(c).await?;
    Ok(())
}

/// The statement of [`insert_transaction`], pushed onto `q` (also the body of a
/// data-modifying CTE: see [`crate::donor_totals_store::add_donor_figures`]).
pub fn push_insert_transaction(q: &mut Sql, t: &Transaction) {
    q.push(
        "INSERT INTO transactions (id, donor_id, donor_name, donor_name_key, donor_email, recipient_type, recipient_id, \
         recipient_name, recipient_name_key, recipient_deleted, amount_cents, currency, processing_fee_bp, service_charge_bp, \
         processing_fee_cents, service_charge_cents, net_cents, payment_method, status, type, subscription_id, receipt_number, \
         provider_reference, created_at, refunded_at) VALUES (",
    );
    q.push_bind(t.id.clone()).push(", ");
    q.push_bind(t.donor_id.clone()).push(", ");
    q.push_bind(t.donor_name.clone()).push(", ");
    q.push_bind(t.donor_name.trim().to_lowercase()).push(", ");
    q.push_bind(t.donor_email.clone()).push(", ");
    q.push_bind(t.recipient_type.clone()).push(", ");
    q.push_bind(t.recipient_id.clone()).push(", ");
    q.push_bind(t.recipient_name.clone()).push(", ");
    q.push_bind(t.recipient_name.trim().to_lowercase()).push(", ");
    q.push_bind(t.recipient_deleted).push(", ");
    q.push_bind(t.amount_cents).push(", ");
    q.push_bind(t.currency.clone()).push(", ");
    q.push_bind(t.processing_fee_bp).push(", ");
    q.push_bind(t.service_charge_bp).push(", ");
    q.push_bind(t.processing_fee_cents).push(", ");
    q.push_bind(t.service_charge_cents).push(", ");
    q.push_bind(t.net_cents).push(", ");
    q.push_bind(t.payment_method.clone()).push(", ");
    q.push_bind(t.status.clone()).push(", ");
    q.push_bind(t.kind.clone()).push(", ");
    q.push_bind(t.subscription_id.clone()).push(", ");
    q.push_bind(t.receipt_number.clone()).push(", ");
    q.push_bind(t.provider_reference.clone()).push(", ");
    q.push_bind(t.created_at).push(", ");
    q.push_bind(t.refunded_at).push(")");
}

pub async fn get_transaction(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Transaction>> {
    let q = format!("SELECT {TX_COLUMNS} FROM transactions WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(transaction).transpose()
}

pub async fn transaction_by_reference(c: &mut AnyConnection, reference: &str) -> sqlx::Result<Option<Transaction>> {
    let q = format!("SELECT {TX_COLUMNS} FROM transactions WHERE provider_reference = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(reference).fetch_optional(c).await?.as_ref().map(transaction).transpose()
}

/// Marks a succeeded transaction refunded; answers whether it was succeeded.
pub async fn set_refunded(c: &mut AnyConnection, id: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE transactions SET status = 'refunded', refunded_at = $1 WHERE id = $2 AND status = 'succeeded'",
    )
    .bind(at)
    .bind(id)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// The donor's `limit` newest transactions.
pub async fn donor_transactions(c: &mut AnyConnection, donor_id: &str, limit: i64) -> sqlx::Result<Vec<Transaction>> {
    let q =
        format!("SELECT {TX_COLUMNS} FROM transactions WHERE donor_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2");
    let rows = sqlx::query(sqlx::AssertSqlSafe(q)).bind(donor_id).bind(limit).fetch_all(c).await?;
    rows.iter().map(transaction).collect()
}

/// Anonymises a deleted donor's transactions (the rows stay).
pub async fn anonymise_transactions(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<u64> {
    let r = sqlx::query(
        "UPDATE transactions SET donor_id = '', donor_name = 'Deleted donor', donor_name_key = 'deleted donor', donor_email = '' \
         WHERE donor_id = $1",
    )
    .bind(donor_id)
    .execute(c)
    .await?;
    Ok(r.rows_affected())
}

/// Marks the transactions of a recipient deleted in its own service; answers how many changed.
pub async fn mark_recipient_deleted(c: &mut AnyConnection, recipient_id: &str, types: &[&str]) -> sqlx::Result<u64> {
    let mut q = Sql::new(Backend::of_connection(c), "UPDATE transactions SET recipient_deleted = ");
    q.push_bind(true)
        .push(" WHERE recipient_id = ")
        .push_bind(recipient_id.to_string())
        .push(" AND recipient_type IN (");
    q.push_list(types.iter().map(|t| t.to_string()), |q, t| {
        q.push_bind(t);
    });
    q.push(") AND recipient_deleted = ").push_bind(false);
    Ok(q.build().execute(c).await?.rows_affected())
}

/// One page of transactions and the total that match `f` (see [`crate::tx_index`]).
pub async fn list_transactions(
    db: &common::db::Db,
    days: &crate::tx_index::DayCache,
    f: &TxFilter,
    paging: Paging<&'static str>,
) -> sqlx::Result<crate::tx_index::TxPage> {
    crate::tx_index::list(db, days, f, paging).await
}

/// Sends every transaction that matches `f` in its order, as the database yields them (never
/// the whole set in memory); stops when the reader goes away. Orders by a number (the date,
/// the amount) read in batches that each start after the last row sent, by index: the first
/// rows go out at once whatever the set's size, where one statement would have the database
/// sort a million rows first.
pub async fn each_transaction(
    c: &mut AnyConnection,
    f: &TxFilter,
    column: &'static str,
    descending: bool,
    out: &tokio::sync::mpsc::Sender<Transaction>,
) -> sqlx::Result<()> {
    const BATCH: i64 = 2_000;
    let dir = if descending { "DESC" } else { "ASC" };
    let by_number = matches!(column, "created_at" | "amount_cents");
    let mut after: Option<(i64, String)> = None;
    loop {
        let mut q = Sql::new(Backend::of_connection(c), format!("SELECT {TX_COLUMNS}"));
        crate::tx_index::matching(&mut q, f);
        if let Some((value, id)) = &after {
            let op = if descending { "<" } else { ">" };
            // A row-value comparison: both databases read it as one index range.
            q.push(&format!(" AND ({column}, id) {op} (")).push_bind(*value).push(", ").push_bind(id.clone()).push(")");
        }
        q.push(&format!(" ORDER BY {column} {dir}, id {dir}"));
        if by_number {
            q.push(" LIMIT ").push_bind(BATCH);
        }
        let mut rows = q.build().fetch(&mut *c);
        let mut sent = 0;
        while let Some(r) = rows.try_next().await? {
            let t = transaction(&r)?;
            after = Some((if column == "created_at" { t.created_at } else { t.amount_cents }, t.id.clone()));
            sent += 1;
            if out.send(t).await.is_err() {
                return Ok(());
            }
        }
        if !by_number || sent < BATCH {
            return Ok(());
        }
    }
}

/// Transactions of any status to `recipient_id` (the `transactions_recipient` index) and its
/// active subscriptions.
pub async fn recipient_usage(c: &mut AnyConnection, recipient_id: &str) -> sqlx::Result<(i64, i64)> {
    let transactions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transactions WHERE recipient_id = $1")
        .bind(recipient_id)
        .fetch_one(&mut *c)
        .await?;
    let subscriptions: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM subscriptions WHERE recipient_id = $1 AND status = 'active'")
            .bind(recipient_id)
            .fetch_one(c)
            .await?;
    Ok((transactions, subscriptions))
}
