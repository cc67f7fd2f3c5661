//! The engagement benchmark (issue 14 section 5): 100,000 communities, 1,000,000 event
//! memberships, 5,000,000 posts and 20,000,000 likes seeded; the community list, the event
//! filter, a community's post feed (first and deep page) and the reported-post list through the
//! BFF at 32 concurrent requests; the inactive-post list asked with limit 1000000 (time to the
//! first byte, the BFF's peak memory with BFF_BIN); the export of an event of 100,000 members.
//!
//!   cargo run --release -p bff --example engagement_bench -- sqlite
//!   BENCH_DATABASE_URL=postgres://user:pass@host/postgres cargo run --release -p bff --example engagement_bench -- postgres
//!
//! Seeding writes the rows with SQL (counts computed as the service keeps them). COMMUNITIES
//! (100000), MEMBERSHIPS (1000000), POSTS (5000000), LIKES (20000000), EXPORT_MEMBERS
//! (100000, the members of the exported event, part of MEMBERSHIPS), SCALE (1: every size is
//! divided by it, e.g. SCALE=1000 for a quick run), CONCURRENCY (32), REQUESTS (3000 per
//! scenario and round), ROUNDS (3, median kept), ONLY (rows whose name contains it).
//! KEEP_DATABASE=name (PostgreSQL) or SQLITE_FILE=path keeps the seeded database and reuses it on
//! the next run (the same sizes). BFF_BIN=path runs the inactive list and the export through that BFF binary in a process of
//! its own (so that its peak memory is its own).

mod harness;

use common::db::Backend;
use harness::{Database, Keep, Load, Sql, env_num, exec};
use std::time::Instant;

const SECRET: &str = "engagement-bench-secret-engagement-bench-01";
/// A year of activity, ending at the start of the benchmark's day.
const SPAN_MS: i64 = 365 * 86_400_000;
/// Every tenth post is in the first community (a feed with deep pages), and every two-hundredth
/// is inactive (all of them in that community: its inactive list); every thousandth post has two
/// open reports.
const BIG_SHARE: i64 = 10;

/// Id offsets of each kind of row (so that ids never meet).
const COMMUNITY: i64 = 1 << 32;
const EVENT: i64 = 2 << 32;
const POST: i64 = 3 << 32;
const MEMBER: i64 = 4 << 32;
const REPORT: i64 = 5 << 32;

fn id(n: i64) -> String {
    format!("{n:024x}")
}

#[derive(Clone, Copy)]
struct Sizes {
    communities: i64,
    events: i64,
    people: i64,
    memberships: i64,
    export_members: i64,
    posts: i64,
    likes: i64,
}

/// Fills an empty engagement database.
async fn seed(db: &common::db::Db, b: Backend, z: &Sizes, end: i64) -> anyhow::Result<()> {
    let mut conn = db.pool.acquire().await?;
    let c = &mut *conn;
    let start = end - SPAN_MS;
    if b == Backend::Postgres {
        exec(c, "SET synchronous_commit = off").await?;
    }
    let Sizes { communities, events, people, memberships, export_members, posts, likes } = *z;
    exec(
        c,
        &format!(
            "{} INSERT INTO people (id, name, name_key, email, avatar, updated_at) \
             SELECT {}, 'Donor ' || i, 'donor ' || i, 'donor' || i || '@example.org', '', {start} FROM s",
            b.series(people),
            b.hex("i")
        ),
    )
    .await?;
    exec(
        c,
        &format!(
            "{} INSERT INTO communities (id, name, name_key, description, cover_image, privacy, creator_id, is_hidden, is_deleted, created_at, updated_at) \
             SELECT {}, 'Community ' || i, 'community ' || i, '<p>Neighbours who give</p>', 'cover.png', 'public', 'platform', \
             i % 50 = 0, i % 97 = 0, {start} + i * {step}, {start} + i * {step} FROM s",
            b.series(communities),
            b.hex(&format!("i + {COMMUNITY}")),
            step = SPAN_MS / communities
        ),
    )
    .await?;
    // Events hosted by communities over the year and the next; event 1 is the exported one.
    exec(
        c,
        &format!(
            "{} INSERT INTO events (id, title, title_key, description, starts_at, ends_at, time_zone, address, host_type, host_id, host_name, \
             is_deleted, created_at, updated_at) \
             SELECT {}, 'Event ' || i, 'event ' || i, '<p>Come along</p>', {start} + i * {step}, {start} + i * {step} + 7200000, \
             'America/New_York', '12 Park Ave', 'community', {}, 'Community ' || (1 + i % {communities}), i % 89 = 0, {start}, {start} FROM s",
            b.series(events),
            b.hex(&format!("i + {EVENT}")),
            b.hex(&format!("1 + i % {communities} + {COMMUNITY}")),
            step = 2 * SPAN_MS / events
        ),
    )
    .await?;
    // Membership i: the exported event's first, then spread over the other events (a donor
    // once per event), modes 1, 2, 3 in turn.
    let rest = (events - 1).max(1);
    exec(
        c,
        &format!(
            "{} INSERT INTO event_members (id, event_id, donor_id, status, joined_at) \
             SELECT {}, CASE WHEN i <= {export_members} THEN {} ELSE {} END, \
             CASE WHEN i <= {export_members} THEN {} ELSE {} END, 1 + i % 3, {start} + i FROM s",
            b.series(memberships),
            b.hex(&format!("i + {MEMBER}")),
            b.hex(&format!("1 + {EVENT}")),
            b.hex(&format!("2 + i % {rest} + {EVENT}")),
            b.hex(&format!("1 + (i - 1) % {people}")),
            b.hex(&format!("1 + (i / {rest}) % {people}"))
        ),
    )
    .await?;
    exec(
        c,
        "UPDATE events SET interested_count = (SELECT COUNT(*) FROM event_members m WHERE m.event_id = events.id AND m.status = 1), \
         going_count = (SELECT COUNT(*) FROM event_members m WHERE m.event_id = events.id AND m.status = 2), \
         not_going_count = (SELECT COUNT(*) FROM event_members m WHERE m.event_id = events.id AND m.status = 3)",
    )
    .await?;
    // Post i (newest last): likes spread evenly (post p holds likes/posts likes, one more for
    // the first likes % posts), the reported ones with two open reports.
    let (per, extra) = (likes / posts, likes % posts);
    exec(
        c,
        &format!(
            "{} INSERT INTO posts (id, community_id, author_id, text, likes_count, reports_count, last_reported_at, is_active, is_deleted, created_at, updated_at) \
             SELECT {}, CASE WHEN i % {BIG_SHARE} = 0 THEN {} ELSE {} END, {}, 'Post number ' || i || ' about giving', \
             {per} + CASE WHEN i <= {extra} THEN 1 ELSE 0 END, CASE WHEN i % 1000 = 1 THEN 2 ELSE 0 END, \
             CASE WHEN i % 1000 = 1 THEN {start} + i * {step} + 60000 ELSE 0 END, i % 200 <> 0, FALSE, {start} + i * {step}, {start} + i * {step} FROM s",
            b.series(posts),
            b.hex(&format!("i + {POST}")),
            b.hex(&format!("1 + {COMMUNITY}")),
            b.hex(&format!("1 + i % {communities} + {COMMUNITY}")),
            b.hex(&format!("1 + i % {people}")),
            step = SPAN_MS / posts
        ),
    )
    .await?;
    // Like j: post 1 + (j - 1) % posts, by a donor once per post.
    exec(
        c,
        &format!(
            "{} INSERT INTO post_likes (post_id, account, created_at) SELECT {}, {}, {end} FROM s",
            b.series(likes),
            b.hex(&format!("1 + (i - 1) % {posts} + {POST}")),
            b.hex(&format!("1 + ((i - 1) / {posts}) % {people}"))
        ),
    )
    .await?;
    exec(
        c,
        &format!(
            "{} INSERT INTO reports (id, post_id, reporter_id, reason, created_at) \
             SELECT {}, {}, {}, 'Spam', {start} + (1000 * (i / 2) + 1) * {step} + 60000 FROM s",
            b.series(2 * (posts / 1000).max(1)),
            b.hex(&format!("i + {REPORT}")),
            b.hex(&format!("1000 * ((i - 1) / 2) + 1 + {POST}")),
            b.hex("1 + i % 2"),
            step = SPAN_MS / posts
        ),
    )
    .await?;
    exec(c, "UPDATE communities SET posts_count = (SELECT COUNT(*) FROM posts p WHERE p.community_id = communities.id AND p.is_deleted = FALSE)").await?;
    // The totals the service keeps (its migration 0002), as its writes would have left them.
    exec(
        c,
        "UPDATE communities SET inactive_posts_count = (SELECT COUNT(*) FROM posts p WHERE p.community_id = communities.id \
         AND p.is_deleted = FALSE AND p.is_active = FALSE)",
    )
    .await?;
    exec(
        c,
        "UPDATE community_counts SET n = (SELECT COUNT(*) FROM communities c WHERE c.is_deleted = community_counts.is_deleted \
         AND c.is_hidden = community_counts.is_hidden)",
    )
    .await?;
    exec(c, "UPDATE post_counts SET n = (SELECT COUNT(*) FROM posts WHERE reports_count > 0) WHERE kind = 'reported'")
        .await?;
    exec(c, if b == Backend::Postgres { "VACUUM ANALYZE" } else { "ANALYZE" }).await?;
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let backend_name = std::env::args().nth(1).unwrap_or_else(|| "sqlite".into());
    let scale = env_num("SCALE", 1).max(1) as i64;
    let size = |name: &str, default: usize| (env_num(name, default) as i64 / scale).max(2);
    let communities = size("COMMUNITIES", 100_000);
    let sizes = Sizes {
        communities,
        events: (communities / 10).max(2),
        people: size("EXPORT_MEMBERS", 100_000),
        memberships: size("MEMBERSHIPS", 1_000_000),
        export_members: size("EXPORT_MEMBERS", 100_000),
        posts: size("POSTS", 5_000_000),
        likes: size("LIKES", 20_000_000),
    };
    let concurrency = env_num("CONCURRENCY", 32);
    let requests = env_num("REQUESTS", 3000);
    let rounds = env_num("ROUNDS", 3).max(1);
    let only = std::env::var("ONLY").unwrap_or_default();
    let dir = tempfile::tempdir()?;
    let end = common::now_ms().div_euclid(86_400_000) * 86_400_000;
    let database =
        Database::open(&backend_name, dir.path(), "engagement.db", Keep { sqlite_file: true, postgres: true }).await?;
    let (backend, url, reuse) = (database.backend, database.url.clone(), database.reuse);

    // The system under test on a runtime of its own, as separate processes would be.
    let servers = harness::Servers::new()?;
    let shutdown = common::shutdown::Shutdown::new();
    let seed_sizes = sizes;
    let started = servers
        .start(dir.path(), &shutdown, move |sut| async move {
            let engagement = engagement::app::start(
                &engagement::app::Config { database_url: url },
                "127.0.0.1:0",
                sut.bus.clone(),
                sut.shutdown.clone(),
            )
            .await?;
            let db = &engagement.engagement.db;
            if !harness::seeded(db, reuse, "communities", seed_sizes.communities).await? {
                let t = Instant::now();
                seed(db, backend, &seed_sizes, end).await?;
                eprintln!("seeded in {:.0} s", t.elapsed().as_secs_f64());
            }
            let (identity, catalogue) = sut.identity_and_catalogue(SECRET).await?;
            // Only what an engagement path calls is started.
            let ports = [identity.port, catalogue.port, engagement.port];
            let started = [("identity", ports[0]), ("catalogue", ports[1]), ("engagement", ports[2])];
            let state = sut.bff_config(harness::urls(&started), SECRET).state().await?;
            anyhow::Ok((sut.serve(state).await?, ports))
        })
        .await?;
    let (addr, ports) = started;
    let http = reqwest::Client::new();
    let token = harness::sign_in(&http, &format!("http://{addr}")).await?;

    let big = id(1 + COMMUNITY);
    let deep = (sizes.posts / BIG_SHARE) * 4 / 5 / 10;
    let scenarios: Vec<(String, &'static str, serde_json::Value)> = vec![
        (
            "communities, page 1 (newest first)".into(),
            "/admin/admin-community/communityList",
            serde_json::json!({ "page": 1, "limit": 10 }),
        ),
        (
            "communities, by members".into(),
            "/admin/admin-community/communityList",
            serde_json::json!({ "page": 1, "limit": 10, "column": "membersCount", "order": "descend" }),
        ),
        (
            "communities, search 'community 4242'".into(),
            "/admin/admin-community/communityList",
            serde_json::json!({ "page": 1, "limit": 10, "search": "community 4242" }),
        ),
        ("events, upcoming".into(), "/admin/event/eventFilter", serde_json::json!({ "page": 1, "limit": 10 })),
        (
            "events, past".into(),
            "/admin/event/eventFilter",
            serde_json::json!({ "page": 1, "limit": 10, "filter": "past" }),
        ),
        (
            "a community's feed, page 1".into(),
            "/v1/posts/communityPosts",
            serde_json::json!({ "communityId": big, "page": 1, "limit": 10 }),
        ),
        (
            format!("a community's feed, deep page {deep} (80%)"),
            "/v1/posts/communityPosts",
            serde_json::json!({ "communityId": big, "page": deep.max(1), "limit": 10 }),
        ),
        (
            "reported posts, page 1".into(),
            "/admin/reportPost/reportPostList",
            serde_json::json!({ "page": 1, "limit": 10 }),
        ),
    ];
    println!(
        "\n{backend_name}, {} communities, {} event memberships, {} posts, {} likes; {concurrency} concurrent, {requests} requests per row and round, median of {rounds} rounds\n",
        sizes.communities, sizes.memberships, sizes.posts, sizes.likes
    );
    println!("| scenario | first ms | p50 ms | p95 ms | req/s | failed | total_records |");
    println!("|---|---|---|---|---|---|---|");
    let load = Load { addr, token: token.clone(), concurrency, requests, rounds };
    for (name, path, body) in scenarios.into_iter().filter(|s| s.0.contains(only.as_str())) {
        let row = load.row(&name, "POST", path, serde_json::to_vec(&body)?.into()).await?;
        let (s, total) = (&row.stats, row.total());
        println!(
            "| {name} | {:.0} | {:.1} | {:.1} | {:.0} | {} | {total} |",
            row.first_ms, s.p50, s.p95, s.rps, s.failed
        );
    }

    if "inactive export".split(' ').any(|w| w.contains(only.as_str())) {
        let (base, child) = bff_under_test(&http, addr, ports, &dir).await?;
        if "inactive".contains(only.as_str()) {
            inactive(&http, &base, &token, &big, child.as_ref()).await?;
        }
        if "export".contains(only.as_str()) {
            export(&http, &base, &token, sizes.export_members, child.as_ref()).await?;
        }
    }
    shutdown.trigger();
    drop(servers);
    Ok(())
}

/// The BFF the big answers go through: a process of its own when BFF_BIN is set (its peak
/// memory is then its own), else the one in this process.
async fn bff_under_test(
    http: &reqwest::Client,
    addr: std::net::SocketAddr,
    [identity, catalogue, engagement]: [u16; 3],
    dir: &tempfile::TempDir,
) -> anyhow::Result<(String, Option<tokio::process::Child>)> {
    let urls = harness::urls(&[("identity", identity), ("catalogue", catalogue), ("engagement", engagement)]);
    Ok(match harness::bff_process(http, SECRET, &urls, dir.path().join("media2")).await? {
        Some((base, child)) => (base, Some(child)),
        None => (format!("http://{addr}"), None),
    })
}

/// The inactive-post list asked as the console asks it (limit 1000000), page after page.
async fn inactive(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    community: &str,
    child: Option<&tokio::process::Child>,
) -> anyhow::Result<()> {
    let (mut first_byte, mut rows, mut page) = (vec![], 0usize, 1);
    let mut total: i64;
    let t = Instant::now();
    loop {
        let start = Instant::now();
        let mut res = http
            .post(format!("{base}/v1/posts/InActivePostList"))
            .bearer_auth(token)
            .json(&serde_json::json!({ "communityId": community, "page": page, "limit": 1_000_000 }))
            .send()
            .await?;
        anyhow::ensure!(res.status().is_success(), "inactive list: {}", res.status());
        let mut body = Vec::new();
        while let Some(chunk) = res.chunk().await? {
            if body.is_empty() {
                first_byte.push(start.elapsed().as_secs_f64() * 1000.0);
            }
            body.extend_from_slice(&chunk);
        }
        let answer: serde_json::Value = serde_json::from_slice(&body)?;
        let n = answer["data"].as_array().map_or(0, Vec::len);
        total = answer["total_records"].as_i64().unwrap_or_default();
        rows += n;
        if n == 0 || rows as i64 >= total || page == 20 {
            break;
        }
        page += 1;
    }
    first_byte.sort_by(f64::total_cmp);
    println!(
        "\nInactive posts with limit 1000000: {page} pages of at most 100 ({rows} of {total} rows) in {:.2} s; first byte after {:.1} ms (page 1), \
         {:.1} ms at worst; BFF peak memory: {}",
        t.elapsed().as_secs_f64(),
        first_byte.first().copied().unwrap_or_default(),
        first_byte.last().copied().unwrap_or_default(),
        harness::peak_memory(child)
    );
    Ok(())
}

/// The export of the event with `members` members.
async fn export(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    members: i64,
    child: Option<&tokio::process::Child>,
) -> anyhow::Result<()> {
    let t = Instant::now();
    let res =
        http.get(format!("{base}/v1/event/eventDetailsExport/{}", id(1 + EVENT))).bearer_auth(token).send().await?;
    let d = harness::download("export", t, res).await?;
    println!(
        "\nExport of an event of {members} members (eventDetailsExport): headers after {:.2} s, first bytes after {:.2} s, done after {:.1} s, \
         {:.1} MB; BFF peak memory: {}",
        d.headers,
        d.first,
        d.total,
        d.bytes as f64 / 1e6,
        harness::peak_memory(child)
    );
    Ok(())
}
