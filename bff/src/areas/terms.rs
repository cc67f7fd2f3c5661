//! Causes (/admin/cause) and nonprofit categories (/admin/charity-category): the same
//! handlers serve both, parameterised by the kind of term (SPEC section 7).

use super::{IdBody, ListBody, StatusBody};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::reply::{Body, Empty, Reply, Route, list_of, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent, retry};
use crate::xlsx::{Row, Sheet, XLSX};
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{MethodRouter, get, patch, post};
use proto::catalogue::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The REST paths and words of one kind of term.
#[derive(Clone, Copy)]
pub(crate) struct Kind {
    kind: pb::TermKind,
    label: &'static str,
}

pub(crate) const CAUSE: Kind = Kind { kind: pb::TermKind::Cause, label: "Cause" };
pub(crate) const CATEGORY: Kind = Kind { kind: pb::TermKind::Category, label: "Category" };

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/cause/getAll", "Active causes, by name", with(CAUSE, post(active)))
            .list::<NamedTerm>(),
        route(Method::POST, "/admin/cause/create", "Create a cause", with(CAUSE, post(create)))
            .body::<TermBody>()
            .answers::<TermView>(),
        route(
            Method::POST,
            "/admin/cause/causeList",
            "Page of causes (page, limit, search, column, order)",
            with(CAUSE, post(list_page)),
        )
        .body::<ListBody>()
        .page::<TermView>(),
        route(
            Method::POST,
            "/admin/cause/causeList-excel",
            "Causes matching the list filter as an Excel workbook (.xlsx)",
            with(CAUSE, post(export)),
        )
        .body::<ExportBody>()
        .file(XLSX),
        route(Method::POST, "/admin/cause/delete", "Delete a cause ({ id })", with(CAUSE, post(remove)))
            .body::<IdBody>(),
        route(Method::GET, "/admin/cause/get/{id}", "One cause", with(CAUSE, get(one))).answers::<TermView>(),
        route(Method::PATCH, "/admin/cause/update/{id}", "Rename or re-describe a cause", with(CAUSE, patch(update)))
            .body::<TermBody>()
            .answers::<TermView>(),
        route(
            Method::PATCH,
            "/admin/cause/activeStatus/{id}",
            "Activate or deactivate a cause",
            with(CAUSE, patch(status)),
        )
        .body::<StatusBody>()
        .answers::<TermView>(),
        route(
            Method::POST,
            "/admin/charity-category/getAll",
            "Active nonprofit categories, by name",
            with(CATEGORY, post(active)),
        )
        .list::<NamedTerm>(),
        route(
            Method::POST,
            "/admin/charity-category/create",
            "Create a nonprofit category",
            with(CATEGORY, post(create)),
        )
        .body::<TermBody>()
        .answers::<TermView>(),
        route(
            Method::POST,
            "/admin/charity-category/categoryList",
            "Page of nonprofit categories",
            with(CATEGORY, post(list_page)),
        )
        .body::<ListBody>()
        .page::<TermView>(),
        route(Method::GET, "/admin/charity-category/get/{id}", "One nonprofit category", with(CATEGORY, get(one)))
            .answers::<TermView>(),
        route(
            Method::POST,
            "/admin/charity-category/delete",
            "Delete a nonprofit category ({ id })",
            with(CATEGORY, post(remove)),
        )
        .body::<IdBody>(),
        route(
            Method::PATCH,
            "/admin/charity-category/update/{id}",
            "Rename a nonprofit category",
            with(CATEGORY, patch(update)),
        )
        .body::<TermBody>()
        .answers::<TermView>(),
        route(
            Method::PATCH,
            "/admin/charity-category/activeStatus/{id}",
            "Activate or deactivate a nonprofit category",
            with(CATEGORY, patch(status)),
        )
        .body::<StatusBody>()
        .answers::<TermView>(),
    ]
}

/// Gives the handler its kind of term as a request extension.
fn with(kind: Kind, handler: MethodRouter<AppState>) -> MethodRouter<AppState> {
    handler.layer(axum::Extension(kind))
}

type K = axum::Extension<Kind>;

/// A cause or nonprofit category.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermView {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub is_active: bool,
    /// Milliseconds since the epoch.
    pub created_at: i64,
}

/// A cause or nonprofit category by name.
#[derive(Serialize, ToSchema)]
pub struct NamedTerm {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

fn view(t: pb::Term) -> TermView {
    TermView { id: t.id, name: t.name, description: t.description, is_active: t.active, created_at: t.created_at }
}

async fn active(State(state): State<AppState>, axum::Extension(k): K) -> Reply {
    let req = pb::KindRequest { kind: k.kind as i32 };
    let page = call!(state.catalogue().active_terms(req))?;
    ok(
        &format!("{} list", k.label),
        page.items.into_iter().map(|t| NamedTerm { id: t.id, name: t.name }).collect::<Vec<_>>(),
    )
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct TermBody {
    name: String,
    description: Option<String>,
}

async fn create(
    State(state): State<AppState>,
    axum::Extension(k): K,
    axum::Extension(caller): axum::Extension<Caller>,
    Body(b): Body<TermBody>,
) -> Reply {
    let req = pb::TermInput {
        kind: k.kind as i32,
        name: b.name,
        description: b.description.unwrap_or_default(),
        actor: Some(caller.to_pb()),
    };
    let t = call_unsent!(state.catalogue().create_term(req))?;
    ok(&format!("{} created successfully", k.label), view(t))
}

async fn update(
    State(state): State<AppState>,
    axum::Extension(k): K,
    axum::Extension(caller): axum::Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<TermBody>,
) -> Reply {
    let req = pb::UpdateTermRequest {
        kind: k.kind as i32,
        id,
        name: b.name,
        description: b.description,
        actor: Some(caller.to_pb()),
    };
    let t = call!(state.catalogue().update_term(req))?;
    ok(&format!("{} updated successfully", k.label), view(t))
}

pub(crate) async fn status(
    State(state): State<AppState>,
    axum::Extension(k): K,
    axum::Extension(caller): axum::Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<StatusBody>,
) -> Reply {
    let active = b.active()?;
    let req = pb::SetTermStatusRequest { kind: k.kind as i32, id, active, actor: Some(caller.to_pb()) };
    let t = call!(state.catalogue().set_term_status(req))?;
    let verb = if active { "activated" } else { "deactivated" };
    ok(&format!("{} {verb} successfully", k.label), view(t))
}

/// What still uses a term, from every service that may (a category: nonprofits; a cause:
/// nonprofits, transactions and subscriptions, communities, the homepage), as each words it.
/// A service that cannot be asked fails the delete (503): nothing is deleted on a guess.
async fn uses(state: &AppState, k: Kind, id: &str) -> Result<Vec<String>, ApiError> {
    let q = proto::common::v1::UsageRequest {
        kind: (if k.kind == pb::TermKind::Category { "category" } else { "cause" }).into(),
        id: id.trim().into(),
    };
    let catalogue = retry(|| async { state.catalogue().usage(q.clone()).await });
    if k.kind == pb::TermKind::Category {
        return Ok(catalogue.await?.into_inner().items.into_iter().map(|u| u.what).collect());
    }
    let giving = retry(|| async { state.giving().usage(q.clone()).await });
    let engagement = retry(|| async { state.engagement().usage(q.clone()).await });
    let content = retry(|| async { state.content().usage(q.clone()).await });
    let (a, b, c, d) = futures::join!(catalogue, giving, engagement, content);
    let mut out = vec![];
    for r in [a, b, c, d] {
        out.extend(r?.into_inner().items.into_iter().map(|u| u.what));
    }
    Ok(out)
}

/// Deletes a term nothing uses; one that records still use is refused (409) saying what uses
/// it and how many, and stays (the console's confirm text is the spec's; the answer is this).
pub(crate) async fn remove(
    State(state): State<AppState>,
    axum::Extension(k): K,
    axum::Extension(caller): axum::Extension<Caller>,
    Body(b): Body<IdBody>,
) -> Reply {
    if !b.id.trim().is_empty() {
        let used = uses(&state, k, &b.id).await?;
        if !used.is_empty() {
            return Err(ApiError::new(
                axum::http::StatusCode::CONFLICT,
                "IN_USE",
                common::error::in_use(&k.label.to_lowercase(), &used),
            ));
        }
    }
    let req = pb::TermRef { kind: k.kind as i32, id: b.id, actor: Some(caller.to_pb()) };
    call_unsent!(state.catalogue().delete_term(req))?;
    ok(&format!("{} deleted successfully", k.label), Empty {})
}

async fn one(State(state): State<AppState>, axum::Extension(k): K, Path(id): Path<String>) -> Reply {
    let req = pb::TermRef { kind: k.kind as i32, id, actor: None };
    let t = call!(state.catalogue().get_term(req))?;
    ok(&format!("{} details", k.label), view(t))
}

pub(crate) async fn list_page(State(state): State<AppState>, axum::Extension(k): K, Body(b): Body<ListBody>) -> Reply {
    let req = pb::ListTermsRequest { kind: k.kind as i32, page: Some(b.to_page()) };
    let page = call!(state.catalogue().list_terms(req))?;
    list_of(&format!("{} list", k.label), page.items, page.total, view)
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct ExportBody {
    search: String,
    column: String,
    order: String,
}

/// Every term that matches the filter, as an .xlsx (crate::xlsx).
async fn export(
    State(state): State<AppState>,
    axum::Extension(k): K,
    Body(b): Body<ExportBody>,
) -> Result<axum::response::Response, ApiError> {
    let page = super::ListBody { page: 1, limit: 1, search: b.search, column: b.column, order: b.order }.to_page();
    let req = pb::ListTermsRequest { kind: k.kind as i32, page: Some(page) };
    let stream = call!(state.catalogue_long().stream_terms(req))?;
    let sheet = Sheet {
        title: format!("{}s", k.label),
        file_name: format!("{}s.xlsx", k.label.to_lowercase()),
        columns: &[("Name", 40.0), ("Description", 60.0), ("Status", 10.0), ("Created At", 22.0)],
        row: term_row,
    };
    crate::xlsx::export(stream, sheet).await
}

fn term_row(r: &mut Row, t: &pb::Term) {
    r.text(&t.name).text(&t.description).text(if t.active { "Active" } else { "Inactive" }).date_ms(t.created_at);
}
