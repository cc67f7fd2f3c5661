//! Sub-admin accounts and their permissions (SPEC section 7, Sub-admin). Every call names
//! its caller: identity refuses escalation (bff/API.md "Sub-admins"), and a changed
//! account's cached standing is dropped so the change holds on its next request everywhere.

use super::{ListBody, ModuleGrant, StatusBody, StatusChange};
use crate::auth::Caller;
use crate::reply::{Body, Empty, Reply, Route, list_of, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use proto::identity::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/sub-admin/create", "Create a sub-admin with its permissions", post(create))
            .body::<SubAdminBody>()
            .answers::<SubAdminView>(),
        route(Method::PATCH, "/admin/sub-admin/update/{id}", "Update a sub-admin (password optional)", patch(update))
            .body::<SubAdminBody>()
            .answers::<SubAdminView>(),
        route(Method::DELETE, "/admin/sub-admin/delete/{id}", "Delete a sub-admin", delete(remove)),
        route(
            Method::PATCH,
            "/admin/sub-admin/subAdminStatus/{id}",
            "Activate or deactivate a sub-admin",
            patch(status),
        )
        .body::<StatusBody>()
        .answers::<SubAdminView>(),
        route(
            Method::POST,
            "/admin/sub-admin/subAdminList",
            "Page of sub-admins (page, limit, search, column, order)",
            post(list_page),
        )
        .body::<ListBody>()
        .page::<SubAdminView>(),
        route(Method::GET, "/admin/sub-admin/get/{id}", "One sub-admin with its permissions", get(one))
            .answers::<SubAdminView>(),
    ]
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct Grant {
    slug: String,
    actions: Vec<String>,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SubAdminBody {
    first_name: String,
    last_name: String,
    email: String,
    password: String,
    permissions: Vec<Grant>,
}

impl From<SubAdminBody> for pb::SubAdminInput {
    fn from(b: SubAdminBody) -> Self {
        pb::SubAdminInput {
            first_name: b.first_name,
            last_name: b.last_name,
            email: b.email,
            password: b.password,
            permissions: b
                .permissions
                .into_iter()
                .map(|g| pb::Permission { slug: g.slug, actions: g.actions })
                .collect(),
        }
    }
}

/// A sub-admin with its permissions (the list's rows too: the console offers a row's actions
/// only where the caller may act on that sub-admin).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubAdminView {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub is_active: bool,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    pub permissions: Vec<ModuleGrant>,
}

fn view(s: pb::SubAdmin) -> SubAdminView {
    SubAdminView {
        id: s.id,
        first_name: s.first_name,
        last_name: s.last_name,
        email: s.email,
        is_active: s.active,
        created_at: s.created_at,
        permissions: s.permissions.into_iter().map(ModuleGrant::from_pb).collect(),
    }
}

async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<SubAdminBody>,
) -> Reply {
    let req = pb::CreateSubAdminRequest { actor: Some(caller.to_pb()), input: Some(b.into()) };
    let s = call_unsent!(state.identity().create_sub_admin(req))?;
    ok("Sub admin created successfully", view(s))
}

async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<SubAdminBody>,
) -> Reply {
    let req = pb::UpdateSubAdminRequest { id: id.clone(), input: Some(b.into()), actor: Some(caller.to_pb()) };
    let s = call!(state.identity().update_sub_admin(req))?;
    state.forget_principal(&id).await;
    ok("Sub admin updated successfully", view(s))
}

pub(crate) async fn remove(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = pb::IdRequest { id: id.clone(), actor: Some(caller.to_pb()) };
    call_unsent!(state.identity().delete_sub_admin(req))?;
    state.forget_principal(&id).await;
    ok("Sub admin deleted successfully", Empty {})
}

pub(crate) async fn status(State(state): State<AppState>, s: StatusChange) -> Reply {
    let message = s.message("Sub admin");
    let req = pb::SetStatusRequest { id: s.id.clone(), active: s.active, actor: Some(s.actor) };
    let sub_admin = call!(state.identity().set_sub_admin_status(req))?;
    state.forget_principal(&s.id).await;
    ok(&message, view(sub_admin))
}

pub(crate) async fn list_page(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<ListBody>,
) -> Reply {
    let req = pb::ListRequest { page: Some(b.to_page()), actor: Some(caller.to_pb()) };
    let page = call!(state.identity().list_sub_admins(req))?;
    list_of("Sub admin list", page.items, page.total, view)
}

async fn one(State(state): State<AppState>, Extension(caller): Extension<Caller>, Path(id): Path<String>) -> Reply {
    let req = pb::IdRequest { id, actor: Some(caller.to_pb()) };
    let s = call!(state.identity().get_sub_admin(req))?;
    ok("Sub admin details", view(s))
}
