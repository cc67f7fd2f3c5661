//! The TLS test servers of deploy/scripts/tls-servers.sh (tests only: the `testing` feature):
//! a PostgreSQL, a Redis and a RabbitMQ that speak TLS with a test CA, and the certificates a
//! test's own TLS server needs. Apart from [`crate::tls`], which production links.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::testing::services_required;

/// What the script printed (`TLS_TEST_*`).
#[derive(Debug, Clone)]
pub struct Servers {
    pub ca: String,
    pub wrong_ca: String,
    pub server_cert: String,
    pub server_key: String,
    pub postgres_url: String,
    pub redis_url: String,
    pub amqp_url: String,
}

/// Starts the servers (or finds them running) once per process. When they cannot be
/// started: a panic with the script's output under `REQUIRE_SERVICES=1`, else `None`
/// and a message (the test skips).
pub fn get() -> Option<Servers> {
    static SERVERS: OnceLock<Result<Servers, String>> = OnceLock::new();
    let got = SERVERS.get_or_init(start).clone();
    match got {
        Ok(s) => Some(s),
        Err(e) if services_required() => {
            panic!("REQUIRE_SERVICES=1 but the TLS test servers did not start: {e}")
        }
        Err(e) => {
            eprintln!("skipped: the TLS test servers did not start ({e})");
            None
        }
    }
}

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/scripts/tls-servers.sh");

fn run(args: &[&std::ffi::OsStr]) -> Result<std::process::Output, String> {
    let out = std::process::Command::new("bash")
        .arg(SCRIPT)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("{SCRIPT}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{SCRIPT} failed ({}): {}", out.status, String::from_utf8_lossy(&out.stderr).trim()));
    }
    Ok(out)
}

/// Writes ca.pem, wrong-ca.pem, server.pem and server.key (127.0.0.1, localhost) into
/// `dir` (`tls-servers.sh certs DIR`), for a test's own TLS server. `false` (the test
/// skips) when openssl failed, a panic under `REQUIRE_SERVICES=1`.
pub fn make_certs(dir: &std::path::Path) -> bool {
    match run(&["certs".as_ref(), dir.as_os_str()]) {
        Ok(_) => true,
        Err(e) if services_required() => panic!("REQUIRE_SERVICES=1 but no test certificates: {e}"),
        Err(e) => {
            eprintln!("skipped: no test certificates ({e})");
            false
        }
    }
}

fn start() -> Result<Servers, String> {
    let script = SCRIPT;
    let out = run(&[])?;
    let vars: HashMap<String, String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("export ")?.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let var = |k: &str| vars.get(k).cloned().ok_or_else(|| format!("{script} printed no {k}"));
    Ok(Servers {
        ca: var("TLS_TEST_CA")?,
        wrong_ca: var("TLS_TEST_WRONG_CA")?,
        server_cert: var("TLS_TEST_SERVER_CERT")?,
        server_key: var("TLS_TEST_SERVER_KEY")?,
        postgres_url: var("TLS_TEST_POSTGRES_URL")?,
        redis_url: var("TLS_TEST_REDIS_URL")?,
        amqp_url: var("TLS_TEST_AMQP_URL")?,
    })
}
