//! The events the engagement service publishes on the bus (the calendar events, a domain of
//! their own, are in calendar.rs): each routing key as a const and a payload struct per kind.
//! Each event names its actor (common::write). An update's payload names the fields it
//! changed, before and after.

use common::bus::Changes;
use serde::{Deserialize, Serialize};

pub const COMMUNITY_CREATED: &str = "engagement.community.created";
pub const COMMUNITY_UPDATED: &str = "engagement.community.updated";
/// Deleted from the console: in the trash (common::trash) until restored or purged.
pub const COMMUNITY_TRASHED: &str = "engagement.community.trashed";
/// Purged: gone for good with its members, links and posts.
pub const COMMUNITY_DELETED: &str = "engagement.community.deleted";
pub const COMMUNITY_RESTORED: &str = "engagement.community.restored";
/// Hidden or shown again (`isHidden` says which).
pub const COMMUNITY_HIDDEN: &str = "engagement.community.hidden";

pub const EVENT_CREATED: &str = "engagement.event.created";
pub const EVENT_UPDATED: &str = "engagement.event.updated";
/// Deleted from the console: in the trash until restored or purged.
pub const EVENT_TRASHED: &str = "engagement.event.trashed";
/// Purged: gone for good with its members.
pub const EVENT_DELETED: &str = "engagement.event.deleted";
pub const EVENT_RESTORED: &str = "engagement.event.restored";

/// A donor joined a community or an event (or moved to another mode of an event).
pub const MEMBER_JOINED: &str = "engagement.member.joined";
/// A donor left on its own.
pub const MEMBER_LEFT: &str = "engagement.member.left";
/// An admin removed a member.
pub const MEMBER_REMOVED: &str = "engagement.member.removed";

pub const POST_CREATED: &str = "engagement.post.created";
pub const POST_ACTIVATED: &str = "engagement.post.activated";
pub const POST_DEACTIVATED: &str = "engagement.post.deactivated";
/// A reported post deleted from the console: in the trash, its open reports closed.
pub const POST_TRASHED: &str = "engagement.post.trashed";
/// Restored from the trash: listed again, the reports its delete closed open again.
pub const POST_RESTORED: &str = "engagement.post.restored";
/// Purged: gone for good with its comments, likes and reports.
pub const POST_DELETED: &str = "engagement.post.deleted";
/// A post or a comment liked (`commentId` set for a comment).
pub const POST_LIKED: &str = "engagement.post.liked";
pub const POST_UNLIKED: &str = "engagement.post.unliked";
/// A comment or a reply (`parentId` set for a reply).
pub const POST_COMMENTED: &str = "engagement.post.commented";

pub const REPORT_CREATED: &str = "engagement.report.created";
pub const REPORT_CLOSED: &str = "engagement.report.closed";

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Community {
    pub id: String,
    pub name: String,
    pub is_hidden: bool,
    pub is_deleted: bool,
    /// The stored media files it shows (cover image and gallery), for media references.
    pub cover_image: String,
    pub gallery: Vec<String>,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Event {
    pub id: String,
    pub title: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub is_deleted: bool,
    /// The stored media files it shows, for media references.
    pub images: Vec<String>,
    pub video: String,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

/// A membership: of a community (`communityId`) or of an event (`eventId`, `status`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Member {
    pub id: String,
    pub donor_id: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub community_id: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub event_id: String,
    /// 1 Interested, 2 Going, 3 Notgoing (events only).
    #[serde(skip_serializing_if = "is_zero")]
    pub status: i32,
    /// The mode it was in before a move.
    #[serde(skip_serializing_if = "is_zero")]
    pub previous_status: i32,
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Post {
    pub id: String,
    pub community_id: String,
    pub author_id: String,
}

/// A like or unlike of a post or a comment, by `account` (a donor id or 'platform').
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Like {
    pub post_id: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub comment_id: String,
    pub account: String,
    pub likes_count: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Comment {
    pub id: String,
    pub post_id: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub parent_id: String,
    pub author_id: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Report {
    pub id: String,
    pub post_id: String,
    pub reporter_id: String,
}

/// The reports a post's deletion closed.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct ReportsClosed {
    pub post_id: String,
    pub report_ids: Vec<String>,
}

// ---------------------------------------------------------------------------------------
// Other services' events this one consumes (their own structs: only what is read).

/// Written in common::topics, beside the publisher's own.
pub use common::topics::{
    CAUSE_DELETED, CHARITY_DELETED, DONOR_CREATED, DONOR_DELETED, DONOR_RESTORED, DONOR_TRASHED, DONOR_UPDATED,
};

/// The consumer's name in `processed_events` and its queue.
pub const CONSUMER: &str = "engagement.people-and-catalogue";
/// Every key the consumer reads.
pub const CONSUMED: [&str; 7] =
    [DONOR_CREATED, DONOR_UPDATED, DONOR_TRASHED, DONOR_RESTORED, DONOR_DELETED, CHARITY_DELETED, CAUSE_DELETED];

/// The part of a giving donor event the consumer reads.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Donor {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

/// The part of a catalogue deletion the consumer reads.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Deleted {
    pub id: String,
}
