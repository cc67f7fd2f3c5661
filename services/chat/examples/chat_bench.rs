//! The chat service at the issue's sizes (section 3: 100,000 rooms, 10,000,000 messages;
//! user list and history p95 <= 50 ms), over gRPC at 32 concurrent callers.
//!
//! ```sh
//! SCALE=0.01 cargo run -p chat --example chat_bench                      # SQLite, 1,000 rooms
//! BACKEND=postgres SCALE=0.01 cargo run -p chat --example chat_bench     # TEST_DATABASE_URL's server
//! ```
//!
//! SCALE (default 1) multiplies the rooms; each room holds 100 messages. Rows are written by
//! SQL (a series per table: the domain calls would take hours), the reads are the service's:
//! ListRooms (first page; a search), History (the newest page; a deep page by `before`).

use chat::app::MIGRATIONS;
use proto::chat::v1 as pb;
use proto::chat::v1::chat_client::ChatClient;
use proto::common::v1 as pc;
use std::time::{Duration, Instant};

const PER_ROOM: i64 = 100;
const CONCURRENCY: usize = 32;
const CALLS: usize = 640;

/// The rows 1..=n as `s(i)`, on either backend.
fn series(postgres: bool, n: i64) -> String {
    if postgres {
        format!("WITH s(i) AS (SELECT generate_series(1, {n}))")
    } else {
        format!("WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {n})")
    }
}

async fn seed(db: &common::db::Db, postgres: bool, rooms: i64) -> anyhow::Result<()> {
    let started = Instant::now();
    let base: i64 = 1_700_000_000_000;
    let run = |sql: String| async move { sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&db.pool).await.map(|_| ()) };
    run(format!(
        "{} INSERT INTO people (id, name, email, avatar, search_key, is_active, is_deleted, updated_at) \
         SELECT 'd' || i, 'Donor ' || i, 'donor' || i || '@example.org', '', 'donor ' || i || ' donor' || i || '@example.org', TRUE, FALSE, {base} FROM s",
        series(postgres, rooms)
    ))
    .await?;
    run(format!(
        "{} INSERT INTO rooms (id, user_id, search_key, created_at, last_seq, last_message_at, sort_key, admin_unread, member_unread, admin_read_seq, member_read_seq) \
         SELECT 'r' || i, 'd' || i, 'donor ' || i || ' donor' || i || '@example.org', {base} + i, {PER_ROOM}, {base} + i * 1000, {base} + i * 1000, \
         i % 5, 0, {PER_ROOM} - i % 5, {PER_ROOM} FROM s",
        series(postgres, rooms)
    ))
    .await?;
    run(format!("UPDATE counters SET value = {rooms} WHERE name = 'rooms'")).await?;
    // Messages room by room in batches (one statement per 1,000 rooms).
    let batch = 1_000.min(rooms);
    let mut first = 0;
    while first < rooms {
        let n = batch.min(rooms - first) * PER_ROOM;
        run(format!(
            "{} INSERT INTO messages (room_id, seq, id, sender_type, sender_id, sender_name, sender_avatar, text, image, client_id, created_at) \
             SELECT 'r' || ({first} + (i - 1) / {PER_ROOM} + 1), (i - 1) % {PER_ROOM} + 1, 'm' || ({first} * {PER_ROOM} + i), \
             CASE WHEN i % 2 = 0 THEN 'admin' ELSE 'member' END, CASE WHEN i % 2 = 0 THEN 'admin-1' ELSE 'd' || ({first} + (i - 1) / {PER_ROOM} + 1) END, \
             CASE WHEN i % 2 = 0 THEN 'Main Admin' ELSE '' END, '', 'A message of the benchmark, number ' || i, '', 'c' || i, {base} + i FROM s",
            series(postgres, n)
        ))
        .await?;
        first += batch;
    }
    if postgres {
        run("ANALYZE".into()).await?;
    }
    println!("seeded {rooms} rooms and {} messages in {:.1} s", rooms * PER_ROOM, started.elapsed().as_secs_f64());
    Ok(())
}

/// Runs `CALLS` calls of `call` (given the call's number) from `CONCURRENCY` tasks; prints p50/p95.
async fn measure<F, Fut>(name: &str, call: F)
where
    F: Fn(usize) -> Fut + Send + Sync + Clone + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let started = Instant::now();
    let mut tasks = vec![];
    for t in 0..CONCURRENCY {
        let call = call.clone();
        tasks.push(tokio::spawn(async move {
            let mut times = vec![];
            for k in (t..CALLS).step_by(CONCURRENCY) {
                let at = Instant::now();
                call(k).await;
                times.push(at.elapsed());
            }
            times
        }));
    }
    let mut all: Vec<Duration> = vec![];
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    all.sort();
    let p = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)].as_secs_f64() * 1000.0;
    println!(
        "{name:<34} p50 {:>7.1} ms   p95 {:>7.1} ms   {:>6.0} calls/s",
        p(0.50),
        p(0.95),
        all.len() as f64 / started.elapsed().as_secs_f64()
    );
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let scale: f64 = std::env::var("SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let rooms = ((100_000.0 * scale) as i64).max(10);
    let postgres = std::env::var("BACKEND").is_ok_and(|b| b == "postgres");
    let dir = common::testing::temp_dir();
    let (url, _pg) = if postgres {
        let admin = common::testing::postgres_url()
            .ok_or_else(|| anyhow::anyhow!("BACKEND=postgres needs TEST_DATABASE_URL"))?;
        let d = common::testing::create_postgres_database(&admin).await;
        (d.url.clone(), Some(d))
    } else {
        (format!("sqlite://{}/chat.db", dir.0.display()), None)
    };
    {
        let db = common::db::Db::connect(&url, &MIGRATIONS).await?;
        seed(&db, postgres, rooms).await?;
        db.pool.close().await;
    }
    let shutdown = common::shutdown::Shutdown::new();
    let bus = common::bus::from_url(None).await?;
    let running =
        chat::app::start(&chat::app::Config { database_url: url }, "127.0.0.1:0", bus, shutdown.clone()).await?;
    let client = ChatClient::connect(format!("http://127.0.0.1:{}", running.port)).await?;
    println!(
        "{} backend, {rooms} rooms, {CONCURRENCY} concurrent callers, {CALLS} calls a figure:",
        if postgres { "PostgreSQL" } else { "SQLite" }
    );

    let page = |search: String| Some(pc::PageRequest { page: 1, limit: 10, search, ..Default::default() });
    let c = client.clone();
    measure("ListRooms first page", move |_| {
        let mut c = c.clone();
        async move {
            let r = c.list_rooms(pb::ListRoomsRequest { page: page(String::new()) }).await.unwrap().into_inner();
            assert_eq!(r.items.len(), 10);
        }
    })
    .await;
    let c = client.clone();
    measure("ListRooms search (an email)", move |k| {
        let mut c = c.clone();
        async move {
            let search = format!("donor{}@", (k as i64 * 7919) % rooms + 1);
            c.list_rooms(pb::ListRoomsRequest { page: page(search) }).await.unwrap();
        }
    })
    .await;
    let room = move |k: usize| format!("r{}", (k as i64 * 104_729) % rooms + 1);
    let c = client.clone();
    measure("History newest page", move |k| {
        let mut c = c.clone();
        async move {
            let r = pb::HistoryRequest { room_id: room(k), side: pb::Side::Admin as i32, ..Default::default() };
            assert_eq!(c.history(r).await.unwrap().into_inner().items.len(), 15);
        }
    })
    .await;
    let c = client.clone();
    measure("History deep page (before 30)", move |k| {
        let mut c = c.clone();
        async move {
            let r =
                pb::HistoryRequest { room_id: room(k), side: pb::Side::Admin as i32, before: 30, ..Default::default() };
            assert_eq!(c.history(r).await.unwrap().into_inner().items.len(), 15);
        }
    })
    .await;
    shutdown.trigger();
    let _ = running.server.await;
    Ok(())
}
