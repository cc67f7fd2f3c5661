//! One SQL text on SQLite and PostgreSQL through sqlx `Any`: the backend is chosen by
//! the URL, and each backend has its own migrations folder in the owning service.
//!
//! Migrations: [`Db::connect`] runs one sqlx migrator built from two lists, the service's
//! and services/common's own (`services/common/migrations/{sqlite,postgres}`: the `outbox`
//! and `processed_events` tables every service needs). Versions from
//! [`COMMON_VERSIONS_FROM`] (1,000,000,000) on are reserved for common; a service numbers
//! its migrations below it (0001, 0002, ...), and both kinds share the one
//! `_sqlx_migrations` table. Databases made before the outbox tables moved here (their
//! service's 0001 held them, so its checksum changed) are pre-release: recreate them.
//!
//! Rolling upgrades: a binary starts on a database that holds migrations newer than the
//! ones it knows (the next release migrated it while this one's replicas still run) and
//! leaves them alone; it refuses only when one of its own applied migrations was changed.
//! That is safe because migrations are written expand-then-contract (CONTRIBUTING.md,
//! enforced by services/common/tests/migrations.rs).

use crate::pool::{Options, Pool, PoolTx, Setup};
use anyhow::Context;
use sqlx::Row;
use sqlx::any::AnyRow;
use sqlx::migrate::Migrator;
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of(url: &str) -> anyhow::Result<Self> {
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Self::Postgres)
        } else {
            anyhow::bail!("unsupported database URL (use sqlite:// or postgres://)")
        }
    }

    /// The backend of an open connection.
    pub fn of_connection(c: &sqlx::AnyConnection) -> Self {
        if c.backend_name().eq_ignore_ascii_case("postgresql") || c.backend_name().eq_ignore_ascii_case("postgres") {
            Self::Postgres
        } else {
            Self::Sqlite
        }
    }
}

/// A statement built at run time with its bound values (a list's filters, a batch's rows):
/// sqlx's `QueryBuilder` for `Any` writes `?` markers, which PostgreSQL refuses, so this one
/// writes each backend's own: `$1, $2, …` on PostgreSQL, plain `?` on SQLite (sqlx looks
/// every `$n` up by name there, which costs O(n) per parameter and made a 15,000-parameter
/// import statement spend 80% of its time on it). Values are always bound, never
/// interpolated; `push` takes only SQL text the code wrote (allow-listed columns).
pub struct Sql {
    backend: Backend,
    text: String,
    args: sqlx::any::AnyArguments,
    n: usize,
}

impl Sql {
    pub fn new(backend: Backend, init: impl Into<String>) -> Self {
        Self { backend, text: init.into(), args: Default::default(), n: 0 }
    }

    /// Appends SQL text (never input).
    pub fn push(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    /// Appends the marker of a new bound value.
    pub fn push_bind<'t, T>(&mut self, value: T) -> &mut Self
    where
        T: sqlx::Encode<'t, sqlx::Any> + sqlx::Type<sqlx::Any> + 't,
    {
        use sqlx::Arguments;
        self.args.add(value).expect("a value of a supported type binds");
        self.n += 1;
        match self.backend {
            Backend::Sqlite => self.text.push('?'),
            Backend::Postgres => {
                self.text.push('$');
                self.text.push_str(&self.n.to_string());
            }
        }
        self
    }

    /// Appends ` LIMIT … OFFSET …`: on PostgreSQL as numbers in the text, not bound values (they
    /// are integers, never input text). Bound, they leave PostgreSQL unable to cost a prepared
    /// statement's generic plan (an unknown limit looks like reading every row), so it plans
    /// the statement again on every call: a list page's planning was more than half of its
    /// database time (pgbench, the nonprofit list's page 1 over 200,000 rows: 0.37 ms bound,
    /// 0.16 ms as numbers, where the plan is made once per connection). Use it where the other
    /// bound values are equalities a kept plan serves for any value; a search's pattern keeps
    /// a plan of its own each call (see [`Window::search`]). Each distinct window is then a
    /// statement of its own in the connection's statement cache, so SQLite, whose plans never
    /// depend on bound values (SQLITE_ENABLE_QPSG), keeps them bound.
    pub fn push_limit(&mut self, limit: i64, offset: i64) -> &mut Self {
        match self.backend {
            Backend::Postgres => {
                use std::fmt::Write;
                let _ = write!(self.text, " LIMIT {limit} OFFSET {offset}");
                self
            }
            Backend::Sqlite => self.push(" LIMIT ").push_bind(limit).push(" OFFSET ").push_bind(offset),
        }
    }

    /// Appends the markers of `values`, comma separated, each bound by `bind`.
    pub fn push_list<I: IntoIterator>(&mut self, values: I, mut bind: impl FnMut(&mut Self, I::Item)) -> &mut Self {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.text.push_str(", ");
            }
            bind(self, v);
        }
        self
    }

    /// The backend the text is written for.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The SQL text so far.
    pub fn sql(&self) -> &str {
        &self.text
    }

    /// The statement, ready to run.
    pub fn build(self) -> sqlx::query::Query<'static, sqlx::Any, sqlx::any::AnyArguments> {
        sqlx::query_with(sqlx::AssertSqlSafe(self.text), self.args)
    }
}

/// Sets SQLite's allocator once, before its first connection (SQLite refuses it later): the
/// program's mimalloc, and no memory statistics. With statistics, SQLite takes one global
/// mutex around every allocation and free of every connection; with glibc's malloc behind
/// it, the two were about a sixth of the CPU of the list benchmark on SQLite (perf).
fn sqlite_allocator() {
    use libsqlite3_sys as ffi;
    use std::ffi::{c_int, c_void};
    unsafe extern "C" fn malloc(n: c_int) -> *mut c_void {
        // SAFETY: mimalloc's malloc takes any size; SQLite never asks for a negative one.
        unsafe { libmimalloc_sys::mi_malloc(n.max(0) as usize) }
    }
    unsafe extern "C" fn free(p: *mut c_void) {
        // SAFETY: `p` came from `malloc` or `realloc` below (or is null).
        unsafe { libmimalloc_sys::mi_free(p) }
    }
    unsafe extern "C" fn realloc(p: *mut c_void, n: c_int) -> *mut c_void {
        // SAFETY: as for `free`.
        unsafe { libmimalloc_sys::mi_realloc(p, n.max(0) as usize) }
    }
    unsafe extern "C" fn size(p: *mut c_void) -> c_int {
        // SAFETY: as for `free`; SQLite's allocations are far below 2 GiB.
        unsafe { libmimalloc_sys::mi_usable_size(p) as c_int }
    }
    unsafe extern "C" fn roundup(n: c_int) -> c_int {
        // SAFETY: a pure function of the size.
        unsafe { libmimalloc_sys::mi_good_size(n.max(0) as usize) as c_int }
    }
    unsafe extern "C" fn init(_: *mut c_void) -> c_int {
        ffi::SQLITE_OK
    }
    unsafe extern "C" fn shutdown(_: *mut c_void) {}
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let methods = ffi::sqlite3_mem_methods {
            xMalloc: Some(malloc),
            xFree: Some(free),
            xRealloc: Some(realloc),
            xSize: Some(size),
            xRoundup: Some(roundup),
            xInit: Some(init),
            xShutdown: Some(shutdown),
            pAppData: std::ptr::null_mut(),
        };
        // SAFETY: called once, before this program opens any SQLite connection (every
        // connection is opened through `Db`); SQLite copies `methods` before returning.
        let (stats, alloc) = unsafe {
            (
                ffi::sqlite3_config(ffi::SQLITE_CONFIG_MEMSTATUS, 0 as c_int),
                ffi::sqlite3_config(ffi::SQLITE_CONFIG_MALLOC, &methods as *const ffi::sqlite3_mem_methods),
            )
        };
        if stats != ffi::SQLITE_OK || alloc != ffi::SQLITE_OK {
            tracing::warn!(stats, alloc, "SQLite was already started; it keeps its own allocator");
        }
    });
}

/// A pool plus the backend it talks to, and the reader of the hot lists' pages.
#[derive(Clone, Debug)]
pub struct Db {
    pub pool: Pool,
    pub backend: Backend,
    pub reader: Reader,
}

/// Reads rows on the backend's own sqlx connections instead of `Any`'s: the `Any` driver
/// copies every value of every row into its own row type before the service reads it (a
/// ten-row page of 23 columns: 230 values and their strings). Measured on one ten-row page of
/// transactions, CPU a statement with its rows read (the process's, driver threads included):
/// SQLite 154 → 120 µs, PostgreSQL 67 → 50 µs (the client's side). Used for the pages of the
/// lists a console opens most ([`Db::read`]); everything else, and every write, stays on
/// [`Db::pool`], so one SQL text still serves both backends. Its own connections, opened when
/// first used and closed after the pool's idle timeout (none at rest).
#[derive(Clone, Debug)]
pub enum Reader {
    Sqlite(Pool<sqlx::Sqlite>),
    Postgres(Pool<sqlx::Postgres>),
}

/// A row's columns by name, on any backend's row ([`Db::read`]'s mappers, and the `Any`
/// rows of the rest of a service, with one mapper for both).
pub trait Fields {
    fn text(&self, col: &str) -> sqlx::Result<String>;
    fn text_or_null(&self, col: &str) -> sqlx::Result<Option<String>>;
    fn int(&self, col: &str) -> sqlx::Result<i64>;
    fn int_or_null(&self, col: &str) -> sqlx::Result<Option<i64>>;
    /// A boolean column: PostgreSQL's BOOLEAN, SQLite's integer.
    fn flag(&self, col: &str) -> sqlx::Result<bool>;
}

macro_rules! fields {
    ($($row:ty),*) => {$(
        impl Fields for $row {
            fn text(&self, col: &str) -> sqlx::Result<String> {
                self.try_get(col)
            }
            fn text_or_null(&self, col: &str) -> sqlx::Result<Option<String>> {
                self.try_get(col)
            }
            fn int(&self, col: &str) -> sqlx::Result<i64> {
                self.try_get(col)
            }
            fn int_or_null(&self, col: &str) -> sqlx::Result<Option<i64>> {
                self.try_get(col)
            }
            fn flag(&self, col: &str) -> sqlx::Result<bool> {
                match self.try_get::<bool, _>(col) {
                    Ok(b) => Ok(b),
                    Err(_) => self.try_get::<i64, _>(col).map(|v| v != 0),
                }
            }
        }
    )*};
}
fields!(AnyRow, sqlx::sqlite::SqliteRow, sqlx::postgres::PgRow);

/// The first migration version reserved for services/common's own migrations.
pub const COMMON_VERSIONS_FROM: i64 = 1_000_000_000;

/// services/common's migrations: the outbox and the handled-event record.
static COMMON_MIGRATIONS: Migrations =
    Migrations { sqlite: &sqlx::migrate!("./migrations/sqlite"), postgres: &sqlx::migrate!("./migrations/postgres") };

/// The server port of a PostgreSQL URL (as sqlx reads it: 5432 unless the URL or PGPORT names one).
fn postgres_port(url: &str) -> u16 {
    url.parse::<sqlx::postgres::PgConnectOptions>().map(|o| o.get_port()).unwrap_or(5432)
}

/// Turns Nagle's algorithm off on every TCP connection of this process to `port` (the
/// database's): sqlx 0.9.0 no longer sets TCP_NODELAY on the sockets it opens (its fix,
/// transact-rs/sqlx#4336, is merged but not released), and a query whose message fills more
/// than one TCP segment then waits for the server's delayed acknowledgement, 40 ms on Linux:
/// a search page naming 2,000 donors took 48 ms at one request at a time (2 ms of work) and
/// capped the service at about 300 such pages a second with its CPUs idle. Called after each
/// new connection (the pool's [`crate::pool::Setup`]): it finds the sockets in /proc/self/fd,
/// as sqlx hands out no handle to them. Linux only (elsewhere a no-op).
pub fn no_delay_to_port(port: u16) {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::FromRawFd;
        let Ok(fds) = std::fs::read_dir("/proc/self/fd") else {
            return;
        };
        for entry in fds.flatten() {
            let is_socket = std::fs::read_link(entry.path()).is_ok_and(|l| l.to_string_lossy().starts_with("socket:"));
            let Some(fd) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else {
                continue;
            };
            if !is_socket {
                continue;
            }
            // SAFETY: the descriptor is borrowed, never closed (ManuallyDrop), and only asked
            // its peer and given an option; were it closed and reused meanwhile, the calls
            // fail or set TCP_NODELAY on another connection to the same port, which is harmless.
            let stream = std::mem::ManuallyDrop::new(unsafe { std::net::TcpStream::from_raw_fd(fd) });
            if stream.peer_addr().is_ok_and(|a| a.port() == port) && stream.nodelay().is_ok_and(|on| !on) {
                let _ = stream.set_nodelay(true);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = port;
}

/// The two migration sets of a service.
pub struct Migrations {
    pub sqlite: &'static Migrator,
    pub postgres: &'static Migrator,
}

impl Db {
    /// Connects and runs the backend's migrations. A SQLite file is created when absent;
    /// on PostgreSQL sqlx holds an advisory lock, so replicas starting together are safe.
    pub async fn connect(url: &str, migrations: &Migrations) -> anyhow::Result<Self> {
        let db = Self::connect_only(url).await?;
        db.migrate(migrations).await?;
        Ok(db)
    }

    pub async fn connect_only(url: &str) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of(url)?;
        let mut url = url.to_string();
        // sqlx's defaults for the rest (a connection lives 30 minutes at most; PostgreSQL's
        // idle ones close after 10).
        let mut options = Options {
            max: 16,
            min_idle: 0,
            idle_timeout: Duration::from_secs(600),
            max_lifetime: Duration::from_secs(1800),
            acquire_timeout: Duration::from_secs(5),
            setup: Setup::Postgres { port: 0 },
        };
        if backend == Backend::Sqlite {
            sqlite_allocator();
            if !url.contains("mode=") {
                url.push_str(if url.contains('?') { "&mode=rwc" } else { "?mode=rwc" });
            }
            if let Some(path) = url.strip_prefix("sqlite://").and_then(|p| p.split('?').next())
                && let Some(parent) = std::path::Path::new(path).parent()
                && !parent.as_os_str().is_empty()
            {
                std::fs::create_dir_all(parent).with_context(|| format!("failed to create {}", parent.display()))?;
            }
            // A connection idle for 30 s is closed, down to one per database: each holds
            // a worker thread, its page cache, its parsed schema and its prepared statements.
            // (The outbox relays' polling takes the most recently used connection, so a pool
            // that polls keeps one warm and lets the rest of a burst's close.)
            // Two a core, four to eight: each connection idle or not holds its page cache, so
            // more would weigh on the embedded console at rest (about 14 MB more with eight
            // here). No call holds one connection while it waits for another (a two-factor
            // answer once did: with four, five parallel answers to one challenge waited on each
            // other until the acquire timeout; the bff API tests send more than eight at once).
            options.max = std::thread::available_parallelism().map_or(4, |n| n.get() as u32 * 2).clamp(4, 8);
            options.min_idle = 1;
            options.idle_timeout = Duration::from_secs(30);
            options.setup = Setup::Sqlite;
        } else {
            options.setup = Setup::Postgres { port: postgres_port(&url) };
            // TLS: the URL's sslmode (sqlx's own), trusting TLS_CA_FILE when set.
            url = crate::tls::postgres_url(&url, crate::tls::configured()?.as_deref());
        }
        let pool = Pool::connect(&url, options.clone())
            .await
            .map_err(|e| crate::tls::explain(anyhow::Error::from(e), "PostgreSQL"))
            .context("failed to connect to the database")?;
        // None kept at rest. SQLite: as many as the pool (a page read never waits on another
        // statement's connection). PostgreSQL: half the pool's (a replica opens at most 16 + 8
        // connections: README, Operations).
        let max = if backend == Backend::Postgres { (options.max / 2).max(1) } else { options.max };
        let reading = Options { min_idle: 0, max, ..options };
        let reader = match backend {
            Backend::Sqlite => Reader::Sqlite(Pool::lazy(&url, reading)?),
            Backend::Postgres => Reader::Postgres(Pool::lazy(&url, reading)?),
        };
        Ok(Self { pool, backend, reader })
    }

    /// Closes the pool's connections and the reader's (see [`Pool::close`]).
    pub async fn close(&self) {
        self.pool.close().await;
        match &self.reader {
            Reader::Sqlite(p) => p.close().await,
            Reader::Postgres(p) => p.close().await,
        }
    }

    /// Runs `q`, a read, on [`Db::reader`] and maps each row with `map`.
    pub async fn read<T>(
        &self,
        q: Sql,
        map: impl Fn(&(dyn Fields + 'static)) -> sqlx::Result<T>,
    ) -> sqlx::Result<Vec<T>> {
        let text = sqlx::AssertSqlSafe(q.text);
        let args = q.args;
        let read = async {
            match &self.reader {
                Reader::Sqlite(pool) => {
                    let args: sqlx::sqlite::SqliteArguments = args.convert_into().map_err(sqlx::Error::Encode)?;
                    let rows = sqlx::query_with(text, args).fetch_all(&mut *pool.acquire().await?).await?;
                    rows.iter().map(|r| map(r)).collect::<sqlx::Result<Vec<T>>>()
                }
                Reader::Postgres(pool) => {
                    let args: sqlx::postgres::PgArguments = args.convert_into().map_err(sqlx::Error::Encode)?;
                    let rows = sqlx::query_with(text, args).fetch_all(&mut *pool.acquire().await?).await?;
                    rows.iter().map(|r| map(r)).collect::<sqlx::Result<Vec<T>>>()
                }
            }
        };
        read.await.inspect_err(crate::pool::note_error)
    }

    /// Runs the service's migrations and common's (see the module's documentation).
    pub async fn migrate(&self, migrations: &Migrations) -> anyhow::Result<()> {
        let pick = |m: &Migrations| match self.backend {
            Backend::Sqlite => m.sqlite,
            Backend::Postgres => m.postgres,
        };
        let own = pick(migrations);
        if let Some(m) = own.iter().find(|m| m.version >= COMMON_VERSIONS_FROM) {
            anyhow::bail!("migration {} is in the range reserved for services/common", m.version);
        }
        let all: Vec<_> = own.iter().chain(pick(&COMMON_MIGRATIONS).iter()).cloned().collect();
        self.run_migrator(sqlx::migrate::Migrator::with_migrations(all)).await.map(|_| ())
    }

    /// Runs one migrator with the rolling-upgrade rule below; [`Db::migrate`] and the
    /// chart's migration hook (the `migrate` binary, a folder read at run time) share it.
    /// Answers how many migrations it applied.
    pub async fn run_migrator(&self, mut migrator: Migrator) -> anyhow::Result<usize> {
        let known: std::collections::HashSet<i64> = migrator.iter().map(|m| m.version).collect();
        let applied_before = self.applied_migrations().await?.len();
        // Rolling upgrades: the previous release's replicas keep running on a database the
        // new release has migrated (expand-then-contract keeps that safe, CONTRIBUTING.md),
        // and one of them restarting must start. Applied migrations this binary does not
        // know are left alone; one it knows whose text changed is still refused.
        migrator.set_ignore_missing(true);
        let mut conn = self.pool.acquire().await.context("failed to run migrations")?;
        let ran = migrator.run_direct(None, &mut *conn, false).await;
        drop(conn);
        match ran {
            Ok(()) => {}
            Err(sqlx::migrate::MigrateError::VersionMismatch(v)) => anyhow::bail!(
                "failed to run migrations: migration {v} was changed after it was applied to this database; \
                 an applied migration must never be edited (add a new one)"
            ),
            Err(e) => return Err(anyhow::Error::new(e).context("failed to run migrations")),
        }
        let applied = self.applied_migrations().await?;
        let newer: Vec<i64> = applied.iter().copied().filter(|v| !known.contains(v)).collect();
        if !newer.is_empty() {
            tracing::info!(
                ?newer,
                "the database holds migrations newer than this release (a rolling upgrade): they are left as they are"
            );
        }
        Ok(applied.len().saturating_sub(applied_before))
    }

    /// The versions recorded in `_sqlx_migrations` (none before the first migration).
    async fn applied_migrations(&self) -> anyhow::Result<Vec<i64>> {
        let exists = match self.backend {
            Backend::Sqlite => "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'",
            Backend::Postgres => {
                "SELECT COUNT(*) FROM pg_tables WHERE tablename = '_sqlx_migrations' AND schemaname = current_schema()"
            }
        };
        let n: i64 =
            sqlx::query_scalar(exists).fetch_one(&self.pool).await.context("failed to read the applied migrations")?;
        if n == 0 {
            return Ok(Vec::new());
        }
        sqlx::query_scalar::<_, i64>("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
            .fetch_all(&self.pool)
            .await
            .context("failed to read the applied migrations")
    }

    /// A transaction that reads before it writes. On SQLite it takes the write lock up
    /// front (`BEGIN IMMEDIATE`): a deferred transaction that has read cannot wait for
    /// the lock later and fails at once with "database is locked" under concurrent writes.
    pub async fn begin_write(&self) -> Result<PoolTx, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    /// Answers whether the database takes a query (readiness).
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}

/// Reads a boolean column: PostgreSQL BOOLEAN decodes as bool, SQLite as an integer.
pub fn get_bool(row: &AnyRow, col: &str) -> Result<bool, sqlx::Error> {
    match row.try_get::<bool, _>(col) {
        Ok(b) => Ok(b),
        Err(_) => row.try_get::<i64, _>(col).map(|v| v != 0),
    }
}

/// Escapes `%`, `_` and `\` for a `LIKE ... ESCAPE '\'` pattern and wraps it in `%`.
pub fn like_pattern(search: &str) -> String {
    let mut out = String::with_capacity(search.len() + 2);
    out.push('%');
    for c in search.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// A duplicate as the service reports it: a unique-constraint violation becomes
/// `Conflict(message)` (409, the message naming the field, e.g. "Email already exists");
/// any other error stays what it is. Use as `.map_err(|e| unique_as(e, "…"))`.
pub fn unique_as(err: sqlx::Error, message: &str) -> crate::error::Error {
    if is_unique_violation(&err) { crate::error::Error::Conflict(message.to_string()) } else { err.into() }
}

/// Which page of a list to read: its order (an `ORDER BY` text of allow-listed columns, the
/// last one unique), its window, and its total when the service keeps it (no counting query).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Window<'a> {
    pub order: std::borrow::Cow<'a, str>,
    pub limit: i64,
    pub offset: i64,
    pub kept_total: Option<i64>,
    /// The kept total as a query (`SELECT value FROM counters WHERE …`), read in the page's own
    /// statement as a scalar subquery: one statement and one round trip for a page and its
    /// total. Its text is the service's constants only (never input: it binds nothing).
    pub kept_query: Option<std::borrow::Cow<'a, str>>,
    /// A search: the page and its total are one statement (`COUNT(*) OVER()`), planned for
    /// its own pattern each time (an unnamed statement): a plan cached for any pattern walks
    /// the order's index past every row instead of asking a trigram index for the few that
    /// match. Without a search two statements are cheaper (see [`page_with_total`]).
    pub search: bool,
}

impl<'a> Window<'a> {
    /// A window in `order` (a fixed order: a feed, a member list).
    pub fn ordered(order: &'a str, limit: i64, offset: i64) -> Self {
        Self { order: order.into(), limit, offset, kept_total: None, kept_query: None, search: false }
    }
    /// The same window with the total the service keeps.
    pub fn kept(self, total: Option<i64>) -> Self {
        Self { kept_total: total, ..self }
    }
    /// The same window with the query of the total the service keeps (see [`Window::kept_query`]).
    pub fn kept_by(self, query: Option<impl Into<std::borrow::Cow<'a, str>>>) -> Self {
        Self { kept_query: query.map(Into::into), ..self }
    }
    /// The same window for a search (when `searched`).
    pub fn searched(self, searched: bool) -> Self {
        Self { search: searched, ..self }
    }
}

/// A table's paging: its column, then `id`, in its direction.
impl From<crate::paging::Paging<&'static str>> for Window<'static> {
    fn from(p: crate::paging::Paging<&'static str>) -> Self {
        let dir = if p.descending { "DESC" } else { "ASC" };
        Self {
            order: format!("{} {dir}, id {dir}", p.column).into(),
            limit: p.limit,
            offset: p.offset,
            kept_total: None,
            kept_query: None,
            search: false,
        }
    }
}

/// One page of a list and the total of its rows, the one way every list reads them:
/// `SELECT <columns>` + what `from` writes (`FROM … WHERE …`) + `ORDER BY … LIMIT … OFFSET …`,
/// then the total: offset + its rows when the page holds the end of the list, else the kept
/// total when there is one, else `SELECT COUNT(*)` + the same `from` (a search: see
/// [`Window::search`]).
pub async fn page_with_total<'a, T>(
    c: &mut sqlx::AnyConnection,
    columns: &str,
    from: impl Fn(&mut Sql),
    window: impl Into<Window<'a>>,
    row: impl Fn(&AnyRow) -> sqlx::Result<T>,
) -> sqlx::Result<(Vec<T>, i64)> {
    let Window { order, limit, offset, kept_total, kept_query, search } = window.into();
    let backend = Backend::of_connection(c);
    if search {
        let mut q = Sql::new(backend, format!("SELECT {columns}, COUNT(*) OVER() AS total"));
        from(&mut q);
        q.push(" ORDER BY ").push(&order).push(" LIMIT ").push_bind(limit).push(" OFFSET ").push_bind(offset);
        let rows = q.build().persistent(false).fetch_all(&mut *c).await?;
        let total = match rows.first() {
            Some(r) => r.try_get::<i64, _>("total")?,
            // Past the last page: count the matches alone.
            None if offset > 0 => {
                let mut q = Sql::new(backend, "SELECT COUNT(*)");
                from(&mut q);
                q.build().persistent(false).fetch_one(c).await?.try_get(0)?
            }
            None => 0,
        };
        return Ok((rows.iter().map(row).collect::<sqlx::Result<_>>()?, total));
    }
    // The page and the count are two queries: a `COUNT(*) OVER()` beside the columns made the
    // database read and sort every matching row with all its columns (the audit list on
    // PostgreSQL: 107 ms a page at 30,000 records, against 0.6 ms for the page and 2.5 ms for
    // the count alone), where the page alone stops after `limit` rows of an index.
    let mut q = Sql::new(backend, format!("SELECT {columns}"));
    if let Some(kept) = &kept_query {
        q.push(", (").push(kept.as_ref()).push(") AS kept_total");
    }
    from(&mut q);
    q.push(" ORDER BY ").push(&order).push_limit(limit, offset);
    let rows = q.build().fetch_all(&mut *c).await?;
    let read = rows.len() as i64;
    let total = if (read > 0 || offset == 0) && read < limit {
        // The page holds the end of the list: what came before it and its rows are the count.
        offset + read
    } else if let Some(kept) = kept_total {
        kept
    } else if let Some(kept) = &kept_query {
        match rows.first() {
            Some(r) => r.try_get("kept_total")?,
            // Past the last page: the kept total alone.
            None => Sql::new(backend, format!("SELECT ({kept})")).build().fetch_one(c).await?.try_get(0)?,
        }
    } else {
        let mut q = Sql::new(backend, "SELECT COUNT(*)");
        from(&mut q);
        q.build().fetch_one(c).await?.try_get(0)?
    };
    Ok((rows.iter().map(row).collect::<sqlx::Result<_>>()?, total))
}

/// A unique-key violation as a conflict on `field` (the console shows `message` on it);
/// any other error as it is.
pub fn unique_on(err: sqlx::Error, field: &str, message: &str) -> crate::error::Error {
    if is_unique_violation(&err) {
        crate::error::Error::FieldConflict(crate::error::FieldError { field: field.into(), message: message.into() })
    } else {
        err.into()
    }
}

/// Whether an error is a unique-constraint violation (both backends).
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(d) => {
            d.is_unique_violation() || d.code().is_some_and(|c| c == "23505" || c == "2067" || c == "1555")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_is_written_in_postgresql_s_text_and_bound_in_sqlite_s() {
        let mut pg = Sql::new(Backend::Postgres, "SELECT 1");
        pg.push_limit(10, 20).push(" -- ").push_bind(1i64);
        assert_eq!(pg.sql(), "SELECT 1 LIMIT 10 OFFSET 20 -- $1");
        let mut lite = Sql::new(Backend::Sqlite, "SELECT 1");
        lite.push_limit(10, 20);
        assert_eq!(lite.sql(), "SELECT 1 LIMIT ? OFFSET ?");
    }

    #[test]
    fn like_patterns_escape_wildcards_and_lowercase() {
        assert_eq!(like_pattern("Ab%_\\"), "%ab\\%\\_\\\\%");
    }

    /// SQLite runs as built and set up for speed: every allocation through mimalloc with no
    /// global statistics (they would count the open connection's memory), and plans that do
    /// not depend on bound values (the build flag in .cargo/config.toml).
    #[tokio::test]
    async fn sqlite_allocates_without_statistics_and_keeps_its_plans() {
        let dir = std::env::temp_dir().join(format!("giving-console-db-{}", std::process::id()));
        let db = Db::connect_only(&format!("sqlite://{}/t.db", dir.display())).await.unwrap();
        sqlx::query("CREATE TABLE IF NOT EXISTS t (v TEXT)").execute(&db.pool).await.unwrap();
        sqlx::query("INSERT INTO t VALUES ('x')").execute(&db.pool).await.unwrap();
        // SAFETY: plain reads of SQLite's global counters and compile options.
        let (used, qpsg) = unsafe {
            (libsqlite3_sys::sqlite3_memory_used(), libsqlite3_sys::sqlite3_compileoption_used(c"ENABLE_QPSG".as_ptr()))
        };
        assert_eq!(used, 0, "SQLite keeps memory statistics");
        assert_eq!(qpsg, 1, "SQLite was built without SQLITE_ENABLE_QPSG");
        db.pool.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_backend_is_chosen_by_url() {
        assert_eq!(Backend::of("sqlite://x.db").unwrap(), Backend::Sqlite);
        assert_eq!(Backend::of("postgres://u@h/db").unwrap(), Backend::Postgres);
        assert!(Backend::of("mysql://x").is_err());
    }
}
