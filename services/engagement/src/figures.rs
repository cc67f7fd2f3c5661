//! One nonprofit's engagement figures (a nonprofit admin's dashboard): the events it hosts
//! (`host_type` 'charity', its id) and the communities that support it (their nonprofits
//! include it: `community_links`), deleted ones left out.

use crate::figures_store::{self, NonprofitFigures};
use crate::service::Engagement;
use common::error::{Check, Result};

impl Engagement {
    pub async fn nonprofit_figures(&self, charity_id: &str) -> Result<NonprofitFigures> {
        let id = charity_id.trim();
        let mut check = Check::default();
        if id.is_empty() {
            check.fail("charityId", "Please choose a nonprofit");
        }
        check.done()?;
        Ok(figures_store::nonprofit_figures(&mut *self.read().await?, id, common::now_ms()).await?)
    }

    /// The communities that list a cause or a nonprofit (deleted ones too: a restore brings
    /// them back) and the events a nonprofit hosts, so it is not deleted from under them
    /// (`kind` "cause" or "charity"; anything else is used by nothing here).
    pub async fn usage(&self, kind: &str, id: &str) -> Result<Vec<(String, i64)>> {
        if kind != "cause" && kind != "charity" {
            return Ok(vec![]);
        }
        let (communities, events) = figures_store::link_usage(&mut *self.read().await?, kind, id.trim()).await?;
        let plural = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut out = vec![];
        if communities > 0 {
            out.push((plural(communities, "community", "communities"), communities));
        }
        if events > 0 {
            out.push((plural(events, "event", "events"), events));
        }
        Ok(out)
    }
}
