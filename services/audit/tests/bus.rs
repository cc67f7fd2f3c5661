//! The audit consumer over a real RabbitMQ (TEST_AMQP_URL; skipped without it unless
//! REQUIRE_SERVICES=1): a redelivered event is one record, a poison message ends in the
//! dead-letter queue after the bus's one retry and the consumer goes on with the next events.

use audit::service::Audit;
use common::Actor;
use common::bus::{Event, EventBus, RabbitBus};
use common::shutdown::Shutdown;
use lapin::options::{BasicPublishOptions, QueueDeclareOptions};
use lapin::types::FieldTable;
use lapin::{BasicProperties, Connection, ConnectionProperties};
use std::sync::Arc;
use std::time::Duration;

async fn recorded(a: &Audit, event_id: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM audit_records WHERE event_id = $1")
        .bind(event_id)
        .fetch_one(&a.db.pool)
        .await
        .unwrap()
}

async fn until(what: &str, mut ok: impl AsyncFnMut() -> bool) {
    for _ in 0..100 {
        if ok().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("timed out waiting for {what}");
}

#[tokio::test]
async fn redelivery_is_one_record_and_a_poison_message_is_dead_lettered() {
    let Some(url) = std::env::var("TEST_AMQP_URL").ok().filter(|u| !u.is_empty()) else {
        assert!(!common::testing::services_required(), "REQUIRE_SERVICES=1 but TEST_AMQP_URL is not set");
        eprintln!("note: TEST_AMQP_URL is not set; skipping");
        return;
    };
    let db = common::testing::sqlite(&audit::app::MIGRATIONS).await;
    let a = Audit::new(db.db.clone());
    let bus = RabbitBus::connect(&url).await.unwrap();
    let shutdown = Shutdown::new();
    // A queue of this test only: it binds every key as the service's does.
    let queue = format!("audit-test-{}", common::new_id());
    let key = format!("audittest{}.thing.created", common::new_id());
    bus.subscribe(&queue, &[key.as_str()], Arc::new(audit::events::Consumer(a.clone())), shutdown.clone())
        .await
        .unwrap();

    let e = Event::typed(&key, &Actor::new("a1", "Admin", "1.2.3.4"), &serde_json::json!({"id": "t1"})).unwrap();
    bus.publish(&e).await.unwrap();
    bus.publish(&e).await.unwrap();
    until("the event", async || recorded(&a, &e.id).await == 1).await;

    let conn = Connection::connect(&url, ConnectionProperties::default()).await.unwrap();
    let ch = conn.create_channel().await.unwrap();
    ch.basic_publish(
        common::bus::EXCHANGE.into(),
        key.as_str().into(),
        BasicPublishOptions::default(),
        b"{not json",
        BasicProperties::default(),
    )
    .await
    .unwrap();
    let after = Event::typed(&key, &Actor::system(), &serde_json::json!({"id": "t2"})).unwrap();
    bus.publish(&after).await.unwrap();
    until("the next good event", async || recorded(&a, &after.id).await == 1).await;
    let dlq = format!("{queue}.dlq");
    until("the dead letter", async || {
        let q = ch
            .queue_declare(
                dlq.as_str().into(),
                QueueDeclareOptions { passive: true, ..Default::default() },
                FieldTable::default(),
            )
            .await
            .unwrap();
        q.message_count() == 1
    })
    .await;
    assert_eq!(recorded(&a, &e.id).await, 1);
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_records").fetch_one(&a.db.pool).await.unwrap();
    assert_eq!(total, 2);
    assert!(a.verify().await.unwrap().ok);
    shutdown.trigger();
    for q in [queue.as_str(), dlq.as_str()] {
        let _ = ch.queue_delete(q.into(), Default::default()).await;
    }
}
