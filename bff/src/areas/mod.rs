//! REST areas; each gives its routes, the root merges them.

pub mod audit;
pub mod auth;
pub mod badge;
pub mod bulk;
pub mod charity;
pub mod charity_admin;
pub mod chat;
pub mod community;
pub mod contact_us;
pub mod content_page;
pub mod dashboard;
pub mod donor;
pub mod event;
pub mod faq;
pub mod giving_partner;
pub mod leadership;
pub mod locations;
pub mod media;
pub mod notification;
pub mod post;
pub mod public_site;
pub mod report_post;
pub mod saved_view;
pub mod search;
pub mod service_charge;
pub mod sub_admin;
pub mod subscribed_donor;
pub mod terms;
pub mod transaction;
pub mod trash;
pub mod two_factor;

use crate::auth::Caller;
use crate::reply::{Body, Route};
use crate::state::AppState;
use axum::Extension;
use axum::extract::{FromRequest, FromRequestParts, Path};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    let mut all = auth::routes();
    all.extend(locations::routes());
    all.extend(sub_admin::routes());
    all.extend(two_factor::routes());
    all.extend(terms::routes());
    all.extend(charity::routes());
    all.extend(media::routes());
    all.extend(charity_admin::routes());
    all.extend(donor::routes());
    all.extend(transaction::routes());
    all.extend(subscribed_donor::routes());
    all.extend(service_charge::routes());
    all.extend(dashboard::routes());
    all.extend(giving_partner::routes());
    all.extend(badge::routes());
    all.extend(content_page::routes());
    all.extend(leadership::routes());
    all.extend(faq::routes());
    all.extend(contact_us::routes());
    all.extend(public_site::routes());
    all.extend(community::routes());
    all.extend(event::routes());
    all.extend(post::routes());
    all.extend(report_post::routes());
    all.extend(chat::routes());
    all.extend(notification::routes());
    all.extend(audit::routes());
    all.extend(trash::routes());
    all.extend(saved_view::routes());
    all.extend(search::routes());
    all.extend(bulk::routes());
    all
}

#[derive(Deserialize, Serialize, ToSchema)]
#[serde(default)]
/// The list query every list takes (SPEC section 3).
pub struct ListBody {
    pub page: i64,
    pub limit: i64,
    pub search: String,
    pub column: String,
    pub order: String,
}

impl ListBody {
    /// The one conversion of a list body to the services' paging message.
    pub fn to_page(&self) -> proto::common::v1::PageRequest {
        proto::common::v1::PageRequest {
            page: self.page,
            limit: self.limit,
            search: self.search.clone(),
            column: self.column.clone(),
            order: self.order.clone(),
        }
    }
}

impl Default for ListBody {
    fn default() -> Self {
        Self { page: 1, limit: 10, search: String::new(), column: String::new(), order: String::new() }
    }
}

/// `?page&limit`: the paging of a list read by query (comments, revisions); 1 and 10 by default.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(default)]
pub struct PagingQuery {
    pub page: i64,
    pub limit: i64,
}

impl Default for PagingQuery {
    fn default() -> Self {
        Self { page: 1, limit: 10 }
    }
}

/// `{ id }`: the record a delete names.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct IdBody {
    pub id: String,
}

/// `{ isActive }`: activates or deactivates a record (required).
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct StatusBody {
    pub is_active: Option<bool>,
}

impl StatusBody {
    /// The wanted state, or the 400 every status path answers without it.
    pub fn active(&self) -> Result<bool, crate::error::ApiError> {
        self.is_active.ok_or_else(|| crate::error::ApiError::validation("isActive", "isActive is required"))
    }
}

/// What a status path (`.../{id}` with a [`StatusBody`]) takes: the record, the wanted state
/// (the 400 of [`StatusBody::active`] without it) and who asks.
pub struct StatusChange {
    pub id: String,
    pub active: bool,
    pub actor: proto::common::v1::Actor,
}

impl StatusChange {
    /// The path's answer message: "{what} activated successfully" or "... deactivated ...".
    pub fn message(&self, what: &str) -> String {
        format!("{what} {} successfully", if self.active { "activated" } else { "deactivated" })
    }
}

impl FromRequest<AppState> for StatusChange {
    type Rejection = Response;

    async fn from_request(req: axum::extract::Request, state: &AppState) -> Result<Self, Response> {
        let (mut parts, body) = req.into_parts();
        let Extension(caller) =
            Extension::<Caller>::from_request_parts(&mut parts, state).await.map_err(IntoResponse::into_response)?;
        let Path(id) =
            Path::<String>::from_request_parts(&mut parts, state).await.map_err(IntoResponse::into_response)?;
        let req = axum::extract::Request::from_parts(parts, body);
        let Body(b) = Body::<StatusBody>::from_request(req, state).await.map_err(IntoResponse::into_response)?;
        let active = b.active().map_err(IntoResponse::into_response)?;
        Ok(Self { id, active, actor: caller.to_pb() })
    }
}

/// A module an account holds, with its title (modules.json) and granted actions.
#[derive(Serialize, ToSchema)]
pub struct ModuleGrant {
    pub slug: String,
    pub title: String,
    pub actions: Vec<String>,
}

impl ModuleGrant {
    pub fn from_pb(p: proto::identity::v1::Permission) -> Self {
        let title = proto::modules::find(&p.slug).map(|m| m.title.clone()).unwrap_or_default();
        Self { slug: p.slug, title, actions: p.actions }
    }
}
