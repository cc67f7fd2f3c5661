//! The content service on its own (cluster mode).

use clap::Parser;

#[derive(Parser)]
#[command(name = "content", about = "Giving Console content service")]
struct Cli {
    #[command(flatten)]
    config: content::app::Config,
    #[command(flatten)]
    service: common::service::ServiceArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.config;
    common::service::run("content", cli.service, "0.0.0.0:50055", |listen, bus, shutdown| async move {
        Ok(content::app::start(&config, &listen, bus, shutdown).await?.server)
    })
    .await
}
