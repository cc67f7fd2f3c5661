//! The Giving Console's backend-for-frontend: the only public entry point. It
//! authenticates, authorises (one permission table), validates request shapes, calls
//! the services over gRPC and answers the documented REST shapes. It also serves the
//! built web console.

pub mod areas;
pub mod auth;
pub mod cache;
pub mod config;
pub mod discovery;
pub mod error;
pub mod events;
pub mod live;
pub mod media;
pub mod names;
pub mod openapi;
pub mod permissions;
pub mod principal;
pub mod public_cache;
pub mod reply;
pub mod services;
pub mod state;
pub mod storage;
pub mod transport;
pub mod trash;
pub mod xlsx;

use crate::error::ApiError;
use crate::state::AppState;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::get;
use common::shutdown::Shutdown;
use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::services::{ServeDir, ServeFile};

/// Paths that belong to the API: an unknown one answers JSON 404, never the console page
/// (/metrics too: it is served on the metrics listener only).
const API_PREFIXES: [&str; 8] =
    ["/admin", "/v1/", "/auth/", "/local-image/", "/api-docs", "/media/", "/admin-login/", "/metrics"];

/// Builds the whole HTTP app. Panics when a route is missing from the permission table
/// (a programming error caught by every test that builds the app).
pub fn app(state: AppState) -> Router {
    let table = permissions::lookup();
    let routes = areas::routes();
    let doc = Arc::new(openapi::document(&routes));
    let long_running: Arc<HashSet<&'static str>> =
        Arc::new(routes.iter().filter(|r| r.long_running).map(|r| r.path).collect());
    let mut api = Router::new();
    for r in routes {
        assert!(
            table.contains_key(&(r.method.clone(), r.path)),
            "{} {} is not in the permission table",
            r.method,
            r.path
        );
        api = api.route(r.path, r.handler);
    }
    let api = api
        .route("/api-docs/openapi.json", get(move || async move { axum::Json(doc.as_ref().clone()) }))
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(readyz))
        .route_layer(axum::middleware::from_fn(error::rejections_as_errors))
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), auth::authorize))
        .route_layer(axum::middleware::from_fn_with_state((state.settings.request_timeout, long_running), deadline))
        .route_layer(axum::middleware::from_fn_with_state(state.clone(), auth::no_store))
        .route_layer(axum::middleware::from_fn(record_request));
    let web = state.settings.web_dir.clone();
    let router = match web {
        Some(dir) if dir.join("index.html").exists() => {
            let site = Site::new(&dir);
            api.fallback_service(tower::service_fn(move |req: axum::extract::Request| {
                let site = site.clone();
                async move {
                    if is_api(req.uri()) {
                        return Ok(ApiError::not_found("Not found").into_response());
                    }
                    Ok::<_, std::convert::Infallible>(site.serve(req).await)
                }
            }))
        }
        _ => api.fallback(|| async { ApiError::not_found("Not found") }),
    };
    // socket.io (the chat) answers /socket.io/ on the same app, before the routes.
    let router = match state.live.get() {
        Some(live) => live.mount(router),
        None => router,
    };
    let headers = Arc::new(security_headers(&state.settings));
    router
        .layer(axum::middleware::from_fn_with_state(headers, add_headers))
        .layer(tower_http::trace::TraceLayer::new_for_http().make_span_with(|req: &axum::extract::Request| {
            let span = tracing::info_span!("http", method = %req.method(), path = %redacted_path(req.uri().path()));
            // A caller that already traces (a proxy, a test) continues its trace here.
            common::telemetry::continue_trace(&span, req.headers());
            span
        }))
        .with_state(state)
}

/// How a browser may keep the console's hashed assets: their names change with their content.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// index.html (and every screen's path, which answers it): asked again each time, so a new
/// release is picked up at once.
pub const NO_CACHE: &str = "no-cache";

/// The built console (web/dist) served as a production site: the hashed files under
/// `/assets/` cached as immutable, index.html and every other path never cached, the
/// precompressed `.br` / `.gz` siblings sent to clients that accept them.
#[derive(Clone)]
struct Site {
    assets: ServeDir,
    pages: ServeDir<ServeFile>,
}

impl Site {
    fn new(dir: &std::path::Path) -> Self {
        let index = ServeFile::new(dir.join("index.html")).precompressed_br().precompressed_gzip();
        Self {
            assets: ServeDir::new(dir.join("assets")).precompressed_br().precompressed_gzip(),
            pages: ServeDir::new(dir).precompressed_br().precompressed_gzip().fallback(index),
        }
    }

    async fn serve(self, mut req: axum::extract::Request) -> axum::response::Response {
        use tower::ServiceExt;
        // Build files whose names start with a dot (the bundler's `.vite/manifest.json`) are
        // not part of the site; no screen path has such a segment.
        if req.uri().path().split('/').any(|segment| segment.starts_with('.')) {
            return StatusCode::NOT_FOUND.into_response();
        }
        let (res, cache) = match req.uri().path().strip_prefix("/assets/") {
            Some(rest) => {
                // Served from the assets folder itself, so nothing else is ever cached as immutable.
                if let Ok(uri) = format!("/{rest}").parse() {
                    *req.uri_mut() = uri;
                }
                (self.assets.oneshot(req).await.into_response(), IMMUTABLE)
            }
            None => (self.pages.oneshot(req).await.into_response(), NO_CACHE),
        };
        let mut res = res;
        if res.status().is_success() || res.status() == StatusCode::NOT_MODIFIED {
            res.headers_mut().insert(axum::http::header::CACHE_CONTROL, axum::http::HeaderValue::from_static(cache));
        }
        res
    }
}

/// Console screens whose last path segment is a secret (a reset or invitation token):
/// wherever the BFF records a path it records `/{screen}/{token}` instead.
const SECRET_SCREENS: [&str; 2] = ["/reset_password/", "/set_password/"];

/// The path as traces and logs may record it (tokens of reset and invitation links removed).
pub fn redacted_path(path: &str) -> std::borrow::Cow<'_, str> {
    match SECRET_SCREENS.iter().find(|s| path.starts_with(*s)) {
        Some(screen) => format!("{screen}{{token}}").into(),
        None => path.into(),
    }
}

/// The headers every answer carries (console page, API, errors, media files).
pub fn security_headers(settings: &state::Settings) -> Vec<(axum::http::HeaderName, axum::http::HeaderValue)> {
    use axum::http::{HeaderName, HeaderValue, header};
    let origin = |url: &str| -> Option<String> {
        let (scheme, rest) = url.split_once("://")?;
        Some(format!("{scheme}://{}", rest.split('/').next().unwrap_or_default()))
    };
    let public = origin(&settings.public_url).unwrap_or_default();
    // Media may live elsewhere (a bucket, a CDN): its origin may serve images and videos.
    let media = origin(&settings.media_url).filter(|m| *m != public).map(|m| format!(" {m}")).unwrap_or_default();
    // The console's own WebSocket origin (socket.io), for browsers whose 'self' omits it.
    let ws = public.replacen("http", "ws", 1);
    let csp = format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:{media}; \
         media-src 'self' blob:{media}; font-src 'self' data:; connect-src 'self' {ws}; frame-ancestors 'none'; \
         base-uri 'self'; form-action 'self'; object-src 'none'"
    );
    let mut out: Vec<(HeaderName, HeaderValue)> = vec![
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    ];
    if let Ok(v) = HeaderValue::from_str(&csp) {
        out.push((header::CONTENT_SECURITY_POLICY, v));
    }
    if settings.public_url.starts_with("https://") {
        out.push((header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static("max-age=31536000; includeSubDomains")));
    }
    out
}

async fn add_headers(
    State(headers): State<Arc<Vec<(axum::http::HeaderName, axum::http::HeaderValue)>>>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let mut res = next.run(req).await;
    // A handler's own stricter value stays (media files: `default-src 'none'; sandbox`).
    for (name, value) in headers.iter() {
        res.headers_mut().entry(name.clone()).or_insert_with(|| value.clone());
    }
    res
}

/// Answers 504 with the API's error shape when a call (its authorisation included) takes
/// longer than the configured deadline; long-running routes (imports) have none.
async fn deadline(
    State((limit, long_running)): State<(Duration, Arc<HashSet<&'static str>>)>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let route = req.extensions().get::<axum::extract::MatchedPath>().map(|p| p.as_str());
    if route.is_some_and(|r| long_running.contains(r)) {
        return next.run(req).await;
    }
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(res) => res,
        Err(_) => ApiError::timeout().into_response(),
    }
}

/// Records each request's latency under its route template (never the raw path, so ids
/// do not multiply the series).
async fn record_request(req: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    let route = req.extensions().get::<axum::extract::MatchedPath>().map(|p| p.as_str().to_string());
    let method = req.method().to_string();
    let started = std::time::Instant::now();
    let res = next.run(req).await;
    let route = route.unwrap_or_else(|| "unmatched".into());
    common::metrics::global().observe(
        "http_server_requests_seconds",
        vec![("route", route), ("method", method), ("status", res.status().as_u16().to_string())],
        started.elapsed().as_secs_f64(),
    );
    res
}

fn is_api(uri: &Uri) -> bool {
    let p = uri.path();
    API_PREFIXES.iter().any(|prefix| p.starts_with(prefix))
}

/// Whether a request to the public listener comes from this machine itself: its peer is a
/// loopback address and it carries no header a proxy adds (X-Forwarded-For, Forwarded,
/// X-Real-IP). A request that came through a proxy on the same machine (an ingress, a
/// reverse proxy in front of the embedded console) is not local, whatever TRUSTED_PROXIES says.
pub fn is_local(req: &axum::extract::Request) -> bool {
    let peer = req.extensions().get::<axum::extract::ConnectInfo<SocketAddr>>().map(|c| c.0.ip().to_canonical());
    let forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].iter().any(|h| req.headers().contains_key(*h));
    peer.is_some_and(|ip| ip.is_loopback()) && !forwarded
}

/// /readyz on the public listener (the Kubernetes readiness probe): `{"status": "ready"}`
/// (200) or `{"status": "not ready"}` (503), nothing more. Asked from this machine itself
/// ([`is_local`]) it answers what the metrics listener's /readyz answers ([`readiness`]).
async fn readyz(State(state): State<AppState>, req: axum::extract::Request) -> impl IntoResponse {
    if is_local(&req) {
        return readiness(&state).await;
    }
    let ready = state.is_ready() && missing(&state).await.is_empty();
    let (status, word) = if ready { (StatusCode::OK, "ready") } else { (StatusCode::SERVICE_UNAVAILABLE, "not ready") };
    (status, axum::Json(serde_json::json!({ "status": word })))
}

/// What the BFF itself needs and cannot reach: the shared cache (Redis in the cluster) and
/// the event bus it listens on (when configured); empty when both answer (2 s at most each).
async fn missing(state: &AppState) -> Vec<&'static str> {
    let (cache_ok, bus_ok) = futures::join!(cache_up(state), bus_up(state));
    let mut missing = vec![];
    if !cache_ok {
        missing.push("cache (Redis)");
    }
    if bus_ok == Some(false) {
        missing.push("event bus (RabbitMQ)");
    }
    missing
}

async fn cache_up(state: &AppState) -> bool {
    tokio::time::timeout(Duration::from_secs(2), state.cache.ping()).await.unwrap_or(false)
}

/// None when the BFF listens to no bus.
async fn bus_up(state: &AppState) -> Option<bool> {
    match state.bus.get() {
        Some(bus) => Some(tokio::time::timeout(Duration::from_secs(2), bus.healthy()).await.unwrap_or(false)),
        None => None,
    }
}

/// The detailed readiness (the metrics listener's /readyz, and the public one asked from this
/// machine): ready while not shutting down and while what the BFF itself needs answers (the
/// cache, the bus). Otherwise 503, with `missing` naming each. The services' own health is
/// reported in the body but does not make the BFF unready: a service that is down makes its
/// own calls answer 503, while the console and every other area keep being served. /healthz
/// stays 200 throughout.
async fn readiness(state: &AppState) -> (StatusCode, axum::Json<serde_json::Value>) {
    if !state.is_ready() {
        return (StatusCode::SERVICE_UNAVAILABLE, axum::Json(serde_json::json!({ "status": "shutting down" })));
    }
    let mut body = serde_json::Map::new();
    let checks =
        state.services.health().into_iter().map(|(name, channel)| async move { (name, service_health(channel).await) });
    let (services, cache_ok, bus_ok) =
        futures::join!(futures::future::join_all(checks), cache_up(state), bus_up(state));
    for (name, health) in services {
        body.insert(name.into(), health.into());
    }
    let mut missing = vec![];
    body.insert("cache".into(), (if cache_ok { "ok" } else { "unavailable" }).into());
    if !cache_ok {
        missing.push("cache (Redis)");
    }
    if let Some(up) = bus_ok {
        body.insert("events".into(), (if up { "ok" } else { "unavailable" }).into());
        if !up {
            missing.push("event bus (RabbitMQ)");
        }
    }
    let status = if missing.is_empty() { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    body.insert("status".into(), (if missing.is_empty() { "ready" } else { "not ready" }).into());
    if !missing.is_empty() {
        body.insert("missing".into(), missing.into());
    }
    (status, axum::Json(serde_json::Value::Object(body)))
}

/// "serving" or "unavailable", by the gRPC health protocol (1 s at most).
async fn service_health(channel: crate::transport::Transport) -> &'static str {
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel);
    let check = tokio::time::timeout(
        Duration::from_secs(1),
        health.check(tonic_health::pb::HealthCheckRequest { service: String::new() }),
    )
    .await;
    match check {
        Ok(Ok(r)) if r.get_ref().status == tonic_health::pb::health_check_response::ServingStatus::Serving as i32 => {
            "serving"
        }
        _ => "unavailable",
    }
}

/// The metrics listener's app: `/metrics` and `/healthz` (common's scrape endpoint, as every
/// service serves it) and the detailed `/readyz`. Only scrapers and operators reach it (its
/// own port, never the ingress).
pub fn metrics_app(state: AppState) -> Router {
    let readyz = Router::new()
        .route("/readyz", get(|State(state): State<AppState>| async move { readiness(&state).await }))
        .with_state(state);
    common::metrics::routes().merge(readyz)
}

/// Binds METRICS_LISTEN (`addr`; nothing when empty) and serves [`metrics_app`] there until
/// `shutdown`; answers the bound address. A taken port fails the start.
pub async fn listen_metrics(state: &AppState, addr: &str, shutdown: Shutdown) -> anyhow::Result<Option<SocketAddr>> {
    if addr.is_empty() {
        return Ok(None);
    }
    use anyhow::Context;
    let listener =
        TcpListener::bind(addr).await.with_context(|| format!("METRICS_LISTEN {addr}: cannot listen there"))?;
    let bound = listener.local_addr()?;
    let app = metrics_app(state.clone());
    tokio::spawn(async move {
        if let Err(e) = common::metrics::serve_on(listener, app, shutdown).await {
            tracing::error!(error = %format!("{e:#}"), "metrics endpoint failed");
        }
    });
    Ok(Some(bound))
}

/// Serves until `shutdown`: readiness turns false first, then after `drain` the
/// listener closes and in-flight requests finish.
pub async fn serve(state: AppState, listener: TcpListener, shutdown: Shutdown, drain: Duration) -> anyhow::Result<()> {
    let router = app(state.clone());
    // The media orphan sweep (one run per interval across the cluster).
    media::spawn_sweeper(state.clone(), media::SweepSettings::from_env(), shutdown.clone());
    // The trash's retention (one run per interval across the cluster).
    trash::spawn_retention(state.clone(), shutdown.clone());
    let st = state.clone();
    use axum::serve::ListenerExt;
    // Answers go out at once, not held back for the acknowledgement of the last (Nagle).
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, router.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(async move {
            shutdown.wait().await;
            st.ready.store(false, Ordering::SeqCst);
            tokio::time::sleep(drain).await;
        })
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_a_loopback_peer_without_proxy_headers_is_this_machine() {
        let req = |peer: Option<&str>, header: Option<(&'static str, &str)>| {
            let mut req = axum::extract::Request::new(axum::body::Body::empty());
            if let Some(peer) = peer {
                req.extensions_mut().insert(axum::extract::ConnectInfo(peer.parse::<std::net::SocketAddr>().unwrap()));
            }
            if let Some((name, value)) = header {
                req.headers_mut().insert(name, value.parse().unwrap());
            }
            super::is_local(&req)
        };
        assert!(req(Some("127.0.0.1:40000"), None));
        assert!(req(Some("127.0.0.2:40000"), None));
        assert!(req(Some("[::1]:40000"), None));
        assert!(req(Some("[::ffff:127.0.0.1]:40000"), None));
        // Another machine, a private address (another pod, the kubelet) included.
        assert!(!req(Some("10.0.0.5:40000"), None));
        assert!(!req(Some("203.0.113.9:40000"), None));
        // A proxy on this machine: what it forwarded is not this machine's own request.
        assert!(!req(Some("127.0.0.1:40000"), Some(("x-forwarded-for", "127.0.0.1"))));
        assert!(!req(Some("127.0.0.1:40000"), Some(("forwarded", "for=203.0.113.9"))));
        assert!(!req(Some("127.0.0.1:40000"), Some(("x-real-ip", "203.0.113.9"))));
        // Unknown peer: not this machine.
        assert!(!req(None, None));
    }

    #[test]
    fn traces_record_reset_and_invitation_paths_without_their_token() {
        assert_eq!(super::redacted_path("/reset_password/0123abcd"), "/reset_password/{token}");
        assert_eq!(super::redacted_path("/set_password/0123abcd"), "/set_password/{token}");
        assert_eq!(super::redacted_path("/admin/sub-admin/get/42"), "/admin/sub-admin/get/42");
    }
}
