//! Giving events on a real RabbitMQ (TEST_AMQP_URL; skipped without it unless
//! REQUIRE_SERVICES=1): a recorded transaction reaches a bound queue with its actor, and the
//! catalogue's deletion of a nonprofit reaches the giving consumer.

mod support;

use common::bus::{Event, EventBus, RabbitBus};
use common::outbox::Relay;
use common::shutdown::Shutdown;
use common::testing::{Seen, amqp_url as amqp};
use giving::recipient_deletions;
use giving::service::Giving;
use std::sync::Arc;
use std::time::Duration;
use support::*;

async fn transactions_reach_rabbitmq_and_catalogue_deletions_reach_the_consumer(db: common::db::Db) {
    let Some(url) = amqp() else { return };
    let bus = Arc::new(RabbitBus::connect(&url).await.unwrap());
    let stop = Shutdown::new();
    let seen = Arc::new(Seen::default());
    bus.subscribe(&format!("test.giving.{}", common::new_id()), &["giving.transaction.#"], seen.clone(), stop.clone())
        .await
        .unwrap();
    let relay = Relay::new(db.clone(), bus.clone());
    let task = relay.clone().spawn(stop.clone());
    let g = Giving::new(db.clone(), Some(relay.clone()));
    // The consumer as app::start wires it, on its own queue for this test.
    let queue = format!("test.giving.deletions.{}", common::new_id());
    bus.subscribe(
        &queue,
        &recipient_deletions::RECIPIENT_EVENTS,
        Arc::new(recipient_deletions::RecipientDeletions(g.clone())),
        stop.clone(),
    )
    .await
    .unwrap();

    let d = donor(&g, "Ann", "Doe").await;
    let recipient_id = common::new_id();
    let t = give(&g, &d, charity(&recipient_id, "Red Cross"), 2_500, &common::new_id()).await;
    let mut got = vec![];
    for _ in 0..100 {
        got = seen.events().await.iter().filter(|e| e.payload["id"] == t.id.as_str()).cloned().collect::<Vec<_>>();
        if !got.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].event_type, "giving.transaction.recorded");
    assert_eq!(got[0].actor.id, "admin-1");
    assert_eq!(got[0].payload["amountCents"], 2_500);

    bus.publish(&Event::new(recipient_deletions::CHARITY_DELETED, serde_json::json!({ "id": recipient_id })))
        .await
        .unwrap();
    let mut deleted = false;
    for _ in 0..100 {
        deleted = g.get_transaction(&t.id).await.unwrap().recipient_deleted;
        if deleted {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(deleted, "the consumer marked the transaction");
    stop.trigger();
    let _ = task.await;
}

common::on_both_backends! { giving::app::MIGRATIONS, |db| db;
    transactions_reach_rabbitmq_and_catalogue_deletions_reach_the_consumer =>
        transactions_reach_rabbitmq_and_catalogue_deletions_reach_the_consumer_on_sqlite,
        transactions_reach_rabbitmq_and_catalogue_deletions_reach_the_consumer_on_postgres;
}
