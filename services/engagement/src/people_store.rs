//! The SQL of people.rs: the donors as this service shows them (the `people` table, kept
//! from giving's events and from the app calls that name a donor), and a deleted donor's
//! removal, which touches every aggregate's rows (memberships, likes, reports, authors) with
//! their counts.

use crate::calendar_store::mode_count;
use crate::posts_store::count_reported;
use sqlx::{AnyConnection, Row};

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
