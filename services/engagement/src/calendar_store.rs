//! The SQL of calendar.rs: calendar events, their members by mode with a count per mode,
//! and their hosts (a community's new name; a deleted nonprofit's id cleared).

use crate::store::{Query, backend, columns, json_list, list_of, member_search, name_key};
use common::db::{Sql, Window, get_bool, like_pattern, page_with_total};
use common::location::Location;
use common::paging::Paging;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A calendar event as stored and shown. The form (calendar.rs' `EventInput`, this same
/// shape) gives the fields from `title` to `capacity`; the id, the counts per mode, the
/// deletion and the times are the service's.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub id: String,
    pub title: String,
    pub description: String,
    pub images: Vec<String>,
    pub video: String,
    pub starts_at: i64,
    pub ends_at: i64,
    pub time_zone: String,
    pub is_online: bool,
    pub online_link: String,
    /// The venue (an online event has none).
    #[serde(flatten)]
    pub location: Location,
    pub host_type: String,
    pub host_id: String,
    pub host_name: String,
    pub capacity: i64,
    pub interested_count: i64,
    pub going_count: i64,
    pub not_going_count: i64,
    pub is_deleted: bool,
    pub deleted_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

const EVENT_COLUMNS: &str = "id, title, description, images, video, starts_at, ends_at, time_zone, is_online, online_link, address, city, \
     state, country, city_id, state_id, country_id, zip_code, host_type, host_id, host_name, capacity, interested_count, going_count, \
     not_going_count, is_deleted, deleted_at, created_at, updated_at";

fn event(r: &AnyRow) -> sqlx::Result<Event> {
    Ok(Event {
        id: r.try_get("id")?,
        title: r.try_get("title")?,
        description: r.try_get("description")?,
        images: list_of(r, "images")?,
        video: r.try_get("video")?,
        starts_at: r.try_get("starts_at")?,
        ends_at: r.try_get("ends_at")?,
        time_zone: r.try_get("time_zone")?,
        is_online: get_bool(r, "is_online")?,
        online_link: r.try_get("online_link")?,
        location: Location::of(r)?,
        host_type: r.try_get("host_type")?,
        host_id: r.try_get("host_id")?,
        host_name: r.try_get("host_name")?,
        capacity: r.try_get("capacity")?,
        interested_count: r.try_get("interested_count")?,
        going_count: r.try_get("going_count")?,
        not_going_count: r.try_get("not_going_count")?,
        is_deleted: get_bool(r, "is_deleted")?,
        deleted_at: r.try_get("deleted_at")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

pub async fn insert_event(c: &mut AnyConnection, e: &Event) -> sqlx::Result<()> {
    let q = sqlx::query(
        "INSERT INTO events (id, title, title_key, description, images, video, starts_at, ends_at, time_zone, is_online, online_link, \
         address, city, state, country, city_id, state_id, country_id, zip_code, host_type, host_id, host_name, capacity, is_deleted, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
         $21, $22, $23, $24, $25, $26)",
    )
    .bind(&e.id);
    bind_form(q, e).bind(false).bind(e.created_at).bind(e.updated_at).execute(c).await?;
    Ok(())
}

pub async fn update_event(c: &mut AnyConnection, e: &Event) -> sqlx::Result<bool> {
    let q = sqlx::query(
        "UPDATE events SET title = $1, title_key = $2, description = $3, images = $4, video = $5, starts_at = $6, ends_at = $7, \
         time_zone = $8, is_online = $9, online_link = $10, address = $11, city = $12, state = $13, country = $14, city_id = $15, \
         state_id = $16, country_id = $17, zip_code = $18, host_type = $19, host_id = $20, host_name = $21, capacity = $22, \
         updated_at = $23 WHERE id = $24",
    );
    let r = bind_form(q, e).bind(e.updated_at).bind(&e.id).execute(c).await?;
    Ok(r.rows_affected() == 1)
}

pub async fn get_event(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Event>> {
    let q = format!("SELECT {EVENT_COLUMNS} FROM events WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(event).transpose()
}

/// Deletes or restores an event: answers whether the flag changed (a repeated call, or two at
/// once, change it once).
pub async fn set_event_deleted(c: &mut AnyConnection, id: &str, deleted: bool) -> sqlx::Result<bool> {
    let now = common::now_ms();
    let r = sqlx::query(
        "UPDATE events SET is_deleted = $1, deleted_at = $2, updated_at = $3 WHERE id = $4 AND is_deleted <> $5",
    )
    .bind(deleted)
    .bind(deleted.then_some(now))
    .bind(now)
    .bind(id)
    .bind(deleted)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Deletes a deleted event for good (the trash's purge) with its members: answers whether it
/// was there, deleted.
pub async fn purge_event(c: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    if !crate::store::is_deleted(c, "events", id).await? {
        return Ok(false);
    }
    sqlx::query("DELETE FROM event_members WHERE event_id = $1").bind(id).execute(&mut *c).await?;
    sqlx::query("DELETE FROM events WHERE id = $1").bind(id).execute(c).await?;
    Ok(true)
}

/// Sort columns of the event list (allow-list); "" is the filter's own order.
pub fn event_sort(column: &str) -> Option<&'static str> {
    Some(match column {
        "" => "",
        "title" => "title_key",
        "startsAt" => "starts_at",
        "createdAt" => "created_at",
        _ => return None,
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventFilter {
    Upcoming,
    Past,
    Deleted,
}

pub async fn list_events(
    c: &mut AnyConnection,
    filter: EventFilter,
    now: i64,
    search: &str,
    p: Paging<&'static str>,
) -> sqlx::Result<(Vec<Event>, i64)> {
    let (column, descending) = match (p.column, filter) {
        ("", EventFilter::Upcoming) => ("starts_at", false),
        ("", EventFilter::Past) => ("ends_at", true),
        ("", EventFilter::Deleted) => ("deleted_at", true),
        (col, _) => (col, p.descending),
    };
    // The page walks its order's index (migration 0003: the upcoming filter is answered inside
    // the start-time index) and the total is a count of the filter's index: no window over
    // every matching row.
    let dir = if descending { "DESC" } else { "ASC" };
    let order = format!("{column} {dir}, id {dir}");
    page_with_total(
        c,
        EVENT_COLUMNS,
        |q| {
            q.push(" FROM events WHERE is_deleted = ").push_bind(filter == EventFilter::Deleted);
            match filter {
                EventFilter::Upcoming => {
                    q.push(" AND ends_at >= ").push_bind(now);
                }
                EventFilter::Past => {
                    q.push(" AND ends_at < ").push_bind(now);
                }
                EventFilter::Deleted => {}
            }
            if !search.is_empty() {
                q.push(" AND title_key LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
            }
        },
        Window::ordered(&order, p.limit, p.offset),
        event,
    )
    .await
}

/// Search everywhere: at most `limit` events not deleted (upcoming or past) whose title
/// contains `text` (lower-cased), the latest start first; not counted.
pub async fn find_events(c: &mut AnyConnection, text: &str, limit: i64) -> sqlx::Result<Vec<Event>> {
    let mut q = Sql::new(backend(c), format!("SELECT {EVENT_COLUMNS} FROM events WHERE is_deleted = "));
    q.push_bind(false);
    common::find::push_contains(&mut q, "title_key", text);
    q.push(" ORDER BY starts_at DESC, id DESC LIMIT ").push_bind(limit);
    q.build().fetch_all(c).await?.iter().map(event).collect()
}

/// The count column of a membership mode (1 Interested, 2 Going, 3 Notgoing).
pub fn mode_count(status: i32) -> &'static str {
    match status {
        1 => "interested_count",
        2 => "going_count",
        _ => "not_going_count",
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventMember {
    pub id: String,
    pub event_id: String,
    pub donor_id: String,
    pub name: String,
    pub email: String,
    pub avatar: String,
    pub status: i32,
    pub joined_at: i64,
}

const EVENT_MEMBER: &str = "SELECT m.id, m.event_id, m.donor_id, pe.name, pe.email, pe.avatar, m.status, m.joined_at";
const EVENT_MEMBER_FROM: &str = " FROM event_members m LEFT JOIN people pe ON pe.id = m.donor_id";

fn event_member(r: &AnyRow) -> sqlx::Result<EventMember> {
    Ok(EventMember {
        id: r.try_get("id")?,
        event_id: r.try_get("event_id")?,
        donor_id: r.try_get("donor_id")?,
        name: r.try_get::<Option<String>, _>("name")?.unwrap_or_default(),
        email: r.try_get::<Option<String>, _>("email")?.unwrap_or_default(),
        avatar: r.try_get::<Option<String>, _>("avatar")?.unwrap_or_default(),
        status: r.try_get::<i32, _>("status").or_else(|_| r.try_get::<i64, _>("status").map(|v| v as i32))?,
        joined_at: r.try_get("joined_at")?,
    })
}

pub async fn event_member_by_id(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<EventMember>> {
    let q = format!("{EVENT_MEMBER}{EVENT_MEMBER_FROM} WHERE m.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(event_member).transpose()
}

pub async fn event_member_of(
    c: &mut AnyConnection,
    event_id: &str,
    donor_id: &str,
) -> sqlx::Result<Option<EventMember>> {
    let q = format!("{EVENT_MEMBER}{EVENT_MEMBER_FROM} WHERE m.event_id = $1 AND m.donor_id = $2");
    sqlx::query(sqlx::AssertSqlSafe(q))
        .bind(event_id)
        .bind(donor_id)
        .fetch_optional(c)
        .await?
        .as_ref()
        .map(event_member)
        .transpose()
}

/// Binds the form's fields of an event, in the order both the insert and the update name
/// them (title to capacity).
fn bind_form<'q>(q: Query<'q>, e: &'q Event) -> Query<'q> {
    let q = q
        .bind(&e.title)
        .bind(name_key(&e.title))
        .bind(&e.description)
        .bind(json_list(&e.images))
        .bind(&e.video)
        .bind(e.starts_at)
        .bind(e.ends_at)
        .bind(&e.time_zone)
        .bind(e.is_online)
        .bind(&e.online_link);
    e.location.bind(q).bind(&e.host_type).bind(&e.host_id).bind(&e.host_name).bind(e.capacity)
}

/// A new membership in `status`, its mode's count raised.
pub async fn insert_event_member(
    c: &mut AnyConnection,
    id: &str,
    event_id: &str,
    donor_id: &str,
    status: i32,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO event_members (id, event_id, donor_id, status, joined_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(id)
        .bind(event_id)
        .bind(donor_id)
        .bind(status)
        .bind(common::now_ms())
        .execute(&mut *c)
        .await?;
    let q = format!("UPDATE events SET {0} = {0} + 1 WHERE id = $1", mode_count(status));
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(event_id).execute(c).await?;
    Ok(())
}

/// Moves a membership from `from` to `to` (only when it still is in `from`), counts moved too.
pub async fn move_event_member(c: &mut AnyConnection, m: &EventMember, to: i32) -> sqlx::Result<bool> {
    let r = sqlx::query("UPDATE event_members SET status = $1, joined_at = $2 WHERE id = $3 AND status = $4")
        .bind(to)
        .bind(common::now_ms())
        .bind(&m.id)
        .bind(m.status)
        .execute(&mut *c)
        .await?;
    if r.rows_affected() == 0 {
        return Ok(false);
    }
    let q =
        format!("UPDATE events SET {0} = {0} - 1, {1} = {1} + 1 WHERE id = $1", mode_count(m.status), mode_count(to));
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(&m.event_id).execute(c).await?;
    Ok(true)
}

/// Deletes a membership; answers whether it existed (its mode's count lowered).
pub async fn delete_event_member(c: &mut AnyConnection, m: &EventMember) -> sqlx::Result<bool> {
    let r = sqlx::query("DELETE FROM event_members WHERE id = $1").bind(&m.id).execute(&mut *c).await?;
    if r.rows_affected() == 0 {
        return Ok(false);
    }
    let q = format!("UPDATE events SET {0} = {0} - 1 WHERE id = $1", mode_count(m.status));
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(&m.event_id).execute(c).await?;
    Ok(true)
}

/// The members of one mode of an event: the `FROM … WHERE` of their lists.
fn in_mode(q: &mut Sql, event_id: &str, status: i32) {
    q.push(EVENT_MEMBER_FROM)
        .push(" WHERE m.event_id = ")
        .push_bind(event_id.to_string())
        .push(" AND m.status = ")
        .push_bind(status);
}

/// An event's members in one mode, newest first; `search` in the name or the email.
pub async fn list_event_members(
    c: &mut AnyConnection,
    event_id: &str,
    status: i32,
    search: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<EventMember>, i64)> {
    let from = |q: &mut Sql| {
        in_mode(q, event_id, status);
        member_search(q, search);
    };
    page_with_total(
        c,
        columns(EVENT_MEMBER),
        from,
        Window::ordered("m.joined_at DESC, m.id DESC", limit, offset),
        event_member,
    )
    .await
}

/// The members of one mode after the keyset `(joined_at, id)` (newest first), `limit` of them:
/// the export reads every member in batches with it.
pub async fn event_members_after(
    c: &mut AnyConnection,
    event_id: &str,
    status: i32,
    after: Option<(i64, String)>,
    limit: i64,
) -> sqlx::Result<Vec<EventMember>> {
    let mut q = Sql::new(backend(c), EVENT_MEMBER);
    in_mode(&mut q, event_id, status);
    if let Some((at, id)) = after {
        q.push(" AND (m.joined_at < ")
            .push_bind(at)
            .push(" OR (m.joined_at = ")
            .push_bind(at)
            .push(" AND m.id < ")
            .push_bind(id)
            .push("))");
    }
    q.push(" ORDER BY m.joined_at DESC, m.id DESC LIMIT ").push_bind(limit);
    q.build().fetch_all(c).await?.iter().map(event_member).collect()
}

/// Renames a community on the events it hosts (their `hostName`); answers how many.
pub async fn rename_host(c: &mut AnyConnection, community_id: &str, name: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE events SET host_name = $1 WHERE host_type = 'community' AND host_id = $2 AND host_name <> $1",
    )
    .bind(name)
    .bind(community_id)
    .execute(c)
    .await?
    .rows_affected())
}

/// Clears the host id of the events a deleted nonprofit hosted (their host name stays);
/// answers how many.
pub async fn clear_charity_host(c: &mut AnyConnection, charity_id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE events SET host_id = '' WHERE host_type = 'charity' AND host_id = $1")
        .bind(charity_id)
        .execute(c)
        .await?
        .rows_affected())
}
