//! The rooms' SQL: a room's counters and markers (last_seq, unread per side, read /
//! delivered / cleared seqs) are its own columns, changed in the same transaction as the
//! messages they count. A send takes the room's next seq with one conditional
//! `UPDATE ... RETURNING` (the row's lock orders concurrent sends: seqs 1, 2, 3 ... with no
//! gap), then stores the message (messages_store.rs).

use crate::messages_store::{Message, sender};
use crate::people_store::RoomUser;
use crate::store::{ADMIN, MEMBER, backend, opt_i64};
use common::db::{Backend, Sql, Window, get_bool, like_pattern, page_with_total};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// Rooms with no message sort below every message time (see rooms.sort_key).
const NO_MESSAGE_OFFSET: i64 = 10_000_000_000_000;

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
    let select = room_select(ADMIN);
    let (columns, joins) =
        select.strip_prefix("SELECT ").and_then(|s| s.split_once(" FROM ")).expect("ROOM_SELECT is SELECT … FROM …");
    // The matching rooms from the trigram index (pg_trgm; SQLite's FTS5 table of its 0002, which
    // answers LIKE without ESCAPE, hence only for 3 characters or more without a wildcard).
    let trigrams = b == Backend::Sqlite && search.chars().count() >= 3 && !search.contains(['%', '_', '\\']);
    let from = |q: &mut Sql| {
        q.push(" FROM ").push(joins);
        if search.is_empty() {
        } else if trigrams {
            q.push(" WHERE r.id IN (SELECT s.id FROM room_search_trigrams t JOIN room_search_rows s ON s.fts_rowid = t.rowid WHERE t.search_key LIKE ")
                .push_bind(format!("%{search}%"))
                .push(")");
        } else {
            q.push(" WHERE r.search_key LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
        }
    };
    // Without a search the total is the kept count.
    // The kept count, read in the page's own statement.
    let kept = search.is_empty().then_some("SELECT value FROM counters WHERE name = 'rooms'");
    let window =
        Window::ordered("r.sort_key DESC, r.id DESC", limit, offset).kept_by(kept).searched(!search.is_empty());
    page_with_total(c, columns, from, window, room_of).await
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

/// Whether chat has any room (the demo data's check).
pub async fn any_room(c: &mut AnyConnection) -> sqlx::Result<bool> {
    Ok(sqlx::query("SELECT id FROM rooms LIMIT 1").fetch_optional(c).await?.is_some())
}
