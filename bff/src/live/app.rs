//! The /app namespace: app users (donors) with a member token (identity IssueMemberToken:
//! typ "Member", sub = the donor id). The handshake refuses any other token (an admin
//! access token included) and a donor that is unknown or inactive (giving GetDonor, cached
//! briefly); every event checks the token's expiry and the donor again. A member reaches
//! only its own room: a `roomId` naming another room is refused (`forbidden`). Members send
//! text only in this release (there is no upload path for them).
//!
//! Each socket joins "member:{donorId}" (its messages, typing, read markers) and, for each
//! nonprofit and cause the donor gave to (giving DonorRecipients), "recipient:{kind}:{id}",
//! so a notification for a selected audience reaches exactly its donors.

use super::hub::emit_from;
use super::names::{self, ADMIN_NS, ADMINS_ROOM};
use super::presence::Presence;
use super::room::{self, Party, Stored};
use super::socket::{Incoming, Refusal, client_address, on};
use super::wire::{Nothing, TypingBody, TypingEvent, check_send};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use proto::chat::v1 as pb;
use serde::{Deserialize, Serialize};
use socketioxide::SocketIo;
use socketioxide::adapter::Adapter;
use socketioxide::extract::{SocketRef, State};
use std::sync::Arc;
use std::time::Duration;
use tokens::TokenError;

/// How long a donor's standing (exists, active) is trusted before giving is asked again.
pub const MEMBER_CACHE: Duration = Duration::from_secs(10);

/// Who this socket is (kept on the socket).
#[derive(Clone)]
pub struct MemberCtx {
    pub token: Arc<str>,
    pub donor_id: String,
    pub room_id: String,
    pub address: String,
    pub recipients: Vec<pb::RecipientRef>,
}

/// Who makes a member's calls: the donor, from its client address.
fn member_actor(donor_id: &str, address: &str) -> proto::common::v1::Actor {
    proto::common::v1::Actor {
        id: donor_id.to_string(),
        account_type: proto::common::v1::AccountType::Member.into(),
        address: address.to_string(),
    }
}

/// The member side: its own room only; every message it fetched moves its delivered marker.
impl Party for MemberCtx {
    const SIDE: pb::Side = pb::Side::Member;
    const SIDE_NAME: &'static str = "member";
    async fn check<A: Adapter>(ev: &Incoming<A>) -> Result<Self, Refusal> {
        check(ev).await
    }
    /// The room an event names: the member's own (absent or the same id), else refused.
    fn room(&self, asked: &str) -> Result<String, Refusal> {
        match asked.trim() {
            "" => Ok(self.room_id.clone()),
            id if id == self.room_id => Ok(self.room_id.clone()),
            _ => Err(Refusal::forbidden()),
        }
    }
    fn member_id(&self) -> String {
        self.donor_id.clone()
    }
    fn actor(&self) -> proto::common::v1::Actor {
        member_actor(&self.donor_id, &self.address)
    }
    fn delivers(_: &pb::Message) -> bool {
        true
    }
    async fn read_moved<A: Adapter>(_: &Incoming<A>, _: &pb::Room) {}
}

const INVALID: &str = "Invalid session token. Please sign in again.";

/// The donor a member token names, refused as the contract says.
async fn member(state: &AppState, token: Option<&str>) -> Result<String, Refusal> {
    let token = token.ok_or_else(|| Refusal::unauthorized("Please sign in to continue"))?;
    let claims = state.keys.verify(token).map_err(|e| match e {
        TokenError::Expired => Refusal::expired(),
        TokenError::Invalid => Refusal::unauthorized(INVALID),
    })?;
    if claims.typ != common::account::MEMBER || !claims.sid.is_empty() || claims.sub.is_empty() {
        return Err(Refusal::unauthorized(INVALID));
    }
    standing(state, &claims.sub).await?;
    Ok(claims.sub)
}

/// Whether the donor exists and is active (giving GetDonor, cached for [`MEMBER_CACHE`]).
async fn standing(state: &AppState, donor_id: &str) -> Result<(), Refusal> {
    const ACTIVE: &str = "active";
    const INACTIVE: &str = "inactive";
    const GONE: &str = "gone";
    let key = format!("member:{donor_id}");
    let known = match state.cache.get(&key).await {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "cache read failed; asking giving");
            None
        }
    };
    let known = match known {
        Some(v) => v,
        None => {
            let req = proto::giving::v1::DonorRef { id: donor_id.to_string(), actor: None };
            let v = match call!(state.giving().get_donor(req)) {
                Ok(d) if d.is_active => ACTIVE,
                Ok(_) => INACTIVE,
                Err(s) if s.code() == tonic::Code::NotFound => GONE,
                Err(s) => return Err(s.into()),
            };
            if let Err(e) = state.cache.set(&key, v, MEMBER_CACHE).await {
                tracing::warn!(error = %format!("{e:#}"), "cache write failed");
            }
            v.to_string()
        }
    };
    match known.as_str() {
        ACTIVE => Ok(()),
        INACTIVE => Err(Refusal::unauthorized("Your account is inactive. Please contact the administrator.")),
        _ => Err(Refusal::unauthorized("Your account no longer exists. Please sign in again.")),
    }
}

/// The donor as giving knows it (None when giving does not know it): the chat service's
/// copy is refreshed with it when a room is opened.
pub async fn room_user(state: &AppState, donor_id: &str) -> Result<Option<pb::RoomUser>, tonic::Status> {
    let req = proto::giving::v1::DonorRef { id: donor_id.to_string(), actor: None };
    match call!(state.giving().get_donor(req)) {
        Ok(d) => {
            let name = format!("{} {}", d.first_name.trim(), d.last_name.trim()).trim().to_string();
            Ok(Some(pb::RoomUser { id: d.id, name, email: d.email, avatar: d.avatar, is_deleted: false }))
        }
        Err(s) if s.code() == tonic::Code::NotFound => Ok(None),
        Err(s) => Err(s),
    }
}

fn kind_name(kind: i32) -> Option<&'static str> {
    match proto::giving::v1::RecipientKind::try_from(kind).ok()? {
        proto::giving::v1::RecipientKind::Charity => Some("charity"),
        proto::giving::v1::RecipientKind::Cause => Some("cause"),
        _ => None,
    }
}

/// The handshake (`socket::handshake`): a member token of an active donor; its room opened.
pub async fn handshake<A: Adapter>(s: SocketRef<A>, token: Option<String>, state: AppState) -> Result<(), Refusal> {
    let donor_id = member(&state, token.as_deref()).await?;
    let address = client_address(&s, &state);
    let actor = member_actor(&donor_id, &address);
    let user = room_user(&state, &donor_id).await.map_err(Refusal::from)?;
    let req = pb::MemberRef { member_id: donor_id.clone(), actor: Some(actor), user };
    let room = call!(state.chat().room_of_member(req)).map_err(Refusal::from)?;
    let req = proto::giving::v1::DonorRef { id: donor_id.clone(), actor: None };
    let given = call!(state.giving().donor_recipients(req)).map_err(Refusal::from)?;
    let recipients = given
        .recipients
        .into_iter()
        .filter_map(|r| kind_name(r.kind).map(|k| pb::RecipientRef { kind: k.into(), id: r.id }))
        .collect();
    let ctx = MemberCtx { token: token.unwrap_or_default().into(), donor_id, room_id: room.id, address, recipients };
    listen(&s, &ctx);
    s.extensions.insert(ctx);
    Ok(())
}

/// The socket's rooms and events, set at the end of the handshake, before socketioxide sends
/// the client CONNECT (it spawns the connect handler after it: events registered there could
/// come after the client's first emit, which was then dropped unanswered).
fn listen<A: Adapter>(s: &SocketRef<A>, ctx: &MemberCtx) {
    s.join(names::member_room(&ctx.donor_id));
    for r in &ctx.recipients {
        s.join(names::recipient_room(&r.kind, &r.id));
    }
    on(s, names::SEND, send::<A>);
    on(s, names::TYPING, typing::<A>);
    on(s, names::NOTIFICATIONS, notifications::<A>);
    on(s, names::NOTIFICATION_READ, notification_read::<A>);
    room::listen::<A, MemberCtx>(s);
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PresenceEvent<'a> {
    pub user_id: &'a str,
    pub online: bool,
}

pub async fn on_connect<A: Adapter>(
    s: SocketRef<A>,
    io: SocketIo<A>,
    State(state): State<AppState>,
    State(presence): State<Arc<Presence>>,
) {
    let Some(ctx) = s.extensions.get::<MemberCtx>() else { return };
    s.on_disconnect(on_disconnect::<A>);
    if presence.connected(state.cache.as_ref(), &ctx.donor_id).await {
        tell_presence(&io, &ctx.donor_id, true).await;
    }
}

async fn on_disconnect<A: Adapter>(
    s: SocketRef<A>,
    io: SocketIo<A>,
    State(state): State<AppState>,
    State(presence): State<Arc<Presence>>,
) {
    let Some(ctx) = s.extensions.get::<MemberCtx>() else { return };
    if presence.disconnected(state.cache.as_ref(), &ctx.donor_id).await {
        tell_presence(&io, &ctx.donor_id, false).await;
    }
}

/// `presence` to every /admin socket: a donor's first socket connected, or its last one left.
async fn tell_presence<A: Adapter>(io: &SocketIo<A>, donor_id: &str, online: bool) {
    let event = PresenceEvent { user_id: donor_id, online };
    emit_from(io, ADMIN_NS, vec![ADMINS_ROOM.to_string()], names::PRESENCE, &event).await;
}

/// The socket's member, checked again (token expiry, donor active).
async fn check<A: Adapter>(ev: &Incoming<A>) -> Result<MemberCtx, Refusal> {
    let ctx =
        ev.socket.extensions.get::<MemberCtx>().ok_or_else(|| Refusal::unauthorized("Please sign in to continue"))?;
    member(&ev.state, Some(&ctx.token)).await?;
    Ok(ctx)
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct MemberSendBody {
    pub room_id: String,
    pub text: String,
    pub image: Option<String>,
    pub client_id: String,
}

async fn send<A: Adapter>(ev: Incoming<A>, d: Result<MemberSendBody, Refusal>) -> Stored {
    Stored(
        async {
            let ctx = check(&ev).await?;
            let d = d?;
            let room_id = ctx.room(&d.room_id)?;
            if d.image.as_deref().is_some_and(|i| !i.trim().is_empty()) {
                return Err(Refusal::validation("Members send text only"));
            }
            check_send(&d.text, "", &d.client_id)?;
            let req = pb::SendRequest {
                room_id,
                side: pb::Side::Member.into(),
                sender: None,
                text: d.text.trim().to_string(),
                image: String::new(),
                client_id: d.client_id.trim().to_string(),
                member_id: ctx.donor_id.clone(),
                actor: Some(ctx.actor()),
            };
            let state = &ev.state;
            Ok(call!(state.chat().send(req))?)
        }
        .await,
    )
}

async fn typing<A: Adapter>(ev: Incoming<A>, d: Result<TypingBody, Refusal>) -> Result<Nothing, Refusal> {
    let ctx = check(&ev).await?;
    let d = d?;
    let room_id = ctx.room(&d.room_id)?;
    let from =
        pb::Person { id: ctx.donor_id.clone(), r#type: "member".into(), name: String::new(), avatar: String::new() };
    let event = TypingEvent { room_id: room_id.clone(), from, typing: d.typing };
    emit_from(&ev.io, ADMIN_NS, vec![names::chat_room(&room_id)], names::TYPING, &event).await;
    Ok(Nothing {})
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct NotificationsBody {
    pub page: i64,
    pub limit: i64,
}

#[derive(Serialize)]
pub struct NotificationsAnswer {
    pub list: Vec<pb::MemberNotification>,
    pub total_records: i64,
}

async fn notifications<A: Adapter>(
    ev: Incoming<A>,
    d: Result<NotificationsBody, Refusal>,
) -> Result<NotificationsAnswer, Refusal> {
    let ctx = check(&ev).await?;
    let d = d?;
    let page = proto::common::v1::PageRequest {
        page: d.page.max(1),
        limit: if d.limit <= 0 { 10 } else { d.limit.min(50) },
        search: String::new(),
        column: String::new(),
        order: String::new(),
    };
    let req = pb::MemberNotificationsRequest {
        member_id: ctx.donor_id.clone(),
        recipients: ctx.recipients.clone(),
        page: Some(page),
    };
    let state = &ev.state;
    let p = call!(state.chat().member_notifications(req))?;
    Ok(NotificationsAnswer { list: p.items, total_records: p.total })
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct IdBody {
    pub id: String,
}

async fn notification_read<A: Adapter>(ev: Incoming<A>, d: Result<IdBody, Refusal>) -> Result<Nothing, Refusal> {
    let ctx = check(&ev).await?;
    let d = d?;
    if d.id.trim().is_empty() {
        return Err(Refusal::validation("Please select a notification"));
    }
    let req = pb::MarkNotificationReadRequest {
        member_id: ctx.donor_id.clone(),
        notification_id: d.id.trim().to_string(),
        actor: Some(ctx.actor()),
    };
    let state = &ev.state;
    call_unsent!(state.chat().mark_notification_read(req))?;
    Ok(Nothing {})
}
