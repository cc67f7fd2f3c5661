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
        let ctx: HashMap<String, String> =
            crate::telemetry::current_trace_context().into_iter().collect();
        for (k, v) in ctx {
            if let (Ok(key), Ok(val)) = (
                tonic::metadata::MetadataKey::from_bytes(k.as_bytes()),
                v.parse(),
            ) {
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

/// Serves `router` on `listener` until `shutdown`: on the signal, health turns
/// NOT_SERVING first, then tonic stops taking calls and lets in-flight ones finish (for
/// [`DRAIN_LIMIT`] at most).
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
        shutdown.wait().await;
        health.set_service_status("", tonic_health::ServingStatus::NotServing).await;
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

/// A serving gRPC service: its port (port 0 in `listen` picks one) and its server task.
pub struct Serving {
    pub port: u16,
    pub server: tokio::task::JoinHandle<anyhow::Result<()>>,
}

/// Serves a service's generated server (e.g. `CatalogueServer::new(catalogue)`) on `listen`
/// until `shutdown`, the one way: a span per call joined to the caller's trace, the call
/// metrics, and health reporting: SERVING while `bus` is reachable, NOT_SERVING while it is
/// not (the service still serves its calls; writes wait in the outbox) and on shutdown;
/// the bus is checked with backoff (0.5 s doubling to 5 s while down, every 2 s while up).
pub async fn start_service<S>(
    name: &'static str,
    listen: &str,
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
    <crate::metrics::GrpcMetrics<S> as tower::Service<http::Request<tonic::body::Body>>>::Response: axum::response::IntoResponse,
    <crate::metrics::GrpcMetrics<S> as tower::Service<http::Request<tonic::body::Body>>>::Future: Send + 'static,
{
    start(name, listen, server, Some(bus), shutdown).await
}

async fn start<S>(
    name: &'static str,
    listen: &str,
    server: S,
    bus: Option<std::sync::Arc<dyn crate::bus::EventBus>>,
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
    <crate::metrics::GrpcMetrics<S> as tower::Service<http::Request<tonic::body::Body>>>::Response: axum::response::IntoResponse,
    <crate::metrics::GrpcMetrics<S> as tower::Service<http::Request<tonic::body::Body>>>::Future: Send + 'static,
{
    let listener = bind(listen).await?;
    let port = listener.local_addr()?.port();
    let (health_reporter, health_service) = tonic_health::server::health_reporter();
    match bus {
        Some(bus) => {
            let up = bus_healthy(bus.as_ref()).await;
            set_status(&health_reporter, S::NAME, up).await;
            tokio::spawn(watch_bus(name, S::NAME, bus, health_reporter.clone(), up, shutdown.clone()));
        }
        None => health_reporter.set_service_status(S::NAME, tonic_health::ServingStatus::Serving).await,
    }
    let router = tonic::transport::Server::builder()
        .trace_fn(request_span)
        .add_service(health_service)
        .add_service(tower::Layer::layer(&crate::metrics::GrpcMetricsLayer("grpc_server_requests_seconds"), server));
    let server = tokio::spawn(serve(router, listener, health_reporter, shutdown));
    tracing::info!(port, "{name} service listening");
    Ok(Serving { port, server })
}

async fn bus_healthy(bus: &dyn crate::bus::EventBus) -> bool {
    tokio::time::timeout(std::time::Duration::from_secs(6), bus.healthy()).await.unwrap_or(false)
}

async fn set_status(health: &HealthReporter, service: &str, up: bool) {
    let status = if up { tonic_health::ServingStatus::Serving } else { tonic_health::ServingStatus::NotServing };
    health.set_service_status("", status).await;
    health.set_service_status(service, status).await;
}

/// Follows the bus's health into the service's until shutdown (which sets NOT_SERVING itself).
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
            _ = shutdown.wait() => return,
        }
        let now = bus_healthy(bus.as_ref()).await;
        if shutdown.is_triggered() {
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
        assert!(took >= limit, "stopped after {took:?}: the silent connection no longer holds a graceful shutdown, so this test proves nothing");
    }
}
