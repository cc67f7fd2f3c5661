//! The people's SQL: chat's copy of giving's donors (name, email, avatar, flags) and the
//! search key each room copies from it.

use common::db::get_bool;
use sqlx::{AnyConnection, Row};

/// A deleted donor's name, everywhere.
pub const DELETED_DONOR: &str = "Deleted donor";

/// A room's donor as shown.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoomUser {
    pub id: String,
    pub name: String,
    pub email: String,
    pub avatar: String,
    pub is_active: bool,
    pub is_deleted: bool,
}

/// The search key of a donor: its name and email, lower-cased.
pub fn search_key(name: &str, email: &str) -> String {
    format!("{} {}", name.to_lowercase(), email.to_lowercase())
}

/// Creates or refreshes a donor's copy (never one marked deleted). `avatar` None keeps the
/// stored one; `active` None keeps the stored flag (a new row is active).
pub async fn upsert_person(
    c: &mut AnyConnection,
    id: &str,
    name: &str,
    email: &str,
    avatar: Option<&str>,
    active: Option<bool>,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO people (id, name, email, avatar, search_key, is_active, is_deleted, updated_at) VALUES ($1, $2, $3, $4, $5, $6, FALSE, $7) \
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = excluded.email, search_key = excluded.search_key, \
         avatar = CASE WHEN $8 THEN excluded.avatar ELSE people.avatar END, \
         is_active = CASE WHEN $9 THEN excluded.is_active ELSE people.is_active END, updated_at = excluded.updated_at \
         WHERE people.is_deleted = FALSE",
    )
    .bind(id)
    .bind(name)
    .bind(email)
    .bind(avatar.unwrap_or_default())
    .bind(search_key(name, email))
    .bind(active.unwrap_or(true))
    .bind(now)
    .bind(avatar.is_some())
    .bind(active.is_some())
    .execute(&mut *c)
    .await?;
    copy_search_key(c, id).await
}

/// Copies a donor's search key to its room (the user list's search reads rooms alone).
async fn copy_search_key(c: &mut AnyConnection, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE rooms SET search_key = (SELECT p.search_key FROM people p WHERE p.id = rooms.user_id) WHERE user_id = $1")
        .bind(user_id)
        .execute(c)
        .await?;
    Ok(())
}

/// Marks a donor deleted: 'Deleted donor', no email or avatar, inactive (a row is made when
/// chat never knew it, so a late event for it changes nothing).
pub async fn delete_person(c: &mut AnyConnection, id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO people (id, name, email, avatar, search_key, is_active, is_deleted, updated_at) VALUES ($1, $2, '', '', $3, FALSE, TRUE, $4) \
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, email = '', avatar = '', search_key = excluded.search_key, \
         is_active = FALSE, is_deleted = TRUE, updated_at = excluded.updated_at",
    )
    .bind(id)
    .bind(DELETED_DONOR)
    .bind(search_key(DELETED_DONOR, ""))
    .bind(now)
    .execute(&mut *c)
    .await?;
    copy_search_key(c, id).await
}

/// A donor put in giving's trash: its copy (when chat knows it and it is not deleted) waits in
/// `people_trash` and `people` shows it deleted as `delete_person` does. Answers whether it
/// was hidden (false: nothing to hide, nothing changed).
pub async fn trash_person(c: &mut AnyConnection, id: &str, now: i64) -> sqlx::Result<bool> {
    let kept = sqlx::query("INSERT INTO people_trash SELECT * FROM people WHERE id = $1 AND is_deleted = FALSE")
        .bind(id)
        .execute(&mut *c)
        .await?
        .rows_affected();
    if kept == 0 {
        return Ok(false);
    }
    delete_person(c, id, now).await?;
    Ok(true)
}

/// A donor restored from giving's trash: its copy as `trash_person` kept it comes back (name,
/// email, avatar, active flag). Answers false (nothing changed) when none was kept: a donor
/// never trashed, or purged (which stays deleted: `upsert_person` never revives it).
pub async fn restore_person(c: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    let kept =
        sqlx::query("DELETE FROM people WHERE id = $1 AND EXISTS (SELECT 1 FROM people_trash t WHERE t.id = $1)")
            .bind(id)
            .execute(&mut *c)
            .await?
            .rows_affected();
    if kept == 0 {
        return Ok(false);
    }
    sqlx::query("INSERT INTO people SELECT * FROM people_trash WHERE id = $1").bind(id).execute(&mut *c).await?;
    drop_trashed_person(c, id).await?;
    copy_search_key(c, id).await?;
    Ok(true)
}

/// Drops what `trash_person` kept of a donor (its purge).
pub async fn drop_trashed_person(c: &mut AnyConnection, id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM people_trash WHERE id = $1").bind(id).execute(c).await?;
    Ok(())
}

pub async fn get_person(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<RoomUser>> {
    let r = sqlx::query("SELECT id, name, email, avatar, is_active, is_deleted FROM people WHERE id = $1")
        .bind(id)
        .fetch_optional(c)
        .await?;
    r.map(|r| {
        Ok(RoomUser {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            email: r.try_get("email")?,
            avatar: r.try_get("avatar")?,
            is_active: get_bool(&r, "is_active")?,
            is_deleted: get_bool(&r, "is_deleted")?,
        })
    })
    .transpose()
}
