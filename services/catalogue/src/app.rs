//! Configuration and start-up of the catalogue service (its own binary, the embedded
//! console, tests): `MIGRATIONS`, `Config` (only its database), `Running` and `start`,
//! declared the one way every service does (`common::service_app!`).

use crate::service::Catalogue;
use common::db::Db;
use proto::catalogue::v1::catalogue_server::CatalogueServer;

common::service_app! {
    /// Connects, migrates, starts the outbox relay and serves gRPC on `listen` until `shutdown`.
    catalogue: Catalogue, CatalogueServer,
    config: database,
}

/// The catalogue on its database (migrated), without serving or relaying (commands).
pub async fn open(cfg: &Config) -> anyhow::Result<Catalogue> {
    Ok(Catalogue::new(Db::connect(&cfg.database_url, &MIGRATIONS).await?, None))
}
