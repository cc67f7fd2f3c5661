//! Nonprofit-admin invitations. The admin contact of an approved nonprofit gets an account
//! without a password and a single-use, expiring link to set one (mailed like a reset
//! link). Approval sends it by event ([`Invitations`], consuming the catalogue's events);
//! the main admin can send it again from the nonprofit's view, which ends the earlier link.

use crate::error::{Error, Result};
use crate::events;
use crate::mail_store;
use crate::service::Identity;
use crate::store::{self, CHARITY_ADMIN, Link, User};
use crate::validate::{Check, Email, password_rules};
use common::Actor;
use common::bus::{Event, EventHandler};
use sqlx::AnyConnection;

/// What an account waiting for its invitation holds instead of a password hash: it matches
/// no password, so the account cannot sign in until the link is used.
pub const NO_PASSWORD: &str = "";

/// The catalogue events after which a nonprofit is approved: verified, or added (approved by
/// being added).
pub const EVENTS: [&str; 2] = [events::CHARITY_VERIFIED, events::CHARITY_CREATED];

const INVALID_LINK: &str = "This invitation link is invalid or has expired.";

/// Whom to invite: a nonprofit's admin contact.
#[derive(Debug, Clone, Default)]
pub struct Contact {
    pub charity_id: String,
    pub charity_name: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

/// A sent invitation.
#[derive(Debug, Clone)]
pub struct Sent {
    pub user: User,
    pub expires_at: i64,
}

impl Identity {
    /// The main admin (re)sends the invitation of a nonprofit's admin contact; the link goes to
    /// `console_url` (identity's public URL when empty). Any earlier link stops working.
    pub async fn invite_charity_admin(&self, caller: &Actor, contact: &Contact, console_url: &str) -> Result<Sent> {
        if caller.account_type != store::ADMIN {
            return Err(Error::Forbidden("Only the main admin can invite a nonprofit admin".into()));
        }
        let mut tx = self.write(caller).await?;
        let sent =
            self.invite(&mut tx, contact, console_url, false).await?.expect("an invitation is always sent on request");
        tx.emit(events::INVITATION_SENT, &invitation_event(&sent, contact)).await?;
        tx.commit().await?;
        Ok(sent)
    }

    /// Creates (or finds) the nonprofit-admin account of `contact` and writes its link and
    /// mail in `tx`. With `first_only`, an account that already set its password gets nothing
    /// (a nonprofit approved again is not invited again): answers None.
    async fn invite(
        &self,
        tx: &mut AnyConnection,
        contact: &Contact,
        console_url: &str,
        first_only: bool,
    ) -> Result<Option<Sent>> {
        let mut check = Check::default();
        let email = Email::parse(&contact.email, "adminEmail", "Please enter Admin Email", &mut check);
        if contact.charity_id.trim().is_empty() {
            check.fail("charityId", "charityId is required");
        }
        check.done()?;
        let email = email.expect("validated");
        let user = match store::user_by_email(tx, email.as_str()).await? {
            Some(u) if u.admin_type != CHARITY_ADMIN => {
                return Err(Error::Conflict("This email already belongs to an admin account".into()));
            }
            Some(u) if u.charity_id.as_deref() != Some(contact.charity_id.as_str()) => {
                return Err(Error::Conflict("This email is already the admin of another nonprofit".into()));
            }
            Some(u) if first_only && u.password_hash != NO_PASSWORD => return Ok(None),
            Some(u) => u,
            None => {
                let u = User {
                    id: common::new_id(),
                    email: email.as_str().to_string(),
                    password_hash: NO_PASSWORD.into(),
                    first_name: contact.first_name.trim().to_string(),
                    last_name: contact.last_name.trim().to_string(),
                    admin_type: CHARITY_ADMIN.into(),
                    charity_id: Some(contact.charity_id.trim().to_string()),
                    is_active: true,
                    session_version: 1,
                    created_at: common::now_ms(),
                };
                store::insert_user(tx, &u).await.map_err(crate::service::conflict_on_email)?;
                u
            }
        };
        let token = tokens::random_token();
        let expires_at = common::now_ms() + self.settings.invite_ttl_secs * 1000;
        let base = if console_url.trim().is_empty() { &self.settings.console_url } else { console_url };
        let link = format!("{}/set_password/{token}", base.trim_end_matches('/'));
        let days = self.settings.invite_ttl_secs / 86400;
        let lifetime = if days >= 1 {
            format!("{days} day{}", if days == 1 { "" } else { "s" })
        } else {
            format!("{} minutes", self.settings.invite_ttl_secs / 60)
        };
        let nonprofit = if contact.charity_name.trim().is_empty() {
            "your nonprofit".to_string()
        } else {
            contact.charity_name.trim().to_string()
        };
        let mail = mail_store::Mail {
            id: common::new_id(),
            to_addr: user.email.clone(),
            subject: "You are invited to the Giving Console".into(),
            body: format!(
                "Hello {},\n\nYou are the admin of {nonprofit} on the Giving Console.\n\
                 Open this link within {lifetime} to set your password:\n\n{link}\n\n\
                 The link works once. Then sign in as a nonprofit admin with this email.\n",
                user.first_name
            ),
        };
        store::end_links(tx, Link::Invitation, &user.id).await?;
        store::insert_link(tx, Link::Invitation, &tokens::hash_token(&token), &user.id, expires_at).await?;
        mail_store::insert_mail(tx, &mail).await?;
        tracing::info!(user = %user.id, charity = %contact.charity_id, "nonprofit admin invited");
        Ok(Some(Sent { user, expires_at }))
    }

    /// Sets the first password from an invitation link (single use); the account can then
    /// sign in at /charity-signin.
    /// Answers the account's id.
    pub async fn accept_invitation(&self, token: &str, new: &str) -> Result<String> {
        let mut check = Check::default();
        password_rules(new, "newPassword", "New Password", "New Password is required", &mut check);
        if token.trim().is_empty() {
            check.fail("token", INVALID_LINK);
        }
        check.done()?;
        let hash = crate::password_hash::hash(new).await?;
        let mut tx = self.write(&Actor::system()).await?;
        let Some(user_id) = store::take_link(&mut tx, Link::Invitation, &tokens::hash_token(token.trim())).await?
        else {
            return Err(Error::field("token", INVALID_LINK));
        };
        store::set_password(&mut tx, &user_id, &hash).await?;
        Self::end_sessions(&mut tx, &user_id, "").await?;
        store::end_links(&mut tx, Link::Invitation, &user_id).await?;
        tx.emit(events::INVITATION_ACCEPTED, &events::Account { id: user_id.clone(), email: String::new() }).await?;
        tx.commit().await?;
        Ok(user_id)
    }
}

/// The event of a sent invitation (no link in it).
fn invitation_event(sent: &Sent, contact: &Contact) -> events::Invitation {
    events::Invitation {
        id: sent.user.id.clone(),
        email: sent.user.email.clone(),
        charity_id: contact.charity_id.clone(),
        expires_at: sent.expires_at,
    }
}

/// Consumes the catalogue's approvals: the admin contact of a newly approved nonprofit is
/// invited once per event (a redelivered event changes nothing) and once per account.
pub struct Invitations(pub Identity);

/// The consumer's name in `processed_events` and its queue.
pub const CONSUMER: &str = "identity.charity-admin-invitations";

#[async_trait::async_trait]
impl EventHandler for Invitations {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        let p: events::Charity = event.payload_as()?;
        if event.event_type == events::CHARITY_CREATED && p.admin_verification != "Approve" {
            return Ok(());
        }
        let contact = Contact {
            charity_id: p.id,
            charity_name: p.charity_name,
            email: p.admin_email,
            first_name: p.admin_first_name,
            last_name: p.admin_last_name,
        };
        let mut tx = self.0.write(&Actor::system()).await?;
        if !tx.mark_handled(CONSUMER, &event.id).await? {
            return Ok(());
        }
        match self.0.invite(&mut tx, &contact, "", true).await {
            Ok(Some(sent)) => tx.emit(events::INVITATION_SENT, &invitation_event(&sent, &contact)).await?,
            Ok(None) => {}
            // A contact that cannot be invited stays so on every delivery: say why, and only
            // record the event as handled.
            Err(e @ (Error::Validation(_) | Error::Conflict(_))) => {
                tx.rollback().await?;
                tracing::warn!(charity = %contact.charity_id, reason = %e, "nonprofit admin not invited");
                let mut c = self.0.write(&Actor::system()).await?;
                c.mark_handled(CONSUMER, &event.id).await?;
                c.commit().await?;
                return Ok(());
            }
            Err(e) => return Err(anyhow::anyhow!(e).context("inviting a nonprofit admin")),
        }
        tx.commit().await?;
        Ok(())
    }
}
