//! The donors of the giving service as this service shows them, kept current from giving's
//! events; and the catalogue's deletions. One consumer, idempotent: each event is marked
//! handled in the same transaction as its change (a redelivery changes nothing).
//!
//! Decisions: a deleted donor's memberships, likes and reports are removed (every count
//! corrected) and its posts and comments stay, anonymised to 'Deleted donor'. A donor in
//! giving's trash (issue 36) leaves the same lists and counts, its memberships, likes and open
//! reports kept in twin tables, its posts and comments as they were; its restore brings them
//! back with the counts; its purge (giving.donor.deleted) is the deletion above. A deleted
//! nonprofit or cause is dropped from every community's links; the events a deleted
//! nonprofit hosted keep their `hostName` (what was shown) with `hostId` cleared, so the
//! console shows the name and links nowhere.

use crate::calendar_store;
use crate::communities_store;
use crate::events::{self, CONSUMER};
use crate::people_store::{self, DonorRemoval};
use crate::service::Engagement;
use common::Actor;
use common::bus::{Event, EventHandler};
use common::error::Result;

impl Engagement {
    /// A giving donor created or updated: its name ("first last") and email kept (its avatar
    /// stays what the apps last sent); answers false on a redelivery.
    pub async fn donor_changed(&self, event_id: &str, d: &events::Donor) -> Result<bool> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, event_id).await? {
            return Ok(false);
        }
        let name = format!("{} {}", d.first_name.trim(), d.last_name.trim()).trim().to_string();
        people_store::upsert_person(&mut w, &d.id, &name, &d.email, "").await?;
        w.commit().await?;
        Ok(true)
    }

    /// A giving donor deleted: see the module. Answers None on a redelivery.
    pub async fn donor_deleted(&self, event_id: &str, donor_id: &str) -> Result<Option<DonorRemoval>> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, event_id).await? {
            return Ok(None);
        }
        let removed = people_store::remove_donor(&mut w, donor_id).await?;
        w.commit().await?;
        Ok(Some(removed))
    }

    /// A giving donor put in the trash: see the module. Answers None on a redelivery.
    pub async fn donor_trashed(&self, event_id: &str, donor_id: &str) -> Result<Option<DonorRemoval>> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, event_id).await? {
            return Ok(None);
        }
        let moved = people_store::trash_donor(&mut w, donor_id).await?;
        w.commit().await?;
        Ok(Some(moved))
    }

    /// A giving donor restored from the trash: see the module. Answers what came back (None on
    /// a redelivery; nothing for a donor whose rows were not in the trash).
    pub async fn donor_restored(&self, event_id: &str, donor_id: &str) -> Result<Option<DonorRemoval>> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, event_id).await? {
            return Ok(None);
        }
        let back = people_store::restore_donor(&mut w, donor_id).await?;
        w.commit().await?;
        Ok(Some(back))
    }

    /// A catalogue nonprofit (`kind` 'charity') or cause ('cause') deleted: see the module.
    /// Answers the communities changed (None on a redelivery).
    pub async fn catalogue_deleted(&self, event_id: &str, kind: &str, id: &str) -> Result<Option<Vec<String>>> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, event_id).await? {
            return Ok(None);
        }
        let changed = communities_store::drop_links(&mut w, kind, id).await?;
        if kind == "charity" {
            calendar_store::clear_charity_host(&mut w, id).await?;
        }
        w.commit().await?;
        Ok(Some(changed))
    }
}

/// The consumer of giving.donor.{created,updated,trashed,restored,deleted} and
/// catalogue.{charity,cause}.deleted.
pub struct Consumer(pub Engagement);

#[tonic::async_trait]
impl EventHandler for Consumer {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        let e = |e: common::error::Error| anyhow::anyhow!("{e}");
        match event.event_type.as_str() {
            events::DONOR_CREATED | events::DONOR_UPDATED => {
                let d: events::Donor = event.payload_as()?;
                self.0.donor_changed(&event.id, &d).await.map_err(e)?;
            }
            events::DONOR_DELETED => {
                let d: events::Deleted = event.payload_as()?;
                self.0.donor_deleted(&event.id, &d.id).await.map_err(e)?;
            }
            events::DONOR_TRASHED => {
                let d: events::Deleted = event.payload_as()?;
                self.0.donor_trashed(&event.id, &d.id).await.map_err(e)?;
            }
            events::DONOR_RESTORED => {
                let d: events::Deleted = event.payload_as()?;
                self.0.donor_restored(&event.id, &d.id).await.map_err(e)?;
            }
            events::CHARITY_DELETED | events::CAUSE_DELETED => {
                let d: events::Deleted = event.payload_as()?;
                let kind = if event.event_type == events::CAUSE_DELETED { "cause" } else { "charity" };
                self.0.catalogue_deleted(&event.id, kind, &d.id).await.map_err(e)?;
            }
            _ => {}
        }
        Ok(())
    }
}
