//! Configuration and start-up of the engagement service (its own binary, the embedded
//! console, tests).

use crate::service::Engagement;
use common::bus::EventBus;
use common::db::Migrations;
use common::shutdown::Shutdown;
use proto::engagement::v1::engagement_server::EngagementServer;
use std::sync::Arc;

pub static MIGRATIONS: Migrations =
    Migrations { sqlite: &sqlx::migrate!("./migrations/sqlite"), postgres: &sqlx::migrate!("./migrations/postgres") };

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// sqlite://path/engagement.db or postgres://user:pass@host/engagement
    #[arg(long, env = "ENGAGEMENT_DATABASE_URL")]
    pub database_url: String,
}

// Beside the other services in one process, only its database differs (common::service::Stacked).
common::stacked_by_database!(Config);

pub struct Running {
    /// Its gRPC port (0 when it serves in process only).
    pub port: u16,
    /// Its gRPC server, called in process (the embedded console).
    pub local: common::grpc::InProcess,
    pub engagement: Engagement,
    pub server: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// Connects, migrates, starts the outbox relay, subscribes to the giving and catalogue
/// events it keeps up with, and serves gRPC on `listen` until `shutdown`.
pub async fn start(
    cfg: &Config,
    listen: impl Into<common::grpc::Listen>,
    bus: Arc<dyn EventBus>,
    shutdown: Shutdown,
) -> anyhow::Result<Running> {
    let base = common::grpc::Base::open(&cfg.database_url, &MIGRATIONS, bus.clone(), &shutdown).await?;
    let engagement = Engagement::new(base.db, Some(base.relay));
    let consumer = Arc::new(crate::people::Consumer(engagement.clone()));
    bus.subscribe(crate::events::CONSUMER, &crate::events::CONSUMED, consumer, shutdown.clone()).await?;
    let serving = common::grpc::start_service(
        "engagement",
        listen,
        EngagementServer::new(engagement.clone()),
        base.bus,
        shutdown,
    )
    .await?;
    Ok(Running { port: serving.port, local: serving.local, engagement, server: serving.server })
}
