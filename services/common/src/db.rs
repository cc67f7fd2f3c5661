//! One SQL text on SQLite and PostgreSQL through sqlx `Any`: the backend is chosen by
//! the URL, and each backend has its own migrations folder in the owning service.

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Row};
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

    /// Bind markers for parameters `first..first + n` (1-based), comma separated. SQLite gets
    /// plain `?`: sqlx looks every `$n` up by name, which costs O(n) per parameter and made a
    /// 15,000-parameter statement spend 80% of an import there.
    pub fn placeholders(self, first: usize, n: usize) -> String {
        match self {
            Self::Sqlite => vec!["?"; n].join(", "),
            Self::Postgres => (first..first + n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", "),
        }
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
                ffi::sqlite3_config(
                    ffi::SQLITE_CONFIG_MALLOC,
                    &methods as *const ffi::sqlite3_mem_methods,
                ),
            )
        };
        if stats != ffi::SQLITE_OK || alloc != ffi::SQLITE_OK {
            tracing::warn!(
                stats,
                alloc,
                "SQLite was already started; it keeps its own allocator"
            );
        }
    });
}

/// A pool plus the backend it talks to.
#[derive(Clone, Debug)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
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
        // A connection is tested (one round trip) only when it sat idle for a second or
        // more, when the database may have gone away meanwhile (a restart); a busy pool
        // hands connections out without a round trip each. A failed test replaces it.
        let mut opts = AnyPoolOptions::new()
            .acquire_timeout(Duration::from_secs(5))
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if meta.idle_for >= Duration::from_secs(1) {
                        sqlx::Connection::ping(conn).await?;
                    }
                    Ok(true)
                })
            });
        if backend == Backend::Sqlite {
            sqlite_allocator();
            if !url.contains("mode=") {
                url.push_str(if url.contains('?') { "&mode=rwc" } else { "?mode=rwc" });
            }
            if let Some(path) = url.strip_prefix("sqlite://").and_then(|p| p.split('?').next())
                && let Some(parent) = std::path::Path::new(path).parent()
                && !parent.as_os_str().is_empty()
            {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("failed to create {}", parent.display()))?;
            }
            opts = opts.max_connections(8).after_connect(|conn, _| {
                Box::pin(async move {
                    sqlx::query("PRAGMA busy_timeout = 10000").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA foreign_keys = ON").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA journal_mode = WAL").execute(&mut *conn).await?;
                    sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut *conn).await?;
                    Ok(())
                })
            });
        } else {
            opts = opts.max_connections(16);
        }
        let pool = opts
            .connect(&url)
            .await
            .context("failed to connect to the database")?;
        Ok(Self { pool, backend })
    }

    pub async fn migrate(&self, migrations: &Migrations) -> anyhow::Result<()> {
        let m = match self.backend {
            Backend::Sqlite => migrations.sqlite,
            Backend::Postgres => migrations.postgres,
        };
        m.run(&self.pool).await.context("failed to run migrations")?;
        Ok(())
    }

    /// A transaction that reads before it writes. On SQLite it takes the write lock up
    /// front (`BEGIN IMMEDIATE`): a deferred transaction that has read cannot wait for
    /// the lock later and fails at once with "database is locked" under concurrent writes.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
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

/// Whether an error is a unique-constraint violation (both backends).
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Database(d) => {
            d.is_unique_violation()
                || d.code().is_some_and(|c| c == "23505" || c == "2067" || c == "1555")
        }
        _ => false,
    }
}

/// Test support: a fresh database per test, on SQLite (a temp file) or on PostgreSQL
/// when `TEST_DATABASE_URL` points at a server whose user may create databases.
pub mod testing {
    use super::*;

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
                    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).execute(&admin.pool).await?;
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
    /// is set (required when REQUIRE_SERVICES=1). A test runs its body on each in turn.
    pub async fn each_backend(migrations: &Migrations) -> Vec<TestDb> {
        let mut out = vec![sqlite(migrations).await];
        match postgres(migrations).await {
            Some(pg) => out.push(pg),
            None if std::env::var("REQUIRE_SERVICES").is_ok_and(|v| v == "1") => {
                panic!("REQUIRE_SERVICES=1 but TEST_DATABASE_URL is unset")
            }
            None => eprintln!("PostgreSQL skipped: TEST_DATABASE_URL is unset"),
        }
        out
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
