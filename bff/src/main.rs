//! The BFF on its own (cluster mode).

use clap::Parser;
use std::time::Duration;

#[derive(Parser)]
#[command(name = "bff", about = "Giving Console backend-for-frontend")]
struct Cli {
    #[command(flatten)]
    config: bff::config::Config,
    #[arg(long, env = "LISTEN", default_value = "0.0.0.0:8080")]
    listen: String,
    /// Seconds between readiness turning false and the listener closing on SIGTERM.
    #[arg(long, env = "SHUTDOWN_DRAIN_SECS", default_value_t = 0)]
    drain_secs: u64,
    #[arg(long, env = "LOG_FORMAT", default_value = "text")]
    log_format: String,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let _telemetry = common::telemetry::init("bff", cli.log_format == "json");
    common::tls::init()?;
    let shutdown = common::shutdown::Shutdown::new();
    shutdown.on_signals();
    let state = cli.config.state().await?;
    if let Some(url) = cli.config.amqp_url.clone().filter(|u| !u.is_empty()) {
        if cli.config.redis_url.as_deref().is_none_or(str::is_empty) {
            tracing::warn!(
                "AMQP_URL without REDIS_URL: the other replicas renew their public answers only when they expire"
            );
        }
        bff::events::listen_in_background(state.clone(), url, shutdown.clone());
    }
    if let Some(addr) = bff::listen_metrics(&state, &cli.config.metrics_listen, shutdown.clone()).await? {
        tracing::info!(%addr, "metrics listening (/metrics, /healthz, /readyz)");
    }
    let listener = tokio::net::TcpListener::bind(&cli.listen).await?;
    tracing::info!(addr = %listener.local_addr()?, "BFF listening");
    bff::serve(state, listener, shutdown, Duration::from_secs(cli.drain_secs)).await
}
