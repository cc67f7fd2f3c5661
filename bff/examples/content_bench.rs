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

use harness::{Http, env_num, measure, median};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    let mut postgres_database = None;
    let url = match backend.as_str() {
        "sqlite" => format!("sqlite://{}/content.db", dir.path().display()),
        "postgres" => {
            let admin = std::env::var("BENCH_DATABASE_URL").or_else(|_| std::env::var("TEST_DATABASE_URL"))?;
            let database = common::testing::create_postgres_database(&admin).await;
            let url = database.url.clone();
            postgres_database = Some(database);
            url
        }
        other => anyhow::bail!("unknown backend {other}: sqlite or postgres"),
    };
    // The system under test runs on a runtime of its own (as in its own process); the load
    // generator runs on the main one.
    let servers = harness::Servers::new()?;
    let shutdown = common::shutdown::Shutdown::new();
    let (dir_path, url2, shutdown2) = (dir.path().to_path_buf(), url.clone(), shutdown.clone());
    let addr = servers
        .spawn(async move {
            let (dir, url, shutdown) = (dir_path, url2, shutdown2);
            let bus = common::bus::from_url(None).await?;
            let content = content::app::start(
                &content::app::Config { database_url: url },
                "127.0.0.1:0",
                bus.clone(),
                shutdown.clone(),
            )
            .await?;
            let t = Instant::now();
            seed_contacts(&content.content.db, rows).await?;
            seed_public(&content.content).await?;
            eprintln!("seeded {rows} contact messages and the public site in {:.1} s", t.elapsed().as_secs_f64());
            let catalogue_url = format!("sqlite://{}/catalogue.db", dir.display());
            let catalogue = catalogue::app::start(
                &catalogue::app::Config { database_url: catalogue_url },
                "127.0.0.1:0",
                bus.clone(),
                shutdown.clone(),
            )
            .await?;
            let identity_cfg = identity::app::Config {
                access_ttl_secs: 3600,
                admin_email: "admin@example.org".into(),
                admin_password: Some("Admin@123".into()),
                mail_dir: None,
                ..identity::app::Config::local(format!("sqlite://{}/identity.db", dir.display()), SECRET.into())
            };
            let identity = identity::app::start(&identity_cfg, "127.0.0.1:0", bus, shutdown.clone()).await?;
            let state = bff::config::Config::local(
                bff::services::ServiceUrls {
                    identity: format!("http://127.0.0.1:{}", identity.port),
                    catalogue: format!("http://127.0.0.1:{}", catalogue.port),
                    // Not started: no content path calls it.
                    giving: "http://127.0.0.1:1".into(),
                    content: format!("http://127.0.0.1:{}", content.port),
                    engagement: "http://127.0.0.1:1".into(),
                    chat: "http://127.0.0.1:1".into(),
                    audit: "http://127.0.0.1:1".into(),
                },
                SECRET.into(),
                dir.join("media"),
            )
            .state()
            .await?;
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
            let addr = listener.local_addr()?;
            tokio::spawn(bff::serve(state, listener, shutdown.clone(), Duration::ZERO));
            anyhow::Ok(addr)
        })
        .await??;
    let base = format!("http://{addr}");
    let http = reqwest::Client::new();
    let login: serde_json::Value = http
        .post(format!("{base}/admin-login/login"))
        .json(&serde_json::json!({ "email": "admin@example.org", "password": "Admin@123" }))
        .send()
        .await?
        .json()
        .await?;
    let token: Arc<str> = login["data"]["authToken"].as_str().unwrap_or_default().into();

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
    for s in SCENARIOS.iter().filter(|s| s.name.contains(only.as_str())) {
        let t = Instant::now();
        let mut first = Http::new(addr);
        let (status, answer) = first.call(s.method, s.path, &token, s.body.as_bytes()).await?;
        let first_ms = t.elapsed().as_secs_f64() * 1000.0;
        anyhow::ensure!(status == 200, "{}: {status} {}", s.name, String::from_utf8_lossy(&answer));
        let token = token.clone();
        let call = move |mut h: Http, _i: usize| {
            let token = token.clone();
            async move {
                let ok = matches!(h.call(s.method, s.path, &token, s.body.as_bytes()).await, Ok((200, _)));
                (h, ok)
            }
        };
        let c = if s.public { public_concurrency } else { concurrency };
        let mut runs = vec![];
        for _ in 0..rounds {
            runs.push(measure(c, requests, move || Http::new(addr), call.clone()).await);
        }
        let m = median(runs);
        println!(
            "| {} | {:.0} | {:.1} | {:.1} | {:.0} | {:.0} | {} |",
            s.name, first_ms, m.p50, m.p95, m.rps, m.cpu_us, m.failed
        );
    }
    shutdown.trigger();
    drop(servers);
    drop(postgres_database);
    Ok(())
}
