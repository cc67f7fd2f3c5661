//! The SQL of one recipient's figures (a nonprofit admin's dashboard): its sharded months,
//! the month its donors count in (their first gift) and its totals, kept in the same write as
//! each transaction and subscription.

use crate::counters_store::shard;
use common::db::{Backend, Sql};
use sqlx::{AnyConnection, Row};

/// Rows one recipient's month is spread over (fewer than [`crate::counters_store::SHARDS`]: a recipient's totals
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
pub(crate) fn push_recipient_month(
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
