//! Configuration and start-up of the giving service (its own binary, the embedded console,
//! tests).

use crate::service::Giving;
use common::bus::EventBus;
use common::db::Migrations;
use common::shutdown::Shutdown;
use proto::giving::v1::giving_server::GivingServer;
use std::sync::Arc;

pub static MIGRATIONS: Migrations =
    Migrations { sqlite: &sqlx::migrate!("./migrations/sqlite"), postgres: &sqlx::migrate!("./migrations/postgres") };

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// sqlite://path/giving.db or postgres://user:pass@host/giving
    #[arg(long, env = "GIVING_DATABASE_URL")]
    pub database_url: String,
}

// Beside the other services in one process, only its database differs (common::service::Stacked).
common::stacked_by_database!(Config);

pub struct Running {
    /// Its gRPC port (0 when it serves in process only).
    pub port: u16,
    /// Its gRPC server, called in process (the embedded console).
    pub local: common::grpc::InProcess,
    pub giving: Giving,
    pub server: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// Connects, migrates, starts the outbox relay and serves gRPC on `listen` until `shutdown`.
pub async fn start(
    cfg: &Config,
    listen: impl Into<common::grpc::Listen>,
    bus: Arc<dyn EventBus>,
    shutdown: Shutdown,
) -> anyhow::Result<Running> {
    let base = common::grpc::Base::open(&cfg.database_url, &MIGRATIONS, bus.clone(), &shutdown).await?;
    let giving = Giving::new(base.db, Some(base.relay));
    // The platform's starting badges, once (SPEC section 6: badges have no add).
    let made = giving.ensure_starting_badges().await?;
    if made > 0 {
        tracing::info!(badges = made, "starting badges created");
    }
    let deletions = Arc::new(crate::recipient_deletions::RecipientDeletions(giving.clone()));
    bus.subscribe(
        crate::recipient_deletions::RECIPIENT_DELETIONS,
        &crate::recipient_deletions::RECIPIENT_EVENTS,
        deletions,
        shutdown.clone(),
    )
    .await?;
    let serving =
        common::grpc::start_service("giving", listen, GivingServer::new(giving.clone()), base.bus, shutdown).await?;
    Ok(Running { port: serving.port, local: serving.local, giving, server: serving.server })
}
