//! One trace from a console request through the BFF, the gRPC service and the outbox to
//! an event consumer. Its own test binary: it installs a global OpenTelemetry tracer.

#[path = "support/procs.rs"]
mod procs;
use async_trait::async_trait;
use common::bus::{Event, EventBus, EventHandler};
use common::shutdown::Shutdown;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Mutex;

#[derive(Default)]
struct Consumer(Mutex<Vec<Event>>);

#[async_trait]
impl EventHandler for Consumer {
    async fn handle(&self, e: &Event) -> anyhow::Result<()> {
        let span = tracing::info_span!("consume");
        common::telemetry::set_parent(&span, &e.trace);
        self.0.lock().await.push(e.clone());
        Ok(())
    }
}

#[tokio::test]
async fn a_request_trace_reaches_the_event_consumer() {
    let _provider = common::testing::install_tracer();

    let data = common::testing::temp_dir();
    let shutdown = Shutdown::new();
    let secret = "trace-test-secret-trace-test-secret-0123456";
    let cfg = identity::app::Config {
        admin_email: "admin@example.org".into(),
        admin_password: Some("Admin@123".into()),
        mail_dir: None,
        console_url: "http://console.test".into(),
        ..identity::app::Config::local(format!("sqlite://{}/identity.db", data.0.display()), secret.into())
    };
    let bus = Arc::new(common::bus::InProcessBus::new());
    let consumer = Arc::new(Consumer::default());
    bus.subscribe("test", &["identity.#"], consumer.clone(), shutdown.clone()).await.unwrap();
    let running = identity::app::start(&cfg, "127.0.0.1:0", bus, shutdown.clone()).await.unwrap();
    let state = bff::config::Config {
        public_url: "http://console.test".into(),
        ..bff::config::Config::local(
            bff::services::ServiceUrls::from_fn(|s| {
                format!("http://127.0.0.1:{}", if s.name == "identity" { running.port } else { 9 })
            }),
            secret.into(),
            std::env::temp_dir().join(format!("gc-trace-media-{}", std::process::id())),
        )
    }
    .state()
    .await
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    tokio::spawn(bff::serve(state, listener, shutdown.clone(), Duration::ZERO));

    let http = reqwest::Client::new();
    let token = procs::sign_in(&http, &base, "admin@example.org", "Admin@123").await;
    let token = token.as_str();
    let trace_id = "4bf92f3577b34da6a3ce929d0e0e4736";
    let res = http
        .post(format!("{base}/admin/sub-admin/create"))
        .bearer_auth(token)
        .header("traceparent", format!("00-{trace_id}-00f067aa0ba902b7-01"))
        .json(&serde_json::json!({ "firstName": "Tra", "lastName": "Ced", "email": "traced@example.org", "password": "secret12",
                                   "permissions": [{ "slug": "/donor", "actions": ["view"] }] }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);

    let mut event = None;
    for _ in 0..50 {
        if let Some(e) = consumer.0.lock().await.first().cloned() {
            event = Some(e);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let event = event.expect("the consumer got the event");
    assert_eq!(event.event_type, "identity.subadmin.created");
    let parent = event.trace.get("traceparent").expect("the event carries the trace");
    assert!(parent.contains(trace_id), "the event continues the request's trace: {parent}");
    shutdown.trigger();
}
