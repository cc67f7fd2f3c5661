//! How the BFF reaches the services: the transport (a TCP channel balanced over a service's
//! replicas, or the service's own server in process), the clients spread over several
//! connections, and the one call helper ([`call!`], [`call_unsent!`]): reads retried while a
//! service restarts, writes retried only when never sent. Apart from the state the handlers
//! share (`crate::state`), which holds the clients this module makes.

use common::grpc::PropagateTrace;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
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

/// A read (retried as [`retry`] retries) that must answer within `deadline`, or why not: the
/// parts of a composite answer (the dashboard's cards, search everywhere's groups), where one
/// slow or failing service marks its own part and never fails the whole.
pub async fn within<T, F, Fut>(deadline: Duration, call: F) -> Result<T, String>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<tonic::Response<T>, tonic::Status>>,
{
    match tokio::time::timeout(deadline, retry(call)).await {
        Ok(Ok(r)) => Ok(r.into_inner()),
        Ok(Err(s)) => Err(format!("{:?}: {}", s.code(), s.message())),
        Err(_) => Err("deadline exceeded".into()),
    }
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
        $crate::transport::retry(|| async { $state.$service().$method($req.clone()).await })
            .await
            .map(tonic::Response::into_inner)
    };
}

/// One call to a service that changes something and must not be applied twice:
/// `call_unsent!(state.giving().delete_donor(req))` is retried, as [`retry_unsent`] retries,
/// only when it was never sent; it answers the message itself.
macro_rules! call_unsent {
    ($state:ident . $service:ident () . $method:ident ($req:expr)) => {
        $crate::transport::retry_unsent(|| async { $state.$service().$method($req.clone()).await })
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
    use futures::StreamExt;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
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
