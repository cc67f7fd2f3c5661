//! Every SQL statement of the identity service. One text runs on SQLite and
//! PostgreSQL (see common::db); each function takes a connection so callers
//! choose the transaction.

use common::db::{Sql, get_bool};
use common::paging::Paging;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

pub const ADMIN: &str = common::account::MAIN_ADMIN;
pub const SUB_ADMIN: &str = common::account::SUB_ADMIN;
pub const CHARITY_ADMIN: &str = common::account::CHARITY_ADMIN;

#[derive(Debug, Clone)]
pub struct User {
    pub id: String,
    pub email: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub admin_type: String,
    pub charity_id: Option<String>,
    pub is_active: bool,
    pub session_version: i64,
    pub created_at: i64,
}

const USER_COLUMNS: &str =
    "id, email, password_hash, first_name, last_name, admin_type, charity_id, is_active, session_version, created_at";

fn user(row: &AnyRow) -> Result<User, sqlx::Error> {
    Ok(User {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        password_hash: row.try_get("password_hash")?,
        first_name: row.try_get("first_name")?,
        last_name: row.try_get("last_name")?,
        admin_type: row.try_get("admin_type")?,
        charity_id: row.try_get("charity_id")?,
        is_active: get_bool(row, "is_active")?,
        session_version: row.try_get("session_version")?,
        created_at: row.try_get("created_at")?,
    })
}

pub async fn user_by_email(c: &mut AnyConnection, email: &str) -> sqlx::Result<Option<User>> {
    let q = format!("SELECT {USER_COLUMNS} FROM users WHERE email = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(email).fetch_optional(c).await?.as_ref().map(user).transpose()
}

pub async fn user_by_id(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<User>> {
    let q = format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(user).transpose()
}

pub async fn any_of_type(c: &mut AnyConnection, admin_type: &str) -> sqlx::Result<bool> {
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE admin_type = $1").bind(admin_type).fetch_one(c).await?;
    Ok(n > 0)
}

pub async fn insert_user(c: &mut AnyConnection, u: &User) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, admin_type, charity_id, is_active, session_version, created_at, updated_at, search_text) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)",
    )
    .bind(&u.id)
    .bind(&u.email)
    .bind(&u.password_hash)
    .bind(&u.first_name)
    .bind(&u.last_name)
    .bind(&u.admin_type)
    .bind(&u.charity_id)
    .bind(u.is_active)
    .bind(u.session_version)
    .bind(u.created_at)
    .bind(search_text(&u.first_name, &u.last_name, &u.email))
    .execute(c)
    .await?;
    Ok(())
}

/// Updates profile fields; answers whether the row exists.
pub async fn update_profile(
    c: &mut AnyConnection,
    id: &str,
    first_name: &str,
    last_name: &str,
    email: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE users SET first_name = $1, last_name = $2, email = $3, updated_at = $4, search_text = $6 WHERE id = $5",
    )
    .bind(first_name)
    .bind(last_name)
    .bind(email)
    .bind(common::now_ms())
    .bind(id)
    .bind(search_text(first_name, last_name, email))
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// What a list search matches: "first last email", lower-cased here (Unicode-aware).
pub fn search_text(first_name: &str, last_name: &str, email: &str) -> String {
    format!("{first_name} {last_name} {email}").to_lowercase()
}

/// Sets a new password hash and ends every session of the account.
/// Every reset link of the account that is still unused stops working too.
pub async fn set_password(c: &mut AnyConnection, id: &str, hash: &str) -> sqlx::Result<()> {
    let now = common::now_ms();
    sqlx::query(
        "UPDATE users SET password_hash = $1, session_version = session_version + 1, updated_at = $2 WHERE id = $3",
    )
    .bind(hash)
    .bind(now)
    .bind(id)
    .execute(&mut *c)
    .await?;
    sqlx::query("UPDATE reset_tokens SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL")
        .bind(now)
        .bind(id)
        .execute(c)
        .await?;
    Ok(())
}

/// Activates or deactivates; deactivation ends every session.
/// Sets `is_active` of every nonprofit-admin account of `charity_id` (a change of session
/// version for the disabled); answers the (id, email) of the accounts that changed.
pub async fn set_charity_admins_active(
    c: &mut AnyConnection,
    charity_id: &str,
    active: bool,
) -> sqlx::Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT id, email FROM users WHERE charity_id = $1 AND admin_type = $2 AND is_active = $3 ORDER BY id",
    )
    .bind(charity_id)
    .bind(CHARITY_ADMIN)
    .bind(!active)
    .fetch_all(&mut *c)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let id: String = r.try_get("id")?;
        set_active(&mut *c, &id, active).await?;
        out.push((id, r.try_get("email")?));
    }
    Ok(out)
}

pub async fn set_active(c: &mut AnyConnection, id: &str, active: bool) -> sqlx::Result<bool> {
    let bump = if active { 0 } else { 1 };
    let r = sqlx::query(
        "UPDATE users SET is_active = $1, session_version = session_version + $2, updated_at = $3 WHERE id = $4",
    )
    .bind(active)
    .bind(bump as i64)
    .bind(common::now_ms())
    .bind(id)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn delete_user(c: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    // Children first: SQLite enforces ON DELETE CASCADE only with foreign_keys on.
    for table in ["permissions", "refresh_tokens", "refresh_families", "reset_tokens", "two_factor", "recovery_codes"] {
        let q = format!("DELETE FROM {table} WHERE user_id = $1");
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).execute(&mut *c).await?;
    }
    let r = sqlx::query("DELETE FROM users WHERE id = $1").bind(id).execute(c).await?;
    Ok(r.rows_affected() == 1)
}

/// (slug, actions) pairs of an account.
pub async fn permissions(c: &mut AnyConnection, user_id: &str) -> sqlx::Result<Vec<(String, Vec<String>)>> {
    let rows =
        sqlx::query("SELECT slug, actions FROM permissions WHERE user_id = $1").bind(user_id).fetch_all(c).await?;
    let mut out: Vec<(String, Vec<String>)> = rows
        .iter()
        .map(|r| {
            let actions: String = r.try_get("actions")?;
            Ok((r.try_get("slug")?, actions.split(',').filter(|a| !a.is_empty()).map(str::to_string).collect()))
        })
        .collect::<sqlx::Result<_>>()?;
    // Menu order, as they were granted (row order is unspecified and differs by backend).
    out.sort_by_key(|(slug, _)| proto::modules::all().iter().position(|m| m.slug == *slug).unwrap_or(usize::MAX));
    Ok(out)
}

/// The grants of several accounts in one statement (a page of sub-admins), each in menu
/// order; an account without grants is absent.
pub async fn permissions_of(
    c: &mut AnyConnection,
    user_ids: &[String],
) -> sqlx::Result<std::collections::HashMap<String, Vec<(String, Vec<String>)>>> {
    let mut out: std::collections::HashMap<String, Vec<(String, Vec<String>)>> = std::collections::HashMap::new();
    if user_ids.is_empty() {
        return Ok(out);
    }
    let mut q = Sql::new(
        common::db::Backend::of_connection(c),
        "SELECT user_id, slug, actions FROM permissions WHERE user_id IN (",
    );
    q.push_list(user_ids, |q, id| {
        q.push_bind(id.clone());
    });
    q.push(")");
    for r in q.build().fetch_all(c).await? {
        let actions: String = r.try_get("actions")?;
        out.entry(r.try_get("user_id")?)
            .or_default()
            .push((r.try_get("slug")?, actions.split(',').filter(|a| !a.is_empty()).map(str::to_string).collect()));
    }
    for grants in out.values_mut() {
        grants
            .sort_by_key(|(slug, _)| proto::modules::all().iter().position(|m| m.slug == *slug).unwrap_or(usize::MAX));
    }
    Ok(out)
}

pub async fn replace_permissions(
    c: &mut AnyConnection,
    user_id: &str,
    perms: &[(String, Vec<String>)],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM permissions WHERE user_id = $1").bind(user_id).execute(&mut *c).await?;
    for (slug, actions) in perms {
        sqlx::query("INSERT INTO permissions (user_id, slug, actions) VALUES ($1, $2, $3)")
            .bind(user_id)
            .bind(slug)
            .bind(actions.join(","))
            .execute(&mut *c)
            .await?;
    }
    Ok(())
}

/// Sort columns a sub-admin list may use (allow-list: never interpolate input).
pub fn sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "firstName" | "name" => "LOWER(first_name)",
        "lastName" => "LOWER(last_name)",
        "email" => "LOWER(email)",
        "isActive" => "is_active",
        _ => return None,
    })
}

/// One page of sub-admins and the total that match.
pub async fn list_sub_admins(
    c: &mut AnyConnection,
    search: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<User>, i64)> {
    // The sub-admins that match the search (in first, last name and email).
    let matching = |q: &mut Sql| {
        q.push(" FROM users WHERE admin_type = ").push_bind(SUB_ADMIN);
        if !search.is_empty() {
            q.push(" AND search_text LIKE ").push_bind(common::db::like_pattern(search)).push(" ESCAPE '\\'");
        }
    };
    common::db::page_with_total(c, USER_COLUMNS, matching, paging, user).await
}

// --- refresh tokens -------------------------------------------------------------

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
    sqlx::query("INSERT INTO refresh_tokens (token_hash, family_id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(hash)
        .bind(family)
        .bind(user_id)
        .bind(common::now_ms())
        .bind(expires_at)
        .execute(c)
        .await?;
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

// --- reset tokens and invitations: single-use, expiring links ----------------------

/// The tables of mailed links (same columns: token_hash, user_id, created_at, expires_at, used_at).
#[derive(Debug, Clone, Copy)]
pub enum Link {
    Reset,
    Invitation,
}

impl Link {
    fn table(self) -> &'static str {
        match self {
            Link::Reset => "reset_tokens",
            Link::Invitation => "invitations",
        }
    }
}

pub async fn insert_reset(c: &mut AnyConnection, hash: &str, user_id: &str, expires_at: i64) -> sqlx::Result<()> {
    insert_link(c, Link::Reset, hash, user_id, expires_at).await
}

pub async fn insert_link(
    c: &mut AnyConnection,
    link: Link,
    hash: &str,
    user_id: &str,
    expires_at: i64,
) -> sqlx::Result<()> {
    let q =
        format!("INSERT INTO {} (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)", link.table());
    sqlx::query(sqlx::AssertSqlSafe(q))
        .bind(hash)
        .bind(user_id)
        .bind(common::now_ms())
        .bind(expires_at)
        .execute(c)
        .await?;
    Ok(())
}

/// Takes a reset token (single use): answers its account when it was valid and unused.
pub async fn take_reset(c: &mut AnyConnection, hash: &str) -> sqlx::Result<Option<String>> {
    take_link(c, Link::Reset, hash).await
}

/// Takes a link's token (single use): answers its account when it was valid and unused.
pub async fn take_link(c: &mut AnyConnection, link: Link, hash: &str) -> sqlx::Result<Option<String>> {
    let now = common::now_ms();
    let q = format!(
        "UPDATE {} SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1",
        link.table()
    );
    let r = sqlx::query(sqlx::AssertSqlSafe(q)).bind(now).bind(hash).execute(&mut *c).await?;
    if r.rows_affected() != 1 {
        return Ok(None);
    }
    let q = format!("SELECT user_id FROM {} WHERE token_hash = $1", link.table());
    sqlx::query_scalar(sqlx::AssertSqlSafe(q)).bind(hash).fetch_optional(c).await
}

/// Ends every unused link of an account.
pub async fn end_links(c: &mut AnyConnection, link: Link, user_id: &str) -> sqlx::Result<()> {
    let q = format!("UPDATE {} SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL", link.table());
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(common::now_ms()).bind(user_id).execute(c).await?;
    Ok(())
}

// --- mail outbox ------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct Mail {
    pub id: String,
    pub to_addr: String,
    pub subject: String,
    pub body: String,
}

fn mail(r: &AnyRow) -> sqlx::Result<Mail> {
    Ok(Mail {
        id: r.try_get("id")?,
        to_addr: r.try_get("to_addr")?,
        subject: r.try_get("subject")?,
        body: r.try_get("body")?,
    })
}

pub async fn insert_mail(c: &mut AnyConnection, m: &Mail) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO mail_outbox (id, to_addr, subject, body, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&m.id)
        .bind(&m.to_addr)
        .bind(&m.subject)
        .bind(&m.body)
        .bind(common::now_ms())
        .execute(c)
        .await?;
    Ok(())
}

pub async fn pending_mail(c: &mut AnyConnection, limit: i64) -> sqlx::Result<Vec<Mail>> {
    let rows = sqlx::query("SELECT id, to_addr, subject, body FROM mail_outbox WHERE sent_at IS NULL AND attempts < 10 ORDER BY created_at, id LIMIT $1")
        .bind(limit)
        .fetch_all(c)
        .await?;
    rows.iter().map(mail).collect()
}

pub async fn mail_done(c: &mut AnyConnection, id: &str, error: Option<&str>) -> sqlx::Result<()> {
    let sent = if error.is_none() { Some(common::now_ms()) } else { None };
    sqlx::query("UPDATE mail_outbox SET sent_at = $1, attempts = attempts + 1, last_error = $2 WHERE id = $3")
        .bind(sent)
        .bind(error)
        .bind(id)
        .execute(c)
        .await?;
    Ok(())
}

/// Every mail ever queued, newest first (the tester's mailbox when SMTP is off).
pub async fn all_mail(c: &mut AnyConnection, to: &str) -> sqlx::Result<Vec<Mail>> {
    let rows = sqlx::query(
        "SELECT id, to_addr, subject, body FROM mail_outbox WHERE to_addr = $1 ORDER BY created_at DESC, id DESC",
    )
    .bind(to)
    .fetch_all(c)
    .await?;
    rows.iter().map(mail).collect()
}

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
