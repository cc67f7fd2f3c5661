//! The SQL of the kept counts: the sharded counters, what one write adds to the kept rollups
//! (day counts, months, counters) in one statement, the monthly rollup and the receipt
//! numbers. Read by the dashboard; never a sum over the transactions.

use crate::settings_store::{SETTINGS_ID, Settings, settings, settings_row};
use crate::transaction::Transaction;
use common::db::{Backend, Sql};
use sqlx::{AnyConnection, Row};

/// Rows a counter or a month's rollup is spread over: concurrent writes take different rows'
/// locks (a donation then never waits for another's commit), readers sum them.
pub const SHARDS: u64 = 32;

/// The shard this write adds to (writes take turns).
pub(crate) fn shard() -> u64 {
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
pub(crate) async fn add_kept_one_by_one(c: &mut AnyConnection, k: &KeptDeltas<'_>) -> sqlx::Result<()> {
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
pub(crate) fn push_kept(q: &mut Sql, k: &KeptDeltas<'_>, mut more: bool) -> bool {
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

/// The value of the counter `name` as a query of constants: the sum of its rows, 'name' (as
/// the rebuild sets it) and 'name#k' (as writes add to it), read by the key ('$' follows '#':
/// the range holds exactly the names 'name#…'). A list page reads it in its own statement
/// (`common::db::Window::kept_query`). `name` is one of the service's counter names.
pub fn counter_sql(name: &'static str) -> String {
    debug_assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "a counter's name: {name}");
    format!(
        "SELECT CAST(COALESCE(SUM(value), 0) AS BIGINT) FROM counters \
         WHERE name = '{name}' OR (name >= '{name}#' AND name < '{name}$')"
    )
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
    summed(rows.iter().map(|r| Ok((r.try_get("name")?, r.try_get("value")?))))
}

/// Counter rows ('name' and 'name#k') summed per counter.
fn summed(rows: impl Iterator<Item = sqlx::Result<(String, i64)>>) -> sqlx::Result<Vec<(String, i64)>> {
    let mut sums: std::collections::BTreeMap<String, i64> = Default::default();
    for row in rows {
        let (name, value) = row?;
        let base = name.split_once('#').map(|(b, _)| b.to_string()).unwrap_or(name);
        *sums.entry(base).or_default() += value;
    }
    Ok(sums.into_iter().collect())
}

/// A month's rollup: (month, new donors, donations, amount).
pub type MonthRollup = (i64, i64, i64, i64);

/// The dashboard's figures in one statement, one round trip (issue 35: it was two): every
/// counter, its rows ('name' and 'name#k') summed by the database, and the month rollups of
/// `year` (as `months_of`). Summed here, a dashboard read a few hundred counter rows and decoded
/// each in the service.
pub async fn figures_of(c: &mut AnyConnection, year: i32) -> sqlx::Result<(Vec<(String, i64)>, Vec<MonthRollup>)> {
    // The counter a row adds to: its name before '#'.
    let find = match Backend::of_connection(c) {
        Backend::Postgres => "strpos",
        Backend::Sqlite => "instr",
    };
    let sql = format!(
        "SELECT substr(name, 1, {find}(name || '#', '#') - 1) AS name, CAST(SUM(value) AS BIGINT) AS value, \
         CAST(0 AS BIGINT) AS month, CAST(0 AS BIGINT) AS new_donors, CAST(0 AS BIGINT) AS donations, \
         CAST(0 AS BIGINT) AS amount_cents FROM counters GROUP BY 1 \
         UNION ALL SELECT '', CAST(0 AS BIGINT), CAST(month AS BIGINT), CAST(SUM(new_donors) AS BIGINT), \
         CAST(SUM(donations) AS BIGINT), CAST(SUM(amount_cents) AS BIGINT) FROM months WHERE year = $1 GROUP BY month"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(year).fetch_all(c).await?;
    let mut counters = vec![];
    let mut months = vec![];
    for r in &rows {
        match r.try_get::<i64, _>("month")? {
            0 => counters.push((r.try_get("name")?, r.try_get("value")?)),
            _ => months.push(month_rollup(r)?),
        }
    }
    Ok((counters, months))
}

fn month_rollup(r: &sqlx::any::AnyRow) -> sqlx::Result<MonthRollup> {
    Ok((r.try_get("month")?, r.try_get("new_donors")?, r.try_get("donations")?, r.try_get("amount_cents")?))
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
