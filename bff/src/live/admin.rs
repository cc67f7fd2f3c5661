//! The /admin namespace: the console's shared chat inbox. The handshake takes an admin
//! access token (`auth: {token}`) and checks it with the REST's own check
//! (`crate::auth::caller`) against /chat view; every event checks it again (an access token
//! expired since answers `token_expired` and the socket is disconnected), and `send` and
//! `typing` need /chat add. Each socket joins "admins" (room list updates, presence).

use super::names::{self, ADMIN_NS, ADMINS_ROOM, APP_NS};
use super::presence::Presence;
use super::socket::{Auth, Refusal, answer, emit_from};
use super::wire::{
    HistoryBody, ListAnswer, MessageAnswer, MissedBody, Nothing, ReadEvent, TypingBody, TypingEvent, check_send,
    donor_of, history_limit,
};
use crate::permissions::{Access, Nonprofit, Rule};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use proto::chat::v1 as pb;
use serde::{Deserialize, Serialize};
use socketioxide::SocketIo;
use socketioxide::adapter::Adapter;
use socketioxide::extract::{AckSender, SocketRef, State, TryData};
use std::sync::Arc;

/// The /chat view permission (the handshake, every reading event).
pub const CHAT_VIEW: Rule = Rule { access: Access::Grant(&[("/chat", "view")]), nonprofit: Nonprofit::Never };
/// The /chat add permission (send, typing).
pub const CHAT_ADD: Rule = Rule { access: Access::Grant(&[("/chat", "add")]), nonprofit: Nonprofit::Never };

/// Who this socket is (kept on the socket).
#[derive(Clone)]
pub struct AdminCtx {
    pub token: Arc<str>,
    pub id: String,
    pub admin_type: String,
    pub name: String,
    pub address: String,
}

impl AdminCtx {
    fn actor(&self) -> proto::common::v1::Actor {
        proto::common::v1::Actor {
            id: self.id.clone(),
            account_type: common::account::from_name(&self.admin_type).into(),
            address: self.address.clone(),
        }
    }
    fn person(&self) -> pb::Person {
        pb::Person { id: self.id.clone(), r#type: "admin".into(), name: self.name.clone(), avatar: String::new() }
    }
}

pub async fn handshake<A: Adapter>(
    s: SocketRef<A>,
    TryData(auth): TryData<Auth>,
    State(state): State<AppState>,
) -> Result<(), Refusal> {
    let token = auth.ok().and_then(|a| a.token).filter(|t| !t.is_empty());
    let p = crate::auth::caller(&state, token.as_deref(), CHAT_VIEW, None).await.map_err(Refusal::from)?;
    let name = crate::names::account_names(&state, [p.id.clone()]).await.remove(&p.id).unwrap_or_default();
    let parts = s.req_parts();
    let peer = parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0);
    let address =
        peer.map(|peer| crate::auth::client_address(&state.settings, &parts.headers, peer)).unwrap_or_default();
    s.extensions.insert(AdminCtx {
        token: token.unwrap_or_default().into(),
        id: p.id.clone(),
        admin_type: p.admin_type.clone(),
        name,
        address,
    });
    listen(&s);
    Ok(())
}

/// Nothing left to do once connected: the handshake set the socket's room and events.
pub async fn on_connect<A: Adapter>(_s: SocketRef<A>) {}

/// The socket's room and events, set at the end of the handshake. socketioxide sends the
/// client CONNECT before it spawns the connect handler, so events registered there could come
/// after the client's first emit, which was then dropped unanswered (the cluster chat test's
/// 'join' right after connecting waited 10 s for an answer on a loaded run).
fn listen<A: Adapter>(s: &SocketRef<A>) {
    s.join(ADMINS_ROOM);
    s.on(names::USERS, users::<A>);
    s.on(names::JOIN, join::<A>);
    s.on(names::LEAVE, leave::<A>);
    s.on(names::HISTORY, history::<A>);
    s.on(names::MISSED, missed::<A>);
    s.on(names::SEND, send::<A>);
    s.on(names::TYPING, typing::<A>);
    s.on(names::READ, read::<A>);
}

/// The socket's admin, checked again (token, session, standing, permission).
async fn check<A: Adapter>(state: &AppState, s: &SocketRef<A>, rule: Rule) -> Result<AdminCtx, Refusal> {
    let ctx = s.extensions.get::<AdminCtx>().ok_or_else(|| Refusal::unauthorized("Please sign in to continue"))?;
    crate::auth::caller(state, Some(&ctx.token), rule, None).await.map_err(Refusal::from)?;
    Ok(ctx)
}

fn body<T>(data: Result<T, impl std::fmt::Display>) -> Result<T, Refusal> {
    data.map_err(|e| Refusal::validation(&format!("Invalid request body: {e}")))
}

/// Rooms with `online` filled from presence.
pub async fn with_presence(state: &AppState, mut rooms: Vec<pb::Room>) -> Vec<pb::Room> {
    let ids: Vec<String> = rooms.iter().map(|r| r.user.as_ref().map(|u| u.id.clone()).unwrap_or_default()).collect();
    let online = Presence::online(state.cache.as_ref(), &ids).await;
    for (room, on) in rooms.iter_mut().zip(online) {
        room.online = on;
    }
    rooms
}

pub async fn one_with_presence(state: &AppState, room: pb::Room) -> pb::Room {
    with_presence(state, vec![room]).await.pop().unwrap_or_default()
}

async fn get_room(state: &AppState, room_id: &str) -> Result<pb::Room, Refusal> {
    if room_id.trim().is_empty() {
        return Err(Refusal::validation("Please select a room"));
    }
    let req = pb::RoomRef { id: room_id.trim().to_string() };
    Ok(call!(state.chat().get_room(req))?)
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct UsersBody {
    page: i64,
    limit: i64,
    search: String,
}

#[derive(Serialize)]
struct UsersAnswer {
    list: Vec<pb::Room>,
    total_records: i64,
    page: i64,
    limit: i64,
}

async fn users<A: Adapter>(
    s: SocketRef<A>,
    TryData(d): TryData<UsersBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        check(&state, &s, CHAT_VIEW).await?;
        let d = body(d)?;
        let page = d.page.max(1);
        let limit = if d.limit <= 0 { 10 } else { d.limit.min(50) };
        let req = pb::ListRoomsRequest {
            page: Some(proto::common::v1::PageRequest {
                page,
                limit,
                search: d.search,
                column: String::new(),
                order: String::new(),
            }),
        };
        let p = call!(state.chat().list_rooms(req))?;
        Ok(UsersAnswer { list: with_presence(&state, p.items).await, total_records: p.total, page, limit })
    }
    .await;
    answer(&s, ack, r);
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct RoomBody {
    pub room_id: String,
}

#[derive(Serialize)]
pub struct RoomAnswer {
    pub room: pb::Room,
}

async fn join<A: Adapter>(
    s: SocketRef<A>,
    TryData(d): TryData<RoomBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        check(&state, &s, CHAT_VIEW).await?;
        let room = get_room(&state, &body(d)?.room_id).await?;
        s.join(names::chat_room(&room.id));
        Ok(RoomAnswer { room: one_with_presence(&state, room).await })
    }
    .await;
    answer(&s, ack, r);
}

async fn leave<A: Adapter>(
    s: SocketRef<A>,
    TryData(d): TryData<RoomBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        check(&state, &s, CHAT_VIEW).await?;
        s.leave(names::chat_room(body(d)?.room_id.trim()));
        Ok(Nothing {})
    }
    .await;
    answer(&s, ack, r);
}

async fn history<A: Adapter>(
    s: SocketRef<A>,
    TryData(d): TryData<HistoryBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s, CHAT_VIEW).await?;
        let d = body(d)?;
        let req = pb::HistoryRequest {
            room_id: d.room_id.trim().to_string(),
            side: pb::Side::Admin.into(),
            before: d.before.unwrap_or(0).max(0),
            limit: history_limit(d.limit)?,
            member_id: String::new(),
        };
        if req.room_id.is_empty() {
            return Err(Refusal::validation("Please select a room"));
        }
        let l = call!(state.chat().history(req))?;
        delivered(&state, &ctx, &req.room_id, &l.items).await;
        Ok(ListAnswer { list: l.items, has_more: l.has_more })
    }
    .await;
    answer(&s, ack, r);
}

async fn missed<A: Adapter>(
    s: SocketRef<A>,
    TryData(d): TryData<MissedBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s, CHAT_VIEW).await?;
        let d = body(d)?;
        let req = pb::MissedRequest {
            room_id: d.room_id.trim().to_string(),
            side: pb::Side::Admin.into(),
            after: d.after.max(0),
            limit: 0,
            member_id: String::new(),
        };
        if req.room_id.is_empty() {
            return Err(Refusal::validation("Please select a room"));
        }
        let l = call!(state.chat().missed(req))?;
        delivered(&state, &ctx, &req.room_id, &l.items).await;
        Ok(ListAnswer { list: l.items, has_more: l.has_more })
    }
    .await;
    answer(&s, ack, r);
}

/// The admin side received these messages (an admin's screen fetched them): its delivered
/// marker moves, so the donor sees its messages delivered (best effort).
async fn delivered(state: &AppState, ctx: &AdminCtx, room_id: &str, items: &[pb::Message]) {
    let Some(last) =
        items.iter().filter(|m| m.sender.as_ref().is_some_and(|p| p.r#type == "member")).map(|m| m.seq).max()
    else {
        return;
    };
    let req = pb::MarkRequest {
        room_id: room_id.to_string(),
        side: pb::Side::Admin.into(),
        seq: last,
        member_id: String::new(),
        actor: Some(ctx.actor()),
    };
    if let Err(e) = state.chat().mark_delivered(req).await {
        tracing::debug!(error = %e, "delivered marker not moved");
    }
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct SendBody {
    pub room_id: String,
    pub text: String,
    pub image: String,
    pub client_id: String,
}

#[derive(Serialize)]
pub struct MessageEvent<'a> {
    pub message: &'a pb::Message,
    pub room: &'a pb::Room,
}

/// After a message is stored: `message` to the room's /admin sockets and the donor's /app
/// sockets, `room` to every /admin socket.
/// An admin message reaching a connected donor marks the member side's delivered marker.
pub async fn relay<A: Adapter>(io: &SocketIo<A>, state: &AppState, message: &pb::Message, room: pb::Room) {
    let room = one_with_presence(state, room).await;
    let from_admin = message.sender.as_ref().is_some_and(|p| p.r#type == "admin");
    if from_admin && room.online {
        let req = pb::MarkRequest {
            room_id: room.id.clone(),
            side: pb::Side::Member.into(),
            seq: message.seq,
            member_id: donor_of(&room),
            actor: None,
        };
        if let Err(e) = state.chat().mark_delivered(req).await {
            tracing::debug!(error = %e, "delivered marker not moved");
        }
    }
    let event = MessageEvent { message, room: &room };
    emit_from(io, ADMIN_NS, vec![names::chat_room(&room.id)], names::MESSAGE, &event).await;
    emit_from(io, APP_NS, vec![names::member_room(&donor_of(&room))], names::MESSAGE, &event).await;
    if from_admin {
        // An admin's reply read the room up to itself (the chat service moved the marker).
        let read = ReadEvent { room_id: &room.id, side: "admin", seq: message.seq, read_at: message.created_at };
        emit_from(io, ADMIN_NS, vec![names::chat_room(&room.id)], names::READ, &read).await;
        emit_from(io, APP_NS, vec![names::member_room(&donor_of(&room))], names::READ, &read).await;
    }
    emit_from(io, ADMIN_NS, vec![ADMINS_ROOM.to_string()], names::ROOM, &RoomAnswer { room: room.clone() }).await;
}

async fn send<A: Adapter>(
    s: SocketRef<A>,
    io: SocketIo<A>,
    TryData(d): TryData<SendBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let stored = async {
        let ctx = check(&state, &s, CHAT_ADD).await?;
        let d = body(d)?;
        check_send(&d.text, &d.image, &d.client_id)?;
        // A picture must be this conversation's, or the admin's own new upload.
        let room_id = d.room_id.trim().to_string();
        let claim = crate::media::ROOM
            .claim(&state, &ctx.actor(), Some(&room_id), crate::media::Files::new().one("image", &d.image))
            .await?;
        let req = pb::SendRequest {
            room_id: d.room_id.trim().to_string(),
            side: pb::Side::Admin.into(),
            sender: Some(ctx.person()),
            text: d.text.trim().to_string(),
            image: d.image.trim().to_string(),
            client_id: d.client_id.trim().to_string(),
            member_id: String::new(),
            actor: Some(ctx.actor()),
        };
        // Idempotent on (room, clientId): a retry after a lost answer stores nothing new.
        let r = call!(state.chat().send(req))?;
        claim.attach(&state, &room_id).await;
        Ok(r)
    }
    .await;
    acknowledge_send(&s, ack, &io, &state, stored).await;
}

/// Answers a send (the stored message, or why not) and, when it stored a new message, relays
/// it to the room's sockets on both sides (a resend of a stored clientId relays nothing).
pub(super) async fn acknowledge_send<A: Adapter>(
    s: &SocketRef<A>,
    ack: AckSender<A>,
    io: &SocketIo<A>,
    state: &AppState,
    stored: Result<pb::SendReply, Refusal>,
) {
    match stored {
        Ok(r) => {
            let message = r.message.unwrap_or_default();
            answer(s, ack, Ok(MessageAnswer { message: message.clone() }));
            if r.created {
                relay(io, state, &message, r.room.unwrap_or_default()).await;
            }
        }
        Err(e) => answer::<A, Nothing>(s, ack, Err(e)),
    }
}

async fn typing<A: Adapter>(
    s: SocketRef<A>,
    io: SocketIo<A>,
    TryData(d): TryData<TypingBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s, CHAT_ADD).await?;
        let d = body(d)?;
        let room = get_room(&state, &d.room_id).await?;
        let event = TypingEvent { room_id: room.id.clone(), from: ctx.person(), typing: d.typing };
        if let Err(e) = s.to(names::chat_room(&room.id)).emit(names::TYPING, &event).await {
            tracing::debug!(error = %e, "typing not relayed");
        }
        emit_from(&io, APP_NS, vec![names::member_room(&donor_of(&room))], names::TYPING, &event).await;
        Ok(Nothing {})
    }
    .await;
    answer(&s, ack, r);
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ReadBody {
    pub room_id: String,
    pub seq: i64,
}

async fn read<A: Adapter>(
    s: SocketRef<A>,
    io: SocketIo<A>,
    TryData(d): TryData<ReadBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s, CHAT_VIEW).await?;
        let d = body(d)?;
        let req = pb::MarkRequest {
            room_id: d.room_id.trim().to_string(),
            side: pb::Side::Admin.into(),
            seq: d.seq.max(0),
            member_id: String::new(),
            actor: Some(ctx.actor()),
        };
        if req.room_id.is_empty() {
            return Err(Refusal::validation("Please select a room"));
        }
        let m = call_unsent!(state.chat().mark_read(req))?;
        let room = one_with_presence(&state, m.room.unwrap_or_default()).await;
        if m.moved {
            let event = ReadEvent { room_id: &room.id, side: "admin", seq: m.seq, read_at: m.at };
            emit_from(&io, ADMIN_NS, vec![names::chat_room(&room.id)], names::READ, &event).await;
            emit_from(&io, APP_NS, vec![names::member_room(&donor_of(&room))], names::READ, &event).await;
            emit_from(&io, ADMIN_NS, vec![ADMINS_ROOM.to_string()], names::ROOM, &RoomAnswer { room: room.clone() })
                .await;
        }
        Ok(RoomAnswer { room })
    }
    .await;
    answer(&s, ack, r);
}
