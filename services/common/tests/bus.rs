//! The event bus on a real RabbitMQ, and the outbox relay (TEST_AMQP_URL; skipped
//! without it unless REQUIRE_SERVICES=1).

use async_trait::async_trait;
use common::bus::{Event, EventBus, EventHandler, InProcessBus, RabbitBus};
use common::db::Db;
use common::outbox::{self, Relay};
use common::shutdown::Shutdown;
use common::testing::amqp_url as amqp;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

/// Whether the broker holds `queue` (a passive declare, on a connection of its own).
async fn queue_exists(url: &str, queue: &str) -> bool {
    let tls = lapin::tcp::OwnedTLSConfig::default();
    let conn = lapin::Connection::connect_with_config(
        url,
        lapin::ConnectionProperties::default(),
        tls,
        lapin::runtime::default_runtime().unwrap(),
    )
    .await
    .unwrap();
    let ch = conn.create_channel().await.unwrap();
    let passive = lapin::options::QueueDeclareOptions { passive: true, ..Default::default() };
    let found = ch.queue_declare(queue.into(), passive, lapin::types::FieldTable::default()).await.is_ok();
    let _ = conn.close(200, "done".into()).await;
    found
}

#[derive(Default)]
struct Seen {
    ids: Mutex<Vec<String>>,
    fail: bool,
}

#[async_trait]
impl EventHandler for Seen {
    async fn handle(&self, e: &Event) -> anyhow::Result<()> {
        self.ids.lock().await.push(e.id.clone());
        if self.fail { anyhow::bail!("refused") } else { Ok(()) }
    }
}

async fn wait_for(seen: &Seen, n: usize) -> Vec<String> {
    for _ in 0..100 {
        let ids = seen.ids.lock().await.clone();
        if ids.len() >= n {
            return ids;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    seen.ids.lock().await.clone()
}

#[tokio::test]
async fn rabbitmq_delivers_matching_events_to_durable_queues() {
    let Some(url) = amqp() else { return };
    let bus = RabbitBus::connect(&url).await.unwrap();
    let seen = Arc::new(Seen::default());
    let stop = Shutdown::new();
    let q = format!("test.{}", common::new_id());
    let key = format!("test{}.thing.created", common::new_id());
    let pattern = format!("{}.#", key.split('.').next().unwrap());
    bus.subscribe(&q, &[pattern.as_str()], seen.clone(), stop.clone()).await.unwrap();
    let ev = Event::new(&key, serde_json::json!({ "n": 1 }));
    bus.publish(&ev).await.unwrap();
    bus.publish(&Event::new("other.thing.created", serde_json::json!({}))).await.unwrap();
    assert_eq!(wait_for(&seen, 1).await, vec![ev.id.clone()]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(seen.ids.lock().await.len(), 1, "only the matching event arrives");
    stop.trigger();
}

#[tokio::test]
async fn a_retired_queue_is_deleted_once_nothing_consumes_it() {
    let Some(url) = amqp() else { return };
    let bus = RabbitBus::connect(&url).await.unwrap();
    let q = format!("test.retired.{}", common::new_id());
    let key = format!("retired{}.thing.created", common::new_id());
    let stop = Shutdown::new();
    let seen = Arc::new(Seen::default());
    bus.subscribe(&q, &[key.as_str()], seen.clone(), stop.clone()).await.unwrap();
    bus.publish(&Event::new(&key, serde_json::json!({}))).await.unwrap();
    wait_for(&seen, 1).await;
    // Still consumed (a previous release's replica): left alone, the bus keeps working.
    assert!(!bus.delete_queue(&q).await.unwrap());
    assert_eq!(
        bus.publish_checked(&Event::new(&key, serde_json::json!({}))).await.unwrap(),
        common::bus::Published::Routed
    );
    assert_eq!(wait_for(&seen, 2).await.len(), 2);
    assert!(queue_exists(&url, &q).await && queue_exists(&url, &format!("{q}.dlq")).await);
    // Its consumer gone, it is deleted with its dead-letter queue: nothing is bound to its key.
    stop.trigger();
    let mut deleted = false;
    for _ in 0..50 {
        if bus.delete_queue(&q).await.unwrap() {
            deleted = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(deleted, "the queue was not deleted once its consumer stopped");
    // Gone, its dead-letter queue too. (Asked of the broker, not by publishing to its key: a
    // queue bound to every key, as the audit service's is, routes any key.)
    assert!(!queue_exists(&url, &q).await, "the retired queue is still there");
    assert!(!queue_exists(&url, &format!("{q}.dlq")).await, "its dead-letter queue is still there");
    // A queue that is not there is gone already.
    assert!(bus.delete_queue(&q).await.unwrap());
    assert!(InProcessBus::new().delete_queue(&q).await.unwrap());
}

#[tokio::test]
async fn an_event_that_keeps_failing_goes_to_the_dead_letter_queue_after_one_retry() {
    let Some(url) = amqp() else { return };
    let bus = RabbitBus::connect(&url).await.unwrap();
    let seen = Arc::new(Seen { fail: true, ..Default::default() });
    let stop = Shutdown::new();
    let q = format!("test.{}", common::new_id());
    let key = format!("dl{}.thing.created", common::new_id());
    bus.subscribe(&q, &[key.as_str()], seen.clone(), stop.clone()).await.unwrap();
    bus.publish(&Event::new(&key, serde_json::json!({}))).await.unwrap();
    assert_eq!(wait_for(&seen, 2).await.len(), 2);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(seen.ids.lock().await.len(), 2, "no loop: two tries, then the dead-letter queue");
    stop.trigger();
    // The dead-letter queue holds it.
    let conn = lapin::Connection::connect(&url, lapin::ConnectionProperties::default()).await.unwrap();
    let ch = conn.create_channel().await.unwrap();
    let dlq = ch
        .queue_declare(
            format!("{q}.dlq").as_str().into(),
            lapin::options::QueueDeclareOptions { passive: true, ..Default::default() },
            Default::default(),
        )
        .await
        .unwrap();
    assert_eq!(dlq.message_count(), 1);
}

async fn outbox_db() -> (Db, common::testing::TempDir) {
    let dir = common::testing::temp_dir();
    let db = Db::connect(&format!("sqlite://{}/o.db", dir.0.display()), &common::testing::COMMON_ONLY).await.unwrap();
    (db, dir)
}

struct Down;
#[async_trait]
impl EventBus for Down {
    async fn publish(&self, _e: &Event) -> anyhow::Result<()> {
        anyhow::bail!("broker down")
    }
    async fn subscribe(&self, _q: &str, _p: &[&str], _h: Arc<dyn EventHandler>, _s: Shutdown) -> anyhow::Result<()> {
        Ok(())
    }
    async fn healthy(&self) -> bool {
        false
    }
}

#[tokio::test]
async fn the_outbox_keeps_events_while_the_broker_is_down_and_relays_them_in_order_later() {
    let (db, _dir) = outbox_db().await;
    let mut evs = vec![];
    for i in 0..3 {
        let mut tx = db.pool.begin().await.unwrap();
        let mut ev = Event::new("identity.subadmin.created", serde_json::json!({ "i": i }));
        ev.time += i; // distinct times keep the order explicit
        outbox::enqueue(&mut tx, &ev).await.unwrap();
        tx.commit().await.unwrap();
        evs.push(ev.id);
    }
    // A rolled-back change leaves no event.
    let mut tx = db.pool.begin().await.unwrap();
    outbox::enqueue(&mut tx, &Event::new("identity.subadmin.created", serde_json::json!({}))).await.unwrap();
    tx.rollback().await.unwrap();

    let down = Relay::new(db.clone(), Arc::new(Down));
    assert!(down.publish_batch(10).await.is_err());
    assert_eq!(down.pending().await.unwrap(), 3);

    let bus = Arc::new(InProcessBus::new());
    let seen = Arc::new(Seen::default());
    bus.subscribe("q", &["identity.#"], seen.clone(), Shutdown::new()).await.unwrap();
    let up = Relay::new(db.clone(), bus);
    assert_eq!(up.publish_batch(10).await.unwrap(), 3);
    assert_eq!(*seen.ids.lock().await, evs);
    assert_eq!(up.pending().await.unwrap(), 0);
    assert_eq!(up.publish_batch(10).await.unwrap(), 0, "nothing is published twice");
}

#[tokio::test]
async fn the_outbox_relays_through_rabbitmq_after_the_broker_comes_back() {
    let Some(url) = amqp() else { return };
    let (db, _dir) = outbox_db().await;
    let mut tx = db.pool.begin().await.unwrap();
    let key = format!("rb{}.thing.created", common::new_id());
    let ev = Event::new(&key, serde_json::json!({}));
    outbox::enqueue(&mut tx, &ev).await.unwrap();
    tx.commit().await.unwrap();
    assert!(Relay::new(db.clone(), Arc::new(Down)).publish_batch(10).await.is_err());

    let bus = Arc::new(RabbitBus::connect(&url).await.unwrap());
    let seen = Arc::new(Seen::default());
    let stop = Shutdown::new();
    bus.subscribe(&format!("test.{}", common::new_id()), &[key.as_str()], seen.clone(), stop.clone()).await.unwrap();
    let relay = Relay::new(db.clone(), bus);
    let task = relay.clone().spawn(stop.clone());
    assert_eq!(wait_for(&seen, 1).await, vec![ev.id.clone()]);
    // The batch is marked published once the broker confirmed it: maybe a moment after delivery.
    let mut pending = relay.pending().await.unwrap();
    for _ in 0..100 {
        if pending == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        pending = relay.pending().await.unwrap();
    }
    assert_eq!(pending, 0);
    stop.trigger();
    let _ = task.await;
}

#[tokio::test]
async fn a_consumer_handles_a_redelivered_event_once() {
    let (db, _dir) = outbox_db().await;
    let mut c = db.pool.acquire().await.unwrap();
    assert!(outbox::mark_handled(&mut c, "mailer", "ev1").await.unwrap());
    assert!(!outbox::mark_handled(&mut c, "mailer", "ev1").await.unwrap());
    assert!(outbox::mark_handled(&mut c, "other", "ev1").await.unwrap());
}
