//! The real binaries as processes, for the tests that run the services as a cluster does
//! (cluster.rs, faults.rs, scale.rs): a child killed with its handle, free ports, the test services.

// Each test binary uses its own part of these helpers.
#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process, killed when dropped, with its output in a log file.
pub struct Proc {
    pub child: Child,
    log: std::path::PathBuf,
}

impl Proc {
    /// Spawns `cmd` with its output appended to `<folder>/<label>.log`: the folder is
    /// TEST_PROC_LOGS, or one of this test process in the temporary folder (a restarted
    /// process continues its log).
    pub fn spawn(mut cmd: Command, label: &str) -> Self {
        let dir = std::env::var_os("TEST_PROC_LOGS")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| std::env::temp_dir().join(format!("gc-proc-logs-{}", std::process::id())));
        let _ = std::fs::create_dir_all(&dir);
        let log = dir.join(format!("{label}.log"));
        let out = || {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&log)
                .map(Stdio::from)
                .unwrap_or_else(|_| Stdio::null())
        };
        let child = cmd.stdout(out()).stderr(out()).spawn().unwrap_or_else(|e| panic!("{label} starts: {e}"));
        Self { child, log }
    }

    /// Whether the process still runs (or how it ended) and the last lines of its log: what a
    /// test's failure message needs (CI shows the test's output, not these files).
    pub fn report(&mut self) -> String {
        let state = match self.child.try_wait() {
            Ok(Some(status)) => format!("it exited ({status})"),
            Ok(None) => "it is running".to_string(),
            Err(e) => format!("its state is unknown ({e})"),
        };
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        let tail = lines[lines.len().saturating_sub(15)..].join("\n");
        format!("{state}; the end of its log {}:\n{tail}", self.log.display())
    }

    fn exited(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(Some(_)))
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port no other listener of the machine holds (on any address), never answered twice in one
/// test binary, and below the kernel's ephemeral range: a port asked of the kernel (bind to 0)
/// sat free until its process bound it, and meanwhile the kernel could hand it to a parallel
/// test's free_port or an outgoing connection (CI once saw a BFF never answer: its port was
/// taken). Ports from 20000 up, starting at an offset spread from the process id so that two
/// test binaries run one after the other (a process of the first may linger) seldom meet.
pub fn free_port() -> u16 {
    use std::sync::atomic::{AtomicU32, Ordering};
    const FIRST: u32 = 20_000;
    const SPAN: u32 = 12_000;
    static NEXT: AtomicU32 = AtomicU32::new(u32::MAX);
    let _ = NEXT.compare_exchange(
        u32::MAX,
        std::process::id().wrapping_mul(7919) % SPAN,
        Ordering::SeqCst,
        Ordering::SeqCst,
    );
    for _ in 0..SPAN {
        let port = (FIRST + NEXT.fetch_add(1, Ordering::SeqCst) % SPAN) as u16;
        // RabbitMQ's inter-node port: free while a test has the broker stopped.
        if port == 25_672 {
            continue;
        }
        // One bind at a time (each listener is closed before the next): the wildcard address
        // meets a listener on any address, 127.0.0.1 one the kernel keeps apart.
        let free = |ip: &str| std::net::TcpListener::bind((ip, port)).is_ok();
        if free("0.0.0.0") && free("127.0.0.1") {
            return port;
        }
    }
    panic!("no free port from {FIRST} to {}", FIRST + SPAN);
}

/// PostgreSQL, Redis and RabbitMQ of the test command; None (the test is skipped) when
/// unset, unless REQUIRE_SERVICES=1.
pub fn services() -> Option<(String, String, String)> {
    let get = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    match (get("TEST_DATABASE_URL"), get("TEST_REDIS_URL"), get("TEST_AMQP_URL")) {
        (Some(d), Some(r), Some(a)) => Some((d, r, a)),
        _ if required() => panic!("REQUIRE_SERVICES=1 but TEST_DATABASE_URL, TEST_REDIS_URL or TEST_AMQP_URL is unset"),
        _ => None,
    }
}

pub fn required() -> bool {
    std::env::var("REQUIRE_SERVICES").is_ok_and(|v| v == "1")
}

/// A binary of the workspace, built beside the BFF's.
pub fn binary(name: &str) -> std::path::PathBuf {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_bff")).with_file_name(name);
    assert!(bin.exists(), "build the {name} binary first (cargo build --workspace --bins)");
    bin
}

/// A gRPC service's binary on its own database and RabbitMQ; `name` is its crate and
/// binary, `<NAME>_DATABASE_URL` its database variable.
/// Its log is `<name>-<port>.log`.
pub fn service_proc(name: &str, db: &str, amqp: &str, port: u16) -> Proc {
    let mut cmd = Command::new(binary(name));
    cmd.env(format!("{}_DATABASE_URL", name.to_uppercase()), db)
        .env("AMQP_URL", amqp)
        .env("GRPC_LISTEN", format!("127.0.0.1:{port}"))
        .env("METRICS_LISTEN", "127.0.0.1:0")
        .env("LOG_FORMAT", "json");
    Proc::spawn(cmd, &format!("{name}-{port}"))
}

/// Waits until the gRPC service on `port` answers its health check as SERVING.
pub async fn wait_serving(port: u16, within: Duration) {
    wait_serving_at(std::net::SocketAddr::from(([127, 0, 0, 1], port)), within, None).await
}

/// A service replica: the binary `name` listening on `addr` (replicas of one service share
/// the port on their own loopback addresses, 127.0.0.2, 127.0.0.3, ...), its metrics on
/// `metrics` (off when None), with `env` (its database, RabbitMQ, ...). Its log is
/// `<name>-<address>-<port>.log`.
pub fn replica_proc(
    name: &str,
    env: &[(String, String)],
    addr: std::net::SocketAddr,
    metrics: Option<std::net::SocketAddr>,
) -> Proc {
    let mut cmd = Command::new(binary(name));
    cmd.envs(env.iter().map(|(k, v)| (k, v)))
        .env("GRPC_LISTEN", addr.to_string())
        .env("METRICS_LISTEN", metrics.map(|m| m.to_string()).unwrap_or_default())
        .env("LOG_FORMAT", "json");
    Proc::spawn(cmd, &format!("{name}-{}-{}", addr.ip(), addr.port()))
}

/// Sends SIGTERM and waits until the process has exited (at most `within`): a graceful stop.
pub async fn terminate(p: &mut Proc, within: Duration) {
    let pid = p.child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status().expect("kill runs");
    assert!(sent.success(), "kill -TERM {pid}");
    let deadline = Instant::now() + within;
    while p.child.try_wait().expect("the child's status").is_none() {
        assert!(Instant::now() < deadline, "process {pid} did not exit within {within:?} of SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the gRPC service at `addr` (the process `of`, when known) answers its health
/// check as SERVING; panics with the process's report (at once when it exited).
pub async fn wait_serving_at(addr: std::net::SocketAddr, within: Duration, mut of: Option<&mut Proc>) {
    use tonic_health::pb::{HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient};
    let deadline = Instant::now() + within;
    while Instant::now() < deadline && !of.as_mut().is_some_and(|p| p.exited()) {
        if let Ok(channel) = tonic::transport::Endpoint::from_shared(format!("http://{addr}")).unwrap().connect().await
            && let Ok(r) = HealthClient::new(channel).check(HealthCheckRequest { service: String::new() }).await
            && r.into_inner().status() == ServingStatus::Serving
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the service at {addr} never became SERVING; {}", of.map(Proc::report).unwrap_or_default());
}

/// Waits until the BFF `bff` at `base` answers /readyz 200 with each (key, value) of `want`
/// in its body ("serving" for a service, "ok" for the cache): up to 90 s, as nine processes
/// may be starting at once on two cores. Panics with the last answer and the BFF's report
/// (at once when it exited).
pub async fn wait_ready(http: &reqwest::Client, base: &str, want: &[(&str, &str)], bff: &mut Proc) {
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut last = serde_json::Value::Null;
    while Instant::now() < deadline && !bff.exited() {
        if let Ok(r) = http.get(format!("{base}/readyz")).send().await {
            let ok = r.status() == 200;
            last = r.json::<serde_json::Value>().await.unwrap_or(serde_json::Value::Null);
            if ok && want.iter().all(|(key, value)| last[*key] == *value) {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("{base} never became ready; its last /readyz: {last}; {}", bff.report());
}

/// Signs in at the BFF at `base` and answers the access token.
pub async fn sign_in(http: &reqwest::Client, base: &str, email: &str, password: &str) -> String {
    let login: serde_json::Value = http
        .post(format!("{base}/admin-login/login"))
        .json(&serde_json::json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("the BFF answers")
        .json()
        .await
        .expect("a JSON answer");
    login["data"]["authToken"].as_str().unwrap_or_else(|| panic!("signed in: {login}")).to_string()
}
