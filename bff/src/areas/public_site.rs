//! The public site's reads (no token): published pages, active leadership, active FAQs by
//! category. Served from the public cache (crate::public_cache) with a strong ETag.

use super::content_page::{document_value, view};
use super::leadership::Leadership;
use crate::error::{ApiError, ApiResult};
use crate::public_cache;
use crate::reply::{Route, route};
use crate::state::AppState;
use crate::transport::call;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method};
use axum::response::Response;
use axum::routing::get;
use proto::content::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::GET,
            "/v1/public/page/{key}",
            "A published page (homepage, privacy_policy, terms_condition, about_us, giving_partner)",
            get(page),
        )
        .answers::<PublicPage>(),
        route(Method::GET, "/v1/public/leadership", "Active leadership entries, by order", get(leadership))
            .list::<Leadership>(),
        route(Method::GET, "/v1/public/faq", "Active FAQs by category order", get(faq)).list::<PublicFaqCategory>(),
    ]
}

/// A published page: its fields (as its admin answer without revision fields) and when it
/// was last published.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicPage {
    pub page_key: String,
    pub updated_at: i64,
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub document: serde_json::Value,
}

#[derive(Serialize, ToSchema)]
pub struct PublicFaq {
    #[serde(rename = "_id")]
    pub id: String,
    pub question: String,
    pub answer: String,
}

#[derive(Serialize, ToSchema)]
pub struct PublicFaqCategory {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub faqs: Vec<PublicFaq>,
}

#[derive(Serialize)]
struct Success<T> {
    message: &'static str,
    data: T,
}

fn body<T: Serialize>(message: &'static str, data: T) -> ApiResult<String> {
    serde_json::to_string(&Success { message, data }).map_err(ApiError::internal)
}

async fn page(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(key): Path<String>,
) -> Result<Response, ApiError> {
    if !public_cache::PAGE_KEYS.contains(&key.as_str()) {
        return Err(ApiError::not_found("Page not found"));
    }
    let st = state.clone();
    public_cache::serve(&state, &headers, &public_cache::page_key(&key), || async move {
        let req = pb::PageRef { page_key: key.clone(), id: String::new() };
        let p = call!(st.content().get_page(req))?;
        let updated_at = p.updated_at;
        // The public answer names no author.
        let document = document_value(&view(&st, p, &Default::default()).await);
        body("Page", PublicPage { page_key: key, updated_at, document })
    })
    .await
}

async fn leadership(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let st = state.clone();
    public_cache::serve(&state, &headers, public_cache::LEADERSHIP, || async move {
        let page = proto::common::v1::PageRequest {
            page: 1,
            limit: 1000,
            column: "order".into(),
            order: "asc".into(),
            ..Default::default()
        };
        let req = pb::ListLeadershipRequest { page: Some(page), is_active: Some(true) };
        let r = call!(st.content().list_leadership(req))?;
        body("Leadership", r.items.into_iter().map(super::leadership::view).collect::<Vec<_>>())
    })
    .await
}

async fn faq(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let st = state.clone();
    public_cache::serve(&state, &headers, public_cache::FAQ, || async move {
        let r = call!(st.content().public_faq(pb::Empty {}))?;
        let out: Vec<PublicFaqCategory> = r
            .categories
            .into_iter()
            .map(|c| PublicFaqCategory {
                id: c.id,
                name: c.name,
                faqs: c
                    .faqs
                    .into_iter()
                    .map(|f| PublicFaq { id: f.id, question: f.question, answer: f.answer })
                    .collect(),
            })
            .collect();
        body("FAQ", out)
    })
    .await
}
