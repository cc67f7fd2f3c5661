//! The pool's PostgreSQL connections send at once (TCP_NODELAY): without it a query whose
//! message fills more than one TCP segment waits 40 ms for the server's delayed
//! acknowledgement (see `common::db::no_delay_to_port`).

/// This process's TCP connections to `port`, each with whether Nagle's algorithm is off, read
/// from the socket options (/proc/self/fd).
#[cfg(target_os = "linux")]
fn connections_to(port: u16) -> Vec<bool> {
    use std::os::fd::FromRawFd;
    let mut out = vec![];
    for entry in std::fs::read_dir("/proc/self/fd").unwrap().flatten() {
        let Some(fd) = entry.file_name().to_str().and_then(|n| n.parse::<i32>().ok()) else {
            continue;
        };
        if !std::fs::read_link(entry.path()).is_ok_and(|l| l.to_string_lossy().starts_with("socket:")) {
            continue;
        }
        // SAFETY: borrowed for two queries and never closed (ManuallyDrop).
        let s = std::mem::ManuallyDrop::new(unsafe { std::net::TcpStream::from_raw_fd(fd) });
        if s.peer_addr().is_ok_and(|a| a.port() == port) {
            out.push(s.nodelay().unwrap());
        }
    }
    out
}

#[cfg(target_os = "linux")]
#[tokio::test]
async fn every_postgres_connection_of_the_pool_sends_without_delay() {
    let Some(database) = common::testing::postgres_database().await else {
        return;
    };
    let port = database.url.parse::<sqlx::postgres::PgConnectOptions>().unwrap().get_port();
    let before = connections_to(port).len();
    let db = common::db::Db::connect_only(&database.url).await.unwrap();
    // Four connections at once, each used by a query with 2,000 parameters.
    let mut held = vec![];
    for _ in 0..4 {
        let mut c = db.pool.acquire().await.unwrap();
        let mut q = common::db::Sql::new(
            common::db::Backend::Postgres,
            "SELECT COUNT(*) FROM (VALUES (1)) v(x) WHERE x::text IN (",
        );
        q.push_list(0..2_000, |q, i| {
            q.push_bind(i.to_string());
        });
        q.push(")");
        let n: i64 = sqlx::Row::try_get(&q.build().fetch_one(&mut *c).await.unwrap(), 0).unwrap();
        assert_eq!(n, 1);
        held.push(c);
    }
    let now = connections_to(port);
    assert!(now.len() >= before + 4, "the pool's connections are found: {now:?}");
    assert!(now.iter().all(|on| *on), "every connection to the database has TCP_NODELAY: {now:?}");
}
