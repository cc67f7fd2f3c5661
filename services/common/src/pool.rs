//! The services' connection pool: a semaphore of `max` permits and a stack of idle
//! connections, most recently used on top. Over sqlx `Any` connections (every statement of the
//! services), or over a backend's own connections ([`crate::db::Reader`]: the hot lists' reads,
//! without the `Any` driver's copy of every row).
//!
//! Why not sqlx's own pool: sqlx 0.9's pool pings every connection it takes back (a Sync
//! and PostgreSQL's ReadyForQuery, or a hand-off to a SQLite connection's worker thread and
//! back), with no option to turn it off. So a request that runs one statement made two
//! round trips to the database: 8 % of the BFF's and giving's CPU under the transaction list
//! (perf, README "Where the transaction list's CPU goes"), plus PostgreSQL's side. This pool
//! takes a connection back without a round trip when nothing calls for one:
//!
//! - a cancelled statement's remainder and a dropped transaction's rollback are sent by sqlx
//!   with the connection's next statement, which first waits for the connection to be ready;
//!   a rollback still waiting in the connection's buffer is sent at once, in the background
//!   (its locks must not wait for the next user), and the connection goes back when that is
//!   answered;
//! - a connection that may be broken is tested before it is used again: after an error that
//!   can break a connection anywhere in the process ([`note_error`], called by the services'
//!   error conversion and by this pool), every connection out at the time is tested when it
//!   comes back and every idle one before it is handed out; and one that sat idle a second or
//!   more, when the database may have restarted meanwhile, is tested before it is handed out.
//!   A failed test closes it and the acquire carries on with another.
//!
//! Kept from the pool it replaces: at most `max` connections (a caller past them waits up to
//! the acquire timeout, then gets `PoolTimedOut`, which the services answer as busy); a
//! connection older than its lifetime is closed when it comes back; idle ones past the idle
//! timeout are closed by a background task, down to `min_idle` (SQLite keeps one: each holds a
//! worker thread and its page cache, which the embedded console's memory target counts).

use futures::future::BoxFuture;
use futures::stream::BoxStream;
use futures::{StreamExt, TryStreamExt};
use sqlx::any::{AnyQueryResult, AnyRow, AnyStatement, AnyTypeInfo};
use sqlx::{Any, AnyConnection, ConnectOptions, Connection, Database, Either, Execute, Executor, SqlStr};
use sqlx_core::transaction::TransactionManager;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Errors seen so far that can leave a connection broken (see [`note_error`]).
static FAILURES: AtomicU64 = AtomicU64::new(0);

/// Records an error that can leave its connection broken (I/O, TLS, protocol, a worker
/// gone, a server closing the session): every pooled connection that was out at the time is
/// tested before it is used again. Errors a connection survives (a constraint, a row not
/// found, a decode) are ignored.
pub fn note_error(e: &sqlx::Error) {
    let breaks = match e {
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::Protocol(_) | sqlx::Error::WorkerCrashed => true,
        // SQLSTATE classes 08 (connection exception) and 57 (operator intervention: a
        // terminated backend, a shutting-down server).
        sqlx::Error::Database(d) => d.code().is_some_and(|c| c.starts_with("08") || c.starts_with("57")),
        _ => false,
    };
    if breaks {
        FAILURES.fetch_add(1, Ordering::Relaxed);
    }
}

/// [`note_error`] for an error carried by anyhow (the background loops' errors).
pub fn note_any(e: &anyhow::Error) {
    e.chain().filter_map(|c| c.downcast_ref::<sqlx::Error>()).for_each(note_error);
}

fn failures() -> u64 {
    FAILURES.load(Ordering::Relaxed)
}

/// How a new connection is set up before its first use.
#[derive(Debug, Clone, Copy)]
pub enum Setup {
    /// The pragmas every SQLite connection needs (lock waits, foreign keys, WAL).
    Sqlite,
    /// TCP_NODELAY on the sockets to this PostgreSQL port (see [`crate::db::no_delay_to_port`]).
    Postgres { port: u16 },
}

/// The pool's settings.
#[derive(Debug, Clone)]
pub struct Options {
    pub max: u32,
    /// How many idle connections the reaper leaves open however long they sit.
    pub min_idle: usize,
    pub idle_timeout: Duration,
    pub max_lifetime: Duration,
    pub acquire_timeout: Duration,
    pub setup: Setup,
}

/// A connection sitting idle: test it before use when it sat [`TEST_AFTER`] or more, or when
/// a failure was recorded since it was last known good (`seen` behind [`failures`]).
struct Idle<DB: Pooled> {
    conn: DB::Connection,
    born: Instant,
    since: Instant,
    seen: u64,
}

/// Idle that long, a connection is tested before it is handed out (the database may have
/// restarted meanwhile); a busy pool hands connections out without a round trip each.
const TEST_AFTER: Duration = Duration::from_secs(1);

struct Shared<DB: Pooled> {
    connect: <DB::Connection as Connection>::Options,
    options: Options,
    permits: Arc<Semaphore>,
    idle: Mutex<Vec<Idle<DB>>>,
    closed: AtomicBool,
}

/// A database the pool serves: how a new connection of it is set up.
pub trait Pooled: Database {
    fn setup(conn: &mut Self::Connection, how: Setup) -> BoxFuture<'_, Result<(), sqlx::Error>>;
}

/// The pragmas every SQLite connection needs.
const SQLITE_PRAGMAS: [&str; 4] = [
    "PRAGMA busy_timeout = 10000",
    "PRAGMA foreign_keys = ON",
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
];

macro_rules! pooled {
    ($($db:ty),*) => {$(
        impl Pooled for $db {
            fn setup(conn: &mut Self::Connection, how: Setup) -> BoxFuture<'_, Result<(), sqlx::Error>> {
                Box::pin(async move {
                    match how {
                        Setup::Sqlite => {
                            for pragma in SQLITE_PRAGMAS {
                                sqlx::query(pragma).execute(&mut *conn).await?;
                            }
                        }
                        Setup::Postgres { port } => crate::db::no_delay_to_port(port),
                    }
                    Ok(())
                })
            }
        }
    )*};
}
pooled!(Any, sqlx::Sqlite, sqlx::Postgres);

/// The pool: cheap to clone (one shared state).
pub struct Pool<DB: Pooled = Any>(Arc<Shared<DB>>);

impl<DB: Pooled> Clone for Pool<DB> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<DB: Pooled> std::fmt::Debug for Pool<DB> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("max", &self.0.options.max)
            .field("idle", &self.num_idle())
            .field("closed", &self.0.closed.load(Ordering::Relaxed))
            .finish()
    }
}

impl<DB: Pooled> Pool<DB> {
    /// A pool for `url` (sqlx's URL syntax); opens and checks one connection before it answers,
    /// so a wrong URL or an unreachable database fails here.
    pub async fn connect(url: &str, options: Options) -> Result<Self, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let connect: <DB::Connection as Connection>::Options = url.parse()?;
        let max = options.max.max(1);
        let shared = Arc::new(Shared {
            connect,
            permits: Arc::new(Semaphore::new(max as usize)),
            options: Options { max, ..options },
            idle: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
        });
        let pool = Self(shared);
        drop(pool.acquire().await?);
        spawn_reaper(Arc::downgrade(&pool.0));
        Ok(pool)
    }

    /// A pool for `url` that opens its first connection when first asked (a wrong URL still
    /// fails here; an unreachable database, on that first use).
    pub fn lazy(url: &str, options: Options) -> Result<Self, sqlx::Error> {
        let connect: <DB::Connection as Connection>::Options = url.parse()?;
        let max = options.max.max(1);
        let pool = Self(Arc::new(Shared {
            connect,
            permits: Arc::new(Semaphore::new(max as usize)),
            options: Options { max, ..options },
            idle: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
        }));
        spawn_reaper(Arc::downgrade(&pool.0));
        Ok(pool)
    }

    /// A connection: an idle one (tested first when it calls for it) or a new one. Waits for
    /// a free permit up to the acquire timeout, then answers `PoolTimedOut`.
    pub async fn acquire(&self) -> Result<PoolConnection<DB>, sqlx::Error> {
        match tokio::time::timeout(self.0.options.acquire_timeout, self.acquire_within()).await {
            Ok(answer) => answer,
            Err(_) => Err(sqlx::Error::PoolTimedOut),
        }
    }

    async fn acquire_within(&self) -> Result<PoolConnection<DB>, sqlx::Error> {
        let permit = self.0.permits.clone().acquire_owned().await.map_err(|_| sqlx::Error::PoolClosed)?;
        loop {
            let popped = self.0.idle.lock().expect("pool lock").pop();
            let Some(mut idle) = popped else { break };
            if idle.born.elapsed() >= self.0.options.max_lifetime {
                close_later(idle.conn, false);
                continue;
            }
            let now = failures();
            if idle.since.elapsed() >= TEST_AFTER || idle.seen != now {
                if let Err(e) = idle.conn.ping().await {
                    tracing::debug!(error = %e, "a pooled connection failed its test; replacing it");
                    close_later(idle.conn, true);
                    continue;
                }
                idle.seen = now;
            }
            return Ok(self.lend(idle.conn, idle.born, idle.seen, permit));
        }
        // No idle connection: with the permit held, the pool is below `max`.
        let seen = failures();
        let mut conn = self.0.connect.connect().await?;
        if let Err(e) = DB::setup(&mut conn, self.0.options.setup).await {
            close_later(conn, true);
            return Err(e);
        }
        Ok(self.lend(conn, Instant::now(), seen, permit))
    }

    fn lend(&self, conn: DB::Connection, born: Instant, seen: u64, permit: OwnedSemaphorePermit) -> PoolConnection<DB> {
        PoolConnection { conn: Some(conn), born, seen, permit: Some(permit), pool: self.0.clone() }
    }

    /// How many connections sit idle.
    pub fn num_idle(&self) -> usize {
        self.0.idle.lock().map(|i| i.len()).unwrap_or(0)
    }

    /// Refuses new acquires, waits (up to 30 s) for the connections out to come back, and
    /// closes every connection.
    pub async fn close(&self) {
        self.0.closed.store(true, Ordering::Relaxed);
        let all = self.0.options.max;
        let back = tokio::time::timeout(Duration::from_secs(30), self.0.permits.acquire_many(all)).await;
        self.0.permits.close();
        drop(back);
        let idle = std::mem::take(&mut *self.0.idle.lock().expect("pool lock"));
        for i in idle {
            let _ = i.conn.close().await;
        }
    }

    /// Whether [`Pool::close`] was called.
    pub fn is_closed(&self) -> bool {
        self.0.closed.load(Ordering::Relaxed)
    }
}

impl Pool {
    /// A transaction on a connection of its own (`BEGIN`).
    pub async fn begin(&self) -> Result<PoolTx, sqlx::Error> {
        PoolTx::begin(self.acquire().await?, None).await
    }

    /// A transaction begun with `statement` (SQLite's `BEGIN IMMEDIATE`).
    pub async fn begin_with(&self, statement: &'static str) -> Result<PoolTx, sqlx::Error> {
        PoolTx::begin(self.acquire().await?, Some(SqlStr::from_static(statement))).await
    }
}

/// Closes a connection off the caller's path: politely (PostgreSQL's Terminate, SQLite's
/// worker stopped), or at once when it may be broken.
fn close_later<C: Connection + 'static>(conn: C, broken: bool) {
    match tokio::runtime::Handle::try_current() {
        Ok(rt) => {
            rt.spawn(async move {
                let _ = if broken { conn.close_hard().await } else { conn.close().await };
            });
        }
        Err(_) => drop(conn),
    }
}

/// Closes connections idle past the idle timeout (and any past their lifetime), down to
/// `min_idle`, every third of the idle timeout (at least each second, at most each 30 s).
/// Stops when the pool is gone.
fn spawn_reaper<DB: Pooled>(pool: Weak<Shared<DB>>) {
    let Some(period) =
        pool.upgrade().map(|p| (p.options.idle_timeout / 3).clamp(Duration::from_secs(1), Duration::from_secs(30)))
    else {
        return;
    };
    tokio::spawn(async move {
        let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            let Some(shared) = pool.upgrade() else { return };
            if shared.closed.load(Ordering::Relaxed) {
                return;
            }
            let o = &shared.options;
            let expired: Vec<Idle<DB>> = {
                let mut idle = shared.idle.lock().expect("pool lock");
                // Oldest first (the bottom of the stack); the most recently used stay.
                let spare = idle.len().saturating_sub(o.min_idle);
                let mut out = Vec::new();
                let mut i = 0;
                while i < idle.len() && out.len() < spare {
                    let stale = idle[i].since.elapsed() >= o.idle_timeout || idle[i].born.elapsed() >= o.max_lifetime;
                    if stale {
                        out.push(idle.remove(i));
                    } else {
                        i += 1;
                    }
                }
                out
            };
            for i in expired {
                let _ = i.conn.close().await;
            }
        }
    });
}

/// A connection out of the pool; it goes back when dropped.
pub struct PoolConnection<DB: Pooled = Any> {
    conn: Option<DB::Connection>,
    born: Instant,
    /// [`failures`] when this connection was last known good.
    seen: u64,
    permit: Option<OwnedSemaphorePermit>,
    pool: Arc<Shared<DB>>,
}

impl<DB: Pooled> std::fmt::Debug for PoolConnection<DB> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PoolConnection").finish_non_exhaustive()
    }
}

impl<DB: Pooled> std::ops::Deref for PoolConnection<DB> {
    type Target = DB::Connection;
    fn deref(&self) -> &DB::Connection {
        self.conn.as_ref().expect("a lent connection")
    }
}

impl<DB: Pooled> std::ops::DerefMut for PoolConnection<DB> {
    fn deref_mut(&mut self) -> &mut DB::Connection {
        self.conn.as_mut().expect("a lent connection")
    }
}

impl AsMut<AnyConnection> for PoolConnection {
    fn as_mut(&mut self) -> &mut AnyConnection {
        self
    }
}

impl<DB: Pooled> Drop for PoolConnection<DB> {
    fn drop(&mut self) {
        let (Some(conn), Some(permit)) = (self.conn.take(), self.permit.take()) else { return };
        let shared = &self.pool;
        if shared.closed.load(Ordering::Relaxed) || self.born.elapsed() >= shared.options.max_lifetime {
            close_later(conn, false);
            return;
        }
        let now = failures();
        let back: Idle<DB> = Idle { conn, born: self.born, since: Instant::now(), seen: self.seen };
        if !back.conn.should_flush() && self.seen == now {
            shared.idle.lock().expect("pool lock").push(back);
            drop(permit);
            return;
        }
        // A rollback waits in its buffer, or a failure was seen while it was out: test it (which
        // sends what waits) before it goes back; its permit is held until then, so the pool
        // opens no connection in its place meanwhile.
        let shared = shared.clone();
        match tokio::runtime::Handle::try_current() {
            Ok(rt) => {
                rt.spawn(async move {
                    let mut back = back;
                    match back.conn.ping().await {
                        Ok(()) if shared.closed.load(Ordering::Relaxed) => {
                            let _ = back.conn.close().await;
                        }
                        Ok(()) => {
                            back.seen = now;
                            back.since = Instant::now();
                            shared.idle.lock().expect("pool lock").push(back);
                        }
                        Err(e) => {
                            tracing::debug!(error = %e, "a connection failed its test on return; closing it");
                            let _ = back.conn.close_hard().await;
                        }
                    }
                    drop(permit);
                });
            }
            Err(_) => drop(back),
        }
    }
}

/// A transaction on a connection of its own: [`PoolTx::commit`] ends it; dropped
/// uncommitted, it is rolled back (sent at once, in the background, on PostgreSQL).
pub struct PoolTx {
    conn: PoolConnection,
    open: bool,
}

impl std::fmt::Debug for PoolTx {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PoolTx").field("open", &self.open).finish()
    }
}

impl PoolTx {
    async fn begin(mut conn: PoolConnection, statement: Option<SqlStr>) -> Result<Self, sqlx::Error> {
        <Any as Database>::TransactionManager::begin(&mut conn, statement).await.inspect_err(note_error)?;
        Ok(Self { conn, open: true })
    }

    pub async fn commit(mut self) -> Result<(), sqlx::Error> {
        <Any as Database>::TransactionManager::commit(&mut self.conn).await.inspect_err(note_error)?;
        self.open = false;
        Ok(())
    }

    pub async fn rollback(mut self) -> Result<(), sqlx::Error> {
        <Any as Database>::TransactionManager::rollback(&mut self.conn).await.inspect_err(note_error)?;
        self.open = false;
        Ok(())
    }
}

impl std::ops::Deref for PoolTx {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for PoolTx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }
}

impl AsMut<AnyConnection> for PoolTx {
    fn as_mut(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }
}

impl Drop for PoolTx {
    fn drop(&mut self) {
        if self.open {
            <Any as Database>::TransactionManager::start_rollback(&mut self.conn);
        }
    }
}

/// `&pool` runs one statement on a connection of its own (tests, the outbox's counts, the
/// migrations' checks). The rows are collected before they are handed on, as the connection
/// goes back with the statement's end.
impl<'p> Executor<'p> for &'_ Pool {
    type Database = sqlx::Any;

    fn fetch_many<'e, 'q: 'e, E>(self, query: E) -> BoxStream<'e, Result<Either<AnyQueryResult, AnyRow>, sqlx::Error>>
    where
        E: 'q + Execute<'q, sqlx::Any>,
    {
        let pool = self.clone();
        futures::stream::once(async move {
            let mut conn = pool.acquire().await?;
            (&mut *conn).fetch_many(query).try_collect::<Vec<_>>().await.inspect_err(note_error)
        })
        .map_ok(|steps| futures::stream::iter(steps.into_iter().map(Ok)))
        .try_flatten()
        .boxed()
    }

    fn fetch_optional<'e, 'q: 'e, E>(self, query: E) -> BoxFuture<'e, Result<Option<AnyRow>, sqlx::Error>>
    where
        E: 'q + Execute<'q, sqlx::Any>,
    {
        let pool = self.clone();
        Box::pin(async move { (&mut *pool.acquire().await?).fetch_optional(query).await.inspect_err(note_error) })
    }

    fn prepare_with<'e>(
        self,
        sql: SqlStr,
        parameters: &'e [AnyTypeInfo],
    ) -> BoxFuture<'e, Result<AnyStatement, sqlx::Error>>
    where
        'p: 'e,
    {
        let pool = self.clone();
        Box::pin(async move { (&mut *pool.acquire().await?).prepare_with(sql, parameters).await })
    }

    fn describe<'e>(self, sql: SqlStr) -> BoxFuture<'e, Result<sqlx::Describe<sqlx::Any>, sqlx::Error>>
    where
        'p: 'e,
    {
        let pool = self.clone();
        Box::pin(async move { (&mut *pool.acquire().await?).describe(sql).await })
    }
}
