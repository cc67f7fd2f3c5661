//! The /admin namespace: the console's shared chat inbox. The handshake takes an admin
//! access token (`auth: {token}`) and checks it with the REST's own check
//! (`crate::auth::caller`) against /chat view; every event checks it again (an access token
//! expired since answers `token_expired` and the socket is disconnected), and `send` and
//! `typing` need /chat add. Each socket joins "admins" (room list updates, presence).

use super::hub::emit_from;
use super::names::{self, ADMINS_ROOM, APP_NS};
use super::room::{self, Party, Stored, one_with_presence, with_presence};
use super::socket::{Incoming, Refusal, client_address, on};
use super::wire::{Nothing, RoomAnswer, TypingBody, TypingEvent, check_send, donor_of};
use crate::permissions::{Access, Nonprofit, Rule};
use crate::state::AppState;
use crate::transport::call;
use proto::chat::v1 as pb;
use serde::{Deserialize, Serialize};
use socketioxide::adapter::Adapter;
use socketioxide::extract::SocketRef;
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
    fn person(&self) -> pb::Person {
        pb::Person { id: self.id.clone(), r#type: "admin".into(), name: self.name.clone(), avatar: String::new() }
    }
}

/// The admin side: one shared inbox, any room by its id; its delivered marker moves past the
/// donor's messages, and every console's room list hears of a read.
impl Party for AdminCtx {
    const SIDE: pb::Side = pb::Side::Admin;
    const SIDE_NAME: &'static str = "admin";
    async fn check<A: Adapter>(ev: &Incoming<A>) -> Result<Self, Refusal> {
        check(ev, CHAT_VIEW).await
    }
    fn room(&self, asked: &str) -> Result<String, Refusal> {
        Ok(asked.trim().to_string())
    }
    fn member_id(&self) -> String {
        String::new()
    }
    fn actor(&self) -> proto::common::v1::Actor {
        proto::common::v1::Actor {
            id: self.id.clone(),
            account_type: common::account::from_name(&self.admin_type).into(),
            address: self.address.clone(),
        }
    }
    fn delivers(m: &pb::Message) -> bool {
        m.sender.as_ref().is_some_and(|p| p.r#type == "member")
    }
    async fn read_moved<A: Adapter>(ev: &Incoming<A>, room: &pb::Room) {
        room::to_admins(&ev.io, room).await;
    }
}

/// The handshake (`socket::handshake`): an admin access token allowed /chat view.
pub async fn handshake<A: Adapter>(s: SocketRef<A>, token: Option<String>, state: AppState) -> Result<(), Refusal> {
    let p = crate::auth::caller(&state, token.as_deref(), CHAT_VIEW, None).await.map_err(Refusal::from)?;
    let name = crate::names::account_names(&state, [p.id.clone()]).await.remove(&p.id).unwrap_or_default();
    let address = client_address(&s, &state);
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
    on(s, names::USERS, users::<A>);
    on(s, names::JOIN, join::<A>);
    on(s, names::LEAVE, leave::<A>);
    on(s, names::SEND, send::<A>);
    on(s, names::TYPING, typing::<A>);
    room::listen::<A, AdminCtx>(s);
}

/// The socket's admin, checked again (token, session, standing, permission).
async fn check<A: Adapter>(ev: &Incoming<A>, rule: Rule) -> Result<AdminCtx, Refusal> {
    let ctx =
        ev.socket.extensions.get::<AdminCtx>().ok_or_else(|| Refusal::unauthorized("Please sign in to continue"))?;
    crate::auth::caller(&ev.state, Some(&ctx.token), rule, None).await.map_err(Refusal::from)?;
    Ok(ctx)
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

async fn users<A: Adapter>(ev: Incoming<A>, d: Result<UsersBody, Refusal>) -> Result<UsersAnswer, Refusal> {
    check(&ev, CHAT_VIEW).await?;
    let d = d?;
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
    let state = &ev.state;
    let p = call!(state.chat().list_rooms(req))?;
    Ok(UsersAnswer { list: with_presence(state, p.items).await, total_records: p.total, page, limit })
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct RoomBody {
    pub room_id: String,
}

async fn join<A: Adapter>(ev: Incoming<A>, d: Result<RoomBody, Refusal>) -> Result<RoomAnswer, Refusal> {
    check(&ev, CHAT_VIEW).await?;
    let room = get_room(&ev.state, &d?.room_id).await?;
    ev.socket.join(names::chat_room(&room.id));
    Ok(RoomAnswer { room: one_with_presence(&ev.state, room).await })
}

async fn leave<A: Adapter>(ev: Incoming<A>, d: Result<RoomBody, Refusal>) -> Result<Nothing, Refusal> {
    check(&ev, CHAT_VIEW).await?;
    ev.socket.leave(names::chat_room(d?.room_id.trim()));
    Ok(Nothing {})
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct SendBody {
    pub room_id: String,
    pub text: String,
    pub image: String,
    pub client_id: String,
}

async fn send<A: Adapter>(ev: Incoming<A>, d: Result<SendBody, Refusal>) -> Stored {
    Stored(
        async {
            let ctx = check(&ev, CHAT_ADD).await?;
            let d = d?;
            check_send(&d.text, &d.image, &d.client_id)?;
            // A picture must be this conversation's, or the admin's own new upload.
            let (state, room_id) = (&ev.state, d.room_id.trim().to_string());
            let claim = crate::media::ROOM
                .claim(state, &ctx.actor(), Some(&room_id), crate::media::Files::new().one("image", &d.image))
                .await?;
            let req = pb::SendRequest {
                room_id: room_id.clone(),
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
            claim.attach(state, &room_id).await;
            Ok(r)
        }
        .await,
    )
}

async fn typing<A: Adapter>(ev: Incoming<A>, d: Result<TypingBody, Refusal>) -> Result<Nothing, Refusal> {
    let ctx = check(&ev, CHAT_ADD).await?;
    let d = d?;
    let room = get_room(&ev.state, &d.room_id).await?;
    let event = TypingEvent { room_id: room.id.clone(), from: ctx.person(), typing: d.typing };
    if let Err(e) = ev.socket.to(names::chat_room(&room.id)).emit(names::TYPING, &event).await {
        tracing::debug!(error = %e, "typing not relayed");
    }
    emit_from(&ev.io, APP_NS, vec![names::member_room(&donor_of(&room))], names::TYPING, &event).await;
    Ok(Nothing {})
}
