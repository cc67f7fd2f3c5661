//! Passwords: an account's change of its own password, and the forgotten-password path
//! (a throttled request mails a single-use reset link; the link sets a new password).
//! Either ends every session of the account. Hashing is `password_hash`'s; the SQL of
//! reset links is `passwords_store`.

use crate::error::{Error, Result};
use crate::events;
use crate::mail_store::{self, Mail};
use crate::passwords_store;
use crate::service::{Identity, throttled};
use crate::store;
use crate::throttle_store::{self, Claim, Policy};
use crate::validate::{Check, Email, password_rules};
use common::Actor;

impl Identity {
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
        // Not held while the hashes are worked out, nor while the write waits for a connection.
        drop(c);
        if !crate::password_hash::verify(current, &user.password_hash).await {
            return Err(Error::field("currentPassword", "Old Password is incorrect"));
        }
        let hash = crate::password_hash::hash(new).await?;
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
            if let Claim::Wait(ms) = throttle_store::claim(&mut c, &key, policy(free), now, true).await? {
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
        let mail = Mail {
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
        passwords_store::insert_reset(
            &mut tx,
            &tokens::hash_token(&token),
            &user.id,
            common::now_ms() + self.settings.reset_ttl_secs * 1000,
        )
        .await?;
        mail_store::insert_mail(&mut tx, &mail).await?;
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
        let hash = crate::password_hash::hash(new).await?;
        let mut tx = self.write(&Actor::system()).await?;
        let Some(user_id) = passwords_store::take_reset(&mut tx, &tokens::hash_token(token.trim())).await? else {
            return Err(Error::field("token", "This password reset link is invalid or has expired."));
        };
        store::set_password(&mut tx, &user_id, &hash).await?;
        Self::end_sessions(&mut tx, &user_id, "").await?;
        tx.emit(events::PASSWORD_RESET, &events::Account { id: user_id.clone(), email: String::new() }).await?;
        tx.commit().await?;
        Ok(user_id)
    }
}
