//! Every SQL statement of the giving service's money side: transactions, subscriptions, donor
//! and recipient totals, monthly rollups, counters, settings, badges (one text for SQLite and
//! PostgreSQL; upserts are `INSERT … ON CONFLICT … DO UPDATE`, which both understand).

use common::db::{Backend, Sql, get_bool, like_pattern};
use common::paging::Paging;
use futures::TryStreamExt;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A transaction as stored.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Transaction {
    pub id: String,
    pub donor_id: String,
    pub donor_name: String,
    pub donor_email: String,
    pub recipient_type: String,
    pub recipient_id: String,
    pub recipient_name: String,
    pub recipient_deleted: bool,
    pub amount_cents: i64,
    pub currency: String,
    pub processing_fee_bp: i64,
    pub service_charge_bp: i64,
    pub processing_fee_cents: i64,
    pub service_charge_cents: i64,
    pub net_cents: i64,
    pub payment_method: String,
    pub status: String,
    pub kind: String,
    pub subscription_id: String,
    pub receipt_number: String,
    pub provider_reference: String,
    pub created_at: i64,
    pub refunded_at: i64,
}

pub(crate) const TX_COLUMNS: &str = "id, donor_id, donor_name, donor_email, recipient_type, recipient_id, recipient_name, \
    recipient_deleted, amount_cents, currency, processing_fee_bp, service_charge_bp, processing_fee_cents, \
    service_charge_cents, net_cents, payment_method, status, type, subscription_id, receipt_number, \
    provider_reference, created_at, refunded_at";

pub(crate) fn transaction(r: &AnyRow) -> sqlx::Result<Transaction> {
    Ok(Transaction {
        id: r.try_get("id")?,
        donor_id: r.try_get("donor_id")?,
        donor_name: r.try_get("donor_name")?,
        donor_email: r.try_get("donor_email")?,
        recipient_type: r.try_get("recipient_type")?,
        recipient_id: r.try_get("recipient_id")?,
        recipient_name: r.try_get("recipient_name")?,
        recipient_deleted: get_bool(r, "recipient_deleted")?,
        amount_cents: r.try_get("amount_cents")?,
        currency: r.try_get("currency")?,
        processing_fee_bp: r.try_get("processing_fee_bp")?,
        service_charge_bp: r.try_get("service_charge_bp")?,
        processing_fee_cents: r.try_get("processing_fee_cents")?,
        service_charge_cents: r.try_get("service_charge_cents")?,
        net_cents: r.try_get("net_cents")?,
        payment_method: r.try_get("payment_method")?,
        status: r.try_get("status")?,
        kind: r.try_get("type")?,
        subscription_id: r.try_get("subscription_id")?,
        receipt_number: r.try_get("receipt_number")?,
        provider_reference: r.try_get("provider_reference")?,
        created_at: r.try_get("created_at")?,
        refunded_at: r.try_get("refunded_at")?,
    })
}

pub async fn insert_transaction(c: &mut AnyConnection, t: &Transaction) -> sqlx::Result<()> {
    let mut q = Sql::new(Backend::of_connection(c), "");
    push_insert_transaction(&mut q, t);
    q.build().execute(c).await?;
    Ok(())
}

/// The statement of [`insert_transaction`], pushed onto `q` (also the body of a
/// data-modifying CTE: see [`add_donor_figures`]).
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
/// The name a deleted donor's transactions keep.
pub const DELETED_DONOR: &str = "Deleted donor";

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

/// What a transaction list filters by (search lower-cased; empty or 0 means any).
#[derive(Debug, Clone, Default)]
pub struct TxFilter {
    pub search: String,
    pub from: i64,
    pub to: i64,
    pub status: String,
    pub kind: String,
    pub recipient_type: String,
    pub recipient_id: String,
    pub donor_id: String,
}

/// Sort columns of the transaction list (allow-list).
pub fn tx_sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "amountCents" | "amount" => "amount_cents",
        "donorName" => "donor_name_key",
        "recipientName" => "recipient_name_key",
        "status" => "status",
        _ => return None,
    })
}

/// One page of transactions and the total that match `f` (see [`crate::tx_index`]).
pub async fn list_transactions(
    c: &mut AnyConnection,
    days: &crate::tx_index::DayCache,
    f: &TxFilter,
    paging: Paging<&'static str>,
) -> sqlx::Result<crate::tx_index::TxPage> {
    crate::tx_index::list(c, days, f, paging).await
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

// ---- counters, rollups, donor totals ----

/// Rows a counter or a month's rollup is spread over: concurrent writes take different rows'
/// locks (a donation then never waits for another's commit), readers sum them.
pub const SHARDS: u64 = 32;

/// The shard this write adds to (writes take turns).
fn shard() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % SHARDS
}

/// Adds to a counter: to one of its rows 'name#k' (made on first use).
pub async fn add_counter(c: &mut AnyConnection, name: &str, delta: i64) -> sqlx::Result<()> {
    add_counters(c, &[(name, delta)]).await
}

/// Adds to several counters (distinct names) in one statement, each in this writer's shard.
pub async fn add_counters(c: &mut AnyConnection, deltas: &[(&str, i64)]) -> sqlx::Result<()> {
    let deltas: Vec<_> = deltas.iter().filter(|(_, d)| *d != 0).collect();
    if deltas.is_empty() {
        return Ok(());
    }
    let shard = shard();
    let mut q = Sql::new(Backend::of_connection(c), "INSERT INTO counters (name, value) VALUES ");
    for (i, (name, delta)) in deltas.iter().enumerate() {
        q.push(if i > 0 { ", (" } else { "(" })
            .push_bind(format!("{name}#{shard}"))
            .push(", ")
            .push_bind(*delta)
            .push(")");
    }
    q.push(" ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value");
    q.build().execute(c).await?;
    Ok(())
}

/// What one write adds to the kept rollups: a day count (`tx_index::count_day`), a month
/// (`add_month`) and counters (`add_counters`). On PostgreSQL one statement (data-modifying
/// CTEs); on SQLite one statement each.
pub struct KeptDeltas<'a> {
    pub day: Option<(&'a Transaction, &'a str, i64)>,
    pub month: Option<((i32, i32), i64, i64, i64)>,
    pub counters: &'a [(&'a str, i64)],
}

pub async fn add_kept(c: &mut AnyConnection, k: KeptDeltas<'_>) -> sqlx::Result<()> {
    if Backend::of_connection(c) == Backend::Sqlite {
        return add_kept_one_by_one(c, &k).await;
    }
    let mut q = Sql::new(Backend::Postgres, "WITH ");
    if !push_kept(&mut q, &k, false) {
        return Ok(());
    }
    q.push(" SELECT 1");
    q.build().execute(c).await?;
    Ok(())
}

/// SQLite's [`add_kept`]: a statement each.
async fn add_kept_one_by_one(c: &mut AnyConnection, k: &KeptDeltas<'_>) -> sqlx::Result<()> {
    if let Some((t, status, delta)) = k.day {
        crate::tx_index::count_day(c, t, status, delta).await?;
    }
    if let Some((ym, new_donors, donations, amount)) = k.month {
        add_month(c, ym, new_donors, donations, amount).await?;
    }
    add_counters(c, k.counters).await
}

/// Pushes `k`'s changes as data-modifying CTEs (PostgreSQL) after `WITH ` (and after other
/// CTEs when `more`); answers whether it pushed any.
fn push_kept(q: &mut Sql, k: &KeptDeltas<'_>, mut more: bool) -> bool {
    let mut cte = |q: &mut Sql, name: &str| {
        q.push(if more { ", " } else { "" }).push(name).push(" AS (");
        more = true;
    };
    let mut pushed = false;
    if let Some((t, status, delta)) = k.day {
        cte(q, "kept_day");
        crate::tx_index::push_count_day(q, t, status, delta);
        q.push(")");
        pushed = true;
    }
    if let Some(((year, month), new_donors, donations, amount)) = k.month {
        cte(q, "kept_month");
        q.push("INSERT INTO months (year, month, shard, new_donors, donations, amount_cents) VALUES (")
            .push_bind(year)
            .push(", ")
            .push_bind(month)
            .push(", ")
            .push_bind(shard() as i64)
            .push(", ")
            .push_bind(new_donors)
            .push(", ")
            .push_bind(donations)
            .push(", ")
            .push_bind(amount)
            .push(
                ") ON CONFLICT (year, month, shard) DO UPDATE SET new_donors = months.new_donors + excluded.new_donors, \
                 donations = months.donations + excluded.donations, amount_cents = months.amount_cents + excluded.amount_cents)",
            );
        pushed = true;
    }
    let counters: Vec<_> = k.counters.iter().filter(|(_, d)| *d != 0).collect();
    if !counters.is_empty() {
        pushed = true;
        let shard = shard();
        cte(q, "kept_counters");
        q.push("INSERT INTO counters (name, value) VALUES ");
        for (i, (name, delta)) in counters.iter().enumerate() {
            q.push(if i > 0 { ", (" } else { "(" })
                .push_bind(format!("{name}#{shard}"))
                .push(", ")
                .push_bind(*delta)
                .push(")");
        }
        q.push(" ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value)");
    }
    pushed
}

/// Sets a counter (the rebuild of [`crate::rollups`]): its rows become one.
pub async fn set_counter(c: &mut AnyConnection, name: &str, value: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM counters WHERE name LIKE $1").bind(format!("{name}#%")).execute(&mut *c).await?;
    sqlx::query(
        "INSERT INTO counters (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
    )
    .bind(name)
    .bind(value)
    .execute(c)
    .await?;
    Ok(())
}

/// The next receipt sequence number: PostgreSQL's sequence (no lock held until commit; a
/// number a rolled-back donation took is not reused), SQLite's counter row (one writer).
pub async fn next_receipt(c: &mut AnyConnection) -> sqlx::Result<i64> {
    let sql = match Backend::of_connection(c) {
        Backend::Postgres => "SELECT nextval('receipt_numbers')",
        Backend::Sqlite => {
            "INSERT INTO counters (name, value) VALUES ('receipts', 1) ON CONFLICT (name) DO UPDATE SET value = counters.value + 1 RETURNING value"
        }
    };
    sqlx::query_scalar(sql).fetch_one(c).await
}

/// The next receipt sequence number and the fee settings a donation is charged with: one
/// round trip on PostgreSQL (its sequence read with the settings row), two on SQLite.
pub async fn receipt_and_settings(c: &mut AnyConnection) -> sqlx::Result<(i64, Settings)> {
    if Backend::of_connection(c) == Backend::Sqlite {
        let seq = next_receipt(c).await?;
        return Ok((seq, settings(c).await?));
    }
    let r = sqlx::query("SELECT nextval('receipt_numbers') AS seq, id, service_charge_bp, processing_fee_bp, updated_at, updated_by FROM settings WHERE id = $1")
        .bind(SETTINGS_ID)
        .fetch_one(c)
        .await?;
    Ok((r.try_get("seq")?, settings_row(&r)?))
}

/// Every counter, its rows summed.
pub async fn counters(c: &mut AnyConnection) -> sqlx::Result<Vec<(String, i64)>> {
    let rows = sqlx::query("SELECT name, value FROM counters").fetch_all(c).await?;
    let mut sums: std::collections::BTreeMap<String, i64> = Default::default();
    for r in &rows {
        let name: String = r.try_get("name")?;
        let base = name.split_once('#').map(|(b, _)| b.to_string()).unwrap_or(name);
        *sums.entry(base).or_default() += r.try_get::<i64, _>("value")?;
    }
    Ok(sums.into_iter().collect())
}

pub async fn add_month(
    c: &mut AnyConnection,
    (year, month): (i32, i32),
    new_donors: i64,
    donations: i64,
    amount_cents: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO months (year, month, shard, new_donors, donations, amount_cents) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (year, month, shard) DO UPDATE SET new_donors = months.new_donors + excluded.new_donors, \
         donations = months.donations + excluded.donations, amount_cents = months.amount_cents + excluded.amount_cents",
    )
    .bind(year)
    .bind(month)
    .bind(shard() as i64)
    .bind(new_donors)
    .bind(donations)
    .bind(amount_cents)
    .execute(c)
    .await?;
    Ok(())
}

/// A month's rollup: (month, new donors, donations, amount).
pub async fn months_of(c: &mut AnyConnection, year: i32) -> sqlx::Result<Vec<(i64, i64, i64, i64)>> {
    let rows = sqlx::query(
        "SELECT CAST(month AS BIGINT) AS month, CAST(SUM(new_donors) AS BIGINT) AS new_donors, CAST(SUM(donations) AS BIGINT) AS donations, \
         CAST(SUM(amount_cents) AS BIGINT) AS amount_cents FROM months WHERE year = $1 GROUP BY month",
    )
    .bind(year)
    .fetch_all(c)
    .await?;
    rows.iter()
        .map(|r| {
            Ok((r.try_get("month")?, r.try_get("new_donors")?, r.try_get("donations")?, r.try_get("amount_cents")?))
        })
        .collect()
}

/// Adds to a donor's kept totals; answers the totals after (total given, donations, months
/// subscribed) and the donor's name key.
pub async fn add_donor_totals(
    c: &mut AnyConnection,
    donor_id: &str,
    cents: i64,
    count: i64,
    months: i64,
) -> sqlx::Result<((i64, i64, i64), String)> {
    let r = sqlx::query(
        "UPDATE donors SET total_given_cents = total_given_cents + $1, donations_count = donations_count + $2, \
         months_subscribed = months_subscribed + $3 WHERE id = $4 RETURNING total_given_cents, donations_count, months_subscribed, name_key",
    )
    .bind(cents)
    .bind(count)
    .bind(months)
    .bind(donor_id)
    .fetch_one(c)
    .await?;
    Ok(((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?), r.try_get(3)?))
}

/// The recipient a donor row counts for.
pub struct RecipientRef<'a> {
    pub kind: &'a str,
    pub id: &'a str,
    pub name: &'a str,
}

/// The first-gift time a (donor, recipient) row takes from a change: the new time when the
/// change brings one (`given_at`, not 0) and the row held no gift, only later ones or no time
/// (a row a previous release wrote), else its own (a refund brings none: the money side's
/// `first_gift_moved` moves it).
const FIRST_GIVEN_AT: &str = "first_given_at = CASE WHEN excluded.first_given_at <> 0 AND (donor_recipients.one_time_cents \
     + donor_recipients.recurring_cents = 0 OR donor_recipients.first_given_at = 0 \
     OR excluded.first_given_at < donor_recipients.first_given_at) THEN excluded.first_given_at ELSE donor_recipients.first_given_at END";

/// A (donor, recipient) row after a change: what it holds in succeeded gifts (cents) and the
/// time of its first one (0 while it holds none).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PairAfter {
    pub given: i64,
    pub first_given_at: i64,
}

/// Adds to the (donor, recipient) totals row, creating it on first use, and keeps the
/// Subscribed Donor tabs' row counts (a row is in a tab while its count there is above 0).
/// `given_at`: the time of the succeeded gift the change adds (0: none).
#[allow(clippy::too_many_arguments)]
pub async fn add_donor_recipient(
    c: &mut AnyConnection,
    donor_id: &str,
    donor_name_key: &str,
    r: &RecipientRef<'_>,
    one_time_count: i64,
    one_time_cents: i64,
    recurring_cents: i64,
    subscriptions: i64,
    given_at: i64,
) -> sqlx::Result<PairAfter> {
    let sql = format!(
        "INSERT INTO donor_recipients (donor_id, recipient_id, recipient_type, recipient_name, one_time_count, one_time_cents, \
         recurring_cents, subscriptions_count, donor_name_key, first_given_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (donor_id, recipient_id) DO UPDATE SET recipient_name = excluded.recipient_name, \
         one_time_count = donor_recipients.one_time_count + excluded.one_time_count, \
         one_time_cents = donor_recipients.one_time_cents + excluded.one_time_cents, \
         recurring_cents = donor_recipients.recurring_cents + excluded.recurring_cents, \
         subscriptions_count = donor_recipients.subscriptions_count + excluded.subscriptions_count, \
         donor_name_key = excluded.donor_name_key, {FIRST_GIVEN_AT} \
         RETURNING one_time_count, subscriptions_count, one_time_cents + recurring_cents AS given, first_given_at"
    );
    let after = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(donor_id)
        .bind(r.id)
        .bind(r.kind)
        .bind(r.name)
        .bind(one_time_count)
        .bind(one_time_cents)
        .bind(recurring_cents)
        .bind(subscriptions)
        .bind(donor_name_key)
        .bind(given_at)
        .fetch_one(&mut *c)
        .await?;
    let (one_time_after, subscribed_after): (i64, i64) = (after.try_get(0)?, after.try_get(1)?);
    let pair = PairAfter { given: after.try_get("given")?, first_given_at: after.try_get("first_given_at")? };
    // Entering or leaving a tab.
    let moved = |after: i64, delta: i64| i64::from(after > 0) - i64::from(after - delta > 0);
    add_pairs(c, false, donor_id, moved(one_time_after, one_time_count)).await?;
    add_pairs(c, true, donor_id, moved(subscribed_after, subscriptions)).await?;
    Ok(pair)
}

/// What a transaction (or its refund) adds to its donor's figures: the donor's totals, the
/// (donor, recipient) row and its tab counts, and the kept rollups.
pub struct DonorDeltas<'a> {
    pub donor_id: &'a str,
    pub recipient: RecipientRef<'a>,
    pub cents: i64,
    pub count: i64,
    pub months: i64,
    pub one_time_count: i64,
    pub one_time_cents: i64,
    pub recurring_cents: i64,
    /// The transaction's time: the month of the recipient's figures it counts in, and (a
    /// succeeded gift, `cents` above 0) the pair's first-gift time when it is the earliest.
    pub at: i64,
    pub kept: KeptDeltas<'a>,
}

/// What [`add_donor_figures`] answers: the donor's totals after (total given, donations,
/// months subscribed), the badges due, and the (donor, recipient) row after.
pub struct Figured {
    pub totals: (i64, i64, i64),
    pub due: Vec<String>,
    pub pair: PairAfter,
}

/// Applies `d`: the donor's totals, the (donor, recipient) row, the recipient's month (its
/// donation, and a new donor when the row held no gift before) and the kept rollups; answers
/// the donor's totals after and, when `badges` is set, the ids of the active badges those
/// totals now meet that the donor has not earned yet (oldest first). On PostgreSQL one
/// statement (data-modifying CTEs: a donation pays for one round trip here, not five); on
/// SQLite one statement each.
/// `begun` (PostgreSQL only): the statement's start, `WITH a AS (…), b AS (…), `, whose
/// changes run in the same statement (recording a donation puts its row and its event there).
pub async fn add_donor_figures(
    c: &mut AnyConnection,
    d: DonorDeltas<'_>,
    badges: bool,
    begun: Option<Sql>,
) -> sqlx::Result<Figured> {
    let given_at = if d.cents > 0 { d.at } else { 0 };
    let ym = crate::fees::year_month(d.at);
    if Backend::of_connection(c) == Backend::Sqlite {
        if begun.is_some() {
            return Err(sqlx::Error::Protocol("add_donor_figures: a begun statement is for PostgreSQL only".into()));
        }
        let (totals, key) = add_donor_totals(c, d.donor_id, d.cents, d.count, d.months).await?;
        let pair = add_donor_recipient(
            c,
            d.donor_id,
            &key,
            &d.recipient,
            d.one_time_count,
            d.one_time_cents,
            d.recurring_cents,
            0,
            given_at,
        )
        .await?;
        let new_donor = i64::from(d.cents > 0 && pair.given == d.cents);
        add_recipient_month(
            c,
            d.recipient.id,
            ym,
            RecipientMonth { new_donors: new_donor, donations: d.count, amount_cents: d.cents, subscriptions: 0 },
        )
        .await?;
        add_kept_one_by_one(c, &d.kept).await?;
        let due =
            if badges { badges_due(c, d.donor_id, totals).await?.into_iter().map(|b| b.id).collect() } else { vec![] };
        return Ok(Figured { totals, due, pair });
    }
    let mut q = begun.unwrap_or_else(|| Sql::new(Backend::Postgres, "WITH "));
    q.push("totals AS (UPDATE donors SET total_given_cents = total_given_cents + ").push_bind(d.cents)
        .push(", donations_count = donations_count + ")
        .push_bind(d.count)
        .push(", months_subscribed = months_subscribed + ")
        .push_bind(d.months)
        .push(" WHERE id = ")
        .push_bind(d.donor_id.to_string())
        .push(" RETURNING total_given_cents, donations_count, months_subscribed, name_key), pair AS (")
        .push(
            "INSERT INTO donor_recipients (donor_id, recipient_id, recipient_type, recipient_name, one_time_count, one_time_cents, \
             recurring_cents, subscriptions_count, donor_name_key, first_given_at) SELECT ",
        )
        .push_bind(d.donor_id.to_string())
        .push(", ")
        .push_bind(d.recipient.id.to_string())
        .push(", ")
        .push_bind(d.recipient.kind.to_string())
        .push(", ")
        .push_bind(d.recipient.name.to_string())
        .push(", ")
        .push_bind(d.one_time_count)
        .push(", ")
        .push_bind(d.one_time_cents)
        .push(", ")
        .push_bind(d.recurring_cents)
        .push(", 0, name_key, ")
        .push_bind(given_at)
        .push(&format!(
            " FROM totals ON CONFLICT (donor_id, recipient_id) DO UPDATE SET recipient_name = excluded.recipient_name, \
             one_time_count = donor_recipients.one_time_count + excluded.one_time_count, \
             one_time_cents = donor_recipients.one_time_cents + excluded.one_time_cents, \
             recurring_cents = donor_recipients.recurring_cents + excluded.recurring_cents, \
             donor_name_key = excluded.donor_name_key, {FIRST_GIVEN_AT} \
             RETURNING one_time_count, one_time_cents + recurring_cents AS given, first_given_at)"
        ));
    // The recipient's month: the donation, and a new donor when the row held no gift before
    // (what it holds now is this gift alone).
    q.push(", kept_recipient AS (");
    push_recipient_month(
        &mut q,
        d.recipient.id,
        ym,
        RecipientMonth { new_donors: 0, donations: d.count, amount_cents: d.cents, subscriptions: 0 },
        Some(d.cents),
    );
    q.push(")");
    if d.one_time_count != 0 {
        // The One Time tab's row count, when the pair enters or leaves it (add_donor_recipient's rule).
        q.push(", tab AS (INSERT INTO counters (name, value) SELECT ")
            .push_bind(pairs_counter(false, d.donor_id))
            .push(", CASE WHEN one_time_count > 0 THEN 1 ELSE -1 END FROM pair WHERE (one_time_count > 0) <> (one_time_count - ")
            .push_bind(d.one_time_count)
            .push(" > 0) ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value)");
    }
    push_kept(&mut q, &d.kept, true);
    q.push(
        " SELECT total_given_cents, donations_count, months_subscribed, (SELECT given FROM pair) AS given, \
            (SELECT first_given_at FROM pair) AS first_given_at, ",
    );
    if badges {
        q.push(
            "(SELECT string_agg(b.id, ' ' ORDER BY b.created_at, b.id) FROM badges b WHERE b.is_active \
             AND ((b.rule = 1 AND b.threshold <= total_given_cents) OR (b.rule = 2 AND b.threshold <= donations_count) \
             OR (b.rule = 3 AND b.threshold <= months_subscribed)) \
             AND NOT EXISTS (SELECT 1 FROM donor_badges e WHERE e.badge_id = b.id AND e.donor_id = ",
        )
        .push_bind(d.donor_id.to_string())
        .push(")) AS due FROM totals");
    } else {
        q.push("CAST(NULL AS TEXT) AS due FROM totals");
    }
    let r = q.build().fetch_one(c).await?;
    let due: Option<String> = r.try_get("due")?;
    let due = due.map(|ids| ids.split(' ').map(str::to_string).collect()).unwrap_or_default();
    let pair = PairAfter { given: r.try_get("given")?, first_given_at: r.try_get("first_given_at")? };
    Ok(Figured { totals: (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?), due, pair })
}

// ---- one recipient's figures (a nonprofit admin's dashboard) ----

/// Rows one recipient's month is spread over (fewer than [`SHARDS`]: a recipient's totals
/// sum all its months' rows).
pub const RECIPIENT_SHARDS: u64 = 8;

/// What a change adds to a recipient's month (see migration 0012).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RecipientMonth {
    pub new_donors: i64,
    pub donations: i64,
    pub amount_cents: i64,
    pub subscriptions: i64,
}

/// Pushes the upsert of a recipient's month. `new_donor_if_given`: read from the CTE `pair`
/// (PostgreSQL's one statement): one new donor when the pair's `given` equals this amount.
fn push_recipient_month(
    q: &mut Sql,
    recipient_id: &str,
    (year, month): (i32, i32),
    m: RecipientMonth,
    new_donor_if_given: Option<i64>,
) {
    q.push("INSERT INTO recipient_months (recipient_id, year, month, shard, new_donors, donations, amount_cents, subscriptions) SELECT ")
        .push_bind(recipient_id.to_string())
        .push(", ")
        .push_bind(year)
        .push(", ")
        .push_bind(month)
        .push(", ")
        .push_bind((shard() % RECIPIENT_SHARDS) as i64)
        .push(", ");
    match new_donor_if_given {
        Some(cents) => q.push("CASE WHEN given = ").push_bind(cents).push(" AND given > 0 THEN 1 ELSE 0 END"),
        None => q.push_bind(m.new_donors),
    };
    q.push(", ").push_bind(m.donations).push(", ").push_bind(m.amount_cents).push(", ").push_bind(m.subscriptions);
    if new_donor_if_given.is_some() {
        q.push(" FROM pair");
    }
    // WHERE: SQLite reads an ON after a SELECT's FROM as a join's without one.
    q.push(
        " WHERE TRUE ON CONFLICT (recipient_id, year, month, shard) DO UPDATE SET new_donors = recipient_months.new_donors + excluded.new_donors, \
         donations = recipient_months.donations + excluded.donations, amount_cents = recipient_months.amount_cents + excluded.amount_cents, \
         subscriptions = recipient_months.subscriptions + excluded.subscriptions",
    );
}

/// Adds `m` to the recipient's month `ym` (nothing when it adds nothing).
pub async fn add_recipient_month(
    c: &mut AnyConnection,
    recipient_id: &str,
    ym: (i32, i32),
    m: RecipientMonth,
) -> sqlx::Result<()> {
    if m == RecipientMonth::default() {
        return Ok(());
    }
    let mut q = Sql::new(Backend::of_connection(c), "");
    push_recipient_month(&mut q, recipient_id, ym, m, None);
    q.build().execute(c).await?;
    Ok(())
}

/// Moves a donor of the recipient from the month of one first-gift time to another's (no
/// change when both are in one month; 0 is no month: the donor comes or goes).
pub async fn move_recipient_donor(c: &mut AnyConnection, recipient_id: &str, from: i64, to: i64) -> sqlx::Result<()> {
    let (a, b) = (crate::fees::year_month(from), crate::fees::year_month(to));
    if from != 0 && to != 0 && a == b {
        return Ok(());
    }
    if from != 0 {
        add_recipient_month(c, recipient_id, a, RecipientMonth { new_donors: -1, ..Default::default() }).await?;
    }
    if to != 0 {
        add_recipient_month(c, recipient_id, b, RecipientMonth { new_donors: 1, ..Default::default() }).await?;
    }
    Ok(())
}

/// The earliest succeeded gift of a donor to a recipient but `except` (a transaction id):
/// the donor's transactions in time order (`transactions_donor`), the first that matches.
pub async fn first_gift(
    c: &mut AnyConnection,
    donor_id: &str,
    recipient_id: &str,
    except: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT created_at FROM transactions WHERE donor_id = $1 AND recipient_id = $2 AND status = 'succeeded' AND id <> $3 \
         ORDER BY created_at LIMIT 1",
    )
    .bind(donor_id)
    .bind(recipient_id)
    .bind(except)
    .fetch_optional(c)
    .await
}

/// Sets a (donor, recipient) row's first-gift time.
pub async fn set_first_given_at(
    c: &mut AnyConnection,
    donor_id: &str,
    recipient_id: &str,
    at: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE donor_recipients SET first_given_at = $1 WHERE donor_id = $2 AND recipient_id = $3")
        .bind(at)
        .bind(donor_id)
        .bind(recipient_id)
        .execute(c)
        .await?;
    Ok(())
}

/// A recipient's totals: every row of its months summed (its primary key's range).
pub async fn recipient_totals(c: &mut AnyConnection, recipient_id: &str) -> sqlx::Result<RecipientMonth> {
    let r = sqlx::query(
        "SELECT CAST(COALESCE(SUM(new_donors), 0) AS BIGINT) AS new_donors, CAST(COALESCE(SUM(donations), 0) AS BIGINT) AS donations, \
         CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) AS amount_cents, CAST(COALESCE(SUM(subscriptions), 0) AS BIGINT) AS subscriptions \
         FROM recipient_months WHERE recipient_id = $1",
    )
    .bind(recipient_id)
    .fetch_one(c)
    .await?;
    Ok(RecipientMonth {
        new_donors: r.try_get("new_donors")?,
        donations: r.try_get("donations")?,
        amount_cents: r.try_get("amount_cents")?,
        subscriptions: r.try_get("subscriptions")?,
    })
}

/// A recipient's months of `year` that hold something: (month, what it added).
pub async fn recipient_months_of(
    c: &mut AnyConnection,
    recipient_id: &str,
    year: i32,
) -> sqlx::Result<Vec<(i64, RecipientMonth)>> {
    let rows = sqlx::query(
        "SELECT CAST(month AS BIGINT) AS month, CAST(SUM(new_donors) AS BIGINT) AS new_donors, CAST(SUM(donations) AS BIGINT) AS donations, \
         CAST(SUM(amount_cents) AS BIGINT) AS amount_cents, CAST(SUM(subscriptions) AS BIGINT) AS subscriptions \
         FROM recipient_months WHERE recipient_id = $1 AND year = $2 GROUP BY month",
    )
    .bind(recipient_id)
    .bind(year)
    .fetch_all(c)
    .await?;
    rows.iter()
        .map(|r| {
            let m = RecipientMonth {
                new_donors: r.try_get("new_donors")?,
                donations: r.try_get("donations")?,
                amount_cents: r.try_get("amount_cents")?,
                subscriptions: r.try_get("subscriptions")?,
            };
            Ok((r.try_get("month")?, m))
        })
        .collect()
}

/// What recording a donation reads first, in one statement: whether its provider reference
/// is recorded already, the donor, the fee settings, the recipient's name as remembered, and
/// (PostgreSQL, when `take_receipt` and the donation is to be recorded: a new reference and
/// an active donor) its receipt sequence number.
pub struct DonationLookup {
    pub recorded: bool,
    /// Id, first and last name, email, active.
    pub donor: Option<(String, String, String, String, bool)>,
    pub processing_fee_bp: i64,
    pub service_charge_bp: i64,
    pub recipient_key: Option<String>,
    pub receipt: Option<i64>,
}

pub async fn donation_lookup(
    c: &mut AnyConnection,
    reference: &str,
    donor_id: &str,
    recipient_id: &str,
    take_receipt: bool,
) -> sqlx::Result<DonationLookup> {
    let receipt = match (Backend::of_connection(c), take_receipt) {
        (Backend::Postgres, true) => {
            "CASE WHEN d.is_active AND NOT EXISTS (SELECT 1 FROM transactions WHERE provider_reference = $1) \
             THEN nextval('receipt_numbers') END"
        }
        _ => "CAST(NULL AS BIGINT)",
    };
    let q = format!(
        "SELECT EXISTS (SELECT 1 FROM transactions WHERE provider_reference = $1) AS recorded, \
         (SELECT name_key FROM recipients WHERE id = $2) AS recipient_key, s.processing_fee_bp, s.service_charge_bp, \
         d.id, d.first_name, d.last_name, d.email, d.is_active, {receipt} AS receipt \
         FROM settings s LEFT JOIN donors d ON d.id = $3 WHERE s.id = $4"
    );
    let r = sqlx::query(sqlx::AssertSqlSafe(q))
        .bind(reference)
        .bind(recipient_id)
        .bind(donor_id)
        .bind(SETTINGS_ID)
        .fetch_one(c)
        .await?;
    let id: Option<String> = r.try_get("id")?;
    let donor = match id {
        Some(id) => Some((
            id,
            r.try_get("first_name")?,
            r.try_get("last_name")?,
            r.try_get("email")?,
            get_bool(&r, "is_active")?,
        )),
        None => None,
    };
    Ok(DonationLookup {
        recorded: get_bool(&r, "recorded")?,
        donor,
        processing_fee_bp: r.try_get("processing_fee_bp")?,
        service_charge_bp: r.try_get("service_charge_bp")?,
        recipient_key: r.try_get("recipient_key")?,
        receipt: r.try_get("receipt")?,
    })
}

/// The counter row of a tab's row count a donor's changes go to (one of a few: donations of
/// different donors do not queue for one row).
fn pairs_counter(subscribed: bool, donor_id: &str) -> String {
    let shard = donor_id.bytes().fold(0u32, |h, b| (h * 31 + u32::from(b)) % 8);
    format!("{}#{shard}", if subscribed { "subscribed_pairs" } else { "one_time_pairs" })
}

async fn add_pairs(c: &mut AnyConnection, subscribed: bool, donor_id: &str, delta: i64) -> sqlx::Result<()> {
    if delta != 0 {
        sqlx::query("INSERT INTO counters (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value")
            .bind(pairs_counter(subscribed, donor_id))
            .bind(delta)
            .execute(c)
            .await?;
    }
    Ok(())
}

/// A tab's row count.
async fn pairs(c: &mut AnyConnection, subscribed: bool) -> sqlx::Result<i64> {
    let like = if subscribed { "subscribed_pairs#%" } else { "one_time_pairs#%" };
    sqlx::query("SELECT CAST(COALESCE(SUM(value), 0) AS BIGINT) FROM counters WHERE name LIKE $1")
        .bind(like)
        .fetch_one(c)
        .await?
        .try_get(0)
}

/// Sets both tabs' row counts (the rebuild of [`crate::rollups`]).
pub async fn reset_pairs(c: &mut AnyConnection) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM counters WHERE name LIKE 'subscribed_pairs#%' OR name LIKE 'one_time_pairs#%'")
        .execute(&mut *c)
        .await?;
    for (name, which) in [("subscribed_pairs#0", "subscriptions_count"), ("one_time_pairs#0", "one_time_count")] {
        let sql = format!(
            "INSERT INTO counters (name, value) SELECT '{name}', COUNT(*) FROM donor_recipients WHERE {which} > 0"
        );
        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut *c).await?;
    }
    Ok(())
}

/// Removes a donor's (donor, recipient) rows, and them from the tabs' counts and from their
/// recipients' donors (in the month of its first gift to each).
pub async fn delete_donor_recipients(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<()> {
    let firsts: Vec<(String, i64)> = sqlx::query_as(
        "SELECT recipient_id, first_given_at FROM donor_recipients WHERE donor_id = $1 AND first_given_at <> 0",
    )
    .bind(donor_id)
    .fetch_all(&mut *c)
    .await?;
    for (recipient_id, first) in &firsts {
        move_recipient_donor(c, recipient_id, *first, 0).await?;
    }
    let r = sqlx::query(
        "SELECT COUNT(CASE WHEN one_time_count > 0 THEN 1 END) AS one_time, COUNT(CASE WHEN subscriptions_count > 0 THEN 1 END) AS subscribed \
         FROM donor_recipients WHERE donor_id = $1",
    )
    .bind(donor_id)
    .fetch_one(&mut *c)
    .await?;
    let (one_time, subscribed): (i64, i64) = (r.try_get("one_time")?, r.try_get("subscribed")?);
    sqlx::query("DELETE FROM donor_recipients WHERE donor_id = $1").bind(donor_id).execute(&mut *c).await?;
    add_pairs(c, false, donor_id, -one_time).await?;
    add_pairs(c, true, donor_id, -subscribed).await
}

/// A renamed donor's rows follow its name (the tabs' name order).
pub async fn rename_donor_recipients(c: &mut AnyConnection, donor_id: &str, name_key: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE donor_recipients SET donor_name_key = $1 WHERE donor_id = $2 AND donor_name_key <> $1")
        .bind(name_key)
        .bind(donor_id)
        .execute(c)
        .await?;
    Ok(())
}

/// One row of the Subscribed Donor screen.
#[derive(Debug, Clone, PartialEq)]
pub struct DonorTotalsRow {
    pub donor_id: String,
    pub recipient_id: String,
    pub first_name: String,
    pub last_name: String,
    pub name: String,
    pub email: String,
    pub phone_number: String,
    pub subscribed_donor_count: i64,
    pub total_amount_cents: i64,
}

/// Sort columns of the donor totals list (allow-list); the default is the donor's name, as
/// the screen's. The name and total orders read an index of the tab's rows.
pub fn totals_sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "totalAmount" | "totalAmountCents" => "total",
        "" | "firstName" => "r.donor_name_key",
        "email" => "d.email",
        "name" => "LOWER(r.recipient_name)",
        "subscribedDonorCount" => "r.subscriptions_count",
        _ => return None,
    })
}

/// The rows of a tab that a search matches: the matching donors' (found by the donor-name
/// index, see crate::tx_index) or, for a search that matches very many, the name kept on
/// each row.
fn totals_matching(q: &mut Sql, subscribed: bool, search: &str, donors: Option<&[String]>) {
    q.push(" FROM donor_recipients r JOIN donors d ON d.id = r.donor_id WHERE ");
    q.push(if subscribed { "r.subscriptions_count > 0" } else { "r.one_time_count > 0" });
    match donors {
        Some(ids) => {
            q.push(" AND r.donor_id IN (");
            crate::tx_index::push_list(q, ids);
            q.push(")");
        }
        None if !search.is_empty() => {
            q.push(" AND r.donor_name_key LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
        }
        None => {}
    }
}

/// A page of a Subscribed Donor tab and its total (at most [`crate::tx_index::BROAD_TOTAL_CAP`]
/// counted for a search that matches very many donors).
pub async fn list_donor_totals(
    c: &mut AnyConnection,
    cache: &crate::tx_index::DayCache,
    subscribed: bool,
    search: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<DonorTotalsRow>, i64)> {
    let Paging { column, descending, limit, offset } = paging;
    let dir = if descending { "DESC" } else { "ASC" };
    let backend = Backend::of_connection(c);
    let found = if search.is_empty() { None } else { Some(cache.donors_matching(c, search).await?) };
    let donors = found.as_deref().map(Vec::as_slice).filter(|ids| ids.len() <= crate::tx_index::FEW_DONORS);
    if donors.is_some_and(|ids| ids.is_empty()) {
        return Ok((vec![], 0));
    }
    let total = if search.is_empty() {
        pairs(c, subscribed).await?
    } else {
        let cap = if donors.is_some() { i64::MAX } else { crate::tx_index::BROAD_TOTAL_CAP };
        let mut q = Sql::new(backend, "SELECT COUNT(*) FROM (SELECT 1");
        totals_matching(&mut q, subscribed, search, donors);
        q.push(" LIMIT ").push_bind(cap).push(") m");
        q.build().fetch_one(&mut *c).await?.try_get(0)?
    };
    let total_col = if subscribed { "r.recurring_cents" } else { "r.one_time_cents" };
    let mut q = Sql::new(
        backend,
        format!(
            "SELECT r.donor_id, r.recipient_id, r.recipient_name, d.first_name, d.last_name, d.email, d.phone_number, \
             r.subscriptions_count, {total_col} AS total"
        ),
    );
    totals_matching(&mut q, subscribed, search, donors);
    let column = if column == "total" { total_col } else { column };
    q.push(&format!(" ORDER BY {column} {dir}, r.donor_id {dir}, r.recipient_id {dir} LIMIT "))
        .push_bind(limit)
        .push(" OFFSET ")
        .push_bind(offset);
    let rows = q.build().fetch_all(&mut *c).await?;
    let items = rows
        .iter()
        .map(|r| {
            Ok(DonorTotalsRow {
                donor_id: r.try_get("donor_id")?,
                recipient_id: r.try_get("recipient_id")?,
                first_name: r.try_get("first_name")?,
                last_name: r.try_get("last_name")?,
                name: r.try_get("recipient_name")?,
                email: r.try_get("email")?,
                phone_number: r.try_get("phone_number")?,
                subscribed_donor_count: r.try_get("subscriptions_count")?,
                total_amount_cents: r.try_get("total")?,
            })
        })
        .collect::<sqlx::Result<_>>()?;
    Ok((items, total))
}

// ---- subscriptions ----

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

/// Cancels every active subscription of a donor; answers how many, and takes each from its
/// recipient's active subscriptions (in the month of `at`).
pub async fn cancel_donor_subscriptions(c: &mut AnyConnection, donor_id: &str, at: i64) -> sqlx::Result<u64> {
    let recipients: Vec<String> =
        sqlx::query_scalar("UPDATE subscriptions SET status = 'cancelled', cancelled_at = $1 WHERE donor_id = $2 AND status = 'active' RETURNING recipient_id")
            .bind(at)
            .bind(donor_id)
            .fetch_all(&mut *c)
            .await?;
    for r in &recipients {
        add_recipient_month(
            c,
            r,
            crate::fees::year_month(at),
            RecipientMonth { subscriptions: -1, ..Default::default() },
        )
        .await?;
    }
    Ok(recipients.len() as u64)
}

pub async fn charged(c: &mut AnyConnection, id: &str, next_charge_at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE subscriptions SET charges_count = charges_count + 1, next_charge_at = $1 WHERE id = $2")
        .bind(next_charge_at)
        .bind(id)
        .execute(c)
        .await?;
    Ok(())
}

// ---- settings ----

pub const SETTINGS_ID: &str = "5f5b1c2d3e4f5a6b7c8d9e0f";

#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    pub id: String,
    pub service_charge_bp: i64,
    pub processing_fee_bp: i64,
    pub updated_at: i64,
    pub updated_by: String,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct SettingsChange {
    pub at: i64,
    pub by: String,
    pub old_service_charge_bp: i64,
    pub new_service_charge_bp: i64,
    pub old_processing_fee_bp: i64,
    pub new_processing_fee_bp: i64,
}

pub async fn settings(c: &mut AnyConnection) -> sqlx::Result<Settings> {
    let r = sqlx::query(
        "SELECT id, service_charge_bp, processing_fee_bp, updated_at, updated_by FROM settings WHERE id = $1",
    )
    .bind(SETTINGS_ID)
    .fetch_one(c)
    .await?;
    settings_row(&r)
}

fn settings_row(r: &sqlx::any::AnyRow) -> sqlx::Result<Settings> {
    Ok(Settings {
        id: r.try_get("id")?,
        service_charge_bp: r.try_get("service_charge_bp")?,
        processing_fee_bp: r.try_get("processing_fee_bp")?,
        updated_at: r.try_get("updated_at")?,
        updated_by: r.try_get("updated_by")?,
    })
}

pub async fn update_settings(c: &mut AnyConnection, s: &Settings) -> sqlx::Result<()> {
    sqlx::query("UPDATE settings SET service_charge_bp = $1, processing_fee_bp = $2, updated_at = $3, updated_by = $4 WHERE id = $5")
        .bind(s.service_charge_bp)
        .bind(s.processing_fee_bp)
        .bind(s.updated_at)
        .bind(&s.updated_by)
        .bind(&s.id)
        .execute(c)
        .await?;
    Ok(())
}

pub async fn insert_settings_change(c: &mut AnyConnection, h: &SettingsChange, by_type: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO settings_history (id, at, by_id, by_type, old_service_charge_bp, new_service_charge_bp, old_processing_fee_bp, \
         new_processing_fee_bp) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(common::new_id())
    .bind(h.at)
    .bind(&h.by)
    .bind(by_type)
    .bind(h.old_service_charge_bp)
    .bind(h.new_service_charge_bp)
    .bind(h.old_processing_fee_bp)
    .bind(h.new_processing_fee_bp)
    .execute(c)
    .await?;
    Ok(())
}

/// The settings history, newest first (at most `limit`).
pub async fn settings_history(c: &mut AnyConnection, limit: i64) -> sqlx::Result<Vec<SettingsChange>> {
    let rows = sqlx::query(
        "SELECT at, by_id, old_service_charge_bp, new_service_charge_bp, old_processing_fee_bp, new_processing_fee_bp \
         FROM settings_history ORDER BY at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(c)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(SettingsChange {
                at: r.try_get("at")?,
                by: r.try_get("by_id")?,
                old_service_charge_bp: r.try_get("old_service_charge_bp")?,
                new_service_charge_bp: r.try_get("new_service_charge_bp")?,
                old_processing_fee_bp: r.try_get("old_processing_fee_bp")?,
                new_processing_fee_bp: r.try_get("new_processing_fee_bp")?,
            })
        })
        .collect()
}

// ---- badges ----

/// A badge as stored. Rules: 1 total given (threshold in cents), 2 donations, 3 months subscribed.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Badge {
    pub id: String,
    pub name: String,
    pub image: String,
    pub description: String,
    pub is_active: bool,
    pub rule: i64,
    pub threshold: i64,
    pub awarded_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const BADGE_COLUMNS: &str = "id, name, image, description, is_active, CAST(rule AS BIGINT) AS rule, threshold, awarded_count, created_at, updated_at";

fn badge(r: &AnyRow) -> sqlx::Result<Badge> {
    Ok(Badge {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        image: r.try_get("image")?,
        description: r.try_get("description")?,
        is_active: get_bool(r, "is_active")?,
        rule: r.try_get("rule")?,
        threshold: r.try_get("threshold")?,
        awarded_count: r.try_get("awarded_count")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
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

/// Marks a setup step done; answers false when it was done already (by any replica).
pub async fn mark_setup(c: &mut AnyConnection, name: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query("INSERT INTO setup_marks (name, done_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
        .bind(name)
        .bind(at)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn badge_count(c: &mut AnyConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM badges").fetch_one(c).await
}

pub async fn insert_badge(c: &mut AnyConnection, b: &Badge) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO badges (id, name, name_key, image, description, is_active, rule, threshold, awarded_count, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&b.id)
    .bind(&b.name)
    .bind(b.name.to_lowercase())
    .bind(&b.image)
    .bind(&b.description)
    .bind(b.is_active)
    .bind(b.rule as i32)
    .bind(b.threshold)
    .bind(b.awarded_count)
    .bind(b.created_at)
    .bind(b.updated_at)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn update_badge(c: &mut AnyConnection, b: &Badge) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE badges SET name = $1, name_key = $2, image = $3, description = $4, is_active = $5, rule = $6, threshold = $7, \
         updated_at = $8 WHERE id = $9",
    )
    .bind(&b.name)
    .bind(b.name.to_lowercase())
    .bind(&b.image)
    .bind(&b.description)
    .bind(b.is_active)
    .bind(b.rule as i32)
    .bind(b.threshold)
    .bind(b.updated_at)
    .bind(&b.id)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn get_badge(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Badge>> {
    let q = format!("SELECT {BADGE_COLUMNS} FROM badges WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(badge).transpose()
}

pub async fn delete_badge(c: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    sqlx::query("DELETE FROM donor_badges WHERE badge_id = $1").bind(id).execute(&mut *c).await?;
    Ok(sqlx::query("DELETE FROM badges WHERE id = $1").bind(id).execute(c).await?.rows_affected() == 1)
}

pub fn badge_sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "name" => "name_key",
        "threshold" => "threshold",
        _ => return None,
    })
}

pub async fn list_badges(
    c: &mut AnyConnection,
    search: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<Badge>, i64)> {
    let matching = |q: &mut Sql| {
        q.push(" FROM badges WHERE TRUE");
        if !search.is_empty() {
            q.push(" AND LOWER(name_key) LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
        }
    };
    common::db::page_with_total(c, BADGE_COLUMNS, matching, paging, badge).await
}

/// The active badges a donor with these totals meets and has not earned yet.
pub async fn badges_due(
    c: &mut AnyConnection,
    donor_id: &str,
    (total, count, months): (i64, i64, i64),
) -> sqlx::Result<Vec<Badge>> {
    let mut q = Sql::new(Backend::of_connection(c), format!("SELECT {BADGE_COLUMNS} FROM badges b WHERE is_active = "));
    q.push_bind(true)
        .push(" AND NOT EXISTS (SELECT 1 FROM donor_badges e WHERE e.badge_id = b.id AND e.donor_id = ")
        .push_bind(donor_id.to_string())
        .push(") AND ((rule = 1 AND threshold <= ")
        .push_bind(total)
        .push(") OR (rule = 2 AND threshold <= ")
        .push_bind(count)
        .push(") OR (rule = 3 AND threshold <= ")
        .push_bind(months)
        .push(")) ORDER BY created_at, id");
    let rows = q.build().fetch_all(c).await?;
    rows.iter().map(badge).collect()
}

/// Awards a badge once: answers false when the donor already had it.
pub async fn award(c: &mut AnyConnection, donor_id: &str, badge_id: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query("INSERT INTO donor_badges (donor_id, badge_id, awarded_at) VALUES ($1, $2, $3) ON CONFLICT (donor_id, badge_id) DO NOTHING")
        .bind(donor_id)
        .bind(badge_id)
        .bind(at)
        .execute(&mut *c)
        .await?;
    if r.rows_affected() == 1 {
        sqlx::query("UPDATE badges SET awarded_count = awarded_count + 1 WHERE id = $1")
            .bind(badge_id)
            .execute(c)
            .await?;
        return Ok(true);
    }
    Ok(false)
}

/// Removes a deleted donor's badges (and their awarded counts).
pub async fn remove_donor_badges(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE badges SET awarded_count = awarded_count - 1 WHERE id IN (SELECT badge_id FROM donor_badges WHERE donor_id = $1)")
        .bind(donor_id)
        .execute(&mut *c)
        .await?;
    sqlx::query("DELETE FROM donor_badges WHERE donor_id = $1").bind(donor_id).execute(c).await?;
    Ok(())
}

/// An earned badge: (badge id, name, image, awarded at), oldest first.
pub async fn earned_badges(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<Vec<(String, String, String, i64)>> {
    let rows = sqlx::query(
        "SELECT b.id, b.name, b.image, e.awarded_at FROM donor_badges e JOIN badges b ON b.id = e.badge_id \
         WHERE e.donor_id = $1 ORDER BY e.awarded_at, b.id",
    )
    .bind(donor_id)
    .fetch_all(c)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("id")?, r.try_get("name")?, r.try_get("image")?, r.try_get("awarded_at")?)))
        .collect()
}
