//! Configuration and start-up of the audit service (its own binary, the embedded console,
//! tests): `MIGRATIONS`, `Config` (only its database), `Running` and `start`, declared the
//! one way every service does (`common::service_app!`).

use crate::service::Audit;
use common::bus::EventBus;
use common::db::Db;
use common::shutdown::Shutdown;
use proto::audit::v1::audit_server::AuditServer;
use std::sync::Arc;

common::service_app! {
    /// Connects, migrates, consumes every event of the bus and serves gRPC on `listen` until
    /// `shutdown`. (It emits nothing, so it has no relay.)
    audit: Audit, AuditServer,
    config: database,
    open: open_serving,
    consumer: crate::events::Consumer, queue: crate::service::CONSUMER, events: crate::events::CONSUMED,
}

/// The audit store (migrated), without serving or consuming (commands).
pub async fn open(cfg: &Config) -> anyhow::Result<Audit> {
    Ok(Audit::new(Db::connect(&cfg.database_url, &MIGRATIONS).await?))
}

/// The store [`start`] serves: the one of [`open`], without a relay (it emits nothing).
async fn open_serving(cfg: &Config, _: &Arc<dyn EventBus>, _: &Shutdown) -> anyhow::Result<Audit> {
    open(cfg).await
}
