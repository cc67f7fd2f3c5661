//! Giving partners (/admin/strategic-partner): the approved tab, the pending and rejected tab,
//! one partner, its status, deletion and the approve/reject decision (SPEC "Giving Partner
//! Management", /work/briefs/giving-rest.md). The giving service's `Partner` serialises as
//! the REST JSON; who may call what is the permission table's.

use super::{ListBody, StatusBody, StatusChange};
use crate::auth::Caller;
use crate::reply::{Body, Empty, Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{get, patch, post};
use proto::giving::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/admin/strategic-partner/strategicPartnerList",
            "Page of approved giving partners",
            post(approved),
        )
        .body::<ListBody>()
        .page::<pb::Partner>(),
        route(
            Method::POST,
            "/admin/strategic-partner/pending-List",
            "Page of pending and rejected giving partners",
            post(pending),
        )
        .body::<ListBody>()
        .page::<pb::Partner>(),
        route(Method::GET, "/admin/strategic-partner/get/{id}", "One giving partner", get(one))
            .answers::<pb::Partner>(),
        route(
            Method::PATCH,
            "/admin/strategic-partner/strategicPartnerStatus/{id}",
            "Activate or deactivate an approved giving partner",
            patch(status),
        )
        .body::<StatusBody>()
        .answers::<pb::Partner>(),
        route(Method::POST, "/admin/strategic-partner/deleteByAdmin", "Delete a giving partner", post(remove))
            .body::<PartnerIdBody>(),
        route(
            Method::POST,
            "/admin/strategic-partner/changeVerificationStatus",
            "Approve or reject a giving partner",
            post(verify),
        )
        .body::<PartnerVerificationBody>()
        .answers::<pb::Partner>(),
    ]
}

async fn page(state: &AppState, b: ListBody, approved: bool) -> Reply {
    let req = pb::ListPartnersRequest { page: Some(b.to_page()), approved };
    let page = call!(state.giving().list_partners(req))?;
    list("Giving partner list", page.items, page.total)
}

pub(crate) async fn approved(State(state): State<AppState>, Body(b): Body<ListBody>) -> Reply {
    page(&state, b, true).await
}

pub(crate) async fn pending(State(state): State<AppState>, Body(b): Body<ListBody>) -> Reply {
    page(&state, b, false).await
}

async fn one(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::PartnerRef { id, actor: None };
    let p = call!(state.giving().get_partner(req))?;
    ok("Giving partner details", p)
}

pub(crate) async fn status(State(state): State<AppState>, s: StatusChange) -> Reply {
    let message = s.message("Giving partner");
    let req = pb::SetPartnerStatusRequest { id: s.id, active: s.active, actor: Some(s.actor) };
    ok(&message, call!(state.giving().set_partner_status(req))?)
}

/// `{ strategicPartnerId }`: the partner a delete names.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PartnerIdBody {
    pub(crate) strategic_partner_id: String,
}

pub(crate) async fn remove(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<PartnerIdBody>,
) -> Reply {
    let req = pb::PartnerRef { id: b.strategic_partner_id, actor: Some(caller.to_pb()) };
    call_unsent!(state.giving().delete_partner(req))?;
    ok("Giving partner deleted successfully", Empty {})
}

/// The decision on a giving partner: 'Approve', or 'Reject' with its reason.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PartnerVerificationBody {
    pub(crate) strategic_partner_id: String,
    pub(crate) admin_verification: String,
    /// Required to reject (null or absent counts as none).
    pub(crate) reject_reason: Option<String>,
}

pub(crate) async fn verify(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<PartnerVerificationBody>,
) -> Reply {
    let approve = b.admin_verification.trim() == "Approve";
    let req = pb::ChangePartnerVerificationRequest {
        id: b.strategic_partner_id,
        admin_verification: b.admin_verification,
        reject_reason: b.reject_reason.unwrap_or_default(),
        actor: Some(caller.to_pb()),
    };
    let p = call_unsent!(state.giving().change_partner_verification(req))?;
    ok(if approve { "Giving partner approved successfully" } else { "Giving partner rejected successfully" }, p)
}
