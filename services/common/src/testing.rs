//! Storage tests on both backends, one way: a fresh database per test on SQLite (a temp
//! file) and on PostgreSQL when `TEST_DATABASE_URL` points at a server whose user may
//! create databases (with `REQUIRE_SERVICES=1` a missing server fails instead of skipping).
//!
//! A service's test file lists its test bodies (each an `async fn(Service)`) once:
//!
//! ```ignore
//! fn service(db: Db) -> Catalogue { Catalogue::new(db, None) }
//! common::on_both_backends! { MIGRATIONS, service;
//!     terms_are_listed => terms_are_listed_on_sqlite, terms_are_listed_on_postgres;
//! }
//! ```
//!
//! and gets two tests per body (stable macros cannot glue identifiers, so both names are
//! written out; a compile-time check keeps them in step with the body).

use crate::db::{Backend, Db, Migrations};
use std::future::Future;

/// A database created for one test, gone when it is dropped (a SQLite file's folder is
/// removed, a PostgreSQL database dropped).
pub struct TestDb {
    pub db: Db,
    pub url: String,
    _dir: Option<TempDir>,
    _database: Option<PostgresDatabase>,
}

/// A PostgreSQL database made for a test or a benchmark, dropped (its connections ended)
/// when this is dropped, so that repeated runs do not fill the server's disk.
pub struct PostgresDatabase {
    pub url: String,
    admin_url: String,
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        let name = self.url.split('?').next().and_then(|u| u.rsplit('/').next()).unwrap_or_default().to_string();
        if !name.starts_with("gc_test_") {
            return;
        }
        let admin_url = self.admin_url.clone();
        // Dropped from async code too: on a thread and a runtime of its own.
        let dropped = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
            rt.block_on(async {
                let admin = Db::connect_only(&admin_url).await?;
                sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
                    .execute(&admin.pool)
                    .await?;
                admin.pool.close().await;
                anyhow::Ok(())
            })
        })
        .join();
        if let Ok(Err(e)) = dropped {
            eprintln!("note: could not drop test database {}: {e:#}", self.url);
        }
    }
}

/// Minimal temp dir (removed on drop) so `common` needs no extra dependency.
pub struct TempDir(pub std::path::PathBuf);
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn temp_dir() -> TempDir {
    let p = std::env::temp_dir().join(format!("gc-test-{}", crate::new_id()));
    std::fs::create_dir_all(&p).expect("temp dir");
    TempDir(p)
}

/// The PostgreSQL admin URL for tests, when one is configured.
pub fn postgres_url() -> Option<String> {
    std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty())
}

pub async fn sqlite(migrations: &Migrations) -> TestDb {
    let dir = temp_dir();
    let url = format!("sqlite://{}/test.db", dir.0.display());
    let db = Db::connect(&url, migrations).await.expect("sqlite test db");
    TestDb { db, url, _dir: Some(dir), _database: None }
}

/// A new, empty PostgreSQL database on the `TEST_DATABASE_URL` server.
pub async fn postgres(migrations: &Migrations) -> Option<TestDb> {
    let admin_url = postgres_url()?;
    let database = create_postgres_database(&admin_url).await;
    let url = database.url.clone();
    let db = Db::connect(&url, migrations).await.expect("postgres test db");
    Some(TestDb { db, url, _dir: None, _database: Some(database) })
}

/// A fresh database on each backend: SQLite always, PostgreSQL when TEST_DATABASE_URL
/// is set (required when REQUIRE_SERVICES=1), for tests that need both at once.
pub async fn each_backend(migrations: &Migrations) -> Vec<TestDb> {
    let mut out = vec![sqlite(migrations).await];
    match postgres(migrations).await {
        Some(pg) => out.push(pg),
        None if services_required() => {
            panic!("REQUIRE_SERVICES=1 but TEST_DATABASE_URL is unset")
        }
        None => eprintln!("PostgreSQL skipped: TEST_DATABASE_URL is unset"),
    }
    out
}

/// A fresh PostgreSQL database on the `TEST_DATABASE_URL` server, or none when it is unset
/// (a failure when REQUIRE_SERVICES=1), for tests that make their own connection.
pub async fn postgres_database() -> Option<PostgresDatabase> {
    match postgres_url() {
        Some(admin) => Some(create_postgres_database(&admin).await),
        None => {
            assert!(!services_required(), "REQUIRE_SERVICES=1 but TEST_DATABASE_URL is unset");
            None
        }
    }
}

/// Installs the process's tracing subscriber with an OpenTelemetry layer (no exporter), so
/// spans carry trace ids that requests and events propagate. Once per test binary: keep the
/// answer alive for the test.
pub fn install_tracer() -> opentelemetry_sdk::trace::SdkTracerProvider {
    use opentelemetry::trace::TracerProvider as _;
    use tracing_subscriber::layer::SubscriberExt;
    let provider = opentelemetry_sdk::trace::SdkTracerProvider::builder().build();
    let subscriber = tracing_subscriber::registry()
        .with(tracing_subscriber::EnvFilter::new("info"))
        .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("test")));
    tracing::subscriber::set_global_default(subscriber).expect("one tracing subscriber per test binary");
    provider
}

/// Creates a fresh database on the server of `admin_url` (dropped with the answer).
pub async fn create_postgres_database(admin_url: &str) -> PostgresDatabase {
    let admin = Db::connect_only(admin_url).await.expect("TEST_DATABASE_URL reachable");
    let name = format!("gc_test_{}", crate::new_id());
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&admin.pool)
        .await
        .expect("create test database");
    admin.pool.close().await;
    let (base, query) = match admin_url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (admin_url, String::new()),
    };
    let base = base.rsplit_once('/').map(|(b, _)| b).unwrap_or(base);
    PostgresDatabase { url: format!("{base}/{name}{query}"), admin_url: admin_url.to_string() }
}

/// Generates `<body>_on_sqlite` and `<body>_on_postgres` for each body: see the module.
#[macro_export]
macro_rules! on_both_backends {
    ($migrations:expr, $make:expr; $($body:ident => $sqlite:ident, $postgres:ident;)+) => {$(
        const _: () = assert!(
            $crate::testing::is_suffixed(stringify!($sqlite), stringify!($body), "_on_sqlite")
                && $crate::testing::is_suffixed(stringify!($postgres), stringify!($body), "_on_postgres"),
            concat!("the tests of `", stringify!($body), "` must be named after it")
        );

        #[tokio::test]
        async fn $sqlite() {
            $crate::testing::run_on($crate::db::Backend::Sqlite, &$migrations, $make, $body).await;
        }

        #[tokio::test]
        async fn $postgres() {
            $crate::testing::run_on($crate::db::Backend::Postgres, &$migrations, $make, $body).await;
        }
    )+};
}

/// Whether `name` is exactly `body` followed by `suffix` (usable in constants).
pub const fn is_suffixed(name: &str, body: &str, suffix: &str) -> bool {
    let (n, b, s) = (name.as_bytes(), body.as_bytes(), suffix.as_bytes());
    if n.len() != b.len() + s.len() {
        return false;
    }
    let mut i = 0;
    while i < n.len() {
        let expected = if i < b.len() { b[i] } else { s[i - b.len()] };
        if n[i] != expected {
            return false;
        }
        i += 1;
    }
    true
}

/// The broker of the RabbitMQ tests (`TEST_AMQP_URL`). None skips the test with a note,
/// unless the services are required ([`services_required`]): then its absence fails it.
pub fn amqp_url() -> Option<String> {
    let url = std::env::var("TEST_AMQP_URL").ok().filter(|u| !u.is_empty());
    if url.is_none() {
        assert!(!services_required(), "REQUIRE_SERVICES=1 but TEST_AMQP_URL is unset");
        eprintln!("note: TEST_AMQP_URL is not set; skipping");
    }
    url
}

/// Whether the PostgreSQL variants must run (`REQUIRE_SERVICES=1`).
pub fn services_required() -> bool {
    std::env::var("REQUIRE_SERVICES").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false"))
}

/// Runs `body` on the service `make` builds over a fresh database of `backend`, then drops
/// the database (a SQLite file's folder, a PostgreSQL database), also when the body fails:
/// it runs in its own task, and its panic is raised again afterwards. Without
/// `TEST_DATABASE_URL` the PostgreSQL run is skipped with a note (or fails, see
/// [`services_required`]).
pub async fn run_on<S, F, Fut>(backend: Backend, migrations: &Migrations, make: impl FnOnce(Db) -> S, body: F)
where
    F: FnOnce(S) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let test_db = match backend {
        Backend::Sqlite => sqlite(migrations).await,
        Backend::Postgres => match postgres(migrations).await {
            Some(db) => db,
            None if services_required() => {
                panic!("REQUIRE_SERVICES=1 but TEST_DATABASE_URL is not set: this PostgreSQL test cannot run")
            }
            None => {
                eprintln!("note: TEST_DATABASE_URL is not set; skipping the PostgreSQL variant of this test");
                return;
            }
        },
    };
    assert_eq!(test_db.db.backend, backend);
    let outcome = tokio::spawn(body(make(test_db.db.clone()))).await;
    test_db.db.close().await;
    drop(test_db);
    if let Err(e) = outcome {
        match e.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(e) => panic!("test task failed: {e}"),
        }
    }
}

/// No migrations of a service's own: a database with only common's tables (the outbox),
/// for tests of common itself.
pub static COMMON_ONLY: Migrations =
    Migrations { sqlite: &sqlx::migrate::Migrator::DEFAULT, postgres: &sqlx::migrate::Migrator::DEFAULT };

/// A TCP proxy for fault tests: it listens on a local port and, while it forwards, relays
/// each connection to `target`; while it refuses, it accepts and at once closes new
/// connections and cuts the ones it carries (a broker or Redis that is down, then back).
pub struct Proxy {
    pub port: u16,
    forward: std::sync::Arc<tokio::sync::watch::Sender<bool>>,
    task: tokio::task::JoinHandle<()>,
}

impl Proxy {
    /// A proxy to `target` (`host:port`), refusing until [`Proxy::forward`].
    pub async fn refusing(target: &str) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("proxy port");
        let port = listener.local_addr().expect("proxy address").port();
        let (tx, rx) = tokio::sync::watch::channel(false);
        let target = target.to_string();
        let task = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !*rx.borrow() {
                    drop(inbound);
                    continue;
                }
                let (target, mut rx) = (target.clone(), rx.clone());
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await else { return };
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {},
                        _ = rx.wait_for(|on| !on) => {},
                    }
                });
            }
        });
        Self { port, forward: std::sync::Arc::new(tx), task }
    }

    /// Starts forwarding (the service comes back).
    pub fn forward(&self) {
        self.forward.send_replace(true);
    }

    /// Stops forwarding and cuts the open connections (the service goes down).
    pub fn refuse(&self) {
        self.forward.send_replace(false);
    }

    /// `url` with its `host:port` replaced by this proxy's (`amqp://u:p@host:5672/v` ->
    /// `amqp://u:p@127.0.0.1:<port>/v`).
    pub fn url_for(&self, url: &str) -> String {
        let (scheme, rest) = url.split_once("://").expect("a URL with a scheme");
        let (authority, path) = rest.split_once('/').map_or((rest, ""), |(a, p)| (a, p));
        let userinfo = authority.rsplit_once('@').map(|(u, _)| format!("{u}@")).unwrap_or_default();
        let slash = if rest.contains('/') { "/" } else { "" };
        format!("{scheme}://{userinfo}127.0.0.1:{}{slash}{path}", self.port)
    }

    /// The `host:port` of `url`.
    pub fn target_of(url: &str) -> String {
        let rest = url.split_once("://").map_or(url, |(_, r)| r);
        let authority = rest.split('/').next().unwrap_or(rest);
        authority.rsplit_once('@').map_or(authority, |(_, a)| a).to_string()
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.refuse();
        self.task.abort();
    }
}

/// An event handler that keeps every event it is handed, for tests of the bus, the relay
/// and a service's events.
#[derive(Default)]
pub struct Seen(tokio::sync::Mutex<Vec<crate::bus::Event>>);

impl Seen {
    /// The events handed so far, in order.
    pub async fn events(&self) -> Vec<crate::bus::Event> {
        self.0.lock().await.clone()
    }
}

#[async_trait::async_trait]
impl crate::bus::EventHandler for Seen {
    async fn handle(&self, e: &crate::bus::Event) -> anyhow::Result<()> {
        self.0.lock().await.push(e.clone());
        Ok(())
    }
}
