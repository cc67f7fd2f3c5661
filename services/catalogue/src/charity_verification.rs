//! A nonprofit's verification: the console approves an onboarded nonprofit (stamping
//! adminApproveAt) or rejects it with a reason, each with its event in the same transaction.

use crate::charity::{APPROVE, Charity, REJECT, not_found};
use crate::charity_store as store;
use crate::error::{Error, Result};
use crate::events;
use crate::service::Catalogue;
use common::Actor;
use common::error::Check;

impl Catalogue {
    /// Approve (stamps adminApproveAt) or Reject (a reason is required).
    pub async fn change_verification(
        &self,
        id: &str,
        verification: &str,
        reason: &str,
        actor: &Actor,
    ) -> Result<Charity> {
        let mut check = Check::default();
        if id.trim().is_empty() {
            check.fail("charityId", "charityId is required");
        }
        let reason = reason.trim();
        match verification {
            APPROVE => {}
            REJECT if reason.is_empty() => check.fail("rejectReason", "Please Enter Add Reason"),
            REJECT if reason.chars().count() > 1000 => {
                check.fail("rejectReason", "Reason must be at most 1000 characters")
            }
            REJECT => {}
            _ => check.fail("adminVerification", "adminVerification must be Approve or Reject"),
        }
        check.done()?;
        let mut tx = self.write(actor).await?;
        let mut r = store::get(&mut tx, id).await?.ok_or_else(not_found)?;
        let old = r.clone();
        if r.is_imported {
            return Err(Error::field("charityId", "An imported nonprofit must be onboarded before it is verified"));
        }
        if r.admin_verification == verification {
            return Err(Error::Conflict(format!(
                "Nonprofit is already {}",
                if verification == APPROVE { "approved" } else { "rejected" }
            )));
        }
        let now = common::now_ms();
        r.admin_verification = verification.to_string();
        if verification == APPROVE {
            r.reject_reason.clear();
            r.admin_approve_at = Some(now);
        } else {
            r.reject_reason = reason.to_string();
            r.admin_approve_at = None;
        }
        r.updated_at = now;
        store::update(&mut tx, &r).await?;
        let key = if verification == APPROVE { events::CHARITY_VERIFIED } else { events::CHARITY_REJECTED };
        Self::emit_charity(&mut tx, key, &r, Some(&old)).await?;
        let out = self.view(&mut tx, r).await?;
        tx.commit().await?;
        Ok(out)
    }
}
