//! The SQL of posts.rs' comments: comments and replies (one level) with their post's and
//! parent's counts.

use crate::store::{Person, columns};
use common::db::{Sql, Window, get_bool, page_with_total};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

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
    let (mut items, total) = page_with_total(
        c,
        columns(COMMENT),
        from,
        Window::ordered("m.created_at DESC, m.id DESC", limit, offset),
        comment,
    )
    .await?;
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
