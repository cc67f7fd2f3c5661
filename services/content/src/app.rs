//! Configuration and start-up of the content service (its own binary, the embedded
//! console, tests).

use crate::service::Content;
use common::bus::EventBus;
use common::db::Migrations;
use common::shutdown::Shutdown;
use proto::content::v1::content_server::ContentServer;
use std::sync::Arc;

pub static MIGRATIONS: Migrations =
    Migrations { sqlite: &sqlx::migrate!("./migrations/sqlite"), postgres: &sqlx::migrate!("./migrations/postgres") };

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// sqlite://path/content.db or postgres://user:pass@host/content
    #[arg(long, env = "CONTENT_DATABASE_URL")]
    pub database_url: String,
}

// Beside the other services in one process, only its database differs (common::service::Stacked).
common::stacked_by_database!(Config);

pub struct Running {
    /// Its gRPC port (0 when it serves in process only).
    pub port: u16,
    /// Its gRPC server, called in process (the embedded console).
    pub local: common::grpc::InProcess,
    pub content: Content,
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
    let content = Content::new(base.db, Some(base.relay));
    // The previous release's queue of every event (media references read from event text)
    // goes once nothing consumes it any more.
    common::bus::retire_queue(bus.clone(), crate::media::RETIRED_QUEUE, shutdown.clone());
    let serving =
        common::grpc::start_service("content", listen, ContentServer::new(content.clone()), base.bus, shutdown).await?;
    Ok(Running { port: serving.port, local: serving.local, content, server: serving.server })
}
