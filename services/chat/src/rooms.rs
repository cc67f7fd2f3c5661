//! Rooms: one per donor (opened by the console or by the donor's first visit, answered again
//! after), the admin side's user list, and clearing the admin side's history.
//!
//! Decisions: the admin side is ONE shared inbox (the main admin and every sub-admin with
//! /chat see the same rooms; unread and read state are per side, not per admin account).
//! Clearing hides the room's messages up to now from the admin side only
//! (admin_cleared_seq = last_seq, admin unread 0): the donor keeps its copy (its
//! conversation is its own record; the console clears its own view).

use crate::events;
use crate::rooms_store::{self, Room};
use crate::service::{Caller, Chat, FORBIDDEN, USER_NOT_FOUND, id, page_limit, room_not_found};
use crate::{people_store, store};
use common::Actor;
use common::error::{Check, Error, Result};
use sqlx::AnyConnection;

/// The user list's largest page.
pub const MAX_ROOMS_PAGE: i64 = 50;

/// A donor as the caller read it from giving (refreshes chat's copy).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DonorInfo {
    pub name: String,
    pub email: String,
    pub avatar: String,
}

impl Chat {
    /// Opens the donor's room, or answers the one it has (chat.room.created when opened).
    /// An unknown or deleted donor: NOT_FOUND field userId 'User not found'.
    pub async fn open_room(&self, user_id: &str, donor: Option<&DonorInfo>, actor: &Actor) -> Result<Room> {
        let mut check = Check::default();
        let user_id = id(user_id, "userId", "Please select a user", &mut check);
        check.done()?;
        let mut w = self.begin(actor).await?;
        let now = common::now_ms();
        if let Some(d) = donor {
            people_store::upsert_person(
                &mut w,
                &user_id,
                d.name.trim(),
                d.email.trim(),
                Some(d.avatar.trim()),
                None,
                now,
            )
            .await?;
        }
        match people_store::get_person(&mut w, &user_id).await? {
            Some(p) if !p.is_deleted => {}
            _ => return Err(user_not_found()),
        }
        let room_id = common::new_id();
        if rooms_store::insert_room(&mut w, &room_id, &user_id, now).await? {
            w.emit(events::ROOM_CREATED, &events::Room { id: room_id, user_id: user_id.clone(), cleared_seq: 0 })
                .await?;
        }
        let side = if actor.account_type == common::account::MEMBER { store::MEMBER } else { store::ADMIN };
        let room = rooms_store::room_of_user(&mut w, &user_id, side).await?.ok_or_else(room_not_found)?;
        w.commit().await?;
        Ok(room)
    }

    /// A room as the caller's side sees it (a member: its own room only).
    pub async fn get_room(&self, room_id: &str, caller: &Caller) -> Result<Room> {
        let mut c = self.read().await?;
        room_for(&mut c, room_id, caller).await
    }

    /// The member's own room, opened when it has none (as [`Chat::open_room`]).
    pub async fn room_of_member(&self, member_id: &str, donor: Option<&DonorInfo>, actor: &Actor) -> Result<Room> {
        {
            let mut c = self.read().await?;
            if donor.is_none()
                && let Some(room) = rooms_store::room_of_user(&mut c, member_id.trim(), store::MEMBER).await?
            {
                return Ok(room);
            }
        }
        self.open_room(member_id, donor, actor).await
    }

    /// The admin side's user list: rooms by last message time, newest first (rooms with no
    /// message last, newest room first); a search on the donor's name or email.
    pub async fn list_rooms(&self, page: i64, limit: i64, search: &str) -> Result<(Vec<Room>, i64)> {
        let mut check = Check::default();
        let (limit, offset) = page_limit(page, limit, 10, MAX_ROOMS_PAGE, &mut check);
        let search = search.trim().to_lowercase();
        if search.chars().count() > common::paging::MAX_SEARCH {
            check.fail("search", "search must be at most 100 characters");
        }
        check.done()?;
        let mut c = self.read().await?;
        Ok(rooms_store::list_rooms(&mut c, &search, limit, offset).await?)
    }

    /// What the admin side has not read: (rooms with an unread message, those messages).
    pub async fn unread_total(&self) -> Result<(i64, i64)> {
        Ok(rooms_store::admin_unread_total(&mut *self.read().await?).await?)
    }

    /// Clears the admin side's history of a room (chat.room.cleared): see the module.
    pub async fn clear_history(&self, room_id: &str, actor: &Actor) -> Result<Room> {
        let mut w = self.begin(actor).await?;
        let cleared = rooms_store::clear_admin_side(&mut w, room_id.trim()).await?.ok_or_else(room_not_found)?;
        let room = rooms_store::get_room(&mut w, room_id.trim(), store::ADMIN).await?.ok_or_else(room_not_found)?;
        w.emit(
            events::ROOM_CLEARED,
            &events::Room { id: room.id.clone(), user_id: room.user.id.clone(), cleared_seq: cleared },
        )
        .await?;
        w.commit().await?;
        Ok(room)
    }
}

/// The room `room_id` as `caller` sees it: NOT_FOUND when absent, a member's call on another
/// donor's room PERMISSION_DENIED.
pub(crate) async fn room_for(c: &mut AnyConnection, room_id: &str, caller: &Caller) -> Result<Room> {
    let room = rooms_store::get_room(c, room_id.trim(), caller.side().name()).await?.ok_or_else(room_not_found)?;
    if let Caller::Member(m) = caller
        && room.user.id != *m
    {
        return Err(Error::Forbidden(FORBIDDEN.into()));
    }
    Ok(room)
}

/// NOT_FOUND 'User not found' (the REST answer names field userId: the BFF maps it).
pub fn user_not_found() -> Error {
    Error::NotFound(USER_NOT_FOUND.into())
}
