//! Audiences of the chat service's notifications: how many active donors a notification
//! reaches, and which recipients one donor has given to.
//!
//! Both read the kept (donor, recipient) totals (`donor_recipients`, one row per pair, kept
//! in the same write as every succeeded transaction and refund) and the kept counters, never
//! the transactions: a pair counts while it holds a succeeded one-time donation
//! (`one_time_count > 0`) or a charged recurring amount (`recurring_cents > 0`). The
//! `donor_recipients_recipient` index (migration 0008) reads one recipient's donors in order.

use crate::counters_store;
use crate::gifts::Recipient;
use crate::service::Giving;
use common::db::{Backend, Sql};
use common::error::{Check, Result};
use sqlx::Row;

/// At most this many recipients in one count.
pub const MAX_RECIPIENTS: usize = 200;

/// A pair that holds a succeeded transaction.
const GAVE: &str = "(r.one_time_count > 0 OR r.recurring_cents > 0)";

impl Giving {
    /// The number of active donors (no recipients: the kept counter), or of distinct active
    /// donors with a succeeded transaction to any of `recipients` (matched by id: ids are
    /// unique across kinds).
    pub async fn count_donors(&self, recipients: &[Recipient]) -> Result<i64> {
        let mut check = Check::default();
        if recipients.len() > MAX_RECIPIENTS {
            check.fail("recipients", format!("At most {MAX_RECIPIENTS} recipients"));
        }
        check.done()?;
        let mut c = self.db.pool.acquire().await?;
        if recipients.is_empty() {
            let active = counters_store::counters(&mut c)
                .await?
                .into_iter()
                .find(|(n, _)| n == "active_donors")
                .map(|(_, v)| v)
                .unwrap_or(0);
            return Ok(active.max(0));
        }
        let mut ids: Vec<&str> = recipients.iter().map(|r| r.id.as_str()).filter(|id| !id.is_empty()).collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Ok(0);
        }
        // Starts from the recipients' rows (the recipient index), each donor once, then checks
        // the donor is active (its primary key).
        let mut q = Sql::new(
            Backend::of_connection(&c),
            format!(
                "SELECT COUNT(*) FROM (SELECT DISTINCT r.donor_id FROM donor_recipients r WHERE {GAVE} AND r.recipient_id IN ("
            ),
        );
        q.push_list(ids.iter().copied(), |q, id| {
            q.push_bind(id.to_string());
        });
        q.push(")) g JOIN donors d ON d.id = g.donor_id WHERE d.is_active = TRUE");
        let n: i64 = q.build().fetch_one(&mut *c).await?.try_get(0)?;
        Ok(n)
    }

    /// The recipients a donor has given to (a succeeded transaction), by kind then name.
    /// An unknown donor has none.
    pub async fn donor_recipients(&self, donor_id: &str) -> Result<Vec<Recipient>> {
        let mut c = self.db.pool.acquire().await?;
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT r.recipient_type, r.recipient_id, r.recipient_name FROM donor_recipients r \
             WHERE r.donor_id = $1 AND {GAVE} ORDER BY r.recipient_type, r.recipient_name, r.recipient_id"
        )))
        .bind(donor_id)
        .fetch_all(&mut *c)
        .await?;
        rows.iter()
            .map(|r| Ok(Recipient { kind: r.try_get(0)?, id: r.try_get(1)?, name: r.try_get(2)? }))
            .collect::<sqlx::Result<_>>()
            .map_err(Into::into)
    }
}
