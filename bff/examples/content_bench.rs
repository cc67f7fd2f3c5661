//! The content benchmark (issue 15 section 5): public page reads through the BFF (warm
//! cache, 64 concurrent: at least 10,000 a second, p95 under 10 ms) and the contact-us list at
//! 1,000,000 submissions (32 concurrent: p95 at most 50 ms).
//!
//!   cargo run --release -p bff --example content_bench -- sqlite
//!   BENCH_DATABASE_URL=postgres://user:pass@host/postgres cargo run --release -p bff --example content_bench -- postgres
//!
//! Seeds the contact messages with one SQL statement (a third of them read), saves the public
//! pages, leadership and FAQs through the service, then runs each scenario through the BFF
//! over HTTP with the shared load generator (bff/examples/harness) and prints a Markdown table.
//! ROWS (1000000), PUBLIC_CONCURRENCY (64), CONCURRENCY (32), REQUESTS (6000), ROUNDS (3)
//! and ONLY (rows whose name contains it) tune it.

mod harness;

use harness::{Database, Keep, Load, env_num};
use std::time::Instant;

const SECRET: &str = "content-bench-secret-content-bench-0123";

/// One row of the table: a method, a path and a body, answered 200.
struct Scenario {
    name: &'static str,
    method: &'static str,
    path: &'static str,
    body: &'static str,
    public: bool,
}

const SCENARIOS: [Scenario; 9] = [
    Scenario {
        name: "public homepage (warm cache)",
        method: "GET",
        path: "/v1/public/page/homepage",
        body: "",
        public: true,
    },
    Scenario {
        name: "public privacy policy (warm cache)",
        method: "GET",
        path: "/v1/public/page/privacy_policy",
        body: "",
        public: true,
    },
    Scenario {
        name: "public leadership (warm cache)",
        method: "GET",
        path: "/v1/public/leadership",
        body: "",
        public: true,
    },
    Scenario { name: "public FAQ (warm cache)", method: "GET", path: "/v1/public/faq", body: "", public: true },
    Scenario {
        name: "contact list, newest first, page 1",
        method: "POST",
        path: "/admin/ContactUs",
        body: r#"{"page":1,"limit":10}"#,
        public: false,
    },
    Scenario {
        name: "contact list, unread, page 1",
        method: "POST",
        path: "/admin/ContactUs",
        body: r#"{"page":1,"limit":10,"isRead":false}"#,
        public: false,
    },
    Scenario {
        name: "contact list, by name, page 1",
        method: "POST",
        path: "/admin/ContactUs",
        body: r#"{"page":1,"limit":10,"column":"name","order":"asc"}"#,
        public: false,
    },
    Scenario {
        name: "contact list, newest first, page 1000",
        method: "POST",
        path: "/admin/ContactUs",
        body: r#"{"page":1000,"limit":10}"#,
        public: false,
    },
    Scenario {
        name: "contact list, search 'subject 4242'",
        method: "POST",
        path: "/admin/ContactUs",
        body: r#"{"page":1,"limit":10,"search":"subject 4242"}"#,
        public: false,
    },
];

/// `rows` contact messages in one statement: newest every second back from now, a third read.
async fn seed_contacts(db: &common::db::Db, rows: usize) -> anyhow::Result<()> {
    let id = match db.backend {
        common::db::Backend::Sqlite => "printf('%024d', i)",
        common::db::Backend::Postgres => "lpad(CAST(i AS TEXT), 24, '0')",
    };
    let now = common::now_ms();
    let q = format!(
        "INSERT INTO contact_messages (id, name, email, phone_number, subject, message, search_key, name_key, email_key, subject_key, address, \
         created_at, is_read, read_by, read_at) \
         WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < {rows}) \
         SELECT {id}, 'Person ' || i, 'person' || i || '@example.org', '', 'Subject ' || i, 'Hello', \
                'person ' || i || chr(10) || 'person' || i || '@example.org' || chr(10) || 'subject ' || i, \
                'person ' || i, 'person' || i || '@example.org', 'subject ' || i, '', {now} - i * 1000, i % 3 = 0, \
                CASE WHEN i % 3 = 0 THEN 'a1' ELSE '' END, CASE WHEN i % 3 = 0 THEN {now} ELSE 0 END FROM seq"
    );
    let q = if db.backend == common::db::Backend::Sqlite { q.replace("chr(10)", "char(10)") } else { q };
    sqlx::query(sqlx::AssertSqlSafe(q)).execute(&db.pool).await?;
    sqlx::query("UPDATE contact_counts SET n = (SELECT COUNT(*) FROM contact_messages m WHERE m.is_read = contact_counts.is_read)").execute(&db.pool).await?;
    let analyze =
        if db.backend == common::db::Backend::Postgres { "VACUUM ANALYZE contact_messages" } else { "ANALYZE" };
    sqlx::query(analyze).execute(&db.pool).await?;
    Ok(())
}

/// The public pages, three leaders and two FAQ categories of four FAQs, through the service.
async fn seed_public(c: &content::service::Content) -> anyhow::Result<()> {
    let a = common::Actor::new("a1", "Admin", "127.0.0.1");
    let text = "<p>".to_string() + &"We help people give to the causes they care about. ".repeat(40) + "</p>";
    let home = serde_json::json!({ "heroTitle": "Give where it counts", "heroSubtitle": "Thousands of nonprofits", "bannerImages": ["a.png", "b.png"],
        "ctaText": "Donate", "ctaLink": "https://give.example.org", "howItWorks": [{ "title": "Pick", "description": "a cause" }],
        "impactFigures": [{ "label": "Donors", "value": "10k" }] });
    c.save_page("homepage", "", &home.to_string(), &a).await?;
    c.save_page(
        "privacy_policy",
        "",
        &serde_json::json!({ "title": "Privacy Policy", "content": text }).to_string(),
        &a,
    )
    .await?;
    for i in 0..3 {
        let l = content::leadership::LeadershipInput {
            name: format!("Leader {i}"),
            title: "Board".into(),
            photo: "p.png".into(),
            biography: text.clone(),
            order: i,
            is_active: true,
        };
        c.create_leadership(&l, &a).await?;
    }
    for n in ["Giving", "Accounts"] {
        let cat = c.create_category(n, "", &a).await?;
        for i in 0..4 {
            let f = content::faqs::FaqInput {
                category_id: cat.id.clone(),
                question: format!("Question {i}?"),
                answer: text.clone(),
                order: i,
                is_active: true,
            };
            c.create_faq(&f, &a).await?;
        }
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let backend = std::env::args().nth(1).unwrap_or_else(|| "sqlite".into());
    let rows = env_num("ROWS", 1_000_000);
    let public_concurrency = env_num("PUBLIC_CONCURRENCY", 64);
    let concurrency = env_num("CONCURRENCY", 32);
    let requests = env_num("REQUESTS", 6000);
    let rounds = env_num("ROUNDS", 3).max(1);
    let dir = tempfile::tempdir()?;
    // Seeded afresh each run: nothing is kept.
    let database =
        Database::open(&backend, dir.path(), "content.db", Keep { sqlite_file: false, postgres: false }).await?;
    // The system under test runs on a runtime of its own (as in its own process); the load
    // generator runs on the main one.
    let servers = harness::Servers::new()?;
    let shutdown = common::shutdown::Shutdown::new();
    let url = database.url.clone();
    let addr = servers
        .start(dir.path(), &shutdown, move |sut| async move {
            let content = content::app::start(
                &content::app::Config { database_url: url },
                "127.0.0.1:0",
                sut.bus.clone(),
                sut.shutdown.clone(),
            )
            .await?;
            let t = Instant::now();
            seed_contacts(&content.content.db, rows).await?;
            seed_public(&content.content).await?;
            eprintln!("seeded {rows} contact messages and the public site in {:.1} s", t.elapsed().as_secs_f64());
            let (identity, catalogue) = sut.identity_and_catalogue(SECRET).await?;
            // Only what a content path calls is started.
            let started = [("identity", identity.port), ("catalogue", catalogue.port), ("content", content.port)];
            let state = sut.bff_config(harness::urls(&started), SECRET).state().await?;
            sut.serve(state).await
        })
        .await?;
    let base = format!("http://{addr}");
    let http = reqwest::Client::new();
    let token = harness::sign_in(&http, &base).await?;

    // An unchanged ETag is answered 304 without a body.
    let r = http.get(format!("{base}/v1/public/page/homepage")).send().await?;
    let etag = r.headers().get("etag").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let again = http.get(format!("{base}/v1/public/page/homepage")).header("if-none-match", &etag).send().await?;
    anyhow::ensure!(again.status() == 304, "expected 304 for an unchanged ETag, got {}", again.status());

    println!(
        "\n{backend}, {rows} contact messages, public reads at {public_concurrency} concurrent, lists at {concurrency}, {requests} requests per row and round, median of {rounds} rounds\n"
    );
    println!("| scenario | first ms | p50 ms | p95 ms | req/s | CPU µs/req | failed |");
    println!("|---|---|---|---|---|---|---|");
    let only = std::env::var("ONLY").unwrap_or_default();
    let load = Load { addr, token, concurrency, requests, rounds };
    for s in SCENARIOS.iter().filter(|s| s.name.contains(only.as_str())) {
        let load = Load { concurrency: if s.public { public_concurrency } else { concurrency }, ..load.clone() };
        let row = load.row(s.name, s.method, s.path, s.body.as_bytes().into()).await?;
        let m = &row.stats;
        println!(
            "| {} | {:.0} | {:.1} | {:.1} | {:.0} | {:.0} | {} |",
            s.name, row.first_ms, m.p50, m.p95, m.rps, m.cpu_us, m.failed
        );
    }
    shutdown.trigger();
    drop(servers);
    drop(database);
    Ok(())
}
