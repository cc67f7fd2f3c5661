//! What donations and subscriptions share: the recipient they name and the checks of it, of
//! an amount, a currency and a time, and the write (with its events) each change begins.

use crate::service::Giving;
use common::Actor;
use common::error::{Check, Result};
use common::write::Write;

pub const DONOR_INACTIVE: &str = "The donor is inactive";
pub const MAX_AMOUNT_CENTS: i64 = 100_000_000;
pub const RECIPIENT_TYPES: [&str; 3] = ["charity", "community", "cause"];

/// Who receives a donation: kind "charity", "community" or "cause", its id and name (a copy).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Recipient {
    pub kind: String,
    pub id: String,
    pub name: String,
}

pub(crate) fn recipient(r: &Recipient, check: &mut Check) -> Recipient {
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

pub(crate) fn amount(cents: i64, check: &mut Check) {
    if !(1..=MAX_AMOUNT_CENTS).contains(&cents) {
        check.fail("amountCents", "Amount must be between $0.01 and $1,000,000.00");
    }
}

pub(crate) fn currency(raw: &str, check: &mut Check) -> String {
    let c = raw.trim().to_uppercase();
    if c.is_empty() {
        return "USD".into();
    }
    if c.len() != 3 || !c.chars().all(|ch| ch.is_ascii_uppercase()) {
        check.fail("currency", "Currency must be a three-letter code such as USD");
    }
    c
}

pub(crate) fn when(ms: i64, field: &str, check: &mut Check) -> i64 {
    if ms < 0 {
        check.fail(field, "Time must not be negative");
    }
    if ms <= 0 { common::now_ms() } else { ms }
}

impl Giving {
    pub(crate) async fn begin(&self, actor: &Actor) -> Result<Write<'_>> {
        common::write::begin(&self.db, self.relay.as_ref(), actor).await
    }
}
