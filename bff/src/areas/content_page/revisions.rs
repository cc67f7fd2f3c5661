//! A page's revisions (issue 15): listed newest first, one opened with the page as it was
//! saved, one restored as a new revision naming it. Each area has its own paths; a CMS
//! page's revisions are its own module's (the caller must be allowed to edit that page).

use super::page::{
    ABOUT, AboutUs, Area, CMS, CmsPage, GivingPartnerPage, HOME, Homepage, PARTNER, answer, cms_module, cms_page_for,
    document_value, get_page, may_edit, name_in, view,
};
use crate::areas::PagingQuery;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::names::account_names;
use crate::reply::{Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, Query, State};
use axum::http::Method;
use axum::routing::{MethodRouter, get, post};
use proto::content::v1 as pb;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

fn with(area: Area, handler: MethodRouter<AppState>) -> MethodRouter<AppState> {
    handler.layer(Extension(area))
}

const PAGING: &[(&str, &str)] = &[("page", "Page number, from 1 (default 1)"), ("limit", "Page size (default 10)")];

/// The revision paths of each area: (area, list, one, restore). The CMS list names its page
/// (`/admin/cms/revisions/{pageId}`, its own route).
const REVISION_PATHS: [(Area, Option<&str>, &str, &str); 4] = [
    (HOME, Some("/admin/homepage/revisions"), "/admin/homepage/revision/{id}", "/admin/homepage/restoreRevision/{id}"),
    (CMS, None, "/admin/cms/revision/{id}", "/admin/cms/restoreRevision/{id}"),
    (ABOUT, Some("/admin/aboutUs/revisions"), "/admin/aboutUs/revision/{id}", "/admin/aboutUs/restoreRevision/{id}"),
    (
        PARTNER,
        Some("/admin/givingPartner/revisions"),
        "/admin/givingPartner/revision/{id}",
        "/admin/givingPartner/restoreRevision/{id}",
    ),
];

/// One save of a page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Revision {
    #[serde(rename = "_id")]
    pub id: String,
    pub number: i64,
    /// 'homepage' | 'privacy_policy' | 'terms_condition' | 'about_us' | 'giving_partner'
    pub page_key: String,
    pub author_id: String,
    pub author_name: String,
    pub created_at: i64,
    /// The revision this one restored, if any.
    pub restored_from: Option<i64>,
    /// The page as saved (its REST shape without revision fields); only on one revision.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub document: Option<serde_json::Value>,
}

/// The revision routes of every area.
pub(super) fn routes() -> Vec<Route> {
    let mut all = vec![
        route(Method::GET, "/admin/cms/revisions/{pageId}", "A CMS page's revisions, newest first", get(cms_revisions))
            .query(PAGING)
            .page::<Revision>(),
    ];
    for (area, list_path, one_path, restore_path) in REVISION_PATHS {
        if let Some(list_path) = list_path {
            all.push(
                route(Method::GET, list_path, "The page's revisions, newest first", with(area, get(revisions)))
                    .query(PAGING)
                    .page::<Revision>(),
            );
        }
        all.push(
            route(Method::GET, one_path, "One revision with its document", with(area, get(revision)))
                .answers::<Revision>(),
        );
        let restore_route = route(
            Method::POST,
            restore_path,
            "Restore a revision (a new revision naming it)",
            with(area, post(restore)),
        );
        all.push(match area.key {
            Some("homepage") => restore_route.answers::<Homepage>(),
            Some("about_us") => restore_route.answers::<AboutUs>(),
            Some(_) => restore_route.answers::<GivingPartnerPage>(),
            None => restore_route.answers::<CmsPage>(),
        });
    }
    all
}

async fn list_revisions(state: &AppState, key: &str, q: PagingQuery) -> Reply {
    let page = proto::common::v1::PageRequest { page: q.page, limit: q.limit, ..Default::default() };
    let req = pb::ListRevisionsRequest { page_key: key.to_string(), page: Some(page) };
    let r = call!(state.content().list_revisions(req))?;
    let names = account_names(state, r.items.iter().map(|i| i.author_id.clone())).await;
    let items: Vec<Revision> = r.items.into_iter().map(|i| revision_view(i, &names, None)).collect();
    list("Revisions", items, r.total)
}

fn revision_view(r: pb::Revision, names: &HashMap<String, String>, document: Option<serde_json::Value>) -> Revision {
    Revision {
        author_name: name_in(names, &r.author_id),
        id: r.id,
        number: r.number,
        page_key: r.page_key,
        author_id: r.author_id,
        created_at: r.created_at,
        restored_from: r.restored_from,
        document,
    }
}

async fn revisions(
    State(state): State<AppState>,
    Extension(area): Extension<Area>,
    Query(q): Query<PagingQuery>,
) -> Reply {
    list_revisions(&state, area.key.unwrap_or_default(), q).await
}

async fn cms_revisions(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(page_id): Path<String>,
    Query(q): Query<PagingQuery>,
) -> Reply {
    let page = cms_page_for(&state, &caller, &page_id).await?;
    list_revisions(&state, &page.page_key, q).await
}

/// The revision `id` when it belongs to the area (and, for a CMS page, to a page the
/// caller may edit); 404 'Revision not found' otherwise.
async fn revision_in(state: &AppState, area: Area, caller: &Caller, id: &str) -> ApiResult<pb::Revision> {
    let req = pb::RevisionRef { id: id.to_string(), actor: None };
    let r = call!(state.content().get_revision(req))?;
    let belongs = match area.key {
        Some(k) => r.page_key == k,
        None => cms_module(&r.page_key).is_some(),
    };
    if !belongs {
        return Err(ApiError::not_found("Revision not found"));
    }
    if area.key.is_none() && !cms_module(&r.page_key).is_some_and(|m| may_edit(caller, m)) {
        return Err(ApiError::forbidden());
    }
    Ok(r)
}

async fn revision(
    State(state): State<AppState>,
    Extension(area): Extension<Area>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let r = revision_in(&state, area, &caller, &id).await?;
    let page = get_page(&state, &r.page_key, "").await?;
    let as_saved = pb::Page { document_json: r.document_json.clone(), ..page };
    let names = account_names(&state, [r.author_id.clone()]).await;
    let document = document_value(&view(&state, as_saved, &names).await);
    ok("Revision", revision_view(r, &names, Some(document)))
}

async fn restore(
    State(state): State<AppState>,
    Extension(area): Extension<Area>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let r = revision_in(&state, area, &caller, &id).await?;
    let req = pb::RevisionRef { id: r.id, actor: Some(caller.to_pb()) };
    let p = call_unsent!(state.content().restore_revision(req))?;
    crate::public_cache::forget(&state).await;
    answer(&state, p, "Revision restored successfully").await
}
