//! The SQL of badges: the badge as stored, its list and changes, the badges a donor's totals
//! now meet, awards, and the setup marks that make the starting set once.

use common::db::{Backend, Sql, get_bool, like_pattern};
use common::paging::Paging;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A badge as stored (and, as `badges::BadgeInput`, what a badge form sends). Rules: 1 total
/// given (threshold in cents), 2 donations, 3 months subscribed.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Badge {
    pub id: String,
    pub name: String,
    pub image: String,
    pub description: String,
    pub is_active: bool,
    pub rule: i64,
    pub threshold: i64,
    pub awarded_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const BADGE_COLUMNS: &str = "id, name, image, description, is_active, CAST(rule AS BIGINT) AS rule, threshold, awarded_count, created_at, updated_at";

fn badge(r: &AnyRow) -> sqlx::Result<Badge> {
    Ok(Badge {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        image: r.try_get("image")?,
        description: r.try_get("description")?,
        is_active: get_bool(r, "is_active")?,
        rule: r.try_get("rule")?,
        threshold: r.try_get("threshold")?,
        awarded_count: r.try_get("awarded_count")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

/// Marks a setup step done; answers false when it was done already (by any replica).
pub async fn mark_setup(c: &mut AnyConnection, name: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query("INSERT INTO setup_marks (name, done_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
        .bind(name)
        .bind(at)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn badge_count(c: &mut AnyConnection) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM badges").fetch_one(c).await
}

type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Binds the fields of a badge form, in the order both the insert and the update name them
/// (name to threshold, the name key after the name).
fn bind_form<'q>(q: Query<'q>, b: &'q Badge) -> Query<'q> {
    q.bind(&b.name)
        .bind(b.name.to_lowercase())
        .bind(&b.image)
        .bind(&b.description)
        .bind(b.is_active)
        .bind(b.rule as i32)
        .bind(b.threshold)
}

pub async fn insert_badge(c: &mut AnyConnection, b: &Badge) -> sqlx::Result<()> {
    let q = sqlx::query(
        "INSERT INTO badges (id, name, name_key, image, description, is_active, rule, threshold, awarded_count, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&b.id);
    bind_form(q, b).bind(b.awarded_count).bind(b.created_at).bind(b.updated_at).execute(c).await?;
    Ok(())
}

pub async fn update_badge(c: &mut AnyConnection, b: &Badge) -> sqlx::Result<bool> {
    let q = sqlx::query(
        "UPDATE badges SET name = $1, name_key = $2, image = $3, description = $4, is_active = $5, rule = $6, threshold = $7, \
         updated_at = $8 WHERE id = $9",
    );
    Ok(bind_form(q, b).bind(b.updated_at).bind(&b.id).execute(c).await?.rows_affected() == 1)
}

pub async fn get_badge(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Badge>> {
    let q = format!("SELECT {BADGE_COLUMNS} FROM badges WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(badge).transpose()
}

/// A badge in the trash (its row in the twin `badges_trash`).
pub async fn get_trashed_badge(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Badge>> {
    let q = format!("SELECT {BADGE_COLUMNS} FROM badges_trash WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(badge).transpose()
}

pub fn badge_sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "name" => "name_key",
        "threshold" => "threshold",
        _ => return None,
    })
}

pub async fn list_badges(
    c: &mut AnyConnection,
    search: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<Badge>, i64)> {
    let matching = |q: &mut Sql| {
        q.push(" FROM badges WHERE TRUE");
        if !search.is_empty() {
            q.push(" AND LOWER(name_key) LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
        }
    };
    common::db::page_with_total(c, BADGE_COLUMNS, matching, paging, badge).await
}

/// The active badges a donor with these totals meets and has not earned yet.
pub async fn badges_due(
    c: &mut AnyConnection,
    donor_id: &str,
    (total, count, months): (i64, i64, i64),
) -> sqlx::Result<Vec<Badge>> {
    let mut q = Sql::new(Backend::of_connection(c), format!("SELECT {BADGE_COLUMNS} FROM badges b WHERE is_active = "));
    q.push_bind(true)
        .push(" AND NOT EXISTS (SELECT 1 FROM donor_badges e WHERE e.badge_id = b.id AND e.donor_id = ")
        .push_bind(donor_id.to_string())
        .push(") AND ((rule = 1 AND threshold <= ")
        .push_bind(total)
        .push(") OR (rule = 2 AND threshold <= ")
        .push_bind(count)
        .push(") OR (rule = 3 AND threshold <= ")
        .push_bind(months)
        .push(")) ORDER BY created_at, id");
    let rows = q.build().fetch_all(c).await?;
    rows.iter().map(badge).collect()
}

/// Awards a badge once: answers false when the donor already had it.
pub async fn award(c: &mut AnyConnection, donor_id: &str, badge_id: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query("INSERT INTO donor_badges (donor_id, badge_id, awarded_at) VALUES ($1, $2, $3) ON CONFLICT (donor_id, badge_id) DO NOTHING")
        .bind(donor_id)
        .bind(badge_id)
        .bind(at)
        .execute(&mut *c)
        .await?;
    if r.rows_affected() == 1 {
        sqlx::query("UPDATE badges SET awarded_count = awarded_count + 1 WHERE id = $1")
            .bind(badge_id)
            .execute(c)
            .await?;
        return Ok(true);
    }
    Ok(false)
}

/// Takes a donor's awards out of (`delta` -1: before they leave for the trash) or back into
/// (1: once they are back) their badges' awarded counts.
pub async fn count_donor_awards(c: &mut AnyConnection, donor_id: &str, delta: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE badges SET awarded_count = awarded_count + $1 WHERE id IN (SELECT badge_id FROM donor_badges WHERE donor_id = $2)",
    )
    .bind(delta)
    .bind(donor_id)
    .execute(c)
    .await?;
    Ok(())
}

/// Whose awards a restore brings back: a donor's, or a badge's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Awards {
    OfDonor,
    OfBadge,
}

/// Moves back from the trash the awards of a restored donor or badge whose other side is not
/// in the trash (an award waits there while its donor or its badge does); answers how many.
pub async fn restore_awards(c: &mut AnyConnection, of: Awards, id: &str) -> sqlx::Result<u64> {
    let which = match of {
        Awards::OfDonor => "donor_id = $1 AND badge_id IN (SELECT id FROM badges)",
        Awards::OfBadge => "badge_id = $1 AND donor_id IN (SELECT id FROM donors)",
    };
    let copy = format!("INSERT INTO donor_badges SELECT * FROM donor_badges_trash WHERE {which}");
    let n = sqlx::query(sqlx::AssertSqlSafe(copy)).bind(id).execute(&mut *c).await?.rows_affected();
    let delete = format!("DELETE FROM donor_badges_trash WHERE {which}");
    sqlx::query(sqlx::AssertSqlSafe(delete)).bind(id).execute(c).await?;
    Ok(n)
}

/// Sets a badge's awarded count to its awards (a restored badge: those of its donors that are
/// not in the trash).
pub async fn recount_awards(c: &mut AnyConnection, badge_id: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE badges SET awarded_count = (SELECT COUNT(*) FROM donor_badges WHERE badge_id = $1) WHERE id = $1",
    )
    .bind(badge_id)
    .execute(c)
    .await?;
    Ok(())
}

/// An earned badge: (badge id, name, image, awarded at), oldest first.
pub async fn earned_badges(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<Vec<(String, String, String, i64)>> {
    let rows = sqlx::query(
        "SELECT b.id, b.name, b.image, e.awarded_at FROM donor_badges e JOIN badges b ON b.id = e.badge_id \
         WHERE e.donor_id = $1 ORDER BY e.awarded_at, b.id",
    )
    .bind(donor_id)
    .fetch_all(c)
    .await?;
    rows.iter()
        .map(|r| Ok((r.try_get("id")?, r.try_get("name")?, r.try_get("image")?, r.try_get("awarded_at")?)))
        .collect()
}
