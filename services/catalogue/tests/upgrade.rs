//! Rolling upgrades (issue 18): during a rollout the previous release's replicas run on a
//! database the new release has already migrated, and one of them restarting must start and
//! serve. Here the next release is played by expand migrations this binary does not know (a
//! new column with a default on a table this release writes, a new table, and a newer
//! services/common migration); this binary plays the previous release. It must start on
//! that database, serve, and write rows the newer schema accepts; and it must still refuse a
//! database where one of its own applied migrations was changed. On SQLite and, when
//! TEST_DATABASE_URL is set, PostgreSQL.

use catalogue::store::Kind;
use common::Actor;
use common::db::{Backend, COMMON_VERSIONS_FROM, Db};
use common::shutdown::Shutdown;
use sqlx::migrate::{Migration, MigrationType, Migrator};
use std::time::Duration;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

/// What the next release adds: expand steps only (nothing this release reads or writes is
/// dropped, renamed or made stricter).
fn next_release() -> Migrator {
    let step = |version: i64, sql: &'static str| Migration::new(version, "next release".into(), MigrationType::Simple, sqlx::SqlSafeStr::into_sql_str(sql), false);
    let mut m = Migrator::with_migrations(vec![
        step(9_001, "ALTER TABLE causes ADD COLUMN icon TEXT NOT NULL DEFAULT ''"),
        step(9_002, "CREATE TABLE cause_tags (cause_id TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (cause_id, tag))"),
        step(COMMON_VERSIONS_FROM + 900, "CREATE TABLE outbox_next (id TEXT PRIMARY KEY)"),
    ]);
    // The next release knows this release's migrations too; here only its own are listed.
    m.set_ignore_missing(true);
    m
}

async fn serving(port: u16) -> ServingStatus {
    let channel = tonic::transport::Endpoint::from_shared(format!("http://127.0.0.1:{port}")).unwrap().connect().await.expect("the service serves");
    HealthClient::new(channel).check(HealthCheckRequest { service: String::new() }).await.expect("health answers").into_inner().status()
}

async fn start(url: &str) -> anyhow::Result<catalogue::app::Running> {
    let cfg = catalogue::app::Config { database_url: url.to_string() };
    let bus = common::bus::from_url(None).await?;
    tokio::time::timeout(Duration::from_secs(30), catalogue::app::start(&cfg, "127.0.0.1:0", bus, Shutdown::new())).await?
}

async fn previous_release_runs_on_the_next_releases_database(url: &str) {
    // This release made the database...
    let running = start(url).await.expect("a fresh database");
    running.server.abort();
    running.catalogue.db.pool.close().await;

    // ...the next release migrated it (expand)...
    let db = Db::connect_only(url).await.unwrap();
    next_release().run(&db.pool).await.expect("the next release's migrations");

    // ...and this release's replica restarts on it: it starts, serves and writes.
    let running = start(url).await.expect("the previous release starts on the newer database");
    assert_eq!(serving(running.port).await, ServingStatus::Serving);
    let cause = running.catalogue.create(Kind::Cause, "Upgrade Safe", "written by the previous release", &Actor::system()).await.expect("writes work");
    let (found, total) = running
        .catalogue
        .list(Kind::Cause, &common::paging::Page { page: 1, limit: 10, search: "upgrade safe".into(), column: String::new(), order: String::new() })
        .await
        .expect("reads work");
    assert_eq!((total, found[0].id.as_str()), (1, cause.id.as_str()));
    let icon: String = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT icon FROM causes WHERE id = '{}'", cause.id))).fetch_one(&db.pool).await.unwrap();
    assert_eq!(icon, "", "the newer column took its default for the older writer");
    let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE version IN (9001, 9002, 1000000900)").fetch_one(&db.pool).await.unwrap();
    assert_eq!(applied, 3, "the newer migrations are left as they are");
    running.server.abort();
    running.catalogue.db.pool.close().await;

    // One of its own applied migrations changed: refused, naming it.
    let tamper = match db.backend {
        Backend::Sqlite => "UPDATE _sqlx_migrations SET checksum = X'00' WHERE version = 1",
        Backend::Postgres => "UPDATE _sqlx_migrations SET checksum = '\\x00'::bytea WHERE version = 1",
    };
    sqlx::query(tamper).execute(&db.pool).await.unwrap();
    let msg = match start(url).await {
        Ok(_) => panic!("a changed migration is refused"),
        Err(refused) => format!("{refused:#}"),
    };
    assert!(msg.contains("migration 1 was changed after it was applied"), "{msg}");
    db.pool.close().await;
}

#[tokio::test]
async fn the_previous_release_starts_on_a_database_the_next_one_migrated_on_sqlite() {
    let dir = common::testing::temp_dir();
    previous_release_runs_on_the_next_releases_database(&format!("sqlite://{}/catalogue.db", dir.0.display())).await;
}

#[tokio::test]
async fn the_previous_release_starts_on_a_database_the_next_one_migrated_on_postgres() {
    let Some(database) = common::testing::postgres_database().await else { return };
    previous_release_runs_on_the_next_releases_database(&database.url).await;
}
