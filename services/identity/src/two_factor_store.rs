//! The SQL of two-factor sign-in: an account's factor and recovery codes, the sign-in
//! challenges, and the platform settings (the setting that makes the factor required).

use common::db::get_bool;
use sqlx::{AnyConnection, Row};

// --- two-factor sign-in ---------------------------------------------------------------

/// An account's second factor: sealed secrets (see totp::seal), on or not, and the last
/// step a code was accepted for.
#[derive(Debug, Clone, Default)]
pub struct TwoFactor {
    pub secret: Option<String>,
    pub pending_secret: Option<String>,
    pub enabled: bool,
    pub last_step: i64,
}

pub async fn two_factor(c: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<TwoFactor>> {
    let row = sqlx::query("SELECT secret, pending_secret, enabled, last_step FROM two_factor WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(c)
        .await?;
    row.map(|r| {
        Ok(TwoFactor {
            secret: r.try_get("secret")?,
            pending_secret: r.try_get("pending_secret")?,
            enabled: get_bool(&r, "enabled")?,
            last_step: r.try_get("last_step")?,
        })
    })
    .transpose()
}

/// Stores a new pending secret (an enrolment begun), replacing any earlier pending one.
pub async fn set_pending_secret(c: &mut AnyConnection, user_id: &str, sealed: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO two_factor (user_id, pending_secret, enabled, last_step, updated_at) VALUES ($1, $2, $3, 0, $4) \
         ON CONFLICT (user_id) DO UPDATE SET pending_secret = $2, updated_at = $4",
    )
    .bind(user_id)
    .bind(sealed)
    .bind(false)
    .bind(now)
    .execute(c)
    .await?;
    Ok(())
}

/// Makes the pending secret `sealed` the active one and turns the factor on, `step` used;
/// false when it is no longer the pending one or the factor is already on (a parallel
/// confirm won).
pub async fn enable_two_factor(
    c: &mut AnyConnection,
    user_id: &str,
    sealed: &str,
    step: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE two_factor SET secret = pending_secret, pending_secret = NULL, enabled = $1, last_step = $2, updated_at = $3 \
         WHERE user_id = $4 AND pending_secret = $5 AND enabled = $6",
    )
    .bind(true)
    .bind(step)
    .bind(now)
    .bind(user_id)
    .bind(sealed)
    .bind(false)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Marks `step` used; false when it (or a later one) already was: one statement, so of
/// parallel uses of one code exactly one wins.
pub async fn use_step(c: &mut AnyConnection, user_id: &str, step: i64, now: i64) -> sqlx::Result<bool> {
    let r = sqlx::query("UPDATE two_factor SET last_step = $1, updated_at = $2 WHERE user_id = $3 AND last_step < $1")
        .bind(step)
        .bind(now)
        .bind(user_id)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// Removes an account's second factor and its recovery codes.
pub async fn clear_two_factor(c: &mut AnyConnection, user_id: &str) -> sqlx::Result<()> {
    for table in ["two_factor", "recovery_codes"] {
        let q = format!("DELETE FROM {table} WHERE user_id = $1");
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(user_id).execute(&mut *c).await?;
    }
    Ok(())
}

/// Replaces an account's recovery codes by these hashes.
pub async fn replace_recovery_codes(
    c: &mut AnyConnection,
    user_id: &str,
    hashes: &[String],
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1").bind(user_id).execute(&mut *c).await?;
    for h in hashes {
        sqlx::query("INSERT INTO recovery_codes (code_hash, user_id, created_at) VALUES ($1, $2, $3)")
            .bind(h)
            .bind(user_id)
            .bind(now)
            .execute(&mut *c)
            .await?;
    }
    Ok(())
}

/// Spends a recovery code of the account; false when unknown, another account's or spent.
pub async fn use_recovery_code(c: &mut AnyConnection, user_id: &str, hash: &str, now: i64) -> sqlx::Result<bool> {
    let r =
        sqlx::query("UPDATE recovery_codes SET used_at = $1 WHERE code_hash = $2 AND user_id = $3 AND used_at IS NULL")
            .bind(now)
            .bind(hash)
            .bind(user_id)
            .execute(c)
            .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn recovery_codes_left(c: &mut AnyConnection, user_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL")
        .bind(user_id)
        .fetch_one(c)
        .await
}

// --- sign-in challenges: spent once, the mailed code of an enrolment ---------------------

/// Deletes the rows of expired challenges (no token of theirs is taken any more).
pub async fn prune_challenges(c: &mut AnyConnection, now: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sign_in_challenges WHERE expires_at < $1").bind(now).execute(c).await?;
    Ok(())
}

/// Records a challenge that sets up the required factor, with the keyed hash of the code
/// mailed to the account.
pub async fn insert_challenge(
    c: &mut AnyConnection,
    id: &str,
    user_id: &str,
    expires_at: i64,
    mail_code_hash: &str,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO sign_in_challenges (id, user_id, expires_at, mail_code_hash) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(user_id)
        .bind(expires_at)
        .bind(mail_code_hash)
        .execute(c)
        .await?;
    Ok(())
}

/// Whether a challenge has started its session already.
pub async fn challenge_spent(c: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    let spent: Option<Option<i64>> =
        sqlx::query_scalar("SELECT spent_at FROM sign_in_challenges WHERE id = $1").bind(id).fetch_optional(c).await?;
    Ok(spent.flatten().is_some())
}

/// Proves the mailed code of a challenge of `user_id` (again, when it already was); false
/// for another code, another account's challenge, a spent or expired one.
pub async fn prove_mail_code(
    c: &mut AnyConnection,
    id: &str,
    user_id: &str,
    hash: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE sign_in_challenges SET mail_code_proven_at = COALESCE(mail_code_proven_at, $1) \
         WHERE id = $2 AND user_id = $3 AND mail_code_hash = $4 AND spent_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(id)
    .bind(user_id)
    .bind(hash)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Whether the mailed code of a challenge of `user_id` was proven.
pub async fn mail_code_proven(c: &mut AnyConnection, id: &str, user_id: &str) -> sqlx::Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM sign_in_challenges WHERE id = $1 AND user_id = $2 AND mail_code_proven_at IS NOT NULL",
    )
    .bind(id)
    .bind(user_id)
    .fetch_one(c)
    .await?;
    Ok(n > 0)
}

/// Spends a challenge of `user_id` in the write that starts its session: one statement on
/// its primary key, so of parallel uses exactly one wins (the others wait for its commit
/// and find it spent). False when it was spent already (or is another account's).
pub async fn spend_challenge(
    c: &mut AnyConnection,
    id: &str,
    user_id: &str,
    expires_at: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "INSERT INTO sign_in_challenges (id, user_id, expires_at, spent_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (id) DO UPDATE SET spent_at = $4 \
         WHERE sign_in_challenges.spent_at IS NULL AND sign_in_challenges.user_id = $2",
    )
    .bind(id)
    .bind(user_id)
    .bind(expires_at)
    .bind(now)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn setting(c: &mut AnyConnection, name: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT value FROM platform_settings WHERE name = $1").bind(name).fetch_optional(c).await
}

pub async fn set_setting(c: &mut AnyConnection, name: &str, value: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO platform_settings (name, value, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (name) DO UPDATE SET value = $2, updated_at = $3",
    )
    .bind(name)
    .bind(value)
    .bind(now)
    .execute(c)
    .await?;
    Ok(())
}
