//! What a socket of either namespace answers and carries: the refusal (its code and the
//! REST text), the acknowledgement `{ok: true, data}` / `{ok: false, message, code}`, the
//! handshake's `auth` and client address, a client event's handler ([`on`]: the body parsed,
//! the answer sent as the acknowledgement), and emits from a handler over its own server.

use crate::error::ApiError;
use crate::state::AppState;
use serde::Serialize;
use serde::de::DeserializeOwned;
use socketioxide::SocketIo;
use socketioxide::adapter::Adapter;
use socketioxide::extract::{AckSender, SocketRef, State, TryData};
use std::future::Future;

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

impl Auth {
    /// The token a handshake's `auth` carries (none when it is absent, empty or not an object).
    pub fn token_of(auth: Result<Auth, impl std::fmt::Display>) -> Option<String> {
        auth.ok().and_then(|a| a.token).filter(|t| !t.is_empty())
    }
}

/// A namespace's handshake (its connect middleware): `accept` is given the socket, the token
/// its `auth` carries ([`Auth::token_of`]) and the BFF's state; it refuses the connection, or
/// sets the socket's caller, rooms and events.
pub fn handshake<A, F, Fut>(
    accept: F,
) -> impl FnOnce(SocketRef<A>, TryData<Auth>, State<AppState>) -> Fut + Clone + Send + Sync + 'static
where
    A: Adapter,
    F: FnOnce(SocketRef<A>, Option<String>, AppState) -> Fut + Clone + Send + Sync + 'static,
    Fut: Future<Output = Result<(), Refusal>> + Send + 'static,
{
    move |s: SocketRef<A>, TryData(auth): TryData<Auth>, State(state): State<AppState>| {
        accept(s, Auth::token_of(auth), state)
    }
}

/// The client's network address as the REST decides it ([`crate::auth::client_address`]),
/// from the socket's handshake request.
pub fn client_address<A: Adapter>(s: &SocketRef<A>, state: &AppState) -> String {
    let parts = s.req_parts();
    let peer = parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0);
    peer.map(|peer| crate::auth::client_address(&state.settings, &parts.headers, peer)).unwrap_or_default()
}

/// A client event's body, or the `validation` refusal of one that does not parse.
pub fn body<T>(data: Result<T, impl std::fmt::Display>) -> Result<T, Refusal> {
    data.map_err(|e| Refusal::validation(&format!("Invalid request body: {e}")))
}

/// What a client event's handler is given beside its body: its socket, the server (emits to
/// either namespace) and the BFF's state.
pub struct Incoming<A: Adapter> {
    pub socket: SocketRef<A>,
    pub io: SocketIo<A>,
    pub state: AppState,
}

impl<A: Adapter> Clone for Incoming<A> {
    fn clone(&self) -> Self {
        Self { socket: self.socket.clone(), io: self.io.clone(), state: self.state.clone() }
    }
}

/// What a handler answers, sent as the event's acknowledgement: a result (`{ok: true, data}`
/// or the refusal, [`answer`]), or an answer that does more once sent (a stored message is
/// relayed after its sender has its answer: `room::Stored`).
pub trait Reply<A: Adapter>: Send + 'static {
    fn send(self, ev: Incoming<A>, ack: AckSender<A>) -> impl Future<Output = ()> + Send;
}

impl<A: Adapter, T: Serialize + Send + 'static> Reply<A> for Result<T, Refusal> {
    async fn send(self, ev: Incoming<A>, ack: AckSender<A>) {
        answer(&ev.socket, ack, self);
    }
}

/// Registers the handler of client event `event` on `s`. The handler is given the event and
/// its body, a body that does not parse as a `validation` refusal, for the handler to raise
/// once it has checked the caller again (an expired token is told before a bad body); its
/// answer is sent as the acknowledgement ([`Reply`]).
pub fn on<A, B, R, H, F>(s: &SocketRef<A>, event: &'static str, handler: H)
where
    A: Adapter,
    B: DeserializeOwned + Send + Sync + 'static,
    R: Reply<A>,
    H: Fn(Incoming<A>, Result<B, Refusal>) -> F + Clone + Send + Sync + 'static,
    F: Future<Output = R> + Send + 'static,
{
    s.on(
        event,
        move |socket: SocketRef<A>,
              io: SocketIo<A>,
              TryData(d): TryData<B>,
              ack: AckSender<A>,
              State(state): State<AppState>| {
            async move {
                let ev = Incoming { socket, io, state };
                let reply = handler(ev.clone(), body(d)).await;
                reply.send(ev, ack).await;
            }
        },
    );
}
