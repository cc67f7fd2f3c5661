//! The event bus: one topic exchange, routing keys `<service>.<entity>.<verb>`.
//! Two implementations behind one interface: RabbitMQ (cluster mode) and in-process
//! (embedded mode). Producers never publish directly: they write to the outbox
//! (see [`crate::outbox`]) and the relay publishes.

use anyhow::Context;
use async_trait::async_trait;
use futures::StreamExt;
use lapin::options::{
    BasicAckOptions, BasicConsumeOptions, BasicNackOptions, BasicPublishOptions, BasicQosOptions, ConfirmSelectOptions,
    ExchangeDeclareOptions, QueueBindOptions, QueueDeclareOptions, QueueDeleteOptions,
};
use lapin::types::{AMQPValue, FieldTable, LongString, ShortString};
use lapin::{BasicProperties, Connection, ConnectionProperties, ExchangeKind};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, RwLock};
use tracing::Instrument;

use crate::actor::Actor;
use crate::shutdown::Shutdown;

pub const EXCHANGE: &str = "giving.events";
pub const DEAD_LETTER_EXCHANGE: &str = "giving.events.dlx";
/// How long connecting, opening a channel and declaring may take before it is retried.
const SETUP_TIMEOUT: Duration = Duration::from_secs(10);

/// What travels on the bus.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Event {
    pub id: String,
    /// The routing key, e.g. `identity.subadmin.created`.
    #[serde(rename = "type")]
    pub event_type: String,
    /// Epoch milliseconds.
    pub time: i64,
    /// W3C trace context (`traceparent`, `tracestate`) of the request that caused it.
    #[serde(default)]
    pub trace: BTreeMap<String, String>,
    /// Who caused it (ARCHITECTURE section 6); events written before actors were recorded
    /// read as the system's.
    #[serde(default = "Actor::system")]
    pub actor: Actor,
    pub payload: serde_json::Value,
}

impl Event {
    /// An event of the system (no account) with a JSON payload; see [`Event::typed`].
    pub fn new(event_type: &str, payload: serde_json::Value) -> Self {
        Self {
            id: crate::new_id(),
            event_type: event_type.to_string(),
            time: crate::now_ms(),
            trace: crate::telemetry::current_trace_context(),
            actor: Actor::system(),
            payload,
        }
    }

    /// The event `key` (a routing key const of the service's `events` module) caused by
    /// `actor`, carrying `payload` (its typed payload struct).
    pub fn typed<P: Serialize>(key: &str, actor: &Actor, payload: &P) -> anyhow::Result<Self> {
        let payload = serde_json::to_value(payload).context("an event payload serialises")?;
        Ok(Self { actor: actor.clone(), ..Self::new(key, payload) })
    }

    /// The payload as the consumer's own struct (services share no types: each consumer
    /// declares the fields it reads).
    pub fn payload_as<P: serde::de::DeserializeOwned>(&self) -> anyhow::Result<P> {
        serde_json::from_value(self.payload.clone())
            .with_context(|| format!("malformed payload of {}", self.event_type))
    }
}

/// The fields an update changed, each with its value before and after (the `changes` of an
/// update's payload): `{ "name": { "before": "Old", "after": "New" } }`.
pub type Changes = BTreeMap<String, Change>;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Change {
    pub before: serde_json::Value,
    pub after: serde_json::Value,
}

/// The top-level fields whose values differ between two snapshots of a record (each
/// serialised as a JSON object), with both values; `skip` names fields left out.
pub fn changes<T: Serialize>(before: &T, after: &T, skip: &[&str]) -> Changes {
    let (Ok(serde_json::Value::Object(b)), Ok(serde_json::Value::Object(mut a))) =
        (serde_json::to_value(before), serde_json::to_value(after))
    else {
        return Changes::new();
    };
    let mut out = Changes::new();
    for (k, bv) in b {
        let av = a.remove(&k).unwrap_or(serde_json::Value::Null);
        if bv != av && !skip.contains(&k.as_str()) {
            out.insert(k, Change { before: bv, after: av });
        }
    }
    for (k, av) in a {
        if !skip.contains(&k.as_str()) {
            out.insert(k, Change { before: serde_json::Value::Null, after: av });
        }
    }
    out
}

/// A consumer. Handlers must be idempotent: an event may arrive more than once
/// (see [`crate::outbox::mark_handled`]).
#[async_trait]
pub trait EventHandler: Send + Sync + 'static {
    async fn handle(&self, event: &Event) -> anyhow::Result<()>;
}

/// How a publish ended when it did not fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Published {
    /// Accepted and routed to at least one queue (in-process: every matching handler ran).
    Routed,
    /// Accepted, but no queue is bound to its routing key: nobody receives it (RabbitMQ
    /// returned the mandatory message).
    Unroutable,
}

#[async_trait]
pub trait EventBus: Send + Sync + 'static {
    /// Returns once the event is durably accepted (a broker confirm, or in-process: handled).
    async fn publish(&self, event: &Event) -> anyhow::Result<()>;
    /// The same, telling a routed event from one no queue is bound to (the outbox relay
    /// counts those). By default every accepted event counts as routed.
    async fn publish_checked(&self, event: &Event) -> anyhow::Result<Published> {
        self.publish(event).await.map(|()| Published::Routed)
    }
    /// Starts consuming the events whose keys match `patterns` (topic syntax: `*` one word,
    /// `#` any number) into the named durable queue, until `shutdown`.
    async fn subscribe(
        &self,
        queue: &str,
        patterns: &[&str],
        handler: Arc<dyn EventHandler>,
        shutdown: Shutdown,
    ) -> anyhow::Result<()>;
    /// Whether the bus can take events now (readiness).
    async fn healthy(&self) -> bool;
    /// Deletes a durable queue and its dead-letter queue unless something still consumes it;
    /// answers whether it is gone (a missing queue is). In process there are no queues.
    async fn delete_queue(&self, _queue: &str) -> anyhow::Result<bool> {
        Ok(true)
    }
}

/// Retires a queue a previous release consumed: deletes it as soon as nothing consumes it
/// (during a rolling upgrade the previous release's replicas still do, and would declare it
/// again), checking every five minutes until it is gone or `shutdown`. A queue left bound
/// with no consumer would take a copy of every event it was bound to, forever.
pub fn retire_queue(bus: Arc<dyn EventBus>, queue: &'static str, shutdown: Shutdown) {
    tokio::spawn(async move {
        loop {
            match bus.delete_queue(queue).await {
                Ok(true) => {
                    tracing::debug!(queue, "retired queue deleted (or absent)");
                    return;
                }
                Ok(false) => {
                    tracing::info!(queue, "retired queue still consumed (a previous release); trying again later")
                }
                Err(e) => tracing::warn!(queue, error = %format!("{e:#}"), "retired queue not deleted yet"),
            }
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(300)) => {}
                _ = shutdown.wait() => return,
            }
        }
    });
}

/// Topic matching as RabbitMQ does it.
pub fn topic_matches(pattern: &str, key: &str) -> bool {
    fn go(p: &[&str], k: &[&str]) -> bool {
        match (p.first(), k.first()) {
            (None, None) => true,
            (Some(&"#"), _) => go(&p[1..], k) || (!k.is_empty() && go(p, &k[1..])),
            (Some(&"*"), Some(_)) => go(&p[1..], &k[1..]),
            (Some(a), Some(b)) if a == b => go(&p[1..], &k[1..]),
            _ => false,
        }
    }
    let p: Vec<&str> = pattern.split('.').collect();
    let k: Vec<&str> = key.split('.').collect();
    go(&p, &k)
}

/// Embedded mode: delivery is a direct call. `publish` returns only after every
/// matching handler succeeded, so the outbox keeps (and retries) what failed.
/// A subscription: its topic patterns and its handler.
type Subscriber = (Vec<String>, Arc<dyn EventHandler>);

#[derive(Default)]
pub struct InProcessBus {
    subscribers: RwLock<Vec<Subscriber>>,
}

impl InProcessBus {
    pub fn new() -> Self {
        Self::default()
    }
}

#[async_trait]
impl EventBus for InProcessBus {
    async fn publish(&self, event: &Event) -> anyhow::Result<()> {
        let subs = self.subscribers.read().await.clone();
        for (patterns, handler) in subs {
            if patterns.iter().any(|p| topic_matches(p, &event.event_type)) {
                handler.handle(event).await.with_context(|| format!("handler failed for {}", event.event_type))?;
            }
        }
        Ok(())
    }

    async fn subscribe(
        &self,
        _queue: &str,
        patterns: &[&str],
        handler: Arc<dyn EventHandler>,
        _shutdown: Shutdown,
    ) -> anyhow::Result<()> {
        self.subscribers.write().await.push((patterns.iter().map(|s| s.to_string()).collect(), handler));
        Ok(())
    }

    async fn healthy(&self) -> bool {
        true
    }
}

/// Where the broker is and whom its TLS trusts.
#[derive(Clone)]
struct Broker {
    url: String,
    ca: Option<Arc<crate::tls::Ca>>,
}

/// Cluster mode: a durable topic exchange with publisher confirms, durable queues,
/// and a dead-letter queue per consumer queue. The connection is re-established on demand
/// (each publish and readiness check reconnects when it was lost, re-declaring the
/// exchanges; each consumer reconnects with backoff, re-declaring its queues).
pub struct RabbitBus {
    broker: Broker,
    conn: Mutex<Option<(Connection, lapin::Channel)>>,
}

impl RabbitBus {
    /// Connects once to check the URL; later failures reconnect lazily.
    pub async fn connect(url: &str) -> anyhow::Result<Self> {
        Self::connect_with_ca(url, crate::tls::configured()?).await
    }

    /// [`Self::connect`] trusting `ca` (with the compiled-in roots) for `amqps://`.
    pub async fn connect_with_ca(url: &str, ca: Option<Arc<crate::tls::Ca>>) -> anyhow::Result<Self> {
        let bus = Self::lazy_with_ca(url, ca);
        bus.channel().await?;
        Ok(bus)
    }

    /// Connects on first use: a broker that is down at start-up does not stop the caller
    /// (its readiness check reports it until it comes back).
    /// Trusts `TLS_CA_FILE` for `amqps://` (a bad bundle was already refused at start by
    /// `tls::init` and [`from_url`]; here it would leave the compiled-in roots alone).
    pub fn lazy(url: &str) -> Self {
        Self::lazy_with_ca(url, crate::tls::configured().ok().flatten())
    }

    /// [`Self::lazy`] trusting `ca` (with the compiled-in roots) for `amqps://`.
    pub fn lazy_with_ca(url: &str, ca: Option<Arc<crate::tls::Ca>>) -> Self {
        Self { broker: Broker { url: url.to_string(), ca }, conn: Mutex::new(None) }
    }

    /// Connects, opens a confirming channel and declares the exchanges, within 10 s: a
    /// broker that is still booting (or stopping) can accept the socket and never answer.
    async fn open(broker: &Broker) -> anyhow::Result<(Connection, lapin::Channel)> {
        tokio::time::timeout(SETUP_TIMEOUT, async {
            // amqps:// is TLS (rustls), plain amqp:// stays plain; the CA bundle is only read
            // for TLS.
            let tls = lapin::tcp::OwnedTLSConfig {
                identity: None,
                cert_chain: broker.ca.as_ref().map(|ca| ca.pem().to_string()),
            };
            let conn = Connection::connect_with_config(
                &broker.url,
                ConnectionProperties::default(),
                tls,
                lapin::runtime::default_runtime()?,
            )
            .await
            .map_err(|e| crate::tls::explain(e.into(), "RabbitMQ"))
            .context("failed to connect to RabbitMQ")?;
            let ch = conn.create_channel().await?;
            ch.confirm_select(ConfirmSelectOptions::default()).await?;
            declare_exchanges(&ch).await?;
            anyhow::Ok((conn, ch))
        })
        .await
        .context("timed out connecting to RabbitMQ")?
    }

    async fn channel(&self) -> anyhow::Result<lapin::Channel> {
        let mut guard = self.conn.lock().await;
        if let Some((conn, ch)) = guard.as_ref()
            && conn.status().connected()
            && ch.status().connected()
        {
            return Ok(ch.clone());
        }
        let (conn, ch) = Self::open(&self.broker).await?;
        *guard = Some((conn, ch.clone()));
        Ok(ch)
    }

    async fn consume_loop(
        broker: Broker,
        queue: String,
        patterns: Vec<String>,
        handler: Arc<dyn EventHandler>,
        shutdown: Shutdown,
    ) {
        let mut backoff = Duration::from_millis(200);
        while !shutdown.is_triggered() {
            let mut consuming = false;
            match Self::consume_once(&broker, &queue, &patterns, &handler, &shutdown, &mut consuming).await {
                Ok(()) => return,
                Err(e) => {
                    if consuming {
                        backoff = Duration::from_millis(200);
                    }
                    tracing::warn!(queue = %queue, error = %format!("{e:#}"), "consumer lost its connection; reconnecting");
                    tokio::select! {
                        _ = tokio::time::sleep(backoff) => {},
                        _ = shutdown.wait() => return,
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                }
            }
        }
    }

    async fn consume_once(
        broker: &Broker,
        queue: &str,
        patterns: &[String],
        handler: &Arc<dyn EventHandler>,
        shutdown: &Shutdown,
        consuming: &mut bool,
    ) -> anyhow::Result<()> {
        let (conn, ch) = Self::open(broker).await?;
        let mut consumer = tokio::time::timeout(SETUP_TIMEOUT, async {
            declare_queue(&ch, queue, patterns).await?;
            ch.basic_qos(16, BasicQosOptions::default()).await?;
            let consumer = ch
                .basic_consume(
                    queue.into(),
                    format!("{queue}-{}", crate::new_id()).as_str().into(),
                    BasicConsumeOptions::default(),
                    FieldTable::default(),
                )
                .await?;
            anyhow::Ok(consumer)
        })
        .await
        .context("timed out declaring the queue")??;
        *consuming = true;
        // A broker that closes the connection (a restart) does not always end the
        // consumer's stream: the connection's state is watched as well.
        let mut watch = tokio::time::interval(Duration::from_secs(1));
        loop {
            let delivery = tokio::select! {
                d = consumer.next() => d,
                _ = watch.tick() => {
                    if !conn.status().connected() || !ch.status().connected() {
                        anyhow::bail!("the connection to RabbitMQ was closed");
                    }
                    continue;
                }
                _ = shutdown.wait() => return Ok(()),
            };
            let Some(delivery) = delivery else {
                anyhow::bail!("consumer stream ended");
            };
            let delivery = delivery?;
            let parsed: Result<Event, _> = serde_json::from_slice(&delivery.data);
            let outcome = match parsed {
                Ok(ev) => {
                    let span = tracing::info_span!("consume", event = %ev.event_type, id = %ev.id);
                    crate::telemetry::set_parent(&span, &ev.trace);
                    handler.handle(&ev).instrument(span).await
                }
                Err(e) => Err(anyhow::anyhow!("malformed event: {e}")),
            };
            match outcome {
                // An ack or nack on a connection the broker just closed can wait forever:
                // bounded, and a timeout reconnects (the unacked delivery comes again and
                // the consumer's idempotency skips it).
                Ok(()) => {
                    tokio::time::timeout(SETUP_TIMEOUT, delivery.ack(BasicAckOptions::default()))
                        .await
                        .context("timed out acknowledging")??;
                }
                Err(e) => {
                    // First failure: back into the queue once; a redelivered failure goes
                    // to the dead-letter queue instead of looping.
                    let requeue = !delivery.redelivered;
                    tracing::error!(queue = %queue, requeue, error = %format!("{e:#}"), "event handler failed");
                    tokio::time::timeout(
                        SETUP_TIMEOUT,
                        delivery.nack(BasicNackOptions { requeue, ..Default::default() }),
                    )
                    .await
                    .context("timed out refusing")??;
                }
            }
        }
    }
}

/// Declares the durable `queue`, its dead-letter queue and its bindings to `patterns`
/// (idempotent: done again on every reconnect, so a broker that lost them gets them back).
async fn declare_queue(ch: &lapin::Channel, queue: &str, patterns: &[String]) -> anyhow::Result<()> {
    let dlq = format!("{queue}.dlq");
    let durable = QueueDeclareOptions { durable: true, ..Default::default() };
    ch.queue_declare(dlq.as_str().into(), durable, FieldTable::default()).await?;
    ch.queue_bind(
        dlq.as_str().into(),
        DEAD_LETTER_EXCHANGE.into(),
        queue.into(),
        QueueBindOptions::default(),
        FieldTable::default(),
    )
    .await?;
    let mut args = FieldTable::default();
    args.insert("x-dead-letter-exchange".into(), AMQPValue::LongString(DEAD_LETTER_EXCHANGE.into()));
    args.insert("x-dead-letter-routing-key".into(), AMQPValue::LongString(queue.into()));
    ch.queue_declare(queue.into(), durable, args).await?;
    for p in patterns {
        ch.queue_bind(
            queue.into(),
            EXCHANGE.into(),
            p.as_str().into(),
            QueueBindOptions::default(),
            FieldTable::default(),
        )
        .await?;
    }
    Ok(())
}

async fn declare_exchanges(ch: &lapin::Channel) -> anyhow::Result<()> {
    let durable = ExchangeDeclareOptions { durable: true, ..Default::default() };
    ch.exchange_declare(EXCHANGE.into(), ExchangeKind::Topic, durable, FieldTable::default()).await?;
    ch.exchange_declare(DEAD_LETTER_EXCHANGE.into(), ExchangeKind::Direct, durable, FieldTable::default()).await?;
    Ok(())
}

#[async_trait]
impl EventBus for RabbitBus {
    async fn publish(&self, event: &Event) -> anyhow::Result<()> {
        self.publish_checked(event).await.map(|_| ())
    }

    /// Publishes with the mandatory flag and waits for the broker's confirm: an event whose
    /// routing key no queue is bound to comes back (basic.return) and answers
    /// [`Published::Unroutable`], logged with its key.
    async fn publish_checked(&self, event: &Event) -> anyhow::Result<Published> {
        let ch = self.channel().await?;
        let body = serde_json::to_vec(event)?;
        let mut headers = FieldTable::default();
        for (k, v) in &event.trace {
            headers.insert(ShortString::from(k.as_str()), AMQPValue::LongString(LongString::from(v.as_str())));
        }
        let props = BasicProperties::default()
            .with_delivery_mode(2)
            .with_content_type("application/json".into())
            .with_message_id(event.id.as_str().into())
            .with_type(event.event_type.as_str().into())
            .with_timestamp(event.time as u64 / 1000)
            .with_headers(headers);
        let confirm = tokio::time::timeout(Duration::from_secs(5), async {
            ch.basic_publish(
                EXCHANGE.into(),
                event.event_type.as_str().into(),
                BasicPublishOptions { mandatory: true, ..Default::default() },
                &body,
                props,
            )
            .await?
            .await
        })
        .await
        .context("timed out publishing to RabbitMQ")??;
        if confirm.is_nack() {
            anyhow::bail!("RabbitMQ refused event {}", event.id);
        }
        if let Some(returned) = confirm.take_message() {
            tracing::warn!(
                key = %event.event_type,
                id = %event.id,
                reply = %returned.reply_text,
                "event returned by RabbitMQ: no queue is bound to its routing key"
            );
            return Ok(Published::Unroutable);
        }
        Ok(Published::Routed)
    }

    async fn subscribe(
        &self,
        queue: &str,
        patterns: &[&str],
        handler: Arc<dyn EventHandler>,
        shutdown: Shutdown,
    ) -> anyhow::Result<()> {
        let patterns: Vec<String> = patterns.iter().map(|p| p.to_string()).collect();
        // Declared now when the broker is up (events published from here on reach the
        // queue); when it is down, the consumer declares them once it connects.
        let declared = match self.channel().await {
            Ok(ch) => declare_queue(&ch, queue, &patterns).await,
            Err(e) => Err(e),
        };
        if let Err(e) = declared {
            tracing::warn!(queue = %queue, error = %format!("{e:#}"), "event bus unreachable; the consumer starts when it comes back");
        }
        tokio::spawn(Self::consume_loop(self.broker.clone(), queue.to_string(), patterns, handler, shutdown));
        Ok(())
    }

    async fn healthy(&self) -> bool {
        self.channel().await.is_ok()
    }

    async fn delete_queue(&self, queue: &str) -> anyhow::Result<bool> {
        self.channel().await?;
        // A channel of its own: a queue still consumed answers PRECONDITION_FAILED, which
        // closes the channel it was asked on.
        let ch = {
            let guard = self.conn.lock().await;
            let (conn, _) = guard.as_ref().context("not connected to RabbitMQ")?;
            conn.create_channel().await?
        };
        let only_unused = QueueDeleteOptions { if_unused: true, ..Default::default() };
        for q in [queue.to_string(), format!("{queue}.dlq")] {
            match tokio::time::timeout(SETUP_TIMEOUT, ch.queue_delete(q.as_str().into(), only_unused))
                .await
                .context("timed out deleting a queue")?
            {
                Ok(_) => {}
                Err(e) if format!("{e}").contains("NOT_FOUND") => {}
                Err(e) if format!("{e}").contains("PRECONDITION_FAILED") => return Ok(false),
                Err(e) => return Err(e.into()),
            }
        }
        let _ = ch.close(200, "done".into()).await;
        Ok(true)
    }
}

/// Picks the bus from configuration: a RabbitMQ URL, or in-process when none is given.
/// A broker that cannot be reached now is not an error: the bus connects when it comes back
/// (meanwhile writes wait in the outbox and readiness reports it).
pub async fn from_url(url: Option<&str>) -> anyhow::Result<Arc<dyn EventBus>> {
    match url.filter(|u| !u.is_empty()) {
        Some(u) => {
            crate::tls::configured()?;
            let bus = RabbitBus::lazy(u);
            if let Err(e) = bus.channel().await {
                tracing::warn!(error = %format!("{e:#}"), "RabbitMQ unreachable at start; not ready until it is");
            }
            Ok(Arc::new(bus))
        }
        None => Ok(Arc::new(InProcessBus::new())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_without_an_actor_reads_as_the_systems_and_changes_name_before_and_after() {
        let old = r#"{"id":"1","type":"a.b.c","time":1,"payload":{}}"#;
        let e: Event = serde_json::from_str(old).unwrap();
        assert_eq!(e.actor, Actor::system());
        #[derive(Serialize)]
        struct R {
            name: &'static str,
            active: bool,
            at: i64,
        }
        let c = changes(&R { name: "A", active: true, at: 1 }, &R { name: "B", active: true, at: 2 }, &["at"]);
        assert_eq!(c.len(), 1);
        assert_eq!(c["name"], Change { before: "A".into(), after: "B".into() });
    }

    #[test]
    fn topic_patterns_match_like_rabbitmq() {
        assert!(topic_matches("identity.#", "identity.subadmin.created"));
        assert!(topic_matches("identity.*.created", "identity.subadmin.created"));
        assert!(!topic_matches("identity.*", "identity.subadmin.created"));
        assert!(topic_matches("#", "a.b.c"));
        assert!(!topic_matches("catalogue.#", "identity.subadmin.created"));
    }

    struct Count(std::sync::atomic::AtomicUsize, bool);
    #[async_trait]
    impl EventHandler for Count {
        async fn handle(&self, _e: &Event) -> anyhow::Result<()> {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            if self.1 { anyhow::bail!("refused") } else { Ok(()) }
        }
    }

    #[tokio::test]
    async fn in_process_publish_reaches_matching_handlers_and_reports_failures() {
        let bus = InProcessBus::new();
        let ok = Arc::new(Count(Default::default(), false));
        let bad = Arc::new(Count(Default::default(), true));
        bus.subscribe("q1", &["identity.#"], ok.clone(), Shutdown::new()).await.unwrap();
        bus.publish(&Event::new("identity.subadmin.created", serde_json::json!({}))).await.unwrap();
        bus.publish(&Event::new("catalogue.charity.created", serde_json::json!({}))).await.unwrap();
        assert_eq!(ok.0.load(std::sync::atomic::Ordering::SeqCst), 1);
        bus.subscribe("q2", &["catalogue.#"], bad.clone(), Shutdown::new()).await.unwrap();
        assert!(bus.publish(&Event::new("catalogue.charity.created", serde_json::json!({}))).await.is_err());
    }
}
