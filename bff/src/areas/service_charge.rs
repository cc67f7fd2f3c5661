//! The service-charge settings (/admin/setting-master, module /manage_service_charges: edit).
//!
//! The giving service keeps basis points (integers); the console speaks percent numbers.
//! A percentage is taken as its decimal text (a JSON number or a numeric string) and turned
//! into basis points without floating point; basis points become percent numbers on the
//! way out.

use crate::auth::Caller;
use crate::error::{ApiError, FieldError};
use crate::reply::{Body, Reply, Route, ok, route};
use crate::state::AppState;
use crate::transport::call;
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::{Method, StatusCode};
use axum::routing::{get, post};
use proto::giving::v1 as pb;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// The one settings record's id (the web exports the same constant).
pub const SETTINGS_ID: &str = "5f5b1c2d3e4f5a6b7c8d9e0f";
const NOT_FOUND: &str = "Settings not found";

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::GET, "/admin/setting-master", "The service-charge settings with their history", get(current))
            .answers::<SettingsView>(),
        route(Method::GET, "/admin/setting-master/{id}", "The service-charge settings (by their fixed id)", get(by_id))
            .answers::<SettingsView>(),
        route(
            Method::POST,
            "/admin/setting-master/{id}",
            "Change the service charge and the payment processing fee",
            post(update),
        )
        .body::<SettingsBody>()
        .answers::<SettingsView>(),
    ]
}

/// The settings as the console shows them: percent numbers (2.9 is 2.90 %).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    #[serde(rename = "_id")]
    pub id: String,
    pub service_charge: f64,
    pub payment_proces_fee: f64,
    pub updated_at: i64,
    pub updated_by: String,
    /// Who made the last change, by name ('Main Admin' or the sub-admin's name; the id when
    /// identity cannot say).
    pub updated_by_name: String,
    /// Newest first.
    pub history: Vec<SettingsChangeView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsChangeView {
    pub at: i64,
    pub by: String,
    /// The account's name, as `updatedByName`.
    pub by_name: String,
    pub old_service_charge: f64,
    pub new_service_charge: f64,
    pub old_payment_proces_fee: f64,
    pub new_payment_proces_fee: f64,
}

/// Basis points as a percent number (290 -> 2.9; exact to the printed two decimals).
fn percent(bp: i64) -> f64 {
    bp as f64 / 100.0
}

fn view(s: pb::Settings) -> SettingsView {
    SettingsView {
        id: if s.id.is_empty() { SETTINGS_ID.into() } else { s.id },
        service_charge: percent(s.service_charge_bp),
        payment_proces_fee: percent(s.processing_fee_bp),
        updated_at: s.updated_at,
        updated_by_name: s.updated_by.clone(),
        updated_by: s.updated_by,
        history: s
            .history
            .into_iter()
            .map(|h| SettingsChangeView {
                at: h.at,
                by_name: h.by.clone(),
                by: h.by,
                old_service_charge: percent(h.old_service_charge_bp),
                new_service_charge: percent(h.new_service_charge_bp),
                old_payment_proces_fee: percent(h.old_processing_fee_bp),
                new_payment_proces_fee: percent(h.new_processing_fee_bp),
            })
            .collect(),
    }
}

/// Names the accounts of the history (identity's AccountNames; the system as 'System'); an
/// account identity cannot name, or identity being down, leaves its id.
async fn with_names(state: &AppState, mut v: SettingsView) -> SettingsView {
    let names =
        crate::names::account_names(state, v.history.iter().map(|h| h.by.clone()).chain([v.updated_by.clone()])).await;
    let name_of = |account: &str| {
        if account.is_empty() {
            "System".to_string()
        } else {
            names.get(account).cloned().unwrap_or_else(|| account.to_string())
        }
    };
    v.updated_by_name = name_of(&v.updated_by);
    for h in &mut v.history {
        h.by_name = name_of(&h.by);
    }
    v
}

async fn current(State(state): State<AppState>) -> Reply {
    let s = call!(state.giving().get_settings(pb::Empty {}))?;
    ok("Service charges", with_names(&state, view(s)).await)
}

fn known(id: &str) -> Result<(), ApiError> {
    if id == SETTINGS_ID { Ok(()) } else { Err(ApiError::not_found(NOT_FOUND)) }
}

async fn by_id(state: State<AppState>, Path(id): Path<String>) -> Reply {
    known(&id)?;
    current(state).await
}

/// `{ serviceCharge, paymentProcesFee }`: percentages, as numbers or numeric strings.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SettingsBody {
    #[schema(value_type = Option<f64>)]
    service_charge: Value,
    #[schema(value_type = Option<f64>)]
    payment_proces_fee: Value,
}

async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<SettingsBody>,
) -> Reply {
    known(&id)?;
    let mut errors = Vec::new();
    let mut field = |value: &Value, name: &str, label: &str| match basis_points(value) {
        Ok(bp) => bp,
        Err(problem) => {
            errors.push(FieldError { field: name.into(), message: problem.message(label) });
            0
        }
    };
    let service_charge_bp = field(&b.service_charge, "serviceCharge", "Service Charge");
    let processing_fee_bp = field(&b.payment_proces_fee, "paymentProcesFee", "Payment Processing Fee");
    if let Some(first) = errors.first() {
        return Err(ApiError {
            status: StatusCode::BAD_REQUEST,
            code: "VALIDATION",
            message: first.message.clone(),
            errors,
            retry_after: None,
        });
    }
    let req = pb::UpdateSettingsRequest { service_charge_bp, processing_fee_bp, actor: Some(caller.to_pb()) };
    let s = call!(state.giving().update_settings(req))?;
    ok("Service charges updated successfully", with_names(&state, view(s)).await)
}

/// Why a percentage was refused.
#[derive(Debug, PartialEq)]
enum Problem {
    Missing,
    NotANumber,
    OutOfRange,
    TooPrecise,
}

impl Problem {
    fn message(&self, label: &str) -> String {
        match self {
            Problem::Missing => format!("{label} is required"),
            Problem::NotANumber => format!("{label} must be a number"),
            Problem::OutOfRange => format!("{label} must be between 0 and 100"),
            Problem::TooPrecise => format!("{label} can have at most two decimals"),
        }
    }
}

/// A percentage (0..=100, at most two decimals) in basis points, from its decimal text.
fn basis_points(value: &Value) -> Result<i64, Problem> {
    let text = match value {
        Value::Null => return Err(Problem::Missing),
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.trim().is_empty() => return Err(Problem::Missing),
        Value::String(s) => s.trim().to_string(),
        _ => return Err(Problem::NotANumber),
    };
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(&text)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
        return Err(Problem::NotANumber);
    }
    let fraction = fraction.trim_end_matches('0');
    let whole = whole.trim_start_matches('0');
    if negative && !(whole.is_empty() && fraction.is_empty()) || whole.len() > 3 {
        return Err(Problem::OutOfRange);
    }
    if fraction.len() > 2 {
        return Err(Problem::TooPrecise);
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| Problem::NotANumber)? };
    let cents: i64 = format!("{fraction:0<2}").parse().map_err(|_| Problem::NotANumber)?;
    let bp = whole * 100 + cents;
    if bp > 10_000 { Err(Problem::OutOfRange) } else { Ok(bp) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn percentages_become_basis_points_without_floating_point() {
        for (v, bp) in [
            (json!(2.9), 290),
            (json!("2.9"), 290),
            (json!(" 2.90 "), 290),
            (json!(0), 0),
            (json!("100"), 10_000),
            (json!(100.00), 10_000),
            (json!(0.07), 7),
            (json!("12.5"), 1250),
            (json!(".5"), 50),
            (json!("2.900"), 290),
            (json!("-0"), 0),
        ] {
            assert_eq!(basis_points(&v), Ok(bp), "{v}");
        }
        for (v, p) in [
            (json!(null), Problem::Missing),
            (json!(""), Problem::Missing),
            (json!("abc"), Problem::NotANumber),
            (json!("1e2"), Problem::NotANumber),
            (json!(true), Problem::NotANumber),
            (json!("."), Problem::NotANumber),
            (json!(-1), Problem::OutOfRange),
            (json!("100.01"), Problem::OutOfRange),
            (json!(1000), Problem::OutOfRange),
            (json!("2.905"), Problem::TooPrecise),
            (json!(0.001), Problem::TooPrecise),
        ] {
            assert_eq!(basis_points(&v), Err(p), "{v}");
        }
        assert_eq!(percent(290), 2.9);
        assert_eq!(serde_json::to_string(&percent(1250)).unwrap(), "12.5");
    }
}
