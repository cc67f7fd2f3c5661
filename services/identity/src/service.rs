//! The identity domain: sign-in with throttling, sessions (rotating refresh tokens
//! with reuse detection), passwords, sub-admins and their permissions. Plain Rust over
//! the store; the gRPC layer (`grpc.rs`) only translates.

use crate::error::{Error, Result};
use crate::events::{self, SubAdminFields};
use crate::store::{self, ADMIN, CHARITY_ADMIN, SUB_ADMIN, User};
use crate::throttle::{self, Claim, Policy};
use crate::validate::{Check, Email, name, password_rules};
use common::Actor;
use common::db::{Db, unique_as};
use common::outbox::Relay;
use common::paging::Page;
use common::write::{self, Write};
use std::path::PathBuf;
use tokens::{Claims, Keys};

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

/// A signed-in session as the console stores it.
#[derive(Debug, Clone)]
pub struct SessionOut {
    pub user: User,
    pub permissions: Grants,
    pub auth_token: String,
    pub refresh_token: String,
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

/// Checks requested grants against the module table: known modules, offered actions,
/// no duplicates, at least one. Answers them in menu order with actions in table order.
pub fn parse_grants(requested: &[(String, Vec<String>)], check: &mut Check) -> Grants {
    let mut out = Vec::new();
    for m in proto::modules::all() {
        let asked: Vec<&(String, Vec<String>)> = requested.iter().filter(|(s, _)| *s == m.slug).collect();
        if asked.is_empty() {
            continue;
        }
        let wanted: Vec<&String> = asked.iter().flat_map(|(_, a)| a.iter()).collect();
        for a in &wanted {
            if !m.actions.contains(a) {
                check.fail("permissions", format!("{} does not offer the {a} action", m.title));
            }
        }
        let actions: Vec<String> = m.actions.iter().filter(|a| wanted.contains(a)).cloned().collect();
        if !actions.is_empty() {
            out.push((m.slug.clone(), actions));
        }
    }
    for (slug, _) in requested {
        if proto::modules::find(slug).is_none() {
            check.fail("permissions", format!("Unknown module {slug}"));
        }
    }
    if out.is_empty() {
        check.fail("permissions", "Please select at least one permission");
    }
    out
}

pub struct SubAdminInput {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password: String,
    pub permissions: Grants,
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
    pub fn new(db: Db, settings: Settings, relay: Option<Relay>) -> Self {
        let keys = Keys::new(&settings.jwt_secret);
        Self { db, keys, settings, relay }
    }

    async fn conn(&self) -> Result<sqlx::pool::PoolConnection<sqlx::Any>> {
        Ok(self.db.pool.acquire().await?)
    }

    /// Begins a write for `actor` (see common::write).
    pub(crate) async fn write(&self, actor: &Actor) -> Result<Write<'_>> {
        write::begin(&self.db, self.relay.as_ref(), actor).await
    }

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

    /// Creates the main admin on first start; answers the generated password when none was given.
    pub async fn ensure_main_admin(&self, email: &str, password: Option<&str>) -> anyhow::Result<Option<String>> {
        if store::any_of_type(&mut *self.conn().await?, ADMIN).await? {
            return Ok(None);
        }
        let generated = password.is_none().then(|| tokens::random_token()[..16].to_string());
        let pw = password.map(str::to_string).or(generated.clone()).unwrap_or_default();
        let now = common::now_ms();
        let user = User {
            id: common::new_id(),
            email: email.trim().to_lowercase(),
            password_hash: crate::password::hash(&pw).await?,
            first_name: "Main".into(),
            last_name: "Admin".into(),
            admin_type: ADMIN.into(),
            charity_id: None,
            is_active: true,
            session_version: 1,
            created_at: now,
        };
        let mut w = self.write(&Actor::system()).await?;
        store::insert_user(&mut w, &user).await?;
        w.commit().await?;
        tracing::info!(email = %user.email, "main admin created");
        Ok(generated)
    }

    /// Creates a nonprofit-admin account for a nonprofit (used by the catalogue's onboarding).
    pub async fn create_charity_admin(
        &self,
        email: &str,
        password: &str,
        first: &str,
        last: &str,
        charity_id: &str,
    ) -> Result<User> {
        let mut check = Check::default();
        let email = Email::parse(email, "email", "Email is required", &mut check);
        password_rules(password, "password", "Password", "Password is required", &mut check);
        let first = name(first, "firstName", "First Name", &mut check);
        let last = name(last, "lastName", "Last Name", &mut check);
        check.done()?;
        let user = User {
            id: common::new_id(),
            email: email.expect("validated").as_str().to_string(),
            password_hash: crate::password::hash(password).await?,
            first_name: first,
            last_name: last,
            admin_type: CHARITY_ADMIN.into(),
            charity_id: Some(charity_id.to_string()),
            is_active: true,
            session_version: 1,
            created_at: common::now_ms(),
        };
        let mut w = self.write(&Actor::system()).await?;
        store::insert_user(&mut w, &user).await.map_err(conflict_on_email)?;
        w.commit().await?;
        Ok(user)
    }

    pub async fn grants_of(&self, user: &User) -> Result<Grants> {
        Ok(match user.admin_type.as_str() {
            ADMIN => all_grants(),
            CHARITY_ADMIN => charity_admin_grants(),
            _ => store::permissions(&mut *self.conn().await?, &user.id).await?,
        })
    }

    // --- sign-in and sessions -------------------------------------------------------

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
            Some(u) => crate::password::verify(password, &u.password_hash).await,
            None => {
                // Same work for an unknown email, so timing tells nothing.
                let _ = crate::password::verify(password, DUMMY_HASH).await;
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
            && let Claim::Wait(ms) = throttle::claim_provisional(c, key, self.spray_policy(), now).await?
        {
            return Err(too_many_sign_ins(ms));
        }
        let pair =
            throttle::claim(c, &a.pair_key, self.sign_in_policy(self.settings.max_failures_per_account), now, true)
                .await?;
        a.pair_attempt = match pair {
            Claim::Taken(n) => n,
            Claim::Wait(ms) => return self.refused(c, &a, ms).await,
        };
        let account_wide = self.sign_in_policy(self.settings.max_failures_per_account * ACCOUNT_WIDE_FACTOR);
        if let Claim::Wait(ms) = throttle::claim(c, &a.account_key, account_wide, now, true).await? {
            return self.refused(c, &a, ms).await;
        }
        if a.pair_attempt > 1 {
            let ms = throttle::wait_left(c, &a.address_key, now).await?;
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
            throttle::refund(c, key, self.spray_policy(), false).await?;
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
                throttle::keep(c, key, now).await?;
            } else {
                throttle::refund(c, key, self.spray_policy(), true).await?;
            }
        }
        let address = self.sign_in_policy(self.settings.max_failures_per_address);
        throttle::claim(c, &a.address_key, address, now, false).await?;
        Ok(())
    }

    /// A right answer clears the account's throttles and gives back its address claim; the
    /// address's count of distinct accounts stays (a success does not reset it).
    pub(crate) async fn attempt_succeeded(&self, c: &mut sqlx::AnyConnection, a: &Attempt) -> Result<()> {
        self.give_back(c, a).await?;
        throttle::clear(c, &a.pair_key).await?;
        throttle::clear(c, &a.account_key).await?;
        Ok(())
    }

    /// Ends every session of an account in the write `w` (its refresh families and tokens
    /// revoked) and says so on the bus ([`events::SESSIONS_ENDED`]): whoever caches the
    /// account's standing drops it, so its access tokens stop working at once.
    pub(crate) async fn end_sessions(w: &mut Write<'_>, user_id: &str, email: &str) -> Result<()> {
        store::revoke_user_tokens(w, user_id).await?;
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
        store::insert_family(tx, &family, &user.id, common::now_ms()).await?;
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
        store::insert_refresh(
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
        let Some(rt) = store::refresh_by_hash(&mut tx, &hash).await? else { return Err(session_expired()) };
        if !store::touch_family(&mut tx, &rt.family_id, now).await? {
            return Err(session_expired());
        }
        if !store::use_refresh(&mut tx, &hash, now).await? {
            tracing::warn!(family = %rt.family_id, "refresh token reused; revoking its family");
            store::revoke_family(&mut tx, &rt.family_id, now).await?;
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
            t => {
                store::refresh_by_hash(&mut c, &tokens::hash_token(t)).await?.map(|rt| rt.family_id).unwrap_or_default()
            }
        };
        if family.is_empty() {
            return Ok(family);
        }
        store::revoke_family(&mut c, &family, common::now_ms()).await?;
        Ok(family)
    }

    /// Whether a session (refresh family) has ended; an unknown one has.
    pub async fn session_revoked(&self, session_id: &str) -> Result<bool> {
        Ok(store::family_revoked(&mut *self.conn().await?, session_id).await?.unwrap_or(true))
    }

    pub async fn principal(&self, user_id: &str) -> Result<(User, Grants)> {
        let user = store::user_by_id(&mut *self.conn().await?, user_id)
            .await?
            .ok_or_else(|| Error::NotFound("Account not found".into()))?;
        let grants = self.grants_of(&user).await?;
        Ok((user, grants))
    }

    // --- passwords ----------------------------------------------------------------

    pub async fn change_password(&self, user_id: &str, current: &str, new: &str) -> Result<()> {
        let mut check = Check::default();
        password_rules(current, "currentPassword", "Old Password", "Old Password is Required", &mut check);
        password_rules(new, "newPassword", "New Password", "New Password is Required", &mut check);
        if !current.is_empty() && current == new {
            check.fail("newPassword", "Old Password and New Password can not be same");
        }
        check.done()?;
        let mut c = self.conn().await?;
        let user =
            store::user_by_id(&mut c, user_id).await?.ok_or_else(|| Error::NotFound("Account not found".into()))?;
        if !crate::password::verify(current, &user.password_hash).await {
            return Err(Error::field("currentPassword", "Old Password is incorrect"));
        }
        let hash = crate::password::hash(new).await?;
        let mut tx = self.write(&Actor::new(&user.id, &user.admin_type, "")).await?;
        store::set_password(&mut tx, user_id, &hash).await?;
        Self::end_sessions(&mut tx, user_id, &user.email).await?;
        tx.emit(events::PASSWORD_CHANGED, &events::Account { id: user.id.clone(), email: user.email.clone() }).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Mails a reset link to an active account. Throttled per email and per address
    /// before the account is looked up, so the answer is the same for known and unknown
    /// emails; the link is in the mail only, never in a log.
    pub async fn forgot_password(&self, email: &str, console_url: &str, client_ip: &str) -> Result<()> {
        let mut check = Check::default();
        let email = Email::parse(email, "email", "Please enter register email id", &mut check);
        check.done()?;
        let email = email.expect("validated");
        let mut c = self.conn().await?;
        let now = common::now_ms();
        let policy = |free| Policy { free, first_wait_ms: 60_000, max_wait_ms: 3_600_000, forget_after_ms: 3_600_000 };
        for (key, free) in [
            (format!("forgot-email:{}", email.as_str()), self.settings.forgot_per_email),
            (format!("forgot-address:{client_ip}"), self.settings.forgot_per_address),
        ] {
            if let Claim::Wait(ms) = throttle::claim(&mut c, &key, policy(free), now, true).await? {
                return Err(throttled("password reset requests", ms));
            }
        }
        let Some(user) = store::user_by_email(&mut c, email.as_str()).await?.filter(|u| u.is_active) else {
            tracing::info!("password reset asked for an unknown or inactive account");
            return Ok(());
        };
        drop(c);
        let token = tokens::random_token();
        let link = format!("{}/reset_password/{token}", console_url.trim_end_matches('/'));
        let minutes = self.settings.reset_ttl_secs / 60;
        let mail = store::Mail {
            id: common::new_id(),
            to_addr: user.email.clone(),
            subject: "Reset your Giving Console password".into(),
            body: format!(
                "Hello {},\n\nSomeone asked to reset the password of your Giving Console account.\n\
                 Open this link within {minutes} minutes to choose a new one:\n\n{link}\n\n\
                 The link works once. If you did not ask for it, ignore this message.\n",
                user.first_name
            ),
        };
        let mut tx = self.write(&Actor { address: client_ip.to_string(), ..Actor::system() }).await?;
        store::insert_reset(
            &mut tx,
            &tokens::hash_token(&token),
            &user.id,
            common::now_ms() + self.settings.reset_ttl_secs * 1000,
        )
        .await?;
        store::insert_mail(&mut tx, &mail).await?;
        tx.emit(events::PASSWORD_RESET_REQUESTED, &events::Account { id: user.id.clone(), email: user.email.clone() })
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Sets a new password from a mailed link; answers the account's id.
    pub async fn reset_password(&self, token: &str, new: &str) -> Result<String> {
        let mut check = Check::default();
        password_rules(new, "newPassword", "New Password", "New Password is required", &mut check);
        if token.trim().is_empty() {
            check.fail("token", "This password reset link is invalid or has expired.");
        }
        check.done()?;
        let hash = crate::password::hash(new).await?;
        let mut tx = self.write(&Actor::system()).await?;
        let Some(user_id) = store::take_reset(&mut tx, &tokens::hash_token(token.trim())).await? else {
            return Err(Error::field("token", "This password reset link is invalid or has expired."));
        };
        store::set_password(&mut tx, &user_id, &hash).await?;
        Self::end_sessions(&mut tx, &user_id, "").await?;
        tx.emit(events::PASSWORD_RESET, &events::Account { id: user_id.clone(), email: String::new() }).await?;
        tx.commit().await?;
        Ok(user_id)
    }

    // --- sub-admins ---------------------------------------------------------------
    //
    // Every sub-admin call names its caller (ARCHITECTURE section 5), and identity decides
    // from its own records, never from what the request claims:
    // - only the main admin or an active sub-admin holding the call's Sub Admin action may
    //   make it; a nonprofit admin never;
    // - a sub-admin acts (edit, status, delete, two-factor reset) only on a sub-admin whose
    //   rights are all rights it holds itself (equal or weaker: `within`), so it can never
    //   take over, lock out or remove a stronger one; the main admin acts on anyone;
    // - a sub-admin changes only (module, action) pairs it holds itself: on create every
    //   granted pair, on update every pair whose holding changes; Sub Admin pairs count as
    //   not held, so only the main admin grants or removes them;
    // - only the main admin sets another account's password or email: a sub-admin's update
    //   that carries a password, or a changed email, is refused (a reset link mailed to an
    //   address the caller chose would hand it the account);
    // - a sub-admin never edits, deactivates or deletes its own record (its password goes
    //   through change password; anything else through the main admin);
    // - the main admin is not a sub-admin: these calls answer not found for it.
    // A refusal is `Forbidden` and writes nothing.

    /// Checks that `caller` may make a sub-admin call needing the Sub Admin `action`;
    /// answers the rights it holds (`None` for the main admin, who holds everything).
    pub(crate) async fn authorise(&self, caller: &Actor, action: &str) -> Result<Option<Grants>> {
        if !caller.is_known() {
            return Err(Error::Unauthenticated("The caller of this call is unknown".into()));
        }
        let mut c = self.conn().await?;
        let Some(user) =
            store::user_by_id(&mut c, &caller.id).await?.filter(|u| u.is_active && u.admin_type == caller.account_type)
        else {
            return Err(Error::Unauthenticated("Your session has ended. Please sign in again.".into()));
        };
        match user.admin_type.as_str() {
            ADMIN => Ok(None),
            SUB_ADMIN => {
                let held = store::permissions(&mut c, &user.id).await?;
                if !holds(&held, SUB_ADMIN_SLUG, action) {
                    return Err(Error::Forbidden("You are not allowed to do this".into()));
                }
                Ok(Some(held))
            }
            _ => Err(Error::Forbidden("Only the main admin or a sub-admin can manage sub-admins".into())),
        }
    }

    fn parse_sub_admin(input: &SubAdminInput, password_required: bool) -> Result<(String, String, String, Grants)> {
        let mut check = Check::default();
        let first = name(&input.first_name, "firstName", "First Name", &mut check);
        let last = name(&input.last_name, "lastName", "Last Name", &mut check);
        let email = Email::parse(&input.email, "email", "Email is required", &mut check);
        if password_required || !input.password.is_empty() {
            password_rules(&input.password, "password", "Password", "Password is required", &mut check);
        }
        let grants = parse_grants(&input.permissions, &mut check);
        check.done()?;
        Ok((first, last, email.expect("validated").as_str().to_string(), grants))
    }

    /// A sub-admin's event, naming what changed between `before` and the stored `user`.
    async fn emit(
        w: &mut Write<'_>,
        key: &str,
        user: &User,
        before: Option<&SubAdminFields>,
        after: Option<SubAdminFields>,
    ) -> Result<()> {
        let changes = match (before, after) {
            (Some(b), Some(a)) => common::bus::changes(b, &a, &[]),
            _ => Default::default(),
        };
        w.emit(
            key,
            &events::SubAdmin { id: user.id.clone(), email: user.email.clone(), is_active: user.is_active, changes },
        )
        .await
    }

    pub async fn create_sub_admin(&self, caller: &Actor, input: SubAdminInput) -> Result<(User, Grants)> {
        let held = self.authorise(caller, "add").await?;
        let (first, last, email, grants) = Self::parse_sub_admin(&input, true)?;
        check_grant_change(held.as_ref(), &[], &grants)?;
        let user = User {
            id: common::new_id(),
            email,
            password_hash: crate::password::hash(&input.password).await?,
            first_name: first,
            last_name: last,
            admin_type: SUB_ADMIN.into(),
            charity_id: None,
            is_active: true,
            session_version: 1,
            created_at: common::now_ms(),
        };
        let mut tx = self.write(caller).await?;
        store::insert_user(&mut tx, &user).await.map_err(conflict_on_email)?;
        store::replace_permissions(&mut tx, &user.id, &grants).await?;
        Self::emit(&mut tx, events::SUB_ADMIN_CREATED, &user, None, None).await?;
        tx.commit().await?;
        Ok((user, grants))
    }

    pub async fn update_sub_admin(&self, caller: &Actor, id: &str, input: SubAdminInput) -> Result<(User, Grants)> {
        let held = self.authorise(caller, "edit").await?;
        not_self(caller, held.as_ref(), id, "You cannot edit your own account: ask the main admin")?;
        if held.is_some() && !input.password.is_empty() {
            return Err(Error::Forbidden(ONLY_MAIN_ADMIN_PASSWORD.into()));
        }
        let (first, last, email, grants) = Self::parse_sub_admin(&input, false)?;
        let hash = if input.password.is_empty() { None } else { Some(crate::password::hash(&input.password).await?) };
        let mut tx = self.write(caller).await?;
        let existing =
            store::user_by_id(&mut tx, id).await?.filter(|u| u.admin_type == SUB_ADMIN).ok_or_else(not_found)?;
        let before = store::permissions(&mut tx, id).await?;
        within(held.as_ref(), &before)?;
        if held.is_some() && email != existing.email {
            return Err(Error::Forbidden(ONLY_MAIN_ADMIN_EMAIL.into()));
        }
        check_grant_change(held.as_ref(), &before, &grants)?;
        let fields_before = fields(&existing, before, false);
        store::update_profile(&mut tx, id, &first, &last, &email).await.map_err(conflict_on_email)?;
        store::replace_permissions(&mut tx, id, &grants).await?;
        let password_changed = hash.is_some();
        if let Some(h) = hash {
            store::set_password(&mut tx, id, &h).await?;
            Self::end_sessions(&mut tx, id, &existing.email).await?;
        }
        let user = store::user_by_id(&mut tx, id).await?.unwrap_or(existing);
        let fields_after = fields(&user, grants.clone(), password_changed);
        Self::emit(&mut tx, events::SUB_ADMIN_UPDATED, &user, Some(&fields_before), Some(fields_after)).await?;
        tx.commit().await?;
        Ok((user, grants))
    }

    pub async fn delete_sub_admin(&self, caller: &Actor, id: &str) -> Result<()> {
        let held = self.authorise(caller, "delete").await?;
        not_self(caller, held.as_ref(), id, "You cannot delete your own account")?;
        let mut tx = self.write(caller).await?;
        let user = store::user_by_id(&mut tx, id).await?.filter(|u| u.admin_type == SUB_ADMIN).ok_or_else(not_found)?;
        within(held.as_ref(), &store::permissions(&mut tx, id).await?)?;
        Self::end_sessions(&mut tx, id, &user.email).await?;
        store::delete_user(&mut tx, id).await?;
        Self::emit(&mut tx, events::SUB_ADMIN_DELETED, &user, None, None).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn set_sub_admin_status(&self, caller: &Actor, id: &str, active: bool) -> Result<User> {
        let held = self.authorise(caller, "status").await?;
        not_self(caller, held.as_ref(), id, "You cannot change your own permissions or status")?;
        let mut tx = self.write(caller).await?;
        let existing =
            store::user_by_id(&mut tx, id).await?.filter(|u| u.admin_type == SUB_ADMIN).ok_or_else(not_found)?;
        within(held.as_ref(), &store::permissions(&mut tx, id).await?)?;
        store::set_active(&mut tx, id, active).await?;
        if !active {
            Self::end_sessions(&mut tx, id, &existing.email).await?;
        }
        let user = store::user_by_id(&mut tx, id).await?.ok_or_else(not_found)?;
        let (before, after) = (fields(&existing, vec![], false), fields(&user, vec![], false));
        Self::emit(&mut tx, events::SUB_ADMIN_STATUS_CHANGED, &user, Some(&before), Some(after)).await?;
        tx.commit().await?;
        Ok(user)
    }

    /// The display names of admin accounts ("First Last"; the main admin without a name is
    /// "Main Admin"); unknown ids are left out. At most 100 ids.
    pub async fn account_names(&self, ids: &[String]) -> Result<Vec<(String, String)>> {
        if ids.len() > 100 {
            return Err(Error::field("ids", "At most 100 accounts at once"));
        }
        let mut c = self.conn().await?;
        let mut out = Vec::new();
        for id in ids {
            if let Some(u) = store::user_by_id(&mut c, id).await? {
                let name = format!("{} {}", u.first_name.trim(), u.last_name.trim()).trim().to_string();
                let name = if name.is_empty() && u.admin_type != SUB_ADMIN { "Main Admin".to_string() } else { name };
                out.push((u.id, name));
            }
        }
        Ok(out)
    }

    pub async fn get_sub_admin(&self, caller: &Actor, id: &str) -> Result<(User, Grants)> {
        self.authorise(caller, "view").await?;
        let mut c = self.conn().await?;
        let user = store::user_by_id(&mut c, id).await?.filter(|u| u.admin_type == SUB_ADMIN).ok_or_else(not_found)?;
        let grants = store::permissions(&mut c, id).await?;
        Ok((user, grants))
    }

    /// A page of sub-admins, each with its grants (the console offers a row's actions only
    /// where the caller may act on it: `within`).
    pub async fn list_sub_admins(&self, caller: &Actor, q: &Page) -> Result<(Vec<(User, Grants)>, i64)> {
        self.authorise(caller, "view").await?;
        let mut check = Check::default();
        let paging = q.check(store::sort_column, &mut check);
        check.done()?;
        let mut c = self.conn().await?;
        let (users, total) = store::list_sub_admins(&mut c, q.search.trim(), paging.expect("checked")).await?;
        let mut grants = store::permissions_of(&mut c, &users.iter().map(|u| u.id.clone()).collect::<Vec<_>>()).await?;
        Ok((
            users
                .into_iter()
                .map(|u| {
                    let g = grants.remove(&u.id).unwrap_or_default();
                    (u, g)
                })
                .collect(),
            total,
        ))
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

/// 429 naming the wait: "Too many {what}. Please try again in N seconds."
pub(crate) fn throttled(what: &str, ms: i64) -> Error {
    let secs = throttle::secs(ms);
    let unit = if secs == 1 { "second" } else { "seconds" };
    Error::TooManyAttempts(format!("Too many {what}. Please try again in {secs} {unit}."), secs)
}

const SUB_ADMIN_SLUG: &str = "/sub_admin";

fn holds(grants: &[(String, Vec<String>)], slug: &str, action: &str) -> bool {
    grants.iter().any(|(s, a)| s == slug && a.iter().any(|x| x == action))
}

/// Checks that a caller holding `held` (`None`: the main admin) may change a sub-admin's
/// grants from `before` to `after` (a create changes them from nothing): every pair whose
/// holding changes must be one the caller holds, and Sub Admin pairs only the main admin
/// changes.
pub fn check_grant_change(
    held: Option<&Grants>,
    before: &[(String, Vec<String>)],
    after: &[(String, Vec<String>)],
) -> Result<()> {
    let Some(held) = held else { return Ok(()) };
    let mut refusal = None;
    for m in proto::modules::all() {
        for a in &m.actions {
            let granted = holds(after, &m.slug, a);
            if holds(before, &m.slug, a) == granted {
                continue;
            }
            if m.slug == SUB_ADMIN_SLUG {
                return Err(Error::Forbidden(if granted {
                    "Only the main admin can grant Sub Admin permissions".into()
                } else {
                    "Only the main admin can remove Sub Admin permissions".into()
                }));
            }
            if !holds(held, &m.slug, a) && refusal.is_none() {
                refusal = Some(if granted {
                    "You can only grant permissions you hold yourself"
                } else {
                    "You can only remove permissions you hold yourself"
                });
            }
        }
    }
    refusal.map_or(Ok(()), |m| Err(Error::Forbidden(m.into())))
}

pub const STRONGER_TARGET: &str = "This sub-admin holds permissions you do not hold: ask the main admin";
pub const ONLY_MAIN_ADMIN_PASSWORD: &str = "Only the main admin can set another account's password";
pub const ONLY_MAIN_ADMIN_EMAIL: &str = "Only the main admin can change another account's email";

/// Checks that a caller holding `held` (`None`: the main admin) may act on a sub-admin
/// holding `target`: every (module, action) pair of the target is one the caller holds,
/// Sub Admin pairs included.
pub(crate) fn within(held: Option<&Grants>, target: &[(String, Vec<String>)]) -> Result<()> {
    let Some(held) = held else { return Ok(()) };
    let covered = target.iter().all(|(slug, actions)| actions.iter().all(|a| holds(held, slug, a)));
    if covered { Ok(()) } else { Err(Error::Forbidden(STRONGER_TARGET.into())) }
}

/// A sub-admin never changes its own record through the sub-admin calls.
pub(crate) fn not_self(caller: &Actor, held: Option<&Grants>, target: &str, message: &str) -> Result<()> {
    if held.is_some() && caller.id == target { Err(Error::Forbidden(message.into())) } else { Ok(()) }
}

pub(crate) fn not_found() -> Error {
    Error::NotFound("Sub admin not found".into())
}

pub(crate) fn conflict_on_email(e: sqlx::Error) -> Error {
    unique_as(e, "Email already exists")
}

/// What a sub-admin's update event compares.
fn fields(u: &User, permissions: Grants, password_changed: bool) -> SubAdminFields {
    SubAdminFields {
        first_name: u.first_name.clone(),
        last_name: u.last_name.clone(),
        email: u.email.clone(),
        is_active: u.is_active,
        permissions: permissions.into_iter().map(|(slug, actions)| events::Permission { slug, actions }).collect(),
        password_changed,
    }
}

/// How many more attempts an account gets from every address together than from one.
pub const ACCOUNT_WIDE_FACTOR: i64 = 10;

/// An Argon2id hash of a random password, verified against when the email is unknown.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0mBS2Ad4wQdtcnkvvu2k4kB4N6b0mOUsaeTjwIFFS6g";
