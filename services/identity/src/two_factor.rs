//! Two-factor sign-in (TOTP, see `totp`) of the main admin and sub-admins: enrolment
//! (a pending secret, confirmed with a code, then ten single-use recovery codes), the
//! second sign-in step behind a short-lived challenge token, turning it off, the main
//! admin's reset of a sub-admin's factor, and the platform setting that makes it required.
//! Nonprofit admins are not offered it. Codes are throttled exactly like passwords
//! (`Identity::claim_attempt`), per account and address; a step is accepted once, and so
//! is a challenge: the write that starts its session records its id as spent.
//!
//! Setting up the required factor during sign-in proves the mailbox too: a password alone
//! would otherwise let whoever knows it first bind their own authenticator, and lock the
//! owner out. When a sign-in answers "enrol", a one-time code of [`MAIL_CODE_DIGITS`]
//! digits is mailed to the account's address (through the mail outbox, as reset links
//! are), stored only as a keyed hash and valid as long as its challenge; the set-up from a
//! challenge starts only with that code (throttled like codes) and is confirmed only on a
//! challenge whose code was proven. The account menu's own set-up (signed in) needs none.

use crate::error::{Error, Result};
use crate::events;
use crate::mail_store;
use crate::service::{Identity, throttled};
use crate::sessions::SessionOut;
use crate::store::{self, ADMIN, SUB_ADMIN, User};
use crate::sub_admins;
use crate::throttle_store::{self, Claim, Policy};
use crate::totp;
use crate::two_factor_store;
use crate::validate::Check;
use common::Actor;
use hmac::{Hmac, KeyInit, Mac};
use tokens::Claims;

/// The platform setting: every admin account must use two-factor sign-in.
pub const REQUIRED_SETTING: &str = "two_factor_required";
pub const INVALID_CODE: &str = "Invalid verification code";
pub const INVALID_RECOVERY_CODE: &str = "Invalid recovery code";
pub const CHALLENGE_EXPIRED: &str = "The sign-in step has expired, please sign in again";
pub const MAIL_CODE_REQUIRED: &str = "Email code is required";
pub const INVALID_MAIL_CODE: &str = "Invalid email code";
pub const MAIL_CODE_FIRST: &str = "Please enter the code we sent to your email first";
/// Digits of the code mailed to set up the required factor during sign-in.
pub const MAIL_CODE_DIGITS: usize = 8;
/// Mailed codes an account is sent before waits begin (then 1 minute, doubling up to an
/// hour): its password alone cannot flood its mailbox.
pub const MAIL_CODES_FREE: i64 = 3;
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

/// A challenge token's id and when it expires (epoch ms).
struct Challenge {
    id: String,
    expires_at: i64,
}

fn offered(user: &User) -> bool {
    user.admin_type == ADMIN || user.admin_type == SUB_ADMIN
}

/// A recovery code as typed: case, spaces and dashes do not matter.
fn normalise_recovery(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).collect::<String>().to_lowercase()
}

/// A mailed code as typed: spaces and dashes do not matter.
fn normalise_mail_code(code: &str) -> String {
    code.chars().filter(|c| !c.is_whitespace() && *c != '-').collect()
}

/// A new mailed code: [`MAIL_CODE_DIGITS`] random digits.
fn new_mail_code() -> String {
    format!("{:08}", rand::random_range(0..100_000_000u32))
}

/// A new recovery code: 10 random hex digits, shown as `xxxxx-xxxxx`.
fn new_recovery_code() -> String {
    let t = tokens::random_token();
    format!("{}-{}", &t[..5], &t[5..10])
}

impl Identity {
    pub async fn two_factor_required(&self, c: &mut sqlx::AnyConnection) -> Result<bool> {
        Ok(two_factor_store::setting(c, REQUIRED_SETTING).await?.as_deref() == Some("true"))
    }

    /// After a right password: the challenge `user` must answer before its session
    /// begins, if any (its factor is on: "code"; the setting requires one it lacks: "enrol",
    /// and the code that proves its mailbox is mailed).
    pub(crate) async fn challenge_for(
        &self,
        c: &mut sqlx::AnyConnection,
        user: &User,
        client_ip: &str,
    ) -> Result<Option<(String, &'static str)>> {
        if !offered(user) {
            return Ok(None);
        }
        let enabled = two_factor_store::two_factor(c, &user.id).await?.is_some_and(|t| t.enabled);
        let needed = if enabled {
            NEEDS_CODE
        } else if self.two_factor_required(c).await? {
            NEEDS_ENROL
        } else {
            return Ok(None);
        };
        let now = common::now_ms();
        let id = common::new_id();
        let claims = Claims::challenge(&user.id, user.session_version, &id, now / 1000);
        let token = self.keys.issue(&claims)?;
        if needed == NEEDS_ENROL {
            self.mail_code(c, user, &Challenge { id, expires_at: claims.exp * 1000 }, client_ip, now).await?;
        }
        Ok(Some((token, needed)))
    }

    /// Mails a new code for the set-up from `challenge` to the account's address and
    /// records its keyed hash with the challenge; throttled per account.
    async fn mail_code(
        &self,
        c: &mut sqlx::AnyConnection,
        user: &User,
        challenge: &Challenge,
        client_ip: &str,
        now: i64,
    ) -> Result<()> {
        let policy =
            Policy { free: MAIL_CODES_FREE, first_wait_ms: 60_000, max_wait_ms: 3_600_000, forget_after_ms: 3_600_000 };
        if let Claim::Wait(ms) = throttle_store::claim(c, &format!("enrol-mail:{}", user.id), policy, now, true).await?
        {
            return Err(throttled("sign-in code mails", ms));
        }
        two_factor_store::prune_challenges(c, now).await?;
        let code = new_mail_code();
        let minutes = tokens::CHALLENGE_TTL_SECS / 60;
        let mail = mail_store::Mail {
            id: common::new_id(),
            to_addr: user.email.clone(),
            subject: "Your Giving Console sign-in code".into(),
            body: format!(
                "Hello {},\n\nYour password was just used to sign in to the Giving Console. Two-factor sign-in is\n\
                 required for your account: to set it up, enter this code on the sign-in page within {minutes} minutes:\n\n\
                 {code}\n\n\
                 The code works for this sign-in only. If it was not you, do not share it: change your\n\
                 password and tell the main admin.\n",
                user.first_name
            ),
        };
        let mut tx = self.write(&Self::actor_of(user, client_ip)).await?;
        two_factor_store::insert_challenge(
            &mut tx,
            &challenge.id,
            &user.id,
            challenge.expires_at,
            &self.mail_code_hash(&challenge.id, &code),
        )
        .await?;
        mail_store::insert_mail(&mut tx, &mail).await?;
        tx.commit().await?;
        Ok(())
    }

    /// What is stored of a mailed code: HMAC-SHA-1 keyed with the token secret over the
    /// challenge id and the code (eight digits are few: an unkeyed hash would be reversed
    /// at once by whoever reads the table).
    fn mail_code_hash(&self, challenge_id: &str, code: &str) -> String {
        let mut m = <Hmac<sha1::Sha1> as KeyInit>::new_from_slice(&self.settings.jwt_secret)
            .expect("HMAC takes any key length");
        m.update(b"sign-in mail code\0");
        m.update(challenge_id.as_bytes());
        m.update(b"\0");
        m.update(code.as_bytes());
        hex::encode(m.finalize().into_bytes())
    }

    /// The account a challenge token was given to, and the challenge, while it is valid:
    /// signed by us, typ "Challenge" with an id, not expired, not spent, the account active
    /// with the same session version.
    async fn challenge_user(&self, token: &str) -> Result<(User, Challenge)> {
        let claims = self.keys.verify(token.trim()).map_err(|_| challenge_expired())?;
        if !claims.is_challenge() || claims.sid.is_empty() {
            return Err(challenge_expired());
        }
        let mut c = self.conn().await?;
        let user = store::user_by_id(&mut c, &claims.sub).await?.ok_or_else(challenge_expired)?;
        if !user.is_active
            || user.session_version != claims.sv
            || !offered(&user)
            || two_factor_store::challenge_spent(&mut c, &claims.sid).await?
        {
            return Err(challenge_expired());
        }
        Ok((user, Challenge { id: claims.sid, expires_at: claims.exp * 1000 }))
    }

    /// The signed-in main admin or sub-admin making a call about its own factor.
    async fn own_account(&self, caller: &Actor) -> Result<User> {
        let user = self.active_caller(caller).await?;
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

    /// The account an enrolment call is for: a signed-in caller, or a challenge (answered
    /// too) whose account has no factor on yet (a password alone never replaces a factor).
    async fn enrolling(&self, who: Who<'_>) -> Result<(User, Option<Challenge>)> {
        match who {
            Who::Caller(a) => Ok((self.own_account(a).await?, None)),
            Who::Challenge(t) => {
                let (user, challenge) = self.challenge_user(t).await?;
                let mut c = self.conn().await?;
                if two_factor_store::two_factor(&mut c, &user.id).await?.is_some_and(|t| t.enabled)
                    || !self.two_factor_required(&mut c).await?
                {
                    return Err(challenge_expired());
                }
                Ok((user, Some(challenge)))
            }
        }
    }

    fn actor_of(user: &User, client_ip: &str) -> Actor {
        Actor::new(&user.id, &user.admin_type, client_ip)
    }

    /// The second step of a sign-in: a current code, or an unused recovery code.
    pub async fn verify_two_factor(
        &self,
        challenge: &str,
        code: &str,
        recovery_code: &str,
        client_ip: &str,
    ) -> Result<SessionOut> {
        let mut check = Check::default();
        let (code, recovery) = (code.trim(), normalise_recovery(recovery_code));
        if code.is_empty() && recovery.is_empty() {
            check.fail("code", "Verification code is required");
        } else if !code.is_empty() && !recovery.is_empty() {
            check.fail("code", "Enter either a verification code or a recovery code");
        }
        check.done()?;
        let (user, ch) = self.challenge_user(challenge).await?;
        let mut c = self.conn().await?;
        let Some(tf) = two_factor_store::two_factor(&mut c, &user.id).await?.filter(|t| t.enabled) else {
            return Err(challenge_expired());
        };
        let attempt = self.claim_attempt(&mut c, &format!("two-factor:{}", user.id), client_ip).await?;
        let now = common::now_ms();
        two_factor_store::prune_challenges(&mut c, now).await?;
        // No connection is held while the write waits for one (a pool's last connection may
        // be what a parallel answer's write is waiting for).
        drop(c);
        let mut tx = self.write(&Self::actor_of(&user, client_ip)).await?;
        // Spent first: a parallel use of the same challenge waits here for this write and
        // then finds it spent; a wrong code rolls it back with the rest.
        if !two_factor_store::spend_challenge(&mut tx, &ch.id, &user.id, ch.expires_at, now).await? {
            return Err(challenge_expired());
        }
        let accepted = if recovery.is_empty() {
            let secret = tf.secret.as_deref().and_then(|s| totp::open(&self.settings.jwt_secret, &user.id, s));
            match secret.and_then(|s| totp::matching_step(&s, code, now / 1000, tf.last_step)) {
                Some(step) => two_factor_store::use_step(&mut tx, &user.id, step, now).await?,
                None => false,
            }
        } else if two_factor_store::use_recovery_code(&mut tx, &user.id, &tokens::hash_token(&recovery), now).await? {
            let left = two_factor_store::recovery_codes_left(&mut tx, &user.id).await?;
            tx.emit(
                events::TWO_FACTOR_RECOVERY_CODE_USED,
                &events::TwoFactor { id: user.id.clone(), email: user.email.clone(), recovery_codes_left: left },
            )
            .await?;
            true
        } else {
            false
        };
        if !accepted {
            drop(tx);
            self.attempt_failed(&mut *self.conn().await?, &attempt).await?;
            return Err(if recovery.is_empty() {
                invalid_code()
            } else {
                Error::field("recoveryCode", INVALID_RECOVERY_CODE)
            });
        }
        let session = self.start_session(&mut tx, user).await?;
        tx.commit().await?;
        self.attempt_succeeded(&mut *self.conn().await?, &attempt).await?;
        Ok(session)
    }

    /// Begins an enrolment: a new secret (pending until confirmed), in Base32 and as an
    /// otpauth URI for a QR code. Refused while the account's factor is on. From a
    /// challenge it needs the mailed code: see [`Identity::enrol_from_challenge`].
    pub async fn enrol_two_factor(&self, who: Who<'_>) -> Result<(String, String)> {
        match who {
            Who::Caller(a) => {
                let user = self.own_account(a).await?;
                self.start_enrolment(&user, &a.address).await
            }
            Who::Challenge(t) => self.enrol_from_challenge(t, "", "").await,
        }
    }

    /// Begins the required set-up during a sign-in: the challenge's mailed code proves the
    /// mailbox (once proven it stays so for that challenge, so the step may be asked
    /// again), then as [`Identity::enrol_two_factor`]. A wrong code counts like a wrong
    /// verification code.
    pub async fn enrol_from_challenge(
        &self,
        challenge: &str,
        email_code: &str,
        client_ip: &str,
    ) -> Result<(String, String)> {
        let code = normalise_mail_code(email_code);
        let mut check = Check::default();
        if code.is_empty() {
            check.fail("emailCode", MAIL_CODE_REQUIRED);
        }
        check.done()?;
        let (user, ch) = self.enrolling(Who::Challenge(challenge)).await?;
        let ch = ch.expect("a challenge's enrolment");
        let mut c = self.conn().await?;
        let attempt = self.claim_attempt(&mut c, &format!("two-factor:{}", user.id), client_ip).await?;
        if !two_factor_store::prove_mail_code(
            &mut c,
            &ch.id,
            &user.id,
            &self.mail_code_hash(&ch.id, &code),
            common::now_ms(),
        )
        .await?
        {
            self.attempt_failed(&mut c, &attempt).await?;
            return Err(Error::field("emailCode", INVALID_MAIL_CODE));
        }
        self.attempt_succeeded(&mut c, &attempt).await?;
        drop(c);
        self.start_enrolment(&user, client_ip).await
    }

    /// A new pending secret for `user` (see [`Identity::enrol_two_factor`]).
    async fn start_enrolment(&self, user: &User, address: &str) -> Result<(String, String)> {
        let mut c = self.conn().await?;
        if two_factor_store::two_factor(&mut c, &user.id).await?.is_some_and(|t| t.enabled) {
            return Err(Error::Conflict("Two-factor sign-in is already on for this account".into()));
        }
        drop(c);
        let secret = totp::new_secret();
        let sealed = totp::seal(&self.settings.jwt_secret, &user.id, &secret);
        let mut tx = self.write(&Self::actor_of(user, address)).await?;
        two_factor_store::set_pending_secret(&mut tx, &user.id, &sealed, common::now_ms()).await?;
        tx.emit(
            events::TWO_FACTOR_ENROLMENT_STARTED,
            &events::TwoFactor { id: user.id.clone(), email: user.email.clone(), recovery_codes_left: 0 },
        )
        .await?;
        tx.commit().await?;
        let b32 = totp::to_base32(&secret);
        let uri = totp::otpauth_uri(&user.email, &b32);
        Ok((b32, uri))
    }

    /// Confirms an enrolment with a code of the pending secret: the factor is on, and ten
    /// new recovery codes are answered once (stored only hashed). From a challenge (whose
    /// mailed code was proven), the session begins too, and the challenge is spent.
    pub async fn confirm_two_factor(&self, who: Who<'_>, code: &str, client_ip: &str) -> Result<Confirmed> {
        let mut check = Check::default();
        if code.trim().is_empty() {
            check.fail("code", "Verification code is required");
        }
        check.done()?;
        let (user, challenge) = self.enrolling(who).await?;
        let mut c = self.conn().await?;
        if let Some(ch) = &challenge
            && !two_factor_store::mail_code_proven(&mut c, &ch.id, &user.id).await?
        {
            return Err(Error::field("emailCode", MAIL_CODE_FIRST));
        }
        let tf = two_factor_store::two_factor(&mut c, &user.id).await?.unwrap_or_default();
        if tf.enabled {
            return Err(Error::Conflict("Two-factor sign-in is already on for this account".into()));
        }
        let Some(sealed) = tf.pending_secret else {
            return Err(Error::field("code", "Please start the two-factor set-up first"));
        };
        let attempt = self.claim_attempt(&mut c, &format!("two-factor:{}", user.id), client_ip).await?;
        let now = common::now_ms();
        let step = totp::open(&self.settings.jwt_secret, &user.id, &sealed)
            .and_then(|s| totp::matching_step(&s, code, now / 1000, tf.last_step));
        drop(c);
        let mut tx = self.write(&Self::actor_of(&user, client_ip)).await?;
        if let Some(ch) = &challenge
            && !two_factor_store::spend_challenge(&mut tx, &ch.id, &user.id, ch.expires_at, now).await?
        {
            return Err(challenge_expired());
        }
        let enabled = match step {
            Some(step) => two_factor_store::enable_two_factor(&mut tx, &user.id, &sealed, step, now).await?,
            None => false,
        };
        if !enabled {
            drop(tx);
            self.attempt_failed(&mut *self.conn().await?, &attempt).await?;
            return Err(invalid_code());
        }
        let codes: Vec<String> = (0..RECOVERY_CODES).map(|_| new_recovery_code()).collect();
        let hashes: Vec<String> = codes.iter().map(|c| tokens::hash_token(&normalise_recovery(c))).collect();
        two_factor_store::replace_recovery_codes(&mut tx, &user.id, &hashes, now).await?;
        tx.emit(
            events::TWO_FACTOR_ENABLED,
            &events::TwoFactor {
                id: user.id.clone(),
                email: user.email.clone(),
                recovery_codes_left: RECOVERY_CODES as i64,
            },
        )
        .await?;
        let session = match who {
            Who::Challenge(_) => Some(self.start_session(&mut tx, user).await?),
            Who::Caller(_) => None,
        };
        tx.commit().await?;
        self.attempt_succeeded(&mut *self.conn().await?, &attempt).await?;
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
        let mut c = self.conn().await?;
        if self.two_factor_required(&mut c).await? {
            return Err(Error::Forbidden(
                "Two-factor sign-in is required for every admin account: it cannot be turned off".into(),
            ));
        }
        let Some(tf) = two_factor_store::two_factor(&mut c, &user.id).await?.filter(|t| t.enabled) else {
            return Err(Error::Conflict("Two-factor sign-in is not on for this account".into()));
        };
        let attempt = self.claim_attempt(&mut c, &format!("two-factor:{}", user.id), &caller.address).await?;
        let now = common::now_ms();
        let secret = tf.secret.as_deref().and_then(|s| totp::open(&self.settings.jwt_secret, &user.id, s));
        drop(c);
        let mut tx = self.write(caller).await?;
        let ok = match secret.and_then(|s| totp::matching_step(&s, code, now / 1000, tf.last_step)) {
            Some(step) => two_factor_store::use_step(&mut tx, &user.id, step, now).await?,
            None => false,
        };
        if !ok {
            drop(tx);
            self.attempt_failed(&mut *self.conn().await?, &attempt).await?;
            return Err(invalid_code());
        }
        two_factor_store::clear_two_factor(&mut tx, &user.id).await?;
        tx.emit(
            events::TWO_FACTOR_DISABLED,
            &events::TwoFactor { id: user.id.clone(), email: user.email.clone(), recovery_codes_left: 0 },
        )
        .await?;
        tx.commit().await?;
        self.attempt_succeeded(&mut *self.conn().await?, &attempt).await?;
        Ok(())
    }

    /// Removes a sub-admin's factor (a lost device): it enrols again, and its sessions end
    /// (whoever held its factor is signed out). The main admin may, and a sub-admin holding
    /// Sub Admin edit for a sub-admin whose rights it all holds (the sub-admin rules of
    /// `service.rs`), never for itself; the main admin's own factor is not a sub-admin's
    /// (not found).
    pub async fn reset_two_factor(&self, caller: &Actor, id: &str) -> Result<()> {
        let held = self.authorise(caller, "edit").await?;
        sub_admins::not_self(
            caller,
            held.as_ref(),
            id.trim(),
            "You cannot reset your own two-factor sign-in: ask the main admin",
        )?;
        let mut tx = self.write(caller).await?;
        let user = store::user_by_id(&mut tx, id.trim())
            .await?
            .filter(|u| u.admin_type == SUB_ADMIN)
            .ok_or_else(sub_admins::not_found)?;
        sub_admins::within(held.as_ref(), &store::permissions(&mut tx, &user.id).await?)?;
        two_factor_store::clear_two_factor(&mut tx, &user.id).await?;
        Self::end_sessions(&mut tx, &user.id, &user.email).await?;
        tx.emit(
            events::TWO_FACTOR_RESET,
            &events::TwoFactor { id: user.id.clone(), email: user.email.clone(), recovery_codes_left: 0 },
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Whether every admin account must use two-factor sign-in (main admin only).
    pub async fn two_factor_setting(&self, caller: &Actor) -> Result<bool> {
        self.main_admin(caller, "see the two-factor setting").await?;
        self.two_factor_required(&mut *self.conn().await?).await
    }

    pub async fn set_two_factor_setting(&self, caller: &Actor, required: bool) -> Result<bool> {
        self.main_admin(caller, "change the two-factor setting").await?;
        let mut tx = self.write(caller).await?;
        let before = self.two_factor_required(&mut tx).await?;
        two_factor_store::set_setting(
            &mut tx,
            REQUIRED_SETTING,
            if required { "true" } else { "false" },
            common::now_ms(),
        )
        .await?;
        let changes = common::bus::changes(
            &serde_json::json!({ "required": before }),
            &serde_json::json!({ "required": required }),
            &[],
        );
        tx.emit(events::TWO_FACTOR_SETTING_CHANGED, &events::TwoFactorSetting { required, changes }).await?;
        tx.commit().await?;
        Ok(required)
    }

    /// The caller's own standing.
    pub async fn two_factor_status(&self, caller: &Actor) -> Result<Status> {
        let user = self.own_account(caller).await?;
        let mut c = self.conn().await?;
        let enabled = two_factor_store::two_factor(&mut c, &user.id).await?.is_some_and(|t| t.enabled);
        let required = self.two_factor_required(&mut c).await?;
        let recovery_codes_left =
            if enabled { two_factor_store::recovery_codes_left(&mut c, &user.id).await? } else { 0 };
        Ok(Status { enabled, required, recovery_codes_left })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mailed_codes_are_eight_random_digits_typed_loosely() {
        let a = new_mail_code();
        assert_eq!(a.len(), MAIL_CODE_DIGITS);
        assert!(a.bytes().all(|b| b.is_ascii_digit()), "{a}");
        assert!((0..5).any(|_| new_mail_code() != a));
        assert_eq!(normalise_mail_code(&format!(" {}-{} ", &a[..4], &a[4..])), a);
    }

    #[test]
    fn recovery_codes_are_random_and_typed_loosely() {
        let a = new_recovery_code();
        assert_eq!(a.len(), 11);
        assert_ne!(a, new_recovery_code());
        assert_eq!(normalise_recovery(&format!(" {} ", a.to_uppercase())), a.replace('-', ""));
    }
}
