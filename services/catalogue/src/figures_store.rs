//! The dashboard figures' SQL: the kept nonprofit counts, the active causes and categories,
//! and the nonprofits of each month of a year (bounds bound as parameters).

use crate::charity::{APPROVE, PENDING, REJECT};
use common::db::{Backend, Sql};
use sqlx::{AnyConnection, Row};

/// Every state a nonprofit's verification can be in.
pub const VERIFICATION_STATES: [&str; 3] = [PENDING, APPROVE, REJECT];

/// One month's nonprofits: created in it, and those of them still pending verification.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Month {
    pub month: u32,
    pub nonprofits: i64,
    pub requests: i64,
}

/// The onboarded nonprofits per verification state.
pub async fn counts(c: &mut AnyConnection) -> sqlx::Result<Vec<(String, i64)>> {
    let mut q = Sql::new(
        Backend::of_connection(c),
        "SELECT admin_verification, CAST(n AS BIGINT) AS n FROM charity_counts WHERE is_imported = ",
    );
    q.push_bind(false);
    q.build().fetch_all(c).await?.iter().map(|r| Ok((r.try_get("admin_verification")?, r.try_get("n")?))).collect()
}

pub async fn active(c: &mut AnyConnection, table: &str) -> sqlx::Result<i64> {
    let mut q = Sql::new(Backend::of_connection(c), format!("SELECT COUNT(*) FROM {table} WHERE is_active = "));
    q.push_bind(true);
    q.build().fetch_one(c).await?.try_get(0)
}

/// Onboarded nonprofits created in each month of `year` and those still pending: one
/// GROUP BY over a CASE of the month bounds (the catalogue holds few onboarded nonprofits).
///
/// The verification states are named (`IN`, every state a nonprofit can be in), so the query
/// seeks the (is_imported, admin_verification, created_at) index on all three columns. Without
/// them SQLite, once ANALYZE has seen two tabs of about the same size on average, skip-scans
/// that index instead and reads every imported nonprofit of the year's range: 12 ms a
/// dashboard with 200,000 imported, 0.1 ms seeking (`bench.sh cpu`, issue 35).
pub async fn months(c: &mut AnyConnection, year: i32) -> sqlx::Result<Vec<Month>> {
    let mut q = Sql::new(Backend::of_connection(c), "");
    months_sql(&mut q, year);
    let mut out: Vec<Month> = (1..=12).map(|month| Month { month, ..Default::default() }).collect();
    for r in q.build().fetch_all(c).await? {
        let m: i64 = r.try_get("month")?;
        if let Some(slot) = out.get_mut(m as usize - 1) {
            slot.nonprofits = r.try_get("n")?;
            slot.requests = r.try_get("pending")?;
        }
    }
    Ok(out)
}

/// The statement of `months`, pushed onto `q`.
pub fn months_sql(q: &mut Sql, year: i32) {
    let bounds = common::calendar::month_bounds(year);
    q.push("SELECT CAST(CASE");
    for (i, end) in bounds[1..].iter().enumerate() {
        q.push(" WHEN created_at < ").push_bind(*end).push(&format!(" THEN {}", i + 1));
    }
    q.push(" END AS BIGINT) AS month, CAST(COUNT(*) AS BIGINT) AS n, CAST(SUM(CASE WHEN admin_verification = 'Pending' THEN 1 ELSE 0 END) AS BIGINT) AS pending");
    q.push(" FROM charities WHERE is_imported = ").push_bind(false);
    q.push(" AND admin_verification IN (").push_list(VERIFICATION_STATES, |q, state| {
        q.push_bind(state.to_string());
    });
    q.push(") AND created_at >= ").push_bind(bounds[0]).push(" AND created_at < ").push_bind(bounds[12]);
    q.push(" GROUP BY 1");
}
