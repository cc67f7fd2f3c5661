//! Engagement events on a real RabbitMQ (TEST_AMQP_URL; skipped without it unless
//! REQUIRE_SERVICES=1): a post reaches a bound queue with its actor, and giving's deletion of
//! a donor reaches the consumer (its content goes; the same event delivered again changes
//! nothing).

use common::bus::{Event, EventBus, RabbitBus};
use common::outbox::Relay;
use common::shutdown::Shutdown;
use common::testing::{Seen, amqp_url as amqp};
use engagement::communities::CommunityInput;
use engagement::events;
use engagement::service::{DonorRef, Engagement};
use std::sync::Arc;
use std::time::Duration;

async fn posts_reach_rabbitmq_and_donor_deletions_reach_the_consumer(db: common::db::Db) {
    let Some(url) = amqp() else { return };
    let bus = Arc::new(RabbitBus::connect(&url).await.unwrap());
    let stop = Shutdown::new();
    let seen = Arc::new(Seen::default());
    bus.subscribe(&format!("test.engagement.{}", common::new_id()), &["engagement.post.#"], seen.clone(), stop.clone())
        .await
        .unwrap();
    let relay = Relay::new(db.clone(), bus.clone());
    let task = relay.clone().spawn(stop.clone());
    let e = Engagement::new(db.clone(), Some(relay.clone()));
    // The consumer as app::start wires it, on its own queue for this test.
    let queue = format!("test.engagement.consumer.{}", common::new_id());
    bus.subscribe(&queue, &events::CONSUMED, Arc::new(engagement::people::Consumer(e.clone())), stop.clone())
        .await
        .unwrap();

    let admin = common::Actor::new("admin-1", "Admin", "127.0.0.1");
    let input = CommunityInput {
        name: "Rabbit".into(),
        description: "<p>x</p>".into(),
        cover_image: "c.png".into(),
        privacy: "public".into(),
        ..Default::default()
    };
    let c = e.create_community(&input, &admin).await.unwrap();
    let donor_id = format!("donor-{}", common::new_id());
    let d = DonorRef { id: donor_id.clone(), name: "Ann Doe".into(), ..Default::default() };
    e.join_community(&c.id, &d, &admin).await.unwrap();
    let p = e.create_post(&c.id, &d, "Hello", &[], &admin).await.unwrap();
    let mut got = vec![];
    for _ in 0..100 {
        got = seen.events().await.iter().filter(|ev| ev.payload["id"] == p.id.as_str()).cloned().collect::<Vec<_>>();
        if !got.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].event_type, events::POST_CREATED);
    assert_eq!(got[0].actor.id, "admin-1");

    // giving.donor.deleted, delivered twice (a redelivery): handled once.
    let deleted = Event::new(events::DONOR_DELETED, serde_json::json!({ "id": donor_id }));
    bus.publish(&deleted).await.unwrap();
    bus.publish(&deleted).await.unwrap();
    let mut anonymised = false;
    for _ in 0..100 {
        anonymised = e.get_post(&p.id).await.unwrap().author.name == "Deleted donor";
        if anonymised {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(anonymised, "the consumer anonymised the post");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let c = e.get_community(&c.id).await.unwrap();
    assert_eq!((c.members_count, c.posts_count), (0, 1));
    // This event only: the queue also hears the other backend's run (the same exchange).
    let handled: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM processed_events WHERE consumer = $1 AND id = $2")
        .bind(events::CONSUMER)
        .bind(&deleted.id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert_eq!(handled, 1);
    stop.trigger();
    let _ = task.await;
}

common::on_both_backends! { engagement::app::MIGRATIONS, |db| db;
    posts_reach_rabbitmq_and_donor_deletions_reach_the_consumer =>
        posts_reach_rabbitmq_and_donor_deletions_reach_the_consumer_on_sqlite,
        posts_reach_rabbitmq_and_donor_deletions_reach_the_consumer_on_postgres;
}
