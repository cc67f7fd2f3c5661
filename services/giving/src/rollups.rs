//! Rebuilds everything the giving service keeps next to its transactions from the
//! transactions, donors and subscriptions themselves: donor totals, the (donor, recipient)
//! rows of the Subscribed Donor tabs, the monthly rollups (the platform's and each
//! recipient's), the counters, the day counts and the
//! recipients of the transaction list (`giving rebuild-rollups`). Each write keeps them up to
//! date already; this is the repair (and the test that they are right: a rebuild after real
//! use changes nothing), and what a bulk load runs once at its end. Badges already awarded
//! stay (an award is history, not a total).

use crate::fees;
use common::db::Db;
use sqlx::Row;
use std::collections::BTreeMap;

/// What the rebuild found.
#[derive(Debug, Default, PartialEq)]
pub struct Rebuilt {
    pub donors: i64,
    pub transactions: i64,
    pub months: usize,
}

/// Recomputes every kept total in one database transaction (readers see the old totals or the
/// new ones, never a mix).
pub async fn rebuild(db: &Db) -> anyhow::Result<Rebuilt> {
    let mut tx = db.pool.begin().await?;
    let c = &mut *tx;
    const MONTHS_OF: &str = "(CASE WHEN s.interval = 'yearly' THEN 12 ELSE 1 END)";
    let statements = [
        "UPDATE donors SET total_given_cents = 0, donations_count = 0, months_subscribed = 0".to_string(),
        "UPDATE donors SET total_given_cents = t.cents, donations_count = t.n FROM \
         (SELECT donor_id, CAST(SUM(amount_cents) AS BIGINT) AS cents, COUNT(*) AS n FROM transactions \
          WHERE status = 'succeeded' AND donor_id <> '' GROUP BY donor_id) t WHERE donors.id = t.donor_id"
            .to_string(),
        format!(
            "UPDATE donors SET months_subscribed = t.months FROM \
             (SELECT x.donor_id, CAST(SUM({MONTHS_OF}) AS BIGINT) AS months FROM transactions x \
              JOIN subscriptions s ON s.id = x.subscription_id \
              WHERE x.status = 'succeeded' AND x.type = 'recurring' AND x.donor_id <> '' GROUP BY x.donor_id) t \
             WHERE donors.id = t.donor_id"
        ),
        "DELETE FROM donor_recipients".to_string(),
        "INSERT INTO donor_recipients (donor_id, recipient_id, recipient_type, recipient_name, one_time_count, one_time_cents, \
         recurring_cents, subscriptions_count, first_given_at) \
         SELECT donor_id, recipient_id, MIN(recipient_type), MIN(recipient_name), \
         COUNT(CASE WHEN type = 'one_time' THEN 1 END), \
         CAST(COALESCE(SUM(CASE WHEN type = 'one_time' THEN amount_cents END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN type = 'recurring' THEN amount_cents END), 0) AS BIGINT), 0, MIN(created_at) \
         FROM transactions WHERE status = 'succeeded' AND donor_id <> '' \
         AND donor_id NOT IN (SELECT id FROM donors_trash) GROUP BY donor_id, recipient_id"
            .to_string(),
        // Every subscription a donor started counts (cancelled ones too: 'subscribed donor count');
        // a deleted donor's stay in `subscriptions`, cancelled, and count for no one. A donor in
        // the trash has no rows here, from either statement (its rows wait in
        // donor_recipients_trash with it).
        "INSERT INTO donor_recipients (donor_id, recipient_id, recipient_type, recipient_name, subscriptions_count) \
         SELECT donor_id, recipient_id, MIN(recipient_type), MIN(recipient_name), COUNT(*) FROM subscriptions \
         WHERE donor_id IN (SELECT id FROM donors) GROUP BY donor_id, recipient_id \
         ON CONFLICT (donor_id, recipient_id) DO UPDATE SET subscriptions_count = excluded.subscriptions_count"
            .to_string(),
        "UPDATE donor_recipients SET donor_name_key = COALESCE((SELECT name_key FROM donors WHERE donors.id = donor_recipients.donor_id), '')"
            .to_string(),
        "DELETE FROM tx_days".to_string(),
        "INSERT INTO tx_days (day, status, type, recipient_type, shard, n) \
         SELECT created_at / 86400000, status, type, recipient_type, 0, COUNT(*) FROM transactions \
         GROUP BY created_at / 86400000, status, type, recipient_type"
            .to_string(),
        "INSERT INTO recipients (id, type, name_key) \
         SELECT recipient_id, MIN(recipient_type), MIN(recipient_name_key) FROM transactions GROUP BY recipient_id \
         ON CONFLICT (id) DO NOTHING"
            .to_string(),
    ];
    for s in statements {
        sqlx::query(sqlx::AssertSqlSafe(s)).execute(&mut *c).await?;
    }

    // Months: the succeeded donations and the new donors of each UTC day, folded in here (the
    // calendar is the service's, not the database's).
    let mut months: BTreeMap<(i32, i32), (i64, i64, i64)> = BTreeMap::new();
    let days = sqlx::query(
        "SELECT created_at / 86400000 AS day, COUNT(*) AS n, CAST(SUM(amount_cents) AS BIGINT) AS cents FROM transactions \
         WHERE status = 'succeeded' GROUP BY created_at / 86400000",
    )
    .fetch_all(&mut *c)
    .await?;
    for r in &days {
        let m = months.entry(fees::year_month(r.try_get::<i64, _>("day")? * crate::tx_index::DAY_MS)).or_default();
        m.1 += r.try_get::<i64, _>("n")?;
        m.2 += r.try_get::<i64, _>("cents")?;
    }
    let joined =
        sqlx::query("SELECT created_at / 86400000 AS day, COUNT(*) AS n FROM donors GROUP BY created_at / 86400000")
            .fetch_all(&mut *c)
            .await?;
    for r in &joined {
        months.entry(fees::year_month(r.try_get::<i64, _>("day")? * crate::tx_index::DAY_MS)).or_default().0 +=
            r.try_get::<i64, _>("n")?;
    }
    sqlx::query("DELETE FROM months").execute(&mut *c).await?;
    for ((year, month), (new_donors, donations, cents)) in &months {
        sqlx::query("INSERT INTO months (year, month, shard, new_donors, donations, amount_cents) VALUES ($1, $2, 0, $3, $4, $5)")
            .bind(*year)
            .bind(*month)
            .bind(*new_donors)
            .bind(*donations)
            .bind(*cents)
            .execute(&mut *c)
            .await?;
    }

    // Each recipient's months (migration 0012): its donations, its donors in the month of
    // their first gift, its subscriptions started less those cancelled; by day, then folded.
    let mut kept: BTreeMap<(String, i32, i32), crate::recipient_months_store::RecipientMonth> = BTreeMap::new();
    let by_day = [
        "SELECT recipient_id, created_at / 86400000 AS day, COUNT(*) AS n, CAST(SUM(amount_cents) AS BIGINT) AS cents FROM transactions \
         WHERE status = 'succeeded' GROUP BY recipient_id, created_at / 86400000",
        "SELECT recipient_id, first_given_at / 86400000 AS day, COUNT(*) AS n, CAST(0 AS BIGINT) AS cents FROM donor_recipients \
         WHERE first_given_at <> 0 GROUP BY recipient_id, first_given_at / 86400000",
        "SELECT recipient_id, started_at / 86400000 AS day, COUNT(*) AS n, CAST(0 AS BIGINT) AS cents FROM subscriptions \
         GROUP BY recipient_id, started_at / 86400000",
        "SELECT recipient_id, cancelled_at / 86400000 AS day, COUNT(*) AS n, CAST(0 AS BIGINT) AS cents FROM subscriptions \
         WHERE status = 'cancelled' GROUP BY recipient_id, cancelled_at / 86400000",
    ];
    for (i, sql) in by_day.into_iter().enumerate() {
        for r in sqlx::query(sql).fetch_all(&mut *c).await? {
            let (year, month) = fees::year_month(r.try_get::<i64, _>("day")? * crate::tx_index::DAY_MS);
            let m = kept.entry((r.try_get("recipient_id")?, year, month)).or_default();
            let n: i64 = r.try_get("n")?;
            match i {
                0 => {
                    m.donations += n;
                    m.amount_cents += r.try_get::<i64, _>("cents")?;
                }
                1 => m.new_donors += n,
                2 => m.subscriptions += n,
                _ => m.subscriptions -= n,
            }
        }
    }
    sqlx::query("DELETE FROM recipient_months").execute(&mut *c).await?;
    for ((recipient_id, year, month), m) in &kept {
        sqlx::query(
            "INSERT INTO recipient_months (recipient_id, year, month, shard, new_donors, donations, amount_cents, subscriptions) \
             VALUES ($1, $2, $3, 0, $4, $5, $6, $7)",
        )
        .bind(recipient_id)
        .bind(*year)
        .bind(*month)
        .bind(m.new_donors)
        .bind(m.donations)
        .bind(m.amount_cents)
        .bind(m.subscriptions)
        .execute(&mut *c)
        .await?;
    }

    crate::donor_totals_store::reset_pairs(c).await?;
    // Counters (the receipt sequence stays: numbers are never reused).
    let one = |sql: &'static str| sql;
    let counts: [(&str, &str); 7] = [
        ("donors", one("SELECT COUNT(*) FROM donors")),
        ("active_donors", one("SELECT COUNT(*) FROM donors WHERE is_active = TRUE")),
        ("donations", one("SELECT COUNT(*) FROM transactions WHERE status = 'succeeded'")),
        (
            "amount_cents",
            one("SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM transactions WHERE status = 'succeeded'"),
        ),
        ("active_subscriptions", one("SELECT COUNT(*) FROM subscriptions WHERE status = 'active'")),
        ("approved_partners", one("SELECT COUNT(*) FROM partners WHERE admin_verification = 'Approve'")),
        ("pending_partners", one("SELECT COUNT(*) FROM partners WHERE admin_verification = 'Pending'")),
    ];
    let mut found = Rebuilt { months: months.len(), ..Default::default() };
    for (name, sql) in counts {
        let value: i64 = sqlx::query(sql).fetch_one(&mut *c).await?.try_get(0)?;
        crate::counters_store::set_counter(c, name, value).await?;
        if name == "donors" {
            found.donors = value;
        }
    }
    found.transactions = sqlx::query("SELECT COUNT(*) FROM transactions").fetch_one(&mut *c).await?.try_get(0)?;
    tx.commit().await?;
    Ok(found)
}
