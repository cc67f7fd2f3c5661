//! A nonprofit's payment methods (bank accounts): their check, what is kept (only the last
//! four account digits) and how they are shown. They are stored with their nonprofit's
//! create and update (charity.rs).

use crate::payment_methods_store::PaymentMethod;
use common::error::Check;

/// A bank account to store, or (`id` set) a stored one to keep as it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaymentMethodInput {
    pub method_type: String,
    pub bank_name: String,
    pub account_holder: String,
    pub routing_number: String,
    pub account_number: String,
    pub id: String,
}
/// A stored payment method as shown.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaymentMethodView {
    pub id: String,
    pub method_type: String,
    pub bank_name: String,
    pub account_holder: String,
    pub last4: String,
    pub is_default: bool,
}
/// Checks bank accounts; only the last four account digits are kept.
/// `existing` are the stored methods an item may keep by giving its `_id`.
pub fn validate_payment_methods(
    items: &[PaymentMethodInput],
    existing: &[PaymentMethod],
    check: &mut Check,
) -> Vec<PaymentMethod> {
    if items.len() > 5 {
        check.fail("paymentMethods", "At most 5 payment methods are allowed");
    }
    let mut out = Vec::new();
    for (i, m) in items.iter().enumerate() {
        let at = |f: &str| format!("paymentMethods[{i}].{f}");
        if !m.id.is_empty() {
            match existing.iter().find(|e| e.id == m.id) {
                Some(e) => out.push(PaymentMethod { is_default: i == 0, ..e.clone() }),
                None => check.fail(&at("_id"), "Payment method not found"),
            }
            continue;
        }
        let method_type =
            if m.method_type.trim().is_empty() { "bank_account".to_string() } else { m.method_type.trim().to_string() };
        if method_type != "bank_account" {
            check.fail(&at("type"), "Only bank accounts are supported");
        }
        let bank_name = m.bank_name.trim().to_string();
        if bank_name.is_empty() || bank_name.chars().count() > 100 {
            check.fail(&at("bankName"), "Please enter Bank Name");
        }
        let account_holder = m.account_holder.trim().to_string();
        if account_holder.is_empty() || account_holder.chars().count() > 100 {
            check.fail(&at("accountHolder"), "Please enter Account Holder Name");
        }
        let routing = m.routing_number.trim();
        if routing.len() != 9 || !routing.chars().all(|c| c.is_ascii_digit()) {
            check.fail(&at("routingNumber"), "Please enter valid Routing Number");
        }
        let account = m.account_number.trim();
        if !(4..=17).contains(&account.len()) || !account.chars().all(|c| c.is_ascii_digit()) {
            check.fail(&at("accountNumber"), "Please enter valid Account Number");
        }
        out.push(PaymentMethod {
            id: common::new_id(),
            method_type,
            bank_name,
            account_holder,
            routing_number: routing.to_string(),
            last4: account.get(account.len().saturating_sub(4)..).unwrap_or("").to_string(),
            is_default: i == 0,
        });
    }
    out
}
/// Whether the methods are the stored ones, in the same order (the first is the default).
pub(crate) fn same_methods(new: &[PaymentMethod], old: &[PaymentMethod]) -> bool {
    new.len() == old.len() && new.iter().zip(old).all(|(n, o)| n.id == o.id)
}

pub(crate) fn payment_view(m: PaymentMethod) -> PaymentMethodView {
    PaymentMethodView {
        id: m.id,
        method_type: m.method_type,
        bank_name: m.bank_name,
        account_holder: m.account_holder,
        last4: m.last4,
        is_default: m.is_default,
    }
}
