//! The SQL several parts of the identity service share: the accounts (`users`) and
//! their grants as read, the single-use mailed links (reset and invitation), and how a
//! stored token names its account and its life (`bind_token`). The SQL
//! of one part is beside it (`sessions_store`, `passwords_store`, `sub_admins_store`,
//! `two_factor_store`, `mail_store`). One text runs on SQLite and PostgreSQL (see
//! common::db); each function takes a connection so callers choose the transaction.

use common::db::get_bool;
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

pub(crate) const USER_COLUMNS: &str =
    "id, email, password_hash, first_name, last_name, admin_type, charity_id, is_active, session_version, created_at";

pub(crate) fn user(row: &AnyRow) -> Result<User, sqlx::Error> {
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

/// Activates or deactivates; deactivation ends every session.
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

// --- single-use, expiring links: password resets and invitations ----------------------

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

pub async fn insert_link(
    c: &mut AnyConnection,
    link: Link,
    hash: &str,
    user_id: &str,
    expires_at: i64,
) -> sqlx::Result<()> {
    let q =
        format!("INSERT INTO {} (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)", link.table());
    bind_token(sqlx::query(sqlx::AssertSqlSafe(q)).bind(hash), user_id, expires_at).execute(c).await?;
    Ok(())
}

/// Binds what every stored token (a mailed link's, a refresh token) ends its insert with: its
/// account, when it was made (now) and when it expires.
pub(crate) fn bind_token<'q>(
    q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>,
    user_id: &'q str,
    expires_at: i64,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
    q.bind(user_id).bind(common::now_ms()).bind(expires_at)
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
