//! The BFF starts while Redis or RabbitMQ cannot be reached: /healthz answers 200, /readyz
//! 503 naming what is missing, requests that use the cache still answer (within bounded
//! time), and /readyz turns 200 once they are back. "Down" and "back" are test proxies that
//! refuse, then forward (common::testing::Proxy); the real servers come from TEST_REDIS_URL
//! and TEST_AMQP_URL (skipped without them unless REQUIRE_SERVICES=1).

use crate::helpers::{SECRET, local_urls};
use common::shutdown::Shutdown;
use common::testing::Proxy;
use serde_json::Value;
use std::time::{Duration, Instant};

fn url_of(var: &str) -> Option<String> {
    match std::env::var(var).ok().filter(|u| !u.is_empty()) {
        Some(u) => Some(u),
        None if common::testing::services_required() => panic!("REQUIRE_SERVICES=1 but {var} is unset"),
        None => None,
    }
}

/// A BFF (no services behind it: their health does not make it unready) on `redis_url`,
/// listening for events on `amqp_url` when given.
async fn bff(redis_url: String, amqp_url: Option<String>, stop: &Shutdown) -> (String, common::testing::TempDir) {
    let data = common::testing::temp_dir();
    let cfg = bff::config::Config {
        redis_url: Some(redis_url),
        amqp_url: amqp_url.clone(),
        ..bff::config::Config::local(
            local_urls(&[
                ("identity", 9),
                ("catalogue", 9),
                ("giving", 9),
                ("content", 9),
                ("engagement", 9),
                ("chat", 9),
            ]),
            SECRET.into(),
            data.0.join("media"),
        )
    };
    let state = tokio::time::timeout(Duration::from_secs(20), cfg.state())
        .await
        .expect("start-up does not hang")
        .expect("the BFF starts");
    if let Some(url) = amqp_url {
        bff::events::listen_in_background(state.clone(), url, stop.clone());
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    tokio::spawn(bff::serve(state, listener, stop.clone(), Duration::ZERO));
    (base, data)
}

async fn get(base: &str, path: &str) -> (u16, Value) {
    let r = reqwest::Client::new()
        .get(format!("{base}{path}"))
        .timeout(Duration::from_secs(10))
        .send()
        .await
        .expect("answers");
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// Polls /readyz until it answers `want` (15 s at most); answers the last status and body.
async fn readyz_until(base: &str, want: u16) -> (u16, Value) {
    let mut last = get(base, "/readyz").await;
    for _ in 0..60 {
        if last.0 == want {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
        last = get(base, "/readyz").await;
    }
    last
}

#[tokio::test]
async fn the_bff_starts_without_redis_reports_it_and_becomes_ready_when_it_is_back() {
    let Some(redis) = url_of("TEST_REDIS_URL") else { return };
    let proxy = Proxy::refusing(&Proxy::target_of(&redis)).await;
    let stop = Shutdown::new();
    let (base, _data) = bff(proxy.url_for(&redis), None, &stop).await;

    let r = reqwest::Client::new().get(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200, "alive all along");
    let (status, body) = get(&base, "/readyz").await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["cache"], "unavailable");
    assert_eq!(body["missing"], serde_json::json!(["cache (Redis)"]));
    // Not on this machine (the probe, through the ingress): the status alone.
    let r = reqwest::Client::new()
        .get(format!("{base}/readyz"))
        .header("x-forwarded-for", "203.0.113.9")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 503);
    assert_eq!(r.json::<Value>().await.unwrap(), serde_json::json!({ "status": "not ready" }));

    // What reads the cache does not hang: the public site's answers (cached in Redis) come
    // from the service behind, here unreachable, within bounded time.
    let started = Instant::now();
    let r = reqwest::Client::new()
        .get(format!("{base}/v1/public/faq"))
        .timeout(Duration::from_secs(30))
        .send()
        .await
        .unwrap();
    assert!(started.elapsed() < Duration::from_secs(20), "answered in {:?} ({})", started.elapsed(), r.status());

    // Redis is back: ready.
    proxy.forward();
    let (status, body) = readyz_until(&base, 200).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["cache"], "ok");
    assert_eq!(body["status"], "ready");

    // And gone again: not ready, still alive.
    proxy.refuse();
    let (status, body) = readyz_until(&base, 503).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["missing"], serde_json::json!(["cache (Redis)"]));
    stop.trigger();
}

#[tokio::test]
async fn the_bff_starts_without_the_broker_and_becomes_ready_when_it_is_back() {
    let (Some(redis), Some(amqp)) = (url_of("TEST_REDIS_URL"), url_of("TEST_AMQP_URL")) else { return };
    let proxy = Proxy::refusing(&Proxy::target_of(&amqp)).await;
    let stop = Shutdown::new();
    let (base, _data) = bff(redis, Some(proxy.url_for(&amqp)), &stop).await;
    let (status, body) = readyz_until(&base, 503).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["events"], "unavailable");
    assert_eq!(body["missing"], serde_json::json!(["event bus (RabbitMQ)"]));
    let r = reqwest::Client::new().get(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);

    proxy.forward();
    let (status, body) = readyz_until(&base, 200).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["events"], "ok");
    stop.trigger();
}
