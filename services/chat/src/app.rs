//! Configuration and start-up of the chat service (its own binary, the embedded console,
//! tests).

use crate::service::Chat;
use common::bus::EventBus;
use common::db::Migrations;
use common::shutdown::Shutdown;
use proto::chat::v1::chat_server::ChatServer;
use std::sync::Arc;

pub static MIGRATIONS: Migrations =
    Migrations { sqlite: &sqlx::migrate!("./migrations/sqlite"), postgres: &sqlx::migrate!("./migrations/postgres") };

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// sqlite://path/chat.db or postgres://user:pass@host/chat
    #[arg(long, env = "CHAT_DATABASE_URL")]
    pub database_url: String,
}

// Beside the other services in one process, only its database differs (common::service::Stacked).
common::stacked_by_database!(Config);

pub struct Running {
    /// Its gRPC port (0 when it serves in process only).
    pub port: u16,
    /// Its gRPC server, called in process (the embedded console).
    pub local: common::grpc::InProcess,
    pub chat: Chat,
    pub server: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// Connects, migrates, starts the outbox relay, subscribes to the giving donor events it
/// keeps up with, and serves gRPC on `listen` until `shutdown`.
pub async fn start(
    cfg: &Config,
    listen: impl Into<common::grpc::Listen>,
    bus: Arc<dyn EventBus>,
    shutdown: Shutdown,
) -> anyhow::Result<Running> {
    let base = common::grpc::Base::open(&cfg.database_url, &MIGRATIONS, bus.clone(), &shutdown).await?;
    let chat = Chat::new(base.db, Some(base.relay));
    let consumer = Arc::new(crate::people::Consumer(chat.clone()));
    bus.subscribe(crate::events::CONSUMER, &crate::events::CONSUMED, consumer, shutdown.clone()).await?;
    let serving =
        common::grpc::start_service("chat", listen, ChatServer::new(chat.clone()), base.bus, shutdown).await?;
    Ok(Running { port: serving.port, local: serving.local, chat, server: serving.server })
}
