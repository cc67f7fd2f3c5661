//! The identity service on its own (cluster mode).

use clap::Parser;

#[derive(Parser)]
#[command(name = "identity", about = "Giving Console identity service")]
struct Cli {
    #[command(flatten)]
    config: identity::app::Config,
    #[command(flatten)]
    service: common::service::ServiceArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.config;
    common::service::run("identity", cli.service, "0.0.0.0:50051", |listen, bus, shutdown| async move {
        Ok(identity::app::start(&config, &listen, bus, shutdown).await?.server)
    })
    .await
}
