//! The events the chat service publishes on the bus: each routing key as a const and a
//! payload struct per kind. Each event names its actor (common::write): an admin for the
//! console's calls, a member (account type "Member", id = the donor id) for the apps'.
//! And the giving events it consumes (their own structs: only what is read).

use serde::{Deserialize, Serialize};

pub const ROOM_CREATED: &str = "chat.room.created";
/// The admin side's history cleared (up to `clearedSeq`).
pub const ROOM_CLEARED: &str = "chat.room.cleared";
pub const MESSAGE_CREATED: &str = "chat.message.created";
/// A side's read marker moved (to `seq`).
pub const MESSAGE_READ: &str = "chat.message.read";
pub const NOTIFICATION_SENT: &str = "chat.notification.sent";
/// A member read a notification (its read marker written).
pub const NOTIFICATION_READ: &str = "chat.notification.read";

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Room {
    pub id: String,
    pub user_id: String,
    /// The admin side's cleared seq (chat.room.cleared).
    pub cleared_seq: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Message {
    pub id: String,
    pub room_id: String,
    pub user_id: String,
    pub seq: i64,
    /// "admin" or "member".
    pub side: String,
    pub sender_id: String,
    pub has_image: bool,
    /// The image's stored file (admin side; "" without one): the content service's media
    /// records reference it from here, so the orphan sweep keeps it.
    pub image: String,
    pub created_at: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Read {
    pub room_id: String,
    pub user_id: String,
    /// The side that read: "admin" or "member".
    pub side: String,
    pub seq: i64,
    pub read_at: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Notification {
    pub id: String,
    pub title: String,
    pub audience: String,
    pub charity_ids: Vec<String>,
    pub cause_ids: Vec<String>,
    pub reach: i64,
    pub created_at: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct NotificationRead {
    pub id: String,
    pub user_id: String,
    pub read_at: i64,
}

// ---------------------------------------------------------------------------------------
// Consumed: giving's donor events.

/// Written in common::topics, beside the publisher's own.
pub use common::topics::{DONOR_CREATED, DONOR_DELETED, DONOR_RESTORED, DONOR_STATUS, DONOR_TRASHED, DONOR_UPDATED};

/// The consumer's name in `processed_events` and its queue.
pub const CONSUMER: &str = "chat.people";
/// Every key the consumer reads.
pub const CONSUMED: [&str; 6] =
    [DONOR_CREATED, DONOR_UPDATED, DONOR_STATUS, DONOR_TRASHED, DONOR_RESTORED, DONOR_DELETED];

/// The part of a giving donor event the consumer reads.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Donor {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub is_active: bool,
}

impl Default for Donor {
    fn default() -> Self {
        Self {
            id: String::new(),
            first_name: String::new(),
            last_name: String::new(),
            email: String::new(),
            is_active: true,
        }
    }
}
