//! Start-up without the broker (TEST_AMQP_URL; skipped without it unless REQUIRE_SERVICES=1):
//! the service starts and serves while RabbitMQ cannot be reached, reports NOT_SERVING, keeps
//! its writes' events in the outbox, and once the broker is reachable turns SERVING and the
//! waiting event is delivered. "Down" and "back" are a test proxy that refuses, then forwards.

use async_trait::async_trait;
use catalogue::store::Kind;
use common::Actor;
use common::bus::{Event, EventBus, EventHandler, RabbitBus};
use common::shutdown::Shutdown;
use common::testing::Proxy;
use common::testing::{Seen, amqp_url as amqp};
use std::sync::Arc;
use std::time::Duration;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

async fn status(port: u16) -> ServingStatus {
    let channel = tonic::transport::Endpoint::from_shared(format!("http://127.0.0.1:{port}"))
        .unwrap()
        .connect()
        .await
        .expect("the service serves");
    let mut health = HealthClient::new(channel);
    let r = health.check(HealthCheckRequest { service: String::new() }).await.expect("health answers");
    r.into_inner().status()
}

async fn wait_status(port: u16, want: ServingStatus) -> ServingStatus {
    let mut now = status(port).await;
    for _ in 0..150 {
        if now == want {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        now = status(port).await;
    }
    now
}

#[tokio::test]
async fn the_service_starts_without_the_broker_and_becomes_ready_when_it_comes_back() {
    let Some(url) = amqp() else { return };
    let proxy = Proxy::refusing(&Proxy::target_of(&url)).await;
    let dir = common::testing::temp_dir();
    let cfg = catalogue::app::Config { database_url: format!("sqlite://{}/catalogue.db", dir.0.display()) };
    let stop = Shutdown::new();

    // The broker cannot be reached: the service starts all the same and says it is not ready.
    let bus = common::bus::from_url(Some(&proxy.url_for(&url))).await.expect("a bus even when the broker is down");
    let running =
        tokio::time::timeout(Duration::from_secs(20), catalogue::app::start(&cfg, "127.0.0.1:0", bus, stop.clone()))
            .await
            .expect("start-up does not hang")
            .expect("the service starts");
    assert_eq!(status(running.port).await, ServingStatus::NotServing);

    // A write commits; its event waits in the outbox.
    let term = running
        .catalogue
        .create(Kind::Category, "Startup Health", "", &Actor::system())
        .await
        .expect("writes still commit");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let pending: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE published_at IS NULL")
        .fetch_one(&running.catalogue.db.pool)
        .await
        .unwrap();
    assert_eq!(pending, 1, "the event waits for the broker");
    assert_eq!(status(running.port).await, ServingStatus::NotServing);

    // A consumer of the category events, straight on the broker.
    let direct = RabbitBus::connect(&url).await.unwrap();
    let seen = Arc::new(Seen::default());
    direct
        .subscribe(&format!("test.startup.{}", common::new_id()), &["catalogue.category.*"], seen.clone(), stop.clone())
        .await
        .unwrap();

    // The broker is back: the service turns SERVING and the waiting event is delivered.
    proxy.forward();
    assert_eq!(wait_status(running.port, ServingStatus::Serving).await, ServingStatus::Serving);
    let mut got = vec![];
    for _ in 0..150 {
        got = seen
            .events()
            .await
            .iter()
            .filter(|e| e.payload["id"] == term.id.as_str())
            .map(|e| e.event_type.clone())
            .collect::<Vec<_>>();
        if !got.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(got, vec!["catalogue.category.created".to_string()]);

    // It goes away again: NOT_SERVING, and still serving calls.
    proxy.refuse();
    assert_eq!(wait_status(running.port, ServingStatus::NotServing).await, ServingStatus::NotServing);
    running.catalogue.create(Kind::Category, "Startup Water", "", &Actor::system()).await.expect("writes still commit");
    stop.trigger();
    let _ = running.server.await;
}

/// A bus whose reachability the test sets (no broker needed).
#[derive(Default)]
struct Switch(std::sync::atomic::AtomicBool);

#[async_trait]
impl EventBus for Switch {
    async fn publish(&self, _e: &Event) -> anyhow::Result<()> {
        if self.0.load(std::sync::atomic::Ordering::SeqCst) { Ok(()) } else { anyhow::bail!("connection refused") }
    }
    async fn subscribe(&self, _q: &str, _p: &[&str], _h: Arc<dyn EventHandler>, _s: Shutdown) -> anyhow::Result<()> {
        Ok(())
    }
    async fn healthy(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::SeqCst)
    }
}

#[tokio::test]
async fn health_follows_the_bus_and_writes_wait_in_the_outbox_meanwhile() {
    let dir = common::testing::temp_dir();
    let cfg = catalogue::app::Config { database_url: format!("sqlite://{}/catalogue.db", dir.0.display()) };
    let stop = Shutdown::new();
    let bus = Arc::new(Switch::default());
    let running =
        catalogue::app::start(&cfg, "127.0.0.1:0", bus.clone(), stop.clone()).await.expect("starts with the bus down");
    assert_eq!(status(running.port).await, ServingStatus::NotServing);
    running.catalogue.create(Kind::Category, "Switch Health", "", &Actor::system()).await.expect("writes commit");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let pending = || async {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM outbox WHERE published_at IS NULL")
            .fetch_one(&running.catalogue.db.pool)
            .await
            .unwrap()
    };
    assert_eq!(pending().await, 1);
    let attempts: i64 =
        sqlx::query_scalar("SELECT attempts FROM outbox").fetch_one(&running.catalogue.db.pool).await.unwrap();
    assert_eq!(attempts, 0, "an outage counts no attempts");

    bus.0.store(true, std::sync::atomic::Ordering::SeqCst);
    assert_eq!(wait_status(running.port, ServingStatus::Serving).await, ServingStatus::Serving);
    for _ in 0..100 {
        if pending().await == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(pending().await, 0, "what waited is published");

    bus.0.store(false, std::sync::atomic::Ordering::SeqCst);
    assert_eq!(wait_status(running.port, ServingStatus::NotServing).await, ServingStatus::NotServing);
    stop.trigger();
    let _ = running.server.await;
}
