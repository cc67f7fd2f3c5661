//! Two-factor sign-in (TOTP, see `totp`) of the main admin and sub-admins: enrolment
//! (a pending secret, confirmed with a code, then ten single-use recovery codes), the
//! second sign-in step behind a short-lived challenge token, turning it off, the main
//! admin's reset of a sub-admin's factor, and the platform setting that makes it required.
//! Nonprofit admins are not offered it. Codes are throttled exactly like passwords
//! (`Identity::claim_attempt`), per account and address; a step is accepted once.

use crate::error::{Error, Result};
use crate::events;
use crate::service::{Identity, SessionOut};
use crate::store::{self, ADMIN, SUB_ADMIN, User};
use crate::totp;
use crate::validate::Check;
use common::Actor;
use tokens::Claims;

/// The platform setting: every admin account must use two-factor sign-in.
pub const REQUIRED_SETTING: &str = "two_factor_required";
pub const INVALID_CODE: &str = "Invalid verification code";
pub const INVALID_RECOVERY_CODE: &str = "Invalid recovery code";
pub const CHALLENGE_EXPIRED: &str = "The sign-in step has expired, please sign in again";
/// What a challenge asks for.
pub const NEEDS_CODE: &str = "code";
pub const NEEDS_ENROL: &str = "enrol";
/// Recovery codes made at each enrolment.
pub const RECOVERY_CODES: usize = 10;

/// Who a two-factor call is for: a signed-in account, or one between the steps of a
/// sign-in (its challenge token).
#[derive(Debug, Clone, Copy)]
pub enum Who<'a> {
    Caller(&'a Actor),
    Challenge(&'a str),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub enabled: bool,
    pub required: bool,
    pub recovery_codes_left: i64,
}

/// What a confirmed enrolment answers: the recovery codes (shown once) and, when it was
/// the step of a sign-in, the session.
#[derive(Debug)]
pub struct Confirmed {
    pub recovery_codes: Vec<String>,
    pub session: Option<SessionOut>,
}

fn invalid_code() -> Error {
    Error::field("code", INVALID_CODE)
}

/// A bad input of a public path (as an invalid reset link is), not a refused session.
fn challenge_expired() -> Error {
    Error::field("challengeToken", CHALLENGE_EXPIRED)
}

fn offered(user: &User) -> bool {
    user.admin_type == ADMIN || user.admin_type == SUB_ADMIN
}

/// A recovery code as typed: case, spaces and dashes do not matter.
fn normalise_recovery(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_lowercase()
}

/// A new recovery code: 10 random hex digits, shown as `xxxxx-xxxxx`.
fn new_recovery_code() -> String {
    let t = tokens::random_token();
    format!("{}-{}", &t[..5], &t[5..10])
}

impl Identity {
    async fn conn2(&self) -> Result<sqlx::pool::PoolConnection<sqlx::Any>> {
        Ok(self.db.pool.acquire().await?)
    }

    pub async fn two_factor_required(&self, c: &mut sqlx::AnyConnection) -> Result<bool> {
        Ok(store::setting(c, REQUIRED_SETTING).await?.as_deref() == Some("true"))
    }

    /// After a right password: the challenge `user` must answer before its session
    /// begins, if any (its factor is on: "code"; the setting requires one it lacks: "enrol").
    pub(crate) async fn challenge_for(&self, c: &mut sqlx::AnyConnection, user: &User) -> Result<Option<(String, &'static str)>> {
        if !offered(user) {
            return Ok(None);
        }
        let enabled = store::two_factor(c, &user.id).await?.is_some_and(|t| t.enabled);
        let needed = if enabled {
            NEEDS_CODE
        } else if self.two_factor_required(c).await? {
            NEEDS_ENROL
        } else {
            return Ok(None);
        };
        let claims = Claims::challenge(&user.id, user.session_version, common::now_ms() / 1000);
        Ok(Some((self.keys.issue(&claims)?, needed)))
    }

    /// The account a challenge token was given to, while it is valid: signed by us, typ
    /// "Challenge", not expired, the account active with the same session version.
    async fn challenge_user(&self, token: &str) -> Result<User> {
        let claims = self.keys.verify(token.trim()).map_err(|_| challenge_expired())?;
        if !claims.is_challenge() {
            return Err(challenge_expired());
        }
        let user = store::user_by_id(&mut *self.conn2().await?, &claims.sub).await?.ok_or_else(challenge_expired)?;
        if !user.is_active || user.session_version != claims.sv || !offered(&user) {
            return Err(challenge_expired());
        }
        Ok(user)
    }

    /// The signed-in main admin or sub-admin making a call about its own factor.
    async fn own_account(&self, caller: &Actor) -> Result<User> {
        if !caller.is_known() {
            return Err(Error::Unauthenticated("The caller of this call is unknown".into()));
        }
        let user = store::user_by_id(&mut *self.conn2().await?, &caller.id)
            .await?
            .filter(|u| u.is_active && u.admin_type == caller.account_type)
            .ok_or_else(|| Error::Unauthenticated("Your session has ended. Please sign in again.".into()))?;
        if !offered(&user) {
            return Err(Error::Forbidden("Two-factor sign-in is for the main admin and sub-admins".into()));
        }
        Ok(user)
    }

    /// The caller when it is the active main admin.
    async fn main_admin(&self, caller: &Actor, what: &str) -> Result<User> {
        let user = self.own_account(caller).await.map_err(|e| match e {
            Error::Forbidden(_) => Error::Forbidden(format!("Only the main admin can {what}")),
            e => e,
        })?;
        if user.admin_type != ADMIN {
            return Err(Error::Forbidden(format!("Only the main admin can {what}")));
        }
        Ok(user)
    }

    /// The account an enrolment call is for: a signed-in caller, or a challenge whose
    /// account has no factor on yet (a password alone never replaces a factor).
    async fn enrolling(&self, who: Who<'_>) -> Result<User> {
        match who {
            Who::Caller(a) => self.own_account(a).await,
            Who::Challenge(t) => {
                let user = self.challenge_user(t).await?;
                let mut c = self.conn2().await?;
                if store::two_factor(&mut c, &user.id).await?.is_some_and(|t| t.enabled) || !self.two_factor_required(&mut c).await? {
                    return Err(challenge_expired());
                }
                Ok(user)
            }
        }
    }

    fn actor_of(user: &User, client_ip: &str) -> Actor {
        Actor::new(&user.id, &user.admin_type, client_ip)
    }

    /// The second step of a sign-in: a current code, or an unused recovery code.
    pub async fn verify_two_factor(&self, challenge: &str, code: &str, recovery_code: &str, client_ip: &str) -> Result<SessionOut> {
        let mut check = Check::default();
        let (code, recovery) = (code.trim(), normalise_recovery(recovery_code));
        if code.is_empty() && recovery.is_empty() {
            check.fail("code", "Verification code is required");
        } else if !code.is_empty() && !recovery.is_empty() {
            check.fail("code", "Enter either a verification code or a recovery code");
        }
        check.done()?;
        let user = self.challenge_user(challenge).await?;
        let mut c = self.conn2().await?;
        let Some(tf) = store::two_factor(&mut c, &user.id).await?.filter(|t| t.enabled) else {
            return Err(challenge_expired());
        };
        let attempt = self.claim_attempt(&mut c, &format!("two-factor:{}", user.id), client_ip).await?;
        let now = common::now_ms();
        let mut tx = self.write(&Self::actor_of(&user, client_ip)).await?;
        let accepted = if recovery.is_empty() {
            let secret = tf.secret.as_deref().and_then(|s| totp::open(&self.settings.jwt_secret, &user.id, s));
            match secret.and_then(|s| totp::matching_step(&s, code, now / 1000, tf.last_step)) {
                Some(step) => store::use_step(&mut tx, &user.id, step, now).await?,
                None => false,
            }
        } else if store::use_recovery_code(&mut tx, &user.id, &tokens::hash_token(&recovery), now).await? {
            let left = store::recovery_codes_left(&mut tx, &user.id).await?;
            tx.emit(events::TWO_FACTOR_RECOVERY_CODE_USED, &events::TwoFactor { id: user.id.clone(), email: user.email.clone(), recovery_codes_left: left })
                .await?;
            true
        } else {
            false
        };
        if !accepted {
            drop(tx);
            self.attempt_failed(&mut c, &attempt).await?;
            return Err(if recovery.is_empty() { invalid_code() } else { Error::field("recoveryCode", INVALID_RECOVERY_CODE) });
        }
        let session = self.start_session(&mut tx, user).await?;
        tx.commit().await?;
        self.attempt_succeeded(&mut c, &attempt).await?;
        Ok(session)
    }

    /// Begins an enrolment: a new secret (pending until confirmed), in Base32 and as an
    /// otpauth URI for a QR code. Refused while the account's factor is on.
    pub async fn enrol_two_factor(&self, who: Who<'_>) -> Result<(String, String)> {
        let user = self.enrolling(who).await?;
        let mut c = self.conn2().await?;
        if store::two_factor(&mut c, &user.id).await?.is_some_and(|t| t.enabled) {
            return Err(Error::Conflict("Two-factor sign-in is already on for this account".into()));
        }
        drop(c);
        let secret = totp::new_secret();
        let sealed = totp::seal(&self.settings.jwt_secret, &user.id, &secret);
        let address = match who {
            Who::Caller(a) => a.address.clone(),
            Who::Challenge(_) => String::new(),
        };
        let mut tx = self.write(&Self::actor_of(&user, &address)).await?;
        store::set_pending_secret(&mut tx, &user.id, &sealed, common::now_ms()).await?;
        tx.emit(events::TWO_FACTOR_ENROLMENT_STARTED, &events::TwoFactor { id: user.id.clone(), email: user.email.clone(), recovery_codes_left: 0 })
            .await?;
        tx.commit().await?;
        let b32 = totp::to_base32(&secret);
        let uri = totp::otpauth_uri(&user.email, &b32);
        Ok((b32, uri))
    }

    /// Confirms an enrolment with a code of the pending secret: the factor is on, and ten
    /// new recovery codes are answered once (stored only hashed). From a challenge, the
    /// session begins too.
    pub async fn confirm_two_factor(&self, who: Who<'_>, code: &str, client_ip: &str) -> Result<Confirmed> {
        let mut check = Check::default();
        if code.trim().is_empty() {
            check.fail("code", "Verification code is required");
        }
        check.done()?;
        let user = self.enrolling(who).await?;
        let mut c = self.conn2().await?;
        let tf = store::two_factor(&mut c, &user.id).await?.unwrap_or_default();
        if tf.enabled {
            return Err(Error::Conflict("Two-factor sign-in is already on for this account".into()));
        }
        let Some(sealed) = tf.pending_secret else {
            return Err(Error::field("code", "Please start the two-factor set-up first"));
        };
        let attempt = self.claim_attempt(&mut c, &format!("two-factor:{}", user.id), client_ip).await?;
        let now = common::now_ms();
        let step = totp::open(&self.settings.jwt_secret, &user.id, &sealed).and_then(|s| totp::matching_step(&s, code, now / 1000, tf.last_step));
        let mut tx = self.write(&Self::actor_of(&user, client_ip)).await?;
        let enabled = match step {
            Some(step) => store::enable_two_factor(&mut tx, &user.id, &sealed, step, now).await?,
            None => false,
        };
        if !enabled {
            drop(tx);
            self.attempt_failed(&mut c, &attempt).await?;
            return Err(invalid_code());
        }
        let codes: Vec<String> = (0..RECOVERY_CODES).map(|_| new_recovery_code()).collect();
        let hashes: Vec<String> = codes.iter().map(|c| tokens::hash_token(&normalise_recovery(c))).collect();
        store::replace_recovery_codes(&mut tx, &user.id, &hashes, now).await?;
        tx.emit(events::TWO_FACTOR_ENABLED, &events::TwoFactor { id: user.id.clone(), email: user.email.clone(), recovery_codes_left: RECOVERY_CODES as i64 })
            .await?;
        let session = match who {
            Who::Challenge(_) => Some(self.start_session(&mut tx, user).await?),
            Who::Caller(_) => None,
        };
        tx.commit().await?;
        self.attempt_succeeded(&mut c, &attempt).await?;
        Ok(Confirmed { recovery_codes: codes, session })
    }

    /// Turns the caller's own factor off with a current code; refused while the setting
    /// requires two-factor sign-in.
    pub async fn disable_two_factor(&self, caller: &Actor, code: &str) -> Result<()> {
        let mut check = Check::default();
        if code.trim().is_empty() {
            check.fail("code", "Verification code is required");
        }
        check.done()?;
        let user = self.own_account(caller).await?;
        let mut c = self.conn2().await?;
        if self.two_factor_required(&mut c).await? {
            return Err(Error::Forbidden("Two-factor sign-in is required for every admin account: it cannot be turned off".into()));
        }
        let Some(tf) = store::two_factor(&mut c, &user.id).await?.filter(|t| t.enabled) else {
            return Err(Error::Conflict("Two-factor sign-in is not on for this account".into()));
        };
        let attempt = self.claim_attempt(&mut c, &format!("two-factor:{}", user.id), &caller.address).await?;
        let now = common::now_ms();
        let secret = tf.secret.as_deref().and_then(|s| totp::open(&self.settings.jwt_secret, &user.id, s));
        let mut tx = self.write(caller).await?;
        let ok = match secret.and_then(|s| totp::matching_step(&s, code, now / 1000, tf.last_step)) {
            Some(step) => store::use_step(&mut tx, &user.id, step, now).await?,
            None => false,
        };
        if !ok {
            drop(tx);
            self.attempt_failed(&mut c, &attempt).await?;
            return Err(invalid_code());
        }
        store::clear_two_factor(&mut tx, &user.id).await?;
        tx.emit(events::TWO_FACTOR_DISABLED, &events::TwoFactor { id: user.id.clone(), email: user.email.clone(), recovery_codes_left: 0 }).await?;
        tx.commit().await?;
        self.attempt_succeeded(&mut c, &attempt).await?;
        Ok(())
    }

    /// Removes a sub-admin's factor (a lost device): it enrols again, and its sessions end
    /// (whoever held its factor is signed out). The main admin may, and a sub-admin holding
    /// Sub Admin edit for a sub-admin whose rights it all holds (the sub-admin rules of
    /// `service.rs`), never for itself; the main admin's own factor is not a sub-admin's
    /// (not found).
    pub async fn reset_two_factor(&self, caller: &Actor, id: &str) -> Result<()> {
        let held = self.authorise(caller, "edit").await?;
        crate::service::not_self(caller, held.as_ref(), id.trim(), "You cannot reset your own two-factor sign-in: ask the main admin")?;
        let mut tx = self.write(caller).await?;
        let user = store::user_by_id(&mut tx, id.trim()).await?.filter(|u| u.admin_type == SUB_ADMIN).ok_or_else(crate::service::not_found)?;
        crate::service::within(held.as_ref(), &store::permissions(&mut tx, &user.id).await?)?;
        store::clear_two_factor(&mut tx, &user.id).await?;
        Self::end_sessions(&mut tx, &user.id, &user.email).await?;
        tx.emit(events::TWO_FACTOR_RESET, &events::TwoFactor { id: user.id.clone(), email: user.email.clone(), recovery_codes_left: 0 }).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Whether every admin account must use two-factor sign-in (main admin only).
    pub async fn two_factor_setting(&self, caller: &Actor) -> Result<bool> {
        self.main_admin(caller, "see the two-factor setting").await?;
        self.two_factor_required(&mut *self.conn2().await?).await
    }

    pub async fn set_two_factor_setting(&self, caller: &Actor, required: bool) -> Result<bool> {
        self.main_admin(caller, "change the two-factor setting").await?;
        let mut tx = self.write(caller).await?;
        let before = self.two_factor_required(&mut tx).await?;
        store::set_setting(&mut tx, REQUIRED_SETTING, if required { "true" } else { "false" }, common::now_ms()).await?;
        let changes = common::bus::changes(&serde_json::json!({ "required": before }), &serde_json::json!({ "required": required }), &[]);
        tx.emit(events::TWO_FACTOR_SETTING_CHANGED, &events::TwoFactorSetting { required, changes }).await?;
        tx.commit().await?;
        Ok(required)
    }

    /// The caller's own standing.
    pub async fn two_factor_status(&self, caller: &Actor) -> Result<Status> {
        let user = self.own_account(caller).await?;
        let mut c = self.conn2().await?;
        let enabled = store::two_factor(&mut c, &user.id).await?.is_some_and(|t| t.enabled);
        let required = self.two_factor_required(&mut c).await?;
        let recovery_codes_left = if enabled { store::recovery_codes_left(&mut c, &user.id).await? } else { 0 };
        Ok(Status { enabled, required, recovery_codes_left })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_codes_are_random_and_typed_loosely() {
        let a = new_recovery_code();
        assert_eq!(a.len(), 11);
        assert_ne!(a, new_recovery_code());
        assert_eq!(normalise_recovery(&format!(" {} ", a.to_uppercase())), a.replace('-', ""));
    }
}
