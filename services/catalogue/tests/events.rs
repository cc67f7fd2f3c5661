//! Catalogue events on a real RabbitMQ (TEST_AMQP_URL; skipped without it unless
//! REQUIRE_SERVICES=1): what a nonprofit's life writes while the broker is down waits in
//! the outbox and reaches consumers, in order, once it is back.

use async_trait::async_trait;
use catalogue::charity;
use catalogue::service::Catalogue;
use catalogue::store::Kind;
use common::Actor;
use common::bus::{Event, EventBus, EventHandler, RabbitBus};
use common::outbox::Relay;
use common::shutdown::Shutdown;
use common::testing::{Seen, amqp_url as amqp};
use std::sync::Arc;
use std::time::Duration;

/// A broker that is down.
struct Down;

#[async_trait]
impl EventBus for Down {
    async fn publish(&self, _e: &Event) -> anyhow::Result<()> {
        anyhow::bail!("connection refused")
    }
    async fn subscribe(&self, _q: &str, _p: &[&str], _h: Arc<dyn EventHandler>, _s: Shutdown) -> anyhow::Result<()> {
        anyhow::bail!("connection refused")
    }
    async fn healthy(&self) -> bool {
        false
    }
}

async fn nonprofit_events_written_while_the_broker_is_down_reach_rabbitmq_in_order(db: common::db::Db) {
    let Some(url) = amqp() else { return };
    // The broker is down: every change still succeeds, its event waits in the outbox.
    let down = Relay::new(db.clone(), Arc::new(Down));
    let c = Catalogue::new(db.clone(), Some(down.clone()));
    let cat = c.create(Kind::Category, "Health", "", &Actor::system()).await.unwrap();
    let cause = c.create(Kind::Cause, "Water", "", &Actor::system()).await.unwrap();
    let input = charity::CharityInput {
        tax_id: "12-3456789".into(),
        profile: charity::Profile {
            charity_name: "Water For All".into(),
            category_id: cat.id,
            cause_ids: vec![cause.id],
            mission: "<p>Wells</p>".into(),
            logo: "logo.png".into(),
            email: "info@water.example.org".into(),
            phone_number: "5551234567".into(),
            address: "1 Main St".into(),
            city: "Springfield".into(),
            state: "IL".into(),
            country: "United States".into(),
            zip_code: "62701".into(),
            admin_first_name: "Nia".into(),
            admin_last_name: "Owner".into(),
            admin_email: "nia@water.example.org".into(),
            ..Default::default()
        },
        payment_methods: None,
    };
    let n = c.create_charity(&input, &Actor::system()).await.unwrap();
    c.change_verification(&n.record.id, "Reject", "Papers missing", &Actor::system()).await.unwrap();
    c.change_verification(&n.record.id, "Approve", "", &Actor::system()).await.unwrap();
    c.set_charity_active(&n.record.id, false, &Actor::system()).await.unwrap();
    c.delete_charity(&n.record.id, &Actor::system()).await.unwrap();
    assert!(down.publish_batch(100).await.is_err(), "nothing can be published");
    assert_eq!(down.pending().await.unwrap(), 7);

    // The broker is back: a consumer bound to the nonprofit events gets each one, in order.
    let bus = Arc::new(RabbitBus::connect(&url).await.unwrap());
    let seen = Arc::new(Seen::default());
    let stop = Shutdown::new();
    bus.subscribe(
        &format!("test.catalogue.{}", common::new_id()),
        &["catalogue.charity.#"],
        seen.clone(),
        stop.clone(),
    )
    .await
    .unwrap();
    let relay = Relay::new(db.clone(), bus);
    let task = relay.clone().spawn(stop.clone());
    let mut got = vec![];
    for _ in 0..100 {
        // Other tests may publish nonprofit events too: keep this nonprofit's only.
        got =
            seen.events().await.iter().filter(|e| e.payload["id"] == n.record.id.as_str()).cloned().collect::<Vec<_>>();
        if got.len() >= 5 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let kinds: Vec<&str> = got.iter().map(|e| e.event_type.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "catalogue.charity.created",
            "catalogue.charity.rejected",
            "catalogue.charity.verified",
            "catalogue.charity.status_changed",
            "catalogue.charity.trashed"
        ]
    );
    assert_eq!(got[1].payload["rejectReason"], "Papers missing");
    assert_eq!(got[2].payload["adminVerification"], "Approve");
    assert_eq!(got[3].payload["isActive"], false);
    assert_eq!(got[0].payload["taxId"], "12-3456789");
    // The relay marks a batch published after the broker confirmed all of it: a consumer can
    // see the events a moment before the outbox rows are marked.
    let mut pending = relay.pending().await.unwrap();
    for _ in 0..100 {
        if pending == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        pending = relay.pending().await.unwrap();
    }
    assert_eq!(pending, 0, "the cause and category events went too");
    stop.trigger();
    let _ = task.await;
}

// On a fresh SQLite database and a fresh PostgreSQL one, the one way of common::testing.
common::on_both_backends! { catalogue::app::MIGRATIONS, |db| db;
    nonprofit_events_written_while_the_broker_is_down_reach_rabbitmq_in_order =>
        nonprofit_events_written_while_the_broker_is_down_reach_rabbitmq_in_order_on_sqlite,
        nonprofit_events_written_while_the_broker_is_down_reach_rabbitmq_in_order_on_postgres;
}
