//! The chat's live side: socket.io on the BFF's own axum app (path /socket.io/), with two
//! namespaces: /admin for the console (admin access tokens, the /chat permission) and /app
//! for app users (member tokens). Handlers answer every client event through its
//! acknowledgement (`{ok: true, data}` or `{ok: false, message, code}`) and check the caller
//! again on each event. The chat service stores; this layer only relays (names.rs has every
//! event name; README "Chat" the table).
//!
//! Cluster mode (REDIS_URL): the socketioxide-redis adapter carries emits to sockets on the
//! other replicas; embedded (no Redis): the in-memory adapter. Presence (a donor connected
//! anywhere) is a per-donor connection count in the BFF cache (presence.rs).
//!
//! A handshake refusal is socket.io's `connect_error`: `err.message` is the REST text. The
//! socketioxide server sends only `{message}` with it (no `data`), so the refusal's code is
//! told by that text: [`Refusal::code_of`] (the console's events.ts does the same).

pub mod admin;
pub mod app;
pub mod names;
pub mod presence;
pub mod wire;

use crate::error::ApiError;
use crate::state::AppState;
use serde::Serialize;
use socketioxide::adapter::{Adapter, Emitter, LocalAdapter};
use socketioxide::extract::{AckSender, SocketRef};
use socketioxide::{SocketIo, layer::SocketIoLayer};
use socketioxide_redis::{RedisAdapter, RedisAdapterCtr};
use std::sync::Arc;

type Redis = RedisAdapter<Emitter>;

/// The running socket.io server: its layer (mounted by `crate::app`) and its handle for
/// emits from REST handlers.
pub struct Live {
    io: Io,
    layer: Layer,
    pub presence: Arc<presence::Presence>,
}

#[derive(Clone)]
enum Io {
    Local(SocketIo<LocalAdapter>),
    Redis(SocketIo<Redis>),
}

#[derive(Clone)]
enum Layer {
    Local(SocketIoLayer<LocalAdapter>),
    Redis(SocketIoLayer<Redis>),
}

/// What a socket answers a client event with, and what a refusal carries.
#[derive(Debug, Clone, Serialize)]
pub struct Refusal {
    pub message: String,
    pub code: &'static str,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

pub const FORBIDDEN: &str = "You are not allowed to do this";

impl Refusal {
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        Self { message: message.into(), code }
    }
    pub fn validation(message: &str) -> Self {
        Self::new("validation", message)
    }
    pub fn forbidden() -> Self {
        Self::new("forbidden", FORBIDDEN)
    }
    pub fn unauthorized(message: &str) -> Self {
        Self::new("unauthorized", message)
    }
    pub fn expired() -> Self {
        Self::new("token_expired", ApiError::token_expired().message)
    }
    /// The code a handshake refusal's text stands for (connect_error carries the text only).
    pub fn code_of(message: &str) -> &'static str {
        if message == ApiError::token_expired().message {
            "token_expired"
        } else if message == FORBIDDEN {
            "forbidden"
        } else {
            "unauthorized"
        }
    }
}

/// A REST error as a socket answer: its first field message (or its message) and its code.
impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Self {
        let code = match e.code {
            "VALIDATION" | "FAILED_PRECONDITION" | "CONFLICT" => "validation",
            "FORBIDDEN" => "forbidden",
            "NOT_FOUND" => "not_found",
            "TOKEN_EXPIRED" => "token_expired",
            "UNAUTHORIZED" => "unauthorized",
            _ => "unavailable",
        };
        let message = e.errors.first().map(|f| f.message.clone()).unwrap_or(e.message);
        Self { message, code }
    }
}

impl From<tonic::Status> for Refusal {
    fn from(s: tonic::Status) -> Self {
        ApiError::from(s).into()
    }
}

#[derive(Serialize)]
struct AckOk<T> {
    ok: bool,
    data: T,
}

#[derive(Serialize)]
struct AckErr<'a> {
    ok: bool,
    message: &'a str,
    code: &'a str,
}

/// Answers an event's acknowledgement; a refusal `token_expired` also disconnects the socket.
pub fn answer<A: Adapter, T: Serialize>(socket: &SocketRef<A>, ack: AckSender<A>, result: Result<T, Refusal>) {
    let sent = match &result {
        Ok(data) => ack.send(&AckOk { ok: true, data }),
        Err(r) => ack.send(&AckErr { ok: false, message: &r.message, code: r.code }),
    };
    if let Err(e) = sent {
        tracing::debug!(error = %e, "acknowledgement not sent");
    }
    if matches!(&result, Err(r) if r.code == "token_expired") {
        let _ = socket.clone().disconnect();
    }
}

/// The handshake's `auth` payload.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(default)]
pub struct Auth {
    pub token: Option<String>,
}

/// Milliseconds since the epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or_default()
}

/// Registers both namespaces on `$io` (a concrete adapter: socketioxide registers only on those).
macro_rules! namespaces {
    ($io:expr, $a:ty) => {{
        use socketioxide::handler::ConnectHandler;
        let a = $io.ns(names::ADMIN_NS, admin::on_connect::<$a>.with(admin::handshake::<$a>));
        let b = $io.ns(names::APP_NS, app::on_connect::<$a>.with(app::handshake::<$a>));
        (a, b)
    }};
}

/// The adapter's Redis needs RESP3 (`?protocol=resp3`): added when the URL names none.
pub fn resp3(url: &str) -> String {
    if url.contains("protocol=") {
        url.to_string()
    } else if url.contains('?') {
        format!("{url}&protocol=resp3")
    } else {
        format!("{url}?protocol=resp3")
    }
}

impl Live {
    /// Starts the socket.io server for `state` (Redis adapter when `redis_url` is given).
    pub async fn start(state: &AppState, redis_url: Option<&str>) -> anyhow::Result<Self> {
        let presence = Arc::new(presence::Presence::default());
        let builder = SocketIo::builder()
            .req_path(names::PATH.trim_end_matches('/'))
            .with_state(state.clone())
            .with_state(presence.clone());
        // Redis down at start does not stop the BFF: its sockets are then served by this
        // replica alone (emits of other replicas do not reach them) until it restarts.
        let adapter = match redis_url {
            Some(url) => {
                let client = crate::cache::client(&resp3(url), common::tls::configured()?.as_deref())?;
                match tokio::time::timeout(std::time::Duration::from_secs(3), RedisAdapterCtr::new_with_redis(&client))
                    .await
                {
                    Ok(Ok(adapter)) => Some(adapter),
                    failed => {
                        let error = match failed {
                            Ok(Err(e)) => e.to_string(),
                            _ => "timed out".to_string(),
                        };
                        tracing::error!(error = %error, "Redis unreachable at start: chat sockets reach this replica's clients only until a restart");
                        None
                    }
                }
            }
            None => None,
        };
        let (io, layer) = match adapter {
            Some(adapter) => {
                let (layer, io) = builder.with_adapter::<Redis>(adapter).build_layer();
                let (a, b) = namespaces!(io, Redis);
                a.await.map_err(|e| anyhow::anyhow!("socket.io /admin over Redis: {e}"))?;
                b.await.map_err(|e| anyhow::anyhow!("socket.io /app over Redis: {e}"))?;
                (Io::Redis(io), Layer::Redis(layer))
            }
            None => {
                let (layer, io) = builder.build_layer();
                namespaces!(io, LocalAdapter);
                (Io::Local(io), Layer::Local(layer))
            }
        };
        presence::refresh_in_background(state.clone(), presence.clone());
        Ok(Self { io, layer, presence })
    }

    /// The router with /socket.io/ answered by this server.
    pub fn mount<S: Clone + Send + Sync + 'static>(&self, router: axum::Router<S>) -> axum::Router<S> {
        match &self.layer {
            Layer::Local(l) => router.layer(l.clone()),
            Layer::Redis(l) => router.layer(l.clone()),
        }
    }

    /// Emits `event` to every socket of namespace `ns` in any of `rooms` (all of the
    /// namespace when `rooms` is empty), on every replica.
    pub async fn emit<T: Serialize + ?Sized>(&self, ns: &str, rooms: Vec<String>, event: &'static str, data: &T) {
        let sent = match &self.io {
            Io::Local(io) => emit_on(io, ns, rooms, event, data).await,
            Io::Redis(io) => emit_on(io, ns, rooms, event, data).await,
        };
        if let Err(e) = sent {
            tracing::warn!(error = %e, event, "socket emit failed");
        }
    }
}

async fn emit_on<A: Adapter, T: Serialize + ?Sized>(
    io: &SocketIo<A>,
    ns: &str,
    rooms: Vec<String>,
    event: &'static str,
    data: &T,
) -> anyhow::Result<()> {
    let Some(ns) = io.of(ns) else { return Ok(()) };
    let op = if rooms.is_empty() { ns } else { ns.to(rooms) };
    op.emit(event, data).await.map_err(|e| anyhow::anyhow!("{e}"))
}

/// Emits from a socket handler: the same as [`Live::emit`] over the handler's own server.
pub async fn emit_from<A: Adapter, T: Serialize + ?Sized>(
    io: &SocketIo<A>,
    ns: &str,
    rooms: Vec<String>,
    event: &'static str,
    data: &T,
) {
    if let Err(e) = emit_on(io, ns, rooms, event, data).await {
        tracing::warn!(error = %e, event, "socket emit failed");
    }
}
