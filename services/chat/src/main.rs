//! The chat service on its own (cluster mode).

use clap::Parser;

#[derive(Parser)]
#[command(name = "chat", about = "Giving Console chat service")]
struct Cli {
    #[command(flatten)]
    config: chat::app::Config,
    #[command(flatten)]
    service: common::service::ServiceArgs,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.config;
    common::service::run("chat", cli.service, "0.0.0.0:50056", |listen, bus, shutdown| async move {
        Ok(chat::app::start(&config, &listen, bus, shutdown).await?.server)
    })
    .await
}
