//! The search benchmark (issue 36, search everywhere): `GET /admin/search` through the BFF as
//! the main admin (every group asked: nonprofits, donors, transactions, communities, events,
//! sub-admins, FAQs), one row per kind of query, over 1,000,000 donors and 10,000,000
//! transactions (the giving benchmark's data set, `harness::giving`) and NONPROFITS imported
//! nonprofits (the synthetic Business Master File, `harness::bmf`); p50, p95 and requests a
//! second at each CONCURRENCY level.
//!
//!   BENCH_DATABASE_URL=postgres://user:pass@host/postgres cargo run --release -p bff --example search_bench -- postgres
//!   cargo run --release -p bff --example search_bench -- sqlite
//!
//! Every service runs on the chosen backend (each its own database), on a runtime of its own
//! as separate processes would. DONORS (1000000), TRANSACTIONS (10000000), NONPROFITS (200000),
//! CONCURRENCY (levels, comma-separated: "1,32"), REQUESTS (1000 per row and round), ROUNDS (3,
//! median kept), ONLY (rows whose name contains it). KEEP_DATABASE=name (PostgreSQL) or
//! SQLITE_FILE=path keeps the seeded giving database and reuses it (the giving benchmark's
//! kept database serves, once seeded by this release: its donors carry phones).

mod harness;

use harness::giving::{FIRST, PHONE_BASE, last_names, seed};
use harness::{Database, Keep, Load, env_num};
use std::sync::Arc;
use std::time::Instant;

const SECRET: &str = "search-bench-secret-search-bench-secret-01";

/// `/admin/search?q=<text>`, kept for the run (a row's path is `'static`).
fn search_path(q: &str) -> &'static str {
    let mut url = reqwest::Url::parse("http://bench/admin/search").expect("a URL");
    url.query_pairs_mut().append_pair("q", q);
    Box::leak(format!("{}?{}", url.path(), url.query().unwrap_or_default()).into_boxed_str())
}

/// How many items each group of an answer holds: "nonprofit 5, donor 1, ...".
fn found(answer: &[u8]) -> String {
    let v: serde_json::Value = serde_json::from_slice(answer).unwrap_or_default();
    v["data"]["groups"]
        .as_array()
        .map(|groups| {
            groups
                .iter()
                .filter(|g| g["items"].as_array().is_some_and(|i| !i.is_empty()) || g["unavailable"] == true)
                .map(|g| {
                    let n = g["items"].as_array().map_or(0, Vec::len);
                    if g["unavailable"] == true {
                        format!("{} unavailable", g["kind"].as_str().unwrap_or_default())
                    } else {
                        format!("{} {n}", g["kind"].as_str().unwrap_or_default())
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let backend_name = std::env::args().nth(1).unwrap_or_else(|| "sqlite".into());
    let donors = env_num("DONORS", 1_000_000) as i64;
    let txs = env_num("TRANSACTIONS", 10_000_000) as i64;
    let nonprofits = env_num("NONPROFITS", 200_000);
    let levels: Vec<usize> = std::env::var("CONCURRENCY")
        .unwrap_or_else(|_| "1,32".into())
        .split(',')
        .filter_map(|c| c.trim().parse().ok())
        .collect();
    let requests = env_num("REQUESTS", 1000);
    let rounds = env_num("ROUNDS", 3).max(1);
    let only = std::env::var("ONLY").unwrap_or_default();
    let dir = tempfile::tempdir()?;
    let end = common::now_ms().div_euclid(86_400_000) * 86_400_000;
    // Giving's database may be kept; every other service gets a new one of the same backend.
    let giving_db =
        Database::open(&backend_name, dir.path(), "giving.db", Keep { sqlite_file: true, postgres: true }).await?;
    let mut databases = vec![];
    for s in proto::services::ALL.iter().filter(|s| s.name != "giving") {
        let file = format!("{}.db", s.name);
        let db = Database::open(&backend_name, dir.path(), &file, Keep { sqlite_file: false, postgres: false }).await?;
        databases.push((s.name, db));
    }
    let urls: Vec<(&str, String)> = std::iter::once(("giving", giving_db.url.clone()))
        .chain(databases.iter().map(|(name, db)| (*name, db.url.clone())))
        .collect();
    let (backend, reuse) = (giving_db.backend, giving_db.reuse);

    let servers = harness::Servers::new()?;
    let shutdown = common::shutdown::Shutdown::new();
    let started = servers
        .start(dir.path(), &shutdown, move |sut| async move {
            let shared = common::service::Shared {
                jwt_secret: SECRET.into(),
                public_url: "http://127.0.0.1".into(),
                mail_dir: Some(sut.dir.join("mail")),
            };
            let url_of = |s: &proto::services::Service| {
                urls.iter().find(|(name, _)| *name == s.name).map(|(_, u)| u.clone()).expect("a database")
            };
            let mut configs = stack::Configs::new(url_of, &shared);
            configs.identity = identity::app::Config {
                access_ttl_secs: 3600,
                admin_email: harness::ADMIN_EMAIL.into(),
                admin_password: Some(harness::ADMIN_PASSWORD.into()),
                ..configs.identity
            };
            let stack = stack::Stack::start(&configs, "127.0.0.1:0", sut.bus.clone(), sut.shutdown.clone()).await?;
            let giving = &stack.giving.giving;
            if !harness::seeded(&giving.db, reuse, "donors", donors).await? {
                let t = Instant::now();
                seed(&giving.db, backend, donors, txs, end).await?;
                eprintln!("seeded {donors} donors and {txs} transactions in {:.0} s", t.elapsed().as_secs_f64());
            }
            let t = Instant::now();
            let import =
                stack.catalogue.catalogue.import_bmf(true, harness::bmf(nonprofits), &common::Actor::system()).await?;
            let analyze = if backend == common::db::Backend::Postgres { "VACUUM ANALYZE" } else { "ANALYZE" };
            sqlx::query(analyze).execute(&stack.catalogue.catalogue.db.pool).await?;
            eprintln!("imported {} nonprofits in {:.0} s", import.counts.new, t.elapsed().as_secs_f64());
            let state = sut.bff_config(harness::urls(&stack.ports()), SECRET).state().await?;
            anyhow::Ok((sut.serve(state).await?, stack))
        })
        .await?;
    let (addr, _stack) = started;
    let http = reqwest::Client::new();
    let token = harness::sign_in(&http, &format!("http://{addr}")).await?;

    // Each kind of query, on rows the seeding wrote (see harness::giving and harness::bmf).
    let full_name =
        format!("{} {}", FIRST[12_345 % FIRST.len()], last_names()[(12_345 / FIRST.len()) % 500]).to_lowercase();
    let phone = (PHONE_BASE + 123_456).to_string();
    let phone = format!("({}) {}-{}", &phone[..3], &phone[3..6], &phone[6..8]);
    let rows: Vec<(String, String)> = vec![
        (format!("donor name '{full_name}'"), full_name.clone()),
        ("email prefix 'donor123456@'".into(), "donor123456@".into()),
        (format!("phone '{phone}'"), phone.clone()),
        ("receipt number 'GC-B-7654321'".into(), "gc-b-7654321".into()),
        ("provider reference 'bench_1234567'".into(), "bench_1234567".into()),
        ("nonprofit name 'water rescue'".into(), "water rescue".into()),
        ("Tax ID prefix '10-0123'".into(), "10-0123".into()),
        ("a miss 'zqxj'".into(), "zqxj".into()),
    ];
    let nonprofits_label = format!("{nonprofits} imported nonprofits");
    println!(
        "\n{backend_name}, {donors} donors, {txs} transactions, {nonprofits_label}; GET /admin/search as the main admin (7 groups), {requests} requests per row and round, median of {rounds} rounds\n"
    );
    println!("| query | concurrent | first ms | p50 ms | p95 ms | req/s | failed | found |");
    println!("|---|---|---|---|---|---|---|---|");
    for (name, q) in rows.into_iter().filter(|r| r.0.contains(only.as_str())) {
        let path = search_path(&q);
        for &concurrency in &levels {
            let load = Load { addr, token: token.clone(), concurrency, requests, rounds };
            let row = load.row(&name, "GET", path, Arc::from(&b""[..])).await?;
            let s = &row.stats;
            println!(
                "| {name} | {concurrency} | {:.0} | {:.1} | {:.1} | {:.0} | {} | {} |",
                row.first_ms,
                s.p50,
                s.p95,
                s.rps,
                s.failed,
                found(&row.answer)
            );
        }
    }
    shutdown.trigger();
    drop(servers);
    Ok(())
}
