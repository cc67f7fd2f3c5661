//! The dashboard's figures: the platform's counters and months, one recipient's figures (a
//! nonprofit admin's dashboard), and a recipient's usage; read from the kept rollups only.

use crate::counters_store;
use crate::fees;
use crate::recipient_months_store;
use crate::service::Giving;
use crate::transactions_store;
use common::error::{Check, Error, Result};

#[derive(Debug, Clone, PartialEq, Default)]
pub struct MonthFigures {
    pub month: i32,
    pub new_donors: i64,
    pub donations: i64,
    pub amount_cents: i64,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Figures {
    pub donors: i64,
    pub active_donors: i64,
    pub donations: i64,
    pub amount_cents: i64,
    pub active_subscriptions: i64,
    pub approved_partners: i64,
    pub pending_partners: i64,
    /// Twelve entries, January first.
    pub months: Vec<MonthFigures>,
}

/// One recipient's figures (a nonprofit admin's dashboard: donations to its nonprofit).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RecipientFigures {
    /// Donors with a succeeded gift to it.
    pub donors: i64,
    /// Its succeeded donations and their amount.
    pub donations: i64,
    pub amount_cents: i64,
    /// Active subscriptions to it.
    pub active_subscriptions: i64,
    /// Twelve entries, January first: `new_donors` are the donors whose first gift to it fell
    /// in the month.
    pub months: Vec<MonthFigures>,
}

impl Giving {
    /// The dashboard's figures: the counters and the twelve months of `year` (never a scan);
    /// year 0 is the current UTC year.
    pub async fn figures(&self, year: i32) -> Result<Figures> {
        let year = if year == 0 { fees::year_month(common::now_ms()).0 } else { year };
        if !(2000..=2100).contains(&year) {
            return Err(Error::field("year", "Please choose a valid year"));
        }
        let (counters, months) = counters_store::figures_of(&mut *self.db.pool.acquire().await?, year).await?;
        let mut f = Figures::default();
        for (name, value) in counters {
            match name.as_str() {
                "donors" => f.donors = value,
                "active_donors" => f.active_donors = value,
                "donations" => f.donations = value,
                "amount_cents" => f.amount_cents = value,
                "active_subscriptions" => f.active_subscriptions = value,
                "approved_partners" => f.approved_partners = value,
                "pending_partners" => f.pending_partners = value,
                _ => {}
            }
        }
        f.months = (1..=12).map(|month| MonthFigures { month, ..Default::default() }).collect();
        for (month, new_donors, donations, amount_cents) in months {
            if let Some(m) = f.months.get_mut((month - 1) as usize) {
                *m = MonthFigures { month: month as i32, new_donors, donations, amount_cents };
            }
        }
        Ok(f)
    }

    /// The transactions (of any status) and active subscriptions to a cause or a nonprofit, so
    /// it is not deleted from under its history (`kind` "cause" or "charity"; anything else is
    /// used by nothing here).
    pub async fn usage(&self, kind: &str, id: &str) -> Result<Vec<(String, i64)>> {
        if kind != "cause" && kind != "charity" {
            return Ok(vec![]);
        }
        let (transactions, subscriptions) =
            transactions_store::recipient_usage(&mut *self.db.pool.acquire().await?, id.trim()).await?;
        let plural = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut out = vec![];
        if transactions > 0 {
            out.push((plural(transactions, "transaction", "transactions"), transactions));
        }
        if subscriptions > 0 {
            out.push((plural(subscriptions, "active subscription", "active subscriptions"), subscriptions));
        }
        Ok(out)
    }

    /// One recipient's figures (its id: a nonprofit's, a community's or a cause's) and its
    /// twelve months of `year` (0: the current UTC year), from its kept months only (migration
    /// 0012; never the transactions). An id that received nothing has zeros.
    pub async fn recipient_figures(&self, recipient_id: &str, year: i32) -> Result<RecipientFigures> {
        let year = if year == 0 { fees::year_month(common::now_ms()).0 } else { year };
        let mut check = Check::default();
        let id = recipient_id.trim();
        if id.is_empty() {
            check.fail("recipientId", "Please choose a recipient");
        }
        if !(2000..=2100).contains(&year) {
            check.fail("year", "Please choose a valid year");
        }
        check.done()?;
        let mut c = self.db.pool.acquire().await?;
        let t = recipient_months_store::recipient_totals(&mut c, id).await?;
        let mut f = RecipientFigures {
            donors: t.new_donors,
            donations: t.donations,
            amount_cents: t.amount_cents,
            active_subscriptions: t.subscriptions,
            months: (1..=12).map(|month| MonthFigures { month, ..Default::default() }).collect(),
        };
        for (month, m) in recipient_months_store::recipient_months_of(&mut c, id, year).await? {
            if let Some(slot) = f.months.get_mut((month - 1) as usize) {
                *slot = MonthFigures {
                    month: month as i32,
                    new_donors: m.new_donors,
                    donations: m.donations,
                    amount_cents: m.amount_cents,
                };
            }
        }
        Ok(f)
    }
}
