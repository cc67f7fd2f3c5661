//! Notifications: the console sends one to every app user (audience 'all') or to the donors
//! of chosen nonprofits and causes ('selected'); the console's history; a member's list with
//! its read flags, and its read markers.
//!
//! Decisions: one stored record plus its audience targets (the chosen ids); per-member read
//! markers written only when a member reads one. The reach is counted by the caller at send
//! time (giving CountDonors: 'all' = the active donors, 'selected' = distinct active donors
//! with a succeeded transaction to any chosen nonprofit or cause) and stored. A member's list
//! is 'all' ones and 'selected' ones naming any recipient it has given to (the caller passes
//! them: giving DonorRecipients).

use crate::events;
use crate::notifications_store::{self, NamedRef, Notification};
use crate::service::{Chat, page_limit};
use common::Actor;
use common::error::{Check, Error, Result};
use common::paging::Page;

pub const NOT_FOUND: &str = "Notification not found";
pub const MAX_TITLE: usize = 100;
pub const MAX_MESSAGE: usize = 1000;
pub const MAX_TARGETS: usize = 50;
pub const ALL: &str = "all";
pub const SELECTED: &str = "selected";

/// A notification as the console sends it: the stored notification's shape, of which the
/// service reads `title` to `reach` (the nonprofits and causes with their names, as the BFF
/// checked them in the catalogue; the reach as giving counted it) and sets the id and time.
pub type NotificationInput = Notification;

/// The checked audience of a send: 'all' or 'selected' with the lists (both empty for 'all').
pub struct Audience {
    pub audience: String,
    pub charities: Vec<NamedRef>,
    pub causes: Vec<NamedRef>,
}

/// Checks a send's audience (the BFF checks the same before counting the reach).
pub fn audience(raw: &str, charities: &[NamedRef], causes: &[NamedRef], check: &mut Check) -> Audience {
    let audience = match raw.trim() {
        "" | ALL => ALL,
        SELECTED => SELECTED,
        _ => {
            check.fail("audience", "Please select a valid audience");
            ALL
        }
    };
    let clean = |list: &[NamedRef]| {
        let mut out: Vec<NamedRef> = Vec::new();
        for r in list {
            let id = r.id.trim();
            if !id.is_empty() && !out.iter().any(|o| o.id == id) {
                out.push(NamedRef { id: id.into(), name: r.name.trim().into() });
            }
        }
        out
    };
    let (charities, causes) = if audience == SELECTED { (clean(charities), clean(causes)) } else { (vec![], vec![]) };
    if audience == SELECTED && charities.is_empty() && causes.is_empty() {
        check.fail("charityIds", "Please select nonprofits or causes");
    }
    if charities.len() > MAX_TARGETS {
        check.fail("charityIds", format!("Please select at most {MAX_TARGETS} nonprofits"));
    }
    if causes.len() > MAX_TARGETS {
        check.fail("causeIds", format!("Please select at most {MAX_TARGETS} causes"));
    }
    Audience { audience: audience.into(), charities, causes }
}

fn column(c: &str) -> Option<&'static str> {
    match c {
        "" | "createdAt" => Some("created_at"),
        "title" => Some("title_key"),
        "reach" => Some("reach"),
        _ => None,
    }
}

impl Chat {
    /// Stores a notification with its targets (chat.notification.sent). Checked: title
    /// 'Please enter Title' (trimmed, at most 100), message 'Please enter Message' (at most
    /// 1000), the audience (see [`audience`]).
    pub async fn send_notification(&self, input: &NotificationInput, actor: &Actor) -> Result<Notification> {
        let mut check = Check::default();
        let title = input.title.trim();
        if title.is_empty() {
            check.fail("title", "Please enter Title");
        } else if title.chars().count() > MAX_TITLE {
            check.fail("title", format!("Title must be at most {MAX_TITLE} characters"));
        }
        let message = input.message.trim();
        if message.is_empty() {
            check.fail("message", "Please enter Message");
        } else if message.chars().count() > MAX_MESSAGE {
            check.fail("message", format!("Message must be at most {MAX_MESSAGE} characters"));
        }
        let a = audience(&input.audience, &input.charities, &input.causes, &mut check);
        if input.reach < 0 {
            check.fail("reach", "reach must be 0 or more");
        }
        check.done()?;
        let n = Notification {
            id: common::new_id(),
            title: title.into(),
            message: message.into(),
            audience: a.audience,
            charities: a.charities,
            causes: a.causes,
            sender_id: if input.sender_id.trim().is_empty() { actor.id.clone() } else { input.sender_id.trim().into() },
            sender_name: input.sender_name.trim().into(),
            reach: input.reach,
            created_at: common::now_ms(),
        };
        let mut w = self.begin(actor).await?;
        notifications_store::insert_notification(&mut w, &n).await?;
        let payload = events::Notification {
            id: n.id.clone(),
            title: n.title.clone(),
            audience: n.audience.clone(),
            charity_ids: n.charities.iter().map(|r| r.id.clone()).collect(),
            cause_ids: n.causes.iter().map(|r| r.id.clone()).collect(),
            reach: n.reach,
            created_at: n.created_at,
        };
        w.emit(events::NOTIFICATION_SENT, &payload).await?;
        w.commit().await?;
        Ok(n)
    }

    /// The console's history: newest first by default; search on title (contains,
    /// case-insensitive); sort columns createdAt, title, reach.
    pub async fn list_notifications(&self, page: &Page) -> Result<(Vec<Notification>, i64)> {
        let mut check = Check::default();
        let p = page.check(column, &mut check);
        check.done()?;
        let p = p.ok_or_else(|| Error::field("page", "Invalid page"))?;
        let mut c = self.read().await?;
        Ok(notifications_store::list_notifications(
            &mut c,
            &page.search.trim().to_lowercase(),
            p.column,
            p.descending,
            p.limit,
            p.offset,
        )
        .await?)
    }

    /// The notifications that reach a member (see the module), newest first, with its read
    /// flags. `recipients`: the ids of the nonprofits and causes it has given to.
    pub async fn member_notifications(
        &self,
        member_id: &str,
        recipients: &[String],
        page: i64,
        limit: i64,
    ) -> Result<(Vec<(Notification, bool)>, i64)> {
        let mut check = Check::default();
        let (limit, offset) = page_limit(page, limit, 10, 50, &mut check);
        if member_id.trim().is_empty() {
            check.fail("memberId", "Please select a user");
        }
        check.done()?;
        let mut targets: Vec<String> =
            recipients.iter().map(|r| r.trim().to_string()).filter(|r| !r.is_empty()).collect();
        targets.sort();
        targets.dedup();
        targets.truncate(1000);
        let mut c = self.read().await?;
        Ok(notifications_store::member_notifications(&mut c, member_id.trim(), &targets, limit, offset).await?)
    }

    /// Marks a notification read by a member (once; a second read changes nothing).
    pub async fn mark_notification_read(&self, member_id: &str, notification_id: &str, actor: &Actor) -> Result<()> {
        if member_id.trim().is_empty() {
            return Err(Error::field("memberId", "Please select a user"));
        }
        let mut w = self.begin(actor).await?;
        notifications_store::get_notification(&mut w, notification_id.trim())
            .await?
            .ok_or_else(|| Error::NotFound(NOT_FOUND.into()))?;
        let read_at = common::now_ms();
        notifications_store::mark_notification_read(&mut w, member_id.trim(), notification_id.trim(), read_at).await?;
        let read =
            events::NotificationRead { id: notification_id.trim().into(), user_id: member_id.trim().into(), read_at };
        w.emit(events::NOTIFICATION_READ, &read).await?;
        w.commit().await?;
        Ok(())
    }
}
