//! FAQ categories (/admin/faq-category, module /category) and FAQs (/admin/faq, module
//! /category/FAQ).

use super::ListBody;
use crate::auth::Caller;
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
        route(Method::POST, "/admin/faq-category/create", "Create a FAQ category", post(create_category))
            .body::<FaqCategoryInput>()
            .answers::<FaqCategory>(),
        route(Method::PATCH, "/admin/faq-category/update/{id}", "Change a FAQ category", patch(update_category))
            .body::<FaqCategoryUpdate>()
            .answers::<FaqCategory>(),
        route(
            Method::POST,
            "/admin/faq-category/list",
            "Page of FAQ categories (sort: order, name, createdAt)",
            post(list_categories),
        )
        .body::<ListBody>()
        .page::<FaqCategory>(),
        route(
            Method::DELETE,
            "/admin/faq-category/delete/{id}",
            "Delete a FAQ category (refused while it holds FAQs)",
            delete(delete_category),
        ),
        route(Method::GET, "/admin/faq-category/get/{id}", "One FAQ category", get(category)).answers::<FaqCategory>(),
        route(Method::POST, "/admin/faq/create", "Create a FAQ", post(create_faq)).body::<FaqInput>().answers::<Faq>(),
        route(Method::PATCH, "/admin/faq/update/{id}", "Change a FAQ", patch(update_faq))
            .body::<FaqInput>()
            .answers::<Faq>(),
        route(Method::POST, "/admin/faq/list", "Page of FAQs (sort: order, question, createdAt)", post(list_faqs))
            .body::<FaqListBody>()
            .page::<Faq>(),
        route(Method::DELETE, "/admin/faq/delete/{id}", "Delete a FAQ", delete(delete_faq)),
        route(Method::GET, "/admin/faq/get/{id}", "One FAQ", get(faq)).answers::<Faq>(),
    ]
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FaqCategoryInput {
    pub name: String,
    pub description: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FaqCategoryUpdate {
    pub name: String,
    pub description: Option<String>,
    pub order: Option<i64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FaqCategory {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub order: i64,
    pub faq_count: i64,
    pub created_at: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct FaqInput {
    pub category_id: String,
    pub question: String,
    /// Rich text (sanitised by the service).
    pub answer: String,
    pub order: i64,
    pub is_active: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Faq {
    #[serde(rename = "_id")]
    pub id: String,
    pub category_id: String,
    pub category_name: String,
    pub question: String,
    pub answer: String,
    pub order: i64,
    pub is_active: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct FaqListBody {
    #[serde(flatten)]
    list: ListBody,
    category_id: String,
}

fn category_view(c: pb::FaqCategory) -> FaqCategory {
    FaqCategory {
        id: c.id,
        name: c.name,
        description: c.description,
        order: c.order,
        faq_count: c.faq_count,
        created_at: c.created_at,
    }
}

fn faq_view(f: pb::Faq) -> Faq {
    Faq {
        id: f.id,
        category_id: f.category_id,
        category_name: f.category_name,
        question: f.question,
        answer: f.answer,
        order: f.order,
        is_active: f.is_active,
        created_at: f.created_at,
        updated_at: f.updated_at,
    }
}

fn faq_fields(b: FaqInput) -> Option<pb::FaqFields> {
    Some(pb::FaqFields {
        category_id: b.category_id,
        question: b.question,
        answer: b.answer,
        order: b.order,
        is_active: b.is_active,
    })
}

async fn create_category(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<FaqCategoryInput>,
) -> Reply {
    let req = pb::FaqCategoryInput { name: b.name, description: b.description, actor: Some(caller.to_pb()) };
    let c = call_unsent!(state.content().create_faq_category(req))?;
    renewed(&state, "FAQ category created successfully", category_view(c)).await
}

async fn update_category(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<FaqCategoryUpdate>,
) -> Reply {
    let req = pb::UpdateFaqCategoryRequest {
        id,
        name: b.name,
        description: b.description,
        order: b.order,
        actor: Some(caller.to_pb()),
    };
    let c = call!(state.content().update_faq_category(req))?;
    renewed(&state, "FAQ category updated successfully", category_view(c)).await
}

pub(crate) async fn delete_category(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = pb::IdRef { id, actor: Some(caller.to_pb()) };
    call_unsent!(state.content().delete_faq_category(req))?;
    renewed(&state, "FAQ category deleted successfully", Empty {}).await
}

async fn category(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::IdRef { id, actor: None };
    let c = call!(state.content().get_faq_category(req))?;
    ok("FAQ category details", category_view(c))
}

pub(crate) async fn list_categories(State(state): State<AppState>, Body(b): Body<ListBody>) -> Reply {
    let req = pb::ListRequest { page: Some(b.to_page()) };
    let r = call!(state.content().list_faq_categories(req))?;
    list_of("FAQ category list", r.items, r.total, category_view)
}

async fn create_faq(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<FaqInput>,
) -> Reply {
    let req = pb::FaqInput { fields: faq_fields(b), actor: Some(caller.to_pb()) };
    let f = call_unsent!(state.content().create_faq(req))?;
    renewed(&state, "FAQ created successfully", faq_view(f)).await
}

async fn update_faq(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<FaqInput>,
) -> Reply {
    let req = pb::UpdateFaqRequest { id, fields: faq_fields(b), actor: Some(caller.to_pb()) };
    let f = call!(state.content().update_faq(req))?;
    renewed(&state, "FAQ updated successfully", faq_view(f)).await
}

pub(crate) async fn delete_faq(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = pb::IdRef { id, actor: Some(caller.to_pb()) };
    call_unsent!(state.content().delete_faq(req))?;
    renewed(&state, "FAQ deleted successfully", Empty {}).await
}

async fn faq(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::IdRef { id, actor: None };
    let f = call!(state.content().get_faq(req))?;
    ok("FAQ details", faq_view(f))
}

pub(crate) async fn list_faqs(State(state): State<AppState>, Body(b): Body<FaqListBody>) -> Reply {
    let req = pb::ListFaqsRequest { page: Some(b.list.to_page()), category_id: b.category_id };
    let r = call!(state.content().list_faqs(req))?;
    list_of("FAQ list", r.items, r.total, faq_view)
}
