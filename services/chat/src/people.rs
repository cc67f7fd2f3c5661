//! The donors of the giving service as chat shows them, kept current from giving's events.
//! One consumer, idempotent: each event is marked handled in the same transaction as its
//! change (a redelivery changes nothing).
//!
//! Decision: a deleted donor's room and messages stay for the admin side, its name
//! 'Deleted donor' (no email or avatar); the donor can no longer connect (the BFF refuses its
//! member token: giving no longer knows it) and its room takes no more member messages.
//! A donor in giving's trash (issue 36) is shown so too, its copy kept aside so that its
//! restore brings it back as it was; its purge (giving.donor.deleted) is the deletion.

use crate::events::{self, CONSUMER};
use crate::people_store;
use crate::service::Chat;
use common::Actor;
use common::bus::{Event, EventHandler};
use common::error::Result;

impl Chat {
    /// A giving donor created, updated or (de)activated: its name ("first last"), email and
    /// active flag kept (its avatar stays what the BFF last passed). False on a redelivery.
    pub async fn donor_changed(&self, event_id: &str, d: &events::Donor) -> Result<bool> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, event_id).await? {
            return Ok(false);
        }
        let name = format!("{} {}", d.first_name.trim(), d.last_name.trim()).trim().to_string();
        people_store::upsert_person(&mut w, &d.id, &name, d.email.trim(), None, Some(d.is_active), common::now_ms())
            .await?;
        w.commit().await?;
        Ok(true)
    }

    /// A giving donor deleted: see the module. False on a redelivery.
    pub async fn donor_deleted(&self, event_id: &str, donor_id: &str) -> Result<bool> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, event_id).await? {
            return Ok(false);
        }
        people_store::delete_person(&mut w, donor_id, common::now_ms()).await?;
        people_store::drop_trashed_person(&mut w, donor_id).await?;
        w.commit().await?;
        Ok(true)
    }

    /// A giving donor put in the trash: see the module. False on a redelivery.
    pub async fn donor_trashed(&self, event_id: &str, donor_id: &str) -> Result<bool> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, event_id).await? {
            return Ok(false);
        }
        people_store::trash_person(&mut w, donor_id, common::now_ms()).await?;
        w.commit().await?;
        Ok(true)
    }

    /// A giving donor restored from the trash: see the module (nothing changes for a donor
    /// that was not in it). False on a redelivery.
    pub async fn donor_restored(&self, event_id: &str, donor_id: &str) -> Result<bool> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, event_id).await? {
            return Ok(false);
        }
        people_store::restore_person(&mut w, donor_id).await?;
        w.commit().await?;
        Ok(true)
    }
}

/// The consumer of giving.donor.{created,updated,status,trashed,restored,deleted}.
pub struct Consumer(pub Chat);

#[tonic::async_trait]
impl EventHandler for Consumer {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        let e = |e: common::error::Error| anyhow::anyhow!("{e}");
        match event.event_type.as_str() {
            events::DONOR_CREATED | events::DONOR_UPDATED | events::DONOR_STATUS => {
                let d: events::Donor = event.payload_as()?;
                self.0.donor_changed(&event.id, &d).await.map_err(e)?;
            }
            events::DONOR_DELETED => {
                let d: events::Donor = event.payload_as()?;
                self.0.donor_deleted(&event.id, &d.id).await.map_err(e)?;
            }
            events::DONOR_TRASHED => {
                let d: events::Donor = event.payload_as()?;
                self.0.donor_trashed(&event.id, &d.id).await.map_err(e)?;
            }
            events::DONOR_RESTORED => {
                let d: events::Donor = event.payload_as()?;
                self.0.donor_restored(&event.id, &d.id).await.map_err(e)?;
            }
            _ => {}
        }
        Ok(())
    }
}
