//! The messages' SQL: history and missed messages are keyset reads of the primary key
//! (room_id, seq); a message's seq is taken first by rooms_store::next_seq.

use crate::store::{ADMIN, MEMBER, opt_i64};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A message's sender as shown: type "admin" or "member".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Person {
    pub id: String,
    pub kind: String,
    pub name: String,
    pub avatar: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Message {
    pub id: String,
    pub room_id: String,
    pub seq: i64,
    pub sender: Person,
    pub text: String,
    pub image: String,
    pub client_id: String,
    pub created_at: i64,
    pub delivered_at: Option<i64>,
    pub read_at: Option<i64>,
}

/// A message sender: an admin as stored with the message; a member as people shows it.
pub(crate) fn sender(kind: String, id: String, name: String, avatar: String, member: Option<(&str, &str)>) -> Person {
    match (kind.as_str(), member) {
        (MEMBER, Some((n, a))) => Person { id, kind, name: n.to_string(), avatar: a.to_string() },
        _ => Person { id, kind, name, avatar },
    }
}

const MESSAGE_SELECT: &str = "SELECT m.id, m.room_id, m.seq, m.sender_type, m.sender_id, m.sender_name, m.sender_avatar, m.text, m.image, \
     m.client_id, m.created_at, m.delivered_at, m.read_at, p.name AS p_name, p.avatar AS p_avatar \
     FROM messages m LEFT JOIN people p ON m.sender_type = 'member' AND p.id = m.sender_id";

fn message_of(r: &AnyRow) -> sqlx::Result<Message> {
    let p_name: Option<String> = r.try_get("p_name")?;
    let p_avatar: Option<String> = r.try_get("p_avatar")?;
    let member = p_name.as_deref().map(|n| (n, p_avatar.as_deref().unwrap_or_default()));
    Ok(Message {
        id: r.try_get("id")?,
        room_id: r.try_get("room_id")?,
        seq: r.try_get("seq")?,
        sender: sender(
            r.try_get("sender_type")?,
            r.try_get("sender_id")?,
            r.try_get("sender_name")?,
            r.try_get("sender_avatar")?,
            member,
        ),
        text: r.try_get("text")?,
        image: r.try_get("image")?,
        client_id: r.try_get("client_id")?,
        created_at: r.try_get("created_at")?,
        delivered_at: opt_i64(r, "delivered_at")?,
        read_at: opt_i64(r, "read_at")?,
    })
}

pub async fn message_by_client_id(
    c: &mut AnyConnection,
    room_id: &str,
    client_id: &str,
) -> sqlx::Result<Option<Message>> {
    let sql = format!("{MESSAGE_SELECT} WHERE m.room_id = $1 AND m.client_id = $2");
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(room_id)
        .bind(client_id)
        .fetch_optional(c)
        .await?
        .map(|r| message_of(&r))
        .transpose()
}

/// Stores a message (its seq taken by [`next_seq`]). Sender name and avatar are stored for
/// an admin only (a member's are read from people).
pub async fn insert_message(c: &mut AnyConnection, m: &Message) -> sqlx::Result<()> {
    let (name, avatar) =
        if m.sender.kind == ADMIN { (m.sender.name.as_str(), m.sender.avatar.as_str()) } else { ("", "") };
    sqlx::query(
        "INSERT INTO messages (room_id, seq, id, sender_type, sender_id, sender_name, sender_avatar, text, image, client_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&m.room_id)
    .bind(m.seq)
    .bind(&m.id)
    .bind(&m.sender.kind)
    .bind(&m.sender.id)
    .bind(name)
    .bind(avatar)
    .bind(&m.text)
    .bind(&m.image)
    .bind(&m.client_id)
    .bind(m.created_at)
    .execute(c)
    .await?;
    Ok(())
}

/// The `limit` newest messages with `from < seq < before`, ascending; and whether older
/// ones (above `from`) exist.
pub async fn history(
    c: &mut AnyConnection,
    room_id: &str,
    from: i64,
    before: i64,
    limit: i64,
) -> sqlx::Result<(Vec<Message>, bool)> {
    let sql =
        format!("{MESSAGE_SELECT} WHERE m.room_id = $1 AND m.seq > $2 AND m.seq < $3 ORDER BY m.seq DESC LIMIT $4");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(room_id)
        .bind(from)
        .bind(before)
        .bind(limit + 1)
        .fetch_all(c)
        .await?;
    let more = rows.len() as i64 > limit;
    let mut list = rows.iter().take(limit as usize).map(message_of).collect::<sqlx::Result<Vec<_>>>()?;
    list.reverse();
    Ok((list, more))
}

/// Up to `limit` messages with seq > after, ascending; and whether more follow.
pub async fn missed(
    c: &mut AnyConnection,
    room_id: &str,
    after: i64,
    limit: i64,
) -> sqlx::Result<(Vec<Message>, bool)> {
    let sql = format!("{MESSAGE_SELECT} WHERE m.room_id = $1 AND m.seq > $2 ORDER BY m.seq LIMIT $3");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(room_id).bind(after).bind(limit + 1).fetch_all(c).await?;
    let more = rows.len() as i64 > limit;
    let list = rows.iter().take(limit as usize).map(message_of).collect::<sqlx::Result<Vec<_>>>()?;
    Ok((list, more))
}
