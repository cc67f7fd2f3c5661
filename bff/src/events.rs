//! What the BFF hears on the event bus: identity's word that an account's sessions ended
//! (its cached standing is dropped), and the content changes the public site shows.
//!
//! The public site's answers (`public_cache`) start a new generation when the content service
//! says something published changed: a page, a leadership entry, a FAQ or its category. The
//! content areas of this BFF also start one right after their own writes (so an admin reads
//! what they saved at once); the events cover every other writer and every replica.
//!
//! In the cluster, the replicas share one durable queue: one replica hears each event, and the
//! generation it changes lives in the shared Redis, which every replica reads (the chart always
//! gives the BFF Redis; a BFF given AMQP_URL without REDIS_URL warns at start that its replicas'
//! in-memory answers are renewed only by the replica that hears the event, the others' within
//! `public_cache::TTL`). In embedded mode the bus is the in-process one: the handler runs as
//! the event is published.

use crate::state::AppState;
use async_trait::async_trait;
use common::bus::{Event, EventBus, EventHandler};
use common::shutdown::Shutdown;
use std::sync::Arc;
use std::time::Duration;

/// The durable queue the replicas share (cluster with Redis).
pub const PUBLIC_CACHE_QUEUE: &str = "bff.public-cache";
/// The events that change what the public site shows.
pub const PUBLIC_CONTENT_EVENTS: [&str; 4] =
    ["content.page.*", "content.leadership.*", "content.faq.*", "content.faq_category.*"];

/// The durable queue the replicas share for identity's session events (cluster).
pub const SESSIONS_QUEUE: &str = "bff.sessions";
/// Identity's word that every session of an account ended (a password set, a deactivation,
/// a deletion, a two-factor reset, a nonprofit's admins disabled).
pub const SESSION_EVENTS: [&str; 1] = ["identity.account.sessions_ended"];

/// Drops the cached standing of the account an event names, so its access tokens are
/// checked with identity (and refused) at their next request on every replica: the cached
/// standing lives in the shared Redis, which every replica reads. The BFF's own paths that
/// end sessions drop it at once too; this covers every other writer (identity's consumers,
/// another replica's write).
pub struct Sessions(pub AppState);

#[async_trait]
impl EventHandler for Sessions {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        if let Some(id) = event.payload.get("id").and_then(|v| v.as_str()).filter(|id| !id.is_empty()) {
            tracing::debug!(account = id, "sessions ended: standing dropped");
            self.0.forget_principal(id).await;
        }
        Ok(())
    }
}

/// Starts a new generation of the public answers on every event it is given.
pub struct PublicCache(pub AppState);

#[async_trait]
impl EventHandler for PublicCache {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        tracing::debug!(event = %event.event_type, "public answers renewed");
        crate::public_cache::forget(&self.0).await;
        Ok(())
    }
}

/// Listens on `bus` (embedded mode: the in-process bus the services publish on): the
/// public answers' events on `queue`, identity's session events on [`SESSIONS_QUEUE`].
pub async fn listen(state: &AppState, bus: Arc<dyn EventBus>, queue: &str, shutdown: Shutdown) -> anyhow::Result<()> {
    bus.subscribe(queue, &PUBLIC_CONTENT_EVENTS, Arc::new(PublicCache(state.clone())), shutdown.clone()).await?;
    bus.subscribe(SESSIONS_QUEUE, &SESSION_EVENTS, Arc::new(Sessions(state.clone())), shutdown).await
}

/// Cluster mode: listens on RabbitMQ at `url`. The BFF starts and serves while the broker is
/// down: the bus connects when it comes back (its consumer retries with backoff and declares
/// the queue then), /readyz reports it meanwhile, and the answers still expire after
/// `public_cache::TTL` (this BFF's own writes still renew them).
pub fn listen_in_background(state: AppState, url: String, shutdown: Shutdown) {
    let queue = PUBLIC_CACHE_QUEUE;
    tokio::spawn(async move {
        let mut wait = Duration::from_millis(500);
        while !shutdown.is_triggered() {
            let subscribed = match common::bus::from_url(Some(&url)).await {
                Ok(bus) => {
                    let _ = state.bus.set(bus.clone());
                    listen(&state, bus, queue, shutdown.clone()).await
                }
                Err(e) => Err(e),
            };
            match subscribed {
                Ok(()) => {
                    tracing::info!(queue = %queue, "listening for content events");
                    return;
                }
                Err(e) => {
                    tracing::warn!(error = %format!("{e:#}"), "event bus unreachable; content events not heard yet")
                }
            }
            tokio::select! {
                _ = tokio::time::sleep(wait) => {},
                _ = shutdown.wait() => return,
            }
            wait = (wait * 2).min(Duration::from_secs(10));
        }
    });
}
