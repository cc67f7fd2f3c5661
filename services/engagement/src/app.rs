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
    consumer: crate::people::Consumer, queue: crate::events::CONSUMER, events: crate::events::CONSUMED,
}
