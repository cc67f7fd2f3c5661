//! Configuration and start-up of the giving service (its own binary, the embedded console,
//! tests): `MIGRATIONS`, `Config` (only its database), `Running` and `start`, declared the
//! one way every service does (`common::service_app!`).

use crate::service::Giving;
use common::bus::EventBus;
use common::shutdown::Shutdown;
use proto::giving::v1::giving_server::GivingServer;
use std::sync::Arc;

common::service_app! {
    /// Connects, migrates, starts the outbox relay, creates the starting badges, subscribes
    /// to the recipients' deletions and serves gRPC on `listen` until `shutdown`.
    giving: Giving, GivingServer,
    config: database,
    then: starting_badges,
    consumer: crate::recipient_deletions::RecipientDeletions,
    queue: crate::recipient_deletions::RECIPIENT_DELETIONS,
    events: crate::recipient_deletions::RECIPIENT_EVENTS,
}

/// The platform's starting badges, once (SPEC section 6: badges have no add).
async fn starting_badges(giving: &Giving, _: &Arc<dyn EventBus>, _: &Shutdown) -> anyhow::Result<()> {
    let made = giving.ensure_starting_badges().await?;
    if made > 0 {
        tracing::info!(badges = made, "starting badges created");
    }
    Ok(())
}
