//! The transaction row as stored: its struct, the columns a statement reads and the reader of
//! a row, the list's filter and sort columns. It imports no other module of the crate, so both
//! the list at scale (`tx_index`) and the store files build on it without a circle.

use common::db::Fields;

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

pub(crate) fn transaction(r: &(impl Fields + ?Sized)) -> sqlx::Result<Transaction> {
    Ok(Transaction {
        id: r.text("id")?,
        donor_id: r.text("donor_id")?,
        donor_name: r.text("donor_name")?,
        donor_email: r.text("donor_email")?,
        recipient_type: r.text("recipient_type")?,
        recipient_id: r.text("recipient_id")?,
        recipient_name: r.text("recipient_name")?,
        recipient_deleted: r.flag("recipient_deleted")?,
        amount_cents: r.int("amount_cents")?,
        currency: r.text("currency")?,
        processing_fee_bp: r.int("processing_fee_bp")?,
        service_charge_bp: r.int("service_charge_bp")?,
        processing_fee_cents: r.int("processing_fee_cents")?,
        service_charge_cents: r.int("service_charge_cents")?,
        net_cents: r.int("net_cents")?,
        payment_method: r.text("payment_method")?,
        status: r.text("status")?,
        kind: r.text("type")?,
        subscription_id: r.text("subscription_id")?,
        receipt_number: r.text("receipt_number")?,
        provider_reference: r.text("provider_reference")?,
        created_at: r.int("created_at")?,
        refunded_at: r.int("refunded_at")?,
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
