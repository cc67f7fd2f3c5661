//! What a socket of either namespace answers and carries: the refusal (its code and the
//! REST text), the acknowledgement `{ok: true, data}` / `{ok: false, message, code}`, the
//! handshake's `auth`, and emits from a handler over its own server.

use crate::error::ApiError;
use serde::Serialize;
use socketioxide::SocketIo;
use socketioxide::adapter::Adapter;
use socketioxide::extract::{AckSender, SocketRef};

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

pub(super) async fn emit_on<A: Adapter, T: Serialize + ?Sized>(
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
