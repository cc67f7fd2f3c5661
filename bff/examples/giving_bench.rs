//! The giving benchmark (issue 13 section 6): 10,000,000 transactions and 1,000,000 donors;
//! the transaction list (first page, a filter, a deep page, searches by donor name), the
//! Subscribed Donor tabs and the dashboard through the BFF at 32 concurrent requests; the
//! Excel export of 1,000,000 rows (time to the first bytes, total time, the BFF's peak
//! memory); donations recorded per second through gRPC.
//!
//!   BENCH_DATABASE_URL=postgres://user:pass@host/postgres cargo run --release -p bff --example giving_bench -- postgres
//!   cargo run --release -p bff --example giving_bench -- sqlite
//!
//! Seeding writes the rows with SQL (`harness::giving`, shared with the search benchmark).
//! DONORS (1000000), TRANSACTIONS (10000000), CONCURRENCY
//! (32), REQUESTS (3000 per scenario and round), ROUNDS (3, median kept), DONATIONS (20000),
//! ONLY (rows whose name contains it). KEEP_DATABASE=name (PostgreSQL) or SQLITE_FILE=path
//! keeps the seeded database and reuses it next time. BFF_BIN=path runs the export through
//! that BFF binary in a process of its own (so that its peak memory is its own).

mod harness;

use harness::giving::{FIRST, RECIPIENTS, SPAN_MS, last_names, seed};
use harness::{Database, Keep, Load, env_num, measure};
use std::sync::Arc;
use std::time::Instant;

const SECRET: &str = "giving-bench-secret-giving-bench-secret-01";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let backend_name = std::env::args().nth(1).unwrap_or_else(|| "sqlite".into());
    let donors = env_num("DONORS", 1_000_000) as i64;
    let txs = env_num("TRANSACTIONS", 10_000_000) as i64;
    let concurrency = env_num("CONCURRENCY", 32);
    let requests = env_num("REQUESTS", 3000);
    let rounds = env_num("ROUNDS", 3).max(1);
    let donations = env_num("DONATIONS", 20_000);
    let only = std::env::var("ONLY").unwrap_or_default();
    let dir = tempfile::tempdir()?;
    // The seeded period ends at the start of today (UTC), so that a kept database is reused
    // the same day with the same figures.
    let end = common::now_ms().div_euclid(86_400_000) * 86_400_000;
    let database =
        Database::open(&backend_name, dir.path(), "giving.db", Keep { sqlite_file: true, postgres: true }).await?;
    let (backend, url, reuse) = (database.backend, database.url.clone(), database.reuse);

    // The system under test on a runtime of its own, as separate processes would be.
    let servers = harness::Servers::new()?;
    let shutdown = common::shutdown::Shutdown::new();
    let started = servers
        .start(dir.path(), &shutdown, move |sut| async move {
            let giving = giving::app::start(
                &giving::app::Config { database_url: url },
                "127.0.0.1:0",
                sut.bus.clone(),
                sut.shutdown.clone(),
            )
            .await?;
            if !harness::seeded(&giving.giving.db, reuse, "donors", donors).await? {
                let t = Instant::now();
                seed(&giving.giving.db, backend, donors, txs, end).await?;
                eprintln!("seeded {donors} donors and {txs} transactions in {:.0} s", t.elapsed().as_secs_f64());
            }
            let (identity, catalogue) = sut.identity_and_catalogue(SECRET).await?;
            // Only what a giving path calls is started.
            let started = [("identity", identity.port), ("catalogue", catalogue.port), ("giving", giving.port)];
            let state = sut.bff_config(harness::urls(&started), SECRET).state().await?;
            anyhow::Ok((sut.serve(state).await?, giving.port, identity.port))
        })
        .await?;
    let (addr, giving_port, identity_port) = started;
    let http = reqwest::Client::new();
    let token = harness::sign_in(&http, &format!("http://{addr}")).await?;

    let last = last_names();
    let full_name =
        format!("{} {}", FIRST[12_345 % FIRST.len()], last[(12_345 / FIRST.len()) % last.len()]).to_lowercase();
    let surname = last[7].to_lowercase();
    let (month_ago, today) = (end - 90 * 86_400_000, end);
    let deep = (txs / 10) * 4 / 5;
    type Row = (String, &'static str, &'static str, serde_json::Value);
    let tx = "/admin/transaction/transactionList";
    let scenarios: Vec<Row> = vec![
        ("transactions, page 1 (newest first)".into(), "POST", tx, serde_json::json!({ "page": 1, "limit": 10 })),
        (
            "transactions, refunded in the last 90 days".into(),
            "POST",
            tx,
            serde_json::json!({ "page": 1, "limit": 10, "status": "refunded", "from": month_ago, "to": today }),
        ),
        (format!("transactions, deep page {deep} (80%)"), "POST", tx, serde_json::json!({ "page": deep, "limit": 10 })),
        (
            format!("transactions, search '{full_name}' (a donor's name)"),
            "POST",
            tx,
            serde_json::json!({ "page": 1, "limit": 10, "search": full_name }),
        ),
        (
            format!("transactions, search '{surname}' (a surname: broad)"),
            "POST",
            tx,
            serde_json::json!({ "page": 1, "limit": 10, "search": surname }),
        ),
        (
            "subscribed donors, page 1 (by name)".into(),
            "POST",
            "/admin/subscribed-donor/subscribeDonor",
            serde_json::json!({ "page": 1, "limit": 10 }),
        ),
        (
            "one-time donors, page 1 (by name)".into(),
            "POST",
            "/admin/subscribed-donor/oneTime",
            serde_json::json!({ "page": 1, "limit": 10 }),
        ),
        (
            format!("subscribed donors, search '{full_name}'"),
            "POST",
            "/admin/subscribed-donor/subscribeDonor",
            serde_json::json!({ "page": 1, "limit": 10, "search": full_name }),
        ),
        ("dashboard: dashboard-data".into(), "GET", "/admin/dashboard/dashboard-data", serde_json::Value::Null),
        (
            "dashboard: yearGraphDashboardUser".into(),
            "GET",
            "/admin/dashboard/yearGraphDashboardUser",
            serde_json::Value::Null,
        ),
    ];
    println!(
        "\n{backend_name}, {donors} donors, {txs} transactions, {concurrency} concurrent, {requests} requests per row and round, median of {rounds} rounds\n"
    );
    println!("| scenario | first ms | p50 ms | p95 ms | req/s | failed | total_records |");
    println!("|---|---|---|---|---|---|---|");
    let load = Load { addr, token: token.clone(), concurrency, requests, rounds };
    for (name, method, path, body) in scenarios.into_iter().filter(|s| s.0.contains(only.as_str())) {
        let bytes: Arc<[u8]> = if body.is_null() { Arc::from(&b""[..]) } else { serde_json::to_vec(&body)?.into() };
        let row = load.row(&name, method, path, bytes).await?;
        let (s, total) = (&row.stats, row.total());
        println!(
            "| {name} | {:.0} | {:.1} | {:.1} | {:.0} | {} | {total} |",
            row.first_ms, s.p50, s.p95, s.rps, s.failed
        );
    }

    if "export".contains(only.as_str()) {
        export(&http, addr, &token, end, txs, identity_port, giving_port, &dir).await?;
    }
    if "donations".contains(only.as_str()) && donations > 0 {
        record(giving_port, donors, donations, concurrency).await?;
    }
    shutdown.trigger();
    drop(servers);
    Ok(())
}

/// The Excel export of about 1,000,000 rows (the newest tenth of the span), through a BFF of
/// its own process when BFF_BIN is set.
#[allow(clippy::too_many_arguments)]
async fn export(
    http: &reqwest::Client,
    addr: std::net::SocketAddr,
    token: &str,
    end: i64,
    txs: i64,
    identity_port: u16,
    giving_port: u16,
    dir: &tempfile::TempDir,
) -> anyhow::Result<()> {
    let urls = harness::urls(&[("identity", identity_port), ("giving", giving_port)]);
    let child = harness::bff_process(http, SECRET, &urls, dir.path().join("media2")).await?;
    let base = child.as_ref().map_or_else(|| format!("http://{addr}"), |(base, _)| base.clone());
    let from = end - SPAN_MS / 10;
    let expected = txs / 10;
    let t = Instant::now();
    let res = http
        .post(format!("{base}/admin/transaction/TransactionList-excel"))
        .bearer_auth(token)
        .json(&serde_json::json!({ "from": from, "to": end }))
        .send()
        .await?;
    let d = harness::download("export", t, res).await?;
    println!(
        "\nExport of about {expected} rows (TransactionList-excel, the newest tenth): headers after {:.2} s, first bytes after {:.2} s, \
         done after {:.1} s, {:.1} MB; BFF peak memory: {}",
        d.headers,
        d.first,
        d.total,
        d.bytes as f64 / 1e6,
        harness::peak_memory(child.as_ref().map(|(_, c)| c))
    );
    Ok(())
}

/// Records `n` donations through gRPC with `concurrency` callers, each a new provider reference.
async fn record(giving_port: u16, donors: i64, n: usize, concurrency: usize) -> anyhow::Result<()> {
    use proto::giving::v1 as pb;
    let channel = tonic::transport::Endpoint::from_shared(format!("http://127.0.0.1:{giving_port}"))?.connect().await?;
    let client = pb::giving_client::GivingClient::new(channel);
    let run = common::now_ms();
    let call = move |mut c: pb::giving_client::GivingClient<tonic::transport::Channel>, i: usize| async move {
        let d = 1 + (i as i64 * 7919) % donors;
        let r = (i as i64 * 104_729) % RECIPIENTS;
        let req = pb::RecordDonationRequest {
            donor_id: format!("{d:024x}"),
            recipient: Some(pb::Recipient {
                kind: pb::RecipientKind::Charity as i32,
                id: format!("{:024x}", r + 8_589_934_592),
                name: format!("Nonprofit {r}"),
            }),
            amount_cents: 2_500,
            currency: "usd".into(),
            payment_method: "card".into(),
            provider_reference: format!("bench_live_{run}_{i}"),
            ..Default::default()
        };
        let ok = c.record_donation(req).await.is_ok();
        (c, ok)
    };
    let s = measure(concurrency, n, move || client.clone(), call).await;
    println!(
        "\nRecording donations through gRPC: {n} donations, {concurrency} concurrent: {:.0} per second, p50 {:.1} ms, p95 {:.1} ms, {} failed",
        s.rps, s.p50, s.p95, s.failed
    );
    Ok(())
}
