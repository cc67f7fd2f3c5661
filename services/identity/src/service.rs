//! The identity service's struct and what every part of it shares: its settings, the
//! connection and write it opens, the grants of the main admin and of nonprofit admins,
//! and a few answers common to several calls. Each part of the domain is its own module,
//! an `impl Identity` block beside its SQL: `sessions` (sign-in, tokens, sign-out),
//! `passwords` (change, forgot/reset), `sub_admins`, `setup` (accounts the service makes
//! itself), `two_factor` and `invitation`. Plain Rust over the stores; the gRPC layer
//! (`grpc.rs`) only translates.

use crate::error::{Error, Result};
use crate::store::{self, ADMIN, CHARITY_ADMIN, User};
use crate::throttle_store;
use common::Actor;
use common::db::{Db, unique_as};
use common::outbox::Relay;
use common::write::{self, Write};
use std::path::PathBuf;
use tokens::Keys;

/// (slug, granted actions)
pub type Grants = Vec<(String, Vec<String>)>;

#[derive(Clone, Debug)]
pub struct Settings {
    pub jwt_secret: Vec<u8>,
    /// Access-token lifetime, seconds.
    pub access_ttl_secs: i64,
    /// Refresh-token lifetime, seconds.
    pub refresh_ttl_secs: i64,
    /// Password-reset link lifetime, seconds.
    pub reset_ttl_secs: i64,
    /// Failed sign-ins an account, and an address, may make before waits begin (see
    /// `throttle`): waits then double from `first_wait_secs` up to `max_wait_secs`.
    pub max_failures_per_account: i64,
    pub max_failures_per_address: i64,
    /// Failures are forgotten after this long without another, seconds.
    pub throttle_window_secs: i64,
    pub first_wait_secs: i64,
    pub max_wait_secs: i64,
    /// Reset mails per email, and forgot-password requests per address, before waits
    /// begin (then 1 minute, doubling up to an hour).
    pub forgot_per_email: i64,
    pub forgot_per_address: i64,
    /// `smtp://user:pass@host:port`; without it mail goes to the log and `mail_dir`.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub mail_dir: Option<PathBuf>,
    /// Where people reach the console: invitation links sent on an event point there.
    pub console_url: String,
    /// Nonprofit-admin invitation link lifetime, seconds.
    pub invite_ttl_secs: i64,
}

impl Settings {
    pub fn for_tests() -> Self {
        Self {
            jwt_secret: b"test-secret-test-secret-test-secret!".to_vec(),
            access_ttl_secs: 900,
            refresh_ttl_secs: 30 * 86400,
            reset_ttl_secs: 3600,
            max_failures_per_account: 5,
            max_failures_per_address: 20,
            throttle_window_secs: 900,
            first_wait_secs: 1,
            max_wait_secs: 300,
            forgot_per_email: 3,
            forgot_per_address: 20,
            smtp_url: None,
            mail_from: "Giving Console <no-reply@giving-console.local>".into(),
            mail_dir: None,
            console_url: "http://127.0.0.1:8080".into(),
            invite_ttl_secs: 7 * 86400,
        }
    }
}

#[derive(Clone)]
pub struct Identity {
    pub db: Db,
    pub keys: Keys,
    pub settings: Settings,
    pub relay: Option<Relay>,
}

/// Every module with every action it offers: what the main admin holds.
pub fn all_grants() -> Grants {
    proto::modules::all().iter().map(|m| (m.slug.clone(), m.actions.clone())).collect()
}

/// What a nonprofit admin holds: its dashboard and its own nonprofit's record.
pub fn charity_admin_grants() -> Grants {
    vec![("/dashboard".into(), vec!["view".into()]), ("/master/charity_management".into(), vec!["edit".into()])]
}

impl Identity {
    pub fn new(db: Db, settings: Settings, relay: Option<Relay>) -> Self {
        let keys = Keys::new(&settings.jwt_secret);
        Self { db, keys, settings, relay }
    }

    pub(crate) async fn conn(&self) -> Result<common::pool::PoolConnection> {
        Ok(self.db.pool.acquire().await?)
    }

    /// Begins a write for `actor` (see common::write).
    pub(crate) async fn write(&self, actor: &Actor) -> Result<Write<'_>> {
        write::begin(&self.db, self.relay.as_ref(), actor).await
    }

    /// The account a call names as its caller, when it is known and active and of the type the
    /// call says (an ended session otherwise): who the sub-admin, two-factor and saved-view
    /// calls act for, decided from identity's own records.
    pub(crate) async fn active_caller(&self, caller: &Actor) -> Result<User> {
        if !caller.is_known() {
            return Err(Error::Unauthenticated("The caller of this call is unknown".into()));
        }
        store::user_by_id(&mut *self.conn().await?, &caller.id)
            .await?
            .filter(|u| u.is_active && u.admin_type == caller.account_type)
            .ok_or_else(|| Error::Unauthenticated("Your session has ended. Please sign in again.".into()))
    }

    pub async fn grants_of(&self, user: &User) -> Result<Grants> {
        Ok(match user.admin_type.as_str() {
            ADMIN => all_grants(),
            CHARITY_ADMIN => charity_admin_grants(),
            _ => store::permissions(&mut *self.conn().await?, &user.id).await?,
        })
    }
}

/// 429 naming the wait: "Too many {what}. Please try again in N seconds."
pub(crate) fn throttled(what: &str, ms: i64) -> Error {
    let secs = throttle_store::secs(ms);
    let unit = if secs == 1 { "second" } else { "seconds" };
    Error::TooManyAttempts(format!("Too many {what}. Please try again in {secs} {unit}."), secs)
}

pub(crate) fn conflict_on_email(e: sqlx::Error) -> Error {
    unique_as(e, "Email already exists")
}
