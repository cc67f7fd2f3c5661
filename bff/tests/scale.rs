//! Scale-out in the simulated cluster (issue 18, sections 1 and 2): the real binaries on
//! PostgreSQL, Redis and RabbitMQ, each service's replicas on their own loopback address
//! (127.0.0.2, 127.0.0.3, ...) and the same port, and BFFs that find them by name.
//!
//! DNS is the BFF's only: each BFF runs in a private mount namespace whose /etc/hosts is a
//! file of the test (`unshare -m`, bind mount), rewritten in place as replicas come and go
//! (glibc reads /etc/hosts again on every lookup). That needs root; without it the tests are
//! skipped, as they are without TEST_DATABASE_URL, TEST_REDIS_URL and TEST_AMQP_URL, unless
//! REQUIRE_SERVICES=1.
//!
//! - Replicas added under load take a fair share of the calls within 10 s (read from each
//!   replica's own metrics), and one killed under load fails no request.
//! - Every service restarted replica by replica (SIGTERM, exit, start, serving) while a load
//!   generator runs reads across every service (and an idempotent write): no request fails.

#[path = "support/procs.rs"]
mod procs;

use procs::*;
use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const SECRET: &str = "scale-test-secret-scale-test-secret-0123456";
const ADMIN: (&str, &str) = ("admin@example.org", "Admin@123");

/// The services, their crate and binary names (`<NAME>_DATABASE_URL` each).
const SERVICES: [&str; 7] = ["identity", "catalogue", "giving", "engagement", "content", "chat", "audit"];

/// The loopback address of replica `n` (0, 1, ...): 127.0.0.2, 127.0.0.3, ...
fn replica_ip(n: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + n))
}

/// PostgreSQL, Redis and RabbitMQ, and a BFF in a mount namespace of its own: None (skipped,
/// with the reason printed) when either is missing, unless REQUIRE_SERVICES=1.
fn prerequisites(test: &str) -> Option<(String, String, String)> {
    let Some(found) = services() else {
        eprintln!("{test} skipped: set TEST_DATABASE_URL, TEST_REDIS_URL, TEST_AMQP_URL");
        return None;
    };
    let namespaces = Command::new("unshare")
        .args(["-m", "true"])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !namespaces {
        assert!(
            !required(),
            "REQUIRE_SERVICES=1 but `unshare -m` fails: the scale tests need root (a private /etc/hosts per BFF)"
        );
        eprintln!("{test} skipped: `unshare -m` fails (run as root to give each BFF its own /etc/hosts)");
        return None;
    }
    Some(found)
}

/// The hosts file the BFFs see as /etc/hosts.
struct Hosts(std::path::PathBuf);

impl Hosts {
    fn new() -> Self {
        let path = std::env::temp_dir().join(format!("gc-scale-hosts-{}", common::new_id()));
        let hosts = Self(path);
        hosts.set(&[]);
        hosts
    }

    /// Rewrites the file in place (the bind mount follows the file, not its name): each name
    /// with its addresses.
    fn set(&self, names: &[(&str, Vec<IpAddr>)]) {
        let mut text = String::from("127.0.0.1 localhost\n");
        for (name, ips) in names {
            for ip in ips {
                text.push_str(&format!("{ip} {name}\n"));
            }
        }
        std::fs::write(&self.0, text).expect("hosts file written");
    }
}

impl Drop for Hosts {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A BFF whose /etc/hosts is `hosts`, on `port`, with the services at `urls` (name, URL).
fn bff_proc(hosts: &Hosts, urls: &[(&str, String)], redis: &str, amqp: Option<&str>, port: u16) -> Proc {
    let mut cmd = Command::new("unshare");
    cmd.args(["-m", "sh", "-c", r#"mount --bind "$0" /etc/hosts && exec "$1""#])
        .arg(&hosts.0)
        .arg(env!("CARGO_BIN_EXE_bff"))
        .env("JWT_SECRET", SECRET)
        .env("REDIS_URL", redis)
        .env("LISTEN", format!("127.0.0.1:{port}"))
        .env("METRICS_LISTEN", "127.0.0.1:0")
        .env("PUBLIC_URL", format!("http://127.0.0.1:{port}"))
        .env("MEDIA_DIR", std::env::temp_dir().join(format!("gc-scale-media-{}", std::process::id())))
        .env("GRPC_RESOLVE_INTERVAL_SECS", "1")
        .env("LOG_FORMAT", "json");
    for s in bff::services::SERVICES {
        // Services a test does not start: a port nothing listens on (their calls answer 503).
        let url = urls
            .iter()
            .find(|(n, _)| *n == s.name)
            .map(|(_, u)| u.clone())
            .unwrap_or_else(|| format!("http://127.0.0.1:{}", free_port()));
        cmd.env(s.url, url);
    }
    if let Some(amqp) = amqp {
        cmd.env("AMQP_URL", amqp);
    }
    Proc::spawn(cmd, &format!("bff-{port}"))
}

/// Waits until the BFF `bff` at `base` is ready and reports each of `serving` as serving.
async fn wait_serving(http: &reqwest::Client, base: &str, serving: &[&str], bff: &mut Proc) {
    let want: Vec<(&str, &str)> = serving.iter().map(|s| (*s, "serving")).collect();
    wait_ready(http, base, &want, bff).await;
}

async fn sign_in(http: &reqwest::Client, base: &str) -> String {
    let r = http
        .post(format!("{base}/admin-login/login"))
        .json(&json!({ "email": ADMIN.0, "password": ADMIN.1 }))
        .send()
        .await
        .unwrap();
    let body: Value = r.json().await.unwrap();
    body["data"]["authToken"].as_str().unwrap_or_else(|| panic!("signed in: {body}")).to_string()
}

/// The environment of a service's replica: its database, RabbitMQ, and identity's extras.
fn service_env(name: &str, db: &str, amqp: &str) -> Vec<(String, String)> {
    let mut env = vec![
        (format!("{}_DATABASE_URL", name.to_uppercase()), db.to_string()),
        ("AMQP_URL".into(), amqp.to_string()),
        // As the chart sets it: on SIGTERM a replica says NOT_SERVING and still answers for
        // 2 s, so the BFFs' health checks drop it before its port closes.
        ("SHUTDOWN_DRAIN_SECS".into(), "2".into()),
    ];
    if name == "identity" {
        env.extend([
            ("JWT_SECRET".into(), SECRET.into()),
            ("ADMIN_EMAIL".into(), ADMIN.0.into()),
            ("ADMIN_PASSWORD".into(), ADMIN.1.into()),
            (
                "MAIL_DIR".into(),
                std::env::temp_dir().join(format!("gc-scale-mail-{}", std::process::id())).display().to_string(),
            ),
            ("PUBLIC_URL".into(), "https://console.example.org".into()),
        ]);
    }
    env
}

/// One request of the load: method, path, body.
#[derive(Clone)]
struct Call(reqwest::Method, String, Value);

/// A load generator: `workers` tasks per BFF, each sending `calls` in turn until stopped.
struct Load {
    /// When the load began (failures and restarts are logged against it).
    started: Instant,
    stop: Arc<AtomicBool>,
    workers: Vec<tokio::task::JoinHandle<Tally>>,
}

/// What a worker saw: answers by path, and the failures (status and body) in full.
#[derive(Default)]
struct Tally {
    ok: std::collections::BTreeMap<String, u64>,
    failed: Vec<String>,
}

impl Load {
    fn start(bases: &[String], workers: usize, token: &str, calls: Vec<Call>) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let http = reqwest::Client::builder().timeout(Duration::from_secs(60)).build().unwrap();
        let mut handles = vec![];
        let started = Instant::now();
        for (i, base) in bases.iter().cycle().take(bases.len() * workers).enumerate() {
            let (stop, http, base, token, calls) =
                (stop.clone(), http.clone(), base.clone(), token.to_string(), calls.clone());
            handles.push(tokio::spawn(async move {
                let mut tally = Tally::default();
                let mut n = i;
                while !stop.load(Ordering::Relaxed) {
                    let Call(method, path, body) = &calls[n % calls.len()];
                    n += 1;
                    let sent = http
                        .request(method.clone(), format!("{base}{path}"))
                        .bearer_auth(&token)
                        .json(body)
                        .send()
                        .await;
                    match sent {
                        Ok(r) if r.status() == 200 => *tally.ok.entry(path.clone()).or_default() += 1,
                        Ok(r) => {
                            let status = r.status();
                            let text = r.text().await.unwrap_or_default();
                            let at = started.elapsed().as_secs_f64();
                            tally
                                .failed
                                .push(format!("{at:.1} s into the load: {method} {base}{path}: {status} {text}"));
                        }
                        Err(e) => tally.failed.push(format!(
                            "{:.1} s into the load: {method} {base}{path}: {e}",
                            started.elapsed().as_secs_f64()
                        )),
                    }
                }
                tally
            }));
        }
        Self { started, stop, workers: handles }
    }

    /// Stops the workers and answers their summary: answers by path and every failure.
    async fn finish(self) -> Tally {
        self.stop.store(true, Ordering::Relaxed);
        let mut all = Tally::default();
        for w in self.workers {
            let t = w.await.expect("a load worker");
            for (path, n) in t.ok {
                *all.ok.entry(path).or_default() += n;
            }
            all.failed.extend(t.failed);
        }
        let total: u64 = all.ok.values().sum();
        eprintln!("load summary: {} requests, {} failed", total + all.failed.len() as u64, all.failed.len());
        for (path, n) in &all.ok {
            eprintln!("  {n:>6} ok  {path}");
        }
        for f in all.failed.iter().take(20) {
            eprintln!("  FAILED {f}");
        }
        all
    }
}

/// How many calls of `method` (e.g. `/catalogue.v1.Catalogue/ListCharities`) the replica
/// whose metrics are at `metrics` has served, by its own `grpc_server_requests_seconds`.
async fn served(http: &reqwest::Client, metrics: SocketAddr, method: &str) -> u64 {
    let text = http
        .get(format!("http://{metrics}/metrics"))
        .send()
        .await
        .expect("the replica's metrics answer")
        .text()
        .await
        .unwrap();
    let label = format!("method=\"{method}\"");
    text.lines()
        .filter(|l| l.starts_with("grpc_server_requests_seconds_count{") && l.contains(&label))
        .map(|l| l.rsplit(' ').next().and_then(|n| n.parse::<f64>().ok()).unwrap_or_default() as u64)
        .sum()
}

const LIST_CHARITIES: &str = "/catalogue.v1.Catalogue/ListCharities";

/// Catalogue with one replica under load through two BFFs; two more replicas start and
/// appear in DNS: within 10 s each takes at least a fifth of the calls of a 2-second window.
/// Then one is killed (SIGKILL) and leaves DNS: no request of the load fails.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replicas_added_under_load_take_a_fair_share_and_a_killed_one_fails_no_request() {
    let Some((pg, redis, amqp)) = prerequisites("scale test") else {
        return;
    };
    let identity_db = common::testing::create_postgres_database(&pg).await;
    let catalogue_db = common::testing::create_postgres_database(&pg).await;
    let (identity_port, port, metrics_port) = (free_port(), free_port(), free_port());
    let identity_addr = SocketAddr::from(([127, 0, 0, 1], identity_port));
    let mut identity = replica_proc("identity", &service_env("identity", &identity_db.url, &amqp), identity_addr, None);
    let env = service_env("catalogue", &catalogue_db.url, &amqp);
    let replica = |n: u8| {
        let ip = replica_ip(n);
        (
            replica_proc("catalogue", &env, SocketAddr::new(ip, port), Some(SocketAddr::new(ip, metrics_port))),
            SocketAddr::new(ip, metrics_port),
        )
    };
    let (mut first, first_metrics) = replica(0);
    wait_serving_at(SocketAddr::new(replica_ip(0), port), Duration::from_secs(60), Some(&mut first)).await;
    wait_serving_at(identity_addr, Duration::from_secs(60), Some(&mut identity)).await;

    let hosts = Hosts::new();
    hosts.set(&[("catalogue.test", vec![replica_ip(0)])]);
    let urls =
        [("identity", format!("http://{identity_addr}")), ("catalogue", format!("http://catalogue.test:{port}"))];
    let (a, b) = (free_port(), free_port());
    let mut bffs = [bff_proc(&hosts, &urls, &redis, None, a), bff_proc(&hosts, &urls, &redis, None, b)];
    let bases = [format!("http://127.0.0.1:{a}"), format!("http://127.0.0.1:{b}")];
    let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap();
    for (base, bff) in bases.iter().zip(&mut bffs) {
        wait_serving(&http, base, &["identity", "catalogue"], bff).await;
    }
    let token = sign_in(&http, &bases[0]).await;
    let list = Call(reqwest::Method::POST, "/admin/charity/charityList".into(), json!({ "page": 1, "limit": 10 }));
    let load = Load::start(&bases, 3, &token, vec![list]);

    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(served(&http, first_metrics, LIST_CHARITIES).await > 0, "the first replica serves the load");
    let (mut second, second_metrics) = replica(1);
    let (mut third, third_metrics) = replica(2);
    for (n, p) in [(1, &mut second), (2, &mut third)] {
        wait_serving_at(SocketAddr::new(replica_ip(n), port), Duration::from_secs(60), Some(p)).await;
    }
    hosts.set(&[("catalogue.test", vec![replica_ip(0), replica_ip(1), replica_ip(2)])]);
    let added = Instant::now();
    let all = [first_metrics, second_metrics, third_metrics];
    let mut snapshots: Vec<(Instant, Vec<u64>)> = vec![];
    let shares = loop {
        let mut counts = vec![];
        for m in all {
            counts.push(served(&http, m, LIST_CHARITIES).await);
        }
        snapshots.push((Instant::now(), counts.clone()));
        // The window: the last two seconds.
        let (_, then) = snapshots
            .iter()
            .find(|(t, _)| t.elapsed() <= Duration::from_secs(2))
            .expect("the snapshot just taken")
            .clone();
        let window: Vec<u64> = counts.iter().zip(&then).map(|(now, then)| now - then).collect();
        let total: u64 = window.iter().sum();
        if total >= 30 && window.iter().all(|n| *n * 5 >= total) {
            break window;
        }
        assert!(
            added.elapsed() < Duration::from_secs(10),
            "no fair share within 10 s of the replicas appearing; calls in the last window: {window:?}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    eprintln!("fair share after {:.1} s: {shares:?} calls per replica in 2 s", added.elapsed().as_secs_f64());

    // One replica dies under load and leaves DNS.
    let _ = third.child.kill();
    let _ = third.child.wait();
    hosts.set(&[("catalogue.test", vec![replica_ip(0), replica_ip(1)])]);
    let before =
        [served(&http, first_metrics, LIST_CHARITIES).await, served(&http, second_metrics, LIST_CHARITIES).await];
    tokio::time::sleep(Duration::from_secs(4)).await;
    let after =
        [served(&http, first_metrics, LIST_CHARITIES).await, served(&http, second_metrics, LIST_CHARITIES).await];
    let tally = load.finish().await;
    assert!(tally.failed.is_empty(), "{} requests failed; the first: {:?}", tally.failed.len(), tally.failed.first());
    assert!(
        before.iter().zip(&after).all(|(b, a)| a > b),
        "both remaining replicas keep serving: {before:?} then {after:?}"
    );
    drop((first, second));
}

/// Every service with two replicas behind two BFFs; a load generator mixes reads of every
/// service (and an idempotent write) while each service is restarted replica by replica:
/// SIGTERM (the replica drains for 2 s, as the chart has it), wait for the exit, start again,
/// wait until it serves, next. No request fails.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_of_every_service_under_load_fails_no_request() {
    let Some((pg, redis, amqp)) = prerequisites("rolling restart test") else {
        return;
    };
    let mut dbs = vec![];
    for _ in SERVICES {
        dbs.push(common::testing::create_postgres_database(&pg).await);
    }
    let ports: Vec<u16> = SERVICES.iter().map(|_| free_port()).collect();
    let envs: Vec<_> = SERVICES.iter().zip(&dbs).map(|(name, db)| service_env(name, &db.url, &amqp)).collect();
    let addr = |s: usize, n: u8| SocketAddr::new(replica_ip(n), ports[s]);
    let start = |s: usize, n: u8| replica_proc(SERVICES[s], &envs[s], addr(s, n), None);

    // Identity's first replica makes the main admin before any other starts.
    let mut replicas: Vec<[Option<Proc>; 2]> = SERVICES.iter().map(|_| [None, None]).collect();
    replicas[0][0] = Some(start(0, 0));
    wait_serving_at(addr(0, 0), Duration::from_secs(60), replicas[0][0].as_mut()).await;
    for (s, r) in replicas.iter_mut().enumerate() {
        for n in 0..2u8 {
            if r[n as usize].is_none() {
                r[n as usize] = Some(start(s, n));
            }
        }
    }
    for (s, r) in replicas.iter_mut().enumerate() {
        for (n, p) in r.iter_mut().enumerate() {
            wait_serving_at(addr(s, n as u8), Duration::from_secs(90), p.as_mut()).await;
        }
    }

    let hosts = Hosts::new();
    let names: Vec<String> = SERVICES.iter().map(|s| format!("{s}.test")).collect();
    hosts.set(&names.iter().map(|n| (n.as_str(), vec![replica_ip(0), replica_ip(1)])).collect::<Vec<_>>());
    let urls: Vec<(&str, String)> =
        SERVICES.iter().enumerate().map(|(s, name)| (*name, format!("http://{name}.test:{}", ports[s]))).collect();
    let (a, b) = (free_port(), free_port());
    let mut bffs = [bff_proc(&hosts, &urls, &redis, Some(&amqp), a), bff_proc(&hosts, &urls, &redis, Some(&amqp), b)];
    let bases = [format!("http://127.0.0.1:{a}"), format!("http://127.0.0.1:{b}")];
    let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap();
    for (base, bff) in bases.iter().zip(&mut bffs) {
        wait_serving(&http, base, &SERVICES, bff).await;
    }
    let token = sign_in(&http, &bases[0]).await;
    let cause: Value = http
        .post(format!("{}/admin/cause/create", bases[0]))
        .bearer_auth(&token)
        .json(&json!({ "name": "Clean Water" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let cause = cause["data"]["_id"].as_str().unwrap_or_else(|| panic!("a cause: {cause}")).to_string();

    use reqwest::Method as M;
    let calls = vec![
        Call(M::POST, "/admin/sub-admin/subAdminList".into(), json!({})),
        Call(M::POST, "/admin/charity/charityList".into(), json!({})),
        Call(M::POST, "/admin/cause/causeList".into(), json!({})),
        Call(M::POST, "/admin/user/userList".into(), json!({})),
        Call(M::POST, "/admin/admin-community/communityList".into(), json!({})),
        Call(M::POST, "/admin/leadership/listLeadership".into(), json!({})),
        Call(M::POST, "/admin/notification/notificationHistory".into(), json!({})),
        Call(M::POST, "/admin/audit/auditList".into(), json!({})),
        // An idempotent write: the same status again and again.
        Call(M::PATCH, format!("/admin/cause/activeStatus/{cause}"), json!({ "isActive": true })),
    ];
    let load = Load::start(&bases, 3, &token, calls.clone());
    tokio::time::sleep(Duration::from_secs(1)).await;

    for (s, name) in SERVICES.iter().enumerate() {
        for n in 0..2u8 {
            eprintln!(
                "{name} replica {} stopping ({:.1} s into the load)",
                n + 1,
                load.started.elapsed().as_secs_f64()
            );
            let mut old = replicas[s][n as usize].take().expect("a running replica");
            terminate(&mut old, Duration::from_secs(30)).await;
            replicas[s][n as usize] = Some(start(s, n));
            wait_serving_at(addr(s, n), Duration::from_secs(60), replicas[s][n as usize].as_mut()).await;
            // The BFFs ask each replica's health every second (a check may take 1.5 s): the
            // restarted one is back in their sets before its sibling stops, as the chart's
            // minReadySeconds holds a rollout. 1.5 s was too short once on a loaded CI machine
            // (a read to giving answered 503 after the BFF's 2.25 s of retries).
            tokio::time::sleep(Duration::from_secs(3)).await;
            eprintln!(
                "{name} replica {} restarted ({:.1} s into the load)",
                n + 1,
                load.started.elapsed().as_secs_f64()
            );
        }
    }
    let tally = load.finish().await;
    assert!(
        tally.failed.is_empty(),
        "{} requests failed during the rolling restart; the first: {:?}",
        tally.failed.len(),
        tally.failed.first()
    );
    for Call(_, path, _) in &calls {
        assert!(tally.ok.get(path).is_some_and(|n| *n > 0), "{path} was answered during the restart");
    }
}
