//! Figures at scale, run by hand (`cargo test -p engagement --test scale -- --ignored
//! --nocapture`): 100,000 members of one event exported (every mode, in batches), and a
//! community's feed of 20,000 posts read at its first and a deep page. Rows are written
//! with plain INSERTs (the domain calls would take minutes); the reads are the service's.

use common::location::Location;
use engagement::app::MIGRATIONS;
use engagement::calendar::EventInput;
use engagement::communities::CommunityInput;
use engagement::posts::PostQuery;
use engagement::service::Engagement;
use std::time::Instant;

async fn bulk(e: &Engagement, sql: &str, rows: usize, row: impl Fn(usize) -> String) {
    let mut tx = e.db.pool.begin().await.unwrap();
    for chunk in (0..rows).collect::<Vec<_>>().chunks(500) {
        let values: Vec<String> = chunk.iter().map(|&i| row(i)).collect();
        let q = format!("{sql} VALUES {}", values.join(", "));
        sqlx::query(sqlx::AssertSqlSafe(q)).execute(&mut *tx).await.unwrap();
    }
    tx.commit().await.unwrap();
}

async fn exports_and_feeds_at_scale(e: Engagement) {
    let a = common::Actor::system();
    let input = CommunityInput {
        name: "Scale".into(),
        description: "<p>x</p>".into(),
        cover_image: "c.png".into(),
        privacy: "public".into(),
        ..Default::default()
    };
    let c = e.create_community(&input, &a).await.unwrap();
    let now = common::now_ms();
    let ev = EventInput {
        title: "Big".into(),
        description: "<p>x</p>".into(),
        starts_at: now + 3_600_000,
        ends_at: now + 7_200_000,
        time_zone: "UTC".into(),
        location: Location { address: "Park".into(), ..Default::default() },
        host_type: "community".into(),
        host_id: c.id.clone(),
        ..Default::default()
    };
    let ev = e.create_event(&ev, &a).await.unwrap();
    let n = 100_000;
    let t = Instant::now();
    bulk(&e, "INSERT INTO people (id, name, name_key, email, avatar, updated_at)", n, |i| {
        format!("('d{i}', 'Donor {i}', 'donor {i}', 'd{i}@example.org', '', 0)")
    })
    .await;
    let ev_id = ev.id.clone();
    bulk(&e, "INSERT INTO event_members (id, event_id, donor_id, status, joined_at)", n, |i| {
        format!("('m{i:08}', '{ev_id}', 'd{i}', {}, {})", 1 + i % 3, now - i as i64)
    })
    .await;
    let c_id = c.id.clone();
    let posts = 20_000;
    bulk(&e, "INSERT INTO posts (id, community_id, author_id, text, images, created_at, updated_at)", posts, |i| {
        format!("('p{i:08}', '{c_id}', 'd{}', 'Post {i}', '[]', {}, 0)", i % n, now - i as i64)
    })
    .await;
    eprintln!("{:?}: seeded in {:?}", e.db.backend, t.elapsed());

    let t = Instant::now();
    let (tx, mut rx) = tokio::sync::mpsc::channel(1024);
    let (e2, id) = (e.clone(), ev.id.clone());
    let task = tokio::spawn(async move { e2.export_event_members(&id, tx).await });
    let mut first = None;
    let mut count = 0;
    while rx.recv().await.is_some() {
        first.get_or_insert_with(|| t.elapsed());
        count += 1;
    }
    task.await.unwrap().unwrap();
    eprintln!("{:?}: export of {count} members in {:?} (first after {:?})", e.db.backend, t.elapsed(), first.unwrap());
    assert_eq!(count, n);
    assert!(t.elapsed().as_secs() < 5, "the export takes under 5 s");

    for page in [1, 100] {
        let q = PostQuery {
            page: common::paging::Page { page, limit: 1_000_000, ..Default::default() },
            community_id: c.id.clone(),
            inactive: false,
        };
        let t = Instant::now();
        let mut worst = std::time::Duration::ZERO;
        for _ in 0..20 {
            let one = Instant::now();
            let (items, total) = e.list_posts(&q).await.unwrap();
            assert_eq!((items.len(), total), (100, posts as i64));
            worst = worst.max(one.elapsed());
        }
        eprintln!(
            "{:?}: feed page {page} (100 of {posts}): {:?} each, worst {worst:?}",
            e.db.backend,
            t.elapsed() / 20
        );
    }
}

#[tokio::test]
#[ignore = "figures at scale, run by hand"]
async fn exports_and_feeds_at_scale_on_sqlite() {
    common::testing::run_on(
        common::db::Backend::Sqlite,
        &MIGRATIONS,
        |db| Engagement::new(db, None),
        exports_and_feeds_at_scale,
    )
    .await;
}

#[tokio::test]
#[ignore = "figures at scale, run by hand"]
async fn exports_and_feeds_at_scale_on_postgres() {
    common::testing::run_on(
        common::db::Backend::Postgres,
        &MIGRATIONS,
        |db| Engagement::new(db, None),
        exports_and_feeds_at_scale,
    )
    .await;
}
