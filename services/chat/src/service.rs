//! The chat service's handle and what its domain modules share: the write, the reads, the
//! sides and the paging of its lists. The domain lives in rooms.rs, messages.rs,
//! notifications.rs and people.rs.

use crate::store;
use common::Actor;
use common::db::Db;
use common::error::{Check, Error, Result};
use common::outbox::Relay;
use common::write::{self, Write};

#[derive(Clone)]
pub struct Chat {
    pub db: Db,
    pub relay: Option<Relay>,
}

/// The two sides of a room: the console's shared admin inbox and the donor (member).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Admin,
    Member,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Admin => store::ADMIN,
            Side::Member => store::MEMBER,
        }
    }
}

/// Who calls for a room: the admin side (any admin with /chat, checked by the BFF), or a
/// member, who may only reach its own room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caller {
    Admin,
    Member(String),
}

impl Caller {
    pub fn side(&self) -> Side {
        match self {
            Caller::Admin => Side::Admin,
            Caller::Member(_) => Side::Member,
        }
    }
}

pub const ROOM_NOT_FOUND: &str = "Room not found";
pub const USER_NOT_FOUND: &str = "User not found";
pub const FORBIDDEN: &str = "You are not allowed to do this";

impl Chat {
    pub fn new(db: Db, relay: Option<Relay>) -> Self {
        Self { db, relay }
    }

    pub(crate) async fn begin(&self, actor: &Actor) -> Result<Write<'_>> {
        write::begin(&self.db, self.relay.as_ref(), actor).await
    }

    pub(crate) async fn read(&self) -> Result<common::pool::PoolConnection> {
        Ok(self.db.pool.acquire().await?)
    }
}

/// A list's page and limit: page from 1, limit 1..=`max` (0: `default`).
pub(crate) fn page_limit(page: i64, limit: i64, default: i64, max: i64, check: &mut Check) -> (i64, i64) {
    let page = if page == 0 { 1 } else { page };
    let limit = if limit == 0 { default } else { limit };
    if page < 1 {
        check.fail("page", "page must be 1 or more");
    }
    if !(1..=max).contains(&limit) {
        check.fail("limit", format!("limit must be between 1 and {max}"));
    }
    (limit, (page.max(1) - 1).saturating_mul(limit.max(0)))
}

/// A required id: trimmed, `message` on `field` when blank or too long.
pub(crate) fn id(raw: &str, field: &str, message: &str, check: &mut Check) -> String {
    let v = raw.trim();
    if v.is_empty() || v.chars().count() > 64 {
        check.fail(field, message);
    }
    v.to_string()
}

pub(crate) fn room_not_found() -> Error {
    Error::NotFound(ROOM_NOT_FOUND.into())
}
