//! Configuration and start-up of the engagement service (its own binary, the embedded
//! console, tests): `MIGRATIONS`, `Config` (only its database), `Running` and `start`,
//! declared the one way every service does (`common::service_app!`).

use crate::service::Engagement;
use proto::engagement::v1::engagement_server::EngagementServer;

common::service_app! {
    /// Connects, migrates, starts the outbox relay, subscribes to the giving and catalogue
    /// events it keeps up with, and serves gRPC on `listen` until `shutdown`.
    engagement: Engagement, EngagementServer,
    config: database,
    then: adopt_deleted,
    consumer: crate::people::Consumer, queue: crate::events::CONSUMER, events: crate::events::CONSUMED,
}

/// Records deleted before the trash existed get their trash entry (crate::trash).
async fn adopt_deleted(
    e: &Engagement,
    _: &std::sync::Arc<dyn common::bus::EventBus>,
    _: &common::shutdown::Shutdown,
) -> anyhow::Result<()> {
    let n = e.adopt_deleted().await?;
    if n > 0 {
        tracing::info!(records = n, "records deleted before the trash existed are in the trash now");
    }
    Ok(())
}
