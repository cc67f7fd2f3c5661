//! Recurring subscriptions: starting and cancelling one, reading it, and the Subscribed Donor
//! screen's tabs; charging one is a donation (see `donations`).

use crate::counters_store;
use crate::donor_totals_store::{self, RecipientRef};
use crate::events;
use crate::fees;
use crate::gifts::{DONOR_INACTIVE, Recipient, amount, currency, recipient, when};
use crate::recipient_months_store;
use crate::service::Giving;
use crate::store::{self, Donor};
use crate::subscriptions_store::{self, Subscription};
use common::Actor;
use common::error::{Check, Error, Result};
use common::paging::Page;
use common::write::Write;

pub const SUBSCRIPTION_NOT_FOUND: &str = "Subscription not found";

#[derive(Debug, Clone, Default)]
pub struct SubscriptionInput {
    pub donor_id: String,
    pub recipient: Recipient,
    pub amount_cents: i64,
    pub currency: String,
    /// "monthly" or "yearly".
    pub interval: String,
    /// Now when 0.
    pub started_at: i64,
}

pub(crate) fn interval_months(interval: &str) -> i64 {
    if interval == "yearly" { 12 } else { 1 }
}

pub(crate) fn sub_not_found() -> Error {
    Error::NotFound(SUBSCRIPTION_NOT_FOUND.into())
}

pub(crate) fn sub_event(s: &Subscription, transaction_id: &str) -> events::Subscription {
    events::Subscription {
        id: s.id.clone(),
        donor_id: s.donor_id.clone(),
        recipient_id: s.recipient_id.clone(),
        amount_cents: s.amount_cents,
        interval: s.interval.clone(),
        status: s.status.clone(),
        charges_count: s.charges_count,
        next_charge_at: s.next_charge_at,
        transaction_id: transaction_id.to_string(),
    }
}

/// The donor a subscription is for: it exists and is active.
async fn active_donor(w: &mut Write<'_>, id: &str) -> Result<Donor> {
    let d = store::get(w, id).await?.ok_or_else(|| Error::NotFound(crate::service::NOT_FOUND.into()))?;
    if !d.is_active {
        return Err(Error::field("donorId", DONOR_INACTIVE));
    }
    Ok(d)
}

impl Giving {
    pub async fn start_subscription(&self, input: &SubscriptionInput, actor: &Actor) -> Result<Subscription> {
        let mut check = Check::default();
        if input.donor_id.trim().is_empty() {
            check.fail("donorId", "Please choose a donor");
        }
        let r = recipient(&input.recipient, &mut check);
        amount(input.amount_cents, &mut check);
        let cur = currency(&input.currency, &mut check);
        let interval = input.interval.trim().to_lowercase();
        if interval != "monthly" && interval != "yearly" {
            check.fail("interval", "Interval must be monthly or yearly");
        }
        let started_at = when(input.started_at, "startedAt", &mut check);
        check.done()?;
        let mut w = self.begin(actor).await?;
        let donor = active_donor(&mut w, input.donor_id.trim()).await?;
        let s = Subscription {
            id: common::new_id(),
            donor_id: donor.id,
            recipient_type: r.kind,
            recipient_id: r.id,
            recipient_name: r.name,
            amount_cents: input.amount_cents,
            currency: cur,
            next_charge_at: fees::add_months(started_at, interval_months(&interval)),
            interval,
            status: "active".into(),
            started_at,
            charges_count: 0,
            cancelled_at: 0,
        };
        subscriptions_store::insert_subscription(&mut w, &s).await?;
        let rr = RecipientRef { kind: &s.recipient_type, id: &s.recipient_id, name: &s.recipient_name };
        let key = crate::store::name_key(&donor.first_name, &donor.last_name);
        donor_totals_store::add_donor_recipient(&mut w, &s.donor_id, &key, &rr, 0, 0, 0, 1, 0).await?;
        let started = recipient_months_store::RecipientMonth { subscriptions: 1, ..Default::default() };
        recipient_months_store::add_recipient_month(&mut w, &s.recipient_id, fees::year_month(s.started_at), started)
            .await?;
        counters_store::add_counter(&mut w, "active_subscriptions", 1).await?;
        w.emit(events::SUBSCRIPTION_STARTED, &sub_event(&s, "")).await?;
        w.commit().await?;
        Ok(s)
    }

    pub async fn cancel_subscription(&self, id: &str, actor: &Actor) -> Result<Subscription> {
        let mut w = self.begin(actor).await?;
        let s = subscriptions_store::get_subscription(&mut w, id.trim()).await?.ok_or_else(sub_not_found)?;
        let now = common::now_ms();
        if !subscriptions_store::cancel_subscription(&mut w, &s.id, now).await? {
            return Err(Error::field("id", "The subscription is already cancelled"));
        }
        let ended = recipient_months_store::RecipientMonth { subscriptions: -1, ..Default::default() };
        recipient_months_store::add_recipient_month(&mut w, &s.recipient_id, fees::year_month(now), ended).await?;
        counters_store::add_counter(&mut w, "active_subscriptions", -1).await?;
        let s = Subscription { status: "cancelled".into(), cancelled_at: now, ..s };
        w.emit(events::SUBSCRIPTION_CANCELLED, &sub_event(&s, "")).await?;
        w.commit().await?;
        Ok(s)
    }

    pub async fn get_subscription(&self, id: &str) -> Result<Subscription> {
        subscriptions_store::get_subscription(&mut *self.db.pool.acquire().await?, id.trim())
            .await?
            .ok_or_else(sub_not_found)
    }

    /// The Subscribed Donor screen: per donor and recipient, the subscribed tab (recurring
    /// totals) or the one-time tab.
    pub async fn list_donor_totals(
        &self,
        page: &Page,
        subscribed: bool,
    ) -> Result<(Vec<donor_totals_store::DonorTotalsRow>, i64)> {
        let mut check = Check::default();
        let paging = page.check(donor_totals_store::totals_sort_column, &mut check);
        check.done()?;
        let search = page.search.trim().to_lowercase();
        Ok(donor_totals_store::list_donor_totals(
            &mut *self.db.pool.acquire().await?,
            &self.days,
            subscribed,
            &search,
            paging.expect("checked"),
        )
        .await?)
    }
}
