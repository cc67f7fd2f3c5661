//! Rolling upgrades (issue 18): during a rollout the previous release's replicas run on a
//! database the new release has already migrated, and one of them restarting must start and
//! serve. Here the next release is played by expand migrations this binary does not know (a
//! new column with a default on a table this release writes, a new table, and a newer
//! services/common migration); this binary plays the previous release. It must start on
//! that database, serve, and write rows the newer schema accepts; and it must still refuse a
//! database where one of its own applied migrations was changed. Then the previous release's
//! own binary (built from the commit deploy/previous-release names) does the same as a
//! process. On SQLite and, when TEST_DATABASE_URL is set, PostgreSQL.

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
    let step = |version: i64, sql: &'static str| {
        Migration::new(
            version,
            "next release".into(),
            MigrationType::Simple,
            sqlx::SqlSafeStr::into_sql_str(sql),
            false,
        )
    };
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
    let channel = tonic::transport::Endpoint::from_shared(format!("http://127.0.0.1:{port}"))
        .unwrap()
        .connect()
        .await
        .expect("the service serves");
    HealthClient::new(channel)
        .check(HealthCheckRequest { service: String::new() })
        .await
        .expect("health answers")
        .into_inner()
        .status()
}

async fn start(url: &str) -> anyhow::Result<catalogue::app::Running> {
    let cfg = catalogue::app::Config { database_url: url.to_string() };
    let bus = common::bus::from_url(None).await?;
    tokio::time::timeout(Duration::from_secs(30), catalogue::app::start(&cfg, "127.0.0.1:0", bus, Shutdown::new()))
        .await?
}

/// This release's first page of the causes that hold `search`, and their total.
async fn causes_matching(running: &catalogue::app::Running, search: &str) -> (Vec<catalogue::store::Term>, i64) {
    let page =
        common::paging::Page { page: 1, limit: 10, search: search.into(), column: String::new(), order: String::new() };
    running.catalogue.list(Kind::Cause, &page).await.expect("this release reads")
}

async fn previous_release_runs_on_the_next_releases_database(url: &str) {
    // This release made the database...
    let running = start(url).await.expect("a fresh database");
    running.server.abort();
    running.catalogue.db.pool.close().await;

    // ...the next release migrated it (expand)...
    let db = Db::connect_only(url).await.unwrap();
    next_release().run(&mut *db.pool.acquire().await.unwrap()).await.expect("the next release's migrations");

    // ...and this release's replica restarts on it: it starts, serves and writes.
    let running = start(url).await.expect("the previous release starts on the newer database");
    assert_eq!(serving(running.port).await, ServingStatus::Serving);
    let cause = running
        .catalogue
        .create(Kind::Cause, "Upgrade Safe", "written by the previous release", &Actor::system())
        .await
        .expect("writes work");
    let (found, total) = causes_matching(&running, "upgrade safe").await;
    assert_eq!((total, found[0].id.as_str()), (1, cause.id.as_str()));
    let icon: String =
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT icon FROM causes WHERE id = '{}'", cause.id)))
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(icon, "", "the newer column took its default for the older writer");
    let applied: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE version IN (9001, 9002, 1000000900)")
            .fetch_one(&db.pool)
            .await
            .unwrap();
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

/// The previous release's own catalogue binary, built from the commit `deploy/previous-release`
/// names by deploy/scripts/previous-release.sh (the test command runs it and sets
/// PREVIOUS_RELEASE_DIR). Absent: skipped, unless REQUIRE_SERVICES=1.
fn previous_binary() -> Option<std::path::PathBuf> {
    match std::env::var_os("PREVIOUS_RELEASE_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => {
            let bin = std::path::Path::new(&dir).join("catalogue");
            assert!(bin.exists(), "{} is missing: run deploy/scripts/previous-release.sh", bin.display());
            Some(bin)
        }
        None if common::testing::services_required() => panic!(
            "REQUIRE_SERVICES=1 but PREVIOUS_RELEASE_DIR is unset (deploy/scripts/previous-release.sh builds it)"
        ),
        None => None,
    }
}

/// A child process, killed when dropped.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The previous release's binary, as a process, on a database this release migrated and
/// wrote (with the next release's expand steps on top as well): it starts, serves, reads what
/// this release wrote, and writes what this release then reads.
async fn previous_binary_runs_on_this_releases_database(bin: &std::path::Path, url: &str) {
    use proto::catalogue::v1::{ListTermsRequest, TermInput, TermKind, catalogue_client::CatalogueClient};
    // This release migrates and writes...
    let running = start(url).await.expect("this release starts");
    let ours = running
        .catalogue
        .create(Kind::Cause, "Written By This Release", "a cause this release made", &Actor::system())
        .await
        .expect("this release writes");
    running.server.abort();
    running.catalogue.db.pool.close().await;
    let db = Db::connect_only(url).await.unwrap();
    next_release().run(&mut *db.pool.acquire().await.unwrap()).await.expect("the next release's migrations");

    // ...the previous release's replica starts on it...
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let log = common::testing::temp_dir();
    let log_file = log.0.join("previous.log");
    let mut child = Child(
        std::process::Command::new(bin)
            .env("CATALOGUE_DATABASE_URL", url)
            .env("GRPC_LISTEN", format!("127.0.0.1:{port}"))
            .env("METRICS_LISTEN", "127.0.0.1:0")
            .env_remove("AMQP_URL")
            .stdout(std::fs::File::create(&log_file).unwrap())
            .stderr(std::fs::File::create(log.0.join("previous.err")).unwrap())
            .spawn()
            .expect("the previous release's binary runs"),
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let channel = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            let err = std::fs::read_to_string(log.0.join("previous.err")).unwrap_or_default();
            panic!("the previous release exited ({status}) on this release's database:\n{err}");
        }
        assert!(std::time::Instant::now() < deadline, "the previous release did not serve within 60 s");
        if let Ok(channel) =
            tonic::transport::Endpoint::from_shared(format!("http://127.0.0.1:{port}")).unwrap().connect().await
        {
            let health = HealthClient::new(channel.clone()).check(HealthCheckRequest { service: String::new() }).await;
            if health.is_ok_and(|h| h.into_inner().status() == ServingStatus::Serving) {
                break channel;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };

    // ...reads what this release wrote and writes what this release reads.
    let mut client = CatalogueClient::new(channel);
    let page = |search: &str| ListTermsRequest {
        kind: TermKind::Cause.into(),
        page: Some(proto::common::v1::PageRequest { page: 1, limit: 10, search: search.into(), ..Default::default() }),
    };
    let seen =
        client.list_terms(page("written by this release")).await.expect("the previous release lists").into_inner();
    assert_eq!(seen.items.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(), [ours.id.as_str()]);
    let theirs = client
        .create_term(TermInput {
            kind: TermKind::Cause.into(),
            name: "Written By The Previous".into(),
            description: "a cause the previous release made".into(),
            actor: Some(Default::default()),
        })
        .await
        .expect("the previous release writes")
        .into_inner();
    drop(child);
    let running = start(url).await.expect("this release starts again");
    let (found, total) = causes_matching(&running, "written by the previous").await;
    assert_eq!((total, found[0].id.as_str()), (1, theirs.id.as_str()));
    running.server.abort();
    running.catalogue.db.pool.close().await;
    db.pool.close().await;
}

#[tokio::test]
async fn the_previous_releases_binary_runs_on_this_releases_database_on_sqlite() {
    let Some(bin) = previous_binary() else { return };
    let dir = common::testing::temp_dir();
    previous_binary_runs_on_this_releases_database(&bin, &format!("sqlite://{}/catalogue.db", dir.0.display())).await;
}

#[tokio::test]
async fn the_previous_releases_binary_runs_on_this_releases_database_on_postgres() {
    let Some(bin) = previous_binary() else { return };
    let Some(database) = common::testing::postgres_database().await else { return };
    previous_binary_runs_on_this_releases_database(&bin, &database.url).await;
}
