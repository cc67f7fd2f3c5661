//! The SQL of sessions: refresh families (one a sign-in) and their rotating refresh
//! tokens.

use sqlx::{AnyConnection, Row};

#[derive(Debug)]
pub struct RefreshToken {
    pub family_id: String,
    pub user_id: String,
    pub expires_at: i64,
    pub used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

pub async fn insert_refresh(
    c: &mut AnyConnection,
    hash: &str,
    family: &str,
    user_id: &str,
    expires_at: i64,
) -> sqlx::Result<()> {
    let q = sqlx::query(
        "INSERT INTO refresh_tokens (token_hash, family_id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
    );
    crate::store::bind_token(q.bind(hash).bind(family), user_id, expires_at).execute(c).await?;
    Ok(())
}

pub async fn refresh_by_hash(c: &mut AnyConnection, hash: &str) -> sqlx::Result<Option<RefreshToken>> {
    let row = sqlx::query(
        "SELECT family_id, user_id, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1",
    )
    .bind(hash)
    .fetch_optional(c)
    .await?;
    row.map(|r| {
        Ok(RefreshToken {
            family_id: r.try_get("family_id")?,
            user_id: r.try_get("user_id")?,
            expires_at: r.try_get("expires_at")?,
            used_at: r.try_get("used_at")?,
            revoked_at: r.try_get("revoked_at")?,
        })
    })
    .transpose()
}

/// Marks a token used, only if nobody else did first; answers whether this call won.
pub async fn use_refresh(c: &mut AnyConnection, hash: &str, now: i64) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE refresh_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(hash)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// A new session (refresh family).
pub async fn insert_family(c: &mut AnyConnection, id: &str, user_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO refresh_families (id, user_id, created_at, rotated_at) VALUES ($1, $2, $3, $3)")
        .bind(id)
        .bind(user_id)
        .bind(now)
        .execute(c)
        .await?;
    Ok(())
}

/// Takes a family's row for a rotation (it waits for any other rotation of the family
/// to finish); answers false when the family is revoked or unknown.
pub async fn touch_family(c: &mut AnyConnection, id: &str, now: i64) -> sqlx::Result<bool> {
    let r = sqlx::query("UPDATE refresh_families SET rotated_at = $1 WHERE id = $2 AND revoked_at IS NULL")
        .bind(now)
        .bind(id)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// Whether a family is revoked; `None` when unknown.
pub async fn family_revoked(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<bool>> {
    let row = sqlx::query("SELECT revoked_at FROM refresh_families WHERE id = $1").bind(id).fetch_optional(c).await?;
    row.map(|r| Ok(r.try_get::<Option<i64>, _>("revoked_at")?.is_some())).transpose()
}

/// Ends a session: its family and every token of it.
pub async fn revoke_family(c: &mut AnyConnection, family: &str, now: i64) -> sqlx::Result<()> {
    for q in [
        "UPDATE refresh_families SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL",
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL",
    ] {
        sqlx::query(q).bind(now).bind(family).execute(&mut *c).await?;
    }
    Ok(())
}

/// Ends every session of an account.
pub async fn revoke_user_tokens(c: &mut AnyConnection, user_id: &str) -> sqlx::Result<()> {
    for q in [
        "UPDATE refresh_families SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
    ] {
        sqlx::query(q).bind(common::now_ms()).bind(user_id).execute(&mut *c).await?;
    }
    Ok(())
}
