//! Request metrics in the Prometheus text format: one registry per process, latency
//! histograms per REST route and per gRPC method (server and client side). Every process
//! serves them at /metrics on its own listener, METRICS_LISTEN (never the BFF's public one).

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::Instant;

/// Upper bounds of the latency buckets, seconds.
const BUCKETS: [f64; 11] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0];

#[derive(Default, Clone)]
struct Series {
    count: u64,
    sum: f64,
    buckets: [u64; BUCKETS.len()],
}

type Key = (&'static str, Vec<(&'static str, String)>);

/// A counter (only grows) or a gauge (set to the current value).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Counter,
    Gauge,
}

#[derive(Default)]
pub struct Metrics(Mutex<BTreeMap<Key, Series>>, Mutex<BTreeMap<(&'static str, Kind), f64>>);

/// The process's registry.
pub fn global() -> &'static Metrics {
    static M: OnceLock<Metrics> = OnceLock::new();
    M.get_or_init(Metrics::default)
}

impl Metrics {
    /// Records one request of `seconds` in the histogram `name` with `labels`.
    pub fn observe(&self, name: &'static str, labels: Vec<(&'static str, String)>, seconds: f64) {
        let mut m = self.0.lock().expect("metrics lock");
        let s = m.entry((name, labels)).or_default();
        s.count += 1;
        s.sum += seconds;
        for (i, le) in BUCKETS.iter().enumerate() {
            if seconds <= *le {
                s.buckets[i] += 1;
            }
        }
    }

    /// Adds `by` to the counter `name` (e.g. `outbox_failed_total`).
    pub fn count(&self, name: &'static str, by: u64) {
        *self.1.lock().expect("metrics lock").entry((name, Kind::Counter)).or_default() += by as f64;
    }

    /// Sets the gauge `name` (e.g. `outbox_pending`) to `value`.
    pub fn gauge(&self, name: &'static str, value: f64) {
        self.1.lock().expect("metrics lock").insert((name, Kind::Gauge), value);
    }

    /// The current value of the counter or gauge `name` (0 when never set).
    pub fn value(&self, name: &str) -> f64 {
        self.1.lock().expect("metrics lock").iter().find(|((n, _), _)| *n == name).map(|(_, v)| *v).unwrap_or_default()
    }

    /// The Prometheus text exposition of every series.
    pub fn render(&self) -> String {
        let m = self.0.lock().expect("metrics lock").clone();
        let mut out = String::new();
        for ((name, kind), v) in self.1.lock().expect("metrics lock").iter() {
            let kind = if *kind == Kind::Counter { "counter" } else { "gauge" };
            out.push_str(&format!("# TYPE {name} {kind}\n{name} {v}\n"));
        }
        let mut last = "";
        for ((name, labels), s) in &m {
            if *name != last {
                out.push_str(&format!("# TYPE {name} histogram\n"));
                last = name;
            }
            let base: Vec<String> = labels
                .iter()
                .map(|(k, v)| format!("{k}=\"{}\"", v.replace('\\', "\\\\").replace('"', "\\\"")))
                .collect();
            let with = |extra: String| {
                let mut l = base.clone();
                l.push(extra);
                l.join(",")
            };
            for (i, le) in BUCKETS.iter().enumerate() {
                out.push_str(&format!("{name}_bucket{{{}}} {}\n", with(format!("le=\"{le}\"")), s.buckets[i]));
            }
            out.push_str(&format!("{name}_bucket{{{}}} {}\n", with("le=\"+Inf\"".into()), s.count));
            out.push_str(&format!("{name}_sum{{{}}} {}\n", base.join(","), s.sum));
            out.push_str(&format!("{name}_count{{{}}} {}\n", base.join(","), s.count));
        }
        out
    }
}

/// A tower layer that records every gRPC call it sees under `name`
/// (`grpc_server_requests_seconds` or `grpc_client_requests_seconds`) by method and code.
/// Wrap a server (`GrpcMetricsLayer(..).layer(FooServer::new(..))`) or a client channel.
#[derive(Clone, Copy)]
pub struct GrpcMetricsLayer(pub &'static str);

impl<S> tower::Layer<S> for GrpcMetricsLayer {
    type Service = GrpcMetrics<S>;
    fn layer(&self, inner: S) -> Self::Service {
        GrpcMetrics { inner, name: self.0 }
    }
}

#[derive(Clone)]
pub struct GrpcMetrics<S> {
    inner: S,
    name: &'static str,
}

/// Wrapped servers keep their gRPC service name, so `add_service` routes them as before.
impl<S: tonic::server::NamedService> tonic::server::NamedService for GrpcMetrics<S> {
    const NAME: &'static str = S::NAME;
}

impl<S, B, RB> tower::Service<http::Request<B>> for GrpcMetrics<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<RB>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        let method = req.uri().path().to_string();
        let name = self.name;
        let started = Instant::now();
        let fut = self.inner.call(req);
        Box::pin(async move {
            let res = fut.await;
            // Failures of unary calls come back "trailers-only", with grpc-status in the
            // headers; a success carries it in the trailers (code 0).
            let code = match &res {
                Ok(r) => r.headers().get("grpc-status").and_then(|v| v.to_str().ok()).unwrap_or("0").to_string(),
                Err(_) => "transport".to_string(),
            };
            global().observe(name, vec![("method", method), ("code", code)], started.elapsed().as_secs_f64());
            res
        })
    }
}

/// The routes of a scrape endpoint: `/metrics` (this process's registry) and `/healthz`.
/// A process may merge its own (the BFF adds its detailed `/readyz`).
pub fn routes() -> axum::Router {
    axum::Router::new()
        .route("/metrics", axum::routing::get(|| async { global().render() }))
        .route("/healthz", axum::routing::get(|| async { "ok" }))
}

/// Serves `/metrics` (and `/healthz`) on `addr` until `shutdown`: a service's
/// scrape endpoint in the cluster.
pub async fn serve(addr: &str, shutdown: crate::shutdown::Shutdown) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    serve_on(listener, routes(), shutdown).await
}

/// Serves `app` (the [`routes`], with whatever the process merged into them) on `listener`
/// until `shutdown`.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    app: axum::Router,
    shutdown: crate::shutdown::Shutdown,
) -> anyhow::Result<()> {
    axum::serve(listener, app).with_graceful_shutdown(async move { shutdown.wait().await }).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn histograms_render_in_the_prometheus_text_format() {
        let m = super::Metrics::default();
        m.observe("x_seconds", vec![("route", "/a".into())], 0.02);
        m.observe("x_seconds", vec![("route", "/a".into())], 3.0);
        let text = m.render();
        assert!(text.contains("# TYPE x_seconds histogram"));
        assert!(text.contains("x_seconds_bucket{route=\"/a\",le=\"0.025\"} 1"));
        assert!(text.contains("x_seconds_bucket{route=\"/a\",le=\"+Inf\"} 2"));
        assert!(text.contains("x_seconds_count{route=\"/a\"} 2"));
        m.count("x_total", 2);
        m.count("x_total", 1);
        m.gauge("x_pending", 4.0);
        m.gauge("x_pending", 3.0);
        let text = m.render();
        assert!(text.contains("# TYPE x_total counter\nx_total 3\n"), "{text}");
        assert!(text.contains("# TYPE x_pending gauge\nx_pending 3\n"), "{text}");
        assert_eq!(m.value("x_total"), 3.0);
    }
}
