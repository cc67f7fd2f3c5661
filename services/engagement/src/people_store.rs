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

/// A donor's rows that counts follow: the table, its donor column, the key of a row (what a
/// trash move deletes by), what a move answers (the counted record), and the rows it takes
/// (a trash takes only open reports: a closed one counts nowhere and waits for the purge).
struct Counted {
    table: &'static str,
    donor: &'static str,
    key: &'static str,
    returning: &'static str,
    only: &'static str,
}

const COUNTED: [Counted; 5] = [
    Counted { table: "community_members", donor: "donor_id", key: "id", returning: "community_id AS id", only: "" },
    Counted { table: "event_members", donor: "donor_id", key: "id", returning: "event_id AS id, status", only: "" },
    Counted { table: "post_likes", donor: "account", key: "post_id", returning: "post_id AS id", only: "" },
    Counted { table: "comment_likes", donor: "account", key: "comment_id", returning: "comment_id AS id", only: "" },
    Counted {
        table: "reports",
        donor: "reporter_id",
        key: "id",
        returning: "post_id AS id, closed_at",
        only: " AND closed_at IS NULL",
    },
];

/// Corrects what counts the rows of `t` that left (`by` -1) or came back (`by` +1): members,
/// the event's mode counts, likes, and a post's open reports (its last report time and the
/// reported posts' count with them); answers the rows counted into `out`.
async fn count_moved(
    c: &mut AnyConnection,
    t: &Counted,
    rows: Vec<sqlx::any::AnyRow>,
    by: i64,
    out: &mut DonorRemoval,
) -> sqlx::Result<()> {
    let n = rows.len() as u64;
    match t.table {
        "community_members" => out.community_memberships += n,
        "event_members" => out.event_memberships += n,
        "reports" => out.reports += n,
        _ => out.likes += n,
    }
    for r in rows {
        let id: String = r.try_get("id")?;
        let sql = match t.table {
            "community_members" => {
                "UPDATE communities SET members_count = members_count + $2 WHERE id = $1".to_string()
            }
            "event_members" => {
                let status =
                    r.try_get::<i32, _>("status").or_else(|_| r.try_get::<i64, _>("status").map(|v| v as i32))?;
                format!("UPDATE events SET {0} = {0} + $2 WHERE id = $1", mode_count(status))
            }
            "post_likes" => "UPDATE posts SET likes_count = likes_count + $2 WHERE id = $1".to_string(),
            "comment_likes" => "UPDATE comments SET likes_count = likes_count + $2 WHERE id = $1".to_string(),
            _ => {
                if r.try_get::<Option<i64>, _>("closed_at")?.is_some() {
                    continue;
                }
                let left = sqlx::query(
                    "UPDATE posts SET reports_count = reports_count + $2, last_reported_at = COALESCE((SELECT MAX(created_at) \
                     FROM reports r WHERE r.post_id = $1 AND r.closed_at IS NULL), 0) WHERE id = $1 RETURNING reports_count",
                )
                .bind(&id)
                .bind(by)
                .fetch_optional(&mut *c)
                .await?;
                // The post entered the reported list (its first open report back) or left it.
                if let Some(n) = left
                    && n.try_get::<i64, _>(0)? == by.max(0)
                {
                    count_reported(c, by).await?;
                }
                continue;
            }
        };
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).bind(by).execute(&mut *c).await?;
    }
    Ok(())
}

/// Removes a deleted donor's memberships, likes and reports (every count corrected) and
/// anonymises its posts and comments (author '' shows as 'Deleted donor'); forgets the person
/// and drops what its trash kept (giving.donor.deleted: the purge, or a delete of old).
pub async fn remove_donor(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<DonorRemoval> {
    let mut out = DonorRemoval::default();
    for t in &COUNTED {
        // Each row deleted is counted off what counts it (DELETE ... RETURNING: exact even when
        // the donor acted at the same moment).
        let q = format!("DELETE FROM {} WHERE {} = $1 RETURNING {}", t.table, t.donor, t.returning);
        let rows = sqlx::query(sqlx::AssertSqlSafe(q)).bind(donor_id).fetch_all(&mut *c).await?;
        count_moved(c, t, rows, -1, &mut out).await?;
        let q = format!("DELETE FROM {}_trash WHERE {} = $1", t.table, t.donor);
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(donor_id).execute(&mut *c).await?;
    }
    let gone = |sql: &'static str| sqlx::query(sql).bind(donor_id.to_string());
    out.posts = gone("UPDATE posts SET author_id = '' WHERE author_id = $1").execute(&mut *c).await?.rows_affected();
    out.comments =
        gone("UPDATE comments SET author_id = '' WHERE author_id = $1").execute(&mut *c).await?.rows_affected();
    gone("DELETE FROM people WHERE id = $1").execute(c).await?;
    Ok(out)
}

/// A donor put in giving's trash (giving.donor.trashed): its memberships, likes and open
/// reports move to their twins with the counts `remove_donor` corrects, so it leaves every
/// list and count; its posts, comments and person stay (shown as they were) until the purge.
pub async fn trash_donor(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<DonorRemoval> {
    let mut out = DonorRemoval::default();
    for t in &COUNTED {
        let (table, donor, key, only) = (t.table, t.donor, t.key, t.only);
        let q = format!("INSERT INTO {table}_trash SELECT * FROM {table} WHERE {donor} = $1{only}");
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(donor_id).execute(&mut *c).await?;
        // Deletes exactly the rows copied (the twin held none of the donor's before).
        let q = format!(
            "DELETE FROM {table} WHERE {donor} = $1 AND {key} IN (SELECT {key} FROM {table}_trash WHERE {donor} = $1) \
             RETURNING {}",
            t.returning
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(q)).bind(donor_id).fetch_all(&mut *c).await?;
        count_moved(c, t, rows, -1, &mut out).await?;
    }
    Ok(out)
}

/// A donor restored from giving's trash (giving.donor.restored): what `trash_donor` moved comes
/// back with its counts (a row the donor made again meanwhile is kept, not doubled); nothing
/// changes for a donor whose rows are not in the trash.
pub async fn restore_donor(c: &mut AnyConnection, donor_id: &str) -> sqlx::Result<DonorRemoval> {
    let mut out = DonorRemoval::default();
    for t in &COUNTED {
        let (table, donor) = (t.table, t.donor);
        let q = format!(
            "INSERT INTO {table} SELECT * FROM {table}_trash WHERE {donor} = $1 ON CONFLICT DO NOTHING RETURNING {}",
            t.returning
        );
        let rows = sqlx::query(sqlx::AssertSqlSafe(q)).bind(donor_id).fetch_all(&mut *c).await?;
        count_moved(c, t, rows, 1, &mut out).await?;
        let q = format!("DELETE FROM {table}_trash WHERE {donor} = $1");
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(donor_id).execute(&mut *c).await?;
    }
    Ok(out)
}
