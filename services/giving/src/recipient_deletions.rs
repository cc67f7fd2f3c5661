//! The consumer of the catalogue's deletions of nonprofits and causes: their transactions are
//! marked `recipient_deleted`, once per event.

use crate::service::Giving;
use crate::transactions_store;
use common::Actor;
use common::bus::{Event, EventHandler};
use common::error::Result;

impl Giving {
    /// Marks the transactions of a recipient deleted in the catalogue (their names stay), once
    /// per event; answers how many rows changed.
    pub async fn recipient_deleted(&self, event_id: &str, recipient_id: &str, types: &[&str]) -> Result<u64> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(RECIPIENT_DELETIONS, event_id).await? {
            return Ok(0);
        }
        let n = transactions_store::mark_recipient_deleted(&mut w, recipient_id, types).await?;
        w.commit().await?;
        Ok(n)
    }
}

/// The consumer's name in `processed_events` and its queue.
pub const RECIPIENT_DELETIONS: &str = "giving.recipient-deletions";
pub use common::topics::{CAUSE_DELETED, CHARITY_DELETED};
/// The catalogue's events the consumer reads.
pub const RECIPIENT_EVENTS: [&str; 2] = [CHARITY_DELETED, CAUSE_DELETED];

/// Consumes the catalogue's deletions of nonprofits and causes: their transactions are
/// marked `recipient_deleted` (a redelivered event changes nothing).
pub struct RecipientDeletions(pub Giving);

/// The part of a catalogue deletion's payload the consumer reads.
#[derive(Debug, serde::Deserialize)]
struct Deleted {
    id: String,
}

#[tonic::async_trait]
impl EventHandler for RecipientDeletions {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        let p: Deleted = event.payload_as()?;
        let types: &[&str] = if event.event_type == CAUSE_DELETED { &["cause"] } else { &["charity", "community"] };
        self.0.recipient_deleted(&event.id, &p.id, types).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(())
    }
}
