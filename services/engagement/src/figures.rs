//! One nonprofit's engagement figures (a nonprofit admin's dashboard): the events it hosts
//! (`host_type` 'charity', its id) and the communities that support it (their nonprofits
//! include it: `community_links`), deleted ones left out.

use crate::service::Engagement;
use crate::store::{self, NonprofitFigures};
use common::error::{Check, Result};

impl Engagement {
    pub async fn nonprofit_figures(&self, charity_id: &str) -> Result<NonprofitFigures> {
        let id = charity_id.trim();
        let mut check = Check::default();
        if id.is_empty() {
            check.fail("charityId", "Please choose a nonprofit");
        }
        check.done()?;
        Ok(store::nonprofit_figures(&mut *self.read().await?, id, common::now_ms()).await?)
    }
}
