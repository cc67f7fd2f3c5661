//! Communities (/admin/admin-community and /v1/community, module /community; issue 14). The
//! engagement service keeps them; its messages serialise as the REST JSON. The BFF checks the
//! nonprofits and causes a community supports against the catalogue and names them.

use super::ListBody;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::media;
use crate::names::{named_causes, named_charities};
use crate::reply::{Body, Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{get, patch, post};
use proto::engagement::v1 as pb;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/admin-community/create", "Create a community", post(create))
            .body::<pb::CommunityInput>()
            .answers::<pb::Community>(),
        route(Method::PATCH, "/admin/admin-community/update/{id}", "Change a community", patch(update))
            .body::<pb::CommunityInput>()
            .answers::<pb::Community>(),
        route(
            Method::POST,
            "/admin/admin-community/communityList",
            "Page of communities (isDeleted, isHidden; search: name; sort: name, createdAt, membersCount, postsCount)",
            post(list_page),
        )
        .body::<CommunityListBody>()
        .page::<pb::Community>(),
        route(
            Method::POST,
            "/admin/admin-community/delete",
            "Delete (isDeleted true) or restore (false) a community",
            post(delete_or_restore),
        )
        .body::<CommunityDeleteBody>()
        .answers::<pb::Community>(),
        route(Method::POST, "/admin/admin-community/hideCommunity/{id}", "Hide or unhide a community", post(hide))
            .body::<HideBody>()
            .answers::<pb::Community>(),
        route(
            Method::GET,
            "/v1/community/getCommunityDetail/{id}",
            "One community, its nonprofits and causes named",
            get(detail),
        )
        .answers::<pb::Community>(),
        route(
            Method::POST,
            "/admin/admin-community/members/{id}",
            "Page of a community's members, newest first (search: name, email)",
            post(members),
        )
        .body::<ListBody>()
        .page::<pb::CommunityMember>(),
    ]
}

/// The list body; `isDeleted` lists the deleted communities (default: those not deleted),
/// `isHidden` only hidden (true) or only shown (false) ones.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CommunityListBody {
    #[serde(flatten)]
    pub list: ListBody,
    pub is_deleted: bool,
    pub is_hidden: Option<bool>,
}

/// `{ _id, isDeleted }`: delete (true) or restore (false).
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CommunityDeleteBody {
    #[serde(rename = "_id")]
    pub id: String,
    pub is_deleted: Option<bool>,
}

/// `{ isHidden }` (required).
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct HideBody {
    pub is_hidden: Option<bool>,
}

// ---- the catalogue's names ----

/// Catalogue nonprofits and causes by id (ids the catalogue does not know are left out).
/// Notifications (areas/notification.rs) check and name their audience with it too.
#[derive(Default)]
pub(crate) struct Names {
    pub(crate) charities: HashMap<String, String>,
    pub(crate) causes: HashMap<String, String>,
}

fn unique(ids: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = ids.into_iter().map(|s| s.trim().to_string()).filter(|i| !i.is_empty()).collect();
    v.sort();
    v.dedup();
    v
}

impl Names {
    /// Names every nonprofit and cause of `charity_ids` and `cause_ids` (each asked once).
    pub(crate) async fn of(
        state: &AppState,
        charity_ids: impl IntoIterator<Item = String>,
        cause_ids: impl IntoIterator<Item = String>,
    ) -> Self {
        let (charity_ids, cause_ids) = (unique(charity_ids), unique(cause_ids));
        let (charities, causes) = futures::join!(named_charities(state, &charity_ids), named_causes(state, &cause_ids));
        Self {
            charities: charities.into_iter().flatten().map(|r| (r.id, r.name)).collect(),
            causes: causes.into_iter().flatten().map(|r| (r.id, r.name)).collect(),
        }
    }

    fn pick(map: &HashMap<String, String>, ids: &[String]) -> Vec<pb::NamedRef> {
        ids.iter().filter_map(|i| map.get(i).map(|name| pb::NamedRef { id: i.clone(), name: name.clone() })).collect()
    }

    fn fill(&self, c: &mut pb::Community) {
        c.charities = Self::pick(&self.charities, &c.charity_ids);
        c.causes = Self::pick(&self.causes, &c.cause_ids);
    }
}

/// The ids trimmed; refuses ids the catalogue does not know (the form's selects offer only
/// known ones). Longer lists than 20 are the service's to refuse.
async fn checked(state: &AppState, mut b: pb::CommunityInput) -> ApiResult<pb::CommunityInput> {
    let trim = |v: &mut Vec<String>| v.iter_mut().for_each(|s| *s = s.trim().to_string());
    trim(&mut b.charity_ids);
    trim(&mut b.cause_ids);
    if b.charity_ids.len() > 20 || b.cause_ids.len() > 20 {
        return Ok(b);
    }
    known(state, &b.charity_ids, &b.cause_ids).await?;
    Ok(b)
}

/// The catalogue's names of `charity_ids` and `cause_ids` (trimmed), or the 400 naming the
/// list with an id the catalogue does not know.
pub(crate) async fn known(state: &AppState, charity_ids: &[String], cause_ids: &[String]) -> ApiResult<Names> {
    let names = Names::of(state, charity_ids.to_vec(), cause_ids.to_vec()).await;
    if charity_ids.iter().any(|i| !names.charities.contains_key(i)) {
        return Err(ApiError::validation("charityIds", "Please select valid nonprofits"));
    }
    if cause_ids.iter().any(|i| !names.causes.contains_key(i)) {
        return Err(ApiError::validation("causeIds", "Please select valid causes"));
    }
    Ok(names)
}

/// The communities with their nonprofits and causes named (each asked once).
async fn named(state: &AppState, mut items: Vec<pb::Community>) -> Vec<pb::Community> {
    let names = Names::of(
        state,
        items.iter().flat_map(|c| c.charity_ids.clone()),
        items.iter().flat_map(|c| c.cause_ids.clone()),
    )
    .await;
    items.iter_mut().for_each(|c| names.fill(c));
    items
}

async fn answer(state: &AppState, c: pb::Community, message: &str) -> Reply {
    ok(message, named(state, vec![c]).await.pop().unwrap_or_default())
}

// ---- handlers ----

async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<pb::CommunityInput>,
) -> Reply {
    let input = checked(&state, b).await?;
    let claim = media::COMMUNITY.claim(&state, &caller.to_pb(), None, files(&input)).await?;
    let req = pb::CreateCommunityRequest { input: Some(input), actor: Some(caller.to_pb()) };
    let c = call_unsent!(state.engagement().create_community(req))?;
    claim.attach(&state, &c.id).await;
    answer(&state, c, "Community created successfully").await
}

async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<pb::CommunityInput>,
) -> Reply {
    let input = checked(&state, b).await?;
    let claim = media::COMMUNITY.claim(&state, &caller.to_pb(), Some(&id), files(&input)).await?.complete();
    let req = pb::UpdateCommunityRequest { id: id.clone(), input: Some(input), actor: Some(caller.to_pb()) };
    let c = call!(state.engagement().update_community(req))?;
    claim.attach(&state, &id).await;
    answer(&state, c, "Community updated successfully").await
}

/// The files a community's form names (its cover and gallery: the whole record's).
fn files(input: &pb::CommunityInput) -> media::Files {
    media::Files::new().one("coverImage", &input.cover_image).many("gallery", &input.gallery)
}

pub(crate) async fn list_page(State(state): State<AppState>, Body(b): Body<CommunityListBody>) -> Reply {
    let req =
        pb::ListCommunitiesRequest { page: Some(b.list.to_page()), is_deleted: b.is_deleted, is_hidden: b.is_hidden };
    let r = call!(state.engagement().list_communities(req))?;
    list("Community list", named(&state, r.items).await, r.total)
}

pub(crate) async fn delete_or_restore(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<CommunityDeleteBody>,
) -> Reply {
    let is_deleted = b.is_deleted.ok_or_else(|| ApiError::validation("isDeleted", "isDeleted is required"))?;
    let req = pb::SetCommunityDeletedRequest { id: b.id, is_deleted, actor: Some(caller.to_pb()) };
    let c = call!(state.engagement().set_community_deleted(req))?;
    answer(&state, c, if is_deleted { "Community deleted Successfully" } else { "Community Restore Successfully" })
        .await
}

async fn hide(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<HideBody>,
) -> Reply {
    let is_hidden = b.is_hidden.ok_or_else(|| ApiError::validation("isHidden", "isHidden is required"))?;
    let req = pb::SetCommunityHiddenRequest { id, is_hidden, actor: Some(caller.to_pb()) };
    let c = call!(state.engagement().set_community_hidden(req))?;
    answer(&state, c, if is_hidden { "Community hidden successfully" } else { "Community unhidden successfully" }).await
}

async fn detail(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::CommunityRef { id };
    let c = call!(state.engagement().get_community(req))?;
    answer(&state, c, "Community details").await
}

async fn members(State(state): State<AppState>, Path(id): Path<String>, Body(b): Body<ListBody>) -> Reply {
    let req = pb::ListCommunityMembersRequest { community_id: id, page: Some(b.to_page()) };
    let r = call!(state.engagement().list_community_members(req))?;
    list("Community members", r.items, r.total)
}
