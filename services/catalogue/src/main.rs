//! The catalogue service on its own (cluster mode).

use clap::Parser;

#[derive(Parser)]
#[command(name = "catalogue", about = "Giving Console catalogue service")]
struct Cli {
    #[command(flatten)]
    config: catalogue::app::Config,
    #[command(flatten)]
    service: common::service::ServiceArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.config;
    common::service::run("catalogue", cli.service, "0.0.0.0:50052", |listen, bus, shutdown| async move {
        Ok(catalogue::app::start(&config, &listen, bus, shutdown).await?.server)
    })
    .await
}
