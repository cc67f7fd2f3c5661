//! The dashboard figures' SQL: the kept nonprofit counts, the active causes and categories,
//! and the nonprofits of each month of a year, in one statement.

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

/// The kept and counted figures of the dashboard (see `figures`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Onboarded nonprofits (imported ones not counted), the approved ones among them, and
    /// those pending verification.
    pub nonprofits: i64,
    pub approved: i64,
    pub pending: i64,
    /// Active causes and categories.
    pub causes: i64,
    pub categories: i64,
}

/// Every catalogue figure of the dashboard in one statement, one round trip (issue 35: it was
/// four): the kept onboarded counts (`charity_counts`, kept by triggers), the active causes and
/// categories, each once, beside each month of `year` that has onboarded nonprofits (see
/// `months_sql`; no month: one row with none).
pub async fn figures(c: &mut AnyConnection, year: i32) -> sqlx::Result<(Totals, Vec<Month>)> {
    let mut q = Sql::new(
        Backend::of_connection(c),
        "SELECT t.nonprofits, t.approved, t.pending, t.causes, t.categories, m.month, m.n, m.pending AS month_pending FROM (SELECT ",
    );
    // Every value is a constant of the code, written in the text: with nothing bound the
    // statement has one plan, made once per connection. Bound, `is_imported = $1` could be
    // either tab (200,000 imported rows or a dozen onboarded ones), so PostgreSQL may plan it
    // again for its value on every call.
    let kept = "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM charity_counts WHERE is_imported = FALSE";
    q.push(&format!("({kept}) AS nonprofits, "));
    q.push(&format!("({kept} AND admin_verification = '{APPROVE}') AS approved, "));
    q.push(&format!("({kept} AND admin_verification = '{PENDING}') AS pending, "));
    q.push("(SELECT COUNT(*) FROM causes WHERE is_active = TRUE) AS causes, ");
    q.push("(SELECT COUNT(*) FROM charity_categories WHERE is_active = TRUE) AS categories");
    q.push(") t LEFT JOIN (");
    months_sql(&mut q, year);
    q.push(") m ON TRUE");
    let rows = q.build().fetch_all(c).await?;
    let mut totals = Totals::default();
    let mut months: Vec<Month> = (1..=12).map(|month| Month { month, ..Default::default() }).collect();
    for r in &rows {
        totals = Totals {
            nonprofits: r.try_get("nonprofits")?,
            approved: r.try_get("approved")?,
            pending: r.try_get("pending")?,
            causes: r.try_get("causes")?,
            categories: r.try_get("categories")?,
        };
        let Some(m) = r.try_get::<Option<i64>, _>("month")? else { continue };
        if let Some(slot) = months.get_mut(m as usize - 1) {
            slot.nonprofits = r.try_get("n")?;
            slot.requests = r.try_get("month_pending")?;
        }
    }
    Ok((totals, months))
}

/// The statement of the months: onboarded nonprofits created in each month of `year` and
/// those still pending, one GROUP BY over a CASE of the month bounds (the catalogue holds few
/// onboarded nonprofits). The bounds are numbers in the text, not bound values (they come from
/// `year`, never from input text), and so are the tab and the states (constants): the
/// statement's plan is made once per connection and year (see `Sql::push_limit`).
///
/// The verification states are named (`IN`, every state a nonprofit can be in), so the query
/// seeks the (is_imported, admin_verification, created_at) index on all three columns. Without
/// them SQLite, once ANALYZE has seen two tabs of about the same size on average, skip-scans
/// that index instead and reads every imported nonprofit of the year's range: 12 ms a
/// dashboard with 200,000 imported, 0.1 ms seeking (`bench.sh cpu`, issue 35).
pub fn months_sql(q: &mut Sql, year: i32) {
    let bounds = common::calendar::month_bounds(year);
    q.push("SELECT CAST(CASE");
    for (i, end) in bounds[1..].iter().enumerate() {
        q.push(&format!(" WHEN created_at < {end} THEN {}", i + 1));
    }
    q.push(" END AS BIGINT) AS month, CAST(COUNT(*) AS BIGINT) AS n, CAST(SUM(CASE WHEN admin_verification = 'Pending' THEN 1 ELSE 0 END) AS BIGINT) AS pending");
    let states = VERIFICATION_STATES.map(|s| format!("'{s}'")).join(", ");
    q.push(&format!(
        " FROM charities WHERE is_imported = FALSE AND admin_verification IN ({states}) AND created_at >= {} AND created_at < {}",
        bounds[0], bounds[12]
    ));
    q.push(" GROUP BY 1");
}
