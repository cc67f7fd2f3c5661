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

/// Runs the service `service` of the table of services (`proto::<name>::SERVICE`) until
/// SIGTERM: [`run`] with its name, and its default listen address unless `--listen` says.
pub async fn run_listed<F, Fut>(
    service: &'static proto::services::Service,
    args: ServiceArgs,
    start: F,
) -> anyhow::Result<()>
where
    F: FnOnce(String, Arc<dyn EventBus>, Shutdown) -> Fut,
    Fut: Future<Output = anyhow::Result<tokio::task::JoinHandle<anyhow::Result<()>>>>,
{
    run(service.name, args, &service.default_listen(), start).await
}

/// The whole `main` of a service binary, for the service `<name>` (its crate, its entry of the
/// table of services): its options (`--help` names it "Giving Console <name> service"), its
/// `app::Config` and the [`ServiceArgs`], then `app::start` through [`run_listed`] until
/// SIGTERM. With `commands: C => f`, the binary takes the subcommands `C` too
/// (`#[derive(clap::Subcommand)]`), and one given runs `async fn f(C, app::Config) ->
/// anyhow::Result<()>` instead of the service. The calling crate depends on `clap`, `tokio`,
/// `anyhow` and `proto`.
#[macro_export]
macro_rules! service_main {
    ($name:ident $(, commands: $Command:ty => $command:ident)? $(,)?) => {
        #[derive(::clap::Parser)]
        #[command(name = stringify!($name), about = concat!("Giving Console ", stringify!($name), " service"))]
        struct Cli {
            #[command(flatten)]
            config: $name::app::Config,
            #[command(flatten)]
            service: $crate::service::ServiceArgs,
            $(
                #[command(subcommand)]
                command: Option<$Command>,
            )?
        }

        #[::tokio::main]
        async fn main() -> ::anyhow::Result<()> {
            let cli = <Cli as ::clap::Parser>::parse();
            $(
                if let Some(command) = cli.command {
                    return $command(command, cli.config).await;
                }
            )?
            let config = cli.config;
            $crate::service::run_listed(&::proto::$name::SERVICE, cli.service, |listen, bus, shutdown| async move {
                Ok($name::app::start(&config, &listen, bus, shutdown).await?.server)
            })
            .await
        }
    };
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

/// What every service's `app` module declares the one way, for the service `<name>` (its crate,
/// the field of its handle, its entry of the table of services) of handle type `<Service>`
/// and generated server `<Server>` (`ChatServer`):
///
/// - `MIGRATIONS`: the crate's `migrations/sqlite` and `migrations/postgres`;
/// - `Running`: the started service, its handle in the field `<name>`
///   (`running.chat`), beside its `port`, `local` (in process) and `server` task;
/// - `start(cfg, listen, bus, shutdown)`, documented by the doc comment given first: makes the
///   handle, runs the hooks, then serves the server on `listen` until `shutdown`
///   ([`crate::grpc::start_service`], the server's name `<name>`);
/// - with `config: database`, `Config`: only the database URL, `--database-url` or the
///   variable of the table (`<NAME>_DATABASE_URL`), [`Stacked`] by its database.
///
/// The handle is `<Service>::new(db, Some(relay))` on the store and relay of
/// [`crate::grpc::Base::open`], unless `open: f` names the module's
/// `async fn f(&Config, &Arc<dyn EventBus>, &Shutdown) -> anyhow::Result<Service>`. Then, in
/// this order: `then: g`, the module's `async fn g(&Service, &Arc<dyn EventBus>, &Shutdown) ->
/// anyhow::Result<()>`; `consumer: C, queue: Q, events: E`, the bus handler `C(handle)`
/// subscribed on queue `Q` to the patterns `E`.
///
/// ```ignore
/// common::service_app! {
///     /// Connects, migrates, starts the outbox relay, subscribes to the events it keeps up
///     /// with, and serves gRPC on `listen` until `shutdown`.
///     chat: Chat, ChatServer,
///     config: database,
///     consumer: crate::people::Consumer, queue: crate::events::CONSUMER, events: crate::events::CONSUMED,
/// }
/// ```
#[macro_export]
macro_rules! service_app {
    (@config database $name:ident) => {
        #[derive(Debug, Clone, ::clap::Args)]
        pub struct Config {
            #[arg(
                long,
                env = ::proto::$name::SERVICE.database,
                help = concat!("sqlite://path/", stringify!($name), ".db or postgres://user:pass@host/", stringify!($name))
            )]
            pub database_url: String,
        }

        // Beside the other services in one process, only its database differs.
        $crate::stacked_by_database!(Config);
    };
    (@make [] $name:ident: $Service:ty, $cfg:ident, $bus:ident, $shutdown:ident) => {
        let base = $crate::grpc::Base::open(&$cfg.database_url, &MIGRATIONS, $bus, &$shutdown).await?;
        let $name = <$Service>::new(base.db, Some(base.relay));
        let $bus = base.bus;
    };
    (@make [$open:ident] $name:ident: $Service:ty, $cfg:ident, $bus:ident, $shutdown:ident) => {
        let $name: $Service = $open($cfg, &$bus, &$shutdown).await?;
    };
    (
        $(#[$doc:meta])*
        $name:ident: $Service:ty, $Server:ident
        $(, config: $config:ident)?
        $(, open: $open:ident)?
        $(, then: $then:ident)?
        $(, consumer: $Consumer:path, queue: $queue:expr, events: $events:expr)?
        $(,)?
    ) => {
        $($crate::service_app!(@config $config $name);)?

        /// Its migrations (both backends; common's run with them).
        pub static MIGRATIONS: $crate::db::Migrations = $crate::db::Migrations {
            sqlite: &::sqlx::migrate!("./migrations/sqlite"),
            postgres: &::sqlx::migrate!("./migrations/postgres"),
        };

        #[doc = concat!("A started ", stringify!($name), " service.")]
        pub struct Running {
            /// Its gRPC port (0 when it serves in process only).
            pub port: u16,
            /// Its gRPC server, called in process (the embedded console).
            pub local: $crate::grpc::InProcess,
            /// Its handle, called directly (commands, tests, the embedded console).
            pub $name: $Service,
            pub server: ::tokio::task::JoinHandle<::anyhow::Result<()>>,
        }

        $(#[$doc])*
        pub async fn start(
            cfg: &Config,
            listen: impl Into<$crate::grpc::Listen>,
            bus: ::std::sync::Arc<dyn $crate::bus::EventBus>,
            shutdown: $crate::shutdown::Shutdown,
        ) -> ::anyhow::Result<Running> {
            $crate::service_app!(@make [$($open)?] $name: $Service, cfg, bus, shutdown);
            $($then(&$name, &bus, &shutdown).await?;)?
            $(
                let handler = ::std::sync::Arc::new($Consumer($name.clone()));
                $crate::bus::EventBus::subscribe(&*bus, $queue, &$events, handler, shutdown.clone()).await?;
            )?
            let server = $Server::new($name.clone());
            let serving = $crate::grpc::start_service(stringify!($name), listen, server, bus, shutdown).await?;
            Ok(Running { port: serving.port, local: serving.local, $name, server: serving.server })
        }
    };
}
