//! What both chat namespaces speak (/admin, the console's inbox, admin.rs; /app, the donor's
//! side, app.rs): the event bodies and answers, and the checks the contract words for them.
//! One place, so the two sides cannot drift apart, and neither side imports the other's types.

use super::socket::Refusal;
use proto::chat::v1 as pb;
use serde::{Deserialize, Serialize};

/// The donor of a room (its member side's account id).
pub fn donor_of(room: &pb::Room) -> String {
    room.user.as_ref().map(|u| u.id.clone()).unwrap_or_default()
}

#[derive(Serialize)]
pub struct Nothing {}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct HistoryBody {
    pub room_id: String,
    pub limit: i64,
    pub before: Option<i64>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct MissedBody {
    pub room_id: String,
    pub after: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ListAnswer {
    pub list: Vec<pb::Message>,
    pub has_more: bool,
}

/// Refuses a page size over 50 (0 or absent: 15).
pub fn history_limit(limit: i64) -> Result<i64, Refusal> {
    match limit {
        l if l <= 0 => Ok(15),
        l if l > 50 => Err(Refusal::validation("Please ask for at most 50 messages")),
        l => Ok(l),
    }
}

#[derive(Serialize)]
pub struct MessageAnswer {
    pub message: pb::Message,
}

/// The checks the contract words (the service checks the same again).
pub fn check_send(text: &str, image: &str, client_id: &str) -> Result<(), Refusal> {
    let text = text.trim();
    if text.is_empty() && image.trim().is_empty() {
        return Err(Refusal::validation("Please enter a message"));
    }
    if text.chars().count() > 2000 {
        return Err(Refusal::validation("Message must be at most 2000 characters"));
    }
    let id = client_id.trim();
    if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(Refusal::validation("Please send a valid clientId"));
    }
    Ok(())
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct TypingBody {
    pub room_id: String,
    pub typing: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TypingEvent {
    pub room_id: String,
    pub from: pb::Person,
    pub typing: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReadEvent<'a> {
    pub room_id: &'a str,
    pub side: &'static str,
    pub seq: i64,
    pub read_at: i64,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ReadBody {
    pub room_id: String,
    pub seq: i64,
}

#[derive(Serialize)]
pub struct RoomAnswer {
    pub room: pb::Room,
}

#[derive(Serialize)]
pub struct MessageEvent<'a> {
    pub message: &'a pb::Message,
    pub room: &'a pb::Room,
}
