//! Configuration and start-up of the catalogue service (its own binary, the embedded
//! console, tests).

use crate::service::Catalogue;
use common::bus::EventBus;
use common::db::{Db, Migrations};
use common::shutdown::Shutdown;
use proto::catalogue::v1::catalogue_server::CatalogueServer;
use std::sync::Arc;

pub static MIGRATIONS: Migrations =
    Migrations { sqlite: &sqlx::migrate!("./migrations/sqlite"), postgres: &sqlx::migrate!("./migrations/postgres") };

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// sqlite://path/catalogue.db or postgres://user:pass@host/catalogue
    #[arg(long, env = "CATALOGUE_DATABASE_URL")]
    pub database_url: String,
}

// Beside the other services in one process, only its database differs (common::service::Stacked).
common::stacked_by_database!(Config);

pub struct Running {
    /// Its gRPC port (0 when it serves in process only).
    pub port: u16,
    /// Its gRPC server, called in process (the embedded console).
    pub local: common::grpc::InProcess,
    pub catalogue: Catalogue,
    pub server: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// The catalogue on its database (migrated), without serving or relaying (commands).
pub async fn open(cfg: &Config) -> anyhow::Result<Catalogue> {
    Ok(Catalogue::new(Db::connect(&cfg.database_url, &MIGRATIONS).await?, None))
}

/// Connects, migrates, starts the outbox relay and serves gRPC on `listen` until `shutdown`.
pub async fn start(
    cfg: &Config,
    listen: impl Into<common::grpc::Listen>,
    bus: Arc<dyn EventBus>,
    shutdown: Shutdown,
) -> anyhow::Result<Running> {
    let base = common::grpc::Base::open(&cfg.database_url, &MIGRATIONS, bus, &shutdown).await?;
    let catalogue = Catalogue::new(base.db, Some(base.relay));
    let serving =
        common::grpc::start_service("catalogue", listen, CatalogueServer::new(catalogue.clone()), base.bus, shutdown)
            .await?;
    Ok(Running { port: serving.port, local: serving.local, catalogue, server: serving.server })
}
