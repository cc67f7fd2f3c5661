//! Every SQL statement of the engagement service (one text for SQLite and PostgreSQL).
//!
//! Counts (members per mode, posts, likes, comments, replies, open reports) are columns
//! changed by relative UPDATEs in the same transaction as the row they count, each only when
//! the row really changed (an INSERT ... ON CONFLICT DO NOTHING or a DELETE that touched a
//! row), so concurrent likes and joins keep them equal to the rows.

use common::db::{Backend, Sql, get_bool, like_pattern};
use common::paging::Paging;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// The account the console's admins like, comment and reply as.
pub const PLATFORM: &str = "platform";
pub const PLATFORM_NAME: &str = "Giving Platform";
/// A deleted donor's posts and comments keep this author name.
pub const DELETED_DONOR: &str = "Deleted donor";

/// A member, author or reporter as shown.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Person {
    pub id: String,
    /// "donor" or "admin".
    pub kind: String,
    pub name: String,
    pub avatar: String,
}

impl Person {
    pub fn platform() -> Self {
        Self { id: PLATFORM.into(), kind: "admin".into(), name: PLATFORM_NAME.into(), avatar: String::new() }
    }

    /// The person behind `id` with what the people table holds of it (None when absent).
    fn of(id: String, name: Option<String>, avatar: Option<String>) -> Self {
        if id == PLATFORM {
            Self::platform()
        } else if id.is_empty() {
            Self { id, kind: "donor".into(), name: DELETED_DONOR.into(), avatar: String::new() }
        } else {
            Self { id, kind: "donor".into(), name: name.unwrap_or_default(), avatar: avatar.unwrap_or_default() }
        }
    }
}

fn json_list(v: &[String]) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "[]".into())
}

fn list_of(r: &AnyRow, col: &str) -> sqlx::Result<Vec<String>> {
    let raw: String = r.try_get(col)?;
    Ok(serde_json::from_str(&raw).unwrap_or_default())
}

fn backend(c: &AnyConnection) -> Backend {
    Backend::of_connection(c)
}

/// One page of `select` + `from` in `order`, and the total of `from`'s rows (a second,
/// counting query).
async fn page_of<T>(
    c: &mut AnyConnection,
    select: &str,
    from: impl Fn(&mut Sql),
    order: &str,
    limit: i64,
    offset: i64,
    row: impl Fn(&AnyRow) -> sqlx::Result<T>,
) -> sqlx::Result<(Vec<T>, i64)> {
    page_counted(c, select, from, order, limit, offset, row, None).await
}

/// [`page_of`] with the total when it is kept (`Some`: no counting query).
#[allow(clippy::too_many_arguments)]
async fn page_counted<T>(
    c: &mut AnyConnection,
    select: &str,
    from: impl Fn(&mut Sql),
    order: &str,
    limit: i64,
    offset: i64,
    row: impl Fn(&AnyRow) -> sqlx::Result<T>,
    kept: Option<i64>,
) -> sqlx::Result<(Vec<T>, i64)> {
    let b = backend(c);
    let mut q = Sql::new(b, select);
    from(&mut q);
    q.push(" ORDER BY ").push(order).push(" LIMIT ").push_bind(limit).push(" OFFSET ").push_bind(offset);
    let rows = q.build().fetch_all(&mut *c).await?;
    let items = rows.iter().map(row).collect::<sqlx::Result<Vec<_>>>()?;
    let total = if offset == 0 && (items.len() as i64) < limit {
        items.len() as i64
    } else if let Some(n) = kept {
        n
    } else {
        let mut q = Sql::new(b, "SELECT COUNT(*)");
        from(&mut q);
        q.build().fetch_one(&mut *c).await?.try_get(0)?
    };
    Ok((items, total))
}

// ---------------------------------------------------------------------------------------
// People

/// Keeps a donor's display name, email and avatar (an empty email or avatar keeps the one held).
pub async fn upsert_person(c: &mut AnyConnection, id: &str, name: &str, email: &str, avatar: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO people (id, name, name_key, email, avatar, updated_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (id) DO UPDATE SET name = CASE WHEN excluded.name = '' THEN people.name ELSE excluded.name END, \
         name_key = CASE WHEN excluded.name = '' THEN people.name_key ELSE excluded.name_key END, \
         email = CASE WHEN excluded.email = '' THEN people.email ELSE excluded.email END, \
         avatar = CASE WHEN excluded.avatar = '' THEN people.avatar ELSE excluded.avatar END, updated_at = excluded.updated_at",
    )
    .bind(id)
    .bind(name)
    .bind(name.to_lowercase())
    .bind(email)
    .bind(avatar)
    .bind(common::now_ms())
    .execute(c)
    .await?;
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonRow {
    pub id: String,
    pub name: String,
    pub email: String,
    pub avatar: String,
}

pub async fn person(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<PersonRow>> {
    let r = sqlx::query("SELECT id, name, email, avatar FROM people WHERE id = $1").bind(id).fetch_optional(c).await?;
    r.map(|r| {
        Ok(PersonRow {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            email: r.try_get("email")?,
            avatar: r.try_get("avatar")?,
        })
    })
    .transpose()
}

// ---------------------------------------------------------------------------------------
// Communities

#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Community {
    pub id: String,
    pub name: String,
    pub description: String,
    pub cover_image: String,
    pub gallery: Vec<String>,
    pub charity_ids: Vec<String>,
    pub cause_ids: Vec<String>,
    pub address: String,
    pub city: String,
    pub state: String,
    pub country: String,
    pub city_id: String,
    pub state_id: String,
    pub country_id: String,
    pub zip_code: String,
    pub privacy: String,
    #[serde(skip)]
    pub creator: Person,
    pub members_count: i64,
    pub posts_count: i64,
    pub is_hidden: bool,
    pub is_deleted: bool,
    pub deleted_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

const COMMUNITY: &str = "SELECT c.id, c.name, c.description, c.cover_image, c.gallery, c.charity_ids, c.cause_ids, c.address, c.city, \
     c.state, c.country, c.city_id, c.state_id, c.country_id, c.zip_code, c.privacy, c.creator_id, pe.name AS creator_name, \
     pe.avatar AS creator_avatar, c.members_count, c.posts_count, c.is_hidden, c.is_deleted, c.deleted_at, c.created_at, c.updated_at \
     FROM communities c LEFT JOIN people pe ON pe.id = c.creator_id";

fn community(r: &AnyRow) -> sqlx::Result<Community> {
    Ok(Community {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        description: r.try_get("description")?,
        cover_image: r.try_get("cover_image")?,
        gallery: list_of(r, "gallery")?,
        charity_ids: list_of(r, "charity_ids")?,
        cause_ids: list_of(r, "cause_ids")?,
        address: r.try_get("address")?,
        city: r.try_get("city")?,
        state: r.try_get("state")?,
        country: r.try_get("country")?,
        city_id: r.try_get("city_id")?,
        state_id: r.try_get("state_id")?,
        country_id: r.try_get("country_id")?,
        zip_code: r.try_get("zip_code")?,
        privacy: r.try_get("privacy")?,
        creator: Person::of(r.try_get("creator_id")?, r.try_get("creator_name")?, r.try_get("creator_avatar")?),
        members_count: r.try_get("members_count")?,
        posts_count: r.try_get("posts_count")?,
        is_hidden: get_bool(r, "is_hidden")?,
        is_deleted: get_bool(r, "is_deleted")?,
        deleted_at: r.try_get("deleted_at")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

/// The key a community is searched, sorted and kept unique by.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

pub async fn insert_community(c: &mut AnyConnection, m: &Community) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO communities (id, name, name_key, description, cover_image, gallery, charity_ids, cause_ids, address, city, state, \
         country, city_id, state_id, country_id, zip_code, privacy, creator_id, is_hidden, is_deleted, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)",
    )
    .bind(&m.id)
    .bind(&m.name)
    .bind(name_key(&m.name))
    .bind(&m.description)
    .bind(&m.cover_image)
    .bind(json_list(&m.gallery))
    .bind(json_list(&m.charity_ids))
    .bind(json_list(&m.cause_ids))
    .bind(&m.address)
    .bind(&m.city)
    .bind(&m.state)
    .bind(&m.country)
    .bind(&m.city_id)
    .bind(&m.state_id)
    .bind(&m.country_id)
    .bind(&m.zip_code)
    .bind(&m.privacy)
    .bind(&m.creator.id)
    .bind(false)
    .bind(false)
    .bind(m.created_at)
    .bind(m.updated_at)
    .execute(&mut *c)
    .await?;
    count_communities(c, false, false, 1).await?;
    replace_links(c, &m.id, &m.charity_ids, &m.cause_ids).await
}

/// Moves `by` communities into (`deleted`, `hidden`) of the kept totals (migration 0002).
async fn count_communities(c: &mut AnyConnection, deleted: bool, hidden: bool, by: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE community_counts SET n = n + $1 WHERE is_deleted = $2 AND is_hidden = $3")
        .bind(by)
        .bind(deleted)
        .bind(hidden)
        .execute(c)
        .await?;
    Ok(())
}

/// Writes the form's fields (not the counts, flags or creation); answers whether the row exists.
pub async fn update_community(c: &mut AnyConnection, m: &Community) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE communities SET name = $1, name_key = $2, description = $3, cover_image = $4, gallery = $5, charity_ids = $6, \
         cause_ids = $7, address = $8, city = $9, state = $10, country = $11, city_id = $12, state_id = $13, country_id = $14, \
         zip_code = $15, privacy = $16, updated_at = $17 WHERE id = $18",
    )
    .bind(&m.name)
    .bind(name_key(&m.name))
    .bind(&m.description)
    .bind(&m.cover_image)
    .bind(json_list(&m.gallery))
    .bind(json_list(&m.charity_ids))
    .bind(json_list(&m.cause_ids))
    .bind(&m.address)
    .bind(&m.city)
    .bind(&m.state)
    .bind(&m.country)
    .bind(&m.city_id)
    .bind(&m.state_id)
    .bind(&m.country_id)
    .bind(&m.zip_code)
    .bind(&m.privacy)
    .bind(m.updated_at)
    .bind(&m.id)
    .execute(&mut *c)
    .await?;
    if r.rows_affected() == 0 {
        return Ok(false);
    }
    replace_links(c, &m.id, &m.charity_ids, &m.cause_ids).await?;
    Ok(true)
}

async fn replace_links(c: &mut AnyConnection, id: &str, charities: &[String], causes: &[String]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM community_links WHERE community_id = $1").bind(id).execute(&mut *c).await?;
    for (kind, ids) in [("charity", charities), ("cause", causes)] {
        for t in ids {
            sqlx::query("INSERT INTO community_links (community_id, kind, target_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(id)
                .bind(kind)
                .bind(t)
                .execute(&mut *c)
                .await?;
        }
    }
    Ok(())
}

pub async fn get_community(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Community>> {
    let q = format!("{COMMUNITY} WHERE c.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(community).transpose()
}

/// Deletes or restores; the kept totals follow only when the flag changed (a repeated call,
/// or two at once, moves nothing twice).
pub async fn set_community_deleted(c: &mut AnyConnection, id: &str, deleted: bool) -> sqlx::Result<()> {
    let now = common::now_ms();
    let moved = sqlx::query("UPDATE communities SET is_deleted = $1, deleted_at = $2, updated_at = $3 WHERE id = $4 AND is_deleted <> $5 RETURNING is_hidden")
        .bind(deleted)
        .bind(deleted.then_some(now))
        .bind(now)
        .bind(id)
        .bind(deleted)
        .fetch_optional(&mut *c)
        .await?;
    if let Some(r) = moved {
        let hidden = get_bool(&r, "is_hidden")?;
        count_communities(c, !deleted, hidden, -1).await?;
        count_communities(c, deleted, hidden, 1).await?;
    }
    Ok(())
}

/// Hides or shows; the kept totals follow only when the flag changed.
pub async fn set_community_hidden(c: &mut AnyConnection, id: &str, hidden: bool) -> sqlx::Result<()> {
    let moved = sqlx::query(
        "UPDATE communities SET is_hidden = $1, updated_at = $2 WHERE id = $3 AND is_hidden <> $4 RETURNING is_deleted",
    )
    .bind(hidden)
    .bind(common::now_ms())
    .bind(id)
    .bind(hidden)
    .fetch_optional(&mut *c)
    .await?;
    if let Some(r) = moved {
        let deleted = get_bool(&r, "is_deleted")?;
        count_communities(c, deleted, !hidden, -1).await?;
        count_communities(c, deleted, hidden, 1).await?;
    }
    Ok(())
}

/// Sort columns of the community list (allow-list).
pub fn community_sort(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "c.created_at",
        "name" => "c.name_key",
        "membersCount" => "c.members_count",
        "postsCount" => "c.posts_count",
        _ => return None,
    })
}

pub struct CommunityFilter {
    pub search: String,
    pub is_deleted: bool,
    pub is_hidden: Option<bool>,
}

pub async fn list_communities(
    c: &mut AnyConnection,
    f: &CommunityFilter,
    p: Paging<&'static str>,
) -> sqlx::Result<(Vec<Community>, i64)> {
    let trigrams =
        backend(c) == Backend::Sqlite && f.search.chars().count() >= 3 && !f.search.contains(['%', '_', '\\']);
    let from = |q: &mut Sql| {
        q.push(" FROM communities c LEFT JOIN people pe ON pe.id = c.creator_id WHERE c.is_deleted = ")
            .push_bind(f.is_deleted);
        if let Some(h) = f.is_hidden {
            q.push(" AND c.is_hidden = ").push_bind(h);
        }
        if !f.search.is_empty() {
            if trigrams {
                // SQLite's trigram index (migration 0002) answers LIKE without ESCAPE, hence
                // only for a search of 3 characters or more without a wildcard.
                q.push(" AND c.id IN (SELECT r.id FROM community_search_trigrams t JOIN community_search_rows r ON r.fts_rowid = t.rowid WHERE t.name_key LIKE ")
                    .push_bind(format!("%{}%", f.search))
                    .push(")");
            } else {
                q.push(" AND c.name_key LIKE ").push_bind(like_pattern(&f.search)).push(" ESCAPE '\\'");
            }
        }
    };
    let dir = if p.descending { "DESC" } else { "ASC" };
    let order = format!("{} {dir}, c.id {dir}", p.column);
    let select = COMMUNITY.split(" FROM communities").next().unwrap_or_default();
    if !f.search.is_empty() {
        // One query for the page and its total, planned for its own pattern each time (an
        // unnamed statement): a plan cached for any pattern walks the order's index past every
        // community instead of asking the trigram index for the few that match.
        let mut q = Sql::new(backend(c), format!("{select}, COUNT(*) OVER() AS total"));
        from(&mut q);
        q.push(" ORDER BY ").push(&order).push(" LIMIT ").push_bind(p.limit).push(" OFFSET ").push_bind(p.offset);
        let rows = q.build().persistent(false).fetch_all(&mut *c).await?;
        let total = match rows.first() {
            Some(r) => r.try_get::<i64, _>("total")?,
            None if p.offset > 0 => {
                let mut q = Sql::new(backend(c), "SELECT COUNT(*)");
                from(&mut q);
                q.build().persistent(false).fetch_one(&mut *c).await?.try_get(0)?
            }
            None => 0,
        };
        return Ok((rows.iter().map(community).collect::<sqlx::Result<_>>()?, total));
    }
    // Without a search the total is kept (migration 0002): no count of every community.
    let mut q =
        Sql::new(backend(c), "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM community_counts WHERE is_deleted = ");
    q.push_bind(f.is_deleted);
    if let Some(h) = f.is_hidden {
        q.push(" AND is_hidden = ").push_bind(h);
    }
    let kept = Some(q.build().fetch_one(&mut *c).await?.try_get::<i64, _>(0)?);
    page_counted(c, select, from, &order, p.limit, p.offset, community, kept).await
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommunityMember {
    pub id: String,
    pub donor_id: String,
    pub name: String,
    pub email: String,
    pub avatar: String,
    pub joined_at: i64,
}

/// Adds the member (once); answers whether it was new. The community's count follows.
pub async fn join_community(c: &mut AnyConnection, community_id: &str, donor_id: &str) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "INSERT INTO community_members (id, community_id, donor_id, joined_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (community_id, donor_id) DO NOTHING",
    )
    .bind(common::new_id())
    .bind(community_id)
    .bind(donor_id)
    .bind(common::now_ms())
    .execute(&mut *c)
    .await?;
    if r.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("UPDATE communities SET members_count = members_count + 1 WHERE id = $1")
        .bind(community_id)
        .execute(c)
        .await?;
    Ok(true)
}

/// Removes the member; answers whether it was one. The community's count follows.
pub async fn leave_community(c: &mut AnyConnection, community_id: &str, donor_id: &str) -> sqlx::Result<bool> {
    let r = sqlx::query("DELETE FROM community_members WHERE community_id = $1 AND donor_id = $2")
        .bind(community_id)
        .bind(donor_id)
        .execute(&mut *c)
        .await?;
    if r.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("UPDATE communities SET members_count = members_count - 1 WHERE id = $1")
        .bind(community_id)
        .execute(c)
        .await?;
    Ok(true)
}

fn community_member(r: &AnyRow) -> sqlx::Result<CommunityMember> {
    Ok(CommunityMember {
        id: r.try_get("id")?,
        donor_id: r.try_get("donor_id")?,
        name: r.try_get::<Option<String>, _>("name")?.unwrap_or_default(),
        email: r.try_get::<Option<String>, _>("email")?.unwrap_or_default(),
        avatar: r.try_get::<Option<String>, _>("avatar")?.unwrap_or_default(),
        joined_at: r.try_get("joined_at")?,
    })
}

pub async fn community_member_of(
    c: &mut AnyConnection,
    community_id: &str,
    donor_id: &str,
) -> sqlx::Result<Option<CommunityMember>> {
    sqlx::query(
        "SELECT m.id, m.donor_id, pe.name, pe.email, pe.avatar, m.joined_at FROM community_members m \
         LEFT JOIN people pe ON pe.id = m.donor_id WHERE m.community_id = $1 AND m.donor_id = $2",
    )
    .bind(community_id)
    .bind(donor_id)
    .fetch_optional(c)
    .await?
    .as_ref()
    .map(community_member)
    .transpose()
}

/// A community's members, newest first; `search` (lower-cased) in the name or the email.
pub async fn list_community_members(
    c: &mut AnyConnection,
    community_id: &str,
    search: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<CommunityMember>, i64)> {
    let from = |q: &mut Sql| {
        q.push(" FROM community_members m LEFT JOIN people pe ON pe.id = m.donor_id WHERE m.community_id = ")
            .push_bind(community_id.to_string());
        if !search.is_empty() {
            let p = like_pattern(search);
            q.push(" AND (pe.name_key LIKE ")
                .push_bind(p.clone())
                .push(" ESCAPE '\\' OR LOWER(pe.email) LIKE ")
                .push_bind(p)
                .push(" ESCAPE '\\')");
        }
    };
    page_of(
        c,
        "SELECT m.id, m.donor_id, pe.name, pe.email, pe.avatar, m.joined_at",
        from,
        "m.joined_at DESC, m.id DESC",
        limit,
        offset,
        community_member,
    )
    .await
}

// ---------------------------------------------------------------------------------------
// Events

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
    pub address: String,
    pub city: String,
    pub state: String,
    pub country: String,
    pub city_id: String,
    pub state_id: String,
    pub country_id: String,
    pub zip_code: String,
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
        address: r.try_get("address")?,
        city: r.try_get("city")?,
        state: r.try_get("state")?,
        country: r.try_get("country")?,
        city_id: r.try_get("city_id")?,
        state_id: r.try_get("state_id")?,
        country_id: r.try_get("country_id")?,
        zip_code: r.try_get("zip_code")?,
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
    sqlx::query(
        "INSERT INTO events (id, title, title_key, description, images, video, starts_at, ends_at, time_zone, is_online, online_link, \
         address, city, state, country, city_id, state_id, country_id, zip_code, host_type, host_id, host_name, capacity, is_deleted, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, \
         $21, $22, $23, $24, $25, $26)",
    )
    .bind(&e.id)
    .bind(&e.title)
    .bind(name_key(&e.title))
    .bind(&e.description)
    .bind(json_list(&e.images))
    .bind(&e.video)
    .bind(e.starts_at)
    .bind(e.ends_at)
    .bind(&e.time_zone)
    .bind(e.is_online)
    .bind(&e.online_link)
    .bind(&e.address)
    .bind(&e.city)
    .bind(&e.state)
    .bind(&e.country)
    .bind(&e.city_id)
    .bind(&e.state_id)
    .bind(&e.country_id)
    .bind(&e.zip_code)
    .bind(&e.host_type)
    .bind(&e.host_id)
    .bind(&e.host_name)
    .bind(e.capacity)
    .bind(false)
    .bind(e.created_at)
    .bind(e.updated_at)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn update_event(c: &mut AnyConnection, e: &Event) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE events SET title = $1, title_key = $2, description = $3, images = $4, video = $5, starts_at = $6, ends_at = $7, \
         time_zone = $8, is_online = $9, online_link = $10, address = $11, city = $12, state = $13, country = $14, city_id = $15, \
         state_id = $16, country_id = $17, zip_code = $18, host_type = $19, host_id = $20, host_name = $21, capacity = $22, \
         updated_at = $23 WHERE id = $24",
    )
    .bind(&e.title)
    .bind(name_key(&e.title))
    .bind(&e.description)
    .bind(json_list(&e.images))
    .bind(&e.video)
    .bind(e.starts_at)
    .bind(e.ends_at)
    .bind(&e.time_zone)
    .bind(e.is_online)
    .bind(&e.online_link)
    .bind(&e.address)
    .bind(&e.city)
    .bind(&e.state)
    .bind(&e.country)
    .bind(&e.city_id)
    .bind(&e.state_id)
    .bind(&e.country_id)
    .bind(&e.zip_code)
    .bind(&e.host_type)
    .bind(&e.host_id)
    .bind(&e.host_name)
    .bind(e.capacity)
    .bind(e.updated_at)
    .bind(&e.id)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn get_event(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Event>> {
    let q = format!("SELECT {EVENT_COLUMNS} FROM events WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(event).transpose()
}

pub async fn set_event_deleted(c: &mut AnyConnection, id: &str, deleted: bool) -> sqlx::Result<()> {
    let now = common::now_ms();
    sqlx::query("UPDATE events SET is_deleted = $1, deleted_at = $2, updated_at = $3 WHERE id = $4")
        .bind(deleted)
        .bind(deleted.then_some(now))
        .bind(now)
        .bind(id)
        .execute(c)
        .await?;
    Ok(())
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
    page_of(
        c,
        &format!("SELECT {EVENT_COLUMNS}"),
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
        &order,
        p.limit,
        p.offset,
        event,
    )
    .await
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
    let q = format!("{EVENT_MEMBER} FROM event_members m LEFT JOIN people pe ON pe.id = m.donor_id WHERE m.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(event_member).transpose()
}

pub async fn event_member_of(
    c: &mut AnyConnection,
    event_id: &str,
    donor_id: &str,
) -> sqlx::Result<Option<EventMember>> {
    let q = format!(
        "{EVENT_MEMBER} FROM event_members m LEFT JOIN people pe ON pe.id = m.donor_id WHERE m.event_id = $1 AND m.donor_id = $2"
    );
    sqlx::query(sqlx::AssertSqlSafe(q))
        .bind(event_id)
        .bind(donor_id)
        .fetch_optional(c)
        .await?
        .as_ref()
        .map(event_member)
        .transpose()
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
        q.push(" FROM event_members m LEFT JOIN people pe ON pe.id = m.donor_id WHERE m.event_id = ")
            .push_bind(event_id.to_string())
            .push(" AND m.status = ")
            .push_bind(status);
        if !search.is_empty() {
            let p = like_pattern(search);
            q.push(" AND (pe.name_key LIKE ")
                .push_bind(p.clone())
                .push(" ESCAPE '\\' OR LOWER(pe.email) LIKE ")
                .push_bind(p)
                .push(" ESCAPE '\\')");
        }
    };
    page_of(c, EVENT_MEMBER, from, "m.joined_at DESC, m.id DESC", limit, offset, event_member).await
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
    q.push(" FROM event_members m LEFT JOIN people pe ON pe.id = m.donor_id WHERE m.event_id = ")
        .push_bind(event_id.to_string())
        .push(" AND m.status = ")
        .push_bind(status);
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

// ---------------------------------------------------------------------------------------
// Posts

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Post {
    pub id: String,
    pub community_id: String,
    pub community_name: String,
    pub author: Person,
    pub text: String,
    pub images: Vec<String>,
    pub likes_count: i64,
    pub comments_count: i64,
    pub reports_count: i64,
    pub last_reported_at: i64,
    pub is_active: bool,
    pub is_deleted: bool,
    pub liked_by_admin: bool,
    pub created_at: i64,
}

const POST: &str = "SELECT p.id, p.community_id, c.name AS community_name, p.author_id, pe.name AS author_name, pe.avatar AS author_avatar, \
     p.text, p.images, p.likes_count, p.comments_count, p.reports_count, p.last_reported_at, p.is_active, p.is_deleted, \
     EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.account = 'platform') AS liked_by_admin, p.created_at";
const POST_FROM: &str =
    " FROM posts p JOIN communities c ON c.id = p.community_id LEFT JOIN people pe ON pe.id = p.author_id";

fn post(r: &AnyRow) -> sqlx::Result<Post> {
    Ok(Post {
        id: r.try_get("id")?,
        community_id: r.try_get("community_id")?,
        community_name: r.try_get("community_name")?,
        author: Person::of(r.try_get("author_id")?, r.try_get("author_name")?, r.try_get("author_avatar")?),
        text: r.try_get("text")?,
        images: list_of(r, "images")?,
        likes_count: r.try_get("likes_count")?,
        comments_count: r.try_get("comments_count")?,
        reports_count: r.try_get("reports_count")?,
        last_reported_at: r.try_get("last_reported_at")?,
        is_active: get_bool(r, "is_active")?,
        is_deleted: get_bool(r, "is_deleted")?,
        liked_by_admin: get_bool(r, "liked_by_admin")?,
        created_at: r.try_get("created_at")?,
    })
}

/// A new post, its community's count raised.
pub async fn insert_post(c: &mut AnyConnection, p: &Post) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO posts (id, community_id, author_id, text, images, is_active, is_deleted, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&p.id)
    .bind(&p.community_id)
    .bind(&p.author.id)
    .bind(&p.text)
    .bind(json_list(&p.images))
    .bind(true)
    .bind(false)
    .bind(p.created_at)
    .bind(p.created_at)
    .execute(&mut *c)
    .await?;
    sqlx::query("UPDATE communities SET posts_count = posts_count + 1 WHERE id = $1")
        .bind(&p.community_id)
        .execute(c)
        .await?;
    Ok(())
}

/// A post (deleted ones too: the caller decides).
pub async fn get_post(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Post>> {
    let q = format!("{POST}{POST_FROM} WHERE p.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(post).transpose()
}

/// Activates or deactivates; the community's kept count of inactive posts follows only when
/// the flag changed on a post not deleted.
pub async fn set_post_active(c: &mut AnyConnection, id: &str, active: bool) -> sqlx::Result<()> {
    let moved = sqlx::query("UPDATE posts SET is_active = $1, updated_at = $2 WHERE id = $3 AND is_active <> $4 RETURNING community_id, is_deleted")
        .bind(active)
        .bind(common::now_ms())
        .bind(id)
        .bind(active)
        .fetch_optional(&mut *c)
        .await?;
    if let Some(r) = moved
        && !get_bool(&r, "is_deleted")?
    {
        let community: String = r.try_get("community_id")?;
        count_inactive_posts(c, &community, if active { -1 } else { 1 }).await?;
        feed_moved(c, &community).await?;
    }
    Ok(())
}

async fn count_inactive_posts(c: &mut AnyConnection, community_id: &str, by: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE communities SET inactive_posts_count = inactive_posts_count + $1 WHERE id = $2")
        .bind(by)
        .bind(community_id)
        .execute(c)
        .await?;
    Ok(())
}

/// Deletes a post (soft) once: its community's count drops and its open reports close.
/// Answers whether it was not deleted before.
pub async fn delete_post(c: &mut AnyConnection, id: &str, closed_by: &str) -> sqlx::Result<bool> {
    let now = common::now_ms();
    let r = sqlx::query(
        "UPDATE posts SET is_deleted = $1, deleted_at = $2, updated_at = $2 WHERE id = $3 AND is_deleted = $4 \
         RETURNING community_id, is_active, reports_count",
    )
    .bind(true)
    .bind(now)
    .bind(id)
    .bind(false)
    .fetch_optional(&mut *c)
    .await?;
    let Some(r) = r else {
        return Ok(false);
    };
    let community: String = r.try_get("community_id")?;
    // The row is this write's now: its open reports are exactly the ones it closes.
    if r.try_get::<i64, _>("reports_count")? > 0 {
        sqlx::query("UPDATE posts SET reports_count = 0, last_reported_at = 0 WHERE id = $1")
            .bind(id)
            .execute(&mut *c)
            .await?;
        count_reported(c, -1).await?;
    }
    sqlx::query("UPDATE communities SET posts_count = posts_count - 1 WHERE id = $1")
        .bind(&community)
        .execute(&mut *c)
        .await?;
    if !get_bool(&r, "is_active")? {
        count_inactive_posts(c, &community, -1).await?;
    }
    feed_moved(c, &community).await?;
    sqlx::query("UPDATE reports SET closed_at = $1, closed_by = $2 WHERE post_id = $3 AND closed_at IS NULL")
        .bind(now)
        .bind(closed_by)
        .bind(id)
        .execute(c)
        .await?;
    Ok(true)
}

pub struct PostFilter {
    /// One community's posts, or every community's (not deleted) when empty.
    pub community_id: String,
    pub active: bool,
    /// Lower-cased search in the text.
    pub search: String,
}

/// Posts not deleted, newest first.
pub async fn list_posts(
    c: &mut AnyConnection,
    f: &PostFilter,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<Post>, i64)> {
    let from = |q: &mut Sql| {
        q.push(POST_FROM)
            .push(" WHERE p.is_deleted = ")
            .push_bind(false)
            .push(" AND p.is_active = ")
            .push_bind(f.active);
        if f.community_id.is_empty() {
            q.push(" AND c.is_deleted = ").push_bind(false);
        } else {
            q.push(" AND p.community_id = ").push_bind(f.community_id.clone());
        }
        if !f.search.is_empty() {
            q.push(" AND LOWER(p.text) LIKE ").push_bind(like_pattern(&f.search)).push(" ESCAPE '\\'");
        }
    };
    // One community's posts without a search: the total is kept (migration 0002).
    let kept = if !f.community_id.is_empty() && f.search.is_empty() {
        Some(feed_state(c, &f.community_id).await?.map(|s| s.total(f.active)).unwrap_or(0))
    } else {
        None
    };
    if offset == 0 {
        return page_counted(c, POST, from, "p.created_at DESC, p.id DESC", limit, offset, post, kept).await;
    }
    // Further pages find their posts' ids first (an index-only walk past the skipped ones),
    // then read those posts with their joins: the skipped rows are never read.
    let mut q = Sql::new(backend(c), "SELECT p.id");
    from(&mut q);
    q.push(" ORDER BY p.created_at DESC, p.id DESC LIMIT ").push_bind(limit).push(" OFFSET ").push_bind(offset);
    let ids: Vec<String> =
        q.build().fetch_all(&mut *c).await?.iter().map(|r| r.try_get(0)).collect::<sqlx::Result<_>>()?;
    let items = posts_by_id(c, &ids).await?;
    let total = match kept {
        Some(n) => n,
        None => {
            let mut q = Sql::new(backend(c), "SELECT COUNT(*)");
            from(&mut q);
            q.build().fetch_one(&mut *c).await?.try_get(0)?
        }
    };
    Ok((items, total))
}

/// Posts by id, newest first.
async fn posts_by_id(c: &mut AnyConnection, ids: &[String]) -> sqlx::Result<Vec<Post>> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let mut q = Sql::new(backend(c), POST);
    q.push(POST_FROM).push(" WHERE p.id IN (");
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            q.push(", ");
        }
        q.push_bind(id.clone());
    }
    q.push(") ORDER BY p.created_at DESC, p.id DESC");
    q.build().fetch_all(c).await?.iter().map(post).collect()
}

/// Every how many posts of a feed (counted from its oldest) an anchor is kept.
pub const FEED_STEP: i64 = 1000;

/// What a community's feed holds: its kept totals and the version of its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeedState {
    pub posts: i64,
    pub inactive: i64,
    /// Raised when a post leaves or joins a feed anywhere but at its newest end (activated,
    /// deactivated, deleted): positions counted from the oldest post change only then.
    pub version: i64,
}

impl FeedState {
    pub fn total(&self, active: bool) -> i64 {
        if active { self.posts - self.inactive } else { self.inactive }
    }
}

pub async fn feed_state(c: &mut AnyConnection, community_id: &str) -> sqlx::Result<Option<FeedState>> {
    let r = sqlx::query("SELECT posts_count, inactive_posts_count, feed_version FROM communities WHERE id = $1")
        .bind(community_id)
        .fetch_optional(c)
        .await?;
    r.map(|r| Ok(FeedState { posts: r.try_get(0)?, inactive: r.try_get(1)?, version: r.try_get(2)? })).transpose()
}

/// The (created_at, id) of every [`FEED_STEP`]-th post of a feed counted from its oldest
/// (positions 0, FEED_STEP, 2 × FEED_STEP...): one index-only walk of the feed.
pub async fn feed_anchors(c: &mut AnyConnection, community_id: &str, active: bool) -> sqlx::Result<Vec<(i64, String)>> {
    use futures::TryStreamExt;
    let q = sqlx::query(
        "SELECT created_at, id FROM posts WHERE community_id = $1 AND is_deleted = $2 AND is_active = $3 ORDER BY created_at ASC, id ASC",
    )
    .bind(community_id)
    .bind(false)
    .bind(active);
    let mut rows = q.fetch(c);
    let (mut out, mut n) = (vec![], 0i64);
    while let Some(r) = rows.try_next().await? {
        if n % FEED_STEP == 0 {
            out.push((r.try_get(0)?, r.try_get(1)?));
        }
        n += 1;
    }
    Ok(out)
}

/// `limit` posts of a feed from `skip` posts past `anchor` counted towards the newest, newest
/// first (a deep page: the walk starts at the anchor, not at the newest post).
pub async fn feed_page_at(
    c: &mut AnyConnection,
    community_id: &str,
    active: bool,
    anchor: &(i64, String),
    skip: i64,
    limit: i64,
) -> sqlx::Result<Vec<Post>> {
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM posts WHERE community_id = $1 AND is_deleted = $2 AND is_active = $3 AND (created_at, id) >= ($4, $5) \
         ORDER BY created_at ASC, id ASC LIMIT $6 OFFSET $7",
    )
    .bind(community_id)
    .bind(false)
    .bind(active)
    .bind(anchor.0)
    .bind(&anchor.1)
    .bind(limit)
    .bind(skip)
    .fetch_all(&mut *c)
    .await?;
    posts_by_id(c, &ids).await
}

async fn feed_moved(c: &mut AnyConnection, community_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE communities SET feed_version = feed_version + 1 WHERE id = $1")
        .bind(community_id)
        .execute(c)
        .await?;
    Ok(())
}

/// Likes (`Some(true)`), unlikes (`Some(false)`) or toggles (`None`) `account`'s like of a
/// post (`table` post_likes/posts) or comment (comment_likes/comments); answers whether it is
/// liked afterwards and the count.
pub async fn like(
    c: &mut AnyConnection,
    target: LikeTarget,
    id: &str,
    account: &str,
    want: Option<bool>,
) -> sqlx::Result<(bool, i64)> {
    let (likes, key, counted) = match target {
        LikeTarget::Post => ("post_likes", "post_id", "posts"),
        LikeTarget::Comment => ("comment_likes", "comment_id", "comments"),
    };
    let insert = format!("INSERT INTO {likes} ({key}, account, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING");
    let delete = format!("DELETE FROM {likes} WHERE {key} = $1 AND account = $2");
    // The caller holds the liked row's lock (`Write::lock_row`), so the likes of this target
    // change one write at a time and a toggle always flips what the previous one left.
    let removed = want != Some(true)
        && sqlx::query(sqlx::AssertSqlSafe(delete)).bind(id).bind(account).execute(&mut *c).await?.rows_affected() == 1;
    let (liked, changed) = if removed {
        (false, -1i64)
    } else if want == Some(false) {
        (false, 0)
    } else {
        let r = sqlx::query(sqlx::AssertSqlSafe(insert))
            .bind(id)
            .bind(account)
            .bind(common::now_ms())
            .execute(&mut *c)
            .await?;
        (true, r.rows_affected() as i64)
    };
    if changed != 0 {
        let q = format!("UPDATE {counted} SET likes_count = likes_count + $1 WHERE id = $2");
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(changed).bind(id).execute(&mut *c).await?;
    }
    let q = format!("SELECT likes_count FROM {counted} WHERE id = $1");
    let count: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(q)).bind(id).fetch_one(c).await?;
    Ok((liked, count))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LikeTarget {
    Post,
    Comment,
}

// ---------------------------------------------------------------------------------------
// Comments

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Comment {
    pub id: String,
    pub post_id: String,
    pub parent_id: Option<String>,
    pub author: Person,
    pub text: String,
    pub likes_count: i64,
    pub liked_by_admin: bool,
    pub created_at: i64,
    pub replies_count: i64,
    pub replies: Vec<Comment>,
}

const COMMENT: &str = "SELECT m.id, m.post_id, m.parent_id, m.author_id, pe.name AS author_name, pe.avatar AS author_avatar, m.text, \
     m.likes_count, EXISTS (SELECT 1 FROM comment_likes l WHERE l.comment_id = m.id AND l.account = 'platform') AS liked_by_admin, \
     m.created_at, m.replies_count";
const COMMENT_FROM: &str = " FROM comments m LEFT JOIN people pe ON pe.id = m.author_id";

fn comment(r: &AnyRow) -> sqlx::Result<Comment> {
    Ok(Comment {
        id: r.try_get("id")?,
        post_id: r.try_get("post_id")?,
        parent_id: r.try_get("parent_id")?,
        author: Person::of(r.try_get("author_id")?, r.try_get("author_name")?, r.try_get("author_avatar")?),
        text: r.try_get("text")?,
        likes_count: r.try_get("likes_count")?,
        liked_by_admin: get_bool(r, "liked_by_admin")?,
        created_at: r.try_get("created_at")?,
        replies_count: r.try_get("replies_count")?,
        replies: Vec::new(),
    })
}

/// A new comment or reply; the post's count (and the parent's replies) raised.
pub async fn insert_comment(c: &mut AnyConnection, m: &Comment) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO comments (id, post_id, parent_id, author_id, text, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&m.id)
    .bind(&m.post_id)
    .bind(m.parent_id.clone())
    .bind(&m.author.id)
    .bind(&m.text)
    .bind(m.created_at)
    .execute(&mut *c)
    .await?;
    sqlx::query("UPDATE posts SET comments_count = comments_count + 1 WHERE id = $1")
        .bind(&m.post_id)
        .execute(&mut *c)
        .await?;
    if let Some(parent) = &m.parent_id {
        sqlx::query("UPDATE comments SET replies_count = replies_count + 1 WHERE id = $1")
            .bind(parent)
            .execute(c)
            .await?;
    }
    Ok(())
}

pub async fn get_comment(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Comment>> {
    let q = format!("{COMMENT}{COMMENT_FROM} WHERE m.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(comment).transpose()
}

/// A post's top-level comments, newest first, each with its first `replies` replies (oldest first).
pub async fn list_comments(
    c: &mut AnyConnection,
    post_id: &str,
    limit: i64,
    offset: i64,
    replies: i64,
) -> sqlx::Result<(Vec<Comment>, i64)> {
    let from = |q: &mut Sql| {
        q.push(COMMENT_FROM)
            .push(" WHERE m.post_id = ")
            .push_bind(post_id.to_string())
            .push(" AND m.parent_id IS NULL");
    };
    let (mut items, total) = page_of(c, COMMENT, from, "m.created_at DESC, m.id DESC", limit, offset, comment).await?;
    for item in &mut items {
        if item.replies_count > 0 {
            let q = format!("{COMMENT}{COMMENT_FROM} WHERE m.parent_id = $1 ORDER BY m.created_at, m.id LIMIT $2");
            item.replies = sqlx::query(sqlx::AssertSqlSafe(q))
                .bind(&item.id)
                .bind(replies)
                .fetch_all(&mut *c)
                .await?
                .iter()
                .map(comment)
                .collect::<sqlx::Result<_>>()?;
        }
    }
    Ok((items, total))
}

// ---------------------------------------------------------------------------------------
// Reports

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    pub id: String,
    pub post_id: String,
    pub reporter: Person,
    pub reason: String,
    pub created_at: i64,
    pub closed_at: Option<i64>,
}

const REPORT: &str = "SELECT r.id, r.post_id, r.reporter_id, pe.name AS reporter_name, pe.avatar AS reporter_avatar, r.reason, \
     r.created_at, r.closed_at FROM reports r LEFT JOIN people pe ON pe.id = r.reporter_id";

fn report(r: &AnyRow) -> sqlx::Result<Report> {
    Ok(Report {
        id: r.try_get("id")?,
        post_id: r.try_get("post_id")?,
        reporter: Person::of(r.try_get("reporter_id")?, r.try_get("reporter_name")?, r.try_get("reporter_avatar")?),
        reason: r.try_get("reason")?,
        created_at: r.try_get("created_at")?,
        closed_at: r.try_get("closed_at")?,
    })
}

/// A new open report (unique per reporter and post: a second one fails as a unique
/// violation); the post's open count and newest report time follow.
pub async fn insert_report(c: &mut AnyConnection, r: &Report) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO reports (id, post_id, reporter_id, reason, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&r.id)
        .bind(&r.post_id)
        .bind(&r.reporter.id)
        .bind(&r.reason)
        .bind(r.created_at)
        .execute(&mut *c)
        .await?;
    let open = sqlx::query(
        "UPDATE posts SET reports_count = reports_count + 1, \
         last_reported_at = CASE WHEN last_reported_at > $1 THEN last_reported_at ELSE $1 END WHERE id = $2 RETURNING reports_count",
    )
    .bind(r.created_at)
    .bind(&r.post_id)
    .fetch_optional(&mut *c)
    .await?;
    if let Some(n) = open
        && n.try_get::<i64, _>(0)? == 1
    {
        count_reported(c, 1).await?;
    }
    Ok(())
}

/// Moves the kept number of posts with open reports (migration 0004).
async fn count_reported(c: &mut AnyConnection, by: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE post_counts SET n = n + $1 WHERE kind = 'reported'").bind(by).execute(c).await?;
    Ok(())
}

/// A post's open reports, newest first, at most `limit`.
pub async fn open_reports(c: &mut AnyConnection, post_id: &str, limit: i64) -> sqlx::Result<Vec<Report>> {
    let q =
        format!("{REPORT} WHERE r.post_id = $1 AND r.closed_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT $2");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(post_id).bind(limit).fetch_all(c).await?.iter().map(report).collect()
}

/// Every report of a post (open and closed), newest first.
pub async fn reports_of(c: &mut AnyConnection, post_id: &str) -> sqlx::Result<Vec<Report>> {
    let q = format!("{REPORT} WHERE r.post_id = $1 ORDER BY r.created_at DESC, r.id DESC");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(post_id).fetch_all(c).await?.iter().map(report).collect()
}

/// Posts not deleted with open reports, newest report first; `search` in the text or the
/// community's name.
pub async fn list_reported(
    c: &mut AnyConnection,
    search: &str,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<Post>, i64)> {
    let from = |q: &mut Sql| {
        // Open reports imply a post not deleted (a deletion closes them and zeroes the count;
        // a deleted post takes no report), so the filter is the reported index's own: SQLite's
        // planner otherwise walks every post not deleted and sorts them.
        q.push(POST_FROM).push(" WHERE p.reports_count > 0");
        if !search.is_empty() {
            let pat = like_pattern(search);
            q.push(" AND (LOWER(p.text) LIKE ")
                .push_bind(pat.clone())
                .push(" ESCAPE '\\' OR c.name_key LIKE ")
                .push_bind(pat)
                .push(" ESCAPE '\\')");
        }
    };
    // Without a search the total is kept (migration 0004): no read of every reported post.
    let kept = if search.is_empty() {
        Some(
            sqlx::query_scalar::<_, i64>("SELECT n FROM post_counts WHERE kind = 'reported'")
                .fetch_one(&mut *c)
                .await?,
        )
    } else {
        None
    };
    page_counted(c, POST, from, "p.last_reported_at DESC, p.id DESC", limit, offset, post, kept).await
}

// ---------------------------------------------------------------------------------------
// Other services' deletions

/// What a donor's deletion changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DonorRemoval {
    pub community_memberships: u64,
    pub event_memberships: u64,
    pub likes: u64,
    pub reports: u64,
    pub posts: u64,
    pub comments: u64,
}

/// Removes a deleted donor's memberships, likes and reports (every count corrected) and
/// anonymises its posts and comments (author '' shows as 'Deleted donor'); forgets the person.
pub async fn remove_donor(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<DonorRemoval> {
    let mut out = DonorRemoval::default();
    // Each row deleted is counted off what counts it (DELETE ... RETURNING: exact even when
    // the donor acted at the same moment).
    let gone = |sql: &'static str| sqlx::query(sql).bind(donor_id.to_string());
    let rows =
        gone("DELETE FROM community_members WHERE donor_id = $1 RETURNING community_id").fetch_all(&mut *c).await?;
    out.community_memberships = rows.len() as u64;
    for r in rows {
        let id: String = r.try_get("community_id")?;
        sqlx::query("UPDATE communities SET members_count = members_count - 1 WHERE id = $1")
            .bind(id)
            .execute(&mut *c)
            .await?;
    }
    let rows =
        gone("DELETE FROM event_members WHERE donor_id = $1 RETURNING event_id, status").fetch_all(&mut *c).await?;
    out.event_memberships = rows.len() as u64;
    for r in rows {
        let id: String = r.try_get("event_id")?;
        let status = r.try_get::<i32, _>("status").or_else(|_| r.try_get::<i64, _>("status").map(|v| v as i32))?;
        let q = format!("UPDATE events SET {0} = {0} - 1 WHERE id = $1", mode_count(status));
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).execute(&mut *c).await?;
    }
    for (sql, counted) in [
        (
            "DELETE FROM post_likes WHERE account = $1 RETURNING post_id AS id",
            "UPDATE posts SET likes_count = likes_count - 1 WHERE id = $1",
        ),
        (
            "DELETE FROM comment_likes WHERE account = $1 RETURNING comment_id AS id",
            "UPDATE comments SET likes_count = likes_count - 1 WHERE id = $1",
        ),
    ] {
        let rows = gone(sql).fetch_all(&mut *c).await?;
        out.likes += rows.len() as u64;
        for r in rows {
            let id: String = r.try_get("id")?;
            sqlx::query(counted).bind(id).execute(&mut *c).await?;
        }
    }
    let rows =
        gone("DELETE FROM reports WHERE reporter_id = $1 RETURNING post_id, closed_at").fetch_all(&mut *c).await?;
    out.reports = rows.len() as u64;
    for r in rows {
        if r.try_get::<Option<i64>, _>("closed_at")?.is_some() {
            continue;
        }
        let post_id: String = r.try_get("post_id")?;
        let left = sqlx::query(
            "UPDATE posts SET reports_count = reports_count - 1, last_reported_at = COALESCE((SELECT MAX(created_at) FROM reports r \
             WHERE r.post_id = $1 AND r.closed_at IS NULL), 0) WHERE id = $1 RETURNING reports_count",
        )
        .bind(&post_id)
        .fetch_optional(&mut *c)
        .await?;
        if let Some(n) = left
            && n.try_get::<i64, _>(0)? == 0
        {
            count_reported(c, -1).await?;
        }
    }
    out.posts = gone("UPDATE posts SET author_id = '' WHERE author_id = $1").execute(&mut *c).await?.rows_affected();
    out.comments =
        gone("UPDATE comments SET author_id = '' WHERE author_id = $1").execute(&mut *c).await?.rows_affected();
    gone("DELETE FROM people WHERE id = $1").execute(c).await?;
    Ok(out)
}

/// The communities linking `target_id` (`kind` 'charity' or 'cause', through
/// `community_links_target`) and, for a nonprofit, the events it hosts (`events_host`).
pub async fn link_usage(c: &mut AnyConnection, kind: &str, target_id: &str) -> sqlx::Result<(i64, i64)> {
    let communities: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM community_links WHERE kind = $1 AND target_id = $2")
            .bind(kind)
            .bind(target_id)
            .fetch_one(&mut *c)
            .await?;
    let events: i64 = if kind == "charity" {
        sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE host_type = 'charity' AND host_id = $1")
            .bind(target_id)
            .fetch_one(c)
            .await?
    } else {
        0
    };
    Ok((communities, events))
}

/// Drops a deleted nonprofit's or cause's links from every community (`kind` 'charity' or
/// 'cause'); answers the communities changed.
pub async fn drop_links(c: &mut AnyConnection, kind: &str, target_id: &str) -> sqlx::Result<Vec<String>> {
    let ids: Vec<String> =
        sqlx::query_scalar("SELECT community_id FROM community_links WHERE kind = $1 AND target_id = $2")
            .bind(kind)
            .bind(target_id)
            .fetch_all(&mut *c)
            .await?;
    let col = if kind == "cause" { "cause_ids" } else { "charity_ids" };
    for id in &ids {
        let q = format!("SELECT {col} FROM communities WHERE id = $1");
        let raw: String = sqlx::query_scalar(sqlx::AssertSqlSafe(q)).bind(id).fetch_one(&mut *c).await?;
        let kept: Vec<String> = serde_json::from_str::<Vec<String>>(&raw)
            .unwrap_or_default()
            .into_iter()
            .filter(|t| t != target_id)
            .collect();
        let q = format!("UPDATE communities SET {col} = $1 WHERE id = $2");
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(json_list(&kept)).bind(id).execute(&mut *c).await?;
    }
    sqlx::query("DELETE FROM community_links WHERE kind = $1 AND target_id = $2")
        .bind(kind)
        .bind(target_id)
        .execute(c)
        .await?;
    Ok(ids)
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

// ---- one nonprofit's figures (a nonprofit admin's dashboard) ----

/// What engagement holds of one nonprofit: the events it hosts (not deleted; upcoming: not
/// ended at `now`) and the communities that name it among their nonprofits (not deleted)
/// with their members. Read through `events_host` and `community_links_target`: a few rows
/// per nonprofit, never a scan.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NonprofitFigures {
    pub events: i64,
    pub upcoming_events: i64,
    pub communities: i64,
    pub community_members: i64,
}

pub async fn nonprofit_figures(c: &mut AnyConnection, charity_id: &str, now: i64) -> sqlx::Result<NonprofitFigures> {
    let e = sqlx::query(
        "SELECT COUNT(*) AS events, CAST(COALESCE(SUM(CASE WHEN ends_at >= $1 THEN 1 ELSE 0 END), 0) AS BIGINT) AS upcoming \
         FROM events WHERE host_type = 'charity' AND host_id = $2 AND is_deleted = $3",
    )
    .bind(now)
    .bind(charity_id)
    .bind(false)
    .fetch_one(&mut *c)
    .await?;
    let k = sqlx::query(
        "SELECT COUNT(*) AS communities, CAST(COALESCE(SUM(m.members_count), 0) AS BIGINT) AS members FROM community_links l \
         JOIN communities m ON m.id = l.community_id WHERE l.kind = 'charity' AND l.target_id = $1 AND m.is_deleted = $2",
    )
    .bind(charity_id)
    .bind(false)
    .fetch_one(c)
    .await?;
    Ok(NonprofitFigures {
        events: e.try_get("events")?,
        upcoming_events: e.try_get("upcoming")?,
        communities: k.try_get("communities")?,
        community_members: k.try_get("members")?,
    })
}
