//! Configuration and start-up of the content service (its own binary, the embedded
//! console, tests): `MIGRATIONS`, `Config` (only its database), `Running` and `start`,
//! declared the one way every service does (`common::service_app!`).

use crate::service::Content;
use common::bus::EventBus;
use common::shutdown::Shutdown;
use proto::content::v1::content_server::ContentServer;
use std::sync::Arc;

common::service_app! {
    /// Connects, migrates, starts the outbox relay, retires the previous release's queue and
    /// serves gRPC on `listen` until `shutdown`.
    content: Content, ContentServer,
    config: database,
    then: retire_old_queue,
}

/// The previous release's queue of every event (media references read from event text) goes
/// once nothing consumes it any more.
async fn retire_old_queue(_: &Content, bus: &Arc<dyn EventBus>, shutdown: &Shutdown) -> anyhow::Result<()> {
    common::bus::retire_queue(bus.clone(), crate::media::RETIRED_QUEUE, shutdown.clone());
    Ok(())
}
