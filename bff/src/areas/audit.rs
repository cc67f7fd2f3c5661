//! The audit trail (/admin/audit, the /audit_log screen): every recorded event, who did it,
//! on what, with its changes; the Excel export of a filter and the chain's verification.
//! The main admin only (permissions.rs); the audit service is read-only here.

use super::ListBody;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::names::account_names;
use crate::reply::{Body, Reply, Route, list_of, ok, route};
use crate::state::AppState;
use crate::transport::call;
use crate::xlsx::{Row, Sheet, XLSX};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{get, post};
use proto::audit::v1 as pb;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/audit/auditList", "Page of audit records, newest first (filters: actor, accountType, module, entity, entityId, fromDate, toDate)", post(list_page))
            .body::<AuditListBody>()
            .page::<AuditRecord>(),
        route(Method::POST, "/admin/audit/auditList-excel", "Audit records matching the list filter as an Excel workbook (.xlsx)", post(export))
            .body::<AuditListBody>()
            .file(XLSX),
        route(Method::GET, "/admin/audit/get/{id}", "One audit record with its changes and the event's payload", get(one)).answers::<AuditRecord>(),
        route(Method::GET, "/admin/audit/verify", "Walks the audit hash chain and names its first broken link", get(verify)).answers::<Verification>(),
        route(Method::GET, "/admin/audit/filters", "The modules and entities present in the audit trail", get(filters)).answers::<Filters>(),
    ]
}

/// The list body with the audit filters (empty or 0: any).
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AuditListBody {
    #[serde(flatten)]
    list: ListBody,
    /// An account id, or part of an admin's email or name, or of the client address.
    actor: String,
    /// "Admin", "Sub Admin", "Charity Admin", "Member" or "system".
    account_type: String,
    /// A module slug (e.g. "/donor"), or a service name for events of no module.
    module: String,
    entity: String,
    entity_id: String,
    /// Epoch milliseconds, inclusive.
    from_date: i64,
    /// Epoch milliseconds, inclusive.
    to_date: i64,
}

/// One audit record as the console shows it.
#[derive(Serialize, Deserialize, Default, Clone, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditRecord {
    #[serde(rename = "_id")]
    id: String,
    seq: i64,
    /// Epoch milliseconds.
    occurred_at: i64,
    actor_id: String,
    /// The admin's name, else the id (empty for the system).
    actor_name: String,
    account_type: String,
    address: String,
    module: String,
    entity: String,
    entity_id: String,
    /// The verb of the event (created, updated, deleted, status_changed, ...).
    action: String,
    event_type: String,
    /// `{field: {before, after}}`.
    #[schema(value_type = Object)]
    changes: serde_json::Value,
    /// The event's payload (the record's view only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    payload: Option<serde_json::Value>,
    trace_id: String,
    /// Epoch milliseconds.
    recorded_at: i64,
    hash: String,
    prev_hash: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    ok: bool,
    checked: i64,
    /// The seq of the first broken link (absent when ok).
    #[serde(skip_serializing_if = "Option::is_none")]
    first_broken: Option<i64>,
    reason: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct Filters {
    modules: Vec<String>,
    entities: Vec<String>,
}

fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s).unwrap_or(serde_json::Value::Null)
}

fn record(r: pb::Record, names: &HashMap<String, String>, with_payload: bool) -> AuditRecord {
    let actor_name = if r.actor_id.is_empty() {
        String::new()
    } else {
        names.get(&r.actor_id).cloned().unwrap_or_else(|| r.actor_id.clone())
    };
    AuditRecord {
        changes: json(&r.changes),
        payload: with_payload.then(|| json(&r.payload)),
        id: r.id,
        seq: r.seq,
        occurred_at: r.occurred_at,
        actor_id: r.actor_id,
        actor_name,
        account_type: r.account_type,
        address: r.address,
        module: r.module,
        entity: r.entity,
        entity_id: r.entity_id,
        action: r.verb,
        event_type: r.event_type,
        trace_id: r.trace_id,
        recorded_at: r.recorded_at,
        hash: r.hash,
        prev_hash: r.prev_hash,
    }
}

/// The names of the records' actors: admins' from identity, app users' (account type
/// "Member", donors) from giving; an actor neither can name (a deleted donor, a service that
/// is down) stays its id.
async fn actor_names(state: &AppState, records: &[pb::Record]) -> HashMap<String, String> {
    let members: Vec<String> =
        records.iter().filter(|r| r.account_type == common::account::MEMBER).map(|r| r.actor_id.clone()).collect();
    let admins = records.iter().filter(|r| r.account_type != common::account::MEMBER).map(|r| r.actor_id.clone());
    let mut names = account_names(state, admins).await;
    if !members.is_empty() {
        let req = proto::giving::v1::DonorNamesRequest { ids: members };
        match call!(state.giving().donor_names(req)) {
            Ok(r) => names.extend(r.names),
            Err(e) => tracing::warn!(error = %e.message(), "donor names unavailable"),
        }
    }
    names
}

/// The actor text as ids: the sub-admins whose name or email hold it, and the caller (the
/// main admin) when its own name does (identity's AccountNames); the service also matches the text against ids and
/// addresses.
async fn actor_ids(state: &AppState, caller: &Caller, text: &str) -> Result<Vec<String>, ApiError> {
    if text.is_empty() {
        return Ok(vec![]);
    }
    let req = proto::identity::v1::ListRequest {
        page: Some(proto::common::v1::PageRequest {
            page: 1,
            limit: 500,
            search: text.to_string(),
            ..Default::default()
        }),
        actor: Some(caller.to_pb()),
    };
    let page = call!(state.identity().list_sub_admins(req))?;
    let mut ids: Vec<String> = page.items.into_iter().map(|s| s.id).collect();
    let me = account_names(state, [caller.id.clone()]).await;
    let lower = text.to_lowercase();
    if me.get(&caller.id).is_some_and(|n| n.to_lowercase().contains(&lower)) {
        ids.push(caller.id.clone());
    }
    Ok(ids)
}

async fn to_pb(state: &AppState, caller: &Caller, b: &AuditListBody) -> Result<pb::ListRequest, ApiError> {
    let actor = b.actor.trim();
    Ok(pb::ListRequest {
        page: Some(b.list.to_page()),
        actor_ids: actor_ids(state, caller, actor).await?,
        actor_text: actor.to_string(),
        account_type: b.account_type.clone(),
        module: b.module.clone(),
        entity: b.entity.clone(),
        entity_id: b.entity_id.clone(),
        from: b.from_date,
        to: b.to_date,
        ..Default::default()
    })
}

async fn list_page(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<AuditListBody>,
) -> Reply {
    let req = to_pb(&state, &caller, &b).await?;
    let page = call!(state.audit().list(req))?;
    let names = actor_names(&state, &page.items).await;
    list_of("Audit list", page.items, page.total, |r| record(r, &names, false))
}

async fn one(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::RecordRef { id };
    let r = call!(state.audit().get(req))?;
    let names = actor_names(&state, std::slice::from_ref(&r)).await;
    ok("Audit record", record(r, &names, true))
}

async fn verify(State(state): State<AppState>) -> Reply {
    let v = call!(state.audit_long().verify(pb::Empty {}))?;
    let first_broken = (!v.ok).then_some(v.first_broken_seq);
    ok("Audit chain", Verification { ok: v.ok, checked: v.checked, first_broken, reason: v.reason })
}

async fn filters(State(state): State<AppState>) -> Reply {
    let m = call!(state.audit().modules(pb::Empty {}))?;
    ok("Audit filters", Filters { modules: m.modules, entities: m.entities })
}

/// Records fetched per List call of the export.
const EXPORT_BATCH: i64 = 1000;

/// Every record that matches the filter, newest first, as an .xlsx: List in keyset batches
/// (seq below the last one sent), each batch's actors named.
async fn export(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<AuditListBody>,
) -> Result<axum::response::Response, ApiError> {
    let mut req = to_pb(&state, &caller, &b).await?;
    req.page = Some(proto::common::v1::PageRequest { page: 1, limit: EXPORT_BATCH, ..Default::default() });
    // The first batch before answering, so a bad filter is a 400 and not a broken file.
    let first = call!(state.audit().list(req))?;
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<AuditRecord, tonic::Status>>(EXPORT_BATCH as usize);
    tokio::spawn(async move {
        let mut batch = first.items;
        loop {
            let Some(last) = batch.last().map(|r| r.seq) else { return };
            let full = batch.len() as i64 == EXPORT_BATCH;
            let names = actor_names(&state, &batch).await;
            for r in batch {
                if tx.send(Ok(record(r, &names, false))).await.is_err() {
                    return;
                }
            }
            if !full {
                return;
            }
            req.before_seq = last;
            batch = match state.audit_long().list(req.clone()).await {
                Ok(p) => p.into_inner().items,
                Err(e) => {
                    let _ = tx.send(Err(e)).await;
                    return;
                }
            };
        }
    });
    crate::xlsx::export_stream(tokio_stream::wrappers::ReceiverStream::new(rx), sheet()).await
}

const COLUMNS: &[(&str, f64)] = &[
    ("Seq", 8.0),
    ("When", 22.0),
    ("Actor", 28.0),
    ("Account Type", 14.0),
    ("Address", 16.0),
    ("Module", 30.0),
    ("Entity", 16.0),
    ("Entity Id", 26.0),
    ("Action", 16.0),
    ("Changes", 60.0),
    ("Trace Id", 34.0),
];

pub fn sheet() -> Sheet<AuditRecord> {
    Sheet { title: "Audit log".into(), file_name: "audit-log.xlsx".into(), columns: COLUMNS, row: audit_row }
}

fn audit_row(row: &mut Row, r: &AuditRecord) {
    row.number(r.seq as f64).date_ms(r.occurred_at).text(&r.actor_name).text(&r.account_type).text(&r.address);
    row.text(&r.module)
        .text(&r.entity)
        .text(&r.entity_id)
        .text(&r.action)
        .text(&r.changes.to_string())
        .text(&r.trace_id);
}
