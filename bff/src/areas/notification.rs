//! Push notifications to app users (/admin/notification, module /send_notification; issue
//! 16). The chat service stores each notification with its audience and the reach counted
//! at send time (giving CountDonors): audience "all" = every active donor; "selected" = the
//! distinct active donors with a succeeded transaction to any chosen nonprofit or cause.
//! Connected app users get it at once over socket.io (`notification` on /app: the whole
//! namespace, or the chosen recipients' rooms); the others find it in their list when they
//! next connect.

use super::ListBody;
use super::community::known;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::live::names;
use crate::reply::{Body, Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent, retry};
use axum::Extension;
use axum::extract::{Query, State};
use axum::http::Method;
use axum::routing::{get, post};
use proto::chat::v1 as pb;
use proto::giving::v1 as giving;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::GET,
            "/admin/notification/charityAndCauseNamesList",
            "Approved active nonprofits and active causes by name (search; up to `limit` of each, nonprofits first)",
            get(names_list),
        )
        .query(&[("search", "Part of the name (case-insensitive)"), ("limit", "Up to this many of each type (default 20, at most 50)")])
        .page::<NameOption>(),
        route(
            Method::POST,
            "/admin/notification/sendNotificationAllUser",
            "Send a notification to every app user or to the donors of chosen nonprofits and causes (preview: only count them)",
            post(send),
        )
        .body::<SendBody>()
        .answers::<SendAnswer>(),
        route(
            Method::POST,
            "/admin/notification/notificationHistory",
            "Page of sent notifications, newest first (search: title; sort: createdAt, title, reach)",
            post(history),
        )
        .body::<ListBody>()
        .page::<pb::Notification>(),
    ]
}

/// A nonprofit or cause to choose as an audience.
#[derive(Serialize, ToSchema)]
pub struct NameOption {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// "charity" or "cause".
    #[serde(rename = "type")]
    pub kind: &'static str,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NamesQuery {
    search: String,
    limit: Option<i64>,
}

async fn names_list(State(state): State<AppState>, Query(q): Query<NamesQuery>) -> Reply {
    let limit = q.limit.filter(|l| *l > 0).unwrap_or(20).min(50) as usize;
    let search = q.search.trim().to_lowercase();
    let matches = |name: &str| search.is_empty() || name.to_lowercase().contains(&search);
    let kind = proto::catalogue::v1::KindRequest { kind: proto::catalogue::v1::TermKind::Cause as i32 };
    let (charities, causes) = futures::join!(
        retry(|| async { state.catalogue().active_charities(proto::catalogue::v1::Empty {}).await }),
        retry(|| async { state.catalogue().active_terms(kind).await }),
    );
    let mut out: Vec<NameOption> = charities?
        .into_inner()
        .items
        .into_iter()
        .filter(|c| matches(&c.charity_name))
        .take(limit)
        .map(|c| NameOption { id: c.id, name: c.charity_name, kind: "charity" })
        .collect();
    out.extend(causes?.into_inner().items.into_iter().filter(|t| matches(&t.name)).take(limit).map(|t| NameOption {
        id: t.id,
        name: t.name,
        kind: "cause",
    }));
    let total = out.len() as i64;
    list("Success", out, total)
}

/// The notification to send (or, with `preview`, only to count).
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SendBody {
    pub title: String,
    pub message: String,
    /// "all" (default) or "selected".
    pub audience: String,
    pub charity_ids: Vec<String>,
    pub cause_ids: Vec<String>,
    /// true: nothing is stored or sent; the answer is `{ reach }`.
    pub preview: bool,
}

impl Default for SendBody {
    fn default() -> Self {
        Self {
            title: String::new(),
            message: String::new(),
            audience: "all".into(),
            charity_ids: vec![],
            cause_ids: vec![],
            preview: false,
        }
    }
}

/// A preview's answer: how many app users the notification would reach (`preview` is always
/// true: it tells this answer from a sent notification, which also carries `reach`).
#[derive(Serialize, ToSchema)]
pub struct Reach {
    pub reach: i64,
    pub preview: bool,
}

/// sendNotificationAllUser's answer: the stored notification, or with `preview` its reach.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum SendAnswer {
    Sent(pb::Notification),
    Preview(Reach),
}

fn ids(v: &[String]) -> Vec<String> {
    let mut out: Vec<String> = v.iter().map(|s| s.trim().to_string()).collect();
    let mut seen = std::collections::HashSet::new();
    out.retain(|i| seen.insert(i.clone()));
    out
}

/// A send body as checked: trimmed title and message, the audience, the chosen ids.
struct Checked {
    title: String,
    message: String,
    audience: &'static str,
    charity_ids: Vec<String>,
    cause_ids: Vec<String>,
}

/// The body checked as the contract words it (the service checks the same again).
fn checked(b: &SendBody) -> ApiResult<Checked> {
    let title = b.title.trim();
    if title.is_empty() {
        return Err(ApiError::validation("title", "Please enter Title"));
    }
    if title.chars().count() > 100 {
        return Err(ApiError::validation("title", "Title must be at most 100 characters"));
    }
    let message = b.message.trim();
    if message.is_empty() {
        return Err(ApiError::validation("message", "Please enter Message"));
    }
    if message.chars().count() > 1000 {
        return Err(ApiError::validation("message", "Message must be at most 1000 characters"));
    }
    let audience = match b.audience.trim() {
        "" | "all" => "all",
        "selected" => "selected",
        _ => return Err(ApiError::validation("audience", "Please select a valid audience")),
    };
    if audience == "all" {
        return Ok(Checked {
            title: title.into(),
            message: message.into(),
            audience,
            charity_ids: vec![],
            cause_ids: vec![],
        });
    }
    let (charities, causes) = (ids(&b.charity_ids), ids(&b.cause_ids));
    if charities.is_empty() && causes.is_empty() {
        return Err(ApiError::validation("charityIds", "Please select nonprofits or causes"));
    }
    if charities.len() > 50 {
        return Err(ApiError::validation("charityIds", "Please select at most 50 nonprofits"));
    }
    if causes.len() > 50 {
        return Err(ApiError::validation("causeIds", "Please select at most 50 causes"));
    }
    Ok(Checked { title: title.into(), message: message.into(), audience, charity_ids: charities, cause_ids: causes })
}

async fn send(State(state): State<AppState>, Extension(caller): Extension<Caller>, Body(b): Body<SendBody>) -> Reply {
    let Checked { title, message, audience, charity_ids, cause_ids } = checked(&b)?;
    let names = known(&state, &charity_ids, &cause_ids).await?;
    let named = |ids: &[String], map: &std::collections::HashMap<String, String>| -> Vec<pb::NamedRef> {
        ids.iter().map(|i| pb::NamedRef { id: i.clone(), name: map.get(i).cloned().unwrap_or_default() }).collect()
    };
    let (charities, causes) = (named(&charity_ids, &names.charities), named(&cause_ids, &names.causes));
    let recipient = |kind: giving::RecipientKind, r: &pb::NamedRef| giving::Recipient {
        kind: kind as i32,
        id: r.id.clone(),
        name: String::new(),
    };
    let recipients: Vec<giving::Recipient> = charities
        .iter()
        .map(|r| recipient(giving::RecipientKind::Charity, r))
        .chain(causes.iter().map(|r| recipient(giving::RecipientKind::Cause, r)))
        .collect();
    let count = giving::CountDonorsRequest { recipients };
    let reach = call!(state.giving().count_donors(count))?.count;
    if b.preview {
        return ok("Success", SendAnswer::Preview(Reach { reach, preview: true }));
    }
    let sender_name =
        crate::names::account_names(&state, [caller.id.clone()]).await.remove(&caller.id).unwrap_or_default();
    let req = pb::SendNotificationRequest {
        title,
        message,
        audience: audience.into(),
        charities,
        causes,
        sender: Some(pb::Sender { id: caller.id.clone(), name: sender_name }),
        reach,
        actor: Some(caller.to_pb()),
    };
    let n = call_unsent!(state.chat().send_notification(req))?;
    if let Some(live) = state.live.get() {
        // "all": the whole /app namespace; "selected": the chosen recipients' donors.
        let rooms: Vec<String> = if audience == "all" {
            vec![]
        } else {
            n.charities
                .iter()
                .map(|r| names::recipient_room("charity", &r.id))
                .chain(n.causes.iter().map(|r| names::recipient_room("cause", &r.id)))
                .collect()
        };
        live.emit(names::APP_NS, rooms, names::NOTIFICATION, &NotificationEvent { notification: &n }).await;
    }
    ok("Notification sent successfully", SendAnswer::Sent(n))
}

/// The `notification` event's payload.
#[derive(Serialize)]
pub struct NotificationEvent<'a> {
    pub notification: &'a pb::Notification,
}

async fn history(State(state): State<AppState>, Body(b): Body<ListBody>) -> Reply {
    let req = pb::ListNotificationsRequest { page: Some(b.to_page()) };
    let p = call!(state.chat().list_notifications(req))?;
    list("Notification history", p.items, p.total)
}
