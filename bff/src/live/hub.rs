//! The running socket.io server as the rest of the BFF holds it (`AppState::live`): its
//! layer, mounted on the app, and emits from REST handlers to either namespace on every
//! replica. Started by `Live::start` (live/mod.rs).

use super::presence::Presence;
use serde::Serialize;
use socketioxide::SocketIo;
use socketioxide::adapter::Adapter;
use socketioxide::adapter::{Emitter, LocalAdapter};
use socketioxide::layer::SocketIoLayer;
use socketioxide_redis::RedisAdapter;
use std::sync::Arc;

pub(super) type Redis = RedisAdapter<Emitter>;

/// The running socket.io server: its layer (mounted by `crate::app`) and its handle for
/// emits from REST handlers.
pub struct Live {
    pub(super) io: Io,
    pub(super) layer: Layer,
    pub presence: Arc<Presence>,
}

#[derive(Clone)]
pub(super) enum Io {
    Local(SocketIo<LocalAdapter>),
    Redis(SocketIo<Redis>),
}

#[derive(Clone)]
pub(super) enum Layer {
    Local(SocketIoLayer<LocalAdapter>),
    Redis(SocketIoLayer<Redis>),
}

impl Live {
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
