//! CPU per request, by process (issue 35 "See it"): the nonprofit list over ROWS imported
//! nonprofits, the transaction list, the donor list and the dashboard through the BFF as the
//! signed-in main admin, in two modes:
//!
//! 1. cluster: every service and the BFF as separate release processes (BIN_DIR) on
//!    PostgreSQL, Redis and RabbitMQ, as deploy/ runs them (harness::start_cluster, as
//!    capacity_bench); CPU from /proc of each process and of PostgreSQL (every postgres
//!    process but the backends of databases that are not the benchmark's), and the SQL
//!    statements a request from pg_stat_statements of the benchmark's databases;
//! 2. embedded: the release `giving-console` (one process, one SQLite file per service under
//!    its DATA_DIR), its files seeded beforehand with the same data.
//!
//!   deploy/scripts/bench.sh cpu
//!
//! Seeding, the same in both modes and through the services' own calls: the catalogue's demo
//! nonprofits and causes and ROWS (200000) nonprofits through the Business Master File import
//! (harness::bmf, as list_bench), then giving::seed with DONORS (20000) donors giving to the
//! demo recipients, its period ending at the start of today (UTC). The seeding's events are
//! then dropped from the outboxes: nothing the scenarios read depends on them, and relaying
//! (and auditing) a few hundred thousand events would fill the first minutes with work that is
//! no request's. Both modes' databases are seeded at the same time.
//!
//! Two "floor" rows measure what every request pays before any list's own work: /healthz
//! (the HTTP server and the BFF's middleware, no sign-in check) and a transaction search that
//! matches no donor and no recipient (the sign-in check, the BFF's handler, one call to giving
//! and its answer, but no SQL: giving keeps which names a search matched, so it answers an
//! empty page from memory). A list row's cost above the second floor is its statement and its
//! rows.
//!
//! Each scenario: its first answer (200, else the run stops) gives the total and the page's
//! ids (and a stable key of each row: Tax ID, provider reference or email), printed so that a
//! later change can be compared; WARMUP (500) requests must each answer the same; then
//! REQUESTS (4000) at CONCURRENCY (32), read before and after. What the processes do when
//! nothing is asked (the outbox relays poll every 250 ms, a few statements each) is measured
//! over IDLE_SECS (10) before the scenarios and subtracted for the time of each scenario; it
//! is printed under each table.
//!
//! Needs BENCH_DATABASE_URL (PostgreSQL admin URL), BENCH_REDIS_URL, BENCH_AMQP_URL and BIN_DIR
//! (the release binaries). MODES ("cluster,embedded") runs fewer; ONLY runs the scenarios
//! whose name contains it. pg_stat_statements must be preloaded (bench.sh cpu sees to it);
//! without it the statements column is "-".
//!
//! A before-and-after comparison on this shared machine, whose speed drifts by a third from
//! one run to the next: BASELINE_BIN_DIR (another build's release binaries, of the same
//! schema) and BIN_DIR take turns on the same seeded data, ROUNDS (3) times each in each mode,
//! and a last table per mode sets the median rounds side by side and checks that both builds
//! answered the same (`BASELINE_BIN_DIR=dir deploy/scripts/bench.sh cpu`).

mod harness;

use harness::{Http, Process, env_num, measure};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const SECRET: &str = "cpu-bench-secret-cpu-bench-secret-0123456";
/// The services whose CPU has a column of its own (every other one counts in the total).
const COLUMNS: [&str; 3] = ["catalogue", "identity", "giving"];

struct Scenario {
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: serde_json::Value,
}

fn scenarios() -> Vec<Scenario> {
    // The catalogue's "imported" tab, as list_bench asks it.
    let nonprofits = |page: i64, search: &str, column: &str, order: &str| serde_json::json!({ "page": page, "limit": 10, "search": search, "column": column, "order": order, "isNavigator": true, "adminVerification": "" });
    let (post, charity_list) = ("POST", "/admin/charity/charityList");
    let first_page = serde_json::json!({ "page": 1, "limit": 10 });
    vec![
        Scenario {
            name: "nonprofits (imported), page 1",
            method: post,
            path: charity_list,
            body: nonprofits(1, "", "charityName", "asc"),
        },
        Scenario {
            name: "nonprofits (imported), page 5000",
            method: post,
            path: charity_list,
            body: nonprofits(5000, "", "charityName", "asc"),
        },
        Scenario {
            name: "nonprofits (imported), search 'rescue'",
            method: post,
            path: charity_list,
            body: nonprofits(1, "rescue", "charityName", "asc"),
        },
        Scenario {
            name: "nonprofits (imported), Tax ID prefix '100012'",
            method: post,
            path: charity_list,
            body: nonprofits(1, "100012", "", ""),
        },
        Scenario {
            name: "transactions, page 1",
            method: post,
            path: "/admin/transaction/transactionList",
            body: first_page.clone(),
        },
        Scenario {
            name: "floor: transactions, a search no one matches",
            method: post,
            path: "/admin/transaction/transactionList",
            body: serde_json::json!({ "page": 1, "limit": 10, "search": "zqxj" }),
        },
        Scenario { name: "floor: /healthz", method: "GET", path: "/healthz", body: serde_json::Value::Null },
        Scenario { name: "donors, page 1", method: post, path: "/admin/user/userList", body: first_page },
        Scenario {
            name: "dashboard (dashboard-data)",
            method: "GET",
            path: "/admin/dashboard/dashboard-data",
            body: serde_json::Value::Null,
        },
    ]
}

/// What an answer says, to compare answers: a page's total, its rows' ids and a stable key of
/// each (the same in every run of the same seed), or the whole `data` of any other answer.
#[derive(Clone, PartialEq, Debug)]
struct Answer {
    total: Option<i64>,
    ids: Vec<String>,
    keys: Vec<String>,
    data: String,
}

fn answer_of(body: &[u8]) -> Answer {
    let v: serde_json::Value = serde_json::from_slice(body).unwrap_or_default();
    let total = v["total_records"].as_i64();
    match v["data"].as_array() {
        Some(rows) => {
            let field = |row: &serde_json::Value, names: &[&str]| {
                names.iter().find_map(|n| row[*n].as_str().filter(|s| !s.is_empty())).unwrap_or("").to_string()
            };
            Answer {
                total,
                ids: rows.iter().map(|r| field(r, &["_id", "id"])).collect(),
                keys: rows.iter().map(|r| field(r, &["taxId", "providerReference", "email"])).collect(),
                data: String::new(),
            }
        }
        None => Answer { total, ids: vec![], keys: vec![], data: v["data"].to_string() },
    }
}

impl Answer {
    fn describe(&self) -> String {
        if self.total.is_none() && self.ids.is_empty() {
            return format!("data {}", self.data);
        }
        let total = self.total.map_or("-".into(), |t| t.to_string());
        format!("total {total}; ids [{}]; keys [{}]", self.ids.join(", "), self.keys.join(", "))
    }
}

/// The start of today (UTC), epoch ms: the seeded period's end, the same in both modes.
fn today_ms() -> i64 {
    common::now_ms().div_euclid(86_400_000) * 86_400_000
}

/// A database URL's name.
fn db_name(url: &str) -> String {
    url.split('?').next().and_then(|u| u.rsplit('/').next()).unwrap_or_default().to_string()
}

/// Seeds the catalogue (demo recipients, then `rows` imported nonprofits) and giving (`donors`
/// donors) at these URLs through the services' own calls, drops the events the seeding left in
/// the outboxes and analyses the tables. Answers what it seeded, in words.
async fn seed(catalogue_url: &str, giving_url: &str, rows: usize, donors: usize, now: i64) -> anyhow::Result<String> {
    use common::db::{Backend, Db};
    let t = Instant::now();
    let catalogue = catalogue::app::open(&catalogue::app::Config { database_url: catalogue_url.into() }).await?;
    let recipients: Vec<giving::gifts::Recipient> = catalogue::demo::seed(&catalogue, "demo-logo.png")
        .await?
        .into_iter()
        .map(|(kind, id, name)| giving::gifts::Recipient { kind, id, name })
        .collect();
    let giving = giving::service::Giving::new(Db::connect(giving_url, &giving::app::MIGRATIONS).await?, None);
    let opts = giving::seed::SeedOptions { donors, now, ..Default::default() };
    let system = common::Actor::system();
    let (import, summary) = tokio::join!(
        catalogue.import_bmf(true, harness::bmf(rows), &system),
        giving::seed::seed(&giving, &recipients, &opts)
    );
    let (import, summary) = (import?, summary?);
    for db in [&catalogue.db, &giving.db] {
        sqlx::query("DELETE FROM outbox").execute(&db.pool).await?;
        let analyze = if db.backend == Backend::Postgres { "VACUUM ANALYZE" } else { "ANALYZE" };
        sqlx::query(analyze).execute(&db.pool).await?;
        if db.backend == Backend::Postgres
            && let Err(e) = sqlx::query("CHECKPOINT").execute(&db.pool).await
        {
            eprintln!("no CHECKPOINT after seeding ({e})");
        }
        db.pool.close().await;
    }
    Ok(format!(
        "{} recipients, {} imported nonprofits; {} donors, {} donations, {} subscriptions with {} charges, {} refunds in {:.0} s",
        recipients.len(),
        import.counts.new,
        summary.donors,
        summary.donations,
        summary.subscriptions,
        summary.charges,
        summary.refunds,
        t.elapsed().as_secs_f64()
    ))
}

/// CPU seconds of every PostgreSQL process (the postmaster and its children) but the client
/// backends of databases not in `ours` (other work on a shared server, and the benchmark's
/// own reading of pg_stat_statements), from /proc.
fn postgres_cpu(ours: &[String]) -> f64 {
    let Ok(dir) = std::fs::read_dir("/proc") else { return 0.0 };
    let mut sum = 0.0;
    for e in dir.flatten() {
        let pid = e.file_name().to_string_lossy().to_string();
        if !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let comm = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
        if comm.trim() != "postgres" {
            continue;
        }
        // A backend's title: "postgres: [cluster: ]user database host(port) state".
        let title = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let title = String::from_utf8_lossy(&title).replace('\0', " ");
        let words: Vec<&str> = title.split_whitespace().skip(1).skip_while(|w| w.ends_with(':')).collect();
        let client = words.get(2).is_some_and(|w| w.contains('(') || *w == "[local]");
        if client && !ours.iter().any(|d| d == words[1]) {
            continue;
        }
        sum += harness::cpu_seconds_of(&pid);
    }
    sum
}

/// CPU seconds of the Redis server (the BFF's principal and session cache), from /proc.
fn redis_cpu() -> f64 {
    let Ok(dir) = std::fs::read_dir("/proc") else { return 0.0 };
    dir.flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|pid| pid.bytes().all(|b| b.is_ascii_digit()))
        .filter(|pid| std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == "redis-server"))
        .map(|pid| harness::cpu_seconds_of(&pid))
        .sum()
}

/// pg_stat_statements of the benchmark's databases, read on a database of its own.
struct Statements {
    pool: sqlx::PgPool,
    databases: Vec<String>,
}

impl Statements {
    /// Calls so far: (queries, utility statements: BEGIN, COMMIT, SET, ...).
    async fn calls(&self) -> anyhow::Result<(i64, i64)> {
        Ok(sqlx::query_as::<_, (i64, i64)>(
            "SELECT COALESCE(SUM(calls) FILTER (WHERE q), 0)::BIGINT, COALESCE(SUM(calls) FILTER (WHERE NOT q), 0)::BIGINT \
             FROM (SELECT calls, ltrim(query) ~* '^\\(*(select|insert|update|delete|with|values|table|merge)\\M' AS q \
                   FROM pg_stat_statements WHERE dbid IN (SELECT oid FROM pg_database WHERE datname = ANY($1))) s",
        )
        .bind(&self.databases)
        .fetch_one(&self.pool)
        .await?)
    }
}

/// What is read before and after a scenario.
#[derive(Clone, Default)]
struct Reading {
    at: Option<Instant>,
    procs: Vec<f64>,
    postgres: f64,
    redis: f64,
    calls: Option<(i64, i64)>,
}

/// The system under test of a mode: its processes, the databases PostgreSQL works for.
struct Meter<'a> {
    procs: &'a [Process],
    postgres: Option<Vec<String>>,
    /// Whether the mode uses Redis (the cluster).
    redis: bool,
    statements: Option<&'a Statements>,
}

impl Meter<'_> {
    async fn read(&self) -> Reading {
        let calls = match self.statements {
            Some(s) => s.calls().await.ok(),
            None => None,
        };
        Reading {
            at: Some(Instant::now()),
            procs: self.procs.iter().map(Process::cpu).collect(),
            postgres: self.postgres.as_deref().map_or(0.0, postgres_cpu),
            redis: if self.redis { redis_cpu() } else { 0.0 },
            calls,
        }
    }
}

/// The difference of two readings: CPU seconds by process and PostgreSQL's, calls, seconds.
struct Delta {
    procs: Vec<f64>,
    postgres: f64,
    redis: f64,
    calls: Option<(f64, f64)>,
    secs: f64,
}

fn delta(a: &Reading, b: &Reading) -> Delta {
    let secs = match (a.at, b.at) {
        (Some(a), Some(b)) => (b - a).as_secs_f64(),
        _ => 0.0,
    };
    Delta {
        procs: a.procs.iter().zip(&b.procs).map(|(x, y)| y - x).collect(),
        postgres: b.postgres - a.postgres,
        redis: b.redis - a.redis,
        calls: a.calls.zip(b.calls).map(|((q0, u0), (q1, u1))| ((q1 - q0) as f64, (u1 - u0) as f64)),
        secs,
    }
}

impl Delta {
    /// This delta less `idle` (a delta over `idle.secs`) scaled to this one's duration, never
    /// under zero.
    fn less(&self, idle: &Delta) -> Delta {
        let k = if idle.secs > 0.0 { self.secs / idle.secs } else { 0.0 };
        let less = |x: f64, i: f64| (x - i * k).max(0.0);
        Delta {
            procs: self.procs.iter().zip(&idle.procs).map(|(x, i)| less(*x, *i)).collect(),
            postgres: less(self.postgres, idle.postgres),
            redis: less(self.redis, idle.redis),
            calls: match (self.calls, idle.calls) {
                (Some((q, u)), Some((iq, iu))) => Some((less(q, iq), less(u, iu))),
                (c, _) => c,
            },
            secs: self.secs,
        }
    }
}

/// A table row of one scenario.
struct Row {
    name: &'static str,
    stats: harness::Stats,
    answer: Answer,
    /// CPU µs a request: total, BFF, each of COLUMNS, PostgreSQL, Redis ('-' when not in the mode).
    cpu: Vec<Option<f64>>,
    statements: Option<(f64, f64)>,
}

/// Waits until the processes (and PostgreSQL's work for them) have been nearly idle for two
/// seconds (at most `max`): the start's work (migrations, caches, first relay passes) done.
async fn settle(meter: &Meter<'_>, max: Duration) {
    let started = Instant::now();
    let mut last = meter.read().await;
    while started.elapsed() < max {
        tokio::time::sleep(Duration::from_secs(2)).await;
        let now = meter.read().await;
        let d = delta(&last, &now);
        let busy: f64 = d.procs.iter().sum::<f64>() + d.postgres + d.redis;
        last = now;
        if busy < 0.1 {
            return;
        }
    }
    eprintln!("  the processes did not settle within {} s: measuring anyway", max.as_secs());
}

/// Runs the scenarios through the BFF at `addr`, each read with `meter`; `bff` is the index of
/// the BFF's process in the meter and `columns` those of COLUMNS' processes (None: embedded).
async fn run_mode(
    mode: &str,
    addr: std::net::SocketAddr,
    meter: &Meter<'_>,
    bff: usize,
    columns: Option<[usize; 3]>,
) -> anyhow::Result<Vec<Row>> {
    let (concurrency, requests, warmup) =
        (env_num("CONCURRENCY", 32), env_num("REQUESTS", 4000), env_num("WARMUP", 500));
    let only = std::env::var("ONLY").unwrap_or_default();
    let base = format!("http://{addr}");
    let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build()?;
    anyhow::ensure!(harness::answers(&http, &format!("{base}/readyz"), 1200).await, "{mode}: not ready within 120 s");
    harness::sign_in(&http, &base).await?;
    settle(meter, Duration::from_secs(300)).await;
    let idle_secs = env_num("IDLE_SECS", 10) as u64;
    let before = meter.read().await;
    tokio::time::sleep(Duration::from_secs(idle_secs)).await;
    let idle = delta(&before, &meter.read().await);
    let mut rows = vec![];
    for s in scenarios().into_iter().filter(|s| s.name.contains(only.as_str())) {
        // A token of its own for each scenario: none expires during a mode, however long.
        let token = harness::sign_in(&http, &base).await?;
        let body: Arc<[u8]> = if s.body.is_null() { Arc::from(&b""[..]) } else { serde_json::to_vec(&s.body)?.into() };
        let (method, path) = (s.method, s.path);
        let (status, first) = Http::new(addr).call(method, path, &token, &body).await?;
        anyhow::ensure!(status == 200, "{mode}, {}: {status} {}", s.name, String::from_utf8_lossy(&first));
        let expected = Arc::new(answer_of(&first));
        // The warm-up: every answer the same as the first.
        let differs = Arc::new(Mutex::new(None::<String>));
        let (t, b, e, d) = (token.clone(), body.clone(), expected.clone(), differs.clone());
        let check = move |mut h: Http, _: usize| {
            let (t, b, e, d) = (t.clone(), b.clone(), e.clone(), d.clone());
            async move {
                let ok = match h.call(method, path, &t, &b).await {
                    Ok((200, answer)) if answer_of(&answer) == *e => true,
                    other => {
                        let what = match other {
                            Ok((status, answer)) => format!("{status}: {}", answer_of(&answer).describe()),
                            Err(err) => err.to_string(),
                        };
                        d.lock().expect("not poisoned").get_or_insert(what);
                        false
                    }
                };
                (h, ok)
            }
        };
        let w = measure(concurrency, warmup, move || Http::new(addr), check).await;
        if w.failed > 0 {
            let what = differs.lock().expect("not poisoned").clone().unwrap_or_default();
            anyhow::bail!(
                "{mode}, {}: {} of {warmup} warm-up answers differ from the first ({}); one: {what}",
                s.name,
                w.failed,
                expected.describe()
            );
        }
        let (t, b) = (token.clone(), body.clone());
        let call = move |mut h: Http, _: usize| {
            let (t, b) = (t.clone(), b.clone());
            async move {
                let ok = matches!(h.call(method, path, &t, &b).await, Ok((200, _)));
                (h, ok)
            }
        };
        let before = meter.read().await;
        let stats = measure(concurrency, requests, move || Http::new(addr), call).await;
        let d = delta(&before, &meter.read().await).less(&idle);
        let per = |secs: f64| secs * 1e6 / requests as f64;
        let total = per(d.procs.iter().sum::<f64>() + d.postgres + d.redis);
        let mut cpu = vec![Some(total), Some(per(d.procs[bff]))];
        match columns {
            Some(c) => cpu.extend(c.iter().map(|i| Some(per(d.procs[*i])))),
            None => cpu.extend([None, None, None]),
        }
        cpu.push(meter.postgres.as_ref().map(|_| per(d.postgres)));
        cpu.push(meter.redis.then(|| per(d.redis)));
        let statements = d.calls.map(|(q, u)| (q / requests as f64, u / requests as f64));
        eprintln!("  {mode}: {} done ({:.0} req/s)", s.name, stats.rps);
        rows.push(Row { name: s.name, stats, answer: (*expected).clone(), cpu, statements });
    }
    print_table(mode, &rows, &idle, meter, requests, concurrency, warmup);
    Ok(rows)
}

fn print_table(
    mode: &str,
    rows: &[Row],
    idle: &Delta,
    meter: &Meter<'_>,
    requests: usize,
    concurrency: usize,
    warmup: usize,
) {
    let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.0}"));
    println!("\n### {mode}: {requests} requests at {concurrency} concurrent, after {warmup} warm-up requests\n");
    println!(
        "| scenario | req/s | p95 ms | CPU µs/req total | BFF | catalogue | identity | giving | PostgreSQL | Redis | SQL statements/req (queries + utility) | failed |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    for r in rows {
        let cpu: Vec<String> = r.cpu.iter().map(|v| cell(*v)).collect();
        let statements = r.statements.map_or("-".to_string(), |(q, u)| format!("{:.2} ({q:.2} + {u:.2})", q + u));
        println!(
            "| {} | {:.0} | {:.1} | {} | {} | {} |",
            r.name,
            r.stats.rps,
            r.stats.p95,
            cpu.join(" | "),
            statements,
            r.stats.failed
        );
    }
    let names: Vec<&str> = meter.procs.iter().map(|p| p.name).collect();
    let idle_cpu: Vec<String> = names
        .iter()
        .zip(&idle.procs)
        .map(|(n, c)| format!("{n} {:.0}", c * 1e6 / idle.secs.max(1e-9)))
        .chain(meter.postgres.as_ref().map(|_| format!("PostgreSQL {:.0}", idle.postgres * 1e6 / idle.secs.max(1e-9))))
        .chain(meter.redis.then(|| format!("Redis {:.0}", idle.redis * 1e6 / idle.secs.max(1e-9))))
        .collect();
    let idle_calls = idle.calls.map_or("-".to_string(), |(q, u)| {
        format!("{:.1} ({:.1} queries + {:.1} utility)", (q + u) / idle.secs, q / idle.secs, u / idle.secs)
    });
    println!(
        "\nIdle, measured over {:.0} s before the scenarios and subtracted from each for its duration: CPU µs/s {}; SQL statements/s {idle_calls}.",
        idle.secs,
        idle_cpu.join(", ")
    );
    if mode.starts_with("cluster") {
        println!(
            "The total counts every process: the BFF, the seven services (engagement, content, chat and audit beside the three columns), PostgreSQL and Redis; not the load generator, nor RabbitMQ (no list sends an event)."
        );
    } else {
        println!("One process: the BFF and every service in giving-console, SQLite in it; not the load generator.");
    }
    println!("\nAnswers (the first of each scenario; every warm-up answer was the same):\n");
    for r in rows {
        println!("- {}: {}", r.name, r.answer.describe());
    }
}

/// A paired run's comparison for `mode`: per scenario, the median round of the baseline and of
/// this build (CPU µs a request, in total and by process; p95), and whether every round of
/// both answered the same.
fn print_pairs(mode: &str, runs: &[(&str, &str, Vec<Row>)], rounds: usize) {
    let of = |build: &str, name: &str| -> Vec<&Row> {
        runs.iter()
            .filter(|(m, b, _)| *m == mode && *b == build)
            .filter_map(|(_, _, rows)| rows.iter().find(|r| r.name == name))
            .collect()
    };
    let median = |rows: &[&Row], value: &dyn Fn(&Row) -> Option<f64>| -> Option<f64> {
        let mut v: Vec<f64> = rows.iter().filter_map(|r| value(r)).collect();
        v.sort_by(f64::total_cmp);
        (!v.is_empty()).then(|| v[v.len() / 2])
    };
    let Some((_, _, first)) = runs.iter().find(|(m, _, _)| *m == mode) else { return };
    println!(
        "\n### {mode}: the baseline (BASELINE_BIN_DIR) and this build (BIN_DIR) taking turns, {rounds} rounds each; each cell the median round\n"
    );
    println!(
        "| scenario | CPU µs/req baseline → this build | this/baseline | BFF | catalogue | giving | PostgreSQL | p95 ms | same answers |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.0}"));
    for r in first {
        let (base, this) = (of("baseline", r.name), of("this build", r.name));
        let pair = |i: usize| {
            let (b, t) = (median(&base, &|r| r.cpu[i]), median(&this, &|r| r.cpu[i]));
            if b.is_none() && t.is_none() { "-".to_string() } else { format!("{} → {}", cell(b), cell(t)) }
        };
        let (b, t) = (median(&base, &|r| r.cpu[0]), median(&this, &|r| r.cpu[0]));
        let ratio = b.zip(t).map_or("-".to_string(), |(b, t)| format!("{:.2}", t / b.max(1e-9)));
        let p95 = format!(
            "{:.1} → {:.1}",
            median(&base, &|r| Some(r.stats.p95)).unwrap_or_default(),
            median(&this, &|r| Some(r.stats.p95)).unwrap_or_default()
        );
        let same = base.iter().chain(&this).all(|x| x.answer == r.answer);
        println!(
            "| {} | {} | {ratio} | {} | {} | {} | {} | {p95} | {} |",
            r.name,
            pair(0),
            pair(1),
            pair(2),
            pair(4),
            pair(5),
            if same { "yes" } else { "NO" }
        );
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // Stopped (Ctrl-C, SIGTERM), the run ends as when it fails: its processes killed, its
    // databases dropped and its folder removed.
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        r = run() => r,
        _ = tokio::signal::ctrl_c() => anyhow::bail!("interrupted"),
        _ = term.recv() => anyhow::bail!("terminated"),
    }
}

async fn run() -> anyhow::Result<()> {
    let need = |k: &str| std::env::var(k).map_err(|_| anyhow::anyhow!("set {k}"));
    let (pg, redis, amqp) = (need("BENCH_DATABASE_URL")?, need("BENCH_REDIS_URL")?, need("BENCH_AMQP_URL")?);
    let bin_dir = std::path::PathBuf::from(need("BIN_DIR")?);
    let (rows, donors) = (env_num("ROWS", 200_000), env_num("DONORS", 20_000));
    let modes = std::env::var("MODES").unwrap_or_else(|_| "cluster,embedded".into());
    let (cluster, embedded) = (modes.contains("cluster"), modes.contains("embedded"));
    let now = today_ms();
    // Under /var/tmp: the SQLite files are a few hundred MB.
    let work = tempfile::Builder::new().prefix("cpu-bench-").tempdir_in("/var/tmp")?;
    let data = work.path().join("data");
    std::fs::create_dir_all(&data)?;
    let started = Instant::now();

    // Cluster: a database per service and one to read pg_stat_statements from, each with the
    // extension (dropped at the end with these guards).
    let mut databases = vec![];
    let mut urls = HashMap::new();
    let mut statements = None;
    if cluster {
        for (name, _) in harness::SERVICES {
            let d = common::testing::create_postgres_database(&pg).await;
            urls.insert(name, d.url.clone());
            databases.push(d);
        }
        let stats_db = common::testing::create_postgres_database(&pg).await;
        let mut extension = true;
        for d in databases.iter().chain([&stats_db]) {
            let pool = sqlx::PgPool::connect(&d.url).await?;
            if let Err(e) = sqlx::query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements").execute(&pool).await {
                eprintln!("no pg_stat_statements ({e}): the statements column is '-'");
                extension = false;
            }
            pool.close().await;
        }
        let s = Statements {
            pool: sqlx::PgPool::connect(&stats_db.url).await?,
            databases: databases.iter().map(|d| db_name(&d.url)).collect(),
        };
        match s.calls().await {
            Ok(_) if extension => statements = Some(s),
            Ok(_) => {}
            Err(e) => eprintln!("pg_stat_statements cannot be read ({e}): the statements column is '-'"),
        }
        databases.push(stats_db);
    }

    // Seeding, both modes' databases at once; PostgreSQL's without waiting for each commit's
    // flush (the seed's own setting, reset before the services start).
    let t = Instant::now();
    let admin = sqlx::PgPool::connect(&pg).await?;
    let sync = |name: &str, set: bool| {
        let value = if set { "SET synchronous_commit = off" } else { "RESET synchronous_commit" };
        sqlx::query(sqlx::AssertSqlSafe(format!("ALTER DATABASE {name} {value}")))
    };
    if cluster {
        for name in ["catalogue", "giving"] {
            sync(&db_name(&urls[name]), true).execute(&admin).await?;
        }
    }
    let sqlite = |s: &str| format!("sqlite://{}", data.join(format!("{s}.db")).display());
    let postgres_seed = async {
        if !cluster {
            return anyhow::Ok(None);
        }
        Ok(Some(seed(&urls["catalogue"], &urls["giving"], rows, donors, now).await?))
    };
    let sqlite_seed = async {
        if !embedded {
            return anyhow::Ok(None);
        }
        Ok(Some(seed(&sqlite("catalogue"), &sqlite("giving"), rows, donors, now).await?))
    };
    let (p, s) = tokio::join!(postgres_seed, sqlite_seed);
    let (p, s) = (p?, s?);
    if cluster {
        for name in ["catalogue", "giving"] {
            sync(&db_name(&urls[name]), false).execute(&admin).await?;
        }
    }
    admin.close().await;
    let seeding = t.elapsed().as_secs_f64();
    println!("## CPU per request by process ({rows} imported nonprofits, {donors} donors)\n");
    println!("Seeding, both modes at once: {seeding:.0} s");
    if let Some(p) = p {
        println!("- PostgreSQL (cluster): {p}");
    }
    if let Some(s) = s {
        println!("- SQLite (embedded): {s}");
    }

    // A paired run (BASELINE_BIN_DIR): the baseline's binaries and BIN_DIR's take turns on the
    // same seeded databases, ROUNDS (3) times each, so that the machine's drift over the run
    // weighs on both alike; a table then sets each scenario's median round of one beside the
    // other's, and checks that both builds gave the same answers.
    let baseline = std::env::var("BASELINE_BIN_DIR").ok().filter(|d| !d.is_empty()).map(std::path::PathBuf::from);
    let rounds = if baseline.is_some() { env_num("ROUNDS", 3) } else { 1 };
    let builds: Vec<(&'static str, std::path::PathBuf)> =
        baseline.iter().map(|b| ("baseline", b.clone())).chain([("this build", bin_dir.clone())]).collect();
    let label = |mode: &str, build: &str, round: usize| {
        if baseline.is_some() { format!("{mode}, {build}, round {round}") } else { mode.to_string() }
    };
    let mut runs: Vec<(&'static str, &'static str, Vec<Row>)> = vec![];
    if cluster {
        for round in 1..=rounds {
            for (build, dir) in &builds {
                let t = Instant::now();
                let (procs, port) = harness::start_cluster(dir, &urls, SECRET, &redis, &amqp, work.path())?;
                let index = |name: &str| procs.iter().position(|p| p.name == name).expect("started");
                // PostgreSQL's work for the services' databases (not the statements' own).
                let ours: Vec<String> = urls.values().map(|u| db_name(u)).collect();
                let meter = Meter { procs: &procs, postgres: Some(ours), redis: true, statements: statements.as_ref() };
                let columns = COLUMNS.map(index);
                let addr = format!("127.0.0.1:{port}").parse()?;
                let rows = run_mode(&label("cluster", build, round), addr, &meter, index("bff"), Some(columns)).await?;
                runs.push(("cluster", build, rows));
                drop(procs);
                println!(
                    "\nCluster mode took {:.0} s (start, settling, idle measure, scenarios).",
                    t.elapsed().as_secs_f64()
                );
            }
        }
    }
    if embedded {
        for round in 1..=rounds {
            for (build, dir) in &builds {
                let t = Instant::now();
                let port = harness::free_port();
                let env = vec![
                    ("DATA_DIR".to_string(), data.display().to_string()),
                    ("PORT".into(), port.to_string()),
                    ("JWT_SECRET".into(), SECRET.into()),
                    ("ADMIN_EMAIL".into(), harness::ADMIN_EMAIL.into()),
                    ("ADMIN_PASSWORD".into(), harness::ADMIN_PASSWORD.into()),
                    ("WEB_DIR".into(), work.path().join("no-web").display().to_string()),
                ];
                let procs = vec![harness::spawn("giving-console", &dir.join("giving-console"), &env)?];
                let meter = Meter { procs: &procs, postgres: None, redis: false, statements: None };
                let addr = format!("127.0.0.1:{port}").parse()?;
                let rows = run_mode(&label("embedded", build, round), addr, &meter, 0, None).await?;
                runs.push(("embedded", build, rows));
                drop(procs);
                println!(
                    "\nEmbedded mode took {:.0} s (start, settling, idle measure, scenarios).",
                    t.elapsed().as_secs_f64()
                );
            }
        }
    }
    if baseline.is_some() {
        for mode in ["cluster", "embedded"] {
            print_pairs(mode, &runs, rounds);
        }
    }
    // Each mode's answers, from this build's first round.
    let answers: Vec<(&str, Vec<(&'static str, Answer)>)> = ["cluster", "embedded"]
        .into_iter()
        .filter_map(|mode| {
            let (_, _, rows) = runs.iter().find(|(m, b, _)| *m == mode && *b == "this build")?;
            Some((mode, rows.iter().map(|r| (r.name, r.answer.clone())).collect()))
        })
        .collect();
    if let [(_, a), (_, b)] = answers.as_slice() {
        println!(
            "\nThe two modes' answers (same seed; ids are made anew by each seeding, so only totals and keys can agree):\n"
        );
        for ((name, x), (_, y)) in a.iter().zip(b) {
            let same = |p: bool| if p { "same" } else { "differ" };
            println!(
                "- {name}: totals {}, keys {}{}",
                same(x.total == y.total),
                same(x.keys == y.keys),
                if x.data.is_empty() { String::new() } else { format!(", data {}", same(x.data == y.data)) }
            );
        }
    }
    println!("\nWhole run: {:.0} s", started.elapsed().as_secs_f64());
    drop(statements);
    drop(databases);
    Ok(())
}
