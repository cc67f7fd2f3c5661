//! Configuration and start-up of the catalogue service (its own binary, the embedded
//! console, tests).

use crate::service::Catalogue;
use common::bus::EventBus;
use common::db::{Db, Migrations};
use common::outbox::Relay;
use common::shutdown::Shutdown;
use proto::catalogue::v1::catalogue_server::CatalogueServer;
use std::sync::Arc;

pub static MIGRATIONS: Migrations = Migrations {
    sqlite: &sqlx::migrate!("./migrations/sqlite"),
    postgres: &sqlx::migrate!("./migrations/postgres"),
};

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// sqlite://path/catalogue.db or postgres://user:pass@host/catalogue
    #[arg(long, env = "CATALOGUE_DATABASE_URL")]
    pub database_url: String,
}

pub struct Running {
    pub port: u16,
    pub catalogue: Catalogue,
    pub server: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// The catalogue on its database (migrated), without serving or relaying (commands).
pub async fn open(cfg: &Config) -> anyhow::Result<Catalogue> {
    Ok(Catalogue::new(Db::connect(&cfg.database_url, &MIGRATIONS).await?, None))
}

/// Connects, migrates, starts the outbox relay and serves gRPC on `listen` until `shutdown`.
pub async fn start(cfg: &Config, listen: &str, bus: Arc<dyn EventBus>, shutdown: Shutdown) -> anyhow::Result<Running> {
    let db = Db::connect(&cfg.database_url, &MIGRATIONS).await?;
    let relay = Relay::new(db.clone(), bus);
    relay.clone().spawn(shutdown.clone());
    let catalogue = Catalogue::new(db, Some(relay));
    let listener = common::grpc::bind(listen).await?;
    let port = listener.local_addr()?.port();
    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    health_reporter.set_serving::<CatalogueServer<Catalogue>>().await;
    let router = tonic::transport::Server::builder()
        .trace_fn(common::grpc::request_span)
        .add_service(health_service)
        .add_service(tower::Layer::layer(
            &common::metrics::GrpcMetricsLayer("grpc_server_requests_seconds"),
            CatalogueServer::new(catalogue.clone()),
        ));
    let server = tokio::spawn(common::grpc::serve(router, listener, health_reporter, shutdown));
    tracing::info!(port, "catalogue service listening");
    Ok(Running { port, catalogue, server })
}
