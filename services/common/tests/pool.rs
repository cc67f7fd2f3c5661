//! The services' connection pool (common::pool) on both backends: a connection goes back
//! without a round trip, a dropped transaction's locks go at once, a full pool answers in
//! time, a broken connection is replaced, idle ones close down to the floor, a closed pool
//! refuses.

use common::pool::{Options, Pool, Setup};
use common::testing::{postgres_database, temp_dir};
use sqlx::{Connection, Row};
use std::time::{Duration, Instant};

fn options(setup: Setup) -> Options {
    Options {
        max: 4,
        min_idle: 0,
        idle_timeout: Duration::from_secs(600),
        max_lifetime: Duration::from_secs(1800),
        acquire_timeout: Duration::from_secs(5),
        setup,
    }
}

/// A pool on a fresh database of each backend (PostgreSQL when TEST_DATABASE_URL is set),
/// with `tune` applied to its options; the guard keeps the database alive.
async fn pools(tune: impl Fn(&mut Options)) -> Vec<(Pool, Box<dyn std::any::Any>)> {
    sqlx::any::install_default_drivers();
    let dir = temp_dir();
    let mut o = options(Setup::Sqlite);
    tune(&mut o);
    let sqlite = Pool::<sqlx::Any>::connect(&format!("sqlite://{}/p.db?mode=rwc", dir.0.display()), o).await.unwrap();
    let mut out: Vec<(Pool, Box<dyn std::any::Any>)> = vec![(sqlite, Box::new(dir))];
    if let Some(pg) = postgres_database().await {
        let mut o = options(Setup::Postgres { port: 5432 });
        tune(&mut o);
        let pool = Pool::<sqlx::Any>::connect(&pg.url, o).await.unwrap();
        out.push((pool, Box::new(pg)));
    }
    out
}

fn is_postgres(c: &sqlx::AnyConnection) -> bool {
    common::db::Backend::of_connection(c) == common::db::Backend::Postgres
}

/// What tells one connection from another: PostgreSQL's backend pid; on SQLite a temporary
/// table only the connection that made it sees.
async fn identity(c: &mut sqlx::AnyConnection) -> String {
    if is_postgres(c) {
        let pid: i32 = sqlx::query_scalar("SELECT pg_backend_pid()").fetch_one(&mut *c).await.unwrap();
        return pid.to_string();
    }
    sqlx::query("CREATE TEMP TABLE IF NOT EXISTS me (id TEXT)").execute(&mut *c).await.unwrap();
    let mine: Option<String> = sqlx::query_scalar("SELECT id FROM me").fetch_optional(&mut *c).await.unwrap();
    match mine {
        Some(id) => id,
        None => {
            let id = common::new_id();
            sqlx::query("INSERT INTO me VALUES ($1)").bind(&id).execute(&mut *c).await.unwrap();
            id
        }
    }
}

#[tokio::test]
async fn a_connection_goes_back_without_a_round_trip() {
    for (pool, _keep) in pools(|_| {}).await {
        let mut c = pool.acquire().await.unwrap();
        let first = identity(&mut c).await;
        assert_eq!(pool.num_idle(), 0);
        drop(c);
        // Back on the idle stack as it is dropped: no test of it, no task between.
        assert_eq!(pool.num_idle(), 1, "the connection did not go straight back");
        let mut c = pool.acquire().await.unwrap();
        assert_eq!(identity(&mut c).await, first, "the pool opened a connection instead of reusing its idle one");
    }
}

#[tokio::test]
async fn a_dropped_transaction_gives_its_locks_back_at_once() {
    for (pool, _keep) in pools(|_| {}).await {
        sqlx::query("CREATE TABLE t (v TEXT)").execute(&pool).await.unwrap();
        let mut other = pool.acquire().await.unwrap();
        let postgres = is_postgres(&other);
        let mut tx =
            if postgres { pool.begin().await.unwrap() } else { pool.begin_with("BEGIN IMMEDIATE").await.unwrap() };
        if postgres {
            sqlx::query("LOCK TABLE t IN ACCESS EXCLUSIVE MODE").execute(&mut *tx).await.unwrap();
        }
        sqlx::query("INSERT INTO t VALUES ('never')").execute(&mut *tx).await.unwrap();
        drop(tx);
        // The other connection waits 3 s at most for the lock: the rollback must not wait for
        // the dropped transaction's connection to be used again.
        let wait = if postgres { "SET lock_timeout = '3s'" } else { "PRAGMA busy_timeout = 3000" };
        sqlx::query(wait).execute(&mut *other).await.unwrap();
        sqlx::query("INSERT INTO t VALUES ('kept')").execute(&mut *other).await.expect("the lock was still held");
        let rows: Vec<String> =
            sqlx::query("SELECT v FROM t").fetch_all(&mut *other).await.unwrap().iter().map(|r| r.get(0)).collect();
        assert_eq!(rows, ["kept"]);
    }
}

#[tokio::test]
async fn a_full_pool_answers_timed_out_in_time_and_recovers() {
    for (pool, _keep) in pools(|o| {
        o.max = 2;
        o.acquire_timeout = Duration::from_millis(300);
    })
    .await
    {
        let a = pool.acquire().await.unwrap();
        let _b = pool.acquire().await.unwrap();
        let asked = Instant::now();
        let third = pool.acquire().await;
        assert!(matches!(third, Err(sqlx::Error::PoolTimedOut)), "{third:?}");
        assert!(asked.elapsed() < Duration::from_secs(3), "the wait outlasted the acquire timeout");
        drop(a);
        let mut c = pool.acquire().await.expect("a returned connection is handed out again");
        sqlx::query("SELECT 1").execute(&mut *c).await.unwrap();
    }
}

#[tokio::test]
async fn a_broken_connection_is_replaced_not_handed_out_again() {
    let Some(pg) = postgres_database().await else { return };
    sqlx::any::install_default_drivers();
    let pool = Pool::<sqlx::Any>::connect(&pg.url, options(Setup::Postgres { port: 5432 })).await.unwrap();
    let mut c = pool.acquire().await.unwrap();
    let dead = identity(&mut c).await;
    drop(c);
    let mut admin = sqlx::AnyConnection::connect(&pg.url).await.unwrap();
    sqlx::query("SELECT pg_terminate_backend($1)")
        .bind(dead.parse::<i32>().unwrap())
        .execute(&mut admin)
        .await
        .unwrap();
    // The idle connection is dead now. At most one use of it fails (when no failure was
    // seen meanwhile, it went back less than a second ago and is handed out untested);
    // that failure is recorded, the connection is tested on return and closed, and the
    // next acquire opens a new one.
    let mut failures = 0;
    let alive = loop {
        let mut c = pool.acquire().await.unwrap();
        match sqlx::query_scalar::<_, i32>("SELECT pg_backend_pid()").fetch_one(&mut *c).await {
            Ok(pid) => break pid.to_string(),
            Err(e) => {
                failures += 1;
                assert!(failures < 2, "the dead connection was handed out twice: {e}");
                common::pool::note_error(&e);
            }
        }
    };
    assert_ne!(alive, dead);
    // A connection idle for a second or more is tested before it is handed out.
    let mut c = pool.acquire().await.unwrap();
    let pid = identity(&mut c).await;
    drop(c);
    sqlx::query("SELECT pg_terminate_backend($1)").bind(pid.parse::<i32>().unwrap()).execute(&mut admin).await.unwrap();
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let mut c = pool.acquire().await.unwrap();
    let fresh = identity(&mut c).await;
    assert_ne!(fresh, pid, "a connection idle for a second was handed out untested");
    drop(c);
    pool.close().await;
}

#[tokio::test]
async fn idle_connections_close_down_to_the_floor() {
    for (pool, _keep) in pools(|o| {
        o.min_idle = 1;
        o.idle_timeout = Duration::from_secs(1);
    })
    .await
    {
        let held: Vec<_> = futures::future::join_all((0..3).map(|_| pool.acquire())).await;
        drop(held);
        assert_eq!(pool.num_idle(), 3);
        let since = Instant::now();
        while pool.num_idle() > 1 {
            assert!(since.elapsed() < Duration::from_secs(15), "idle connections were not closed");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        tokio::time::sleep(Duration::from_millis(2500)).await;
        assert_eq!(pool.num_idle(), 1, "the floor's last idle connection was closed too");
        let mut c = pool.acquire().await.unwrap();
        sqlx::query("SELECT 1").execute(&mut *c).await.unwrap();
    }
}

#[tokio::test]
async fn a_closed_pool_refuses_and_closes_what_comes_back() {
    for (pool, _keep) in pools(|_| {}).await {
        let c = pool.acquire().await.unwrap();
        let closing = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.close().await })
        };
        // The close waits for the connection out.
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert!(!closing.is_finished(), "the close did not wait for the connection out");
        assert!(pool.is_closed());
        drop(c);
        closing.await.unwrap();
        assert_eq!(pool.num_idle(), 0);
        assert!(matches!(pool.acquire().await, Err(sqlx::Error::PoolClosed)));
    }
}
