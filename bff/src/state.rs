//! Shared state of the BFF: service clients, token keys, cache, configuration.

use crate::cache::Cache;
use crate::error::{ApiError, ApiResult};
use common::grpc::PropagateTrace;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;
use tokens::Keys;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};

/// How the BFF reaches a service: over TCP (a tonic `Channel`: the cluster, the simulated
/// cluster, tests) or in process, without a socket (the embedded console: the service's own
/// tonic server stack, `common::grpc::InProcess`). The generated clients, their codec,
/// interceptors and metadata are the same over both.
#[derive(Clone)]
pub enum Transport {
    Tcp(Channel),
    /// With the per-call deadline of a `channel()` (none for `long_channel()`'s uses).
    InProcess {
        service: common::grpc::InProcess,
        deadline: Option<Duration>,
    },
}

/// The per-call deadline of a service call (streamed imports and exports excepted); what
/// `channel()` sets on a TCP channel.
pub const CALL_DEADLINE: Duration = Duration::from_secs(15);

impl From<Channel> for Transport {
    fn from(channel: Channel) -> Self {
        Transport::Tcp(channel)
    }
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

impl tower::Service<axum::http::Request<tonic::body::Body>> for Transport {
    type Response = axum::http::Response<tonic::body::Body>;
    type Error = BoxError;
    type Future = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Self::Response, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<Result<(), BoxError>> {
        match self {
            Transport::Tcp(channel) => channel.poll_ready(cx).map_err(Into::into),
            Transport::InProcess { service, .. } => service.poll_ready(cx).map_err(|never| match never {}),
        }
    }

    fn call(&mut self, req: axum::http::Request<tonic::body::Body>) -> Self::Future {
        match self {
            Transport::Tcp(channel) => {
                let call = channel.call(req);
                Box::pin(async move { call.await.map_err(Into::into) })
            }
            Transport::InProcess { service, deadline } => {
                let call = service.call(req);
                let deadline = *deadline;
                Box::pin(async move {
                    let answer = match deadline {
                        // As a TCP channel's timeout: the answer's headers within the deadline,
                        // else tonic's TimeoutExpired (CANCELLED "Timeout expired").
                        Some(d) => tokio::time::timeout(d, call)
                            .await
                            .map_err(|_| Box::new(tonic::TimeoutExpired(())) as BoxError)?,
                        None => call.await,
                    };
                    answer.map_err(|never| match never {})
                })
            }
        }
    }
}

/// A service transport that records per-method client metrics and propagates the trace.
pub type Traced = InterceptedService<common::metrics::GrpcMetrics<Transport>, PropagateTrace>;
pub use crate::services::{Catalogue, Identity};

/// Wraps a transport with the client metrics and trace propagation every service client uses.
pub fn traced(transport: impl Into<Transport>) -> Traced {
    use tower::Layer;
    InterceptedService::new(
        common::metrics::GrpcMetricsLayer("grpc_client_requests_seconds").layer(transport.into()),
        PropagateTrace,
    )
}

/// A service's clients over several HTTP/2 connections, handed out in turn. One connection is
/// served by one task, so on one core: in `list_bench` ("hops alone") a single connection
/// carried about 11,000 calls a second on this 2-core machine, two about 32,000 and four about
/// 40,000. Each is balanced over the service's replicas (bff/src/discovery.rs), so there are
/// as many connections to each replica.
pub struct Clients<C> {
    clients: Vec<C>,
    next: AtomicUsize,
}

impl<C: Clone> Clients<C> {
    /// `connections` lazily connected channels to `url` (at least one), each wrapped by `client`.
    pub fn connect(url: &str, connections: usize, client: impl Fn(Traced) -> C) -> anyhow::Result<Self> {
        let clients =
            (0..connections.max(1)).map(|_| Ok(client(traced(channel(url)?)))).collect::<anyhow::Result<_>>()?;
        Ok(Self { clients, next: AtomicUsize::new(0) })
    }

    /// One in-process client (no connections to spread calls over: each call runs on the
    /// caller's task).
    pub fn in_process(service: &common::grpc::InProcess, client: impl Fn(Traced) -> C) -> Self {
        let transport = Transport::InProcess { service: service.clone(), deadline: Some(CALL_DEADLINE) };
        Self { clients: vec![client(traced(transport))], next: AtomicUsize::new(0) }
    }

    /// The next connection's client.
    pub fn next(&self) -> C {
        self.clients[self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len()].clone()
    }
}

#[derive(Debug, Clone)]
pub struct Settings {
    /// Where the console is reached (reset links point here).
    pub public_url: String,
    /// The base of media file links given by /auth/metaData.
    pub media_url: String,
    /// The built console (web/dist); absent = API only.
    pub web_dir: Option<std::path::PathBuf>,
    /// The proxies whose X-Forwarded-For hops are skipped (see `auth::client_address`).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The OpenAPI document is served to everyone (else to a signed-in main admin only).
    pub openapi_public: bool,
    /// How long account standings are cached.
    pub principal_ttl: Duration,
    /// How long an API call may take (long-running routes excepted).
    pub request_timeout: Duration,
    /// Bytes a day each account may upload.
    pub upload_quota: crate::media::Quota,
}

#[derive(Clone)]
pub struct AppState(pub Arc<Inner>);

pub struct Inner {
    /// Every service's clients (bff/src/services.rs).
    pub services: crate::services::Services,
    pub storage: crate::media::Storage,
    pub keys: Keys,
    pub cache: Arc<dyn Cache>,
    pub settings: Settings,
    pub ready: AtomicBool,
    /// Standings as last parsed, by cache key, with the cached text they came from: a request
    /// whose cached text is the same takes the parsed one (parsing it was about 2% of a list
    /// request's CPU). What the shared cache holds stays the only truth.
    pub parsed: std::sync::Mutex<std::collections::HashMap<String, (String, Arc<Principal>)>>,
    /// The chat's socket.io server (bff/src/live), set once the state is made.
    pub live: std::sync::OnceLock<crate::live::Live>,
    /// The RabbitMQ bus the BFF listens on (cluster mode, bff/src/events.rs): its health is
    /// part of /readyz.
    pub bus: std::sync::OnceLock<Arc<dyn common::bus::EventBus>>,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

/// A lazily connected channel to a service: a service that is down does not stop the BFF.
/// Balanced over the service's replicas when its URL names a host (bff/src/discovery.rs).
pub fn channel(url: &str) -> anyhow::Result<Channel> {
    crate::discovery::channel(url, |e| endpoint(e).timeout(Duration::from_secs(15)))
}

/// The same without a per-call deadline (streamed imports and exports run as long as their data).
pub fn long_channel(url: &str) -> anyhow::Result<Channel> {
    crate::discovery::channel(url, endpoint)
}

fn endpoint(e: Endpoint) -> Endpoint {
    e.connect_timeout(Duration::from_secs(2)).tcp_nodelay(true).http2_keep_alive_interval(Duration::from_secs(30))
}

/// The standing of an account, as cached.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Principal {
    pub id: String,
    /// The account type's name (`common::account`), mapped once from identity's enum.
    pub admin_type: String,
    pub active: bool,
    pub session_version: i64,
    pub charity_id: String,
    pub grants: Vec<(String, Vec<String>)>,
}

impl Inner {
    /// The account's standing and whether the session `sid` (the access token's) has
    /// ended. One cache round trip per request (one MGET of both); when either is missing,
    /// one call to identity answers both and they are cached for `principal_ttl`.
    pub async fn principal(&self, id: &str, sid: &str) -> ApiResult<(Arc<Principal>, bool)> {
        let keys = [format!("principal:{id}"), session_key(sid)];
        match self.cache.get_many(&keys).await {
            Ok(found) => {
                if let [Some(json), Some(session)] = found.as_slice()
                    && let Some(p) = self.parse_principal(&keys[0], json.clone())
                {
                    return Ok((p, session == SESSION_ENDED));
                }
            }
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "cache read failed; asking identity"),
        }
        let req = proto::identity::v1::GetPrincipalRequest { user_id: id.to_string(), session_id: sid.to_string() };
        let p = retry(|| async { self.identity().get_principal(req.clone()).await }).await;
        let p = match p {
            Ok(p) => p.into_inner(),
            Err(s) if s.code() == tonic::Code::NotFound => {
                return Err(ApiError::unauthorized("Your account no longer exists. Please sign in again."));
            }
            Err(s) => return Err(s.into()),
        };
        let ended = p.session_revoked;
        let p = Arc::new(Principal {
            admin_type: common::account::name(p.account_type()).into(),
            id: p.id,
            active: p.active,
            session_version: p.session_version,
            charity_id: p.charity_id,
            grants: p.permissions.into_iter().map(|g| (g.slug, g.actions)).collect(),
        });
        if let Ok(json) = serde_json::to_string(&p) {
            self.cache_put(&keys[0], &json).await;
            self.remember(keys[0].clone(), json, p.clone());
        }
        if ended {
            self.cache_put(&keys[1], SESSION_ENDED).await;
        } else if let Err(e) = self.cache.add(&keys[1], SESSION_LIVE, self.settings.principal_ttl).await {
            // Added, never set: a sign-out marked while identity was being asked stays.
            tracing::warn!(error = %format!("{e:#}"), "cache write failed");
        }
        Ok((p, ended))
    }

    async fn cache_put(&self, key: &str, value: &str) {
        if let Err(e) = self.cache.set(key, value, self.settings.principal_ttl).await {
            tracing::warn!(error = %format!("{e:#}"), "cache write failed");
        }
    }

    /// Marks a session ended in the shared cache, so every replica refuses its access
    /// tokens on their next request (identity, asked on a miss, says the same).
    pub async fn end_session(&self, sid: &str) {
        if !sid.is_empty() {
            self.cache_put(&session_key(sid), SESSION_ENDED).await;
        }
    }

    /// The standing cached as `json`: the one parsed before when the text is the same.
    fn parse_principal(&self, key: &str, json: String) -> Option<Arc<Principal>> {
        if let Some((text, p)) = self.parsed.lock().expect("principal memo").get(key)
            && *text == json
        {
            return Some(p.clone());
        }
        let p: Arc<Principal> = Arc::new(serde_json::from_str(&json).ok()?);
        self.remember(key.to_string(), json, p.clone());
        Some(p)
    }

    fn remember(&self, key: String, json: String, p: Arc<Principal>) {
        let mut parsed = self.parsed.lock().expect("principal memo");
        if parsed.len() >= 10_000 && !parsed.contains_key(&key) {
            parsed.clear();
        }
        parsed.insert(key, (json, p));
    }

    /// Drops a cached standing after the account changed (every replica sees it via Redis).
    pub async fn forget_principal(&self, id: &str) {
        if let Err(e) = self.cache.del(&format!("principal:{id}")).await {
            tracing::warn!(error = %format!("{e:#}"), "cache delete failed");
        }
    }

    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::SeqCst)
    }
}

const SESSION_LIVE: &str = "live";
const SESSION_ENDED: &str = "ended";

fn session_key(sid: &str) -> String {
    format!("session:{sid}")
}

/// Retries an idempotent call while the service is briefly unreachable (a restart, a
/// rolling update): up to 4 tries over about 3 seconds, then the last error.
pub async fn retry<T, F, Fut>(call: F) -> Result<T, tonic::Status>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, tonic::Status>>,
{
    retry_when(call, |s| {
        matches!(s.code(), tonic::Code::Unavailable | tonic::Code::Unknown) || cut_by_the_connection(s)
    })
    .await
}

/// A call the HTTP/2 connection ended under it (tonic answers INTERNAL for a stream reset
/// with a reason other than REFUSED_STREAM or CANCEL, e.g. a replica closing its
/// connections at shutdown), not an error the service answered.
fn cut_by_the_connection(s: &tonic::Status) -> bool {
    s.code() == tonic::Code::Internal && s.message().starts_with("h2 protocol error")
}

/// Retries a call that changes something only when it was never sent (the connection
/// could not be made), so a write is never applied twice.
pub async fn retry_unsent<T, F, Fut>(call: F) -> Result<T, tonic::Status>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, tonic::Status>>,
{
    retry_when(call, |s| {
        matches!(s.code(), tonic::Code::Unavailable | tonic::Code::Unknown) && s.message().contains("connect")
    })
    .await
}

/// One call to a service that may be asked again (a read, or a write that is the same when
/// repeated): `call!(state.content().get_faq(req))` sends a clone of `req` to the next
/// connection's client, is retried as [`retry`] retries, and answers the message itself
/// (`Result<Answer, tonic::Status>`). Written once so a handler says only what it asks.
macro_rules! call {
    ($state:ident . $service:ident () . $method:ident ($req:expr)) => {
        $crate::state::retry(|| async { $state.$service().$method($req.clone()).await })
            .await
            .map(tonic::Response::into_inner)
    };
}

/// One call to a service that changes something and must not be applied twice:
/// `call_unsent!(state.giving().delete_donor(req))` is retried, as [`retry_unsent`] retries,
/// only when it was never sent; it answers the message itself.
macro_rules! call_unsent {
    ($state:ident . $service:ident () . $method:ident ($req:expr)) => {
        $crate::state::retry_unsent(|| async { $state.$service().$method($req.clone()).await })
            .await
            .map(tonic::Response::into_inner)
    };
}

pub(crate) use {call, call_unsent};

async fn retry_when<T, F, Fut>(mut call: F, again: impl Fn(&tonic::Status) -> bool) -> Result<T, tonic::Status>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, tonic::Status>>,
{
    let mut delay = Duration::from_millis(150);
    let mut attempt = 0;
    loop {
        match call().await {
            Err(s) if attempt < 4 && again(&s) => {
                attempt += 1;
                tracing::debug!(attempt, message = %s.message(), "service unreachable; retrying");
                tokio::time::sleep(delay).await;
                delay *= 2;
            }
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Clients, Transport, traced};
    use std::time::Duration;
    use tonic_health::pb::health_client::HealthClient;
    use tonic_health::pb::health_server::{Health, HealthServer};
    use tonic_health::pb::{HealthCheckRequest, HealthCheckResponse, health_check_response::ServingStatus};
    /// A read whose stream the connection cut is tried again; an INTERNAL the service itself
    /// answered is not, and neither is a cut write (retry_unsent).
    #[tokio::test]
    async fn a_read_cut_by_a_closing_replica_is_retried_and_a_services_own_internal_error_is_not() {
        use super::{retry, retry_unsent};
        use std::sync::atomic::{AtomicU32, Ordering};
        let cut = || tonic::Status::internal("h2 protocol error: error reading a body from connection");
        let tries = AtomicU32::new(0);
        let answered =
            retry(|| async { if tries.fetch_add(1, Ordering::Relaxed) == 0 { Err(cut()) } else { Ok(7) } }).await;
        assert_eq!((answered.unwrap(), tries.load(Ordering::Relaxed)), (7, 2));

        let tries = AtomicU32::new(0);
        let failed = retry(|| async {
            tries.fetch_add(1, Ordering::Relaxed);
            Err::<u8, _>(tonic::Status::internal("the service's own failure"))
        })
        .await;
        assert_eq!((failed.unwrap_err().code(), tries.load(Ordering::Relaxed)), (tonic::Code::Internal, 1));

        let tries = AtomicU32::new(0);
        let write = retry_unsent(|| async {
            tries.fetch_add(1, Ordering::Relaxed);
            Err::<u8, _>(cut())
        })
        .await;
        assert!(write.is_err());
        assert_eq!(tries.load(Ordering::Relaxed), 1);
    }

    use futures::StreamExt;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A standing parsed once is reused while the shared cache holds the same text, and
    /// never once the cache holds another (an account changed on any replica).
    #[tokio::test]
    async fn standings_are_parsed_again_only_when_the_cached_text_changes() {
        let dir = std::env::temp_dir().join(format!("bff-state-{}", common::new_id()));
        let state = crate::config::Config::local(
            crate::services::ServiceUrls::from_fn(|_| "http://127.0.0.1:9".into()),
            "x".repeat(32),
            dir,
        )
        .state()
        .await
        .unwrap();
        let standing = |admin_type: &str| {
            serde_json::json!({ "id": "u1", "admin_type": admin_type, "active": true, "session_version": 1, "charity_id": "", "grants": [["dashboard", ["view"]]] })
                .to_string()
        };
        let ttl = std::time::Duration::from_secs(30);
        state.cache.set("principal:u1", &standing("Sub Admin"), ttl).await.unwrap();
        state.cache.set("session:s1", "live", ttl).await.unwrap();
        let (first, ended) = state.principal("u1", "s1").await.unwrap();
        assert!(!ended);
        assert_eq!(first.admin_type, "Sub Admin");
        assert_eq!(first.grants, vec![("dashboard".to_string(), vec!["view".to_string()])]);
        assert!(
            Arc::ptr_eq(&first, &state.principal("u1", "s1").await.unwrap().0),
            "the same text is not parsed again"
        );

        state.cache.set("principal:u1", &standing("Main Admin"), ttl).await.unwrap();
        assert_eq!(state.principal("u1", "s1").await.unwrap().0.admin_type, "Main Admin");
        // A session marked ended on any replica is ended here.
        state.end_session("s1").await;
        assert!(state.principal("u1", "s1").await.unwrap().1);
        // Gone from the cache and identity unreachable: an error, never the remembered one.
        state.cache.del("principal:u1").await.unwrap();
        assert!(
            tokio::time::timeout(std::time::Duration::from_secs(30), state.principal("u1", "s1"))
                .await
                .unwrap()
                .is_err()
        );
    }

    /// Calls go out in turn over as many connections as configured (a real gRPC server
    /// counts the connections it accepts).
    #[tokio::test]
    async fn calls_spread_over_the_configured_connections() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let accepted = Arc::new(AtomicUsize::new(0));
        let counter = accepted.clone();
        let incoming = tokio_stream::wrappers::TcpListenerStream::new(listener).inspect(move |_| {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        let (_reporter, health) = tonic_health::server::health_reporter();
        tokio::spawn(tonic::transport::Server::builder().add_service(health).serve_with_incoming(incoming));

        let clients = Clients::connect(&url, 3, tonic_health::pb::health_client::HealthClient::new).unwrap();
        assert_eq!(accepted.load(Ordering::SeqCst), 0, "connections are opened on first use");
        for _ in 0..9 {
            clients.next().check(tonic_health::pb::HealthCheckRequest { service: String::new() }).await.unwrap();
        }
        assert_eq!(accepted.load(Ordering::SeqCst), 3);
        // Zero is taken as one.
        let one = Clients::connect(&url, 0, tonic_health::pb::health_client::HealthClient::new).unwrap();
        for _ in 0..3 {
            one.next().check(tonic_health::pb::HealthCheckRequest { service: String::new() }).await.unwrap();
        }
        assert_eq!(accepted.load(Ordering::SeqCst), 4);
    }

    /// A health service that answers after a pause.
    struct Slow(Duration);

    #[tonic::async_trait]
    impl Health for Slow {
        async fn check(
            &self,
            _: tonic::Request<HealthCheckRequest>,
        ) -> Result<tonic::Response<HealthCheckResponse>, tonic::Status> {
            tokio::time::sleep(self.0).await;
            Ok(tonic::Response::new(HealthCheckResponse { status: ServingStatus::Serving as i32 }))
        }

        type WatchStream = futures::stream::Empty<Result<HealthCheckResponse, tonic::Status>>;

        async fn watch(
            &self,
            _: tonic::Request<HealthCheckRequest>,
        ) -> Result<tonic::Response<Self::WatchStream>, tonic::Status> {
            Err(tonic::Status::unimplemented("not watched"))
        }
    }

    /// A call past its deadline answers the same over the in-process transport as over a TCP
    /// channel, whether the deadline is the client's (the transport's per-call deadline) or
    /// one the caller sends (grpc-timeout, kept by the server); within it, both answer.
    #[tokio::test]
    async fn in_process_calls_past_their_deadline_answer_as_tcp_calls_do() {
        let slow = || HealthServer::new(Slow(Duration::from_millis(400)));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_service(slow())
                .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
        );
        let local = common::grpc::InProcess::new(tonic::service::Routes::new(slow()));
        let tcp = |deadline: Option<Duration>| {
            let endpoint = tonic::transport::Endpoint::from_shared(url.clone()).unwrap();
            Transport::Tcp(
                match deadline {
                    Some(d) => endpoint.timeout(d),
                    None => endpoint,
                }
                .connect_lazy(),
            )
        };
        let in_process = |deadline| Transport::InProcess { service: local.clone(), deadline };
        let check = |t: Transport, sent: Option<Duration>| async move {
            let mut req = tonic::Request::new(HealthCheckRequest::default());
            if let Some(d) = sent {
                req.set_timeout(d);
            }
            HealthClient::new(traced(t)).check(req).await
        };
        let short = Some(Duration::from_millis(100));
        for (what, over_tcp, in_proc) in [
            ("the transport's deadline", check(tcp(short), None).await, check(in_process(short), None).await),
            ("a sent deadline", check(tcp(None), short).await, check(in_process(None), short).await),
        ] {
            let (a, b) = (over_tcp.unwrap_err(), in_proc.unwrap_err());
            assert_eq!((a.code(), a.message()), (tonic::Code::Cancelled, "Timeout expired"), "{what} over TCP");
            assert_eq!((b.code(), b.message()), (a.code(), a.message()), "{what} in process");
        }
        for t in [tcp(Some(Duration::from_secs(5))), in_process(Some(Duration::from_secs(5)))] {
            assert_eq!(check(t, None).await.unwrap().into_inner().status, ServingStatus::Serving as i32);
        }
    }
}
