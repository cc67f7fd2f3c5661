//! Contact-us messages: the inbox (/admin/ContactUs, module /category/contact_form) and
//! the public form (/v1/public/contactUs, throttled per client address by the service).

use super::ListBody;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::names::account_names;
use crate::reply::{Reply, Route, list_of, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::routing::{delete, get, post};
use proto::content::v1 as pb;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use utoipa::ToSchema;

/// The largest public submission body.
pub const BODY_LIMIT: usize = 16 * 1024;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/admin/ContactUs",
            "Page of contact messages, newest first (sort: createdAt, name, email, subject)",
            post(list_page),
        )
        .body::<ContactListBody>()
        .page::<ContactMessage>(),
        route(
            Method::GET,
            "/admin/ContactUs/getContactUs/{id}",
            "One contact message (the first open marks it read)",
            get(one),
        )
        .answers::<ContactMessage>(),
        route(
            Method::DELETE,
            "/admin/ContactUs/delete/{id}",
            "Delete a contact message (to the trash: restorable until purged)",
            delete(remove),
        ),
        route(
            Method::POST,
            "/v1/public/contactUs",
            "Send a contact-us message (public; 5 per address per 10 minutes; 16 KiB at most)",
            post(submit),
        )
        .created()
        .body::<ContactInput>(),
    ]
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactInput {
    pub name: String,
    pub email: String,
    /// Optional.
    pub phone_number: String,
    pub subject: String,
    pub message: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessage {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone_number: String,
    pub subject: String,
    pub message: String,
    pub created_at: i64,
    pub is_read: bool,
    /// The name of who opened it first.
    pub read_by: Option<String>,
    pub read_at: Option<i64>,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ContactListBody {
    #[serde(flatten)]
    list: ListBody,
    is_read: Option<bool>,
}

fn view(m: pb::ContactMessage, names: &std::collections::HashMap<String, String>) -> ContactMessage {
    let read_by = (!m.read_by.is_empty()).then(|| names.get(&m.read_by).cloned().unwrap_or_else(|| m.read_by.clone()));
    ContactMessage {
        id: m.id,
        name: m.name,
        email: m.email,
        phone_number: m.phone_number,
        subject: m.subject,
        message: m.message,
        created_at: m.created_at,
        is_read: m.is_read,
        read_by,
        read_at: m.is_read.then_some(m.read_at),
    }
}

pub(crate) async fn list_page(
    State(state): State<AppState>,
    crate::reply::Body(b): crate::reply::Body<ContactListBody>,
) -> Reply {
    let req = pb::ListContactsRequest { page: Some(b.list.to_page()), is_read: b.is_read };
    let r = call!(state.content().list_contacts(req))?;
    let names = account_names(&state, r.items.iter().map(|m| m.read_by.clone())).await;
    list_of("Contact us list", r.items, r.total, |m| view(m, &names))
}

async fn one(State(state): State<AppState>, Extension(caller): Extension<Caller>, Path(id): Path<String>) -> Reply {
    let req = pb::IdRef { id, actor: Some(caller.to_pb()) };
    let m = call!(state.content().open_contact(req))?;
    let names = account_names(&state, [m.read_by.clone()]).await;
    ok("Contact us details", view(m, &names))
}

/// The public form: the body read up to [`BODY_LIMIT`] (413 beyond), the client's address
/// as the BFF derives it for sign-in throttling ([`crate::auth::client_address`]).
async fn submit(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Reply {
    let bytes = axum::body::to_bytes(body, BODY_LIMIT)
        .await
        .map_err(|_| ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "TOO_LARGE", "Request is too large"))?;
    let b: ContactInput = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::validation("body", &format!("Invalid request body: {e}")))?;
    let address = crate::auth::client_address(&state.settings, &headers, addr);
    let actor = proto::common::v1::Actor { address, ..Default::default() };
    let req = pb::ContactInput {
        name: b.name,
        email: b.email,
        phone_number: b.phone_number,
        subject: b.subject,
        message: b.message,
        actor: Some(actor),
    };
    call_unsent!(state.content().submit_contact(req))?;
    let mut res = ok("Thank you for contacting us. We will get back to you soon.", crate::reply::Empty {})?;
    *res.status_mut() = StatusCode::CREATED;
    Ok(res)
}

pub(crate) async fn remove(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = pb::IdRef { id, actor: Some(caller.to_pb()) };
    call_unsent!(state.content().delete_contact(req))?;
    ok("Contact message deleted successfully", crate::reply::Empty {})
}
