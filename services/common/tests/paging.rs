//! `db::page_with_total`, the one way every list reads a page and its total, on both backends:
//! the rows of the page in order and the total of the whole filtered list, on the first page,
//! a middle one, the last (partial) one, past the end and for an empty list.

use common::db::{Db, Sql, page_with_total};
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
