//! Giving's trash (common::trash): donors, giving partners and badges. A delete moves the
//! record's rows to their tables' twins, so every list, count, total, search, audience and
//! export of the service drops it (SQLite's donor-name index sees a delete); a restore moves
//! them back, with what the delete changed beside them; a purge deletes them for good with the
//! `deleted` event they had before the trash.
//!
//! - A donor takes its (donor, recipient) rows (out of the Subscribed Donor tabs' counts and
//!   its recipients' donors) and its awards (out of their badges' counts) with it, leaves the
//!   donor counters and its join month's new donors, and its active subscriptions are
//!   cancelled (their ids kept in the entry's detail: a restore makes exactly those active
//!   again). Its transactions stay as they are (the money moved), named as it was, and can be
//!   refunded meanwhile (the trash keeps its totals right: trash_store.rs). Chat and
//!   engagement hear `giving.donor.trashed` / `restored`; the purge anonymises the
//!   transactions and sends `giving.donor.deleted`, on which they let go of it for good.
//! - A giving partner leaves the pending or approved counter.
//! - A badge takes its awards with it; no donor earns it while it is in the trash. An award
//!   waits in the trash while its donor or its badge does, and comes back with the last of
//!   the two (a badge's count is then its awards').
//!
//! A restore is refused while another donor or partner took the record's email.

use crate::badges::badge_not_found;
use crate::badges_store::{self, Awards};
use crate::counters_store;
use crate::donor_totals_store;
use crate::events;
use crate::fees;
use crate::partners;
use crate::service::{Giving, not_found};
use crate::store;
use crate::subscriptions_store;
use crate::transactions_store;
use common::Actor;
use common::error::{Error, Result};
use common::trash::{self, Entry};
use serde::{Deserialize, Serialize};

pub const DONOR: &str = "/donor";
pub const PARTNER: &str = "/strategic";
pub const BADGE: &str = "/badge";

/// What a donor's delete changed beside its rows: the subscriptions it cancelled.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
struct DonorDeleted {
    subscriptions: Vec<String>,
}

/// A restore a unique rule refuses, as a conflict saying so.
fn taken(err: sqlx::Error, message: &str) -> Error {
    if common::db::is_unique_violation(&err) { Error::Conflict(message.into()) } else { err.into() }
}

fn not_in_trash() -> Error {
    Error::NotFound(trash::NOT_IN_TRASH.into())
}

impl Giving {
    /// Moves a donor to the trash, with its trashed event.
    pub async fn delete_donor(&self, id: &str, actor: &Actor) -> Result<()> {
        if id.trim().is_empty() {
            return Err(Error::field("id", "id is required"));
        }
        let mut w = self.begin(actor).await?;
        w.lock_row("donors", id).await?;
        let d = store::get(&mut w, id).await?.ok_or_else(not_found)?;
        // Rows first, counters last: the order every money write takes its locks in.
        let cancelled = subscriptions_store::cancel_donor_subscriptions(&mut w, id, common::now_ms()).await?;
        donor_totals_store::count_donor_recipients(&mut w, id, -1).await?;
        trash::move_rows(&mut w, "donor_recipients", "donor_id", id).await?;
        badges_store::count_donor_awards(&mut w, id, -1).await?;
        trash::move_rows(&mut w, "donor_badges", "donor_id", id).await?;
        trash::move_rows(&mut w, "donors", "id", id).await?;
        let counters = [
            ("active_subscriptions", -(cancelled.len() as i64)),
            ("donors", -1),
            ("active_donors", if d.is_active { -1 } else { 0 }),
        ];
        counters_store::add_counters(&mut w, &counters).await?;
        counters_store::add_month(&mut w, fees::year_month(d.created_at), -1, 0, 0).await?;
        let name = format!("{} {}", d.first_name.trim(), d.last_name.trim());
        trash::put(&mut w, DONOR, id, name.trim(), &DonorDeleted { subscriptions: cancelled }).await?;
        Self::emit(&mut w, events::DONOR_TRASHED, &d, None).await?;
        w.commit().await?;
        self.days.names_changed();
        Ok(())
    }

    async fn restore_donor(w: &mut common::write::Write<'_>, e: &Entry) -> Result<()> {
        let id = e.id.as_str();
        // A refund of its transactions running beside this reads or waits for its totals here.
        w.lock_row("donors_trash", id).await?;
        trash::restore_rows(w, "donors", "id", id).await.map_err(|err| {
            taken(err, "Another donor has this email now: this donor cannot be restored while it does")
        })?;
        trash::restore_rows(w, "donor_recipients", "donor_id", id).await?;
        donor_totals_store::count_donor_recipients(w, id, 1).await?;
        badges_store::restore_awards(w, Awards::OfDonor, id).await?;
        badges_store::count_donor_awards(w, id, 1).await?;
        let d = store::get(w, id).await?.ok_or_else(not_found)?;
        let detail: DonorDeleted = e.detail();
        let back = subscriptions_store::reactivate_subscriptions(w, id, &detail.subscriptions).await?;
        let counters =
            [("active_subscriptions", back as i64), ("donors", 1), ("active_donors", if d.is_active { 1 } else { 0 })];
        counters_store::add_counters(w, &counters).await?;
        counters_store::add_month(w, fees::year_month(d.created_at), 1, 0, 0).await?;
        Self::emit(w, events::DONOR_RESTORED, &d, None).await
    }

    async fn purge_donor(w: &mut common::write::Write<'_>, id: &str) -> Result<()> {
        let d = store::get_trashed(w, id).await?.ok_or_else(not_found)?;
        transactions_store::anonymise_transactions(w, id).await?;
        trash::drop_rows(w, "donor_recipients", "donor_id", id).await?;
        trash::drop_rows(w, "donor_badges", "donor_id", id).await?;
        trash::drop_rows(w, "donors", "id", id).await?;
        Self::emit(w, events::DONOR_DELETED, &d, None).await
    }

    /// Moves a giving partner to the trash, with its trashed event.
    pub async fn delete_partner(&self, id: &str, actor: &Actor) -> Result<()> {
        if id.trim().is_empty() {
            return Err(Error::field("strategicPartnerId", "strategicPartnerId is required"));
        }
        let mut w = self.begin(actor).await?;
        w.lock_row("partners", id).await?;
        let p = partners::store::get(&mut w, id).await?.ok_or_else(partners::not_found)?;
        trash::move_rows(&mut w, "partners", "id", id).await?;
        partners::recount(&mut w, Some(&p.admin_verification), None).await?;
        trash::put(&mut w, PARTNER, id, &p.name, &()).await?;
        partners::emit(&mut w, events::PARTNER_TRASHED, &p, None).await?;
        w.commit().await?;
        Ok(())
    }

    /// Moves a badge and its awards to the trash, with its trashed event.
    pub async fn delete_badge(&self, id: &str, actor: &Actor) -> Result<()> {
        let id = id.trim();
        let mut w = self.begin(actor).await?;
        w.lock_row("badges", id).await?;
        let b = badges_store::get_badge(&mut w, id).await?.ok_or_else(badge_not_found)?;
        trash::move_rows(&mut w, "donor_badges", "badge_id", id).await?;
        trash::move_rows(&mut w, "badges", "id", id).await?;
        trash::put(&mut w, BADGE, id, &b.name, &()).await?;
        w.emit(events::BADGE_TRASHED, &Self::badge_event(&b, None)).await?;
        w.commit().await?;
        Ok(())
    }

    pub async fn list_trash(&self, q: &trash::Query) -> Result<(Vec<Entry>, i64)> {
        trash::list(&mut *self.db.pool.acquire().await?, q).await
    }

    /// Puts a record of the trash back, with its restored event.
    pub async fn restore_trashed(&self, module: &str, id: &str, actor: &Actor) -> Result<Entry> {
        if ![DONOR, PARTNER, BADGE].contains(&module) {
            return Err(not_in_trash());
        }
        let mut w = self.begin(actor).await?;
        let e = trash::take(&mut w, module, id).await?;
        match module {
            DONOR => Self::restore_donor(&mut w, &e).await?,
            PARTNER => {
                trash::restore_rows(&mut w, "partners", "id", id).await.map_err(|err| {
                    taken(
                        err,
                        "Another giving partner has this email now: this partner cannot be restored while it does",
                    )
                })?;
                let p = partners::store::get(&mut w, id).await?.ok_or_else(partners::not_found)?;
                partners::recount(&mut w, None, Some(&p.admin_verification)).await?;
                partners::emit(&mut w, events::PARTNER_RESTORED, &p, None).await?;
            }
            _ => {
                trash::restore_rows(&mut w, "badges", "id", id).await?;
                badges_store::restore_awards(&mut w, Awards::OfBadge, id).await?;
                badges_store::recount_awards(&mut w, id).await?;
                let b = badges_store::get_badge(&mut w, id).await?.ok_or_else(badge_not_found)?;
                w.emit(events::BADGE_RESTORED, &Self::badge_event(&b, None)).await?;
            }
        }
        w.commit().await?;
        if module == DONOR {
            self.days.names_changed();
        }
        Ok(e)
    }

    /// Deletes a record of the trash for good, with the deleted event it had before the trash.
    pub async fn purge_trashed(&self, module: &str, id: &str, actor: &Actor) -> Result<Entry> {
        if ![DONOR, PARTNER, BADGE].contains(&module) {
            return Err(not_in_trash());
        }
        let mut w = self.begin(actor).await?;
        let e = trash::take(&mut w, module, id).await?;
        match module {
            DONOR => Self::purge_donor(&mut w, id).await?,
            PARTNER => {
                let p = partners::store::get_trashed(&mut w, id).await?.ok_or_else(partners::not_found)?;
                trash::drop_rows(&mut w, "partners", "id", id).await?;
                partners::emit(&mut w, events::PARTNER_DELETED, &p, None).await?;
            }
            _ => {
                let b = badges_store::get_trashed_badge(&mut w, id).await?.ok_or_else(badge_not_found)?;
                trash::drop_rows(&mut w, "donor_badges", "badge_id", id).await?;
                trash::drop_rows(&mut w, "badges", "id", id).await?;
                w.emit(events::BADGE_DELETED, &Self::badge_event(&b, None)).await?;
            }
        }
        w.commit().await?;
        if module == DONOR {
            self.days.names_changed();
            self.days.changed();
        }
        Ok(e)
    }
}
