//! Finding a service's replicas and balancing calls over them.
//!
//! A service URL whose host is a name (in Kubernetes, the service's headless Service: one
//! DNS record per ready pod) is resolved again every `GRPC_RESOLVE_INTERVAL_SECS`, and every
//! channel made for it balances its calls over the addresses found, with tonic's
//! power-of-two-choices balancer (`Channel::balance_channel`) fed `Change::Insert` and
//! `Change::Remove`. A new replica gets calls within an interval of appearing in DNS; one
//! that disappears is removed from the balancer, and calls already sent to it finish on
//! their connection.
//!
//! Each address is also asked the gRPC health check (every second at most): only replicas
//! that answer SERVING take calls, so a replica that stopped or is shutting down leaves the
//! set before DNS says so, and one that starts takes calls only once it serves. When no
//! replica answers SERVING (RabbitMQ down makes every one say NOT_SERVING while it still
//! serves), every resolved address takes calls, and when nothing was ever resolved the URL
//! itself does: a call then fails at once (503 after the BFF's retries) instead of waiting
//! for a replica. A resolution that fails keeps the last set found, and is logged.
//!
//! An IP-literal URL (the embedded console, tests) is one plain lazily connected channel, as
//! before. Channels of the same URL share one resolver task (one DNS lookup and one health
//! check per address per round, however many connections are made).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::mpsc;
use tonic::codegen::http::Uri;
use tonic::transport::channel::Change;
use tonic::transport::{Channel, Endpoint};

/// Seconds between two resolutions unless configured (`GRPC_RESOLVE_INTERVAL_SECS`).
pub const RESOLVE_INTERVAL_SECS: u64 = 5;
/// The longest time between two health checks of an address.
const PROBE_INTERVAL: Duration = Duration::from_secs(1);
/// How long a health check (connection included) may take before the address counts as down.
const PROBE_TIMEOUT: Duration = Duration::from_millis(1500);
/// How long one DNS resolution may take before it counts as failed.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);
/// Changes a balancer can hold before it takes them (it takes them on its next call).
const CHANGES_CAPACITY: usize = 1024;

static INTERVAL_MS: AtomicU64 = AtomicU64::new(RESOLVE_INTERVAL_SECS * 1000);

/// Sets the interval of the resolvers started from now on (the BFF's configuration).
pub fn set_resolve_interval(interval: Duration) {
    INTERVAL_MS.store(interval.as_millis().clamp(100, u64::MAX as u128) as u64, Ordering::Relaxed);
}

fn resolve_interval() -> Duration {
    Duration::from_millis(INTERVAL_MS.load(Ordering::Relaxed))
}

/// What makes an [`Endpoint`] of the channel's settings (deadline, keep-alive, ...) from
/// one for an address.
type Configure = Arc<dyn Fn(Endpoint) -> Endpoint + Send + Sync>;

/// Answers the addresses of `host:port` (DNS, or a test's list).
type Resolve =
    Arc<dyn Fn(String, u16) -> Pin<Box<dyn Future<Output = std::io::Result<Vec<SocketAddr>>> + Send>> + Send + Sync>;

/// The system resolver (getaddrinfo: /etc/hosts, then DNS).
fn dns() -> Resolve {
    Arc::new(|host, port| Box::pin(async move { Ok(tokio::net::lookup_host((host.as_str(), port)).await?.collect()) }))
}

/// A channel to the service at `url`, made by `configure`: balanced over the replicas the
/// URL's host name resolves to, or one plain channel when the host is an IP address.
/// Needs a Tokio runtime (the resolver is a task of it).
pub fn channel(url: &str, configure: impl Fn(Endpoint) -> Endpoint + Send + Sync + 'static) -> anyhow::Result<Channel> {
    let target = Target::parse(url)?;
    if target.is_ip() {
        return Ok(configure(Endpoint::from_shared(url.to_string())?).connect_lazy());
    }
    Ok(shared(&target).channel(Arc::new(configure)))
}

/// The resolver of `target`, shared by the channels of the process (one per URL, started
/// again when the runtime it ran on has ended).
fn shared(target: &Target) -> Discovery {
    static RESOLVERS: OnceLock<Mutex<HashMap<String, Discovery>>> = OnceLock::new();
    let mut resolvers = RESOLVERS.get_or_init(Default::default).lock().expect("resolvers lock");
    resolvers.retain(|_, d| !d.subscribe.is_closed());
    resolvers
        .entry(target.url.clone())
        .or_insert_with(|| Discovery::spawn(target.clone(), Settings { interval: resolve_interval(), resolve: dns() }))
        .clone()
}

/// A service URL, taken apart.
#[derive(Debug, Clone)]
struct Target {
    url: String,
    scheme: String,
    host: String,
    port: u16,
    origin: Uri,
}

impl Target {
    fn parse(url: &str) -> anyhow::Result<Self> {
        let origin: Uri = url.parse().map_err(|e| anyhow::anyhow!("service URL {url:?}: {e}"))?;
        let scheme = origin.scheme_str().unwrap_or("http").to_string();
        let host = origin.host().ok_or_else(|| anyhow::anyhow!("service URL {url:?} names no host"))?.to_string();
        let port = origin.port_u16().unwrap_or(if scheme == "https" { 443 } else { 80 });
        Ok(Self { url: url.to_string(), scheme, host, port, origin })
    }

    fn is_ip(&self) -> bool {
        self.host.trim_start_matches('[').trim_end_matches(']').parse::<IpAddr>().is_ok()
    }
}

/// How a resolver runs.
#[derive(Clone)]
struct Settings {
    /// Time between two resolutions.
    interval: Duration,
    resolve: Resolve,
}

/// One endpoint of a balancer: a resolved address, or the URL itself while none is known.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Key {
    Addr(SocketAddr),
    Url,
}

/// A balancer fed by the resolver, and what it has been told so far.
struct Subscriber {
    changes: mpsc::Sender<Change<Key, Endpoint>>,
    configure: Configure,
    told: BTreeSet<Key>,
}

/// A resolver task: hands out channels balanced over what it finds.
#[derive(Clone)]
struct Discovery {
    subscribe: mpsc::UnboundedSender<Subscriber>,
}

impl Discovery {
    /// Starts resolving `url` (its host a name) with `settings`.
    #[cfg(test)]
    fn start(url: &str, settings: Settings) -> anyhow::Result<Self> {
        Ok(Self::spawn(Target::parse(url)?, settings))
    }

    fn spawn(target: Target, settings: Settings) -> Self {
        let (subscribe, subscribers) = mpsc::unbounded_channel();
        tokio::spawn(Resolver::new(target, settings).run(subscribers));
        Self { subscribe }
    }

    /// A channel balanced over the replicas found, made by `configure`.
    fn channel(&self, configure: Configure) -> Channel {
        let (channel, changes) = Channel::balance_channel(CHANGES_CAPACITY);
        if self.subscribe.send(Subscriber { changes, configure, told: BTreeSet::new() }).is_err() {
            // The resolver's runtime has ended; so has every channel of it.
            tracing::warn!("service discovery has stopped; the channel will not find replicas");
        }
        channel
    }
}

/// What the health checks say of an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Health {
    /// Not asked yet.
    Unknown,
    Serving,
    /// NOT_SERVING, unreachable or too slow to answer.
    Down,
}

struct Resolver {
    target: Target,
    settings: Settings,
    /// The addresses last resolved, each with its health and its health client.
    known: BTreeMap<SocketAddr, (Health, tonic_health::pb::health_client::HealthClient<Channel>)>,
    subscribers: Vec<Subscriber>,
    /// The last resolution failed (logged once until it works again).
    failing: bool,
    /// The endpoints calls went to after the last round (changes are logged).
    active: BTreeSet<Key>,
}

impl Resolver {
    fn new(target: Target, settings: Settings) -> Self {
        Self { target, settings, known: BTreeMap::new(), subscribers: vec![], failing: false, active: BTreeSet::new() }
    }

    async fn run(mut self, mut subscribers: mpsc::UnboundedReceiver<Subscriber>) {
        let mut next_resolve = tokio::time::Instant::now();
        let probe_every = PROBE_INTERVAL.min(self.settings.interval);
        let mut open = true;
        loop {
            if !self.subscribers.is_empty() {
                if tokio::time::Instant::now() >= next_resolve {
                    self.resolve().await;
                    next_resolve = tokio::time::Instant::now() + self.settings.interval;
                    // Unknown addresses take calls only while nothing is known to serve.
                    self.publish();
                }
                self.probe().await;
                self.publish();
            }
            let wait = tokio::time::sleep(probe_every);
            tokio::pin!(wait);
            loop {
                tokio::select! {
                    s = subscribers.recv(), if open => match s {
                        Some(s) => {
                            let first = self.subscribers.is_empty();
                            self.subscribers.push(s);
                            if first {
                                // Resolve before telling the first channel anything.
                                break;
                            }
                            self.publish();
                        }
                        None => open = false,
                    },
                    _ = &mut wait => break,
                }
            }
            // Channels dropped since: forget them.
            self.subscribers.retain(|s| !s.changes.is_closed());
            if !open && self.subscribers.is_empty() {
                return;
            }
        }
    }

    async fn resolve(&mut self) {
        let (host, port) = (self.target.host.clone(), self.target.port);
        let found = match tokio::time::timeout(RESOLVE_TIMEOUT, (self.settings.resolve)(host, port)).await {
            Ok(Ok(found)) if !found.is_empty() => found,
            Ok(Ok(_)) => return self.failed("no addresses"),
            Ok(Err(e)) => return self.failed(&e.to_string()),
            Err(_) => return self.failed("timed out"),
        };
        if self.failing {
            tracing::info!(service = %self.target.url, "the service's name resolves again");
            self.failing = false;
        }
        let found: BTreeSet<SocketAddr> = found.into_iter().collect();
        self.known.retain(|a, _| found.contains(a));
        for a in found {
            self.known.entry(a).or_insert_with(|| (Health::Unknown, probe_client(a)));
        }
    }

    fn failed(&mut self, why: &str) {
        if !self.failing {
            tracing::warn!(service = %self.target.url, error = why, kept = self.known.len(), "resolving the service's name failed; keeping the addresses found before");
        }
        self.failing = true;
    }

    /// Asks every known address its health, all at once.
    async fn probe(&mut self) {
        let checks = self.known.iter().map(|(a, (_, client))| {
            let mut client = client.clone();
            let a = *a;
            async move {
                let check = client.check(tonic_health::pb::HealthCheckRequest { service: String::new() });
                let serving = matches!(tokio::time::timeout(PROBE_TIMEOUT, check).await,
                    Ok(Ok(r)) if r.get_ref().status() == tonic_health::pb::health_check_response::ServingStatus::Serving);
                (a, if serving { Health::Serving } else { Health::Down })
            }
        });
        for (a, health) in futures::future::join_all(checks).await {
            if let Some((h, _)) = self.known.get_mut(&a) {
                if *h != health && *h != Health::Unknown {
                    tracing::info!(service = %self.target.url, address = %a, serving = health == Health::Serving, "a replica's health changed");
                }
                *h = health;
            }
        }
    }

    /// The endpoints calls go to: the serving replicas; else every known one; else the URL.
    fn active(&self) -> BTreeSet<Key> {
        let serving: BTreeSet<Key> =
            self.known.iter().filter(|(_, (h, _))| *h == Health::Serving).map(|(a, _)| Key::Addr(*a)).collect();
        if !serving.is_empty() {
            return serving;
        }
        if !self.known.is_empty() {
            return self.known.keys().map(|a| Key::Addr(*a)).collect();
        }
        BTreeSet::from([Key::Url])
    }

    /// Tells every balancer what changed for it: additions first, so it never passes
    /// through an empty set. A balancer that has not taken its earlier changes yet (it
    /// takes them on its next call) is told the rest on a later round.
    fn publish(&mut self) {
        let active = self.active();
        if active != self.active {
            let list = active.iter().map(|k| match k {
                Key::Addr(a) => a.to_string(),
                Key::Url => self.target.url.clone(),
            });
            tracing::info!(service = %self.target.url, endpoints = %list.collect::<Vec<_>>().join(", "), "calls now go to");
            self.active = active.clone();
        }
        let target = &self.target;
        for s in &mut self.subscribers {
            let inserts = active.difference(&s.told).cloned().collect::<Vec<_>>();
            let removes = s.told.difference(&active).cloned().collect::<Vec<_>>();
            for key in inserts {
                let endpoint = match endpoint(target, &key) {
                    Ok(e) => (s.configure)(e),
                    Err(e) => {
                        tracing::error!(service = %target.url, error = %e, "no endpoint for a replica");
                        continue;
                    }
                };
                if s.changes.try_send(Change::Insert(key.clone(), endpoint)).is_err() {
                    break;
                }
                s.told.insert(key);
            }
            for key in removes {
                if s.changes.try_send(Change::Remove(key.clone())).is_err() {
                    break;
                }
                s.told.remove(&key);
            }
        }
    }
}

/// The endpoint of one replica: its address, with the URL as the origin (the `:authority`
/// calls carry), or the URL itself.
fn endpoint(target: &Target, key: &Key) -> anyhow::Result<Endpoint> {
    Ok(match key {
        Key::Addr(a) => Endpoint::from_shared(format!("{}://{a}", target.scheme))?.origin(target.origin.clone()),
        Key::Url => Endpoint::from_shared(target.url.clone())?,
    })
}

/// The health client of one address (its own connection, short deadlines).
fn probe_client(a: SocketAddr) -> tonic_health::pb::health_client::HealthClient<Channel> {
    let channel = Endpoint::from_shared(format!("http://{a}"))
        .expect("a socket address is a valid URI")
        .connect_timeout(PROBE_TIMEOUT)
        .timeout(PROBE_TIMEOUT)
        .tcp_nodelay(true)
        .connect_lazy();
    tonic_health::pb::health_client::HealthClient::new(channel)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;
    use tonic::{Request, Response, Status};
    use tonic_health::pb::health_check_response::ServingStatus;
    use tonic_health::pb::health_client::HealthClient;
    use tonic_health::pb::health_server::{Health as HealthApi, HealthServer};
    use tonic_health::pb::{HealthCheckRequest, HealthCheckResponse};

    /// A replica's gRPC server: it answers the resolver's health checks (service "") and
    /// counts every other check it is asked; "slow" ones take 1.5 s.
    struct Counting(Arc<AtomicUsize>);

    #[tonic::async_trait]
    impl HealthApi for Counting {
        async fn check(&self, req: Request<HealthCheckRequest>) -> Result<Response<HealthCheckResponse>, Status> {
            let service = req.into_inner().service;
            if !service.is_empty() {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
            if service == "slow" {
                tokio::time::sleep(Duration::from_millis(1500)).await;
            }
            Ok(Response::new(HealthCheckResponse { status: ServingStatus::Serving as i32 }))
        }

        type WatchStream = Pin<Box<dyn futures::Stream<Item = Result<HealthCheckResponse, Status>> + Send>>;

        async fn watch(&self, _: Request<HealthCheckRequest>) -> Result<Response<Self::WatchStream>, Status> {
            Err(Status::unimplemented("watch"))
        }
    }

    /// A serving replica on a free loopback port: its address and its count of calls.
    async fn replica() -> (SocketAddr, Arc<AtomicUsize>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let calls = Arc::new(AtomicUsize::new(0));
        let server = tonic::transport::Server::builder().add_service(HealthServer::new(Counting(calls.clone())));
        tokio::spawn(server.serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)));
        (addr, calls)
    }

    /// An address nothing listens on.
    fn dead() -> SocketAddr {
        std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap()
    }

    /// A resolver answering what the test sets (an error when `None`).
    fn resolver(answer: &Arc<Mutex<Option<Vec<SocketAddr>>>>) -> Resolve {
        let answer = answer.clone();
        Arc::new(move |_, _| {
            let now = answer.lock().unwrap().clone();
            Box::pin(async move { now.ok_or_else(|| std::io::Error::other("no such host")) })
        })
    }

    fn settings(answer: &Arc<Mutex<Option<Vec<SocketAddr>>>>) -> Settings {
        Settings { interval: Duration::from_millis(200), resolve: resolver(answer) }
    }

    fn client(d: &Discovery) -> HealthClient<Channel> {
        HealthClient::new(d.channel(Arc::new(|e: Endpoint| e.timeout(Duration::from_secs(5)))))
    }

    async fn calls(client: &HealthClient<Channel>, n: usize, service: &str) {
        for _ in 0..n {
            client.clone().check(HealthCheckRequest { service: service.into() }).await.expect("the call succeeds");
        }
    }

    fn counts(of: &[&Arc<AtomicUsize>]) -> Vec<usize> {
        of.iter().map(|c| c.load(Ordering::SeqCst)).collect()
    }

    /// Replicas that appear take their share of the calls within a round or two; one that
    /// disappears takes no new call, and the calls it was serving finish.
    #[tokio::test]
    async fn calls_follow_the_resolved_replicas() {
        let ((a, at_a), (b, at_b), (c, at_c)) = (replica().await, replica().await, replica().await);
        let answer = Arc::new(Mutex::new(Some(vec![a])));
        let d = Discovery::start("http://catalogue.test:50052", settings(&answer)).unwrap();
        let client = client(&d);
        calls(&client, 20, "count").await;
        assert_eq!(counts(&[&at_a, &at_b, &at_c]), [20, 0, 0]);

        *answer.lock().unwrap() = Some(vec![a, b, c]);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(3);
        while at_b.load(Ordering::SeqCst) == 0 || at_c.load(Ordering::SeqCst) == 0 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "new replicas got no call within 3 s: {:?}",
                counts(&[&at_a, &at_b, &at_c])
            );
            calls(&client, 5, "count").await;
        }
        let before = counts(&[&at_a, &at_b, &at_c]);
        calls(&client, 300, "count").await;
        let share: Vec<usize> = counts(&[&at_a, &at_b, &at_c]).iter().zip(&before).map(|(n, b)| n - b).collect();
        assert!(share.iter().all(|n| *n >= 60), "each replica takes at least a fifth of 300 calls: {share:?}");

        // Slow calls in flight on every replica, then c leaves the set while they run.
        let c_before = at_c.load(Ordering::SeqCst);
        let slow: Vec<_> = (0..24)
            .map(|_| {
                let mut client = client.clone();
                tokio::spawn(async move { client.check(HealthCheckRequest { service: "slow".into() }).await })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(at_c.load(Ordering::SeqCst) > c_before, "some slow calls went to c");
        *answer.lock().unwrap() = Some(vec![a, b]);
        tokio::time::sleep(Duration::from_millis(600)).await;
        for call in slow {
            call.await.unwrap().expect("a call in flight on a removed replica finishes");
        }
        let c_after = at_c.load(Ordering::SeqCst);
        calls(&client, 100, "count").await;
        assert_eq!(at_c.load(Ordering::SeqCst), c_after, "a removed replica takes no new call");
    }

    /// A replica that does not answer its health check takes no call; a resolution that
    /// fails keeps the replicas found before; with nothing serving, calls fail at once
    /// instead of waiting for a replica.
    #[tokio::test]
    async fn down_replicas_are_skipped_and_failed_resolutions_keep_the_set() {
        let (a, at_a) = replica().await;
        let answer = Arc::new(Mutex::new(Some(vec![a, dead()])));
        let d = Discovery::start("http://giving.test:50053", settings(&answer)).unwrap();
        let client = client(&d);
        // Before the first health checks both take calls; after them, only a.
        tokio::time::sleep(Duration::from_millis(500)).await;
        calls(&client, 100, "count").await;
        assert_eq!(at_a.load(Ordering::SeqCst), 100);

        *answer.lock().unwrap() = None;
        tokio::time::sleep(Duration::from_millis(600)).await;
        calls(&client, 50, "count").await;
        assert_eq!(at_a.load(Ordering::SeqCst), 150, "the set found before is kept");

        // Only a dead replica: the call fails fast with UNAVAILABLE (the BFF's retries then 503).
        let answer = Arc::new(Mutex::new(Some(vec![dead()])));
        let d = Discovery::start("http://chat.test:50056", settings(&answer)).unwrap();
        let started = std::time::Instant::now();
        let err = client_call_error(&d).await;
        assert_eq!(err.code(), tonic::Code::Unavailable, "{err:?}");
        assert!(started.elapsed() < Duration::from_secs(5));

        // A name that never resolved: the URL itself is tried, and fails as fast.
        let port = dead().port();
        let answer = Arc::new(Mutex::new(None));
        let d = Discovery::start(&format!("http://localhost:{port}"), settings(&answer)).unwrap();
        let err = client_call_error(&d).await;
        assert_eq!(err.code(), tonic::Code::Unavailable, "{err:?}");
    }

    async fn client_call_error(d: &Discovery) -> Status {
        let mut client = client(d);
        let call = client.check(HealthCheckRequest { service: "count".into() });
        tokio::time::timeout(Duration::from_secs(5), call)
            .await
            .expect("an answer within 5 s, not a wait")
            .expect_err("nothing serves")
    }

    /// The BFF's own entry: an IP address is one plain channel; a name (here through the
    /// system resolver: /etc/hosts) is balanced over what it resolves to.
    #[tokio::test]
    async fn ip_addresses_and_names_both_reach_the_service() {
        let (a, at_a) = replica().await;
        let plain = HealthClient::new(channel(&format!("http://{a}"), |e| e).unwrap());
        calls(&plain, 3, "count").await;
        let url = format!("http://localhost:{}", a.port());
        let named = HealthClient::new(channel(&url, |e| e).unwrap());
        let again = HealthClient::new(channel(&url, |e| e.timeout(Duration::from_secs(5))).unwrap());
        calls(&named, 3, "count").await;
        calls(&again, 3, "count").await;
        assert_eq!(at_a.load(Ordering::SeqCst), 9);
        assert!(channel("http://", |e| e).is_err(), "a URL without a host is refused");
    }
}
