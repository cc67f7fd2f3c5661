//! Messages: history (keyset by seq), missed messages after a seq, sending (idempotent on
//! the client's id), and the read and delivered markers of each side.
//!
//! Decisions: each message has a per-room `seq` (1, 2, 3 ...) taken in the write that
//! stores it (concurrent sends get distinct consecutive seqs). A send carries a client-made
//! `clientId`: the same (room, clientId) twice stores one message and answers the stored one.
//! Members send text only in this release (no upload path for members); admins send text
//! and/or an image (a stored file name, module 'chatImage'). The admin side never reads
//! seq <= admin_cleared_seq. Each admin message records the real admin as its sender.

use crate::events;
use crate::messages_store::{self, Message, Person};
use crate::rooms::room_for;
use crate::rooms_store::{self, Marker, Room};
use crate::service::{Caller, Chat, Side, room_not_found};
use crate::store;
use common::Actor;
use common::db::is_unique_violation;
use common::error::{Check, Error, Result};

pub const HISTORY_DEFAULT: i64 = 15;
pub const HISTORY_MAX: i64 = 50;
pub const MISSED_MAX: i64 = 500;
pub const MAX_TEXT: usize = 2000;
pub const MAX_CLIENT_ID: usize = 64;

/// A send as the caller makes it. `sender`: the admin as the BFF knows it (id, name,
/// avatar; the actor's id when it names none); ignored for a member (the room's donor sends).
#[derive(Debug, Clone, Default)]
pub struct SendInput {
    pub room_id: String,
    pub sender: Person,
    pub text: String,
    pub image: String,
    pub client_id: String,
}

/// What a send answers: the stored message, the room after it, and whether it was new.
#[derive(Debug, Clone)]
pub struct Sent {
    pub message: Message,
    pub room: Room,
    pub created: bool,
}

/// What a marker move answers: the room after it, the side's marker, when it moved and
/// whether it did.
#[derive(Debug, Clone)]
pub struct Marked {
    pub room: Room,
    pub seq: i64,
    pub at: i64,
    pub moved: bool,
}

/// A read's `limit` (`default` when 0, 1 to `max`), checked with the seq it reads from
/// (`field` "before" or "after": 0 or more).
fn read_limit(limit: i64, default: i64, max: i64, (field, seq): (&str, i64)) -> Result<i64> {
    let mut check = Check::default();
    let limit = if limit == 0 { default } else { limit };
    if !(1..=max).contains(&limit) {
        check.fail("limit", format!("limit must be between 1 and {max}"));
    }
    if seq < 0 {
        check.fail(field, format!("{field} must be a seq"));
    }
    check.done()?;
    Ok(limit)
}

impl Chat {
    /// The `limit` (15; at most 50) newest messages with seq < `before` (0: the newest),
    /// ascending by seq, and whether older ones exist.
    pub async fn history(
        &self,
        room_id: &str,
        caller: &Caller,
        before: i64,
        limit: i64,
    ) -> Result<(Vec<Message>, bool)> {
        let limit = read_limit(limit, HISTORY_DEFAULT, HISTORY_MAX, ("before", before))?;
        let mut c = self.read().await?;
        let room = room_for(&mut c, room_id, caller).await?;
        let from = visible_from(&room, caller.side());
        let before = if before == 0 { i64::MAX } else { before };
        Ok(messages_store::history(&mut c, &room.id, from, before, limit).await?)
    }

    /// Messages with seq > `after`, ascending, at most `limit` (500), and whether more follow.
    pub async fn missed(&self, room_id: &str, caller: &Caller, after: i64, limit: i64) -> Result<(Vec<Message>, bool)> {
        let limit = read_limit(limit, MISSED_MAX, MISSED_MAX, ("after", after))?;
        let mut c = self.read().await?;
        let room = room_for(&mut c, room_id, caller).await?;
        let after = after.max(visible_from(&room, caller.side()));
        Ok(messages_store::missed(&mut c, &room.id, after, limit).await?)
    }

    /// Stores a message (chat.message.created), or answers the one stored with the same
    /// (room, clientId). Checked: text trimmed, 'Please enter a message' when empty with no
    /// image, at most 2000 characters; clientId required (<= 64 characters); a member sends
    /// text only.
    pub async fn send(&self, input: &SendInput, caller: &Caller, actor: &Actor) -> Result<Sent> {
        let mut check = Check::default();
        let text = input.text.trim().to_string();
        let image = input.image.trim().to_string();
        if matches!(caller, Caller::Member(_)) && !image.is_empty() {
            check.fail("image", "Members can send text only");
        } else if image.chars().count() > 300 {
            check.fail("image", "Please upload a valid image");
        }
        if text.is_empty() && image.is_empty() {
            check.fail("text", "Please enter a message");
        } else if text.chars().count() > MAX_TEXT {
            check.fail("text", format!("Message must be at most {MAX_TEXT} characters"));
        }
        let client_id = input.client_id.trim().to_string();
        if client_id.is_empty()
            || client_id.chars().count() > MAX_CLIENT_ID
            || !client_id.chars().all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
        {
            check.fail("clientId", "Please send a valid clientId");
        }
        if matches!(caller, Caller::Admin) && input.sender.id.trim().is_empty() && actor.id.is_empty() {
            check.fail("sender", "Please name the sender");
        }
        check.done()?;
        match self.try_send(input, caller, actor, &text, &image, &client_id).await {
            // Two sends of one clientId at once: the second finds the first's message.
            Err(Error::Internal(e)) if e.downcast_ref::<sqlx::Error>().is_some_and(is_unique_violation) => {
                self.try_send(input, caller, actor, &text, &image, &client_id).await
            }
            other => other,
        }
    }

    async fn try_send(
        &self,
        input: &SendInput,
        caller: &Caller,
        actor: &Actor,
        text: &str,
        image: &str,
        client_id: &str,
    ) -> Result<Sent> {
        let side = caller.side();
        let mut w = self.begin(actor).await?;
        let room = room_for(&mut w, &input.room_id, caller).await?;
        if side == Side::Member && room.user.is_deleted {
            return Err(Error::Forbidden(crate::service::FORBIDDEN.into()));
        }
        let now = common::now_ms();
        // The room's row is taken first: concurrent sends to it queue here.
        let seq = rooms_store::next_seq(&mut w, &room.id, side.name(), now).await?.ok_or_else(room_not_found)?;
        if let Some(stored) = messages_store::message_by_client_id(&mut w, &room.id, client_id).await? {
            w.rollback().await?;
            let room = self.get_room(&room.id, caller).await?;
            return Ok(Sent { message: stored, room, created: false });
        }
        let sender = match side {
            Side::Admin => {
                // The real admin: as the caller names it, else the actor.
                let id = if input.sender.id.trim().is_empty() {
                    actor.id.clone()
                } else {
                    input.sender.id.trim().to_string()
                };
                Person {
                    id,
                    kind: store::ADMIN.into(),
                    name: input.sender.name.trim().into(),
                    avatar: input.sender.avatar.trim().into(),
                }
            }
            Side::Member => Person {
                id: room.user.id.clone(),
                kind: store::MEMBER.into(),
                name: room.user.name.clone(),
                avatar: room.user.avatar.clone(),
            },
        };
        let message = Message {
            id: common::new_id(),
            room_id: room.id.clone(),
            seq,
            sender,
            text: text.to_string(),
            image: image.to_string(),
            client_id: client_id.to_string(),
            created_at: now,
            delivered_at: None,
            read_at: None,
        };
        messages_store::insert_message(&mut w, &message).await?;
        let payload = events::Message {
            id: message.id.clone(),
            room_id: room.id.clone(),
            user_id: room.user.id.clone(),
            seq,
            side: side.name().into(),
            sender_id: message.sender.id.clone(),
            has_image: !message.image.is_empty(),
            image: message.image.clone(),
            created_at: now,
        };
        w.emit(events::MESSAGE_CREATED, &payload).await?;
        // An admin's reply reads what came before it: the admin side has read the room up to
        // its own message, so no unread is left behind it. (A member's reading stays the apps'
        // to say, when the donor views the conversation.)
        if side == Side::Admin && room.admin_read_seq < seq {
            let read = room.admin_read_seq;
            rooms_store::move_marker(&mut w, &room.id, side.name(), Marker::Read, read, seq, now).await?;
            let payload = events::Read {
                room_id: room.id.clone(),
                user_id: room.user.id.clone(),
                side: side.name().into(),
                seq,
                read_at: now,
            };
            w.emit(events::MESSAGE_READ, &payload).await?;
        }
        let room = rooms_store::get_room(&mut w, &room.id, side.name()).await?.ok_or_else(room_not_found)?;
        w.commit().await?;
        Ok(Sent { message, room, created: true })
    }

    /// Moves the caller's side's read marker to `seq` (0: the room's last; never backwards,
    /// at most last_seq): the other side's messages up to it get readAt, the side's unread
    /// count is recomputed (chat.message.read when it moved).
    pub async fn mark_read(&self, room_id: &str, caller: &Caller, seq: i64, actor: &Actor) -> Result<Marked> {
        self.mark(room_id, caller, seq, Marker::Read, actor).await
    }

    /// Moves the caller's side's delivered marker (the side received messages up to `seq`).
    pub async fn mark_delivered(&self, room_id: &str, caller: &Caller, seq: i64, actor: &Actor) -> Result<Marked> {
        self.mark(room_id, caller, seq, Marker::Delivered, actor).await
    }

    async fn mark(&self, room_id: &str, caller: &Caller, seq: i64, marker: Marker, actor: &Actor) -> Result<Marked> {
        if seq < 0 {
            return Err(Error::field("seq", "seq must be 0 or more"));
        }
        let side = caller.side();
        let mut w = self.begin(actor).await?;
        let room = room_for(&mut w, room_id, caller).await?;
        w.lock_row("rooms", &room.id).await?;
        let room = rooms_store::get_room(&mut w, &room.id, side.name()).await?.ok_or_else(room_not_found)?;
        let current = match (side, marker) {
            (Side::Admin, Marker::Read) => room.admin_read_seq,
            (Side::Member, Marker::Read) => room.member_read_seq,
            (Side::Admin, Marker::Delivered) => room.admin_delivered_seq,
            (Side::Member, Marker::Delivered) => room.member_delivered_seq,
        };
        let target = if seq == 0 { room.last_seq } else { seq.min(room.last_seq) };
        let now = common::now_ms();
        if target <= current {
            w.rollback().await?;
            return Ok(Marked { room, seq: current, at: now, moved: false });
        }
        rooms_store::move_marker(&mut w, &room.id, side.name(), marker, current, target, now).await?;
        if marker == Marker::Read {
            let payload = events::Read {
                room_id: room.id.clone(),
                user_id: room.user.id.clone(),
                side: side.name().into(),
                seq: target,
                read_at: now,
            };
            w.emit(events::MESSAGE_READ, &payload).await?;
        }
        let room = rooms_store::get_room(&mut w, &room.id, side.name()).await?.ok_or_else(room_not_found)?;
        w.commit().await?;
        Ok(Marked { room, seq: target, at: now, moved: true })
    }
}

/// The side's first hidden seq: the admin side never reads seq <= admin_cleared_seq.
fn visible_from(room: &Room, side: Side) -> i64 {
    match side {
        Side::Admin => room.admin_cleared_seq,
        Side::Member => 0,
    }
}
