//! The chat benchmark (issue 16): app users connected over socket.io across two BFF replicas
//! sharing Redis (one replica, in-memory adapter, when REDIS_URL is unset), every service in
//! process on SQLite. Measures an admin's send on replica B to the member's receipt on replica A
//! (p50/p99), a burst of messages into one room delivered exactly once, and a notification to
//! every connected user (send to the last receipt).
//!
//!   REDIS_URL=redis://127.0.0.1:6379 USERS=200 SENDS=500 BURST=2000 cargo run -p bff --example socket_bench
//!
//! USERS (1000), SENDS (2000), CONCURRENCY (16) and BURST (10000) tune it.
//! GIVING_DATABASE_URL=postgres://.../giving_bench_10m (the giving benchmark's kept database:
//! 1,000,000 donors) makes the notification to every user reach them all.

mod harness;

#[path = "../tests/support/socketio.rs"]
mod socketio;

use harness::env_num;
use serde_json::json;
use socketio::Sock;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

const SECRET: &str = "chat-bench-secret-chat-bench-secret-0123";

fn pct(mut v: Vec<f64>, p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

async fn bff(cfg: &bff::config::Config, shutdown: &common::shutdown::Shutdown) -> anyhow::Result<String> {
    let state = cfg.state().await?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://127.0.0.1:{}", listener.local_addr()?.port());
    tokio::spawn(bff::serve(state, listener, shutdown.clone(), Duration::ZERO));
    Ok(base)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let users = env_num("USERS", 1000).max(1);
    let sends = env_num("SENDS", 2000);
    let concurrency = env_num("CONCURRENCY", 16).max(1);
    let burst = env_num("BURST", 10_000);
    let redis = std::env::var("REDIS_URL").ok().filter(|u| !u.is_empty());
    let dir = std::env::temp_dir().join(format!("chat-bench-{}", common::new_id()));
    std::fs::create_dir_all(&dir)?;
    let shutdown = common::shutdown::Shutdown::new();
    let bus = common::bus::from_url(None).await?;
    let sqlite = |name: &str| format!("sqlite://{}/{name}.db", dir.display());
    let identity_cfg = identity::app::Config {
        admin_email: harness::ADMIN_EMAIL.into(),
        admin_password: Some(harness::ADMIN_PASSWORD.into()),
        mail_dir: None,
        ..identity::app::Config::local(sqlite("identity"), SECRET.into())
    };
    let identity = identity::app::start(&identity_cfg, "127.0.0.1:0", bus.clone(), shutdown.clone()).await?;
    let catalogue = catalogue::app::start(
        &catalogue::app::Config { database_url: sqlite("catalogue") },
        "127.0.0.1:0",
        bus.clone(),
        shutdown.clone(),
    )
    .await?;
    // GIVING_DATABASE_URL: a giving database already holding donors (e.g. the giving benchmark's
    // 1,000,000), so the notification to every user reaches them all.
    let giving_url =
        std::env::var("GIVING_DATABASE_URL").ok().filter(|u| !u.is_empty()).unwrap_or_else(|| sqlite("giving"));
    let giving = giving::app::start(
        &giving::app::Config { database_url: giving_url },
        "127.0.0.1:0",
        bus.clone(),
        shutdown.clone(),
    )
    .await?;
    let chat = chat::app::start(
        &chat::app::Config { database_url: sqlite("chat") },
        "127.0.0.1:0",
        bus.clone(),
        shutdown.clone(),
    )
    .await?;
    // An admin's send checks its picture's ownership with the content service (media records).
    let content = content::app::start(
        &content::app::Config { database_url: sqlite("content") },
        "127.0.0.1:0",
        bus.clone(),
        shutdown.clone(),
    )
    .await?;
    let urls = bff::services::ServiceUrls::from_fn(|s| {
        let port = match s.name {
            "identity" => identity.port,
            "catalogue" => catalogue.port,
            "giving" => giving.port,
            "chat" => chat.port,
            "content" => content.port,
            _ => 1,
        };
        format!("http://127.0.0.1:{port}")
    });
    let mut cfg = bff::config::Config::local(urls, SECRET.into(), dir.join("media"));
    cfg.redis_url = redis.clone();
    let a = bff(&cfg, &shutdown).await?;
    let b = if redis.is_some() { bff(&cfg, &shutdown).await? } else { a.clone() };

    let http = reqwest::Client::new();
    let t = harness::sign_in(&http, &a).await?.to_string();
    let started = Instant::now();
    let mut members = Vec::with_capacity(users);
    for i in 0..users {
        let d: serde_json::Value = http
            .post(format!("{a}/admin/user/create"))
            .bearer_auth(&t)
            .json(&json!({ "firstName": format!("User{i}"), "lastName": "Bench", "email": format!("user{i}@example.org"), "phoneNumber": "(555) 123-4567", "city": "Springfield", "zipCode": "62701" }))
            .send()
            .await?
            .json()
            .await?;
        let donor = d["data"]["_id"].as_str().expect("a donor").to_string();
        let r: serde_json::Value = http
            .post(format!("{a}/admin/chat/createRoom"))
            .bearer_auth(&t)
            .json(&json!({ "userId": donor }))
            .send()
            .await?
            .json()
            .await?;
        let room = r["data"]["_id"].as_str().expect("a room").to_string();
        let token = identity.identity.issue_member_token(&donor, 0)?.0;
        // Every other user on replica B.
        let on = if i % 2 == 0 { &a } else { &b };
        members.push((room, Sock::connect(on, "/app", Some(&token)).await.map_err(anyhow::Error::msg)?));
    }
    println!(
        "seeded and connected {users} app users in {:.1} s (replicas: {})",
        started.elapsed().as_secs_f64(),
        if redis.is_some() { 2 } else { 1 }
    );
    let admin = Arc::new(Sock::connect(&b, "/admin", Some(&t)).await.map_err(anyhow::Error::msg)?);
    let members = Arc::new(members);

    // Send (admin on B) to receipt (member on A or B).
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let workers = (0..concurrency).map(|_| {
        let (admin, members, next) = (admin.clone(), members.clone(), next.clone());
        tokio::spawn(async move {
            let mut lat = vec![];
            loop {
                let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if n >= sends {
                    return lat;
                }
                // Workers never share a member at once (n % users differs while users >= concurrency).
                let (room, member) = &members[n % members.len()];
                let t0 = Instant::now();
                let sent = Sock::ok(
                    admin
                        .call(
                            "send",
                            json!({ "roomId": room, "text": format!("m{n}"), "clientId": format!("bench-{n}") }),
                        )
                        .await,
                );
                member.next_where("message", |m| m["message"]["_id"] == sent["message"]["_id"]).await;
                lat.push(t0.elapsed().as_secs_f64() * 1000.0);
            }
        })
    });
    let t0 = Instant::now();
    let mut lat = vec![];
    for w in workers {
        lat.extend(w.await?);
    }
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "| send to receipt | {} sends, {concurrency} concurrent | p50 {:.1} ms | p99 {:.1} ms | {:.0} msg/s |",
        lat.len(),
        pct(lat.clone(), 0.5),
        pct(lat.clone(), 0.99),
        lat.len() as f64 / secs
    );

    // A burst into one room: each message received exactly once.
    let (room, member) = &members[0];
    let _ = member.all_within("message", Duration::from_millis(200)).await;
    let t0 = Instant::now();
    let calls = (0..burst).map(|n| {
        let admin = admin.clone();
        let room = room.clone();
        async move {
            Sock::ok(
                admin
                    .call("send", json!({ "roomId": room, "text": format!("b{n}"), "clientId": format!("burst-{n}") }))
                    .await,
            )
        }
    });
    use futures::StreamExt;
    let acks: Vec<serde_json::Value> = futures::stream::iter(calls).buffer_unordered(64).collect().await;
    let ids: HashSet<String> =
        acks.iter().map(|a| a["message"]["_id"].as_str().unwrap_or_default().to_string()).collect();
    let mut got = HashSet::new();
    let mut dup = 0;
    while got.len() < ids.len() {
        let m = member.next("message").await;
        if !got.insert(m["message"]["_id"].as_str().unwrap_or_default().to_string()) {
            dup += 1;
        }
    }
    let extra = member.all_within("message", Duration::from_millis(500)).await.len();
    println!(
        "| burst into one room | {burst} messages | delivered {} once, {dup} twice, {extra} extra | {:.1} s |",
        got.len(),
        t0.elapsed().as_secs_f64()
    );

    // A notification to every app user: send to the last receipt.
    let t0 = Instant::now();
    let r: serde_json::Value = http
        .post(format!("{b}/admin/notification/sendNotificationAllUser"))
        .bearer_auth(&t)
        .json(&json!({ "title": "Bench", "message": "Hello all" }))
        .send()
        .await?
        .json()
        .await?;
    let sent_ms = t0.elapsed().as_secs_f64() * 1000.0;
    for (_, m) in members.iter() {
        m.next_where("notification", |n| n["notification"]["_id"] == r["data"]["_id"]).await;
    }
    println!(
        "| notification to all | reach {} | stored and answered in {sent_ms:.0} ms | last receipt {:.0} ms |",
        r["data"]["reach"],
        t0.elapsed().as_secs_f64() * 1000.0
    );
    shutdown.trigger();
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
