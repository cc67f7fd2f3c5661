//! The giving service's money side: service-charge settings, transactions (recorded with
//! their fees, idempotent on the provider's reference), refunds, recurring subscriptions,
//! the per-donor and per-recipient totals, the dashboard figures, badges and the consumer of
//! the catalogue's deletions. Every change and its events go through one `common::write`.
//!
//! What a succeeded transaction counts for is kept in the SAME write as the row: the donor's
//! totals, the (donor, recipient) row, the month's rollup, the counters and the badges the
//! donor now earns. A refund takes the same amounts back. Reads never sum transactions.

use crate::events;
use crate::fees;
use crate::money_store::{self as ms, Badge, RecipientRef, Settings, SettingsChange, Subscription, Transaction};
use crate::service::Giving;
use crate::store::{self, Donor};
use common::Actor;
use common::bus::{Event, EventHandler};
use common::db::{Backend, Sql, is_unique_violation};
use common::error::{Check, Error, Result};
use common::paging::Page;
use common::write::Write;

pub const TRANSACTION_NOT_FOUND: &str = "Transaction not found";
pub const SUBSCRIPTION_NOT_FOUND: &str = "Subscription not found";
pub const BADGE_NOT_FOUND: &str = "Badge not found";
pub const DONOR_INACTIVE: &str = "The donor is inactive";
pub const MAX_AMOUNT_CENTS: i64 = 100_000_000;
pub const PAYMENT_METHODS: [&str; 5] = ["card", "ach", "paypal", "apple_pay", "google_pay"];
pub const STATUSES: [&str; 4] = ["succeeded", "pending", "failed", "refunded"];
pub const TYPES: [&str; 2] = ["one_time", "recurring"];
pub const RECIPIENT_TYPES: [&str; 3] = ["charity", "community", "cause"];
/// Badge rules (proto BadgeRule numbers).
pub const RULE_TOTAL_GIVEN: i64 = 1;
/// The setup mark of the starting badges.
const STARTING_BADGES: &str = "starting_badges";

/// The platform's starting badges: (name, rule, threshold, description); thresholds of the
/// total given are in cents.
pub const STARTING_BADGE_SET: [(&str, i64, i64, &str); 5] = [
    ("First Gift", RULE_DONATIONS, 1, "Made a first donation"),
    ("Ten Gifts", RULE_DONATIONS, 10, "Made ten donations"),
    ("$1,000 Given", RULE_TOTAL_GIVEN, 100_000, "Gave $1,000 in total"),
    ("$5,000 Given", RULE_TOTAL_GIVEN, 500_000, "Gave $5,000 in total"),
    ("Year of Giving", RULE_MONTHS_SUBSCRIBED, 12, "Twelve months of a subscription"),
];

pub const RULE_DONATIONS: i64 = 2;
pub const RULE_MONTHS_SUBSCRIBED: i64 = 3;

/// Who receives a donation: kind "charity", "community" or "cause", its id and name (a copy).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recipient {
    pub kind: String,
    pub id: String,
    pub name: String,
}

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

#[derive(Debug, Clone, Default)]
pub struct ChargeInput {
    pub subscription_id: String,
    pub payment_method: String,
    pub provider_reference: String,
    /// Now when 0.
    pub charged_at: i64,
}

/// A transaction list query: the page and the filters (empty or 0 means any).
#[derive(Debug, Clone, Default)]
pub struct TxQuery {
    pub page: Page,
    pub from: i64,
    pub to: i64,
    pub status: String,
    pub kind: String,
    pub recipient_type: String,
    pub recipient_id: String,
    pub donor_id: String,
}

/// A donor's profile page.
#[derive(Debug, Clone)]
pub struct DonorDetail {
    pub donor: Donor,
    pub badges: Vec<EarnedBadge>,
    pub recent_transactions: Vec<Transaction>,
    pub subscriptions: Vec<Subscription>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct EarnedBadge {
    pub badge_id: String,
    pub name: String,
    pub image: String,
    pub awarded_at: i64,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct MonthFigures {
    pub month: i32,
    pub new_donors: i64,
    pub donations: i64,
    pub amount_cents: i64,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Figures {
    pub donors: i64,
    pub active_donors: i64,
    pub donations: i64,
    pub amount_cents: i64,
    pub active_subscriptions: i64,
    pub approved_partners: i64,
    pub pending_partners: i64,
    /// Twelve entries, January first.
    pub months: Vec<MonthFigures>,
}

/// One recipient's figures (a nonprofit admin's dashboard: donations to its nonprofit).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RecipientFigures {
    /// Donors with a succeeded gift to it.
    pub donors: i64,
    /// Its succeeded donations and their amount.
    pub donations: i64,
    pub amount_cents: i64,
    /// Active subscriptions to it.
    pub active_subscriptions: i64,
    /// Twelve entries, January first: `new_donors` are the donors whose first gift to it fell
    /// in the month.
    pub months: Vec<MonthFigures>,
}

/// What a badge form sends. `rule` is 1 total given (threshold in cents), 2 donations,
/// 3 months subscribed; 0 is "not chosen".
#[derive(Debug, Clone, Default)]
pub struct BadgeInput {
    pub name: String,
    pub image: String,
    pub description: String,
    pub is_active: bool,
    pub rule: i64,
    pub threshold: i64,
}

/// The settings with their history, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsView {
    pub settings: Settings,
    pub history: Vec<SettingsChange>,
}

fn recipient(r: &Recipient, check: &mut Check) -> Recipient {
    let kind = r.kind.trim().to_lowercase();
    if !RECIPIENT_TYPES.contains(&kind.as_str()) {
        check.fail("recipientType", "Please choose a recipient type (charity, community or cause)");
    }
    let id = r.id.trim().to_string();
    if id.is_empty() {
        check.fail("recipientId", "Please choose a recipient");
    } else if id.len() > 100 {
        check.fail("recipientId", "Recipient must be at most 100 characters");
    }
    let name = r.name.trim().to_string();
    if name.is_empty() {
        check.fail("recipientName", "Please enter the recipient's name");
    } else if name.chars().count() > 200 {
        check.fail("recipientName", "Recipient name must be at most 200 characters");
    }
    Recipient { kind, id, name }
}

fn amount(cents: i64, check: &mut Check) {
    if !(1..=MAX_AMOUNT_CENTS).contains(&cents) {
        check.fail("amountCents", "Amount must be between $0.01 and $1,000,000.00");
    }
}

fn currency(raw: &str, check: &mut Check) -> String {
    let c = raw.trim().to_uppercase();
    if c.is_empty() {
        return "USD".into();
    }
    if c.len() != 3 || !c.chars().all(|ch| ch.is_ascii_uppercase()) {
        check.fail("currency", "Currency must be a three-letter code such as USD");
    }
    c
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

fn when(ms: i64, field: &str, check: &mut Check) -> i64 {
    if ms < 0 {
        check.fail(field, "Time must not be negative");
    }
    if ms <= 0 { common::now_ms() } else { ms }
}

fn interval_months(interval: &str) -> i64 {
    if interval == "yearly" { 12 } else { 1 }
}

fn tx_not_found() -> Error {
    Error::NotFound(TRANSACTION_NOT_FOUND.into())
}

fn sub_not_found() -> Error {
    Error::NotFound(SUBSCRIPTION_NOT_FOUND.into())
}

fn badge_not_found() -> Error {
    Error::NotFound(BADGE_NOT_FOUND.into())
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

fn sub_event(s: &Subscription, transaction_id: &str) -> events::Subscription {
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

/// The donor a donation or subscription is for: it exists and is active.
async fn active_donor(w: &mut Write<'_>, id: &str) -> Result<Donor> {
    let d = store::get(w, id).await?.ok_or_else(|| Error::NotFound(crate::service::NOT_FOUND.into()))?;
    if !d.is_active {
        return Err(Error::field("donorId", DONOR_INACTIVE));
    }
    Ok(d)
}

/// The amounts a succeeded transaction counts for (negated by a refund), and, when it
/// counts (`sign` 1), every active badge the donor's new totals meet and it has not earned yet
/// is awarded (once per donor), with its event. A badge created or changed later is awarded
/// on the donor's next recorded transaction.
/// `day`: the transaction's day count to change in the same statement, when the caller has one.
/// `begun`: see [`ms::add_donor_figures`]; its error is the statement's, as the database gave it.
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
    let d = ms::DonorDeltas {
        donor_id: &t.donor_id,
        recipient: RecipientRef { kind: &t.recipient_type, id: &t.recipient_id, name: &t.recipient_name },
        cents: sign * t.amount_cents,
        count: sign,
        months: sign * months_subscribed,
        one_time_count: if recurring { 0 } else { sign },
        one_time_cents: if recurring { 0 } else { sign * t.amount_cents },
        recurring_cents: if recurring { sign * t.amount_cents } else { 0 },
        at: t.created_at,
        kept: ms::KeptDeltas {
            day,
            month: Some((fees::year_month(t.created_at), 0, sign, sign * t.amount_cents)),
            counters: &counters,
        },
    };
    let figured = ms::add_donor_figures(w, d, sign > 0, begun).await?;
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
async fn first_gift_moved(w: &mut Write<'_>, t: &Transaction, sign: i64, pair: ms::PairAfter) -> sqlx::Result<()> {
    let (donor, recipient) = (t.donor_id.as_str(), t.recipient_id.as_str());
    if sign > 0 {
        // The pair held a gift before and takes this one's time: an earlier first gift, or
        // one at the same instant (then nothing moves).
        if pair.given > t.amount_cents
            && pair.first_given_at == t.created_at
            && let Some(before) = ms::first_gift(w, donor, recipient, &t.id).await?
            && before > t.created_at
        {
            ms::move_recipient_donor(w, recipient, before, t.created_at).await?;
        }
        return Ok(());
    }
    if pair.given == 0 {
        if pair.first_given_at != 0 {
            ms::move_recipient_donor(w, recipient, pair.first_given_at, 0).await?;
            ms::set_first_given_at(w, donor, recipient, 0).await?;
        }
    } else if pair.first_given_at == t.created_at {
        // `t` is refunded already: the first of the gifts left.
        let next = ms::first_gift(w, donor, recipient, &t.id).await?.unwrap_or(0);
        if next != pair.first_given_at {
            ms::move_recipient_donor(w, recipient, pair.first_given_at, next).await?;
            ms::set_first_given_at(w, donor, recipient, next).await?;
        }
    }
    Ok(())
}

/// Awards the badges `due` to the transaction's donor (each once), with their events.
async fn award(w: &mut Write<'_>, t: &Transaction, due: Vec<String>) -> Result<()> {
    for id in due {
        if ms::award(w, &t.donor_id, &id, t.created_at).await?
            && let Some(b) = ms::get_badge(w, &id).await?
        {
            let e = events::BadgeAwarded { badge_id: b.id, badge_name: b.name, donor_id: t.donor_id.clone() };
            w.emit(events::BADGE_AWARDED, &e).await?;
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
    async fn begin(&self, actor: &Actor) -> Result<Write<'_>> {
        common::write::begin(&self.db, self.relay.as_ref(), actor).await
    }

    async fn by_reference(&self, reference: &str) -> Result<Option<Transaction>> {
        Ok(ms::transaction_by_reference(&mut *self.db.pool.acquire().await?, reference).await?)
    }

    /// Records `d` (one-time, or a charge of `sub`) in one write: the row with its fees at the
    /// settings in force, the totals, rollups, counters, badges and events. A provider
    /// reference already recorded answers the first record (also when two arrive at once: the
    /// unique index refuses the second, which then reads the first).
    async fn record(&self, d: Donation, sub_id: Option<&str>, actor: &Actor) -> Result<Transaction> {
        let mut w = self.begin(actor).await?;
        let found =
            ms::donation_lookup(&mut w, &d.provider_reference, &d.donor_id, &d.recipient.id, sub_id.is_none()).await?;
        if found.recorded
            && let Some(t) = ms::transaction_by_reference(&mut w, &d.provider_reference).await?
        {
            w.rollback().await?;
            return Ok(t);
        }
        let sub = match sub_id {
            Some(id) => {
                let s = ms::get_subscription(&mut w, id).await?.ok_or_else(sub_not_found)?;
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
            None => ms::next_receipt(&mut w).await?,
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
            ms::push_insert_transaction(&mut q, &t);
            q.push("), recorded_event AS (");
            w.emit_in(&mut q, events::TRANSACTION_RECORDED, &tx_event(&t))?;
            q.push("), ");
            match count(&mut w, &t, 1, months, Some((&t, &t.status, 1)), Some(q)).await {
                Ok(counted) => counted?,
                Err(e) => return self.recorded_first(w, e, &t.provider_reference).await,
            }
        } else {
            if let Err(e) = ms::insert_transaction(&mut w, &t).await {
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
            ms::charged(&mut w, &s.id, next).await?;
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
        let t = ms::get_transaction(&mut w, id.trim()).await?.ok_or_else(tx_not_found)?;
        let now = common::now_ms();
        if !ms::set_refunded(&mut w, &t.id, now).await? {
            return Err(Error::field(
                "id",
                &format!("Only a succeeded transaction can be refunded (this one is {})", t.status),
            ));
        }
        crate::tx_index::count_day(&mut w, &t, "succeeded", -1).await?;
        crate::tx_index::count_day(&mut w, &t, "refunded", 1).await?;
        if !t.donor_id.is_empty() {
            let months = if t.kind == "recurring" {
                ms::get_subscription(&mut w, &t.subscription_id)
                    .await?
                    .map(|s| interval_months(&s.interval))
                    .unwrap_or(0)
            } else {
                0
            };
            count(&mut w, &t, -1, months, None, None).await??;
        } else {
            // A deleted donor's transaction: only the rollups and counters (the donor left
            // its recipient's donors when it was deleted).
            ms::add_month(&mut w, fees::year_month(t.created_at), 0, -1, -t.amount_cents).await?;
            let gone = ms::RecipientMonth { donations: -1, amount_cents: -t.amount_cents, ..Default::default() };
            ms::add_recipient_month(&mut w, &t.recipient_id, fees::year_month(t.created_at), gone).await?;
            ms::add_counters(&mut w, &[("donations", -1), ("amount_cents", -t.amount_cents)]).await?;
        }
        let t = Transaction { status: "refunded".into(), refunded_at: now, ..t };
        w.emit(events::TRANSACTION_REFUNDED, &tx_event(&t)).await?;
        w.commit().await?;
        self.days.changed();
        Ok(t)
    }

    pub async fn get_transaction(&self, id: &str) -> Result<Transaction> {
        ms::get_transaction(&mut *self.db.pool.acquire().await?, id.trim()).await?.ok_or_else(tx_not_found)
    }

    fn tx_filter(q: &TxQuery, check: &mut Check) -> ms::TxFilter {
        let one_of = |v: &str, allowed: &[&str], field: &str, check: &mut Check| {
            let v = v.trim().to_lowercase();
            if !v.is_empty() && !allowed.contains(&v.as_str()) {
                check.fail(field, format!("{field} must be one of {}", allowed.join(", ")));
            }
            v
        };
        if q.from < 0 {
            check.fail("from", "from must not be negative");
        }
        if q.to < 0 {
            check.fail("to", "to must not be negative");
        }
        if q.from > 0 && q.to > 0 && q.from > q.to {
            check.fail("to", "to must not be before from");
        }
        ms::TxFilter {
            search: q.page.search.trim().to_lowercase(),
            from: q.from,
            to: q.to,
            status: one_of(&q.status, &STATUSES, "status", check),
            kind: one_of(&q.kind, &TYPES, "type", check),
            recipient_type: one_of(&q.recipient_type, &RECIPIENT_TYPES, "recipientType", check),
            recipient_id: q.recipient_id.trim().to_string(),
            donor_id: q.donor_id.trim().to_string(),
        }
    }

    pub async fn list_transactions(&self, q: &TxQuery) -> Result<crate::tx_index::TxPage> {
        let mut check = Check::default();
        let paging = q.page.check(ms::tx_sort_column, &mut check);
        let f = Self::tx_filter(q, &mut check);
        check.done()?;
        Ok(ms::list_transactions(&mut *self.db.pool.acquire().await?, &self.days, &f, paging.expect("checked")).await?)
    }

    /// Sends every transaction that matches `q` (its filters, search and order; no paging)
    /// into `out` as the database yields them (the Excel export).
    pub async fn export_transactions(&self, q: &TxQuery, out: tokio::sync::mpsc::Sender<Transaction>) -> Result<()> {
        let mut check = Check::default();
        let everything = Page::everything(q.page.search.clone(), q.page.column.clone(), q.page.order.clone());
        let paging = everything.check(ms::tx_sort_column, &mut check);
        let f = Self::tx_filter(q, &mut check);
        check.done()?;
        let paging = paging.expect("checked");
        let mut c = self.db.pool.acquire().await?;
        Ok(ms::each_transaction(&mut c, &f, paging.column, paging.descending, &out).await?)
    }

    // ---- subscriptions ----

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
        ms::insert_subscription(&mut w, &s).await?;
        let rr = RecipientRef { kind: &s.recipient_type, id: &s.recipient_id, name: &s.recipient_name };
        let key = crate::store::name_key(&donor.first_name, &donor.last_name);
        ms::add_donor_recipient(&mut w, &s.donor_id, &key, &rr, 0, 0, 0, 1, 0).await?;
        let started = ms::RecipientMonth { subscriptions: 1, ..Default::default() };
        ms::add_recipient_month(&mut w, &s.recipient_id, fees::year_month(s.started_at), started).await?;
        ms::add_counter(&mut w, "active_subscriptions", 1).await?;
        w.emit(events::SUBSCRIPTION_STARTED, &sub_event(&s, "")).await?;
        w.commit().await?;
        Ok(s)
    }

    pub async fn cancel_subscription(&self, id: &str, actor: &Actor) -> Result<Subscription> {
        let mut w = self.begin(actor).await?;
        let s = ms::get_subscription(&mut w, id.trim()).await?.ok_or_else(sub_not_found)?;
        let now = common::now_ms();
        if !ms::cancel_subscription(&mut w, &s.id, now).await? {
            return Err(Error::field("id", "The subscription is already cancelled"));
        }
        let ended = ms::RecipientMonth { subscriptions: -1, ..Default::default() };
        ms::add_recipient_month(&mut w, &s.recipient_id, fees::year_month(now), ended).await?;
        ms::add_counter(&mut w, "active_subscriptions", -1).await?;
        let s = Subscription { status: "cancelled".into(), cancelled_at: now, ..s };
        w.emit(events::SUBSCRIPTION_CANCELLED, &sub_event(&s, "")).await?;
        w.commit().await?;
        Ok(s)
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
        let s = ms::get_subscription(&mut *self.db.pool.acquire().await?, input.subscription_id.trim())
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

    pub async fn get_subscription(&self, id: &str) -> Result<Subscription> {
        ms::get_subscription(&mut *self.db.pool.acquire().await?, id.trim()).await?.ok_or_else(sub_not_found)
    }

    /// The Subscribed Donor screen: per donor and recipient, the subscribed tab (recurring
    /// totals) or the one-time tab.
    pub async fn list_donor_totals(&self, page: &Page, subscribed: bool) -> Result<(Vec<ms::DonorTotalsRow>, i64)> {
        let mut check = Check::default();
        let paging = page.check(ms::totals_sort_column, &mut check);
        check.done()?;
        let search = page.search.trim().to_lowercase();
        Ok(ms::list_donor_totals(
            &mut *self.db.pool.acquire().await?,
            &self.days,
            subscribed,
            &search,
            paging.expect("checked"),
        )
        .await?)
    }

    // ---- donor details ----

    pub async fn donor_details(&self, id: &str) -> Result<DonorDetail> {
        let mut c = self.db.pool.acquire().await?;
        let donor =
            store::get(&mut c, id.trim()).await?.ok_or_else(|| Error::NotFound(crate::service::NOT_FOUND.into()))?;
        let badges = ms::earned_badges(&mut c, &donor.id)
            .await?
            .into_iter()
            .map(|(badge_id, name, image, awarded_at)| EarnedBadge { badge_id, name, image, awarded_at })
            .collect();
        let recent_transactions = ms::donor_transactions(&mut c, &donor.id, 10).await?;
        let subscriptions = ms::donor_subscriptions(&mut c, &donor.id).await?;
        Ok(DonorDetail { donor, badges, recent_transactions, subscriptions })
    }

    // ---- settings ----

    pub async fn get_settings(&self) -> Result<SettingsView> {
        let mut c = self.db.pool.acquire().await?;
        let settings = ms::settings(&mut c).await?;
        let history = ms::settings_history(&mut c, 100).await?;
        Ok(SettingsView { settings, history })
    }

    /// Sets both charges (0 to 10000 basis points each) and records the change with its actor.
    pub async fn update_settings(
        &self,
        service_charge_bp: i64,
        processing_fee_bp: i64,
        actor: &Actor,
    ) -> Result<SettingsView> {
        let mut check = Check::default();
        if !(0..=10_000).contains(&service_charge_bp) {
            check.fail("serviceCharge", "Service Charge must be between 0 and 100");
        }
        if !(0..=10_000).contains(&processing_fee_bp) {
            check.fail("paymentProcesFee", "Payment Processing Fee must be between 0 and 100");
        }
        check.done()?;
        let mut w = self.begin(actor).await?;
        let old = ms::settings(&mut w).await?;
        let new = Settings {
            service_charge_bp,
            processing_fee_bp,
            updated_at: common::now_ms(),
            updated_by: actor.id.clone(),
            ..old.clone()
        };
        ms::update_settings(&mut w, &new).await?;
        let change = SettingsChange {
            at: new.updated_at,
            by: actor.id.clone(),
            old_service_charge_bp: old.service_charge_bp,
            new_service_charge_bp: service_charge_bp,
            old_processing_fee_bp: old.processing_fee_bp,
            new_processing_fee_bp: processing_fee_bp,
        };
        ms::insert_settings_change(&mut w, &change, &actor.account_type).await?;
        let changes = common::bus::changes(&old, &new, &["updatedAt", "updatedBy"]);
        w.emit(events::SETTINGS_CHANGED, &events::Settings { service_charge_bp, processing_fee_bp, changes }).await?;
        w.commit().await?;
        self.get_settings().await
    }

    // ---- figures ----

    /// The dashboard's figures: the counters and the twelve months of `year` (never a scan);
    /// year 0 is the current UTC year.
    pub async fn figures(&self, year: i32) -> Result<Figures> {
        let year = if year == 0 { fees::year_month(common::now_ms()).0 } else { year };
        if !(2000..=2100).contains(&year) {
            return Err(Error::field("year", "Please choose a valid year"));
        }
        let mut c = self.db.pool.acquire().await?;
        let mut f = Figures::default();
        for (name, value) in ms::counters(&mut c).await? {
            match name.as_str() {
                "donors" => f.donors = value,
                "active_donors" => f.active_donors = value,
                "donations" => f.donations = value,
                "amount_cents" => f.amount_cents = value,
                "active_subscriptions" => f.active_subscriptions = value,
                "approved_partners" => f.approved_partners = value,
                "pending_partners" => f.pending_partners = value,
                _ => {}
            }
        }
        f.months = (1..=12).map(|month| MonthFigures { month, ..Default::default() }).collect();
        for (month, new_donors, donations, amount_cents) in ms::months_of(&mut c, year).await? {
            if let Some(m) = f.months.get_mut((month - 1) as usize) {
                *m = MonthFigures { month: month as i32, new_donors, donations, amount_cents };
            }
        }
        Ok(f)
    }

    /// The transactions (of any status) and active subscriptions to a cause or a nonprofit, so
    /// it is not deleted from under its history (`kind` "cause" or "charity"; anything else is
    /// used by nothing here).
    pub async fn usage(&self, kind: &str, id: &str) -> Result<Vec<(String, i64)>> {
        if kind != "cause" && kind != "charity" {
            return Ok(vec![]);
        }
        let (transactions, subscriptions) = ms::recipient_usage(&mut *self.db.pool.acquire().await?, id.trim()).await?;
        let plural = |n: i64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut out = vec![];
        if transactions > 0 {
            out.push((plural(transactions, "transaction", "transactions"), transactions));
        }
        if subscriptions > 0 {
            out.push((plural(subscriptions, "active subscription", "active subscriptions"), subscriptions));
        }
        Ok(out)
    }

    /// One recipient's figures (its id: a nonprofit's, a community's or a cause's) and its
    /// twelve months of `year` (0: the current UTC year), from its kept months only (migration
    /// 0012; never the transactions). An id that received nothing has zeros.
    pub async fn recipient_figures(&self, recipient_id: &str, year: i32) -> Result<RecipientFigures> {
        let year = if year == 0 { fees::year_month(common::now_ms()).0 } else { year };
        let mut check = Check::default();
        let id = recipient_id.trim();
        if id.is_empty() {
            check.fail("recipientId", "Please choose a recipient");
        }
        if !(2000..=2100).contains(&year) {
            check.fail("year", "Please choose a valid year");
        }
        check.done()?;
        let mut c = self.db.pool.acquire().await?;
        let t = ms::recipient_totals(&mut c, id).await?;
        let mut f = RecipientFigures {
            donors: t.new_donors,
            donations: t.donations,
            amount_cents: t.amount_cents,
            active_subscriptions: t.subscriptions,
            months: (1..=12).map(|month| MonthFigures { month, ..Default::default() }).collect(),
        };
        for (month, m) in ms::recipient_months_of(&mut c, id, year).await? {
            if let Some(slot) = f.months.get_mut((month - 1) as usize) {
                *slot = MonthFigures {
                    month: month as i32,
                    new_donors: m.new_donors,
                    donations: m.donations,
                    amount_cents: m.amount_cents,
                };
            }
        }
        Ok(f)
    }

    // ---- badges ----

    fn parse_badge(i: &BadgeInput) -> Result<BadgeInput> {
        let mut check = Check::default();
        let name = i.name.trim().to_string();
        if name.is_empty() {
            check.fail("name", "Please enter Name");
        } else if name.chars().count() > 100 {
            check.fail("name", "Name must be at most 100 characters");
        }
        if !(RULE_TOTAL_GIVEN..=RULE_MONTHS_SUBSCRIBED).contains(&i.rule) {
            check.fail("rule", "Please choose a rule");
        }
        if i.threshold <= 0 {
            check.fail("threshold", "Threshold must be a whole number greater than 0");
        }
        if i.image.trim().chars().count() > 500 {
            check.fail("image", "Image must be at most 500 characters");
        }
        if i.description.trim().chars().count() > 1000 {
            check.fail("description", "Description must be at most 1000 characters");
        }
        check.done()?;
        Ok(BadgeInput { name, image: i.image.trim().into(), description: i.description.trim().into(), ..i.clone() })
    }

    fn badge_event(b: &Badge, before: Option<&Badge>) -> events::Badge {
        let changes =
            before.map(|o| common::bus::changes(o, b, &["createdAt", "updatedAt", "awardedCount"])).unwrap_or_default();
        events::Badge {
            id: b.id.clone(),
            name: b.name.clone(),
            rule: b.rule,
            threshold: b.threshold,
            is_active: b.is_active,
            image: b.image.clone(),
            changes,
        }
    }

    /// Creates a badge. Donors who already meet its rule earn it with their next recorded
    /// transaction (badges are awarded when a transaction is recorded, never by a scan).
    /// The platform's starting set of badges (the Badge module has no add: SPEC section 6), made
    /// once on the first start of a service that has no badge yet, as the main admin is made by
    /// identity; then editable and deletable as any badge. A start of a database that already
    /// has badges (an upgrade) only marks it done. Answers how many it made.
    pub async fn ensure_starting_badges(&self) -> Result<usize> {
        let mut w = self.begin(&Actor::system()).await?;
        if !ms::mark_setup(&mut w, STARTING_BADGES, common::now_ms()).await? {
            w.rollback().await?;
            return Ok(0);
        }
        if ms::badge_count(&mut w).await? > 0 {
            w.commit().await?;
            return Ok(0);
        }
        let now = common::now_ms();
        for (name, rule, threshold, description) in STARTING_BADGE_SET {
            let b = Badge {
                id: common::new_id(),
                name: name.into(),
                image: String::new(),
                description: description.into(),
                is_active: true,
                rule,
                threshold,
                awarded_count: 0,
                created_at: now,
                updated_at: now,
            };
            ms::insert_badge(&mut w, &b).await?;
            w.emit(events::BADGE_CREATED, &Self::badge_event(&b, None)).await?;
        }
        w.commit().await?;
        Ok(STARTING_BADGE_SET.len())
    }

    pub async fn create_badge(&self, input: &BadgeInput, actor: &Actor) -> Result<Badge> {
        let i = Self::parse_badge(input)?;
        let now = common::now_ms();
        let b = Badge {
            id: common::new_id(),
            name: i.name,
            image: i.image,
            description: i.description,
            is_active: i.is_active,
            rule: i.rule,
            threshold: i.threshold,
            awarded_count: 0,
            created_at: now,
            updated_at: now,
        };
        let mut w = self.begin(actor).await?;
        ms::insert_badge(&mut w, &b).await?;
        w.emit(events::BADGE_CREATED, &Self::badge_event(&b, None)).await?;
        w.commit().await?;
        Ok(b)
    }

    /// Changes a badge; as with a new badge, donors who now meet it earn it with their next
    /// recorded transaction. Badges already earned stay.
    pub async fn update_badge(&self, id: &str, input: &BadgeInput, actor: &Actor) -> Result<Badge> {
        let i = Self::parse_badge(input)?;
        let mut w = self.begin(actor).await?;
        let old = ms::get_badge(&mut w, id.trim()).await?.ok_or_else(badge_not_found)?;
        let b = Badge {
            name: i.name,
            image: i.image,
            description: i.description,
            is_active: i.is_active,
            rule: i.rule,
            threshold: i.threshold,
            updated_at: common::now_ms(),
            ..old.clone()
        };
        ms::update_badge(&mut w, &b).await?;
        w.emit(events::BADGE_UPDATED, &Self::badge_event(&b, Some(&old))).await?;
        w.commit().await?;
        Ok(b)
    }

    pub async fn get_badge(&self, id: &str) -> Result<Badge> {
        ms::get_badge(&mut *self.db.pool.acquire().await?, id.trim()).await?.ok_or_else(badge_not_found)
    }

    /// Deletes a badge and every donor's award of it.
    pub async fn delete_badge(&self, id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.begin(actor).await?;
        let b = ms::get_badge(&mut w, id.trim()).await?.ok_or_else(badge_not_found)?;
        ms::delete_badge(&mut w, &b.id).await?;
        w.emit(events::BADGE_DELETED, &Self::badge_event(&b, None)).await?;
        w.commit().await?;
        Ok(())
    }

    pub async fn list_badges(&self, page: &Page) -> Result<(Vec<Badge>, i64)> {
        let mut check = Check::default();
        let paging = page.check(ms::badge_sort_column, &mut check);
        check.done()?;
        let search = page.search.trim().to_lowercase();
        Ok(ms::list_badges(&mut *self.db.pool.acquire().await?, &search, paging.expect("checked")).await?)
    }

    /// Marks the transactions of a recipient deleted in the catalogue (their names stay), once
    /// per event; answers how many rows changed.
    pub async fn recipient_deleted(&self, event_id: &str, recipient_id: &str, types: &[&str]) -> Result<u64> {
        let mut w = self.begin(&Actor::system()).await?;
        if !w.mark_handled(RECIPIENT_DELETIONS, event_id).await? {
            return Ok(0);
        }
        let n = ms::mark_recipient_deleted(&mut w, recipient_id, types).await?;
        w.commit().await?;
        Ok(n)
    }
}

/// The consumer's name in `processed_events` and its queue.
pub const RECIPIENT_DELETIONS: &str = "giving.recipient-deletions";
pub const CHARITY_DELETED: &str = "catalogue.charity.deleted";
pub const CAUSE_DELETED: &str = "catalogue.cause.deleted";
/// The catalogue's events the consumer reads.
pub const RECIPIENT_EVENTS: [&str; 2] = [CHARITY_DELETED, CAUSE_DELETED];

/// Consumes the catalogue's deletions of nonprofits and causes: their transactions are
/// marked `recipient_deleted` (a redelivered event changes nothing).
pub struct RecipientDeletions(pub Giving);

/// The part of a catalogue deletion's payload the consumer reads.
#[derive(Debug, serde::Deserialize)]
struct Deleted {
    id: String,
}

#[tonic::async_trait]
impl EventHandler for RecipientDeletions {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        let p: Deleted = event.payload_as()?;
        let types: &[&str] = if event.event_type == CAUSE_DELETED { &["cause"] } else { &["charity", "community"] };
        self.0.recipient_deleted(&event.id, &p.id, types).await.map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok(())
    }
}
