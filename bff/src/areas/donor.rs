//! Donors, the platform's app users (/admin/user, module /donor; SPEC section 7).
//!
//! The records travel as the giving service's proto messages, which serialise as the REST JSON.

use super::{ListBody, StatusBody, StatusChange};
use crate::auth::Caller;
use crate::media;
use crate::reply::{Body, Empty, Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use proto::giving::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/user/userList", "Page of donors (isActive filters)", post(list_page))
            .body::<DonorListBody>()
            .page::<pb::Donor>(),
        route(Method::POST, "/admin/user/create", "Add a donor", post(create))
            .body::<pb::DonorInput>()
            .answers::<pb::Donor>(),
        route(
            Method::GET,
            "/admin/user/viewUserDetails/{id}",
            "A donor with badges, recent transactions and subscriptions",
            get(details),
        )
        .answers::<pb::DonorDetail>(),
        route(Method::PATCH, "/admin/user/update/{id}", "Edit a donor", patch(update))
            .body::<pb::DonorInput>()
            .answers::<pb::Donor>(),
        route(
            Method::DELETE,
            "/admin/user/delete/{id}",
            "Delete a donor (to the trash: restorable until purged)",
            delete(remove),
        ),
        route(Method::PATCH, "/admin/user/userStatus/{id}", "Activate or deactivate a donor", patch(status))
            .body::<StatusBody>()
            .answers::<pb::Donor>(),
    ]
}

/// The list body, and only active (true) or inactive (false) donors when `isActive` is given.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DonorListBody {
    #[serde(flatten)]
    list: ListBody,
    is_active: Option<bool>,
}

pub(crate) async fn list_page(State(state): State<AppState>, Body(b): Body<DonorListBody>) -> Reply {
    let req = pb::ListDonorsRequest { page: Some(b.list.to_page()), is_active: b.is_active };
    let page = call!(state.giving().list_donors(req))?;
    list("Donor list", page.items, page.total)
}

async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<pb::DonorInput>,
) -> Reply {
    let claim = media::DONOR.claim(&state, &caller.to_pb(), None, media::Files::new().one("avatar", &b.avatar)).await?;
    let req = pb::CreateDonorRequest { input: Some(b), actor: Some(caller.to_pb()) };
    let d = call_unsent!(state.giving().create_donor(req))?;
    claim.attach(&state, &d.id).await;
    ok("Donor created successfully", d)
}

async fn details(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::DonorRef { id, actor: None };
    let d = call!(state.giving().donor_details(req))?;
    ok("Donor details", d)
}

async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<pb::DonorInput>,
) -> Reply {
    let claim = media::DONOR
        .claim(&state, &caller.to_pb(), Some(&id), media::Files::new().one("avatar", &b.avatar))
        .await?
        .complete();
    let req = pb::UpdateDonorRequest { id: id.clone(), input: Some(b), actor: Some(caller.to_pb()) };
    let d = call!(state.giving().update_donor(req))?;
    claim.attach(&state, &id).await;
    ok("Donor updated successfully", d)
}

pub(crate) async fn remove(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = pb::DonorRef { id, actor: Some(caller.to_pb()) };
    // To the trash: its avatar stays its own until it is purged (bff/src/trash.rs releases it).
    call_unsent!(state.giving().delete_donor(req))?;
    ok("Donor deleted successfully", Empty {})
}

pub(crate) async fn status(State(state): State<AppState>, s: StatusChange) -> Reply {
    let message = s.message("Donor");
    let req = pb::SetDonorStatusRequest { id: s.id, active: s.active, actor: Some(s.actor) };
    ok(&message, call!(state.giving().set_donor_status(req))?)
}
