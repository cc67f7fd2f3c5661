//! Contact messages: the public site's submission (rate-limited per address), the console's
//! inbox list and the first open that marks a message read.

use crate::contacts_store::{self, ContactMessage};
use crate::error::{Error, Result};
use crate::events;
use crate::service::{Content, paging, required};
use crate::store;
use crate::trash;
use common::Actor;
use common::error::Check;
use common::paging::Page;
use common::rules::{Email, Phone};

/// How many contact messages one address may send in [`CONTACT_WINDOW_MS`].
pub const CONTACT_LIMIT: usize = 5;
pub const CONTACT_WINDOW_MS: i64 = 10 * 60 * 1000;

#[derive(Debug, Clone, Default)]
pub struct ContactInput {
    pub name: String,
    pub email: String,
    pub phone_number: String,
    pub subject: String,
    pub message: String,
}

impl Content {
    /// A public submission from `actor.address`: at most [`CONTACT_LIMIT`] per address in
    /// [`CONTACT_WINDOW_MS`], else 'Too many messages' with the seconds to wait.
    pub async fn submit_contact(&self, i: &ContactInput, actor: &Actor) -> Result<ContactMessage> {
        let mut check = Check::default();
        let name = required(&i.name, "name", "Please enter Name", 100, "Name", &mut check);
        let email = Email::parse(&i.email, "email", "Please enter Email", &mut check)
            .map(Email::into_string)
            .unwrap_or_default();
        let phone = i.phone_number.trim().to_string();
        Phone::parse(&phone, "phoneNumber", None, &mut check);
        let subject = required(&i.subject, "subject", "Please enter Subject", 150, "Subject", &mut check);
        let message = i.message.trim().to_string();
        if message.is_empty() {
            check.fail("message", "Please enter Message");
        } else if message.chars().count() > 5000 {
            check.fail("message", "Message must be at most 5000 characters");
        }
        check.done()?;
        let now = common::now_ms();
        let mut w = self.write(actor).await?;
        contacts_store::lock_address(&mut w, &actor.address).await?;
        let recent = contacts_store::submissions_since(&mut w, &actor.address, now - CONTACT_WINDOW_MS).await?;
        if recent.len() >= CONTACT_LIMIT {
            let free_at = recent[recent.len() - CONTACT_LIMIT] + CONTACT_WINDOW_MS;
            let secs = ((free_at - now).max(1000) + 999) / 1000;
            return Err(Error::TooManyAttempts("Too many messages. Please try again later.".into(), secs as u64));
        }
        let m = ContactMessage {
            id: common::new_id(),
            name,
            email,
            phone_number: phone,
            subject,
            message,
            created_at: now,
            is_read: false,
            read_by: String::new(),
            read_at: 0,
        };
        contacts_store::insert_contact(&mut w, &m, &actor.address).await?;
        contacts_store::count_contacts(&mut w, false, 1).await?;
        w.emit(
            events::CONTACT_RECEIVED,
            &events::Contact { id: m.id.clone(), email: m.email.clone(), subject: m.subject.clone() },
        )
        .await?;
        w.commit().await?;
        Ok(m)
    }

    pub async fn list_contacts(&self, q: &Page, is_read: Option<bool>) -> Result<(Vec<ContactMessage>, i64)> {
        let p = paging(q, contacts_store::contact_column)?;
        Ok(contacts_store::list_contacts(&mut *self.conn().await?, &store::key(&q.search), is_read, p).await?)
    }

    /// One message; the first open by an account marks it read (once).
    pub async fn open_contact(&self, id: &str, actor: &Actor) -> Result<ContactMessage> {
        let m = contacts_store::get_contact(&mut *self.conn().await?, id)
            .await?
            .ok_or_else(|| Error::NotFound("Contact message not found".into()))?;
        if m.is_read || !actor.is_known() {
            return Ok(m);
        }
        let mut w = self.write(actor).await?;
        if contacts_store::mark_read(&mut w, id, &actor.id, common::now_ms()).await? {
            contacts_store::count_contacts(&mut w, false, -1).await?;
            contacts_store::count_contacts(&mut w, true, 1).await?;
            w.emit(
                events::CONTACT_READ,
                &events::Contact { id: m.id.clone(), email: m.email.clone(), subject: m.subject.clone() },
            )
            .await?;
        }
        let m = contacts_store::get_contact(&mut w, id)
            .await?
            .ok_or_else(|| Error::NotFound("Contact message not found".into()))?;
        w.commit().await?;
        Ok(m)
    }

    /// Moves a message to the trash (common::trash): off the inbox and its counts until it is
    /// restored.
    pub async fn delete_contact(&self, id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.write(actor).await?;
        w.lock_row("contact_messages", id).await?;
        let m = contacts_store::get_contact(&mut w, id)
            .await?
            .ok_or_else(|| Error::NotFound("Contact message not found".into()))?;
        let payload = events::Contact { id: m.id.clone(), email: m.email.clone(), subject: m.subject.clone() };
        Self::trash(&mut w, &trash::CONTACT, id, &format!("{}: {}", m.name, m.subject), &payload).await?;
        w.commit().await?;
        Ok(())
    }
}
