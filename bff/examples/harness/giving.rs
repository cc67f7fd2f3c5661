//! The giving data set of the benchmarks (`giving_bench`, `search_bench`): 1,000,000 donors and
//! 10,000,000 transactions over three years, written with SQL (a few minutes instead of hours
//! through the domain), the transactions' indexes dropped and rebuilt, then every kept total,
//! rollup and day count rebuilt by `giving::rollups::rebuild` (tests/scale.rs proves the
//! rebuild equals the kept values).
//!
//! Donor i (from 1): first name `FIRST[i % 40]`, last name `last_names()[(i / 40) % 500]`,
//! email `donor<i>@example.org`, phone `PHONE_BASE + i` (ten digits). Transaction i: receipt
//! `GC-B-<i>`, provider reference `bench_<i>`.

use super::{Sql, exec};
use common::db::Backend;
use std::time::Instant;

/// Donor i's phone is this plus i (ten digits for up to 4,449,999,999 donors).
pub const PHONE_BASE: i64 = 5_550_000_000;

pub const FIRST: [&str; 40] = [
    "James",
    "Mary",
    "Robert",
    "Patricia",
    "John",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Elizabeth",
    "William",
    "Barbara",
    "Richard",
    "Susan",
    "Joseph",
    "Jessica",
    "Thomas",
    "Sarah",
    "Charles",
    "Karen",
    "Maria",
    "Daniel",
    "Nancy",
    "Matthew",
    "Lisa",
    "Anthony",
    "Betty",
    "Mark",
    "Sandra",
    "Donald",
    "Ashley",
    "Steven",
    "Emily",
    "Paul",
    "Donna",
    "Andrew",
    "Michelle",
    "Joshua",
    "Carol",
    "Kenneth",
];
const LAST_START: [&str; 25] = [
    "Ander", "Bal", "Car", "Dun", "El", "Fair", "Gal", "Har", "Ing", "Jen", "Kel", "Lan", "Mor", "Nor", "Ol", "Pen",
    "Quin", "Ross", "Stan", "Thorn", "Un", "Van", "Wil", "Yor", "Zell",
];
const LAST_END: [&str; 20] = [
    "son", "ley", "ton", "field", "wood", "ford", "man", "er", "by", "well", "ham", "stead", "more", "ridge", "dale",
    "worth", "ing", "hurst", "wick", "croft",
];
/// Three years of transactions, ending at the start of the benchmark's day.
pub const SPAN_MS: i64 = 3 * 365 * 86_400_000;
pub const RECIPIENTS: i64 = 2_000;

pub fn last_names() -> Vec<String> {
    LAST_START.iter().flat_map(|a| LAST_END.iter().map(move |b| format!("{a}{b}"))).collect()
}

/// Fills an empty giving database: donors, transactions, subscriptions, then every kept total.
pub async fn seed(db: &common::db::Db, b: Backend, donors: i64, txs: i64, end: i64) -> anyhow::Result<()> {
    // One connection: the name tables are temporary (its own).
    let mut conn = db.pool.acquire().await?;
    let pool = &mut *conn;
    let start = end - SPAN_MS;
    let (nf, last) = (FIRST.len() as i64, last_names());
    let nl = last.len() as i64;
    if b == Backend::Postgres {
        exec(pool, "SET synchronous_commit = off").await?;
    }
    exec(pool, "CREATE TEMPORARY TABLE bench_first (n BIGINT PRIMARY KEY, name TEXT NOT NULL)").await?;
    exec(pool, "CREATE TEMPORARY TABLE bench_last (n BIGINT PRIMARY KEY, name TEXT NOT NULL)").await?;
    let values = |names: &[String]| {
        names.iter().enumerate().map(|(i, n)| format!("({i}, '{n}')")).collect::<Vec<_>>().join(", ")
    };
    exec(pool, &format!("INSERT INTO bench_first (n, name) VALUES {}", values(&FIRST.map(String::from)))).await?;
    exec(pool, &format!("INSERT INTO bench_last (n, name) VALUES {}", values(&last))).await?;
    // A donor i: first name i % nf, last name (i / nf) % nl; joined evenly over the span.
    exec(
        pool,
        &format!(
            "{} INSERT INTO donors (id, first_name, last_name, name_key, email, phone_number, is_active, created_at, updated_at) \
             SELECT {}, f.name, l.name, LOWER(f.name || ' ' || l.name), 'donor' || i || '@example.org', CAST({PHONE_BASE} + i AS TEXT), TRUE, {start} + i * {step}, {start} + i * {step} \
             FROM s JOIN bench_first f ON f.n = i % {nf} JOIN bench_last l ON l.n = (i / {nf}) % {nl}",
            b.series(donors),
            b.hex("i"),
            step = SPAN_MS / donors
        ),
    )
    .await?;
    // The transactions' indexes are built once, after the rows (as a bulk load does).
    let list_indexes = match b {
        Backend::Postgres => {
            "SELECT CAST(indexname AS TEXT), CAST(indexdef AS TEXT) FROM pg_indexes WHERE tablename = 'transactions' AND indexname <> 'transactions_pkey'"
        }
        Backend::Sqlite => {
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL"
        }
    };
    let indexes: Vec<(String, String)> = sqlx::query_as(list_indexes).fetch_all(&mut *pool).await?;
    for (name, _) in &indexes {
        exec(pool, &format!("DROP INDEX {name}")).await?;
    }
    // Transaction i: 30% recurring (from the donors of every fifth number, to the recipient of
    // their subscription), 94% succeeded, 3% refunded, 2% failed, 1% pending; $5 to $500.
    let fee = |bp: i64| format!("((a * {bp} + 5000) / 10000)");
    exec(
        pool,
        &format!(
            "{series} INSERT INTO transactions (id, donor_id, donor_name, donor_name_key, donor_email, recipient_type, recipient_id, \
             recipient_name, recipient_name_key, recipient_deleted, amount_cents, currency, processing_fee_bp, service_charge_bp, \
             processing_fee_cents, service_charge_cents, net_cents, payment_method, status, type, subscription_id, receipt_number, \
             provider_reference, created_at, refunded_at) \
             SELECT {id}, {donor}, f.name || ' ' || l.name, LOWER(f.name || ' ' || l.name), 'donor' || d || '@example.org', \
             CASE WHEN r % 10 < 7 THEN 'charity' WHEN r % 10 < 9 THEN 'cause' ELSE 'community' END, {recipient}, \
             'Nonprofit ' || r, 'nonprofit ' || r, FALSE, a, 'usd', 290, 500, {pf}, {sc}, a - {pf} - {sc}, \
             CASE i % 5 WHEN 0 THEN 'card' WHEN 1 THEN 'ach' WHEN 2 THEN 'paypal' WHEN 3 THEN 'apple_pay' ELSE 'google_pay' END, \
             CASE WHEN (i * 13) % 100 < 94 THEN 'succeeded' WHEN (i * 13) % 100 < 97 THEN 'refunded' WHEN (i * 13) % 100 < 99 THEN 'failed' ELSE 'pending' END, \
             CASE WHEN rec = 1 THEN 'recurring' ELSE 'one_time' END, CASE WHEN rec = 1 THEN {sub} ELSE '' END, \
             'GC-B-' || i, 'bench_' || i, {start} + i * {step}, \
             CASE WHEN (i * 13) % 100 >= 94 AND (i * 13) % 100 < 97 THEN {start} + i * {step} + 86400000 ELSE 0 END \
             FROM (SELECT i, rec, d, CASE WHEN rec = 1 THEN d % {RECIPIENTS} ELSE (i * 104729) % {RECIPIENTS} END AS r, \
                   500 + (i * 31337) % 49500 AS a \
                   FROM (SELECT i, CASE WHEN i % 10 < 3 THEN 1 ELSE 0 END AS rec, \
                         CASE WHEN i % 10 < 3 THEN 5 * (1 + (i * 7919) % {fifth}) ELSE 1 + (i * 7919) % {donors} END AS d FROM s) y) x \
             JOIN bench_first f ON f.n = d % {nf} JOIN bench_last l ON l.n = (d / {nf}) % {nl}",
            series = b.series(txs),
            id = b.hex("i + 4294967296"),
            donor = b.hex("d"),
            recipient = b.hex("r + 8589934592"),
            sub = b.hex("d + 12884901888"),
            pf = fee(290),
            sc = fee(500),
            fifth = donors / 5,
            step = SPAN_MS / txs,
        ),
    )
    .await?;
    for (_, definition) in &indexes {
        exec(pool, definition).await?;
    }
    // A monthly subscription for every fifth donor, to its recipient.
    exec(
        pool,
        &format!(
            "{} INSERT INTO subscriptions (id, donor_id, recipient_type, recipient_id, recipient_name, amount_cents, currency, interval, status, \
             started_at, next_charge_at, charges_count) \
             SELECT {}, {}, CASE WHEN (5 * i) % {RECIPIENTS} % 10 < 7 THEN 'charity' WHEN (5 * i) % {RECIPIENTS} % 10 < 9 THEN 'cause' ELSE 'community' END, \
             {}, 'Nonprofit ' || ((5 * i) % {RECIPIENTS}), 2500, 'usd', 'monthly', 'active', {start}, {end} + 86400000, 0 FROM s",
            b.series(donors / 5),
            b.hex("5 * i + 12884901888"),
            b.hex("5 * i"),
            b.hex(&format!("(5 * i) % {RECIPIENTS} + 8589934592")),
        ),
    )
    .await?;
    drop(conn);
    let t = Instant::now();
    let r = giving::rollups::rebuild(db).await?;
    eprintln!("  {:>6.1} s  rebuild: {r:?}", t.elapsed().as_secs_f64());
    let pool = &mut *db.pool.acquire().await?;
    exec(pool, if b == Backend::Postgres { "VACUUM ANALYZE" } else { "ANALYZE" }).await?;
    if b == Backend::Postgres
        && let Err(e) = sqlx::query("CHECKPOINT").execute(&mut *pool).await
    {
        eprintln!("no CHECKPOINT after seeding ({e})");
    }
    Ok(())
}
