//! `db::page_with_total`, the one way every list reads a page and its total, on both backends:
//! the rows of the page in order and the total of the whole filtered list, on the first page,
//! a middle one, the last (partial) one, past the end and for an empty list.

use common::db::{Db, Sql, Window, page_with_total};
use common::paging::Paging;
use sqlx::Row;

async fn check(db: &Db) {
    let mut c = db.pool.acquire().await.unwrap();
    sqlx::query("CREATE TABLE items (id TEXT PRIMARY KEY, n INTEGER NOT NULL, kind TEXT NOT NULL)")
        .execute(&mut *c)
        .await
        .unwrap();
    for n in 1..=25i64 {
        let kind = if n % 5 == 0 { "fifth" } else { "other" };
        let mut q = Sql::new(db.backend, "INSERT INTO items (id, n, kind) VALUES (");
        q.push_bind(format!("{n:03}")).push(", ").push_bind(n).push(", ").push_bind(kind).push(")");
        q.build().execute(&mut *c).await.unwrap();
    }
    let mut read = async |kind: Option<&'static str>, limit: i64, offset: i64| {
        let from = move |q: &mut Sql| {
            q.push(" FROM items");
            if let Some(k) = kind {
                q.push(" WHERE kind = ").push_bind(k);
            }
        };
        let (rows, total) =
            page_with_total(&mut c, "id, n", from, Paging { column: "n", descending: true, limit, offset }, |r| {
                r.try_get::<i64, _>("n")
            })
            .await
            .unwrap();
        (rows, total)
    };
    let ns = |from: i64, to: i64| (to..=from).rev().collect::<Vec<i64>>();
    assert_eq!(read(None, 10, 0).await, (ns(25, 16), 25), "the first page");
    assert_eq!(read(None, 10, 10).await, (ns(15, 6), 25), "a middle page");
    assert_eq!(read(None, 10, 20).await, (ns(5, 1), 25), "the last, partial page");
    assert_eq!(read(None, 5, 20).await, (ns(5, 1), 25), "a last page that is exactly full");
    assert_eq!(read(None, 10, 30).await, (vec![], 25), "past the end: still the total");
    assert_eq!(read(Some("fifth"), 10, 0).await, (vec![25, 20, 15, 10, 5], 5), "a filter that fits one page");
    assert_eq!(read(Some("fifth"), 2, 2).await, (vec![15, 10], 5), "a filtered middle page");
    assert_eq!(read(Some("none"), 10, 0).await, (vec![], 0), "an empty list");

    // A kept total read by its query in the page's statement (`Window::kept_by`). The kept
    // figure differs from the rows on purpose, to show which one answered.
    sqlx::query("CREATE TABLE kept (n BIGINT NOT NULL)").execute(&mut *c).await.unwrap();
    sqlx::query("INSERT INTO kept (n) VALUES (99)").execute(&mut *c).await.unwrap();
    let mut kept = async |limit: i64, offset: i64| {
        let window =
            Window::from(Paging { column: "n", descending: true, limit, offset }).kept_by(Some("SELECT n FROM kept"));
        page_with_total(
            &mut c,
            "id, n",
            |q: &mut Sql| {
                q.push(" FROM items");
            },
            window,
            |r| r.try_get::<i64, _>("n"),
        )
        .await
        .unwrap()
    };
    assert_eq!(kept(10, 0).await, (ns(25, 16), 99), "a full page: the kept total, read with it");
    assert_eq!(kept(10, 20).await, (ns(5, 1), 25), "the last, partial page: its own count");
    assert_eq!(kept(10, 30).await, (vec![], 99), "past the end: the kept total read alone");
}

#[tokio::test]
async fn a_page_and_its_total_on_sqlite() {
    let dir = common::testing::temp_dir();
    let db = Db::connect_only(&format!("sqlite://{}/paging.db", dir.0.display())).await.unwrap();
    check(&db).await;
}

#[tokio::test]
async fn a_page_and_its_total_on_postgres() {
    let Some(database) = common::testing::postgres_database().await else { return };
    let db = Db::connect_only(&database.url).await.unwrap();
    check(&db).await;
}

/// A page without a search is one prepared statement whose plan PostgreSQL makes once per
/// connection and keeps (a generic plan): its limit and offset are numbers in the text
/// (`Sql::push_limit`). Bound as values, PostgreSQL could not cost the generic plan of an
/// unknown limit and planned the statement again on every call (issue 35: more than half of
/// a list page's database time).
#[tokio::test]
async fn a_page_is_planned_once_per_connection_on_postgres() {
    let Some(database) = common::testing::postgres_database().await else { return };
    let db = Db::connect_only(&database.url).await.unwrap();
    let mut c = db.pool.acquire().await.unwrap();
    for sql in [
        "CREATE TABLE many (id TEXT PRIMARY KEY, n INTEGER NOT NULL, kind TEXT NOT NULL)",
        "INSERT INTO many SELECT lpad(i::text, 6, '0'), i, CASE WHEN i % 5 = 0 THEN 'fifth' ELSE 'other' END \
         FROM generate_series(1, 50000) i",
        "CREATE INDEX many_kind_n ON many (kind, n, id)",
        "ANALYZE many",
    ] {
        sqlx::query(sql).execute(&mut *c).await.unwrap();
    }
    for _ in 0..8 {
        let from = |q: &mut Sql| {
            q.push(" FROM many WHERE kind = ").push_bind("other");
        };
        let paging = Paging { column: "n", descending: true, limit: 10, offset: 0 };
        let (rows, _) = page_with_total(&mut c, "id, n", from, paging, |r| r.try_get::<i64, _>("n")).await.unwrap();
        assert_eq!(rows, vec![49999, 49998, 49997, 49996, 49994, 49993, 49992, 49991, 49989, 49988]);
    }
    let (generic, custom): (i64, i64) = sqlx::query_as(
        "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE 'SELECT id, n FROM many%'",
    )
    .fetch_one(&mut *c)
    .await
    .unwrap();
    assert!(
        generic >= 3,
        "the page's plan is kept after PostgreSQL's five trial plans: {generic} generic, {custom} custom"
    );
}
