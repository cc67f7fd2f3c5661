//! A chat room as both namespaces handle it (/admin, admin.rs; /app, app.rs) and the REST's
//! chat area too: its `online` read from presence, the emits to both of its sides (the room's
//! /admin sockets and its donor's /app sockets), the events whose handling only the side
//! differs in (`history`, `missed`, `read`: [`Party`] says what a side is), and a stored
//! message's answer and relay ([`Stored`]).

use super::hub::emit_from;
use super::names::{self, ADMIN_NS, ADMINS_ROOM, APP_NS};
use super::presence::Presence;
use super::socket::{Incoming, Refusal, Reply, answer, on};
use super::wire::{
    HistoryBody, ListAnswer, MessageAnswer, MessageEvent, MissedBody, Nothing, ReadBody, ReadEvent, RoomAnswer,
    donor_of, history_limit,
};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use proto::chat::v1 as pb;
use serde::Serialize;
use serde::de::DeserializeOwned;
use socketioxide::SocketIo;
use socketioxide::adapter::Adapter;
use socketioxide::extract::{AckSender, SocketRef};
use std::future::Future;

/// Rooms with `online` filled from presence.
pub async fn with_presence(state: &AppState, mut rooms: Vec<pb::Room>) -> Vec<pb::Room> {
    let ids: Vec<String> = rooms.iter().map(donor_of).collect();
    let online = Presence::online(state.cache.as_ref(), &ids).await;
    for (room, on) in rooms.iter_mut().zip(online) {
        room.online = on;
    }
    rooms
}

pub async fn one_with_presence(state: &AppState, room: pb::Room) -> pb::Room {
    with_presence(state, vec![room]).await.pop().unwrap_or_default()
}

/// Emits `event` to both sides of `room`: its /admin sockets (those that joined it) and its
/// donor's /app sockets.
pub async fn to_both_sides<A: Adapter, T: Serialize + ?Sized>(
    io: &SocketIo<A>,
    room: &pb::Room,
    event: &'static str,
    data: &T,
) {
    emit_from(io, ADMIN_NS, vec![names::chat_room(&room.id)], event, data).await;
    emit_from(io, APP_NS, vec![names::member_room(&donor_of(room))], event, data).await;
}

/// `room` to every /admin socket (their room lists).
pub async fn to_admins<A: Adapter>(io: &SocketIo<A>, room: &pb::Room) {
    emit_from(io, ADMIN_NS, vec![ADMINS_ROOM.to_string()], names::ROOM, &RoomAnswer { room: room.clone() }).await;
}

/// The side of a room a socket's caller speaks for: what `history`, `missed` and `read` of
/// either namespace differ in.
pub trait Party: Sized + Send + Sync + 'static {
    /// The side, as the chat service names it.
    const SIDE: pb::Side;
    /// The side, as a `read` event names it.
    const SIDE_NAME: &'static str;
    /// The socket's caller, checked again as a reading event needs.
    fn check<A: Adapter>(ev: &Incoming<A>) -> impl Future<Output = Result<Self, Refusal>> + Send;
    /// The room an event names, as this side reaches it (refused when it may not; empty
    /// when none is named and this side has no room of its own).
    fn room(&self, asked: &str) -> Result<String, Refusal>;
    /// The member the requests carry (the donor of an /app socket; none for /admin).
    fn member_id(&self) -> String;
    fn actor(&self) -> proto::common::v1::Actor;
    /// Whether this side having fetched `m` moves its delivered marker.
    fn delivers(m: &pb::Message) -> bool;
    /// What else is told once this side's read marker moved (both sides are told already).
    fn read_moved<A: Adapter>(ev: &Incoming<A>, room: &pb::Room) -> impl Future<Output = ()> + Send;
}

/// Registers the events both namespaces handle alike, for the side `P`.
pub fn listen<A: Adapter, P: Party>(s: &SocketRef<A>) {
    on(s, names::HISTORY, fetched::<A, P, HistoryBody>);
    on(s, names::MISSED, fetched::<A, P, MissedBody>);
    on(s, names::READ, read::<A, P>);
}

/// Refuses a request that names no room.
fn named(room_id: &str) -> Result<(), Refusal> {
    if room_id.is_empty() { Err(Refusal::validation("Please select a room")) } else { Ok(()) }
}

/// Where a reading event reads: the room (as the side reaches it), the side, its member.
struct At {
    room_id: String,
    side: pb::Side,
    member_id: String,
}

/// A reading event's body: `history` (a page of the room's messages before `before`, the
/// newest without it) or `missed` (those after `after`: a reconnect's catching up).
trait Fetch: DeserializeOwned + Send + 'static {
    fn room_id(&self) -> &str;
    /// The messages it asks for at `at` (refused when it asks more than it may).
    fn fetch(self, state: &AppState, at: At) -> impl Future<Output = Result<pb::MessageList, Refusal>> + Send;
}

impl Fetch for HistoryBody {
    fn room_id(&self) -> &str {
        &self.room_id
    }
    async fn fetch(self, state: &AppState, at: At) -> Result<pb::MessageList, Refusal> {
        let req = pb::HistoryRequest {
            room_id: at.room_id,
            side: at.side.into(),
            before: self.before.unwrap_or(0).max(0),
            limit: history_limit(self.limit)?,
            member_id: at.member_id,
        };
        named(&req.room_id)?;
        Ok(call!(state.chat().history(req))?)
    }
}

impl Fetch for MissedBody {
    fn room_id(&self) -> &str {
        &self.room_id
    }
    async fn fetch(self, state: &AppState, at: At) -> Result<pb::MessageList, Refusal> {
        let req = pb::MissedRequest {
            room_id: at.room_id,
            side: at.side.into(),
            after: self.after.max(0),
            limit: 0,
            member_id: at.member_id,
        };
        named(&req.room_id)?;
        Ok(call!(state.chat().missed(req))?)
    }
}

/// `history` and `missed`: the messages, which this side has then received.
async fn fetched<A: Adapter, P: Party, B: Fetch>(
    ev: Incoming<A>,
    d: Result<B, Refusal>,
) -> Result<ListAnswer, Refusal> {
    let who = P::check(&ev).await?;
    let d = d?;
    let room_id = who.room(d.room_id())?;
    let at = At { room_id: room_id.clone(), side: P::SIDE, member_id: who.member_id() };
    let l = d.fetch(&ev.state, at).await?;
    delivered(&ev.state, &who, &room_id, &l.items).await;
    Ok(ListAnswer { list: l.items, has_more: l.has_more })
}

/// This side received these messages (its screen fetched them): its delivered marker moves,
/// so the other side sees its messages delivered (best effort).
async fn delivered<P: Party>(state: &AppState, who: &P, room_id: &str, items: &[pb::Message]) {
    let Some(last) = items.iter().filter(|m| P::delivers(m)).map(|m| m.seq).max() else { return };
    let req = pb::MarkRequest {
        room_id: room_id.to_string(),
        side: P::SIDE.into(),
        seq: last,
        member_id: who.member_id(),
        actor: Some(who.actor()),
    };
    if let Err(e) = state.chat().mark_delivered(req).await {
        tracing::debug!(error = %e, "delivered marker not moved");
    }
}

/// `read`: this side read the room up to `seq`; a moved marker is told to both sides.
async fn read<A: Adapter, P: Party>(ev: Incoming<A>, d: Result<ReadBody, Refusal>) -> Result<RoomAnswer, Refusal> {
    let who = P::check(&ev).await?;
    let d = d?;
    let req = pb::MarkRequest {
        room_id: who.room(&d.room_id)?,
        side: P::SIDE.into(),
        seq: d.seq.max(0),
        member_id: who.member_id(),
        actor: Some(who.actor()),
    };
    named(&req.room_id)?;
    let state = &ev.state;
    let m = call_unsent!(state.chat().mark_read(req))?;
    let room = one_with_presence(state, m.room.unwrap_or_default()).await;
    if m.moved {
        let event = ReadEvent { room_id: &room.id, side: P::SIDE_NAME, seq: m.seq, read_at: m.at };
        to_both_sides(&ev.io, &room, names::READ, &event).await;
        P::read_moved(&ev, &room).await;
    }
    Ok(RoomAnswer { room })
}

/// After a message is stored: `message` to both sides of its room, `room` to every /admin
/// socket. An admin message reaching a connected donor marks the member side's delivered
/// marker; an admin's reply read the room up to itself (the chat service moved the marker),
/// which both sides are told.
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
    to_both_sides(io, &room, names::MESSAGE, &MessageEvent { message, room: &room }).await;
    if from_admin {
        let read = ReadEvent { room_id: &room.id, side: "admin", seq: message.seq, read_at: message.created_at };
        to_both_sides(io, &room, names::READ, &read).await;
    }
    to_admins(io, &room).await;
}

/// A `send`'s answer: the stored message, or why not. Once the sender has it, a new message
/// is relayed to its room's sockets on both sides (a resend of a stored clientId relays
/// nothing).
pub struct Stored(pub Result<pb::SendReply, Refusal>);

impl<A: Adapter> Reply<A> for Stored {
    async fn send(self, ev: Incoming<A>, ack: AckSender<A>) {
        match self.0 {
            Ok(r) => {
                let message = r.message.unwrap_or_default();
                answer(&ev.socket, ack, Ok(MessageAnswer { message: message.clone() }));
                if r.created {
                    relay(&ev.io, &ev.state, &message, r.room.unwrap_or_default()).await;
                }
            }
            Err(e) => answer::<A, Nothing>(&ev.socket, ack, Err(e)),
        }
    }
}
