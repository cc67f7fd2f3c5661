//! Transactions (/admin/transaction, module /transaction: view). The console reads them;
//! the donation side records them through the giving service.

use super::ListBody;
use crate::error::ApiError;
use crate::reply::{Body, Reply, Route, list_passed_on, ok, route};
use crate::state::AppState;
use crate::transport::call;
use crate::xlsx::{Row, Sheet, XLSX};
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{get, post};
use proto::giving::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/admin/transaction/transactionList",
            "Page of transactions (filters: from, to, status, type, recipient, donor)",
            post(list_page),
        )
        .body::<TransactionListBody>()
        .page::<pb::Transaction>(),
        route(
            Method::POST,
            "/admin/transaction/TransactionList-excel",
            "Transactions matching the list filter as an Excel workbook (.xlsx)",
            post(export),
        )
        .body::<TransactionListBody>()
        .file(XLSX),
        route(Method::GET, "/admin/transaction/get/{id}", "One transaction", get(one)).answers::<pb::Transaction>(),
    ]
}

/// The list body with the transaction filters (empty or 0: any).
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TransactionListBody {
    #[serde(flatten)]
    list: ListBody,
    /// Epoch milliseconds, inclusive.
    from: i64,
    /// Epoch milliseconds, inclusive.
    to: i64,
    /// 'succeeded', 'pending', 'failed' or 'refunded'.
    status: String,
    /// 'one_time' or 'recurring'.
    #[serde(rename = "type")]
    kind: String,
    /// 'charity', 'community' or 'cause'.
    recipient_type: String,
    recipient_id: String,
    donor_id: String,
}

impl TransactionListBody {
    fn to_pb(&self) -> pb::ListTransactionsRequest {
        pb::ListTransactionsRequest {
            page: Some(self.list.to_page()),
            from: self.from,
            to: self.to,
            status: self.status.clone(),
            r#type: self.kind.clone(),
            recipient_type: self.recipient_type.clone(),
            recipient_id: self.recipient_id.clone(),
            donor_id: self.donor_id.clone(),
            items_as_json: false,
        }
    }
}

/// The page as giving wrote it (`items_json`), passed on without decoding it; a giving of the
/// previous release (a rolling upgrade) answers `items`, written here as before.
async fn list_page(State(state): State<AppState>, Body(b): Body<TransactionListBody>) -> Reply {
    let req = pb::ListTransactionsRequest { items_as_json: true, ..b.to_pb() };
    let page = call!(state.giving().list_transactions(req))?;
    list_passed_on("Transaction list", page.items, &page.items_json, page.total)
}

async fn one(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::TransactionRef { id, actor: None };
    let t = call!(state.giving().get_transaction(req))?;
    ok("Transaction details", t)
}

const COLUMNS: &[(&str, f64)] = &[
    ("Receipt", 16.0),
    ("Date", 22.0),
    ("Donor", 28.0),
    ("Donor Email", 32.0),
    ("Recipient", 36.0),
    ("Recipient Type", 14.0),
    ("Amount", 14.0),
    ("Processing Fee", 14.0),
    ("Service Charge", 14.0),
    ("Net", 14.0),
    ("Currency", 10.0),
    ("Method", 12.0),
    ("Status", 12.0),
    ("Type", 12.0),
];

/// Every transaction that matches the filter, in the list's order, as an .xlsx.
async fn export(
    State(state): State<AppState>,
    Body(b): Body<TransactionListBody>,
) -> Result<axum::response::Response, ApiError> {
    let req = b.to_pb();
    let stream = call!(state.giving_long().stream_transactions(req))?;
    crate::xlsx::export(stream, sheet()).await
}

/// The export's worksheet (also driven by bff/examples/xlsx_bench.rs).
pub fn sheet() -> Sheet<pb::Transaction> {
    Sheet {
        title: "Transactions".into(),
        file_name: "transactions.xlsx".into(),
        columns: COLUMNS,
        row: transaction_row,
    }
}

/// One transaction as the screens word it (web/src/features/transaction/labels.ts): its codes
/// as words, and no fees or net for a transaction in which no money moved (failed, pending).
fn transaction_row(r: &mut Row, t: &pb::Transaction) {
    r.text(&t.receipt_number)
        .date_ms(t.created_at)
        .text(&t.donor_name)
        .text(&t.donor_email)
        .text(&t.recipient_name)
        .text(label(RECIPIENT_TYPES, &t.recipient_type));
    r.money_cents(t.amount_cents);
    if t.status == "failed" || t.status == "pending" {
        r.text("").text("").text("");
    } else {
        r.money_cents(t.processing_fee_cents).money_cents(t.service_charge_cents).money_cents(t.net_cents);
    }
    r.text(&t.currency)
        .text(&payment_method(&t.payment_method))
        .text(label(STATUSES, &t.status))
        .text(label(TYPES, &t.r#type));
}

const STATUSES: &[(&str, &str)] =
    &[("succeeded", "Succeeded"), ("pending", "Pending"), ("failed", "Failed"), ("refunded", "Refunded")];
const TYPES: &[(&str, &str)] = &[("one_time", "One Time"), ("recurring", "Recurring")];
const RECIPIENT_TYPES: &[(&str, &str)] = &[("charity", "Nonprofit"), ("community", "Community"), ("cause", "Cause")];
const PAYMENT_METHODS: &[(&str, &str)] = &[
    ("card", "Card"),
    ("ach", "ACH bank transfer"),
    ("paypal", "PayPal"),
    ("apple_pay", "Apple Pay"),
    ("google_pay", "Google Pay"),
];

/// A code's words (an unknown code as it is).
fn label<'a>(labels: &[(&str, &'a str)], code: &'a str) -> &'a str {
    labels.iter().find(|(c, _)| *c == code).map_or(code, |(_, l)| l)
}

/// A payment method as words; an unknown code as words too ('bank_account' -> 'Bank account').
fn payment_method(code: &str) -> String {
    let known = label(PAYMENT_METHODS, code);
    if known != code {
        return known.to_string();
    }
    let words = code.replace('_', " ");
    let mut chars = words.trim().chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
