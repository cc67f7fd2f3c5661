//! The transaction row as stored: its struct, the columns a statement reads and the reader of
//! a row, the list's filter and sort columns. It imports no other module of the crate, so both
//! the list at scale (`tx_index`) and the store files build on it without a circle.

use common::db::get_bool;
use sqlx::Row;
use sqlx::any::AnyRow;

/// A transaction as stored.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Transaction {
    pub id: String,
    pub donor_id: String,
    pub donor_name: String,
    pub donor_email: String,
    pub recipient_type: String,
    pub recipient_id: String,
    pub recipient_name: String,
    pub recipient_deleted: bool,
    pub amount_cents: i64,
    pub currency: String,
    pub processing_fee_bp: i64,
    pub service_charge_bp: i64,
    pub processing_fee_cents: i64,
    pub service_charge_cents: i64,
    pub net_cents: i64,
    pub payment_method: String,
    pub status: String,
    pub kind: String,
    pub subscription_id: String,
    pub receipt_number: String,
    pub provider_reference: String,
    pub created_at: i64,
    pub refunded_at: i64,
}

pub(crate) const TX_COLUMNS: &str = "id, donor_id, donor_name, donor_email, recipient_type, recipient_id, recipient_name, \
    recipient_deleted, amount_cents, currency, processing_fee_bp, service_charge_bp, processing_fee_cents, \
    service_charge_cents, net_cents, payment_method, status, type, subscription_id, receipt_number, \
    provider_reference, created_at, refunded_at";

pub(crate) fn transaction(r: &AnyRow) -> sqlx::Result<Transaction> {
    Ok(Transaction {
        id: r.try_get("id")?,
        donor_id: r.try_get("donor_id")?,
        donor_name: r.try_get("donor_name")?,
        donor_email: r.try_get("donor_email")?,
        recipient_type: r.try_get("recipient_type")?,
        recipient_id: r.try_get("recipient_id")?,
        recipient_name: r.try_get("recipient_name")?,
        recipient_deleted: get_bool(r, "recipient_deleted")?,
        amount_cents: r.try_get("amount_cents")?,
        currency: r.try_get("currency")?,
        processing_fee_bp: r.try_get("processing_fee_bp")?,
        service_charge_bp: r.try_get("service_charge_bp")?,
        processing_fee_cents: r.try_get("processing_fee_cents")?,
        service_charge_cents: r.try_get("service_charge_cents")?,
        net_cents: r.try_get("net_cents")?,
        payment_method: r.try_get("payment_method")?,
        status: r.try_get("status")?,
        kind: r.try_get("type")?,
        subscription_id: r.try_get("subscription_id")?,
        receipt_number: r.try_get("receipt_number")?,
        provider_reference: r.try_get("provider_reference")?,
        created_at: r.try_get("created_at")?,
        refunded_at: r.try_get("refunded_at")?,
    })
}

/// The name a deleted donor's transactions keep.
pub const DELETED_DONOR: &str = "Deleted donor";

/// What a transaction list filters by (search lower-cased; empty or 0 means any): as asked in a
/// `donations::TxQuery`, and as checked for the store.
#[derive(Debug, Clone, Default)]
pub struct TxFilter {
    pub search: String,
    pub from: i64,
    pub to: i64,
    pub status: String,
    pub kind: String,
    pub recipient_type: String,
    pub recipient_id: String,
    pub donor_id: String,
}

/// Sort columns of the transaction list (allow-list).
pub fn tx_sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "amountCents" | "amount" => "amount_cents",
        "donorName" => "donor_name_key",
        "recipientName" => "recipient_name_key",
        "status" => "status",
        _ => return None,
    })
}
