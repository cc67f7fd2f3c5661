//! Configuration and start-up of the audit service (its own binary, the embedded console,
//! tests).

use crate::service::Audit;
use common::bus::EventBus;
use common::db::{Db, Migrations};
use common::shutdown::Shutdown;
use proto::audit::v1::audit_server::AuditServer;
use std::sync::Arc;

pub static MIGRATIONS: Migrations =
    Migrations { sqlite: &sqlx::migrate!("./migrations/sqlite"), postgres: &sqlx::migrate!("./migrations/postgres") };

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// sqlite://path/audit.db or postgres://user:pass@host/audit
    #[arg(long, env = "AUDIT_DATABASE_URL")]
    pub database_url: String,
}

// Beside the other services in one process, only its database differs (common::service::Stacked).
common::stacked_by_database!(Config);

pub struct Running {
    /// Its gRPC port (0 when it serves in process only).
    pub port: u16,
    /// Its gRPC server, called in process (the embedded console).
    pub local: common::grpc::InProcess,
    pub audit: Audit,
    pub server: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// The audit store (migrated), without serving or consuming (commands).
pub async fn open(cfg: &Config) -> anyhow::Result<Audit> {
    Ok(Audit::new(Db::connect(&cfg.database_url, &MIGRATIONS).await?))
}

/// Connects, migrates, consumes every event of the bus and serves gRPC on `listen` until
/// `shutdown`. (It emits nothing, so it has no relay.)
pub async fn start(
    cfg: &Config,
    listen: impl Into<common::grpc::Listen>,
    bus: Arc<dyn EventBus>,
    shutdown: Shutdown,
) -> anyhow::Result<Running> {
    let audit = open(cfg).await?;
    let consumer = Arc::new(crate::events::Consumer(audit.clone()));
    bus.subscribe(crate::service::CONSUMER, &crate::events::CONSUMED, consumer, shutdown.clone()).await?;
    let serving = common::grpc::start_service("audit", listen, AuditServer::new(audit.clone()), bus, shutdown).await?;
    Ok(Running { port: serving.port, local: serving.local, audit, server: serving.server })
}
