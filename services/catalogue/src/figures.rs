//! The dashboard's catalogue figures: nonprofit counts (from the trigger-kept
//! `charity_counts`), active causes and categories, and per month of a year the nonprofits
//! created and those still pending. Month bounds are computed in Rust (common::calendar)
//! and bound as parameters: the SQL is the same on SQLite and PostgreSQL.

use crate::error::Result;
use crate::service::Catalogue;
use common::db::{Backend, Sql};
use common::error::Check;
use sqlx::{AnyConnection, Row};

/// One month's nonprofits: created in it, and those of them still pending verification.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Month {
    pub month: u32,
    pub nonprofits: i64,
    pub requests: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Figures {
    /// Onboarded nonprofits (imported ones not counted), approved ones among them, and
    /// pending verification requests.
    pub nonprofits: i64,
    pub approved: i64,
    pub pending_requests: i64,
    /// Active causes and categories.
    pub causes: i64,
    pub categories: i64,
    /// Twelve entries, January first.
    pub months: Vec<Month>,
}

/// The onboarded nonprofits per verification state.
async fn counts(c: &mut AnyConnection) -> sqlx::Result<Vec<(String, i64)>> {
    let mut q = Sql::new(
        Backend::of_connection(c),
        "SELECT admin_verification, CAST(n AS BIGINT) AS n FROM charity_counts WHERE is_imported = ",
    );
    q.push_bind(false);
    q.build().fetch_all(c).await?.iter().map(|r| Ok((r.try_get("admin_verification")?, r.try_get("n")?))).collect()
}

async fn active(c: &mut AnyConnection, table: &str) -> sqlx::Result<i64> {
    let mut q = Sql::new(Backend::of_connection(c), format!("SELECT COUNT(*) FROM {table} WHERE is_active = "));
    q.push_bind(true);
    q.build().fetch_one(c).await?.try_get(0)
}

/// Onboarded nonprofits created in each month of `year` and those still pending: one
/// GROUP BY over a CASE of the month bounds (the catalogue holds few onboarded nonprofits).
async fn months(c: &mut AnyConnection, year: i32) -> sqlx::Result<Vec<Month>> {
    let bounds = common::calendar::month_bounds(year);
    let mut q = Sql::new(Backend::of_connection(c), "SELECT CAST(CASE");
    for (i, end) in bounds[1..].iter().enumerate() {
        q.push(" WHEN created_at < ").push_bind(*end).push(&format!(" THEN {}", i + 1));
    }
    q.push(" END AS BIGINT) AS month, CAST(COUNT(*) AS BIGINT) AS n, CAST(SUM(CASE WHEN admin_verification = 'Pending' THEN 1 ELSE 0 END) AS BIGINT) AS pending");
    q.push(" FROM charities WHERE is_imported = ").push_bind(false);
    q.push(" AND created_at >= ").push_bind(bounds[0]).push(" AND created_at < ").push_bind(bounds[12]);
    q.push(" GROUP BY 1");
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

impl Catalogue {
    /// The figures, with the monthly series of `year` (2000 to 2100).
    pub async fn figures(&self, year: i32) -> Result<Figures> {
        let mut check = Check::default();
        if !(2000..=2100).contains(&year) {
            check.fail("year", "Please choose a valid year");
        }
        check.done()?;
        let mut c = self.db.pool.acquire().await?;
        let mut f = Figures::default();
        for (verification, n) in counts(&mut c).await? {
            f.nonprofits += n;
            match verification.as_str() {
                "Approve" => f.approved += n,
                "Pending" => f.pending_requests += n,
                _ => {}
            }
        }
        f.causes = active(&mut c, "causes").await?;
        f.categories = active(&mut c, "charity_categories").await?;
        f.months = months(&mut c, year).await?;
        Ok(f)
    }
}
