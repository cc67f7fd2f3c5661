//! Chat events on a real RabbitMQ (TEST_AMQP_URL; skipped without it unless
//! REQUIRE_SERVICES=1): a message reaches a bound queue with its actor, and giving's
//! deletion of a donor reaches the consumer (the room is named 'Deleted donor'; the same
//! event delivered again changes nothing).

use chat::events;
use chat::messages::SendInput;
use chat::rooms::DonorInfo;
use chat::service::{Caller, Chat};
use common::bus::{Event, EventBus, RabbitBus};
use common::outbox::Relay;
use common::shutdown::Shutdown;
use common::testing::{Seen, amqp_url as amqp};
use std::sync::Arc;
use std::time::Duration;

async fn messages_reach_rabbitmq_and_donor_deletions_reach_the_consumer(db: common::db::Db) {
    let Some(url) = amqp() else { return };
    let bus = Arc::new(RabbitBus::connect(&url).await.unwrap());
    let stop = Shutdown::new();
    let seen = Arc::new(Seen::default());
    bus.subscribe(&format!("test.chat.{}", common::new_id()), &["chat.message.#"], seen.clone(), stop.clone())
        .await
        .unwrap();
    let relay = Relay::new(db.clone(), bus.clone());
    let task = relay.clone().spawn(stop.clone());
    let c = Chat::new(db.clone(), Some(relay.clone()));
    // The consumer as app::start wires it, on its own queue for this test.
    let queue = format!("test.chat.consumer.{}", common::new_id());
    bus.subscribe(&queue, &events::CONSUMED, Arc::new(chat::people::Consumer(c.clone())), stop.clone()).await.unwrap();

    let donor_id = format!("donor-{}", common::new_id());
    let member = common::Actor::new(donor_id.clone(), "Member", "127.0.0.1");
    let info = DonorInfo { name: "Ann Doe".into(), email: "ann@example.org".into(), avatar: String::new() };
    let room = c.room_of_member(&donor_id, Some(&info), &member).await.unwrap();
    let input =
        SendInput { room_id: room.id.clone(), text: "Hello".into(), client_id: "c-1".into(), ..Default::default() };
    let sent = c.send(&input, &Caller::Member(donor_id.clone()), &member).await.unwrap();
    let mut got = vec![];
    for _ in 0..100 {
        got = seen
            .events()
            .await
            .iter()
            .filter(|ev| ev.payload["id"] == sent.message.id.as_str())
            .cloned()
            .collect::<Vec<_>>();
        if !got.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].event_type, events::MESSAGE_CREATED);
    assert_eq!((got[0].actor.id.as_str(), got[0].actor.account_type.as_str()), (donor_id.as_str(), "Member"));

    // giving.donor.deleted, delivered twice (a redelivery): handled once.
    let deleted = Event::new(events::DONOR_DELETED, serde_json::json!({ "id": donor_id }));
    bus.publish(&deleted).await.unwrap();
    bus.publish(&deleted).await.unwrap();
    let mut renamed = false;
    for _ in 0..100 {
        renamed = c.get_room(&room.id, &Caller::Admin).await.unwrap().user.name == "Deleted donor";
        if renamed {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(renamed, "the consumer renamed the room's donor");
    // This event only: the queue also hears the other backend's run (the same exchange).
    let mut handled = 0;
    for _ in 0..20 {
        handled = sqlx::query_scalar("SELECT COUNT(*) FROM processed_events WHERE consumer = $1 AND id = $2")
            .bind(events::CONSUMER)
            .bind(&deleted.id)
            .fetch_one(&db.pool)
            .await
            .unwrap();
        if handled == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(handled, 1);
    let room = c.get_room(&room.id, &Caller::Admin).await.unwrap();
    assert_eq!((room.last_seq, room.user.is_deleted), (1, true), "the room and its message stay");
    stop.trigger();
    let _ = task.await;
}

common::on_both_backends! { chat::app::MIGRATIONS, |db| db;
    messages_reach_rabbitmq_and_donor_deletions_reach_the_consumer =>
        messages_reach_rabbitmq_and_donor_deletions_reach_the_consumer_on_sqlite,
        messages_reach_rabbitmq_and_donor_deletions_reach_the_consumer_on_postgres;
}
