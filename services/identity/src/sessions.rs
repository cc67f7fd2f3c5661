//! Sign-in and sessions: the password sign-in with its throttles (per account and
//! address, and the address's count of distinct accounts), sessions as refresh families
//! with rotating refresh tokens and reuse detection, sign-out, the principal of an access
//! token, and member (donor) tokens for the chat. The second step of a two-factor sign-in
//! is `two_factor`'s; its SQL is `sessions_store`.

use crate::error::{Error, Result};
use crate::events;
use crate::service::{Grants, Identity, all_grants, charity_admin_grants, throttled};
use crate::sessions_store;
use crate::store::{self, ADMIN, CHARITY_ADMIN, SUB_ADMIN, User};
use crate::throttle_store::{self, Claim, Policy};
use crate::validate::{Check, Email};
use common::Actor;
use common::write::Write;
use tokens::Claims;

/// A signed-in session as the console stores it.
#[derive(Debug, Clone)]
pub struct SessionOut {
    pub user: User,
    pub permissions: Grants,
    pub auth_token: String,
    pub refresh_token: String,
}

/// What a right password answers: a session, or (two-factor sign-in) a challenge token
/// and what the account must do with it: "code" or "enrol".
#[derive(Debug)]
pub enum SignIn {
    Session(Box<SessionOut>),
    Challenge { token: String, needed: &'static str },
}

/// The throttle keys of one sign-in attempt.
pub(crate) struct Attempt {
    pair_key: String,
    account_key: String,
    address_key: String,
    /// The address's failures on distinct accounts (password sign-ins only): claimed
    /// provisionally before the password is checked, kept or given back once it is.
    spray_key: Option<String>,
    /// The attempt's number on its account from this address since the account's last
    /// success there (or since it was forgotten): 1 is a first failure, a distinct account.
    pair_attempt: i64,
}

/// What a rotation did.
#[derive(Debug)]
pub enum Rotation {
    /// A new access token and refresh token.
    Rotated(String, String),
    /// The token had been spent: its session (family) is now revoked.
    Reused { session_id: String },
}

impl Identity {
    /// A member (donor) token for the chat's app side, and when it expires (epoch ms).
    /// Identity signs only: it keeps no record of donors, so the BFF checks the donor
    /// (exists, active) when the token is used. `ttl_secs` 0 means an hour; at most a day.
    pub fn issue_member_token(&self, donor_id: &str, ttl_secs: i64) -> Result<(String, i64)> {
        let mut check = Check::default();
        let donor_id = donor_id.trim();
        if donor_id.is_empty() {
            check.fail("donor_id", "Please select a user");
        } else if donor_id.chars().count() > 64 {
            check.fail("donor_id", "Please select a valid user");
        }
        if !(0..=tokens::MEMBER_TTL_MAX_SECS).contains(&ttl_secs) {
            check.fail("ttl_seconds", format!("ttl_seconds must be between 0 and {}", tokens::MEMBER_TTL_MAX_SECS));
        }
        check.done()?;
        let claims = Claims::member(donor_id, ttl_secs, common::now_ms() / 1000);
        Ok((self.keys.issue(&claims)?, claims.exp * 1000))
    }

    /// The throttle of failed sign-ins, `free` of them before waits begin.
    fn sign_in_policy(&self, free: i64) -> Policy {
        Policy {
            free,
            first_wait_ms: self.settings.first_wait_secs * 1000,
            max_wait_ms: self.settings.max_wait_secs * 1000,
            forget_after_ms: self.settings.throttle_window_secs * 1000,
        }
    }

    /// Signs in. Every attempt is claimed from three throttles before the password is
    /// checked (so parallel guesses cannot slip past the counts):
    /// - the address's failures on distinct accounts (`max_failures_per_address`, unknown
    ///   emails counting like known ones; then growing waits for every sign-in from that
    ///   address, capped, never a lockout): spraying one password over many accounts
    ///   slows down, and no other address is touched. The claim is provisional: a right
    ///   password gives it back and leaves no wait; a failure on an account that already
    ///   failed from here gives back its count but still waits the address's current wait
    ///   (repeats are the pair's to count). A success never clears the address's count,
    ///   so an attacker holding one working account cannot reset it by signing in; the
    ///   count is forgotten only after `throttle_window_secs` without a failure on a new
    ///   account;
    /// - the account from this address (`max_failures_per_account` free attempts, then
    ///   growing waits): an attacker's address slows down, while the account's owner at
    ///   another address is not shut out by it;
    /// - the account from every address together (`ACCOUNT_WIDE_FACTOR` times as many):
    ///   guesses spread over many addresses slow down too.
    ///
    /// A right password clears the last two. The address's failures of any kind (the same
    /// number) also make its next attempts wait on the accounts that failed from it.
    pub async fn sign_in(&self, email: &str, password: &str, charity: bool, client_ip: &str) -> Result<SignIn> {
        let mut check = Check::default();
        let email = Email::parse(email, "email", "Email is required", &mut check);
        if password.is_empty() {
            check.fail("password", "Password is required");
        } else if password.chars().any(char::is_whitespace) {
            check.fail("password", "Password must not contain while spaces");
        }
        check.done()?;
        let email = email.expect("validated");
        let mut c = self.conn().await?;
        let attempt = self.claim(&mut c, &format!("account:{}", email.as_str()), client_ip, true).await?;
        let user = store::user_by_email(&mut c, email.as_str()).await?;
        // The connection is not held across the password check (Argon2, the slow part):
        // parallel sign-ins then never wait for a connection while others hash.
        drop(c);
        let ok = match &user {
            Some(u) => crate::password_hash::verify(password, &u.password_hash).await,
            None => {
                // Same work for an unknown email, so timing tells nothing.
                let _ = crate::password_hash::verify(password, DUMMY_HASH).await;
                false
            }
        };
        let mut c = self.conn().await?;
        let kind_ok = user.as_ref().is_some_and(|u| {
            if charity { u.admin_type == CHARITY_ADMIN } else { u.admin_type == ADMIN || u.admin_type == SUB_ADMIN }
        });
        if !ok {
            self.attempt_failed(&mut c, &attempt).await?;
            return Err(Error::field("password", "Invalid email or password"));
        }
        if !kind_ok {
            // The right password at the other sign-in: say which one to use. Only someone who
            // knows the password learns the kind of account, so this tells strangers nothing
            // about which emails exist (a wrong password gets the same answer for every email).
            self.give_back(&mut c, &attempt).await?;
            return Err(if charity {
                Error::field("email", USE_ADMIN_SIGN_IN)
            } else {
                Error::field("email", USE_NONPROFIT_SIGN_IN)
            });
        }
        let user = user.expect("checked");
        if !user.is_active {
            self.give_back(&mut c, &attempt).await?;
            // A nonprofit admin's account is inactive exactly while its nonprofit is (standing.rs).
            let message = if user.admin_type == CHARITY_ADMIN {
                CHARITY_INACTIVE
            } else {
                "Your account is inactive. Please contact the administrator."
            };
            return Err(Error::Forbidden(message.into()));
        }
        self.attempt_succeeded(&mut c, &attempt).await?;
        if let Some((token, needed)) = self.challenge_for(&mut c, &user, client_ip).await? {
            return Ok(SignIn::Challenge { token, needed });
        }
        drop(c);
        let mut tx = self.write(&Actor::new(&user.id, &user.admin_type, client_ip)).await?;
        let s = self.start_session(&mut tx, user).await?;
        tx.commit().await?;
        Ok(SignIn::Session(Box::new(s)))
    }

    /// Signs in an account without a second factor (see [`Identity::sign_in`]); an account
    /// that needs one is refused here.
    pub async fn login(&self, email: &str, password: &str, charity: bool, client_ip: &str) -> Result<SessionOut> {
        match self.sign_in(email, password, charity, client_ip).await? {
            SignIn::Session(s) => Ok(*s),
            SignIn::Challenge { .. } => Err(Error::Forbidden("This account signs in with a second factor".into())),
        }
    }

    /// Claims a second-factor attempt on `subject` (an account's codes, by its id) from
    /// `client_ip`: the account's throttles of [`Identity::sign_in`], not the address's
    /// count of distinct accounts (a code step follows a right password).
    pub(crate) async fn claim_attempt(
        &self,
        c: &mut sqlx::AnyConnection,
        subject: &str,
        client_ip: &str,
    ) -> Result<Attempt> {
        self.claim(c, subject, client_ip, false).await
    }

    /// Claims an attempt on `subject` from `client_ip` (see [`Identity::sign_in`]); `spray`:
    /// a password sign-in, which the address's count of distinct accounts gates first.
    async fn claim(&self, c: &mut sqlx::AnyConnection, subject: &str, client_ip: &str, spray: bool) -> Result<Attempt> {
        let now = common::now_ms();
        let mut a = Attempt {
            pair_key: format!("{subject}|{client_ip}"),
            account_key: subject.to_string(),
            address_key: format!("address:{client_ip}"),
            spray_key: spray.then(|| format!("spray:{client_ip}")),
            pair_attempt: 0,
        };
        if let Some(key) = &a.spray_key
            && let Claim::Wait(ms) = throttle_store::claim_provisional(c, key, self.spray_policy(), now).await?
        {
            return Err(too_many_sign_ins(ms));
        }
        let pair = throttle_store::claim(
            c,
            &a.pair_key,
            self.sign_in_policy(self.settings.max_failures_per_account),
            now,
            true,
        )
        .await?;
        a.pair_attempt = match pair {
            Claim::Taken(n) => n,
            Claim::Wait(ms) => return self.refused(c, &a, ms).await,
        };
        let account_wide = self.sign_in_policy(self.settings.max_failures_per_account * ACCOUNT_WIDE_FACTOR);
        if let Claim::Wait(ms) = throttle_store::claim(c, &a.account_key, account_wide, now, true).await? {
            return self.refused(c, &a, ms).await;
        }
        if a.pair_attempt > 1 {
            let ms = throttle_store::wait_left(c, &a.address_key, now).await?;
            if ms > 0 {
                return self.refused(c, &a, ms).await;
            }
        }
        Ok(a)
    }

    /// The address's throttle of failures on distinct accounts.
    fn spray_policy(&self) -> Policy {
        self.sign_in_policy(self.settings.max_failures_per_address)
    }

    /// An attempt another throttle refused: its provisional claim is given back.
    async fn refused(&self, c: &mut sqlx::AnyConnection, a: &Attempt, ms: i64) -> Result<Attempt> {
        self.give_back(c, a).await?;
        Err(too_many_sign_ins(ms))
    }

    /// Gives back the provisional claim of an attempt that was not a failure, leaving no wait.
    pub(crate) async fn give_back(&self, c: &mut sqlx::AnyConnection, a: &Attempt) -> Result<()> {
        if let Some(key) = &a.spray_key {
            throttle_store::refund(c, key, self.spray_policy(), false).await?;
        }
        Ok(())
    }

    /// Counts a failed attempt against its address: every failure in the address's count
    /// of failures (of accounts that failed there), and a first failure of its account
    /// from there in its count of distinct accounts (a repeat gives its claim back, but
    /// the address still waits its current wait before the next sign-in).
    pub(crate) async fn attempt_failed(&self, c: &mut sqlx::AnyConnection, a: &Attempt) -> Result<()> {
        let now = common::now_ms();
        if let Some(key) = &a.spray_key {
            if a.pair_attempt == 1 {
                throttle_store::keep(c, key, now).await?;
            } else {
                throttle_store::refund(c, key, self.spray_policy(), true).await?;
            }
        }
        let address = self.sign_in_policy(self.settings.max_failures_per_address);
        throttle_store::claim(c, &a.address_key, address, now, false).await?;
        Ok(())
    }

    /// A right answer clears the account's throttles and gives back its address claim; the
    /// address's count of distinct accounts stays (a success does not reset it).
    pub(crate) async fn attempt_succeeded(&self, c: &mut sqlx::AnyConnection, a: &Attempt) -> Result<()> {
        self.give_back(c, a).await?;
        throttle_store::clear(c, &a.pair_key).await?;
        throttle_store::clear(c, &a.account_key).await?;
        Ok(())
    }

    /// Ends every session of an account in the write `w` (its refresh families and tokens
    /// revoked) and says so on the bus ([`events::SESSIONS_ENDED`]): whoever caches the
    /// account's standing drops it, so its access tokens stop working at once.
    pub(crate) async fn end_sessions(w: &mut Write<'_>, user_id: &str, email: &str) -> Result<()> {
        sessions_store::revoke_user_tokens(w, user_id).await?;
        w.emit(events::SESSIONS_ENDED, &events::Account { id: user_id.to_string(), email: email.to_string() }).await
    }

    /// Starts a session of `user` in the write `tx` (a new refresh family and tokens).
    pub(crate) async fn start_session(&self, tx: &mut sqlx::AnyConnection, user: User) -> Result<SessionOut> {
        let permissions = match user.admin_type.as_str() {
            ADMIN => all_grants(),
            CHARITY_ADMIN => charity_admin_grants(),
            _ => store::permissions(tx, &user.id).await?,
        };
        let family = common::new_id();
        sessions_store::insert_family(tx, &family, &user.id, common::now_ms()).await?;
        let (auth_token, refresh_token) = self.issue(tx, &user, &family).await?;
        Ok(SessionOut { user, permissions, auth_token, refresh_token })
    }

    /// A new access token and a new refresh token in `family`.
    async fn issue(&self, c: &mut sqlx::AnyConnection, user: &User, family: &str) -> Result<(String, String)> {
        let now = common::now_ms();
        let claims = Claims {
            sub: user.id.clone(),
            typ: user.admin_type.clone(),
            sv: user.session_version,
            sid: family.to_string(),
            iat: now / 1000,
            exp: now / 1000 + self.settings.access_ttl_secs,
        };
        let access = self.keys.issue(&claims)?;
        let refresh = tokens::random_token();
        sessions_store::insert_refresh(
            c,
            &tokens::hash_token(&refresh),
            family,
            &user.id,
            now + self.settings.refresh_ttl_secs * 1000,
        )
        .await?;
        Ok((access, refresh))
    }

    /// Rotates a refresh token; `Err` for a token that is unknown, expired or of an ended session.
    pub async fn refresh(&self, token: &str) -> Result<(String, String)> {
        match self.rotate(token).await? {
            Rotation::Rotated(access, refresh) => Ok((access, refresh)),
            Rotation::Reused { .. } => Err(session_expired()),
        }
    }

    /// Rotates a refresh token in one transaction. The family's row is updated first
    /// (only while it is not revoked), which serialises the rotations of one sign-in on
    /// both backends; then the presented token is spent with a conditional update. A token
    /// presented twice means it leaked: the whole family is revoked and stays so, and the
    /// tokens a concurrent rotation minted die with it.
    pub async fn rotate(&self, token: &str) -> Result<Rotation> {
        if token.trim().is_empty() {
            return Err(Error::field("token", "Refresh token is required"));
        }
        let hash = tokens::hash_token(token.trim());
        let now = common::now_ms();
        let mut tx = self.write(&Actor::system()).await?;
        let Some(rt) = sessions_store::refresh_by_hash(&mut tx, &hash).await? else { return Err(session_expired()) };
        if !sessions_store::touch_family(&mut tx, &rt.family_id, now).await? {
            return Err(session_expired());
        }
        if !sessions_store::use_refresh(&mut tx, &hash, now).await? {
            tracing::warn!(family = %rt.family_id, "refresh token reused; revoking its family");
            sessions_store::revoke_family(&mut tx, &rt.family_id, now).await?;
            tx.commit().await?;
            return Ok(Rotation::Reused { session_id: rt.family_id });
        }
        if rt.expires_at <= now {
            return Err(session_expired());
        }
        let user =
            store::user_by_id(&mut tx, &rt.user_id).await?.filter(|u| u.is_active).ok_or_else(session_expired)?;
        let (access, refresh) = self.issue(&mut tx, &user, &rt.family_id).await?;
        tx.commit().await?;
        Ok(Rotation::Rotated(access, refresh))
    }

    /// Ends a session: the family of `refresh_token` when given, else `session_id` (the
    /// access token's `sid`). Answers the session ended (empty when none was found).
    pub async fn logout(&self, refresh_token: &str, session_id: &str) -> Result<String> {
        let mut c = self.conn().await?;
        let family = match refresh_token.trim() {
            "" => session_id.to_string(),
            t => sessions_store::refresh_by_hash(&mut c, &tokens::hash_token(t))
                .await?
                .map(|rt| rt.family_id)
                .unwrap_or_default(),
        };
        if family.is_empty() {
            return Ok(family);
        }
        sessions_store::revoke_family(&mut c, &family, common::now_ms()).await?;
        Ok(family)
    }

    /// Whether a session (refresh family) has ended; an unknown one has.
    pub async fn session_revoked(&self, session_id: &str) -> Result<bool> {
        Ok(sessions_store::family_revoked(&mut *self.conn().await?, session_id).await?.unwrap_or(true))
    }

    pub async fn principal(&self, user_id: &str) -> Result<(User, Grants)> {
        let user = store::user_by_id(&mut *self.conn().await?, user_id)
            .await?
            .ok_or_else(|| Error::NotFound("Account not found".into()))?;
        let grants = self.grants_of(&user).await?;
        Ok((user, grants))
    }
}

pub const SESSION_EXPIRED: &str = "Your session has expired. Please sign in again.";
/// A nonprofit admin's right password at the admin sign-in (/signin).
pub const USE_NONPROFIT_SIGN_IN: &str = "This is a nonprofit admin account: please sign in at the nonprofit sign-in";
/// A main admin's or sub-admin's right password at the nonprofit sign-in (/charity-signin).
pub const USE_ADMIN_SIGN_IN: &str = "This is an admin account: please sign in at the admin sign-in";
pub const CHARITY_INACTIVE: &str = "Your nonprofit is inactive or was deleted. Please contact the administrator.";

fn session_expired() -> Error {
    Error::Unauthenticated(SESSION_EXPIRED.into())
}

pub(crate) fn too_many_sign_ins(ms: i64) -> Error {
    throttled("failed sign-in attempts", ms)
}

/// How many more attempts an account gets from every address together than from one.
pub const ACCOUNT_WIDE_FACTOR: i64 = 10;

/// An Argon2id hash of a random password, verified against when the email is unknown.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0mBS2Ad4wQdtcnkvvu2k4kB4N6b0mOUsaeTjwIFFS6g";
