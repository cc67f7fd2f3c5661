//! Donations: recording one (with its fees, idempotent on the provider's reference), charging a
//! subscription, refunds, and the transaction list and export. Every change and its events go
//! through one `common::write`.
//!
//! What a succeeded transaction counts for is kept in the SAME write as the row: the donor's
//! totals, the (donor, recipient) row, the month's rollup, the counters and the badges the
//! donor now earns. A refund takes the same amounts back. Reads never sum transactions.

use crate::badges::award;
use crate::counters_store;
use crate::donor_totals_store::{self, RecipientRef};
use crate::events;
use crate::fees;
use crate::gifts::{DONOR_INACTIVE, RECIPIENT_TYPES, Recipient, amount, currency, recipient, when};
use crate::recipient_months_store;
use crate::service::Giving;
use crate::subscriptions::{interval_months, sub_event, sub_not_found};
use crate::subscriptions_store::{self, Subscription};
use crate::transaction::{self, Transaction};
use crate::transactions_store;
use common::Actor;
use common::db::{Backend, Sql, is_unique_violation};
use common::error::{Check, Error, Result};
use common::paging::Page;
use common::write::Write;

pub const TRANSACTION_NOT_FOUND: &str = "Transaction not found";
pub const PAYMENT_METHODS: [&str; 5] = ["card", "ach", "paypal", "apple_pay", "google_pay"];
pub const STATUSES: [&str; 4] = ["succeeded", "pending", "failed", "refunded"];
pub const TYPES: [&str; 2] = ["one_time", "recurring"];

/// A donation as the donation side reports it.
#[derive(Debug, Clone, Default)]
pub struct DonationInput {
    pub donor_id: String,
    pub recipient: Recipient,
    pub amount_cents: i64,
    /// ISO 4217; "USD" when empty.
    pub currency: String,
    pub payment_method: String,
    pub provider_reference: String,
    /// "succeeded" when empty, "pending" or "failed".
    pub status: String,
    /// Now when 0.
    pub created_at: i64,
}

#[derive(Debug, Clone, Default)]
pub struct ChargeInput {
    pub subscription_id: String,
    pub payment_method: String,
    pub provider_reference: String,
    /// Now when 0.
    pub charged_at: i64,
}

/// A transaction list query: the page and the filters as asked (empty or 0 means any). The
/// search is the page's: the filter's own `search` is not read.
#[derive(Debug, Clone, Default)]
pub struct TxQuery {
    pub page: Page,
    pub filter: transaction::TxFilter,
}

fn payment_method(raw: &str, check: &mut Check) -> String {
    let m = raw.trim().to_lowercase();
    if !PAYMENT_METHODS.contains(&m.as_str()) {
        check.fail("paymentMethod", "Payment method must be one of card, ach, paypal, apple_pay, google_pay");
    }
    m
}

fn reference(raw: &str, check: &mut Check) -> String {
    let r = raw.trim().to_string();
    if r.is_empty() {
        check.fail("providerReference", "Provider reference is required");
    } else if r.chars().count() > 200 {
        check.fail("providerReference", "Provider reference must be at most 200 characters");
    }
    r
}

fn tx_not_found() -> Error {
    Error::NotFound(TRANSACTION_NOT_FOUND.into())
}

fn tx_event(t: &Transaction) -> events::Transaction {
    events::Transaction {
        id: t.id.clone(),
        donor_id: t.donor_id.clone(),
        recipient_type: t.recipient_type.clone(),
        recipient_id: t.recipient_id.clone(),
        amount_cents: t.amount_cents,
        net_cents: t.net_cents,
        currency: t.currency.clone(),
        status: t.status.clone(),
        kind: t.kind.clone(),
        subscription_id: t.subscription_id.clone(),
        receipt_number: t.receipt_number.clone(),
    }
}

/// The amounts a succeeded transaction counts for (negated by a refund), and, when it
/// counts (`sign` 1), every active badge the donor's new totals meet and it has not earned yet
/// is awarded (once per donor), with its event. A badge created or changed later is awarded
/// on the donor's next recorded transaction.
/// `day`: the transaction's day count to change in the same statement, when the caller has one.
/// `begun`: see [`donor_totals_store::add_donor_figures`]; its error is the statement's, as the database gave it.
async fn count(
    w: &mut Write<'_>,
    t: &Transaction,
    sign: i64,
    months_subscribed: i64,
    day: Option<(&Transaction, &str, i64)>,
    begun: Option<Sql>,
) -> std::result::Result<Result<()>, sqlx::Error> {
    let recurring = t.kind == "recurring";
    let counters = [("donations", sign), ("amount_cents", sign * t.amount_cents)];
    let d = donor_totals_store::DonorDeltas {
        donor_id: &t.donor_id,
        recipient: RecipientRef { kind: &t.recipient_type, id: &t.recipient_id, name: &t.recipient_name },
        cents: sign * t.amount_cents,
        count: sign,
        months: sign * months_subscribed,
        one_time_count: if recurring { 0 } else { sign },
        one_time_cents: if recurring { 0 } else { sign * t.amount_cents },
        recurring_cents: if recurring { sign * t.amount_cents } else { 0 },
        at: t.created_at,
        kept: counters_store::KeptDeltas {
            day,
            month: Some((fees::year_month(t.created_at), 0, sign, sign * t.amount_cents)),
            counters: &counters,
        },
    };
    let figured = donor_totals_store::add_donor_figures(w, d, sign > 0, begun).await?;
    if let Err(e) = first_gift_moved(w, t, sign, figured.pair).await {
        return Ok(Err(e.into()));
    }
    Ok(award(w, t, figured.due).await)
}

/// Keeps the month a donor counts in for the recipient (its first succeeded gift there) when
/// `t` moved it; `add_donor_figures` counted a first gift to a pair that held none already.
/// A succeeded gift dated before the pair's first (a back-dated record) moves the donor to
/// its month; a refund that leaves the pair without a gift takes the donor away, and a refund
/// of its first gift moves it to the next one. Runs after the donor's row was written, so a
/// concurrent write of the same donor waits for this one (the reads below see every gift).
async fn first_gift_moved(
    w: &mut Write<'_>,
    t: &Transaction,
    sign: i64,
    pair: donor_totals_store::PairAfter,
) -> sqlx::Result<()> {
    let (donor, recipient) = (t.donor_id.as_str(), t.recipient_id.as_str());
    if sign > 0 {
        // The pair held a gift before and takes this one's time: an earlier first gift, or
        // one at the same instant (then nothing moves).
        if pair.given > t.amount_cents
            && pair.first_given_at == t.created_at
            && let Some(before) = recipient_months_store::first_gift(w, donor, recipient, &t.id).await?
            && before > t.created_at
        {
            recipient_months_store::move_recipient_donor(w, recipient, before, t.created_at).await?;
        }
        return Ok(());
    }
    if pair.given == 0 {
        if pair.first_given_at != 0 {
            recipient_months_store::move_recipient_donor(w, recipient, pair.first_given_at, 0).await?;
            recipient_months_store::set_first_given_at(w, donor, recipient, 0).await?;
        }
    } else if pair.first_given_at == t.created_at {
        // `t` is refunded already: the first of the gifts left.
        let next = recipient_months_store::first_gift(w, donor, recipient, &t.id).await?.unwrap_or(0);
        if next != pair.first_given_at {
            recipient_months_store::move_recipient_donor(w, recipient, pair.first_given_at, next).await?;
            recipient_months_store::set_first_given_at(w, donor, recipient, next).await?;
        }
    }
    Ok(())
}

/// A valid donation, ready to be recorded.
struct Donation {
    donor_id: String,
    recipient: Recipient,
    amount_cents: i64,
    currency: String,
    payment_method: String,
    provider_reference: String,
    status: String,
    created_at: i64,
}

fn parse_donation(i: &DonationInput, check: &mut Check) -> Donation {
    if i.donor_id.trim().is_empty() {
        check.fail("donorId", "Please choose a donor");
    }
    let r = recipient(&i.recipient, check);
    amount(i.amount_cents, check);
    let status = match i.status.trim().to_lowercase().as_str() {
        "" | "succeeded" => "succeeded".to_string(),
        s @ ("pending" | "failed") => s.to_string(),
        _ => {
            check.fail("status", "Status must be succeeded, pending or failed");
            String::new()
        }
    };
    Donation {
        donor_id: i.donor_id.trim().to_string(),
        recipient: r,
        amount_cents: i.amount_cents,
        currency: currency(&i.currency, check),
        payment_method: payment_method(&i.payment_method, check),
        provider_reference: reference(&i.provider_reference, check),
        status,
        created_at: when(i.created_at, "createdAt", check),
    }
}

impl Giving {
    async fn by_reference(&self, reference: &str) -> Result<Option<Transaction>> {
        Ok(transactions_store::transaction_by_reference(&mut *self.db.pool.acquire().await?, reference).await?)
    }

    /// Records `d` (one-time, or a charge of `sub`) in one write: the row with its fees at the
    /// settings in force, the totals, rollups, counters, badges and events. A provider
    /// reference already recorded answers the first record (also when two arrive at once: the
    /// unique index refuses the second, which then reads the first).
    async fn record(&self, d: Donation, sub_id: Option<&str>, actor: &Actor) -> Result<Transaction> {
        let mut w = self.begin(actor).await?;
        let found = donor_totals_store::donation_lookup(
            &mut w,
            &d.provider_reference,
            &d.donor_id,
            &d.recipient.id,
            sub_id.is_none(),
        )
        .await?;
        if found.recorded
            && let Some(t) = transactions_store::transaction_by_reference(&mut w, &d.provider_reference).await?
        {
            w.rollback().await?;
            return Ok(t);
        }
        let sub = match sub_id {
            Some(id) => {
                let s = subscriptions_store::get_subscription(&mut w, id).await?.ok_or_else(sub_not_found)?;
                if s.status != "active" {
                    return Err(Error::field("subscriptionId", "Only an active subscription can be charged"));
                }
                Some(s)
            }
            None => None,
        };
        let (donor_id, first_name, last_name, email, active) =
            found.donor.ok_or_else(|| Error::NotFound(crate::service::NOT_FOUND.into()))?;
        if !active {
            return Err(Error::field("donorId", DONOR_INACTIVE));
        }
        let seq = match found.receipt {
            Some(seq) => seq,
            None => counters_store::next_receipt(&mut w).await?,
        };
        let settings = (found.processing_fee_bp, found.service_charge_bp);
        let c = fees::charges(d.amount_cents, settings.0, settings.1);
        let (year, _) = fees::year_month(d.created_at);
        let t = Transaction {
            id: common::new_id(),
            donor_id,
            donor_name: format!("{first_name} {last_name}").trim().to_string(),
            donor_email: email,
            recipient_type: d.recipient.kind,
            recipient_id: d.recipient.id,
            recipient_name: d.recipient.name,
            recipient_deleted: false,
            amount_cents: d.amount_cents,
            currency: d.currency,
            processing_fee_bp: settings.0,
            service_charge_bp: settings.1,
            processing_fee_cents: c.processing_fee_cents,
            service_charge_cents: c.service_charge_cents,
            net_cents: c.net_cents,
            payment_method: d.payment_method,
            status: d.status,
            kind: if sub.is_some() { "recurring".into() } else { "one_time".into() },
            subscription_id: sub.as_ref().map(|s| s.id.clone()).unwrap_or_default(),
            receipt_number: format!("GC-{year}-{seq:06}"),
            provider_reference: d.provider_reference,
            created_at: d.created_at,
            refunded_at: 0,
        };
        let new_name = crate::tx_index::note_recipient(&mut w, &t, found.recipient_key.as_deref()).await?;
        let months = sub.as_ref().map(|s| interval_months(&s.interval)).unwrap_or(0);
        if Backend::of_connection(&w) == Backend::Postgres && t.status == "succeeded" {
            // The common case in one statement: the row, its event, and what it counts for.
            let mut q = Sql::new(Backend::Postgres, "WITH recorded AS (");
            transactions_store::push_insert_transaction(&mut q, &t);
            q.push("), recorded_event AS (");
            w.emit_in(&mut q, events::TRANSACTION_RECORDED, &tx_event(&t))?;
            q.push("), ");
            match count(&mut w, &t, 1, months, Some((&t, &t.status, 1)), Some(q)).await {
                Ok(counted) => counted?,
                Err(e) => return self.recorded_first(w, e, &t.provider_reference).await,
            }
        } else {
            if let Err(e) = transactions_store::insert_transaction(&mut w, &t).await {
                return self.recorded_first(w, e, &t.provider_reference).await;
            }
            w.emit(events::TRANSACTION_RECORDED, &tx_event(&t)).await?;
            if t.status == "succeeded" {
                count(&mut w, &t, 1, months, Some((&t, &t.status, 1)), None).await??;
            } else {
                crate::tx_index::count_day(&mut w, &t, &t.status, 1).await?;
            }
        }
        if let Some(s) = sub {
            let next = fees::add_months(s.next_charge_at, interval_months(&s.interval));
            subscriptions_store::charged(&mut w, &s.id, next).await?;
            let s = Subscription { charges_count: s.charges_count + 1, next_charge_at: next, ..s };
            w.emit(events::SUBSCRIPTION_CHARGED, &sub_event(&s, &t.id)).await?;
        }
        w.commit().await?;
        self.days.changed();
        if new_name {
            self.days.names_changed();
        }
        Ok(t)
    }

    /// A donation's write failed with `e`: when its provider reference is recorded already (a
    /// redelivery that ran beside the first, refused by the unique index), the first record.
    async fn recorded_first(&self, w: Write<'_>, e: sqlx::Error, reference: &str) -> Result<Transaction> {
        if is_unique_violation(&e) {
            drop(w);
            if let Some(first) = self.by_reference(reference).await? {
                return Ok(first);
            }
        }
        Err(e.into())
    }

    /// Records a one-time donation (see [`Giving::record`]): the donor must exist and be
    /// active; amounts from 1 cent to $1,000,000.
    pub async fn record_donation(&self, input: &DonationInput, actor: &Actor) -> Result<Transaction> {
        let mut check = Check::default();
        let d = parse_donation(input, &mut check);
        check.done()?;
        self.record(d, None, actor).await
    }

    /// Refunds a succeeded transaction: its amounts leave the totals, rollups and counters.
    pub async fn refund_transaction(&self, id: &str, actor: &Actor) -> Result<Transaction> {
        let mut w = self.begin(actor).await?;
        let t = transactions_store::get_transaction(&mut w, id.trim()).await?.ok_or_else(tx_not_found)?;
        let now = common::now_ms();
        if !transactions_store::set_refunded(&mut w, &t.id, now).await? {
            return Err(Error::field(
                "id",
                &format!("Only a succeeded transaction can be refunded (this one is {})", t.status),
            ));
        }
        crate::tx_index::count_day(&mut w, &t, "succeeded", -1).await?;
        crate::tx_index::count_day(&mut w, &t, "refunded", 1).await?;
        let months = if t.kind == "recurring" {
            subscriptions_store::get_subscription(&mut w, &t.subscription_id)
                .await?
                .map(|s| interval_months(&s.interval))
                .unwrap_or(0)
        } else {
            0
        };
        let trashed = !t.donor_id.is_empty() && crate::trash_store::donor_in_trash(&mut w, &t.donor_id).await?;
        if !t.donor_id.is_empty() && !trashed {
            count(&mut w, &t, -1, months, None, None).await??;
        } else {
            // A deleted donor's transaction, or a trashed one's: only the rollups and counters
            // (the donor left its recipient's donors when it was deleted); a donor in the trash
            // keeps its own totals there for its restore.
            counters_store::add_month(&mut w, fees::year_month(t.created_at), 0, -1, -t.amount_cents).await?;
            let gone = recipient_months_store::RecipientMonth {
                donations: -1,
                amount_cents: -t.amount_cents,
                ..Default::default()
            };
            recipient_months_store::add_recipient_month(&mut w, &t.recipient_id, fees::year_month(t.created_at), gone)
                .await?;
            counters_store::add_counters(&mut w, &[("donations", -1), ("amount_cents", -t.amount_cents)]).await?;
            if trashed {
                crate::trash_store::refund_in_trash(&mut w, &t, months).await?;
            }
        }
        let t = Transaction { status: "refunded".into(), refunded_at: now, ..t };
        w.emit(events::TRANSACTION_REFUNDED, &tx_event(&t)).await?;
        w.commit().await?;
        self.days.changed();
        Ok(t)
    }

    pub async fn get_transaction(&self, id: &str) -> Result<Transaction> {
        transactions_store::get_transaction(&mut *self.db.pool.acquire().await?, id.trim())
            .await?
            .ok_or_else(tx_not_found)
    }

    fn tx_filter(q: &TxQuery, check: &mut Check) -> transaction::TxFilter {
        let one_of = |v: &str, allowed: &[&str], field: &str, check: &mut Check| {
            let v = v.trim().to_lowercase();
            if !v.is_empty() && !allowed.contains(&v.as_str()) {
                check.fail(field, format!("{field} must be one of {}", allowed.join(", ")));
            }
            v
        };
        let f = &q.filter;
        if f.from < 0 {
            check.fail("from", "from must not be negative");
        }
        if f.to < 0 {
            check.fail("to", "to must not be negative");
        }
        if f.from > 0 && f.to > 0 && f.from > f.to {
            check.fail("to", "to must not be before from");
        }
        transaction::TxFilter {
            search: q.page.search.trim().to_lowercase(),
            from: f.from,
            to: f.to,
            status: one_of(&f.status, &STATUSES, "status", check),
            kind: one_of(&f.kind, &TYPES, "type", check),
            recipient_type: one_of(&f.recipient_type, &RECIPIENT_TYPES, "recipientType", check),
            recipient_id: f.recipient_id.trim().to_string(),
            donor_id: f.donor_id.trim().to_string(),
        }
    }

    pub async fn list_transactions(&self, q: &TxQuery) -> Result<crate::tx_index::TxPage> {
        let mut check = Check::default();
        let paging = q.page.check(transaction::tx_sort_column, &mut check);
        let f = Self::tx_filter(q, &mut check);
        check.done()?;
        Ok(transactions_store::list_transactions(&self.db, &self.days, &f, paging.expect("checked")).await?)
    }

    /// Sends every transaction that matches `q` (its filters, search and order; no paging)
    /// into `out` as the database yields them (the Excel export).
    pub async fn export_transactions(&self, q: &TxQuery, out: tokio::sync::mpsc::Sender<Transaction>) -> Result<()> {
        let mut check = Check::default();
        let everything = Page::everything(q.page.search.clone(), q.page.column.clone(), q.page.order.clone());
        let paging = everything.check(transaction::tx_sort_column, &mut check);
        let f = Self::tx_filter(q, &mut check);
        check.done()?;
        let paging = paging.expect("checked");
        let mut c = self.db.pool.acquire().await?;
        Ok(transactions_store::each_transaction(&mut c, &f, paging.column, paging.descending, &out).await?)
    }

    /// Charges an active subscription: a "recurring" transaction recorded like a donation
    /// (idempotent on the provider reference), the next charge one interval later, and the
    /// donor's months subscribed (1 a monthly charge, 12 a yearly one).
    pub async fn charge_subscription(&self, input: &ChargeInput, actor: &Actor) -> Result<Transaction> {
        let mut check = Check::default();
        if input.subscription_id.trim().is_empty() {
            check.fail("subscriptionId", "Please choose a subscription");
        }
        let method = payment_method(&input.payment_method, &mut check);
        let reference = reference(&input.provider_reference, &mut check);
        let at = when(input.charged_at, "chargedAt", &mut check);
        check.done()?;
        if let Some(t) = self.by_reference(&reference).await? {
            return Ok(t);
        }
        let s =
            subscriptions_store::get_subscription(&mut *self.db.pool.acquire().await?, input.subscription_id.trim())
                .await?
                .ok_or_else(sub_not_found)?;
        if s.status != "active" {
            return Err(Error::field("subscriptionId", "Only an active subscription can be charged"));
        }
        let d = Donation {
            donor_id: s.donor_id.clone(),
            recipient: Recipient {
                kind: s.recipient_type.clone(),
                id: s.recipient_id.clone(),
                name: s.recipient_name.clone(),
            },
            amount_cents: s.amount_cents,
            currency: s.currency.clone(),
            payment_method: method,
            provider_reference: reference,
            status: "succeeded".into(),
            created_at: at,
        };
        self.record(d, Some(&s.id), actor).await
    }
}
