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
//! told by that text: [`socket::Refusal::code_of`] (the console's events.ts does the same).

pub mod admin;
pub mod app;
pub mod hub;
pub mod names;
pub mod presence;
pub mod room;
pub mod socket;
pub mod wire;

use crate::state::AppState;
use hub::{Io, Layer, Live, Redis};
use socketioxide::SocketIo;
use socketioxide::adapter::LocalAdapter;
use socketioxide_redis::RedisAdapterCtr;
use std::sync::Arc;

/// Registers both namespaces on `$io` (a concrete adapter: socketioxide registers only on those).
macro_rules! namespaces {
    ($io:expr, $a:ty) => {{
        use socketioxide::handler::ConnectHandler;
        let a = $io.ns(names::ADMIN_NS, admin::on_connect::<$a>.with(socket::handshake(admin::handshake::<$a>)));
        let b = $io.ns(names::APP_NS, app::on_connect::<$a>.with(socket::handshake(app::handshake::<$a>)));
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
        presence::refresh_in_background(state.cache.clone(), presence.clone());
        Ok(Self { io, layer, presence })
    }
}
