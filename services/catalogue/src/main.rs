//! The catalogue service on its own (cluster mode).

use clap::Parser;

#[derive(Parser)]
#[command(name = "catalogue", about = "Giving Console catalogue service")]
struct Cli {
    #[command(flatten)]
    config: catalogue::app::Config,
    /// gRPC listen address.
    #[arg(long, env = "GRPC_LISTEN", default_value = "0.0.0.0:50052")]
    listen: String,
    #[arg(long, env = "AMQP_URL")]
    amqp_url: Option<String>,
    /// Where /metrics is served (Prometheus text); off when empty.
    #[arg(long, env = "METRICS_LISTEN", default_value = "0.0.0.0:9090")]
    metrics_listen: String,
    /// "json" in the cluster.
    #[arg(long, env = "LOG_FORMAT", default_value = "text")]
    log_format: String,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _telemetry = common::telemetry::init("catalogue", cli.log_format == "json");
    let shutdown = common::shutdown::Shutdown::new();
    shutdown.on_signals();
    let bus = common::bus::from_url(cli.amqp_url.as_deref()).await?;
    if !cli.metrics_listen.is_empty() {
        let (addr, stop) = (cli.metrics_listen.clone(), shutdown.clone());
        tokio::spawn(async move {
            if let Err(e) = common::metrics::serve(&addr, stop).await {
                tracing::error!(error = %format!("{e:#}"), "metrics endpoint failed");
            }
        });
    }
    let running = catalogue::app::start(&cli.config, &cli.listen, bus, shutdown).await?;
    running.server.await??;
    Ok(())
}
