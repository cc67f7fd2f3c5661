//! A nonprofit admin's account follows its nonprofit (ARCHITECTURE section 5: a nonprofit
//! admin sees only its own nonprofit, so without one it sees nothing). The catalogue's events
//! decide it: a nonprofit deactivated or deleted disables its admins' accounts and ends their
//! sessions at once; activated (or restored) again, it gives them back. Nonprofit-admin
//! accounts have no status of their own (no screen toggles one), so `is_active` of such an
//! account is exactly its nonprofit's standing. A redelivered event changes nothing; events
//! are applied by what they say (the nonprofit's `isActive` after the change), so two
//! status changes delivered twice still leave the last one's standing.

use crate::events;
use crate::service::Identity;
use crate::store;
use common::Actor;
use common::bus::{Event, EventHandler};

/// The consumer's name in `processed_events` and its queue.
pub const CONSUMER: &str = "identity.charity-admin-standing";
/// The catalogue events it follows.
pub const EVENTS: [&str; 4] =
    [events::CHARITY_STATUS_CHANGED, events::CHARITY_TRASHED, events::CHARITY_DELETED, events::CHARITY_RESTORED];

pub struct Standing(pub Identity);

impl Identity {
    /// Sets the standing of every admin account of `charity_id`: disabled ones have their
    /// sessions ended. Answers how many accounts changed. Runs in the write `w`.
    pub(crate) async fn set_charity_admins_active(
        w: &mut common::write::Write<'_>,
        charity_id: &str,
        active: bool,
    ) -> crate::error::Result<usize> {
        let changed = store::set_charity_admins_active(w, charity_id, active).await?;
        for (id, email) in &changed {
            if !active {
                Self::end_sessions(w, id, email).await?;
            }
            let payload = events::CharityAdmin {
                id: id.clone(),
                email: email.clone(),
                charity_id: charity_id.to_string(),
                is_active: active,
            };
            w.emit(events::CHARITY_ADMIN_STATUS_CHANGED, &payload).await?;
        }
        Ok(changed.len())
    }
}

#[async_trait::async_trait]
impl EventHandler for Standing {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        let p: events::Charity = event.payload_as()?;
        if p.id.is_empty() {
            return Ok(());
        }
        let active = match event.event_type.as_str() {
            events::CHARITY_TRASHED | events::CHARITY_DELETED => false,
            _ => p.is_active,
        };
        let mut w = self.0.write(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, &event.id).await? {
            return Ok(());
        }
        let n = Identity::set_charity_admins_active(&mut w, &p.id, active).await?;
        w.commit().await?;
        if n > 0 {
            tracing::info!(charity = %p.id, active, accounts = n, "nonprofit admins follow their nonprofit");
        }
        Ok(())
    }
}
