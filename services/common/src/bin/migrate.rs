//! `migrate`: runs one folder of migrations against one database, with the rule every
//! service applies at start (common::db): applied migrations this folder does not hold are
//! left alone (a rolling upgrade), an applied one whose text changed is refused, naming it.
//! The chart's optional migration hook runs it from the giving-console-migrate image
//! (deploy/Dockerfile.migrate), one service's folder (its own migrations and common's) per
//! Job, under the same advisory lock as the services' start-up migration.
//!
//!   DATABASE_URL=postgres://... migrate --source /migrations/identity

use anyhow::Context;
use clap::Parser;

#[derive(Parser)]
#[command(name = "migrate", about = "Runs a folder of Giving Console migrations against a database")]
struct Cli {
    /// The folder of NNNN_name.sql files (a service's migrations with services/common's).
    #[arg(long)]
    source: std::path::PathBuf,
    /// postgres://... (sslmode=verify-full and the rest as the services take it) or sqlite://...
    #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
    database_url: String,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _telemetry = common::telemetry::init("migrate", false);
    let migrator = sqlx::migrate::Migrator::new(cli.source.as_path())
        .await
        .with_context(|| format!("failed to read the migrations in {}", cli.source.display()))?;
    if migrator.iter().next().is_none() {
        anyhow::bail!("no migrations in {}", cli.source.display());
    }
    let db = common::db::Db::connect_only(&cli.database_url).await?;
    let applied = db.run_migrator(migrator).await?;
    println!("{applied} migration(s) applied from {}", cli.source.display());
    Ok(())
}
