//! The nonprofit list benchmark (issue: 1,000,000 nonprofits, p95 <= 50 ms at 32 concurrent
//! requests, the BFF at least half the direct query's throughput).
//!
//! Seeds a fresh database (SQLite file or a new PostgreSQL database) through the Business
//! Master File import, onboards and approves half, then for each scenario runs the same list
//! through the BFF over HTTP (auth, permission table, gRPC, JSON) and the store's SQL directly
//! on its own pool, with the same concurrency, and prints a Markdown table.
//!
//!   cargo run --release -p bff --example list_bench -- sqlite
//!   BENCH_DATABASE_URL=postgres://user:pass@host/postgres cargo run --release -p bff --example list_bench -- postgres
//!
//! Identity and the catalogue run in process and the BFF calls them without a socket, as in the
//! embedded console. Two rows come first: the hops alone, with nothing behind them (GET
//! /healthz through the BFF over HTTP, and a gRPC health check to the catalogue over the BFF's
//! in-process client): the least a request through the BFF can cost, whatever its query. Then
//! the floor rows: the BFF's own work on a first page measured part by part on one thread
//! (authentication and the permission table, the request's JSON, protobuf at both ends, the
//! page's JSON), CPU per request. The load generator speaks
//! HTTP/1.1 itself (one kept-alive connection per worker), so the shared cores go to the
//! system under test.
//!
//! ROWS (1000000), CONCURRENCY (32), ONLY (run the rows whose name contains it; "hops", "floor"),
//! ROUNDS (3: the paths take turns, each row keeps its median round) and REQUESTS per
//! scenario, path and round (6000; a fifth of it for the fresh-search scenario) tune it.
//! "CPU µs/req" is this process's CPU time per request (on SQLite the database's included). "first ms" is the scenario's first request, alone,
//! before anything is kept for it. SQLITE_FILE keeps the seeded SQLite database in that file
//! and reuses it on the next run (no seeding when it exists; give the same ROWS), for
//! repeated measurements.

mod harness;

use common::db::Backend;
use common::grpc::Listen;
use harness::{Database, Http, Keep, env_num, measure, median};
use std::sync::Arc;
use std::time::Instant;

const SECRET: &str = "list-bench-secret-list-bench-secret-0123";
struct Scenario {
    name: &'static str,
    imported: bool,
    verification: &'static str,
    search: &'static str,
    column: &'static str,
    order: &'static str,
    /// 0: 80% of the way into the list.
    page: i64,
    /// A different search each request (the search then names a number, see `term`).
    fresh: bool,
}

/// The search of request `i` of a scenario: a fresh one is a four-digit number that names in
/// the synthetic file end with (a few hundred nonprofits each), never asked before.
fn term(s: &Scenario, i: usize) -> String {
    if s.fresh { format!("{}", 1000 + (i * 7919) % 9000) } else { s.search.to_string() }
}

const SCENARIOS: [Scenario; 8] = [
    Scenario {
        name: "onboarded, by name, page 1",
        imported: false,
        verification: "Approve",
        search: "",
        column: "charityName",
        order: "asc",
        page: 1,
        fresh: false,
    },
    Scenario {
        name: "onboarded, by adminApproveAt desc, page 1",
        imported: false,
        verification: "Approve",
        search: "",
        column: "adminApproveAt",
        order: "desc",
        page: 1,
        fresh: false,
    },
    Scenario {
        name: "onboarded, by name, page 1000",
        imported: false,
        verification: "Approve",
        search: "",
        column: "charityName",
        order: "asc",
        page: 1000,
        fresh: false,
    },
    Scenario {
        name: "onboarded, by adminApproveAt desc, 80% deep",
        imported: false,
        verification: "Approve",
        search: "",
        column: "adminApproveAt",
        order: "desc",
        page: 0,
        fresh: false,
    },
    Scenario {
        name: "imported, by name, 80% deep",
        imported: true,
        verification: "",
        search: "",
        column: "charityName",
        order: "asc",
        page: 0,
        fresh: false,
    },
    Scenario {
        name: "imported, search 'rescue', by name",
        imported: true,
        verification: "",
        search: "rescue",
        column: "charityName",
        order: "asc",
        page: 1,
        fresh: false,
    },
    Scenario {
        name: "onboarded, search '12345' (Tax ID)",
        imported: false,
        verification: "Approve",
        search: "12345",
        column: "",
        order: "",
        page: 1,
        fresh: false,
    },
    Scenario {
        name: "imported, a new search each request",
        imported: true,
        verification: "",
        search: "",
        column: "charityName",
        order: "asc",
        page: 1,
        fresh: true,
    },
];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let backend = std::env::args().nth(1).unwrap_or_else(|| "sqlite".into());
    let rows = env_num("ROWS", 1_000_000);
    let concurrency = env_num("CONCURRENCY", 32);
    let requests = env_num("REQUESTS", 6000);
    let rounds = env_num("ROUNDS", 3).max(1);
    let dir = tempfile::tempdir()?;
    // SQLITE_FILE keeps the SQLite file; a new PostgreSQL database is dropped at the end (a
    // seeded one is over 1 GB).
    let database =
        Database::open(&backend, dir.path(), "catalogue.db", Keep { sqlite_file: true, postgres: false }).await?;
    let (url, reuse, postgres) = (database.url.clone(), database.reuse, database.backend == Backend::Postgres);
    // The system under test (identity, catalogue, BFF) runs on a runtime of its own, as it
    // would in its own process; the load generator below runs on the main one. Both share
    // the machine's two cores with the database.
    let servers = harness::Servers::new()?;
    let shutdown = common::shutdown::Shutdown::new();
    let url2 = url.clone();
    let (addr, catalogue_local, bff_state) = servers
        .start(dir.path(), &shutdown, move |sut| async move {
            // In process, as the embedded console runs them (bff/console): no listener, the
            // BFF calls them over the in-process transport.
            let catalogue = catalogue::app::start(
                &catalogue::app::Config { database_url: url2 },
                Listen::InProcess,
                sut.bus.clone(),
                sut.shutdown.clone(),
            )
            .await?;

            if !reuse {
                let t = Instant::now();
                let summary =
                    catalogue.catalogue.import_bmf(true, harness::bmf(rows), &common::Actor::system()).await?;
                let seeded = t.elapsed();
                // Half onboarded and approved, with spread approval times.
                let db = &catalogue.catalogue.db;
                sqlx::query(
                    "UPDATE charities SET is_imported = FALSE, admin_verification = 'Approve', \
                     admin_approve_at = 1600000000000 + CAST(SUBSTR(ein, 3, 7) AS BIGINT) * 7919 % 100000000 \
                     WHERE CAST(SUBSTR(ein, 9, 1) AS INTEGER) % 2 = 0",
                )
                .execute(&db.pool)
                .await?;
                let analyze = if postgres { "VACUUM ANALYZE charities" } else { "ANALYZE" };
                sqlx::query(analyze).execute(&db.pool).await?;
                if postgres {
                    // The import's gigabyte of dirty pages, written now rather than during
                    // the first rows (needs a superuser or pg_checkpoint; skipped otherwise).
                    if let Err(e) = sqlx::query("CHECKPOINT").execute(&db.pool).await {
                        eprintln!("no CHECKPOINT after seeding ({e}); the first rows may see its writes");
                    }
                }
                eprintln!(
                    "seeded {} rows in {:.1} s (import), onboarded half",
                    summary.counts.new,
                    seeded.as_secs_f64()
                );
            }

            let identity_cfg = identity::app::Config { forgot_per_address: 50, ..sut.identity_config(SECRET) };
            let identity =
                identity::app::start(&identity_cfg, Listen::InProcess, sut.bus.clone(), sut.shutdown.clone()).await?;
            let local = bff::services::InProcessServices::default()
                .with("identity", identity.local)?
                .with("catalogue", catalogue.local.clone())?;
            // Not started: the nonprofit list calls nothing else.
            let cfg = bff::config::Config { in_process: local, ..sut.bff_config(harness::urls(&[]), SECRET) };
            let state = cfg.state().await?;
            anyhow::Ok((sut.serve(state.clone()).await?, catalogue.local, state))
        })
        .await?;
    let base = format!("http://{addr}");
    let http = reqwest::Client::builder().pool_max_idle_per_host(concurrency).build()?;
    let token = harness::sign_in(&http, &base).await?;

    println!(
        "\n{backend}, {rows} nonprofits, {concurrency} concurrent, {requests} requests per row and round, median of {rounds} rounds\n"
    );
    println!("| scenario | path | first ms | p50 ms | p95 ms | req/s | CPU µs/req | failed | BFF/direct |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let only = std::env::var("ONLY").unwrap_or_default();
    if "hops alone".contains(only.as_str()) {
        // The hops alone, with nothing behind them: the cheapest a request through the BFF
        // can be, whatever the query.
        let t = token.clone();
        let health = move |mut h: Http, _| {
            let t = t.clone();
            async move {
                let ok = matches!(h.call("GET", "/healthz", &t, b"").await, Ok((200, _)));
                (h, ok)
            }
        };
        // Over the BFF's own in-process client (as `Services::connect` makes it).
        let clients = Arc::new(bff::transport::Clients::in_process(
            &catalogue_local,
            tonic_health::pb::health_client::HealthClient::new,
        ));
        let check = |mut c: tonic_health::pb::health_client::HealthClient<bff::transport::Traced>, _| async move {
            let ok = c.check(tonic_health::pb::HealthCheckRequest { service: String::new() }).await.is_ok();
            (c, ok)
        };
        let (mut https, mut grpcs) = (vec![], vec![]);
        for _ in 0..rounds {
            https.push(measure(concurrency, requests, move || Http::new(addr), health.clone()).await);
            let clients = clients.clone();
            grpcs.push(measure(concurrency, requests, move || clients.next(), check).await);
        }
        let (http, grpc) = (median(https), median(grpcs));
        for (name, s) in [
            ("hops alone: HTTP to the BFF (GET /healthz)", &http),
            ("hops alone: gRPC in process to the catalogue (health check)", &grpc),
        ] {
            println!(
                "| {name} | hop | | {:.1} | {:.1} | {:.0} | {:.0} | {} | |",
                s.p50, s.p95, s.rps, s.cpu_us, s.failed
            );
        }
    }
    if "floor".contains(only.as_str()) {
        floor(&bff_state, &catalogue_local, &token).await?;
    }
    for s in SCENARIOS.iter().filter(|s| s.name.contains(only.as_str())) {
        let page = if s.page == 0 { (rows as i64 / 2 / 10) * 4 / 5 } else { s.page };
        let body_of = move |i: usize| serde_json::json!({ "page": page, "limit": 10, "search": term(s, i), "column": s.column, "order": s.order, "isNavigator": s.imported, "adminVerification": s.verification });
        // The first request, alone: what a user waits for when nothing is kept yet.
        let t = Instant::now();
        let check: serde_json::Value = http
            .post(format!("{base}/admin/charity/charityList"))
            .bearer_auth(&token)
            .json(&body_of(usize::MAX / 2))
            .send()
            .await?
            .json()
            .await?;
        let first = t.elapsed().as_secs_f64() * 1000.0;
        anyhow::ensure!(check["data"].as_array().is_some_and(|d| !d.is_empty()), "{}: empty answer {check}", s.name);
        let token2 = token.clone();
        // A fresh search scans the list each time: fewer requests keep the run short.
        let requests = if s.fresh { requests / 5 } else { requests };
        let same: Arc<[u8]> = serde_json::to_vec(&body_of(0))?.into();
        let bff_call = move |mut h: Http, i: usize| {
            let (token, body) = (
                token2.clone(),
                if s.fresh { serde_json::to_vec(&body_of(i)).expect("json").into() } else { same.clone() },
            );
            async move {
                let (status, answer) =
                    h.call("POST", "/admin/charity/charityList", &token, &body).await.expect("answered");
                assert!(status == 200 || status == 503, "{status}: {}", String::from_utf8_lossy(&answer));
                (h, status == 200)
            }
        };
        // The same catalogue call (same SQL, same kept positions and totals) in this process,
        // on a pool of its own: no HTTP, auth, gRPC or JSON.
        let direct_catalogue = catalogue::service::Catalogue::new(common::db::Db::connect_only(&url).await?, None);
        let query = catalogue::charity_list::ListQuery {
            page: common::paging::Page {
                page,
                limit: 10,
                search: s.search.into(),
                column: s.column.into(),
                order: s.order.into(),
            },
            imported: s.imported,
            verification: s.verification.into(),
        };
        let searching = move |search: String| {
            let mut q = query.clone();
            q.page.search = search;
            q
        };
        let t = Instant::now();
        direct_catalogue.list_charities(&searching(term(s, usize::MAX / 3))).await?;
        let direct_first = t.elapsed().as_secs_f64() * 1000.0;
        let direct_call = move |(): (), i: usize| {
            let (c, q) = (direct_catalogue.clone(), searching(term(s, i)));
            async move { ((), c.list_charities(&q).await.is_ok()) }
        };
        // The two paths take turns, ROUNDS times; each keeps its median round (by
        // throughput), so that one stall of the shared machine does not decide a row. Every
        // round of a fresh-search row asks searches of its own.
        let (mut bffs, mut directs) = (vec![], vec![]);
        for round in 0..rounds {
            let (b, d) = (bff_call.clone(), direct_call.clone());
            bffs.push(
                measure(concurrency, requests, move || Http::new(addr), move |h, i| b(h, i + 2 * round * requests))
                    .await,
            );
            directs
                .push(measure(concurrency, requests, || (), move |(), i| d((), i + (2 * round + 1) * requests)).await);
        }
        let (bff, direct) = (median(bffs), median(directs));
        let name = if s.page == 0 { format!("{} (page {page})", s.name) } else { s.name.to_string() };
        println!(
            "| {} | BFF | {:.0} | {:.1} | {:.1} | {:.0} | {:.0} | {} | {:.2} |",
            name,
            first,
            bff.p50,
            bff.p95,
            bff.rps,
            bff.cpu_us,
            bff.failed,
            bff.rps / direct.rps
        );
        println!(
            "| {} | direct | {:.0} | {:.1} | {:.1} | {:.0} | {:.0} | {} | |",
            name, direct_first, direct.p50, direct.p95, direct.rps, direct.cpu_us, direct.failed
        );
    }
    shutdown.trigger();
    drop(servers);
    drop(database);
    Ok(())
}

/// The BFF's own work on a nonprofit page, part by part, each part alone on one thread
/// (process CPU per repetition; nothing else runs meanwhile): what a request through the BFF
/// pays beside the query, whatever the transport. With the two hop rows above it adds up to
/// the floor that BFF/direct cannot go under.
async fn floor(state: &bff::state::AppState, catalogue: &common::grpc::InProcess, token: &str) -> anyhow::Result<()> {
    use prost::Message;
    const REPEAT: usize = 20_000;
    let per = |f: &mut dyn FnMut()| {
        for _ in 0..REPEAT / 10 {
            f();
        }
        let cpu = harness::cpu_seconds();
        for _ in 0..REPEAT {
            f();
        }
        (harness::cpu_seconds() - cpu) * 1e6 / REPEAT as f64
    };
    // A real first page, as the catalogue answers it.
    let clients =
        bff::transport::Clients::in_process(catalogue, proto::catalogue::v1::catalogue_client::CatalogueClient::new);
    let request = proto::catalogue::v1::ListCharitiesRequest {
        page: Some(proto::common::v1::PageRequest { page: 1, limit: 10, ..Default::default() }),
        ..Default::default()
    };
    let page = clients.next().list_charities(request.clone()).await?.into_inner();
    anyhow::ensure!(page.items.len() == 10, "a full first page");

    let rule = *bff::permissions::lookup()
        .get(&(axum::http::Method::POST, "/admin/charity/charityList"))
        .expect("in the table");
    let mut auth = 0.0;
    for round in 0..2 {
        let cpu = harness::cpu_seconds();
        for _ in 0..REPEAT {
            bff::auth::caller(state, Some(token), rule, None).await.map_err(|e| anyhow::anyhow!("refused: {e:?}"))?;
        }
        // The first round warms the kept principal.
        if round == 1 {
            auth = (harness::cpu_seconds() - cpu) * 1e6 / REPEAT as f64;
        }
    }
    let body = serde_json::to_vec(
        &serde_json::json!({ "page": 1, "limit": 10, "search": "", "column": "", "order": "", "isNavigator": false, "adminVerification": "" }),
    )?;
    let request_json = per(&mut || {
        std::hint::black_box(serde_json::from_slice::<serde_json::Value>(std::hint::black_box(&body)).expect("json"));
    });
    let protobuf = per(&mut || {
        // Both ends: the request and the page encoded by one side, decoded by the other.
        let asked =
            proto::catalogue::v1::ListCharitiesRequest::decode(request.encode_to_vec().as_slice()).expect("decodes");
        let answered =
            proto::catalogue::v1::CharityPage::decode(std::hint::black_box(&page).encode_to_vec().as_slice())
                .expect("decodes");
        std::hint::black_box((asked, answered));
    });
    let mut bytes = 0;
    let json = per(&mut || {
        let reply = bff::reply::list("Nonprofit list", &page.items, page.total).expect("a reply");
        let body = futures::executor::block_on(axum::body::to_bytes(reply.into_body(), usize::MAX)).expect("a body");
        bytes = body.len();
    });
    for (name, cpu) in [
        ("floor: authentication and the permission table (token, kept principal, rule)", auth),
        ("floor: the request's JSON body", request_json),
        ("floor: protobuf of the request and the page, both ends", protobuf),
        (&*format!("floor: JSON of the page ({bytes} bytes)"), json),
    ] {
        println!("| {name} | floor | | | | | {cpu:.0} | | |");
    }
    Ok(())
}
