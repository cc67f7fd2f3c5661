//! The dashboard's catalogue figures: nonprofit counts (from the trigger-kept
//! `charity_counts`), active causes and categories, and per month of a year the nonprofits
//! created and those still pending, in one statement. Month bounds are computed in Rust
//! (common::calendar): the SQL (figures_store.rs) is the same on SQLite and PostgreSQL.

use crate::error::Result;
use crate::figures_store::{Month, figures};
use crate::service::Catalogue;
use common::error::Check;

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

impl Catalogue {
    /// The figures, with the monthly series of `year` (2000 to 2100).
    pub async fn figures(&self, year: i32) -> Result<Figures> {
        let mut check = Check::default();
        if !(2000..=2100).contains(&year) {
            check.fail("year", "Please choose a valid year");
        }
        check.done()?;
        let (t, months) = figures(&mut *self.db.pool.acquire().await?, year).await?;
        Ok(Figures {
            nonprofits: t.nonprofits,
            approved: t.approved,
            pending_requests: t.pending,
            causes: t.causes,
            categories: t.categories,
            months,
        })
    }
}
