//! gRPC serving written once: health reporting (tonic-health), trace context across
//! calls (client interceptor, server span), and graceful shutdown (health turns NOT_SERVING, in-flight calls finish).

use crate::shutdown::Shutdown;
use std::collections::HashMap;
use tokio::net::TcpListener;
use tonic::service::Interceptor;
use tonic_health::server::HealthReporter;

/// Client side: copies the current trace context into outgoing metadata.
#[derive(Clone, Default)]
pub struct PropagateTrace;

impl Interceptor for PropagateTrace {
    fn call(&mut self, mut req: tonic::Request<()>) -> Result<tonic::Request<()>, tonic::Status> {
        let ctx: HashMap<String, String> = crate::telemetry::current_trace_context().into_iter().collect();
        for (k, v) in ctx {
            if let (Ok(key), Ok(val)) = (tonic::metadata::MetadataKey::from_bytes(k.as_bytes()), v.parse()) {
                req.metadata_mut().insert(key, val);
            }
        }
        Ok(req)
    }
}

/// The span of one served gRPC call, joined to the caller's trace (W3C `traceparent`
/// in the request metadata). Use with `Server::builder().trace_fn(grpc::request_span)`.
pub fn request_span(req: &http::Request<()>) -> tracing::Span {
    let span = tracing::info_span!("grpc", method = %req.uri().path());
    crate::telemetry::continue_trace(&span, req.headers());
    span
}

/// A server-streaming answer: items, or a status that ends it.
pub type Streamed<T> = std::pin::Pin<Box<dyn tokio_stream::Stream<Item = Result<T, tonic::Status>> + Send>>;

/// The answer of an export (a CSV or Excel download the BFF streams on): `export` is handed
/// a channel and sends its rows, each sent on as `map` writes it, `buffer` rows ahead of a
/// slow reader; when `export` fails (or its task panics) the stream ends with its status after
/// the rows already sent. A caller that hangs up stops the export at its next row.
pub fn export_stream<Row, T, Fut>(
    buffer: usize,
    export: impl FnOnce(tokio::sync::mpsc::Sender<Row>) -> Fut,
    map: impl Fn(Row) -> T + Send + 'static,
) -> Streamed<T>
where
    Row: Send + 'static,
    T: Send + 'static,
    Fut: Future<Output = crate::error::Result<()>> + Send + 'static,
{
    let (rows_tx, mut rows) = tokio::sync::mpsc::channel(buffer);
    let (out, out_rx) = tokio::sync::mpsc::channel(buffer);
    let export = tokio::spawn(export(rows_tx));
    tokio::spawn(async move {
        while let Some(row) = rows.recv().await {
            if out.send(Ok(map(row))).await.is_err() {
                return;
            }
        }
        let end = match export.await {
            Ok(Ok(())) => return,
            Ok(Err(e)) => tonic::Status::from(e),
            Err(e) => tonic::Status::internal(e.to_string()),
        };
        let _ = out.send(Err(end)).await;
    });
    Box::pin(tokio_stream::wrappers::ReceiverStream::new(out_rx))
}

/// Binds a listener; port 0 picks a free one (tests, embedded mode).
pub async fn bind(addr: &str) -> anyhow::Result<TcpListener> {
    Ok(TcpListener::bind(addr).await?)
}

/// How long in-flight calls get to finish after the shutdown signal. hyper's graceful
/// shutdown waits for every connection to close, and a connection caught mid-handshake by
/// the signal can keep it waiting for good (hyperium/hyper#4170: seen here in the rolling
/// restart test of bff/tests/scale.rs, a replica still up 30 s after SIGTERM); after this
/// the server stops anyway. Within the chart's grace period (30 s, less the 5 s preStop sleep).
pub const DRAIN_LIMIT: std::time::Duration = std::time::Duration::from_secs(20);

/// Serves `router` on `listener` until `shutdown`: health turns NOT_SERVING when it starts
/// draining (calls are still answered), then on the stop tonic stops taking calls and lets
/// in-flight ones finish (for [`DRAIN_LIMIT`] at most).
pub async fn serve(
    router: tonic::transport::server::Router,
    listener: TcpListener,
    health: HealthReporter,
    shutdown: Shutdown,
) -> anyhow::Result<()> {
    serve_within(router, listener, health, shutdown, DRAIN_LIMIT).await
}

async fn serve_within(
    router: tonic::transport::server::Router,
    listener: TcpListener,
    health: HealthReporter,
    shutdown: Shutdown,
    drain_limit: std::time::Duration,
) -> anyhow::Result<()> {
    // Small frames of many calls share a connection: each is sent at once, not held back
    // for the acknowledgement of the last one (Nagle's algorithm).
    let incoming = tokio_stream::StreamExt::map(tokio_stream::wrappers::TcpListenerStream::new(listener), |conn| {
        if let Ok(c) = &conn {
            let _ = c.set_nodelay(true);
        }
        conn
    });
    let stopping = shutdown.clone();
    let server = router.serve_with_incoming_shutdown(incoming, async move {
        // Draining: still serving, but balancers are told to stop sending calls.
        shutdown.draining().await;
        health.set_service_status("", tonic_health::ServingStatus::NotServing).await;
        shutdown.wait().await;
    });
    tokio::select! {
        served = server => served?,
        _ = async { stopping.wait().await; tokio::time::sleep(drain_limit).await } => {
            tracing::warn!(limit = ?drain_limit, "connections still open after the drain limit; stopping anyway");
        }
    }
    Ok(())
}

/// A service's store and relay, set up the one way every service starts: connected,
/// migrated (the service's migrations and common's), its outbox relay running until shutdown.
pub struct Base {
    pub db: crate::db::Db,
    pub relay: crate::outbox::Relay,
    /// The bus the relay publishes on; its health is the service's readiness
    /// ([`start_service`]).
    pub bus: std::sync::Arc<dyn crate::bus::EventBus>,
}

impl Base {
    pub async fn open(
        database_url: &str,
        migrations: &crate::db::Migrations,
        bus: std::sync::Arc<dyn crate::bus::EventBus>,
        shutdown: &Shutdown,
    ) -> anyhow::Result<Self> {
        let db = crate::db::Db::connect(database_url, migrations).await?;
        let relay = crate::outbox::Relay::new(db.clone(), bus.clone());
        relay.clone().spawn(shutdown.clone());
        Ok(Self { db, relay, bus })
    }
}

/// Where a service serves gRPC: on a TCP address (its own process, tests, the simulated
/// cluster; port 0 picks one), or in process only, without a socket (the embedded console:
/// its callers use [`Serving::local`]). A `&str` or `String` is a TCP address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Listen {
    Tcp(String),
    InProcess,
}

impl From<&str> for Listen {
    fn from(addr: &str) -> Self {
        Listen::Tcp(addr.to_string())
    }
}

impl From<&String> for Listen {
    fn from(addr: &String) -> Self {
        Listen::Tcp(addr.clone())
    }
}

impl From<String> for Listen {
    fn from(addr: String) -> Self {
        Listen::Tcp(addr)
    }
}

/// A serving gRPC service: its port (0 when it serves in process only), the same server
/// callable in process, and its server task (it ends once `shutdown` has stopped it).
pub struct Serving {
    pub port: u16,
    pub local: InProcess,
    pub server: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// Serves a service's generated server (e.g. `CatalogueServer::new(catalogue)`) on `listen`
/// until `shutdown`, the one way: a span per call joined to the caller's trace, the call
/// metrics, and health reporting: SERVING while `bus` is reachable, NOT_SERVING while it is
/// not (the service still serves its calls; writes wait in the outbox) and on shutdown;
/// the bus is checked with backoff (0.5 s doubling to 5 s while down, every 2 s while up).
/// The same routes, span and metrics are callable in process too ([`Serving::local`]),
/// whether or not a TCP listener serves them.
pub async fn start_service<S>(
    name: &'static str,
    listen: impl Into<Listen>,
    server: S,
    bus: std::sync::Arc<dyn crate::bus::EventBus>,
    shutdown: Shutdown,
) -> anyhow::Result<Serving>
where
    S: tonic::server::NamedService,
    crate::metrics::GrpcMetrics<S>: tower::Service<http::Request<tonic::body::Body>, Error = std::convert::Infallible>
        + tonic::server::NamedService
        + Clone
        + Send
        + Sync
        + 'static,
    <crate::metrics::GrpcMetrics<S> as tower::Service<http::Request<tonic::body::Body>>>::Response:
        axum::response::IntoResponse,
    <crate::metrics::GrpcMetrics<S> as tower::Service<http::Request<tonic::body::Body>>>::Future: Send + 'static,
{
    let listener = match listen.into() {
        Listen::Tcp(addr) => Some(bind(&addr).await?),
        Listen::InProcess => None,
    };
    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    let up = bus_healthy(bus.as_ref()).await;
    set_status(&health_reporter, S::NAME, up).await;
    tokio::spawn(watch_bus(name, S::NAME, bus, health_reporter.clone(), up, shutdown.clone()));
    let routes = tonic::service::Routes::new(health_service)
        .add_service(tower::Layer::layer(&crate::metrics::GrpcMetricsLayer("grpc_server_requests_seconds"), server));
    let local = InProcess::new(routes.clone());
    match listener {
        Some(listener) => {
            let port = listener.local_addr()?.port();
            let router = tonic::transport::Server::builder().trace_fn(request_span).add_routes(routes);
            let server = tokio::spawn(serve(router, listener, health_reporter, shutdown));
            tracing::info!(port, "{name} service listening");
            Ok(Serving { port, local, server })
        }
        None => {
            // No listener to close: on shutdown health turns NOT_SERVING. In-process calls are
            // still answered after it, while their callers (the BFF, which stops before the
            // services) finish what they started.
            let server = tokio::spawn(async move {
                shutdown.draining().await;
                health_reporter.set_service_status("", tonic_health::ServingStatus::NotServing).await;
                shutdown.wait().await;
                Ok(())
            });
            tracing::info!("{name} service serving in process");
            Ok(Serving { port: 0, local, server })
        }
    }
}

/// A service's gRPC server called in process, without a socket: the routes its TCP server
/// serves (the service under the server metrics layer, and its health), each call in its
/// [`request_span`] joined to the caller's trace, and a deadline the caller sends
/// (`grpc-timeout`) kept as tonic's server keeps it (CANCELLED "Timeout expired"). A tower
/// service of HTTP requests: the generated clients call it as they call a `Channel`, with the
/// same codec, interceptors and metadata.
#[derive(Clone)]
pub struct InProcess {
    routes: tonic::service::Routes,
}

impl InProcess {
    /// `routes` called in process, each call as [`start_service`]'s are (its span and the
    /// deadline it carries). `start_service` makes a service's own ([`Serving::local`]).
    pub fn new(routes: tonic::service::Routes) -> Self {
        Self { routes: routes.prepare() }
    }
}

impl tower::Service<http::Request<tonic::body::Body>> for InProcess {
    type Response = http::Response<tonic::body::Body>;
    type Error = std::convert::Infallible;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), Self::Error>> {
        tower::Service::<http::Request<tonic::body::Body>>::poll_ready(&mut self.routes, cx)
    }

    fn call(&mut self, req: http::Request<tonic::body::Body>) -> Self::Future {
        use tracing::Instrument;
        let (parts, body) = req.into_parts();
        let head = http::Request::from_parts(parts, ());
        let span = request_span(&head);
        let deadline = grpc_timeout(head.headers());
        let (parts, ()) = head.into_parts();
        let call = tower::Service::call(&mut self.routes, http::Request::from_parts(parts, body));
        Box::pin(
            async move {
                match deadline {
                    None => call.await,
                    Some(d) => match tokio::time::timeout(d, call).await {
                        Ok(answer) => answer,
                        Err(_) => Ok(tonic::Status::cancelled(tonic::TimeoutExpired(()).to_string()).into_http()),
                    },
                }
            }
            .instrument(span),
        )
    }
}

/// The deadline a `grpc-timeout` header gives: at most eight digits and a unit
/// (H, M, S, m, u, n), as the gRPC over HTTP/2 protocol writes it; none when absent or invalid.
pub fn grpc_timeout(headers: &http::HeaderMap) -> Option<std::time::Duration> {
    use std::time::Duration;
    let v = headers.get("grpc-timeout")?.to_str().ok()?;
    let unit = v.chars().last()?;
    let digits = &v[..v.len() - unit.len_utf8()];
    if digits.is_empty() || digits.len() > 8 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u64 = digits.parse().ok()?;
    Some(match unit {
        'H' => Duration::from_secs(n * 3600),
        'M' => Duration::from_secs(n * 60),
        'S' => Duration::from_secs(n),
        'm' => Duration::from_millis(n),
        'u' => Duration::from_micros(n),
        'n' => Duration::from_nanos(n),
        _ => return None,
    })
}

async fn bus_healthy(bus: &dyn crate::bus::EventBus) -> bool {
    tokio::time::timeout(std::time::Duration::from_secs(6), bus.healthy()).await.unwrap_or(false)
}

async fn set_status(health: &HealthReporter, service: &str, up: bool) {
    let status = if up { tonic_health::ServingStatus::Serving } else { tonic_health::ServingStatus::NotServing };
    health.set_service_status("", status).await;
    health.set_service_status(service, status).await;
}

/// Follows the bus's health into the service's until it drains (which sets NOT_SERVING itself).
async fn watch_bus(
    name: &'static str,
    service: &'static str,
    bus: std::sync::Arc<dyn crate::bus::EventBus>,
    health: HealthReporter,
    mut up: bool,
    shutdown: Shutdown,
) {
    use std::time::Duration;
    let mut down_wait = Duration::from_millis(500);
    loop {
        let wait = if up { Duration::from_secs(2) } else { down_wait };
        tokio::select! {
            _ = tokio::time::sleep(wait) => {},
            _ = shutdown.draining() => return,
        }
        let now = bus_healthy(bus.as_ref()).await;
        if shutdown.is_draining() {
            return;
        }
        if now != up {
            if now {
                tracing::info!("{name}: the event bus is reachable again; ready");
            } else {
                tracing::warn!("{name}: the event bus is unreachable; not ready until it is back");
            }
            set_status(&health, service, now).await;
            up = now;
        }
        down_wait = if up { Duration::from_millis(500) } else { (down_wait * 2).min(Duration::from_secs(5)) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// A client that connects and never speaks (not even HTTP/2's preface) keeps hyper's
    /// graceful shutdown waiting; the server stops at the drain limit all the same, and
    /// answers NOT_SERVING from the signal on.
    #[tokio::test]
    async fn a_connection_that_never_speaks_holds_the_shutdown_no_longer_than_the_drain_limit() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (health, health_service) = tonic_health::server::health_reporter();
        let router = tonic::transport::Server::builder().add_service(health_service);
        let shutdown = Shutdown::new();
        let limit = Duration::from_secs(2);
        let server = tokio::spawn(serve_within(router, listener, health, shutdown.clone(), limit));
        let _silent = tokio::net::TcpStream::connect(addr).await.unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;

        let signalled = Instant::now();
        shutdown.trigger();
        tokio::time::timeout(limit + Duration::from_secs(10), server)
            .await
            .expect("the server stopped after the drain limit")
            .unwrap()
            .unwrap();
        let took = signalled.elapsed();
        assert!(
            took >= limit,
            "stopped after {took:?}: the silent connection no longer holds a graceful shutdown, so this test proves nothing"
        );
    }

    /// While a replica drains its health says NOT_SERVING and it still answers calls, on
    /// new connections too; once stopped it takes none.
    #[tokio::test]
    async fn a_draining_server_says_not_serving_and_still_answers_until_it_stops() {
        use tonic_health::pb::{HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient};
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_service_status("", tonic_health::ServingStatus::Serving).await;
        health.set_service_status("giving.Giving", tonic_health::ServingStatus::Serving).await;
        let router = tonic::transport::Server::builder().add_service(health_service);
        let shutdown = Shutdown::new();
        let server = tokio::spawn(serve_within(router, listener, health, shutdown.clone(), Duration::from_secs(5)));
        let check = |service: &'static str| async move {
            let channel = tonic::transport::Endpoint::from_shared(format!("http://{addr}"))?.connect().await?;
            let mut client = HealthClient::new(channel);
            let r = client.check(HealthCheckRequest { service: service.into() }).await?;
            anyhow::Ok(r.into_inner().status())
        };
        assert_eq!(check("").await.unwrap(), ServingStatus::Serving);

        shutdown.begin_draining();
        let deadline = Instant::now() + Duration::from_secs(5);
        while check("").await.unwrap() != ServingStatus::NotServing {
            assert!(Instant::now() < deadline, "health still SERVING 5 s into draining");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(
            check("giving.Giving").await.unwrap(),
            ServingStatus::Serving,
            "a call on a new connection is answered while draining"
        );

        shutdown.trigger();
        tokio::time::timeout(Duration::from_secs(10), server).await.expect("stopped").unwrap().unwrap();
        assert!(check("").await.is_err(), "nothing answers once stopped");
    }

    #[test]
    fn grpc_timeout_headers_read_as_the_protocol_writes_them() {
        let of = |v: &str| {
            let mut h = http::HeaderMap::new();
            h.insert("grpc-timeout", v.parse().unwrap());
            grpc_timeout(&h)
        };
        assert_eq!(of("15S"), Some(Duration::from_secs(15)));
        assert_eq!(of("2H"), Some(Duration::from_secs(7200)));
        assert_eq!(of("3M"), Some(Duration::from_secs(180)));
        assert_eq!(of("250m"), Some(Duration::from_millis(250)));
        assert_eq!(of("99999999u"), Some(Duration::from_micros(99_999_999)));
        assert_eq!(of("7n"), Some(Duration::from_nanos(7)));
        // More than eight digits, no digits, an unknown unit, a sign: no deadline.
        for bad in ["123456789S", "S", "", "5x", "-5S", "5"] {
            assert_eq!(of(bad), None, "{bad:?}");
        }
        assert_eq!(grpc_timeout(&http::HeaderMap::new()), None);
    }
}
