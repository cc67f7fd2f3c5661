//! The SQL of posts.rs: posts with their community's counts and feed version, the feeds'
//! deep-page anchors, likes of posts and comments, and the kept number of reported posts.

use crate::store::{Person, backend, columns, json_list, list_of};
use common::db::{Sql, Window, get_bool, like_pattern, page_with_total};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

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

pub(crate) const POST: &str = "SELECT p.id, p.community_id, c.name AS community_name, p.author_id, pe.name AS author_name, pe.avatar AS author_avatar, \
     p.text, p.images, p.likes_count, p.comments_count, p.reports_count, p.last_reported_at, p.is_active, p.is_deleted, \
     EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.account = 'platform') AS liked_by_admin, p.created_at";
pub(crate) const POST_FROM: &str =
    " FROM posts p JOIN communities c ON c.id = p.community_id LEFT JOIN people pe ON pe.id = p.author_id";

pub(crate) fn post(r: &AnyRow) -> sqlx::Result<Post> {
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

/// Undeletes a deleted post (the trash's restore): its community counts it again and the
/// reports its delete closed (`reopen`) are open again, with the post's open count, newest
/// report time and the kept number of reported posts. Answers whether it was deleted.
pub async fn undelete_post(c: &mut AnyConnection, id: &str, reopen: &[String]) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE posts SET is_deleted = $1, deleted_at = NULL, updated_at = $2 WHERE id = $3 AND is_deleted = $4 \
         RETURNING community_id, is_active",
    )
    .bind(false)
    .bind(common::now_ms())
    .bind(id)
    .bind(true)
    .fetch_optional(&mut *c)
    .await?;
    let Some(r) = r else { return Ok(false) };
    let community: String = r.try_get("community_id")?;
    sqlx::query("UPDATE communities SET posts_count = posts_count + 1 WHERE id = $1")
        .bind(&community)
        .execute(&mut *c)
        .await?;
    if !get_bool(&r, "is_active")? {
        count_inactive_posts(c, &community, 1).await?;
    }
    feed_moved(c, &community).await?;
    for report in reopen {
        sqlx::query("UPDATE reports SET closed_at = NULL, closed_by = '' WHERE id = $1 AND post_id = $2")
            .bind(report)
            .bind(id)
            .execute(&mut *c)
            .await?;
    }
    let open = sqlx::query(
        "UPDATE posts SET reports_count = (SELECT COUNT(*) FROM reports r WHERE r.post_id = $1 AND r.closed_at IS NULL), \
         last_reported_at = COALESCE((SELECT MAX(created_at) FROM reports r WHERE r.post_id = $1 AND r.closed_at IS NULL), 0) \
         WHERE id = $1 RETURNING reports_count",
    )
    .bind(id)
    .fetch_one(&mut *c)
    .await?;
    if open.try_get::<i64, _>(0)? > 0 {
        count_reported(c, 1).await?;
    }
    Ok(true)
}

/// Deletes a deleted post for good (the trash's purge) with its comments, likes and reports.
/// Answers whether it was there, deleted. A deleted post holds no open report and no count.
pub async fn purge_post(c: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    if !crate::store::is_deleted(c, "posts", id).await? {
        return Ok(false);
    }
    for sql in [
        "DELETE FROM comment_likes WHERE comment_id IN (SELECT id FROM comments WHERE post_id = $1)",
        "DELETE FROM comments WHERE post_id = $1",
        "DELETE FROM post_likes WHERE post_id = $1",
        "DELETE FROM reports WHERE post_id = $1",
        "DELETE FROM posts WHERE id = $1",
    ] {
        sqlx::query(sql).bind(id).execute(&mut *c).await?;
    }
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
        return page_with_total(
            c,
            columns(POST),
            from,
            Window::ordered("p.created_at DESC, p.id DESC", limit, offset).kept(kept),
            post,
        )
        .await;
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
    target: Target,
    id: &str,
    account: &str,
    want: Option<bool>,
) -> sqlx::Result<(bool, i64)> {
    let (likes, key, counted) = match target {
        Target::Post => ("post_likes", "post_id", "posts"),
        Target::Comment => ("comment_likes", "comment_id", "comments"),
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

/// What a like is of, or a comment answers: a post, or a comment (a reply's parent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Post,
    Comment,
}

/// Moves the kept number of posts with open reports (migration 0004).
pub(crate) async fn count_reported(c: &mut AnyConnection, by: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE post_counts SET n = n + $1 WHERE kind = 'reported'").bind(by).execute(c).await?;
    Ok(())
}
