//! What every service binary does, written once: options, telemetry, signals, the bus,
//! the metrics endpoint, then the service's own start, until SIGTERM.

use crate::bus::EventBus;
use crate::shutdown::Shutdown;
use std::future::Future;
use std::sync::Arc;

/// The options every service binary takes (besides its own configuration).
#[derive(Debug, Clone, clap::Args)]
pub struct ServiceArgs {
    /// gRPC listen address (each service has its own default port).
    #[arg(long = "listen", env = "GRPC_LISTEN")]
    pub listen: Option<String>,
    /// RabbitMQ URL; the in-process bus when absent.
    #[arg(long, env = "AMQP_URL")]
    pub amqp_url: Option<String>,
    /// Where /metrics is served (Prometheus text); off when empty.
    #[arg(long, env = "METRICS_LISTEN", default_value = "0.0.0.0:9090")]
    pub metrics_listen: String,
    /// "json" in the cluster.
    #[arg(long, env = "LOG_FORMAT", default_value = "text")]
    pub log_format: String,
    /// Seconds between SIGTERM and the gRPC listener closing: health says NOT_SERVING and
    /// calls are still answered, so the BFF's balancers drop the replica before it refuses.
    #[arg(long = "shutdown-drain-secs", env = "SHUTDOWN_DRAIN_SECS", default_value_t = 0)]
    pub drain_secs: u64,
}

/// Runs a service until SIGTERM. `start` gets the listen address, the bus and the
/// shutdown signal, and answers the server task.
pub async fn run<F, Fut>(name: &'static str, args: ServiceArgs, default_listen: &str, start: F) -> anyhow::Result<()>
where
    F: FnOnce(String, Arc<dyn EventBus>, Shutdown) -> Fut,
    Fut: Future<Output = anyhow::Result<tokio::task::JoinHandle<anyhow::Result<()>>>>,
{
    let _telemetry = crate::telemetry::init(name, args.log_format == "json");
    crate::tls::init()?;
    let shutdown = Shutdown::new();
    shutdown.on_signals_draining(std::time::Duration::from_secs(args.drain_secs));
    let bus = crate::bus::from_url(args.amqp_url.as_deref()).await?;
    if !args.metrics_listen.is_empty() {
        let (addr, stop) = (args.metrics_listen.clone(), shutdown.clone());
        tokio::spawn(async move {
            if let Err(e) = crate::metrics::serve(&addr, stop).await {
                tracing::error!(error = %format!("{e:#}"), "metrics endpoint failed");
            }
        });
    }
    let listen = args.listen.unwrap_or_else(|| default_listen.to_string());
    let server = start(listen, bus, shutdown).await?;
    server.await?
}

/// What the services started together in one process (the embedded console, the BFF's tests:
/// the `stack` crate) share besides the bus: the token key, where people reach the console,
/// and where mail goes when there is no SMTP server.
#[derive(Debug, Clone, Default)]
pub struct Shared {
    pub jwt_secret: String,
    pub public_url: String,
    pub mail_dir: Option<std::path::PathBuf>,
}

/// A service's configuration when it runs beside the others in one process: its database
/// and what they share; every other setting from its environment variable or its default, as
/// its own binary reads them. Each service's `app::Config` implements it, so the `stack`
/// crate starts every service of the table without naming one.
pub trait Stacked: Sized {
    fn stacked(database_url: String, shared: &Shared) -> Self;
}

/// [`Stacked`] for a configuration that is only its database (`Config { database_url }`).
#[macro_export]
macro_rules! stacked_by_database {
    ($config:ty) => {
        impl $crate::service::Stacked for $config {
            fn stacked(database_url: String, _: &$crate::service::Shared) -> Self {
                Self { database_url }
            }
        }
    };
}
