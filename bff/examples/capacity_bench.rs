//! Capacity figures (issue 18, deploy/README.md "Capacity"): every service and the BFF as
//! separate release processes, as a cluster runs them (PostgreSQL, Redis, RabbitMQ), with the
//! demo data set; for each service one representative console call through the BFF at
//! CONCURRENCY (32) for REQUESTS (4000) calls, and from /proc of each process: CPU time per
//! call (so calls per second per core, whatever else the machine is doing: the figure holds on
//! a busy machine where wall-clock throughput does not), resident memory at idle and its peak
//! under the load.
//!
//!   deploy/scripts/bench.sh capacity
//!
//! Needs BENCH_DATABASE_URL (PostgreSQL admin URL), BENCH_REDIS_URL, BENCH_AMQP_URL and the
//! release binaries in BIN_DIR (target/release). DONORS (2000) sizes the demo data set.

mod harness;

#[path = "../console/src/seed_refs.rs"]
mod seed_refs;

use harness::{Http, env_num, measure};
use std::time::Duration;

const SECRET: &str = "capacity-bench-secret-capacity-bench-01";

/// The demo data set, through the services' domain calls on their databases (the events
/// wait in the outboxes and go out when the services start).
async fn seed(urls: &std::collections::HashMap<&str, String>, donors: usize) -> anyhow::Result<String> {
    use common::db::Db;
    let catalogue = catalogue::app::open(&catalogue::app::Config { database_url: urls["catalogue"].clone() }).await?;
    let recipients: Vec<giving::gifts::Recipient> = catalogue::demo::seed(&catalogue, "demo-logo.png")
        .await?
        .into_iter()
        .map(|(kind, id, name)| giving::gifts::Recipient { kind, id, name })
        .collect();
    let giving = giving::service::Giving::new(Db::connect(&urls["giving"], &giving::app::MIGRATIONS).await?, None);
    let summary =
        giving::seed::seed(&giving, &recipients, &giving::seed::SeedOptions { donors, ..Default::default() }).await?;
    let ids = |kind: &str| recipients.iter().filter(|r| r.kind == kind).map(|r| r.id.clone()).collect::<Vec<_>>();
    let content = content::service::Content::new(Db::connect(&urls["content"], &content::app::MIGRATIONS).await?, None);
    content::demo::seed(&content, &ids("charity"), &ids("cause"), "demo-logo.png").await?;
    let page = common::paging::Page { page: 1, limit: 200, ..Default::default() };
    let (list, _) = giving.list_donors(&giving::service::ListQuery { page, is_active: Some(true) }).await?;
    let first = list.first().map(|d| d.id.clone()).ok_or_else(|| anyhow::anyhow!("no donor seeded"))?;
    let (members, linked) = (seed_refs::members(list), seed_refs::linked(&recipients));
    let engagement = engagement::service::Engagement::new(
        Db::connect(&urls["engagement"], &engagement::app::MIGRATIONS).await?,
        None,
    );
    engagement::seed::seed(&engagement, &members, &linked, "demo-cover.png", 14).await?;
    println!(
        "Demo data: {} recipients, {} donors, {} donations, {} subscriptions, {} partners",
        recipients.len(),
        summary.donors,
        summary.donations,
        summary.subscriptions,
        summary.partners
    );
    Ok(first)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let need = |k: &str| std::env::var(k).map_err(|_| anyhow::anyhow!("set {k}"));
    let (pg, redis, amqp) = (need("BENCH_DATABASE_URL")?, need("BENCH_REDIS_URL")?, need("BENCH_AMQP_URL")?);
    let bin_dir = std::path::PathBuf::from(need("BIN_DIR")?);
    let (concurrency, requests) = (env_num("CONCURRENCY", 32), env_num("REQUESTS", 4000));
    let work = tempfile::tempdir()?;

    let mut databases = vec![];
    let mut urls = std::collections::HashMap::new();
    for (name, _) in harness::SERVICES {
        let d = common::testing::create_postgres_database(&pg).await;
        urls.insert(name, d.url.clone());
        databases.push(d);
    }
    let donor = seed(&urls, env_num("DONORS", 2000)).await?;

    let (procs, port) = harness::start_cluster(&bin_dir, &urls, SECRET, &redis, &amqp, work.path())?;

    let base = format!("http://127.0.0.1:{port}");
    let http = reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?;
    anyhow::ensure!(
        harness::answers(&http, &format!("{base}/readyz"), 600).await,
        "the BFF did not become ready within 60 s"
    );
    let token = harness::sign_in(&http, &base).await?;
    // Let the outboxes drain (audit records every event, chat learns the donors) and the
    // processes settle before idle memory is read.
    tokio::time::sleep(Duration::from_secs(env_num("SETTLE_SECS", 20) as u64)).await;
    let idle: Vec<f64> = procs.iter().map(|p| p.mem("VmRSS")).collect();

    let page = r#"{"page":1,"limit":10}"#.to_string();
    let calls: [(&str, &str, String); 7] = [
        ("identity", "/admin/sub-admin/subAdminList", page.clone()),
        ("catalogue", "/admin/charity/charityList", page.clone()),
        ("giving", "/admin/transaction/transactionList", page.clone()),
        ("engagement", "/admin/admin-community/communityList", page.clone()),
        ("content", "/admin/ContactUs", page.clone()),
        ("chat", "/admin/chat/createRoom", format!(r#"{{"userId":"{donor}"}}"#)),
        ("audit", "/admin/audit/auditList", page.clone()),
    ];
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse()?;
    let bff = procs.last().expect("the bff");
    println!(
        "\n| service | call (through the BFF) | calls/s (whole path, this machine) | p95 ms | service CPU µs/call | service calls/s per core | BFF CPU µs/call | BFF calls/s per core | service RSS idle / peak MB | failed |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for (i, (name, path, body)) in calls.iter().enumerate() {
        let svc = &procs[i];
        assert_eq!(svc.name, *name);
        svc.reset_peak();
        let (path, body, token) = (*path, body.clone(), token.clone());
        let (s0, b0) = (svc.cpu(), bff.cpu());
        let stats = measure(
            concurrency,
            requests,
            || Http::new(addr),
            move |mut h, _| {
                let (body, token) = (body.clone(), token.clone());
                async move {
                    let ok = matches!(h.call("POST", path, &token, body.as_bytes()).await, Ok((200, _)));
                    (h, ok)
                }
            },
        )
        .await;
        let per = |d: f64| d * 1e6 / requests as f64;
        let (svc_us, bff_us) = (per(svc.cpu() - s0), per(bff.cpu() - b0));
        println!(
            "| {name} | POST {path} | {:.0} | {:.1} | {svc_us:.0} | {:.0} | {bff_us:.0} | {:.0} | {:.0} / {:.0} | {} |",
            stats.rps,
            stats.p95,
            1e6 / svc_us.max(1.0),
            1e6 / bff_us.max(1.0),
            idle[i],
            svc.mem("VmHWM"),
            stats.failed
        );
    }
    println!("\nBFF RSS idle / peak: {:.0} / {:.0} MB", idle[idle.len() - 1], bff.mem("VmHWM"));
    drop(procs);
    drop(databases);
    Ok(())
}
