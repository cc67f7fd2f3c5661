//! Every SQL statement of the chat service (one text for SQLite and PostgreSQL).
//!
//! A room's counters and markers (last_seq, unread per side, read / delivered / cleared
//! seqs) are its own columns, changed in the same transaction as the messages they count.
//! A send takes the room's next seq with one conditional `UPDATE ... RETURNING` (the row's
//! lock orders concurrent sends: seqs 1, 2, 3 ... with no gap), then stores the message.
//! History and missed messages are keyset reads of the primary key (room_id, seq).

use common::db::{Backend, Sql, get_bool, like_pattern};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A deleted donor's name, everywhere.
pub const DELETED_DONOR: &str = "Deleted donor";
pub const ADMIN: &str = "admin";
pub const MEMBER: &str = "member";
/// Rooms with no message sort below every message time (see rooms.sort_key).
const NO_MESSAGE_OFFSET: i64 = 10_000_000_000_000;

/// A message's sender as shown: type "admin" or "member".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Person {
    pub id: String,
    pub kind: String,
    pub name: String,
    pub avatar: String,
}

/// A room's donor as shown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoomUser {
    pub id: String,
    pub name: String,
    pub email: String,
    pub avatar: String,
    pub is_active: bool,
    pub is_deleted: bool,
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

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Room {
    pub id: String,
    pub user: RoomUser,
    /// The newest message the asking side may see.
    pub last_message: Option<Message>,
    pub last_message_at: Option<i64>,
    pub created_at: i64,
    pub last_seq: i64,
    pub admin_unread: i64,
    pub member_unread: i64,
    pub admin_read_seq: i64,
    pub member_read_seq: i64,
    pub admin_delivered_seq: i64,
    pub member_delivered_seq: i64,
    pub admin_cleared_seq: i64,
}

fn backend(c: &AnyConnection) -> Backend {
    Backend::of_connection(c)
}

// ---------------------------------------------------------------------------------------
// People

/// The search key of a donor: its name and email, lower-cased.
pub fn search_key(name: &str, email: &str) -> String {
    format!("{} {}", name.to_lowercase(), email.to_lowercase())
}

/// Creates or refreshes a donor's copy (never one marked deleted). `avatar` None keeps the
/// stored one; `active` None keeps the stored flag (a new row is active).
pub async fn upsert_person(
    c: &mut AnyConnection,
    id: &str,
    name: &str,
    email: &str,
    avatar: Option<&str>,
    active: Option<bool>,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO people (id, name, email, avatar, search_key, is_active, is_deleted, updated_at) VALUES ($1, $2, $3, $4, $5, $6, FALSE, $7) \
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email, search_key = excluded.search_key, \
         avatar = CASE WHEN $8 THEN excluded.avatar ELSE people.avatar END, \
         is_active = CASE WHEN $9 THEN excluded.is_active ELSE people.is_active END, updated_at = excluded.updated_at \
         WHERE people.is_deleted = FALSE",
    )
    .bind(id)
    .bind(name)
    .bind(email)
    .bind(avatar.unwrap_or_default())
    .bind(search_key(name, email))
    .bind(active.unwrap_or(true))
    .bind(now)
    .bind(avatar.is_some())
    .bind(active.is_some())
    .execute(&mut *c)
    .await?;
    copy_search_key(c, id).await
}

/// Copies a donor's search key to its room (the user list's search reads rooms alone).
async fn copy_search_key(c: &mut AnyConnection, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE rooms SET search_key = (SELECT p.search_key FROM people p WHERE p.id = rooms.user_id) WHERE user_id = $1")
        .bind(user_id)
        .execute(c)
        .await?;
    Ok(())
}

/// Marks a donor deleted: 'Deleted donor', no email or avatar, inactive (a row is made when
/// chat never knew it, so a late event for it changes nothing).
pub async fn delete_person(c: &mut AnyConnection, id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO people (id, name, email, avatar, search_key, is_active, is_deleted, updated_at) VALUES ($1, $2, '', '', $3, FALSE, TRUE, $4) \
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = '', avatar = '', search_key = excluded.search_key, \
         is_active = FALSE, is_deleted = TRUE, updated_at = excluded.updated_at",
    )
    .bind(id)
    .bind(DELETED_DONOR)
    .bind(search_key(DELETED_DONOR, ""))
    .bind(now)
    .execute(&mut *c)
    .await?;
    copy_search_key(c, id).await
}

pub async fn get_person(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<RoomUser>> {
    let r = sqlx::query("SELECT id, name, email, avatar, is_active, is_deleted FROM people WHERE id = $1")
        .bind(id)
        .fetch_optional(c)
        .await?;
    r.map(|r| {
        Ok(RoomUser {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            email: r.try_get("email")?,
            avatar: r.try_get("avatar")?,
            is_active: get_bool(&r, "is_active")?,
            is_deleted: get_bool(&r, "is_deleted")?,
        })
    })
    .transpose()
}

// ---------------------------------------------------------------------------------------
// Rooms

/// A room's columns, its donor's and its last visible message's (`m_` columns; none when
/// the last message is hidden from the side asking). `{visible}` is the side's first seq.
const ROOM_SELECT: &str = "SELECT r.id, r.user_id, r.created_at, r.last_seq, r.last_message_at, r.admin_unread, r.member_unread, \
     r.admin_read_seq, r.member_read_seq, r.admin_delivered_seq, r.member_delivered_seq, r.admin_cleared_seq, \
     p.name AS p_name, p.email AS p_email, p.avatar AS p_avatar, p.is_active AS p_active, p.is_deleted AS p_deleted, \
     m.id AS m_id, m.seq AS m_seq, m.sender_type AS m_sender_type, m.sender_id AS m_sender_id, m.sender_name AS m_sender_name, \
     m.sender_avatar AS m_sender_avatar, m.text AS m_text, m.image AS m_image, m.client_id AS m_client_id, \
     m.created_at AS m_created_at, m.delivered_at AS m_delivered_at, m.read_at AS m_read_at \
     FROM rooms r LEFT JOIN people p ON p.id = r.user_id \
     LEFT JOIN messages m ON m.room_id = r.id AND m.seq = r.last_seq AND r.last_seq > {visible}";

fn room_select(side: &str) -> String {
    ROOM_SELECT.replace("{visible}", if side == ADMIN { "r.admin_cleared_seq" } else { "0" })
}

fn opt_i64(r: &AnyRow, col: &str) -> sqlx::Result<Option<i64>> {
    r.try_get::<Option<i64>, _>(col)
}

fn room_user(r: &AnyRow) -> sqlx::Result<RoomUser> {
    let id: String = r.try_get("user_id")?;
    let name: Option<String> = r.try_get("p_name")?;
    let known = name.is_some();
    Ok(RoomUser {
        id,
        name: name.unwrap_or_default(),
        email: r.try_get::<Option<String>, _>("p_email")?.unwrap_or_default(),
        avatar: r.try_get::<Option<String>, _>("p_avatar")?.unwrap_or_default(),
        is_active: known && get_bool(r, "p_active")?,
        is_deleted: known && get_bool(r, "p_deleted")?,
    })
}

/// A message sender: an admin as stored with the message; a member as people shows it.
fn sender(kind: String, id: String, name: String, avatar: String, member: Option<(&str, &str)>) -> Person {
    match (kind.as_str(), member) {
        (MEMBER, Some((n, a))) => Person { id, kind, name: n.to_string(), avatar: a.to_string() },
        _ => Person { id, kind, name, avatar },
    }
}

fn room_of(r: &AnyRow) -> sqlx::Result<Room> {
    let user = room_user(r)?;
    let last_message = match r.try_get::<Option<String>, _>("m_id")? {
        Some(id) => Some(Message {
            id,
            room_id: r.try_get("id")?,
            seq: r.try_get("m_seq")?,
            sender: sender(
                r.try_get("m_sender_type")?,
                r.try_get("m_sender_id")?,
                r.try_get("m_sender_name")?,
                r.try_get("m_sender_avatar")?,
                Some((&user.name, &user.avatar)),
            ),
            text: r.try_get("m_text")?,
            image: r.try_get("m_image")?,
            client_id: r.try_get("m_client_id")?,
            created_at: r.try_get("m_created_at")?,
            delivered_at: opt_i64(r, "m_delivered_at")?,
            read_at: opt_i64(r, "m_read_at")?,
        }),
        None => None,
    };
    Ok(Room {
        id: r.try_get("id")?,
        user,
        last_message,
        last_message_at: opt_i64(r, "last_message_at")?,
        created_at: r.try_get("created_at")?,
        last_seq: r.try_get("last_seq")?,
        admin_unread: r.try_get("admin_unread")?,
        member_unread: r.try_get("member_unread")?,
        admin_read_seq: r.try_get("admin_read_seq")?,
        member_read_seq: r.try_get("member_read_seq")?,
        admin_delivered_seq: r.try_get("admin_delivered_seq")?,
        member_delivered_seq: r.try_get("member_delivered_seq")?,
        admin_cleared_seq: r.try_get("admin_cleared_seq")?,
    })
}

/// Inserts the donor's room unless it has one; answers whether it was inserted.
pub async fn insert_room(c: &mut AnyConnection, id: &str, user_id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO rooms (id, user_id, created_at, sort_key, search_key) \
         SELECT $1, $2, $3, $4, COALESCE((SELECT search_key FROM people WHERE id = $2), '') WHERE TRUE ON CONFLICT (user_id) DO NOTHING",
    )
        .bind(id)
        .bind(user_id)
        .bind(now)
        .bind(now - NO_MESSAGE_OFFSET)
        .execute(&mut *c)
        .await?;
    let inserted = done.rows_affected() == 1;
    if inserted {
        sqlx::query("UPDATE counters SET value = value + 1 WHERE name = 'rooms'").execute(c).await?;
    }
    Ok(inserted)
}

/// A room as `side` sees it.
pub async fn get_room(c: &mut AnyConnection, id: &str, side: &str) -> sqlx::Result<Option<Room>> {
    let sql = format!("{} WHERE r.id = $1", room_select(side));
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?.map(|r| room_of(&r)).transpose()
}

pub async fn room_of_user(c: &mut AnyConnection, user_id: &str, side: &str) -> sqlx::Result<Option<Room>> {
    let sql = format!("{} WHERE r.user_id = $1", room_select(side));
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_optional(c).await?.map(|r| room_of(&r)).transpose()
}

/// The admin side's user list: one page in (sort_key desc, id desc) order, and the total
/// (the kept count; with a search, the matching rooms counted). A search (lower-cased)
/// matches the donor's name or email.
pub async fn list_rooms(
    c: &mut AnyConnection,
    search: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<Room>, i64)> {
    let b = backend(c);
    if search.is_empty() {
        // Without a search the total is the kept count.
        let mut q = Sql::new(b, room_select(ADMIN));
        q.push(" ORDER BY r.sort_key DESC, r.id DESC LIMIT ").push_bind(limit).push(" OFFSET ").push_bind(offset);
        let rows = q.build().fetch_all(&mut *c).await?;
        let rooms = rows.iter().map(room_of).collect::<sqlx::Result<Vec<_>>>()?;
        let total: i64 =
            sqlx::query_scalar("SELECT value FROM counters WHERE name = 'rooms'").fetch_one(&mut *c).await?;
        return Ok((rooms, total));
    }
    // The matching rooms from the trigram index (pg_trgm; SQLite's FTS5 table of its 0002, which
    // answers LIKE without ESCAPE, hence only for 3 characters or more without a wildcard),
    // then their page in order, and their count in the same query. Planned for its own
    // pattern each time (an unnamed statement): a plan cached for any pattern walks the
    // order's index past every room instead of asking the trigram index.
    let trigrams = b == Backend::Sqlite && search.chars().count() >= 3 && !search.contains(['%', '_', '\\']);
    let mut q =
        Sql::new(b, room_select(ADMIN).replacen(" FROM rooms r ", ", COUNT(*) OVER() AS total FROM rooms r ", 1));
    if trigrams {
        q.push(" WHERE r.id IN (SELECT s.id FROM room_search_trigrams t JOIN room_search_rows s ON s.fts_rowid = t.rowid WHERE t.search_key LIKE ")
            .push_bind(format!("%{search}%"))
            .push(")");
    } else {
        q.push(" WHERE r.search_key LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
    }
    q.push(" ORDER BY r.sort_key DESC, r.id DESC LIMIT ").push_bind(limit).push(" OFFSET ").push_bind(offset);
    let rows = q.build().persistent(false).fetch_all(&mut *c).await?;
    let rooms = rows.iter().map(room_of).collect::<sqlx::Result<Vec<_>>>()?;
    let total = match rows.first() {
        Some(r) => r.try_get::<i64, _>("total")?,
        // Past the last page: count the matches alone.
        None if offset > 0 => {
            let mut count = Sql::new(b, "SELECT COUNT(*) FROM rooms r WHERE r.search_key LIKE ");
            count.push_bind(like_pattern(search)).push(" ESCAPE '\\'");
            count.build().persistent(false).fetch_one(&mut *c).await?.try_get(0)?
        }
        None => 0,
    };
    Ok((rooms, total))
}

/// The rooms the admin side has unread messages in, and those messages (`rooms_admin_unread`).
pub async fn admin_unread_total(c: &mut AnyConnection) -> sqlx::Result<(i64, i64)> {
    let r = sqlx::query("SELECT COUNT(*) AS rooms, CAST(COALESCE(SUM(admin_unread), 0) AS BIGINT) AS messages FROM rooms WHERE admin_unread > 0")
        .fetch_one(c)
        .await?;
    Ok((r.try_get("rooms")?, r.try_get("messages")?))
}

/// Takes the room's next seq for a message of `side` sent at `now` (the other side's unread
/// count grows by one); answers it, or None for an unknown room. The row stays locked until
/// the write ends.
pub async fn next_seq(c: &mut AnyConnection, room_id: &str, side: &str, now: i64) -> sqlx::Result<Option<i64>> {
    let (admin, member) = if side == MEMBER { (1, 0) } else { (0, 1) };
    let r = sqlx::query(
        "UPDATE rooms SET last_seq = last_seq + 1, last_message_at = $1, sort_key = $1, \
         admin_unread = admin_unread + $2, member_unread = member_unread + $3 WHERE id = $4 RETURNING last_seq",
    )
    .bind(now)
    .bind(admin)
    .bind(member)
    .bind(room_id)
    .fetch_optional(c)
    .await?;
    r.map(|r| r.try_get(0)).transpose()
}

/// Hides every message up to now from the admin side: cleared and read up to last_seq,
/// unread 0. Answers the cleared seq (None for an unknown room).
pub async fn clear_admin_side(c: &mut AnyConnection, room_id: &str) -> sqlx::Result<Option<i64>> {
    let r = sqlx::query(
        "UPDATE rooms SET admin_cleared_seq = last_seq, admin_unread = 0, \
         admin_read_seq = CASE WHEN admin_read_seq > last_seq THEN admin_read_seq ELSE last_seq END WHERE id = $1 RETURNING admin_cleared_seq",
    )
    .bind(room_id)
    .fetch_optional(c)
    .await?;
    r.map(|r| r.try_get(0)).transpose()
}

/// Which marker of a side moves: read or delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marker {
    Read,
    Delivered,
}

/// Moves `side`'s `marker` from `from` to `to` (from < to) at `now`: the other side's
/// messages in (from, to] get their read_at / delivered_at; a read also moves the delivered
/// marker and recomputes the side's unread count (the other side's messages after `to`).
pub async fn move_marker(
    c: &mut AnyConnection,
    room_id: &str,
    side: &str,
    marker: Marker,
    from: i64,
    to: i64,
    now: i64,
) -> sqlx::Result<()> {
    let other = if side == ADMIN { MEMBER } else { ADMIN };
    let columns: &[&str] = match marker {
        Marker::Read => &["read_at", "delivered_at"],
        Marker::Delivered => &["delivered_at"],
    };
    for col in columns {
        let sql = format!(
            "UPDATE messages SET {col} = $1 WHERE room_id = $2 AND seq > $3 AND seq <= $4 AND sender_type = $5 AND {col} IS NULL"
        );
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(now)
            .bind(room_id)
            .bind(from)
            .bind(to)
            .bind(other)
            .execute(&mut *c)
            .await?;
    }
    // `side` is ADMIN or MEMBER (the callers' constants), never input.
    let s = if side == ADMIN { ADMIN } else { MEMBER };
    match marker {
        Marker::Read => {
            let sql = format!(
                "UPDATE rooms SET {s}_read_seq = $1, \
                 {s}_delivered_seq = CASE WHEN {s}_delivered_seq > $1 THEN {s}_delivered_seq ELSE $1 END, \
                 {s}_unread = (SELECT COUNT(*) FROM messages m WHERE m.room_id = rooms.id AND m.seq > $1 AND m.sender_type = $2) \
                 WHERE id = $3"
            );
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(to).bind(other).bind(room_id).execute(&mut *c).await?;
        }
        Marker::Delivered => {
            let sql = format!("UPDATE rooms SET {s}_delivered_seq = $1 WHERE id = $2");
            sqlx::query(sqlx::AssertSqlSafe(sql)).bind(to).bind(room_id).execute(&mut *c).await?;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Messages

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

/// Whether the room has any message (the demo data's check).
pub async fn any_room(c: &mut AnyConnection) -> sqlx::Result<bool> {
    Ok(sqlx::query("SELECT id FROM rooms LIMIT 1").fetch_optional(c).await?.is_some())
}

// ---------------------------------------------------------------------------------------
// Notifications

#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NamedRef {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Notification {
    pub id: String,
    pub title: String,
    pub message: String,
    pub audience: String,
    pub charities: Vec<NamedRef>,
    pub causes: Vec<NamedRef>,
    pub sender_id: String,
    pub sender_name: String,
    pub reach: i64,
    pub created_at: i64,
}

const NOTIFICATION_COLUMNS: &str =
    "n.id, n.title, n.message, n.audience, n.charities, n.causes, n.sender_id, n.sender_name, n.reach, n.created_at";

fn refs(r: &AnyRow, col: &str) -> sqlx::Result<Vec<NamedRef>> {
    let raw: String = r.try_get(col)?;
    Ok(serde_json::from_str(&raw).unwrap_or_default())
}

fn notification_of(r: &AnyRow) -> sqlx::Result<Notification> {
    Ok(Notification {
        id: r.try_get("id")?,
        title: r.try_get("title")?,
        message: r.try_get("message")?,
        audience: r.try_get("audience")?,
        charities: refs(r, "charities")?,
        causes: refs(r, "causes")?,
        sender_id: r.try_get("sender_id")?,
        sender_name: r.try_get("sender_name")?,
        reach: r.try_get("reach")?,
        created_at: r.try_get("created_at")?,
    })
}

pub async fn insert_notification(c: &mut AnyConnection, n: &Notification) -> sqlx::Result<()> {
    let json = |v: &[NamedRef]| serde_json::to_string(v).unwrap_or_else(|_| "[]".into());
    sqlx::query(
        "INSERT INTO notifications (id, title, title_key, message, audience, charities, causes, sender_id, sender_name, reach, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&n.id)
    .bind(&n.title)
    .bind(n.title.to_lowercase())
    .bind(&n.message)
    .bind(&n.audience)
    .bind(json(&n.charities))
    .bind(json(&n.causes))
    .bind(&n.sender_id)
    .bind(&n.sender_name)
    .bind(n.reach)
    .bind(n.created_at)
    .execute(&mut *c)
    .await?;
    for (kind, list) in [("charity", &n.charities), ("cause", &n.causes)] {
        for t in list {
            sqlx::query("INSERT INTO notification_targets (target_id, notification_id, kind) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(&t.id)
                .bind(&n.id)
                .bind(kind)
                .execute(&mut *c)
                .await?;
        }
    }
    Ok(())
}

pub async fn get_notification(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Notification>> {
    let sql = format!("SELECT {NOTIFICATION_COLUMNS} FROM notifications n WHERE n.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(c).await?.map(|r| notification_of(&r)).transpose()
}

/// The console's history page: a title search (lower-cased), `order` an allow-listed
/// column with its direction.
pub async fn list_notifications(
    c: &mut AnyConnection,
    search: &str,
    column: &str,
    descending: bool,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<Notification>, i64)> {
    let b = backend(c);
    let mut q = Sql::new(b, format!("SELECT {NOTIFICATION_COLUMNS} FROM notifications n"));
    let mut count = Sql::new(b, "SELECT COUNT(*) FROM notifications n");
    if !search.is_empty() {
        q.push(" WHERE n.title_key LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
        count.push(" WHERE n.title_key LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
    }
    let dir = if descending { "DESC" } else { "ASC" };
    q.push(&format!(" ORDER BY n.{column} {dir}, n.id {dir} LIMIT "))
        .push_bind(limit)
        .push(" OFFSET ")
        .push_bind(offset);
    let rows = q.build().fetch_all(&mut *c).await?;
    let list = rows.iter().map(notification_of).collect::<sqlx::Result<Vec<_>>>()?;
    let total: i64 = count.build().fetch_one(&mut *c).await?.try_get(0)?;
    Ok((list, total))
}

/// The notifications that reach a member (audience 'all', or a target among `targets`),
/// newest first, each with the member's read flag; and their number.
pub async fn member_notifications(
    c: &mut AnyConnection,
    member_id: &str,
    targets: &[String],
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<(Notification, bool)>, i64)> {
    let b = backend(c);
    let filter = |q: &mut Sql| {
        q.push(" WHERE n.audience = 'all'");
        if !targets.is_empty() {
            q.push(" OR n.id IN (SELECT t.notification_id FROM notification_targets t WHERE t.target_id IN (");
            q.push_list(targets.iter(), |q, t| {
                q.push_bind(t.clone());
            });
            q.push("))");
        }
    };
    let mut q = Sql::new(
        b,
        format!("SELECT {NOTIFICATION_COLUMNS}, (SELECT COUNT(*) FROM notification_reads x WHERE x.member_id = "),
    );
    q.push_bind(member_id.to_string()).push(" AND x.notification_id = n.id) AS read_count FROM notifications n");
    filter(&mut q);
    q.push(" ORDER BY n.created_at DESC, n.id DESC LIMIT ").push_bind(limit).push(" OFFSET ").push_bind(offset);
    let mut count = Sql::new(b, "SELECT COUNT(*) FROM notifications n");
    filter(&mut count);
    let rows = q.build().fetch_all(&mut *c).await?;
    let list = rows
        .iter()
        .map(|r| Ok((notification_of(r)?, r.try_get::<i64, _>("read_count")? > 0)))
        .collect::<sqlx::Result<Vec<_>>>()?;
    let total: i64 = count.build().fetch_one(&mut *c).await?.try_get(0)?;
    Ok((list, total))
}

/// Marks a notification read by a member (once); answers whether it was new.
pub async fn mark_notification_read(
    c: &mut AnyConnection,
    member_id: &str,
    notification_id: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query("INSERT INTO notification_reads (member_id, notification_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
        .bind(member_id)
        .bind(notification_id)
        .bind(now)
        .execute(c)
        .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn any_notification(c: &mut AnyConnection) -> sqlx::Result<bool> {
    Ok(sqlx::query("SELECT id FROM notifications LIMIT 1").fetch_optional(c).await?.is_some())
}
