//! The bus side of the audit service (its `events` module, as in every service): the
//! consumer of every event (binding `#` on the durable queue `audit`): each event is
//! appended to the chain once. A handler error fails the delivery, which the bus retries
//! once and then dead-letters (`audit.dlq`), as it does an unparseable message.

use crate::service::Audit;
use common::bus::{Event, EventHandler};

/// Every routing key.
pub const CONSUMED: [&str; 1] = ["#"];

pub struct Consumer(pub Audit);

#[async_trait::async_trait]
impl EventHandler for Consumer {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        self.0.record(event).await.map_err(|e| anyhow::anyhow!("audit of {} failed: {e}", event.id))?;
        Ok(())
    }
}
