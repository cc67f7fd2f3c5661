//! TLS to PostgreSQL and RabbitMQ, against real servers that accept TLS only
//! (deploy/scripts/tls-servers.sh: certificates made at the first start; skipped when the
//! servers cannot be started, unless REQUIRE_SERVICES=1).

use common::bus::{Event, EventBus, RabbitBus};
use common::db::Db;
use common::outbox::{self, Relay};
use common::shutdown::Shutdown;
use common::testing::COMMON_ONLY;
use common::testing::Seen;
use common::tls::Ca;
use common::tls_servers;
use sqlx::Row;
use std::sync::Arc;
use std::time::Duration;

/// A fresh database on the TLS server, made and dropped over TLS.
struct TlsDatabase {
    admin: Db,
    name: String,
}

impl TlsDatabase {
    async fn create(admin_url: &str) -> Self {
        let admin = Db::connect_only(admin_url).await.expect("admin connection over TLS");
        let name = format!("gc_tls_{}", common::new_id());
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin.pool).await.unwrap();
        Self { admin, name }
    }

    async fn drop(self) {
        let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name)))
            .execute(&self.admin.pool)
            .await;
        self.admin.pool.close().await;
    }
}

/// `base` (the servers' URL, sslmode=verify-full) on database `db`, trusting `ca`.
fn pg_url(base: &str, db: &str, ca: &str) -> String {
    let (before, query) = base.split_once('?').unwrap();
    let server = before.rsplit_once('/').unwrap().0;
    format!("{server}/{db}?{query}&sslrootcert={ca}")
}

#[tokio::test]
async fn postgres_with_verify_full_migrates_and_answers_over_tls_and_a_wrong_ca_is_refused() {
    let Some(s) = tls_servers::get() else { return };
    let database = TlsDatabase::create(&pg_url(&s.postgres_url, "postgres", &s.ca)).await;

    // The migration (common's outbox tables) runs and a query answers, over TLS.
    let db = Db::connect(&pg_url(&s.postgres_url, &database.name, &s.ca), &COMMON_ONLY).await.unwrap();
    let row = sqlx::query("SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert!(row.try_get::<bool, _>("ssl").unwrap(), "the connection is not encrypted");
    assert!(row.try_get::<String, _>("version").unwrap().starts_with("TLS"));
    let outbox: i64 = sqlx::query("SELECT COUNT(*) FROM outbox").fetch_one(&db.pool).await.unwrap().try_get(0).unwrap();
    assert_eq!(outbox, 0);
    db.pool.close().await;

    // The same URL trusting another CA is refused, with an error that says why.
    let err = Db::connect_only(&pg_url(&s.postgres_url, &database.name, &s.wrong_ca)).await.unwrap_err();
    let text = format!("{err:#}");
    assert!(text.contains("certificate is not trusted") && text.contains("TLS_CA_FILE"), "{text}");
    assert!(text.contains("UnknownIssuer"), "{text}");

    // The server takes TLS only: a plain connection is turned away.
    let plain = s
        .postgres_url
        .replace("sslmode=verify-full", "sslmode=disable")
        .replace("/postgres?", &format!("/{}?", database.name));
    assert!(Db::connect_only(&plain).await.is_err());
    database.drop().await;
}

/// An event written to the outbox (in a PostgreSQL reached over TLS) is published by the
/// relay to RabbitMQ over amqps:// and consumed from it; a bus trusting another CA cannot
/// connect, and says why.
#[tokio::test]
async fn an_outbox_event_travels_through_rabbitmq_over_tls() {
    let Some(s) = tls_servers::get() else { return };
    let database = TlsDatabase::create(&pg_url(&s.postgres_url, "postgres", &s.ca)).await;
    let db = Db::connect(&pg_url(&s.postgres_url, &database.name, &s.ca), &COMMON_ONLY).await.unwrap();

    let ca = Arc::new(Ca::load(&s.ca).unwrap());
    let bus = Arc::new(RabbitBus::lazy_with_ca(&s.amqp_url, Some(ca)));
    assert!(bus.healthy().await, "no TLS connection to RabbitMQ");
    let seen = Arc::new(Seen::default());
    let stop = Shutdown::new();
    let prefix = format!("tls{}", common::new_id());
    let pattern = format!("{prefix}.#");
    bus.subscribe(&format!("test.{prefix}"), &[pattern.as_str()], seen.clone(), stop.clone()).await.unwrap();

    let event = Event::new(&format!("{prefix}.thing.created"), serde_json::json!({ "over": "tls" }));
    let mut tx = db.pool.begin().await.unwrap();
    outbox::enqueue(&mut tx, &event).await.unwrap();
    tx.commit().await.unwrap();
    let pass = Relay::new(db.clone(), bus.clone()).pass(10).await.unwrap();
    assert_eq!(pass.published, 1, "{pass:?}");
    let mut got = Vec::new();
    for _ in 0..100 {
        got = seen.events().await;
        if !got.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(got.len(), 1, "the event was not consumed");
    assert_eq!(got[0].id, event.id);
    assert_eq!(got[0].payload["over"], "tls");
    stop.trigger();

    let wrong = RabbitBus::lazy_with_ca(&s.amqp_url, Some(Arc::new(Ca::load(&s.wrong_ca).unwrap())));
    assert!(!wrong.healthy().await);
    let err = format!(
        "{:#}",
        RabbitBus::connect_with_ca(&s.amqp_url, Some(Arc::new(Ca::load(&s.wrong_ca).unwrap()))).await.err().unwrap()
    );
    assert!(err.contains("certificate is not trusted"), "{err}");

    db.pool.close().await;
    database.drop().await;
}
