//! The giving service on its own (cluster mode).

use clap::Parser;

#[derive(Parser)]
#[command(name = "giving", about = "Giving Console giving service")]
struct Cli {
    #[command(flatten)]
    config: giving::app::Config,
    #[command(flatten)]
    service: common::service::ServiceArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.config;
    common::service::run("giving", cli.service, "0.0.0.0:50053", |listen, bus, shutdown| async move {
        Ok(giving::app::start(&config, &listen, bus, shutdown).await?.server)
    })
    .await
}
