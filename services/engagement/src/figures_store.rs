//! The SQL of figures.rs: what engagement holds of one nonprofit or cause, read through
//! `events_host` and `community_links_target`.

use sqlx::{AnyConnection, Row};

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
