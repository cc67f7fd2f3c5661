//! The real binaries as processes, for the tests that run the services as a cluster does
//! (cluster.rs, faults.rs, scale.rs): a child killed with its handle, free ports, the test services.

// Each test binary uses its own part of these helpers.
#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A child process, killed when dropped.
pub struct Proc(pub Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
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
pub fn service_proc(name: &str, db: &str, amqp: &str, port: u16) -> Proc {
    Proc(
        Command::new(binary(name))
            .env(format!("{}_DATABASE_URL", name.to_uppercase()), db)
            .env("AMQP_URL", amqp)
            .env("GRPC_LISTEN", format!("127.0.0.1:{port}"))
            .env("METRICS_LISTEN", "127.0.0.1:0")
            .env("LOG_FORMAT", "json")
            .stdout(log_of(name, port))
            .stderr(log_of(name, port))
            .spawn()
            .unwrap_or_else(|e| panic!("{name} starts: {e}")),
    )
}

/// With TEST_PROC_LOGS=<folder>, a process's log goes to `<folder>/<name>-<port>.log`
/// (appended: a restarted process continues it); otherwise nowhere.
fn log_of(name: &str, port: u16) -> Stdio {
    log_to(&format!("{name}-{port}"))
}

/// With TEST_PROC_LOGS=<folder>, to `<folder>/<label>.log` (appended); otherwise nowhere.
pub fn log_to(label: &str) -> Stdio {
    match std::env::var_os("TEST_PROC_LOGS") {
        Some(dir) => {
            let path = std::path::Path::new(&dir).join(format!("{label}.log"));
            std::fs::OpenOptions::new().create(true).append(true).open(path).map(Stdio::from).unwrap_or_else(|_| Stdio::null())
        }
        None => Stdio::null(),
    }
}

/// Waits until the gRPC service on `port` answers its health check as SERVING.
pub async fn wait_serving(port: u16, within: Duration) {
    wait_serving_at(std::net::SocketAddr::from(([127, 0, 0, 1], port)), within).await
}

/// A service replica: the binary `name` listening on `addr` (replicas of one service share
/// the port on their own loopback addresses, 127.0.0.2, 127.0.0.3, ...), its metrics on
/// `metrics` (off when None), with `env` (its database, RabbitMQ, ...). Its log (with
/// TEST_PROC_LOGS) is `<name>-<address>.log`.
pub fn replica_proc(name: &str, env: &[(String, String)], addr: std::net::SocketAddr, metrics: Option<std::net::SocketAddr>) -> Proc {
    let label = format!("{name}-{}", addr.ip());
    Proc(
        Command::new(binary(name))
            .envs(env.iter().map(|(k, v)| (k, v)))
            .env("GRPC_LISTEN", addr.to_string())
            .env("METRICS_LISTEN", metrics.map(|m| m.to_string()).unwrap_or_default())
            .env("LOG_FORMAT", "json")
            .stdout(log_to(&label))
            .stderr(log_to(&label))
            .spawn()
            .unwrap_or_else(|e| panic!("{name} starts: {e}")),
    )
}

/// Sends SIGTERM and waits until the process has exited (at most `within`): a graceful stop.
pub async fn terminate(p: &mut Proc, within: Duration) {
    let pid = p.0.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status().expect("kill runs");
    assert!(sent.success(), "kill -TERM {pid}");
    let deadline = Instant::now() + within;
    while p.0.try_wait().expect("the child's status").is_none() {
        assert!(Instant::now() < deadline, "process {pid} did not exit within {within:?} of SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the gRPC service at `addr` answers its health check as SERVING.
pub async fn wait_serving_at(addr: std::net::SocketAddr, within: Duration) {
    use tonic_health::pb::{HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient};
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if let Ok(channel) = tonic::transport::Endpoint::from_shared(format!("http://{addr}")).unwrap().connect().await
            && let Ok(r) = HealthClient::new(channel).check(HealthCheckRequest { service: String::new() }).await
            && r.into_inner().status() == ServingStatus::Serving
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("the service at {addr} never became SERVING");
}

/// Waits until the BFF at `base` answers /readyz 200 with each (key, value) of `want` in its
/// body ("serving" for a service, "ok" for the cache): up to 90 s, as nine processes may be
/// starting at once on two cores. Panics with the last answer.
pub async fn wait_ready(http: &reqwest::Client, base: &str, want: &[(&str, &str)]) {
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut last = serde_json::Value::Null;
    while Instant::now() < deadline {
        if let Ok(r) = http.get(format!("{base}/readyz")).send().await {
            let ok = r.status() == 200;
            last = r.json::<serde_json::Value>().await.unwrap_or(serde_json::Value::Null);
            if ok && want.iter().all(|(key, value)| last[*key] == *value) {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("{base} never became ready; its last /readyz: {last}");
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
