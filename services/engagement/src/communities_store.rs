//! The SQL of communities.rs: communities with their kept totals (`community_counts`) and
//! links to nonprofits and causes (`community_links`), and their members.

use crate::store::{Person, Query, backend, columns, json_list, list_of, member_search, name_key};
use common::db::{Backend, Sql, Window, get_bool, like_pattern, page_with_total};
use common::location::Location;
use common::paging::Paging;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A community as stored and shown. The form (communities.rs' `CommunityInput`, this same
/// shape) gives the fields from `name` to `privacy`; the id, the creator, the counts, the
/// flags and the times are the service's.
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
    #[serde(flatten)]
    pub location: Location,
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
        location: Location::of(r)?,
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

/// Binds the form's fields of a community, in the order both the insert and the update name
/// them (name to privacy).
fn bind_form<'q>(q: Query<'q>, m: &'q Community) -> Query<'q> {
    let q = q
        .bind(&m.name)
        .bind(name_key(&m.name))
        .bind(&m.description)
        .bind(&m.cover_image)
        .bind(json_list(&m.gallery))
        .bind(json_list(&m.charity_ids))
        .bind(json_list(&m.cause_ids));
    m.location.bind(q).bind(&m.privacy)
}

pub async fn insert_community(c: &mut AnyConnection, m: &Community) -> sqlx::Result<()> {
    let q = sqlx::query(
        "INSERT INTO communities (id, name, name_key, description, cover_image, gallery, charity_ids, cause_ids, address, city, state, \
         country, city_id, state_id, country_id, zip_code, privacy, creator_id, is_hidden, is_deleted, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)",
    )
    .bind(&m.id);
    bind_form(q, m)
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
    let q = sqlx::query(
        "UPDATE communities SET name = $1, name_key = $2, description = $3, cover_image = $4, gallery = $5, charity_ids = $6, \
         cause_ids = $7, address = $8, city = $9, state = $10, country = $11, city_id = $12, state_id = $13, country_id = $14, \
         zip_code = $15, privacy = $16, updated_at = $17 WHERE id = $18",
    );
    let r = bind_form(q, m).bind(m.updated_at).bind(&m.id).execute(&mut *c).await?;
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
/// or two at once, moves nothing twice): answers whether it changed.
pub async fn set_community_deleted(c: &mut AnyConnection, id: &str, deleted: bool) -> sqlx::Result<bool> {
    let now = common::now_ms();
    let moved = sqlx::query("UPDATE communities SET is_deleted = $1, deleted_at = $2, updated_at = $3 WHERE id = $4 AND is_deleted <> $5 RETURNING is_hidden")
        .bind(deleted)
        .bind(deleted.then_some(now))
        .bind(now)
        .bind(id)
        .bind(deleted)
        .fetch_optional(&mut *c)
        .await?;
    let Some(r) = moved else { return Ok(false) };
    let hidden = get_bool(&r, "is_hidden")?;
    count_communities(c, !deleted, hidden, -1).await?;
    count_communities(c, deleted, hidden, 1).await?;
    Ok(true)
}

/// Deletes a deleted community for good (the trash's purge) with everything it held: its
/// links, members, posts with their comments, likes and reports, and the kept totals that
/// counted them. Answers whether it was there, deleted.
pub async fn purge_community(c: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    let found = sqlx::query("SELECT is_hidden FROM communities WHERE id = $1 AND is_deleted = $2")
        .bind(id)
        .bind(true)
        .fetch_optional(&mut *c)
        .await?;
    let Some(r) = found else { return Ok(false) };
    let hidden = get_bool(&r, "is_hidden")?;
    // Its rows first: the community's own row goes last (the references).
    let reported: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM posts WHERE community_id = $1 AND is_deleted = $2 AND reports_count > 0",
    )
    .bind(id)
    .bind(false)
    .fetch_one(&mut *c)
    .await?;
    for sql in [
        "DELETE FROM comment_likes WHERE comment_id IN (SELECT m.id FROM comments m JOIN posts p ON p.id = m.post_id WHERE p.community_id = $1)",
        "DELETE FROM comments WHERE post_id IN (SELECT id FROM posts WHERE community_id = $1)",
        "DELETE FROM post_likes WHERE post_id IN (SELECT id FROM posts WHERE community_id = $1)",
        "DELETE FROM reports WHERE post_id IN (SELECT id FROM posts WHERE community_id = $1)",
        "DELETE FROM posts WHERE community_id = $1",
        "DELETE FROM community_members WHERE community_id = $1",
        "DELETE FROM community_links WHERE community_id = $1",
    ] {
        sqlx::query(sql).bind(id).execute(&mut *c).await?;
    }
    sqlx::query("DELETE FROM communities WHERE id = $1").bind(id).execute(&mut *c).await?;
    count_communities(c, true, hidden, -1).await?;
    if reported > 0 {
        crate::posts_store::count_reported(c, -reported).await?;
    }
    Ok(true)
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

/// `FROM communities … WHERE …`: the communities that match `f`.
fn matching(q: &mut Sql, f: &CommunityFilter) {
    let trigrams = q.backend() == Backend::Sqlite && f.search.chars().count() >= 3;
    q.push(" FROM communities c LEFT JOIN people pe ON pe.id = c.creator_id WHERE c.is_deleted = ")
        .push_bind(f.is_deleted);
    if let Some(h) = f.is_hidden {
        q.push(" AND c.is_hidden = ").push_bind(h);
    }
    if !f.search.is_empty() {
        if trigrams {
            // SQLite's trigram index (migration 0002), for a search of 3 characters or more:
            // LIKE without ESCAPE, or the phrase of the search's trigrams when it holds a
            // wildcard (every character itself).
            let (op, pattern) = if common::find::has_wildcard(&f.search) {
                ("MATCH", common::find::fts_phrase(&f.search))
            } else {
                ("LIKE", format!("%{}%", f.search))
            };
            q.push(&format!(" AND c.id IN (SELECT r.id FROM community_search_trigrams t JOIN community_search_rows r ON r.fts_rowid = t.rowid WHERE t.name_key {op} "))
                .push_bind(pattern)
                .push(")");
        } else {
            q.push(" AND c.name_key LIKE ").push_bind(like_pattern(&f.search)).push(" ESCAPE '\\'");
        }
    }
}

/// Search everywhere: at most `limit` communities not deleted (hidden or not) whose name
/// contains `text` (lower-cased), by the list's own filter, not counted.
pub async fn find_communities(c: &mut AnyConnection, text: &str, limit: i64) -> sqlx::Result<Vec<Community>> {
    let f = CommunityFilter { search: text.to_string(), is_deleted: false, is_hidden: None };
    let mut q = Sql::new(backend(c), COMMUNITY.split(" FROM communities").next().unwrap_or_default());
    matching(&mut q, &f);
    q.push(" LIMIT ").push_bind(limit);
    q.build().fetch_all(c).await?.iter().map(community).collect()
}

pub async fn list_communities(
    c: &mut AnyConnection,
    f: &CommunityFilter,
    p: Paging<&'static str>,
) -> sqlx::Result<(Vec<Community>, i64)> {
    let from = |q: &mut Sql| matching(q, f);
    let dir = if p.descending { "DESC" } else { "ASC" };
    let order = format!("{} {dir}, c.id {dir}", p.column);
    let select = COMMUNITY.split(" FROM communities").next().unwrap_or_default();
    // A search's page and total are one statement (see `Window::search`): a plan cached for
    // any pattern walks the order's index past every community instead of asking the trigram
    // index for the few that match. Without a search the total is kept (migration 0002): no
    // count of every community.
    let searched = !f.search.is_empty();
    // It is read in the page's own statement.
    let kept = (!searched).then(|| {
        let flag = |b: bool| if b { "TRUE" } else { "FALSE" };
        let mut q = format!(
            "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM community_counts WHERE is_deleted = {}",
            flag(f.is_deleted)
        );
        if let Some(h) = f.is_hidden {
            q.push_str(" AND is_hidden = ");
            q.push_str(flag(h));
        }
        q
    });
    let window = Window::ordered(&order, p.limit, p.offset).kept_by(kept).searched(searched);
    page_with_total(c, columns(select), from, window, community).await
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
        member_search(q, search);
    };
    page_with_total(
        c,
        "m.id, m.donor_id, pe.name, pe.email, pe.avatar, m.joined_at",
        from,
        Window::ordered("m.joined_at DESC, m.id DESC", limit, offset),
        community_member,
    )
    .await
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
