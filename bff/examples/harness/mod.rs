//! What every benchmark of `bff/examples` shares: the load generator (workers that each keep a
//! connection of their own), its statistics, the process's CPU time and peak memory, a lean
//! HTTP/1.1 client and a table row measured with them ([`Load::row`]); the set-up: the
//! benchmark's database (kept between runs or new, [`Database`]), the seeding statements'
//! SQL, the runtime of the system under test ([`Servers::start`]) with identity, the catalogue
//! and the BFF on it, the admin's sign-in, and a BFF of its own process (BFF_BIN).
//! Used as `mod harness;` by each benchmark (cargo builds no example of a folder without main.rs).

#![allow(dead_code)]

pub mod giving;

use common::db::Backend;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A number from the environment, or `default`.
pub fn env_num(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

pub struct Stats {
    /// CPU time of this process (servers, load generator and, on SQLite, the database) per
    /// request, µs: what decides throughput once the cores are busy.
    pub cpu_us: f64,
    pub p50: f64,
    pub p95: f64,
    pub rps: f64,
    /// Requests answered with an error (e.g. 503 when the database had no free connection).
    pub failed: usize,
}

/// Runs `requests` calls of `call` (given the worker's state and the request's number) with
/// `concurrency` workers, each with a state of its own from `state` (a connection);
/// latencies in ms.
pub async fn measure<S, M, F, Fut>(concurrency: usize, requests: usize, state: M, call: F) -> Stats
where
    S: Send + 'static,
    M: Fn() -> S,
    F: Fn(S, usize) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = (S, bool)> + Send,
{
    let call = Arc::new(call);
    let left = Arc::new(std::sync::atomic::AtomicUsize::new(requests));
    let (started, cpu) = (Instant::now(), cpu_seconds());
    let mut workers = vec![];
    for _ in 0..concurrency {
        let (call, left, mut s) = (call.clone(), left.clone(), state());
        workers.push(tokio::spawn(async move {
            let (mut lat, mut failed) = (vec![], 0);
            while let Ok(n) =
                left.fetch_update(std::sync::atomic::Ordering::Relaxed, std::sync::atomic::Ordering::Relaxed, |n| {
                    n.checked_sub(1)
                })
            {
                let t = Instant::now();
                let (next, ok) = call(s, n).await;
                s = next;
                failed += usize::from(!ok);
                lat.push(t.elapsed().as_secs_f64() * 1000.0);
            }
            (lat, failed)
        }));
    }
    let (mut all, mut failed) = (vec![], 0);
    for w in workers {
        let (lat, f) = w.await.unwrap();
        all.extend(lat);
        failed += f;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu_us = (cpu_seconds() - cpu) * 1e6 / all.len() as f64;
    all.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let at = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
    Stats { cpu_us, p50: at(0.50), p95: at(0.95), rps: all.len() as f64 / elapsed, failed }
}

/// The run with the median throughput.
pub fn median(mut runs: Vec<Stats>) -> Stats {
    runs.sort_by(|a, b| a.rps.total_cmp(&b.rps));
    runs.swap_remove(runs.len() / 2)
}

/// User and system CPU time of this process so far, seconds (Linux: /proc/self/stat, in
/// clock ticks of 10 ms).
pub fn cpu_seconds() -> f64 {
    cpu_seconds_of("self")
}

/// The same of process `pid` ("self": this one).
pub fn cpu_seconds_of(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name (which may hold spaces), from the third on.
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// A memory figure of process `pid`, MB (Linux: /proc/<pid>/status; VmRSS now, VmHWM the peak).
pub fn memory_mb(pid: u32, field: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| {
            l.strip_prefix(field)
                .and_then(|r| r.trim_start_matches(':').trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        })
        .unwrap_or(0.0)
        / 1024.0
}

/// The BFF's peak memory as a table says it: its own process's (BFF_BIN), else not measured.
pub fn peak_memory(child: Option<&tokio::process::Child>) -> String {
    child
        .and_then(|c| c.id())
        .map(|pid| memory_mb(pid, "VmHWM"))
        .map(|p| format!("{p:.0} MB (its own process)"))
        .unwrap_or_else(|| "not measured (set BFF_BIN)".into())
}

/// How a benchmark loads the BFF at `addr` as the signed-in admin: each row `rounds` rounds
/// of `requests` requests at `concurrency`.
#[derive(Clone)]
pub struct Load {
    pub addr: std::net::SocketAddr,
    pub token: Arc<str>,
    pub concurrency: usize,
    pub requests: usize,
    pub rounds: usize,
}

/// A row of a benchmark's table: its first request alone (what a user waits for when nothing
/// is kept yet) and its answer, then the median round.
pub struct Row {
    pub first_ms: f64,
    pub answer: Vec<u8>,
    pub stats: Stats,
}

impl Row {
    /// The first answer's `total_records` ('' when it has none).
    pub fn total(&self) -> String {
        let answer: serde_json::Value = serde_json::from_slice(&self.answer).unwrap_or_default();
        answer["total_records"].as_i64().map(|n| n.to_string()).unwrap_or_default()
    }
}

impl Load {
    /// The row `name`: `method path` with `body`, answered 200 (else the error names the row
    /// and the answer), then measured.
    pub async fn row(
        &self,
        name: &str,
        method: &'static str,
        path: &'static str,
        body: Arc<[u8]>,
    ) -> anyhow::Result<Row> {
        let (addr, token) = (self.addr, self.token.clone());
        let t = Instant::now();
        let (status, answer) = Http::new(addr).call(method, path, &token, &body).await?;
        let first_ms = t.elapsed().as_secs_f64() * 1000.0;
        anyhow::ensure!(status == 200, "{name}: {status} {}", String::from_utf8_lossy(&answer));
        let call = move |mut h: Http, _: usize| {
            let (token, body) = (token.clone(), body.clone());
            async move {
                let ok = matches!(h.call(method, path, &token, &body).await, Ok((200, _)));
                (h, ok)
            }
        };
        let mut runs = vec![];
        for _ in 0..self.rounds {
            runs.push(measure(self.concurrency, self.requests, move || Http::new(addr), call.clone()).await);
        }
        Ok(Row { first_ms, answer, stats: median(runs) })
    }
}

/// The load generator's HTTP/1.1 client: one kept-alive connection per worker, requests
/// written as bytes and answers read by Content-Length, so that the machine's two cores go
/// to the system under test rather than to the client (as with wrk; reqwest cost about an
/// eighth of the BFF path's CPU).
pub struct Http {
    addr: std::net::SocketAddr,
    conn: Option<tokio::io::BufStream<tokio::net::TcpStream>>,
}

impl Http {
    pub fn new(addr: std::net::SocketAddr) -> Self {
        Http { addr, conn: None }
    }

    /// Sends one request and returns its status and body (a new connection when the
    /// server closed the last one).
    pub async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: &[u8],
    ) -> std::io::Result<(u16, Vec<u8>)> {
        use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
        if self.conn.is_none() {
            let tcp = tokio::net::TcpStream::connect(self.addr).await?;
            tcp.set_nodelay(true)?;
            self.conn = Some(tokio::io::BufStream::new(tcp));
        }
        let conn = self.conn.as_mut().expect("connected");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer {token}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
            body.len()
        );
        conn.write_all(head.as_bytes()).await?;
        conn.write_all(body).await?;
        conn.flush().await?;
        let (mut status, mut length, mut close, mut line) = (0u16, 0usize, false, String::new());
        loop {
            line.clear();
            if conn.read_line(&mut line).await? == 0 {
                self.conn = None;
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if status == 0 {
                status = l.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
            } else if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap_or(0);
                } else if k.eq_ignore_ascii_case("connection") && v.trim().eq_ignore_ascii_case("close") {
                    close = true;
                }
            }
        }
        let mut body = vec![0; length];
        conn.read_exact(&mut body).await?;
        if close {
            self.conn = None;
        }
        Ok((status, body))
    }
}

/// The runtime the system under test runs on (two worker threads named "servers"), apart from
/// the load generator's, as a process of its own would be. Dropped, it shuts down without
/// waiting: dropping a runtime inside the main runtime's async context panics, which turned a
/// benchmark's error (an early `?`) into that panic instead of the error.
pub struct Servers(Option<tokio::runtime::Runtime>);

impl Servers {
    pub fn new() -> std::io::Result<Self> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("servers")
            .enable_all()
            .build()?;
        Ok(Self(Some(rt)))
    }
}

impl std::ops::Deref for Servers {
    type Target = tokio::runtime::Runtime;
    fn deref(&self) -> &Self::Target {
        self.0.as_ref().expect("running until dropped")
    }
}

impl Drop for Servers {
    fn drop(&mut self) {
        if let Some(rt) = self.0.take() {
            rt.shutdown_background();
        }
    }
}

/// The admin every benchmark signs in as (identity's main admin).
pub const ADMIN_EMAIL: &str = "admin@example.org";
pub const ADMIN_PASSWORD: &str = "Admin@123";

/// The admin's access token, signed in at the BFF at `base`.
pub async fn sign_in(http: &reqwest::Client, base: &str) -> anyhow::Result<Arc<str>> {
    let login: serde_json::Value = http
        .post(format!("{base}/admin-login/login"))
        .json(&serde_json::json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .send()
        .await?
        .json()
        .await?;
    Ok(login["data"]["authToken"].as_str().ok_or_else(|| anyhow::anyhow!("sign-in: {login}"))?.into())
}

/// Whether `url` answers a success within `tries` tenths of a second.
pub async fn answers(http: &reqwest::Client, url: &str, tries: usize) -> bool {
    for _ in 0..tries {
        if http.get(url).send().await.is_ok_and(|r| r.status().is_success()) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

/// The SQL the seeding statements write differently on each backend.
pub trait Sql {
    /// The numbers 1..=n as `s(i)`, ahead of an INSERT.
    fn series(self, n: i64) -> String;
    /// A number as a 24-digit hexadecimal id (ids of the console look like that).
    fn hex(self, expr: &str) -> String;
}

impl Sql for Backend {
    fn series(self, n: i64) -> String {
        match self {
            Backend::Postgres => format!("WITH s(i) AS (SELECT generate_series(1, {n})::bigint)"),
            Backend::Sqlite => format!("WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {n})"),
        }
    }
    fn hex(self, expr: &str) -> String {
        match self {
            Backend::Postgres => format!("lpad(to_hex(CAST({expr} AS BIGINT)), 24, '0')"),
            Backend::Sqlite => format!("printf('%024x', {expr})"),
        }
    }
}

/// Runs one seeding statement and says how long it took, with its first words.
pub async fn exec(c: &mut sqlx::AnyConnection, sql: &str) -> anyhow::Result<()> {
    let t = Instant::now();
    sqlx::query(sqlx::AssertSqlSafe(sql.to_string())).execute(c).await?;
    let head: String = sql.split_whitespace().take(6).collect::<Vec<_>>().join(" ");
    eprintln!("  {:>6.1} s  {head}", t.elapsed().as_secs_f64());
    Ok(())
}

/// Which kept databases a benchmark reuses: SQLITE_FILE (a SQLite file of that path) and
/// KEEP_DATABASE (a PostgreSQL database of that name, made when missing).
#[derive(Clone, Copy)]
pub struct Keep {
    pub sqlite_file: bool,
    pub postgres: bool,
}

/// A benchmark's database: a SQLite file or a PostgreSQL database (a new one is dropped with
/// this).
pub struct Database {
    pub backend: Backend,
    pub url: String,
    /// A kept database that existed already (its rows may be reused).
    pub reuse: bool,
    _new: Option<common::testing::PostgresDatabase>,
}

impl Database {
    /// The database of backend `name` ("sqlite": the file `file` in `dir`; "postgres": a new
    /// database on BENCH_DATABASE_URL, else TEST_DATABASE_URL), or the kept one `keep` allows.
    pub async fn open(name: &str, dir: &Path, file: &str, keep: Keep) -> anyhow::Result<Self> {
        let kept = |var: &str, allowed: bool| std::env::var(var).ok().filter(|v| allowed && !v.is_empty());
        match name {
            "sqlite" => {
                let (file, reuse) = match kept("SQLITE_FILE", keep.sqlite_file) {
                    Some(file) => (file.clone(), Path::new(&file).exists()),
                    None => (format!("{}/{file}", dir.display()), false),
                };
                Ok(Self { backend: Backend::Sqlite, url: format!("sqlite://{file}"), reuse, _new: None })
            }
            "postgres" => {
                let admin = std::env::var("BENCH_DATABASE_URL").or_else(|_| std::env::var("TEST_DATABASE_URL"))?;
                let Some(name) = kept("KEEP_DATABASE", keep.postgres) else {
                    let database = common::testing::create_postgres_database(&admin).await;
                    let url = database.url.clone();
                    return Ok(Self { backend: Backend::Postgres, url, reuse: false, _new: Some(database) });
                };
                let pool = sqlx::postgres::PgPool::connect(&admin).await?;
                let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
                    .bind(&name)
                    .fetch_one(&pool)
                    .await?;
                if !exists {
                    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&pool).await?;
                }
                let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin);
                Ok(Self { backend: Backend::Postgres, url: format!("{base}/{name}"), reuse: exists, _new: None })
            }
            other => anyhow::bail!("unknown backend {other}: sqlite or postgres"),
        }
    }
}

/// Whether a kept database (`reuse`) holds the seeded set already: `wanted` rows in `table`.
/// A kept one with other rows is refused (remove it).
pub async fn seeded(db: &common::db::Db, reuse: bool, table: &str, wanted: i64) -> anyhow::Result<bool> {
    if !reuse {
        return Ok(false);
    }
    let q = format!("SELECT COUNT(*) FROM {table}");
    let kept: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(q)).fetch_one(&db.pool).await?;
    anyhow::ensure!(kept == wanted || kept == 0, "the kept database holds {kept} {table}, not {wanted}: remove it");
    if kept == wanted {
        eprintln!("reusing the kept database ({kept} {table})");
    }
    Ok(kept == wanted)
}

/// What the system under test starts with, on the servers' runtime: the benchmark's folder,
/// the in-process bus and the shutdown.
pub struct Sut {
    pub dir: PathBuf,
    pub bus: Arc<dyn common::bus::EventBus>,
    pub shutdown: common::shutdown::Shutdown,
}

impl Servers {
    /// Starts the system under test on these servers (`start`, given a [`Sut`]); answers what
    /// it answers.
    pub async fn start<T, F, Fut>(
        &self,
        dir: &Path,
        shutdown: &common::shutdown::Shutdown,
        start: F,
    ) -> anyhow::Result<T>
    where
        T: Send + 'static,
        F: FnOnce(Sut) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = anyhow::Result<T>> + Send + 'static,
    {
        let (dir, shutdown) = (dir.to_path_buf(), shutdown.clone());
        self.spawn(async move {
            let bus = common::bus::from_url(None).await?;
            start(Sut { dir, bus, shutdown }).await
        })
        .await?
    }
}

impl Sut {
    /// Identity's configuration: a SQLite file in the folder, tokens signed with `secret`
    /// (an hour), the benchmark's admin, no mail.
    pub fn identity_config(&self, secret: &str) -> identity::app::Config {
        identity::app::Config {
            access_ttl_secs: 3600,
            admin_email: ADMIN_EMAIL.into(),
            admin_password: Some(ADMIN_PASSWORD.into()),
            mail_dir: None,
            ..identity::app::Config::local(format!("sqlite://{}/identity.db", self.dir.display()), secret.into())
        }
    }

    /// The catalogue, then identity ([`Sut::identity_config`]), each on a SQLite file of the
    /// folder, serving gRPC on a free loopback port.
    pub async fn identity_and_catalogue(
        &self,
        secret: &str,
    ) -> anyhow::Result<(identity::app::Running, catalogue::app::Running)> {
        let catalogue = catalogue::app::start(
            &catalogue::app::Config { database_url: format!("sqlite://{}/catalogue.db", self.dir.display()) },
            "127.0.0.1:0",
            self.bus.clone(),
            self.shutdown.clone(),
        )
        .await?;
        let identity =
            identity::app::start(&self.identity_config(secret), "127.0.0.1:0", self.bus.clone(), self.shutdown.clone())
                .await?;
        Ok((identity, catalogue))
    }

    /// The BFF's configuration: tokens checked with `secret`, media in the folder, the
    /// services at `urls`.
    pub fn bff_config(&self, urls: bff::services::ServiceUrls, secret: &str) -> bff::config::Config {
        bff::config::Config::local(urls, secret.into(), self.dir.join("media"))
    }

    /// Serves the BFF of `state` on a free loopback port until the shutdown.
    pub async fn serve(&self, state: bff::state::AppState) -> anyhow::Result<std::net::SocketAddr> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        tokio::spawn(bff::serve(state, listener, self.shutdown.clone(), Duration::ZERO));
        Ok(addr)
    }
}

/// The services' addresses: those started (name, port) on loopback, every other one an address
/// nothing answers (not started: nothing the benchmark asks calls it).
pub fn urls(started: &[(&str, u16)]) -> bff::services::ServiceUrls {
    bff::services::ServiceUrls::from_fn(|s| {
        let port = started.iter().find(|(name, _)| *name == s.name).map_or(1, |(_, port)| *port);
        format!("http://127.0.0.1:{port}")
    })
}

/// The BFF binary BFF_BIN in a process of its own (its peak memory is then its own), calling
/// the services at `urls`, media in `media`, once it answers; None without BFF_BIN. Answers
/// its base URL and the process.
pub async fn bff_process(
    http: &reqwest::Client,
    secret: &str,
    urls: &bff::services::ServiceUrls,
    media: PathBuf,
) -> anyhow::Result<Option<(String, tokio::process::Child)>> {
    let Ok(bin) = std::env::var("BFF_BIN") else { return Ok(None) };
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let mut c = tokio::process::Command::new(bin);
    for s in bff::services::SERVICES {
        c.env(s.url, urls.get(s.name).unwrap_or_default());
    }
    let child = c
        .env("JWT_SECRET", secret)
        .env("LISTEN", format!("127.0.0.1:{port}"))
        .env("MEDIA_DIR", media)
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .spawn()?;
    let base = format!("http://127.0.0.1:{port}");
    answers(http, &format!("{base}/healthz"), 100).await;
    Ok(Some((base, child)))
}

/// How a streamed answer came (seconds since its request was sent): its headers, its first
/// bytes and its end, and its size in bytes.
pub struct Download {
    pub headers: f64,
    pub first: f64,
    pub total: f64,
    pub bytes: usize,
}

/// Reads the answer to a request sent at `sent`, refused unless it is a success.
pub async fn download(what: &str, sent: Instant, mut res: reqwest::Response) -> anyhow::Result<Download> {
    anyhow::ensure!(res.status().is_success(), "{what}: {}", res.status());
    let headers = sent.elapsed().as_secs_f64();
    let (mut first, mut bytes) = (None, 0usize);
    while let Some(chunk) = res.chunk().await? {
        if first.is_none() && !chunk.is_empty() {
            first = Some(sent.elapsed().as_secs_f64());
        }
        bytes += chunk.len();
    }
    let total = sent.elapsed().as_secs_f64();
    Ok(Download { headers, first: first.unwrap_or(total), total, bytes })
}

/// The words of the synthetic Business Master File's names ([`bmf`]).
pub const BMF_WORDS: [&str; 20] = [
    "AMERICAN",
    "COMMUNITY",
    "FOUNDATION",
    "HOPE",
    "CHILDREN",
    "FUND",
    "SOCIETY",
    "RELIEF",
    "HEALTH",
    "EDUCATION",
    "ARTS",
    "WATER",
    "ANIMAL",
    "RESCUE",
    "HOUSING",
    "YOUTH",
    "VETERANS",
    "FOOD",
    "LIBRARY",
    "MISSION",
];

/// A synthetic IRS Business Master File of `rows` nonprofits, generated as it streams (the
/// same file for the same `rows`): EINs from 100000000 on, names of two to five
/// [`BMF_WORDS`] ending with the row's number; for the catalogue's `import_bmf`.
pub fn bmf(rows: usize) -> impl futures::Stream<Item = Result<bytes::Bytes, std::io::Error>> + Unpin {
    let header = "EIN,NAME,ICO,STREET,CITY,STATE,ZIP,NTEE_CD\n".to_string();
    let mut state: u64 = 7;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let chunks = (0..rows.div_ceil(10_000)).map(move |c| {
        let mut s = String::with_capacity(10_000 * 60);
        for i in c * 10_000..((c + 1) * 10_000).min(rows) {
            let n = 2 + next() % 4;
            let name: Vec<&str> = (0..n).map(|_| BMF_WORDS[(next() % BMF_WORDS.len() as u64) as usize]).collect();
            s.push_str(&format!(
                "{:09},{} {i},,{} MAIN ST,SPRINGFIELD,IL,{},P20\n",
                100_000_000 + i,
                name.join(" "),
                next() % 9999,
                10_000 + next() % 89_999
            ));
        }
        Ok(bytes::Bytes::from(s))
    });
    Box::pin(futures::stream::iter(std::iter::once(Ok(bytes::Bytes::from(header))).chain(chunks)))
}

/// Each service's binary and the prefix of its variables, as a cluster runs them (one process
/// each, [`start_cluster`]).
pub const SERVICES: [(&str, &str); 7] = [
    ("identity", "IDENTITY"),
    ("catalogue", "CATALOGUE"),
    ("giving", "GIVING"),
    ("engagement", "ENGAGEMENT"),
    ("content", "CONTENT"),
    ("chat", "CHAT"),
    ("audit", "AUDIT"),
];

/// A release binary running as a process of its own, read from /proc.
pub struct Process {
    pub name: &'static str,
    pub child: tokio::process::Child,
}

impl Process {
    pub fn pid(&self) -> u32 {
        self.child.id().expect("running")
    }
    /// User and system CPU seconds so far.
    pub fn cpu(&self) -> f64 {
        cpu_seconds_of(&self.pid().to_string())
    }
    /// A memory figure (VmRSS now, VmHWM the peak), MB.
    pub fn mem(&self, field: &str) -> f64 {
        memory_mb(self.pid(), field)
    }
    /// Starts counting the peak again (writing 5 to clear_refs resets VmHWM).
    pub fn reset_peak(&self) {
        let _ = std::fs::write(format!("/proc/{}/clear_refs", self.pid()), "5");
    }
}

/// A free loopback port.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Starts `bin` with `envs` (JSON logs at warn, no metrics listener, its output dropped),
/// killed when dropped.
pub fn spawn(name: &'static str, bin: &Path, envs: &[(String, String)]) -> anyhow::Result<Process> {
    let mut c = tokio::process::Command::new(bin);
    c.envs(envs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
        .env("LOG_FORMAT", "json")
        .env("RUST_LOG", "warn")
        .env("METRICS_LISTEN", "")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true);
    Ok(Process { name, child: c.spawn().map_err(|e| anyhow::anyhow!("{}: {e}", bin.display()))? })
}

/// Every service of [`SERVICES`] from `bin_dir`, each on its database of `urls` (by name) and
/// RabbitMQ at `amqp`, identity with the benchmark's admin and tokens signed with `secret`,
/// then the BFF on Redis at `redis`, media and mail in `work`. Answers the processes (in
/// [`SERVICES`]' order, the BFF last) and the BFF's port; the caller waits for its /readyz.
pub fn start_cluster(
    bin_dir: &Path,
    urls: &std::collections::HashMap<&str, String>,
    secret: &str,
    redis: &str,
    amqp: &str,
    work: &Path,
) -> anyhow::Result<(Vec<Process>, u16)> {
    let mut procs = vec![];
    let mut bff_env = vec![
        ("JWT_SECRET".to_string(), secret.to_string()),
        ("REDIS_URL".into(), redis.to_string()),
        ("AMQP_URL".into(), amqp.to_string()),
        ("MEDIA_DIR".into(), work.join("media").display().to_string()),
    ];
    for (name, upper) in SERVICES {
        let port = free_port();
        let mut env = vec![
            (format!("{upper}_DATABASE_URL"), urls[name].clone()),
            ("AMQP_URL".into(), amqp.to_string()),
            ("GRPC_LISTEN".into(), format!("127.0.0.1:{port}")),
        ];
        if name == "identity" {
            env.extend([
                ("JWT_SECRET".into(), secret.to_string()),
                ("ADMIN_EMAIL".into(), ADMIN_EMAIL.into()),
                ("ADMIN_PASSWORD".into(), ADMIN_PASSWORD.into()),
                ("MAIL_DIR".into(), work.join("mail").display().to_string()),
            ]);
        }
        procs.push(spawn(name, &bin_dir.join(name), &env)?);
        bff_env.push((format!("{upper}_URL"), format!("http://127.0.0.1:{port}")));
    }
    let port = free_port();
    bff_env.push(("LISTEN".into(), format!("127.0.0.1:{port}")));
    procs.push(spawn("bff", &bin_dir.join("bff"), &bff_env)?);
    Ok((procs, port))
}
