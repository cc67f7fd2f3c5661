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

use super::admin::acknowledge_send;
use super::names::{self, ADMIN_NS, ADMINS_ROOM};
use super::presence::Presence;
use super::socket::{Auth, Refusal, answer, emit_from};
use super::wire::{
    HistoryBody, ListAnswer, MissedBody, Nothing, ReadEvent, TypingBody, TypingEvent, check_send, donor_of,
    history_limit,
};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use proto::chat::v1 as pb;
use serde::{Deserialize, Serialize};
use socketioxide::SocketIo;
use socketioxide::adapter::Adapter;
use socketioxide::extract::{AckSender, SocketRef, State, TryData};
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

impl MemberCtx {
    fn actor(&self) -> proto::common::v1::Actor {
        proto::common::v1::Actor {
            id: self.donor_id.clone(),
            account_type: proto::common::v1::AccountType::Member.into(),
            address: self.address.clone(),
        }
    }

    /// The room an event names: the member's own (absent or the same id), else refused.
    fn room(&self, asked: &str) -> Result<String, Refusal> {
        match asked.trim() {
            "" => Ok(self.room_id.clone()),
            id if id == self.room_id => Ok(self.room_id.clone()),
            _ => Err(Refusal::forbidden()),
        }
    }
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

pub async fn handshake<A: Adapter>(
    s: SocketRef<A>,
    TryData(auth): TryData<Auth>,
    State(state): State<AppState>,
) -> Result<(), Refusal> {
    let token = auth.ok().and_then(|a| a.token).filter(|t| !t.is_empty());
    let donor_id = member(&state, token.as_deref()).await?;
    let parts = s.req_parts();
    let peer = parts.extensions.get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0);
    let address =
        peer.map(|peer| crate::auth::client_address(&state.settings, &parts.headers, peer)).unwrap_or_default();
    let actor = proto::common::v1::Actor {
        id: donor_id.clone(),
        account_type: proto::common::v1::AccountType::Member.into(),
        address: address.clone(),
    };
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
    s.on(names::HISTORY, history::<A>);
    s.on(names::MISSED, missed::<A>);
    s.on(names::SEND, send::<A>);
    s.on(names::TYPING, typing::<A>);
    s.on(names::READ, read::<A>);
    s.on(names::NOTIFICATIONS, notifications::<A>);
    s.on(names::NOTIFICATION_READ, notification_read::<A>);
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
        emit_from(
            &io,
            ADMIN_NS,
            vec![ADMINS_ROOM.to_string()],
            names::PRESENCE,
            &PresenceEvent { user_id: &ctx.donor_id, online: true },
        )
        .await;
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
        emit_from(
            &io,
            ADMIN_NS,
            vec![ADMINS_ROOM.to_string()],
            names::PRESENCE,
            &PresenceEvent { user_id: &ctx.donor_id, online: false },
        )
        .await;
    }
}

/// The socket's member, checked again (token expiry, donor active).
async fn check<A: Adapter>(state: &AppState, s: &SocketRef<A>) -> Result<MemberCtx, Refusal> {
    let ctx = s.extensions.get::<MemberCtx>().ok_or_else(|| Refusal::unauthorized("Please sign in to continue"))?;
    member(state, Some(&ctx.token)).await?;
    Ok(ctx)
}

fn body<T>(data: Result<T, impl std::fmt::Display>) -> Result<T, Refusal> {
    data.map_err(|e| Refusal::validation(&format!("Invalid request body: {e}")))
}

async fn history<A: Adapter>(
    s: SocketRef<A>,
    TryData(d): TryData<HistoryBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s).await?;
        let d = body(d)?;
        let req = pb::HistoryRequest {
            room_id: ctx.room(&d.room_id)?,
            side: pb::Side::Member.into(),
            before: d.before.unwrap_or(0).max(0),
            limit: history_limit(d.limit)?,
            member_id: ctx.donor_id.clone(),
        };
        let l = call!(state.chat().history(req))?;
        delivered(&state, &ctx, &l.items).await;
        Ok(ListAnswer { list: l.items, has_more: l.has_more })
    }
    .await;
    answer(&s, ack, r);
}

/// The member received these messages: its delivered marker moves (best effort).
async fn delivered(state: &AppState, ctx: &MemberCtx, items: &[pb::Message]) {
    let Some(last) = items.iter().map(|m| m.seq).max() else { return };
    let req = pb::MarkRequest {
        room_id: ctx.room_id.clone(),
        side: pb::Side::Member.into(),
        seq: last,
        member_id: ctx.donor_id.clone(),
        actor: Some(ctx.actor()),
    };
    if let Err(e) = state.chat().mark_delivered(req).await {
        tracing::debug!(error = %e, "delivered marker not moved");
    }
}

async fn missed<A: Adapter>(
    s: SocketRef<A>,
    TryData(d): TryData<MissedBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s).await?;
        let d = body(d)?;
        let req = pb::MissedRequest {
            room_id: ctx.room(&d.room_id)?,
            side: pb::Side::Member.into(),
            after: d.after.max(0),
            limit: 0,
            member_id: ctx.donor_id.clone(),
        };
        let l = call!(state.chat().missed(req))?;
        delivered(&state, &ctx, &l.items).await;
        Ok(ListAnswer { list: l.items, has_more: l.has_more })
    }
    .await;
    answer(&s, ack, r);
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct MemberSendBody {
    pub room_id: String,
    pub text: String,
    pub image: Option<String>,
    pub client_id: String,
}

async fn send<A: Adapter>(
    s: SocketRef<A>,
    io: SocketIo<A>,
    TryData(d): TryData<MemberSendBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let stored = async {
        let ctx = check(&state, &s).await?;
        let d = body(d)?;
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
        Ok(call!(state.chat().send(req))?)
    }
    .await;
    acknowledge_send(&s, ack, &io, &state, stored).await;
}

async fn typing<A: Adapter>(
    s: SocketRef<A>,
    io: SocketIo<A>,
    TryData(d): TryData<TypingBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s).await?;
        let d = body(d)?;
        let room_id = ctx.room(&d.room_id)?;
        let from = pb::Person {
            id: ctx.donor_id.clone(),
            r#type: "member".into(),
            name: String::new(),
            avatar: String::new(),
        };
        let event = TypingEvent { room_id: room_id.clone(), from, typing: d.typing };
        emit_from(&io, ADMIN_NS, vec![names::chat_room(&room_id)], names::TYPING, &event).await;
        Ok(Nothing {})
    }
    .await;
    answer(&s, ack, r);
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct MemberReadBody {
    pub room_id: String,
    pub seq: i64,
}

#[derive(Serialize)]
pub struct RoomAnswer {
    pub room: pb::Room,
}

async fn read<A: Adapter>(
    s: SocketRef<A>,
    io: SocketIo<A>,
    TryData(d): TryData<MemberReadBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s).await?;
        let d = body(d)?;
        let req = pb::MarkRequest {
            room_id: ctx.room(&d.room_id)?,
            side: pb::Side::Member.into(),
            seq: d.seq.max(0),
            member_id: ctx.donor_id.clone(),
            actor: Some(ctx.actor()),
        };
        let m = call_unsent!(state.chat().mark_read(req))?;
        let room = super::admin::one_with_presence(&state, m.room.unwrap_or_default()).await;
        if m.moved {
            let event = ReadEvent { room_id: &room.id, side: "member", seq: m.seq, read_at: m.at };
            emit_from(&io, ADMIN_NS, vec![names::chat_room(&room.id)], names::READ, &event).await;
            emit_from(&io, names::APP_NS, vec![names::member_room(&donor_of(&room))], names::READ, &event).await;
        }
        Ok(RoomAnswer { room })
    }
    .await;
    answer(&s, ack, r);
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
    s: SocketRef<A>,
    TryData(d): TryData<NotificationsBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s).await?;
        let d = body(d)?;
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
        let p = call!(state.chat().member_notifications(req))?;
        Ok(NotificationsAnswer { list: p.items, total_records: p.total })
    }
    .await;
    answer(&s, ack, r);
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct IdBody {
    pub id: String,
}

async fn notification_read<A: Adapter>(
    s: SocketRef<A>,
    TryData(d): TryData<IdBody>,
    ack: AckSender<A>,
    State(state): State<AppState>,
) {
    let r = async {
        let ctx = check(&state, &s).await?;
        let d = body(d)?;
        if d.id.trim().is_empty() {
            return Err(Refusal::validation("Please select a notification"));
        }
        let req = pb::MarkNotificationReadRequest {
            member_id: ctx.donor_id.clone(),
            notification_id: d.id.trim().to_string(),
            actor: Some(ctx.actor()),
        };
        call_unsent!(state.chat().mark_notification_read(req))?;
        Ok(Nothing {})
    }
    .await;
    answer(&s, ack, r);
}
