//! Leadership entries (/admin/leadership, module /content_management/leadership).

use super::ListBody;
use crate::auth::Caller;
use crate::media;
use crate::public_cache::renewed;
use crate::reply::{Body, Empty, Reply, Route, list_of, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use proto::content::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/leadership/addLeadership", "Add a leadership entry", post(create))
            .body::<LeadershipInput>()
            .answers::<Leadership>(),
        route(
            Method::POST,
            "/admin/leadership/listLeadership",
            "Page of leadership entries (sort: order, name, title, createdAt)",
            post(list_page),
        )
        .body::<LeadershipListBody>()
        .page::<Leadership>(),
        route(Method::GET, "/admin/leadership/getLeadership/{id}", "One leadership entry", get(one))
            .answers::<Leadership>(),
        route(Method::PATCH, "/admin/leadership/updateLeadership/{id}", "Change a leadership entry", patch(update))
            .body::<LeadershipInput>()
            .answers::<Leadership>(),
        route(Method::DELETE, "/admin/leadership/deleteLeadership/{id}", "Delete a leadership entry", delete(remove)),
    ]
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct LeadershipInput {
    pub name: String,
    pub title: String,
    /// A stored file name (media module 'leadershipImage').
    pub photo: String,
    /// Rich text (sanitised by the service).
    pub biography: String,
    pub order: i64,
    pub is_active: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Leadership {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub title: String,
    pub photo: String,
    pub biography: String,
    pub order: i64,
    pub is_active: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct LeadershipListBody {
    #[serde(flatten)]
    list: ListBody,
    is_active: Option<bool>,
}

pub fn view(l: pb::Leadership) -> Leadership {
    Leadership {
        id: l.id,
        name: l.name,
        title: l.title,
        photo: l.photo,
        biography: l.biography,
        order: l.order,
        is_active: l.is_active,
        created_at: l.created_at,
        updated_at: l.updated_at,
    }
}

fn fields(b: LeadershipInput) -> Option<pb::LeadershipFields> {
    Some(pb::LeadershipFields {
        name: b.name,
        title: b.title,
        photo: b.photo,
        biography: b.biography,
        order: b.order,
        is_active: b.is_active,
    })
}

async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<LeadershipInput>,
) -> Reply {
    let claim =
        media::LEADERSHIP.claim(&state, &caller.to_pb(), None, media::Files::new().one("photo", &b.photo)).await?;
    let req = pb::LeadershipInput { fields: fields(b), actor: Some(caller.to_pb()) };
    let l = call_unsent!(state.content().create_leadership(req))?;
    claim.attach(&state, &l.id).await;
    renewed(&state, "Leadership added successfully", view(l)).await
}

async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<LeadershipInput>,
) -> Reply {
    let claim = media::LEADERSHIP
        .claim(&state, &caller.to_pb(), Some(&id), media::Files::new().one("photo", &b.photo))
        .await?
        .complete();
    let req = pb::UpdateLeadershipRequest { id: id.clone(), fields: fields(b), actor: Some(caller.to_pb()) };
    let l = call!(state.content().update_leadership(req))?;
    claim.attach(&state, &id).await;
    renewed(&state, "Leadership updated successfully", view(l)).await
}

pub(crate) async fn remove(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = pb::IdRef { id, actor: Some(caller.to_pb()) };
    // Its photo stays its own while it is in the trash (released when purged: bff/src/trash.rs).
    call_unsent!(state.content().delete_leadership(req))?;
    renewed(&state, "Leadership deleted successfully", Empty {}).await
}

async fn one(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::IdRef { id, actor: None };
    let l = call!(state.content().get_leadership(req))?;
    ok("Leadership details", view(l))
}

pub(crate) async fn list_page(State(state): State<AppState>, Body(b): Body<LeadershipListBody>) -> Reply {
    let req = pb::ListLeadershipRequest { page: Some(b.list.to_page()), is_active: b.is_active };
    let r = call!(state.content().list_leadership(req))?;
    list_of("Leadership list", r.items, r.total, view)
}
