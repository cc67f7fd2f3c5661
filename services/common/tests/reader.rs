//! `Db::read`, the hot lists' reader on the backend's own connections, on both backends: it
//! reads every kind of column the lists map (text, NULL, integers, flags) with bound values,
//! sees at once what the `Any` pool committed, opens no connection before its first read,
//! answers a bad statement or a missing column with an error (and serves the next read), and
//! is closed with the database.

use common::db::{Backend, Db, Fields, Reader, Sql};
use common::testing::{postgres_database, temp_dir};

#[derive(Debug, PartialEq)]
struct Row {
    id: String,
    note: Option<String>,
    amount: i64,
    refunded_at: Option<i64>,
    active: bool,
}

fn row(r: &(impl Fields + ?Sized)) -> sqlx::Result<Row> {
    Ok(Row {
        id: r.text("id")?,
        note: r.text_or_null("note")?,
        amount: r.int("amount")?,
        refunded_at: r.int_or_null("refunded_at")?,
        active: r.flag("active")?,
    })
}

fn idle(db: &Db) -> usize {
    match &db.reader {
        Reader::Sqlite(p) => p.num_idle(),
        Reader::Postgres(p) => p.num_idle(),
    }
}

async fn insert(db: &Db, id: &str, note: Option<&str>, amount: i64, refunded_at: Option<i64>, active: bool) {
    let mut q = Sql::new(db.backend, "INSERT INTO t (id, note, amount, refunded_at, active) VALUES (");
    q.push_bind(id.to_string()).push(", ");
    q.push_bind(note.map(str::to_string)).push(", ");
    q.push_bind(amount).push(", ");
    q.push_bind(refunded_at).push(", ");
    q.push_bind(active).push(")");
    q.build().execute(&db.pool).await.unwrap();
}

/// The rows with an amount of at least `at_least` and the given flag, by id.
fn select(db: &Db, at_least: i64, active: bool) -> Sql {
    let mut q = Sql::new(db.backend, "SELECT id, note, amount, refunded_at, active FROM t WHERE amount >= ");
    q.push_bind(at_least).push(" AND active = ").push_bind(active).push(" ORDER BY id");
    q.push_limit(10, 0);
    q
}

async fn check(db: Db) {
    let what = format!("{:?}", db.backend);
    assert_eq!(idle(&db), 0, "{what}: the reader opened a connection before its first read");
    let flag = if db.backend == Backend::Postgres { "BOOLEAN" } else { "INTEGER" };
    let create = format!(
        "CREATE TABLE t (id TEXT PRIMARY KEY, note TEXT, amount BIGINT NOT NULL, refunded_at BIGINT, active {flag} NOT NULL)"
    );
    sqlx::query(sqlx::AssertSqlSafe(create)).execute(&db.pool).await.unwrap();
    insert(&db, "a", Some("first \u{e9}t\u{e9}"), 2_500, None, true).await;
    insert(&db, "b", None, 9_000_000_000, Some(1_700_000_000_000), true).await;
    insert(&db, "c", Some("inactive"), 7_000, None, false).await;

    let rows = db.read(select(&db, 2_500, true), row).await.unwrap();
    assert_eq!(
        rows,
        vec![
            Row {
                id: "a".into(),
                note: Some("first \u{e9}t\u{e9}".into()),
                amount: 2_500,
                refunded_at: None,
                active: true
            },
            Row {
                id: "b".into(),
                note: None,
                amount: 9_000_000_000,
                refunded_at: Some(1_700_000_000_000),
                active: true
            },
        ],
        "{what}"
    );
    let inactive = db.read(select(&db, 0, false), row).await.unwrap();
    assert_eq!(inactive.iter().map(|r| (r.id.as_str(), r.active)).collect::<Vec<_>>(), vec![("c", false)], "{what}");
    assert!(idle(&db) >= 1, "{what}: the reader's connection did not go back");

    // What the pool commits, the reader sees at once.
    insert(&db, "d", None, 3_000, None, true).await;
    let ids: Vec<String> = db.read(select(&db, 2_500, true), |r| r.text("id")).await.unwrap();
    assert_eq!(ids, ["a", "b", "d"], "{what}");

    // A missing column and a bad statement are errors; the next read is served.
    let missing = db.read(select(&db, 0, true), |r| r.text("no_such_column")).await;
    assert!(matches!(missing, Err(sqlx::Error::ColumnNotFound(_))), "{what}: {missing:?}");
    let bad = db.read(Sql::new(db.backend, "SELECT id FROM no_such_table"), |r| r.text("id")).await;
    assert!(matches!(bad, Err(sqlx::Error::Database(_))), "{what}: {bad:?}");
    let wrong_type = db.read(select(&db, 0, true), |r| r.int("id")).await;
    assert!(wrong_type.is_err(), "{what}: text read as an integer: {wrong_type:?}");
    assert_eq!(db.read(select(&db, 0, true), row).await.unwrap().len(), 3, "{what}");

    // Closed with the database: a read after it is refused, not left waiting.
    db.close().await;
    let closed = db.read(select(&db, 0, true), row).await;
    assert!(matches!(closed, Err(sqlx::Error::PoolClosed | sqlx::Error::PoolTimedOut)), "{what}: {closed:?}");
}

#[tokio::test]
async fn the_reader_reads_what_the_pool_wrote_on_sqlite() {
    let dir = temp_dir();
    check(Db::connect_only(&format!("sqlite://{}/r.db", dir.0.display())).await.unwrap()).await;
}

#[tokio::test]
async fn the_reader_reads_what_the_pool_wrote_on_postgres() {
    let Some(pg) = postgres_database().await else { return };
    check(Db::connect_only(&pg.url).await.unwrap()).await;
}
