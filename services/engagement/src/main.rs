//! The engagement service on its own (cluster mode).

use clap::Parser;

#[derive(Parser)]
#[command(name = "engagement", about = "Giving Console engagement service")]
struct Cli {
    #[command(flatten)]
    config: engagement::app::Config,
    #[command(flatten)]
    service: common::service::ServiceArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.config;
    common::service::run("engagement", cli.service, "0.0.0.0:50054", |listen, bus, shutdown| async move {
        Ok(engagement::app::start(&config, &listen, bus, shutdown).await?.server)
    })
    .await
}
