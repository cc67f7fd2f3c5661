//! The harness: one fresh database per test on each backend, and the helpers the
//! test bodies share (fixtures, error assertions, direct reads of the tables).

use common::Actor;
use identity::error::Error;
use identity::service::{Grants, Identity, Settings};
use identity::store::{self, User};
use identity::sub_admins::SubAdminInput;
use sqlx::Row;
use std::fmt::Debug;

/// Generates `<body>_on_sqlite` and `<body>_on_postgres` tests for each body, an
/// `async fn(Identity)`: the one way every service runs its storage tests on both backends
/// (common::on_both_backends!).
macro_rules! on_both_backends {
    ($($tests:tt)+) => {
        common::on_both_backends! { identity::app::MIGRATIONS, $crate::support::identity; $($tests)+ }
    };
}

/// The service under test over a fresh database.
pub fn identity(db: common::db::Db) -> Identity {
    Identity::new(db, Settings::for_tests(), None)
}

// --- fixtures -------------------------------------------------------------------------

pub const ADMIN_EMAIL: &str = "admin@example.org";
pub const ADMIN_PASSWORD: &str = "Admin#Pass1";
pub const SUB_PASSWORD: &str = "Sub#Pass1";
pub const IP: &str = "192.0.2.10";

/// The same service over the same database with changed settings.
pub fn reconfigured(id: &Identity, change: impl FnOnce(&mut Settings)) -> Identity {
    let mut settings = id.settings.clone();
    change(&mut settings);
    Identity::new(id.db.clone(), settings, None)
}

/// Creates the main admin with a known password and answers its account.
pub async fn main_admin(id: &Identity) -> User {
    assert_eq!(id.ensure_main_admin(ADMIN_EMAIL, Some(ADMIN_PASSWORD)).await.unwrap(), None);
    user_by_email(id, ADMIN_EMAIL).await.expect("main admin stored")
}

/// The main admin (created when absent) as the caller of the sub-admin calls.
pub async fn as_admin(id: &Identity) -> Actor {
    as_caller(&main_admin(id).await)
}

/// An account as the caller of the sub-admin calls, as the BFF would name it.
pub fn as_caller(user: &User) -> Actor {
    Actor::new(&user.id, &user.admin_type, IP)
}

pub fn grants(list: &[(&str, &[&str])]) -> Grants {
    list.iter().map(|(s, a)| (s.to_string(), a.iter().map(|x| x.to_string()).collect())).collect()
}

pub fn input(first: &str, last: &str, email: &str, password: &str, permissions: Grants) -> SubAdminInput {
    SubAdminInput {
        first_name: first.into(),
        last_name: last.into(),
        email: email.into(),
        password: password.into(),
        permissions,
    }
}

/// Creates a sub-admin that may view the dashboard, with `SUB_PASSWORD`.
pub async fn sub_admin(id: &Identity, first: &str, last: &str, email: &str) -> User {
    let (user, _) = id
        .create_sub_admin(
            &as_admin(id).await,
            input(first, last, email, SUB_PASSWORD, grants(&[("/dashboard", &["view"])])),
        )
        .await
        .expect("sub-admin created");
    user
}

// --- assertions -----------------------------------------------------------------------

/// The (field, message) pairs of a validation error, in the order they were found.
#[track_caller]
pub fn field_errors<T: Debug>(r: Result<T, Error>) -> Vec<(String, String)> {
    match r {
        Err(Error::Validation(errors)) => errors.into_iter().map(|e| (e.field, e.message)).collect(),
        other => panic!("expected a validation error, got {other:?}"),
    }
}

/// Asserts a validation error holding exactly one failing field.
#[track_caller]
pub fn assert_invalid<T: Debug>(r: Result<T, Error>, field: &str, message: &str) {
    assert_eq!(field_errors(r), [(field.to_string(), message.to_string())]);
}

pub const INVALID_CREDENTIALS: &str = "Invalid email or password";
pub const SESSION_EXPIRED: &str = "Your session has expired. Please sign in again.";
pub const RESET_LINK_INVALID: &str = "This password reset link is invalid or has expired.";

#[track_caller]
pub fn assert_bad_credentials<T: Debug>(r: Result<T, Error>) {
    assert_invalid(r, "password", INVALID_CREDENTIALS);
}

#[track_caller]
pub fn assert_session_expired<T: Debug>(r: Result<T, Error>) {
    match r {
        Err(Error::Unauthenticated(m)) => assert_eq!(m, SESSION_EXPIRED),
        other => panic!("expected Unauthenticated, got {other:?}"),
    }
}

#[track_caller]
pub fn assert_not_found<T: Debug>(r: Result<T, Error>, message: &str) {
    match r {
        Err(Error::NotFound(m)) => assert_eq!(m, message),
        other => panic!("expected NotFound, got {other:?}"),
    }
}

#[track_caller]
pub fn assert_too_many_attempts<T: Debug>(r: Result<T, Error>, message: &str) {
    match r {
        Err(Error::TooManyAttempts(m, _)) => assert_eq!(m, message),
        other => panic!("expected TooManyAttempts, got {other:?}"),
    }
}

// --- direct reads ---------------------------------------------------------------------

pub async fn user_by_email(id: &Identity, email: &str) -> Option<User> {
    let mut c = id.db.pool.acquire().await.unwrap();
    store::user_by_email(&mut c, email).await.unwrap()
}

pub async fn user_by_id(id: &Identity, user_id: &str) -> Option<User> {
    let mut c = id.db.pool.acquire().await.unwrap();
    store::user_by_id(&mut c, user_id).await.unwrap()
}

/// A `SELECT COUNT(*)` with string arguments.
pub async fn count(id: &Identity, sql: &str, args: &[&str]) -> i64 {
    let mut q = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql.to_string()));
    for a in args {
        q = q.bind(a.to_string());
    }
    q.fetch_one(&id.db.pool).await.unwrap()
}

/// (family, used, revoked) of every refresh token of an account.
pub async fn refresh_tokens(id: &Identity, user_id: &str) -> Vec<(String, bool, bool)> {
    sqlx::query("SELECT family_id, used_at, revoked_at FROM refresh_tokens WHERE user_id = $1")
        .bind(user_id)
        .fetch_all(&id.db.pool)
        .await
        .unwrap()
        .iter()
        .map(|r| {
            let used: Option<i64> = r.try_get("used_at").unwrap();
            let revoked: Option<i64> = r.try_get("revoked_at").unwrap();
            (r.try_get("family_id").unwrap(), used.is_some(), revoked.is_some())
        })
        .collect()
}

/// (event_type, payload) of every outbox row, each body checked to be the event it claims.
pub async fn outbox_events(id: &Identity) -> Vec<(String, serde_json::Value)> {
    let rows = sqlx::query("SELECT id, event_type, body, published_at FROM outbox ORDER BY created_at, id")
        .fetch_all(&id.db.pool)
        .await
        .unwrap();
    rows.iter()
        .map(|r| {
            let row_id: String = r.try_get("id").unwrap();
            let event_type: String = r.try_get("event_type").unwrap();
            let body: String = r.try_get("body").unwrap();
            let published: Option<i64> = r.try_get("published_at").unwrap();
            assert_eq!(published, None, "nothing publishes without a relay");
            let event: common::bus::Event = serde_json::from_str(&body).expect("outbox body is an event");
            assert_eq!(event.id, row_id);
            assert_eq!(event.event_type, event_type);
            (event_type, event.payload)
        })
        .collect()
}

/// Every mail queued for `to`, newest first.
pub async fn mails_to(id: &Identity, to: &str) -> Vec<identity::mail_store::Mail> {
    let mut c = id.db.pool.acquire().await.unwrap();
    identity::mail_store::all_mail(&mut c, to).await.unwrap()
}

/// The token of the first `/reset_password/<token>` link in a text.
pub fn reset_token_in(text: &str) -> String {
    token_in(text, "/reset_password/")
}

/// The token of the first `<route><token>` link in a text (reset and invitation links).
pub fn token_in(text: &str, route: &str) -> String {
    let start = text.find(route).unwrap_or_else(|| panic!("a {route} link in {text}")) + route.len();
    let token: String = text[start..].chars().take_while(char::is_ascii_hexdigit).collect();
    assert_eq!(token.len(), 64, "a link token is 32 random bytes in hex: {text}");
    token
}

/// Asks for a reset of `email` and answers the token of the mail it queued.
pub async fn reset_token_for(id: &Identity, email: &str) -> String {
    id.forgot_password(email, "https://console.example.org", IP).await.unwrap();
    let mails = mails_to(id, email).await;
    reset_token_in(&mails.first().expect("a reset mail").body)
}
