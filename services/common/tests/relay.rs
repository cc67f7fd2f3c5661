//! The outbox relay's bounded retries, pruning and unroutable events, on SQLite and
//! PostgreSQL (TEST_DATABASE_URL) and, for the unroutable count, a real RabbitMQ
//! (TEST_AMQP_URL; skipped without it unless REQUIRE_SERVICES=1).

use async_trait::async_trait;
use common::bus::{Event, EventBus, EventHandler, RabbitBus};
use common::db::Db;
use common::outbox::{self, Pass, Relay, RelayOptions};
use common::shutdown::Shutdown;
use common::testing::COMMON_ONLY;
use common::testing::amqp_url as amqp;
use sqlx::Row;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// A bus that is up but refuses every event whose key starts with `bad.`, and records the
/// ids it accepted; `down` makes it an unreachable broker, and so does the first event whose
/// key starts with `outage.` when `outage` is set (a broker lost in the middle of a pass).
#[derive(Default)]
struct Picky {
    accepted: Mutex<Vec<String>>,
    tried: Mutex<Vec<String>>,
    down: std::sync::atomic::AtomicBool,
    outage: std::sync::atomic::AtomicBool,
}

#[async_trait]
impl EventBus for Picky {
    async fn publish(&self, e: &Event) -> anyhow::Result<()> {
        self.tried.lock().await.push(e.id.clone());
        if e.event_type.starts_with("outage.") && self.outage.swap(false, std::sync::atomic::Ordering::SeqCst) {
            self.down.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        if self.down.load(std::sync::atomic::Ordering::SeqCst) {
            anyhow::bail!("connection refused");
        }
        if e.event_type.starts_with("bad.") {
            anyhow::bail!("refused by the broker");
        }
        self.accepted.lock().await.push(e.id.clone());
        Ok(())
    }
    async fn subscribe(&self, _q: &str, _p: &[&str], _h: Arc<dyn EventHandler>, _s: Shutdown) -> anyhow::Result<()> {
        Ok(())
    }
    async fn healthy(&self) -> bool {
        !self.down.load(std::sync::atomic::Ordering::SeqCst)
    }
}

async fn enqueue(db: &Db, key: &str, time: i64) -> String {
    let mut ev = Event::new(key, serde_json::json!({}));
    ev.time = time;
    let mut tx = db.pool.begin().await.unwrap();
    outbox::enqueue(&mut tx, &ev).await.unwrap();
    tx.commit().await.unwrap();
    ev.id
}

fn options(max_attempts: i64, first_backoff: Duration) -> RelayOptions {
    RelayOptions { max_attempts, first_backoff, ..RelayOptions::default() }
}

async fn a_row_that_keeps_failing_is_moved_aside_and_never_blocks_the_next(db: Db) {
    let now = common::now_ms();
    let bad = enqueue(&db, "bad.thing.created", now).await;
    let good = enqueue(&db, "good.thing.created", now + 1).await;
    let bus = Arc::new(Picky::default());
    let relay = Relay::with_options(db.clone(), bus.clone(), options(3, Duration::ZERO));
    let failed_before = common::metrics::global().value("outbox_failed_total");

    // First pass: the failing row is kept for another try, the row behind it goes out.
    assert_eq!(relay.pass(10).await.unwrap(), Pass { published: 1, unroutable: 0, retried: 1, failed: 0 });
    assert_eq!(*bus.accepted.lock().await, vec![good.clone()]);
    let row = sqlx::query("SELECT attempts, last_error FROM outbox WHERE id = $1")
        .bind(&bad)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(row.try_get::<i64, _>("attempts").unwrap(), 1);
    assert!(row.try_get::<String, _>("last_error").unwrap().contains("refused by the broker"));

    // A broker outage is not the row's fault: nothing is counted against it.
    bus.down.store(true, std::sync::atomic::Ordering::SeqCst);
    assert!(relay.pass(10).await.is_err());
    let attempts: i64 =
        sqlx::query_scalar("SELECT attempts FROM outbox WHERE id = $1").bind(&bad).fetch_one(&db.pool).await.unwrap();
    assert_eq!(attempts, 1, "an outage does not use up attempts");
    bus.down.store(false, std::sync::atomic::Ordering::SeqCst);

    // Second and third failures: then it is moved aside with its last error.
    assert_eq!(relay.pass(10).await.unwrap().retried, 1);
    assert_eq!(relay.pass(10).await.unwrap(), Pass { published: 0, unroutable: 0, retried: 0, failed: 1 });
    assert_eq!(relay.pending().await.unwrap(), 0);
    assert_eq!(relay.failed().await.unwrap(), 1);
    let row = sqlx::query("SELECT id, event_type, attempts, last_error FROM outbox_failed")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(row.try_get::<String, _>("id").unwrap(), bad);
    assert_eq!(row.try_get::<String, _>("event_type").unwrap(), "bad.thing.created");
    assert_eq!(row.try_get::<i64, _>("attempts").unwrap(), 3);
    assert!(row.try_get::<String, _>("last_error").unwrap().contains("refused by the broker"));
    let left: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE id = $1").bind(&bad).fetch_one(&db.pool).await.unwrap();
    assert_eq!(left, 0);
    assert!(common::metrics::global().value("outbox_failed_total") >= failed_before + 1.0);
    assert!(common::metrics::global().render().contains("# TYPE outbox_failed_total counter"));

    // Nothing is tried again: neither the published row nor the one moved aside.
    let tried = bus.tried.lock().await.len();
    assert_eq!(relay.pass(10).await.unwrap(), Pass::default());
    assert_eq!(bus.tried.lock().await.len(), tried);
    assert_eq!(*bus.accepted.lock().await, vec![good]);
}

async fn a_failed_row_waits_for_its_backoff_while_later_rows_go_out(db: Db) {
    let now = common::now_ms();
    let bad = enqueue(&db, "bad.thing.created", now).await;
    let bus = Arc::new(Picky::default());
    let hour = Duration::from_secs(3600);
    let relay = Relay::with_options(db.clone(), bus.clone(), RelayOptions { max_backoff: hour, ..options(10, hour) });
    assert_eq!(relay.pass(10).await.unwrap().retried, 1);
    let next: i64 = sqlx::query_scalar("SELECT next_attempt_at FROM outbox WHERE id = $1")
        .bind(&bad)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert!(next >= now + 3_600_000, "the next attempt waits the backoff");
    let later = enqueue(&db, "good.thing.created", now + 1).await;
    assert_eq!(relay.pass(10).await.unwrap(), Pass { published: 1, ..Pass::default() });
    assert_eq!(*bus.tried.lock().await, vec![bad, later], "the waiting row is not tried before its time");
    assert_eq!(relay.pending().await.unwrap(), 1);
}

/// The broker lost in the middle of a pass: the rows published before it stay published (once
/// each), the rest wait untouched and go out, in order, once it is back.
async fn rows_published_before_an_outage_in_the_pass_stay_published(db: Db) {
    let now = common::now_ms();
    let first = enqueue(&db, "good.thing.created", now).await;
    let second = enqueue(&db, "good.thing.updated", now + 1).await;
    let cut = enqueue(&db, "outage.thing.created", now + 2).await;
    let last = enqueue(&db, "good.thing.deleted", now + 3).await;
    let bus = Arc::new(Picky::default());
    bus.outage.store(true, std::sync::atomic::Ordering::SeqCst);
    let relay = Relay::with_options(db.clone(), bus.clone(), options(3, Duration::ZERO));
    assert!(relay.pass(10).await.is_err(), "the pass stops at the outage");
    let marks = |id: String| {
        let db = db.clone();
        async move {
            let r = sqlx::query("SELECT published_at, attempts FROM outbox WHERE id = $1")
                .bind(id)
                .fetch_one(&db.pool)
                .await
                .unwrap();
            (r.try_get::<Option<i64>, _>("published_at").unwrap().is_some(), r.try_get::<i64, _>("attempts").unwrap())
        }
    };
    assert_eq!(marks(first.clone()).await, (true, 1));
    assert_eq!(marks(second.clone()).await, (true, 1));
    assert_eq!((marks(cut.clone()).await, marks(last.clone()).await), ((false, 0), (false, 0)));
    assert_eq!(relay.pending().await.unwrap(), 2);

    bus.down.store(false, std::sync::atomic::Ordering::SeqCst);
    assert_eq!(relay.pass(10).await.unwrap(), Pass { published: 2, ..Pass::default() });
    assert_eq!(*bus.accepted.lock().await, vec![first, second, cut, last]);
    assert_eq!(relay.pending().await.unwrap(), 0);
}

async fn pruning_deletes_only_published_rows_older_than_the_retention(db: Db) {
    let day = 24 * 3600 * 1000;
    let now = common::now_ms();
    let mut old = vec![];
    for i in 0..3 {
        old.push(enqueue(&db, "a.b.c", now - 9 * day + i).await);
    }
    let recent = enqueue(&db, "a.b.c", now - 2 * day).await;
    let waiting = enqueue(&db, "a.b.c", now - 30 * day).await;
    for id in &old {
        sqlx::query("UPDATE outbox SET published_at = $1 WHERE id = $2")
            .bind(now - 8 * day)
            .bind(id)
            .execute(&db.pool)
            .await
            .unwrap();
    }
    sqlx::query("UPDATE outbox SET published_at = $1 WHERE id = $2")
        .bind(now - day)
        .bind(&recent)
        .execute(&db.pool)
        .await
        .unwrap();
    let relay = Relay::with_options(
        db.clone(),
        Arc::new(Picky::default()),
        RelayOptions { retention: Duration::from_secs(7 * 24 * 3600), prune_batch: 2, ..RelayOptions::default() },
    );
    assert_eq!(relay.prune().await.unwrap(), 2, "one small batch at a time");
    assert_eq!(relay.prune().await.unwrap(), 1);
    assert_eq!(relay.prune().await.unwrap(), 0);
    let mut left: Vec<String> = sqlx::query_scalar("SELECT id FROM outbox").fetch_all(&db.pool).await.unwrap();
    left.sort();
    let mut expected = vec![recent, waiting];
    expected.sort();
    assert_eq!(left, expected, "recent and unpublished rows stay");
}

async fn an_event_no_queue_is_bound_to_is_counted_as_unroutable(db: Db) {
    let Some(url) = amqp() else { return };
    let bus = Arc::new(RabbitBus::connect(&url).await.unwrap());
    // The consumers that take every event (the audit log, the content service's media
    // records) bind `#`: while their queues exist no key is unroutable. Other test binaries
    // leave them behind; they are declared again when those consumers start.
    let conn = lapin::Connection::connect(&url, lapin::ConnectionProperties::default()).await.unwrap();
    let ch = conn.create_channel().await.unwrap();
    for everything in ["audit", "content.media"] {
        let _ = ch.queue_delete(everything.into(), lapin::options::QueueDeleteOptions::default()).await;
    }
    let _ = conn.close(0, "done".into()).await;
    let before = common::metrics::global().value("outbox_unroutable_total");
    let nobody = enqueue(&db, &format!("unrouted{}.thing.created", common::new_id()), common::now_ms()).await;
    let relay = Relay::with_options(db.clone(), bus.clone(), options(3, Duration::ZERO));
    assert_eq!(relay.pass(10).await.unwrap(), Pass { published: 1, unroutable: 1, retried: 0, failed: 0 });
    assert!(common::metrics::global().value("outbox_unroutable_total") >= before + 1.0);
    let row = sqlx::query("SELECT published_at, last_error FROM outbox WHERE id = $1")
        .bind(&nobody)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert!(row.try_get::<Option<i64>, _>("published_at").unwrap().is_some(), "kept as published, not retried");
    assert!(row.try_get::<String, _>("last_error").unwrap().contains("unroutable"));

    // A key a queue is bound to is routed and not counted.
    let key = format!("routed{}.thing.created", common::new_id());
    bus.subscribe(&format!("test.{}", common::new_id()), &[key.as_str()], Arc::new(Ignore), Shutdown::new())
        .await
        .unwrap();
    enqueue(&db, &key, common::now_ms()).await;
    assert_eq!(relay.pass(10).await.unwrap(), Pass { published: 1, ..Pass::default() });
}

struct Ignore;
#[async_trait]
impl EventHandler for Ignore {
    async fn handle(&self, _e: &Event) -> anyhow::Result<()> {
        Ok(())
    }
}

common::on_both_backends! { COMMON_ONLY, |db| db;
    a_row_that_keeps_failing_is_moved_aside_and_never_blocks_the_next =>
        a_row_that_keeps_failing_is_moved_aside_and_never_blocks_the_next_on_sqlite,
        a_row_that_keeps_failing_is_moved_aside_and_never_blocks_the_next_on_postgres;
    a_failed_row_waits_for_its_backoff_while_later_rows_go_out =>
        a_failed_row_waits_for_its_backoff_while_later_rows_go_out_on_sqlite,
        a_failed_row_waits_for_its_backoff_while_later_rows_go_out_on_postgres;
    rows_published_before_an_outage_in_the_pass_stay_published =>
        rows_published_before_an_outage_in_the_pass_stay_published_on_sqlite,
        rows_published_before_an_outage_in_the_pass_stay_published_on_postgres;
    pruning_deletes_only_published_rows_older_than_the_retention =>
        pruning_deletes_only_published_rows_older_than_the_retention_on_sqlite,
        pruning_deletes_only_published_rows_older_than_the_retention_on_postgres;
    an_event_no_queue_is_bound_to_is_counted_as_unroutable =>
        an_event_no_queue_is_bound_to_is_counted_as_unroutable_on_sqlite,
        an_event_no_queue_is_bound_to_is_counted_as_unroutable_on_postgres;
}
